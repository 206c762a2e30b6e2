"""The saves folder as the title screen and ``dungeon saves`` show it.

Anything can end up in that folder: a hand-edited save, a broken link, a pipe, a folder
named like a save, a file of random bytes. Listing never fails on one of them: each is
shown with what is wrong with it, and the list still sorts.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, replace
from datetime import datetime
from pathlib import Path
from typing import Any

from app.saves.claims import SaveInUse, forget_claim, in_use
from app.saves.document import _read
from app.saves.names import SAVES_DIR, NotASaveFile, SaveError, resolve_save, save_path
from app.saves.recovery import newest_copy, orphans
from app.saves.story import remove_story

_SHOWN = 64
"""Characters of a title (or a reason) shown in a listing."""


@dataclass(frozen=True)
class SaveInfo:
    """What ``saves list`` shows."""

    name: str
    """The save name, printable (control characters shown escaped)."""
    path: Path
    campaign: str
    title: str
    turn: int | None
    """``None`` when the file does not say (a hand edit such as ``turn = "two"``)."""
    saved: datetime | None
    problem: str = ""
    """Why this cannot be loaded (``damaged: …``, ``not a save file``), or empty."""
    held_by: str = ""
    """The game playing this save in another window now (as it named itself), or empty:
    such a save cannot be loaded or deleted until that game ends."""

    @property
    def label(self) -> str:
        """The title, or the problem in brackets."""
        return f"({self.problem})" if self.problem else (self.title or self.campaign)


def printable(text: str, limit: int = _SHOWN) -> str:
    """``text`` safe to print on one line: control characters escaped, cut to ``limit``."""
    shown = "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)
    return shown if len(shown) <= limit else shown[: limit - 1] + "…"


def _reason(error: SaveError, path: Path) -> str:
    """The error without the file name (the listing shows the name already)."""
    text = str(error).removeprefix(f"{path}: ").removeprefix("the file is damaged — ")
    return printable(text, 60)


def _header(name: str, path: Path, data: dict[str, Any]) -> SaveInfo:
    """The summary fields of a save; a field of the wrong type is shown as unknown rather
    than failing the whole listing (the game itself is in ``state``, checked on load)."""
    campaign, title, turn, saved = (data.get(k) for k in ("campaign", "title", "turn", "saved"))
    return SaveInfo(
        name,
        path,
        printable(campaign) if isinstance(campaign, str) else "?",
        printable(title) if isinstance(title, str) else "",
        turn if isinstance(turn, int) and not isinstance(turn, bool) and turn >= 0 else None,
        saved if isinstance(saved, datetime) else None,
    )


def _info(path: Path) -> SaveInfo:
    """One line of the listing: the header of a save, or why the file is not one. Only
    the header is read here; loading checks the whole game."""
    stem = path.name[: -len(".toml")]
    name = printable(stem)
    try:
        named = save_path(stem, path.parent)
    except SaveError:
        named = None
    if named != path:  # (" space .toml": the name " space " would be another file's)
        problem = "not a save name"
        return SaveInfo(name, path, "?", "", None, None, problem)
    try:
        data = _read(path)
    except NotASaveFile as error:
        return SaveInfo(name, path, "?", "", None, None, _reason(error, path))
    except SaveError as error:
        return SaveInfo(name, path, "?", "", None, None, f"damaged: {_reason(error, path)}")
    except RecursionError:  # TOML nested thousands deep
        return SaveInfo(name, path, "?", "", None, None, "damaged: nested too deeply")
    missing = [key for key in ("rng", "state") if not isinstance(data.get(key), dict)]
    if missing:
        problem = f"damaged: no [{missing[0]}] table"
        return SaveInfo(name, path, "?", "", None, None, problem)
    return _header(name, path, data)


def _held(info: SaveInfo) -> SaveInfo:
    """``info`` with the game that holds its save now, if another does."""
    holder = None if info.problem else in_use(info.path)
    return replace(info, held_by=holder) if holder else info


def _mtime(path: Path) -> float:
    """When a file last changed; a broken link has no target to ask, so the link itself
    answers, and a file that vanished meanwhile sorts last."""
    for follow in (True, False):
        try:
            return os.stat(path, follow_symlinks=follow).st_mtime
        except (OSError, ValueError):
            continue
    return 0.0


def list_saves(folder: Path = SAVES_DIR) -> list[SaveInfo]:
    """Saves in a folder, newest first; each file that cannot be loaded is listed with
    why. Hidden files (editor locks, temp files) are not saves and are left out. A folder
    that does not exist, or cannot be read, has no saves to show."""
    try:
        names = [e.name for e in os.scandir(folder)]
    except OSError:
        return []
    paths = [folder / n for n in names if n.endswith(".toml") and not n.startswith(".")]
    infos = [_held(_info(path)) for path in paths]
    infos += [info for stem in orphans(folder) if (info := _missing(folder, stem)) is not None]
    return sorted(infos, key=lambda i: (-_mtime(i.path), i.path.name))


def _missing(folder: Path, stem: str) -> SaveInfo | None:
    """A save whose file is gone but whose copies remain: listed from its newest good copy
    (loading it puts that copy back), so no game drops out of sight."""
    try:
        path = save_path(stem, folder)
    except SaveError:
        return None
    copy = newest_copy(path)
    if copy is None:
        return None
    info = _info(copy.path)
    title = f"{info.title or info.campaign} — file missing; loading restores turn {copy.turn}"
    return replace(info, name=printable(stem), path=path, title=title)


def delete_save(name: str, folder: Path = SAVES_DIR) -> list[Path]:
    """Remove a save, its backups and its story folder, or a single backup named as
    ``name.toml.N``; returns the files removed. A folder named like a save is never
    removed."""
    if name != name.strip(" "):  # never another save than the one named: " a " is not "a"
        raise SaveError(f"{name!r}: a save name has no spaces at its ends — nothing deleted")
    target = resolve_save(name, folder)
    path = target.path
    copies = [path.with_name(f"{path.name}.{n}") for n in range(1, 10)]
    left = not target.backup and any(os.path.lexists(c) for c in copies)  # its file gone
    if not os.path.lexists(path) and not left:
        raise SaveError(f"{path}: no such save")
    if path.is_dir() and not path.is_symlink():
        raise SaveError(f"{path}: a folder, not a save file — not deleting it")
    holder = in_use(save_path(target.name, folder))  # a backup's game too: it rotates them
    if holder is not None:
        raise SaveInUse(f"{path}: this save is being played in another window ({holder})")
    others = [] if target.backup else copies
    removed: list[Path] = []
    for candidate in [path, *others]:
        if os.path.lexists(candidate) and (candidate.is_symlink() or not candidate.is_dir()):
            try:
                candidate.unlink()
            except OSError as error:
                done = f" (removed {', '.join(p.name for p in removed)})" if removed else ""
                raise SaveError(f"{candidate}: cannot delete it ({error.strerror}){done}") from None
            removed.append(candidate)
    if not target.backup:  # the story and checkpoints go with the save, and its lock
        removed.extend(remove_story(path))
        forget_claim(path)  # the game's own lock file, not the player's: said nowhere
    return removed
