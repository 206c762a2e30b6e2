"""``dungeon simulate`` shows each turn's judgments and fired triggers, read from the
turn's ledger events, and the same seed and script still give the same transcript."""

from __future__ import annotations

import asyncio

import pytest
from typer.testing import CliRunner

from app.cli.main import app
from app.session import eventflow
from app.session.runner import ledger_notes, run_lines
from app.session.setup import start_session
from app.session.triggers import Cascade
from app.world.campaignfile import load_campaign
from app.world.folders import CAMPAIGNS_DIR
from app.world.ledger import JudgmentMade, SpeechAct, TriggerFired
from app.world.state import GameState

CAMPAIGN = load_campaign(CAMPAIGNS_DIR / "crossroads")
SCRIPT = CAMPAIGNS_DIR / "crossroads" / "scripts" / "peace.txt"


def test_a_turns_judgments_and_triggers_read_as_one_line_each() -> None:
    events = [
        SpeechAct(speaker="mira", words="hello"),
        JudgmentMade(judgment="j1", watch="berta_reassured", category="trust_shift",
                     about="berta", confidence=0.7),
        TriggerFired(trigger="berta_opens_up", tier="scene", confidence=0.7, provisional=["j1"]),
        JudgmentMade(judgment="j1", watch="berta_reassured", category="trust_shift",
                     about="berta", status="contradicted", confidence=0.2, source="interpreter"),
        TriggerFired(trigger="tam_found"),
    ]  # fmt: skip
    assert ledger_notes(events) == [
        "~ judgment j1 berta_reassured about berta provisional 0.70 (sensitivity)",
        "~ trigger berta_opens_up [scene] 0.70 on j1",
        "~ judgment j1 berta_reassured about berta contradicted 0.20 (interpreter)",
        "~ trigger tam_found [immediate] 1.00",
    ]


def test_the_transcript_shows_what_fired_after_the_turn(monkeypatch: pytest.MonkeyPatch) -> None:
    def firing(state: GameState, phase: str, **_: object) -> Cascade:
        if phase == "after_turn" and not state.truth.seen("fired.bell_rings"):
            state.log_event(TriggerFired(trigger="bell_rings", tier="scene", confidence=0.8))
        return Cascade([], [], [])

    monkeypatch.setattr(eventflow, "run_triggers", firing)
    session = start_session(CAMPAIGN, 11)
    result = asyncio.run(run_lines(session, ["Mira: I look around"], ledger=True))
    lines = result.transcript
    assert "~ trigger bell_rings [scene] 0.80" in lines
    assert lines.index("~ trigger bell_rings [scene] 0.80") == len(lines) - 2  # before the gap
    quiet = asyncio.run(run_lines(start_session(CAMPAIGN, 11), ["Mira: I look around"]))
    assert not any(line.startswith("~") for line in quiet.transcript)


def test_the_same_seed_and_script_give_the_same_transcript() -> None:
    args = ["simulate", "crossroads", "--script", str(SCRIPT), "--seed", "0"]
    first, second = CliRunner().invoke(app, args), CliRunner().invoke(app, args)
    assert first.exit_code == 0, first.output
    assert first.stdout_bytes == second.stdout_bytes
