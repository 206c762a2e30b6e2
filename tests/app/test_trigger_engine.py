"""The trigger engine and the scene boundary: tiers, refractory periods, cascade limits,
loops, thresholds on judgments, the ripple through the social graph, off-screen changes
and damping of revised firings."""

from __future__ import annotations

from app.session.boundary import scene_boundary
from app.session.triggers import run_triggers
from app.world.campaign import OffscreenSpec
from app.world.challengespec import Effects
from app.world.ledger import TriggerFired
from app.world.scores import score
from app.world.state import GameState
from app.world.when import Fact
from tests.app.event_world import campaign_of, judge, person, trigger, world


def fired_events(state: GameState) -> list[TriggerFired]:
    return [e for e in state.truth.fresh if isinstance(e, TriggerFired)]


def ids(state: GameState) -> list[str]:
    return [e.trigger for e in fired_events(state)]


def test_past_the_cascade_limit_firings_wait_for_the_boundary_in_order() -> None:
    state = world()
    campaign_of(state).events.cascade_firings = 2
    for n in range(4):  # four ready at once: two fire, two are held
        trigger(state, f"t{n}", {"in_scene": "inn"})
    done = run_triggers(state, "after_tools")
    assert ids(state) == ["t0", "t1"]
    assert [(d.trigger, d.reason) for d in state.truth.deferred] == [
        ("t2", "limit"),
        ("t3", "limit"),
    ]
    assert any("held for the scene's end" in t for t in done.told)
    run_triggers(state, "after_tools")  # held firings are not queued twice
    assert len(state.truth.deferred) == 2
    state.scene.id = "old_road"
    scene_boundary(state, "inn")
    late = fired_events(state)[2:4]
    assert [(e.trigger, e.tier) for e in late] == [("t2", "deferred"), ("t3", "deferred")]
    assert all(e.deferred_from is not None for e in late)
    assert state.flags["did_t3"] and state.truth.deferred == []


def test_a_deferred_trigger_lands_at_the_boundary_unless_critical() -> None:
    state = world()
    trigger(state, "later", {"in_scene": "inn"}, tier="deferred")
    trigger(state, "urgent", {"in_scene": "inn"}, tier="deferred", critical=True)
    run_triggers(state, "after_tools")
    assert ids(state) == ["urgent"] and "did_later" not in state.flags
    assert [d.trigger for d in state.truth.deferred] == ["later"]
    state.scene.id = "old_road"
    scene_boundary(state, "inn")
    assert state.flags["did_later"]


def test_a_trigger_loop_is_suppressed() -> None:
    state = world()
    # a toggles x on when it is off; b turns x off again: a -> b -> a …
    trigger(state, "a", {"not": {"flag": "x"}}, once=False, effects={"set_flags": {"x": True}})
    trigger(state, "b", {"flag": "x"}, once=False, effects={"set_flags": {"x": False}})
    state.flags["x"] = True
    state.triggers_holding.append("b")  # b has held since before
    state.flags["x"] = False
    done = run_triggers(state, "after_tools")
    assert ids(state).count("a") == 1 and ids(state).count("b") == 1
    assert any("suppressed" in t for t in done.told)
    assert any("suppressed" in c.text for c in state.changes)


def test_refractory_triggers_fire_while_true_every_n_turns() -> None:
    state = world()
    trigger(state, "tick", {"in_scene": "inn"}, once=False, refractory=2)
    fired_on = []
    for turn in range(1, 7):
        state.turn = turn
        before = len(ids(state))
        run_triggers(state, "before_dm")
        if len(ids(state)) > before:
            fired_on.append(turn)
    assert fired_on == [1, 3, 5]


def test_an_edge_triggered_trigger_fires_again_after_turning_false() -> None:
    state = world()
    trigger(state, "edge", {"flag": "lit"}, once=False)
    state.flags["lit"] = True
    run_triggers(state)
    run_triggers(state)
    assert ids(state) == ["edge"]
    state.flags["lit"] = False
    run_triggers(state)
    assert any("can fire again" in c.text for c in state.changes)
    state.flags["lit"] = True
    run_triggers(state)
    assert ids(state) == ["edge", "edge"]


def test_a_threshold_on_judgments_fires_with_its_confidence_and_provisional_ids() -> None:
    state = world()
    of = [{"in_scene": "inn"}, {"judged": "b"}, {"judged": "c", "confidence": 0.4}]
    trigger(state, "won_over", {"threshold": {"min": 2, "of": of}}, tier="immediate")
    weak = judge(state, "c", 0.2)
    strong = judge(state, "b", 0.72)
    run_triggers(state)
    assert ids(state) == []
    weak.confidence = 0.45
    run_triggers(state)
    (event,) = fired_events(state)
    assert event.trigger == "won_over" and sorted(event.provisional) == sorted([strong.id, weak.id])
    assert strong.fired == ["won_over"] and weak.fired == ["won_over"]


def test_a_scene_tier_trigger_ready_after_the_narration_fires_next_turn_before_the_dm() -> None:
    state = world()
    trigger(state, "reassured", {"judged": "berta_reassured"})  # scene tier: it rests on a judgment
    run_triggers(state, "after_tools")
    judge(state, "berta_reassured", 0.9, status="refined")  # a refinement after the narration
    run_triggers(state, "after_turn")
    assert ids(state) == [] and [d.trigger for d in state.truth.next_turn] == ["reassured"]
    run_triggers(state, "after_turn")
    assert len(state.truth.next_turn) == 1  # owed once
    state.turn += 1
    run_triggers(state, "before_dm")
    (event,) = fired_events(state)
    assert event.tier == "scene" and event.confidence == 0.9 and event.deferred_from is not None
    assert state.truth.next_turn == []
    run_triggers(state, "before_dm")
    assert len(fired_events(state)) == 1


