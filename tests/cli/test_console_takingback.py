"""``/undo``, ``/redo`` and ``/rewind`` at the console: solo at once, in hotseat once
every other player agrees; the game is saved as taken back, so it resumes there."""

from __future__ import annotations

import asyncio
import io
from pathlib import Path

from rich.console import Console
from typer.testing import CliRunner

from app.cli.main import app
from app.console.game import ConsoleGame
from app.saves import load_game, load_save
from app.tui.showcase import crossroads

SEATS = ["--player", "Ana=mira", "--player", "Ben=thorin", "--player", "Cy=aria"]


def play(tmp_path: Path, lines: str, seats: list[str] | None = None) -> str:
    args = ["play", "--ui", "console", "--seed", "3", "--saves-dir", str(tmp_path)]
    result = CliRunner().invoke(app, [*args, *(seats or [])], input=lines)
    assert result.exit_code == 0, result.output
    assert "Traceback" not in result.output
    return result.output


def saved(tmp_path: Path) -> Path:
    [path] = list(tmp_path.glob("*.toml"))
    return path


def test_solo_undo_redo_and_rewind(tmp_path: Path) -> None:
    out = play(
        tmp_path,
        "/undo\nMira: I look around\nMira: ask Berta about Tam\n"
        "Mira: I pick the lock on the trapdoor\n/undo\n/redo\n/rewind\n/rewind two\n"
        "/rewind 2\n/quit\n",
    )
    assert "There is no turn to take back." in out
    assert "Took back turn 3 (Mira: I pick the lock on the trapdoor)." in out
    assert "Brought back the turns up to turn 3." in out
    assert "Turns you can go back to before: 1–3." in out
    assert "/rewind takes a turn number, e.g. /rewind 3." in out
    took = "Took back turns 2–3 (Mira: ask Berta about Tam; Mira: I pick the lock on the"
    assert took in out
    assert "Mira: 21/21 HP" in out.split(took)[1]  # the status follows
    state = load_save(saved(tmp_path)).state  # quitting resumes where it was taken back
    assert state.turn == 1 and [r.actions for r in state.history] == [["Mira: I look around"]]


def test_undo_after_quitting_reaches_the_checkpoints_on_disk(tmp_path: Path) -> None:
    play(tmp_path, "Mira: I look around\nMira: ask Berta about Tam\n/quit\n")
    name = saved(tmp_path).stem
    args = ["play", "--ui", "console", "--saves-dir", str(tmp_path), "--load", name]
    result = CliRunner().invoke(app, args, input="/undo\n/undo\n/quit\n")
    assert result.exit_code == 0, result.output
    assert "Took back turn 2 (Mira: ask Berta about Tam)." in result.output
    assert "Took back turn 1 (Mira: I look around)." in result.output
    assert load_game(saved(tmp_path)).turn == 0


def test_hotseat_every_other_player_agrees(tmp_path: Path) -> None:
    out = play(
        tmp_path,
        "Mira: I look around\n/pass\n/pass\n/undo\ny\nyes\n/quit\n",
        SEATS,
    )
    assert "Ana wants to take back turn 1 (Mira: I look around)." in out
    assert "Ben, do you agree? [y/N]" in out and "Cy, do you agree? [y/N]" in out
    assert "Took back turn 1 (Mira: I look around)." in out
    assert load_game(saved(tmp_path)).turn == 0


def test_hotseat_a_no_cancels_and_the_table_is_told(tmp_path: Path) -> None:
    out = play(tmp_path, "Mira: I look around\n/pass\n/pass\n/undo\ny\nn\n/quit\n", SEATS)
    assert "Cy declined: nothing was taken back." in out
    assert "Took back" not in out
    assert load_game(saved(tmp_path)).turn == 1


def test_saying_undo_in_words_is_told_about_undo_and_spends_no_turn(tmp_path: Path) -> None:
    out = play(tmp_path, "Mira: I look around\nMira: oops, undo that\nwait go back a turn\n/quit\n")
    assert out.count("To take a turn back, type /undo") == 2
    state = load_save(saved(tmp_path)).state
    assert state.turn == 1 and not state.pending  # nothing reached the DM


def test_a_defeat_is_taken_back_at_the_console(tmp_path: Path) -> None:
    session = crossroads(3)
    lines = iter(["Mira: I look around", "FALL", "Mira: I get up", "/undo", "/status", "/quit"])

    def read(prompt: str) -> str:
        line = next(lines)
        if line == "FALL":  # a trap too many, between two turns
            for sheet in session.state.party.values():
                sheet.vitals = sheet.vitals.model_copy(update={"hp": 0})
            return "Mira: I look around again"
        return line

    out = io.StringIO()
    game = ConsoleGame(session, Console(file=out, width=200), read, save_as="game", saves=tmp_path)
    asyncio.run(game.run())
    text = out.getvalue()
    assert "The end — Defeat. The story is over." in text
    assert "/undo takes the last turn back" in text
    assert "Took back turn 2 (Mira: I look around again)." in text
    assert session.state.ending is None and session.state.turn == 1
    assert "Mira: 21/21 HP" in text.split("Took back turn 2")[1]


