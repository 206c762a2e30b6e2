"""Haste's additional action (SRD 5.1): "That action can be used only to take the Attack
(one weapon attack only), Dash, Disengage, Hide, or Use an Object action." — through the
DM's tools and the referee's reading of a player's line."""

from __future__ import annotations

from rules.effects import Effect
from tests.app.referee.test_clauses_economy import SITUATIONS, _play
from tests.app.spell_party import fight, give_turn, run, spell_party
from tests.referee_corpus import build_situation


def _hasted_thorin():  # type: ignore[no-untyped-def]
    state = spell_party()
    fight(state, "ogre", 2, turn="ilsa")
    run(state, "cast_spell", caster_id="ilsa", spell="haste", target_ids=["thorin"])
    give_turn(state, "thorin")
    return state


def act(state, action: str) -> dict:  # type: ignore[no-untyped-def]
    return run(state, "take_action", creature_id="thorin", action=action)["result"]


def test_the_hasted_action_dashes_after_the_own_action_is_spent_on_a_dodge() -> None:
    state = _hasted_thorin()
    assert "error" not in act(state, "dodge")  # the turn's own action
    speed = state.encounter.economy["thorin"].speed  # type: ignore[union-attr]
    dash = act(state, "dash")  # Haste's
    assert "error" not in dash and dash["movement"] == 2 * speed
    assert "error" in act(state, "disengage")  # no action of either kind left


def test_the_hasted_action_cannot_dodge_or_help() -> None:
    state = _hasted_thorin()
    assert "error" not in act(state, "dodge")
    assert "no action left" in act(state, "dodge")["error"]
    assert "error" in act(state, "help")


def test_disengage_and_hide_take_the_hasted_action_and_leave_the_own_for_an_attack() -> None:
    state = _hasted_thorin()
    assert "error" not in act(state, "disengage")  # Haste's
    assert state.encounter.economy["thorin"].action  # type: ignore[union-attr]
    first = run(state, "attack", attacker_id="thorin", target_id="ogre-1")["result"]
    assert "error" not in first
    # one weapon attack of Haste's was the Disengage: no blow is left at 3rd level
    assert "error" in run(state, "attack", attacker_id="thorin", target_id="ogre-1")["result"]


async def test_a_hasted_fighter_who_dodges_can_still_dash_with_hastes_action() -> None:
    state = build_situation(SITUATIONS["cellar_rats_thorin"])
    hasted = Effect(id="haste", name="Hasted", source="aria", ac_bonus=2, speed_multiplier=2,
                    extra_attacks=1, ends="end_of_source_turn", rounds=10)  # fmt: skip
    state.party["thorin"].effects.append(hasted)
    state.encounter.economy.pop("thorin", None)  # type: ignore[union-attr]
    made, told, _ = await _play(state, "thorin", "I dodge, then I dash")
    assert "will have to wait" not in told, told
    assert made[:2] == ["take_action:dodge", "take_action:dash"], made
