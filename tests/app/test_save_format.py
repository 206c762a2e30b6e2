"""A save loads whole and sane, or not at all: the proof line, hand edits, older saves, the
sense checks (with the file and the key named), and identical saves left unrotated."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest
from typer.testing import CliRunner

from app.cli.main import app
from app.saves import (
    SCHEMA_VERSION,
    SaveError,
    campaign_for,
    list_saves,
    load_game,
    load_save,
    save_game,
)
from app.saves.proof import MARKER, digest, examine, sealed_digest
from app.session.setup import resume_session, start_session
from app.tui import make_app
from app.tui.driving import until
from app.tui.screens.load import LoadScreen
from app.tui.screens.play import PlayScreen
from app.world.campaignfile import load_campaign
from app.world.folders import CAMPAIGNS_DIR
from app.world.usage import Usage
from rules.effects import Effect
from tests.app.saved_games import played, real_saves

DATA = Path(__file__).resolve().parents[1] / "data" / "saves"
SCHEMA_1 = DATA / "schema-1-fight.toml"
"""A real save written by the game before saves carried a proof line (a fight in the
cellar after four turns)."""
SCHEMA_2 = DATA / "schema-2-fight.toml"
"""A real save written by the game before sheets and creatures carried class features,
lasting effects and experience (a fight in the cellar)."""
SCHEMA_3 = DATA / "schema-3-hotseat-fight.toml"
"""A real save written by the game before the reaction queue, per-player turn records and
token usage were kept: two players (Ana plays Mira, Ben Thorin), a fight in the cellar."""


def edit(path: Path, old: str, new: str, count: int = 1) -> str:
    """Change the file as a hand editor would (the proof line stays as it was)."""
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    changed = text.replace(old, new, count)
    path.write_text(changed, encoding="utf-8")
    return changed


def refused(path: Path, pattern: str) -> str:
    """Loading (and joining the campaign) fails with a message matching ``pattern``, which
    names the file; the file is left exactly as it was."""
    before = path.read_bytes()
    with pytest.raises(SaveError) as caught:
        loaded = load_save(path)
        resume_session(loaded.state, save=loaded.path)
    message = str(caught.value)
    assert str(path) in message
    assert re.search(pattern, message), message
    assert path.read_bytes() == before
    return message


@pytest.fixture
def saves(tmp_path: Path) -> dict[str, Path]:
    return real_saves(tmp_path / "saves")


# -- the proof line ---------------------------------------------------------------------------
def test_a_save_ends_with_its_proof_and_stays_plain_toml(saves: dict[str, Path]) -> None:
    text = saves["fight"].read_text(encoding="utf-8")
    last = text.rstrip("\n").rsplit("\n", 1)[-1]
    assert re.fullmatch(r"# end of save · sha256 [0-9a-f]{64}", last)
    assert text.startswith(f"schema_version = {SCHEMA_VERSION}\n")
    data = tomllib.loads(text)  # the proof is a comment: any TOML reader takes the file
    assert data["state"]["encounter"]["order"] and data["turn"] == 4
    body = text[: text.rindex(MARKER)]
    assert last.endswith(digest(body)) and sealed_digest(saves["fight"]) == digest(body)
    loaded = load_save(saves["fight"])
    skip = {"started", "turn_order"}  # when the game began and turns changed: wall-clock times
    assert loaded.notes == ()
    assert loaded.state.model_dump(exclude=skip) == played(4).state.model_dump(exclude=skip)


def _table_starts(lines: list[bytes]) -> list[int]:
    """Where each table begins: a cut there leaves valid TOML that has lost whole tables (the
    fuzz suite cuts at every line and byte)."""
    return [n for n, line in enumerate(lines) if line.startswith(b"[")]


@pytest.mark.parametrize("situation", ["exploring", "fight"])
def test_a_save_cut_between_tables_is_refused_as_cut_short(
    saves: dict[str, Path], situation: str
) -> None:
    path = saves[situation]
    lines = path.read_bytes().splitlines(keepends=True)
    for cut in [*_table_starts(lines), len(lines) - 1]:
        path.write_bytes(b"".join(lines[:cut]))
        with pytest.raises(SaveError, match=r"cut short|schema_version|not valid TOML"):
            load_game(path)
    # the message a hand editor needs: the file, what is missing and what to keep
    path.write_bytes(b"".join(lines[:-1]))
    message = refused(path, "cut short")
    assert "keep that line as the last line" in message and "# end of save" in message


def test_the_digest_leaves_out_only_the_time_of_saving(saves: dict[str, Path]) -> None:
    text = saves["start"].read_text(encoding="utf-8")
    body = text[: text.rindex(MARKER)]
    later = re.sub(r"^saved = .*$", "saved = 2031-01-01T00:00:00Z", body, count=1, flags=re.M)
    assert later != body and digest(later) == digest(body)
    assert digest(body.replace('title = "', 'title = "X', 1)) != digest(body)
    assert examine(text).wholeness == "whole"


# -- hand edits -------------------------------------------------------------------------------
def test_a_sound_hand_edit_loads_and_the_player_is_told(saves: dict[str, Path]) -> None:
    path = saves["exploring"]
    edit(path, "hp = 21\n", "hp = 15\n")
    loaded = load_save(path)
    assert loaded.state.party["mira"].vitals.hp == 15
    assert len(loaded.notes) == 1 and "edited since the game saved it" in loaded.notes[0]
    assert str(path) in loaded.notes[0]
    resume_session(loaded.state, save=loaded.path)  # and the campaign agrees
    runner = CliRunner()
    shown = runner.invoke(app, ["saves", "show", "exploring", "--saves-dir", str(path.parent)])
    assert shown.exit_code == 0, shown.output
    assert "edited since the game saved it" in shown.stdout and "Mira: 15/21 HP" in shown.stdout
    resumed = runner.invoke(
        app,
        ["play", "--ui", "console", "--load", "exploring", "--saves-dir", str(path.parent)],
        input="/quit\n",
    )
    assert resumed.exit_code == 0, resumed.output
    assert "edited since the game saved it" in resumed.output
    assert "resumed from exploring, turn 2" in resumed.stdout
    assert examine(path.read_text(encoding="utf-8")).wholeness == "whole"  # saved anew


def test_a_hand_edit_that_makes_no_sense_is_refused_naming_the_key(
    saves: dict[str, Path],
) -> None:
    path = saves["exploring"]
    edit(path, "hp = 21\n", "hp = 99\n")
    refused(path, r"state\.party\.mira\.vitals\.hp: 99 is above max_hp 21")
    runner = CliRunner()
    shown = runner.invoke(app, ["saves", "show", "exploring", "--saves-dir", str(path.parent)])
    assert shown.exit_code == 2 and "state.party.mira.vitals.hp" in shown.stderr
    resumed = runner.invoke(
        app, ["play", "--ui", "console", "--load", "exploring", "--saves-dir", str(path.parent)]
    )
    assert resumed.exit_code == 2 and "99 is above max_hp 21" in resumed.output
    # --continue passes over it to the newest save that loads, and says why
    went_on = runner.invoke(
        app,
        ["play", "--ui", "console", "--continue", "--saves-dir", str(path.parent)],
        input="/quit\n",
    )
    said = went_on.output.replace("\n", "")
    assert went_on.exit_code == 0 and "Passed over" in said and "exploring" in said


# -- older saves ------------------------------------------------------------------------------
def test_a_real_schema_1_save_loads_checked_and_is_told_as_older(tmp_path: Path) -> None:
    path = tmp_path / "old.toml"
    path.write_bytes(SCHEMA_1.read_bytes())
    assert path.read_text().startswith("schema_version = 1\n") and MARKER not in path.read_text()
    loaded = load_save(path)
    assert loaded.state.encounter is not None and loaded.state.challenges
    assert len(loaded.notes) == 1 and "older version" in loaded.notes[0]
    session = resume_session(loaded.state, save=loaded.path)
    save_game(session.state, "old", tmp_path)
    again = load_save(path)  # saved in the new form: whole, nothing to tell
    assert again.notes == () and path.read_text().startswith(f"schema_version = {SCHEMA_VERSION}")
    assert (tmp_path / "old.toml.1").read_bytes() == SCHEMA_1.read_bytes()  # kept as a backup


def test_a_real_schema_2_save_loads_with_nothing_spent_and_saves_as_the_new_schema(
    tmp_path: Path,
) -> None:
    path = tmp_path / "old.toml"
    path.write_bytes(SCHEMA_2.read_bytes())
    assert path.read_text().startswith("schema_version = 2\n") and MARKER in path.read_text()
    loaded = load_save(path)
    assert loaded.state.encounter is not None
    for sheet in loaded.state.party.values():
        assert sheet.effects == [] and sheet.resources == {} and sheet.xp == 0
    for creature in loaded.state.creatures.values():
        assert creature.effects == [] and creature.resources == {}
    assert loaded.state.encounter.positions == {}  # nobody placed: all stand near, free
    session = resume_session(loaded.state, save=loaded.path)
    save_game(session.state, "old", tmp_path)
    again = load_save(path)
    assert again.notes == () and path.read_text().startswith(f"schema_version = {SCHEMA_VERSION}")
    assert again.state.party == loaded.state.party


def test_a_real_schema_3_hotseat_save_loads_and_saves_as_the_new_schema(
    tmp_path: Path,
) -> None:
    path = tmp_path / "old.toml"
    path.write_bytes(SCHEMA_3.read_bytes())
    assert path.read_text().startswith("schema_version = 3\n") and MARKER in path.read_text()
    loaded = load_save(path)
    state = loaded.state
    assert state.encounter is not None and set(state.players) == {"Ana", "Ben"}
    assert [c.reason for c in state.turn_order.history][-1] == "ROUND_START"
    # schema 4 counts the DM's tokens: a schema-3 game had none counted
    assert state.usage == Usage() and state.usage_turns == 0 and state.usage_alerts == []
    assert state.history and all(r.usage == Usage() for r in state.history)
    # schema 4's turn results: nobody away, no fight turn being timed, and an older log's
    # entries without durations or who was next (they were never recorded)
    order = state.turn_order
    assert order.away == [] and order.timing is None
    assert all(c.seconds is None and c.next is None for c in order.history)
    assert state.encounter.readied == []  # schema 3 knew no readied actions
    session = resume_session(state, save=loaded.path)
    save_game(session.state, "old", tmp_path)
    again = load_save(path)
    assert again.notes == () and path.read_text().startswith(f"schema_version = {SCHEMA_VERSION}")
    assert again.state.party == state.party and again.state.encounter == state.encounter


def test_a_schema_1_save_cut_between_tables_is_refused(tmp_path: Path) -> None:
    # Without a proof line, what catches a cut is the shape check: every key the game
    # writes must be there, and a cut always loses the last ones.
    path = tmp_path / "old.toml"
    lines = SCHEMA_1.read_bytes().splitlines(keepends=True)
    for cut in [*_table_starts(lines), len(lines) - 1]:
        path.write_bytes(b"".join(lines[:cut]))
        with pytest.raises(SaveError):
            load_game(path)


# -- sense checks -----------------------------------------------------------------------------
SENSELESS = [
    # (situation, old text, new text, the key and problem the error names)
    ("exploring", "intelligence = 17\nwisdom = 12\n", "intelligence = 17\n",
     r"state\.party\.aria\.abilities\.wisdom: missing .*it would have become 10"),
    ("exploring", "[state.party.aria.spell_slots.maximum]", "[state.party.aria.spell_slotz]",
     r"state\.party\.aria\.spell_slots|spell_slotz"),
    ("exploring", "turn = 2\n", 'turn = "two"\n', r"turn: 'two'"),
    ("exploring", "summarised_through = 0", "summarised_through = 9",
     r"state\.summarised_through: 9"),
    ("exploring", "turn = 2\n", "turn = inf\n", r"turn: inf"),
    ("exploring", "turn = 2\n", "turn = -2\n", r"turn: -2 differs from the game's 2"),
    ("exploring", 'Z"\nturn = 2\n', 'Z"\nturn = -2\n', r"state\.turn: Input should be greater"),
    ("exploring", 'Z"\nturn = 2\n', 'Z"\nturn = nan\n', r"state\.turn: "),
    ("exploring", "hp = 21\n", "hp = -3\n", r"state\.party\.mira\.vitals\.hp"),
    ("exploring", "hp = 21\n", "hp = 21.0\n", r"state\.party\.mira\.vitals\.hp: 21\.0 is a float"),
    ("exploring", 'Player = [\n    "mira",', 'Player = [\n    "nobody",',
     r"state\.players\.Player\.0: 'nobody' is not a character in the party"),
    ("exploring", 'id = "inn"\n', 'id = "attic"\n', r"state\.scene\.id: 'attic'"),
    ("exploring", 'campaign_id = "crossroads"', 'campaign_id = "../../etc"',
     r"campaign_id: '\.\./\.\./etc' is not a campaign id"),
    ("fight", '{ id = "giant-rat-1", name', '{ id = "ghost", name',
     r"state\.encounter\.order\.2: 'ghost' is not in the party or world"),
    ("fight", "turn_index = 1\n", "turn_index = 6\n",
     r"state\.encounter\.turn_index: 6 is past the end of the order \(6 combatants\)"),
    ("fight", "[state.party.aria.spell_slots.expended]\n",
     "[state.party.aria.spell_slots.expended]\n1 = 5\n",
     r"state\.party\.aria\.spell_slots: .*more level-1 slots spent"),
    ("fight", "conditions = []", 'conditions = [{ condition = "sleepy" }]',
     r"state\.party\.mira\.conditions\.0\.condition"),
    ("fight", "round = 1\n", "round = 0\n", r"state\.encounter\.round"),
]  # fmt: skip


@pytest.mark.parametrize(("situation", "old", "new", "named"), SENSELESS)
def test_senseless_saves_are_refused_naming_file_and_key(
    saves: dict[str, Path], situation: str, old: str, new: str, named: str
) -> None:
    path = saves[situation]
    if old not in path.read_text():
        pytest.fail(f"the {situation} save no longer holds {old!r}: update this case")
    edit(path, old, new)
    refused(path, named)


def test_an_empty_initiative_order_is_refused_not_a_crash(saves: dict[str, Path]) -> None:
    path = saves["fight"]
    text = path.read_text()
    cut = re.sub(r"\norder = \[\n(?:    [^\n]*\n)*\]\n", "\norder = []\n", text)
    assert cut != text and "order = []" in cut
    path.write_text(cut)
    refused(path, r"state\.encounter\.order: is empty while a fight is on")


def test_campaign_checks_run_when_the_game_joins_its_campaign(saves: dict[str, Path]) -> None:
    path = saves["exploring"]
    edit(path, 'trapdoor_lock = "passed"', 'vault_door = "passed"')
    state = load_game(path)  # sound on its own …
    with pytest.raises(SaveError, match=r"state\.challenges\.vault_door: 'vault_door' is not"):
        resume_session(state, save=path)  # … but the campaign has no such challenge
    runner = CliRunner()
    result = runner.invoke(
        app, ["play", "--ui", "console", "--load", "exploring", "--saves-dir", str(path.parent)]
    )
    said = result.stderr.replace("\n", "")  # the console wraps long lines
    assert result.exit_code == 2 and "vault_door" in said and str(path) in said


def test_an_unknown_campaign_is_reported_naming_the_save(saves: dict[str, Path]) -> None:
    path = saves["start"]
    edit(path, 'campaign_id = "crossroads"', 'campaign_id = "lost-mines"')
    edit(path, 'campaign = "crossroads"', 'campaign = "lost-mines"')
    state = load_game(path)
    with pytest.raises(SaveError) as caught:
        campaign_for(state, path)
    message = str(caught.value)
    assert str(path) in message and "state.campaign_id" in message and "'lost-mines'" in message
    assert "crossroads" in message  # what there is instead


def test_the_header_must_agree_with_the_game(saves: dict[str, Path]) -> None:
    edit(saves["start"], "turn = 0\n", "turn = 12\n")
    refused(saves["start"], r"turn: 12 differs from the game's 0")


# -- identical saves --------------------------------------------------------------------------
def test_an_identical_save_leaves_the_file_and_its_backups_alone(tmp_path: Path) -> None:
    state = played(2).state
    save_game(state, "game", tmp_path)
    state.turn = 3
    save_game(state, "game", tmp_path)  # a real older version: game.toml.1
    older = (tmp_path / "game.toml.1").read_bytes()
    current = (tmp_path / "game.toml").read_bytes()
    for _ in range(4):  # /quit right after an autosave, again and again
        save_game(state, "game", tmp_path)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.story", "game.toml", "game.toml.1"]
    assert (tmp_path / "game.toml.1").read_bytes() == older
    assert (tmp_path / "game.toml").read_bytes() == current
    state.flags["rang_bell"] = True  # a changed game rotates as before
    save_game(state, "game", tmp_path)
    assert (tmp_path / "game.toml.1").read_bytes() == current
    assert (tmp_path / "game.toml.2").read_bytes() == older


def test_a_file_edited_since_is_rewritten_even_when_the_game_is_the_same(
    tmp_path: Path,
) -> None:
    state = played(0).state
    path = save_game(state, "game", tmp_path)
    edit(path, 'title = "', 'title = "My ')  # proof line unchanged: it names the game
    save_game(state, "game", tmp_path)
    assert load_save(path).notes == () and load_game(path).title == state.title
    assert "My " in (tmp_path / "game.toml.1").read_text()  # the edit is kept as a backup


def test_listing_marks_a_cut_save_damaged(saves: dict[str, Path]) -> None:
    path = saves["fight"]
    path.write_bytes(path.read_bytes()[: len(path.read_bytes()) // 2])
    listed = {info.name: info for info in list_saves(path.parent)}
    assert listed["fight"].problem.startswith("damaged") and listed["exploring"].turn == 2


# -- the full-screen game tells the player ----------------------------------------------------
async def test_the_load_screen_and_continue_tell_of_a_hand_edit(tmp_path: Path) -> None:
    folder = tmp_path / "saves"
    paths = real_saves(folder)
    for path in paths.values():
        edit(path, "hp = 21\n", "hp = 20\n")
    app = make_app(saves=folder, still=True)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("l")
        await until(pilot, lambda: isinstance(app.screen, LoadScreen))
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, PlayScreen))
        assert any("edited since the game saved it" in n.message for n in app._notifications)
    app = make_app(saves=folder, still=True)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("c")
        await until(pilot, lambda: isinstance(app.screen, PlayScreen))
        assert any("edited since the game saved it" in n.message for n in app._notifications)


def test_an_authors_campaign_beside_the_game_resumes_by_id(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    mine = tmp_path / "mine"
    mine.mkdir()
    text = (CAMPAIGNS_DIR / "crossroads" / "campaign.toml").read_text(encoding="utf-8")
    assert 'id = "crossroads"' in text
    (mine / "campaign.toml").write_text(text.replace('id = "crossroads"', 'id = "mine"', 1))
    monkeypatch.chdir(tmp_path)  # played as `dungeon play --campaign mine` from here
    state = start_session(load_campaign(mine), 1).state
    path = save_game(state, "mine", tmp_path / "saves")
    resume_session(load_game(path), save=path)
    (mine / "campaign.toml").write_text(text)  # the folder now holds another campaign
    with pytest.raises(SaveError, match=r"state\.campaign_id: mine holds the campaign 'crossr"):
        resume_session(load_game(path), save=path)


def test_a_schema_2_fights_markers_become_lasting_effects(tmp_path: Path) -> None:
    """Schema 2 kept Dodge, Help, Hide and Shield as lists on the fight; they load as
    effects on the creatures they were about, and the old keys are gone."""
    path = tmp_path / "old.toml"
    path.write_bytes(SCHEMA_2.read_bytes())
    edit(path, "dodging = []", 'dodging = ["mira"]')
    edit(path, "helped = []", 'helped = ["thorin"]')
    edit(path, "shielded = []", 'shielded = ["aria"]')
    edit(path, "hidden = []", 'hidden = ["giant-rat-2"]')
    state = load_save(path).state
    party, rats = state.party, state.creatures
    assert [(e.id, e.source) for e in party["mira"].effects] == [("dodge", "mira")]
    assert [(e.id, e.source) for e in party["thorin"].effects] == [("help", None)]
    assert [(e.id, e.ac_bonus) for e in party["aria"].effects] == [("shield", 5)]
    assert [e.id for e in rats["giant-rat-2"].effects] == ["hidden"]
    assert "dodging" not in type(state.encounter).model_fields


def test_a_game_with_an_effect_until_removed_saves_and_loads_it_so(tmp_path: Path) -> None:
    """A successful Hide lasts until the hider attacks: a save must keep "until removed"
    (TOML has no null), and the file must pass its own checks on load."""
    path = real_saves(tmp_path / "saves")["fight"]
    loaded = load_save(path)
    foe = next(iter(loaded.state.creatures))
    loaded.state.creatures[foe].effects.append(
        Effect(id="hidden", name="Hidden", source=foe, own_attacks="advantage", rounds=None)
    )
    save_game(loaded.state, "fight", path.parent)
    again = load_save(path)
    assert again.state.creatures[foe].effects[-1].rounds is None
