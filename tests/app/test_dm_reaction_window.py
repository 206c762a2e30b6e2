"""A window the DM opens on any moment of a fight: every party member who may react is
asked (by their player; the DM declares for the creatures it runs), each reaction taken is
a subturn the DM resolves with its usual tools — the reactor acting out of turn — and ends
with ``end_subturn``, which hands over the next; windows opened meanwhile nest beneath it.
A declaration never resolved is asked about once, then lapses with a line saying why."""

from __future__ import annotations

import asyncio
import json
from typing import Any

from pydantic import SecretStr

from app.actions.calls import ToolCall
from app.actions.events import ReactionSubturn, ReactionWindow
from app.actions.reactions import AskPolicy, Question
from app.actions.sets import COMBAT_TOOLS
from app.dm import prompts
from app.dm.config import DMConfig
from app.dm.openai_brain import OpenAIBrain
from app.dm.scripted import ScriptedBrain
from app.session.panels import panels
from app.session.runner import render_event
from app.session.session import GameSession
from rules.economy import ActionKind
from tests.app.fake_openai import FakeOpenAI, Reply
from tests.app.test_reactions import cellar, turn_of

SEATS = {"Ana": ["mira"], "Ben": ["thorin", "aria"]}


def call(name: str, **arguments: Any) -> dict[str, Any]:
    return {"name": name, "arguments": arguments}


def fight(script: list[dict[str, Any]], answers: dict[str, str]) -> tuple[GameSession, list]:
    """Giant Rat 1's turn in the cellar, a hotseat of two, the DM following ``script``;
    each character's player answers with ``answers[character]``. Returns the session and
    who was asked (player, character, options)."""
    state = cellar(3)
    state.players = {k: list(v) for k, v in SEATS.items()}
    turn_of(state, "giant-rat-1")
    session = GameSession(state, ScriptedBrain(script))
    asked: list[tuple[str, str, list[str]]] = []

    def ask(player: str, question: Question) -> str:
        asked.append((player, question.reactor_name, question.labels))
        return answers.get(question.reactor_id, "")

    session.state.set_reaction_policy(AskPolicy(ask, choices=True))
    return session, asked


def run_turn(session: GameSession) -> list:
    async def turn() -> list:
        return [e async for e in session.process()]

    return asyncio.run(turn())


def results(session: GameSession) -> list[dict[str, Any]]:
    return [json.loads(m["content"]) for m in session.last_messages if m["role"] == "tool"]


SHOVE = [
    {"tool_calls": [call("open_reaction_window", trigger="Giant Rat 1 lunges at Aria")]},
    {"tool_calls": [call("take_action", creature_id="mira", action="shove_away",
                         target_id="giant-rat-1"),
                    call("end_subturn", subturn_id="1.1", outcome="Mira shoves the rat back")]},
    {"tool_calls": [call("attack", attacker_id="giant-rat-1", target_id="aria"),
                    call("end_turn")]},
    {"text": "The rat stumbles back, then bites at the wizard."},
]  # fmt: skip


def test_the_dm_opens_a_window_two_players_answer_and_the_dm_resolves_the_words() -> None:
    session, asked = fight(SHOVE, {"mira": "I want to use my reaction to shove him"})
    events = run_turn(session)
    assert asked == [("Ben", "Thorin", []), ("Ben", "Aria", []), ("Ana", "Mira", [])]
    window = next(e for e in events if isinstance(e, ReactionWindow))
    taken = [(o.reactor_name, o.subturn, o.declared) for o in window.offers if o.accepted]
    assert taken == [("Mira", "1.1", "I want to use my reaction to shove him")]
    opened, shoved, ended = results(session)[:3]
    assert opened["reactions_to_resolve"] == [
        {"subturn_id": "1.1", "reactor_id": "mira",
         "declared": "I want to use my reaction to shove him"}
    ]  # fmt: skip
    assert sorted(opened["passed"]) == ["Aria", "Thorin"]
    assert "end_subturn" in opened["next_step"] and "1.1" in opened["next_step"]
    assert "error" not in shoved  # out of her turn: it is her reaction
    assert ended["next"] is None and "Giant Rat 1 lunges at Aria" in ended["next_step"]
    subturn = session.state.reactions.get("1.1")
    assert (subturn.status, subturn.outcome) == ("done", "Mira shoves the rat back")
    economy = session.state.encounter.economy["mira"]
    assert not economy.available(ActionKind.REACTION) and economy.available(ActionKind.ACTION)
    lines = [(e.subturn, e.status) for e in events if isinstance(e, ReactionSubturn)]
    assert lines == [("1.1", "resolving"), ("1.1", "done")]


