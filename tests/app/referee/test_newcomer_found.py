"""Lines a newcomer typed that did something else than was meant: "sleep the goblins" read
as a night's rest, a sneak attack read as slipping past, a look at a tunnel that walked the
party into it, a grate lit that lit the lighthouse, a stab made with a bow."""

from __future__ import annotations

from app.session import declaring, hotseat
from app.session.setup import session_for
from tests.app.referee_lines import play, read, told
from tests.referee_corpus import Situation, build_situation

WARREN = {"campaign": "crossroads", "scene": "warren", "defeated": ["cellar_rats"],
          "flags": {"trapdoor_open": True, "tam_found": True}}  # fmt: skip
CELLAR = {"campaign": "crossroads", "scene": "cellar", "defeated": ["cellar_rats"],
          "flags": {"trapdoor_open": True}}  # fmt: skip


def test_sleep_said_at_foes_in_view_is_the_spell_not_a_rest() -> None:
    for line in ("sleep the goblins", "Aria: sleep the goblins", "sleep them"):
        said = read(WARREN, "aria", line)[0]
        assert (said.kind, said.spell) == ("cast", "sleep"), line
    assert read(WARREN, "aria", "sleep till morning")[0].kind == "rest"


async def test_nobody_rests_with_foes_a_few_yards_off() -> None:
    story = await told(WARREN, "aria", "we take a long rest")
    assert "Nobody can rest with 2 goblins close by" in story
    assert "rests the night" not in story
    inn = {"campaign": "crossroads", "scene": "inn"}
    assert "long rest" in await told(inn, "aria", "we take a long rest")


def test_a_sneak_attack_is_a_blow_not_slipping_past() -> None:
    said = read(WARREN, "mira", "ok then i sneak attack the right goblin")[0]
    assert said.kind == "attack"
    assert read(WARREN, "mira", "we sneak past")[0].kind == "challenge"


def test_taking_a_look_takes_nobody_anywhere() -> None:
    said = read(CELLAR, "aria", "i take a look at that tunnel, any tracks?")
    assert said[0].kind == "examine"
    assert all(s.kind != "move" for s in said)
    assert read(CELLAR, "aria", "take the tunnel")[0].kind == "move"


def test_running_over_to_someone_of_the_story_is_no_step_at_a_foe() -> None:
    strand = {"campaign": "drowned_bell", "scene": "strand", "fight": "strand_thralls",
              "turn": "cass"}  # fmt: skip
    said = read(strand, "cass", "i run over to the young man and shake him awake")
    assert all(s.kind != "manoeuvre" or not s.targets for s in said)
    assert said[0].kind == "improvise"


def test_a_grate_lit_for_someone_lights_no_lamp_asked_about_after() -> None:
    keeper = {"campaign": "drowned_bell", "scene": "lighthouse"}
    line = ("i kneel and light the cold grate so the old man can warm up, then ask him gently "
            "why he let the lamp go dark")  # fmt: skip
    steps = read(keeper, "cass", line)
    assert [s.kind for s in steps] == ["improvise", "talk"]
    assert read(keeper, "cass", "the lamp, light it")[0].target == "light_lamp"


async def test_a_stab_out_of_a_blades_reach_waits_and_is_never_a_bow_shot() -> None:
    barrow = {"campaign": "hollow_ford", "scene": "barrow", "fight": "barrow_dead",
              "turn": "bram"}  # fmt: skip
    session = session_for(build_situation(Situation.model_validate(barrow)))
    referee = await play(session, "bram", "hack at skeleton 3")
    assert not [c for c in referee.made if c.name == "attack"]
    story = session.state.history[-1].narrative
    assert "beyond the reach of Bram's blade" in story
    assert session.state.encounter is not None and session.state.encounter.current.id == "bram"


async def test_two_ways_of_ending_one_turn_end_it() -> None:
    strand = {"campaign": "drowned_bell", "scene": "strand", "fight": "strand_thralls",
              "turn": "wren"}  # fmt: skip
    session = session_for(build_situation(Situation.model_validate(strand)))
    referee = await play(session, "wren", "thats it for me, done")
    assert [c.name for c in referee.made] == ["end_turn"]
    assert session.state.encounter is not None and session.state.encounter.current.id != "wren"


def test_who_has_a_thing_is_answered_by_name_at_once_at_a_shared_table() -> None:
    table = {"campaign": "crossroads", "scene": "inn", "give": {"thorin": ["healing_potion"]},
             "players": {"Ana": ["mira"], "Ben": ["thorin", "aria"]}}  # fmt: skip
    session = session_for(build_situation(Situation.model_validate(table)))
    session.state.turn_order.active = "Ben"
    reply, who = declaring.declare(session, "Thorin: who has bertas potion", "thorin")
    assert who is None and reply.aside and "Thorin carries" in reply.text
    reply, _ = declaring.declare(session, "who's got the rope", "thorin")
    assert "Mira carries the rope" in reply.text


