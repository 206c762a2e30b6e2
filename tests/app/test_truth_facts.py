"""Conditions read against the truth set: every atom, judgments with their confidence,
thresholds that sum strengths, and the algebra of all / any / not."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from app.world.facts import holds, strength
from app.world.ledger import Examination, GoalCompleted, SpeechAct, TriggerFired
from app.world.scores import score
from app.world.when import Fact
from tests.app.event_world import campaign_of, judge, world


def fact(**atom: Any) -> Fact:
    return Fact.model_validate(atom)


def next_turn(state: Any) -> None:
    state.turn += 1
    state.truth.turn_start = state.truth.seq


def test_momentary_atoms_hold_this_turn_or_within_a_span() -> None:
    state = world()
    next_turn(state)
    state.log_event(SpeechAct(speaker="mira", addressee="berta", words="Hello"))
    state.log_event(Examination(actor="mira", target="hearth"))
    assert holds(fact(spoke_to="berta"), state) and holds(fact(examined="hearth"), state)
    assert not holds(fact(spoke_to="tam"), state)
    next_turn(state)
    assert not holds(fact(spoke_to="berta"), state)
    assert holds(fact(spoke_to="berta", within=1), state)
    assert holds(fact(spoke_to="berta", within="scene"), state)
    next_turn(state)
    assert not holds(fact(spoke_to="berta", within=1), state)
    state.truth.scene_start = state.truth.seq  # a new scene
    assert not holds(fact(spoke_to="berta", within="scene"), state)
    assert holds(fact(happened="spoke_to.berta"), state)


def test_happened_after_another() -> None:
    state = world()
    state.log_event(TriggerFired(trigger="a"))
    state.log_event(TriggerFired(trigger="b"))
    assert holds(fact(happened="fired.b", after="fired.a"), state)
    assert not holds(fact(happened="fired.a", after="fired.b"), state)
    assert not holds(fact(happened="fired.c"), state)


def test_compare_reads_scores_and_their_starts() -> None:
    state = world()
    affection = score(state, "affection.berta")
    assert holds(fact(compare=f"affection.berta == {affection}"), state)
    state.truth.scores["trust.berta"] = -2
    assert holds(fact(compare="trust.berta <= -2"), state)
    assert not holds(fact(compare="trust.berta < -2"), state)
    assert holds(fact(compare="trust.berta != 0"), state)


def test_present_visited_met_and_goal() -> None:
    state = world()
    assert holds(fact(present="berta"), state)  # the innkeeper is in her inn
    assert not holds(fact(present="grubnak"), state)
    assert holds(fact(visited="inn"), state) and not holds(fact(visited="cellar"), state)
    assert not holds(fact(met="berta"), state)
    state.log_event(SpeechAct(speaker="mira", addressee="berta", words="Hi"))
    assert holds(fact(met="berta"), state)
    state.flags["met_tam"] = True
    assert holds(fact(met="tam"), state)
    assert not holds(fact(goal="calm_berta"), state)
    state.log_event(GoalCompleted(goal="calm_berta"))
    assert holds(fact(goal="calm_berta"), state)


def test_judged_counts_the_best_live_judgment_at_the_minimum() -> None:
    state = world()
    atom = fact(judged="berta_reassured")
    assert strength(atom, state) == 0
    judge(state, "berta_reassured", 0.45)  # below the campaign's 0.5
    assert strength(atom, state) == 0
    assert strength(fact(judged="berta_reassured", confidence=0.4), state) == 0.45
    best = judge(state, "berta_reassured", 0.72)
    rested: list[str] = []
    assert strength(atom, state, rested) == 0.72 and rested == [best.id]
    best.status = "refined"
    rested = []
    assert strength(atom, state, rested) == 0.72 and rested == []  # refined: not provisional
    best.status = "contradicted"
    assert strength(atom, state) == 0
    campaign_of(state).events.min_confidence = 0.4
    assert strength(atom, state) == 0.45
    state.turn += 2
    assert strength(fact(judged="berta_reassured", within=1), state) == 0
    assert strength(fact(judged="berta_reassured", within=2), state) == 0.45


def test_threshold_sums_a_fact_and_judgments() -> None:
    state = world()
    judge(state, "b", 0.72)
    weak = judge(state, "c", 0.45)
    of = [{"in_scene": "inn"}, {"judged": "b"}, {"judged": "c", "confidence": 0.4}]
    two = fact(threshold={"min": 2, "of": of})
    rested: list[str] = []
    assert strength(two, state, rested) == 1.0  # 1.0 + 0.72 + 0.45 = 2.17
    assert sorted(rested) == ["j1", "j2"]
    weak.confidence = 0.2  # 1.0 + 0.72 + 0 (below 0.4) < 2
    assert strength(two, state) == 0


def test_all_any_not_carry_confidence() -> None:
    state = world()
    judge(state, "b", 0.6)
    judge(state, "c", 0.8)
    assert strength(fact(all=[{"judged": "b"}, {"judged": "c"}, {"in_scene": "inn"}]), state) == 0.6
    assert strength(fact(any=[{"judged": "b"}, {"judged": "c"}]), state) == 0.8
    assert strength(fact(**{"not": {"judged": "b"}}), state) == 0
    assert strength(fact(**{"not": {"judged": "zzz"}}), state) == 1
    rested: list[str] = []
    strength(fact(all=[{"judged": "b"}, {"in_scene": "cellar"}]), state, rested)
    assert rested == []  # a false condition rests on nothing


# -- properties over random truth sets ------------------------------------------------------

FLAGS = [f"f{n}" for n in range(5)]
WATCHES = ["w0", "w1", "w2"]

atoms = st.one_of(
    st.sampled_from(FLAGS).map(lambda f: {"flag": f}),
    st.sampled_from(WATCHES).map(lambda w: {"judged": w}),
)
conditions = st.recursive(
    atoms,
    lambda inner: st.one_of(
        st.lists(inner, min_size=1, max_size=4).map(lambda xs: {"all": xs}),
        st.lists(inner, min_size=1, max_size=4).map(lambda xs: {"any": xs}),
        inner.map(lambda x: {"not": x}),
    ),
    max_leaves=10,
)
truths = st.tuples(
    st.dictionaries(st.sampled_from(FLAGS), st.booleans()),
    st.dictionaries(st.sampled_from(WATCHES), st.floats(0, 1)),
)


def _state(truth: tuple[dict[str, bool], dict[str, float]]) -> Any:
    state = world()
    flags, judged = truth
    state.flags.update(flags)
    for watch, confidence in judged.items():
        judge(state, watch, confidence)
    return state


@settings(max_examples=60, deadline=None)
@given(conditions, conditions, truths)
def test_the_algebra_of_all_any_not(a: dict, b: dict, truth: tuple) -> None:
    state = _state(truth)
    fa, fb = fact(**a), fact(**b)
    sa, sb = strength(fa, state), strength(fb, state)
    assert 0 <= sa <= 1
    assert strength(fact(all=[a, b]), state) == min(sa, sb)
    assert strength(fact(any=[a, b]), state) == max(sa, sb)
    assert strength(fact(**{"not": a}), state) == (1.0 if sa == 0 else 0.0)
    assert holds(fa, state) == (sa > 0)
    assert holds(fact(**{"not": {"not": a}}), state) == holds(fa, state)


@settings(max_examples=60, deadline=None)
@given(st.lists(conditions, min_size=1, max_size=6), truths, st.floats(0.1, 6))
def test_a_threshold_holds_when_strengths_sum_to_its_minimum(
    parts: list[dict], truth: tuple, least: float
) -> None:
    state = _state(truth)
    total = sum(strength(fact(**p), state) for p in parts)
    made = fact(threshold={"min": least, "of": parts})
    assert strength(made, state) == (1.0 if total >= least else 0.0)


def test_every_kind_of_condition_is_read_by_its_kind() -> None:
    """A condition's kind is found once and read by it: every kind a campaign may write
    has its place in the reading order and, if it is an atom, its reader — a kind added
    to ``Fact`` and forgotten here would read as false."""
    from app.world.facts import _ATOMS
    from app.world.when import _KINDS, READ_ORDER

    assert set(READ_ORDER) == set(_KINDS)
    assert set(_ATOMS) == set(_KINDS) - {"all", "any", "not_", "threshold", "judged"}
    assert fact(flag="tam_found").kind == "flag"
    assert fact(**{"not": {"in_scene": "inn"}}).kind == "not_"
    assert fact(spoke_to="berta", within=2).kind == "spoke_to"
