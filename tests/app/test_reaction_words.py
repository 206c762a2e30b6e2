"""Answers to a reaction prompt in the players' own words (``tests/data/referee/
reactions.toml``): each is read as labelled — no reaction, the reaction offered, or words
the DM adjudicates — and the offline referee resolves the words as a good DM would, or says
it cannot and ends the subturn with no effect, giving the reaction back. Outside a window a
player who wants to react is told when they can (the corpus has those lines)."""

from __future__ import annotations

import asyncio
import json
import tomllib
from pathlib import Path

import pytest

from app.actions.calls import ToolCall
from app.actions.events import ReactionSubturn, ReactionWindow
from app.actions.reactions import AskPolicy, Question
from app.actions.sets import COMBAT_TOOLS
from app.referee.referee import OfflineReferee
from app.session.setup import session_for
from app.tui.showcase import _turn_of, in_the_cellar, shield_seed
from rules.economy import ActionKind

ANSWERS = tomllib.loads(
    (Path(__file__).parents[1] / "data" / "referee" / "reactions.toml").read_text()
)["answers"]
SEED = shield_seed()  # the rat's bite hits Aria, and Shield would turn it


def bitten(words: str) -> tuple[list, object, list[Question]]:
    """Giant Rat 1 bites Aria under the offline referee; Aria answers ``words``."""
    state = in_the_cellar(SEED)
    _turn_of(state, "giant-rat-1")
    session = session_for(state)
    asked: list[Question] = []

    def ask(player: str, question: Question) -> str:
        asked.append(question)
        return words

    session.state.set_reaction_policy(AskPolicy(ask, choices=True))

    async def turn() -> list:
        return [e async for e in session.process()]

    return asyncio.run(turn()), session, asked


@pytest.mark.parametrize("answer", ANSWERS, ids=lambda a: a["text"] or "(nothing)")
def test_an_answer_is_read_and_adjudicated_as_labelled(answer: dict) -> None:
    events, session, asked = bitten(answer["text"])
    state = session.state
    assert [q.labels for q in asked] == [["Cast Shield"]]
    window = next(e for e in events if isinstance(e, ReactionWindow))
    taken = [o for o in window.offers if o.accepted]
    aria = state.party["aria"]
    if answer["reads"] == "pass":
        assert taken == [] and aria.spell_slots.remaining(1) == 4
        return
    if answer["reads"] == "shield":
        assert [o.kind for o in taken] == ["shield"] and aria.spell_slots.remaining(1) == 3
        return
    assert [(o.kind, o.declared) for o in taken] == [("declared", answer["text"])]
    lines = [e for e in events if isinstance(e, ReactionSubturn)]
    assert [e.status for e in lines] == ["resolving", "done"]  # shown as it moves on
    done = state.reactions.subturns[0]
    assert done.status == "done"
    economy = state.encounter.economy["aria"]
    if answer["becomes"] == "nothing":
        assert done.outcome.startswith("no effect")
        assert economy.available(ActionKind.REACTION)  # nothing happened: given back
        assert "not something a reaction can do" in "".join(
            e.text for e in events if e.type == "narrative_chunk"
        )
        return
    assert not economy.available(ActionKind.REACTION)
    assert economy.available(ActionKind.ACTION)  # a reaction, not her action
    rolls = [e for e in events if e.type == "dice_roll" and e.character_id == "aria"]
    if answer["becomes"] == "attack":
        assert [r.check_type for r in rolls][:1] == ["attack_roll"]
        assert "the attack is a" in done.outcome
    else:  # a shove or a grapple: Athletics against the rat
        assert rolls and rolls[0].skill == "athletics"
        assert done.outcome in ("it works", "it fails")


def test_a_blow_in_answer_to_a_bite_is_no_reaction_the_rules_allow() -> None:
    """Giant Rat 3 bites Aria; "I stab it" is no opportunity attack (the rat left no one's
    reach): nothing is rolled, and the reaction is given back."""
    for seed in range(100):
        state = in_the_cellar(seed)
        _turn_of(state, "giant-rat-3")
        session = session_for(state)
        session.state.set_reaction_policy(AskPolicy(lambda p, q: "I stab it", choices=True))
        events = asyncio.run(_turn(session))
        if any(isinstance(e, ReactionWindow) for e in events):
            break
    else:
        raise AssertionError("Giant Rat 3 never hit Aria")
    mine = [e for e in events if e.type == "dice_roll" and e.character_id == "aria"]
    assert not [e for e in mine if e.check_type == "attack_roll"]
    told = "".join(e.text for e in events if e.type == "narrative_chunk")
    assert "not something a reaction can do" in told


async def _turn(session: object) -> list:
    return [e async for e in session.process()]  # type: ignore[attr-defined]


def test_shield_in_words_where_it_was_not_offered_is_cast_by_the_referee() -> None:
    """In a window with no priced option (the DM's own), "Shield!" is declared; the referee
    casts the reaction spell Aria knows; Thorin, who does not know it, gets no effect."""
    state = in_the_cellar(SEED)
    _turn_of(state, "giant-rat-1")
    state.set_reaction_policy(AskPolicy(lambda p, q: "Shield!", choices=True))
    referee = OfflineReferee(None)
    referee.bind(lambda: state)
    window = {"trigger": "the rat leaps", "reactor_ids": ["aria", "thorin"]}
    COMBAT_TOOLS.execute(ToolCall("o", "open_reaction_window", json.dumps(window)), state)
    first = state.reactions.adjudicating()
    calls = referee.reaction_calls(state)
    assert first is not None and first.reactor_id == "thorin"  # he acts first in the order
    assert [c.name for c in calls] == ["end_subturn"] and '"refund": true' in calls[0].arguments
    COMBAT_TOOLS.execute(calls[0], state)
    calls = referee.reaction_calls(state)
    assert [(c.name, json.loads(c.arguments)["spell"]) for c in calls] == [("cast_spell", "shield")]
    COMBAT_TOOLS.execute(calls[0], state)
    assert any(e.id == "shield" for e in state.party["aria"].effects)
