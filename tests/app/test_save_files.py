"""The saves folder and its files: one odd file never crashes or hangs a listing, a
continue or a screen; names never escape the folder; a backup can be loaded by the name an
error gives it without overwriting the newer save; temp files of killed writers are
cleaned up, and nothing else is."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from app.cli.main import app
from app.saves import (
    BACKUPS,
    NotASaveFile,
    SaveError,
    clean_orphans,
    delete_save,
    list_saves,
    load_game,
    newest_game,
    read_save_text,
    resolve_save,
    resume_file,
    resume_named,
    save_game,
    save_path,
)
from app.session.setup import start_session
from app.tui import make_app
from app.tui.driving import until
from app.tui.screens.load import LoadScreen
from app.tui.screens.play import PlayScreen
from app.tui.screens.title import TitleScreen
from app.world.campaignfile import load_campaign
from app.world.folders import CAMPAIGNS_DIR
from tests.app.test_saves import WRITER
from tests.fuzz.harness import time_bound

CAMPAIGN = load_campaign(CAMPAIGNS_DIR / "crossroads")
ROOT = Path(__file__).resolve().parents[2]
ODD = (
    "two",
    "inf",
    "saved5",
    "broken",
    "loop",
    "fifo",
    "zero",
    "dir",
    "unread",
    "big",
    "utf",
)
"""Every odd entry :func:`odd_folder` makes, by save name."""


def good(folder: Path, name: str, turn: int, age: float) -> Path:
    """A real save at ``turn``, last changed ``age`` seconds ago."""
    state = start_session(CAMPAIGN, 1).state
    state.turn = turn
    path = save_game(state, name, folder)
    os.utime(path, (time.time() - age, time.time() - age))
    return path


def odd_folder(folder: Path) -> None:
    """Two good saves (``older`` turn 2, ``newer`` turn 5) and every kind of odd file a
    hand, an editor or an accident can leave in a saves folder: those that cannot load are
    newer than both, those that do (hand-edited headers) older."""
    good(folder, "older", 2, 300)
    text = good(folder, "newer", 5, 200).read_text()
    (folder / "two.toml").write_text(text.replace("turn = 5", 'turn = "two"', 1))
    (folder / "inf.toml").write_text(text.replace("turn = 5", "turn = inf", 1))
    saved = next(line for line in text.splitlines() if line.startswith("saved = "))
    (folder / "saved5.toml").write_text(text.replace(saved, "saved = 5", 1))
    (folder / "broken.toml").symlink_to("nowhere.toml")
    (folder / "loop.toml").symlink_to("loop.toml")
    os.mkfifo(folder / "fifo.toml")
    (folder / "zero.toml").symlink_to("/dev/zero")
    (folder / "dir.toml").mkdir()
    (folder / "unread.toml").write_text(text)
    (folder / "unread.toml").chmod(0)
    with open(folder / "big.toml", "wb") as handle:  # 50 MB, sparse: instant to make
        handle.truncate(50_000_000)
    (folder / "utf.toml").write_bytes(b"schema_version = 1\ntitle = '\xff\xfe'\n")
    for name in ("two", "inf", "saved5", "unread"):  # games that load (as root, all four)
        os.utime(folder / f"{name}.toml", (time.time() - 900, time.time() - 900))


def snapshot(folder: Path) -> dict[str, tuple[int, int]]:
    """Every entry's (size, mtime) without following links: what "unchanged" means."""
    stats = {e.name: e.stat(follow_symlinks=False) for e in os.scandir(folder)}
    return {name: (st.st_size, st.st_mtime_ns) for name, st in stats.items()}


# -- one odd file never crashes or hangs ----------------------------------------------------


