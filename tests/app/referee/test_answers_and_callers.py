"""Questions and calls a play-tester's set showed misread: a capitalised verb taken for a
stranger's name, a name nobody in the story has, spell slots asked as "do I have any", a
"hit point total", a friend's state asked with the conditions on them, a count of foes
that leaves out their boss, and backing off after a blow read as the party's flight."""

from __future__ import annotations

import json

from app.session.setup import session_for
from tests.app.referee_lines import play, read, told
from tests.referee_corpus import Situation, build_situation

RATS = {"campaign": "crossroads", "scene": "cellar", "fight": "cellar_rats", "turn": "thorin",
        "wounds": {"giant-rat-2": 3}}  # fmt: skip
INN = {"campaign": "crossroads", "scene": "inn"}
HALL = {"campaign": "crossroads", "scene": "chief_hall", "fight": "grubnak_band", "turn": "aria",
        "flags": {"trapdoor_open": True, "tam_found": True, "guards_passed": True},
        "defeated": ["cellar_rats", "tunnel_guards"]}  # fmt: skip
HARBOUR = {"campaign": "drowned_bell", "scene": "harbour"}


def test_a_verb_written_with_a_capital_is_no_strangers_name() -> None:
    said = read(RATS, "thorin", "Attack the rat that's bleeding.")[0]
    assert (said.kind, said.targets) == ("attack", ("giant-rat-2",))
    assert read(INN, "mira", "Legolas looks around")[0].kind == "refuse"


def test_a_name_nobody_in_the_story_has_is_said_so() -> None:
    said = read(INN, "mira", "Gandalf, come over here")[0]
    assert said.kind == "refuse" and "nobody called Gandalf" in said.note
    assert read(INN, "mira", "Berta, come over here")[0].kind == "talk"


async def test_spell_slots_asked_as_having_any_are_answered_not_looked_for() -> None:
    said = read(HALL, "aria", "do I have any 2nd level slots?")[0]
    assert said.kind == "question"
    assert "2nd-level" in await told(HALL, "aria", "do I have any 2nd level slots?")


async def test_a_hit_point_total_and_a_friends_state_are_told() -> None:
    assert "28 of 28 hit points" in await told(HARBOUR, "ione", "what's my hit point total")
    down = {"campaign": "hollow_ford", "scene": "woods", "conditions": {"bram": ["prone"]}}
    assert "prone" in await told(down, "ivo", "Is Bram still down?")


async def test_a_count_of_goblins_counts_their_boss() -> None:
    answer = await told(HALL, "aria", "how many goblins are fighting us")
    assert "3 still stand" in answer and "Grubnak" in answer


def test_backing_off_after_a_blow_is_a_step_back_but_running_back_is_flight() -> None:
    aria = {**RATS, "turn": "aria"}
    backing = read(aria, "aria", "Cast fire bolt on rat 2 and then back away up the stairs")
    assert [(c.kind, c.action) for c in backing] == [("cast", None), ("manoeuvre", "withdraw")]
    running = read(aria, "aria", "shoot rat 2 then run back up the stairs")
    assert [c.kind for c in running][-1] == "move"


def test_a_spell_cast_at_a_foe_without_its_name_is_the_one_cantrip_or_asked() -> None:
    asked = read(HALL, "aria", "blast the one with the saucepan on his head")[0]
    assert asked.kind == "ask" and asked.targets == ("grubnak",)
    assert asked.note == "which spell: Fire Bolt or Ray of Frost?"
    strand = {"campaign": "drowned_bell", "scene": "strand", "fight": "strand_thralls",
              "turn": "wren"}  # fmt: skip
    zap = read(strand, "wren", "I zap thrall 1")[0]
    assert (zap.kind, zap.spell, zap.targets) == ("cast", "vicious_mockery",
                                                  ("drowned-thrall-1",))  # fmt: skip


def test_ones_own_sheet_looked_over_is_a_question_and_the_line_goes_on() -> None:
    clauses = read(INN, "aria", "check my spells and then go out to the road")
    assert [(c.kind, c.target) for c in clauses] == [("question", "aria"), ("move", "old_road")]
    # put as a question, the line only asks ("should we rest before we go out there")
    asked = read(INN, "aria", "whats the difference between fire bolt and ray of frost")
    assert [c.kind for c in asked] == ["question"]


def test_a_thing_pocketed_unseen_is_sleight_of_hand_not_a_look() -> None:
    hall = {"campaign": "crossroads", "scene": "chief_hall",
            "flags": {"trapdoor_open": True, "tam_found": True, "guards_passed": True},
            "defeated": ["cellar_rats", "tunnel_guards"]}  # fmt: skip
    said = read(hall, "mira", "i pocket a sausage from the pile when nobody's looking")[0]
    assert (said.kind, said.action) == ("improvise", "sleight_of_hand")


def test_a_fallen_log_is_no_fallen_foe_and_a_rhyme_at_a_wolf_mocks_it() -> None:
    woods = {"campaign": "hollow_ford", "scene": "woods", "fight": "woods_wolves",
             "turn": "ivo", "dead": ["wolf-2"]}  # fmt: skip
    line = (
        "Ivo scrambles on top of a fallen log, flourishes his rapier, and hurls the "
        "filthiest rhyme he knows about the remaining wolf's mother and her fleas."
    )
    said = read(woods, "ivo", line)[0]
    assert (said.kind, said.spell, said.targets) == ("cast", "vicious_mockery", ("wolf-1",))


