"""The settings screen's save: only what the player changed, beside what the file held —
never a key (or model) that was only in the environment or a flag; the file's comments and
other tables kept, a linked file written through to its target, and private (0600)."""

from __future__ import annotations

import os
import stat
from pathlib import Path

from pydantic import SecretStr

from app.dm.config import load_dm_config
from app.dm.configfile import save_dm_config

ENV_KEY = "sk-ENVONLY-0123456789abcdef"
FILE = (
    "# my notes about models\n"
    "[dm]\n"
    'model = "filemodel" # the cheap one\n'
    "[safety]\n"
    'lines = ["harm to children"]\n'
)


def test_the_settings_screen_writes_only_what_was_changed_never_the_environments(
    tmp_path: Path,
) -> None:
    file = tmp_path / "config.toml"
    file.write_text(FILE)
    env = {"OPENAI_API_KEY": ENV_KEY, "DUNGEON_DM_MODEL": "envmodel"}
    shown = load_dm_config(env=env, path=file)  # what the screen is handed: all merged
    assert shown.api_key is not None and shown.model == "envmodel"
    save_dm_config(shown, file, edited=set())  # saved untouched: the file as it was
    assert file.read_text() == FILE
    changed = shown.model_copy(update={"temperature": 0.3})
    save_dm_config(changed, file, edited={"temperature"})
    text = file.read_text()
    assert ENV_KEY not in text and "envmodel" not in text
    assert text.startswith("# my notes about models\n")  # comments and other tables kept
    assert 'model = "filemodel" # the cheap one' in text and "harm to children" in text
    assert load_dm_config(env={}, path=file).temperature == 0.3
    assert load_dm_config(env={}, path=file).api_key is None
    assert stat.S_IMODE(file.stat().st_mode) == 0o600
    typed = changed.model_copy(update={"api_key": SecretStr("sk-typed-1234567890")})
    save_dm_config(typed, file, edited={"api_key"})  # a key typed on the screen is saved
    saved = load_dm_config(env={}, path=file).api_key
    assert saved is not None and saved.get_secret_value() == "sk-typed-1234567890"
    save_dm_config(typed.model_copy(update={"api_key": None}), file, edited={"api_key"})
    assert "api_key" not in file.read_text()  # and cleared again


def test_a_linked_config_file_is_written_through_to_its_target(tmp_path: Path) -> None:
    dotfiles = tmp_path / "dotfiles"
    dotfiles.mkdir()
    real = dotfiles / "dungeon.toml"
    real.write_text(FILE)
    real.chmod(0o644)
    link = tmp_path / "config.toml"
    link.symlink_to(real)
    config = load_dm_config(env={}, path=link).model_copy(update={"model": "llama3.1"})
    save_dm_config(config, link, edited={"model"})
    assert link.is_symlink() and os.readlink(link) == str(real)
    assert 'model = "llama3.1"' in real.read_text() and "harm to children" in real.read_text()
    assert stat.S_IMODE(real.stat().st_mode) == 0o600
    assert sorted(p.name for p in dotfiles.iterdir()) == ["dungeon.toml"]  # no temp left
