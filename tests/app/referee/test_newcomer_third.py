"""What a newcomer's third evening showed: a campaign ended by the word "down" (an Athletics
roll to climb back down from the belfry was taken for cutting the bell down, and the
bell fell into the sea), and lines whose words were taken for deeds nobody asked for."""

from __future__ import annotations

from app.actions.authored import authored_for
from app.session.setup import session_for
from rules.skills import Skill
from tests.app.referee_lines import play, read
from tests.referee_corpus import Situation, build_situation

BELFRY = {"campaign": "drowned_bell", "scene": "belfry",
          "flags": {"warden_calmed": True, "lamp_lit": True, "corin_saved": True}}  # fmt: skip


def test_a_check_that_shares_only_a_word_of_direction_is_no_challenge() -> None:
    state = build_situation(Situation.model_validate(BELFRY))
    leaving = "I climb back down. Let's go ask the lighthouse keeper if he has anything of hers"
    assert authored_for(state, "check", leaving, Skill.ATHLETICS) is None
    assert authored_for(state, "check", "cut the bell down", Skill.ATHLETICS) == "cut_bell"


def test_climbing_back_down_and_going_on_is_the_way_down_then_said_how_far() -> None:
    said = read(BELFRY, "ione", leaving := "I climb back down. Let's go ask the lighthouse "
                "keeper if he has anything of hers")  # fmt: skip
    assert next((c.kind, c.targets) for c in said) == ("move", ("chapel",)), leaving
    assert "improvise" not in [c.kind for c in said]


RATS = {"campaign": "crossroads", "scene": "cellar", "fight": "cellar_rats", "turn": "aria",
        "flags": {"trapdoor_open": True}}  # fmt: skip
ASLEEP = {"giant-rat-1": ["unconscious"], "giant-rat-2": ["unconscious"]}
SLEEPERS = {**RATS, "turn": "mira", "conditions": ASLEEP}
HALL = {"campaign": "crossroads", "scene": "chief_hall", "flags": {"guards_passed": True},
        "met": ["grubnak"]}  # fmt: skip
CHAPEL = {"campaign": "drowned_bell", "scene": "chapel", "defeated": ["strand_thralls"],
          "flags": {"corin_saved": True}}  # fmt: skip


def test_backing_onto_the_stairs_is_a_step_in_the_fight_not_a_flight() -> None:
    said = read(RATS, "aria", "I back up onto the stairs and dodge")
    assert [(c.kind, c.action) for c in said] == [("manoeuvre", "withdraw"), ("manoeuvre", "dodge")]
    assert read(RATS, "aria", "I back away up the stairs")[0].kind == "move"  # out by them


def test_sleep_held_ready_is_no_rest() -> None:
    said = read({"campaign": "crossroads", "scene": "inn"}, "aria", "i get sleep ready")
    assert [c.kind for c in said] == ["ask"] and "Sleep ready" in said[0].note
    assert (
        read({"campaign": "crossroads", "scene": "inn"}, "aria", "we get some sleep")[0].kind
        == "rest"
    )


def test_terms_of_a_deal_take_nobody_down_the_tunnel() -> None:
    line = ("how about this: Berta gives you a string of sausages every week, and you leave "
            "her cellar alone and fill in the tunnel. deal?")  # fmt: skip
    assert {c.kind for c in read(HALL, "mira", line)} <= {"talk", "question"}


def test_a_locket_held_out_is_no_way_out() -> None:
    line = ("I step forward slowly, holding out the tarnished locket. Sister Maelis? This was "
            "yours. Wendel kept it all these years.")  # fmt: skip
    assert "move" not in [c.kind for c in read(CHAPEL, "cass", line)]
    assert read(CHAPEL, "cass", "we head back out")[0].kind == "move"


def test_a_pause_before_a_question_holds_no_turn() -> None:
    said = read(RATS, "aria", "wait, why am I down here? I said I'd stay upstairs!")
    assert "hold" not in [c.kind for c in said]


def test_if_so_after_a_question_is_the_deed_it_hangs_on() -> None:
    said = read(SLEEPERS, "mira", "do I have any rope? if so I tie up the sleeping rat")
    assert [(c.kind, c.targets) for c in said] == [
        ("inventory", ()),
        ("improvise", ("giant-rat-1",)),
    ]


async def test_a_blow_at_a_foe_who_surrendered_lands_on_nobody_else() -> None:
    fight = {**HALL, "fight": "grubnak_band", "turn": "mira"}
    session = session_for(build_situation(Situation.model_validate(fight)))
    session.state.creatures["grubnak"].left = "surrendered"
    referee = await play(session, "mira", "attack Grubnak")
    assert [c.name for c in referee.made if c.name == "attack"] == []
    assert "Grubnak has surrendered" in session.state.history[-1].narrative
    assert read(fight, "mira", "attack goblin 1")[0].targets == ("goblin-1",)
