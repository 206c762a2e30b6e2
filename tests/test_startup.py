"""Start-up costs only what the command in hand uses: checked in fresh interpreters through
``sys.modules``, so a module-level import of the game into the command line (or of the
game's screens into the title) is caught here, not by a player waiting for ``--help``."""

from __future__ import annotations

import contextlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.main import get_command

from app.cli.main import app

ROOT = Path(__file__).resolve().parents[1]

GAME = ("textual", "openai", "pydantic", "app.session", "app.dm", "app.saves", "app.tui")
"""What no command line module may import before a command runs."""


def loaded_after(code: str) -> list[str]:
    """The modules loaded in a fresh interpreter once ``code`` has run."""
    script = f"{code}\nimport json, sys\nprint(json.dumps(sorted(sys.modules)))"
    out = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT, check=True
    ).stdout
    return list(json.loads(out.splitlines()[-1]))


def among(modules: list[str], prefixes: tuple[str, ...]) -> list[str]:
    return [m for m in modules if m in prefixes or m.startswith(tuple(p + "." for p in prefixes))]


def test_the_checker_sees_modules() -> None:
    # guard against a check that silently finds nothing
    assert among(loaded_after("import app.tui.app"), ("textual",))


def test_importing_the_command_line_loads_none_of_the_game() -> None:
    loaded = loaded_after("import app.cli.main")
    assert among(loaded, GAME) == []
    assert among(loaded, ("rich", "rules", "app.world.campaign", "app.world.state")) == []


def every_command() -> list[list[str]]:
    """Every command and sub-command, as the words that name it."""
    root = get_command(app)
    found: list[list[str]] = []
    for name, command in root.commands.items():  # type: ignore[attr-defined]
        found.append([name])
        found += [[name, sub] for sub in getattr(command, "commands", {})]
    return found


def test_every_help_is_read_without_loading_the_game() -> None:
    commands = every_command()
    assert ["play"] in commands and ["saves", "list"] in commands and len(commands) > 12
    calls = "\n".join(
        f"try:\n    app([*{words!r}, '--help'])\nexcept SystemExit:\n    pass"
        for words in [[], *commands]
    )
    loaded = loaded_after(f"import contextlib, io\nfrom app.cli.main import app\n{calls}")
    # pydantic is not in it: Typer itself loads it to check a command's options
    assert among(loaded, tuple(m for m in GAME if m != "pydantic")) == []
    assert among(loaded, ("rules", "app.world.campaign", "app.world.state")) == []


def test_the_top_help_lists_every_command_with_its_help() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "app", "--help"], capture_output=True, text=True, cwd=ROOT,
        check=True,
    ).stdout  # fmt: skip
    root = get_command(app)
    for name, command in root.commands.items():  # type: ignore[attr-defined]
        first_words = " ".join((command.help or "").split()[:3])
        line = next((line for line in out.splitlines() if line.strip().startswith(name)), "")
        assert first_words and first_words in line, (name, out)


def test_a_roll_loads_the_dice_only() -> None:
    loaded = loaded_after(
        "import contextlib, io\nfrom app.cli.main import app\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        "    try:\n        app(['roll', '1d20', '--seed', '1'])\n"
        "    except SystemExit:\n        pass"
    )
    assert "rules.dice" in loaded
    assert among(loaded, ("textual", "openai", "app.session", "app.dm", "app.saves")) == []
    assert among(loaded, ("rules.srd", "app.world.campaign", "app.world.state")) == []


def test_the_title_screen_loads_no_game() -> None:
    loaded = loaded_after("import app.tui.app")
    assert among(loaded, ("app.session", "app.saves", "openai", "app.world.state")) == []
    assert among(loaded, ("app.dm.openai_brain", "app.world.campaign", "rules.srd")) == []
    screens = [m for m in among(loaded, ("app.tui.screens",)) if m != "app.tui.screens"]
    assert screens == ["app.tui.screens.title"]


def test_the_named_folders_are_the_games_own() -> None:
    from app.saves import SAVES_DIR
    from app.world.characters import CHARACTERS_DIR
    from app.world.folders import CAMPAIGNS_DIR
    from app.world.folders import CAMPAIGNS_DIR as CAMPAIGNS
    from app.world.folders import CHARACTERS_DIR as CHARACTERS
    from app.world.folders import SAVES_DIR as SAVES

    assert (SAVES, CAMPAIGNS, CHARACTERS) == (SAVES_DIR, CAMPAIGNS_DIR, CHARACTERS_DIR)
    assert (CAMPAIGNS / "crossroads" / "campaign.toml").is_file()


def test_a_command_is_run_by_a_command_line_holding_only_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from app.cli.main import for_args

    def names(args: list[str]) -> list[str]:
        return list(get_command(for_args(args)).commands)  # type: ignore[attr-defined]

    assert names(["play", "--ui", "tui"]) == names([]) == ["play"]  # no command: play
    assert names(["saves", "list"]) == ["saves"] and names(["credits"]) == ["credits"]
    every = names(["--help"])
    assert len(every) > 12 and names(["--version"]) == names(["plya"]) == every
    monkeypatch.setenv("_DUNGEON_COMPLETE", "bash_complete")  # a shell completing a word
    assert names(["play"]) == every


def test_a_command_says_the_same_alone_as_among_all() -> None:
    from typer.testing import CliRunner

    from app.cli.main import for_args

    runner = CliRunner()
    cases = [[*words, "--help"] for words in (["play"], ["saves"], ["saves", "list"], ["roll"])]
    cases += [["play", "--ui", "nope", "--bogus"], ["saves", "lst"], ["roll", "--seed", "x"]]
    for args in cases:
        alone, among = runner.invoke(for_args(args), args), runner.invoke(app, args)
        assert (alone.exit_code, alone.output) == (among.exit_code, among.output), args
    unknown = runner.invoke(for_args(["plya"]), ["plya"])
    assert unknown.exit_code == 2 and "Did you mean 'play'" in unknown.output


def test_the_entry_point_skips_the_search_for_pydantic_plugins(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from app.cli.main import main

    monkeypatch.delenv("PYDANTIC_DISABLE_PLUGINS", raising=False)
    monkeypatch.setattr(sys, "argv", ["dungeon", "--version"])
    with contextlib.suppress(SystemExit):
        main()
    assert os.environ["PYDANTIC_DISABLE_PLUGINS"] == "__all__"
    monkeypatch.setenv("PYDANTIC_DISABLE_PLUGINS", "some-plugin")  # the player's own say
    with contextlib.suppress(SystemExit):
        main()
    assert os.environ["PYDANTIC_DISABLE_PLUGINS"] == "some-plugin"
