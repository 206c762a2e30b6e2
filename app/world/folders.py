"""The folders the game reads and writes by default, in a module that imports nothing
heavy: the command line's options and the title screen name them before anything of a
game is loaded."""

from __future__ import annotations

from pathlib import Path

CAMPAIGNS_DIR = Path(__file__).resolve().parents[2] / "campaigns"
"""The shipped campaigns, one folder each."""
CHARACTERS_DIR = Path("characters")
"""Where ``dungeon character`` keeps characters unless told otherwise."""
SAVES_DIR = Path("saves")
"""Where games are saved unless told otherwise: the same folder as ``app.saves.SAVES_DIR``
(a test keeps them equal), named here so that naming it does not load the save machinery."""


def shown_folder(folder: Path) -> str:
    """A folder as a player would recognise it in a title: relative to where the game was
    started when it is under it, ``~/…`` under the home folder, else in full; always
    ending in ``/`` so it reads as a folder (``saves/``, ``~/games/dnd/``)."""
    path = folder.expanduser()
    try:
        path = path.resolve()
        cwd, home = Path.cwd().resolve(), Path.home().resolve()
    except (OSError, RuntimeError):
        return f"{folder}/"
    if path.is_relative_to(cwd) and path != cwd:
        return f"{path.relative_to(cwd)}/"
    if path.is_relative_to(home) and path != home:
        return f"~/{path.relative_to(home)}/"
    return f"{path}/".replace("//", "/")