def test_listing_marks_every_odd_file_and_still_sorts(tmp_path: Path) -> None:
    odd_folder(tmp_path)
    before = snapshot(tmp_path)
    with time_bound(5):
        infos = list_saves(tmp_path)
    by_name = {i.name: i for i in infos}
    assert set(by_name) == {"older", "newer", *ODD}
    names = [i.name for i in infos]  # newest first; a broken link sorts by the link itself
    assert names.index("broken") < names.index("newer") < names.index("older")
    for name in ("fifo", "zero", "dir", "big"):
        assert by_name[name].problem.startswith("not a save file"), name
    assert "over 16 MB" in by_name["big"].problem
    assert by_name["broken"].problem == "damaged: a link to 'nowhere.toml', which does not exist"
    assert "loops" in by_name["loop"].problem and "UTF-8" in by_name["utf"].problem
    # a hand-edited header field shows as unknown; the game itself is still whole
    assert by_name["two"].turn is None and by_name["inf"].turn is None
    assert not by_name["two"].problem and by_name["saved5"].saved is None
    if os.geteuid() != 0:  # root reads anything, whatever its mode
        assert "permission denied" in by_name["unread"].problem
    assert snapshot(tmp_path) == before


def test_the_safe_reader_refuses_what_is_not_a_regular_file(tmp_path: Path) -> None:
    odd_folder(tmp_path)
    with time_bound(5):
        for name in ("fifo", "zero", "dir", "big"):
            with pytest.raises(NotASaveFile):
                read_save_text(tmp_path / f"{name}.toml")
        for name in ("broken", "loop", "utf"):
            with pytest.raises(SaveError) as caught:
                read_save_text(tmp_path / f"{name}.toml")
            assert str(caught.value).startswith(f"{tmp_path / name}.toml: ")
    # a link to a regular file is followed
    (tmp_path / "link.toml").symlink_to("newer.toml")
    assert read_save_text(tmp_path / "link.toml") == (tmp_path / "newer.toml").read_text()
    # the limit holds even when the size on record understates it
    (tmp_path / "small.toml").write_text("x" * 100)
    with pytest.raises(NotASaveFile, match="over 99 bytes"):
        read_save_text(tmp_path / "small.toml", limit=99)


def test_saves_list_and_continue_in_an_odd_folder(tmp_path: Path) -> None:
    odd_folder(tmp_path)
    before = snapshot(tmp_path)
    runner = CliRunner()
    with time_bound(20):
        listed = runner.invoke(app, ["saves", "list", "--saves-dir", str(tmp_path)])
        resumed = runner.invoke(
            app, ["play", "--continue", "--ui", "console", "--saves-dir", str(tmp_path)], input=""
        )
    assert listed.exit_code == 0 and listed.exception is None
    assert "(not a save file — a folder)" in listed.stdout and "turn ?" in listed.stdout
    assert resumed.exit_code == 0, resumed.output
    out = " ".join(resumed.stdout.split())
    assert "resumed from newer, turn 5" in out
    assert "Passed over newer files that do not load:" in out
    assert "more (see Load, or dungeon saves list)" in out
    after = snapshot(tmp_path)  # quitting saved "newer" again; nothing else changed
    assert all(after[name] == before[name] for name in before if not name.startswith("newer"))


def test_continue_says_so_when_nothing_loads(tmp_path: Path) -> None:
    (tmp_path / "dir.toml").mkdir()
    result = CliRunner().invoke(app, ["play", "--continue", "--saves-dir", str(tmp_path)])
    assert result.exit_code == 2 and "no save in" in result.stderr and "dir" in result.stderr
    empty = CliRunner().invoke(app, ["play", "--continue", "--saves-dir", str(tmp_path / "x")])
    assert empty.exit_code == 2 and "no saves in" in empty.stderr


def test_newest_game_passes_over_a_damaged_save_and_names_its_backup(tmp_path: Path) -> None:
    good(tmp_path, "older", 2, 300)
    good(tmp_path, "fuzz", 3, 200)
    good(tmp_path, "fuzz", 4, 100)  # fuzz.toml.1 is turn 3
    (tmp_path / "fuzz.toml").write_text("schema_version = 1\n[[[")
    picked = newest_game(tmp_path)
    assert picked.source == "older" and picked.state.turn == 2
    assert (
        "fuzz (damaged: " in picked.notes[0] and "its backup fuzz.toml.1 loads" in picked.notes[0]
    )


