"""TOML save files that never lose a game.

``saves/<name>.toml`` holds a ``schema_version``, the campaign id, timestamps, the RNG's
exact position (so a resumed game rolls exactly the dice the uninterrupted one would), and
the whole game state — never an API key or any other secret. Writes are atomic: a temp
file in the same folder, flushed and fsynced, then renamed over the old save, whose
previous versions are kept as ``<name>.toml.1`` … ``.N``. A crash mid-write leaves the
previous save whole. A save that cannot be read is never overwritten: the error names the
file and the problem, and points at the newest backup that does load.
"""

from __future__ import annotations

import contextlib
import os
import re
import tomllib
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import tomli_w
from pydantic import ValidationError

from app.world.state import GameState

SCHEMA_VERSION = 1
MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {}
"""``version -> step`` upgrading a save document from that version to the next one. Schema 1
is the first released format, so there is nothing to migrate yet; a change of format adds
its step here (and a test with a real file of the older version)."""
BACKUPS = 3
SAVES_DIR = Path("saves")
_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9 _.-]{0,63}$")
_RESERVED = {
    "con",
    "prn",
    "aux",
    "nul",
    *(f"com{i}" for i in range(1, 10)),
    *(f"lpt{i}" for i in range(1, 10)),
}


class SaveError(ValueError):
    """A save that cannot be written or read. ``backup`` is the newest backup that loads."""

    def __init__(self, message: str, backup: Path | None = None) -> None:
        super().__init__(message)
        self.backup = backup


def save_path(name: str, folder: Path = SAVES_DIR) -> Path:
    """The file for a save name, refusing anything that could escape the folder."""
    clean = name.strip()
    if clean.endswith(".toml"):
        clean = clean[: -len(".toml")]
    if not _NAME.match(clean) or ".." in clean or clean.lower().split(".")[0] in _RESERVED:
        raise SaveError(
            f"bad save name {name!r}: use letters, digits, spaces, '-', '_' or '.', "
            "at most 64 characters, no folders"
        )
    return folder / f"{clean}.toml"


def _document(state: GameState, created: datetime | None) -> dict[str, Any]:
    version, internal, gauss = state.rng_state()
    # One line of hex rather than 625 numbers: the RNG moves every turn, and a diff of a
    # save should show the game, not a wall of changed integers.
    rng: dict[str, Any] = {"version": version, "state": "".join(f"{x:08x}" for x in internal)}
    if gauss is not None:
        rng["gauss_next"] = gauss
    now = datetime.now(UTC).replace(microsecond=0)
    return {
        "schema_version": SCHEMA_VERSION,
        "campaign": state.campaign_id,
        "title": state.title,
        "turn": state.turn,
        "created": created or state.started or now,
        "saved": now,
        "rng": rng,
        "state": state.model_dump(mode="json", exclude_none=True),
    }


