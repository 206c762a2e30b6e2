"""Things the scene's own words name though the author made no feature of them: "the
fireplace poker" (in the hearth's text), "the cold grate" (in the scene's description). A
DM lets players look at them, pick them up and use them — "yes, and" — instead of
answering "nothing like that here"; this finds the sentence that names one, and the
feature whose text it is, if any."""

from __future__ import annotations

import re
from dataclasses import dataclass

from app.understanding.readings import Context
from app.world import view
from app.world.campaign import Campaign
from app.world.state import GameState

_SENTENCE = re.compile(r"(?<=[.!?])\s+")
_WORD = re.compile(r"[a-z][a-z'-]+")


@dataclass(frozen=True)
class Mention:
    """Where the scene's words name a thing the line asks about."""

    noun: str
    """The word the line and the scene share ("poker")."""
    sentence: str
    """The scene's sentence that names it, as written."""
    feature: str | None = None
    """The feature whose text names it (the hearth's poker), or ``None`` for the scene's
    own description (the grate Wendel sits by)."""


def _texts(state: GameState, campaign: Campaign | None) -> list[tuple[str | None, str]]:
    """(feature id or None, text) of everything the scene shows now."""
    texts: list[tuple[str | None, str]] = [(None, view.scene_description(state, campaign))]
    for fid, feature in view.features_here(state, campaign).items():
        texts.append((fid, " ".join(feature.text.split())))
    return texts


_VAGUE = frozenset({
    "around", "about", "room", "place", "area", "here", "everything", "anything", "something",
    "closely", "more", "carefully", "again", "while", "over", "down", "inside", "outside",
    "through", "look", "take", "grab", "pick", "what", "where", "have", "some", "thing",
    "things", "back", "just", "other", "very", "really", "quickly", "slowly", "each",
})  # fmt: skip
"""Words that name no thing of their own ("look around the room")."""


def nouns(said: str, stop: frozenset[str] | set[str]) -> list[str]:
    """The line's content words after its verb, the last (the head noun) first."""
    words = [w for w in _WORD.findall(said.lower())[1:]
             if len(w) > 3 and w not in stop and w not in _VAGUE]  # fmt: skip
    return list(reversed(words))


def mention(
    state: GameState, campaign: Campaign | None, said: str, stop: frozenset[str] | set[str]
) -> Mention | None:
    """The scene's sentence naming a thing the line's words ask about, or ``None``."""
    return named_by(state, campaign, nouns(said, stop))


def named_by(state: GameState, campaign: Campaign | None, wanted: list[str]) -> Mention | None:
    """The first of the scene's sentences that names one of the words, tried in order."""
    if not wanted:
        return None
    texts = _texts(state, campaign)
    for noun in wanted:
        forms = {noun, noun.removesuffix("s")} - {""}
        for fid, text in texts:
            for sentence in _SENTENCE.split(text):
                found = set(_WORD.findall(sentence.lower()))
                found |= {w.removesuffix("s") for w in found}
                if forms & found:
                    return Mention(noun, sentence.strip(), fid)
    return None


def scene_mentions(ctx: Context, said: str | None = None) -> bool:
    """Whether the clause's object (``said``: the words after its verb; by default all
    but the clause's first word) is something the scene's own words mention (a grate, a
    fireplace poker) though no feature is made of it."""
    campaign = ctx.campaign
    if campaign is None or ctx.state.scene.id not in campaign.scenes:
        return False
    scene = campaign.scenes[ctx.state.scene.id]
    # what the place is said to hold, and what the party has been told (a trail found)
    told = [view.scene_description(ctx.state, campaign), *ctx.state.facts]
    text = " ".join([scene.description, *told, *(f.text for f in scene.features.values())])
    words = {w.strip(".,;:!?'\"()").lower() for w in text.split()}
    named = ctx.said.split()[1:] if said is None else said.split()
    nouns = [w for w in named if len(w) > 3 and w not in ctx.vocab.stop]
    return any(n in words or n.rstrip("s") in words for n in nouns)
