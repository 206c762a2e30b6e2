"""A noted world change, and what it is as ledger events.

Every change to the world is noted once, with :meth:`app.world.state.GameState.record`
(the DM is told of it in its next context); the same note writes the ledger events the
change is, so the ledger holds every world change without a second call at each place
the world changes. This module says what a change holds and which events each kind of
change is; the state writes them.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

from app.world.ledger import (
    InformationRevealed,
    LedgerEvent,
    Movement,
    SceneEntered,
    SceneExited,
    WorldStateChanged,
)

ChangeKind = Literal[
    "roll", "hp", "condition", "item", "flag", "scene", "encounter", "reveal", "restriction",
    "xp", "encounter_started", "encounter_ended", "trigger", "players", "relationship",
    "judgment",
]  # fmt: skip
"""What a change is about; :mod:`app.dm.deltas` groups the DM's deltas by it."""


class Change(BaseModel):
    """One fact that changed, recorded so the DM can be told what moved since its last turn.

    Besides its line of text a change carries what it is about, where the recorder knows it
    (who, before and after, a roll's formula and result), so the DM's deltas are built from
    data rather than read back out of sentences. Those details are optional and left out of
    a save when unset, so a change saved before they existed loads as it was.
    """

    model_config = ConfigDict(extra="forbid")

    turn: int
    kind: ChangeKind
    text: str
    who: str | None = None
    """Id of the character or creature it is about."""
    ref: str | None = None
    """The campaign id it is about: a trigger, a flag, a scene."""
    before: str | None = None
    after: str | None = None
    formula: str | None = None
    """A roll's dice formula."""
    total: int | None = None
    """A roll's result."""
    why: str | None = None
    """What a roll was for."""


SILENT = frozenset({"roll", "relationship", "judgment"})
"""Changes whose event is written elsewhere: a roll is part of the tool call's
``ActionPerformed``; relationship shifts and judgments write their own events."""

KEYED = frozenset({"hp", "item", "condition", "xp", "players"})
"""Changes about one character or creature: their key names it (``hp.mira``)."""

ENCOUNTER = {"encounter_started": "started", "encounter_ended": "ended", "encounter": None}
"""Fight changes, all under the key ``encounter``, with what became of the fight."""


def change_events(
    change: Change,
    here: str,
    party: Iterable[str],
    left: str | None = None,
    *,
    at: dict[str, Any] | None = None,
) -> list[tuple[LedgerEvent, str | None]]:
    """The ledger events of a change just noted, each with the scene it is written in
    (``None``: the one the party is in, ``here``). For a scene change, ``left`` is the
    scene the party left and ``party`` who moved (the state is already in the new one).
    ``at``: where the next ledger event goes (:meth:`~app.world.truth.Truth.place`), for
    a change's one event to be made in its place, so the ledger keeps it without a copy."""
    if change.kind in SILENT:
        return []
    if change.kind == "scene":
        return _moved(left or change.before or "", here, list(party))
    return [(event, None) for event in _events(change, at or {})]


def _events(change: Change, at: dict[str, Any]) -> list[LedgerEvent]:
    kind, text = change.kind, change.text
    if kind == "reveal":
        return [InformationRevealed(text=text, **at)]
    if kind == "flag":
        key = f"flag.{change.ref}" if change.ref else "flag"
        return [WorldStateChanged(key=key, old=change.before, new=change.after, text=text, **at)]
    if kind == "trigger":
        if change.after == "fired":  # the trigger engine writes TriggerFired itself
            return []
        return [WorldStateChanged(key=f"trigger.{change.ref}", new=change.after, text=text, **at)]
    if kind in ENCOUNTER:
        new = ENCOUNTER[kind] or change.after
        return [WorldStateChanged(key="encounter", old=change.before, new=new, text=text, **at)]
    key = f"{kind}.{change.who}" if kind in KEYED and change.who else kind
    return [WorldStateChanged(key=key, old=change.before, new=change.after, text=text, **at)]


def _moved(left: str, entered: str, who: list[str]) -> list[tuple[LedgerEvent, str | None]]:
    """The party went from ``left`` to ``entered``: it left one scene, moved, and entered
    the other (each event in the scene it belongs to). The change's text is the DM's; the
    events say it as data."""
    return [
        (SceneExited(characters=who), left),
        (Movement(origin=left, to=entered), left),
        (SceneEntered(characters=who), entered),
    ]
