"""What a spell does once it is cast, by kind: heals, attack rolls, saving throws, darts
that always hit, a pool of hit points (Sleep), conditions that simply take hold, and the
lasting effects (Bless, Ray of Frost's chill, Haste) a spell leaves on each creature it
takes hold of. The spell's data says which of these it does; nothing here names a spell."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Literal

from app.actions import args as a
from app.actions import beings as bg
from app.actions import harm as hm
from app.actions import rolling as rl
from app.actions import world_tools as wt
from app.actions.condition_tools import afflict, creature_type, immunity
from app.actions.events import DiceRoll, ReactionOffer, SessionEvent, StateChange
from app.actions.hooks import RULES
from app.actions.rebuke import damage_window, rebuke_after
from app.actions.spell_caster import Caster, scaled
from app.world.state import GameState
from rules import positions as p
from rules.checks import CheckResult, RollKind
from rules.conditions import ActiveCondition
from rules.damage import LifeState
from rules.dice import Advantage, RollResult, roll
from rules.effects import Effect, blocks_healing, with_effect
from rules.metamagic import Empowerment
from rules.spellcasting import cantrip_dice_multiplier
from rules.spelldata import Spell


@dataclass
class Casting:
    """One casting in progress: who, what, with which slot, at whom, and what came of it."""

    state: GameState
    caster: Caster
    spell: Spell
    spell_id: str
    slot: int
    targets: list[str]
    events: list[SessionEvent] = field(default_factory=list)
    results: list[dict[str, Any]] = field(default_factory=list)
    spared: list[str] = field(default_factory=list)
    """Allies who succeed on their saves (Careful Spell)."""
    empower: Empowerment | None = None
    """Empowered Spell: the damage dice it may still roll again (``None``: not twisted)."""
    twinned: bool = False
    """Twinned Spell: one more target than the spell names."""
    distant: bool = False
    """Distant Spell: a touch spell reaches 30 feet, so its caster stays where it is."""

    @property
    def levels(self) -> int:
        """Upcast steps: slot levels above the spell's own (0 for cantrips), counted per
        ``upcast_every`` levels (Spiritual Weapon grows every two)."""
        above = self.slot - self.spell.level if self.spell.level else 0
        return above // self.spell.upcast_every

    @property
    def times(self) -> int:
        """How many times a cantrip's dice count at the caster's level."""
        return cantrip_dice_multiplier(self.caster.level) if self.spell.cantrip_scaling else 1

    def damage_formula(self) -> str:
        """The spell's damage dice at this level and slot (with the modifier if it adds it)."""
        assert self.spell.damage is not None
        formula = scaled(self.spell.damage, self.times, self.spell.upcast, self.levels)
        mod = self.caster.mod
        return formula + (f"{mod:+d}" if self.spell.add_modifier and mod else "")

    def roll_damage(self, formula: str | None = None) -> tuple[RollResult, str]:
        """Roll the spell's damage (or ``formula``), Empowered Spell's rerolls made: the roll
        and the words saying which dice were rolled again ("" when none)."""
        rolled = roll(formula or self.damage_formula(), self.state.rng)
        twist = self.empower.reroll(rolled, self.state.rng) if self.empower else ""
        return rolled, twist

    def say(
        self, target: str, text: str, kind: Literal["condition", "hp", "item"] = "condition"
    ) -> None:
        """Record a change for the DM and show it to the players."""
        self.state.record("condition", text, who=target)
        self.events.append(StateChange(kind=kind, target_id=target, description=text))


def damage_event(rolled: RollResult, spell: str, what: str, caster: str, name: str) -> DiceRoll:
    """The dice-log entry of a spell's damage roll."""
    return DiceRoll.from_roll(
        rolled, check_type="damage", reason=f"{spell} {what}", character_id=caster,
        character_name=name,
    )  # fmt: skip


