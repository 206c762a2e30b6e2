"""Which authored challenges the players attempt themselves, and which only come as
another's ``next`` (the needle after a failed lock) — one reading, for every brain:

- a challenge no ``next`` leads to is attempted by the players with its words (or started
  by a trigger, a topic or a feature's effect);
- a challenge a chain from those reaches is a follow-up: it comes when the chain brings
  it, and is not attempted first;
- a challenge only reached in a loop nothing starts (a lock whose needle leads back to
  the lock) is attempted by the players with its words, as any other: a loop is no wall.
"""

from __future__ import annotations

from collections.abc import Iterable

from app.world.campaign import Campaign
from app.world.references import effects


def follow_ups(campaign: Campaign) -> set[str]:
    """The challenges that only come as another's ``next`` (see the module)."""
    challenges = campaign.challenges
    later = {eff.next for c in challenges.values() for eff in (c.success, c.failure) if eff.next}
    starts = [cid for cid in challenges if cid not in later]
    starts += [eff.next for where, _, eff in effects(campaign)
               if eff.next and not where.startswith("challenges.")]  # fmt: skip
    reached = _chained(campaign, starts)
    return {cid for cid in later if cid in reached and cid not in starts}


def _chained(campaign: Campaign, starts: Iterable[str]) -> set[str]:
    """The challenges ``starts`` are, and every one their chains can lead to."""
    challenges = campaign.challenges
    waiting, seen = list(starts), set()
    while waiting:
        cid = waiting.pop()
        if cid in seen or cid not in challenges:
            continue
        seen.add(cid)
        spec = challenges[cid]
        steps = (spec.success, spec.failure, spec.step_success, spec.step_failure)
        waiting += [eff.next for eff in steps if eff is not None and eff.next]
    return seen
