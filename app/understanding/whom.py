"""Whom of several people here a line is about, when it names nobody: the one its own
words fit — in how they look and what they would say ("who are you calling for?" to the
mother hoarse from calling) — so a question is put to them, not offered back."""

from __future__ import annotations

from app.understanding.scope import Thing
from app.understanding.words import stem
from app.world.campaign import Campaign

_SPEAKING = frozenset({"talk", "talking", "speak", "speaking", "ask", "asking", "tell", "telling",
                       "chat", "chatting", "about", "long", "thing", "things", "till", "until",
                       "much", "many", "soon", "ever", "never", "here", "there"})  # fmt: skip
"""Words of the talking itself, or of any question, which say nothing of whom it is to."""


def _root(word: str) -> str:
    """A word without its plural or its -ing and -ed, roughly ("calling" and "call")."""
    word = stem(word)
    for ending in ("ing", "ed"):
        if len(word) > len(ending) + 3 and word.endswith(ending):
            return word[: -len(ending)]
    return word


def most_about(
    said: str, present: list[Thing], campaign: Campaign | None, plain: frozenset[str]
) -> Thing | None:
    """Of several people here, the one the line's own words are most about — in what they
    look like and would say ("who are you calling for?" to the mother hoarse
    from calling, "what's your granddaughter like" to the grandfather); none when tied."""
    if campaign is None or len(present) < 2:
        return None
    plain = plain | _SPEAKING
    words = {_root(w) for w in said.split()
             if len(w) > 3 and w not in plain}  # fmt: skip
    if not words:
        return None
    scores = []
    for who in present:
        npc = campaign.npcs.get(who.id)
        if npc is None:
            return None
        text = " ".join([npc.description, *npc.topics,
                         *(t.text for t in npc.topics.values())]).lower()  # fmt: skip
        known = {_root(w.strip(".,'!?;:—-")) for w in text.split()}
        scores.append((len(words & known), who))
    scores.sort(key=lambda s: s[0], reverse=True)
    best, runner = scores[0][0], scores[1][0]
    return scores[0][1] if best > runner else None
