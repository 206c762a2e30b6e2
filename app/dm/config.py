"""Which DM to use and how to reach it: flags, then environment, then a config file.

Environment: ``DUNGEON_DM_MODEL``, ``DUNGEON_DM_BASE_URL``, ``DUNGEON_DM_API_KEY`` (or the
usual ``OPENAI_API_KEY`` / ``OPENAI_BASE_URL``). Config file: ``$DUNGEON_CONFIG`` or
``~/.config/dungeon-terminal/config.toml`` with a ``[dm]`` table of the same keys
(``model``, ``base_url``, ``api_key``, ``timeout``, ``connect_timeout``,
``first_token_timeout``, ``max_retries``, ``max_tokens``, ``temperature``,
``strict_tools``, and the optional cost settings ``price_input``, ``price_output`` (per
million tokens), ``alert_cost``, ``alert_tokens``); ``DUNGEON_DM_STRICT_TOOLS`` sets
``strict_tools`` too. The key is never written into a save file. A ``[safety]`` table
(``lines``, ``veils``: lists of topics) holds the player's own safety tools, kept out of
every game's story (:func:`load_safety`).
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Literal
from urllib.parse import parse_qsl, quote, unquote, urlsplit, urlunsplit

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    SecretStr,
    ValidationError,
    field_validator,
    model_validator,
)

from app.dm.costs import MOST_PRICE, Budget
from app.world.userfiles import UserFileError, read_toml

DEFAULT_MODEL = "gpt-4o-mini"
DEFAULT_MAX_TOKENS = 2048
MIN_MAX_TOKENS = 64
"""Fewer tokens than this cannot hold a tool call and a sentence."""
MOST_MAX_TOKENS = 32768


MAX_CONFIG_BYTES = 256 << 10
"""A config file is a few lines; one of more than 256 KB is not one."""


class ConfigError(ValueError):
    """The config file is unreadable or has bad values. The message names the file (or the
    environment variable or option) and the key, and never holds the API key."""


def _one_line(value: str | None, what: str) -> str | None:
    if value is not None and (not value.isprintable() or value != value.strip()):
        raise ValueError(
            f"{what} must be one line of printable characters, without spaces around it"
        )
    return value


class DMConfig(BaseModel):
    """Settings of an OpenAI-compatible endpoint."""

    model_config = ConfigDict(extra="forbid")

    model: str = Field(default=DEFAULT_MODEL, min_length=1, max_length=200)
    """The model's name as the server knows it (``gpt-4o-mini``, ``llama3.1``, …). A name
    without a tag matches Ollama's ``name:latest`` and the other way round."""
    base_url: str | None = Field(default=None, max_length=2000, pattern=r"^https?://\S+$")
    """``None`` for OpenAI itself; e.g. ``http://localhost:11434/v1`` for Ollama."""
    api_key: SecretStr | None = Field(default=None, min_length=1, max_length=1000)
    """The key of a hosted API (local servers need none). Never written into a save."""
    timeout: float = Field(default=60.0, gt=0, le=600)
    """Seconds a turn's call to the DM may take in all, retries included: then the player
    is told, and may retry. A slow local model that is still writing when it runs out is
    cut off with a message that says so: raise this for it."""
    connect_timeout: float = Field(default=5.0, gt=0, le=60)
    """Seconds to open a connection: a server that is not there is known at once."""
    first_token_timeout: float = Field(default=30.0, gt=0, le=600)
    """Seconds to wait for the first piece of a reply (a local model reading a long prompt
    is slow to start), and at most between two pieces later on: a reply that sends nothing
    for this long has stalled. A stream that keeps coming, however slowly, is bounded by
    ``timeout`` alone."""
    max_retries: int = Field(default=2, ge=0, le=10)
    """Further tries after a failure before the reply began, within ``timeout``."""
    max_tokens: int = Field(default=DEFAULT_MAX_TOKENS, ge=MIN_MAX_TOKENS, le=MOST_MAX_TOKENS)
    """Most tokens the model may write in one reply, sent with every request (servers
    without a limit of their own let a runaway model write until the context is full). A
    turn's narration needs a few hundred; a reasoning model's thinking counts too, so it may
    need more — the game says so when a reply runs out while thinking. Sent as
    ``max_completion_tokens`` to OpenAI's own API, whose newer models refuse ``max_tokens``."""
    temperature: float = Field(default=0.8, ge=0, le=2)
    """How freely the model words its replies: 0 always picks the likeliest words, 2 is
    wild. Around 0.7–1.0 tells a lively story and still calls tools reliably."""
    strict_tools: Literal["auto", "on", "off"] = "auto"
    """Send tool schemas in strict mode (``"strict": true``: the server holds every call's
    arguments to the schema). ``auto`` turns it on only for OpenAI's own API, which
    enforces it; other servers differ — llama.cpp's server already constrains tool calls
    with a grammar made from the schema and ignores the flag, Ollama ignores it, and vLLM
    (which enforces it only in recent versions) shows it to the model inside the prompt —
    so there it costs tokens for nothing certain. ``on`` sends it to any server (for one
    known to honour it); ``off`` never does."""
    price_input: float | None = Field(default=None, ge=0, le=MOST_PRICE)
    """Price per million prompt tokens, for the estimated cost in ``/usage``."""
    price_output: float | None = Field(default=None, ge=0, le=MOST_PRICE)
    """Price per million completion tokens."""
    alert_cost: float | None = Field(default=None, gt=0, le=10**9)
    """Say so once when a game's estimated cost passes this (needs both prices). Off unset."""
    alert_tokens: int | None = Field(default=None, gt=0, le=10**9)
    """Say so once when the DM's average tokens per turn passes this. Off unset."""

    @model_validator(mode="after")
    def _alerts_priced(self) -> DMConfig:
        self.budget  # noqa: B018 - raises ValueError if a cost alert has no prices
        return self

    @property
    def budget(self) -> Budget:
        """The prices and alert thresholds."""
        return Budget(
            price_input=self.price_input, price_output=self.price_output,
            alert_cost=self.alert_cost, alert_tokens=self.alert_tokens,
        )  # fmt: skip

    @field_validator("model")
    @classmethod
    def _model_line(cls, value: str) -> str:
        _one_line(value, "the model name")
        return value

    @field_validator("base_url")
    @classmethod
    def _reachable_url(cls, value: str | None) -> str | None:
        # A URL no client can open ("http://[::1", "http://h:abc/v1", "http://💀/v1"): said
        # when it is set, never a traceback (or a failed turn) when the game starts.
        if value is None:
            return None
        try:
            parts = urlsplit(value)
            host, _ = parts.hostname, parts.port
            if not host:
                raise ValueError("it names no host")
            host.encode("idna")
        except (ValueError, UnicodeError) as error:
            raise ValueError(f"not a URL a client can reach ({error})") from None
        return value

    @field_validator("api_key")
    @classmethod
    def _key_line(cls, value: SecretStr | None) -> SecretStr | None:
        # An HTTP header cannot carry a line break: say so now, not at the first turn.
        _one_line(value.get_secret_value() if value is not None else None, "the API key")
        return value

    @property
    def configured(self) -> bool:
        """An endpoint was named: a key (hosted) or a base URL (local servers need no key)."""
        return self.api_key is not None or self.base_url is not None

    @property
    def openai_itself(self) -> bool:
        """The endpoint is OpenAI's own API (no base URL, or ``api.openai.com``)."""
        if self.base_url is None:
            return True
        return (urlsplit(self.base_url).hostname or "") == "api.openai.com"

    @property
    def strict(self) -> bool:
        """Whether tool schemas go out in strict mode (see :attr:`strict_tools`)."""
        if self.strict_tools != "auto":
            return self.strict_tools == "on"
        return self.openai_itself

    def describe(self) -> str:
        """``gpt-4o-mini at https://…`` — never the key, nor one written into the URL."""
        return f"{self.model} at {shown_url(self.base_url) if self.base_url else 'api.openai.com'}"

    def url_secrets(self) -> list[str]:
        """The secrets written into the base URL (see :func:`url_secrets`)."""
        return url_secrets(self.base_url) if self.base_url else []


