"""The character sheet's facts: every number as the rules give it (skill and save bonuses
against the d20 formulas, for any scores and proficiencies), uses and slots left, the
fallen, the spell-less, and whose sheet a typed name means."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from app.referee.answering_kit import _counted
from app.session.setup import start_session
from app.session.sheets import all_sheets, pick_character, sheet_text
from app.understanding.carrying import _part_of
from app.world.campaignfile import load_campaign
from app.world.folders import CAMPAIGNS_DIR
from app.world.sandbox import sandbox_party
from app.world.sheetfacts import coins_in, coins_text, facts_text, sheet_facts, skill_facts
from rules.abilities import Ability
from rules.character import CharacterSheet
from rules.conditions import ActiveCondition, Condition
from rules.damage import LifeState
from rules.effects import Effect
from rules.skills import Proficiency, Skill

PROFICIENCY_SHARE = {Proficiency.NONE: 0, Proficiency.HALF: 0.5, Proficiency.PROFICIENT: 1,
                     Proficiency.EXPERTISE: 2}  # fmt: skip


def crossroads_session():
    return start_session(load_campaign(CAMPAIGNS_DIR / "crossroads"), 11)


def value(facts, section: str, label: str) -> str:
    return next(f.value for f in facts.section(section).facts if f.label == label)


def note(facts, section: str, label: str) -> str:
    return next(f.note for f in facts.section(section).facts if f.label == label)


@settings(max_examples=60, deadline=None)
@given(
    scores=st.lists(st.integers(1, 30), min_size=6, max_size=6),
    level=st.integers(1, 20),
    skills=st.dictionaries(st.sampled_from(list(Skill)), st.sampled_from(list(Proficiency))),
    saves=st.frozensets(st.sampled_from(list(Ability))),
)
def test_skill_and_save_bonuses_follow_the_d20_formulas(
    scores: list[int], level: int, skills: dict[Skill, Proficiency], saves: frozenset[Ability]
) -> None:
    data = sandbox_party()["thorin"].model_dump(by_alias=True)
    data |= {
        "abilities": {a.value: s for a, s in zip(Ability, scores, strict=True)},
        "level": level,
        "hit_dice": {"die": 10, "total": level, "remaining": level},
        "skills": skills,
        "saving_throws": saves,
    }
    sheet = CharacterSheet.model_validate(data)
    proficiency = 2 + (level - 1) // 4
    facts = sheet_facts(sheet)
    for skill in Skill:
        prof = skills.get(skill, Proficiency.NONE)
        score = scores[list(Ability).index(skill.ability)]
        want = (score - 10) // 2 + int(proficiency * PROFICIENCY_SHARE[prof])
        assert value(facts, "Skills", skill.label) == f"{want:+d}"
        mark = next(f.mark for f in facts.section("Skills").facts if f.label == skill.label)
        assert mark == ("" if prof is Proficiency.NONE else prof.value)
    for ability, score in zip(Ability, scores, strict=True):
        want = (score - 10) // 2 + (proficiency if ability in saves else 0)
        assert value(facts, "Saving throws", ability.full_name) == f"{want:+d}"
        assert value(facts, "Abilities", ability.full_name) == str(score)
    assert value(facts, "Hit points and defence", "Proficiency bonus") == f"+{proficiency}"


def test_the_pregens_read_as_their_sheets_say() -> None:
    session = crossroads_session()
    mira, thorin, aria = all_sheets(session)
    assert value(mira, "Skills", "Stealth") == "+7"  # DEX +3, expertise at +2 doubled
    assert "expertise" in note(mira, "Skills", "Stealth")
    assert value(mira, "Hit points and defence", "Armour class") == "14"
    assert mira.section("Spells").facts == () and mira.section("Spells").empty == "no spells"
    assert value(thorin, "Features and traits", "Second Wind") == "1/1 left"
    assert value(aria, "Spells", "Level 1 slots") == "4/4 left"
    assert value(aria, "Spells", "Spellcasting") == "Intelligence"
    assert "save DC 13, attack +5" in note(aria, "Spells", "Spellcasting")
    assert "Magic Missile" in value(aria, "Spells", "Level 1")
    assert value(aria, "Level", "Experience") == "900 XP"
    assert "level 4 at 2,700" in note(aria, "Level", "Experience")
    # the compact review for `dungeon character show` reads the same skills
    assert any(fact.label == "Stealth" and fact.value == "+7" for fact in skill_facts(
        session.state.party["mira"]))  # fmt: skip


def test_spent_uses_slots_and_lasting_effects_show() -> None:
    session = crossroads_session()
    party = session.state.party
    party["thorin"].resources["second_wind"] = 1
    party["aria"].spell_slots.expended[1] = 3
    party["aria"].concentration = "hold_person"
    party["aria"].effects.append(
        Effect(id="shield", name="Shield", source="aria", ac_bonus=5, ends="start_of_own_turn")
    )
    _, thorin, aria = all_sheets(session)
    second_wind = next(
        f for f in thorin.section("Features and traits").facts if f.label == "Second Wind"
    )
    assert second_wind.value == "0/1 left" and second_wind.mark == "warn"
    assert "short rest" in second_wind.note
    assert value(aria, "Spells", "Level 1 slots") == "1/4 left"
    assert value(aria, "Spells", "Concentrating on") == "Hold Person"
    assert value(aria, "Hit points and defence", "AC with effects") == "17"
    assert "Shield" in note(aria, "Hit points and defence", "AC with effects")
    assert any(f.label == "Shield" for f in aria.section("Conditions and effects").facts)


def test_the_dying_and_the_dead_say_so() -> None:
    session = crossroads_session()
    mira = session.state.party["mira"]
    mira.vitals = mira.vitals.model_copy(
        update={"hp": 0, "state": LifeState.DYING, "death_failures": 2, "death_successes": 1}
    )
    facts = sheet_facts(mira)
    assert facts.standing.label == "Unconscious and dying" and facts.standing.mark == "bad"
    assert value(facts, "Hit points and defence", "Death saves") == "✔1 ✘2"
    mira.vitals = mira.vitals.model_copy(update={"state": LifeState.DEAD})
    assert sheet_facts(mira).standing.label == "Dead"
    text = "\n".join(facts_text(sheet_facts(mira)))
    assert text.splitlines()[1] == "Dead" and "no spells" in text


def test_next_level_follows_the_adventure() -> None:
    sheet = sandbox_party()["mira"]
    assert value(sheet_facts(sheet, "milestone"), "Level", "Next level") == "at a milestone"
    assert value(sheet_facts(sheet, "none"), "Level", "Next level") == "none"
    ready = sheet.model_copy(update={"xp": 3000})
    assert "ready: /levelup" in note(sheet_facts(ready, "xp"), "Level", "Experience")


def test_coins_are_counted_from_what_is_carried() -> None:
    assert coins_in(["a pouch of 15 gold pieces", "3 sp", "silver key", "rope (50 ft)"]) == 1530
    assert coins_text(1530) == "15 gp 3 sp" and coins_text(0) == "none"


def test_a_purse_too_big_to_read_counts_nothing_and_breaks_nothing() -> None:
    """A hand-edited sheet's 4,400-digit purse is past what Python turns into a number: the
    sheet, the gold asked about and a coin handed over all carry on without it."""
    purse = f"a purse of {'9' * 4400} gp"
    assert coins_in([purse, "3 sp"]) == 30
    assert _counted(f"{'9' * 4400} arrows")[0] == 1
    assert not _part_of(f"{'9' * 4400} gold pieces", "give a gold coin to berta")
    session = crossroads_session()
    session.state.party["mira"].inventory.append(purse)
    found, text = sheet_text(session, "mira", None)
    assert found and "Mira" in text


def test_whose_sheet_a_typed_name_means() -> None:
    session = crossroads_session()
    assert pick_character(session, "", "aria").character == "aria"
    assert pick_character(session, "THORIN", None).character == "thorin"
    assert pick_character(session, "tho", None).character == "thorin"  # the start of a name
    assert pick_character(session, "Thorni", None).character == "thorin"  # a typo
    both = pick_character(session, "Aira", None)  # one letter from Aria and from Mira
    assert both.character is None and "Mira or Aria" in both.problem
    nobody = pick_character(session, "Zed", None)
    assert nobody.character is None and "The party: Mira, Thorin, Aria" in nobody.problem
    found, text = sheet_text(session, "mira", None)
    assert found and text.startswith("Mira — level 3 Halfling Rogue")


def test_a_hand_made_character_with_odd_gear_still_reads() -> None:
    sheet = CharacterSheet.model_validate(
        {"id": "pip", "name": "Pip [bold]", "class": "Rogue", "abilities": {
            "str": 8, "dex": 14, "con": 10, "int": 10, "wis": 10, "cha": 10},
         "vitals": {"hp": 7, "max_hp": 8}, "hit_dice": {"die": 8, "total": 1, "remaining": 0},
         "weapons": ["net"], "inventory": []}
    )  # fmt: skip
    facts = sheet_facts(sheet)
    assert value(facts, "Attacks and equipment", "Carries") == "Net"
    assert value(facts, "Hit points and defence", "Hit dice") == "0/1"
    assert facts.standing.label == "Wounded"


def test_conditions_stand_beside_how_the_character_fares() -> None:
    sheet = sandbox_party()["mira"]
    sheet.conditions.append(ActiveCondition(condition=Condition.POISONED, rounds=2))
    facts = sheet_facts(sheet)
    assert (facts.standing.label, facts.standing.value) == ("Unhurt", "poisoned")
    assert value(facts, "Conditions and effects", "poisoned") == "2 rounds left"
    cunning = next(f for f in facts.section("Features and traits").facts
                   if f.label == "Cunning Action")  # fmt: skip
    assert cunning.note == "bonus action"


def test_a_players_name_means_their_first_character() -> None:
    session = start_session(load_campaign(CAMPAIGNS_DIR / "crossroads"), 11,
                            players={"Ana": ["mira"], "Ben": ["thorin", "aria"]})  # fmt: skip
    assert pick_character(session, "ben", None).character == "thorin"
    assert pick_character(session, "Ana", None).character == "mira"
