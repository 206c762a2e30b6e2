"""Engine cost of a turn and the size of what the DM is sent, as a game grows long.

(a) Milliseconds of engine work per turn (context building, tool validation and execution,
    rules, bookkeeping) at turns 10, 100 and 1000 of a scripted session; the brain's own
    time is measured and subtracted.
(b) Prompt size per turn (characters and estimated tokens) at the same points, next to a
    naive "send the whole history" prompt built in the same run.
(c) The tool schemas' size in estimated tokens.

Run with ``make bench`` or ``python -m tests.benchmarks.bench_turn``. Measurements, not
pass/fail tests. Targets: < 5 ms per turn at turn 1000; prompt flat within 20% from turn
50 to 1000; tool schemas <= 1.5K tokens.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import time
from collections.abc import AsyncIterator
from typing import Any

from app.dm.brain import BrainReply, Message, TextDelta, ToolCall
from app.dm.events import Usage
from app.dm.prompts import SYSTEM
from app.dm.tools.sets import CAMPAIGN_EXPLORATION_TOOLS, COMBAT_TOOLS, EXPLORATION_TOOLS
from app.session.session import GameSession
from app.world.actions import PlayerAction
from app.world.sandbox import sandbox_state

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

    async def stream(
        self, messages: list[Message], tools: list[dict[str, Any]] | None
    ) -> AsyncIterator[TextDelta | BrainReply]:
        start = time.perf_counter()
        self.calls += 1
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


async def run(turns: int, checkpoints: list[int]) -> list[dict[str, float]]:
    brain = InstantBrain()
    session = GameSession(sandbox_state(seed=1), brain)
    rows = []
    window: list[float] = []
    for n in range(1, turns + 1):
        session.submit(PlayerAction(character_id="mira", text=f"I listen at the trapdoor ({n})"))
        brain_before = brain.seconds
        start = time.perf_counter()
        async for _ in session.process():
            pass
        engine = time.perf_counter() - start - (brain.seconds - brain_before)
        window.append(engine)
        if n in checkpoints:
            prompt = sum(len(str(m.get("content") or "")) for m in session.last_messages)
            last = window[-10:]
            rows.append(
                {
                    "turn": n,
                    "ms": sum(last) / len(last) * 1000,
                    "prompt": prompt,
                    "naive": naive_prompt_chars(session),
                    "delta": len(last_user(session).split("\n\nPlayers' actions")[0]),
                }
            )
    return rows


def main(argv: list[str] | None = None) -> list[dict[str, float]]:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--turns", type=int, default=1000)
    args = parser.parse_args(argv)
    checkpoints = [c for c in (10, 50, 100, 1000) if c <= args.turns] or [args.turns]
    rows = asyncio.run(run(args.turns, checkpoints))
    print(f"{'turn':>5} {'engine ms/turn':>15} {'prompt chars':>13} {'~tokens':>8} "
          f"{'naive chars':>12} {'naive/ours':>11}")  # fmt: skip
    for row in rows:
        print(
            f"{row['turn']:>5} {row['ms']:>15.3f} {row['prompt']:>13,.0f} "
            f"{tokens(int(row['prompt'])):>8,} {row['naive']:>12,.0f} "
            f"{row['naive'] / row['prompt']:>10.1f}x"
        )
    print(
        "deltas sent (chars): " + ", ".join(f"turn {r['turn']:.0f}: {r['delta']:.0f}" for r in rows)
    )
    later = [r["prompt"] for r in rows if r["turn"] >= 50]
    if len(later) > 1:
        print(f"prompt growth from turn 50 to {rows[-1]['turn']:.0f}: "
              f"{(max(later) / min(later) - 1) * 100:.1f}%")  # fmt: skip
    sets = (
        ("exploration", EXPLORATION_TOOLS),
        ("campaign exploration", CAMPAIGN_EXPLORATION_TOOLS),
        ("combat", COMBAT_TOOLS),
    )
    for name, tool_set in sets:
        size = len(json.dumps(tool_set.schemas(), separators=(",", ":")))
        count = len(tool_set.names)
        print(f"{name} tool schemas: {count} tools, {size:,} chars, ~{tokens(size):,} tokens")
    return rows


if __name__ == "__main__":
    main()
