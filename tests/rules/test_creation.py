"""Making a level-1 character by the SRD's rules: scores, species, skills, HP, spells, gear."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.abilities import Ability, AbilityScores
from rules.abilityscores import (
    STANDARD_ARRAY,
    ScoreError,
    check_scores,
    parse_assignment,
    point_cost,
    roll_scores,
)
from rules.backgrounds import backgrounds
from rules.character import CharacterSheet
from rules.choosing import CreationError, chooses_spells, skill_plan, spell_plan
from rules.classes import classes
from rules.creation import (
    FEATURE_HP,
    Choices,
    build_character,
    feature_options,
    final_scores,
    increase_options,
)
from rules.damage import DamageType
from rules.skills import Proficiency, Skill
from rules.species import species_catalog
from rules.srd import srd

STANDARD = {"str": 15, "dex": 14, "con": 13, "int": 12, "wis": 10, "cha": 8}


def choices(**over: object) -> Choices:
    base: dict[str, object] = {
        "name": "Bram Oakes",
        "species": "human",
        "character_class": "fighter",
        "background": "caravan_guard",
        "scores": STANDARD,
        "skills": ["acrobatics", "intimidation"],
        "options": {"fighting_style": "defense"},
    }
    base.update(over)
    return Choices.model_validate(base)


def test_standard_array_each_score_used_once() -> None:
    """SRD: the standard array is 15, 14, 13, 12, 10, 8, one to each ability."""
    scores = {Ability(k): v for k, v in STANDARD.items()}
    assert check_scores("standard", scores) == scores
    with pytest.raises(ScoreError, match="each used once"):
        check_scores("standard", {**scores, Ability.CHA: 15})


def test_point_buy_costs_27_points_and_scores_8_to_15() -> None:
    """SRD: point buy spends 27 points; 8 costs 0, 13 costs 5, 14 costs 7, 15 costs 9."""
    assert point_cost({Ability.STR: 15, Ability.DEX: 15, Ability.CON: 15}) == 27
    spread = dict(zip(Ability, (15, 15, 15, 8, 8, 8), strict=True))
    assert check_scores("pointbuy", spread) == spread
    with pytest.raises(ScoreError, match="cost 28"):
        check_scores("pointbuy", dict(zip(Ability, (15, 15, 15, 9, 8, 8), strict=True)))
    with pytest.raises(ScoreError, match="8 to 15"):
        check_scores("pointbuy", dict(zip(Ability, (16, 8, 8, 8, 8, 8), strict=True)))


@given(st.integers(min_value=0, max_value=2**32))
def test_rolled_scores_are_4d6_drop_lowest(seed: int) -> None:
    """SRD: roll four d6, drop the lowest, six times; every die is kept in the result and
    the same seed rolls the same scores."""
    results = roll_scores(random.Random(seed))
    assert len(results) == 6
    for result in results:
        assert len(result.dice) == 4 and len(result.kept_dice) == 3
        assert 3 <= result.total <= 18
        assert result.total == sum(sorted(d.value for d in result.dice)[1:])
    assert [r.total for r in roll_scores(random.Random(seed))] == [r.total for r in results]


def test_rolled_scores_must_be_assigned_as_rolled() -> None:
    rolled = (16, 12, 11, 10, 9, 7)
    good = dict(zip(Ability, rolled, strict=True))
    assert check_scores("roll", good, rolled) == good
    with pytest.raises(ScoreError, match="your rolls"):
        check_scores("roll", dict(zip(Ability, STANDARD_ARRAY, strict=True)), rolled)


def test_assignment_text_is_read_and_mistakes_named() -> None:
    assert parse_assignment("str=15, DEX=14")[Ability.DEX] == 14
    for bad, message in (("str=15,str=14", "twice"), ("foo=3", "unknown ability"), ("str", "e.g.")):
        with pytest.raises(ScoreError, match=message):
            parse_assignment(bad)


def test_level_one_fighter_hp_is_max_hit_die_plus_con_and_ac_from_armour() -> None:
    """SRD: level-1 hit points are the hit die's maximum + CON modifier; AC comes from the
    armour worn (chain mail 16, a shield +2, and the Defense fighting style +1 in armour)."""
    sheet = build_character(choices())
    assert sheet.abilities.strength == 16 and sheet.abilities.charisma == 9  # human +1 all
    assert sheet.vitals.max_hp == 10 + 2 == sheet.vitals.hp  # CON 14
    assert sheet.armor == "chain_mail" and sheet.shield and sheet.armor_class == 19
    assert sheet.hit_dice.die == 10 and sheet.hit_dice.total == 1
    assert sheet.saving_throws == {Ability.STR, Ability.CON}
    assert sheet.has("second_wind") and sheet.choices == {"fighting_style": "defense"}
    assert sheet.skills[Skill.ATHLETICS] is Proficiency.PROFICIENT  # from the background
    assert "martial" in sheet.proficiencies and "vehicles (land)" in sheet.proficiencies
    rogue = _any_sheet("rogue", 0, background_id="lamplighter")
    assert rogue.proficiencies.count("thieves' tools") == 1  # the class's and the background's
    assert sheet.spell_slots.maximum == {} and not sheet.spells


def test_species_increases_and_hill_dwarf_toughness() -> None:
    """SRD: a hill dwarf gets +2 CON, +1 WIS, speed 25 (not slowed by heavy armour) and one
    extra hit point per level."""
    sheet = build_character(choices(species="dwarf"))
    assert sheet.abilities.constitution == 15 and sheet.abilities.wisdom == 11
    assert sheet.vitals.max_hp == 10 + 2 + 1
    assert sheet.speed == 25 and "dwarven_resilience" in sheet.features


def test_heavy_armour_without_the_strength_slows_the_wearer() -> None:
    """SRD: chain mail needs STR 13; a weaker wearer's speed drops by 10 feet."""
    weak = {"str": 8, "dex": 14, "con": 13, "int": 12, "wis": 10, "cha": 15}
    sheet = build_character(choices(species="halfling", scores=weak))
    assert sheet.speed == 15  # a halfling walks 25 feet


