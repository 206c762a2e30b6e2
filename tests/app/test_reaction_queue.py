"""The reaction queue: subturn numbers nest (``3.1.1`` for a Counterspell answering a
Counterspell) and never restart within a turn; siblings resolve by timing, then
initiative, then declaration; a player may answer in their own words, which the engine
does not price but queues for the DM; what is never resolved lapses and says why."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.actions.events import ReactionOffer
from app.actions.reactions import (
    PASS,
    AskPolicy,
    Declaration,
    open_window,
    read_declaration,
    resolving,
)
from app.saves import load_game, save_game
from app.world.state import GameState
from rules.economy import ActionKind
from tests.app.test_counterspell import duel, fireball
from tests.app.test_reactions import cellar, run, turn_of


def offer(state: GameState, cid: str, kind: str) -> tuple[ReactionOffer, bool]:
    name = state.name_of(cid)
    return ReactionOffer(reactor_id=cid, reactor_name=name, kind=kind, prompt=f"{name}?"), True


def test_numbers_never_restart_within_a_turn_and_start_afresh_in_the_next() -> None:
    state = cellar(4)
    _, first = open_window(state, "one", [offer(state, "giant-rat-1", "opportunity_attack")])
    _, second = open_window(state, "two", [offer(state, "giant-rat-2", "opportunity_attack")])
    assert [o.subturn for o in first + second] == [f"{state.turn}.1", f"{state.turn}.2"]
    state.turn += 1
    _, third = open_window(state, "three", [offer(state, "giant-rat-3", "opportunity_attack")])
    assert [o.subturn for o in third] == [f"{state.turn}.1"]
    assert [s.id for s in state.reactions.subturns] == [f"{state.turn}.1"]


def test_siblings_resolve_by_timing_then_initiative_then_declaration() -> None:
    state = cellar(4)
    order = [c.id for c in state.encounter.order]
    slow, fast = order[-1], order[0]
    offers = [
        offer(state, fast, "opportunity_attack"),  # first in initiative, later in timing
        offer(state, slow, "shield"),  # Shield comes before the damage
    ]
    window, accepted = open_window(state, "Goblin hits", offers)
    assert [o.reactor_id for o in accepted] == [slow, fast]
    assert [o.subturn for o in accepted] == [f"{state.turn}.1", f"{state.turn}.2"]
    assert window.parent == str(state.turn)
    same = [offer(state, c, "opportunity_attack") for c in reversed(order[1:4])]
    _, more = open_window(state, "later", same)
    ranked = [o.reactor_id for o in more]
    assert ranked == sorted(ranked, key=order.index)  # same timing: initiative decides


def test_a_window_opened_while_a_subturn_resolves_nests_under_it() -> None:
    state = cellar(4)
    _, outer = open_window(state, "outer", [offer(state, "giant-rat-1", "opportunity_attack")])
    with resolving(state, outer[0].subturn):
        window, inner = open_window(state, "inner", [offer(state, "giant-rat-2", "shield")])
        assert state.reactions.get(outer[0].subturn).status == "resolving"
    assert window.parent == f"{state.turn}.1"
    assert inner[0].subturn == f"{state.turn}.1.1"
    assert state.reactions.get(outer[0].subturn).status == "done"


def test_a_counterspell_answering_a_counterspell_is_numbered_beneath_it() -> None:
    state = duel(2)
    out = fireball(state)
    windows = [e for e in out["events"] if e.type == "reaction_window"]
    assert [w.parent for w in windows] == [str(state.turn), f"{state.turn}.1"]
    taken = [o.subturn for w in windows for o in w.offers if o.accepted]
    # both mages answer Aria's Counterspell: the first stops it, the second has nothing left
    # to stop (its slot is kept, its reaction was spent on declaring)
    assert taken == [f"{state.turn}.1", f"{state.turn}.1.1", f"{state.turn}.1.2"]
    assert [s.status for s in state.reactions.subturns] == ["done", "done", "lapsed"]
    assert "already stopped" in state.reactions.subturns[2].outcome


@pytest.mark.parametrize(
    ("said", "expected"),
    [
        ("", PASS),
        ("no", PASS),
        ("Nah, let it go", PASS),
        ("don't cast it", PASS),
        ("pass", PASS),
        ("y", Declaration("shield")),
        ("yes please!", Declaration("shield")),
        ("2", Declaration("uncanny_dodge")),
        ("the first one", Declaration("shield")),
        ("second", Declaration("uncanny_dodge")),
        ("option 2", Declaration("uncanny_dodge")),
        ("²", Declaration("declared", "²")),
        ("what does shield do??", PASS),  # asked, not answered: nothing spent on it
        ("huh", PASS),
        ("why not?", Declaration("shield")),
        ("9" * 5000, PASS),
        ("I cast Shield", Declaration("shield", "I cast Shield")),
        ("uncanny dodge!", Declaration("uncanny_dodge", "uncanny dodge!")),
        ("I throw my cloak over Thorin", Declaration("declared", "I throw my cloak over Thorin")),
    ],
)
def test_what_a_players_answer_means(said: str, expected: Declaration) -> None:
    state = cellar(1)
    options = (offer(state, "mira", "shield"), offer(state, "mira", "uncanny_dodge"))
    assert read_declaration(said, options) == expected


def test_words_of_the_players_own_are_queued_for_the_dm_and_nothing_is_priced() -> None:
    for seed in range(200):
        state = cellar(seed)
        state.set_reaction_policy(AskPolicy(lambda player, prompt, helps: "I scream for Thorin"))
        turn_of(state, "giant-rat-1")
        out = run(state, "attack", attacker_id="giant-rat-1", target_id="aria")
        roll = out["events"][0]
        if roll.success and roll.natural != 20 and roll.total < 17:
            break
    else:
        raise AssertionError("no suitable hit found")
    window = next(e for e in out["events"] if e.type == "reaction_window")
    declared = [o for o in window.offers if o.accepted]
    assert [(o.kind, o.declared) for o in declared] == [("declared", "I scream for Thorin")]
    assert state.party["aria"].spell_slots.remaining(1) == 4  # no Shield was cast
    assert state.party["aria"].vitals.hp < 17  # the hit landed
    assert not state.encounter.economy["aria"].available(ActionKind.REACTION)
    # the tool's result hands it to the DM, and it is taken up at once (a window its tools
    # open nests beneath it)
    assert out["result"]["reactions_to_resolve"] == [
        {"subturn_id": declared[0].subturn, "reactor_id": "aria", "declared": "I scream for Thorin"}
    ]
    taken_up = state.reactions.adjudicating()
    assert taken_up is not None and taken_up.id == declared[0].subturn
    assert state.reactions.parent() == declared[0].subturn
    waiting = [taken_up]
    assert state.reactions.settle(end_of_turn=True) == waiting
    assert waiting[0].status == "lapsed" and "turn ended" in waiting[0].outcome


def test_no_priced_reaction_is_left_pending_when_its_tool_ends() -> None:
    state = cellar(4)
    turn_of(state, "thorin")
    thorin = state.party["thorin"]  # the first opportunity attack that hits drops him
    thorin.vitals = thorin.vitals.model_copy(update={"hp": 1})
    out = run(state, "take_action", creature_id="thorin", action="withdraw")
    window = out["events"][0]
    statuses = {s.id: s.status for s in state.reactions.subturns}
    assert set(statuses.values()) <= {"done", "lapsed"}
    assert len(statuses) == len([o for o in window.offers if o.accepted])


def test_the_queue_is_saved_and_loaded_with_the_game(tmp_path: Path) -> None:
    state = duel(2)
    fireball(state)
    save_game(state, "queue", tmp_path)
    loaded = load_game("queue", tmp_path)
    assert loaded.reactions == state.reactions
    assert [s.id for s in loaded.reactions.subturns][:2] == [f"{state.turn}.1", f"{state.turn}.1.1"]


def test_a_tool_that_leaves_a_priced_reaction_unresolved_lapses_it() -> None:
    state = cellar(4)
    _, taken = open_window(state, "x", [offer(state, "giant-rat-1", "opportunity_attack")])
    assert state.reactions.get(taken[0].subturn).status == "pending"
    assert [s.id for s in state.reactions.settle()] == [taken[0].subturn]
    assert state.reactions.get(taken[0].subturn).outcome == "its moment passed"
