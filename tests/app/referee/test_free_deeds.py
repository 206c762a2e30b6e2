"""Deeds the game has no word for ("warm my hands by the fire") simply happen, told back
as the story tells them; one done to something the scene does not hold is said plainly,
and nothing the game knows how to do (a blow, a potion, a move) is waved through as one."""

from __future__ import annotations

import pytest

from app.referee.restating import third_person, told_back
from app.session import declaring
from app.session.setup import session_for
from app.understanding import understand
from app.world.state import GameState
from tests.referee_corpus import Situation, build_situation

INN = {"campaign": "crossroads", "scene": "inn"}
RATS = {"campaign": "crossroads", "scene": "cellar", "flags": {"trapdoor_open": True},
        "fight": "cellar_rats", "turn": "thorin"}  # fmt: skip


def game(spec: dict[str, object]) -> GameState:
    return build_situation(Situation.model_validate(spec))


def read(state: GameState, actor: str, line: str) -> tuple[str, tuple[str, ...], tuple[str, ...]]:
    intent = understand(line, actor, state, state.campaign)
    return intent.kind, intent.targets, intent.extra


async def told(state: GameState, actor: str, line: str) -> tuple[str, list[str]]:
    """What the table is told after the line, and the tools its turn called."""
    session = session_for(state)
    reply, _ = declaring.declare(session, line, actor)
    assert reply.ok, reply.text
    story = [e.text async for e in session.process() if e.type == "narrative_chunk"]
    made = [c.name for c in session.brain.made]  # type: ignore[attr-defined]
    return " ".join(story), made


async def test_a_deed_on_a_thing_of_the_scene_happens_as_said() -> None:
    state = game(INN)
    assert read(state, "thorin", "warm my hands by the fire") == (
        "improvise",
        ("hearth",),
        ("free", "0"),
    )
    story, made = await told(state, "thorin", "warm my hands by the fire")
    assert "Thorin warms their hands by the fire." in story
    assert made == []  # nothing rolled, nothing changed


async def test_a_deed_on_what_the_scene_does_not_hold_is_said_plainly() -> None:
    state = game(INN)
    story, made = await told(state, "mira", "polish the silver candlesticks")
    assert "Mira sees no silver candlesticks here" in story
    assert made == []


@pytest.mark.parametrize(
    "line",
    [
        "finish it",  # what "it" is, the DM asks
        "help him up",
        "can I warm my hands by the fire?",  # a question is answered
        "warm my hands. then the fire",  # more than one sentence
        "warm my hands by the fire - wait, no",  # taken back
        "give the kid my cloak",  # the game's own verb
    ],
)
def test_what_is_no_free_deed_is_not_read_as_one(line: str) -> None:
    state = game(INN)
    assert read(state, "thorin", line)[2][:1] != ("free",), line


def test_in_a_fight_an_unknown_deed_is_asked_about_not_waved_through() -> None:
    state = game(RATS)
    assert read(state, "thorin", "bonk the rat with my shield")[2][:1] != ("free",)


@pytest.mark.parametrize(
    ("verb", "said"),
    [("warm", "warms"), ("try", "tries"), ("go", "goes"), ("wash", "washes"), ("pray", "prays"),
     ("have", "has"), ("fix", "fixes"), ("pass", "passes"), ("focus", "focuses"),
     ("sits", "sits"), ("nods", "nods")],  # (a verb typed in the story's voice stays)
)  # fmt: skip
def test_a_verb_is_told_in_its_third_person_form(verb: str, said: str) -> None:
    assert third_person(verb) == said


@pytest.mark.parametrize(
    ("typed", "story"),
    [
        ("warm my hands by the fire", "Thorin warms their hands by the fire."),
        ("I warm my hands and shake the rain off my cloak",
         "Thorin warms their hands and shakes the rain off their cloak."),
        ("warm my hands and feet by the fire", "Thorin warms their hands and feet by the fire."),
        ("I'll pour myself an ale.", "Thorin pours themself an ale."),
        ("Thorin: kneel and pray at the altar", "Thorin kneels and prays at the altar."),
        ("Thorin adds a stone to the cairn", "Thorin adds a stone to the cairn."),
        ("let's scoop out graves for the drowned, my friends",
         "Thorin scoops out graves for the drowned, their friends."),
        (" ".join(["wave"] * 30), "Thorin does just that."),
        ("fine, I follow Mira", "Thorin follows Mira."),
        ("NO! I grab Ione's arm to stop her", "Thorin grabs Ione's arm to stop her."),
        ("I stay behind and keep Tam company", "Thorin stays behind and keeps Tam company."),
        ("while he's busy i grab the key", "Thorin does just that."),  # (no verb first)
    ],
)  # fmt: skip
def test_a_deed_is_told_back_as_the_story_tells_it(typed: str, story: str) -> None:
    assert told_back(typed, "Thorin") == story


