"""``dungeon ledger``, as an author reads a saved game's ledger: every event in order,
filtered by kind, actor, scene, turn or the newest N, as text or JSON lines; a save is
never written; every bad argument is refused clearly (exit 2), never with a traceback."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner, Result

from app.cli.main import app
from tests.app.saved_games import real_saves
from tests.fuzz.test_fuzz_cli import ODD_TEXT


@pytest.fixture(scope="module")
def saves(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder with the real saves: start, exploring, fight."""
    folder = tmp_path_factory.mktemp("ledger-saves")
    real_saves(folder)
    return folder


def ledger(saves: Path, *args: str) -> Result:
    return CliRunner().invoke(app, ["ledger", *args, "--saves-dir", str(saves)])


def err(run: Result) -> str:
    return " ".join(run.stderr.split())


def rows(run: Result) -> list[dict[str, object]]:
    return [json.loads(line) for line in run.stdout.splitlines()]


def test_the_whole_ledger_prints_in_order_and_the_save_is_untouched(saves: Path) -> None:
    before = {p: p.read_bytes() for p in saves.rglob("*") if p.is_file()}
    run = ledger(saves, "fight")
    assert run.exit_code == 0, run.output
    lines = run.stdout.splitlines()
    assert lines[0].split() == ["0", "0", "inn", "scene_entered:", "entered", "inn",
                                "(mira,", "thorin,", "aria)"]  # fmt: skip
    seqs = [int(line.split()[0]) for line in lines]
    assert seqs == list(range(len(seqs)))
    text = run.stdout
    assert "movement: party: inn → cellar" in text
    assert "action: mira: attempt_challenge → trapdoor_lock" in text
    assert "flag.trapdoor_open: None → True" in text
    assert before == {p: p.read_bytes() for p in saves.rglob("*") if p.is_file()}


def test_json_lines_carry_every_field(saves: Path) -> None:
    run = ledger(saves, "fight", "--json")
    assert run.exit_code == 0, run.output
    found = rows(run)
    assert [r["seq"] for r in found] == list(range(len(found)))
    moved = next(r for r in found if r["kind"] == "movement")
    assert (moved["origin"], moved["to"], moved["scene"]) == ("inn", "cellar", "inn")


def test_filters_narrow_the_ledger(saves: Path) -> None:
    everything = rows(ledger(saves, "fight", "--json"))
    actions = rows(ledger(saves, "fight", "--json", "--kind", "action"))
    assert actions and {r["kind"] for r in actions} == {"action"}
    both = rows(ledger(saves, "fight", "--json", "--kind", "action", "--kind", "movement"))
    assert {r["kind"] for r in both} == {"action", "movement"}
    mira = rows(ledger(saves, "fight", "--json", "--actor", "Mira"))
    assert mira and all("mira" in (r.get("actor"), r.get("speaker")) for r in mira)
    cellar = rows(ledger(saves, "fight", "--json", "--scene", "cellar"))
    assert cellar and {r["scene"] for r in cellar} == {"cellar"}
    last_turn = max(int(str(r["turn"])) for r in everything)
    one = rows(ledger(saves, "fight", "--json", "--turn", str(last_turn)))
    assert one and {r["turn"] for r in one} == {last_turn}
    span = rows(ledger(saves, "fight", "--json", "--turn", f"1..{last_turn - 1}"))
    assert {r["turn"] for r in span} <= set(range(1, last_turn))
    assert rows(ledger(saves, "fight", "--json", "--turn", "..0")) == everything[:1]
    assert rows(ledger(saves, "fight", "--json", "--last", "3")) == everything[-3:]


def test_a_bad_kind_gets_a_did_you_mean(saves: Path) -> None:
    run = ledger(saves, "fight", "--kind", "speach")
    assert run.exit_code == 2
    assert "did you mean 'speech'?" in err(run)


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--turn", "x"], "--turn takes a turn number"),
        (["--turn", "5..2"], "the first not after the last"),
        (["--turn", "-3"], "turns are 0 or more"),
        (["--last", "0"], "--last"),
    ],
)
def test_bad_arguments_are_refused(saves: Path, args: list[str], said: str) -> None:
    run = ledger(saves, "fight", *args)
    assert run.exit_code == 2, run.output
    assert said in err(run) and "Traceback" not in run.output


def test_a_save_that_is_missing_or_damaged_is_refused(saves: Path, tmp_path: Path) -> None:
    missing = ledger(saves, "nope")
    assert missing.exit_code == 2 and "nope.toml" in err(missing)
    cut = tmp_path / "cut.toml"
    cut.write_bytes((saves / "fight.toml").read_bytes()[:2000])
    damaged = ledger(saves, str(cut))
    assert damaged.exit_code == 2 and "Traceback" not in damaged.output


def test_a_save_without_a_ledger_says_so(saves: Path, tmp_path: Path) -> None:
    old = Path(__file__).parents[1] / "data" / "saves" / "schema-3-hotseat-fight.toml"
    copy = tmp_path / "old.toml"
    copy.write_bytes(old.read_bytes())
    run = ledger(saves, str(copy))
    assert run.exit_code == 0, run.output
    assert "no ledger" in err(run) and run.stdout == ""


HOSTILE = [*ODD_TEXT, "\udcff", "9" * 5000, "x" * 10_000, "..", "1..", "-", "1e9", "0x10"]
texts = st.one_of(st.sampled_from(HOSTILE), st.text(max_size=12).filter(lambda t: "\x00" not in t))


@settings(max_examples=40, deadline=None)
@given(
    name=st.one_of(st.just("fight"), texts),
    flag=st.sampled_from(["--kind", "--actor", "--scene", "--turn", "--last"]),
    value=texts,
)
def test_hostile_arguments_never_crash(saves: Path, name: str, flag: str, value: str) -> None:
    run = CliRunner().invoke(app, ["ledger", name, flag, value, "--saves-dir", str(saves)])
    assert run.exit_code in (0, 2), run.output
    assert run.exception is None or isinstance(run.exception, SystemExit), run.exception
