"""Reactions at the console: the question is addressed to the player with the character in
hotseat, lists the options by number, and takes a number, the player's own words (resolved
by the DM in its subturn) or nothing (no reaction)."""

from __future__ import annotations

from pathlib import Path

from app.dm.scripted import ScriptedBrain
from app.session.session import GameSession
from app.tui.showcase import RAT_BITES_ARIA, TRIO, rat_fight
from tests.cli.test_console_robust import play

DUCKS = [
    RAT_BITES_ARIA[0],
    {"tool_calls": [{"name": "end_subturn",
                     "arguments": {"subturn_id": "1.1", "outcome": "no effect: too late"}}]},
    {"text": "Aria ducks, too late."},
]  # fmt: skip


def rat_bites(script: list | None = None) -> GameSession:
    session = rat_fight(TRIO)
    if script is not None:
        session.brain = ScriptedBrain(script)
    return session


def test_the_player_is_addressed_and_picks_an_option_by_number(tmp_path: Path) -> None:
    session = rat_bites()
    out = play(session, ["1"], saves=tmp_path, interactive=True)
    assert "Cy (Aria): Aria, Giant Rat 1 hits you" in out  # the player, then the character
    assert "1) Cast Shield" in out
    assert "⟲ Giant Rat 1 hits Aria — asking Aria…" in out  # the window, while it is open
    assert "Reaction 1.1 — Aria casts Shield" in out
    assert session.state.party["aria"].vitals.hp == 17


def test_words_of_the_players_own_are_resolved_by_the_dm(tmp_path: Path) -> None:
    session = rat_bites(DUCKS)
    out = play(session, ["I duck behind the table"], saves=tmp_path, interactive=True)
    assert "Reaction 1.1 — Aria: “I duck behind the table”" in out
    assert "⟲ 1.1 Aria: “I duck behind the table” — done: no effect: too late" in out
    assert session.state.party["aria"].spell_slots.remaining(1) == 4


def test_enter_with_nothing_is_no_reaction(tmp_path: Path) -> None:
    session = rat_bites()
    out = play(session, [""], saves=tmp_path, interactive=True)
    assert "Aria does not cast Shield" in out
    assert session.state.party["aria"].vitals.hp < 17


def test_a_number_that_is_no_option_is_asked_again_not_taken_for_no(tmp_path: Path) -> None:
    session = rat_bites()
    out = play(session, ["2", "99999", "1"], saves=tmp_path, interactive=True)
    assert "There is no option 2 — choose 1." in out
    assert "There is no option 99999 — choose 1." in out  # (a long slip of the finger too)
    assert "Reaction 1.1 — Aria casts Shield" in out
    assert session.state.party["aria"].vitals.hp == 17


def test_a_question_about_the_reaction_is_answered_then_asked_again(tmp_path: Path) -> None:
    session = rat_bites()
    out = play(session, ["what does shield do??", "no"], saves=tmp_path, interactive=True)
    assert "Cast Shield: a 1st-level spell: +5 AC until your next turn" in out
    assert "Aria does not cast Shield" in out
    assert session.state.party["aria"].spell_slots.remaining(1) == 4
