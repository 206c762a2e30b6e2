"""``dungeon balance`` as an author uses it: from where the story leaves the party (a saved
game: hit points, spent slots and uses, conditions), the fight a save stopped in fought on
from where it stands, one fight's full log that is the very fight the figures count, and
every creature called by its name. Bad saves and bad numbers are refused clearly (exit 2)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from app.cli.main import app
from app.saves import save_game
from app.session.setup import start_session
from app.world.campaignfile import load_campaign
from rules.conditions import ActiveCondition, Condition
from tests.app.saved_games import played, real_saves

HOLLOW_FORD = Path(__file__).resolve().parents[1] / "data" / "campaigns" / "hollow_ford"


@pytest.fixture(scope="module")
def saves(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The real saves (start, exploring, fight), a worn-out party, another campaign's game
    and a damaged file."""
    folder = tmp_path_factory.mktemp("balance-saves")
    real_saves(folder)
    state = played(2).state
    mira, thorin, aria = (state.party[c] for c in ("mira", "thorin", "aria"))
    mira.conditions.append(ActiveCondition(condition=Condition.POISONED))
    thorin.vitals = thorin.vitals.model_copy(update={"hp": 5})
    thorin.resources.update({"second_wind": 1, "action_surge": 1})
    aria.spell_slots = aria.spell_slots.model_copy(update={"expended": {1: 4, 2: 2}})
    save_game(state, "worn", folder)
    save_game(start_session(load_campaign(HOLLOW_FORD), 1).state, "elsewhere", folder)
    (folder / "broken.toml").write_text("schema_version = [not toml", encoding="utf-8")
    return folder


def balance(saves: Path, *args: str) -> Result:
    return CliRunner().invoke(app, ["balance", "crossroads", "--saves-dir", str(saves), *args])


def refused(run: Result) -> str:
    """The one-line error of a refused run (exit 2, no traceback)."""
    assert run.exit_code == 2, run.output
    assert isinstance(run.exception, SystemExit)
    return " ".join(run.stderr.split())


def test_a_saved_party_fights_as_it_stands_not_fresh(saves: Path) -> None:
    worn = balance(saves, "--load", "worn", "--encounter", "tunnel_guards", "--log", "1")
    assert worn.exit_code == 0, worn.output
    out = worn.stdout
    assert (
        "from the save at turn 2 (The Crossroads Inn): Mira 21/21 HP (poisoned), "
        "Thorin 5/31 HP, Aria 17/17 HP" in out
    )
    log = out.split("\n\n")[0]
    assert "Mira attacks" in log and all(
        "with disadvantage" in line for line in log.splitlines() if "Mira attacks" in line
    )  # poisoned
    for spent in ("Magic Missile", "Second Wind", "Action Surge"):
        assert spent not in out  # no slot or use left for it
    assert re.search(r"Aria attacks Goblin \d with Fire Bolt", log)  # her best cantrip
    fresh = balance(saves, "--encounter", "tunnel_guards")
    figures = dict(re.findall(r"^  (Thorin|Mira)\s+(\S+%)", fresh.stdout, re.M))
    worn_figures = dict(re.findall(r"^  (Thorin|Mira)\s+(\S+%)", out, re.M))
    assert float(worn_figures["Thorin"][:-1]) > float(figures["Thorin"][:-1])


def test_a_save_in_a_fight_goes_on_with_its_foes_as_they_stand(saves: Path) -> None:
    run = balance(saves, "--load", "fight", "--fights", "50", "--log", "2")
    assert run.exit_code == 0, run.output
    out = run.stdout
    assert "vs Giant Rat 1 (2/7 HP), Giant Rat 2 (7/7 HP), Giant Rat 3 (7/7 HP): 50 fights" in out
    assert "from the save at turn 4 (its fight, round 1)" in out
    lines = out.splitlines()
    assert lines[1] == (
        "turn order, as the saved fight stands: Thorin, Mira, Giant Rat 1, Giant Rat 2, "
        "Giant Rat 3, Aria"
    )
    assert lines[2] == "round 1" and lines[3].startswith("  Mira (")  # Thorin has acted
    assert "  Giant Rat (each of 3)" in out