_SECRET_PARAM = re.compile(r"key|token|secret|pass|auth|sig|cred", re.IGNORECASE)
"""Query parameters that carry a credential (``?key=``, ``api_key``, ``access_token`` …)."""


def url_secrets(url: str) -> list[str]:
    """What in an endpoint URL is a credential: the user and password before the host
    (``http://user:sk-…@host``) and the values of query parameters named like a key."""
    try:
        parts = urlsplit(url)
        found = [parts.username or "", parts.password or ""]
    except ValueError:
        return []
    found = [s for s in found if len(s) >= 8]  # a short user name is no secret ("u", "me")
    found += [value for name, value in parse_qsl(parts.query) if _SECRET_PARAM.search(name)]
    found += [piece for piece in parts.path.split("/") if token_like(piece)]
    every = {form for s in found if s for form in (s, unquote(s), quote(s, safe=""))}
    return sorted(every, key=len, reverse=True)


def shown_url(url: str) -> str:
    """An endpoint URL as it may be shown: a user and password before the host become
    ``…@``, and each credential-like query value ``…``."""
    try:
        parts = urlsplit(url)
        host = parts.netloc.rsplit("@", 1)[-1]
    except ValueError:
        return "(an endpoint URL that cannot be read)"
    netloc = f"…@{host}" if "@" in parts.netloc else parts.netloc
    query = "&".join(
        f"{name}={'…' if _SECRET_PARAM.search(name) else value}"
        for name, value in parse_qsl(parts.query, keep_blank_values=True)
    )
    path = "/".join("…" if token_like(piece) else piece for piece in parts.path.split("/"))
    return urlunsplit((parts.scheme, netloc, path, query, parts.fragment))


