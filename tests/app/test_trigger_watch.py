"""The trigger engine skips a check whose world reads as one a check found nothing to do
in — and never skips one that would fire: whatever a condition reads (a flag a tool set, a
ledger fact, the scene, a foe's fate, a judgment, a score, an item), changing it makes the
next check look again; so does a campaign changed in place."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from app.actions.calls import ToolCall
from app.actions.campaign_tools import start_encounter
from app.actions.sets import ALL_TOOLS
from app.session.triggers import run_triggers
from app.world.campaign import EndingSpec
from app.world.eventspec import GoalSpec
from app.world.facts import Reader
from app.world.factwatch import watch_of
from app.world.ledger import Examination, GoalCompleted, SpeechAct
from app.world.state import GameState
from app.world.when import Fact
from rules.damage import LifeState
from tests.app.event_world import campaign_of, judge, trigger, world


def _set_flag(state: GameState, flag: str) -> None:
    """The DM's tool sets a flag, as in play."""
    call = ToolCall("t", "set_flag", json.dumps({"name": flag, "value": True}))
    assert ALL_TOOLS.execute(call, state).ok


def _kill_all(state: GameState) -> None:
    for creature in state.creatures.values():
        creature.vitals = creature.vitals.model_copy(update={"hp": 0, "state": LifeState.DEAD})


def _rats_beaten_but_standing(state: GameState) -> None:
    start_encounter(state, "cellar_rats")
    state.defeated.append("cellar_rats")  # written so, while they still stand


CASES: dict[str, tuple[dict[str, Any], Callable[[GameState], None] | None, Callable[..., Any]]] = {
    "a flag a tool sets": (
        {"flag": "bell_rung"}, None, lambda s: _set_flag(s, "bell_rung")
    ),
    "a flag's value": (
        {"flag": "door", "equals": "open"}, lambda s: s.flags.update(door="shut"),
        lambda s: s.flags.update(door="open"),
    ),
    "a fact of the ledger": (
        {"happened": "examined.hearth"}, None,
        lambda s: s.log_event(Examination(actor="mira", target="hearth")),
    ),
    "a moment": (
        {"spoke_to": "berta"}, None,
        lambda s: s.log_event(SpeechAct(speaker="mira", addressee="berta", words="Hi")),
    ),
    "a goal met": (
        {"goal": "found_it"}, None, lambda s: s.log_event(GoalCompleted(goal="found_it"))
    ),
    "the scene": ({"in_scene": "old_road"}, None, lambda s: setattr(s.scene, "id", "old_road")),
    "a place visited": ({"visited": "cellar"}, None, lambda s: s.visited.append("cellar")),
    "an item carried": (
        {"has_item": "Grappling Hook"}, None,
        lambda s: next(iter(s.party.values())).inventory.append("Grappling Hook"),
    ),
    "a score": (
        {"compare": "trust.berta >= 3"}, None, lambda s: s.truth.scores.update({"trust.berta": 4})
    ),
    "an encounter beaten": (
        {"defeated": "cellar_rats"}, None, lambda s: s.defeated.append("cellar_rats")
    ),
    "foes killed": ({"killed": "cellar_rats"}, _rats_beaten_but_standing, _kill_all),
    "foes fled": (
        {"fled": "cellar_rats"}, _rats_beaten_but_standing,
        lambda s: [setattr(c, "left", "fled") for c in s.creatures.values()],
    ),
    "a challenge passed": (
        {"passed": "trapdoor_lock"}, None, lambda s: s.challenges.update(trapdoor_lock="passed")
    ),
    "a judgment": ({"judged": "berta_pleased"}, None, lambda s: judge(s, "berta_pleased", 0.9)),
    "someone met": ({"met": "tam"}, None, lambda s: s.flags.update(met_tam=True)),
}  # fmt: skip


@pytest.mark.parametrize("case", list(CASES))
def test_what_a_condition_reads_changing_makes_the_next_check_fire(case: str) -> None:
    when, before, change = CASES[case]
    state = world()
    if before is not None:
        before(state)
    trigger(state, "watched", when)
    for _ in range(2):  # a check finds nothing, and the same world is then skipped
        run_triggers(state, "after_tools")
    assert "watched" not in state.fired_triggers
    change(state)
    run_triggers(state, "after_tools")
    assert state.fired_triggers.get("watched") == 1, case


