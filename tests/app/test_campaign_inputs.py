"""Campaigns as an author hands them to the game: every command that plays one loads it
through the same checks, and a broken one is a clear error naming the file and the key —
never a ``KeyError`` traceback at the first turn. Files that are not what they claim (not
UTF-8, nested hundreds deep, a folder, a pipe, huge) are refused the same way, as are
scripts and recorded DM replies; and the author commands' numbers have limits."""

from __future__ import annotations

import os
import re
import tomllib
from pathlib import Path
from typing import Any

import pytest
import tomli_w
from typer.testing import CliRunner

from app.cli.common import EXIT_INVALID_CAMPAIGN
from app.cli.main import app
from app.dm.brain import BrainError
from app.dm.scripted import ScriptedBrain
from app.saves import SaveError
from app.session.runner import ScriptError, read_script, run_lines
from app.session.setup import resume_session, start_session
from app.world.campaignfile import CampaignError, load_campaign
from app.world.folders import CAMPAIGNS_DIR
from app.world.userfiles import MAX_DEPTH

SHIPPED = CAMPAIGNS_DIR / "crossroads" / "campaign.toml"


def shipped() -> dict[str, Any]:
    return tomllib.loads(SHIPPED.read_text(encoding="utf-8"))


def write(folder: Path, data: dict[str, Any]) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "campaign.toml").write_text(tomli_w.dumps(data), encoding="utf-8")
    return folder


def broken(key: str, data: dict[str, Any]) -> None:
    """Break one reference of the shipped campaign (``key`` names which)."""
    scene = next(iter(data["scenes"]))
    if key == "campaign.start":
        data["campaign"]["start"] = "nowhere"
    elif key == "campaign.party":
        data["campaign"]["party"].append("nobody")
    elif key == f"scenes.{scene}.exits[0].to":
        data["scenes"][scene]["exits"][0]["to"] = "nowhere"
    elif key == "encounter":
        encounter = next(sid for sid, s in data["scenes"].items() if s.get("encounter"))
        data["scenes"][encounter]["encounter"] = "no-such-fight"
    elif key == "item":
        data["scenes"][scene].setdefault("items", []).append("no-such-item")
    elif key == "challenge":
        data["challenges"][next(iter(data["challenges"]))]["scene"] = "nowhere"
    else:
        raise AssertionError(key)


BREAKS = ["campaign.start", "campaign.party", "scenes.", "encounter", "item", "challenge"]


def broken_folder(tmp_path: Path, which: str) -> Path:
    data = shipped()
    key = f"scenes.{next(iter(data['scenes']))}.exits[0].to" if which == "scenes." else which
    broken(key, data)
    return write(tmp_path / "broken", data)


@pytest.mark.parametrize("which", BREAKS)
def test_a_broken_reference_is_refused_naming_file_key_and_what(tmp_path: Path, which: str) -> None:
    folder = broken_folder(tmp_path, which)
    with pytest.raises(CampaignError) as caught:
        load_campaign(folder)
    message = str(caught.value)
    assert str(folder / "campaign.toml") in message and "stop this campaign being played" in message
    # every problem at its place: file:line:col, the key path, what is wrong
    assert re.search(
        r"\n  \S+campaign\.toml:\d+:\d+: \S+: no (scene|character|encounter|item) '", message
    ), message
    # the validator still loads it, to list the problem with its warnings
    assert load_campaign(folder, playable=False).campaign.title


def test_the_start_scene_error_names_the_key(tmp_path: Path) -> None:
    with pytest.raises(CampaignError, match=r"campaign\.start: no scene 'nowhere'"):
        load_campaign(broken_folder(tmp_path, "campaign.start"))


COMMANDS = [
    ["play", "--ui", "console", "--seed", "1", "--campaign"],
    ["simulate", "--script", "SCRIPT"],
    ["balance", "--monster", "goblin"],
    ["tool", "roll_dice", '{"rolls": [{"formula": "1d20"}]}', "--campaign"],
]


@pytest.mark.parametrize("which", ["campaign.start", "encounter", "campaign.party"])
@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: c[0])
def test_every_command_that_plays_reports_a_broken_campaign(
    tmp_path: Path, command: list[str], which: str
) -> None:
    folder = broken_folder(tmp_path, which)
    script = tmp_path / "script.txt"
    script.write_text("Mira: look around\n", encoding="utf-8")
    args = [str(script) if a == "SCRIPT" else a for a in command]
    if command[0] in ("simulate", "balance"):
        args.insert(1, str(folder))
    else:
        args.append(str(folder))
    result = CliRunner().invoke(app, args, input="/quit\n")
    assert result.exit_code == EXIT_INVALID_CAMPAIGN, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert "stop this campaign being played" in result.stderr
    assert "Traceback" not in result.output


