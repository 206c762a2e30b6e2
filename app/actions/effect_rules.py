"""Lasting effects in play: what Bless, Bane, a Help or a Dodge do to the rolls of the
creature that bears them, and when they wear off.

The effects themselves are values (:class:`rules.effects.Effect`) on characters and
creatures; this rule folds them into attack rolls, saves, checks and damage, uses up those
that last one roll, and counts them down at the turn boundaries they name.
"""

from __future__ import annotations

from app.actions import beings as bg
from app.actions.events import SessionEvent, StateChange
from app.actions.hooks import AttackSetup, DamageSetup, RollSetup, Rule
from app.world.state import GameState
from rules.attacks import AttackResult
from rules.damage import LifeState
from rules.effects import (
    Effect,
    ac_bonus,
    attack_mods,
    check_mods,
    resistances,
    save_mods,
    tick_effects,
    without,
)
from rules.positions import MELEE_FT, distance

UNTOLD = frozenset({"loaded_shot"})
"""Effects that are the game's own records (a loading weapon fired this action): their end
is no news to the table."""


def beside(state: GameState, target: str) -> set[str] | None:
    """Who stands within 5 feet of ``target`` in the fight (engaged with it); ``None`` out
    of a fight, where nobody's place is kept. The Help action aids only an attack on a foe
    beside the helper."""
    fight = state.encounter
    if fight is None:
        return None
    return {
        c.id for c in fight.order
        if c.id != target and distance(fight.positions, c.id, target) <= MELEE_FT
    }  # fmt: skip


def remove_effects(state: GameState, cid: str, gone: list[Effect]) -> None:
    """Take effects off a creature (used-up or ended ones)."""
    if gone:
        effects = bg.effects_of(state, cid)
        effects[:] = without(effects, gone)


def _past(effect: Effect) -> bool:
    """An effect a fight's end takes away: one lasting to a turn to come, or a Hide (from
    foes no longer there: seen once more)."""
    turn_long = effect.ends != "never" and effect.rounds is not None and effect.rounds <= 1
    return turn_long or effect.id == "hidden"


def _fight_over(state: GameState) -> list[SessionEvent]:
    """When a fight ends, what lasts only until a turn to come (a Shield, a Dodge, a Help,
    a Disengage) wears off: outside the round-by-round of a fight, that turn is past. A
    Hide ends too: it was from the foes of that fight, and the next fight's never saw it."""
    events: list[SessionEvent] = []
    bearers = [*state.party, *state.creatures]
    for cid in bearers:
        effects = bg.effects_of(state, cid)
        gone = [e for e in effects if _past(e)]
        if not gone:
            continue
        remove_effects(state, cid, gone)
        for effect in (e for e in gone if e.id not in UNTOLD and not _dead(state, cid)):
            text = f"{state.name_of(cid)} is no longer {effect.name.lower()}"
            events.append(StateChange(kind="condition", target_id=cid, description=text))
    return events


class EffectRules(Rule):
    """Effects shape rolls and wear off."""

    name = "effects"

    def fight_ends(self, state: GameState) -> list[SessionEvent]:
        return _fight_over(state)

    def before_attack(self, setup: AttackSetup) -> None:
        state = setup.state
        mine, theirs = bg.effects_of(state, setup.attacker), bg.effects_of(state, setup.target)
        mods = attack_mods(mine, theirs, setup.target, beside(state, setup.target))
        setup.advantage += mods.advantage
        setup.disadvantage += mods.disadvantage
        setup.add_dice(mods.dice)
        setup.ac += ac_bonus(theirs)

    def after_attack(self, setup: AttackSetup, hit: AttackResult) -> list[SessionEvent]:
        state = setup.state
        mine, theirs = bg.effects_of(state, setup.attacker), bg.effects_of(state, setup.target)
        used = attack_mods(mine, theirs, setup.target, beside(state, setup.target)).used
        remove_effects(state, setup.attacker, [e for e in used if e in mine])
        remove_effects(state, setup.target, [e for e in used if e in theirs])
        return []

    def before_save(self, setup: RollSetup) -> None:
        self._roll(setup, save=True)

    def before_check(self, setup: RollSetup) -> None:
        self._roll(setup, save=False)

    @staticmethod
    def _roll(setup: RollSetup, *, save: bool) -> None:
        effects = bg.effects_of(setup.state, setup.who)
        mods = (save_mods if save else check_mods)(effects, setup.ability)
        setup.advantage += mods.advantage
        setup.disadvantage += mods.disadvantage
        setup.add_dice(mods.dice)
        remove_effects(setup.state, setup.who, mods.used)

    def before_damage(self, setup: DamageSetup) -> None:
        if setup.damage_type in resistances(bg.effects_of(setup.state, setup.target)):
            setup.resist = True

    def turn_starts(self, state: GameState, cid: str) -> list[SessionEvent]:
        return _tick(state, cid, "start")

    def turn_ends(self, state: GameState, cid: str) -> list[SessionEvent]:
        return _tick(state, cid, "end")


def _dead(state: GameState, cid: str) -> bool:
    """The bearer is dead: what wears off it goes untold ("Giant Rat 2 is no longer
    unconscious" of a rat killed in its sleep)."""
    return bg.vitals_of(state, cid).state is LifeState.DEAD


def _tick(state: GameState, turn_of: str, when: str) -> list[SessionEvent]:
    """Count down every creature's effects timed to this boundary of ``turn_of``'s turn."""
    events: list[SessionEvent] = []
    for cid in state.known_ids():
        effects = bg.effects_of(state, cid)
        if not effects:
            continue
        tick = tick_effects(effects, cid, turn_of, "start" if when == "start" else "end")
        effects[:] = list(tick.remaining)
        for ended in (e for e in tick.ended if e.id not in UNTOLD and not _dead(state, cid)):
            text = f"{state.name_of(cid)} is no longer {ended.name.lower()}"
            state.record("condition", text, who=cid)
            events.append(StateChange(kind="condition", target_id=cid, description=text))
    return events