def token_like(piece: str) -> bool:
    """A piece of a URL's path that reads as a credential (``tok_PATHSECRET123456``, a long
    run of letters and digits), not a route (``v1``, ``openai``, ``chat``)."""
    plain = unquote(piece)
    if len(plain) < 12 or "." in plain:
        return False
    mixed = any(c.isdigit() for c in plain) and any(c.isalpha() for c in plain)
    return (mixed and len(plain) >= 16) or (mixed and _SECRET_PARAM.search(plain) is not None)


_MODEL_MISSING = re.compile(
    r"\bmodel\b.*\b(not found|does not exist|not exist|unknown)", re.I | re.S
)
"""How servers say a 404 is about the model, not the URL (Ollama's ``model "x" not found``,
vLLM's and OpenAI's ``The model `x` does not exist``)."""


def not_found_hint(base_url: str | None, message: str = "") -> str:
    """What to try after an HTTP 404 from the endpoint: a model the server does not have
    (its own message says so), or — most often — a base URL with ``/v1`` missing or one too
    many. Empty for OpenAI itself (no base URL: the path is the client's)."""
    if _MODEL_MISSING.search(message):
        return "check the model name (the connection test lists the server's models)"
    if base_url is None:
        return ""
    shown = shown_url(base_url).rstrip("/")
    try:
        path = urlsplit(base_url).path.rstrip("/")
    except ValueError:
        return ""
    if path.endswith("/v1"):
        return (
            f"the base URL ends in /v1 ({shown}): if this server serves the API without it, "
            "remove the /v1"
        )
    return (
        f"the base URL has no /v1 ({shown}): Ollama, LM Studio, llama.cpp's server and vLLM "
        f"serve the API under /v1 — try {shown}/v1"
    )


def config_path(env: Mapping[str, str] | None = None) -> Path:
    """Where the config file lives."""
    env = os.environ if env is None else env
    if env.get("DUNGEON_CONFIG"):
        return Path(env["DUNGEON_CONFIG"])
    base = env.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(base) / "dungeon-terminal" / "config.toml"


def _read_document(file: Path) -> dict[str, Any]:
    """The whole config file (empty when there is none); :class:`ConfigError` otherwise."""
    try:
        if not file.exists() and not file.is_symlink():
            return {}
    except (OSError, ValueError):
        pass  # reading says what is wrong with the name
    try:
        return read_toml(file, MAX_CONFIG_BYTES)
    except UserFileError as error:
        raise ConfigError(str(error)) from None


_KINDS = {"str": "text", "int": "a number", "float": "a number", "bool": "true or false",
          "list": "an array", "datetime": "a date", "date": "a date", "time": "a time"}  # fmt: skip


def _dm_table(file: Path) -> dict[str, Any]:
    """The ``[dm]`` table of the config file."""
    table = _read_document(file).get("dm", {})
    if not isinstance(table, dict):
        kind = _KINDS.get(type(table).__name__, "a value")
        raise ConfigError(f"{file}: dm: must be a table ([dm] with one setting a line), not {kind}")
    return table


def _explain(error: ValidationError, origin: Mapping[str, str]) -> str:
    """One line per bad setting, naming where it came from — never the value given (it may
    be the key, or a key typed into the wrong setting)."""
    lines = []
    for item in error.errors(include_input=False, include_url=False):
        # the one check of several settings together: a cost alert needs the prices
        key = str(item["loc"][0]) if item["loc"] else "alert_cost"
        message = item["msg"].removeprefix("Value error, ")
        if item["type"] == "extra_forbidden":
            known = ", ".join(DMConfig.model_fields)
            message = f"not a DM setting (the settings are {known})"
        lines.append(f"{origin.get(key, 'settings')}: {key}: {message}")
    return "bad DM settings: " + "; ".join(lines)


