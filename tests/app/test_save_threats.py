"""A save knows what it is against (SRD 5.1: Brave — advantage on saving throws against being
frightened; Dwarven Resilience — advantage on saving throws against poison): the traits read
the conditions and damage the action or spell behind the save would bring, not its wording."""

from __future__ import annotations

from app.actions.hooks import RollSetup, Threat, action_threat, spell_threat
from app.actions.species_rules import SpeciesRules
from app.world.campaignfile import load_campaign
from app.world.folders import CAMPAIGNS_DIR
from app.world.newgame import new_game
from app.world.state import GameState
from rules.abilities import Ability
from rules.conditions import Condition
from rules.damage import DamageType
from rules.srd import MonsterAction


def _save(who: str, reason: str, threat: Threat | None, ability: Ability = Ability.WIS) -> list:
    state: GameState = new_game(load_campaign(CAMPAIGNS_DIR / "crossroads"), seed=1)
    setup = RollSetup(state, who, ability, 12, reason, "save", threat=threat)
    SpeciesRules().before_save(setup)
    return setup.advantage


def test_brave_reads_the_condition_not_the_words() -> None:
    """Mira (a halfling) is Brave against a save that would frighten, whatever it is called,
    and not against one that would not, even when its name speaks of fear."""
    frightens = Threat(frozenset({Condition.FRIGHTENED}))
    assert _save("mira", "the bell tolls", frightens) == ["brave"]
    assert _save("mira", "Fearsome Slam", Threat(frozenset({Condition.PRONE}))) == []
    assert _save("mira", "the ghost's frightful wail", None) == ["brave"]  # a DM's own save


def test_dwarven_resilience_reads_poison_damage_or_the_poisoned_condition() -> None:
    """Thorin (a dwarf) is resilient against poison damage or being poisoned."""
    con = Ability.CON
    assert _save("thorin", "Brine Retch", Threat(damage_type=DamageType.POISON), con)
    assert _save("thorin", "a bite", Threat(frozenset({Condition.POISONED})), con)
    assert _save("thorin", "Poison Cloud of Fire", Threat(damage_type=DamageType.FIRE), con) == []


def test_threats_come_from_the_monster_action_and_the_spell_data() -> None:
    brine = MonsterAction(
        id="brine", name="Brine Retch", kind="save", save_ability="con", save_dc=11,
        save_damage="2d4", save_damage_type="poison", condition="poisoned",
    )  # fmt: skip
    assert action_threat(brine) == Threat(frozenset({Condition.POISONED}), DamageType.POISON)
    cause = spell_threat("hold_person")
    assert cause is not None and cause.imposes(Condition.PARALYZED)
    assert spell_threat("no_such_spell") is None
