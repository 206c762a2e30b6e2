"""Questions and calls a play-tester's set showed misread: a capitalised verb taken for a
stranger's name, a name nobody in the story has, spell slots asked as "do I have any", a
"hit point total", a friend's state asked with the conditions on them, a count of foes
that leaves out their boss, and backing off after a blow read as the party's flight."""

from __future__ import annotations

from app.session.setup import session_for
from app.understanding import understand
from app.understanding.intent import Intent
from tests.app.referee_lines import play
from tests.referee_corpus import Situation, build_situation

RATS = {"campaign": "crossroads", "scene": "cellar", "fight": "cellar_rats", "turn": "thorin",
        "wounds": {"giant-rat-2": 3}}  # fmt: skip
INN = {"campaign": "crossroads", "scene": "inn"}
HALL = {"campaign": "crossroads", "scene": "chief_hall", "fight": "grubnak_band", "turn": "aria",
        "flags": {"trapdoor_open": True, "tam_found": True, "guards_passed": True},
        "defeated": ["cellar_rats", "tunnel_guards"]}  # fmt: skip
HARBOUR = {"campaign": "drowned_bell", "scene": "harbour"}


def read(spec: dict[str, object], actor: str, text: str) -> list[Intent]:
    state = build_situation(Situation.model_validate(spec))
    said = understand(text, actor, state, state.campaign)
    return [said, *said.then]


async def told(spec: dict[str, object], actor: str, text: str) -> str:
    session = session_for(build_situation(Situation.model_validate(spec)))
    await play(session, actor, text)
    return session.state.history[-1].narrative


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
