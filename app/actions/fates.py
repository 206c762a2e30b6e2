"""``decide_fate``: what becomes of a foe who surrendered, once the fight is over — spared
(let go), bound (tied up, restrained) or executed (put to death).

A surrender is not an ending: the party may choose, and the campaign may tell each choice
its own way (``{ spared = "grubnak_band" }``, ``{ bound = "grubnak" }``, ``{ executed =
… }``). Whichever brain plays, the choice is the engine's to carry out and the ledger's to
keep (:class:`~app.world.ledger.FateDecided`); a foe's fate is decided once.
"""

from __future__ import annotations

from typing import Literal

from pydantic import ConfigDict

from app.actions import beings as bg
from app.actions.args import ToolArgs
from app.actions.events import SessionEvent, StateChange
from app.actions.registry import ToolError, ToolOutcome
from app.world.ledger import FateDecided
from app.world.mercy import FATES, at_mercy, decided
from app.world.state import GameState
from rules.conditions import ActiveCondition, Condition
from rules.damage import LifeState


class DecideFateArgs(ToolArgs):
    """When the party decides what becomes of a foe who surrendered (after the fight):
    spare (let go), bind (tie up) or execute. Narrate from the result."""

    model_config = ConfigDict(extra="forbid")

    creature_id: str
    fate: Literal["spare", "bind", "execute"]
    character_id: str | None = None


def someone_at_mercy(state: GameState) -> bool:
    """Offered out of a fight while a foe who surrendered waits on the party's choice."""
    return state.encounter is None and bool(at_mercy(state))


def decide_fate_tool(args: DecideFateArgs, state: GameState) -> ToolOutcome:
    """decide_fate: spare, bind or execute a foe who surrendered."""
    if state.encounter is not None:
        raise ToolError("a foe's fate is decided once the fight is over (end_combat first)")
    cid = bg.resolve_target(state, args.creature_id)
    if cid not in at_mercy(state):
        done = decided(state, cid)
        waiting = ", ".join(f"{state.name_of(c)} ({c})" for c in at_mercy(state)) or "none"
        why = f"was already {done}" if done else "did not surrender to the party here"
        raise ToolError(f"{state.name_of(cid)} {why}; at the party's mercy: {waiting}")
    if args.character_id is not None:
        bg.resolve_target(state, args.character_id)
    creature = state.creatures[cid]
    fate = FATES[args.fate]
    events: list[SessionEvent] = []
    text = {"spared": f"{creature.name} is let go",
            "bound": f"{creature.name} is bound hand and foot",
            "executed": f"{creature.name} is put to death"}[fate]  # fmt: skip
    if fate == "bound":
        creature.conditions.append(
            ActiveCondition(condition=Condition.RESTRAINED, source="bound", note="tied up")
        )
        events.append(StateChange(kind="condition", target_id=cid, description=text))
    elif fate == "executed":
        dead = creature.vitals.model_copy(update={"hp": 0, "temp_hp": 0, "state": LifeState.DEAD})
        bg.set_vitals(state, cid, dead)
        events.append(StateChange(kind="hp", target_id=cid, description=text))
    else:
        events.append(StateChange(kind="condition", target_id=cid, description=text))
    state.record("encounter", text, who=cid)
    state.log_event(FateDecided(actor=args.character_id, creature=cid, fate=fate,
                                encounter=creature.encounter, npc=creature.npc))  # fmt: skip
    return ToolOutcome({"creature_id": cid, "name": creature.name, "fate": fate, "text": text},
                       events)  # fmt: skip
