"""A tiefling's Infernal Legacy (SRD 5.1): from 3rd level, Hellish Rebuke as a 2nd-level
spell once per long rest, with Charisma — no slot, no spell known needed."""

from __future__ import annotations

from app.world.state import GameState
from rules.features import after_rest
from rules.spellcasting import SpellSlots
from tests.app.test_damage_reactions import answering, bitten
from tests.app.test_reactions import cellar


def tiefling(seed: int) -> GameState:
    """The cellar fight with Aria a tiefling who knows no Hellish Rebuke and has no slots."""
    state = cellar(seed)
    aria = state.party["aria"]
    aria.species, aria.features = (
        "Tiefling",
        ["darkvision", "hellish_resistance", "infernal_legacy"],
    )
    aria.spells[:] = ["fire_bolt"]
    aria.spell_slots = SpellSlots()
    aria.vitals = aria.vitals.model_copy(update={"hp": 60, "max_hp": 60})
    answering(state, {"Aria": "yes, rebuke it", "Mira": "no", "Thorin": "no"})
    return state


def test_infernal_legacy_rebukes_at_second_level_once_a_long_rest() -> None:
    state, out = bitten(0, tiefling)
    events = out["events"]
    window = next(e for e in events if e.type == "reaction_window")
    assert any(o.kind == "hellish_rebuke" and o.accepted for o in window.offers)
    damage = next(e for e in events if getattr(e, "reason", "") == "Hellish Rebuke damage")
    assert damage.formula.startswith("3d10")  # 2d10, 1d10 more at 2nd level
    save = next(e for e in events if getattr(e, "check_type", "") == "saving_throw")
    assert save.dc == 8 + 2 + 0  # proficiency 2, CHA 10
    aria = state.party["aria"]
    assert aria.uses_left("infernal_legacy") == 0
    assert after_rest(aria.resources, "short") == {"infernal_legacy": 1}  # not a short rest
    assert after_rest(aria.resources, "long") == {}  # a long rest brings it back


def test_a_used_legacy_offers_no_second_rebuke_before_a_long_rest() -> None:
    def spent(seed: int) -> GameState:
        state = tiefling(seed)
        state.party["aria"].resources["infernal_legacy"] = 1
        return state

    _, out = bitten(0, spent)
    offers = [o for e in out["events"] if e.type == "reaction_window" for o in e.offers]
    assert not any(o.kind == "hellish_rebuke" for o in offers)
