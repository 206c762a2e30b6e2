"""What a save file holds, and turning a game into one and back."""

from __future__ import annotations

import tomllib
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import tomli_w
from pydantic import ValidationError

from app.saves.files import read_save_text, write_atomically
from app.saves.names import BACKUPS, SAVES_DIR, SaveError, save_path
from app.world.state import GameState

SCHEMA_VERSION = 1
MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {}
"""``version -> step`` upgrading a save document from that version to the next one. Schema 1
is the first released format, so there is nothing to migrate yet; a change of format adds
its step here (and a test with a real file of the older version)."""


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


def save_game(
    state: GameState, name: str, folder: Path = SAVES_DIR, *, created: datetime | None = None
) -> Path:
    """Write the game to ``folder/name.toml`` atomically, keeping backups."""
    path = save_path(name, folder)
    data = tomli_w.dumps(_document(state, created)).encode("utf-8")
    write_atomically(path, data)
    return path


def _read(path: Path) -> dict[str, Any]:
    try:
        text = read_save_text(path)
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
