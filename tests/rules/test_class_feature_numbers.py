"""Class features and species traits whose numbers the rules engine owns, each held to the
SRD 5.1's wording."""

from __future__ import annotations

import random

from rules.abilities import Ability, AbilityScores
from rules.advancement import level_up, plan_level_up
from rules.character import CharacterSheet
from rules.choosing import spell_plan
from rules.conditions import ActiveCondition, Condition, tick_end_of_turn, tick_source_turn
from rules.creation import class_of
from rules.economy import TurnEconomy
from rules.features import after_rest, lay_on_hands_helps
from rules.outcomes import Impossible
from rules.rests import slots_after_short_rest
from rules.skills import Skill
from rules.spellcasting import SpellSlots
from rules.srd import srd
from rules.traits import can_grapple_or_shove, species_size


def test_a_halfling_of_any_subrace_is_small() -> None:
    """SRD (Halfling, Size): halflings are Small, whichever subrace; so are gnomes."""
    for name in ("Halfling (lightfoot)", "Halfling (stout)", "halfling", "Gnome (rock)"):
        assert species_size(name) == "small", name
    for name in ("Dwarf (hill)", "Half-elf", "Human"):
        assert species_size(name) == "medium", name
    assert not can_grapple_or_shove(species_size("Halfling (lightfoot)"), "large")


def _sheet(**data: object) -> CharacterSheet:
    base: dict[str, object] = {
        "id": "hero", "name": "Hero", "class": "Fighter", "level": 1,
        "abilities": {"str": 16, "dex": 14, "con": 14, "int": 10, "wis": 12, "cha": 16},
        "vitals": {"hp": 12, "max_hp": 12},
    }  # fmt: skip
    base.update(data)
    die = {"Fighter": 10, "Barbarian": 12, "Sorcerer": 6, "Wizard": 6}.get(str(base["class"]), 8)
    base["hit_dice"] = {"die": die, "total": base["level"], "remaining": base["level"]}
    return CharacterSheet.model_validate(base)


def test_dwarven_toughness_adds_a_hit_point_on_every_level_gained() -> None:
    """SRD (Hill Dwarf): maximum hit points rise by 1, and by 1 again every level."""
    dwarf = _sheet(species="Dwarf (hill)", features=["dwarven_toughness"])
    human = _sheet(species="Human")
    plan = plan_level_up(dwarf)
    assert not isinstance(plan, Impossible) and plan.average_hp == 6 + 2 + 1
    gained = []
    for sheet in (dwarf, human):
        result = level_up(sheet, random.Random(1), hp="average")
        assert not isinstance(result, Impossible)
        gained.append(result.sheet.vitals.max_hp - sheet.vitals.max_hp)
    assert gained == [6 + 2 + 1, 6 + 2]


def test_draconic_resilience_adds_a_hit_point_on_every_sorcerer_level() -> None:
    """SRD (Draconic Resilience): maximum hit points rise by 1 per sorcerer level."""
    sorcerer = _sheet(**{"class": "Sorcerer"}, spellcasting_ability="cha")
    result = level_up(sorcerer, random.Random(1), hp="average")
    assert not isinstance(result, Impossible)
    assert result.sheet.vitals.max_hp - sorcerer.vitals.max_hp == 4 + 2 + 1


def test_draconic_resilience_makes_unarmoured_ac_13_plus_dex() -> None:
    """SRD (Draconic Resilience): without armour, AC is 13 + the Dexterity modifier."""
    sorcerer = _sheet(**{"class": "Sorcerer"}, spellcasting_ability="cha")
    assert sorcerer.armor_class == 13 + 2
    assert sorcerer.model_copy(update={"armor": "leather"}).armor_class == 11 + 2
    assert _sheet().armor_class == 10 + 2  # a fighter without armour: 10 + DEX


def test_jack_of_all_trades_adds_half_proficiency_to_checks_without_it() -> None:
    """SRD (Jack of All Trades, bard 2): half the proficiency bonus, rounded down, on any
    ability check that does not already add it — initiative included; not on saves."""
    bard = _sheet(**{"class": "Bard"}, level=2, skills={"persuasion": "proficient"},
                  spellcasting_ability="cha")  # fmt: skip
    assert bard.check_modifier(Skill.ATHLETICS) == 3 + 1  # STR +3, half of +2
    assert bard.check_modifier(ability=Ability.INT) == 0 + 1
    assert bard.check_modifier(Skill.PERSUASION) == 3 + 2  # proficient: the whole bonus only
    assert bard.initiative_modifier == 2 + 1
    assert bard.save_modifier(Ability.STR) == 3
    assert (
        _sheet(**{"class": "Bard"}, spellcasting_ability="cha").check_modifier(Skill.ATHLETICS) == 3
    )  # a level-1 bard has no Jack of All Trades yet


