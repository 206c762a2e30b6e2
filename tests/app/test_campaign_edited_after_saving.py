"""A game saved, then its campaign edited (an author's next version, or an update of a
shipped campaign): the save still loads and plays on. The map of scenes is the campaign's
as it is now (a scene added since can be entered; one deleted that the party never stood in
is gone); history naming what the campaign no longer has is forgotten in a save the game
wrote; a pregen whose sheet the author changed since goes on as it was made. Once each of
these refused the save and all its backups, or stopped the party at an exit for good."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.authoring.scaffold import scaffold
from app.saves import SaveError, load_game, save_game
from app.session.setup import resume_session, start_session
from tests.app.saved_games import play_lines
from tests.app.test_reloading import TO_THE_YARD, YARD


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    return scaffold("mycamp", tmp_path)


def saved(folder: Path, tmp_path: Path, edit: str | None = None) -> Path:
    """A game of the campaign played a line and saved (with ``edit`` applied first)."""
    from app.world.campaignfile import load_campaign

    if edit is not None:
        (folder / "campaign.toml").write_text(edit, encoding="utf-8")
    session = start_session(load_campaign(folder), 5)
    play_lines(session, [("thorin", "look around")])
    return save_game(session.state, "game", tmp_path / "saves")


def edited(folder: Path, old: str, new: str) -> None:
    path = folder / "campaign.toml"
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_a_scene_added_since_can_be_entered(folder: Path, tmp_path: Path) -> None:
    path = saved(folder, tmp_path)
    edited(folder, "exits = [\n", f"exits = [\n{TO_THE_YARD}")
    (folder / "campaign.toml").write_text(
        (folder / "campaign.toml").read_text(encoding="utf-8") + YARD, encoding="utf-8"
    )
    session = resume_session(load_game(path), save=path, campaigns=folder.parent)
    play_lines(session, [("thorin", "go out to the yard")])
    assert session.state.scene.id == "yard"  # once: "unknown scene yard", for good


def test_a_scene_deleted_since_is_forgotten(folder: Path, tmp_path: Path) -> None:
    text = (folder / "campaign.toml").read_text(encoding="utf-8")
    path = saved(folder, tmp_path, text.replace("exits = [\n", f"exits = [\n{TO_THE_YARD}", 1)
                 + YARD)  # fmt: skip
    (folder / "campaign.toml").write_text(text, encoding="utf-8")  # the yard is gone again
    for name in ("game.toml", "game.toml.1"):
        kept = path.parent / name
        if kept.exists():
            state = resume_session(load_game(kept), save=kept, campaigns=folder.parent).state
            assert "yard" not in state.scenes  # once: every save and backup refused


def test_a_pregen_changed_since_goes_on_as_it_was_made(folder: Path, tmp_path: Path) -> None:
    path = saved(folder, tmp_path)
    edited(folder, "abilities = { str = 16,", "abilities = { str = 18,")
    state = resume_session(load_game(path), save=path, campaigns=folder.parent).state
    assert state.party["thorin"].abilities.strength == 16  # as made; once: refused
    text = path.read_text(encoding="utf-8")
    assert text.count("[state.pregens]") == 1


def test_a_hand_edit_to_a_pregen_is_still_refused(folder: Path, tmp_path: Path) -> None:
    path = saved(folder, tmp_path)
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("strength = 16", "strength = 20", 1), encoding="utf-8")
    with pytest.raises(SaveError, match="abilities"):
        resume_session(load_game(path), save=path, campaigns=folder.parent)


def test_a_trigger_deleted_since_is_forgotten_only_in_a_save_as_the_game_wrote_it(
    folder: Path, tmp_path: Path
) -> None:
    from app.world.campaignfile import load_campaign

    session = start_session(load_campaign(folder), 5)
    session.state.fired_triggers["rats_gone"] = 1  # as if the rats were beaten
    path = save_game(session.state, "game", tmp_path / "saves")
    edited(folder, '[[triggers]]\nid = "rats_gone"', '[[triggers]]\nid = "rats_fled"')
    state = resume_session(load_game(path), save=path, campaigns=folder.parent).state
    assert "rats_gone" not in state.fired_triggers  # once: the save and its backups refused
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("rats_gone = 1", "rats_went = 1", 1), encoding="utf-8")
    with pytest.raises(SaveError, match="fired_triggers"):  # a hand's edit: named
        resume_session(load_game(path), save=path, campaigns=folder.parent)