def test_newest_game_passes_over_a_game_whose_campaign_is_not_found(tmp_path: Path) -> None:
    """A game of a campaign moved away or deleted loads, but cannot be played: Continue
    takes the newest game that can, and says which it passed over."""
    good(tmp_path, "older", 2, 300)
    lost = start_session(CAMPAIGN, 1).state
    lost.campaign_id = "my-quest"  # (its folder is nowhere to be found)
    os.utime(save_game(lost, "mine", tmp_path), (time.time() - 100, time.time() - 100))
    picked = newest_game(tmp_path, play=False)
    assert picked.source == "older"
    assert "mine (its campaign 'my-quest' is not found)" in picked.notes[0]


async def test_title_and_load_screens_in_an_odd_folder(tmp_path: Path) -> None:
    saves = tmp_path / "saves"
    saves.mkdir()
    odd_folder(saves)
    before = snapshot(saves)
    app = make_app(saves=saves, still=True)
    async with app.run_test(size=(100, 40)) as pilot:
        title = app.screen
        assert isinstance(title, TitleScreen)
        await until(pilot, lambda: title.looked)  # saves are looked at once the title is drawn
        assert title.latest == "newer"
        await pilot.press("l")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, LoadScreen)
        assert {s.name for s in screen.saves} == {"older", "newer", *ODD}
        await pilot.press("enter")  # the newest entry is an odd one: explained, no crash
        await pilot.pause()
        assert app.screen is screen
        await pilot.press("escape")
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, PlayScreen) and app.screen.save_as == "newer"
    after = snapshot(saves)
    assert all(after[name] == before[name] for name in before if not name.startswith("newer"))


# -- names and backups ----------------------------------------------------------------------


@pytest.mark.parametrize(
    "name",
    ["abc\n.toml", "abc\n", "\nabc", "a\tb", "a\rb", "a\x00b", "a\x1bb", "a\x7fb", "", " ", "\n"],
)
def test_names_with_control_characters_are_refused(tmp_path: Path, name: str) -> None:
    with pytest.raises(SaveError, match="bad save name"):
        save_path(name, tmp_path)
    with pytest.raises(SaveError, match="bad save name"):
        resolve_save(name, tmp_path)


def test_backups_resolve_by_the_name_an_error_gives(tmp_path: Path) -> None:
    assert resolve_save("fuzz", tmp_path).path == tmp_path / "fuzz.toml"
    assert resolve_save(" fuzz.toml ", tmp_path).path == tmp_path / "fuzz.toml"
    for n in range(1, BACKUPS + 1):
        target = resolve_save(f"fuzz.toml.{n}", tmp_path)
        assert target.path == tmp_path / f"fuzz.toml.{n}"
        assert (target.name, target.backup, target.label) == ("fuzz", n, f"fuzz.toml.{n}")
    for bad in (f"fuzz.toml.{BACKUPS + 1}", "fuzz.toml.0", "fuzz.toml.99999", "../x.toml.1"):
        with pytest.raises(SaveError, match="bad save name"):
            resolve_save(bad, tmp_path)
    with pytest.raises(SaveError, match="belong to backups"):
        save_path("fuzz.toml.1", tmp_path)  # a save is never named like a backup


def test_load_empty_name_is_an_error_not_a_new_game(tmp_path: Path) -> None:
    result = CliRunner().invoke(
        app, ["play", "--load", "", "--ui", "console", "--saves-dir", str(tmp_path)], input=""
    )
    assert result.exit_code == 2 and "bad save name ''" in result.stderr
    assert list(tmp_path.iterdir()) == []  # no new game was started, nothing saved