def hurt(c: Casting, target: str, amount: int) -> dict[str, Any]:
    """Deal the spell's damage to a target; what the DM is told of it."""
    assert c.spell.damage_type is not None
    more, outcome = hm.deal_damage(c.state, target, amount, c.spell.damage_type, source=c.caster.id)
    c.events += more
    return {
        "target": target,
        "damage": outcome.damage.amount,
        "hp": outcome.vitals.hp,
        "state": outcome.vitals.state.value,
    }


def spell_save(c: Casting, target: str) -> CheckResult:
    """The target's saving throw against the caster's spell DC."""
    assert c.spell.save is not None
    if target in c.spared:  # Careful Spell: the sorcerer's ally succeeds
        return CheckResult(RollKind.SAVING_THROW, c.caster.dc, 0, Advantage.NORMAL, True, None,
                           c.spell.save, reason=f"{c.spell.name} (Careful Spell)")  # fmt: skip
    return rl.check_for(
        c.state, target, c.caster.dc, c.spell.name, Advantage.NORMAL, ability=c.spell.save,
        save=True, source=c.caster.id, spell=c.spell_id,
    )  # fmt: skip


def take_hold(c: Casting, target: str) -> list[str]:
    """Put the spell's lasting effects on a target (those its type allows); the names of
    those that took hold. A second casting from the same caster refreshes, never stacks."""
    state, spell = c.state, c.spell
    kind = creature_type(state, target)
    extra = scaled("", 1, spell.upcast, c.levels)  # "+2d4": the upcast dice, or nothing
    concentration = c.spell_id if spell.concentration else None
    landed: list[Effect] = []
    for template in spell.effects:
        if template.only_types and kind not in template.only_types:
            continue
        effect = template.on(c.caster.id, concentration, c.slot, c.caster.dc, extra)
        effects = bg.effects_of(state, target)
        effects[:] = with_effect(effects, effect)
        landed.append(effect)
    if spell.conditions and not spell.effects:  # a spell of conditions: marked, for Dispel Magic
        marker = Effect(
            id=c.spell_id, name=spell.name, source=c.caster.id, spell=concentration,
            level=c.slot, ends="end_of_source_turn", rounds=10,
        )  # fmt: skip
        effects = bg.effects_of(state, target)
        effects[:] = with_effect(effects, marker)
    for effect in landed:
        lifted = strip_blocked(state, target, effect)
        c.say(target, f"{state.name_of(target)} is {effect.name.lower()} ({spell.name})")
        for condition in lifted:
            c.say(target, f"{state.name_of(target)} is no longer {condition} ({spell.name})")
    return [e.name for e in landed]


def strip_blocked(state: GameState, target: str, effect: Effect) -> list[str]:
    """End the conditions an effect forbids (Faerie Fire's light ends invisibility)."""
    if not effect.blocks:
        return []
    conditions = bg.conditions_of(state, target)
    gone = [c.condition.value for c in conditions if c.condition in effect.blocks]
    conditions[:] = [c for c in conditions if c.condition not in effect.blocks]
    return gone


def duration_rounds(duration: str) -> int | None:
    """A spell's duration in rounds of six seconds ("1 hour" -> 600), ``None`` when it has
    no set end ("instantaneous", "until dispelled")."""
    match = _DURATION.search(duration.lower())
    if match is None:
        return None
    return int(match.group(1)) * _ROUNDS_PER[match.group(2)]


_DURATION = re.compile(r"(\d+)\s*(round|minute|hour|day)")
_ROUNDS_PER = {"round": 1, "minute": 10, "hour": 600, "day": 14_400}


