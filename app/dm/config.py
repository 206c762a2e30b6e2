"""Which DM to use and how to reach it: flags, then environment, then a config file.

Environment: ``DUNGEON_DM_MODEL``, ``DUNGEON_DM_BASE_URL``, ``DUNGEON_DM_API_KEY`` (or the
usual ``OPENAI_API_KEY`` / ``OPENAI_BASE_URL``). Config file: ``$DUNGEON_CONFIG`` or
``~/.config/dungeon-terminal/config.toml`` with a ``[dm]`` table of the same keys
(``model``, ``base_url``, ``api_key``, ``timeout``, ``connect_timeout``,
``first_token_timeout``, ``max_retries``, ``temperature``).
The key is never written into a save file.
"""

from __future__ import annotations

import os
import tomllib
from collections.abc import Mapping
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, SecretStr, ValidationError

DEFAULT_MODEL = "gpt-4o-mini"


class ConfigError(ValueError):
    """The config file is unreadable or has bad values."""


class DMConfig(BaseModel):
    """Settings of an OpenAI-compatible endpoint."""

    model_config = ConfigDict(extra="forbid")

    model: str = DEFAULT_MODEL
    base_url: str | None = None
    """``None`` for OpenAI itself; e.g. ``http://localhost:11434/v1`` for Ollama."""
    api_key: SecretStr | None = None
    timeout: float = Field(default=60.0, gt=0, le=600)
    """Seconds a turn's call to the DM may take in all, retries included: then the player
    is told, and may retry."""
    connect_timeout: float = Field(default=5.0, gt=0, le=60)
    """Seconds to open a connection: a server that is not there is known at once."""
    first_token_timeout: float = Field(default=30.0, gt=0, le=600)
    """Seconds to wait for the first piece of a reply (a local model reading a long prompt
    is slow to start), and at most between two pieces later on."""
    max_retries: int = Field(default=2, ge=0, le=10)
    """Further tries after a failure before the reply began, within ``timeout``."""
    temperature: float = Field(default=0.8, ge=0, le=2)

    @property
    def configured(self) -> bool:
        """An endpoint was named: a key (hosted) or a base URL (local servers need no key)."""
        return self.api_key is not None or self.base_url is not None

    def describe(self) -> str:
        """``gpt-4o-mini at https://…`` — never the key."""
        return f"{self.model} at {self.base_url or 'api.openai.com'}"


def config_path(env: Mapping[str, str] | None = None) -> Path:
    """Where the config file lives."""
    env = os.environ if env is None else env
    if env.get("DUNGEON_CONFIG"):
        return Path(env["DUNGEON_CONFIG"])
    base = env.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(base) / "dungeon-terminal" / "config.toml"


def load_dm_config(
    *,
    model: str | None = None,
    base_url: str | None = None,
    api_key: str | None = None,
    env: Mapping[str, str] | None = None,
    path: Path | None = None,
) -> DMConfig:
    """Merge flags over environment over the config file. Raises :class:`ConfigError`."""
    env = os.environ if env is None else env
    file = path or config_path(env)
    values: dict[str, object] = {}
    if file.exists():
        try:
            values.update(tomllib.loads(file.read_text(encoding="utf-8")).get("dm", {}))
        except (OSError, tomllib.TOMLDecodeError) as error:
            raise ConfigError(f"{file}: {error}") from error
    from_env = {
        "model": env.get("DUNGEON_DM_MODEL"),
        "base_url": env.get("DUNGEON_DM_BASE_URL") or env.get("OPENAI_BASE_URL"),
        "api_key": env.get("DUNGEON_DM_API_KEY") or env.get("OPENAI_API_KEY"),
    }
    values.update({k: v for k, v in from_env.items() if v})
    flags = {"model": model, "base_url": base_url, "api_key": api_key}
    values.update({k: v for k, v in flags.items() if v})
    try:
        return DMConfig.model_validate(values)
    except ValidationError as error:
        raise ConfigError(f"bad DM settings ({file}): {error}") from error


def save_dm_config(config: DMConfig, path: Path | None = None) -> Path:
    """Write the ``[dm]`` table of the config file (the settings screen), keeping any other
    tables in it. The file is readable only by its owner because it may hold a key."""
    import tomli_w  # noqa: PLC0415 - only the settings screen writes

    file = path or config_path()
    document: dict[str, object] = {}
    if file.exists():
        try:
            document = tomllib.loads(file.read_text(encoding="utf-8"))
        except (OSError, tomllib.TOMLDecodeError) as error:
            raise ConfigError(f"{file}: {error}") from error
    table: dict[str, object] = {
        "model": config.model,
        "timeout": config.timeout,
        "connect_timeout": config.connect_timeout,
        "first_token_timeout": config.first_token_timeout,
        "max_retries": config.max_retries,
        "temperature": config.temperature,
    }
    if config.base_url:
        table["base_url"] = config.base_url
    if config.api_key is not None:
        table["api_key"] = config.api_key.get_secret_value()
    document["dm"] = table
    file.parent.mkdir(parents=True, exist_ok=True)
    temp = file.with_name(file.name + ".tmp")
    temp.write_text(tomli_w.dumps(document), encoding="utf-8")
    temp.chmod(0o600)
    temp.replace(file)
    return file
