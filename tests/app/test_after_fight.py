"""What the foes did to the party does not outlast the fight (app.actions.after_fight)."""

from __future__ import annotations

from app.world.state import GameState
from rules.abilities import Ability
from rules.conditions import ActiveCondition, Condition
from tests.app.spell_party import doomed, fight, run, spell_party, sure


def _won(state: GameState) -> list[str]:
    """Knock out every foe and end the fight; what the fight's end told."""
    for creature in state.creatures.values():
        if creature.side != "party":
            creature.vitals = creature.vitals.model_copy(update={"hp": 0})
    out = run(state, "end_combat", reason="won")
    assert out["result"]["ended"], out
    return [e.description for e in out["events"] if e.type == "state_change"]


def _held(state: GameState, cid: str) -> list[Condition]:
    sheet = state.party.get(cid)
    found = sheet.conditions if sheet is not None else state.creatures[cid].conditions
    return [c.condition for c in found]


def test_a_foes_grip_a_minutes_fear_and_a_fall_end_with_the_fight() -> None:
    state = spell_party()
    fight(state)
    state.party["mira"].conditions += [
        ActiveCondition(condition=Condition.FRIGHTENED, source="goblin-1", rounds=9),
        ActiveCondition(condition=Condition.GRAPPLED, source="goblin-2"),
        ActiveCondition(condition=Condition.PRONE),
    ]
    state.party["thorin"].conditions.append(
        ActiveCondition(condition=Condition.RESTRAINED, source="goblin-1", note="a net")
    )
    told = _won(state)
    assert _held(state, "mira") == [] and _held(state, "thorin") == []
    for said in ("Mira is no longer frightened", "Mira is no longer grappled",
                 "Mira gets back up", "Thorin is no longer restrained"):  # fmt: skip
        assert said in told, told


def test_a_hold_that_ends_on_a_save_is_saved_against_for_a_minute() -> None:
    for fate, after in ((sure, []), (doomed, [Condition.PARALYZED])):
        state = spell_party()
        fight(state)
        fate(state, "seren")
        state.party["seren"].conditions.append(
            ActiveCondition(
                condition=Condition.PARALYZED, source="goblin-1", save_ability=Ability.CON,
                save_dc=15,
            )
        )  # fmt: skip
        _won(state)
        assert _held(state, "seren") == after


def test_the_foes_stay_as_the_fight_left_them_and_the_held_stay_down() -> None:
    state = spell_party()
    fight(state)
    state.creatures["goblin-1"].conditions.append(
        ActiveCondition(condition=Condition.PRONE, rounds=3)
    )
    state.party["ilsa"].conditions += [
        ActiveCondition(condition=Condition.PRONE),
        ActiveCondition(condition=Condition.PETRIFIED),  # the story's, for good
    ]
    told = _won(state)
    assert Condition.PRONE in _held(state, "goblin-1")
    assert _held(state, "ilsa") == [Condition.PRONE, Condition.PETRIFIED]
    assert not [t for t in told if t.startswith("Ilsa")], told


def test_the_save_to_end_a_condition_takes_what_every_save_takes() -> None:
    """A repeated save at the end of a turn gets what the game adds to every save (here a
    fate of +40, as Bless or a paladin's aura would add their part): against DC 30 only
    that can make it."""
    state = spell_party()
    fight(state)
    sure(state, "seren")
    state.party["seren"].conditions.append(
        ActiveCondition(
            condition=Condition.PARALYZED, source="goblin-1", save_ability=Ability.WIS,
            save_dc=30,
        )
    )  # fmt: skip
    out = run(state, "end_turn")
    saves = [
        e for e in out["events"] if e.type == "dice_roll" and e.reason == "shake off paralyzed"
    ]
    assert saves and saves[0].success, out["events"]
    assert Condition.PARALYZED not in _held(state, "seren")


def test_what_lasts_longer_than_a_minute_counts_the_minute_down() -> None:
    state = spell_party()
    fight(state)
    state.party["mira"].conditions.append(
        ActiveCondition(condition=Condition.CHARMED, source="goblin-1", rounds=100)
    )
    _won(state)
    [left] = state.party["mira"].conditions
    assert (left.condition, left.rounds) == (Condition.CHARMED, 90)
