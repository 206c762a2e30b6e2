"""The DM settings file as a player hands it to the game: whatever is in it, a clear error
naming the file and the key, or the settings — and never the API key in any message. The
settings screen writes it private from its first byte, and what the DM's server says back
about the key is shown with the key masked."""

from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import Any

import pytest
from pydantic import SecretStr
from typer.testing import CliRunner

from app.cli.main import app
from app.dm.brain import BrainError
from app.dm.config import ConfigError, DMConfig, load_dm_config
from app.dm.configfile import save_dm_config
from app.dm.openai_brain import OpenAIBrain, mask_key
from tests.app.fake_openai import FakeOpenAI, Status

KEY = "sk-proj-Zq81abcdefghijklmnopqrstuvwx4242"


def load(tmp_path: Path, content: str | bytes, **env: str) -> DMConfig:
    file = tmp_path / "config.toml"
    file.write_bytes(content.encode() if isinstance(content, str) else content)
    return load_dm_config(env=env, path=file)


@pytest.mark.parametrize(
    ("content", "said"),
    [
        ('dm = "x"\n', "dm: must be a table ([dm] with one setting a line), not text"),
        ("dm = [1, 2]\n", "dm: must be a table"),
        ('[dm]\ntimeout = "fast"\n', "[dm]: timeout: Input should be a valid number"),
        ("[dm]\ntimeout = nan\n", "[dm]: timeout:"),
        ("[dm]\nmax_retries = 1e9\n", "[dm]: max_retries:"),
        ('[dm]\nmodel = ""\n', "[dm]: model:"),
        ('[dm]\nbase_url = "localhost:11434"\n', "[dm]: base_url:"),
        ('[dm]\nmodle = "x"\n', "modle: not a DM setting (the settings are model, base_url"),
        (b"[dm]\nmodel = '\xff'\n", "line 2: not UTF-8 text"),
        ("a = " + "[" * 400 + "]" * 400, "nested"),
        ("[dm\n", "not valid TOML"),
    ],
)
def test_bad_config_files_are_clear_errors_naming_file_and_key(
    tmp_path: Path, content: str | bytes, said: str
) -> None:
    with pytest.raises(ConfigError) as caught:
        load(tmp_path, content)
    assert str(tmp_path / "config.toml") in str(caught.value)
    assert said in str(caught.value)


def test_folders_pipes_and_huge_config_files_are_refused(tmp_path: Path) -> None:
    fifo = tmp_path / "fifo.toml"
    os.mkfifo(fifo)
    huge = tmp_path / "huge.toml"
    huge.write_text("# x\n" * 100_000)
    for path, said in ((tmp_path, "is a folder"), (fifo, "not a regular file"),
                       (huge, "too large"), (Path("/dev/zero"), "not a regular file")):  # fmt: skip
        with pytest.raises(ConfigError, match=said) as caught:
            load_dm_config(env={}, path=path)
        assert str(path) in str(caught.value)


@pytest.mark.parametrize(
    "content",
    [
        f'[dm]\napi_key = ["{KEY}"]\n',
        f'[dm]\napi_key = {{ value = "{KEY}" }}\n',
        f'[dm]\napikey = "{KEY}"\n',
        f'[dm]\nmodel = "{KEY}\\n"\n',
        f'[dm]\napi_key = "{KEY}\\n"\n',
        f'[dm]\napi_key = " {KEY}"\n',
        f'[dm]\napi_key = "{KEY}"\ntimeout = "{KEY}"\n',
    ],
)
def test_the_key_is_never_in_an_error(tmp_path: Path, content: str) -> None:
    with pytest.raises(ConfigError) as caught:
        load(tmp_path, content)
    assert KEY not in str(caught.value) and KEY[:12] not in str(caught.value)


def test_errors_name_the_environment_variable_or_option_they_came_from(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="environment DUNGEON_DM_API_KEY: api_key") as caught:
        load(tmp_path, "", DUNGEON_DM_API_KEY=KEY + "\n")
    assert KEY not in str(caught.value)
    with pytest.raises(ConfigError, match="option --base-url: base_url"):
        load_dm_config(base_url="ftp://x", env={}, path=tmp_path / "none.toml")


def test_play_with_a_bad_config_says_so_and_shows_no_key(tmp_path: Path) -> None:
    file = tmp_path / "config.toml"
    file.write_text(f'dm = "x"\n[other]\nk = "{KEY}"\n')
    result = CliRunner().invoke(
        app, ["play", "--ui", "console"], env={"DUNGEON_CONFIG": str(file)}, input="/quit\n"
    )
    assert result.exit_code == 2
    assert f"error: {file}: dm: must be a table ([dm]" in result.stderr.replace("\n", "")
    file.write_text(f'[dm]\napi_key = ["{KEY}"]\n')
    result = CliRunner().invoke(
        app, ["play", "--ui", "console"], env={"DUNGEON_CONFIG": str(file)}, input="/quit\n"
    )
    assert result.exit_code == 2 and "api_key" in result.stderr
    assert KEY not in result.output


def test_a_sound_file_loads(tmp_path: Path) -> None:
    config = load(tmp_path, f'[dm]\nmodel = "llama3:8b"\napi_key = "{KEY}"\ntimeout = 20\n')
    assert config.model == "llama3:8b" and config.timeout == 20 and config.configured