def test_the_panels_show_the_window_while_it_asks_and_the_reactions_still_waiting() -> None:
    state = cellar(3)
    turn_of(state, "giant-rat-1")
    seen = []
    state.set_reaction_policy(
        AskPolicy(lambda player, q: seen.append(panels(state)) or "I duck", choices=True)
    )
    COMBAT_TOOLS.execute(
        ToolCall("o", "open_reaction_window", json.dumps(
            {"trigger": "the beam falls", "reactor_ids": ["mira", "aria"]})), state
    )  # fmt: skip
    assert [(w.trigger, w.asking) for v in seen for w in v.windows] == [
        ("the beam falls", "Aria"), ("the beam falls", "Mira")
    ]  # fmt: skip
    after = panels(state)
    assert after.windows == []  # closed once everyone answered
    assert [(p.subturn, p.reactor_name, p.what, p.status) for p in after.pending] == [
        ("0.1", "Aria", "I duck", "resolving"), ("0.2", "Mira", "I duck", "pending")
    ]  # fmt: skip


def test_a_window_opened_while_a_reaction_resolves_nests_beneath_it() -> None:
    script = [
        {"tool_calls": [call("open_reaction_window", trigger="the ceiling cracks",
                             reactor_ids=["mira"])]},
        {"tool_calls": [call("open_reaction_window", trigger="Mira leaps for the beam",
                             reactor_ids=["thorin"])]},
        {"tool_calls": [call("end_subturn", subturn_id="1.1.1", outcome="Thorin steadies her")]},
        {"tool_calls": [call("end_subturn", subturn_id="1.1", outcome="Mira hangs on"),
                        call("end_turn")]},
        {"text": "Dust rains down."},
    ]  # fmt: skip
    words = {"mira": "I leap for the beam", "thorin": "I catch her arm"}
    session, _ = fight(script, words)
    assert [e.type for e in run_turn(session)][-1] == "turn_end"
    queue = session.state.reactions
    assert [(s.id, s.reactor_id, s.status) for s in queue.subturns] == [
        ("1.1", "mira", "done"), ("1.1.1", "thorin", "done")
    ]  # fmt: skip
    assert [w.parent for w in queue.windows] == ["1", "1.1"]
    inner_end = results(session)[2]
    assert inner_end["next"]["subturn_id"] == "1.1"  # back to the reaction it answered


def test_a_declaration_left_unresolved_is_asked_about_once_then_lapses_out_loud() -> None:
    script = [
        {"tool_calls": [call("open_reaction_window", trigger="the rat lunges")]},
        {"text": "The rat snaps at the air."},  # narrates, the reaction forgotten
        {"tool_calls": [call("end_turn")]},  # asked once: it still does not resolve it
        {"text": "Its turn ends."},
    ]
    session, _ = fight(script, {"aria": "I throw my cloak over it"})
    events = run_turn(session)
    asked = [m["content"] for m in session.last_messages if m["role"] == "user"]
    assert sum(prompts.REACTIONS_PENDING.split("(")[0] in m for m in asked) == 1
    assert any("1.1 Aria: “I throw my cloak over it”" in m for m in asked)
    lapsed = [e for e in events if isinstance(e, ReactionSubturn) and e.status == "lapsed"]
    assert [(e.subturn, e.outcome) for e in lapsed] == [("1.1", "the DM's turn ended first")]
    assert events[-1].type == "turn_end"


