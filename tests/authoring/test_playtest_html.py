"""``dungeon playtest --html``: the report as one page that opens offline, with a scene map
of what the runs reached; campaign text escaped; a bad path refused before anything runs."""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path

import pytest
import tomli_w
import typer
from typer.testing import CliRunner

from app.authoring import playtest
from app.authoring.playtest import RANDOM, RunRecord, report
from app.authoring.playtest_html import page
from app.authoring.playtest_map import fact_text, gate_text, scene_map
from app.cli.common import write_output
from app.cli.main import app
from app.world.campaignfile import load_campaign
from app.world.folders import CAMPAIGNS_DIR
from app.world.when import Fact

CROSSROADS = CAMPAIGNS_DIR / "crossroads"
EVIL = "<script>alert('x')</script>"


def test_the_page_holds_every_scene_and_ending_and_the_text_report_still_prints(
    tmp_path: Path,
) -> None:
    out = tmp_path / "report.html"
    result = CliRunner().invoke(
        app, ["playtest", "crossroads", "--seeds", "1", "--jobs", "1", "--html", str(out)]
    )
    assert result.exit_code in (0, 1), result.output  # 1: a script that fails on seed 0
    assert result.stdout.startswith("== playtest: crossroads — 5 runs ==")
    assert result.stdout.rstrip().endswith(f"wrote {out}")
    html = out.read_text(encoding="utf-8")
    story = load_campaign(CROSSROADS)
    for sid, scene in story.scenes.items():
        assert f">{sid}<" in html and scene.name.replace("'", "&#x27;") in html
    for ending in story.endings:
        assert f"<code>{ending.id}</code>" in html
    assert html.startswith("<!DOCTYPE html>") and "<svg" in html and "▶ START" in html
    assert "only mira" in html  # the chief's hall is restricted
    assert "if flag trapdoor_open" in html  # the gated trapdoor
    assert "peace.txt" in html and "random player" in html
    # nothing to fetch: no script, no stylesheet or image from anywhere
    assert not re.search(r"<script|<link|<img|src=|@import|url\((?!#)", html)
    assert [p.name for p in tmp_path.iterdir()] == ["report.html"]  # no temp file left


def test_with_json_standard_output_stays_json(tmp_path: Path) -> None:
    out = tmp_path / "report.html"
    out.write_text("<!DOCTYPE html>\n<title>Playtest: an old report</title>", encoding="utf-8")
    result = CliRunner().invoke(app, ["playtest", "crossroads", "--seeds", "1", "--jobs", "1",
                                      "--format", "json", "--html", str(out)])  # fmt: skip
    found = json.loads(result.stdout)
    assert f"wrote {out}" in result.stderr
    peace = next(r for r in found["runs"] if r["script"] == "peace.txt")
    assert "inn>cellar" in peace["moves"] and "ending_scene" in peace
    assert out.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")  # replaced whole


@pytest.mark.parametrize(
    ("where", "said"),
    [
        ("missing/report.html", "there is no folder"),
        (".", "is a folder: give --html a file name"),
        ("a-file/report.html", "is a file, not a folder"),
    ],
)
def test_a_bad_path_is_refused_before_any_run(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, where: str, said: str
) -> None:
    (tmp_path / "a-file").write_text("x", encoding="utf-8")

    def no_runs(*_: object, **__: object) -> list[RunRecord]:
        raise AssertionError("a run started")

    monkeypatch.setattr(playtest, "run_all", no_runs)
    result = CliRunner().invoke(app, ["playtest", "crossroads", "--html", str(tmp_path / where)])
    assert result.exit_code == 2, result.output
    assert said in result.stderr and result.stderr.startswith("error: ")
    assert result.stdout == ""


def evil_campaign(folder: Path) -> Path:
    """Crossroads with markup in every name an author writes."""
    data = tomllib.loads((CROSSROADS / "campaign.toml").read_text(encoding="utf-8"))
    data["campaign"]["title"] = f"{EVIL} & co"
    data["scenes"]["inn"]["name"] = f"The {EVIL} Inn"
    data["scenes"]["inn"]["exits"][1]["name"] = f"door {EVIL}"
    data["endings"][0]["title"] = f"End {EVIL}"
    (folder / "campaign.toml").write_text(tomli_w.dumps(data), encoding="utf-8")
    return folder


