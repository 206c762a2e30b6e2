"""A game taken over to a new version of its campaign file (``play --watch``): kept where it
is when it still makes sense — and then it also saves and loads again — refused (the game
untouched) when it does not, restarted at the start on request; and the watch that notices
a new version, reports a broken one as ``dungeon validate`` does, and waits out a file
caught half-written."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from app.authoring.scaffold import scaffold
from app.saves import campaign_for, load_game, save_game
from app.session import reloading, rewinding
from app.session.session import GameSession
from app.session.setup import start_session
from app.session.watching import CampaignWatch
from app.world.campaign import Campaign
from app.world.campaignfile import CampaignError, load_campaign
from app.world.view import scene_description
from tests.app.saved_games import play_lines

YARD = """
[scenes.yard]
name = "The Mill Yard"
description = "Puddles, a cart with a broken wheel, and the millstream chattering past."
exits = [{ to = "mill", name = "mill door", aliases = ["mill", "inside"] }]
"""
TO_THE_YARD = '  { to = "yard", name = "yard gate", aliases = ["yard", "outside"] },\n'


def write(folder: Path, text: str) -> Campaign:
    """Save a new version of the campaign file (as an author's editor would) and read it."""
    path = folder / "campaign.toml"
    path.write_text(text, encoding="utf-8")
    return load_campaign(path)


def with_yard(text: str) -> str:
    """The new campaign's text with a yard outside the mill, open from the start."""
    return text.replace("exits = [\n", f"exits = [\n{TO_THE_YARD}", 1) + YARD


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """A campaign of the author's own, as ``dungeon new`` makes it."""
    return scaffold("mycamp", tmp_path)


def game(folder: Path, seed: int = 5) -> GameSession:
    return start_session(load_campaign(folder), seed)


def test_an_edit_the_game_fits_is_taken_in_and_the_world_stays_as_it_was(
    folder: Path, tmp_path: Path
) -> None:
    session = game(folder)
    play_lines(session, [("thorin", "ask Hanne about the key")])
    before = session.state
    text = (folder / "campaign.toml").read_text(encoding="utf-8")
    edited = with_yard(text.replace("Flour dust hangs", "Flour dust swirls"))
    outcome = reloading.reload(session, write(folder, edited))
    assert isinstance(outcome, reloading.Reloaded)
    assert outcome.changes == ["scenes.mill changed", "scenes.yard added"]
    assert outcome.text == "Campaign reloaded (2 changes: scenes.mill changed, scenes.yard added)."
    assert session.state is before  # nothing changes until the game takes it
    reloading.take(session, outcome)
    state = session.state
    assert state.campaign is not None and "yard" in state.campaign.scenes
    keep = {"scenes", "scene"}  # the map of scenes is the campaign's: it now has the yard
    assert state.model_dump(exclude=keep) == before.model_dump(exclude=keep)
    assert state.rng_state() == before.rng_state() and state.history is before.history
    assert state.scene.exits == ["yard", "cellar"] and "yard" in state.scenes
    assert scene_description(state, state.campaign).startswith("Flour dust swirls")
    assert not session.briefed  # the DM hears the world afresh
    play_lines(session, [("thorin", "I go out to the yard")])
    assert session.state.scene.id == "yard" and session.state.turn == 2
    # the kept game saves, and loads again against the file as it now is
    path = save_game(session.state, "kept", tmp_path / "saves")
    loaded = load_game(path)
    assert campaign_for(loaded, path, folder.parent) is not None
    assert loaded.scene.id == "yard"


def test_a_version_without_the_partys_scene_is_refused_and_the_game_is_untouched(
    folder: Path,
) -> None:
    session = game(folder)
    before, old = session.state, session.state.campaign
    dumped = before.model_dump()
    text = (folder / "campaign.toml").read_text(encoding="utf-8")
    moved = text.replace("scenes.mill", "scenes.millhouse").replace('"mill"', '"millhouse"')
    outcome = reloading.reload(session, write(folder, moved))
    assert isinstance(outcome, reloading.Refused)
    assert (
        outcome.reasons[0]
        == "the party is in 'mill' (The Old Mill), which the campaign no longer has"
    )
    assert outcome.text.startswith("The game cannot go on with the changed campaign: the party")
    assert session.state is before and before.campaign is old
    assert before.model_dump() == dumped


def test_what_else_does_not_fit_is_named_by_its_key(folder: Path) -> None:
    session = game(folder)
    text = (folder / "campaign.toml").read_text(encoding="utf-8")
    stronger = text.replace("abilities = { str = 16,", "abilities = { str = 18,", 1)
    outcome = reloading.reload(session, write(folder, stronger))
    assert isinstance(outcome, reloading.Refused)
    assert outcome.reasons[0].startswith("state.party.thorin.abilities")
    renamed = text.replace('id = "mycamp"', 'id = "othercamp"')
    outcome = reloading.reload(session, write(folder, renamed))
    assert isinstance(outcome, reloading.Refused)
    assert "campaign.id is now 'othercamp', and this game is of 'mycamp'" in outcome.text


def test_no_reload_while_a_turn_is_being_played(folder: Path) -> None:
    session = game(folder)
    session.busy = True
    outcome = reloading.reload(session, load_campaign(folder))
    assert isinstance(outcome, reloading.Refused) and "turn is being played" in outcome.text


def test_the_same_campaign_again_changes_nothing(folder: Path) -> None:
    session = game(folder)
    text = (folder / "campaign.toml").read_text(encoding="utf-8")
    outcome = reloading.reload(session, write(folder, f"# a note to self\n{text}"))
    assert isinstance(outcome, reloading.Reloaded) and outcome.changes == []
    assert outcome.text == "campaign.toml saved: nothing that plays has changed."


def test_a_restart_begins_the_changed_campaign_with_the_same_seed_and_table(
    folder: Path,
) -> None:
    table = {"Ana": ["thorin"], "Ben": ["mira"]}
    session = start_session(load_campaign(folder), 9, players=table)
    play_lines(session, [("thorin", "ask Hanne about the key"), ("mira", "look at the chain")])
    assert session.state.turn == 1
    text = (folder / "campaign.toml").read_text(encoding="utf-8")
    moved = write(folder, text.replace("scenes.mill", "scenes.barn").replace('"mill"', '"barn"'))
    fresh = reloading.restart(session, moved)
    state = fresh.state
    assert state.scene.id == "barn" and state.turn == 0 and state.seed == 9
    assert state.players == table
    assert state.campaign is moved and fresh.context is session.context
    assert session.state.turn == 1  # the old game is as it was, to be saved


def test_undo_after_a_reload_keeps_the_new_version_unless_the_turn_does_not_fit_it(
    folder: Path,
) -> None:
    text = with_yard((folder / "campaign.toml").read_text(encoding="utf-8"))
    session = start_session(write(folder, text), 5)
    play_lines(session, [("thorin", "I go out to the yard"), ("thorin", "I go back inside")])
    assert session.state.scene.id == "mill" and session.state.turn == 2
    without_yard = text.replace(TO_THE_YARD, "").replace(YARD, "")
    outcome = reloading.reload(session, write(folder, without_yard))
    assert isinstance(outcome, reloading.Reloaded)  # the yard is behind them: forgotten
    reloading.take(session, outcome)
    assert session.state.visited == ["mill"] and "yard" not in session.state.scenes
    undone = rewinding.undo(session)  # back to turn 1: the party stood in the yard
    assert not undone.ok
    assert "turn 1 was played with an earlier version of the campaign" in undone.text
    assert "the party is in 'yard'" in undone.text
    assert session.state.turn == 2 and len(session.state.history) == 2  # nothing lost
    back = rewinding.rewind(session, 1)  # before turn 1: in the mill, which still is
    assert back.ok, back.text
    state = session.state
    assert state.turn == 0 and state.scene.id == "mill" and "yard" not in state.scenes
    assert state.campaign is outcome.state.campaign


def test_the_watch_reads_a_new_version_once_it_has_settled(folder: Path) -> None:
    watch = CampaignWatch(folder)
    assert watch.poll() is None  # nothing new
    path = folder / "campaign.toml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("Flour dust hangs", "Flour dust swirls"), encoding="utf-8")
    assert watch.poll() is None  # seen once: it may still be being written
    found = watch.poll()
    assert isinstance(found, Campaign)
    assert found.scenes["mill"].description.startswith("Flour dust swirls")
    assert watch.poll() is None and watch.poll() is None  # taken: not read again
    os.utime(path, ns=(path.stat().st_atime_ns, path.stat().st_mtime_ns + 10**9))
    watch.poll()
    assert isinstance(watch.poll(), Campaign)  # saved again as it was: tried again


def test_the_watch_reports_a_broken_version_as_validate_does_and_takes_the_next(
    folder: Path,
) -> None:
    watch = CampaignWatch(folder)
    path = folder / "campaign.toml"
    good = path.read_text(encoding="utf-8")
    path.write_text(good.replace("dc = 12", 'dc = "12"'), encoding="utf-8")
    watch.poll()
    found = watch.poll()
    assert isinstance(found, CampaignError)
    with pytest.raises(CampaignError) as validated:
        load_campaign(folder)
    assert str(found) == str(validated.value)
    lines = str(found).splitlines()
    assert lines[0] == f"{path}: 1 problem(s)"
    assert lines[1].startswith(f"  {path}:") and "challenges.chain_lock.dc" in lines[1]
    assert watch.poll() is None  # reported once
    path.unlink()  # an editor between removing the old file and writing the new one
    assert watch.poll() is None and watch.poll() is None
    path.write_text(good.replace("dc = 12", "dc = 14"), encoding="utf-8")
    watch.poll()
    fixed = watch.poll()
    assert isinstance(fixed, Campaign) and fixed.challenges["chain_lock"].dc == 14