def impose(c: Casting, target: str, *, save_ends: bool, verb: str = "") -> str | None:
    """The spell's conditions take hold of a target for the spell's duration (repeating its
    save at the end of each of its turns when ``save_ends``), unless it is immune: then the
    reason, and nothing changes."""
    spell = c.spell
    held: list[str] = []
    for condition in spell.conditions:
        active = ActiveCondition(
            condition=condition, source=c.caster.id, rounds=duration_rounds(spell.duration),
            save_ability=spell.save if save_ends else None,
            save_dc=c.caster.dc if save_ends else None, note=spell.name,
        )  # fmt: skip
        more, why = afflict(c.state, target, active, spell)
        if why is not None:
            c.say(target, f"{spell.name} has no hold on {c.state.name_of(target)}: {why}")
            return why
        held.append(condition.value)
        c.events += more
    c.say(target, f"{c.state.name_of(target)} " + (verb or f"is {', '.join(held)}")
          + f" ({spell.name})")  # fmt: skip
    return None


# -- by kind -----------------------------------------------------------------------------


def heal_targets(c: Casting) -> None:
    """Healing: the dice (and the caster's modifier) for each target; nothing for a
    creature the spell cannot touch (undead, constructs) or one that cannot be healed."""
    spell, state = c.spell, c.state
    formula = scaled(spell.heal or "0", 1, spell.upcast, c.levels) + (
        f"{c.caster.mod:+d}" if spell.add_modifier and c.caster.mod else ""
    )
    blessed = sum(  # a Life cleric's Disciple of Life
        r.healing_bonus(state, c.caster.id, c.spell_id, c.slot if spell.level else 0)
        for r in RULES.taking("healing_bonus")
    )
    formula += f"+{blessed}" if blessed > 0 else ""
    for target in c.targets or [c.caster.id]:
        kind = creature_type(state, target)
        why = ""
        if kind in spell.no_effect_on:
            why = f"{spell.name} does nothing to {kind if kind == 'undead' else kind + 's'}"
        elif blocks_healing(bg.effects_of(state, target)):
            why = f"{state.name_of(target)} cannot regain hit points right now"
        elif bg.vitals_of(state, target).state is LifeState.DEAD:
            why = f"{state.name_of(target)} is dead; healing cannot help"
        if why:
            c.say(target, f"{state.name_of(target)}: {why}", "hp")
            c.results.append({"target": target, "no_effect": why})
            continue
        outcome = wt.heal_tool(
            a.HealArgs(target_id=target, amount=formula, reason=spell.name), state
        )
        c.events += outcome.events
        c.results.append({"target": target, **outcome.result})


def save_targets(c: Casting) -> None:
    """A saving-throw spell: one damage roll for all; each target saves (half or nothing
    on a success); those about to be hurt may react (Absorb Elements before the damage,
    Hellish Rebuke after it); a failure also brings the spell's conditions and lasting
    effects."""
    spell, state = c.spell, c.state
    rolled, twist = c.roll_damage() if spell.damage else (None, "")
    saves: dict[str, bool] = {}
    landing: dict[str, int] = {}
    for target in c.targets:
        if bg.vitals_of(state, target).state is LifeState.DEAD:
            c.results.append({"target": target, "outcome": "already dead"})
            continue
        saved = spell_save(c, target)
        c.events.append(rl.roll_event(state, target, saved))
        saves[target] = saved.success
        if rolled is not None:
            total = max(0, rolled.total)
            half = total // 2 if spell.save_success == "half" else 0
            landing[target] = total if not saved.success else half
    if rolled is not None:  # rolled first (the dice's order is the game's), told after the
        what = f"damage ({twist})" if twist else "damage"  # saves that decide what it does
        if saves and not any(landing.values()):
            what += ": nobody takes it"
        c.events.append(damage_event(rolled, spell.name, what, c.caster.id, c.caster.name))
    rebukes: list[ReactionOffer] = []
    if landing and spell.damage_type is not None and state.encounter is not None:
        window, rebukes = damage_window(
            state, c.caster.id, landing, spell.damage_type, f"{c.caster.name}'s {spell.name}"
        )
        c.events += window
    dealt: dict[str, int] = {}
    for target, success in saves.items():
        result: dict[str, Any] = {"target": target, "saved": success}
        if landing.get(target, 0) > 0:
            result.update(hurt(c, target, landing[target]))
            dealt[target] = result["damage"]
        if not success and bg.vitals_of(state, target).state is not LifeState.DEAD:
            if spell.conditions:
                why = impose(c, target, save_ends=spell.save_repeats)
                if why is not None:
                    result["immune"] = why
            landed = take_hold(c, target)
            if landed:
                result["effects"] = landed
            if spell.push_ft:
                result["pushed_ft"] = push(c, target)
        c.results.append(result)
    for offer in rebukes:  # after the damage: a rebuke answers being hurt
        c.events += rebuke_after(
            state, offer, offer.reactor_id, c.caster.id, dealt.get(offer.reactor_id, 0)
        )