def test_dragonborn_resists_its_ancestors_damage_type() -> None:
    """SRD: a dragonborn resists the damage type of its draconic ancestry."""
    sheet = build_character(
        choices(
            species="dragonborn", options={"fighting_style": "defense", "draconic_ancestry": "red"}
        )
    )
    assert sheet.defenses.resistances == {DamageType.FIRE}
    assert sheet.choices["draconic_ancestry"] == "red"
    with pytest.raises(CreationError, match="draconic ancestry: choose one of"):
        build_character(choices(species="dragonborn"))


def test_a_skill_given_twice_lets_the_player_choose_another() -> None:
    """SRD: the same proficiency from two sources may be exchanged for another. An elf
    caravan guard gets Perception twice, so chooses one more skill of any kind."""
    elf, fighter = species_catalog()["elf"], classes()["fighter"]
    plan = skill_plan(elf, fighter, backgrounds()["caravan_guard"])
    assert plan.fixed == (Skill.ATHLETICS, Skill.PERCEPTION) and plan.free_count == 1
    sheet = build_character(choices(species="elf", skills=["acrobatics", "insight", "arcana"]))
    assert sheet.skills[Skill.ARCANA] is Proficiency.PROFICIENT
    with pytest.raises(CreationError, match="already given"):
        build_character(choices(skills=["athletics", "insight"]))
    with pytest.raises(CreationError, match="from your class's list"):
        build_character(choices(skills=["arcana", "insight"]))
    with pytest.raises(CreationError, match="choose 2 skills"):
        build_character(choices(skills=["insight"]))


