"""Fights resolved by the rules alone, with the referee's tactics — no session, no tools,
no narration. Authors use it to balance encounters (``dungeon balance``), and it is the
"rules-only" figure beside whole-session fights in the combat benchmark."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from app.dm.referee.tactics import weakest
from rules.abilities import Ability
from rules.attacks import attack_roll, damage_roll
from rules.character import CharacterSheet
from rules.damage import DamageType, Defenses, LifeState, Vitals, apply_damage, death_save
from rules.initiative import Entrant, roll_initiative
from rules.srd import Monster, srd


@dataclass(slots=True)
class Swing:
    """One attack a fighter makes each turn."""

    bonus: int
    damage: str
    damage_type: DamageType


@dataclass(slots=True)
class Fighter:
    """A combatant reduced to what a fight needs."""

    id: str
    side: str
    ac: int
    vitals: Vitals
    swings: list[Swing]
    dex_mod: int
    dex: int
    defenses: Defenses = field(default_factory=Defenses)
    monster: bool = False
    crit_range: int = 20
    """Improved Critical: 19."""
    sneak: str = ""
    """Sneak Attack dice (``2d6``) for a rogue with a finesse or ranged first weapon: added
    once per turn to a hit while an ally still stands (theatre of the mind: beside the
    target)."""

    @property
    def up(self) -> bool:
        return self.vitals.hp > 0


def from_sheet(sheet: CharacterSheet) -> Fighter:
    """A character with their first damaging weapon (as the referee attacks)."""
    weapon = next(w for w in sheet.weapons if sheet.weapon_attack(w).damage)
    attack = sheet.weapon_attack(weapon)
    swing = Swing(attack.attack_bonus, attack.damage, attack.damage_type)
    spec = srd().weapons.get(weapon)
    sneaky = sheet.has("sneak_attack") and (spec.finesse or spec.kind == "ranged")
    return Fighter(
        sheet.id,
        "party",
        sheet.armor_class,
        sheet.vitals.model_copy(),
        [swing] * sheet.attacks_per_action,
        sheet.initiative_modifier,
        sheet.abilities.dexterity,
        sheet.defenses,
        crit_range=sheet.crit_range,
        sneak=f"{(sheet.level + 1) // 2}d6" if sneaky else "",
    )


def from_monster(block: Monster, number: int) -> Fighter:
    """A monster with its multiattack (or first attack)."""
    ids = list(block.multiattack) or [next(a.id for a in block.actions if a.is_attack and a.damage)]
    swings = []
    for action_id in ids:
        act = block.action(action_id)
        if act.to_hit is not None and act.damage and act.damage_type:
            swings.append(Swing(act.to_hit, act.damage, act.damage_type))
    return Fighter(
        f"{block.id}-{number}",
        "foes",
        block.ac,
        Vitals.full(block.hp),
        swings,
        block.abilities.modifier(Ability.DEX),
        block.abilities.dexterity,
        block.defenses,
        monster=True,
    )


@dataclass(frozen=True, slots=True)
class FightResult:
    """Who won, how long it took, what it cost the party."""

    winner: str
    rounds: int
    party_hp_lost: int
    party_down: int


def fight(
    rng: random.Random, party: list[Fighter], foes: list[Fighter], max_rounds: int = 50
) -> FightResult:
    """Resolve one fight to the end (or ``max_rounds``): initiative, then each fighter in
    turn attacks the weakest foe still standing; dying characters make death saves."""
    everyone = {f.id: f for f in party + foes}
    start_hp = sum(f.vitals.hp for f in party)
    order = roll_initiative(rng, [Entrant(f.id, f.id, f.dex_mod, f.dex) for f in everyone.values()])
    sides = {"party": party, "foes": foes}
    rounds = 0
    winner = "none"
    while rounds < max_rounds and winner == "none":
        rounds += 1
        for entry in order:
            me = everyone[entry.entrant.id]
            if me.vitals.state is LifeState.DEAD:
                continue
            if not me.up:
                if me.vitals.state is LifeState.DYING:
                    me.vitals = death_save(rng, me.vitals).vitals
                continue
            enemies = sides["foes" if me.side == "party" else "party"]
            sneak = me.sneak if any(f.up and f is not me for f in sides[me.side]) else ""
            for swing in me.swings:
                target_id = weakest((e.id, e.vitals.hp) for e in enemies)
                if target_id is None:
                    break
                target = everyone[target_id]
                hit = attack_roll(rng, swing.bonus, target.ac, crit_range=me.crit_range)
                if hit.hit:
                    dealt = damage_roll(rng, swing.damage, critical=hit.critical).total
                    if sneak:
                        dealt += damage_roll(rng, sneak, critical=hit.critical).total
                        sneak = ""  # once per turn
                    target.vitals = apply_damage(
                        target.vitals,
                        max(0, dealt),
                        swing.damage_type,
                        target.defenses,
                        critical=hit.critical,
                        dies_at_zero=target.monster,
                    ).vitals
            if not any(f.up for f in foes):
                winner = "party"
                break
            if not any(f.up for f in party):
                winner = "foes"
                break
    lost = start_hp - sum(f.vitals.hp for f in party)
    return FightResult(winner, rounds, lost, sum(1 for f in party if not f.up))