def test_the_dm_declares_for_its_own_creatures_and_bad_calls_are_refused() -> None:
    state = cellar(3)
    turn_of(state, "giant-rat-1")

    def run(name: str, **arguments: Any) -> dict[str, Any]:
        return COMBAT_TOOLS.execute(ToolCall("t", name, json.dumps(arguments)), state).result

    state.encounter.economy["thorin"].spend(ActionKind.REACTION)
    out = run("open_reaction_window", trigger="Aria's fire flares", reactor_ids=["thorin"],
              npc=["giant-rat-2: it bites Aria's ankle"])  # fmt: skip
    assert out["cannot_react"] == ["Thorin"]
    assert out["reactions_to_resolve"] == [
        {"subturn_id": "0.1", "reactor_id": "giant-rat-2", "declared": "it bites Aria's ankle"}
    ]
    bite = run("attack", attacker_id="giant-rat-2", target_id="aria")
    assert "error" not in bite and len(bite["attacks"]) == 1  # one attack, out of its turn
    assert "error" in run("attack", attacker_id="giant-rat-3", target_id="aria")  # not its turn
    assert "waiting: 0.1" in run("end_subturn", subturn_id="9.9", outcome="x")["error"]
    assert run("end_subturn", subturn_id="0.1", outcome="it bites")["next"] is None
    assert "already done" in run("end_subturn", subturn_id="0.1", outcome="again")["error"]
    assert "'id: what it does'" in run("open_reaction_window", trigger="x", npc=["rat"])["error"]
    state.encounter = None
    assert "no fight" in run("open_reaction_window", trigger="x")["error"]


async def test_the_window_and_its_subturn_round_trip_through_an_openai_server() -> None:
    window = json.dumps({"trigger": "Giant Rat 1 lunges at Aria", "reactor_ids": ["aria"]})
    cast = json.dumps({"caster_id": "aria", "spell": "shield", "target_ids": []})
    end = json.dumps({"subturn_id": "1.1", "outcome": "Shield flares"})
    script = [
        Reply(text="The rat gathers itself.", tool_calls=[("open_reaction_window", window)],
              piece=7),
        Reply(tool_calls=[("cast_spell", cast), ("end_subturn", end)], piece=9),
        Reply(tool_calls=[("end_turn", "{}")]),
        Reply(text="A shimmer of force meets the rat's teeth."),
    ]  # fmt: skip
    with FakeOpenAI(script) as server:
        config = DMConfig(
            model="fake-model", base_url=server.base_url, api_key=SecretStr("k"),
            timeout=5, max_retries=1,
        )  # fmt: skip
        session, _ = fight([], {"aria": "Shield!"})
        session.brain = OpenAIBrain(config)
        events = [e async for e in session.process()]
    assert events[-1].type == "turn_end"
    offered = [{t["function"]["name"] for t in r["tools"]} for r in server.requests[:2]]
    assert "open_reaction_window" in offered[0] and "end_subturn" not in offered[0]
    assert "end_subturn" in offered[1]  # offered once a declaration waits for the DM
    opened = json.loads(server.requests[1]["messages"][-1]["content"])
    assert opened["reactions_to_resolve"][0]["declared"] == "Shield!"
    cast_result, ended = (json.loads(m["content"]) for m in server.requests[2]["messages"][-2:])
    assert cast_result["spell"] == "Shield" and ended["next"] is None
    aria = session.state.party["aria"]
    assert any(e.id == "shield" for e in aria.effects) and aria.spell_slots.remaining(1) == 3


def test_a_headless_transcript_says_which_reaction_lapsed_and_why() -> None:
    lapsed = ReactionSubturn(subturn="4.1", reactor_name="Aria", declared="I throw my cloak",
                             status="lapsed", outcome="the DM's turn ended first")  # fmt: skip
    assert render_event(lapsed) == (
        "  [reaction 4.1] Aria: “I throw my cloak” — lapsed: the DM's turn ended first"
    )


def test_a_creature_outside_the_fight_is_refused_as_a_reactor_and_the_fight_keeps_its_own() -> None:
    from app.actions.reaction_tools import OpenReactionWindowArgs, open_reaction_window_tool
    from app.actions.registry import ToolError
    from tests.referee_corpus import Situation, build_situation

    spec = {"campaign": "crossroads", "scene": "cellar", "flags": {"trapdoor_open": True},
            "fight": "cellar_rats", "turn": "mira"}  # fmt: skip
    state = build_situation(Situation.model_validate(spec))
    state.creatures["giant-rat-3"].scene = "inn"  # left behind in another scene
    state.encounter.order = [c for c in state.encounter.order if c.id != "giant-rat-3"]  # type: ignore[union-attr]
    state.encounter.economy.pop("giant-rat-3", None)  # type: ignore[union-attr]
    args = OpenReactionWindowArgs(trigger="the rat shrieks", reactor_ids=["giant-rat-3"])
    try:
        open_reaction_window_tool(args, state)
    except ToolError as refused:
        assert "not in this fight" in str(refused)
    else:
        raise AssertionError("a reactor from outside the fight was let in")
    assert "giant-rat-3" not in state.encounter.economy  # type: ignore[union-attr]
