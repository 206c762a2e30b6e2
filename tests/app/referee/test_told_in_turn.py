"""Paragraphs that tell two deeds in turn ("… sends a bolt of fire straight at it. Then she
takes a step back"), a deed done to look at something ("crouches by the prints to see what
made them"), a healing spell at "him" (the most hurt friend, never the foe), a pause too
short to be a rest, and running over to a friend before a spell (a step, not the Dash)."""

from __future__ import annotations

import pytest

from app.understanding import understand
from app.understanding.intent import Intent
from tests.referee_corpus import Situation, build_situation

RATS = {"campaign": "crossroads", "scene": "cellar", "flags": {"trapdoor_open": True},
        "fight": "cellar_rats", "turn": "aria", "wounds": {"mira": 8},
        "conditions": {"giant-rat-3": ["prone"]}}  # fmt: skip
WOLVES = {"campaign": "hollow_ford", "scene": "woods", "fight": "woods_wolves", "turn": "sela",
          "wounds": {"wolf-1": 7, "bram": 11}}  # fmt: skip
ROAD = {"campaign": "crossroads", "scene": "old_road"}
STRAND_AFTER = {"campaign": "drowned_bell", "scene": "strand", "defeated": ["strand_thralls"]}
STRAND = {"campaign": "drowned_bell", "scene": "strand", "fight": "strand_thralls",
          "turn": "ione", "wounds": {"drowned-thrall-1": 9, "cass": 10}}  # fmt: skip
HOBB = {"campaign": "hollow_ford", "scene": "mill_yard"}


def read(spec: dict[str, object], actor: str, text: str) -> list[Intent]:
    state = build_situation(Situation.model_validate(spec))
    said = understand(text, actor, state, state.campaign)
    return [said, *said.then]


def test_a_paragraph_that_tells_a_spell_then_a_step_back_does_both() -> None:
    clauses = read(RATS, "aria", "Aria's hands are shaking but she remembers her training. "
                   "She picks out the rat that's fallen over and sends a bolt of fire straight "
                   "at it. Then she takes a step back towards the stairs, because she is NOT "
                   "getting bitten tonight.")  # fmt: skip
    assert [(c.kind, c.spell or c.action, c.target) for c in clauses] == [
        ("cast", "fire_bolt", "giant-rat-3"),
        ("manoeuvre", "withdraw", None),
    ]


def test_a_paragraph_of_a_gift_then_a_question_to_the_same_man() -> None:
    clauses = read(HOBB, "bram", "Bram's not one for talking. He nods at the old man, digs a "
                   "honey cake out of his pack and hands it over. Then he asks him, gruffly, "
                   "about the wolves.")  # fmt: skip
    assert [c.kind for c in clauses][-1] == "talk"
    assert clauses[-1].target == "hobb"


def test_a_healing_spell_at_him_is_for_the_most_hurt_friend() -> None:
    [said] = read(WOLVES, "sela", "Sela whispers a healing word in his direction.")
    assert (said.kind, said.spell, said.target) == ("cast", "healing_word", "bram")


def test_a_deed_done_to_look_at_something_is_a_look_at_it() -> None:
    [said] = read(ROAD, "thorin", "The rain's bucketing down. Thorin pulls his hood up and "
                  "grumbles about the weather, dwarves weren't made for this. Then he crouches "
                  "down by the prints in the mud to see what made them.")  # fmt: skip
    assert (said.kind, said.target) == ("examine", "tracks")


def test_a_pause_for_breath_is_no_rest() -> None:
    clauses = read(STRAND_AFTER, "wren", "Okay that fight was way too close. Wren flops onto "
                   "the wet sand for a second to catch her breath. Then she gets up and goes "
                   "poking around the rock pools because she's nosy like that.")  # fmt: skip
    assert [(c.kind, c.target) for c in clauses] == [("examine", "tide_pools")]


@pytest.mark.parametrize("line", ["run over to Cass and cure wounds him",
                                  "hurry over to Cass and cure wounds on him"])  # fmt: skip
def test_running_over_to_a_friend_before_a_spell_is_no_dash(line: str) -> None:
    clauses = read(STRAND, "ione", line)
    assert [(c.kind, c.target) for c in clauses] == [("cast", "cass")]


THRALLS = {"campaign": "drowned_bell", "scene": "strand", "fight": "strand_thralls",
           "turn": "ione", "wounds": {"drowned-thrall-1": 4, "drowned-thrall-2": 3}}  # fmt: skip


@pytest.mark.parametrize(
    "line",
    [
        "Ione nocks another arrow and puts it into the wounded one",
        "ugh these things. Ione nocks another arrow, breathes out slow and puts it into the "
        "wounded one.",
    ],
)
def test_it_after_an_arrow_is_nocked_is_the_arrow(line: str) -> None:
    [said] = read(THRALLS, "ione", line)
    assert (said.kind, said.target) == ("attack", "drowned-thrall-1")


@pytest.mark.parametrize(
    "line",
    ["she backs off", "she backs off up the beach a few steps.", "take a few steps back",
     "I take a step back"],
)  # fmt: skip
def test_backing_off_in_a_fight_is_a_step_back_not_the_way_out(line: str) -> None:
    """The way up to the harbour answers to "back" and "up": backing off is no leaving."""
    [said] = read(THRALLS, "ione", line)
    assert (said.kind, said.action) == ("manoeuvre", "withdraw")


def test_a_paragraph_of_a_shot_then_backing_off_does_both() -> None:
    clauses = read(THRALLS, "ione", "ugh these things. Ione nocks another arrow, breathes out "
                   "slow and puts it into the wounded one. Then she backs off up the beach a "
                   "few steps.")  # fmt: skip
    assert [(c.kind, c.target or c.action) for c in clauses] == [
        ("attack", "drowned-thrall-1"),
        ("manoeuvre", "withdraw"),
    ]


async def test_a_blow_at_nobody_the_words_fit_is_said_plainly_not_dropped() -> None:
    """All three rats asleep: the shot "at the one still awake" is said to have no foe, and
    what was to follow it waits — never the cover taken as if the shot were not there."""
    from app.session import declaring
    from app.session.setup import session_for

    spec = {"campaign": "crossroads", "scene": "cellar", "flags": {"trapdoor_open": True},
            "fight": "cellar_rats", "turn": "mira",
            "conditions": {f"giant-rat-{n}": ["unconscious"] for n in (1, 2, 3)}}  # fmt: skip
    line = (
        "Mira nocks an arrow and puts it into the one still awake. then she ducks behind the casks"
    )
    first, *_ = read(spec, "mira", line)
    assert (first.kind, first.note) == ("attack", "no foe here is awake")
    state = build_situation(Situation.model_validate(spec))
    session = session_for(state)
    reply, _ = declaring.declare(session, line, "mira")
    assert reply.ok
    told = [e.text async for e in session.process() if e.type == "narrative_chunk"]
    assert "No foe here is awake" in " ".join(told)
    assert session.brain.made == []  # type: ignore[attr-defined]
