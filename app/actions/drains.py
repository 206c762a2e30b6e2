"""What some undead take from the living beyond hit points: a specter's Life Drain lowers
the hit point maximum (until a long rest), a shadow's Strength Drain lowers Strength (until
a short or long rest). Either kills a creature brought to 0.

The points taken are kept in the character's ``resources``: :data:`LIFE_DRAINED` for the
maximum (a long rest gives it back, see :func:`restore_life`), and
:func:`rules.character.drain_key` for an ability, which any rest drops."""

from __future__ import annotations

from app.actions import beings as bg
from app.actions.events import DiceRoll, SessionEvent, StateChange
from app.world.state import GameState
from rules.character import drain_key
from rules.damage import LifeState
from rules.dice import roll
from rules.srd import MonsterAction

LIFE_DRAINED = "life_drained"
"""Resource key: hit point maximum taken by a life drain, given back by a long rest."""


def _dead(state: GameState, cid: str) -> None:
    vitals = bg.vitals_of(state, cid)
    bg.set_vitals(state, cid, vitals.model_copy(update={"hp": 0, "temp_hp": 0,
                                                        "state": LifeState.DEAD}))  # fmt: skip


def drain_max_hp(state: GameState, target: str, amount: int, what: str) -> list[SessionEvent]:
    """A character's hit point maximum drops by ``amount`` until a long rest; at 0 it dies
    (SRD Life Drain). Creatures other than characters are left as they are."""
    sheet = state.party.get(target)
    if sheet is None or sheet.vitals.state is LifeState.DEAD or amount <= 0:
        return []
    before = sheet.vitals
    taken = min(amount, before.max_hp)
    left = before.max_hp - taken  # a maximum of 0 is death: the sheet keeps 1 to hold it
    after = before.model_copy(update={"max_hp": max(1, left), "hp": min(before.hp, left)})
    sheet.resources[LIFE_DRAINED] = sheet.resources.get(LIFE_DRAINED, 0) + taken
    bg.set_vitals(state, target, after)
    text = (f"{sheet.name}'s hit point maximum drops by {taken} ({what}): "
            f"{before.max_hp} → {before.max_hp - taken} until a long rest")  # fmt: skip
    if before.max_hp - taken <= 0:
        _dead(state, target)
        text += f"; {sheet.name} dies"
    return [bg.hp_change(state, target, before, bg.vitals_of(state, target), text)]


def restore_life(resources: dict[str, int], max_hp: int, kind: str) -> tuple[dict[str, int], int]:
    """After a rest: the resources with the life drain kept (a short rest) or dropped, and
    the hit point maximum with it given back (a long rest)."""
    drained = resources.pop(LIFE_DRAINED, 0)
    if kind == "long" or not drained:
        return resources, max_hp + drained
    return {**resources, LIFE_DRAINED: drained}, max_hp


def drain_ability(
    state: GameState, attacker: str, target: str, action: MonsterAction
) -> list[SessionEvent]:
    """A character's ability score drops by the action's dice until a short or long rest;
    at 0 it dies (SRD Strength Drain)."""
    sheet = state.party.get(target)
    if sheet is None or action.drains is None or action.drain_dice is None:
        return []
    if sheet.vitals.state is LifeState.DEAD:
        return []
    rolled = roll(action.drain_dice, state.rng)
    ability = action.drains
    before = sheet.score(ability)
    key = drain_key(ability)
    drained = sheet.resources.get(key, 0) + max(0, rolled.total)
    sheet.resources[key] = min(drained, sheet.abilities.score(ability))  # (to 0, no further)
    now = sheet.score(ability)
    events: list[SessionEvent] = [
        DiceRoll.from_roll(
            rolled, check_type="roll", reason=action.name, character_id=attacker,
            character_name=state.name_of(attacker),
        )
    ]  # fmt: skip
    name = ability.full_name
    text = f"{sheet.name}'s {name} drops {before} → {now} ({action.name}, until a rest)"
    if now <= 0:
        vitals = sheet.vitals
        _dead(state, target)
        text += f"; {sheet.name} dies"
        events.append(bg.hp_change(state, target, vitals, bg.vitals_of(state, target), text))
        return events
    state.record("condition", text, who=target)
    events.append(StateChange(kind="condition", target_id=target, description=text))
    return events
