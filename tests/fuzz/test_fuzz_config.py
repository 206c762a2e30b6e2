"""The DM config file, fuzzed: every ``[dm]`` key given values of every TOML type (and the
API key itself, in the right place or the wrong one), unknown keys, a ``dm`` that is not a
table, random bytes, and a sound file cut short or with bytes flipped.

Whatever the file holds, :func:`load_dm_config` answers with a :class:`ConfigError` or a
config that is valid (it validates again as it stands); never a traceback or a hang, never
a change to the file — and the API key never appears in the text of any error.
"""

from __future__ import annotations

import math
from datetime import UTC
from pathlib import Path
from typing import Any

import tomli_w
from hypothesis import given
from hypothesis import strategies as st

from app.dm.config import ConfigError, DMConfig, load_dm_config
from app.dm.configfile import save_dm_config
from tests.fuzz.harness import fuzz_settings, judge

KEY = "sk-fuzz-Qm7c0ffee1234567890abcdefXYZ"
SOUND = (
    f'[dm]\nmodel = "llama3:8b"\nbase_url = "http://localhost:11434/v1"\napi_key = "{KEY}"\n'
    "timeout = 30\nconnect_timeout = 4.5\nfirst_token_timeout = 20\nmax_retries = 1\n"
    'temperature = 0.7\n\n[ui]\ntheme = "dark"\n'
).encode()
SETTINGS = list(DMConfig.model_fields)

texts = st.one_of(
    st.text(st.characters(codec="utf-8"), max_size=30),
    st.sampled_from([KEY, f"{KEY}\n", f" {KEY}", "", "http://x/v1", "https://", "gpt-4o"]),
)
scalars = st.one_of(
    st.integers(min_value=-(2**63), max_value=2**63 - 1),
    st.floats(),
    st.booleans(),
    texts,
    st.datetimes(timezones=st.just(UTC)),
    st.dates(),
    st.times(),
)
values = st.recursive(
    scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=3), st.dictionaries(st.text("abk_", min_size=1), inner, max_size=2)
    ),
    max_leaves=6,
)
tables = st.dictionaries(
    st.one_of(st.sampled_from(SETTINGS), st.sampled_from(["apikey", "Model", "extra"])),
    values,
    max_size=len(SETTINGS),
)


def load(file: Path, content: bytes) -> DMConfig:
    """The case: load the file; an error must not show the key, and the file stays."""
    try:
        config = load_dm_config(env={}, path=file)
    except ConfigError as error:
        assert KEY not in str(error) and KEY[4:16] not in str(error), str(error)
        raise
    finally:
        assert file.read_bytes() == content, "loading changed the config file"
    DMConfig.model_validate(config.model_dump())  # what loaded is a valid config
    for number in (config.timeout, config.connect_timeout, config.temperature):
        assert math.isfinite(number)
    return config


def run(tmp_path: Path, content: bytes, shown: object, *, nonsense: bool = False) -> None:
    file = tmp_path / "config.toml"
    file.write_bytes(content)
    judge(
        "config",
        lambda: load(file, content),
        refusals=(ConfigError,),
        nonsense=nonsense,
        shown=shown,
    )


@fuzz_settings(120)
@given(table=tables)
def test_every_setting_with_every_type(tmp_path: Path, table: dict[str, Any]) -> None:
    unknown = any(key not in SETTINGS for key in table)  # a typo must never pass unseen
    run(tmp_path, tomli_w.dumps({"dm": table}).encode(), shown=table, nonsense=unknown)


@fuzz_settings(30)
@given(dm=values)
def test_dm_that_is_not_a_table(tmp_path: Path, dm: Any) -> None:
    document = {"dm": dm}
    nonsense = not isinstance(dm, dict)
    run(tmp_path, tomli_w.dumps(document).encode(), shown=document, nonsense=nonsense)


@fuzz_settings(60)
@given(content=st.binary(max_size=300))
def test_random_bytes(tmp_path: Path, content: bytes) -> None:
    run(tmp_path, content, shown=content)


@fuzz_settings(60)
@given(
    cut=st.integers(0, len(SOUND)),
    flips=st.lists(st.tuples(st.integers(0, len(SOUND) - 1), st.integers(1, 255)), max_size=3),
)
def test_a_sound_file_cut_and_flipped(
    tmp_path: Path, cut: int, flips: list[tuple[int, int]]
) -> None:
    content = bytearray(SOUND)
    for where, mask in flips:
        content[where] ^= mask
    run(tmp_path, bytes(content[:cut]), shown=(cut, flips))


@fuzz_settings(20)
@given(table=tables)
def test_saving_what_loaded_loads_the_same(tmp_path: Path, table: dict[str, Any]) -> None:
    """The settings screen writes what it was given; that file loads back to the same."""
    file = tmp_path / "config.toml"
    file.write_bytes(tomli_w.dumps({"dm": table}).encode())

    def round_trip() -> None:
        config = load_dm_config(env={}, path=file)
        saved = tmp_path / "saved.toml"
        saved.unlink(missing_ok=True)
        save_dm_config(config, saved)
        assert load_dm_config(env={}, path=saved) == config
        assert saved.stat().st_mode & 0o077 == 0

    judge("config", round_trip, refusals=(ConfigError,), shown=table)


def test_a_sound_file_is_accepted(tmp_path: Path) -> None:
    """The case itself accepts a sound file (the fuzz is not refusing everything)."""
    file = tmp_path / "config.toml"
    file.write_bytes(SOUND)
    config = load(file, SOUND)
    assert config.api_key is not None and config.api_key.get_secret_value() == KEY
