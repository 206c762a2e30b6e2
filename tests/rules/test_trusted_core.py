"""Core SRD rules in the engine: exhaustion on attacks and saves, prone and paralysed
targets by distance."""

from __future__ import annotations

from rules.abilities import Ability, AbilityScores
from rules.character import CharacterSheet
from rules.conditions import Condition, attack_context, save_context
from rules.damage import Vitals
from rules.dice import Advantage
from rules.economy import TurnEconomy
from rules.rests import HitDice
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


def test_prone_target_by_distance_and_paralysed_crit_only_close() -> None:
    """SRD: attacks on a prone creature have advantage within 5 ft, disadvantage beyond; a
    hit on a paralysed creature is critical only from within 5 ft."""
    prone = [Condition.PRONE]
    assert attack_context([], prone, within_5ft=True).advantage is Advantage.ADVANTAGE
    assert attack_context([], prone, within_5ft=False).advantage is Advantage.DISADVANTAGE
    close = attack_context([], prone, within_5ft=True, ranged=True, hostile_adjacent=True)
    assert close.advantage is Advantage.NORMAL
    assert attack_context([], [Condition.PARALYZED], within_5ft=True).auto_crit
    assert not attack_context([], [Condition.PARALYZED], within_5ft=False).auto_crit


def test_standing_up_costs_half_speed_and_crawling_double() -> None:
    """SRD: standing costs half your speed (not possible at speed 0 or with less movement
    left); crawling costs an extra foot per foot, on top of difficult terrain."""
    economy = TurnEconomy.fresh(30)
    assert economy.stand_up() and economy.movement == 15
    economy = TurnEconomy.fresh(30)
    assert economy.move(10, crawling=True) and economy.movement == 10
    assert not economy.move(5, crawling=True, difficult=True)  # 15 ft needed, 10 left
    economy.movement = 4
    assert not economy.stand_up()
    assert not TurnEconomy.fresh(0).stand_up()


def test_crossbows_and_the_blowgun_are_loading_weapons() -> None:
    """SRD: the crossbows and the blowgun have the Loading property; the Heavy ones are
    the great weapons, the heavy crossbow and the longbow."""
    weapons = srd().weapons
    for name in ("light_crossbow", "hand_crossbow", "heavy_crossbow", "blowgun"):
        assert "loading" in weapons.get(name).properties
    for name in ("greataxe", "greatsword", "longbow", "heavy_crossbow"):
        assert "heavy" in weapons.get(name).properties


def test_thieves_tools_add_the_proficiency_bonus_to_a_trained_carrier() -> None:
    """SRD: a check with a tool adds the proficiency bonus when trained with it; a rogue is
    trained with thieves' tools by class, even when the sheet lists no proficiencies."""
    rogue = CharacterSheet.model_validate(
        {
            "id": "r", "name": "R", "species": "Human", "class": "Rogue", "level": 1,
            "abilities": AbilityScores.model_validate(
                {"str": 10, "dex": 16, "con": 10, "int": 10, "wis": 10, "cha": 10}
            ),
            "saving_throws": {Ability.DEX, Ability.INT}, "vitals": Vitals.full(8),
            "hit_dice": HitDice(die=8, total=1, remaining=1), "inventory": ["Thieves' Tools"],
        }
    )  # fmt: skip
    assert rogue.check_modifier(ability=Ability.DEX, tool="thieves' tools") == 3 + 2
    assert rogue.check_modifier(ability=Ability.DEX) == 3
    rogue.inventory.clear()  # trained, but the tools are not at hand
    assert rogue.check_modifier(ability=Ability.DEX, tool="thieves' tools") == 3


def test_the_undead_drains_are_in_the_stat_blocks() -> None:
    """SRD: a specter flies 50 ft (no walking speed) and its Life Drain takes the hit point
    maximum on a failed DC 10 CON save; a shadow's touch drains 1d4 Strength."""
    specter = srd().monsters.get("specter")
    assert specter.moving_speed == 50
    drain = specter.action("life_drain")
    assert drain.drains_max_hp and drain.save_dc == 10 and drain.has_rider
    touch = srd().monsters.get("shadow").action("strength_drain")
    assert touch.drains is Ability.STR and touch.drain_dice == "1d4" and touch.has_rider


def test_a_drained_score_lowers_the_modifier_until_a_rest() -> None:
    """A drain lowers the score the rolls use; any rest drops the drain (a non-feature
    resource)."""
    from rules.character import drain_key
    from rules.features import after_rest

    sheet = CharacterSheet.model_validate(
        {
            "id": "t", "name": "T", "species": "Human", "class": "Fighter", "level": 1,
            "abilities": AbilityScores.model_validate(
                {"str": 16, "dex": 10, "con": 10, "int": 10, "wis": 10, "cha": 10}
            ),
            "saving_throws": {Ability.STR, Ability.CON}, "vitals": Vitals.full(12),
            "hit_dice": HitDice(die=10, total=1, remaining=1),
        }
    )  # fmt: skip
    sheet.resources[drain_key(Ability.STR)] = 4
    assert sheet.score(Ability.STR) == 12 and sheet.modifier(Ability.STR) == 1
    sheet.resources = after_rest(sheet.resources, "short")
    assert sheet.modifier(Ability.STR) == 3