def test_resuming_a_game_whose_campaign_broke_since_is_a_clear_error(tmp_path: Path) -> None:
    campaigns = tmp_path / "campaigns"
    folder = write(campaigns / "crossroads", shipped())
    state = start_session(load_campaign(folder), 4).state
    assert resume_session(state, campaigns=campaigns).state is state  # sound: it resumes
    data = shipped()
    broken("encounter", data)
    write(folder, data)
    with pytest.raises(SaveError, match=r"(?s)does not load.*scenes\.\w+\.encounter: no encounter"):
        resume_session(state, campaigns=campaigns)


def test_validate_lists_broken_references_with_the_warnings(tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["validate", str(broken_folder(tmp_path, "campaign.start"))])
    assert result.exit_code == EXIT_INVALID_CAMPAIGN
    assert re.search(
        r"campaign\.toml:\d+:1: error: dangling reference: campaign\.start: no scene 'nowhere'",
        result.stdout,
    )
    assert "1 error(s) stop it being played" in result.stdout


async def test_the_new_game_screen_lists_a_broken_campaign_as_broken(tmp_path: Path) -> None:
    from textual.widgets import Select, Static

    from app.dm.config import DMConfig
    from app.tui import make_app
    from app.tui.driving import until
    from app.tui.screens.newgame import NewGameScreen

    campaigns = tmp_path / "campaigns"
    write(campaigns / "good", shipped())
    broken_folder(campaigns, "campaign.start")  # campaigns/broken
    (campaigns / "pipe").mkdir()
    os.mkfifo(campaigns / "pipe" / "campaign.toml")
    app_ = make_app(saves=tmp_path / "saves", campaigns=campaigns, still=True, dm=DMConfig())
    async with app_.run_test(size=(120, 36)) as pilot:
        await pilot.press("n")
        await until(pilot, lambda: isinstance(app_.screen, NewGameScreen))
        screen = app_.screen
        assert isinstance(screen, NewGameScreen)
        titles = [title for title, _ in screen.campaigns]
        assert "broken (broken: run dungeon validate)" in titles
        assert "pipe (broken: run dungeon validate)" in titles
        screen.query_one("#ng-campaign", Select).value = str(campaigns / "broken")
        await pilot.pause()
        summary = str(screen.query_one("#ng-summary", Static).render())
        assert "campaign.start: no scene 'nowhere'" in summary
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app_.screen, NewGameScreen)  # not started, not crashed
        assert "pick a campaign that loads" in str(screen.query_one("#ng-error", Static).render())


def deep_array(levels: int) -> str:
    return "a = " + "[" * levels + "]" * levels + "\n"


def deep_not(levels: int) -> str:
    """A trigger whose condition is ``not`` inside ``not`` ``levels`` times, written as a
    dotted table header (which the TOML reader takes without recursing)."""
    text = SHIPPED.read_text(encoding="utf-8")
    header = "[triggers.when" + ".not" * levels + "]"
    return (
        text
        + '\n[[triggers]]\nid = "deep"\n[triggers.effects]\ntext = "x"\n'
        + (f'{header}\nflag = "x"\n')
    )


@pytest.mark.parametrize(
    ("name", "content", "said"),
    [
        ("utf8", b'[campaign]\ntitle = "caf\xe9"\n', "line 2: not UTF-8 text"),
        ("arrays", deep_array(400).encode(), "nested"),
        ("tables", ("x = " + "{a = " * 400 + "1" + "}" * 400 + "\n").encode(), "nested"),
        ("nots", deep_not(400).encode(), f"nested more than {MAX_DEPTH} levels deep"),
        ("toml", b"[campaign\n", "not valid TOML"),
    ],
)
def test_files_that_are_not_campaigns_are_refused_naming_the_file(
    tmp_path: Path, name: str, content: bytes, said: str
) -> None:
    path = tmp_path / name / "campaign.toml"
    path.parent.mkdir()
    path.write_bytes(content)
    with pytest.raises(CampaignError) as caught:
        load_campaign(path.parent)
    assert str(path) in str(caught.value) and said in str(caught.value)


