"""The Help action in a fight (SRD 5.1): "you can aid a friendly creature in attacking a
creature within 5 feet of you … If your ally attacks the target before your next turn, the
first attack roll is made with advantage" — a foe away from the helper is not helped against,
and the help waits for an attack on a foe beside the helper."""

from __future__ import annotations

from app.actions.events import DiceRoll
from app.session.setup import session_for
from app.world.sandbox import sandbox_state
from app.world.state import GameState
from rules.positions import engage, join, move_to_band
from tests.app.conftest import turn
from tests.app.test_class_features import fight, run


def _two_rats() -> GameState:
    """Mira toe to toe with the first rat, Thorin with the second."""
    state = sandbox_state(seed=2)
    fight(state, count=2, turn="mira")
    assert state.encounter is not None
    spots = state.encounter.positions
    for cid in list(spots):
        move_to_band(spots, cid, "near")
    engage(spots, "mira", "giant-rat-1")
    engage(spots, "thorin", "giant-rat-2")
    for rat in ("giant-rat-1", "giant-rat-2"):
        state.creatures[rat].vitals = state.creatures[rat].vitals.model_copy(
            update={"hp": 200, "max_hp": 200}
        )
    return state


def _attack_roll(events: list[object]) -> DiceRoll:
    return next(e for e in events if isinstance(e, DiceRoll) and e.check_type == "attack_roll")


def _effects(state: GameState) -> list[str]:
    return [e.id for e in state.party["thorin"].effects]


def _thorins_turn(state: GameState) -> None:
    assert state.encounter is not None
    state.encounter.turn_index = next(
        i for i, c in enumerate(state.encounter.order) if c.id == "thorin"
    )


async def test_help_said_aids_only_the_attack_on_the_foe_beside_the_helper() -> None:
    state = _two_rats()
    session = session_for(state)
    await turn(session, ("mira", "I help Thorin"))
    assert _effects(state) == ["help"]
    _thorins_turn(state)
    far = run(state, "attack", attacker_id="thorin", target_id="giant-rat-2", weapon="longsword")
    assert _attack_roll(far["events"]).advantage == "normal"
    assert "help" in _effects(state)  # not spent on it
    assert state.encounter is not None
    state.encounter.economy.pop("thorin", None)
    join(state.encounter.positions, "thorin", "giant-rat-1")  # the rat beside Mira too
    near = run(state, "attack", attacker_id="thorin", target_id="giant-rat-1", weapon="longsword")
    assert _attack_roll(near["events"]).advantage == "advantage", near
    assert "help" not in _effects(state)