def push(c: Casting, target: str) -> int:
    """SRD (Thunderwave): a creature that fails the save is pushed away from the caster —
    out of its reach, so an engagement between them ends. Forced movement: nobody gets an
    opportunity attack. The feet pushed."""
    state, feet = c.state, c.spell.push_ft
    if state.encounter is not None:
        p.part(state.encounter.positions, target, c.caster.id)
    text = f"{state.name_of(target)} is pushed {feet} feet away from {c.caster.name}"
    state.record("encounter", text, who=target)
    c.events.append(StateChange(kind="condition", target_id=target, description=text))
    return feet


def darts(c: Casting) -> None:
    """Darts that always hit (Magic Missile): one roll each, at its own target."""
    for target in c.targets:
        rolled = roll(c.spell.damage or "0", c.state.rng)
        c.events.append(damage_event(rolled, c.spell.name, "dart", c.caster.id, c.caster.name))
        if bg.vitals_of(c.state, target).state is not LifeState.DEAD:
            c.results.append(hurt(c, target, max(0, rolled.total)))


def sleep_pool(c: Casting) -> None:
    """A pool of hit points (Sleep): the weakest targets first, while the pool covers them."""
    spell, state = c.spell, c.state
    pool = roll(scaled(spell.hp_pool or "0", 1, spell.upcast, c.levels), state.rng)
    c.events.append(
        DiceRoll.from_roll(
            pool, check_type="roll", reason=f"{spell.name} pool", character_id=c.caster.id,
            character_name=c.caster.name,
        )
    )  # fmt: skip
    left = pool.total
    for target in sorted(c.targets, key=lambda t: (bg.vitals_of(state, t).hp, t)):
        hp = bg.vitals_of(state, target).hp
        why = next((w for cond in spell.conditions if (w := immunity(state, target, cond, spell))),
                   None)  # fmt: skip
        if why is not None or hp == 0:  # unaffected, and the pool is not spent on them
            c.results.append({"target": target, "asleep": False,
                              "why": why or "already unconscious"})  # fmt: skip
            continue
        if hp > left:
            break
        left -= hp
        why = impose(c, target, save_ends=False, verb="falls asleep")
        c.results.append({"target": target, "asleep": why is None}
                         | ({"immune": why} if why else {}))  # fmt: skip


def simply_take_hold(c: Casting) -> None:
    """No roll at all: the spell's conditions and lasting effects take hold of each target
    (Invisibility, Bless, Haste, Guidance, Spirit Guardians)."""
    state = c.state
    for target in c.targets or [c.caster.id]:
        if bg.vitals_of(state, target).state is LifeState.DEAD:
            c.results.append({"target": target, "outcome": "already dead"})
            continue
        result: dict[str, Any] = {"target": target}
        if c.spell.conditions:
            why = impose(c, target, save_ends=False)
            if why is None:
                result["conditions"] = [cond.value for cond in c.spell.conditions]
            else:
                result["immune"] = why
        landed = take_hold(c, target)
        if landed:
            result["effects"] = landed
        c.results.append(result)
