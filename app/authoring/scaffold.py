"""``dungeon new NAME``: a small working campaign to grow from — two scenes, an exit a
challenge opens, a person with things to say, a fight, a trigger, an ending, and a script
that reaches it — with the JSON Schema beside it for the author's editor."""

from __future__ import annotations

import re
from importlib import resources
from pathlib import Path

from app.world.schemafile import generate, render

ID = re.compile(r"^[a-z0-9][a-z0-9_-]{0,39}$")


class ScaffoldError(ValueError):
    """A name or folder a campaign cannot be made with (the message says why)."""


def _template(name: str) -> str:
    return (resources.files("app.authoring") / "templates" / name).read_text(encoding="utf-8")


def scaffold(name: str, parent: Path) -> Path:
    """Write the new campaign's folder under ``parent``; :class:`ScaffoldError` if the
    name is not a campaign id or the folder exists (nothing is overwritten)."""
    if not ID.match(name):
        raise ScaffoldError(
            f"{name!r} is not a campaign id: use lowercase letters, digits, '-' and '_' "
            "(at most 40), starting with a letter or digit"
        )
    folder = parent / name
    if folder.exists():
        raise ScaffoldError(f"{folder} already exists; nothing was written")
    title = name.replace("-", " ").replace("_", " ").title()
    shown = str(folder)

    def fill(text: str) -> str:
        return text.replace("{id}", name).replace("{title}", title).replace("{folder}", shown)

    try:
        (folder / "scripts").mkdir(parents=True)
        (folder / "campaign.toml").write_text(fill(_template("campaign.toml")), encoding="utf-8")
        script = fill(_template("walkthrough.txt"))
        (folder / "scripts" / "walkthrough.txt").write_text(script, encoding="utf-8")
        (folder / "campaign.schema.json").write_text(render(generate()), encoding="utf-8")
    except OSError as error:
        raise ScaffoldError(f"cannot write {folder}: {error.strerror or error}") from None
    return folder