def test_the_config_file_is_private_while_it_is_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    file = tmp_path / "conf" / "config.toml"
    seen: list[tuple[int, bytes]] = []
    real_replace = os.replace

    def watch(source: Any, target: Any) -> None:
        seen.append((stat.S_IMODE(os.stat(source).st_mode), Path(source).read_bytes()))
        real_replace(source, target)

    monkeypatch.setattr(os, "replace", watch)
    old = os.umask(0)  # the most permissive umask: the mode alone must keep others out
    try:
        save_dm_config(DMConfig(api_key=SecretStr(KEY)), file)
    finally:
        os.umask(old)
    assert len(seen) == 1
    mode, content = seen[0]
    assert mode == 0o600 and KEY.encode() in content  # private before it held the key
    assert stat.S_IMODE(file.stat().st_mode) == 0o600
    assert not list(file.parent.glob("*.tmp"))


def test_saving_keeps_other_tables_and_never_follows_a_planted_temp_file(tmp_path: Path) -> None:
    file = tmp_path / "config.toml"
    file.write_text('[dm]\nmodel = "old"\n[ui]\ntheme = "dark"\n')
    elsewhere = tmp_path / "elsewhere"
    elsewhere.write_text("untouched")
    (tmp_path / "config.toml.tmp").symlink_to(elsewhere)  # left by a crash, or planted
    save_dm_config(DMConfig(model="new", api_key=SecretStr(KEY)), file)
    assert elsewhere.read_text() == "untouched"
    loaded = load_dm_config(env={}, path=file)
    assert loaded.model == "new" and loaded.api_key is not None
    assert loaded.api_key.get_secret_value() == KEY
    assert 'theme = "dark"' in file.read_text()


def test_saving_refuses_settings_it_could_not_load_again(tmp_path: Path) -> None:
    file = tmp_path / "config.toml"
    bad = DMConfig().model_copy(update={"api_key": SecretStr(KEY + "\n")})
    with pytest.raises(ConfigError, match="api_key") as caught:
        save_dm_config(bad, file)
    assert KEY not in str(caught.value) and not file.exists()
    file.write_bytes(b"\xff")  # a broken file is reported, not overwritten
    with pytest.raises(ConfigError, match="not UTF-8"):
        save_dm_config(DMConfig(), file)
    assert file.read_bytes() == b"\xff"


def test_mask_key_hides_whole_and_partial_echoes() -> None:
    assert mask_key(f"Incorrect API key provided: {KEY}.", KEY) == (
        "Incorrect API key provided: sk-…4242."
    )
    assert KEY[:14] not in mask_key(f"bad key '{KEY[:14]}…'", KEY)
    assert mask_key("key abc refused; abcdef is fine", "abc") == "key … refused; abcdef is fine"
    assert mask_key("nothing to hide", KEY) == "nothing to hide"
    assert mask_key(f"{KEY}", None) == KEY
    # a short key is hidden wherever it is quoted, glued to other characters or not
    assert "hunter2x" not in mask_key("Incorrect API key provided: hunter2x_x", "hunter2x")


def test_a_credential_in_the_endpoints_path_is_never_shown() -> None:
    url = "http://127.0.0.1:8080/v1/tok_PATHSECRET123456"
    config = DMConfig(model="m", base_url=url)
    assert "PATHSECRET" not in config.describe() and config.describe().endswith("/v1/…")
    assert "tok_PATHSECRET123456" in config.url_secrets()  # masked in what the server says
    plain = DMConfig(model="m", base_url="http://localhost:11434/v1/openai/deployments/gpt4o")
    assert plain.describe() == "m at http://localhost:11434/v1/openai/deployments/gpt4o"


async def _fail(server: FakeOpenAI, **settings: Any) -> str:
    config = DMConfig(model="fake-model", base_url=server.base_url, api_key=SecretStr(KEY),
                      timeout=5, max_retries=0, **settings)  # fmt: skip
    with pytest.raises(BrainError) as caught:
        async for _ in OpenAIBrain(config).stream([{"role": "user", "content": "hi"}], None):
            pass
    return caught.value.message


@pytest.mark.parametrize(
    ("status", "said"),
    [(401, "refused the API key"), (400, "answered HTTP 400"), (503, "answered HTTP 503")],
)
async def test_a_server_that_echoes_the_key_never_shows_it(status: int, said: str) -> None:
    echo = f"Incorrect API key provided: {KEY}. Key prefix {KEY[:16]}"
    with FakeOpenAI([Status(status, echo)]) as server:
        message = await _fail(server)
    assert said in message and "sk-…4242" in message
    assert KEY not in message and KEY[:16] not in message


@pytest.mark.parametrize("url", ["http://[::1", "http://h:abc/v1", "http://:8080/v1"])
def test_a_base_url_no_client_can_open_is_refused_when_set(tmp_path: Path, url: str) -> None:
    """Said at once, from the option, the environment or the file — never a traceback when
    the game starts, nor a full-screen app that falls over on its first new game."""
    with pytest.raises(ValueError, match="not a URL a client can reach"):
        DMConfig(base_url=url)
    result = CliRunner().invoke(app, ["play", "--ui", "console", "--saves-dir", str(tmp_path),
                                      "--base-url", url], input="/quit\n")  # fmt: skip
    assert result.exit_code == 2 and "not a URL a client can reach" in result.output
    assert "Traceback" not in result.output
    assert DMConfig(base_url="http://[::1]:8080/v1").base_url == "http://[::1]:8080/v1"
