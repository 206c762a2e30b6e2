"""``dungeon balance`` reports deaths and how fights end: a foe badly hurt with its side
down flees, or — the last one standing and more than a beast — surrenders, as in play."""

from __future__ import annotations

from typer.testing import CliRunner

from app.cli.main import app
from app.referee.skirmish import _morale, from_monster
from app.referee.skirmish_kit import Fighter
from rules.srd import srd


def test_balance_reports_deaths_and_how_fights_end() -> None:
    result = CliRunner().invoke(
        app, ["balance", "crossroads", "--encounter", "grubnak_band", "--fights", "200"]
    )
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "characters dead: " in out and "fights with a death: " in out
    ends = next(line for line in out.splitlines() if line.startswith("fights end: "))
    assert "killed" in ends and "surrendered" in ends


def hurt(fighter: Fighter) -> Fighter:
    fighter.vitals = fighter.vitals.model_copy(update={"hp": 1})
    return fighter


def test_morale_as_the_referee_has_it() -> None:
    goblin, wolf = srd().monsters.get("goblin"), srd().monsters.get("wolf")
    zombie = srd().monsters.get("zombie")
    alone = hurt(from_monster(goblin, 1))
    assert _morale(alone, [alone]) == "surrendered"  # the last one, and no beast
    beast = hurt(from_monster(wolf, 1))
    assert _morale(beast, [beast]) == "fled"  # a beast runs; it does not beg
    assert _morale(hurt(from_monster(zombie, 1)), []) == ""  # the dead know no fear
    friend = from_monster(goblin, 2)
    assert _morale(alone, [alone, friend]) == ""  # its friend still stands
    fresh = from_monster(goblin, 3)
    assert _morale(fresh, [fresh]) == ""  # not hurt enough