def _fsync_dir(folder: Path) -> None:
    with contextlib.suppress(OSError):  # not every platform can fsync a directory
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def write_atomically(path: Path, data: bytes, backups: int = BACKUPS) -> None:
    """Write ``data`` to ``path`` so that a crash at any moment leaves either the old file
    or the new one, whole; the replaced versions rotate into ``.1`` … ``.backups``."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    with open(tmp, "wb") as handle:
        handle.write(data)
        handle.flush()
        os.fsync(handle.fileno())
    if path.exists() and backups > 0:
        for n in range(backups - 1, 0, -1):
            older = path.with_name(f"{path.name}.{n}")
            if older.exists():
                os.replace(older, path.with_name(f"{path.name}.{n + 1}"))
        # hard-link keeps the current save in place until the rename below
        first = path.with_name(f"{path.name}.1")
        with contextlib.suppress(FileNotFoundError):
            first.unlink()
        try:
            os.link(path, first)
        except OSError:
            first.write_bytes(path.read_bytes())
    os.replace(tmp, path)
    _fsync_dir(path.parent)


def save_game(
    state: GameState, name: str, folder: Path = SAVES_DIR, *, created: datetime | None = None
) -> Path:
    """Write the game to ``folder/name.toml`` atomically, keeping backups."""
    path = save_path(name, folder)
    data = tomli_w.dumps(_document(state, created)).encode("utf-8")
    write_atomically(path, data)
    return path


@dataclass(frozen=True)
class SaveInfo:
    """What ``saves list`` shows."""

    name: str
    path: Path
    campaign: str
    title: str
    turn: int
    saved: datetime | None


def _read(path: Path) -> dict[str, Any]:
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise SaveError(f"{path}: no such save") from None
    except (OSError, UnicodeDecodeError) as error:
        raise SaveError(f"{path}: cannot read it ({error})") from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise SaveError(f"{path}: the file is damaged — not valid TOML ({error})") from None
    version = data.get("schema_version")
    if not isinstance(version, int):
        raise SaveError(f"{path}: no schema_version — this is not a Dungeon Terminal save")
    if version > SCHEMA_VERSION:
        raise SaveError(
            f"{path}: written by a newer version of the game (schema {version}, this one reads "
            f"up to {SCHEMA_VERSION}); update the game to load it"
        )
    while version < SCHEMA_VERSION:
        step = MIGRATIONS.get(version)
        if step is None:
            raise SaveError(f"{path}: schema {version} is too old to read, and cannot be migrated")
        data = step(data)
        version += 1
        data["schema_version"] = version
    return data


def _state_from(path: Path, data: dict[str, Any]) -> GameState:
    try:
        state = GameState.model_validate(data["state"])
        rng = data["rng"]
        words = str(rng["state"])
        if len(words) % 8:
            raise ValueError("rng.state is truncated")
        internal = tuple(int(words[i : i + 8], 16) for i in range(0, len(words), 8))
        state.restore_rng((int(rng["version"]), internal, rng.get("gauss_next")))
    except ValidationError as error:
        first = error.errors()[0]
        where = ".".join(str(p) for p in first["loc"])
        raise SaveError(
            f"{path}: state.{where}: {first['msg']} ({error.error_count()} problem(s))"
        ) from None
    except (KeyError, TypeError, ValueError) as error:
        raise SaveError(f"{path}: missing or damaged section ({error})") from None
    return state


def newest_good_backup(path: Path, backups: int = BACKUPS) -> Path | None:
    """The most recent backup of a save that loads cleanly."""
    for n in range(1, backups + 1):
        candidate = path.with_name(f"{path.name}.{n}")
        if candidate.exists():
            try:
                _state_from(candidate, _read(candidate))
            except SaveError:
                continue
            return candidate
    return None


def load_game(name: str | Path, folder: Path = SAVES_DIR) -> GameState:
    """Load a save by name (or path). On failure the file is left untouched and the error
    names the newest backup that does load, if any."""
    path = Path(name) if isinstance(name, Path) else save_path(name, folder)
    try:
        return _state_from(path, _read(path))
    except SaveError as error:
        backup = newest_good_backup(path)
        hint = f"; the newest good backup is {backup}" if backup else ""
        raise SaveError(f"{error}{hint}", backup) from None


def list_saves(folder: Path = SAVES_DIR) -> list[SaveInfo]:
    """Saves in a folder, newest first; damaged ones are listed with what is known."""
    infos = []
    for path in folder.glob("*.toml"):
        try:
            data = _read(path)
            saved = data.get("saved")
            infos.append(
                SaveInfo(
                    path.stem,
                    path,
                    str(data.get("campaign", "?")),
                    str(data.get("title", "")),
                    int(data.get("turn", 0)),
                    saved if isinstance(saved, datetime) else None,
                )
            )
        except SaveError:
            infos.append(SaveInfo(path.stem, path, "?", "(damaged)", 0, None))
    return sorted(infos, key=lambda i: i.path.stat().st_mtime, reverse=True)


def delete_save(name: str, folder: Path = SAVES_DIR) -> list[Path]:
    """Remove a save and its backups; returns the files removed."""
    path = save_path(name, folder)
    if not path.exists():
        raise SaveError(f"{path}: no such save")
    removed = []
    for candidate in [path, *(path.with_name(f"{path.name}.{n}") for n in range(1, 10))]:
        if candidate.exists():
            candidate.unlink()
            removed.append(candidate)
    return removed
