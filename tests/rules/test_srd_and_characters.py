"""The SRD data files (complete, consistent, in range) and character sheets."""

from __future__ import annotations

import math

import pytest
from pydantic import ValidationError

from rules.abilities import Ability, AbilityScores
from rules.character import CharacterSheet
from rules.conditions import ActiveCondition, Condition
from rules.damage import DamageType, Vitals
from rules.dice import Advantage, formula_stats
from rules.rests import HitDice
from rules.skills import Proficiency, Skill
from rules.spellcasting import SpellSlots
from rules.srd import SRD_ATTRIBUTION, srd
from tests.rules.conftest import d20s

SIMPLE = {
    "club", "dagger", "greatclub", "handaxe", "javelin", "light_hammer", "mace", "quarterstaff",
    "sickle", "spear", "light_crossbow", "dart", "shortbow", "sling",
}  # fmt: skip
MARTIAL = {
    "battleaxe", "flail", "glaive", "greataxe", "greatsword", "halberd", "lance", "longsword",
    "maul", "morningstar", "pike", "rapier", "scimitar", "shortsword", "trident", "war_pick",
    "warhammer", "whip", "blowgun", "hand_crossbow", "heavy_crossbow", "longbow", "net",
}  # fmt: skip


def test_every_simple_and_martial_weapon() -> None:
    weapons = srd().weapons.entries
    assert {k for k, w in weapons.items() if w.category == "simple"} == SIMPLE
    assert {k for k, w in weapons.items() if w.category == "martial"} == MARTIAL


def test_all_armour() -> None:
    armor = srd().armor
    assert len(armor) == 13
    assert armor["plate"].armor_class(3) == 18
    assert armor["half plate"].armor_class(3) == 17
    assert armor["studded leather"].armor_class(4) == 16
    assert armor["shield"].base_ac == 2


def test_at_least_thirty_monsters_of_cr_0_to_5() -> None:
    monsters = srd().monsters.entries.values()
    assert len(monsters) >= 30
    assert all(0 <= m.challenge <= 5 for m in monsters)
    assert {str(m.cr) for m in monsters} >= {"0", "1/8", "1/4", "1/2", "1", "2", "3", "4", "5"}


@pytest.mark.parametrize("monster_id", sorted(srd().monsters.entries))
def test_monster_hit_points_are_the_average_of_their_hit_dice(monster_id: str) -> None:
    monster = srd().monsters[monster_id]
    assert monster.hp == max(1, math.floor(formula_stats(monster.hit_dice).mean))


@pytest.mark.parametrize("monster_id", sorted(srd().monsters.entries))
def test_monster_passive_perception(monster_id: str) -> None:
    monster = srd().monsters[monster_id]
    assert monster.passive_perception == 10 + monster.skill_modifier(Skill.PERCEPTION)


def test_monster_lookups_and_numbers() -> None:
    goblin = srd().monsters["Goblin"]
    assert goblin.xp == 50 and goblin.proficiency_bonus == 2
    assert goblin.action("scimitar").to_hit == 4
    assert goblin.skill_modifier(Skill.STEALTH) == 6
    assert goblin.save_modifier(Ability.DEX) == 2
    troll = srd().monsters["troll"]
    assert troll.multiattack == ("bite", "claw", "claw") and troll.proficiency_bonus == 3
    skeleton = srd().monsters["skeleton"]
    assert DamageType.BLUDGEONING in skeleton.defenses.vulnerabilities
    with pytest.raises(KeyError, match="did you mean goblin"):
        srd().monsters["goblim"]


def test_at_least_25_spells_of_levels_0_to_3() -> None:
    spells = srd().spells.entries.values()
    assert len(spells) >= 25
    assert {s.level for s in spells} == {0, 1, 2, 3}
    fireball = srd().spells["fireball"]
    assert (fireball.damage, fireball.save, fireball.save_success) == ("8d6", Ability.DEX, "half")
    assert srd().spells["hold person"].concentration
    assert srd().spells["fire bolt"].attack == "ranged"
    assert srd().spells["cure wounds"].heal == "1d8"


def test_attribution_text() -> None:
    assert "Creative Commons Attribution 4.0" in SRD_ATTRIBUTION and "SRD 5.1" in SRD_ATTRIBUTION


