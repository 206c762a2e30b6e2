"""Save and load time and file size at 10, 100 and 1000 turns, next to ``json.dumps`` /
``json.loads`` of the same state in the same run. A measurement, not a pass/fail test;
the aim is an autosave under 50 ms at turn 1000.

``save ms`` is the autosave after a turn (the game changed, so the file is rewritten and its
backups rotate); ``same ms`` is saving a game identical to the file on disk (``/quit`` right
after an autosave), which leaves the file as it is."""

from __future__ import annotations

import argparse
import json
import tempfile
import time
from functools import partial
from pathlib import Path

from app.saves import load_game, save_game
from app.session.setup import start_session
from app.world.campaign import CAMPAIGNS_DIR, load_campaign
from app.world.state import GameState, TurnRecord

NARRATION = "The fire crackles while Berta talks about the scratching below the floor. " * 6


def grown(turns: int) -> GameState:
    """A game with a history of ``turns`` turns (the summary stays bounded in play)."""
    state = start_session(load_campaign(CAMPAIGNS_DIR / "crossroads"), 1).state
    for n in range(1, turns + 1):
        state.history.append(
            TurnRecord(
                number=n,
                actions=[f"Mira: I look around ({n})"],
                narrative=NARRATION,
                rolls=[f"Mira: perception — 1d20 ({n % 20 + 1}) + 3"],
            )
        )
    state.turn = turns
    return state


def _json_dump(state: GameState) -> str:
    return json.dumps(state.model_dump(mode="json"))


def _json_load(text: str) -> GameState:
    return GameState.model_validate(json.loads(text))


def _after_a_turn(state: GameState, where: Path) -> None:
    state.turn += 1  # a changed game, as after every turn
    save_game(state, "bench", where)


def best(fn: object, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()  # type: ignore[operator]
        times.append(time.perf_counter() - start)
    return min(times) * 1000


def main(argv: list[str] | None = None) -> list[dict[str, float]]:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--turns", type=int, nargs="*", default=[10, 100, 1000])
    args = parser.parse_args(argv)
    rows = []
    print(
        f"{'turns':>6} {'save ms':>8} {'same ms':>8} {'load ms':>8} {'size KB':>8} "
        f"{'json dump ms':>13} {'json load ms':>13} {'json KB':>8} {'save/json':>10}"
    )
    with tempfile.TemporaryDirectory() as folder:
        where = Path(folder)
        for turns in args.turns:
            state = grown(turns)
            save_ms = best(partial(_after_a_turn, state, where), args.repeat)
            same_ms = best(partial(save_game, state, "bench", where), args.repeat)
            load_ms = best(partial(load_game, "bench", where), args.repeat)
            size = (where / "bench.toml").stat().st_size / 1024
            dump_ms = best(partial(_json_dump, state), args.repeat)
            text = _json_dump(state)
            jload_ms = best(partial(_json_load, text), args.repeat)
            rows.append({"turns": turns, "save_ms": save_ms, "load_ms": load_ms, "kb": size})
            print(
                f"{turns:>6} {save_ms:>8.1f} {same_ms:>8.1f} {load_ms:>8.1f} {size:>8.0f} "
                f"{dump_ms:>13.1f} {jload_ms:>13.1f} {len(text) / 1024:>8.0f} "
                f"{save_ms / dump_ms:>9.1f}x"
            )
    print(
        "save = TOML, atomic (temp file, fsync, rename) with backup rotation; json = "
        "json.dumps/json.loads + validation of the same state, in memory."
    )
    return rows


if __name__ == "__main__":
    main()
