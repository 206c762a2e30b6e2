"""Unarmed strikes (SRD 5.1): "a punch, kick, head-butt, or similar forceful blow … On a hit,
an unarmed strike deals bludgeoning damage equal to 1 + your Strength modifier. You are
proficient with your unarmed strikes." A monk's Martial Arts: "you can use Dexterity instead
of Strength for the attack and damage rolls of your unarmed strikes" and "roll a d4 in place of
the normal damage", a d6 from 5th level — with the Attack action and Extra Attack alike."""

from __future__ import annotations

from app.actions.events import DiceRoll
from app.session.setup import session_for
from app.world.sandbox import sandbox_state
from app.world.state import GameState
from rules.abilities import Ability
from tests.app.conftest import turn
from tests.app.test_class_features import add_member, fight, run

MONK_SCORES = {"str": 10, "dex": 16, "con": 14, "int": 10, "wis": 16, "cha": 10}


def _rolls(events: list[object], kind: str) -> list[DiceRoll]:
    return [e for e in events if isinstance(e, DiceRoll) and e.check_type == kind]


def _sturdy(state: GameState) -> None:
    for creature in state.creatures.values():
        creature.vitals = creature.vitals.model_copy(update={"hp": 200, "max_hp": 200})


def _monk(level: int) -> GameState:
    state = sandbox_state(seed=6)
    add_member(state, id="kai", level=level, weapons=["shortsword"], abilities=MONK_SCORES,
               **{"class": "Monk"})  # fmt: skip
    fight(state, monster="goblin", turn="kai")
    _sturdy(state)
    return state


def _hits(state: GameState, who: str, times: int = 30) -> list[DiceRoll]:
    """Damage rolls of unarmed strikes until one lands (a fresh action each time)."""
    for _ in range(times):
        state.encounter.economy.pop(who, None)  # type: ignore[union-attr]
        out = run(state, "attack", attacker_id=who, target_id="goblin-1", weapon="unarmed_strike")
        assert "error" not in out["result"], out
        damage = _rolls(out["events"], "damage")
        if damage:
            return damage
    raise AssertionError("no blow landed")


def test_anyone_can_punch_for_one_plus_strength_bludgeoning() -> None:
    state = sandbox_state(seed=6)
    fight(state, monster="goblin", turn="thorin")
    _sturdy(state)
    strength = state.party["thorin"].modifier(Ability.STR)
    (blow,) = _hits(state, "thorin")
    assert blow.total == 1 + strength and not blow.dice
    attack = state.party["thorin"].proficiency_bonus + strength
    state.encounter.economy.pop("thorin", None)  # type: ignore[union-attr]
    out = run(state, "attack", attacker_id="thorin", target_id="goblin-1", weapon="fists")
    assert _rolls(out["events"], "attack_roll")[0].modifier == attack  # proficient


def test_a_monks_unarmed_strike_uses_dexterity_and_the_martial_arts_die() -> None:
    assert [f.sides for f in _hits(_monk(3), "kai")[0].dice] == [4]
    (blow,) = _hits(_monk(5), "kai")
    assert [f.sides for f in blow.dice] == [6] and blow.modifier == 3


def test_extra_attack_gives_a_fifth_level_monk_two_unarmed_strikes() -> None:
    state = _monk(5)
    for _ in range(2):
        out = run(state, "attack", attacker_id="kai", target_id="goblin-1",
                  weapon="unarmed_strike")  # fmt: skip
        assert "error" not in out["result"], out
    third = run(state, "attack", attacker_id="kai", target_id="goblin-1", weapon="unarmed_strike")
    assert "error" in third["result"]


def test_an_unarmed_strike_is_never_thrown() -> None:
    state = _monk(3)
    out = run(state, "attack", attacker_id="kai", target_id="goblin-1", weapon="unarmed_strike",
              mode="thrown")  # fmt: skip
    assert "unarmed strike is not thrown" in out["result"]["error"]


async def test_punch_the_goblin_and_i_kick_him_are_unarmed_strikes() -> None:
    for line in ("punch the goblin", "I kick him"):
        state = _monk(3)
        events = await turn(session_for(state), ("kai", line))
        (attack,) = _rolls(events, "attack_roll")
        assert attack.reason.startswith("Unarmed strike") and attack.modifier == 3 + 2


def test_a_thing_that_is_no_weapon_is_swung_for_a_d4_without_proficiency() -> None:
    """SRD 5.1 (Improvised Weapons): a poker, a bottle, a bone deals 1d4 and adds no
    proficiency bonus; it is swung within 5 feet, never thrown or two-handed here."""
    state = sandbox_state(seed=6)
    fight(state, monster="goblin", turn="thorin")
    _sturdy(state)
    strength = state.party["thorin"].modifier(Ability.STR)
    out = run(state, "attack", attacker_id="thorin", target_id="goblin-1", weapon="improvised")
    assert "error" not in out["result"], out
    assert _rolls(out["events"], "attack_roll")[0].modifier == strength  # no proficiency
    state.encounter.economy.pop("thorin", None)  # type: ignore[union-attr]
    refused = run(state, "attack", attacker_id="thorin", target_id="goblin-1",
                  weapon="improvised", mode="thrown")  # fmt: skip
    assert "error" in refused["result"]
    for _ in range(30):
        state.encounter.economy.pop("thorin", None)  # type: ignore[union-attr]
        out = run(state, "attack", attacker_id="thorin", target_id="goblin-1", weapon="improvised")
        damage = _rolls(out["events"], "damage")
        if damage:
            assert damage[0].dice and {d.sides for d in damage[0].dice} == {4}  # d4s only
            return
    raise AssertionError("no blow landed")
