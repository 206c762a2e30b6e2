"""Questions the game knows the answer to are answered from the game itself: every number
asserted here is read from the state or the rules, never written into the test."""

from __future__ import annotations

import pytest

from app.actions.calls import ToolCall
from app.referee.answering import answer_from_game
from app.referee.answers import answer_text
from app.referee.referee import OfflineReferee
from app.referee.voices import off_topic
from app.session import declaring
from app.session.setup import session_for
from app.understanding import understand
from app.world import view
from app.world.sheetfacts import signed
from app.world.state import GameState
from rules.conditions import Condition
from rules.skills import Skill
from rules.srd import srd
from tests.app.conftest import narration
from tests.referee_corpus import CORPUS, build_situation, load_corpus

SITUATIONS = load_corpus(CORPUS).situations


def game(situation: str) -> GameState:
    """A game brought to one of the corpus's situations."""
    return build_situation(SITUATIONS[situation])


def ask(state: GameState, actor: str, text: str) -> str | None:
    """The line, understood as a question, answered from the game (``None``: not known)."""
    intent = understand(text, actor, state, state.campaign)
    assert intent.kind == "question", (text, intent)
    return answer_from_game(state, state.campaign, intent)


def told(state: GameState, actor: str, text: str) -> str:
    said = ask(state, actor, text)
    assert said is not None, text
    return said


# -- a character -------------------------------------------------------------------------------
def test_how_hurt_am_i_tells_the_askers_hit_points() -> None:
    state = game("cellar_rats_thorin")
    vit = state.party["thorin"].vitals
    assert vit.hp < vit.max_hp  # the situation has him wounded
    said = told(state, "thorin", "how hurt am I?")
    assert f"Thorin has {vit.hp} of {vit.max_hp} hit points" in said


def test_a_named_party_members_ac_is_theirs_not_the_askers() -> None:
    state = game("cellar_rats_thorin")
    thorin, mira = state.party["thorin"], state.party["mira"]
    assert thorin.armor_class != mira.armor_class
    assert f"AC {thorin.armor_class}" in told(state, "mira", "what's Thorin's AC")
    assert f"AC {mira.armor_class}" in told(state, "mira", "what's my AC")


def test_spell_slots_are_told_by_level_as_they_stand() -> None:
    state = game("cellar_rats_aria")
    slots = state.party["aria"].spell_slots
    slots.spend(1)
    said = told(state, "aria", "how many spell slots do I have left")
    for level, most in slots.maximum.items():
        assert f"{slots.remaining(level)} of {most}" in said


def test_a_weapon_answer_gives_its_bonus_damage_and_properties() -> None:
    state = game("cellar_rats_thorin")
    sheet = state.party["thorin"]
    attack = sheet.weapon_attack("longsword")
    said = told(state, "thorin", "what does my longsword do")
    assert f"{signed(attack.attack_bonus)} to hit, {attack.damage} {attack.damage_type}" in said
    assert sheet.weapon_attack("longsword", grip="two").damage in said  # versatile
    bow = state.party["mira"].weapon_attack("shortbow")
    said = told(state, "mira", "what's the range of my shortbow")
    assert bow.range is not None
    assert f"range {bow.range[0]}/{bow.range[1]} ft" in said


def test_a_misspelt_skill_is_still_read() -> None:
    state = game("inn_start")
    bonus = state.party["mira"].check_modifier(Skill.STEALTH)
    assert f"Stealth {signed(bonus)}" in told(state, "mira", "whats my stelth bonus")


def test_movement_left_this_turn_comes_from_the_fights_economy() -> None:
    state = game("cellar_rats_thorin")
    assert state.encounter is not None and state.encounter.current.id == "thorin"
    state.encounter.economy["thorin"].move(20)
    left = state.encounter.economy["thorin"].movement
    said = told(state, "thorin", "how far can I move")
    assert f"speed is {state.party['thorin'].speed} ft" in said
    assert f"{left} ft of movement is left" in said


def test_a_condition_is_told_with_what_it_does() -> None:
    state = game("woods_wolves_sela")
    assert any(c.condition is Condition.PRONE for c in state.party["bram"].conditions)
    said = told(state, "sela", "is Bram still prone?")
    assert said.startswith("Yes: Bram is prone")
    state.party["bram"].conditions.clear()
    assert told(state, "sela", "is Bram still prone?").startswith("No: Bram is not prone")
    summary = srd().conditions[Condition.PRONE].summary
    assert summary in told(state, "sela", "what does prone do")


# -- the party and the fight -------------------------------------------------------------------
def test_the_worst_hurt_of_the_party_is_named() -> None:
    state = game("cellar_rats_thorin")
    worst = min(state.party.values(), key=lambda s: s.vitals.hp / s.vitals.max_hp)
    said = told(state, "mira", "who is hurt worst")
    assert said.startswith(f"Worst hurt: {worst.name}.")
    for sheet in state.party.values():
        assert f"{sheet.name} has {sheet.vitals.hp} of {sheet.vitals.max_hp}" in said


def test_foes_left_whose_turn_and_the_initiative_order() -> None:
    state = game("barrow_fight_sela")
    fight = state.encounter
    assert fight is not None
    alive = [c for c in state.creatures.values() if c.vitals.hp > 0 and not c.left]
    said = told(state, "sela", "how many skeletons are still standing?")
    assert said.startswith(f"{len(alive)} still stand")
    assert all(c.name in said for c in alive)
    now, after = fight.order[0], fight.order[1]
    assert now.id == "sela"
    turn = f"it is {now.name}'s turn (round {fight.round}); {after.name} is next."
    assert told(state, "sela", "is it my turn yet?") == f"Yes: {turn}"
    assert told(state, "ivo", "is it my turn yet?") == f"Not yet: {turn}"
    order = told(state, "sela", "what's the initiative order")
    assert ", ".join(f"{c.name} {c.initiative}" for c in fight.order[1:]) in order


