"""What players found on a fourth evening: words said to the foes at the end of a line
("take it and run, little guy") read as the speaker's own dash, or as a blow at the foe;
"help him up" read as a way up, out of the fight."""

from __future__ import annotations

import json

from app.actions.events import NarrativeChunk
from app.actions.turn_tools import conditions_ended
from app.session import declaring
from app.session.setup import session_for
from rules.conditions import ActiveCondition, Condition
from tests.app.referee_lines import play, read, told
from tests.referee_corpus import Situation, build_situation

WARREN = {"campaign": "crossroads", "scene": "warren", "fight": "tunnel_guards",
          "turn": "aria", "dead": ["goblin-1"]}  # fmt: skip


def test_words_said_to_a_foe_ask_it_to_run_and_do_not_send_the_speaker_running() -> None:
    for text, skill in (
        ("run, goblin!", "intimidation"),
        ("drop it and run, goblins", "intimidation"),
        ("take it and run, little guy", "persuasion"),
    ):
        said = read(WARREN, "aria", text)
        assert [(c.kind, c.action) for c in said] == [("improvise", skill)], text
    # a friend called is still a friend told to run: the speaker's words, not a demand
    assert read(WARREN, "aria", "run, guys!")[0].kind == "manoeuvre"
    # and a blow with a foe called is still the blow
    for blow in ("I attack you, goblin!", "take that, goblin!"):
        assert read(WARREN, "aria", blow)[0].kind == "attack", blow


async def test_a_coin_tossed_then_words_to_the_foe_is_no_blow() -> None:
    session = session_for(build_situation(Situation.model_validate(WARREN)))
    line = "I toss the goblin a gold coin. take it and run, little guy"
    said = read(WARREN, "aria", line)
    assert [c.kind for c in said] == ["improvise", "improvise"]
    referee = await play(session, "aria", line)
    assert not [c for c in referee.made if c.name == "attack"]
    checks = [json.loads(c.arguments) for c in referee.made if c.name == "request_ability_check"]
    assert [c["skill"] for c in checks] == ["persuasion"]


STRAND = {"campaign": "drowned_bell", "scene": "strand", "fight": "strand_thralls",
          "turn": "wren"}  # fmt: skip


def test_helping_someone_up_takes_nobody_up_the_shore_steps() -> None:
    for text in ("help him up", "I run to the young man and help him up"):
        said = read(STRAND, "wren", text)
        assert all(c.kind != "move" for c in said), text
    assert read(STRAND, "wren", "go up")[0].kind == "move"  # the way up is still a way


async def test_a_blow_at_a_foe_who_surrendered_is_held_and_said_so_plainly() -> None:
    hall = {"campaign": "crossroads", "scene": "chief_hall", "fight": "grubnak_band",
            "turn": "mira", "flags": {"guards_passed": True}}  # fmt: skip
    state = build_situation(Situation.model_validate(hall))
    grubnak = state.creatures["grubnak"]
    grubnak.left, grubnak.hostile = "surrendered", False
    session = session_for(state)
    referee = await play(session, "mira", "I stab Grubnak.")
    assert not [c for c in referee.made if c.name == "attack"]
    told = session.state.history[-1].narrative
    assert told.startswith("Grubnak has surrendered and is out of the fight, begging for mercy, "
                           "so Mira holds the blow.")  # fmt: skip
    assert "not sure what you mean" not in told


CELLAR_LATE = {"campaign": "crossroads", "scene": "cellar", "fight": "cellar_rats",
               "turn": "mira", "flags": {"trapdoor_open": True}, "dead": ["giant-rat-1"],
               "wounds": {"giant-rat-2": 5},
               "conditions": {"giant-rat-3": ["unconscious"]}}  # fmt: skip
CELLAR_FIGHT = {"campaign": "crossroads", "scene": "cellar", "fight": "cellar_rats",
                "turn": "aria", "flags": {"trapdoor_open": True}}  # fmt: skip
