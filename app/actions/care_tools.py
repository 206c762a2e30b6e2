"""Tending the fallen: stabilising a dying creature (a Wisdom (Medicine) check, DC 10, as an
action — or sure with a healer's kit, or with the Spare the Dying cantrip), and a dying
character's death saves once the fight is over, until it is stable, healed or dead."""

from __future__ import annotations

from typing import Any

from app.actions import beings as bg
from app.actions import rolling as rl
from app.actions import turn_tools as tt
from app.actions.events import SessionEvent, StateChange
from app.actions.registry import ToolError
from app.world.state import GameState
from rules.conditions import pass_time
from rules.damage import LifeState, stabilize
from rules.dice import Advantage
from rules.skills import Skill

STABILIZE_DC = 10
"""The Wisdom (Medicine) check that stabilises a dying creature."""
HEALERS_KIT = "healer's kit"


def carries(state: GameState, cid: str, item: str) -> str | None:
    """The carried item of that name (any case), if ``cid`` is a character holding one."""
    sheet = state.party.get(cid)
    if sheet is None:
        return None
    return next((i for i in sheet.inventory if i.lower() == item), None)


def make_stable(state: GameState, target: str, how: str) -> list[SessionEvent]:
    """A dying creature becomes stable: 0 HP, unconscious, no more death saves."""
    bg.set_vitals(state, target, stabilize(bg.vitals_of(state, target)))
    text = f"{state.name_of(target)} is stable ({how})"
    state.record("hp", text, who=target)
    return [StateChange(kind="hp", target_id=target, description=text)]


def dying_check(state: GameState, target: str) -> None:
    """Refuse (before anything is spent) to stabilise someone who is not dying."""
    vitals = bg.vitals_of(state, target)
    name = state.name_of(target)
    if vitals.state is LifeState.DEAD:
        raise ToolError(f"{name} is dead; nothing can stabilise them now")
    if vitals.state is LifeState.STABLE:
        raise ToolError(f"{name} is already stable")
    if vitals.state is not LifeState.DYING:
        raise ToolError(f"{name} is not dying")


def stabilize_action(
    state: GameState, actor: str, target: str
) -> tuple[list[SessionEvent], dict[str, Any]]:
    """``actor`` tends dying ``target``: sure with a healer's kit, else a Medicine check."""
    kit = carries(state, actor, HEALERS_KIT)
    if kit is not None:
        kit_used = make_stable(state, target, f"{state.name_of(actor)} uses a healer's kit")
        return kit_used, {"stabilized": True, "with": kit}
    check = rl.check_for(state, actor, STABILIZE_DC, f"stabilise {state.name_of(target)}",
                         Advantage.NORMAL, skill=Skill.MEDICINE)  # fmt: skip
    events: list[SessionEvent] = [rl.roll_event(state, actor, check)]
    if check.success:
        events += make_stable(state, target, f"{state.name_of(actor)} staunches the bleeding")
    else:
        state.record("roll", f"{state.name_of(actor)} fails to stabilise {state.name_of(target)}")
    return events, {"stabilized": check.success, "dc": STABILIZE_DC, "total": check.total}


def time_passes_out_of_combat(state: GameState) -> list[SessionEvent]:
    """A turn of play outside a fight is a minute or more: conditions timed in rounds (a
    thrall's retch that poisons for a round) wear off, told, instead of lasting until the
    next fight."""
    if state.encounter is not None:
        return []
    events: list[SessionEvent] = []
    for cid in state.known_ids():
        held = bg.conditions_of(state, cid)
        if not any(c.rounds is not None for c in held):
            continue
        tick = pass_time(held)
        held[:] = list(tick.remaining)
        events += tt.conditions_ended(state, cid, tick.ended)
    return events


def death_saves_out_of_combat(state: GameState) -> list[SessionEvent]:
    """Outside a fight a dying character still makes a death save every turn of play, until
    it is stable, back on its feet, or dead."""
    if state.encounter is not None:
        return []
    events: list[SessionEvent] = []
    for cid, sheet in state.party.items():
        if sheet.vitals.state is LifeState.DYING:
            events += tt.death_save_for(state, cid)
    return events