async def test_a_condition_as_deep_as_allowed_still_plays(tmp_path: Path) -> None:
    # within the limit: loaded, validated, and evaluated after a turn without trouble
    path = tmp_path / "ok" / "campaign.toml"
    path.parent.mkdir()
    path.write_text(deep_not(MAX_DEPTH - 4), encoding="utf-8")
    campaign = load_campaign(path.parent)
    assert campaign.triggers[-1].id == "deep"
    result = await run_lines(start_session(campaign, 1), ["Mira: look around"])
    assert result.turns == 1 and not result.errors


def test_folders_pipes_devices_and_huge_files_are_refused(tmp_path: Path) -> None:
    folder = tmp_path / "dir" / "campaign.toml"
    folder.mkdir(parents=True)
    fifo = tmp_path / "fifo" / "campaign.toml"
    fifo.parent.mkdir()
    os.mkfifo(fifo)  # nobody writes to it: a blocking read would wait forever
    huge = tmp_path / "huge" / "campaign.toml"
    huge.parent.mkdir()
    with huge.open("wb") as handle:
        handle.truncate(64 << 20)  # sparse: 64 MB that cost nothing to make
    cases = [(folder, "is a folder"), (fifo, "not a regular file"), (huge, "too large")]
    for path, said in cases:
        with pytest.raises(CampaignError, match=said) as caught:
            load_campaign(path.parent)  # the campaign's folder, as a player names it
        assert str(path) in str(caught.value)
    with pytest.raises(CampaignError, match="/dev/zero: is not a regular file"):
        load_campaign("/dev/zero")
    with pytest.raises(CampaignError, match="cannot read"):
        load_campaign(tmp_path / ("x" * 5000))


def test_scripts_and_recorded_dm_files_are_checked_the_same_way(tmp_path: Path) -> None:
    bad = tmp_path / "bad.txt"
    bad.write_bytes(b"Mira: look\nMira: \xff\xfe\n")
    with pytest.raises(ScriptError, match=r"bad\.txt: line 2: not UTF-8"):
        read_script(bad)
    with pytest.raises(ScriptError, match="is a folder"):
        read_script(tmp_path)
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    with pytest.raises(ScriptError, match="not a regular file"):
        read_script(fifo)
    cases = {
        b"\xff": "not UTF-8",
        deep_array(400).encode(): "nested",
        b"reply = 5\n": "reply: Input should be a valid list",
        b"[[reply]]\ntext = 5\n": r"reply\[0\]\.text",
        b'[[reply]]\nwords = "x"\n': r"reply\[0\]\.words",
    }
    brain_file = tmp_path / "brain.toml"
    for content, said in cases.items():
        brain_file.write_bytes(content)
        with pytest.raises(BrainError, match=said) as caught:
            ScriptedBrain.from_file(brain_file)
        assert str(brain_file) in caught.value.message
    with pytest.raises(BrainError, match="not a regular file"):
        ScriptedBrain.from_file(fifo)


def test_simulate_reports_bad_script_and_brain_files(tmp_path: Path) -> None:
    script = tmp_path / "s.txt"
    script.write_bytes(b"Mira: look \xc3\x28\n")
    runner = CliRunner()
    result = runner.invoke(app, ["simulate", "crossroads", "--script", str(script)])
    assert result.exit_code == 2 and "not UTF-8" in result.stderr and str(script) in result.stderr
    script.write_text("Mira: look around\n", encoding="utf-8")
    brain = tmp_path / "dm.toml"
    brain.write_text("reply = 5\n", encoding="utf-8")
    args = ["simulate", "crossroads", "--script", str(script), "--brain", "scripted"]
    result = runner.invoke(app, [*args, "--brain-file", str(brain)])
    assert result.exit_code == 2 and str(brain) in result.stderr, result.output


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--monster", "goblin:99999999"], "the count is 1 to 50"),
        (["--monster", "goblin:0"], "the count is 1 to 50"),
        (["--monster", "goblin:-2"], "whole number"),
        (["--monster", "goblin:²"], "whole number"),
        (["--monster", "goblin:30", "--monster", "orc:30"], "60 foes in one fight; at most 50"),
        (["--monster", "goblin", "--party", ""], "names no character"),
        (["--monster", "goblin", "--party", " , "], "names no character"),
        (["--monster", "goblin", "--party", "mira,mira"], "mira more than once"),
        (["--monster", "goblin", "--party", "mira,bob"], "no character 'bob'"),
        (["--monster", "goblin", "--fights", "-3"], "--fights"),
        (["--monster", "goblin", "--fights", "9" * 30], "--fights"),
        (["--monster", "goblin", "--seed", "-1"], "--seed"),
        (["--monster", "goblin", "--seed", str(2**63)], "--seed"),
    ],
)
def test_balance_numbers_have_limits_that_say_so(args: list[str], said: str) -> None:
    result = CliRunner().invoke(app, ["balance", "crossroads", *args])
    assert result.exit_code == 2, result.output
    assert said in result.stderr
    assert "party wins" not in result.stdout