HALL = {"campaign": "crossroads", "scene": "chief_hall", "fight": "grubnak_band",
        "turn": "aria", "flags": {"guards_passed": True}}  # fmt: skip
HARBOUR = {"campaign": "drowned_bell", "scene": "harbour"}
INN = {"campaign": "crossroads", "scene": "inn", "met": ["berta"],
       "flags": {"trapdoor_open": True}, "challenges": {"trapdoor_lock": "passed"}}  # fmt: skip


def test_the_awake_one_and_the_sleeper_are_two_foes_in_the_order_said() -> None:
    said = read(CELLAR_LATE, "mira", "kill the awake one and then the sleeper")
    assert [(c.kind, c.targets) for c in said] == [
        ("attack", ("giant-rat-2",)),
        ("attack", ("giant-rat-3",)),
    ]
    assert read(CELLAR_LATE, "mira", "stab the one aria put to sleep")[0].targets == (
        "giant-rat-3",
    )
    woken = read(CELLAR_LATE, "mira", "shake the sleeping rat awake")[0]
    assert (woken.kind, woken.targets) == ("improvise", ("giant-rat-3",))


def test_a_blow_at_what_only_one_foe_wears_is_at_that_foe() -> None:
    for text in ("fire bolt the saucepan", "stab the saucepan", "shoot the spoon"):
        assert read(HALL, "aria", text)[0].targets == ("grubnak",), text
    assert read(HALL, "aria", "attack the goblin")[0].targets == ("goblin-1",)


async def test_two_deeds_weighed_aloud_are_both_offered_back_and_none_done() -> None:
    said = read(CELLAR_FIGHT, "aria", "hmm, sleep or magic missile?")
    assert [c.kind for c in said] == ["ask"]
    assert [r.spell for r in said[0].alternatives] == ["sleep", "magic_missile"]
    session = session_for(build_situation(Situation.model_validate(CELLAR_FIGHT)))
    referee = await play(session, "aria", "hmm, sleep or magic missile?")
    assert referee.made == []
    assert (
        session.state.history[-1].narrative == "Did you mean to cast Sleep or cast Magic Missile?"
    )
    assert read(CELLAR_FIGHT, "aria", "surrender or die")[0].kind == "improvise"  # a threat


def test_a_question_put_before_a_plan_is_asked_and_nobody_goes() -> None:
    line = "before we go down — Berta, anything down there we shouldn't break?"
    assert [c.kind for c in read(INN, "mira", line)] == ["talk"]
    assert [c.kind for c in read(INN, "mira", "before I go down, can I light my lantern?")] == [
        "question"
    ]
    # (what the party waits to do is the plan the words serve: nobody goes yet)
    assert [c.kind for c in read(INN, "mira", "before we go down, I ask Berta about Tam")] == [
        "talk"
    ]


def test_a_look_down_at_something_and_the_sun_going_down_take_nobody_down() -> None:
    said = read(HARBOUR, "wren", "look at the sea and then down at the boats")
    assert [(c.kind, c.targets) for c in said] == [("examine", ("sea",)), ("examine", ("boats",))]
    sung = read(HARBOUR, "wren", "I play a slow lament on my fiddle as the sun goes down")
    assert [c.kind for c in sung] == ["improvise"]
    assert read(HARBOUR, "wren", "the party goes down to the beach")[0].kind == "move"


def test_words_that_open_by_calling_the_foes_are_said_to_them() -> None:
    woods = {"campaign": "hollow_ford", "scene": "woods", "fight": "woods_wolves",
             "turn": "ivo", "dead": ["wolf-1"]}  # fmt: skip
    said = read(woods, "ivo", "Wolf! Run away, or I'll sing again!")
    assert [(c.kind, c.action) for c in said] == [("improvise", "intimidation")]
    assert read(WARREN, "aria", "Goblins! I attack the left one")[0].kind == "attack"
    # a cry at the sight of them is no demand: "wolves!! run" is said to the party
    assert read(woods, "ivo", "wolves!! run")[0].kind == "manoeuvre"
    assert read(woods, "ivo", "Wolf!! haha")[0].kind == "ask"


