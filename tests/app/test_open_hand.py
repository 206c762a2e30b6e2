"""Open Hand Technique in play (SRD 5.1, monk 3rd level, Way of the Open Hand): on each
Flurry of Blows hit, prone (DEX save), pushed 15 ft (STR save) or no reactions."""

from __future__ import annotations

from app.session.setup import session_for
from app.understanding import understand
from app.world.sandbox import sandbox_state
from app.world.state import GameState
from rules.conditions import Condition
from tests.app.conftest import turn
from tests.app.test_class_features import add_member, fight, run

SCORES = {"str": 10, "dex": 18, "con": 12, "int": 10, "wis": 16, "cha": 8}


def monk(state: GameState, level: int = 3) -> None:
    add_member(state, id="lin", level=level, weapons=["shortsword"], abilities=SCORES,
               **{"class": "Monk"})  # fmt: skip


def flurry(state: GameState, option: str) -> dict:
    run(state, "attack", attacker_id="lin", target_id="goblin-1")
    return run(state, "use_feature", creature_id="lin", feature="flurry_of_blows",
               target_id="goblin-1", option=option)["result"]  # fmt: skip


def _hits(result: dict) -> list[dict]:
    return [a for a in result["attacks"] if a.get("open_hand")]


def test_a_flurry_hit_knocks_prone_on_a_failed_dex_save() -> None:
    """SRD: it must succeed on a Dexterity saving throw or be knocked prone (DC 8 +
    proficiency + WIS = 13 here)."""
    for seed in range(30):
        state = sandbox_state(seed=seed)
        monk(state)
        fight(state, monster="goblin", turn="lin")
        state.creatures["goblin-1"].vitals = state.creatures["goblin-1"].vitals.model_copy(
            update={"hp": 60, "max_hp": 60}
        )
        out = flurry(state, "prone")
        done = [a["open_hand"] for a in _hits(out)]
        if any(d.get("saved") is False for d in done):
            assert all(d["dc"] == 13 for d in done)
            prone = state.creatures["goblin-1"].conditions
            assert any(c.condition is Condition.PRONE for c in prone)
            return
    raise AssertionError("no goblin failed its save in 30 seeds")


def test_a_flurry_hit_pushes_15_feet_on_a_failed_str_save() -> None:
    for seed in range(30):
        state = sandbox_state(seed=seed)
        monk(state)
        fight(state, monster="goblin", turn="lin")
        state.creatures["goblin-1"].vitals = state.creatures["goblin-1"].vitals.model_copy(
            update={"hp": 60, "max_hp": 60}
        )
        out = flurry(state, "push")
        done = [a["open_hand"] for a in _hits(out)]
        if any(d.get("saved") is False for d in done):
            assert "lin" not in state.encounter.positions["goblin-1"].engaged
            return
    raise AssertionError("no goblin failed its save in 30 seeds")


def test_a_flurry_hit_takes_away_reactions_without_a_save() -> None:
    """SRD: it can't take reactions until the end of your next turn."""
    for seed in range(10):
        state = sandbox_state(seed=seed)
        monk(state)
        fight(state, monster="goblin", turn="lin")
        state.creatures["goblin-1"].vitals = state.creatures["goblin-1"].vitals.model_copy(
            update={"hp": 60, "max_hp": 60}
        )
        out = flurry(state, "no reactions")
        if _hits(out):
            effect = next(e for e in state.creatures["goblin-1"].effects if e.id == "open_hand")
            assert effect.no_reactions and effect.ends == "end_of_source_turn"
            assert effect.rounds == 2
            return
    raise AssertionError("no flurry hit in 10 seeds")


def test_a_monk_without_the_technique_is_refused_before_spending_ki() -> None:
    state = sandbox_state(seed=1)
    monk(state, level=2)
    fight(state, monster="goblin", turn="lin")
    state.creatures["goblin-1"].vitals = state.creatures["goblin-1"].vitals.model_copy(
        update={"hp": 60, "max_hp": 60}
    )
    out = flurry(state, "prone")
    assert "Open Hand Technique" in out["error"]
    assert state.party["lin"].uses_left("ki") == 2


async def test_flurry_and_knock_him_prone_from_a_players_line() -> None:
    state = sandbox_state(seed=2)
    monk(state)
    reading = understand("flurry and knock him prone", "lin", state, None)
    assert (reading.action, reading.extra) == ("flurry_of_blows", ("prone",))
    session = session_for(state)
    fight(state, monster="goblin", turn="lin")
    state.creatures["goblin-1"].vitals = state.creatures["goblin-1"].vitals.model_copy(
        update={"hp": 60, "max_hp": 60}
    )
    run(state, "attack", attacker_id="lin", target_id="goblin-1")
    events = await turn(session, ("lin", "flurry of blows and knock him prone"))
    assert state.party["lin"].uses_left("ki") == 2
    saves = [e for e in events if e.type == "dice_roll" and e.reason == "Open Hand Technique"]
    hits = [e for e in events if e.type == "dice_roll" and e.check_type == "attack_roll"]
    assert len(hits) == 2 and hits[0].character_id == "lin"
    assert len(saves) == sum(1 for e in hits if e.success)