def test_an_unchanged_world_is_not_read_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """The second check of a world that moved nothing a condition reads (a blow landed,
    the ledger grew) reads no condition; a flag set by a tool then fires at once."""
    state = world()
    trigger(state, "bell", {"all": [{"flag": "bell_rung"}, {"in_scene": "inn"}]})
    run_triggers(state, "after_tools")
    read: list[Fact] = []
    strength = Reader.strength
    monkeypatch.setattr(
        Reader, "strength", lambda self, f, r=None: read.append(f) or strength(self, f, r)
    )
    state.log_event(Examination(actor="mira", target="barrel"))  # nothing a condition names
    hurt = next(iter(state.party.values()))
    hurt.vitals = hurt.vitals.model_copy(update={"hp": hurt.vitals.hp - 1})  # a blow landed
    run_triggers(state, "after_tools")
    assert read == []
    _set_flag(state, "bell_rung")
    run_triggers(state, "after_tools")
    assert read and state.fired_triggers == {"bell": 1}


def test_goals_and_endings_are_watched_too() -> None:
    state = world()
    campaign = campaign_of(state)
    campaign.scenes[state.scene.id].goals["rest"] = GoalSpec(text="Rest a while.",
                                                             when=Fact(flag="rested"))  # fmt: skip
    campaign.endings.append(EndingSpec(id="home", title="Home", text="You are home.",
                                       when=Fact(flag="home")))  # fmt: skip
    run_triggers(state, "after_tools")
    run_triggers(state, "after_tools")
    state.flags["rested"] = True
    done = run_triggers(state, "after_tools")
    assert "goal met: Rest a while." in done.told
    state.flags["home"] = True
    run_triggers(state, "after_tools")
    assert state.ending == "home"


def test_a_campaign_changed_in_place_is_watched_afresh() -> None:
    """A trigger added (or made stricter about judgments) after quiet checks is read."""
    state = world()
    run_triggers(state, "after_tools")
    run_triggers(state, "after_tools")
    trigger(state, "late", {"in_scene": state.scene.id})
    run_triggers(state, "after_tools")
    assert state.fired_triggers == {"late": 1}
    judge(state, "berta_pleased", 0.6)
    campaign_of(state).events.min_confidence = 0.9
    trigger(state, "sure", {"judged": "berta_pleased"})
    run_triggers(state, "after_tools")
    run_triggers(state, "after_tools")
    campaign_of(state).events.min_confidence = 0.5
    run_triggers(state, "after_tools")
    assert state.fired_triggers.get("sure") == 1


def test_every_kind_of_condition_is_watched() -> None:
    """A kind of condition the watch does not know makes it give up (every check made):
    each kind a campaign may write is known."""
    from app.world.when import READ_ORDER

    samples: dict[str, Any] = {"all": [], "any": [], "not_": Fact(flag="x"),
                               "threshold": {"min": 1, "of": [{"flag": "x"}]},
                               "compare": "trust.berta >= 1"}  # fmt: skip
    for kind in READ_ORDER:
        value = samples.get(kind, "x")
        atom = Fact.model_validate({kind.rstrip("_"): value}) if kind in samples else None
        atom = atom or Fact.model_construct(**{kind: value})
        assert atom.kind == kind and watch_of([atom]) is not None, kind
    assert watch_of([Fact.model_construct()]) is not None


def test_a_check_that_moved_the_world_is_not_taken_for_a_quiet_one() -> None:
    """A check that fired nothing but met a goal changed the world: the world it began
    on is not quiet — a turn rolled back to it meets the goal again."""
    state = world()
    campaign_of(state).scenes[state.scene.id].goals["rest"] = GoalSpec(
        text="Rest a while.", when=Fact(flag="rested")
    )
    state.flags["rested"] = True
    before = state.snapshot()
    assert "goal met: Rest a while." in run_triggers(state, "after_tools").told
    again = state.restored(before)
    assert "goal met: Rest a while." in run_triggers(again, "after_tools").told
