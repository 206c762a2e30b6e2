"""Text from files that would break the screen if it were read as markup or printed raw:
a campaign with square brackets in everything a player reads, and a hand-edited save with
brackets, escape codes and broken dice-log markup."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import tomli_w

from app.saves import save_game
from app.tui.showcase import crossroads
from app.world.folders import CAMPAIGNS_DIR

MARKS = " [/][sic][b]x"
"""Appended to every text: a closing tag with nothing open (a ``MarkupError``), a word in
brackets (vanishes as an unknown style) and a bold tag (turns the rest bold)."""

SHOWN = ("title", "summary", "description", "name", "text")
ESC_TITLE = "The \x1b[2J\x1b]0;pwn\x07Cellar"
BROKEN_LOG = "[bold]unclosed … [/nonexistent]"


def _marked(data: Any) -> Any:
    if isinstance(data, dict):
        return {
            k: v + MARKS if k in SHOWN and isinstance(v, str) and v else _marked(v)
            for k, v in data.items()
        }
    if isinstance(data, list):
        return [_marked(v) for v in data]
    return data


def campaign_with(tmp_path: Path, edit: Any = None, folder: str = "bracketed") -> Path:
    """The shipped campaign in a folder of its own, with :data:`MARKS` after every text a
    player sees (or ``edit`` applied to its data instead)."""
    data = tomllib.loads((CAMPAIGNS_DIR / "crossroads" / "campaign.toml").read_text("utf-8"))
    data = edit(data) if edit else _marked(data)
    where = tmp_path / folder
    where.mkdir()
    (where / "campaign.toml").write_text(tomli_w.dumps(data), encoding="utf-8")
    return where


def hostile_save(folder: Path, name: str = "autosave") -> Path:
    """A save hand-edited (as a player might) to hold escape codes and brackets in the
    title, a name and a scene, and a dice-log entry that is not well-formed markup."""
    path = save_game(crossroads().state, name, folder)
    text = path.read_text("utf-8")
    edits = [
        ('title = "The Cellar Under the Crossroads"', 'title = "The \\u001b[2J[/]Cellar"'),
        ('name = "Mira"', 'name = "Mi\\u001b[2J[/]ra"'),
        ('name = "The Crossroads Inn"', 'name = "The [sic] Inn\\u001b]0;pwn\\u0007"'),
        ("table_log = []", f'table_log = ["{BROKEN_LOG}", "[@click=app.quit]click[/]"]'),
    ]
    for old, new in edits:
        assert old in text, old
        text = text.replace(old, new)
    path.write_text(text, encoding="utf-8")
    return path