def fighter(**changes: object) -> CharacterSheet:
    data: dict[str, object] = {
        "id": "thorin",
        "name": "Thorin",
        "class": "Fighter",
        "level": 5,
        "abilities": AbilityScores.model_validate(
            {"str": 16, "dex": 14, "con": 14, "int": 10, "wis": 12, "cha": 8}
        ),
        "skills": {
            Skill.ATHLETICS: Proficiency.PROFICIENT,
            Skill.PERCEPTION: Proficiency.EXPERTISE,
        },
        "saving_throws": {Ability.STR, Ability.CON},
        "armor": "chain_mail",
        "shield": True,
        "vitals": Vitals.full(44),
        "hit_dice": HitDice(die=10, total=5, remaining=5),
        "weapons": ["longsword", "rapier", "longbow"],
    }
    data.update(changes)
    return CharacterSheet.model_validate(data)


def test_character_numbers() -> None:
    thorin = fighter()
    assert thorin.proficiency_bonus == 3
    assert thorin.armor_class == 18
    assert thorin.check_modifier(Skill.ATHLETICS) == 6
    assert thorin.check_modifier(Skill.STEALTH) == 2
    assert thorin.check_modifier(Skill.PERCEPTION) == 7
    assert thorin.passive(Skill.PERCEPTION) == 17
    assert thorin.save_modifier(Ability.CON) == 5
    assert thorin.save_modifier(Ability.WIS) == 1
    assert thorin.check_modifier(ability=Ability.STR, skill=Skill.INTIMIDATION) == 3
    assert fighter(armor=None, shield=False).armor_class == 12


def test_weapon_attacks_pick_the_right_ability() -> None:
    thorin = fighter()
    sword = thorin.weapon_attack("longsword")
    assert (sword.attack_bonus, sword.damage, sword.ability) == (6, "1d8+3", Ability.STR)
    assert thorin.weapon_attack("longsword", grip="two").damage == "1d10+3"
    rapier = fighter(abilities=AbilityScores.model_validate({"str": 10, "dex": 18})).weapon_attack(
        "rapier"
    )
    assert (rapier.attack_bonus, rapier.damage, rapier.ability) == (7, "1d8+4", Ability.DEX)
    bow = thorin.weapon_attack("longbow")
    assert bow.ability is Ability.DEX and bow.range == (150, 600)


def test_character_rolls_use_conditions() -> None:
    poisoned = fighter(conditions=[ActiveCondition(condition=Condition.POISONED)])
    r = poisoned.check(d20s(17, 3), 10, skill=Skill.ATHLETICS)
    assert r.advantage is Advantage.DISADVANTAGE and r.total == 9
    assert poisoned.passive() == 12
    stunned = fighter(conditions=[ActiveCondition(condition=Condition.STUNNED)])
    assert stunned.save(d20s(), Ability.STR, 5).auto_fail
    assert stunned.save(d20s(10), Ability.CON, 15).success


def test_sheets_reject_bad_references_and_inconsistencies() -> None:
    with pytest.raises(ValidationError, match="no weapon called"):
        fighter(weapons=["lightsaber"])
    with pytest.raises(ValidationError, match="no armour called"):
        fighter(armor="mithril")
    with pytest.raises(ValidationError, match="shield = true"):
        fighter(armor="shield")
    with pytest.raises(ValidationError, match="hit dice"):
        fighter(hit_dice=HitDice(die=10, total=4, remaining=4))
    with pytest.raises(ValidationError, match="spellcasting_ability"):
        fighter(spells=["fire_bolt"])
    with pytest.raises(ValidationError):
        fighter(unknown_field=1)


def test_caster_numbers() -> None:
    wizard = fighter(
        spellcasting_ability=Ability.INT,
        abilities=AbilityScores.model_validate({"int": 17}),
        spells=["fire_bolt", "magic_missile", "fireball"],
        spell_slots=SpellSlots.for_full_caster(5),
    )
    assert wizard.spell_save_dc == 14 and wizard.spell_attack_bonus == 6
    assert fighter().spell_save_dc is None


def test_srd_heavy_armour_ignores_a_negative_dexterity_and_medium_armour_does_not() -> None:
    """Heavy armour: no DEX modifier to AC, and no penalty for a negative one. Medium:
    the modifier up to +2, a negative one counts. Light: the whole modifier."""
    from rules.srd import srd

    armor = srd().armor
    assert armor.get("chain_mail").armor_class(-2) == 16
    assert armor.get("chain_mail").armor_class(3) == 16
    assert armor.get("scale_mail").armor_class(-1) == 13
    assert armor.get("scale_mail").armor_class(4) == 16
    assert armor.get("leather").armor_class(-1) == 10
