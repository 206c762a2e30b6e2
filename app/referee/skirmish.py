"""Fights resolved by the rules alone, with the referee's tactics — no session, no tools,
no narration. Authors use it to balance encounters (``dungeon balance``), and it is the
"rules-only" figure beside whole-session fights in the combat benchmark.

With ``features`` (the default) fighters use what :mod:`app.referee.skirmish_kit` gives
them — class features, monster traits, save-based actions and their recharges, the riders
on a monster's hits, spells; without, each only swings its weapon, which is the plain
baseline the benchmark measures the features against. A fight may keep a log
(:mod:`app.referee.skirmish_log`) of everything it rolls, at no cost when it does not.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from app.referee.choosing import Choice, choose
from app.referee.skirmish_blows import blast, hurt, special, strike
from app.referee.skirmish_kit import Fighter
from app.referee.skirmish_log import (
    DeathSave,
    Ended,
    FightLog,
    Healed,
    Held,
    Note,
    Order,
    Recharge,
    Round,
    Save,
    Turn,
    Uses,
)
from app.referee.skirmish_make import from_monster, from_sheet
from app.understanding.targets import weakest
from rules.conditions import Condition, can_act, tick_end_of_turn, tick_start_of_turn
from rules.damage import LifeState, death_save, heal, stabilize
from rules.dice import roll
from rules.initiative import Entrant, roll_initiative
from rules.traits import recharge_roll

STABILIZE_DC = 10
"""The Wisdom (Medicine) check that stabilises a dying friend, as in a game."""

__all__ = ["FightResult", "Fighter", "fight", "from_monster", "from_sheet", "hurt", "take_turn"]


@dataclass(frozen=True, slots=True)
class FightResult:
    """Who won, how long it took, what it cost the party, and how the foes left it."""

    winner: str
    rounds: int
    party_hp_lost: int
    party_down: int
    party_dead: int = 0
    """Characters dead at the end (three failed death saves, or slain outright)."""
    fled: int = 0
    """Foes who ran."""
    surrendered: int = 0
    """Foes who gave up, at the party's mercy."""


def _morale(me: Fighter, side: list[Fighter]) -> str:
    """The referee's morale (:meth:`app.referee.referee.OfflineReferee._morale`): badly
    hurt (a quarter of its hit points or less) with at least half of its side down, a foe
    flees — or, the last one standing and more than a beast, surrenders. The fearless
    never do, nor a companion fighting beside the party; an author's ``morale`` overrides
    (to the death, always flees, always surrenders). Empty: it fights on."""
    fearless = me.fearless if me.morale is None else me.morale == "to_the_death"
    if not me.monster or fearless or me.vitals.hp * 4 > me.vitals.max_hp:
        return ""
    if me.side == "party":  # a companion stands by the party
        return ""
    others = [f for f in side if f is not me]
    if others and sum(1 for f in others if not f.up) * 2 < len(others):
        return ""
    if me.morale is not None:  # its author's word: always runs, or always yields
        return "fled" if me.morale == "flees" else "surrendered"
    alone = not any(f.up for f in others)
    return "surrendered" if alone and me.wits > 3 else "fled"


def _swings(
    rng: random.Random, me: Fighter, enemies: list[Fighter], friends: bool, log: FightLog | None
) -> None:
    """The Attack action (a Multiattack: every swing) at the weakest foe: Pack Tactics,
    Rage, Sneak Attack and Martial Advantage (once a turn) where the fighter has them."""
    kit = me.kit
    extras: list[tuple[str, str]] = []
    if friends and kit.sneak:
        extras.append((kit.sneak, "Sneak Attack"))
    if friends and kit.martial_advantage:
        extras.append((kit.martial_advantage, "Martial Advantage"))
    pack = kit.pack_tactics and friends
    for swing in me.swings:
        target_id = weakest((e.id, e.vitals.hp) for e in enemies if not e.left)
        if target_id is None:
            return
        target = next(e for e in enemies if e.id == target_id)
        if strike(rng, me, target, swing, extras, pack, log) and extras:
            extras = []  # Sneak Attack and Martial Advantage: once per turn


