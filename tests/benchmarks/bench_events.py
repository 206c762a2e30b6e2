"""The event system's costs, each printed as a ratio to a baseline measured in the same run.

Sections:

- **(b) trigger evaluation**: one check of the triggers (``run_triggers``) with 100 / 500 /
  2,000 triggers of mixed conditions — flags, temporal atoms (``happened`` within a span,
  ``after``, ``spoke_to``), scores, presence, thresholds and judgments — over a truth set
  built from 10,000 ledger events. Baseline: the same number of triggers whose conditions
  are plain flags. The aim is under 2 ms at 500.
- **(d) the scene boundary**: the whole pipeline (a queue of deferred firings, the ripple
  through a social graph of 50 NPCs, off-screen changes, damping) against a boundary with
  nothing queued.

Other sections live in their own modules and are run from here when present (see
:data:`SECTIONS`): (a) sensitivity matching, ``bench_events_matching``; (c) saves,
``bench_events_saves``. Each has ``main(argv) -> rows``, accepts ``--quick`` (tiny
sizes, for the test suite) and prints its own figures.
A measurement, not a pass/fail test.
"""

from __future__ import annotations

import argparse
import importlib
import random
import time
from collections.abc import Callable
from typing import Any

from app.session.boundary import scene_boundary
from app.session.triggers import run_triggers
from app.world.campaign import Campaign, OffscreenSpec, TriggerSpec
from app.world.campaignfile import load_campaign
from app.world.challengespec import Effects
from app.world.folders import CAMPAIGNS_DIR
from app.world.ledger import Examination, GoalCompleted, SpeechAct, TriggerFired
from app.world.newgame import new_game
from app.world.npcspec import NPCSpec
from app.world.state import GameState
from app.world.truth import Deferred, Judgment, Shift
from app.world.when import Fact

SECTIONS = ("tests.benchmarks.bench_events_matching", "tests.benchmarks.bench_events_saves")
"""Sections (a) and (c), run after this module's own when their modules exist."""
NPCS = 50


def _world(npcs: int = NPCS, seed: int = 1) -> GameState:
    state = new_game(load_campaign(CAMPAIGNS_DIR / "crossroads"), seed=seed)
    campaign = _campaign(state)
    rng = random.Random(seed)
    names = [f"npc{n}" for n in range(npcs)]
    for name in names:
        others = rng.sample([n for n in names if n != name], 3)
        ties = {other: round(rng.uniform(0.3, 0.9), 2) for other in others}
        campaign.npcs[name] = NPCSpec(name=name.title(), greeting="Hm.", ties=ties)
    return state


def _campaign(state: GameState) -> Campaign:
    campaign = state.campaign
    assert campaign is not None
    return campaign


def _history(state: GameState, events: int, seed: int = 2) -> None:
    """A long game's truth set: ``events`` ledger events over many turns and scenes."""
    rng = random.Random(seed)
    npcs = [n for n in _campaign(state).npcs if n.startswith("npc")]
    for n in range(events):
        if n % 25 == 0:
            state.turn += 1
            state.truth.turn_start = state.truth.seq
        if n % 400 == 0:
            state.truth.scene_start = state.truth.seq
        roll = rng.random()
        if roll < 0.5:
            event: Any = SpeechAct(speaker="mira", addressee=rng.choice(npcs), words="Well met")
        elif roll < 0.8:
            event = Examination(actor="thorin", target=f"thing{rng.randrange(200)}")
        elif roll < 0.95:
            event = TriggerFired(trigger=f"old{rng.randrange(300)}")
        else:
            event = GoalCompleted(goal=f"goal{rng.randrange(50)}")
        state.log_event(event)
    state.truth.take_fresh()  # older turns' events live in the story file
    for n in range(20):
        state.truth.judgments.append(
            Judgment(id=f"j{n}", turn=state.turn, scene=state.scene.id, category="tone",
                     watch=f"w{n % 10}", confidence=rng.uniform(0.3, 0.95))
        )  # fmt: skip


def _condition(rng: random.Random, npcs: list[str]) -> dict[str, Any]:
    """A mixed condition, mostly false (as most of a campaign's triggers are at a time)."""
    kind = rng.randrange(8)
    npc = rng.choice(npcs)
    if kind == 0:
        return {"flag": f"f{rng.randrange(100)}"}
    if kind == 1:
        return {"happened": f"fired.old{rng.randrange(400)}", "within": rng.randrange(1, 5)}
    if kind == 2:
        return {
            "happened": f"goal.goal{rng.randrange(50)}",
            "after": f"fired.old{rng.randrange(300)}",
        }
    if kind == 3:
        return {"spoke_to": npc, "within": "scene"}
    if kind == 4:
        return {"compare": f"trust.{npc} >= {rng.randrange(2, 9)}"}
    if kind == 5:
        return {"judged": f"w{rng.randrange(12)}", "confidence": 0.9}
    parts = [{"examined": f"thing{rng.randrange(400)}"}, {"judged": f"w{rng.randrange(12)}"},
             {"present": npc}, {"flag": f"f{rng.randrange(100)}"}]  # fmt: skip
    if kind == 6:
        return {"threshold": {"min": 3.5, "of": parts}}
    return {"all": [{"not": {"flag": "f0"}}, {"any": parts[:2]}, {"visited": "cellar"}]}


