"""A refused tool call said in the players' words: "That is already done — Mira needn't try
again", "There is no way there from here", "It is Aria's turn, not Mira's". The refusals the
engine gives the DM name calls and ids; the offline referee tells the table this instead,
and keeps quiet about the DM's own bookkeeping."""

from __future__ import annotations

import re

from app.world.state import GameState

_UNSAID = (
    "this exact call already ran this turn",
    "a fight is already going on",
    "not run: ",
    "already rolled this turn",
    "this check is the authored challenge",
)
"""Refusals that tell the DM about its own calls — two players' lines asking for the same
thing (or the same check, already rolled this turn), a fight another line started, a call
skipped after the one before it was refused — and mean nothing to the players."""


_FOR_THE_DM = re.compile(r"\s*\(\{.*?\}\)|\s*\{.*\}|\s*(?:Do not|Don't|Narrate)\b[^.]*\.?")
"""What a refusal tells the DM alone: the results it carries, and what to do next."""


def plain_error(state: GameState, kind: str, actor: str | None, message: str) -> str:
    """A refused tool call, said in the players' words."""
    name = state.name_of(actor or "") if actor else "That"
    message = _FOR_THE_DM.sub("", message).strip()
    if message.startswith(_UNSAID):
        return ""  # the DM's own bookkeeping (a repeated call, a fight already on): unsaid
    fallen = state.creatures.get(actor or "")
    if fallen is not None and fallen.vitals.hp == 0:
        return ""  # a foe cut down on its way in (a readied bolt): its blow is simply not struck
    if message.startswith("unknown tool"):  # a line read as something this moment lacks
        when = " in the middle of a fight" if state.encounter is not None else " right now"
        return f"{name} cannot do that{when}."
    if "the way is shut: " in message:
        return message.rsplit("the way is shut: ", maxsplit=1)[-1]
    if " is moot" in message:  # "force trapdoor is moot: what it would achieve is already so"
        return f"No need — what {name} would do that for is already done."
    if re.search(r"was already passed", message):
        return f"That is already done — {name} needn't try again."
    if re.search(r"was already failed", message):
        return "That chance has passed; it cannot be tried again."
    if message.startswith("no way from"):
        return "There is no way there from here."
    if "belongs to another scene" in message:  # a challenge of a place the party is not in
        return "That is not something to try here: it belongs to another place."
    if message.startswith("the party is already in "):
        where = message.removeprefix("the party is already in ").rsplit(" (", 1)[0]
        return f"{name} is already in {where}: the party goes everywhere together."
    turn = re.match(r"it is (.+?)'s turn", message)
    if turn:
        return f"It is {turn.group(1)}'s turn, not {name}'s."
    if "rest during a fight" in message:
        return "There is no time to rest in the middle of a fight."
    if message.startswith("nobody can rest with"):  # foes of this place, a few yards off
        return message[:1].upper() + message[1:] + "."
    if kind == "feature":
        text = re.sub(r"'([a-z_]+)'", lambda m: m.group(1).replace("_", " "), message)
        text = text.split("; usable:", maxsplit=1)[0]
        return text[:1].upper() + text[1:] + "."
    if " has no " in message and kind in ("item", "use", "give", "drop"):
        return f"{name} does not have that."
    if "no spell slot" in message or "slot" in message:
        return f"{name} has no spell slot left for that."
    if "cannot" in message or "can't" in message:
        clean = re.sub(r"\s*\([^)]*\)|'[a-z0-9_-]+'", "", message).strip()
        return clean[:1].upper() + clean[1:] + ("" if clean.endswith(".") else ".")
    clean = re.sub(r"'([a-z0-9_-]+)'", lambda m: m.group(1).replace("_", " "), message).strip()
    if clean:  # the rules' own reason, in their plain words
        return f"{name} cannot do that: {clean}" + ("" if clean.endswith(".") else ".")
    return f"{name} cannot do that right now."
