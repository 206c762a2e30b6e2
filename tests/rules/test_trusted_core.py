"""Core SRD rules in the engine: exhaustion on attacks and saves, prone and paralysed
targets by distance."""

from __future__ import annotations

from rules.abilities import Ability
from rules.conditions import attack_context, save_context
from rules.srd import srd


def test_exhaustion_three_gives_disadvantage_on_attacks_and_saves() -> None:
    """SRD: level 3 adds disadvantage on attack rolls and saving throws; level 2 does not."""
    assert attack_context([], [], attacker_exhaustion=3).disadvantage_from
    assert save_context([], Ability.DEX, 3).disadvantage_from
    assert not attack_context([], [], attacker_exhaustion=2).disadvantage_from
    assert not save_context([], Ability.DEX, 2).disadvantage_from


def test_charm_person_saves_once_and_hold_person_repeats() -> None:
    """SRD: Hold Person repeats its save each turn; Charm Person has only the first."""
    spells = srd().spells
    assert not spells.get("charm_person").save_repeats
    assert spells.get("hold_person").save_repeats
