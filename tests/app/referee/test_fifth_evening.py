"""What the last blind set found: a roll asked for by its skill's name, a direction that is
a verb's particle ("dry out my beard", "patch myself up"), a party leaving a fight by
"get out of here", a foe named alone at the end of a told deed, two goings in a line, and
slips of the keys on short words ("hitt", "kil", "rign the bel")."""

from __future__ import annotations

import json

from app.session.setup import session_for
from app.world import view
from tests.app.referee_lines import play, read
from tests.referee_corpus import Situation, build_situation

INN = {"campaign": "crossroads", "scene": "inn"}
HALL = {"campaign": "crossroads", "scene": "chief_hall", "met": ["grubnak"],
        "flags": {"trapdoor_open": True, "guards_passed": True}}  # fmt: skip
WARREN = {"campaign": "crossroads", "scene": "warren", "flags": {"trapdoor_open": True}}
CELLAR_FIGHT = {"campaign": "crossroads", "scene": "cellar", "flags": {"trapdoor_open": True},
                "fight": "cellar_rats", "turn": "thorin"}  # fmt: skip
STRAND_FIGHT = {"campaign": "drowned_bell", "scene": "strand", "fight": "strand_thralls",
                "turn": "ione"}  # fmt: skip


def _kinds(situation: dict[str, object], actor: str, text: str) -> list[tuple[str, ...]]:
    return [(c.kind, *c.targets) for c in read(situation, actor, text)]


def test_a_roll_asked_for_by_its_skill_is_the_challenge_it_is_for() -> None:
    for text in ("I roll persuasion on Grubnak", "persuasion check", "i make a persuasion check"):
        assert _kinds(HALL, "mira", text) == [("challenge", "parley")], text
    for text in ("stealth check", "I roll stealth to sneak past"):
        assert _kinds(WARREN, "mira", text) == [("challenge", "sneak_past")], text


def test_a_roll_asked_for_with_no_challenge_is_a_ruling_a_look_or_a_question() -> None:
    road = {"campaign": "crossroads", "scene": "old_road"}
    said = read(road, "thorin", "Survival check on the tracks")
    assert (said[0].kind, said[0].action, said[0].targets) == ("improvise", "survival", ("tracks",))
    assert read(INN, "thorin", "roll perception")[0].kind == "examine"
    asked = read(WARREN, "thorin", "roll athletics")[0]
    assert asked.kind == "ask" and "Athletics" in asked.note
    # a question about the roll is still a question
    assert read(HALL, "aria", "can I roll persuasion?")[0].kind == "question"


def test_a_direction_that_belongs_to_its_verb_goes_nowhere() -> None:
    for text in ("I grab a stool by the fire and dry out my beard", "roll up my sleeves"):
        assert all(c.kind != "move" for c in read(INN, "thorin", text)), text
    assert read(INN, "thorin", "out")[0].kind == "move"  # a way said alone is still taken
    said = read(CELLAR_FIGHT, "thorin", "catch my breath and patch myself up")
    assert [(c.kind, c.action) for c in said] == [("feature", "second_wind")]


def test_getting_out_of_a_fight_by_a_way_leaves_it() -> None:
    for actor, text in (
        ("thorin", "get out of here, back up the stairs"),
        ("thorin", "nope, we're leaving — back up to the inn!"),
    ):
        said = read(CELLAR_FIGHT, actor, text)
        assert [(c.kind, c.action, *c.targets) for c in said] == [("move", "flee", "inn")], text
    # shouted at the foes with no way after it, it is still a threat
    assert read(CELLAR_FIGHT, "thorin", "get out of here!")[0].kind == "improvise"


def test_run_for_it_with_one_way_out_runs_by_it() -> None:
    barrow = {"campaign": "hollow_ford", "scene": "barrow", "defeated": ["woods_wolves"],
              "flags": {"barrow_open": True}, "fight": "barrow_dead", "turn": "bram"}  # fmt: skip
    said = read(barrow, "bram", "run for it")
    assert [(c.kind, c.action, *c.targets) for c in said] == [("move", "flee", "woods")]


def test_a_foe_named_alone_at_the_end_is_the_one_aimed_at() -> None:
    line = (
        "Ione drops to one knee at the tideline, draws to her cheek and looses at the drowned "
        "thing nearest the deep water — she wants it off the boy. Thrall two."
    )
    assert _kinds(STRAND_FIGHT, "ione", line) == [("attack", "drowned-thrall-2")]
    # words at the end that are no foe's name change nothing
    hall = {**HALL, "fight": "grubnak_band", "turn": "thorin"}
    assert _kinds(hall, "thorin", "omg grubnak is still up?? hit him") == [("attack", "grubnak")]