def test_a_foes_wounds_and_death_are_told() -> None:
    state = game("cellar_rats_thorin")
    dead = [c for c in state.creatures.values() if c.vitals.hp == 0]
    assert dead and told(state, "thorin", f"is {dead[0].name.lower()} dead?").endswith("is dead.")
    rat = state.creatures["giant-rat-1"]
    said = told(state, "thorin", "how badly is rat 1 hurt")
    assert f"{rat.vitals.hp} of {rat.vitals.max_hp} hit points" in said  # the tracker shows them


def test_what_a_foe_is_comes_from_its_stat_block() -> None:
    state = game("barrow_fight_ivo")
    block = state.monster("skeleton")
    said = told(state, "ivo", "are skeletons weak to anything?")
    assert all(str(d) in said for d in block.vulnerabilities | block.immunities)
    wolves = game("woods_wolves_bram")
    trait = next(t for t in wolves.monster("wolf").traits if t.name == "Pack Tactics")
    assert trait.text in told(wolves, "bram", "do wolves have pack tactics?")


# -- the scene, the story, the rules -------------------------------------------------------------
def test_the_scene_answers_what_is_behind_something_and_where_to_go() -> None:
    state = game("inn_start")
    assert "trapdoor" in told(state, "mira", "what's behind the bar")
    said = told(state, "mira", "where can we go")
    assert "The Inn Cellar, shut" in said and "The Old Road" in said
    assert told(state, "mira", "who is here").startswith("Here: Berta.")


def test_the_goal_is_the_adventures_hook() -> None:
    state = game("inn_start")
    campaign = state.campaign
    assert campaign is not None
    hook = " ".join(campaign.campaign.summary.split())
    assert told(state, "mira", "what are we supposed to be doing").startswith(hook)


def test_a_spell_is_summarised_from_the_rules_data() -> None:
    state = game("cellar_rats_aria")
    spell = srd().spells.get("magic_missile")
    said = told(state, "aria", "what does magic missile do")
    assert f"range {spell.range_ft} ft" in said and f"{spell.damage} {spell.damage_type}" in said
    assert spell.summary in said


def test_the_dc_of_a_challenge_the_line_names_is_told_with_the_askers_bonus() -> None:
    state = game("inn_start")
    campaign = state.campaign
    assert campaign is not None
    spec = campaign.challenges["trapdoor_lock"]
    bonus = state.party["mira"].check_modifier(spec.skill, spec.ability)
    said = told(state, "mira", "what's the DC to pick the padlock?")
    assert f"DC {spec.dc}" in said and f"Mira's bonus is {signed(bonus)}" in said


def test_nobody_rests_in_a_fight_and_the_turns_economy_is_told() -> None:
    state = game("cellar_rats_aria")
    assert "nobody can rest during a fight" in told(state, "aria", "can we take a short rest")
    said = told(state, "aria", "can I cast and still attack this turn")
    assert "one or the other" in said and "the bonus action" in said


@pytest.mark.parametrize(
    ("situation", "actor", "text"),
    [("chapel", "bram", "how old is this chapel?"), ("yard_start", "bram", "how long till dark?")],
)
def test_what_the_game_cannot_know_is_left_to_the_honest_fallback(
    situation: str, actor: str, text: str
) -> None:
    state = game(situation)
    assert ask(state, actor, text) is None
    intent = understand(text, actor, state, state.campaign)
    campaign = state.campaign
    assert campaign is not None
    person = campaign.npcs[view.npcs_here(state, campaign)[0]]
    # Said in character by someone standing by, from their own voice, never made up.
    assert answer_text(state, campaign, intent).startswith(off_topic(person, text))


def test_the_answers_about_people_and_places_still_stand() -> None:
    state = game("inn_start")
    intent = understand("who's the woman behind the bar?", "aria", state, state.campaign)
    assert answer_text(state, state.campaign, intent).startswith("Berta is a broad")


# -- through the referee -------------------------------------------------------------------------
async def typed(state: GameState, actor: str, text: str) -> tuple[str, list[ToolCall]]:
    """Type a line as a player does and play the turn: what was told, and the calls made."""
    session = session_for(state)
    referee = session.brain
    assert isinstance(referee, OfflineReferee)
    reply, who = declaring.declare(session, text, actor)
    assert reply.ok and who == actor, reply.text
    events = [event async for event in session.process()]
    return narration(events), list(referee.planned)


async def test_a_question_in_a_fight_costs_no_action_and_calls_no_tool() -> None:
    state = game("cellar_rats_thorin")
    fight = state.encounter
    assert fight is not None and fight.current.id == "thorin"
    vit = state.party["thorin"].vitals
    text, calls = await typed(state, "thorin", "how hurt am I?")
    assert f"{vit.hp} of {vit.max_hp} hit points" in text
    assert calls == []
    spend = fight.economy["thorin"]
    assert fight.current.id == "thorin" and spend.action and spend.bonus_action


async def test_a_question_out_of_a_fight_is_answered_without_a_tool() -> None:
    state = game("inn_start")
    sheet = state.party["aria"]
    text, calls = await typed(state, "aria", "what's my spell save dc")
    assert f"spell save DC {sheet.spell_save_dc}" in text
    assert calls == []
