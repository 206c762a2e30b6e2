"""Questions the game knows the answer to, asked the way players ask them: which of a
shared table's characters are mine, do I have the locket, are the rats dead, who's the old
guy, is it safe to cross — answered from the game, never shrugged off by whoever stands
nearby."""

from __future__ import annotations

from app.session import declaring
from app.session.setup import session_for
from tests.app.referee_lines import read, told
from tests.referee_corpus import Situation, build_situation

MILL = {"campaign": "hollow_ford", "scene": "mill_yard"}
BELFRY = {"campaign": "drowned_bell", "scene": "belfry", "defeated": ["strand_thralls"],
          "flags": {"knows_truth": True, "warden_calmed": True}}  # fmt: skip
CELLAR = {"campaign": "crossroads", "scene": "cellar", "defeated": ["cellar_rats"],
          "flags": {"trapdoor_open": True, "tam_found": True}}  # fmt: skip
STRAND = {"campaign": "drowned_bell", "scene": "strand", "defeated": ["strand_thralls"]}


def test_which_characters_are_mine_names_the_asking_players_own() -> None:
    table = {**MILL, "players": {"Jo": ["sela"], "Kit": ["bram", "ivo"]}}
    session = session_for(build_situation(Situation.model_validate(table)))
    reply, _ = declaring.declare(session, "which characters are mine?", "ivo")
    assert reply.aside and reply.text == "Kit, you play Bram and Ivo."


async def test_do_i_have_the_locket_is_read_off_the_pack() -> None:
    assert "No: Ione carries no locket" in await told(BELFRY, "ione", "do i have the locket?")
    carrying = {**BELFRY, "give": {"ione": ["tarnished locket"]}}
    said = await told(carrying, "ione", "do i have the locket?")
    assert "Yes: Ione carries the tarnished locket" in said


async def test_are_the_rats_dead_is_the_dms_to_answer_not_tams() -> None:
    assert read(CELLAR, "mira", "Are the rats dead?")[0].kind == "question"
    said = await told(CELLAR, "mira", "Are the rats dead?")
    assert "the giant rats are beaten" in said


async def test_whos_the_old_guy_is_the_old_man_of_two_people() -> None:
    said = read(MILL, "ivo", "who's the old guy")[0]
    assert (said.kind, said.targets) == ("question", ("hobb",))


async def test_is_it_safe_to_cross_tells_the_roll_of_the_crossing() -> None:
    said = await told(STRAND, "wren", "is it safe to cross?")
    assert "To cross the flooded causeway" in said and "DC 11" in said


INN = {"campaign": "crossroads", "scene": "inn"}


async def test_the_story_so_far_is_the_tables_question_not_bertas() -> None:
    for line in ("wait what's happened so far? I lost track", "recap the story so far please"):
        assert read(INN, "mira", line)[0].kind == "question"
    said = await told(INN, "mira", "how's everyone doing, hp wise?")
    assert "Nobody in the party is hurt" in said and "Berta" not in said


async def test_how_taking_turns_works_is_told() -> None:
    said = await told(INN, "mira", "how does this whole taking turns thing work?")
    assert "initiative order" in said and "one action" in said


async def test_leaving_the_table_for_dinner_is_said_to_nobody_in_the_story() -> None:
    said = read(INN, "mira", "sorry guys my mum's calling, gotta go")[0]
    assert said.kind != "talk"
    assert read(INN, "mira", "we have to go to the cellar")[0].kind != "ask"


async def test_who_am_i_playing_is_the_sheet() -> None:
    harbour = {"campaign": "drowned_bell", "scene": "harbour"}
    assert "Ione is a level 3" in await told(harbour, "ione", "who am I playing exactly?")


async def test_what_a_person_hands_over_goes_to_whoever_asked() -> None:
    """ "Wren: tell us about Maelis", typed at the keyboard Ione was on: Wendel's locket goes
    to Wren, who asked him (it went to the party's first)."""
    light = {"campaign": "drowned_bell", "scene": "lighthouse", "met": ["wendel"],
             "flags": {"wendel_trusts": True}}  # fmt: skip
    session = session_for(build_situation(Situation.model_validate(light)))
    reply, who = declaring.declare(session, "Wren: tell us about Maelis", "ione")
    assert reply.ok and who == "wren"
    async for _ in session.process():
        pass
    held = {c: [i for i in s.inventory if "locket" in i] for c, s in session.state.party.items()}
    assert held == {"ione": [], "cass": [], "wren": ["tarnished locket"]}