def test_two_goings_in_a_line_go_one_after_the_other() -> None:
    light = {"campaign": "drowned_bell", "scene": "lighthouse", "met": ["wendel"]}
    said = read(light, "ione", "back down to the harbour and then to the strand")
    assert [c.kind for c in said][:1] == ["move"] and said[0].targets == ("harbour",)
    assert len(said) == 2  # the strand, read again once at the harbour
    rested = read(
        {**INN, "flags": {"trapdoor_open": True}}, "thorin", "Long rest first, then the cellar."
    )
    assert [c.kind for c in rested] == ["rest", "move"]


async def test_the_strand_is_reached_in_the_same_turn() -> None:
    light = {"campaign": "drowned_bell", "scene": "lighthouse", "met": ["wendel"]}
    session = session_for(build_situation(Situation.model_validate(light)))
    referee = await play(session, "ione", "back down to the harbour and then to the strand")
    moves = [json.loads(c.arguments)["scene_id"] for c in referee.made if c.name == "move_scene"]
    assert moves == ["harbour", "strand"]


def test_short_words_slipped_on_the_keys_are_read_as_meant() -> None:
    hall = {**HALL, "fight": "grubnak_band", "turn": "thorin"}
    assert _kinds(hall, "thorin", "kil grubnak") == [("attack", "grubnak")]
    assert _kinds(hall, "thorin", "hitt the boss") == [("attack", "grubnak")]
    belfry = {"campaign": "drowned_bell", "scene": "belfry"}
    assert _kinds(belfry, "ione", "rign the bel") == [("challenge", "toll_bell")]
    woods = {"campaign": "hollow_ford", "scene": "woods", "defeated": ["woods_wolves"]}
    assert _kinds(woods, "bram", "raed the rune") == [("challenge", "read_rune")]


def test_a_turning_told_and_a_lullaby_are_no_going_and_no_rest() -> None:
    strand = {**STRAND_FIGHT, "turn": "cass"}
    line = (
        "Brother Cass lifts the iron sun on its chain over his head and shouts the old words "
        "at the drowned, telling them to let go of the living and go back to the water."
    )
    assert [(c.kind, c.action) for c in read(strand, "cass", line)] == [("feature", "turn_undead")]
    chapel = {"campaign": "drowned_bell", "scene": "chapel", "met": ["wendel"],
              "flags": {"corin_saved": True, "knows_truth": True},
              "defeated": ["strand_thralls"]}  # fmt: skip
    sung = ("Wren plays the tune softly, the way you'd sing someone to sleep, and tells the "
            "grey figure that the village remembers her.")  # fmt: skip
    assert all(c.kind != "rest" for c in read(chapel, "wren", sung))


def test_ones_own_lantern_is_not_the_lighthouse_lamp() -> None:
    light = {"campaign": "drowned_bell", "scene": "lighthouse", "met": ["wendel"]}
    assert read(light, "cass", "light my lantern")[0].kind != "challenge"
    assert _kinds(light, "cass", "light the lamp") == [("challenge", "light_lamp")]


def test_a_strength_put_to_a_challenge_s_thing_is_the_challenge() -> None:
    after = {"campaign": "crossroads", "scene": "cellar", "flags": {"trapdoor_open": True},
             "defeated": ["cellar_rats"]}  # fmt: skip
    for text in ("pull up the loose flagstone", "yank the flagstone up"):
        assert _kinds(after, "thorin", text) == [("challenge", "flagstone")], text
    assert _kinds(INN, "thorin", "heave the trapdoor") == [("challenge", "force_trapdoor")]


def test_help_and_inventory_asked_the_way_newcomers_ask() -> None:
    for text in ("i have no idea what im supposed to type", "any hints?", "I'm stuck, what now"):
        assert read(INN, "thorin", text)[0].kind == "help", text
    for text in ("what've I got left", "what am I lugging around", "check my pockets real quick"):
        assert read(INN, "thorin", text)[0].kind == "inventory", text