def test_every_piece_of_campaign_text_is_escaped(tmp_path: Path) -> None:
    story = load_campaign(evil_campaign(tmp_path))
    runs = [
        RunRecord(script=f"{EVIL}.txt", seed=3, ending="peace", ending_scene="chief_hall",
                  scenes=["inn", "cellar"], moves=["inn>cellar", "cellar>old_road"],
                  failures=[f"line 2: expect {EVIL} — failed"], errors=[f"boom {EVIL}"]),
    ]  # fmt: skip
    html = page(report(story, runs), story)
    assert "<script" not in html and "alert('x')" not in html
    assert "&lt;script&gt;alert(&#x27;x&#x27;)&lt;/script&gt;" in html
    assert html.count("&lt;script&gt;") >= 7  # title ×2, scene, exit, ending, script, failure…
    assert "moved by the story" in html  # cellar → old_road: no exit leads there
    escaped = page(report(story, [RunRecord(script="a\x1b]0;pwn\x07.txt", seed=1,
                   failures=["line 1: \x1b[2Jgone"])]), story)  # fmt: skip
    assert "\x1b" not in escaped and "\x07" not in escaped and "pwn" not in escaped


def test_the_map_counts_the_runs_that_took_each_way() -> None:
    story = load_campaign(CROSSROADS)
    runs = [
        RunRecord(script="a.txt", seed=0, scenes=["inn", "cellar"], moves=["inn>cellar"],
                  ending="peace", ending_scene="chief_hall"),
        RunRecord(script="a.txt", seed=1, scenes=["inn", "cellar", "warren"],
                  moves=["cellar>warren", "inn>cellar"], ending="peace",
                  ending_scene="chief_hall"),
        RunRecord(script=RANDOM, seed=0, scenes=["inn"]),
    ]  # fmt: skip
    found = scene_map(story, runs)
    ways = {(e.source, e.target): e for e in found.edges}
    assert ways["inn", "cellar"].taken == 2 and ways["inn", "cellar"].gate == "flag trapdoor_open"
    assert ways["cellar", "warren"].taken == 1 and ways["inn", "old_road"].taken == 0
    assert ways["inn", "old_road"].gate == "" and all(e.exit for e in found.edges)
    nodes = found.nodes
    assert nodes["inn"].start and nodes["inn"].reached == 3 and nodes["old_road"].reached == 0
    assert nodes["chief_hall"].restricted == ["mira"]
    assert nodes["chief_hall"].endings == [("peace", 2)] and nodes["warren"].endings == []


def test_a_gate_reads_in_a_few_words() -> None:
    fact = Fact.model_validate(
        {"any": [{"flag": "key"}, {"all": [{"passed": "force_door"},
                                          {"not": {"compare": "noise >= 3"}}]}]}
    )  # fmt: skip
    assert fact_text(fact) == "flag key or (passed force_door and not noise >= 3)"
    warren = load_campaign(CROSSROADS).scenes["warren"]
    assert [gate_text(e) for e in warren.exits] == ["", "flag guards_passed"]


def test_a_run_records_where_the_story_ended_and_the_ways_it_went() -> None:
    run = playtest.play_one(str(CROSSROADS), str(CROSSROADS / "scripts" / "peace.txt"), 0)
    assert run.ending == "peace" and run.ending_scene == "chief_hall"
    assert run.moves == ["cellar>warren", "inn>cellar", "warren>chief_hall"]


def test_a_page_the_system_will_not_write_is_one_clear_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "a-file").write_text("x", encoding="utf-8")
    with pytest.raises(typer.Exit) as stopped:  # the folder became a file after the check
        write_output(tmp_path / "a-file" / "report.html", "<html></html>")
    assert stopped.value.exit_code == 2
    assert capsys.readouterr().err.startswith(f"error: could not write {tmp_path}")


def test_a_report_never_replaces_a_pipe_or_a_link_only_the_file_a_link_leads_to(
    tmp_path: Path,
) -> None:
    """``--html /dev/full`` once replaced the device with the page: a path that is not a
    regular file is refused and left as it is; a link's own file is written, the link kept."""
    import os

    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    with pytest.raises(typer.Exit):
        write_output(pipe, "<!DOCTYPE html>")
    assert pipe.is_fifo()
    target = tmp_path / "target.html"
    target.write_text("old", encoding="utf-8")
    link = tmp_path / "link.html"
    link.symlink_to(target)
    write_output(link, "<!DOCTYPE html>")
    assert link.is_symlink() and target.read_text(encoding="utf-8") == "<!DOCTYPE html>"


def test_the_page_is_never_written_over_a_file_that_is_no_playtest_page(tmp_path: Path) -> None:
    notes = tmp_path / "notes.toml"
    notes.write_text("mine = true\n", encoding="utf-8")
    result = CliRunner().invoke(app, ["playtest", "crossroads", "--seeds", "1", "--jobs", "1",
                                      "--html", str(notes)])  # fmt: skip
    assert result.exit_code == 2 and "add --force" in result.stderr
    assert notes.read_text(encoding="utf-8") == "mine = true\n"
