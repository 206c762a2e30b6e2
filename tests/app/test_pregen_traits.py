"""The shipped pregens carry their species' traits, and the traits work in play (SRD 5.1:
Lucky, Brave, Dwarven Resilience), through the DM's tools and the referee alike; and
``dungeon validate`` names a pregen that disagrees with its species and class."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from app.actions.calls import ToolCall
from app.actions.sets import ALL_TOOLS
from app.cli.main import app
from app.world.campaignfile import load_campaign
from app.world.folders import CAMPAIGNS_DIR
from app.world.newgame import new_game
from app.world.state import GameState

CROSSROADS = CAMPAIGNS_DIR / "crossroads"


def game(seed: int = 1) -> GameState:
    return new_game(load_campaign(CROSSROADS), seed=seed)


def run(state: GameState, name: str, **arguments: object) -> dict:
    return ALL_TOOLS.execute(ToolCall("t", name, json.dumps(arguments)), state).result


def test_the_crossroads_dwarf_and_halfling_walk_25_feet_with_their_traits() -> None:
    state = game()
    mira, thorin = state.party["mira"], state.party["thorin"]
    assert mira.speed == thorin.speed == 25
    assert {"lucky", "brave"} <= set(mira.features)
    assert {"dwarven_resilience", "dwarven_toughness"} <= set(thorin.features)
    assert thorin.vitals.max_hp == 31
    assert "fey_ancestry" in state.party["aria"].features


def test_lucky_rolls_a_natural_one_again_through_the_tool() -> None:
    """SRD (Lucky): when you roll a 1 on the d20 for an attack roll, ability check, or
    saving throw, you can reroll the die and must use the new roll."""
    lucky = 0
    state = game()
    for seed in range(60):
        state.rng.seed(seed)
        outcome = ALL_TOOLS.execute(ToolCall("t", "request_saving_throw", json.dumps(
            {"character_id": "mira", "ability": "dex", "dc": 10, "reason": "a falling beam"})),
            state)  # fmt: skip
        rolled = next(e for e in outcome.events if e.type == "dice_roll")
        shown = rolled.text + rolled.markup + rolled.reason
        assert rolled.natural != 1 or "lucky" in shown.lower()
        lucky += "lucky" in shown.lower()
    assert lucky, "no seed rolled a 1 to reroll"


def test_brave_and_dwarven_resilience_work_for_the_shipped_pregens() -> None:
    """SRD: Brave — advantage on saving throws against being frightened; Dwarven
    Resilience — advantage on saves against poison and resistance to poison damage."""
    state = game()
    scared = run(state, "request_saving_throw", character_id="mira", ability="wis", dc=12,
                 reason="the ghost's frightful wail")  # fmt: skip
    assert scared["advantage"] == "advantage"
    venom = run(state, "request_saving_throw", character_id="thorin", ability="con", dc=12,
                reason="the spider's poison")  # fmt: skip
    assert venom["advantage"] == "advantage"
    hurt = run(state, "damage", target_id="thorin", amount="10", damage_type="poison", reason="t")
    assert hurt["damage"] == 5


def test_validate_names_the_pregen_and_the_field_that_disagree(tmp_path: Path) -> None:
    text = (CROSSROADS / "campaign.toml").read_text(encoding="utf-8")
    text = text.replace('species = "Dwarf"\n', 'species = "Dwarf"\nspeed = 30\n', 1)
    (tmp_path / "campaign.toml").write_text(text, encoding="utf-8")
    out = CliRunner().invoke(app, ["validate", str(tmp_path)])
    assert "characters[1].speed: Thorin (Dwarf Fighter 3): speed 30" in out.stdout
    clean = CliRunner().invoke(app, ["validate", str(CROSSROADS), "--strict"])
    assert clean.exit_code == 0, clean.stdout