def test_a_backup_loads_and_goes_on_under_a_new_name(tmp_path: Path) -> None:
    good(tmp_path, "fuzz", 3, 200)
    good(tmp_path, "fuzz", 4, 100)
    newer = (tmp_path / "fuzz.toml").read_bytes()
    runner = CliRunner()
    shown = runner.invoke(app, ["saves", "show", "fuzz.toml.1", "--saves-dir", str(tmp_path)])
    assert shown.exit_code == 0 and "turn 3" in shown.stdout
    played = runner.invoke(
        app,
        ["play", "--load", "fuzz.toml.1", "--ui", "console", "--saves-dir", str(tmp_path)],
        input="Mira: look around\n/quit\n",
    )
    out = " ".join(played.stdout.split())
    assert played.exit_code == 0 and "resumed from fuzz.toml.1, turn 3" in out
    assert "This game now saves as fuzz-restored, so fuzz and its backups stay" in out
    assert (tmp_path / "fuzz.toml").read_bytes() == newer
    assert load_game("fuzz-restored", tmp_path).turn == 4
    assert resume_named("fuzz.toml.1", tmp_path).save_as == "fuzz-restored-2"
    assert resume_file(tmp_path / "fuzz.toml", tmp_path).save_as == "fuzz"
    (tmp_path / "héros.toml").write_bytes(newer)  # a copy the game could never save under
    with pytest.raises(SaveError, match="not a save name — rename the file"):
        resume_file(tmp_path / "héros.toml", tmp_path)


async def test_the_load_screen_resumes_a_backup_under_a_new_name(tmp_path: Path) -> None:
    saves = tmp_path / "saves"
    good(saves, "mine", 0, 200)
    good(saves, "mine", 3, 100)
    (saves / "mine.toml").write_text("schema_version = 1\n[[[")
    app = make_app(saves=saves, still=True)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("l", "enter")
        await pilot.pause()
        await pilot.press("b")
        await pilot.pause()
        play = app.screen
        assert isinstance(play, PlayScreen) and play.save_as == "mine-restored"
        assert any("now saves as mine-restored" in str(n.message) for n in app._notifications)
    assert (saves / "mine.toml").read_text() == "schema_version = 1\n[[["


def test_deleting_a_backup_or_an_odd_entry(tmp_path: Path) -> None:
    good(tmp_path, "fuzz", 3, 200)
    good(tmp_path, "fuzz", 4, 100)
    assert delete_save("fuzz.toml.1", tmp_path) == [tmp_path / "fuzz.toml.1"]
    assert (tmp_path / "fuzz.toml").exists()
    (tmp_path / "dir.toml").mkdir()
    with pytest.raises(SaveError, match="a folder"):
        delete_save("dir", tmp_path)
    (tmp_path / "broken.toml").symlink_to("nowhere")
    assert delete_save("broken", tmp_path) == [tmp_path / "broken.toml"]


# -- orphan temp files ----------------------------------------------------------------------


def killed_writers(folder: Path, rng: random.Random, want: int = 1, tries: int = 20) -> int:
    """Kill writers mid-save until at least ``want`` temp files are left (or ``tries`` run
    out); returns how many kills it took."""
    for kill in range(1, tries + 1):
        proc = subprocess.Popen(
            [sys.executable, "-c", WRITER, str(folder)], cwd=ROOT, stdout=subprocess.PIPE, text=True
        )
        assert proc.stdout is not None and proc.stdout.readline().strip() == "ready"
        time.sleep(rng.uniform(0.005, 0.04))
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait()
        proc.stdout.close()
        if len(list(folder.glob(".*.tmp"))) >= want:
            return kill
    return tries


def dead_pid() -> int:
    """The id of a process that has ended (and been reaped)."""
    proc = subprocess.Popen([sys.executable, "-c", "pass"])
    proc.wait()
    return proc.pid