def test_a_seat_taken_at_a_shared_keyboard_is_table_talk_before_the_question() -> None:
    hot = {"campaign": "crossroads", "scene": "inn", "met": ["berta"],
           "players": {"Dee": ["mira", "aria"], "Eli": ["thorin"]}}  # fmt: skip
    said = read(hot, "aria", "Dee playing Aria now — what's Aria's AC?")
    assert [c.kind for c in said] == ["question"]


async def test_at_a_shared_table_what_is_done_here_comes_before_the_party_leaves() -> None:
    hot = {"campaign": "crossroads", "scene": "inn",
           "players": {"Ana": ["mira"], "Ben": ["thorin", "aria"]}}  # fmt: skip
    session = session_for(build_situation(Situation.model_validate(hot)))
    for actor, text in (("mira", "go out the front door"), ("thorin", "force the trapdoor")):
        reply, who = declaring.declare(session, text, actor)
        assert reply.ok and who == actor, reply.text
    async for _ in session.process():
        pass
    told = session.state.history[-1].narrative
    assert "belongs to another place" not in told
    assert session.state.challenges.get("force_trapdoor") is not None  # tried, not refused
    assert session.state.scene.id == "old_road"


def test_deeds_and_words_that_are_anothers_or_for_later_are_not_the_speakers() -> None:
    hall = {"campaign": "crossroads", "scene": "chief_hall", "met": ["grubnak"],
            "flags": {"trapdoor_open": True, "tam_found": True, "guards_passed": True},
            "defeated": ["cellar_rats", "tunnel_guards"]}  # fmt: skip
    assert "move" not in [c.kind for c in read(hall, "mira", "I intimidate Grubnak into leaving")]
    assert read(hall, "mira", "we leave")[0].kind == "move"
    spilt = read(
        CELLAR_FIGHT, "aria", "I kick over a cask so ale floods the floor and the rats slip"
    )
    assert [(c.kind, c.targets) for c in spilt] == [("improvise", ("casks",))]
    shoved = read(CELLAR_FIGHT, "aria", "I shove the rat so it falls over")[0]
    assert shoved.action == "shove_prone"  # (how the shove ends, said as its purpose)


async def test_a_blow_at_foes_all_dead_fights_nothing_and_rolls_nothing() -> None:
    warren = {"campaign": "crossroads", "scene": "warren",
              "flags": {"trapdoor_open": True, "tam_found": True},
              "defeated": ["cellar_rats", "tunnel_guards"]}  # fmt: skip
    session = session_for(build_situation(Situation.model_validate(warren)))
    referee = await play(session, "thorin", "attack the nearest goblin")
    assert referee.made == []
    assert "There is nothing here for Thorin to fight." in session.state.history[-1].narrative


def test_a_second_clause_is_read_with_whom_the_first_was_said_to() -> None:
    lighthouse = {"campaign": "drowned_bell", "scene": "lighthouse", "met": ["nessa", "wendel"]}
    said = read(lighthouse, "cass", "I cast guidance on myself and then talk to him gently")
    assert [(c.kind, c.targets) for c in said] == [("cast", ("cass",)), ("talk", ("wendel",))]
    yard = {"campaign": "hollow_ford", "scene": "mill_yard"}
    said = read(yard, "bram", "give the old fellow a cake and ask about the wolves")
    assert [(c.kind, c.target) for c in said] == [("give", "hobb"), ("talk", "hobb")]
    harbour = {"campaign": "drowned_bell", "scene": "harbour", "met": ["nessa"],
               "flags": {"corin_saved": True}, "defeated": ["strand_thralls"]}  # fmt: skip
    said = read(harbour, "ione", "we short rest and then go up to see wendel")
    assert [(c.kind, c.target) for c in said] == [("rest", None), ("move", "lighthouse")]
    strand = {"campaign": "drowned_bell", "scene": "strand", "met": ["nessa"],
              "flags": {"corin_saved": True}, "defeated": ["strand_thralls"]}  # fmt: skip
    said = read(strand, "cass", "cure wounds on myself and then we cross")
    assert [(c.kind, c.target) for c in said] == [("cast", "cass"), ("challenge", "cross_causeway")]
    assert read(INN, "mira", "pick")[0].kind == "ask"  # one word alone says too little


