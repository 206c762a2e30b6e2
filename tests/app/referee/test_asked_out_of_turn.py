"""Questions a table asks whoever's turn it is: "is it Pia's turn?", "can I go now",
"remind me my hit points", "what's this place called again?", "who's in the party
again?" — answered from the game, and a question the game cannot answer, asked by a
character who may not act now, is answered in character with whose turn it is rather
than refused."""

from __future__ import annotations

from app.referee.answering import answer_from_game
from app.session import declaring
from app.session.reply import Reply
from app.session.setup import session_for
from tests.app.referee_lines import play, read, told
from tests.referee_corpus import Situation, build_situation

BARROW_TABLE = {"campaign": "hollow_ford", "scene": "barrow", "fight": "barrow_dead",
                "turn": "ivo", "flags": {"barrow_open": True},
                "players": {"Nell": ["sela"], "Oskar": ["bram"], "Pia": ["ivo"]}}  # fmt: skip
STRAND_TABLE = {"campaign": "drowned_bell", "scene": "strand", "fight": "strand_thralls",
                "turn": "cass", "players": {"Mo": ["ione"], "Tess": ["cass", "wren"]}}  # fmt: skip
HALL = {"campaign": "crossroads", "scene": "chief_hall"}
INN = {"campaign": "crossroads", "scene": "inn"}


def _declared(spec: dict[str, object], actor: str, text: str) -> Reply:
    session = session_for(build_situation(Situation.model_validate(spec)))
    reply, who = declaring.declare(session, text, actor)
    assert who is None  # nothing was queued: the line was answered
    return reply


def test_is_it_a_players_turn_is_answered_by_the_player_named() -> None:
    yes = _declared(BARROW_TABLE, "bram", "is it Pia's turn?")
    assert yes.aside and yes.text.startswith("Yes: it is Ivo's turn (Pia's)")
    no = _declared(BARROW_TABLE, "bram", "is it Nell's go?")
    assert no.aside and no.text.startswith("No: it is Ivo's turn (Pia's)")


def test_can_i_go_now_out_of_turn_says_not_yet_and_whose_turn_it_is() -> None:
    reply = _declared(BARROW_TABLE, "bram", "can I go now")
    assert reply.aside and reply.text.startswith("Not yet: it is Ivo's turn")


def test_remind_me_my_hit_points_is_the_sheets_not_the_quest() -> None:
    reply = _declared(STRAND_TABLE, "ione", "remind me my hit points")
    assert reply.aside and "Ione has 28 of 28 hit points" in reply.text
    assert read(INN, "mira", "remind me what we're doing")[0].kind == "question"


async def test_the_places_name_and_the_party_are_told_when_asked_again() -> None:
    assert "The Crossroads Inn, in The Cellar Under the Crossroads." in await told(
        INN, "mira", "What's this place called again?"
    )
    assert "The party: Mira" in await told(INN, "mira", "who's in the party again?")


def test_a_question_nobody_can_answer_out_of_turn_is_answered_with_whose_turn_it_is() -> None:
    reply = _declared(HALL, "thorin", "How many goblins are hiding behind all this junk?")
    assert reply.aside and reply.ok
    assert "only Mira may act now" in reply.text  # (Grubnak talks to Mira alone)
    refused = session_for(build_situation(Situation.model_validate(HALL)))
    deed, who = declaring.declare(refused, "I kick over a pot", "thorin")
    assert not deed.ok and who is None  # a deed still waits for its turn


async def test_whether_a_lasting_spell_is_going_is_read_off_what_was_cast() -> None:
    ghost = {"campaign": "drowned_bell", "scene": "chapel", "fight": "warden", "turn": "cass"}
    said = await told(ghost, "cass", "do i have a spiritual weapon going?")
    assert "No: Brother Cass knows Spiritual Weapon but has not cast it lately." in said
    assert "Yes: Brother Cass knows" in await told(ghost, "cass", "do i know spiritual weapon?")


async def test_a_spiritual_weapon_cast_is_going_when_asked_after() -> None:
    ghost = {"campaign": "drowned_bell", "scene": "chapel", "fight": "warden", "turn": "cass"}
    session = session_for(build_situation(Situation.model_validate(ghost)))
    await play(session, "cass", "spiritual weapon at the sister")
    await play(session, "cass", "do i have a spiritual weapon going?")  # (a bonus action:
    said = session.state.history[-1].narrative  # still his turn)
    assert "Yes: Brother Cass cast Spiritual Weapon on turn 1" in said


def test_whose_turn_names_no_player_at_a_table_of_one() -> None:
    solo = {"campaign": "drowned_bell", "scene": "strand", "fight": "strand_thralls",
            "turn": "ione"}  # fmt: skip
    said = read(solo, "ione", "is it Cass's turn?")[0]
    state = build_situation(Situation.model_validate(solo))
    answer = answer_from_game(state, state.campaign, said) or ""
    assert answer.startswith("No: it is Ione's turn, round 1") and "Player" not in answer


async def test_do_i_have_a_thing_or_something_asks_after_the_thing() -> None:
    said = await told(INN, "thorin", "do i have a rope or something")
    assert "No: Thorin carries no rope (Mira does)." in said
