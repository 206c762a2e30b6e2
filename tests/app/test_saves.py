"""Save files: round trips, resuming with the same dice, every kind of damage reported
without losing anything, safe names, and a writer killed mid-save many times."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from app.cli.main import app
from app.saves import (
    SCHEMA_VERSION,
    SaveError,
    delete_save,
    list_saves,
    load_game,
    save_game,
    save_path,
)
from app.saves.proof import MARKER
from app.session.setup import resume_session, start_session
from app.world.actions import PlayerAction
from app.world.campaignfile import load_campaign
from app.world.folders import CAMPAIGNS_DIR
from app.world.printable import scrub

CAMPAIGN = load_campaign(CAMPAIGNS_DIR / "crossroads")
ROOT = Path(__file__).resolve().parents[2]


async def play(session, lines: list[tuple[str, str]]) -> list[str]:  # type: ignore[no-untyped-def]
    seen = []
    for character, text in lines:
        session.submit(PlayerAction(character_id=character, text=text))
        async for event in session.run_until_players():
            if event.type == "dice_roll":
                seen.append(event.text)
            if event.type == "narrative_chunk":
                seen.append(event.text)
    return seen


FIRST = [("mira", "I pick the lock on the trapdoor"), ("thorin", "ask Berta about Tam")]
LATER = [
    ("mira", "I pick the lock on the trapdoor"),
    ("thorin", "I kick the trapdoor"),
    ("mira", "look around"),
]


async def test_a_resumed_game_rolls_exactly_what_the_uninterrupted_one_would(
    tmp_path: Path,
) -> None:
    straight = start_session(CAMPAIGN, 11)
    await play(straight, FIRST)
    expected = await play(straight, LATER)

    first = start_session(CAMPAIGN, 11)
    await play(first, FIRST)
    save_game(first.state, "mid", tmp_path)
    resumed = resume_session(load_game("mid", tmp_path))
    assert await play(resumed, LATER) == expected
    # the turn log and the start hold wall-clock times (the two games began a moment apart);
    # resumed at a round boundary, it notes no recovery
    skip = {"turn_order", "started"}
    assert resumed.state.model_dump(exclude=skip) == straight.state.model_dump(exclude=skip)
    reasons = [h.reason for h in resumed.state.turn_order.history]
    assert "RECOVERY" not in reasons and reasons[:4] == [
        "TURN_COMPLETE",
        "ROUND_START",
        "TURN_COMPLETE",
        "ROUND_START",
    ]


def test_round_trip_keeps_everything(tmp_path: Path) -> None:
    session = start_session(CAMPAIGN, 5)
    state = session.state
    state.flags.update(door=True, count=3, word="x")
    state.party["mira"].inventory.append("silver key")
    state.party["aria"].spell_slots.spend(1)
    save_game(state, "full", tmp_path)
    loaded = load_game("full", tmp_path)
    assert loaded.model_dump() == state.model_dump()
    assert loaded.rng_state() == state.rng_state()
    text = (tmp_path / "full.toml").read_text()
    assert text.startswith(f"schema_version = {SCHEMA_VERSION}\n")
    assert "api_key" not in text and "sk-" not in text


def test_backups_rotate_and_the_newest_good_one_is_offered(tmp_path: Path) -> None:
    state = start_session(CAMPAIGN, 1).state
    for turn in range(5):
        state.turn = turn
        save_game(state, "game", tmp_path)
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "game.toml",
        "game.toml.1",
        "game.toml.2",
        "game.toml.3",
    ]
    (tmp_path / "game.toml").write_text("schema_version = 1\n[state\n")
    with pytest.raises(SaveError) as caught:
        load_game("game", tmp_path)
    assert "not valid TOML" in str(caught.value) and "game.toml.1" in str(caught.value)
    assert caught.value.backup == tmp_path / "game.toml.1"
    assert load_game(caught.value.backup).turn == 3
    assert (tmp_path / "game.toml").read_text() == "schema_version = 1\n[state\n"  # untouched


@pytest.mark.parametrize(
    ("damage", "message"),
    [
        (lambda t: t[: len(t) // 2], "game.toml"),
        (lambda t: "garbage \x00\x01", "not valid TOML"),
        (
            lambda t: t.replace(f"schema_version = {SCHEMA_VERSION}", "schema_version = 99"),
            "newer version",
        ),
        (lambda t: t.replace(f"schema_version = {SCHEMA_VERSION}\n", ""), "no schema_version"),
        (lambda t: t.replace("hp = 21", 'hp = "lots"'), "state.party.mira.vitals.hp"),
        (lambda t: t.replace("[rng]", "[rngx]"), "game.toml: rng: missing"),
        (
            lambda t: t.replace('[rng]\nversion = 3\nstate = "', '[rng]\nversion = 3\nstate = "f'),
            "rng.state is not whole",
        ),
    ],
)
def test_each_kind_of_damage_is_reported_and_nothing_is_overwritten(
    tmp_path: Path, damage, message
) -> None:  # type: ignore[no-untyped-def]
    state = start_session(CAMPAIGN, 1).state
    save_game(state, "game", tmp_path)
    path = tmp_path / "game.toml"
    broken = damage(path.read_text())
    path.write_text(broken)
    with pytest.raises(SaveError, match=message.replace(".", r"\.")):
        load_game("game", tmp_path)
    assert path.read_text() == broken


@pytest.mark.parametrize(
    "name", ["../escape", "/etc/passwd", "a/b", "..", "", "CON", "nul.txt", "x" * 80, "semi;colon"]
)
def test_unsafe_names_are_refused(name: str, tmp_path: Path) -> None:
    with pytest.raises(SaveError, match="bad save name"):
        save_path(name, tmp_path)


def test_safe_names(tmp_path: Path) -> None:
    assert save_path("My game 2", tmp_path) == tmp_path / "My game 2.toml"
    assert save_path("slot-1.toml", tmp_path) == tmp_path / "slot-1.toml"


WRITER = """
import sys
from pathlib import Path
from app.saves import save_game
from app.session.setup import start_session
from app.world.campaignfile import load_campaign
from app.world.folders import CAMPAIGNS_DIR
state = start_session(load_campaign(CAMPAIGNS_DIR / "crossroads"), 1).state
folder = Path(sys.argv[1])
save_game(state, "game", folder)   # a save exists before the first kill can land
print("ready", flush=True)
turn = 0
while True:
    turn += 1
    state.turn = turn
    state.summary = "x" * (turn % 5000)   # vary the size
    save_game(state, "game", folder)