def test_half_elf_raises_two_abilities_of_choice() -> None:
    """SRD: a half-elf gets +2 CHA and +1 to two other abilities of the player's choice,
    and two skills of any kind."""
    sheet = build_character(
        choices(species="half_elf", increases=["str", "con"],
                skills=["acrobatics", "intimidation", "arcana", "history"])
    )  # fmt: skip
    assert (sheet.abilities.strength, sheet.abilities.constitution) == (16, 14)
    assert sheet.abilities.charisma == 10
    with pytest.raises(CreationError, match="already rises"):
        build_character(choices(species="half_elf", increases=["cha", "con"]))


def test_wizard_spells_cantrips_and_slots() -> None:
    """SRD: a level-1 wizard knows 3 cantrips, prepares INT modifier + 1 spells and has two
    level-1 slots."""
    smart = {"str": 8, "dex": 14, "con": 13, "int": 15, "wis": 12, "cha": 10}
    cantrips = ["fire_bolt", "ray_of_frost", "Shocking Grasp"]
    sheet = build_character(
        choices(character_class="wizard", species="gnome", background="archivist",
                scores=smart, skills=["arcana", "insight"], options={},
                cantrips=cantrips, spells=["magic_missile", "shield", "sleep", "thunderwave"])
    )  # fmt: skip
    assert sheet.abilities.intelligence == 17  # gnome +2: modifier +3, four spells prepared
    assert sheet.spell_slots.maximum == {1: 2}
    assert sheet.spellcasting_ability is Ability.INT and sheet.spell_save_dc == 13
    assert "shocking_grasp" in sheet.spells and len(sheet.spells) == 7
    assert sheet.vitals.max_hp == 6 + 2  # CON 13 + 1 (gnome)
    with pytest.raises(CreationError, match="choose 4 level-1 spells"):
        build_character(
            choices(character_class="wizard", species="gnome", background="archivist",
                    scores=smart, skills=["arcana", "insight"], options={},
                    cantrips=cantrips, spells=["magic_missile"])
        )  # fmt: skip


def test_warlock_has_one_pact_slot_and_half_casters_none_at_level_one() -> None:
    """SRD: a level-1 warlock's pact magic gives one level-1 slot; paladins and rangers cast
    no spells before level 2."""
    warlock = classes()["warlock"]
    plan = spell_plan("warlock", warlock, build_character(choices()).abilities)
    sheet = build_character(
        choices(character_class="warlock", skills=["arcana", "history"], options={},
                cantrips=list(plan.cantrip_options[: plan.cantrips]),
                spells=list(plan.spell_options[: plan.spells]))
    )  # fmt: skip
    assert sheet.spell_slots.maximum == {1: 1}
    for name in ("paladin", "ranger"):
        assert spell_plan(name, classes()[name], sheet.abilities).spells == 0


@given(class_id=st.sampled_from(list(classes().entries)),
       scores=st.lists(st.integers(min_value=3, max_value=20), min_size=6, max_size=6))  # fmt: skip
def test_whether_a_class_chooses_spells_does_not_wait_for_the_scores(
    class_id: str, scores: list[int]
) -> None:
    """Whether there are spells to choose is known before the scores are final (a half-elf
    raises two of them after they are given): any scores give the plan's answer."""
    abilities = AbilityScores.model_validate(dict(zip(STANDARD, scores, strict=True)))
    plan = spell_plan(class_id, classes()[class_id], abilities)
    assert chooses_spells(class_id, classes()[class_id]) == (plan.cantrips + plan.spells > 0)


def test_the_classes_that_choose_spells_at_level_one() -> None:
    casters = {c for c, spec in classes().entries.items() if chooses_spells(c, spec)}
    assert casters == {"bard", "cleric", "druid", "sorcerer", "warlock", "wizard"}