def test_scene_goals_are_met_once() -> None:
    from app.world.eventspec import GoalSpec

    state = world()
    inn = campaign_of(state).scenes["inn"]
    inn.goals["fire_lit"] = GoalSpec(text="Light the hearth", when=Fact(flag="lit"))
    run_triggers(state)
    state.flags["lit"] = True
    done = run_triggers(state)
    run_triggers(state)
    goals = [e for e in state.truth.fresh if e.kind == "goal"]
    assert len(goals) == 1 and any("Light the hearth" in t for t in done.told)


def test_a_shift_moves_a_score_and_tells_the_players() -> None:
    state = world()
    trigger(state, "kind", {"in_scene": "inn"}, effects={"shift": {"trust.berta": 2}})
    done = run_triggers(state)
    assert score(state, "trust.berta") == 2
    shown = [e for e in done.events if e.type == "state_change"]
    assert any("Berta" in e.description and "trust" in e.description for e in shown)
    assert any("moved trust.berta by +2" in t for t in done.told)


def test_ripple_travels_three_links_fading_and_never_back() -> None:
    state = world()
    person(state, "dara", ties={"ebbe": 0.5})
    person(state, "ebbe", ties={"fenn": 0.5, "dara": 1.0})
    person(state, "fenn", ties={"gale": 1.0})
    person(state, "gale", ties={})
    campaign_of(state).npcs["berta"].ties.update({"dara": 1.0})
    campaign_of(state).npcs["dara"].ties["berta"] = 1.0  # no echo back to berta
    trigger(state, "kind", {"in_scene": "inn"}, effects={"shift": {"trust.berta": 4}})
    run_triggers(state)
    state.scene.id = "old_road"
    done = scene_boundary(state, "inn")
    assert score(state, "trust.berta") == 4  # not echoed back
    assert score(state, "trust.dara") == 4
    assert score(state, "trust.ebbe") == 2
    assert score(state, "trust.fenn") == 1
    assert score(state, "trust.gale") == 0  # the fourth link is past ripple_depth = 3
    heard = [e for e in state.truth.fresh if e.kind == "relationship" and e.heard_from]
    assert {e.npc for e in heard} == {"dara", "ebbe", "fenn"}
    assert all(e.heard_from == "berta" for e in heard)
    assert any(
        "hears of you from Berta" in e.description  # people the party has never met
        for e in done.events
        if e.type == "state_change"
    )
    assert state.truth.shifts == []


def test_ripple_stops_below_the_floor() -> None:
    state = world()
    campaign_of(state).npcs["berta"].ties["tam"] = 0.1  # 1 × 0.1 < 0.25
    trigger(state, "kind", {"in_scene": "inn"}, effects={"shift": {"trust.berta": 1}})
    run_triggers(state)
    state.scene.id = "old_road"
    scene_boundary(state, "inn")
    assert score(state, "trust.tam") == 0


def test_offscreen_changes_apply_once_when_their_condition_holds() -> None:
    state = world()
    campaign_of(state).offscreen += [
        OffscreenSpec(
            id="rumour", when=Fact(flag="loud"), effects=Effects(shift={"trust.tam": -1})
        ),
        OffscreenSpec(id="weather", once=False, effects=Effects(set_flags={"rain": True})),
    ]
    state.scene.id = "old_road"
    scene_boundary(state, "inn")
    assert score(state, "trust.tam") == 0 and state.flags["rain"]
    state.flags["loud"] = True
    for _ in range(2):
        scene_boundary(state, "old_road")
    assert score(state, "trust.tam") == -1
    tiers = [(e.trigger, e.tier) for e in fired_events(state)]
    assert tiers.count(("rumour", "boundary")) == 1 and tiers.count(("weather", "boundary")) == 3


def test_a_firing_on_a_contradicted_judgment_is_damped_at_the_boundary() -> None:
    state = world()
    trigger(state, "warm", {"judged": "kind_words"}, effects={"shift": {"affection.berta": 2}})
    before = score(state, "affection.berta")
    made = judge(state, "kind_words", 0.8)
    run_triggers(state, "before_dm")
    assert score(state, "affection.berta") == before + 2 and made.fired == ["warm"]
    made.status = "contradicted"  # what refinement does …
    state.truth.revised.append("warm")  # … and marks the firing revised
    state.scene.id = "old_road"
    scene_boundary(state, "inn")
    assert score(state, "affection.berta") == before
    assert state.truth.revised == [] and state.truth.judgments == []


def test_without_damping_a_revised_firing_stands() -> None:
    state = world()
    campaign_of(state).events.damp_revised = False
    trigger(state, "warm", {"judged": "kind_words"}, effects={"shift": {"affection.berta": 2}})
    before = score(state, "affection.berta")
    judge(state, "kind_words", 0.8)
    run_triggers(state, "before_dm")
    state.truth.revised.append("warm")
    state.scene.id = "old_road"
    scene_boundary(state, "inn")
    assert score(state, "affection.berta") == before + 2


def test_the_boundary_starts_a_new_scene_in_the_truth_set() -> None:
    state = world()
    judge(state, "x", 0.9)
    state.truth.seq = 7
    state.scene.id = "old_road"
    done = scene_boundary(state, "inn")
    assert done.checkpoint and state.truth.scene_start == 7  # what fires on arrival is in it
    assert state.truth.judgments == []