def _triggers(state: GameState, count: int, *, plain: bool, seed: int = 3) -> None:
    rng = random.Random(seed)
    npcs = [n for n in _campaign(state).npcs if n.startswith("npc")]
    made = []
    for n in range(count):
        when = {"flag": f"never{n}"} if plain else _condition(rng, npcs)
        made.append(
            TriggerSpec(id=f"t{n}", when=Fact.model_validate(when), once=n % 3 != 0,
                        effects=Effects(set_flags={f"did{n}": True}))
        )  # fmt: skip
    _campaign(state).triggers = made


def _per_pass(state: GameState, passes: int) -> float:
    """Milliseconds per check of the triggers, once the first check has fired what holds."""
    run_triggers(state, "after_tools")
    start = time.perf_counter()
    for _ in range(passes):
        run_triggers(state, "after_tools")
    return (time.perf_counter() - start) * 1000 / passes


def bench_triggers(sizes: list[int], events: int, passes: int) -> list[dict[str, Any]]:
    """(b) trigger evaluation per check, against plain-flag triggers of the same count."""
    rows = []
    base_state = _world()
    _history(base_state, events)
    print(f"(b) trigger evaluation over a truth set from {events:,} ledger events")
    for size in sizes:
        state = base_state.model_copy(deep=True)
        _triggers(state, size, plain=False)
        mixed = _per_pass(state, passes)
        plain_state = base_state.model_copy(deep=True)
        _triggers(plain_state, size, plain=True)
        plain = _per_pass(plain_state, passes)
        rows.append({"triggers": size, "ms": mixed, "plain_ms": plain, "ratio": mixed / plain})
        print(f"  {size:>5} triggers: {mixed:7.3f} ms a check  "
              f"(plain flags {plain:6.3f} ms, ×{mixed / plain:.2f})")  # fmt: skip
    return rows


def _boundary_state(shifts: int, deferred: int) -> GameState:
    state = _world()
    campaign = _campaign(state)
    npcs = [n for n in campaign.npcs if n.startswith("npc")]
    rng = random.Random(4)
    for n in range(deferred):
        campaign.triggers.append(
            TriggerSpec(id=f"late{n}", when=Fact(flag=f"never{n}"), tier="deferred",
                        effects=Effects(set_flags={f"late{n}": True}))
        )  # fmt: skip
        state.truth.deferred.append(Deferred(trigger=f"late{n}", seq=n))
    for n in range(shifts):
        npc = rng.choice(npcs)
        state.truth.shifts.append(
            Shift(npc=npc, dimension="trust", delta=rng.choice([-2, 2]), seq=n)
        )
    for n in range(5):
        campaign.offscreen.append(
            OffscreenSpec(id=f"away{n}", effects=Effects(shift={f"affection.{npcs[n]}": 1}))
        )
    state.scene.id = "old_road"
    return state


def _boundary_ms(template: GameState, runs: int) -> float:
    total = 0.0
    for _ in range(runs):
        state = template.model_copy(deep=True)
        start = time.perf_counter()
        scene_boundary(state, "inn")
        total += time.perf_counter() - start
    return total * 1000 / runs


def bench_boundary(runs: int, shifts: int, deferred: int) -> dict[str, Any]:
    """(d) the scene boundary pipeline, against one with nothing to do."""
    full = _boundary_ms(_boundary_state(shifts, deferred), runs)
    empty_state = _world()
    empty_state.scene.id = "old_road"
    empty = _boundary_ms(empty_state, runs)
    print(f"(d) scene boundary, {NPCS} NPCs tied, {shifts} shifts, {deferred} deferred: "
          f"{full:.3f} ms (empty boundary {empty:.3f} ms, ×{full / empty:.1f})")  # fmt: skip
    return {"ms": full, "empty_ms": empty, "ratio": full / empty}


def _sections(quick: bool) -> list[tuple[str, Any]]:
    found: list[tuple[str, Any]] = []
    for name in SECTIONS:
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as missing:
            if missing.name != name:
                raise
            continue
        section: Callable[[list[str]], Any] = module.main
        found.append((name, section(["--quick"] if quick else [])))
    return found


def main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0] if __doc__ else None)
    parser.add_argument("--sizes", type=int, nargs="+", default=[100, 500, 2000])
    parser.add_argument("--events", type=int, default=10_000)
    parser.add_argument("--passes", type=int, default=50)
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--shifts", type=int, default=20)
    parser.add_argument("--deferred", type=int, default=100)
    parser.add_argument("--quick", action="store_true", help="tiny sizes (for the test suite)")
    args = parser.parse_args(argv)
    return {
        "triggers": bench_triggers(args.sizes, args.events, args.passes),
        "boundary": bench_boundary(args.runs, args.shifts, args.deferred),
        "sections": _sections(args.quick),
    }


if __name__ == "__main__":
    main()
