"""``dungeon play`` never loses a game: a new game takes a fresh name and refuses one in
use, bad names and repeated seats are refused before anything starts, and quitting when
the save fails saves the game elsewhere and says where — or exits non-zero."""

from __future__ import annotations

import errno
from pathlib import Path

import pytest
from typer.testing import CliRunner

from app.cli.main import app
from app.console.game import ConsoleGame
from app.saves import list_saves, load_game, save_game
from app.session import keeping
from app.tui.showcase import crossroads
from tests.cli.test_console_robust import run_game

TURNS = "Mira: I look around\nThorin: I stoke the fire\nAria: I read\nMira: I wait\n"


def play(*args: str, lines: str = "/quit\n") -> tuple[int, str]:
    new = "--load" not in args and "--continue" not in args  # a saved game keeps its seed
    result = CliRunner().invoke(
        app,
        ["play", "--ui", "console", *(["--seed", "2"] if new else []), *args],
        input=lines,
        env={"COLUMNS": "500"},  # paths are not wrapped mid-name
    )
    return result.exit_code, " ".join(result.output.split())


def test_a_new_game_takes_a_fresh_name_and_leaves_the_earlier_save_whole(tmp_path: Path) -> None:
    code, out = play("--saves-dir", str(tmp_path), lines=TURNS + "/quit\n")
    assert code == 0 and f"saving as crossroads ({tmp_path / 'crossroads.toml'})" in out
    first = (tmp_path / "crossroads.toml").read_bytes()
    code, out = play("--saves-dir", str(tmp_path), lines=TURNS + "/quit\n")
    assert code == 0 and "saving as crossroads-2" in out
    assert (tmp_path / "crossroads.toml").read_bytes() == first  # after four turns
    assert sorted(info.name for info in list_saves(tmp_path)) == ["crossroads", "crossroads-2"]
    code, out = play("--saves-dir", str(tmp_path), "--continue", lines="/status\n/quit\n")
    assert code == 0 and "resumed from crossroads-2" in out


def test_a_save_as_name_in_use_is_refused_at_start(tmp_path: Path) -> None:
    save_game(crossroads().state, "friday", tmp_path)
    before = (tmp_path / "friday.toml").read_bytes()
    code, out = play("--saves-dir", str(tmp_path), "--save-as", "friday", lines=TURNS)
    assert code == 2
    assert "a save named friday exists: --load friday to continue it, or choose another" in out
    assert "The Crossroads Inn" not in out  # refused before the game started
    assert (tmp_path / "friday.toml").read_bytes() == before


def test_a_damaged_save_under_the_chosen_name_is_set_aside_and_reported(tmp_path: Path) -> None:
    damaged = b'schema_version = 1\nstate = "cut'
    (tmp_path / "autosave.toml").write_bytes(damaged)
    code, out = play("--saves-dir", str(tmp_path), "--save-as", "autosave", lines=TURNS)
    aside = [p for p in tmp_path.iterdir() if ".damaged-" in p.name]
    assert code == 0 and len(aside) == 1 and aside[0].read_bytes() == damaged
    assert f"It is kept as {aside[0].name}" in out
    assert load_game("autosave", tmp_path).turn == 4


@pytest.mark.parametrize(
    "name", ["../x", "", "   ", "a\nb", "abc\n", "a/b", "x" * 80, "con", ".hidden", "a\x00b"]
)
def test_a_bad_save_name_is_refused_before_anything_starts(tmp_path: Path, name: str) -> None:
    code, out = play("--saves-dir", str(tmp_path / "saves"), "--save-as", name, lines=TURNS)
    assert code == 2 and "bad save name" in out and "Traceback" not in out
    assert "The Crossroads Inn" not in out
    assert not (tmp_path / "saves").exists() and not (tmp_path / "x.toml").exists()


def test_quitting_with_an_unwritable_folder_saves_in_the_data_folder(tmp_path: Path) -> None:
    blocked = tmp_path / "a-file"
    blocked.write_text("")
    data = tmp_path / "data-home" / "dungeon-terminal" / "saves"  # XDG_DATA_HOME (conftest)
    endings = {"crossroads": "Mira: I look around\n/quit\n", "crossroads-2": "Mira: I look\n"}
    for name, ending in endings.items():  # /quit, then the end of input
        code, out = play("--saves-dir", str(blocked / "saves"), lines=ending)
        assert code == 0 and "The game is not saved. Could not save the game in" in out
        saved = data / f"{name}.toml"
        assert f"Saved the game to {saved} instead." in out
        assert load_game(saved).turn == 1
    assert sorted(p.name for p in data.glob("*.toml")) == ["crossroads-2.toml", "crossroads.toml"]


