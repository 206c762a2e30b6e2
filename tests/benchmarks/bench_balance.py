"""``dungeon balance`` throughput: fights per second, with and without a fight's log.

Figures side by side, measured in the same run:
- plain: a balance run as ``dungeon balance`` makes it (:func:`app.authoring.balance.run`,
  the options already read) — the baseline;
- ``--log N``: the same run keeping and rendering one fight's log, as the option does — the
  other fights pay nothing for it, so the ratio should stay near 1;
- every fight logged: each fight keeps its log and renders it to text — what the log costs
  a fight, an upper bound no command pays.
Scenarios: the shipped campaign's boss fight (a fresh party), a red dragon wyrmling (its
breath, recharge rolls and riders), and the rats' fight of a save, fought on from where the
save stopped (``--load``). Best of ``--repeat`` runs, taken in turns. A measurement, not a
pass/fail test.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

from app.authoring.balance import Lineup, fielded, named_foes, run, saved_fight
from app.referee.skirmish import fight, from_sheet
from app.referee.skirmish_log import FightLog, render
from app.world.campaign import Campaign
from app.world.campaignfile import load_campaign
from app.world.folders import CAMPAIGNS_DIR
from tests.app.saved_games import played


def _every_fight_logged(lineup: Lineup, fights: int, seed: int) -> None:
    """The balance loop with a log kept and rendered for every fight."""
    rng = random.Random(seed)
    sides = [from_sheet(s) for s in lineup.party], [fielded(f) for f in lineup.foes]
    for _ in range(fights):
        log: FightLog = []
        party, foes = [f.clone() for f in sides[0]], [f.clone() for f in sides[1]]
        fight(rng, party, foes, order=lineup.order, start=lineup.start,
              first_round=lineup.first_round, log=log)  # fmt: skip
        render(log)


def _rates(works: list[Callable[[], object]], fights: int, repeat: int) -> list[float]:
    """Fights per second of each way of running, the best of ``repeat`` runs; the ways take
    turns within each repeat, so a machine that slows down midway slows them all alike."""
    best = [float("inf")] * len(works)
    for _ in range(repeat):
        for i, work in enumerate(works):
            start = time.perf_counter()
            work()
            best[i] = min(best[i], time.perf_counter() - start)
    return [fights / seconds for seconds in best]


def scenarios(story: Campaign) -> list[tuple[str, Lineup]]:
    """The fights measured."""
    party = [story.character(c) for c in story.campaign.party]
    saved = played(4).state  # three turns in, and down into the rats' fight
    return [
        ("Grubnak's band (fresh party)", Lineup(party, named_foes(story, [("goblin_boss", 1,
                                                "Grubnak", None), ("goblin", 2, None, None)]))),
        ("red dragon wyrmling", Lineup(party, named_foes(story, [("red_dragon_wyrmling", 1,
                                                                  None, None)]))),
        ("a saved fight (--load)", saved_fight(saved, story, list(saved.party.values()))),
    ]  # fmt: skip


def main(argv: list[str] | None = None) -> list[tuple[str, float, float, float]]:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--fights", type=int, default=2000, help="fights per measurement")
    parser.add_argument("--repeat", type=int, default=3, help="runs per figure (best kept)")
    args = parser.parse_args(argv)
    story = load_campaign(CAMPAIGNS_DIR / "crossroads")
    n, repeat = args.fights, args.repeat
    print(
        f"{'scenario':<30} {'plain fights/s':>15} {'--log N':>9} {'ratio':>6} "
        f"{'all logged':>11} {'ratio':>6}"
    )
    rows = []
    for label, lineup in scenarios(story):
        plain, one, every = _rates(
            [
                lambda lineup=lineup: run(lineup, n, 1),
                lambda lineup=lineup: run(lineup, n, 1, shown=n // 2 or 1),
                lambda lineup=lineup: _every_fight_logged(lineup, n, 1),
            ],
            n,
            repeat,
        )
        rows.append((label, plain, one, every))
        print(
            f"{label:<30} {plain:>15,.0f} {one:>9,.0f} {one / plain:>5.2f}x "
            f"{every:>11,.0f} {every / plain:>5.2f}x"
        )
    print("ratio: against plain, the same fights in the same run (1.00x: no cost).")
    return rows


if __name__ == "__main__":
    main()