async def test_a_list_of_ones_own_spells_is_answered() -> None:
    rats = {"campaign": "crossroads", "scene": "cellar", "fight": "cellar_rats", "turn": "aria"}
    for line in ("list my spells", "what spells have i got"):
        assert "Aria's spells" in await told(rats, "aria", line), line


def test_a_question_then_a_deed_in_its_own_sentence_is_both() -> None:
    inn = {"campaign": "crossroads", "scene": "inn"}
    steps = read(inn, "mira", "so is there a reward or what? then i pick the lock")
    assert [s.kind for s in steps] == ["talk", "challenge"]


def test_words_to_a_friend_after_a_deed_for_her_are_said_in_passing() -> None:
    rats = {"campaign": "crossroads", "scene": "cellar", "fight": "cellar_rats", "turn": "thorin"}
    steps = read(rats, "thorin", "i hit rat 1 then check on aria, u ok girl?")
    assert all(s.kind != "talk" for s in steps)


def test_a_turning_said_twice_is_one_turning() -> None:
    strand = {"campaign": "drowned_bell", "scene": "strand", "fight": "strand_thralls",
              "turn": "cass"}  # fmt: skip
    steps = read(strand, "cass", "turn undead!! begone foul things")
    assert [(s.kind, s.action) for s in steps] == [("feature", "turn_undead")]


async def test_a_look_after_a_lock_tried_the_same_round_sees_the_place_as_it_is_then() -> None:
    table = {"campaign": "crossroads", "scene": "inn",
             "players": {"Ana": ["mira"], "Ben": ["thorin", "aria"]}}  # fmt: skip
    for seed in range(12):
        state = build_situation(Situation.model_validate(table))
        state.rng.seed(seed)
        session = session_for(state)
        for actor, line in (("mira", "i pick the lock"), ("thorin", "i look around")):
            state.turn_order.active = state.controller_of(actor)
            declaring.declare(session, line, actor)
            hotseat.advance(state, state.controller_of(actor) or "", "TURN_COMPLETE")
        story = [e.text async for e in session.process() if e.type == "narrative_chunk"]
        told = " ".join(story)
        opened = "padlock clicks open" in told
        assert ("The Inn Cellar, shut" in told) is not opened, seed


def test_trying_a_lock_again_after_its_trap_is_a_try_at_the_lock() -> None:
    inn = {"campaign": "crossroads", "scene": "inn", "challenges": {"trapdoor_lock": "failed"}}
    said = read(inn, "thorin", "try the lock again")[0]
    assert (said.kind, said.target) == ("challenge", "trapdoor_lock")


async def test_a_line_that_opens_a_fight_keeps_its_later_clauses_for_the_strikers_turn() -> None:
    session = session_for(build_situation(Situation.model_validate(WARREN)))
    await play(session, "mira", "i shoot the goblin on the left and then duck behind the sack")
    story = session.state.history[-1].narrative
    assert "will act when the turn comes round" in story
    assert "does not get to" not in story


async def test_ducking_behind_a_thing_that_hides_nobody_is_said_not_dropped() -> None:
    fight = {**WARREN, "fight": "tunnel_guards", "turn": "mira"}
    line = "i shoot the goblin on the left and then duck behind the turnip sack"
    story = await told(fight, "mira", line)
    assert "shortbow" in story and "the turnip sack would hide nobody" in story


def test_words_naming_things_are_asked_or_said_never_offered_back_as_deeds() -> None:
    inn = {"campaign": "crossroads", "scene": "inn"}
    line = "wait if the trapdoor slammed on him who locked the padlock?? thats sus"
    assert read(inn, "mira", line)[0].kind == "question"
    hall = {"campaign": "crossroads", "scene": "chief_hall", "defeated": ["cellar_rats"],
            "flags": {"trapdoor_open": True, "tam_found": True}}  # fmt: skip
    line = ("we'll bring u a string of sausages every week if u give tam's stuff back and stay "
            "out of the cellar. deal?")  # fmt: skip
    assert {(s.kind, s.target) for s in read(hall, "mira", line)} == {("talk", "grubnak")}


def test_a_complaint_about_the_last_turn_is_told_how_to_take_it_back() -> None:
    from app.understanding.takingback import asks_to_take_back

    for line in ("what?? i didnt want to go to the monster", "that's not what i meant"):
        assert asks_to_take_back(line), line
    assert not asks_to_take_back("I didn't want to hurt him, Berta")