def test_balance_still_runs_at_its_limits() -> None:
    args = ["balance", "crossroads", "--monster", "goblin:50", "--party", "mira", "--fights", "3"]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    assert "Mira vs 50 Goblins: 3 fights" in result.stdout


@pytest.mark.parametrize("seed", ["-1", str(2**63), "9" * 5000])
def test_simulate_and_tool_refuse_seeds_out_of_range(tmp_path: Path, seed: str) -> None:
    script = tmp_path / "s.txt"
    script.write_text("Mira: look around\n", encoding="utf-8")
    runner = CliRunner()
    for args in (
        ["simulate", "crossroads", "--script", str(script), "--seed", seed],
        ["tool", "roll_dice", "{}", "--seed", seed],
    ):
        result = runner.invoke(app, args)
        assert result.exit_code == 2 and "--seed" in result.stderr, result.output


def test_tool_refuses_huge_and_deep_arguments_with_a_reason() -> None:
    runner = CliRunner()
    deep = '{"rolls": ' + "[" * 3000 + "]" * 3000 + "}"
    huge = '{"rolls": [' + ",".join(['{"formula": "1d4"}'] * 5000) + "]}"
    for arguments, said in ((deep, "nested"), (huge, "characters long")):
        result = runner.invoke(app, ["tool", "roll_dice", arguments])
        assert result.exit_code == 1 and said in result.stdout, result.output


def test_a_file_with_thousands_of_problems_lists_a_readable_few(tmp_path: Path) -> None:
    data = shipped()
    data["campaign"].update({f"typo{n}": n for n in range(2000)})
    with pytest.raises(CampaignError) as caught:
        load_campaign(write(tmp_path / "typos", data))
    lines = str(caught.value).splitlines()
    assert lines[0].endswith("2000 problem(s)") and len(lines) == 22
    assert lines[-1] == "  … and 1980 more (dungeon validate lists all)"


def test_a_character_with_more_hp_than_its_maximum_is_refused_like_in_a_save(
    tmp_path: Path,
) -> None:
    text = SHIPPED.read_text(encoding="utf-8")
    assert 'id = "mira"\n' in text
    folder = tmp_path / "mine"
    folder.mkdir()
    hurt = 'id = "mira"\nvitals = { hp = 99, max_hp = 21 }\n'
    (folder / "campaign.toml").write_text(text.replace('id = "mira"\n', hurt, 1), encoding="utf-8")
    with pytest.raises(CampaignError, match=r"vitals\.hp: mira: 99 is above max_hp 21"):
        load_campaign(folder)


@pytest.mark.parametrize(
    ("sheet", "why"),
    [
        ("exhaustion = 6\n", r"exhaustion: mira: 6 while alive"),
        ('concentration = "nonsense"\n', r"concentration: mira: 'nonsense' is not a spell"),
        ("vitals = { hp = 0, max_hp = 21 }\n", r"vitals\.hp: mira: is 0 while its state"),
    ],
)
def test_a_pregen_no_rule_leaves_one_in_is_refused_like_in_a_save(
    tmp_path: Path, sheet: str, why: str
) -> None:
    """Such a sheet played on into saves no game could load again (every backup too)."""
    text = SHIPPED.read_text(encoding="utf-8")
    folder = tmp_path / "mine"
    folder.mkdir()
    changed = text.replace('id = "mira"\n', f'id = "mira"\n{sheet}', 1)
    (folder / "campaign.toml").write_text(changed, encoding="utf-8")
    with pytest.raises(CampaignError, match=why):
        load_campaign(folder)


@pytest.mark.parametrize("score", ["5000", "inf", "nan"])
def test_a_persons_starting_score_is_a_number_play_can_hold(tmp_path: Path, score: str) -> None:
    """'trust nan' in /people, and a reassurance told as a drop from 5000 to 1000."""
    text = SHIPPED.read_text(encoding="utf-8")
    assert "start = { trust = 1 }\n" in text  # (Berta's)
    folder = tmp_path / "mine"
    folder.mkdir()
    changed = text.replace("start = { trust = 1 }\n", f"start = {{ trust = {score} }}\n", 1)
    (folder / "campaign.toml").write_text(changed, encoding="utf-8")
    with pytest.raises(CampaignError, match=r"npcs\.berta\.start\.trust"):
        load_campaign(folder)