def take_turn(
    rng: random.Random,
    me: Fighter,
    allies: list[Fighter],
    enemies: list[Fighter],
    log: FightLog | None = None,
) -> None:
    """One fighter's turn: the fighting brain's choice (:func:`app.referee.choosing.choose`
    — heal or stabilise a friend, a save-based action, Magic Missile, a cantrip, a web, else
    the Attack action); then Second Wind and Action Surge."""
    kit = me.kit
    # a friend still standing, for Sneak Attack, Martial Advantage and Pack Tactics
    helped = kit.sneak or kit.martial_advantage or kit.pack_tactics
    friends = bool(helped) and any(f.up and f is not me for f in allies)
    choice = choose(me, allies, enemies)
    if choice.kind == "weapon":  # the usual turn: the Attack action finds its own marks
        _swings(rng, me, enemies, friends, log)
    else:
        _acts(rng, me, choice, allies, enemies, log)
    if kit.second_wind and me.vitals.hp * 2 <= me.vitals.max_hp:  # the bonus action
        before = me.vitals.hp
        me.vitals = heal(me.vitals, roll(kit.second_wind, rng).total).vitals
        kit.second_wind = ""
        if log is not None:
            log.append(Uses(me.name, "Second Wind"))
            log.append(Healed(me.name, me.vitals.hp - before, me.vitals.hp, me.vitals.max_hp,
                              "Second Wind"))  # fmt: skip
    if kit.action_surge and any(e.up for e in enemies):
        kit.action_surge = False
        if log is not None:
            log.append(Uses(me.name, "Action Surge"))
        _swings(rng, me, enemies, friends, log)


def _acts(
    rng: random.Random,
    me: Fighter,
    choice: Choice,
    allies: list[Fighter],
    enemies: list[Fighter],
    log: FightLog | None,
) -> None:
    """Any action but the Attack action: mending or tending a friend, a monster's special,
    a spell at ``choice.targets``, or the Dodge."""
    kit = me.kit
    by_id = {f.id: f for f in [*allies, *enemies]}
    aimed = [by_id[t] for t in choice.targets]
    if choice.kind == "heal":
        mend = aimed[0]
        kit.spend_slot(1)
        amount = max(1, roll(kit.heal, rng).total)
        before = mend.vitals.hp
        mend.vitals = heal(mend.vitals, amount).vitals
        if log is not None:
            log.append(Uses(me.name, kit.heal_spell or "a healing spell", (mend.name,)))
            log.append(Healed(mend.name, mend.vitals.hp - before, mend.vitals.hp,
                              mend.vitals.max_hp, kit.heal_spell or "healing"))  # fmt: skip
    elif choice.kind == "stabilize":
        _tend(rng, me, aimed[0], log)
    elif choice.kind in ("special", "hold") and choice.action is not None:
        special(rng, me, choice.action, aimed, log)
    elif choice.kind == "darts" and kit.darts is not None:
        kit.spend_slot(1)
        blast(rng, me, kit.darts, aimed, log)
    elif choice.kind == "cantrip" and kit.cantrip is not None:
        blast(rng, me, kit.cantrip, aimed, log)
    elif log is not None and any(e.up for e in enemies):
        log.append(Note(me.name, "has nothing to attack with and takes the Dodge action"))


def _tend(rng: random.Random, me: Fighter, fallen: Fighter, log: FightLog | None) -> None:
    """Stabilising a dying friend: Spare the Dying always does; else a DC 10 Wisdom
    (Medicine) check."""
    if me.kit.spare:
        done, how = True, "Spare the Dying"
    else:
        total = roll("1d20", rng).total + me.medicine
        done, how = total >= STABILIZE_DC, f"Medicine {total} vs DC {STABILIZE_DC}"
    if done:
        fallen.vitals = stabilize(fallen.vitals)
    if log is not None:
        outcome = "stable" if done else "still dying"
        log.append(Note(me.name, f"tends {fallen.name} ({how}): {outcome}"))


def _turn_starts(rng: random.Random, me: Fighter, log: FightLog | None) -> None:
    """Conditions that end at the start of its turn, recharge rolls for what it spent, and
    Regeneration (unless burned since its last turn)."""
    kit = me.kit
    if me.conditions:
        tick = tick_start_of_turn(me.conditions)
        me.conditions = list(tick.remaining)
        if log is not None:
            log += [Held(me.name, c.condition.value, gained=False) for c in tick.ended]
    for action in kit.specials if kit.spent else ():
        if action.id in kit.spent and action.recharge:
            rolled = recharge_roll(rng, action.recharge)
            if rolled.recharged:
                kit.spent.discard(action.id)
            if log is not None:
                log.append(Recharge(me.name, action.name, rolled.roll.total, action.recharge,
                                    rolled.recharged))  # fmt: skip
    if kit.regeneration and me.up and not kit.burned:
        before = me.vitals.hp
        me.vitals = heal(me.vitals, kit.regeneration).vitals
        if log is not None and me.vitals.hp > before:
            log.append(Healed(me.name, me.vitals.hp - before, me.vitals.hp, me.vitals.max_hp,
                              "Regeneration"))  # fmt: skip
    kit.burned = False