def test_temp_files_of_killed_writers_are_cleaned_and_nothing_else(tmp_path: Path) -> None:
    killed_writers(tmp_path, random.Random(5))
    orphans = sorted(tmp_path.glob(".*.tmp"))
    assert orphans, "no writer was caught mid-save"
    sleeper = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"])
    try:
        keep = [
            tmp_path / f".game.toml.{sleeper.pid}.tmp",  # a live game saving right now
            tmp_path / f".game.toml.{os.getpid()}.tmp",  # this very process
            tmp_path / ".game.toml.abc.tmp",
            tmp_path / "game.toml.123.tmp",
            tmp_path / ".game.toml.0.tmp",
            tmp_path / "notes.txt",
        ]
        for path in keep:
            path.write_text("x")
        (tmp_path / f".dir.toml.{dead_pid()}.tmp").mkdir()  # not a file: not ours
        removed = clean_orphans(tmp_path)
        assert sorted(removed) == orphans
        assert all(p.exists() for p in keep) and (tmp_path / "game.toml").exists()
        assert load_game("game", tmp_path).turn >= 0
    finally:
        sleeper.kill()
        sleeper.wait()
    assert clean_orphans(tmp_path / "missing") == []


@pytest.mark.parametrize("command", [["saves", "list"], ["play", "--ui", "console"]])
def test_the_next_start_cleans_orphans(tmp_path: Path, command: list[str]) -> None:
    orphan = tmp_path / f".autosave.toml.{dead_pid()}.tmp"
    orphan.write_text("half a save")
    result = CliRunner().invoke(app, [*command, "--saves-dir", str(tmp_path)], input="")
    assert result.exit_code == 0 and not orphan.exists()


def test_a_save_is_found_by_the_path_an_error_names(tmp_path: Path) -> None:
    folder = tmp_path / "saves"
    folder.mkdir()
    assert resolve_save(str(folder / "fuzz.toml.1"), folder).path == folder / "fuzz.toml.1"
    assert resolve_save(str(folder / "fuzz.toml"), folder).name == "fuzz"
    with pytest.raises(SaveError, match=r"--saves-dir /elsewhere --load fuzz\.toml"):
        resolve_save("/elsewhere/fuzz.toml", folder)


def test_a_file_named_with_outer_spaces_is_no_save_and_deletes_no_other(tmp_path: Path) -> None:
    from app.saves import delete_save, list_saves
    from app.tui.showcase import crossroads

    save_game(crossroads().state, "space", tmp_path)
    (tmp_path / " space .toml").write_bytes((tmp_path / "space.toml").read_bytes())
    listed = {i.path.name: i.problem for i in list_saves(tmp_path)}
    assert listed[" space .toml"] == "not a save name" and not listed["space.toml"]
    with pytest.raises(SaveError, match="no spaces at its ends"):
        delete_save(" space ", tmp_path)
    assert (tmp_path / "space.toml").exists()  # the other save, untouched


def test_a_moment_written_without_its_time_zone_is_read_as_utc() -> None:
    """A hand-edited save whose turn clock lost its "Z" loads, and the clock still compares
    with the game's own (it once soft-locked every line with a TypeError)."""
    from datetime import UTC, datetime

    from app.world.turnorder import TurnOrder

    order = TurnOrder.model_validate({"turn_started": "2026-01-01T10:00:00"})
    assert order.turn_started == datetime(2026, 1, 1, 10, tzinfo=UTC)
    order.resume_clock(datetime(2026, 1, 1, 11, tzinfo=UTC))
    assert order.clock_started() == datetime(2026, 1, 1, 11, tzinfo=UTC)


def test_a_refused_save_names_each_of_its_first_problems() -> None:
    from app.saves.document import refusal
    from app.saves.shape import Problem

    problems = [Problem(f"state.k{n}", f"wrong {n}") for n in range(6)]
    text = str(refusal("my.toml", problems))
    assert text.startswith("my.toml: state.k0: wrong 0; state.k1: wrong 1; state.k2: wrong 2")
    assert text.endswith("state.k3: wrong 3 (and 2 more problems)")
    assert str(refusal("my.toml", problems[:1])) == "my.toml: state.k0: wrong 0"
