"""Text from files reaches the console as written: square brackets in a campaign, a save or
a player's name are shown literally (never read as markup, never a traceback), and escape
codes never reach the terminal — a campaign holding them is refused naming the key, a save
holding them loads with them removed and says so."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from app.cli.main import app
from tests.hostile_text import ESC_TITLE, MARKS, campaign_with, hostile_save


def run(*args: str, lines: str = "") -> tuple[int, str]:
    result = CliRunner().invoke(app, list(args), input=lines)
    return result.exit_code, result.output


def flat(out: str) -> str:
    """The output with the console's line wrapping undone."""
    return " ".join(out.split())


def test_validate_shows_a_bracketed_title_as_written(tmp_path: Path) -> None:
    code, out = run("validate", str(campaign_with(tmp_path)))
    assert code == 0, out
    assert f"ok: The Cellar Under the Crossroads{MARKS} —" in flat(out)


def test_validate_with_markup_that_would_not_parse_reports_no_traceback(tmp_path: Path) -> None:
    def title(data: dict[str, Any]) -> dict[str, Any]:
        data["campaign"]["title"] = "[/][bold]x[/nonexistent]"
        return data

    code, out = run("validate", str(campaign_with(tmp_path, title)))
    assert code == 0, out
    assert "ok: [/][bold]x[/nonexistent] —" in out
    assert "Traceback" not in out


def test_a_campaign_with_escape_codes_is_refused_naming_each_key(tmp_path: Path) -> None:
    def escapes(data: dict[str, Any]) -> dict[str, Any]:
        data["campaign"]["title"] = ESC_TITLE
        data["characters"][0]["name"] = "Mi\x1b[2Jra"
        data["scenes"]["inn"]["description"] += "\n\tand a tab\x07"
        return data

    folder = campaign_with(tmp_path, escapes)
    saves = tmp_path / "saves"
    play = ["play", "--ui", "console", "--campaign", str(folder), "--saves-dir", str(saves)]
    for args in (["validate", str(folder)], play):
        code, out = run(*args, lines="/quit\n")
        assert code != 0, out
        assert "\x1b" not in out and "\x07" not in out and "Traceback" not in out
        text = flat(out)
        assert "control characters or escape codes in campaign text" in text
        assert "campaign.title: U+001B" in text
        assert "characters[0].name: U+001B" in text
        assert "scenes.inn.description: U+0007" in text  # the line break and tab are fine
    assert not saves.exists() or not any(saves.iterdir())  # no game was started


def test_console_play_shows_bracketed_campaign_text_and_names_literally(tmp_path: Path) -> None:
    code, out = run(
        "play", "--ui", "console", "--campaign", str(campaign_with(tmp_path)),
        "--saves-dir", str(tmp_path / "saves"),
        "--player", "A[/]na=mira", "--player", "Ben=thorin,aria",
        lines="/status\nI look around [/]\nI look around\n/quit\n",
    )  # fmt: skip
    assert code == 0, out
    text = flat(out)
    assert "Traceback" not in out
    assert f"The Cellar Under the Crossroads{MARKS}" in text
    assert f"The Crossroads Inn{MARKS}" in text
    assert f"held shut by an iron padlock.{MARKS}" in text  # the description, [sic] and all
    assert "Waiting for A[/]na" in text
    assert f"Mira{MARKS}: 21/21 HP" in text
    assert "> I look around [/]" in text
    assert f"Here: Berta{MARKS}." in text  # the referee's narration names the NPC as written


def test_a_hand_edited_save_shows_its_text_without_escape_codes(tmp_path: Path) -> None:
    saves = tmp_path / "saves"
    hostile_save(saves)
    code, out = run("saves", "show", "autosave", "--saves-dir", str(saves))
    assert code == 0, out
    assert "\x1b" not in out and "\x07" not in out
    assert "The [/]Cellar (crossroads)" in out and "The [sic] Inn" in out
    assert "Mi[/]ra: 21/21 HP" in out
    assert "control characters or escape codes were removed from title, state.title" in out
    code, out = run("saves", "list", "--saves-dir", str(saves))
    assert code == 0 and "\x1b" not in out and "The [/]Cellar" in out, out


def test_continuing_a_hand_edited_save_in_the_console(tmp_path: Path) -> None:
    saves = tmp_path / "saves"
    hostile_save(saves)
    code, out = run(
        "play", "--ui", "console", "--continue", "--saves-dir", str(saves),
        lines="/status\nMi[/]ra: I look around\n/quit\n",
    )  # fmt: skip
    assert code == 0, out
    assert "\x1b" not in out and "\x07" not in out and "Traceback" not in out
    text = flat(out)
    # the title and the map of scenes are the campaign's, read again from it on resuming
    assert "The Cellar Under the Crossroads — resumed" in text
    assert "The Crossroads Inn" in text and "[sic]" not in text
    assert "Mi[/]ra: 21/21 HP" in text
    assert "escape codes were removed" in text
    saved = (saves / "autosave.toml").read_text("utf-8")
    assert "\\u001b" not in saved and "\x1b" not in saved  # saved again without them
    assert "unclosed" in saved  # the hand-edited log entry is kept, shown as written