def test_quitting_when_no_disk_takes_the_game_exits_non_zero(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def full(*args: object, **kwargs: object) -> Path:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(keeping, "save_game", full)
    code, out = play("--saves-dir", str(tmp_path / "saves"), lines="Mira: I look around\n/quit\n")
    assert code == 1
    assert "(no space left on device)" in out
    assert "The game could not be saved anywhere." in out
    assert "error: the game was not saved" in out and "Farewell" not in out


def test_a_read_only_saves_folder_is_reported_and_the_game_saved_elsewhere(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # the folder refuses writes as a read-only one does for an ordinary user (permissions
    # would not stop the superuser the tests may run as); every other folder takes them
    saves = tmp_path / "saves"
    saves.mkdir()
    real_save = keeping.save_game

    def read_only(state: object, name: str, folder: Path, **kwargs: object) -> Path:
        if Path(folder) == saves:
            raise PermissionError(errno.EACCES, "Permission denied", str(folder))
        return real_save(state, name, folder, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(keeping, "save_game", read_only)
    code, out = play("--saves-dir", str(saves), lines="Mira: I look around\n/quit\n")
    assert code == 0 and "permission denied" in out and "Saved the game to" in out
    assert not list(saves.glob("*.toml"))


@pytest.mark.parametrize(
    ("seats", "problem"),
    [
        (["Ana=mira", "Ana=thorin"], "--player Ana is given twice"),
        (["Ana=mira", "ana=thorin"], "--player ana is given twice"),
        (["Ana=mira", "Ben=mira,thorin"], "mira is given to both Ana and Ben"),
        (["Ana=mira,mira"], "mira is given twice to Ana"),
    ],
)
def test_a_repeated_player_or_character_is_refused(
    tmp_path: Path, seats: list[str], problem: str
) -> None:
    args = [arg for seat in seats for arg in ("--player", seat)]
    code, out = play("--saves-dir", str(tmp_path), *args, lines=TURNS)
    assert code == 2 and problem in out and "The Crossroads Inn" not in out
    assert not list(tmp_path.glob("*.toml"))


def test_a_resumed_game_may_not_take_another_saves_name(tmp_path: Path) -> None:
    save_game(crossroads().state, "mine", tmp_path)
    save_game(crossroads().state, "theirs", tmp_path)
    code, out = play("--saves-dir", str(tmp_path), "--load", "mine", "--save-as", "theirs")
    assert code == 2 and "a save named theirs exists" in out
    code, out = play("--saves-dir", str(tmp_path), "--load", "mine", "--save-as", "branch")
    assert code == 0 and "saving as branch" in out and (tmp_path / "branch.toml").exists()


def console_game(lines: list[str], saves: Path, *, ending: str = "") -> tuple[ConsoleGame, str]:
    session = crossroads(3)
    session.state.ending = ending or None
    return run_game(session, lines, saves=saves, interactive=True, width=1000)


def test_a_player_may_choose_to_leave_without_saving(tmp_path: Path) -> None:
    (tmp_path / "a-file").write_text("")
    game, out = console_game(["/quit", "lose"], tmp_path / "a-file" / "saves")
    assert "Left without saving." in out and game.saved
    assert not list(tmp_path.rglob("*.toml"))


def test_a_bad_answer_is_explained_and_no_answer_saves_in_the_data_folder(tmp_path: Path) -> None:
    blocked = tmp_path / "a-file"
    blocked.write_text("")
    game, out = console_game(["/quit", "bad\x01name"], blocked / "saves", ending="defeat")
    assert "bad save name" in out  # asked again, then the input ran out
    data = tmp_path / "data-home" / "dungeon-terminal" / "saves"
    assert f"Saved the game to {data / 'game.toml'} instead." in out
    assert f"To go on with it: dungeon play --saves-dir {data} --load game" in out
    assert game.saved and load_game(data / "game.toml").ending == "defeat"


def test_options_of_a_new_game_are_refused_with_a_saved_one(tmp_path: Path) -> None:
    save_game(crossroads().state, "mine", tmp_path)
    for extra in (["--player", "Zed=mira"], ["--seed", "5"], ["--campaign", "crossroads"]):
        code, out = play("--saves-dir", str(tmp_path), "--continue", *extra)
        assert code == 2 and "start a new game; a saved game keeps its own" in out, extra
    code, out = play("--saves-dir", str(tmp_path), "--continue", "--load", "mine")
    assert code == 2 and "use one of them" in out


def test_save_as_alone_starts_a_new_game_under_that_name_or_is_refused(tmp_path: Path) -> None:
    save_game(crossroads().state, "mine", tmp_path)
    result = CliRunner().invoke(
        app, ["play", "--ui", "tui", "--saves-dir", str(tmp_path), "--save-as", "mine"]
    )
    assert result.exit_code == 2 and "a save named mine exists" in result.output


def test_a_game_of_a_campaign_in_its_own_folder_is_found_again_from_anywhere(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import shutil

    home = tmp_path / "my stories" / "miller"  # a folder not named as the campaign's id
    shutil.copytree(Path(__file__).parent.parent / "data" / "campaigns" / "hollow_ford", home)
    saves = tmp_path / "saves"
    code, out = play("--saves-dir", str(saves), "--campaign", str(home), lines="/quit\n")
    assert code == 0, out
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    code, out = play("--saves-dir", str(saves), "--continue", lines="/status\n/quit\n")
    assert code == 0 and "resumed from hollow_ford" in out, out
    code, out = play("--saves-dir", str(saves), "--load", "hollow_ford", lines="/quit\n")
    assert code == 0, out
    assert [s.name for s in list_saves(saves)] == ["hollow_ford"]  # the note is no save


def test_a_campaign_named_by_its_folder_here_is_found_again_from_anywhere(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``dungeon play --campaign hollow_ford`` typed beside the folder ``hollow_ford`` (named
    as its id, no slash): the game still notes where it is, as for any path."""
    import shutil

    shutil.copytree(Path(__file__).parent.parent / "data" / "campaigns" / "hollow_ford",
                    tmp_path / "hollow_ford")  # fmt: skip
    saves = tmp_path / "saves"
    monkeypatch.chdir(tmp_path)
    code, out = play("--saves-dir", str(saves), "--campaign", "hollow_ford", lines="/quit\n")
    assert code == 0, out
    monkeypatch.chdir(saves)
    code, out = play("--saves-dir", str(saves), "--load", "hollow_ford", lines="/quit\n")
    assert code == 0, out


def test_a_noted_campaign_folder_edited_into_nonsense_is_only_not_found(tmp_path: Path) -> None:
    from app.saves.joining import HOMES_FILE, campaign_home

    (tmp_path / HOMES_FILE).write_text('mine = "bad\\u0000path"\nother = 3\n', encoding="utf-8")
    assert campaign_home("mine", tmp_path / "nowhere", tmp_path) is None
    assert campaign_home("other", tmp_path / "nowhere", tmp_path) is None


def test_an_authors_copy_of_a_shipped_campaign_resumes_on_the_copy(tmp_path: Path) -> None:
    """A copy of a shipped campaign, same id, played from its own folder: its game resumes
    on the copy (the shipped one lacks what the copy added), and the shipped campaign's own
    games still resume on the shipped one."""
    import shutil

    from app.saves.joining import campaign_home
    from app.world.folders import CAMPAIGNS_DIR

    copy = tmp_path / "mycopy"
    shutil.copytree(CAMPAIGNS_DIR / "crossroads", copy)
    with (copy / "campaign.toml").open("a", encoding="utf-8") as file:
        file.write('\n[[triggers]]\nid = "welcome"\nwhen = { in_scene = "inn" }\n'
                   'effects = { text = "A bard waves at you." }\n')  # fmt: skip
    saves = tmp_path / "saves"
    code, out = play("--saves-dir", str(saves), "--campaign", str(copy), lines="look\n/quit\n")
    assert code == 0 and "A bard waves at you." in out, out
    code, out = play("--saves-dir", str(saves), "--continue", lines="/status\n/quit\n")
    assert code == 0 and "resumed from crossroads" in out, out
    code, out = play("--saves-dir", str(saves), "--campaign", "crossroads", lines="/quit\n")
    assert code == 0, out
    assert campaign_home("crossroads", saves=saves, save="crossroads") == copy.resolve()
    for old in saves.glob("crossroads.*"):  # the copy's game deleted, its name used again
        shutil.rmtree(old) if old.is_dir() else old.unlink()  # by a game of the shipped one
    code, out = play("--saves-dir", str(saves), "--campaign", "crossroads", lines="/quit\n")
    assert code == 0, out
    assert (
        campaign_home("crossroads", saves=saves, save="crossroads") == CAMPAIGNS_DIR / "crossroads"
    )
    assert (
        campaign_home("crossroads", saves=saves, save="crossroads-2")
        == CAMPAIGNS_DIR / "crossroads"
    )