async def test_a_causeway_crossed_stays_a_way_after_running_back_from_the_chapel() -> None:
    chapel = {"campaign": "drowned_bell", "scene": "chapel", "fight": "warden", "turn": "ione",
              "defeated": ["strand_thralls"],
              "challenges": {"cross_causeway": "passed"}}  # fmt: skip
    session = session_for(build_situation(Situation.model_validate(chapel)))
    await play(session, "ione", "run back across the causeway!")
    assert session.state.scene.id == "strand" and session.state.encounter is None
    ways = [w.to for w in view.exits_here(session.state, session.state.campaign)]
    assert "chapel" in ways  # listed with the ways on, by the far side's name for it
    referee = await play(session, "ione", "cross the causeway")
    assert [c.name for c in referee.made][:1] == ["move_scene"]
    assert session.state.scene.id == "chapel"  # and the Grey Sister is waiting there again


async def test_a_friend_tended_after_the_last_blow_is_still_tended() -> None:
    cellar = {**CELLAR_FIGHT, "turn": "mira", "dead": ["giant-rat-1", "giant-rat-2"],
              "wounds": {"giant-rat-3": 6, "aria": 17}}  # fmt: skip
    session = session_for(build_situation(Situation.model_validate(cellar)))
    referee = await play(session, "mira", "kill it quick then stabilize aria")
    names = [c.name for c in referee.made]
    assert "end_combat" in names  # the rat fell: the fight is over, and Aria still dying
    tended = [json.loads(c.arguments) for c in referee.made if c.name == "take_action"]
    assert [t["action"] for t in tended] == ["stabilize"]


def test_the_words_of_a_vicious_mockery_are_the_spell_not_a_second_action() -> None:
    strand = {**STRAND_FIGHT, "turn": "wren"}
    line = "vicious mockery on the one holding corin, tell him his mother was a mackerel"
    said = read(strand, "wren", line)
    assert [(c.kind, c.spell) for c in said] == [("cast", "vicious_mockery")]


def test_a_dagger_thrown_with_an_offer_is_no_offer_of_peace() -> None:
    line = "I offer him... my dagger! *throws it at his face*"
    said = read(HALL, "mira", line)
    assert [c.kind for c in said] == ["ask"] and "no offer" in said[0].note
    assert _kinds(HALL, "mira", "I offer him a deal, sausages every week") == [
        ("challenge", "parley")
    ]


async def test_a_harmful_spell_named_at_a_friend_is_not_turned_on_a_foe() -> None:
    cellar = {**CELLAR_FIGHT, "turn": "aria"}
    session = session_for(build_situation(Situation.model_validate(cellar)))
    referee = await play(session, "aria", "fire bolt at Thorin")
    assert not [c for c in referee.made if c.name == "cast_spell"]
    assert "on your side" in session.state.history[-1].narrative


def test_tying_up_a_thing_is_told_and_a_friend_of_the_story_is_not_tied_on_a_whim() -> None:
    inn = {**INN, "met": ["berta"]}
    for text in ("tie up the poker", "tie the ribbon round my wrist"):
        said = read(inn, "thorin", text)[0]
        assert (said.kind, said.action) == ("improvise", "auto"), text
    berta = read(inn, "thorin", "tie up berta")[0]
    assert berta.kind == "ask" and "no foe of yours" in berta.note


def test_asking_why_someone_looks_glum_is_asking_their_trouble() -> None:
    inn = {**INN, "met": ["berta"]}
    for text in ("berta why the long face?", "why so glum?"):
        said = read(inn, "mira", text)[0]
        assert (said.kind, said.topic) == ("talk", "tam"), text


def test_a_question_about_a_foe_giving_up_is_asked_not_shouted() -> None:
    band = {**HALL, "fight": "grubnak_band", "turn": "thorin", "wounds": {"grubnak": 10}}
    said = read(band, "thorin", "does grubnak look like he's about to give up?")[0]
    assert said.kind == "question"
    # put to the foes, it is still a demand
    assert read(band, "thorin", "will you surrender?")[0].kind == "improvise"


def test_a_padlock_jimmied_is_picked_and_a_place_named_alone_is_asked() -> None:
    assert _kinds(INN, "mira", "try to jimmy the padlock") == [("challenge", "trapdoor_lock")]
    harbour = {"campaign": "drowned_bell", "scene": "harbour"}
    asked = read(harbour, "ione", "the lighthouse")[0]
    assert asked.kind == "ask" and [a.kind for a in asked.alternatives] == ["move"]
    assert _kinds(harbour, "ione", "to the lighthouse") == [("move", "lighthouse")]
