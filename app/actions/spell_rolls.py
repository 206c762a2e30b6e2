"""Several attack rolls of one spell: Eldritch Blast's beams and Scorching Ray's rays each
roll on their own, each at a target the caster chose (several may go at one creature). A
roll aimed at a creature already dead goes to the next living one the caster named, or is
reported; a hit brings the spell's lasting effects, and a spell that splashes (Acid Arrow)
deals half its damage on a miss."""

from __future__ import annotations

from typing import Any

from app.actions import beings as bg
from app.actions.hooks import ExtraDamage
from app.actions.spell_effects import Casting, damage_event, hurt, take_hold
from app.actions.striking import setup_attack, strike
from app.world.state import GameState
from rules.damage import LifeState
from rules.spelldata import Spell


def aimed(targets: list[str], count: int) -> list[str]:
    """One target per roll: as named, the last named taking the rolls left over."""
    if not targets:
        return []
    return [targets[min(i, len(targets) - 1)] for i in range(count)]


def _living(state: GameState, wanted: str, named: list[str]) -> str | None:
    """The target a roll goes to: the one aimed at, or the next living one named."""
    for cid in [wanted, *named]:
        if bg.vitals_of(state, cid).state is not LifeState.DEAD:
            return cid
    return None


def _made_afar(spell: Spell) -> bool:
    """A melee spell attack made by what the spell puts somewhere within its range (the
    floating weapon of Spiritual Weapon, 60 feet off): the caster stays where they stand."""
    return spell.attack == "melee" and spell.range_ft > 5


def several_rolls(c: Casting, count: int) -> None:
    """Make ``count`` attack rolls of the casting's spell, each at its own target."""
    spell, state = c.spell, c.state
    assert spell.damage is not None and spell.damage_type is not None
    formula = c.damage_formula()
    for n, wanted in enumerate(aimed(c.targets, count), start=1):
        target = _living(state, wanted, c.targets)
        label = spell.name if count == 1 else f"{spell.name} ({n} of {count})"
        if target is None:
            c.results.append({"target": wanted, "roll": n, "outcome": "no living target"})
            continue
        setup = setup_attack(
            state, c.caster.id, target, name=label, kind="spell",
            ranged=spell.attack == "ranged", bonus=c.caster.bonus, spell=c.spell_id,
            stays=c.distant or _made_afar(spell),
        )  # fmt: skip
        part = ExtraDamage(formula, spell.damage_type, label, empower=c.empower)
        more, rolled_result, hit = strike(setup, [part])
        c.events += more
        result: dict[str, Any] = {**rolled_result, "target": target}
        if count > 1:
            result["roll"] = n
        if target != wanted:
            result["retargeted_from"] = wanted
        if hit.hit and result.get("outcome") != "miss":
            if bg.vitals_of(state, target).state is not LifeState.DEAD:
                landed = take_hold(c, target)
                if landed:
                    result["effects"] = landed
        elif spell.miss_half:
            rolled, twist = c.roll_damage(formula)
            what = f"splash ({twist})" if twist else "splash"
            c.events.append(damage_event(rolled, spell.name, what, c.caster.id, c.caster.name))
            result.update(hurt(c, target, max(0, rolled.total) // 2), outcome="miss", splash=True)
        c.results.append(result)
