"""Reading narration for outcomes and fates (:mod:`app.dm.outcomes`) and settling what was
held back (:mod:`app.session.holding`): plain keywords, judged only where they are clear."""

from __future__ import annotations

import pytest

from app.actions.events import DiceRoll
from app.dm.outcomes import Result, fate_problems, outcome_problems, result_of, told_outcome
from app.session.holding import OutcomeWatch, sentences
from app.world.sandbox import sandbox_state
from app.world.state import Creature, GameState
from rules.damage import Vitals


@pytest.mark.parametrize(
    ("text", "told"),
    [("The lock springs open with a click.", True), ("Mira manages to pick it.", True),
     ("The lock holds fast.", False), ("Mira fails to pick the lock.", False),
     ("The door does not swing open.", False), ("The lock will not budge.", False),
     ("The tumblers will not turn; the lock holds fast.", False),
     ("Mira works the pins.", None), ("You try to open the lock.", None),
     ("If you succeed, the door will swing open.", None), ("Does the lock give way?", None),
     ("The lock clicks open, then jams shut and holds fast.", None)],
)  # fmt: skip
def test_what_a_sentence_tells_of_a_check(text: str, told: bool | None) -> None:
    assert told_outcome(text, "check") is told


@pytest.mark.parametrize(
    ("text", "told"),
    [("Thorin's blade bites deep into the rat!", True), ("Your arrow finds its mark.", True),
     ("The blow misses.", False), ("The arrow misses and hits the wall.", False),
     ("The rat skitters aside and the blade cuts only air.", False),
     ("Thorin swings at the goblin.", None), ("The rat has 7 hit points.", None)],
)  # fmt: skip
def test_what_a_sentence_tells_of_an_attack(text: str, told: bool | None) -> None:
    assert told_outcome(text, "attack") is told


def check(success: bool, reason: str = "pick the lock", who: str = "Mira") -> Result:
    roll = DiceRoll(check_type="ability_check", character_name=who, skill="sleight_of_hand",
                    dc=15, formula="1d20 + 7", total=19 if success else 9, success=success,
                    reason=reason)  # fmt: skip
    result = result_of(roll)
    assert result is not None
    return result


def test_an_outcome_is_judged_only_against_the_rolls_it_names() -> None:
    failed = check(False)
    assert failed.line == "Mira's sleight of hand check (pick the lock) fails: 9 against DC 15."
    [problem] = outcome_problems("The lock springs open!", [failed])
    assert problem.result is failed
    assert outcome_problems("The lock springs open!", [check(True)]) == []
    assert outcome_problems("The chest springs open!", [failed]) == []  # not what was rolled
    # lockpicking is the lock; rolls of one kind that went both ways are not judged
    assert outcome_problems("The lock springs open!", [check(False, "lockpicking")])
    assert outcome_problems("The lock springs open!", [failed, check(True)]) == []


def rat_world(hp: int = 7) -> GameState:
    state = sandbox_state(seed=1)
    state.creatures["giant-rat-1"] = Creature(
        id="giant-rat-1", name="Giant Rat", ac=12, vitals=Vitals(hp=hp, max_hp=7),
        scene=state.scene.id,
    )  # fmt: skip
    return state


@pytest.mark.parametrize(
    "text",
    [
        "The giant rat falls dead.",
        "The rat squeals once and crumples.",
        "Thorin kills the rat.",
        "The rat dies.",
    ],
)
def test_a_death_told_of_a_creature_with_hit_points_is_a_problem(text: str) -> None:
    [problem] = fate_problems(text, rat_world())
    assert problem.truth == "Giant Rat is alive (7/7 HP)"
    assert fate_problems(text, rat_world(hp=0)) == []


def test_fates_told_in_the_plural_of_foes_still_fighting_are_problems() -> None:
    """ "The rats are all dead.", "The rats flee into the dark.": plural verbs once slipped
    past the check, and standing foes were told dead, fled or surrendered."""
    from tests.referee_corpus import Situation, build_situation

    spec = {"campaign": "crossroads", "scene": "cellar", "flags": {"trapdoor_open": True},
            "fight": "cellar_rats", "turn": "mira"}  # fmt: skip
    state = build_situation(Situation.model_validate(spec))
    for text in ("The rats are all dead.", "The rats flee into the dark.", "The rats surrender.",
                 "Giant Rat 2 and Giant Rat 3 flee.", "The rats lie still."):  # fmt: skip
        assert fate_problems(text, state), text
    assert fate_problems("The rats hiss and circle.", state) == []


@pytest.mark.parametrize(
    "text",
    [
        "The rat is not dead yet.",
        "The rat bites Mira, who collapses.",
        "Is the rat dead?",
        "The rat stands over the dead guard.",
        "The rat flees.",
        "Thorin fails to kill the rat.",
    ],
)
def test_what_tells_no_contradicted_fate(text: str) -> None:
    assert fate_problems(text, rat_world()) == []  # (no fight: fleeing is no contradiction)


def test_settling_shows_what_agrees_and_asks_once_then_tells_plainly() -> None:
    watch = OutcomeWatch(sandbox_state(seed=1), active=True)
    watch.results.append(check(False))
    text = "Mira kneels. The lock springs open! She slips through."
    assert "".join(sentences(text)) == text
    first = watch.settle(text, called=True, can_ask=True)
    assert first.shown == "Mira kneels. " and "“The lock springs open!”" in first.note
    second = watch.settle(text, called=False, can_ask=True)
    assert second.shown == "Mira kneels. " and second.note == ""
    assert second.plain == [watch.results[0].line]
    idle = OutcomeWatch(sandbox_state(seed=1), active=False)
    assert idle.settle(text, called=True, can_ask=True).shown == text


@pytest.mark.parametrize("text", ["Mira is dead.", "Mira dies in the dark.", "Mira falls dead."])
def test_a_party_member_told_dead_with_hit_points_is_a_problem(text: str) -> None:
    [problem] = fate_problems(text, rat_world())
    assert problem.truth == "Mira is alive (21/21 HP)"


@pytest.mark.parametrize("text", ["The rat bites Mira, who collapses.", "Mira is not dead."])
def test_a_fall_or_a_denial_is_no_party_members_death(text: str) -> None:
    assert fate_problems(text, rat_world()) == []