async def test_a_journey_of_two_ways_takes_both_the_second_from_the_place_reached() -> None:
    lighthouse = {"campaign": "drowned_bell", "scene": "lighthouse", "met": ["nessa", "wendel"]}
    session = session_for(build_situation(Situation.model_validate(lighthouse)))
    await play(session, "ione", "back to the harbour then down the shore steps")
    assert session.state.scene.id == "strand"
    assert read(lighthouse, "ione", "go down")[0].target == "harbour"  # the way down from here


async def test_where_everyone_stands_and_two_things_asked_at_once_are_answered() -> None:
    where = await told(CELLAR_FIGHT, "aria", "where is everyone standing?")
    assert "Giant Rat 3" in where and "are near, within a move of one another" in where
    both = await told(CELLAR_FIGHT, "aria", "what spells and features do I have?")
    assert "Aria's spells — cantrips: Fire Bolt" in both and "Aria's features:" in both


def test_what_wears_off_the_dead_goes_untold() -> None:
    state = build_situation(Situation.model_validate(CELLAR_LATE))
    asleep = ActiveCondition(condition=Condition.UNCONSCIOUS)
    assert conditions_ended(state, "giant-rat-2", [asleep])  # a living rat wakes: told
    assert conditions_ended(state, "giant-rat-1", [asleep]) == []  # a dead one: not


async def test_there_and_back_again_takes_both_ways() -> None:
    cellar = {"campaign": "crossroads", "scene": "cellar", "defeated": ["cellar_rats"],
              "flags": {"trapdoor_open": True, "tam_found": True}}  # fmt: skip
    session = session_for(build_situation(Situation.model_validate(cellar)))
    referee = await play(session, "thorin", "take tam up to berta and then come straight back down")
    moves = [json.loads(c.arguments)["scene_id"] for c in referee.made if c.name == "move_scene"]
    assert moves == ["inn", "cellar"]


def test_a_lie_or_a_bribe_to_a_person_is_words_to_them_or_the_parley() -> None:
    hall = {"campaign": "crossroads", "scene": "chief_hall", "met": ["grubnak"],
            "flags": {"trapdoor_open": True, "tam_found": True, "guards_passed": True},
            "defeated": ["cellar_rats", "tunnel_guards"]}  # fmt: skip
    lie = read(hall, "mira", "lie to Grubnak: Berta sent us, there's a whole cart of sausages")
    assert [(c.kind, c.targets) for c in lie] == [("talk", ("grubnak",))]
    assert read(hall, "mira", "deceive Grubnak")[0].kind == "talk"
    bribe = read(hall, "mira", "I bribe Grubnak with the silver key")[0]
    assert (bribe.kind, bribe.target) == ("challenge", "parley")


async def test_a_companion_who_casts_strikes_from_afar_not_with_a_dagger() -> None:
    cellar = {**CELLAR_FIGHT, "players": {"Ana": ["mira", "thorin"]}}
    state = build_situation(Situation.model_validate(cellar))
    state.turn_order.companions = ["aria"]  # her player left: the DM plays her
    session = session_for(state)
    told = [e.text async for e in session.run_until_players() if isinstance(e, NarrativeChunk)]
    assert "Aria casts Fire Bolt." in "".join(told)
    assert "Aria closes with" not in "".join(told)


