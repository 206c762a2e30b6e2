"""The trigger engine's watch over one campaign (:mod:`app.world.factwatch`): every
condition it checks — triggers, scene goals, endings — and what the engine itself reads
besides (which triggers fired, are queued or hold, whose turn it is for a refractory one).
A check whose reading is one a check already found nothing to do in is not made again.

A watch is kept per campaign object and made again when its triggers, goals or endings
are not the ones it was made for (a campaign edited in place), so it never reads an old
set of conditions."""

from __future__ import annotations

from operator import attrgetter
from typing import Any

from app.world.campaign import Campaign
from app.world.factwatch import Probe, Watch, watch_of
from app.world.when import Fact

MOST_CAMPAIGNS = 8
"""Campaigns whose watch is kept (a game has one; a test run loads many)."""

_WATCHES: dict[int, tuple[Campaign, tuple[Any, ...], Watch | None]] = {}
"""By campaign identity: the campaign (kept alive, so its identity is not reused), the
shape of its conditions the watch was made for, and the watch (``None``: unwatchable)."""


_TRIGGER = attrgetter("when", "once", "refractory")
_ENDING = attrgetter("when", "defeat")


def _shape(campaign: Campaign) -> tuple[Any, ...]:
    """Which conditions the engine checks, and how: a change to any of them (a trigger
    added, replaced or made repeatable, a goal or an ending changed) makes a new watch.
    Made of the objects themselves: comparing them is asking whether they are the same
    ones, which is quick."""
    triggers = campaign.all_triggers
    goals = [g for s in campaign.scenes.values() for g in s.goals.items()]
    endings = campaign.endings
    return (
        campaign.scenes, tuple(triggers), tuple(map(_TRIGGER, triggers)), tuple(goals),
        tuple([g.when for _, g in goals]), tuple(endings), tuple(map(_ENDING, endings)),
        campaign.events, campaign.events.min_confidence,  # how sure a judgment must be
    )  # fmt: skip


def _engine(campaign: Campaign) -> list[Probe]:
    """What the trigger engine reads besides the conditions."""
    probes: list[Probe] = [
        lambda s: s.scene.id,  # whose goals are checked
        lambda s: s.ending,
        lambda s: s.encounter is None,  # an ending waits for a fight that is over to end
        lambda s: tuple(s.fired_triggers.items()),
        lambda s: tuple(s.triggers_holding),
        lambda s: tuple([d.trigger for d in s.truth.deferred]),
        lambda s: tuple([d.trigger for d in s.truth.next_turn]),
    ]
    if any(not t.once and t.refractory for t in campaign.all_triggers):
        probes += [lambda s: s.turn, lambda s: tuple(s.truth.last_fired.items())]
    return probes


def watch_for(campaign: Campaign) -> Watch | None:
    """The watch over the campaign's conditions as they are now (``None`` when one of
    them cannot be watched: then every check is made)."""
    shape = _shape(campaign)
    kept = _WATCHES.get(id(campaign))
    if kept is not None and kept[0] is campaign and kept[1] == shape:
        return kept[2]
    conditions: list[Fact] = [t.when for t in campaign.all_triggers]
    for scene in campaign.scenes.values():
        for gid, goal in scene.goals.items():
            conditions += [goal.when, Fact(goal=gid)]  # its condition, and whether it is met
    conditions += [e.when for e in campaign.endings if e.when is not None]
    watch = watch_of(conditions, _engine(campaign))
    _WATCHES.pop(id(campaign), None)
    _WATCHES[id(campaign)] = (campaign, shape, watch)
    while len(_WATCHES) > MOST_CAMPAIGNS:
        del _WATCHES[next(iter(_WATCHES))]
    return watch