def _turn_ends(rng: random.Random, me: Fighter, log: FightLog | None) -> None:
    """Save-ends conditions are saved against; the rest count down."""
    tick = tick_end_of_turn(me.conditions, rng, lambda ability: me.saves.get(ability, 0))
    me.conditions = list(tick.remaining)
    if log is not None:
        for attempt in tick.saves:
            log.append(Save(me.name, attempt.ability.full_name, attempt.dc, attempt.total,
                            attempt.success))  # fmt: skip
        log += [Held(me.name, c.condition.value, gained=False) for c in tick.ended]


def _dying(rng: random.Random, me: Fighter, log: FightLog | None) -> None:
    result = death_save(rng, me.vitals)
    me.vitals = result.vitals
    if log is not None:
        after = me.vitals
        tally = f"{after.death_successes} of 3 successes, {after.death_failures} of 3 failures"
        outcome = (
            "back up with 1 HP" if after.hp > 0
            else "dies" if after.state is LifeState.DEAD
            else "stable" if after.state is LifeState.STABLE
            else f"{'success' if result.success else 'failure'} ({tally})"
        )  # fmt: skip
        log.append(DeathSave(me.name, result.natural, outcome))


def fight(
    rng: random.Random,
    party: list[Fighter],
    foes: list[Fighter],
    max_rounds: int = 50,
    *,
    order: Sequence[str] | None = None,
    start: int = 0,
    first_round: int = 1,
    log: FightLog | None = None,
) -> FightResult:
    """Resolve one fight to the end (or ``max_rounds``): initiative — or ``order``, the ids
    of a fight already under way, whose first round goes on from ``order[start]`` — then
    each fighter in turn does what helps most (heal a fallen friend, breathe on a crowd,
    cast, or attack the weakest foe still standing); dying characters make death saves.
    ``first_round`` numbers the log's rounds (a saved fight goes on in its own round)."""
    everyone = {f.id: f for f in party + foes}
    start_hp = sum(f.vitals.hp for f in party)
    if order is None:
        entrants = [Entrant(f.id, f.name, f.dex_mod, f.dex) for f in everyone.values()]
        rolled = roll_initiative(rng, entrants)
        ids = [r.entrant.id for r in rolled]
        if log is not None:
            names = tuple(everyone[i].name for i in ids)
            log.append(Order(names, tuple(r.total for r in rolled)))
    else:
        ids = list(order)
        if log is not None:
            log.append(Order(tuple(everyone[i].name for i in ids), (), resumed=True))
    sides = {"party": party, "foes": foes}
    rounds = 0
    winner = "none"
    while rounds < max_rounds and winner == "none":
        if log is not None:
            log.append(Round(first_round + rounds))
        rounds += 1
        for fid in ids[start:] if rounds == 1 else ids:
            me = everyone[fid]
            if me.vitals.state is LifeState.DEAD or me.left:
                continue  # the dead, and those who fled or gave up, take no turns
            if log is not None:
                held = tuple(c.condition.value for c in me.conditions)
                log.append(Turn(me.name, me.vitals.hp, me.vitals.max_hp, held))
            _turn_starts(rng, me, log)
            if not me.up:
                if me.vitals.state is LifeState.DYING:
                    _dying(rng, me, log)
            elif me.conditions and not can_act(me.conditions):
                if log is not None:
                    log.append(Note(me.name, "cannot act"))
            else:
                if me.conditions and any(c.condition is Condition.PRONE for c in me.conditions):
                    me.conditions = [c for c in me.conditions if c.condition is not Condition.PRONE]
                    if log is not None:
                        log.append(Note(me.name, "stands up"))
                enemies = sides["foes" if me.side == "party" else "party"]
                me.left = _morale(me, sides[me.side])
                if not me.left:
                    take_turn(rng, me, sides[me.side], enemies, log)
                elif log is not None:
                    said = "flees the fight" if me.left == "fled" else "surrenders"
                    log.append(Note(me.name, said))
            if me.conditions:
                _turn_ends(rng, me, log)
            if not any(f.up for f in foes):
                winner = "party"
                break
            if not any(f.up for f in party):
                winner = "foes"
                break
    if log is not None:
        log.append(Ended(winner, first_round + rounds - 1))
    lost, down, dead = start_hp, 0, 0
    for f in party:
        lost -= f.vitals.hp
        down += not f.up
        dead += f.vitals.state is LifeState.DEAD
    fled = gave_up = 0
    for f in foes:
        fled += f.left == "fled"
        gave_up += f.left == "surrendered"
    return FightResult(winner, rounds, lost, down, dead, fled, gave_up)
