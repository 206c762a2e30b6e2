"""What saving every change of turn costs: a hotseat round of three players (two
declarations that change hands, the third that runs the offline referee's turn, then the
autosave after it) with and without a save after each of the first two declarations, at
turn 10 and turn 1000 of a game. Prints the time of one save after a declaration and the
round's time both ways, and their ratio. A measurement, not a pass/fail test."""

from __future__ import annotations

import argparse
import asyncio
import tempfile
import time
from pathlib import Path

from app.saves import save_game
from app.session.session import GameSession
from app.session.setup import start_session
from app.world.actions import PlayerAction
from app.world.campaignfile import load_campaign
from app.world.folders import CAMPAIGNS_DIR
from app.world.turnrecord import TurnRecord

SEATS = {"Ana": ["mira"], "Ben": ["thorin"], "Cy": ["aria"]}
NARRATION = "The fire crackles while Berta talks about the scratching below the floor. " * 6


def table(turns: int) -> GameSession:
    """A three-player game with a history of ``turns`` turns."""
    campaign = load_campaign(CAMPAIGNS_DIR / "crossroads")
    session = start_session(campaign, 1, players={k: list(v) for k, v in SEATS.items()})
    state = session.state
    for n in range(1, turns + 1):
        state.history.append(
            TurnRecord(number=n, actions=[f"Mira: I look around ({n})"], narrative=NARRATION)
        )
    state.turn = turns
    return session


async def _round(session: GameSession, where: Path, every_change: bool) -> float:
    """One round; returns the fastest save after a declaration, in milliseconds."""
    fastest = float("inf")
    for player, ids in SEATS.items():
        action = PlayerAction(character_id=ids[0], text="I look around", player=player)
        assert session.submit(action)
        if every_change and not session.can_advance():
            start = time.perf_counter()
            save_game(session.state, "bench", where)
            fastest = min(fastest, time.perf_counter() - start)
    async for _ in session.run_until_players():
        pass
    save_game(session.state, "bench", where)  # the autosave after the DM's turn
    return fastest * 1000


def measure(turns: int, rounds: int, where: Path, every_change: bool) -> tuple[float, float]:
    """(best round ms, best ms of one save after a declaration) over ``rounds`` rounds."""
    session = table(turns)
    best, save = float("inf"), float("inf")
    for _ in range(rounds):
        start = time.perf_counter()
        save = min(save, asyncio.run(_round(session, where, every_change)))
        best = min(best, (time.perf_counter() - start) * 1000)
    return best, save


def main(argv: list[str] | None = None) -> list[dict[str, float]]:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--turns", type=int, nargs="*", default=[10, 1000])
    args = parser.parse_args(argv)
    rows = []
    print(f"{'turns':>6} {'save ms':>8} {'round ms':>9} {'+saves ms':>10} {'ratio':>7}")
    with tempfile.TemporaryDirectory() as folder:
        where = Path(folder)
        for turns in args.turns:
            plain, _ = measure(turns, args.rounds, where, every_change=False)
            saving, one = measure(turns, args.rounds, where, every_change=True)
            rows.append({"turns": turns, "save_ms": one, "round_ms": plain, "saving_ms": saving})
            print(f"{turns:>6} {one:>8.1f} {plain:>9.1f} {saving:>10.1f} {saving / plain:>6.2f}x")
    print(
        "save = one atomic save after a declaration; round = three declarations, the "
        "referee's turn and its autosave; +saves = the same round saving every change of turn."
    )
    return rows


if __name__ == "__main__":
    main()
