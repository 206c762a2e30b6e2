"""Deflect Missiles (monk 3rd level, SRD 5.1): "You can use your reaction to deflect or
catch the missile when you are hit by a ranged weapon attack. When you do so, the damage you
take from the attack is reduced by 1d10 + your Dexterity modifier + your monk level. If you
reduce the damage to 0, you can catch the missile"."""

from __future__ import annotations

from app.actions.reactions import AskPolicy
from app.world.sandbox import sandbox_state
from app.world.state import GameState
from tests.app.test_class_features import fight, run
from tests.app.test_open_hand import monk


def _shot_at(seed: int, how: str = "shortbow", answer: str | None = None):  # type: ignore[no-untyped-def]
    """A goblin's attack on Lin, a level-3 monk (DEX 18), until one hits."""
    for tries in range(seed, seed + 60):
        state = sandbox_state(seed=tries)
        monk(state)
        fight(state, monster="goblin", turn="goblin-1")
        if answer is not None:
            state.set_reaction_policy(AskPolicy(lambda p, q: answer, choices=True))
        out = run(state, "attack", attacker_id="goblin-1", target_id="lin", weapon=how)
        if out["result"]["attacks"][0]["outcome"] != "miss":
            return state, out
    raise AssertionError("no hit found")


def _window(out: dict):  # type: ignore[no-untyped-def,type-arg]
    return next((e for e in out["events"] if e.type == "reaction_window"), None)


def _damage(state: GameState) -> int:
    sheet = state.party["lin"]
    return sheet.vitals.max_hp - sheet.vitals.hp


def test_a_ranged_weapon_hit_is_deflected_by_1d10_plus_dex_plus_monk_level() -> None:
    state, out = _shot_at(0)
    window = _window(out)
    assert window is not None and window.offers[0].kind == "deflect_missiles"
    cut = next(e for e in out["events"] if e.type == "dice_roll" and e.reason == "Deflect Missiles")
    assert cut.formula.replace(" ", "") == "1d10+7"  # DEX +4, monk level 3
    rolled = next(e for e in out["events"] if e.type == "dice_roll" and e.check_type == "damage")
    assert _damage(state) == max(0, rolled.total - cut.total)
    assert out["result"]["attacks"][0]["deflected"] == cut.total
    assert out["result"]["attacks"][0].get("caught") is (True if _damage(state) == 0 else None)
    assert state.encounter.economy["lin"].reaction is False  # type: ignore[union-attr]


def test_a_melee_hit_offers_no_deflection() -> None:
    _, out = _shot_at(0, how="scimitar")
    window = _window(out)
    assert window is None or all(o.kind != "deflect_missiles" for o in window.offers)


def test_the_players_words_take_or_decline_it() -> None:
    _, out = _shot_at(0, answer="I catch the arrow!")
    assert _window(out).offers[0].accepted and "deflected" in out["result"]["attacks"][0]
    _, out = _shot_at(0, answer="no, let it hit")
    assert not _window(out).offers[0].accepted and "deflected" not in out["result"]["attacks"][0]
