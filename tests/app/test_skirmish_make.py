"""Fighters of the fast fight simulator are worked out once from a sheet or a stat block and
copied for every fight: a copy fights on its own, a changed sheet is worked out anew, and
the fights are the ones the simulator always fought."""

from __future__ import annotations

import random

import pytest

from app.referee import skirmish_make
from app.referee.skirmish import fight, from_monster, from_sheet
from app.world.campaignfile import load_campaign
from app.world.folders import CAMPAIGNS_DIR
from rules.abilities import Ability
from rules.character import CharacterSheet
from rules.conditions import ActiveCondition, Condition
from rules.damage import Vitals
from rules.srd import srd

CROSSROADS = load_campaign(CAMPAIGNS_DIR / "crossroads")
MIXED = [("wolf", 2), ("hobgoblin", 1), ("zombie", 2), ("acolyte", 1)]


def _counted(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Count the sheets whose best weapon is worked out (once for each fighter made)."""
    seen: list[str] = []
    best = skirmish_make.best_weapon

    def counting(sheet: CharacterSheet) -> str | None:
        seen.append(sheet.id)
        return best(sheet)

    monkeypatch.setattr(skirmish_make, "best_weapon", counting)
    return seen


def test_a_sheet_is_worked_out_once_while_it_stays_the_same(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    seen = _counted(monkeypatch)
    thorin = CROSSROADS.character("thorin").model_copy(deep=True, update={"id": "thorin-kept"})
    first, second = from_sheet(thorin), from_sheet(thorin)
    assert seen == ["thorin-kept"] and first == second and first is not second
    from_sheet(thorin, features=False)  # a plain fighter is another fighter
    assert len(seen) == 2 and from_sheet(thorin, features=False).kit.second_wind == ""


def test_a_changed_sheet_is_worked_out_anew(monkeypatch: pytest.MonkeyPatch) -> None:
    """Whatever changes — a field set again, or a list or a table changed in place — the
    fighter is the sheet as it is now."""
    seen = _counted(monkeypatch)
    thorin = CROSSROADS.character("thorin").model_copy(deep=True, update={"id": "thorin-hurt"})
    assert from_sheet(thorin).vitals.hp == thorin.vitals.max_hp
    thorin.vitals = Vitals(hp=5, max_hp=thorin.vitals.max_hp)
    assert from_sheet(thorin).vitals.hp == 5
    thorin.resources["second_wind"] = 1  # spent in place
    assert from_sheet(thorin).kit.second_wind == ""
    thorin.conditions.append(ActiveCondition(condition=Condition.POISONED))
    assert [c.condition for c in from_sheet(thorin).conditions] == [Condition.POISONED]
    thorin.weapons.clear()
    assert [s.name for s in from_sheet(thorin).swings] == ["an unarmed strike"]
    assert len(seen) == 5


def test_each_fighter_fights_its_own_fight() -> None:
    """What one fighter's fight changes never reaches the next fighter of the same sheet or
    stat block."""
    aria = CROSSROADS.character("aria")
    used = from_sheet(aria)
    used.kit.spend_slot(1)
    used.kit.spent.add("x")
    used.swings.clear()
    used.saves[Ability.DEX] = 99
    used.conditions.append(ActiveCondition(condition=Condition.PRONE))
    used.vitals, used.dealt, used.left = Vitals(hp=1, max_hp=17), 12, "fled"
    fresh = from_sheet(aria)
    assert fresh.kit.slots == {1: 4, 2: 2} and not fresh.kit.spent and fresh.swings
    assert fresh.saves[Ability.DEX] != 99 and fresh.conditions == []
    assert fresh.vitals.hp == aria.vitals.hp and fresh.dealt == 0 and fresh.left == ""
    wolf = srd().monsters["wolf"]
    bitten = from_monster(wolf, 1)
    bitten.kit.pack_tactics = False
    bitten.swings.clear()
    assert from_monster(wolf, 1).kit.pack_tactics and from_monster(wolf, 1).swings


def test_a_stat_block_makes_each_numbered_fighter() -> None:
    goblin = srd().monsters["goblin"]
    one, two = from_monster(goblin, 1), from_monster(goblin, 2)
    assert (one.id, one.name, two.id, two.name) == ("goblin-1", "Goblin 1", "goblin-2", "Goblin 2")
    assert from_monster(goblin, 3, name="Snik").name == "Snik"
    wolf = srd().monsters["wolf"]
    assert from_monster(wolf, 1).kit.pack_tactics
    assert not from_monster(wolf, 1, features=False).kit.pack_tactics
    assert from_monster(wolf, 1).kit.pack_tactics


@pytest.mark.parametrize(
    ("party", "foes", "features", "figures"),
    [
        (["thorin"], [("goblin", 1)], False, (100, 229, 405, 0)),
        (["thorin"], [("goblin", 1)], True, (100, 177, 240, 0)),
        (["mira", "thorin", "aria"], MIXED, True, (31, 696, 6018, 250)),
    ],
)
def test_the_same_seed_fights_the_fights_it_always_fought(
    party: list[str], foes: list[tuple[str, int]], features: bool, figures: tuple[int, ...]
) -> None:
    """A hundred fights from one seed: wins, rounds, hit points lost and characters down
    are what they were before fighters were kept and copied (every die in the same order)."""
    rng = random.Random(11)
    wins = rounds = lost = down = 0
    for _ in range(100):
        ours = [from_sheet(CROSSROADS.character(c), features=features) for c in party]
        theirs = [from_monster(srd().monsters[m], n + 1, features=features)
                  for m, count in foes for n in range(count)]  # fmt: skip
        result = fight(rng, ours, theirs)
        wins += result.winner == "party"
        rounds += result.rounds
        lost += result.party_hp_lost
        down += result.party_down
    assert (wins, rounds, lost, down) == figures