def test_the_log_is_the_counted_fight_and_the_same_seed_gives_the_same_log(saves: Path) -> None:
    args = ("--encounter", "grubnak_band", "--fights", "40", "--seed", "9")
    plain = balance(saves, *args)
    shown = balance(saves, *args, "--log", "3")
    assert shown.exit_code == 0 and shown.stdout == balance(saves, *args, "--log", "3").stdout
    head, figures = shown.stdout.split("\n\n", 1)
    assert figures == plain.stdout  # the log draws no dice: the same fights were counted
    assert head.startswith("== fight 3 of 40, seed 9 ==\ninitiative: ")
    assert head != balance(saves, *args, "--log", "4").stdout.split("\n\n")[0]
    alone = balance(saves, "--encounter", "grubnak_band", "--fights", "1", "--seed", "9",
                    "--log", "1").stdout  # fmt: skip
    won = alone.split("\n\n")[0].splitlines()[-1]
    assert won.startswith("the party wins") == ("party wins: 100.0%" in alone)
    rounds = re.search(r"rounds: (\d+)\.0", alone)
    assert rounds is not None and won.endswith(f"round {rounds[1]}")


def test_the_log_shows_every_blow_by_name(saves: Path) -> None:
    run = balance(saves, "--encounter", "grubnak_band", "--fights", "5", "--log", "1")
    out = run.stdout
    for said in ("round 1", "  Grubnak (", "Grubnak surrenders", " vs AC ",
                 "damage to", "Goblin 1 drops dead", "Goblin 2 drops dead"):  # fmt: skip
        assert said in out, said
    assert "Mira, Thorin, Aria vs Grubnak, 2 Goblins" in out
    fought = balance(saves, "--encounter", "grubnak_band", "--fights", "5", "--log", "2")
    assert re.search(r"Grubnak attacks \w+ with Great Spoon", fought.stdout)
    for an_id in ("goblin_boss", "goblin-1", "goblin-boss", "grubnak_band"):
        assert an_id not in out
    breath = balance(saves, "--monster", "red_dragon_wyrmling", "--fights", "3", "--log", "1")
    text = breath.stdout
    assert "Red Dragon Wyrmling uses Fire Breath (DC 13 Dexterity save) at " in text
    assert re.search(r"Dexterity save \d+ vs DC 13 — (success|failure)", text)
    assert re.search(r"Red Dragon Wyrmling's Fire Breath recharge \(5-6\): d6 \d", text)
    assert "  Red Dragon Wyrmling  " in text and "red_dragon" not in text


def test_a_save_is_found_by_path_and_only_read(saves: Path, tmp_path: Path) -> None:
    paths = real_saves(tmp_path / "elsewhere")
    before = {p: p.read_bytes() for p in saves.rglob("*") if p.is_file()}
    run = balance(saves, "--load", str(paths["fight"]), "--fights", "20")
    assert run.exit_code == 0, run.output
    assert "vs Giant Rat 1 (2/7 HP)" in run.stdout
    assert before == {p: p.read_bytes() for p in saves.rglob("*") if p.is_file()}


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--load", "nosuch"], "no such save"),
        (["--load", "broken"], "broken.toml"),
        (["--load", "elsewhere"], "a game of 'hollow_ford', not of 'crossroads'"),
        (["--load", "exploring"], "the save is not in a fight: name an --encounter"),
        (["--load", "fight", "--party", "mira,sela"], "no character 'sela'"),
        (["--load", " "], "name a save"),
        (["--encounter", "cellar_rats", "--fights", "5", "--log", "6"], "only 5 fights"),
        ([], "name an --encounter or at least one --monster"),
    ],
)
def test_bad_saves_and_numbers_are_refused_in_one_line(
    saves: Path, args: list[str], said: str
) -> None:
    assert said in refused(balance(saves, *args))
