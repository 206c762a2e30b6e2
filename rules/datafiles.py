"""Reading the engine's own TOML data files, with errors that name the file and the key."""

from __future__ import annotations

import tomllib
from importlib import resources
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

M = TypeVar("M", bound=BaseModel)


class DataError(ValueError):
    """A packaged data file is missing or does not match its schema."""


def read_toml(name: str) -> dict[str, Any]:
    """Parse ``rules/data/<name>``."""
    try:
        text = resources.files("rules").joinpath("data", name).read_text(encoding="utf-8")
        return tomllib.loads(text)
    except (OSError, tomllib.TOMLDecodeError) as error:
        raise DataError(f"rules/data/{name}: {error}") from error


def validate_table(model: type[M], name: str, key: str, raw: Any) -> M:
    """Validate one entry, naming ``file [key] field`` in the error."""
    try:
        return model.model_validate(raw)
    except ValidationError as error:
        problems = "; ".join(
            f"{'.'.join(str(p) for p in e['loc'])}: {e['msg']}" for e in error.errors()
        )
        raise DataError(f"rules/data/{name} [{key}]: {problems}") from error