def test_everyday_words_of_the_games_verbs_start_a_free_deed_from_the_first_line_on() -> None:
    from app.understanding import freeform
    from app.understanding.vocabulary import ENGLISH

    freeform._OWN_VERBS.clear()  # the first reading in a game asks first
    assert "pour" not in freeform.own_verbs(ENGLISH) and "drink" in freeform.own_verbs(ENGLISH)
    assert "pour" not in freeform.own_verbs(ENGLISH)


HARBOUR = {"campaign": "drowned_bell", "scene": "harbour", "met": ["nessa"]}


async def test_a_free_deed_among_other_clauses_is_done_and_told() -> None:
    """ "… while we talk": the deed happens, and the words are heard."""
    state = game({**INN, "met": ["berta"]})
    story, made = await told(state, "mira", "warm my hands by the fire while I listen to berta")
    assert "Mira warms their hands by the fire." in story
    assert "Berta" in story.split("Mira warms their hands by the fire.")[1]
    assert made == []
    harbour = game(HARBOUR)
    said = understand("mend that torn net while we talk", "ione", harbour, harbour.campaign)
    assert (said.kind, said.extra[:1], [c.kind for c in said.then]) == ("improvise", ("free",),
                                                                         ["talk"])  # fmt: skip


@pytest.mark.parametrize(
    ("spec", "actor", "line", "told_back"),
    [
        (HARBOUR, "ione", "I help haul one of the boats down to the water",
         "Ione helps haul one of the boats down to the water."),
        ({"campaign": "drowned_bell", "scene": "lighthouse"}, "ione",
         "I kneel and lay a fire in the cold grate for him",
         "Ione kneels and lays a fire in the cold grate for him."),
        ({"campaign": "crossroads", "scene": "cellar", "flags": {"trapdoor_open": True},
          "defeated": ["cellar_rats"]}, "mira", "tap one of the good casks and pour us a mug",
         "Mira taps one of the good casks and pours"),
    ],
)  # fmt: skip
async def test_words_before_a_deed_and_words_said_in_it_leave_it_a_deed(
    spec: dict[str, object], actor: str, line: str, told_back: str
) -> None:
    story, made = await told(game(spec), actor, line)
    assert told_back in story
    assert made == []


async def test_what_the_party_was_told_is_there_to_do_things_with() -> None:
    state = game({"campaign": "hollow_ford", "scene": "woods", "defeated": ["woods_wolves"]})
    # untold, following a trail is tracking: a Survival check finds one or not
    kind, _, extra = read(state, "sela", "follow the little bootprints")
    assert (kind, extra[:1]) == ("improvise", ("track",))
    state.facts.append("Wren's bootprints lead to the barrow door.")
    kind, _, extra = read(state, "sela", "follow the little bootprints")
    assert (kind, extra) == ("improvise", ("free", "0"))


@pytest.mark.parametrize("line", ["pik the lok", "pcik teh lok", "pick the lok"])
def test_a_verb_of_the_game_mistyped_is_asked_about_not_waved_through(line: str) -> None:
    state = game(INN)
    kind, _, extra = read(state, "mira", line)
    assert kind == "ask" and "free" not in extra


def test_a_short_verb_one_letter_short_is_the_verb_when_the_rest_is_plain() -> None:
    state = game(INN)
    assert read(state, "mira", "kik the trapdoor") == read(state, "mira", "kick the trapdoor")


BARROW = {"campaign": "hollow_ford", "scene": "barrow", "flags": {"barrow_open": True,
          "wren_found": True}, "defeated": ["woods_wolves", "barrow_dead"]}  # fmt: skip


def test_a_thing_put_back_goes_nowhere_and_a_carried_one_is_left_there() -> None:
    """ "back" names the way out of the barrow: putting a thing back is no going there; a
    carried one put back is left there (no longer carried, as the story says)."""
    kind, _, _ = read(game(BARROW), "sela", "put the crown back where it was")
    assert kind != "move"
    carried = game({**BARROW, "give": {"sela": ["rusted crown"]}})
    assert read(carried, "sela", "put the crown back where it was")[0] == "drop"
    assert read(carried, "sela", "put the crown on my head")[2] == ("free", "0")