def test_font_of_inspiration_brings_bardic_inspiration_back_on_a_short_rest() -> None:
    """SRD (Font of Inspiration, bard 5): Bardic Inspiration is regained on a short or a
    long rest; before level 5 only a long rest brings it back."""
    spent = {"bardic_inspiration": 3}
    assert after_rest(spent, "short") == spent
    assert after_rest(spent, "short", ("font_of_inspiration",)) == {}
    assert after_rest(spent, "long") == {}


def test_pact_magic_slots_come_back_on_a_short_rest() -> None:
    """SRD (Pact Magic): expended slots are regained on a short or long rest."""
    slots = SpellSlots(maximum={1: 2}, expended={1: 2})
    assert slots_after_short_rest(slots, pact_magic=True).remaining(1) == 2
    assert slots_after_short_rest(slots, pact_magic=False).remaining(1) == 0


def test_fast_and_unarmored_movement_raise_the_walking_speed() -> None:
    """SRD: Fast Movement (barbarian 5) +10 ft unless in heavy armour; Unarmored Movement
    (monk 2) +10 ft without armour or shield, +15 ft from monk 6."""
    barbarian = _sheet(**{"class": "Barbarian"}, level=5)
    assert barbarian.walking_speed == 40
    assert barbarian.model_copy(update={"armor": "hide"}).walking_speed == 40
    assert barbarian.model_copy(update={"armor": "chain_mail"}).walking_speed == 30
    assert _sheet(**{"class": "Barbarian"}, level=4).walking_speed == 30
    monk = _sheet(**{"class": "Monk"}, level=2)
    assert monk.walking_speed == 40
    assert _sheet(**{"class": "Monk"}, level=6).walking_speed == 45
    assert monk.model_copy(update={"shield": True}).walking_speed == 30
    assert _sheet(**{"class": "Monk"}, level=1).walking_speed == 30


def test_a_dash_doubles_the_raised_speed() -> None:
    """SRD (Dash): extra movement equal to the speed — the speed after Fast Movement."""
    economy = TurnEconomy.fresh(_sheet(**{"class": "Barbarian"}, level=5).walking_speed)
    economy.dash()
    assert economy.movement == 80


def test_a_condition_timed_to_its_source_counts_down_on_the_sources_turns_only() -> None:
    """SRD (Stunning Strike): stunned until the end of the monk's next turn — the affected
    creature's own turns do not count it down; the monk's turn ends do."""
    stun = ActiveCondition(condition=Condition.STUNNED, source="monk", rounds=2,
                           counts_on="source")  # fmt: skip
    own = tick_end_of_turn([stun], random.Random(1), lambda _a: 0)
    assert own.remaining == (stun,) and not own.ended
    assert tick_source_turn([stun], "someone", "end").remaining == (stun,)
    first = tick_source_turn([stun], "monk", "end")
    assert first.remaining[0].rounds == 1
    assert tick_source_turn(first.remaining, "monk", "end").ended[0].condition is Condition.STUNNED


def test_lay_on_hands_spares_undead_and_constructs() -> None:
    """SRD (Lay on Hands): it has no effect on undead and constructs."""
    assert not lay_on_hands_helps("undead") and not lay_on_hands_helps("Construct")
    assert lay_on_hands_helps("humanoid (goblinoid)") and lay_on_hands_helps("beast")


def test_a_new_bard_chooses_two_cantrips_from_enough_bard_cantrips() -> None:
    """SRD (Bard table): a level-1 bard knows 2 cantrips of the bard's spell list."""
    class_id, spec = class_of("bard")
    scores = AbilityScores.model_validate(
        {"str": 8, "dex": 14, "con": 13, "int": 10, "wis": 12, "cha": 15}
    )
    plan = spell_plan(class_id, spec, scores)
    assert plan.cantrips == 2 and len(plan.cantrip_options) >= 2
    assert {"vicious_mockery", "mage_hand", "prestidigitation"} <= set(plan.cantrip_options)
    for cantrip in plan.cantrip_options:
        assert "bard" in srd().spells.get(cantrip).classes and srd().spells.get(cantrip).level == 0
