"""What spells' lasting effects do in play beyond the rolls they shape: damage at a turn
boundary (Acid Arrow's second burn, Spirit Guardians around a foe that starts its turn among
them), a turn lost to Haste's lethargy, a glow that keeps its bearer from being invisible
(Faerie Fire), and the spell attacks that favour a target in metal armour (Shocking Grasp).
"""

from __future__ import annotations

from app.actions import beings as bg
from app.actions import harm as hm
from app.actions import position_tools as pt
from app.actions import rolling as rl
from app.actions.events import DiceRoll, SessionEvent, StateChange
from app.actions.hooks import AttackSetup, Rule
from app.actions.moonbeam import after_move
from app.actions.moonbeam import turn_starts as beams_at_turn_start
from app.actions.spell_effects import strip_blocked
from app.world.state import GameState
from rules import positions as p
from rules.damage import LifeState
from rules.dice import Advantage, roll
from rules.effects import Effect, TurnMoment
from rules.srd import srd


def wears_metal(state: GameState, cid: str) -> bool:
    """The creature wears armour made of metal (chain, scale, plate …)."""
    armours = srd().armor.entries.values()
    if cid in state.party:
        worn = state.party[cid].armor
        return worn is not None and worn in srd().armor and srd().armor.get(worn).metal
    creature = state.creatures[cid]
    block = state.monster(creature.monster) if creature.monster else None
    text = block.armor.lower() if block is not None else ""
    return any(a.metal and a.name.lower() in text for a in armours)


def periodic_damage(
    state: GameState, cid: str, effect: Effect, when: TurnMoment
) -> list[SessionEvent]:
    """The damage one effect deals its bearer at this boundary (a save may halve or stop
    it)."""
    hazard = effect.periodic
    if hazard is None or hazard.when != when or effect.beam is not None:
        return []  # a beam burns whoever stands in it, not its caster (see moonbeam)
    if bg.vitals_of(state, cid).state is LifeState.DEAD:
        return []
    if not in_area(state, cid, effect):
        return []  # Spirit Guardians: only a bearer within the 15 ft around the caster
    source = effect.source
    rolled = roll(hazard.damage, state.rng)
    events: list[SessionEvent] = [
        DiceRoll.from_roll(
            rolled, check_type="damage", reason=effect.name, character_id=source,
            character_name=state.name_of(source) if source else "",
        )
    ]  # fmt: skip
    amount = max(0, rolled.total)
    if hazard.save is not None:
        saved = rl.check_for(
            state, cid, hazard.dc, effect.name, Advantage.NORMAL, ability=hazard.save,
            save=True, source=source, spell=effect.spell,
        )  # fmt: skip
        events.append(rl.roll_event(state, cid, saved))
        if saved.success:
            amount = amount // 2 if hazard.half else 0
    if amount > 0:
        more, _ = hm.deal_damage(state, cid, amount, hazard.damage_type, source=source)
        events += more
    return events


def in_area(state: GameState, cid: str, effect: Effect) -> bool:
    """The bearer stands within the effect's area around its source (always, for an
    effect with no area; out of a fight everyone is close)."""
    hazard = effect.periodic
    if hazard is None or hazard.within_ft is None or effect.source is None:
        return True
    if state.encounter is None:
        return True
    return p.distance(pt.spots(state), cid, effect.source) <= hazard.within_ft


def areas_entered(state: GameState, cid: str, outside: list[Effect]) -> list[SessionEvent]:
    """SRD (Spirit Guardians): a creature that enters the area for the first time on a turn
    makes the save. ``outside``: the area effects ``cid`` bore while outside them, before
    it moved; each now reached deals its damage, once a turn."""
    encounter = state.encounter
    if encounter is None:
        return []
    events: list[SessionEvent] = []
    mark = f"entered in round {encounter.round}, turn {encounter.turn_index}"
    for effect in outside:
        hazard = effect.periodic
        if hazard is None or effect.note == mark or not in_area(state, cid, effect):
            continue
        effects = bg.effects_of(state, cid)
        marked = effect.model_copy(update={"note": mark})  # the first time on this turn only
        effects[:] = [marked if e is effect else e for e in effects]
        events += periodic_damage(state, cid, marked, hazard.when)
    return events + after_move(state, cid)  # out of a moonbeam, or into one


def outside_areas(state: GameState, cid: str) -> list[Effect]:
    """The area effects ``cid`` bears whose area it stands outside (before a move)."""
    return [
        e for e in bg.effects_of(state, cid)
        if e.periodic is not None and e.periodic.within_ft is not None
        and not in_area(state, cid, e)
    ]  # fmt: skip


class SpellRules(Rule):
    """Spells' lasting effects at work between the rolls."""

    name = "spells"

    def before_attack(self, setup: AttackSetup) -> None:
        state = setup.state
        for cid in (setup.attacker, setup.target):  # a glow leaves nothing to hide in
            for effect in bg.effects_of(state, cid):
                strip_blocked(state, cid, effect)
        if setup.spell is None:
            return
        spell = srd().spells.get(setup.spell)
        if spell.advantage_vs_metal and wears_metal(state, setup.target):
            setup.advantage.append("target in metal armour")

    def turn_starts(self, state: GameState, cid: str) -> list[SessionEvent]:
        return self._boundary(state, cid, "start_of_own_turn") + beams_at_turn_start(state, cid)

    def turn_ends(self, state: GameState, cid: str) -> list[SessionEvent]:
        return self._boundary(state, cid, "end_of_own_turn")

    @staticmethod
    def _boundary(state: GameState, cid: str, when: TurnMoment) -> list[SessionEvent]:
        events: list[SessionEvent] = []
        for effect in list(bg.effects_of(state, cid)):
            events += periodic_damage(state, cid, effect, when)
            for gone in strip_blocked(state, cid, effect):
                text = f"{state.name_of(cid)} cannot stay {gone} ({effect.name.lower()})"
                state.record("condition", text, who=cid)
                events.append(StateChange(kind="condition", target_id=cid, description=text))
        return events

    def cannot_act(self, state: GameState, cid: str) -> str | None:
        for effect in bg.effects_of(state, cid):
            if effect.no_actions:
                return f"{state.name_of(cid)} is {effect.name.lower()}"
        return None
