"""A spellcasting monster concentrates as a character does (SRD 5.1, Concentration): one
spell at a time, and damage forces a Constitution save, DC 10 or half the damage taken,
whichever is higher; on a failure the spell ends."""

from __future__ import annotations

from tests.app.spell_party import dice_rolls, doomed, fight, give_turn, run, spell_party, sure


def _blessed_acolyte():  # type: ignore[no-untyped-def]
    state = spell_party()
    fight(state, "acolyte", 1)
    give_turn(state, "acolyte-1")
    out = run(state, "cast_spell", caster_id="acolyte-1", spell="bless", target_ids=["acolyte-1"])
    assert "error" not in out["result"], out
    return state


def _hurt(state, amount: int) -> list:  # type: ignore[no-untyped-def]
    acolyte = state.creatures["acolyte-1"]
    acolyte.vitals = acolyte.vitals.model_copy(update={"hp": 60, "max_hp": 60})
    out = run(state, "damage", target_id="acolyte-1", amount=str(amount),
              damage_type="slashing", reason="a blade")  # fmt: skip
    return [s for s in dice_rolls(out["events"], "saving_throw") if s.ability == "con"]


def test_a_monster_casting_bless_concentrates_on_it() -> None:
    state = _blessed_acolyte()
    assert state.creatures["acolyte-1"].concentration == "bless"
    assert any(e.id == "bless" for e in state.creatures["acolyte-1"].effects)


def test_damage_forces_a_con_save_at_dc_10_or_half_the_damage() -> None:
    state = _blessed_acolyte()
    sure(state, "acolyte-1")
    assert [s.dc for s in _hurt(state, 6)] == [10]
    assert [s.dc for s in _hurt(state, 30)] == [15]
    assert state.creatures["acolyte-1"].concentration == "bless"


def test_a_failed_save_ends_the_monsters_spell() -> None:
    state = _blessed_acolyte()
    doomed(state, "acolyte-1")
    assert _hurt(state, 4)
    acolyte = state.creatures["acolyte-1"]
    assert acolyte.concentration is None
    assert not any(e.id == "bless" for e in acolyte.effects)
