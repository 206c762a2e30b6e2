"""Lines typed at a reaction question that are no answer to it are kept for the game, not
taken as the reaction nor lost: another character's line typed ahead ("Mira: I ready my
shortbow" while Aria is asked about a Shield — once declared as Aria's reaction and lost),
a command; the one asked may put their own name first."""

from __future__ import annotations

import asyncio
import io

from rich.console import Console

from app.actions.campaign_tools import start_encounter
from app.actions.reactions import Question, ReactionOffer, addressed, read_declaration
from app.console.game import ConsoleGame
from app.session.setup import session_for
from tests.referee_corpus import Situation, build_situation

SHIELD = Question(trigger="Giant Rat 3 hits Aria", reactor_id="aria", reactor_name="Aria",
                  options=())  # fmt: skip


def table() -> ConsoleGame:
    state = build_situation(Situation(campaign="crossroads", scene="cellar"))
    state.players = {"Ana": ["mira", "thorin"], "Cy": ["aria"]}
    start_encounter(state, "cellar_rats")
    return ConsoleGame(session_for(state), Console(file=io.StringIO(), width=200,
                                                   color_system=None), input)  # fmt: skip


def test_a_line_names_whom_it_is_for() -> None:
    state = table().session.state
    assert addressed(state, SHIELD, "Mira: I ready my shortbow") == (
        "Mira",
        "Mira: I ready my shortbow",
    )
    assert addressed(state, SHIELD, "thorin: potion") == ("Thorin", "thorin: potion")
    assert addressed(state, SHIELD, "Ana: wait for me") == ("Ana", "Ana: wait for me")
    assert addressed(state, SHIELD, "Aria: I duck") == (None, "I duck")
    assert addressed(state, SHIELD, "Cy: 1") == (None, "1")  # Aria's player
    assert addressed(state, SHIELD, "note: I duck") == (None, "note: I duck")
    assert addressed(state, SHIELD, "I duck") == (None, "I duck")


def test_at_the_console_another_characters_line_and_a_command_wait_for_after() -> None:
    game = table()
    typed = iter(["Mira: I ready my shortbow", "/status", "aria: I duck behind the cask"])
    game.read = lambda _prompt: next(typed)
    answer = game.ask("Cy", SHIELD)
    assert answer == "I duck behind the cask"
    assert game.held == ["Mira: I ready my shortbow", "/status"]
    shown = game.console.file.getvalue()  # type: ignore[attr-defined]
    assert "Mira's line waits until the reaction is answered" in shown
    assert "/status waits until the reaction is answered" in shown


def test_the_held_lines_are_played_before_the_next_line_is_read() -> None:
    game = table()
    game.held = ["/status"]
    game.read = lambda _prompt: "/quit"
    asyncio.run(game.run())
    shown = game.console.file.getvalue()  # type: ignore[attr-defined]
    assert "> /status\nWaiting for Cy (Aria)" in shown  # the status, as if typed now


def test_a_pass_typed_at_the_question_is_no_reaction_and_ends_no_later_turn() -> None:
    """``/pass`` at the question can only mean no reaction: held for after it, it ended the
    next character's turn before they could act."""
    game = table()
    typed = iter(["/pass"])
    game.read = lambda _prompt: next(typed)
    assert game.ask("Cy", SHIELD) == ""
    assert game.held == []
    typed = iter(["/end "])
    assert game.ask("Cy", SHIELD) == ""
    typed = iter(["/pass Ana", "I duck"])  # a pass for a player by name: the game's, later
    assert game.ask("Cy", SHIELD) == "I duck"
    assert game.held == ["/pass Ana"]


def test_asked_of_a_player_who_does_not_have_the_keyboard_it_is_asked_for() -> None:
    game = table()
    fight = game.session.state.encounter
    assert fight is not None
    fight.turn_index = next(i for i, c in enumerate(fight.order) if c.id == "thorin")
    game.read = lambda _prompt: ""
    assert game.ask("Cy", SHIELD) == ""  # (Thorin moves off: Ana has the keyboard)
    shown = game.console.file.getvalue()  # type: ignore[attr-defined]
    assert "Pass the keyboard to Cy (then back to Ana).\nCy (Aria): " in shown
    assert game.ask("Ana", SHIELD) == "" and "Pass the keyboard to Ana" not in shown


def test_a_reactions_word_said_as_a_thing_someone_has_is_no_reaction_named() -> None:
    offered = ((ReactionOffer(reactor_id="aria", reactor_name="Aria", kind="shield",
                              prompt="Cast Shield?"), True),)  # fmt: skip
    for said in ("I duck behind Thorin's shield", "raise my shield"):
        assert read_declaration(said, offered).kind == "declared", said
    for said in ("Shield!", "I cast shield on myself", "shield me"):
        assert read_declaration(said, offered).kind == "shield", said
