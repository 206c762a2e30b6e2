"""Sense checks of a loaded game's truth set (:mod:`app.world.truth`): what the event
system can never leave in a save — a score that is not a number or past its limit, a
ledger count behind the events the story holds, a queue or a judgment naming what the
campaign does not have (a campaign edited since the save).

Like the other checks (:mod:`app.saves.sanity`), a problem refuses the save with the key
and what is wrong, so nothing loads half-sane; a backup that passes is offered instead.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING

from app.saves.shape import Problem
from app.world.scores import LIMIT, known_key
from app.world.state import GameState

if TYPE_CHECKING:
    from app.world.campaign import Campaign

KEY = "state.truth"


def _newest_seq(state: GameState) -> int | None:
    """The ``seq`` of the newest event the game holds (the story's and this turn's).
    A game that has recorded none has none to look for: the story (read lazily, record by
    record) is then not read at all."""
    if state.truth.fresh:
        return state.truth.fresh[-1].seq
    if state.truth.seq == 0:
        return None
    for record in reversed(state.history):
        if record.events:
            return record.events[-1].seq
    return None


def check_truth(state: GameState) -> Iterator[Problem]:
    """The truth set on its own: numbers, counts and turns the event system could leave."""
    truth = state.truth
    for key, value in truth.scores.items():
        if not math.isfinite(value) or abs(value) > LIMIT:
            yield Problem(f"{KEY}.scores.{key}", f"{value!r} is not a score (from -{LIMIT:g} "
                          f"to {LIMIT:g})")  # fmt: skip
            break
    newest = _newest_seq(state)
    if newest is not None and truth.seq <= newest:
        yield Problem(f"{KEY}.seq", f"{truth.seq} is behind the events the story holds "
                      f"(the newest is {newest})")  # fmt: skip
    for name in ("turn_start", "scene_start"):
        if getattr(truth, name) > truth.seq:
            yield Problem(f"{KEY}.{name}", f"{getattr(truth, name)} is past seq ({truth.seq})")
    for prop, seen in truth.index.items():
        if seen.first > seen.last or seen.last >= max(truth.seq, 1) or seen.turn > state.turn:
            yield Problem(f"{KEY}.index.{prop}", "is not a time the game has reached")
            break
    for n, judgment in enumerate(truth.judgments):
        number = judgment.id.removeprefix("j")
        if not number.isdecimal() or int(number) > truth.judged or judgment.turn > state.turn:
            yield Problem(f"{KEY}.judgments.{n}", f"{judgment.id!r} is not a judgment made "
                          f"so far ({truth.judged} made, turn {state.turn})")  # fmt: skip
            break
    for name in ("deferred", "next_turn"):
        for n, held in enumerate(getattr(truth, name)):
            if held.seq > truth.seq:
                yield Problem(f"{KEY}.{name}.{n}.seq", f"{held.seq} is past seq ({truth.seq})")
                break
    for trigger, turn in truth.last_fired.items():
        if turn > state.turn:
            yield Problem(f"{KEY}.last_fired.{trigger}", f"{turn} is past the turn")
            break


def _first_unknown(
    key: str, ids: Iterable[str], known: Iterable[str], what: str
) -> Iterator[Problem]:
    pool = set(known)
    for index, item in enumerate(ids):
        if item not in pool:
            yield Problem(f"{key}.{index}", f"{item!r} is not {what}")
            return


def check_truth_campaign(state: GameState, campaign: Campaign) -> Iterator[Problem]:
    """The truth set against the campaign it plays: every trigger, scene, NPC, judgment
    and score it names is one the campaign has."""
    truth = state.truth
    firing = [*(t.id for t in campaign.all_triggers), *(o.id for o in campaign.offscreen)]
    for name in ("deferred", "next_turn"):
        held = [d.trigger for d in getattr(truth, name)]
        yield from _first_unknown(f"{KEY}.{name}", held, firing, "a trigger of the campaign")
    yield from _first_unknown(f"{KEY}.revised", truth.revised, firing, "a trigger of it")
    for trigger in truth.last_fired:
        if trigger not in firing:
            yield Problem(f"{KEY}.last_fired.{trigger}", "is not a trigger of the campaign")
            break
    for n, judgment in enumerate(truth.judgments):
        where = f"{KEY}.judgments.{n}"
        if judgment.scene not in campaign.scenes:
            yield Problem(f"{where}.scene", f"{judgment.scene!r} is not a scene of the campaign")
        elif judgment.about is not None and judgment.about not in campaign.npcs:
            yield Problem(f"{where}.about", f"{judgment.about!r} is not an NPC of the campaign")
        elif judgment.watch is not None and judgment.watch not in campaign.judgments:
            yield Problem(f"{where}.watch", f"{judgment.watch!r} is not a judgment of it")
        else:
            continue
        break
    for key in truth.scores:
        if not known_key(campaign, key):
            yield Problem(f"{KEY}.scores.{key}", "names no dimension of an NPC, nor a counter")
            break
    yield from _first_unknown(
        f"{KEY}.shifts", [s.npc for s in truth.shifts], campaign.npcs, "an NPC of the campaign"
    )
