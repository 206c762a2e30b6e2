"""Questions a fresh play-tester's set showed answered wrong or put to the wrong person:
"am I bloodied?", "why can't I move closer to her?" (what a condition forbids), "what's
vicious mockery", what a draught does, what the party is here for (who asks it of them),
"tell me about your daughter" with two people here, "Sister Maelis" (a name, not a title),
a word for someone at the end of a question with no comma, and a second person asked in
the same line."""

from __future__ import annotations

from app.session.setup import session_for
from tests.app.referee_lines import play, read, told
from tests.referee_corpus import Situation, build_situation

RATS = {"campaign": "crossroads", "scene": "cellar", "fight": "cellar_rats", "turn": "thorin",
        "wounds": {"thorin": 20}}  # fmt: skip
INN = {"campaign": "crossroads", "scene": "inn"}
HARBOUR = {"campaign": "drowned_bell", "scene": "harbour"}
LIGHTHOUSE = {"campaign": "drowned_bell", "scene": "lighthouse"}
MILL = {"campaign": "hollow_ford", "scene": "mill_yard"}
CELLAR_TAM = {"campaign": "crossroads", "scene": "cellar",
              "flags": {"trapdoor_open": True, "tam_found": True},
              "defeated": ["cellar_rats"]}  # fmt: skip
BAND = {"campaign": "crossroads", "scene": "chief_hall", "fight": "grubnak_band", "turn": "aria",
        "flags": {"trapdoor_open": True, "tam_found": True, "guards_passed": True},
        "defeated": ["cellar_rats", "tunnel_guards"]}  # fmt: skip


async def test_bloodied_asks_how_hurt_one_is() -> None:
    assert "11 of 31 hit points" in await told(RATS, "thorin", "am I bloodied?")


async def test_why_one_cannot_is_what_ones_condition_forbids() -> None:
    frightened = {**RATS, "conditions": {"thorin": ["frightened"]}}
    said = await told(frightened, "thorin", "why can't I move closer to it")
    assert "frightened" in said and "cannot move closer" in said


async def test_whats_a_spell_is_the_spell_told() -> None:
    said = await told(HARBOUR, "wren", "what's vicious mockery")
    assert "psychic" in said and "Nessa" not in said


async def test_what_a_draught_does_says_what_it_restores() -> None:
    potion = {**HARBOUR, "give": {"cass": ["healing potion"]}}
    assert "2d4+2" in await told(potion, "cass", "What does this potion do?")


async def test_what_we_are_here_for_names_who_is_sought() -> None:
    assert "Tam" in await told(INN, "mira", "what are we supposed to be doing here again")
    assert "Corin" in await told(HARBOUR, "ione", "Whats our goal?")


def test_a_topic_of_one_of_two_people_here_is_asked_of_them() -> None:
    said = read(MILL, "sela", "Tell me about your daughter")[0]
    assert (said.kind, said.targets) == ("talk", ("odile",))
    assert read(MILL, "sela", "tell me about the wolves")[0].kind == "ask"  # both know of them


def test_a_title_before_a_name_is_not_a_topic_of_its_own() -> None:
    said = read(LIGHTHOUSE, "ione", "Who was Sister Maelis?")[0]
    assert (said.kind, said.targets) == ("talk", ("wendel",))


def test_a_word_for_someone_ends_a_question_without_a_comma() -> None:
    said = read(CELLAR_TAM, "thorin", "where does the tunnel go lad")[0]
    assert (said.kind, said.targets) == ("talk", ("tam",))
    sleeping = read(BAND, "aria", "what happens if someone hits a sleeping goblin")[0]
    assert sleeping.kind == "question"  # a kind of foe asked about, not the chief spoken to


def test_the_second_person_asked_in_a_line_is_asked() -> None:
    line = "Ask Odile about the mushrooms, then ask Hobb about the barrow"
    assert [(c.kind, c.targets) for c in read(MILL, "sela", line)] == [
        ("talk", ("odile",)), ("talk", ("hobb",))]  # fmt: skip
    again = read(MILL, "sela", "ask Odile about Wren and then ask her about the ribbon")
    assert [(c.kind, c.targets) for c in again] == [("talk", ("odile",)), ("talk", ("odile",))]


def test_someone_asked_for_by_a_word_for_them_who_is_not_here_is_not_whoever_is() -> None:
    said = read(HARBOUR, "ione", "ask the old keeper about the bell")[0]
    assert said.kind == "ask" and "Nessa" in said.note  # Wendel keeps his lighthouse
    assert read(HARBOUR, "ione", "ask her about the bell")[0].targets == ("nessa",)
    sister = read(HARBOUR, "ione", "Good evening, sister. You look troubled.")[0]
    assert sister.targets == ("nessa",)  # a title said to anyone, not Sister Maelis


async def test_a_healing_spell_at_nobody_here_or_at_the_unhurt_spends_nothing() -> None:
    strand = {"campaign": "drowned_bell", "scene": "strand", "fight": "strand_thralls",
              "turn": "wren"}  # fmt: skip
    said = read(strand, "wren", "cast healing word on corin")[0]
    assert said.targets == () and "Corin is not where the spell can reach" in said.note
    session = session_for(build_situation(Situation.model_validate(strand)))
    slots = session.state.party["wren"].spell_slots.remaining(1)
    referee = await play(session, "wren", "healing word on myself")
    assert referee.made == []
    assert "Wren is unhurt — Wren keeps Healing Word for later." in (
        session.state.history[-1].narrative
    )
    assert session.state.party["wren"].spell_slots.remaining(1) == slots  # nothing spent
