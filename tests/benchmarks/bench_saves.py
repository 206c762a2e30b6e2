"""What a player waits for when a game is saved and loaded, at 10, 1,000 and 10,000 turns
of realistic play (a party of four, a story of varied turns, a full dice log; one row with
a fight going on), next to the old way measured in the same run.

- ``autosave``: the save after one more turn (one new record in the story), as
  ``save_game`` writes it: the new record appended to the story file, the small main file
  rewritten atomically with its backups rotated;
- ``+ckpt``: the same through the keeper the front ends use, with the turn's checkpoint
  kept beside the save (``Keeper.autosave(state, checkpoint=True)``);
- ``same``: saving a game identical to the one on disk (``/quit`` after an autosave);
- ``load``: ``load_save`` of the save (every check a load makes);
- ``main KB`` / ``story KB``: the two files' sizes;
- ``old``: the baseline — the whole state with its story inline, dumped as one TOML
  document (``tomli_w``) and written; and read back (``tomllib``) and validated.

Targets: autosave < 20 ms and load < 100 ms at 10,000 turns, roughly flat in the number
of turns. A measurement, not a pass/fail test.
"""

from __future__ import annotations

import argparse
import random
import tempfile
import time
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import tomli_w
from tomli_w import _writer as tomli_w_writer

from app.saves import load_save, save_game
from app.saves.story import STORY_FILE, story_folder
from app.session.keeping import Keeper
from app.world import tomltext
from app.world.chronicle import Chronicle
from app.world.state import GameState
from app.world.turnrecord import TurnRecord
from tests.benchmarks.long_game import long_game, story_record


def best(fn: Callable[[], object], repeat: int) -> float:
    """The fastest of ``repeat`` runs, in milliseconds."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times) * 1000


def old_document(state: GameState) -> dict[str, Any]:
    """The state with its story inline, as saves were before the story had its own file."""
    data = state.model_dump(mode="json", exclude_none=True)
    data["history"] = [r.model_dump(mode="json", exclude_none=True) for r in state.history]
    return {"schema_version": 4, "state": data}


def old_save(state: GameState, path: Path) -> None:
    # tomli_w as it comes: the game's faster quoting (app.world.tomltext) is not the old way
    quick = tomli_w_writer.format_string
    tomli_w_writer.format_string = tomltext._tomli_w_quote or quick
    try:
        path.write_text(tomli_w.dumps(old_document(state)), encoding="utf-8")
    finally:
        tomli_w_writer.format_string = quick


def old_load(path: Path) -> GameState:
    data = tomllib.loads(path.read_text(encoding="utf-8"))["state"]
    history = Chronicle(TurnRecord.model_validate(r) for r in data.pop("history"))
    state = GameState.model_validate(data)
    state.set_history(history)
    return state


def _one_more_turn(state: GameState, rng: random.Random) -> None:
    state.turn += 1
    state.history.append(story_record(state.turn, rng))


def measure(turns: int, fight: bool, repeat: int, where: Path) -> dict[str, float]:
    """One row of the table."""
    state = long_game(turns, fight=fight).state
    rng = random.Random(turns)
    name = f"bench{turns}{'f' if fight else ''}"
    save_game(state, name, where)  # the game as it was last saved

    def autosave() -> None:
        _one_more_turn(state, rng)
        save_game(state, name, where)

    keeper = Keeper(where, name)
    keeper.adopt(where / f"{name}.toml")

    def kept() -> None:
        _one_more_turn(state, rng)
        keeper.autosave(state, checkpoint=True)

    row: dict[str, float] = {"turns": turns, "fight": fight}
    row["save_ms"] = best(autosave, repeat)
    row["keeper_ms"] = best(kept, repeat)
    row["same_ms"] = best(lambda: save_game(state, name, where), repeat)
    row["load_ms"] = best(lambda: load_save(name, where), repeat)
    row["main_kb"] = (where / f"{name}.toml").stat().st_size / 1024
    story = story_folder(where / f"{name}.toml") / STORY_FILE
    row["story_kb"] = story.stat().st_size / 1024
    old = where / f"{name}.old.toml"
    slow = max(1, min(repeat, 3))  # the old way takes seconds at 10,000 turns
    row["old_save_ms"] = best(lambda: old_save(state, old), slow)
    row["old_load_ms"] = best(lambda: old_load(old), slow)
    row["old_kb"] = old.stat().st_size / 1024
    return row


def main(argv: list[str] | None = None) -> list[dict[str, float]]:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--turns", type=int, nargs="*", default=[10, 1000, 10000])
    parser.add_argument(
        "--fight", type=int, default=None, help="turns of the row with a fight (default: most)"
    )
    args = parser.parse_args(argv)
    plan = [(t, False) for t in args.turns]
    plan.append((args.fight if args.fight is not None else max(args.turns), True))
    print(
        f"{'turns':>13} {'autosave':>9} {'+ckpt':>7} {'same':>7} {'load':>7} {'main KB':>8} "
        f"{'story KB':>9} | {'old save':>9} {'old load':>9} {'old KB':>8} | "
        f"{'save x':>7} {'load x':>7}"
    )
    rows = []
    with tempfile.TemporaryDirectory() as folder:
        for turns, fight in plan:
            row = measure(turns, fight, args.repeat, Path(folder))
            rows.append(row)
            label = f"{turns:,}" + (" + fight" if fight else "")
            print(
                f"{label:>13} {row['save_ms']:>9.1f} {row['keeper_ms']:>7.1f} "
                f"{row['same_ms']:>7.1f} {row['load_ms']:>7.1f} {row['main_kb']:>8.0f} "
                f"{row['story_kb']:>9.0f} | {row['old_save_ms']:>9.1f} "
                f"{row['old_load_ms']:>9.1f} {row['old_kb']:>8.0f} | "
                f"{row['old_save_ms'] / row['save_ms']:>6.1f}x "
                f"{row['old_load_ms'] / row['load_ms']:>6.1f}x"
            )
    print(
        "ms, fastest of the runs. autosave = save_game after one more turn (story appended, "
        "main file atomic with backups); +ckpt = the keeper's autosave with the turn's "
        "checkpoint; same = an unchanged game; old = the whole state with its story inline as "
        "one TOML document (tomli_w; tomllib + validation). save x / load x: old ÷ new."
    )
    return rows


if __name__ == "__main__":
    main()
