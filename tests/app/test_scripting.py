"""Scripts that survive another seed: ``fight until the combat ends``, ``… until``, and
``expect`` assertions reported at their line."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from app.cli.main import app
from app.session.runner import ScriptError, parse_script
from app.session.scripting import ConditionError, parse_condition
from app.session.setup import start_session
from app.world.campaignfile import load_campaign
from app.world.folders import CAMPAIGNS_DIR
from app.world.when import Fact

PEACE = Path("campaigns/crossroads/scripts/peace.txt")


@pytest.mark.parametrize(
    ("text", "kind", "arg", "negated"),
    [
        ("scene cellar", "scene", "cellar", False),
        ("not flag tam_found", "flag", "tam_found", True),
        ("flag mood = grim", "flag", "mood", False),
        ("no ending", "ending", "", True),
        ("ending peace", "ending", "peace", False),
        ("no fight", "fight", "", True),
        ("hp thorin > 0", "hp", "thorin", False),
        ("score trust.berta >= 2", "score", "trust.berta", False),
        ("passed trapdoor_lock", "passed", "trapdoor_lock", False),
        ("fired tam_found", "fired", "tam_found", False),
    ],
)
def test_conditions_read_as_written(text: str, kind: str, arg: str, negated: bool) -> None:
    condition = parse_condition(text)
    assert (condition.kind, condition.arg, condition.negated) == (kind, arg, negated)


@pytest.mark.parametrize(
    ("text", "fact"),
    [("surrendered grubnak_band", {"surrendered": "grubnak_band"}),
     ("not bound grubnak", {"bound": "grubnak"}), ("met berta", {"met": "berta"}),
     ("defeated cellar_rats", {"defeated": "cellar_rats"})],
)  # fmt: skip
def test_a_script_can_wait_for_what_became_of_a_foe(text: str, fact: dict[str, str]) -> None:
    """What a campaign's ``when`` can ask of a fight or a person, a script can wait for or
    expect (an author once had to wait for a trigger's firing instead)."""
    condition = parse_condition(text)
    assert condition.fact() == Fact.model_validate(fact)
    assert condition.negated == text.startswith("not ")


def test_a_script_expects_a_person_met_once_they_are_met() -> None:
    state = start_session(load_campaign(CAMPAIGNS_DIR / "crossroads"), 1).state
    met = parse_condition("met berta")
    assert not met.holds(state)
    state.flags["met_berta"] = True
    assert met.holds(state)


@pytest.mark.parametrize("text", ["scene", "hp thorin lots", "the moon rises", "flag a b"])
def test_a_condition_that_means_nothing_says_what_is_wanted(text: str) -> None:
    with pytest.raises(ConditionError, match="use scene ID, flag NAME"):
        parse_condition(text)


def test_scores_read_as_plain_numbers_and_values_too_big_are_refused_when_read() -> None:
    """A score past a million or under a thousandth is compared as a plain number (it
    failed the run with a traceback), and a flag value no save can hold is refused when
    the script is read, not when it runs."""
    assert parse_condition("score trust.berta < 1000000").fact() == Fact(
        compare="trust.berta < 1000000"
    )
    assert parse_condition("score trust.berta > 0.00001").fact() == Fact(
        compare="trust.berta > 0.00001"
    )
    with pytest.raises(ConditionError, match="a flag's value is true, false"):
        parse_condition("flag trapdoor_open = 99999999999999999999999")


def test_steps_of_every_kind() -> None:
    steps = parse_script([
        "Mira: pick the lock until passed trapdoor_lock",
        "fight until the combat ends",
        "expect ending peace",
        "Mira: we wait until dawn",  # words a player says, not a condition
        "Mira: /status",
    ])  # fmt: skip
    assert [s.kind for s in steps] == ["repeat", "fight", "expect", "say", "say"]
    assert steps[0].text == "pick the lock" and steps[3].text == "we wait until dawn"
    with pytest.raises(ScriptError, match=r"line 1: .*expect CONDITION"):
        parse_script(["expecting nothing"])
    with pytest.raises(ScriptError, match="line 1: cannot read condition"):
        parse_script(["expect the unexpected"])


def simulate(tmp_path: Path, text: str, seed: int = 1) -> tuple[int, str, str]:
    script = tmp_path / "script.txt"
    script.write_text(text, encoding="utf-8")
    result = CliRunner().invoke(
        app, ["simulate", "crossroads", "--script", str(script), "--seed", str(seed)]
    )
    return result.exit_code, result.stdout, result.stderr


def test_a_failed_expectation_names_file_line_and_seed(tmp_path: Path) -> None:
    code, out, _ = simulate(tmp_path, "Mira: look around\nexpect scene cellar\nexpect no fight\n")
    assert code == 1
    assert (
        f"{tmp_path / 'script.txt'}:2: expect scene cellar — failed (the party is in inn) [seed 1]"
        in out
    )
    assert "✓ expect no fight" in out


def test_a_misspelt_id_is_refused_before_anything_plays(tmp_path: Path) -> None:
    code, out, err = simulate(tmp_path, "Mira: look around\nexpect flag tam_fund\n")
    assert code == 2 and out == ""
    assert "line 2: no flag 'tam_fund' — did you mean 'tam_found'?" in err


def test_a_misspelt_score_is_refused_not_read_as_nought(tmp_path: Path) -> None:
    script = (
        "Mira: ask Berta about Tam\nexpect score trsut.berta == 0\nexpect score trust.berta >= 0\n"
    )
    code, out, err = simulate(tmp_path, script)
    assert code == 2 and out == ""
    assert "line 2: no score 'trsut.berta' — did you mean 'trust.berta'?" in err
    assert "line 3" not in err


def test_fight_until_the_combat_ends_wins_the_rat_fight_on_any_seed(tmp_path: Path) -> None:
    text = (
        "Mira: I pick the lock on the trapdoor until flag trapdoor_open\n"
        "Thorin: I go down the trapdoor\n"
        "expect fight\n"
        "fight until the combat ends\n"
        "expect no fight\n"
        "expect hp thorin > 0\n"
    )
    for seed in (3, 8):
        code, out, _ = simulate(tmp_path, text, seed)
        assert code == 0, out[-1500:]
        assert out.count("✓") == 3


def test_read_only_commands_show_the_game_in_a_script(tmp_path: Path) -> None:
    code, out, _ = simulate(tmp_path, "Mira: /status\nMira: /people\nMira: /quit\n")
    assert "  Thorin: 31/31 HP, alive" in out and "People met:" in out
    assert "! /quit is not for scripts; they may use /status" in out
    assert code == 0 and "turns: 0" in out  # looking takes no turn
