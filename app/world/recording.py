"""What a noted world change is, as ledger events.

Every change to the world is noted once, with :meth:`app.world.state.GameState.record`
(the DM is told of it in its next context); the same note writes the ledger event the
change is, so the ledger holds every world change without a second call at each place
the world changes. This module says which event each kind of change is.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from app.world.ledger import (
    InformationRevealed,
    LedgerEvent,
    Movement,
    SceneEntered,
    SceneExited,
    WorldStateChanged,
)

if TYPE_CHECKING:
    from app.world.state import Change, GameState

SILENT = frozenset({"roll", "relationship", "judgment"})
"""Changes whose event is written elsewhere: a roll is part of the tool call's
``ActionPerformed``; relationship shifts and judgments write their own events."""

KEYED = frozenset({"hp", "item", "condition", "xp", "players"})
"""Changes about one character or creature: their key names it (``hp.mira``)."""

ENCOUNTER = {"encounter_started": "started", "encounter_ended": "ended", "encounter": None}
"""Fight changes, all under the key ``encounter``, with what became of the fight."""


def write_change(state: GameState, change: Change, left: str | None = None) -> None:
    """Write the ledger events of a change just noted. ``left`` is the scene the party
    left, for a scene change (the state is already in the new one)."""
    if change.kind in SILENT:
        return
    if change.kind == "scene":
        _moved(state, left or change.before or "", change)
        return
    for event in _events(change):
        state.log_event(event)


def _events(change: Change) -> list[LedgerEvent]:
    kind, text = change.kind, change.text
    if kind == "reveal":
        return [InformationRevealed(text=text)]
    if kind == "flag":
        key = f"flag.{change.ref}" if change.ref else "flag"
        return [WorldStateChanged(key=key, old=change.before, new=change.after, text=text)]
    if kind == "trigger":
        if change.after == "fired":  # the trigger engine writes TriggerFired itself
            return []
        return [WorldStateChanged(key=f"trigger.{change.ref}", new=change.after, text=text)]
    if kind in ENCOUNTER:
        new = ENCOUNTER[kind] or change.after
        return [WorldStateChanged(key="encounter", old=change.before, new=new, text=text)]
    key = f"{kind}.{change.who}" if kind in KEYED and change.who else kind
    return [WorldStateChanged(key=key, old=change.before, new=change.after, text=text)]


def _moved(state: GameState, left: str, change: Change) -> None:
    """The party went from ``left`` to the scene it is in now: it left one scene, moved,
    and entered the other (each event in the scene it belongs to)."""
    entered = state.scene.id
    who = list(state.party)
    state.log_event(SceneExited(characters=who), scene=left)
    state.log_event(Movement(origin=left, to=entered), scene=left)
    state.log_event(SceneEntered(characters=who), scene=entered)
    del change  # the text is the DM's; the events say it as data