def load_dm_config(
    *,
    model: str | None = None,
    base_url: str | None = None,
    api_key: str | None = None,
    env: Mapping[str, str] | None = None,
    path: Path | None = None,
    costs: Mapping[str, float | None] | None = None,
) -> DMConfig:
    """Merge flags over environment over the config file. Raises :class:`ConfigError`.
    ``costs``: the price and alert options given (``price_input`` … ``alert_tokens``)."""
    env = os.environ if env is None else env
    file = path or config_path(env)
    values: dict[str, object] = dict(_dm_table(file))
    origin = dict.fromkeys(values, f"{file} [dm]")
    from_env = {
        "model": ("DUNGEON_DM_MODEL",),
        "base_url": ("DUNGEON_DM_BASE_URL", "OPENAI_BASE_URL"),
        "api_key": ("DUNGEON_DM_API_KEY", "OPENAI_API_KEY"),
        "strict_tools": ("DUNGEON_DM_STRICT_TOOLS",),
    }
    for key, names in from_env.items():
        name = next((n for n in names if env.get(n)), None)
        if name is not None:
            values[key], origin[key] = env[name], f"environment {name}"
    flags = {"model": model, "base_url": base_url, "api_key": api_key}
    for key, value in flags.items():
        if value:
            values[key], origin[key] = value, f"option --{key.replace('_', '-')}"
    for key, number in (costs or {}).items():
        if number is not None:  # a price of 0 (a local server) is a price
            values[key], origin[key] = number, f"option --{key.replace('_', '-')}"
    try:
        return DMConfig.model_validate(values)
    except ValidationError as error:
        raise ConfigError(_explain(error, origin)) from None


class SafetyConfig(BaseModel):
    """The player's ``[safety]`` table: lines (never in the story) and veils (off-screen),
    for every game they play (the campaign's and this game's veils are added)."""

    model_config = ConfigDict(extra="forbid")

    lines: list[str] = Field(default_factory=list, max_length=100)
    veils: list[str] = Field(default_factory=list, max_length=100)

    @field_validator("lines", "veils")
    @classmethod
    def _topics(cls, topics: list[str]) -> list[str]:
        for topic in topics:
            if not 2 <= len(topic.strip()) <= 60 or not topic.isprintable():
                raise ValueError("each topic is a word or phrase of 2 to 60 printable characters")
        return [" ".join(t.split()) for t in topics]


def load_safety(*, env: Mapping[str, str] | None = None, path: Path | None = None) -> SafetyConfig:
    """The config file's ``[safety]`` table (empty without one). Raises
    :class:`ConfigError` naming the file and the setting."""
    file = path or config_path(os.environ if env is None else env)
    table = _read_document(file).get("safety", {})
    if not isinstance(table, dict):
        raise ConfigError(f"{file}: safety: must be a table ([safety] with lines and veils)")
    try:
        return SafetyConfig.model_validate(table)
    except ValidationError as error:
        bad = []
        for item in error.errors(include_input=False, include_url=False):
            key = ".".join(str(p) for p in item["loc"][:1]) or "safety"
            message = item["msg"].removeprefix("Value error, ")
            if item["type"] == "extra_forbidden":
                message = "not a safety setting (the settings are lines and veils)"
            bad.append(f"{file} [safety]: {key}: {message}")
        raise ConfigError("bad safety settings: " + "; ".join(bad)) from None


def salvage_safety(
    *, env: Mapping[str, str] | None = None, path: Path | None = None
) -> SafetyConfig:
    """The topics of a ``[safety]`` table that could not be read whole, each kept that can
    be (a one-letter veil beside them never drops the player's hard lines)."""
    try:
        table = _read_document(path or config_path(os.environ if env is None else env))
    except ConfigError:
        return SafetyConfig()
    safety = table.get("safety", {})
    kept: dict[str, list[str]] = {"lines": [], "veils": []}
    for key in kept:
        topics = safety.get(key, []) if isinstance(safety, dict) else []
        for topic in topics if isinstance(topics, list) else []:
            try:
                kept[key] += getattr(SafetyConfig.model_validate({key: [topic]}), key)
            except ValidationError:
                continue
    return SafetyConfig.model_validate({k: v[:100] for k, v in kept.items()})
