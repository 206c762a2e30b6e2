"""``dungeon saves export NAME``: a saved game's story as Markdown — on stdout, into
NAME.md or a file named with --out; never over an existing file without --force; the same
clear error as the other ``saves`` commands for a save that does not load."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from app.cli.main import app
from app.saves import save_game
from app.tui.showcase import crossroads


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(app, list(args))
    assert "Traceback" not in result.output and "Traceback" not in result.stderr
    return result.exit_code, result.stdout, result.stderr


def played(saves: Path) -> None:
    """Two turns of the shipped campaign, saved as ``crossroads``."""
    lines = "Mira: ask Berta about Tam\nMira: I pick the lock on the trapdoor\n/quit\n"
    args = ["play", "--ui", "console", "--seed", "11", "--saves-dir", str(saves)]
    result = CliRunner().invoke(app, args, input=lines)
    assert result.exit_code == 0, result.output


def test_out_dash_prints_the_story_alone(tmp_path: Path) -> None:
    played(tmp_path / "saves")
    code, out, err = run(
        "saves", "export", "crossroads", "--saves-dir", str(tmp_path / "saves"), "--out", "-"
    )
    assert code == 0, err
    assert out.startswith("# The Cellar Under the Crossroads\n")
    assert "> **Mira:** ask Berta about Tam" in out
    assert "> **Mira:** I pick the lock on the trapdoor" in out
    assert "### Turn 2" in out and "<details><summary>" in out
    assert "- **Thorin** — Dwarf Fighter, level 3" in out
    assert not any(Path().glob("*.md"))  # nothing written


def test_the_default_file_is_named_for_the_save_and_never_overwritten(tmp_path: Path) -> None:
    saves = str(tmp_path / "saves")
    played(tmp_path / "saves")
    code, out, err = run("saves", "export", "crossroads", "--saves-dir", saves)
    assert code == 0, err
    written = Path("crossroads.md")  # in the current folder
    assert "wrote the story of crossroads (2 turns) to crossroads.md" in out
    page = written.read_text(encoding="utf-8")
    assert "### Turn 1" in page and "### Turn 2" in page
    written.write_text("my notes", encoding="utf-8")
    code, out, err = run("saves", "export", "crossroads", "--saves-dir", saves)
    assert code == 2
    assert "crossroads.md exists: add --force" in err
    assert written.read_text(encoding="utf-8") == "my notes"
    code, _, err = run("saves", "export", "crossroads", "--saves-dir", saves, "--force")
    assert code == 0, err
    assert written.read_text(encoding="utf-8") == page


def test_out_names_the_file_and_a_folder_that_is_not_there_is_a_clear_error(
    tmp_path: Path,
) -> None:
    saves = str(tmp_path / "saves")
    played(tmp_path / "saves")
    code, _, err = run("saves", "export", "crossroads", "--saves-dir", saves, "-o", "tale.md")
    assert code == 0, err
    assert Path("tale.md").read_text(encoding="utf-8").startswith("# The Cellar")
    code, _, err = run("saves", "export", "crossroads", "--saves-dir", saves, "-o", "no/such/x.md")
    assert code == 2 and "could not write no/such/x.md (no such file or directory)" in err
    code, _, err = run("saves", "export", "crossroads", "--saves-dir", saves, "-o", str(tmp_path))
    assert code == 2 and "is a folder" in err


def test_a_save_that_does_not_load_gets_the_error_saves_show_gives(tmp_path: Path) -> None:
    saves = tmp_path / "saves"
    saves.mkdir()
    (saves / "broken.toml").write_text("this is = = not toml", encoding="utf-8")
    for name in ("nope", "broken", "../elsewhere"):
        code, out, err = run("saves", "export", name, "--saves-dir", str(saves))
        _, _, shown = run("saves", "show", name, "--saves-dir", str(saves))
        assert code == 2 and err == shown and err.startswith("error: "), (name, err)
        assert out == ""
    assert not any(Path().glob("*.md"))


def test_a_game_with_no_turns_and_an_ended_game(tmp_path: Path) -> None:
    saves = tmp_path / "saves"
    fresh = crossroads().state
    save_game(fresh, "fresh", saves)
    code, out, _ = run("saves", "export", "fresh", "--saves-dir", str(saves), "--out", "-")
    assert code == 0 and "*Nothing has happened yet.*" in out and "The end" not in out
    ended = crossroads().state
    ended.ending = "victory"
    save_game(ended, "ended", saves)
    code, out, _ = run("saves", "export", "ended", "--saves-dir", str(saves), "--out", "-")
    assert code == 0
    assert out.rstrip().endswith(
        "## The end — Steel in the Dark\n\nGrubnak's band is broken, and the tunnel under the inn "
        "falls quiet. Tam is back in Berta's arms before the night is out, and the inn drinks to "
        "you until dawn."
    )


def test_a_backup_exports_under_its_own_name(tmp_path: Path) -> None:
    saves = tmp_path / "saves"
    played(saves)
    played(saves)  # the second game pushes the first into a backup
    assert (saves / "crossroads.toml.1").exists()
    code, _, err = run("saves", "export", "crossroads.toml.1", "--saves-dir", str(saves))
    assert code == 0, err
    assert Path("crossroads.toml.1.md").exists()


def test_the_story_is_never_written_over_the_game_it_is_from(tmp_path: Path) -> None:
    saves = tmp_path / "saves"
    played(saves)
    game = saves / "crossroads.toml"
    kept = game.read_bytes()
    for out in (game, saves / "crossroads.story" / "story.toml", saves / "crossroads.toml.1"):
        code, _, err = run("saves", "export", "crossroads", "--saves-dir", str(saves),
                           "--out", str(out), "--force")  # fmt: skip
        assert code == 2 and "never written over" in err, err
    assert game.read_bytes() == kept
    code, _, err = run("play", "--ui", "console", "--load", "crossroads", "--saves-dir", str(saves))
    assert code == 0, err
