"""A clause that starts where its verb should be, and borrows the verb of the clause before
it ("look at the hearth, then at the trapdoor"; "stab rat 1 with my shortsword and with my
dagger"), and the clauses that are read again where a going arrives."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace

from app.understanding.intent import Intent
from app.world.campaign import Campaign
from app.world.state import GameState

_ELIDED = re.compile(
    r"^\W*(?:(?:and|then|also)\s+)*(at|to|into|onto|on|with|through|down|up|under|behind|over|"
    r"out|across|along|past|inside|outside)\b",
    re.IGNORECASE,
)
"""A clause that starts where a verb should be: "then at the trapdoor", "with my dagger"."""
GAZE = re.compile(
    r"^\W*(?:(?:and|then|also)\s+)*(?:down|up|out|over|across|back)\s+at\b", re.IGNORECASE
)
"""A clause that looks on the way the one before it looked ("look at the sea and then down
at the boats"): a gaze, not a way down."""
_LEAD = re.compile(
    r"^\W*(?:(?:i|we|then|and|now|quickly|carefully|ok|okay|so|right|alright|well)\W*\s+)*",
    re.IGNORECASE,
)
"""Words before a clause's verb that the verb is borrowed without."""


_ON_ME = re.compile(r"^\W*(?:it'?s\s+|drinks\s+(?:are\s+)?)?on\s+(?:me|us|the house)\W*$", re.I)
"""Who pays ("drinks for everybody! on me"): said, no deed borrowed from before."""


def elided(text: str, before: str) -> str | None:
    """The clause with the verb of the clause before it put back ("then at the trapdoor"
    after "I look at the hearth" -> "look at the trapdoor"); ``None`` when it has a verb."""
    match = _ELIDED.match(text)
    if match is None or _ON_ME.match(text):
        return None
    word = match.group(1).lower()
    rest = text[match.start(1) :]
    earlier = _LEAD.sub("", before, count=1)
    same = re.search(rf"\s{word}\b", earlier, re.IGNORECASE)
    if same is not None:  # "stab rat 1 with my shortsword" + "with my dagger"
        return f"{earlier[: same.start()]} {rest}"
    verb = earlier.split()[:1]
    return f"{verb[0]} {rest}" if verb else None


def borrowed_verb(
    text: str, words: str, before: list[tuple[str, Intent]], read: Callable[[str], Intent]
) -> str | None:
    """The clause with the verb of the clause before it put back, when it is read so
    (:func:`elided`): not for a place beyond a going ("… and then up to the lighthouse"),
    nor for a way taken after other words ("Thank you, Berta. … Now, down the stairs.":
    no thanks borrowed for it) — but a gaze goes on ("look at the sea and then down at
    the boats"). ``words``: the clause as it is read on its own; ``before``: the clauses
    read before it (their words as read, and their reading)."""
    if not before:
        return None
    filled = elided(text, before[-1][0])
    if filled is None:
        return None
    raw = read(words)
    if any(r.kind == "move" for _, r in before) and after_move(raw):
        return None
    taken = raw.kind == "move" and raw.confidence >= 0.7 and before[-1][1].kind != "move"
    if taken and not GAZE.match(text) and read(filled).kind not in ("move", "manoeuvre"):
        return None  # (but "run!! back down the causeway" goes on running)
    return filled


COMING_BACK = re.compile(
    r"\b(?:come|comes|coming|head|heads|go|goes|get|gets)\s+"
    r"(?:(?:straight|right|quickly)\s+)?back\b|\breturns?\b",
    re.IGNORECASE,
)
"""A second going that returns whence the first went: a way there and back."""


def after_move(intent: Intent) -> bool:
    """A clause that names someone or something not here ("talk to Wendel" said at the
    harbour), or a deed with nothing here to do it to ("attack the rats" said upstairs):
    after a move it is read again where the party arrives."""
    if intent.kind == "ask":  # (a place no way from here leads to: "… then up to the
        # lighthouse" from the strand, once back at the harbour)
        return intent.note.startswith(
            ("here to talk to", "nothing like", "there is no way from")
        ) or bool(COMING_BACK.search(intent.text))  # ("… then come straight back down")
    unsure = intent.confidence < 0.6 and bool(intent.note)
    return unsure and intent.kind in ("attack", "take", "examine", "challenge", "talk")


def done_elsewhere(text: str, state: GameState, campaign: Campaign | None) -> bool:
    """The clause says a deed the campaign has for another place ("… and cross the causeway"
    said in the sea cave, the causeway out on the strand): read where the party arrives."""
    if campaign is None:
        return False
    said = " ".join(re.findall(r"[a-z']+", text.lower()))
    return any(
        re.search(rf"\b{re.escape(p.lower())}\b", said)
        for spec in campaign.challenges.values()
        if spec.scene != state.scene.id
        for p in spec.provoked_by
    )


def gone_on(
    intent: Intent,
    words: str,
    before: list[Intent],
    state: GameState,
    read_at: Callable[[str, GameState], Intent],
) -> Intent:
    """A clause after a sure going, read where the going leads when it means nothing here:
    "back to the harbour, then down to the beach" names the harbour's way to the beach,
    which the lighthouse has not. A clause that reads here (a going told twice: "head back
    in and get out of this rain") is left as it is."""
    if (intent.kind != "ask" and not after_move(intent)) or not _PLACE_NAMED.search(words):
        return intent  # (not "… and out of here": the same going, told again)
    ahead = _where_gone(state, before)
    if ahead is state:
        return intent
    there = read_at(words, ahead)
    return there if there.kind == "move" and there.confidence >= 0.8 else intent


def bare_deed(
    intent: Intent, words: str, after_a_deed: bool, read: Callable[[str], Intent]
) -> Intent:
    """A clause of one word after a deed, read as what the speaker does next ("we catch our
    breath, then cross"): alone, one word is asked back, as the guide says; after a deed it
    can only be the next one."""
    word = words.strip(" .,;:!")
    if not after_a_deed or intent.kind != "ask" or intent.confidence > 0 or " " in word:
        return intent
    again = read(f"i {word}")
    kept = again.kind in _BARE_DEEDS and again.confidence >= 0.7
    return replace(again, text=intent.text) if kept else intent


_BARE_DEEDS = frozenset({"challenge", "move", "manoeuvre"})
"""What one word after a deed may be: a way taken, an obstacle tried, a move in a fight."""


_PLACE_NAMED = re.compile(r"\b(?:to|towards|toward|into|for)\s+(?:the\s+)?(?!here\b|there\b)\w{3,}")
"""A place named after a word of going ("on to the shore"), not "out of here"."""


def _where_gone(state: GameState, read: list[Intent]) -> GameState:
    """The world as a later clause of a line sees it: after a clause that surely goes
    somewhere (out of a fight), the party stands there."""
    if state.encounter is not None or state.campaign is None:
        return state
    gone = next(
        (r.target for r in reversed(read) if r.kind == "move" and r.target and r.confidence >= 0.8),
        None,
    )
    spec = state.campaign.scenes.get(gone or "")
    if gone is None or spec is None or gone == state.scene.id:
        return state
    there = state.scene.model_copy(update={"id": gone, "name": spec.name})
    return state.model_copy(update={"scene": there})
