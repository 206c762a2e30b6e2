"""Fuzzing text from files on its way to the screen: any text in a campaign's title, a
character's name and a scene's description, and any text in a save's title, a name and its
dice log. A campaign text holding a control character or escape code must be refused; every
other text is shown — and no run prints a traceback or an escape code."""

from __future__ import annotations

import io
import tomllib
from pathlib import Path
from typing import Any

import tomli_w
from hypothesis import given
from hypothesis import strategies as st
from rich.console import Console
from typer.testing import CliRunner

from app.cli.main import app
from app.display.screentext import from_markup, plain
from app.saves import save_game
from app.tui.showcase import crossroads
from app.world.folders import CAMPAIGNS_DIR
from app.world.printable import first_control
from tests.fuzz.harness import Verdict, fuzz_settings, judge

HOSTILE = list("[]/@=#:\\ab \n\t\r\x1b\x07\x08\x9b\x9d;0J\u202e")
TEXTS = st.text(
    alphabet=st.one_of(st.sampled_from(HOSTILE), st.characters(codec="utf-8")),
    min_size=1,
    max_size=30,
).filter(lambda t: t.strip())
SHIPPED = tomllib.loads((CAMPAIGNS_DIR / "crossroads" / "campaign.toml").read_text("utf-8"))


def _clean(out: str) -> None:
    assert "\x1b" not in out and "\x9b" not in out and "\x07" not in out, repr(out[-400:])
    assert "Traceback" not in out, out[-2000:]


def _campaign(tmp: Path, title: str, name: str, description: str) -> Path:
    data: dict[str, Any] = tomllib.loads(tomli_w.dumps(SHIPPED))  # a deep copy
    data["campaign"]["title"] = title
    data["characters"][0]["name"] = name
    data["scenes"]["inn"]["description"] = description
    folder = tmp / "campaign"
    folder.mkdir()
    (folder / "campaign.toml").write_text(tomli_w.dumps(data), encoding="utf-8")
    return folder


@fuzz_settings(examples=8)
@given(title=TEXTS, name=TEXTS, description=TEXTS)
def test_any_campaign_text_is_shown_or_refused(
    tmp_path_factory: Any, title: str, name: str, description: str
) -> None:
    tmp = tmp_path_factory.mktemp("text")
    folder = _campaign(tmp, title, name, description)
    nonsense = any(first_control(t) for t in (title, name, description))

    def case() -> Verdict | None:
        runner = CliRunner()
        checked = runner.invoke(app, ["validate", str(folder)])
        _clean(checked.output)
        played = runner.invoke(
            app,
            ["play", "--ui", "console", "--campaign", str(folder), "--saves-dir", str(tmp / "s")],
            input="/status\nI look around\n/quit\n",
        )
        _clean(played.output)
        if checked.exit_code == 3 and played.exit_code == 3:  # an invalid campaign
            assert "escape codes in campaign text" in " ".join(checked.output.split())
            return Verdict.REFUSED
        assert checked.exit_code == 0 and played.exit_code == 0, played.output[-2000:]
        return None

    judge("text", case, refusals=(), nonsense=nonsense, shown=(title, name, description))


@fuzz_settings(examples=20)
@given(title=TEXTS, name=TEXTS, log=st.lists(TEXTS, max_size=3))
def test_any_save_text_is_shown_without_escape_codes(
    tmp_path_factory: Any, title: str, name: str, log: list[str]
) -> None:
    saves = tmp_path_factory.mktemp("saves")
    state = crossroads().state
    state.title = title
    state.party["mira"].name = name
    state.table_log = log
    save_game(state, "game", saves)

    def case() -> Verdict | None:
        shown = CliRunner().invoke(app, ["saves", "show", "game", "--saves-dir", str(saves)])
        _clean(shown.output)
        refused = shown.exit_code == 2 and shown.output.startswith("error: ")
        assert refused or shown.exit_code == 0, shown.output  # a name only of escapes is none
        out = io.StringIO()
        console = Console(file=out, force_terminal=True, width=60)
        for entry in log:  # the dice log as the full screen draws it, styles and all
            console.print(from_markup(entry))
        console.print(plain(title), plain(name))
        drawn = out.getvalue()
        assert "\x1b]" not in drawn and "\x9b" not in drawn and "\x07" not in drawn
        assert "\x1b[2J" not in drawn  # styles only, never a screen command
        return Verdict.REFUSED if refused else None

    judge("text", case, refusals=(), shown=(title, name, log))
