"""Questions about the wider world put to the person who lives there, a sheet asked for in
one word, a break from the table said in passing, and Sleep named as a spell without
"cast" — or cast at foes who have not seen the party."""

from __future__ import annotations

import pytest

from app.session.setup import session_for
from tests.app.referee_lines import play, read, told
from tests.referee_corpus import Situation, build_situation

HALL = {"campaign": "crossroads", "scene": "chief_hall"}
HARBOUR = {"campaign": "drowned_bell", "scene": "harbour"}
WARREN = {"campaign": "crossroads", "scene": "warren"}
GUARDS = {"campaign": "crossroads", "scene": "warren", "fight": "tunnel_guards", "turn": "aria"}


@pytest.mark.parametrize(
    ("spec", "actor", "line", "whom"),
    [
        (HALL, "mira", "what's the weather like in the north woods?", "grubnak"),
        (HARBOUR, "ione", "what's the best inn in Saltmere?", "nessa"),
    ],
)
async def test_a_question_about_the_wider_world_is_put_to_the_person_here(
    spec: dict[str, object], actor: str, line: str, whom: str
) -> None:
    said = read(spec, actor, line)[0]
    assert (said.kind, said.target) == ("talk", whom)
    story = await told(spec, actor, line)
    assert "no north here" not in story and "(You could ask" in story
    greeting_and_reply = story.split("(You could ask")[0]
    assert greeting_and_reply.count("'") >= 4  # a greeting, then an answer in their voice


@pytest.mark.parametrize(
    "line",
    [
        "what does magic missile do?",  # a spell: the rules answer
        "who is the woman?",  # about someone here
        "what did she say about her brother?",  # the story so far
        "what's behind the boats?",  # the room
        "how long does the poison last",  # a condition
    ],
)
def test_questions_the_game_answers_stay_the_dms(line: str) -> None:
    assert read(HARBOUR, "ione", line)[0].kind == "question"


def test_what_to_do_with_a_thing_asks_about_it_not_how_to_play() -> None:
    spec = {
        "campaign": "drowned_bell",
        "scene": "chapel",
        "defeated": ["strand_thralls"],
        "flags": {"corin_saved": True, "knows_truth": True, "warden_calmed": True},
    }
    assert read(spec, "wren", "what should we do with the bell?")[0].kind != "help"
    assert read(spec, "wren", "what should we do?")[0].kind == "help"


@pytest.mark.parametrize("line", ["hp", "my hp", "hit points", "ac"])
async def test_a_sheet_asked_for_in_a_word_is_answered(line: str) -> None:
    assert read(HARBOUR, "ione", line)[0].kind == "question"
    story = await told(HARBOUR, "ione", line)
    assert "Ione has" in story


def test_a_break_from_the_table_said_in_passing_takes_nothing() -> None:
    said = read(HARBOUR, "cass", "gonna grab a snack, 5 min")[0]
    assert (said.kind, said.note) == ("ask", "stepping away")


@pytest.mark.parametrize("line", ["sleep", "sleep!", "Aria breathes the words of sleep over them"])
def test_sleep_named_in_a_fight_is_the_spell(line: str) -> None:
    said = read(GUARDS, "aria", line)[0]
    assert (said.kind, said.spell) == ("cast", "sleep")


def test_sleep_out_of_a_fight_is_still_a_rest() -> None:
    said = read({"campaign": "crossroads", "scene": "inn"}, "aria", "sleep")[0]
    assert said.kind == "rest"


@pytest.mark.parametrize(
    "line",
    [
        "cast sleep on the goblins",
        "Aria breathes the words of sleep, and watches the dice-players slump.",
    ],
)
async def test_sleep_at_unaware_foes_opens_the_fight_with_them_surprised(line: str) -> None:
    session = session_for(build_situation(Situation.model_validate(WARREN)))
    referee = await play(session, "aria", line)
    opened = [c for c in referee.made if c.name == "start_combat"]
    assert opened and '"surprise": "foes"' in opened[0].arguments
    assert session.state.encounter is not None
    assert "surprise" in session.state.history[-1].narrative
    # the spell is cast on Aria's turn, whoever won the roll
    while session.state.encounter is not None and "aria" in session.state.encounter.declared:
        async for _ in session.run_until_players():
            pass
        if not session.foe_turn and session.state.encounter is not None:
            current = session.state.encounter.current.id
            if current != "aria":
                await play(session, current, "i wait")
    story = " ".join(turn.narrative for turn in session.state.history)
    assert "Aria casts Sleep" in story and "asleep" in story


async def test_someone_asked_for_who_is_elsewhere_is_said_to_be_away() -> None:
    inn = {"campaign": "crossroads", "scene": "inn"}
    said = read(inn, "aria", "Ask Tam where he went.")[0]
    assert said.kind == "ask"  # the "he" is what is asked, not Berta
    story = await told(inn, "aria", "Ask Tam where he went.")
    assert story.startswith("Tam is not here (here to talk to: Berta)")


def test_a_stranger_described_nobody_here_fits_is_asked_back() -> None:
    said = read({"campaign": "crossroads", "scene": "inn"}, "mira",
                "ask the old man by the window what he saw")[0]  # fmt: skip
    assert said.kind == "ask" and said.target is None


def test_a_foe_described_by_what_the_story_says_they_wear() -> None:
    hall = {"campaign": "crossroads", "scene": "chief_hall", "fight": "grubnak_band",
            "turn": "mira"}  # fmt: skip
    for line in ("attack the one wearing a pot", "shoot the one in the saucepan helmet"):
        assert read(hall, "mira", line)[0].target == "grubnak"


async def test_a_place_further_on_is_said_with_the_first_step_there() -> None:
    harbour = {"campaign": "drowned_bell", "scene": "harbour"}
    said = read(harbour, "cass", "I walk to the drowned chapel")[0]
    assert said.kind == "ask" and said.note.startswith("there is no way from here")
    story = await told(harbour, "cass", "I walk to the drowned chapel")
    assert "shore steps (The Ebb Strand) first" in story


async def test_something_to_eat_is_eaten_and_some_is_left() -> None:
    yard = {"campaign": "hollow_ford", "scene": "mill_yard"}
    said = read(yard, "bram", "I eat one of my honey cakes")[0]
    assert (said.kind, said.item) == ("use", "honey_cakes")
    story = await told(yard, "bram", "I eat one of my honey cakes")
    assert "bite of the honey cakes" in story


async def test_a_plan_leaning_on_a_thing_another_carries_waits() -> None:
    mill = {"campaign": "hollow_ford", "scene": "mill_yard"}
    story = await told(mill, "bram", "drink the draught then go to the chapel")
    assert "Bram does not carry the willow-bark draught: Sela does." in story
    assert "what was to come first did not happen" in story
