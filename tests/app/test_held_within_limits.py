"""Numbers the rules add up past what a roll takes, held within it, and what a player types
into a reaction kept as a typed line is: a blow of 36 or more on a creature with Undead
Fortitude, armour class dragged below 1 by authored curses, a reaction answered with
escape codes, a reaction window shown under the table's veils, and a bare line after a
saved game is resumed."""

from __future__ import annotations

import asyncio
import io

from rich.console import Console

from app.actions import args as a
from app.actions.campaign_tools import start_encounter
from app.actions.reactions import Question, read_declaration
from app.actions.striking import setup_attack, strike
from app.actions.world_tools import damage_tool
from app.console.game import ConsoleGame
from app.session import declaring, veiling
from app.session.setup import session_for
from rules.effects import Effect
from tests.referee_corpus import Situation, build_situation


def test_a_blow_past_the_highest_save_dc_drops_an_undead_without_failing_the_turn() -> None:
    state = build_situation(
        Situation(campaign="drowned_bell", scene="strand", fight="strand_thralls")
    )
    hit = a.DamageArgs(target_id="drowned-thrall-1", amount=60, damage_type="fire", reason="oil")
    outcome = damage_tool(hit, state)  # once: "DC must be 1-40, not 65", the turn failed
    assert outcome.ok
    saves = [e for e in outcome.events if getattr(e, "reason", "") == "Undead Fortitude"]
    assert saves and all(e.dc == 40 for e in saves)  # the highest DC a check takes
    assert state.creatures["drowned-thrall-1"].vitals.hp == 0


def test_armour_class_cursed_below_one_is_attacked_as_one() -> None:
    state = build_situation(Situation(campaign="crossroads", scene="cellar", fight="cellar_rats"))
    curse = [Effect(id=f"curse{n}", name="Cursed", ac_bonus=-10) for n in (1, 2)]
    state.party["aria"].effects = [*state.party["aria"].effects, *curse]
    setup = setup_attack(
        state, "giant-rat-1", "aria", name="Bite", kind="monster", ranged=False, bonus=4
    )
    _events, result, _hit = strike(setup, [])  # once: "armour class must be 1-40, not -8"
    assert result["ac"] == 1


def test_a_reaction_in_ones_own_words_keeps_no_escape_or_control_character() -> None:
    said = read_declaration("I \x1b[31mduck\ufeff behind\x07 the cask", ())
    assert said.kind == "declared" and said.text == "I duck behind the cask"


def test_a_reaction_question_is_shown_under_the_tables_veils_and_its_answer_cleaned() -> None:
    state = build_situation(Situation(campaign="crossroads", scene="cellar"))
    session = session_for(state)
    veiling.veil(session, "rats")
    out = io.StringIO()
    typed = iter(["I \x1b[2Jduck"])
    game = ConsoleGame(session, Console(file=out, width=200, color_system=None),
                       lambda _prompt: next(typed), interactive=True)  # fmt: skip
    start_encounter(state, "cellar_rats")
    question = Question(trigger="Giant Rat 3 hits Aria", reactor_id="aria",
                        reactor_name="Aria", options=())  # fmt: skip
    answer = game.ask("Ana", question)
    shown = out.getvalue()
    assert "Rat" not in shown and "veiled" in shown  # once: "Giant Rat 3 hits Aria …"
    assert answer == "I duck"  # once: the clear-screen escape went on into the log


def test_a_resumed_game_plays_a_bare_line_for_whom_it_was_played_before() -> None:
    state = build_situation(Situation(campaign="crossroads", scene="inn"))
    session = session_for(state)
    declaring.declare(session, "Aria: look around", None)

    async def turn() -> None:
        async for _event in session.process():
            pass

    asyncio.run(turn())
    resumed = ConsoleGame(session_for(session.state.fork()), Console(file=io.StringIO()), input)
    assert resumed.current == "aria"  # once: None, and "look around" was Mira's