async def test_a_mood_between_asterisks_is_told_and_costs_nothing() -> None:
    strand = {"campaign": "drowned_bell", "scene": "strand", "fight": "strand_thralls",
              "turn": "wren"}  # fmt: skip
    session = session_for(build_situation(Situation.model_validate(strand)))
    referee = await play(session, "wren", "*hums nervously*")
    assert not referee.made  # no check, no turn ended
    assert "Wren hums nervously." in session.state.history[-1].narrative
    assert read(strand, "wren", "*sighs*")[0].kind == "ask"


async def test_a_challenge_in_a_fight_is_said_to_wait_not_tried() -> None:
    strand = {"campaign": "drowned_bell", "scene": "strand", "fight": "strand_thralls",
              "turn": "ione"}  # fmt: skip
    session = session_for(build_situation(Situation.model_validate(strand)))
    referee = await play(session, "ione", "I cross the causeway to the chapel")
    assert not [c for c in referee.made if c.name == "attempt_challenge"]
    assert "must wait until it is over" in session.state.history[-1].narrative


def test_trying_to_learn_what_made_a_mark_is_a_look_not_the_lock() -> None:
    line = "kneel by the trapdoor and study the scratches, trying to judge what made them"
    assert {c.kind for c in read(INN, "aria", line)} == {"examine"}


async def test_casting_and_attacking_in_one_turn_is_answered_for_a_non_caster_too() -> None:
    answer = await told(INN, "mira", "can I cast a spell and attack in the same turn?")
    assert "Mira knows no spells" in answer and "one or the other" in answer


async def test_pay_is_asked_of_the_reward() -> None:
    said = read(INN, "mira", "how much are you paying us lol")[0]
    assert (said.kind, said.target, said.topic) == ("talk", "berta", "reward")
    assert "Twenty gold" in await told(INN, "mira", "how much are you paying us lol")


async def test_a_scene_word_is_never_mended_into_a_keyword() -> None:
    cellar = {"campaign": "crossroads", "scene": "cellar", "flags": {"trapdoor_open": True},
              "defeated": ["cellar_rats"]}  # fmt: skip
    answer = await told(cellar, "mira", "can i climb the casks?")
    assert "level 3" not in answer  # ("casks" once read as "class")


def test_darts_at_the_rats_are_spread_over_them() -> None:
    aria = {"campaign": "crossroads", "scene": "cellar", "fight": "cellar_rats", "turn": "aria"}
    said = read(aria, "aria", "cast magic missile on the rats, spread them out")[0]
    assert (said.spell, len(said.targets)) == ("magic_missile", 3)
    assert read(aria, "aria", "magic missile at rat 2")[0].targets == ("giant-rat-2",)


async def test_a_potion_held_out_to_the_lass_goes_to_the_one_friend_hurt() -> None:
    cellar = {"campaign": "crossroads", "scene": "cellar", "flags": {"trapdoor_open": True},
              "defeated": ["cellar_rats"], "wounds": {"aria": 4}}  # fmt: skip
    state = build_situation(Situation.model_validate(cellar))
    session = session_for(state)
    await play(session, "thorin", "Thorin: here lass, take my potion")
    assert state.has_item("healing_potion")
    assert any("healing potion" in i.lower() for i in state.party["aria"].inventory)
    assert not any("healing potion" in i.lower() for i in state.party["thorin"].inventory)


def test_working_a_lock_picks_it_and_a_finger_run_along_a_desk_is_no_dash() -> None:
    for line in ("I start working the padlock", "she kneels and starts working the padlock"):
        assert read(INN, "mira", line)[0].target == "trapdoor_lock", line
    lighthouse = {"campaign": "drowned_bell", "scene": "lighthouse"}
    line = ("She walks around the keeper's room, running a finger along the dusty desk until "
            "she finds a big leather log")  # fmt: skip
    assert [(c.kind, c.target) for c in read(lighthouse, "ione", line)] == [("examine", "logbook")]
    # pages turned back are no way back to the harbour
    assert read(lighthouse, "wren", "she flips back through the pages")[0].kind == "examine"


async def test_a_deed_taken_back_mid_line_is_the_one_meant_and_its_it_is_the_first() -> None:
    fight = {"campaign": "crossroads", "scene": "cellar", "fight": "cellar_rats",
             "turn": "thorin", "wounds": {"aria": 17}}  # fmt: skip
    said = read(fight, "thorin", "drink my potion, no wait, pour it down aria's throat")[0]
    assert (said.kind, said.action, said.targets) == ("use", "pour", ("healing_potion", "aria"))
    session = session_for(build_situation(Situation.model_validate(fight)))
    referee = await play(session, "thorin", "drink my potion, no wait, pour it down aria's throat")
    assert [json.loads(c.arguments)["target_id"] for c in referee.made if c.name == "heal"] == [
        "aria"
    ]


def test_a_person_named_straight_before_a_question_is_asked_it() -> None:
    cellar = {"campaign": "crossroads", "scene": "cellar", "flags": {"trapdoor_open": True,
              "tam_found": True}, "defeated": ["cellar_rats"]}  # fmt: skip
    clauses = read(cellar, "aria", "tam are you ok? how many goblins are there?")
    assert [(c.kind, c.target) for c in clauses] == [("talk", "tam"), ("talk", "tam")]
