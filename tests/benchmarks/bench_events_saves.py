"""What the ledger costs a save: autosave (the keeper's, after one more turn), load time
and save size of a long game whose story holds a 10,000-event ledger, next to the same
game without a ledger, in the same run. Prints each and the ratio with / without.
Target: autosave < 50 ms with the ledger. A measurement, not a pass/fail test.

The ledger is written as play writes it (``state.log_event``: a speech, the DM's tool
calls, the world changes they make, now and then a scene change, an arrival, a judgment
or a trigger), so the truth set's index grows as it does in play; each turn's events go
into its record, as a finished turn's do.
"""

from __future__ import annotations

import argparse
import random
import tempfile
from pathlib import Path

from app.saves import load_save
from app.saves.story import STORY_FILE, story_folder
from app.session.keeping import Keeper
from app.world.ledger import (
    ActionPerformed,
    CharacterArrival,
    JudgmentMade,
    LedgerEvent,
    SpeechAct,
    TriggerFired,
    WorldStateChanged,
)
from app.world.state import GameState
from app.world.truth import Truth
from tests.benchmarks.bench_saves import best
from tests.benchmarks.long_game import long_game, story_record

WHO = ["mira", "thorin", "aria", "brunna"]
NPCS = ["berta", "tam", "grubnak"]
TOOLS = ["attack", "attempt_challenge", "talk_to", "set_flag", "change_item", "end_turn"]


def turn_events(rng: random.Random, n: int) -> list[LedgerEvent]:
    """A turn's events, as a game with an AI DM writes them."""
    who, npc = rng.choice(WHO), rng.choice(NPCS)
    events: list[LedgerEvent] = [
        SpeechAct(speaker=who, addressee=npc, words="Where did the goblins take him? " * 2)
    ]
    for _ in range(rng.randint(1, 3)):
        tool = rng.choice(TOOLS)
        events.append(ActionPerformed(actor=who, action=tool, target=f"goblin-{rng.randint(1, 3)}",
                                      detail="hit=True, damage=7"))  # fmt: skip
        hurt = f"hp.goblin-{rng.randint(1, 3)}"
        events.append(WorldStateChanged(key=hurt, old="7/7 HP", new="0/7 HP, dead",
                                        text="Goblin takes 7 damage"))  # fmt: skip
    if n % 7 == 0:
        events.append(CharacterArrival(character=npc))
    if n % 5 == 0:
        events.append(JudgmentMade(judgment=f"j{n}", watch="berta_reassured",
                                   category="trust_shift", about=npc, confidence=0.7))  # fmt: skip
    if n % 11 == 0:
        events.append(TriggerFired(trigger="tam_found", tier="scene"))
    return events


def ledgered(events: int, seed: int = 1) -> tuple[GameState, GameState]:
    """The same long game with a ledger of ``events`` events and without one."""
    rng = random.Random(seed)
    with_ledger = long_game(0, seed=seed).state
    with_ledger.truth = Truth()
    n = 0
    while with_ledger.truth.seq < events:
        n += 1
        with_ledger.turn = n
        for event in turn_events(rng, n):
            with_ledger.log_event(event)
        record = story_record(n, rng)
        with_ledger.history.append(
            record.model_copy(update={"events": with_ledger.truth.take_fresh()})
        )
    without = long_game(0, seed=seed).state
    without.truth = Truth()
    without.turn = n
    for record in with_ledger.history:
        without.history.append(record.model_copy(update={"events": []}))
    return with_ledger, without


def measure(
    state: GameState, name: str, where: Path, repeat: int, ledger: bool
) -> dict[str, float]:
    """The keeper's autosave after one more turn, the load, and the sizes."""
    rng = random.Random(3)
    keeper = Keeper(where, name)
    keeper.autosave(state, checkpoint=True)  # the game as it was last saved

    def one_more_turn() -> None:
        state.turn += 1
        if ledger:
            for event in turn_events(rng, state.turn):
                state.log_event(event)
        record = story_record(state.turn, rng)
        state.history.append(record.model_copy(update={"events": state.truth.take_fresh()}))
        keeper.autosave(state, checkpoint=True)

    path = where / f"{name}.toml"
    row: dict[str, float] = {"events": state.truth.seq, "turns": len(state.history)}
    row["autosave_ms"] = best(one_more_turn, repeat)
    row["load_ms"] = best(lambda: load_save(name, where), repeat)
    row["main_kb"] = path.stat().st_size / 1024
    row["story_kb"] = (story_folder(path) / STORY_FILE).stat().st_size / 1024
    return row


def run(events: int = 10_000, repeat: int = 5) -> list[dict[str, float]]:
    """Both rows (with the ledger, then without), printed as a table with the ratios."""
    with_ledger, without = ledgered(events)
    with tempfile.TemporaryDirectory() as folder:
        where = Path(folder)
        rows = [
            measure(with_ledger, "ledger", where, repeat, ledger=True),
            measure(without, "plain", where, repeat, ledger=False),
        ]
    head = f"{'':>10} {'events':>7} {'turns':>6} {'autosave':>9} {'load':>8} {'main KB':>8} "
    print(head + f"{'story KB':>9}")
    for label, row in zip(("ledger", "no ledger"), rows, strict=True):
        print(f"{label:>10} {row['events']:>7.0f} {row['turns']:>6.0f} "
              f"{row['autosave_ms']:>7.1f}ms {row['load_ms']:>6.1f}ms {row['main_kb']:>8.1f} "
              f"{row['story_kb']:>9.1f}")  # fmt: skip
    a, b = rows
    print(f"{'ratio':>10} {'':>7} {'':>6} {a['autosave_ms'] / b['autosave_ms']:>8.2f}x "
          f"{a['load_ms'] / b['load_ms']:>7.2f}x {a['main_kb'] / b['main_kb']:>7.2f}x "
          f"{a['story_kb'] / b['story_kb']:>8.2f}x")  # fmt: skip
    print("ms: fastest of the runs; autosave = the keeper's, with a checkpoint, after one more "
          "turn; target: autosave < 50 ms with the ledger.")  # fmt: skip
    return rows


def main(argv: list[str] | None = None) -> list[dict[str, float]]:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--events", type=int, default=10_000)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args(argv)
    return run(args.events, args.repeat)


if __name__ == "__main__":
    main()