def test_a_retreat_to_a_place_beyond_leaves_the_fight_by_its_way() -> None:
    cellar = {"campaign": "crossroads", "scene": "cellar", "fight": "cellar_rats",
              "turn": "thorin", "flags": {"trapdoor_open": True}}  # fmt: skip
    fled = read(cellar, "thorin", "retreat up to the inn")[0]
    assert (fled.kind, fled.target, fled.action) == ("move", "inn", "flee")
    back = read(cellar, "thorin", "back away towards the stairs")[0]
    assert (back.kind, back.action) == ("manoeuvre", "withdraw")  # still in the fight


def test_a_turning_told_as_a_story_is_the_turning_not_a_spell() -> None:
    barrow = {"campaign": "hollow_ford", "scene": "barrow", "fight": "barrow_dead",
              "turn": "sela", "flags": {"barrow_open": True},
              "defeated": ["woods_wolves"]}  # fmt: skip
    told = (
        "Sela lifts her holy symbol high into the cold air of the tomb and speaks the "
        "words of turning, commanding the restless dead to flee the light of her god."
    )
    assert [(c.kind, c.action) for c in read(barrow, "sela", told)] == [("feature", "turn_undead")]
    assert read(barrow, "sela", "sacred flame on skeleton 2")[0].spell == "sacred_flame"
    chapel = {"campaign": "drowned_bell", "scene": "chapel", "fight": "warden", "turn": "cass",
              "flags": {"corin_saved": True, "knows_truth": True},
              "challenges": {"hush_warden": "failed"}}  # fmt: skip
    blazing = (
        "Cass steps into the ghost's path, holy symbol blazing, and calls on the Lady "
        "to drive the drowned thing back to the sea."
    )
    assert read(chapel, "cass", blazing)[0].action == "turn_undead"


def test_a_friend_called_by_name_after_a_deed_is_told_their_own() -> None:
    inn = {"campaign": "crossroads", "scene": "inn"}
    said = read(inn, "mira", "I pick the lock. Thorin, stand guard")
    assert [(c.kind, c.actor) for c in said] == [("challenge", "mira"), ("improvise", "thorin")]
    table = {**inn, "players": {"Ana": ["mira"], "Ben": ["thorin", "aria"]}}
    said = read(table, "mira", "I pick the lock. Thorin, stand guard")
    assert [(c.kind, c.actor) for c in said] == [("challenge", "mira")]  # (Ben plays Thorin)


def test_going_with_one_way_out_takes_it_and_a_wood_is_woods() -> None:
    chapel = {"campaign": "hollow_ford", "scene": "chapel", "met": ["odile", "hobb"]}
    said = read(chapel, "bram", "grab the jar and go")
    assert [(c.kind, c.target) for c in said] == [("take", "yarrow_salve"), ("move", "mill_yard")]
    assert read({"campaign": "crossroads", "scene": "inn"}, "mira", "let's go")[0].kind == "ask"
    woods = read(chapel, "bram", "we head to the woods")[0]  # Blackthorn Wood, beyond the yard
    assert woods.note.startswith("there is no way from here to Blackthorn Wood")


def test_a_name_in_a_list_and_a_plan_to_go_are_no_one_hailed_and_no_going() -> None:
    strand = {"campaign": "drowned_bell", "scene": "strand", "fight": "strand_thralls",
              "turn": "cass"}  # fmt: skip
    said = read(strand, "cass", "bless Ione and Wren then hit thrall 2")
    assert [(c.kind, c.actor) for c in said] == [("cast", "cass"), ("attack", "cass")]
    after = {"campaign": "drowned_bell", "scene": "strand", "met": ["nessa"],
             "flags": {"corin_saved": True}, "defeated": ["strand_thralls"]}  # fmt: skip
    prayer = read(after, "cass", "I say a prayer over the drowned before we go")
    assert [c.kind for c in prayer] == ["improvise"]
