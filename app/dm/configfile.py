"""Writing the config file's ``[dm]`` table (the settings screen).

The settings a game runs with merge command-line flags, the environment and this file
(:func:`app.dm.config.load_dm_config`). Only the file's own settings and the ones the
player changed on the settings screen are written back: a key that was only ever in
``OPENAI_API_KEY`` (or a model given with ``--model``) never lands on the disk.

The rest of the file stays as it was — its other tables, and where the ``[dm]`` table can
be edited line by line, its comments too (the edit is checked to read back exactly as
meant; otherwise the file is written out whole, without comments). A config file that is
a symbolic link (kept in a dotfiles folder) is written through to the file it points at,
the link left in place. The file may hold a key, so it is private from its first byte: a
temporary file beside it, created readable by its owner only (0600), flushed to disk, then
renamed over it (a crash leaves the old file or the new one, never half of one).
"""

from __future__ import annotations

import os
import re
import tomllib
from collections.abc import Collection
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from app.dm.config import MAX_CONFIG_BYTES, ConfigError, DMConfig, _explain, config_path
from app.world.userfiles import UserFileError, parse_toml, read_text

_ANY_HEADER = re.compile(r"[ \t]*\[")
"""A line that opens a table (``[ui]``, ``[[x]]``): the ``[dm]`` table ends there."""
_DM_HEADER = re.compile(r"[ \t]*\[[ \t]*dm[ \t]*\][ \t]*(?:#.*)?")
_KEY_LINE = re.compile(r"[ \t]*(?P<key>[A-Za-z0-9_-]+)[ \t]*=")


def save_dm_config(
    config: DMConfig, path: Path | None = None, *, edited: Collection[str] | None = None
) -> Path:
    """Write ``config`` into the ``[dm]`` table of the config file (``path``, by default
    where :func:`~app.dm.config.config_path` says). With ``edited`` (the settings
    the player changed), only those are written — set, or removed when now unset — and the
    table keeps the rest of what the file held; without it, the table is ``config`` whole.
    Returns the file. Raises :class:`ConfigError` (never holding the key) for settings
    that could not be loaded again, or a file that cannot be read."""
    import tomli_w  # noqa: PLC0415 - only the settings screen writes

    try:
        config = DMConfig.model_validate(config.model_dump())
    except ValidationError as error:
        raise ConfigError(_explain(error, {})) from None
    file = path or config_path()
    target = _target(file)
    text = _text(target)
    try:
        document = parse_toml(text, file) if text else {}
    except UserFileError as error:
        raise ConfigError(str(error)) from None
    old = document.get("dm", {})
    if not isinstance(old, dict):
        raise ConfigError(f"{file}: dm: must be a table ([dm] with one setting a line)")
    if edited is None:
        table = _whole(config)
    else:
        table = dict(old)
        for key in edited:
            value = _stored(config, key)
            if value is None:
                table.pop(key, None)
            else:
                table[key] = value
        try:  # the file alone must load (a cost alert whose prices came from a flag)
            DMConfig.model_validate(table)
        except ValidationError as error:
            raise ConfigError(_explain(error, dict.fromkeys(table, f"{file} [dm]"))) from None
        if table == old:
            return file  # nothing of the file's changes
    document["dm"] = table
    data = _edited(text, old, table, document) or tomli_w.dumps(document)
    _write_private(target, data.encode("utf-8"))
    return file


def _target(file: Path) -> Path:
    """The file to write: the one a symbolic link points at (the link stays a link)."""
    if file.is_symlink():
        return Path(os.path.realpath(file))
    return file


def _text(file: Path) -> str:
    """The config file's text (empty when there is none)."""
    try:
        if not os.path.lexists(file):
            return ""
    except (OSError, ValueError):
        pass  # reading says what is wrong with the name
    try:
        return read_text(file, MAX_CONFIG_BYTES)
    except UserFileError as error:
        raise ConfigError(str(error)) from None


def _stored(config: DMConfig, key: str) -> object:
    """A setting as the file holds it (``None``: not written)."""
    if key not in DMConfig.model_fields:
        raise ValueError(f"{key} is not a DM setting")
    if key == "api_key":
        return config.api_key.get_secret_value() if config.api_key is not None else None
    value = getattr(config, key)
    return value if value != "" else None


def _whole(config: DMConfig) -> dict[str, Any]:
    """The whole table of ``config``."""
    table: dict[str, Any] = {
        "model": config.model,
        "timeout": config.timeout,
        "connect_timeout": config.connect_timeout,
        "first_token_timeout": config.first_token_timeout,
        "max_retries": config.max_retries,
        "max_tokens": config.max_tokens,
        "temperature": config.temperature,
        "strict_tools": config.strict_tools,
    }
    for key in ("base_url", "api_key", "price_input", "price_output", "alert_cost", "alert_tokens"):
        value = _stored(config, key)
        if value is not None:
            table[key] = value
    return table


def _line(key: str, value: object) -> str:
    import tomli_w  # noqa: PLC0415 - only the settings screen writes

    return tomli_w.dumps({key: value})


def _edited(text: str, old: dict[str, Any], new: dict[str, Any], meant: dict[str, Any]) -> str:
    """``text`` with the ``[dm]`` table changed line by line from ``old`` to ``new``, its
    comments and everything else kept — or ``""`` when that cannot be done for certain (the
    result is read back and must be ``meant``)."""
    lines = text.splitlines(keepends=True)
    if lines and not lines[-1].endswith(("\n", "\r")):
        lines[-1] += "\n"
    heads = [i for i, line in enumerate(lines) if _DM_HEADER.fullmatch(line.rstrip("\r\n"))]
    if len(heads) > 1 or (not heads and old):
        return ""  # (a [dm] table written some other way: dotted keys, an inline table)
    if not heads:
        gap = "\n" if lines and lines[-1].strip() else ""
        lines.append(f"{gap}[dm]\n" + "".join(_line(k, v) for k, v in new.items()))
    else:
        start = heads[0] + 1
        end = next((i for i in range(start, len(lines)) if _ANY_HEADER.match(lines[i])), len(lines))
        where: dict[str, int] = {}
        for i in range(start, end):
            found = _KEY_LINE.match(lines[i])
            if found:
                where.setdefault(found["key"], i)
        added = []
        for key in [*old, *(k for k in new if k not in old)]:
            if key in old and key in new and old[key] == new[key]:
                continue
            if key in old:
                if key not in where:
                    return ""
                lines[where[key]] = _line(key, new[key]) if key in new else ""
            else:
                added.append(_line(key, new[key]))
        last = max(where.values(), default=heads[0])
        lines[last] += "".join(added)
    result = "".join(lines)
    try:
        return result if tomllib.loads(result) == meant else ""
    except tomllib.TOMLDecodeError:
        return ""


def _write_private(file: Path, data: bytes) -> None:
    """Write ``data`` to ``file`` atomically, the file private (0600) from its first byte."""
    file.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    temp = file.with_name(file.name + ".tmp")
    temp.unlink(missing_ok=True)  # left by a crash; never opened through (O_EXCL)
    fd = os.open(temp, os.O_CREAT | os.O_EXCL | os.O_WRONLY | getattr(os, "O_CLOEXEC", 0), 0o600)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temp, file)
    except BaseException:
        temp.unlink(missing_ok=True)
        raise
    _fsync_folder(file.parent)


def _fsync_folder(folder: Path) -> None:
    """Make the rename itself durable (where the system allows opening a folder)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