"""


def test_a_writer_killed_mid_save_never_leaves_an_unloadable_save(tmp_path: Path) -> None:
    rng = random.Random(3)
    kills = 4  # tests/app/test_save_kills.py kills a save at every one of its steps
    for _ in range(kills):
        proc = subprocess.Popen(
            [sys.executable, "-c", WRITER, str(tmp_path)],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            text=True,
        )
        assert proc.stdout is not None and proc.stdout.readline().strip() == "ready"
        time.sleep(rng.uniform(0.005, 0.06))
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait()
        loaded = load_game("game", tmp_path)  # must not raise
        assert loaded.turn >= 0
    leftovers = [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]
    assert len(leftovers) <= kills  # stray temp files are harmless and never read


def test_saves_commands(tmp_path: Path) -> None:
    runner = CliRunner()
    state = start_session(CAMPAIGN, 1).state
    state.turn = 7
    save_game(state, "alpha", tmp_path)
    listed = runner.invoke(app, ["saves", "list", "--saves-dir", str(tmp_path)])
    assert listed.exit_code == 0 and "alpha" in listed.stdout and "turn 7" in listed.stdout
    shown = runner.invoke(app, ["saves", "show", "alpha", "--saves-dir", str(tmp_path)])
    assert "turn 7, The Crossroads Inn" in shown.stdout and "Mira: 21/21 HP" in shown.stdout
    bad = runner.invoke(app, ["saves", "show", "../alpha", "--saves-dir", str(tmp_path)])
    assert bad.exit_code == 2 and "bad save name" in bad.stderr
    resumed = runner.invoke(
        app,
        ["play", "--continue", "--saves-dir", str(tmp_path)],
        input="Mira: look around\n/quit\n",
    )
    assert resumed.exit_code == 0 and "resumed from alpha, turn 7" in resumed.stdout
    assert load_game("alpha", tmp_path).turn == 8  # autosaved after the turn, under its name
    asked = runner.invoke(app, ["saves", "delete", "alpha", "--saves-dir", str(tmp_path)])
    assert asked.exit_code == 2 and "add --yes" in asked.output  # piped: nothing is asked
    assert [info.name for info in list_saves(tmp_path)] == ["alpha"]
    deleted = runner.invoke(
        app, ["saves", "delete", "alpha", "--yes", "--saves-dir", str(tmp_path)]
    )
    assert deleted.exit_code == 0 and list_saves(tmp_path) == []
    with pytest.raises(SaveError):
        delete_save("alpha", tmp_path)


def test_older_schemas_go_through_the_migration_steps(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from app import saves

    state = start_session(CAMPAIGN, 1).state
    save_game(state, "old", tmp_path)
    path = tmp_path / "old.toml"
    old = path.read_text().replace(f"schema_version = {SCHEMA_VERSION}", "schema_version = 0")
    path.write_text(old.rsplit(MARKER, 1)[0])  # saves before schema 2 had no proof line
    with pytest.raises(SaveError, match="too old to read"):
        load_game("old", tmp_path)

    def zero_to_one(data: dict) -> dict:  # a stand-in step for the test
        return data

    monkeypatch.setitem(saves.MIGRATIONS, 0, zero_to_one)
    assert load_game("old", tmp_path).turn == state.turn


@settings(max_examples=25)
@given(
    flags=st.dictionaries(
        st.from_regex(r"[a-z][a-z0-9_]{0,10}", fullmatch=True),
        st.one_of(st.booleans(), st.integers(-1000, 1000), st.text(max_size=20)),
        max_size=5,
    ),
    hp=st.integers(min_value=1, max_value=21),  # at 0 HP one is down, not alive
    items=st.lists(st.text(min_size=1, max_size=15), max_size=4),
    summary=st.text(max_size=200),
)
def test_any_state_round_trips_through_toml(
    flags: dict, hp: int, items: list, summary: str
) -> None:  # type: ignore[type-arg]
    import tempfile

    state = start_session(CAMPAIGN, 2).state
    state.flags.update(flags)
    mira = state.party["mira"]
    mira.vitals = mira.vitals.model_copy(update={"hp": hp})
    mira.inventory.extend(items)
    state.summary = summary
    with tempfile.TemporaryDirectory() as folder:
        save_game(state, "prop", Path(folder))
        loaded = load_game("prop", Path(folder))
    expected = state.model_dump()
    scrub(expected)  # escape codes and control characters never come back to the screen
    carried = expected["party"]["mira"]["inventory"]  # a blank item is nothing carried:
    carried[:] = [i for i in carried if i.strip()]  # dropped as the sheet loads
    assert loaded.model_dump() == expected
    assert loaded.rng_state() == state.rng_state()