@pytest.mark.parametrize("class_id", list(classes().entries))
def test_every_class_makes_a_valid_sheet_with_each_pack(class_id: str) -> None:
    """Every class's equipment packs name real weapons and armour it is trained with, and
    every class makes a sheet that validates."""
    spec = classes()[class_id]
    assert spec.creation is not None
    trained = set(spec.creation.armor)
    for pack in spec.creation.packs:
        for weapon in pack.weapons:
            assert weapon in srd().weapons
        if pack.armor:
            assert srd().armor[pack.armor].category in trained
        assert not pack.shield or "shield" in trained
    for index in range(len(spec.creation.packs)):
        sheet = _any_sheet(class_id, index)
        assert sheet.level == 1 and sheet.vitals.max_hp >= 1


def _any_sheet(
    class_id: str,
    pack: int,
    species_id: str = "human",
    background_id: str = "acolyte",
    scores: dict[str, int] | None = None,
) -> CharacterSheet:
    """A valid character of this class, species and background: the first skills, spells
    and options offered, as a player taking the defaults would."""
    spec = classes()[class_id]
    kind, bg = species_catalog()[species_id], backgrounds()[background_id]
    base = scores or STANDARD
    up = list(increase_options(kind)[: kind.choose_increases])
    final = final_scores(kind, {Ability(k): v for k, v in base.items()}, up)
    plan = skill_plan(kind, spec, bg)
    picked = list(plan.class_options[: plan.class_count])
    rest = [s for s in Skill if s not in plan.fixed and s not in picked]
    skills = [*picked, *rest[: plan.free_count]]
    magic = spell_plan(class_id, spec, final)
    options = {f: allowed[0] for f, allowed in feature_options(kind, spec).items()}
    return build_character(
        choices(character_class=class_id, species=species_id, background=background_id,
                scores=base, increases=up, skills=skills, pack=pack, options=options,
                expertise=skills[:2] if "expertise" in spec.features_up_to(1) else [],
                cantrips=list(magic.cantrip_options[: magic.cantrips]),
                spells=list(magic.spell_options[: magic.spells]))
    )  # fmt: skip


@given(
    class_id=st.sampled_from(list(classes().entries)),
    species_id=st.sampled_from(list(species_catalog().entries)),
    background_id=st.sampled_from(list(backgrounds().entries)),
    order=st.permutations(STANDARD_ARRAY),
)
def test_every_combination_makes_a_sound_level_one_sheet(
    class_id: str, species_id: str, background_id: str, order: list[int]
) -> None:
    """SRD: a level-1 character has the hit die's maximum + CON modifier hit points (at
    least 1, plus a hill dwarf's or draconic sorcerer's extra point), one hit die, its
    class's saving throws, and every score raised by its species; any species, class,
    background and any arrangement of the standard array makes such a sheet."""
    scores = dict(zip(("str", "dex", "con", "int", "wis", "cha"), order, strict=True))
    sheet = _any_sheet(class_id, 0, species_id, background_id, scores)
    spec, kind = classes()[class_id], species_catalog()[species_id]
    extra = sum(FEATURE_HP.get(f, 0) for f in (*kind.traits, *spec.features_up_to(1)))
    hp = spec.hit_die + sheet.modifier(Ability.CON) + extra
    assert sheet.vitals.max_hp == max(1, hp) == sheet.vitals.hp
    assert sheet.hit_dice.total == 1 and sheet.hit_dice.die == spec.hit_die
    assert sheet.saving_throws == set(spec.saving_throws)
    for ability in Ability:
        assert sheet.abilities.score(ability) >= scores[ability.value] + kind.increases.get(
            ability, 0
        )
    assert CharacterSheet.model_validate(sheet.model_dump()) == sheet


def test_unknown_names_are_refused_with_the_choices() -> None:
    for field, value in (
        ("species", "orcling"),
        ("character_class", "necromancer"),
        ("background", "pirate"),
    ):
        with pytest.raises(CreationError, match="choose one of"):
            build_character(choices(**{field: value}))