def test_redo_after_quitting_brings_back_what_an_undo_took(tmp_path: Path) -> None:
    """Quitting saves the game as taken back, and keeps what /redo needs with it."""
    play(tmp_path, "Mira: I look around\nMira: ask Berta about Tam\n/undo\n/quit\n")
    name = saved(tmp_path).stem
    args = ["play", "--ui", "console", "--saves-dir", str(tmp_path), "--load", name]
    result = CliRunner().invoke(app, args, input="/redo\n/quit\n")
    assert result.exit_code == 0, result.output
    assert "Brought back the turns up to turn 2." in result.output
    history = load_game(saved(tmp_path)).history
    assert [r.actions for r in history][-1] == ["Mira: ask Berta about Tam"]


def test_a_checkpoint_of_another_game_is_never_loaded(tmp_path: Path) -> None:
    """Checkpoints copied in from another game of the same campaign (or left by another game
    resumed from the same save) are refused by name, and the story stays as it was."""
    import shutil

    mine, other = tmp_path / "mine", tmp_path / "other"
    play(mine, "Mira: I look around\nMira: ask Berta about Tam\n/quit\n")
    play(other, "Mira: I open the door\nMira: I wait by the fire\n/quit\n", ["--seed", "4"])
    name = saved(mine).stem
    theirs = other / f"{saved(other).stem}.story" / "checkpoints"
    ours = mine / f"{name}.story" / "checkpoints"
    shutil.rmtree(ours)
    shutil.copytree(theirs, ours)
    args = ["play", "--ui", "console", "--saves-dir", str(mine), "--load", name]
    result = CliRunner().invoke(app, args, input="/undo\n/quit\n")
    assert result.exit_code == 0, result.output
    said = " ".join(result.output.split())
    assert "belongs to another game" in said and "Took back" not in said
    history = load_game(saved(mine)).history
    assert [r.actions for r in history] == [["Mira: I look around"], ["Mira: ask Berta about Tam"]]


def test_undo_after_resuming_passes_over_checkpoints_of_turns_played_another_way(
    tmp_path: Path,
) -> None:
    """A rewind, then a new turn the foes follow at once (a fight begins), leaves the
    checkpoints of the turns taken back on disk; after a resume /undo sets them aside and
    goes back to the newest checkpoint of this game's own story, never refusing for good."""
    lines = (
        "Wren: talk to Nessa\nWren: ask Nessa about Corin\nWren: ask Nessa about Corin\n"
        "/rewind 1\nIone: go back down to the harbour\n/quit\n"
    )
    args = ["play", "--ui", "console", "--campaign", "drowned_bell", "--seed", "257",
            "--saves-dir", str(tmp_path)]  # fmt: skip
    first = CliRunner().invoke(app, args, input=lines)
    assert first.exit_code == 0, first.output
    name = saved(tmp_path).stem
    again = ["play", "--ui", "console", "--saves-dir", str(tmp_path), "--load", name]
    result = CliRunner().invoke(app, again, input="/undo\n/quit\n")
    said = " ".join(result.output.split())
    assert result.exit_code == 0, result.output
    assert "Took back" in said and "belongs to another game" not in said


def test_a_game_resumed_mid_fight_says_a_fight_is_on(tmp_path: Path) -> None:
    """Resumed in the cellar with the rats up, the console said only the scene's words and
    whose turn it was: it says the fight is on, with the party and where everyone stands."""
    first = ["play", "--ui", "console", "--seed", "5", "--saves-dir", str(tmp_path)]
    lines = "Mira: pick the lock\nThorin: we go down\n/quit\n"
    assert CliRunner().invoke(app, first, input=lines).exit_code == 0
    args = ["play", "--ui", "console", "--load", saved(tmp_path).stem, "--saves-dir",
            str(tmp_path)]  # fmt: skip
    result = CliRunner().invoke(app, args, input="/quit\n")
    assert result.exit_code == 0, result.output
    assert "A fight is on (round 1)." in result.output and "Positions:" in result.output


def test_a_save_copied_by_hand_keeps_its_story_when_the_original_plays_on(tmp_path: Path) -> None:
    """``cp crossroads.toml before-boss.toml``: the copy names the original's story file; a
    take-back on the original writes a new story file, and the old one stays for the copy."""
    import shutil

    play(tmp_path, "Mira: ask Berta about Tam\nMira: look at the hearth\nThorin: look around\n"
         "/quit\n")  # fmt: skip
    copy = tmp_path / "before-boss.toml"
    shutil.copy(tmp_path / "crossroads.toml", copy)
    args = ["play", "--ui", "console", "--load", "crossroads", "--saves-dir", str(tmp_path)]
    lines = "/undo\nMira: look around\nThorin: look around\nAria: look around\n/quit\n"
    result = CliRunner().invoke(app, args, input=lines)
    assert result.exit_code == 0, result.output
    assert len(list((tmp_path / "crossroads.story").glob("story*.toml"))) == 2
    loaded = load_save(copy)
    assert len(loaded.state.history) == 3
    assert not any("is not there" in note for note in loaded.notes)
