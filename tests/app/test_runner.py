"""The headless runner: ``Name: action`` scripts in, a transcript out, the same every run."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.dm.brain import BrainError
from app.dm.scripted import ScriptedBrain
from app.session.runner import ScriptError, parse_script, run_lines
from app.session.session import GameSession
from app.world.sandbox import sandbox_state

TRANSCRIPT = """
[[reply]]
text = "Mira slides a pick into the lock."
[[reply.tool_calls]]
name = "request_ability_check"
arguments = { character_id = "mira", skill = "sleight_of_hand", dc = 13, reason = "pick the lock" }

[[reply]]
text = "The trapdoor yawns open onto damp stairs."

[[reply]]
text = "Thorin goes first, shield up."
[[reply.tool_calls]]
name = "move_scene"
arguments = { scene_id = "cellar", reason = "down the stairs" }

[[reply]]
text = "Casks loom in the dark."
"""

SCRIPT = """
# a short session
Mira: I pick the lock on the trapdoor
Gandalf: I cast fireball
thorin: I lead the way down
"""


def write(tmp_path: Path) -> Path:
    path = tmp_path / "dm.toml"
    path.write_text(TRANSCRIPT)
    return path


async def play(tmp_path: Path, seed: int) -> tuple[list[str], GameSession]:
    session = GameSession(sandbox_state(seed=seed), ScriptedBrain.from_file(write(tmp_path)))
    result = await run_lines(session, SCRIPT.splitlines())
    assert result.turns == 2 and result.errors == []
    assert result.refused == ["line 4: nobody called 'Gandalf' (party: Mira, Thorin)"]
    return result.transcript, session


async def test_transcript_has_actions_narration_rolls_and_changes(tmp_path: Path) -> None:
    transcript, session = await play(tmp_path, seed=9)
    text = "\n".join(transcript)
    assert transcript[0] == "> Mira: I pick the lock on the trapdoor"
    assert "DM: Mira slides a pick into the lock." in text
    assert "  [roll] Mira: pick the lock DC 13: 1d20 (" in text
    assert "! line 4: nobody called 'Gandalf'" in text
    assert "  [scene] The party moves from The Crossroads Inn to The Inn Cellar" in text
    assert session.state.scene.id == "cellar"


async def test_same_seed_and_script_give_the_same_transcript(tmp_path: Path) -> None:
    first, _ = await play(tmp_path, seed=21)
    second, _ = await play(tmp_path, seed=21)
    assert first == second


def test_script_parsing() -> None:
    lines = parse_script(["", "# note", "Mira: hello: there", "  Thorin :  hmm  "])
    assert [(x.number, x.name, x.text) for x in lines] == [
        (3, "Mira", "hello: there"),
        (4, "Thorin", "hmm"),
    ]
    with pytest.raises(ScriptError, match="line 2: expected 'Name: action'"):
        parse_script(["Mira: ok", "just words"])
    with pytest.raises(ScriptError):
        parse_script(["Mira:   "])


def test_scripted_transcript_errors_name_the_file(tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text("[[reply]]\ntext = 3\n")
    with pytest.raises(BrainError, match=r"bad\.toml") as caught:
        ScriptedBrain.from_file(bad)
    assert not caught.value.recoverable
    with pytest.raises(BrainError, match=r"missing\.toml"):
        ScriptedBrain.from_file(tmp_path / "missing.toml")


async def test_a_script_that_runs_dry_is_reported(tmp_path: Path) -> None:
    session = GameSession(sandbox_state(), ScriptedBrain([]))
    result = await run_lines(session, ["Mira: hello"])
    assert result.turns == 0 and "no replies left" in result.errors[0]
