"""Flags the validator follows from every side: each place that reads one (an exit's
``requires_flag``, a ``flag`` or ``met`` atom in any condition: triggers, endings, exits
and their variants, scene, feature and NPC variants, appearances, goals, off-screen
changes) and each place that sets one (``set_flags`` in challenge outcomes, triggers and
off-screen changes; ``met_<npc>`` when the party first speaks with someone).

A flag read but never set, or never set to the value a condition waits for, makes that
condition silently false forever; a flag set but never read changes nothing. Both are
warnings: the game runs, but not as the author meant.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterator
from typing import TYPE_CHECKING

from app.world.references import Problem, effects, facts, whens

if TYPE_CHECKING:
    from app.world.campaign import Campaign
    from app.world.spec import FlagValue


def flag_reads(campaign: Campaign) -> Iterator[tuple[str, str, FlagValue | None]]:
    """(key path, flag, value waited for or None for any truthy one) of every read."""
    for sid, scene in campaign.scenes.items():
        for n, exit_ in enumerate(scene.exits):
            if exit_.requires_flag:
                yield f"scenes.{sid}.exits[{n}].requires_flag", exit_.requires_flag, None
    for where, when in whens(campaign):
        for fact in facts(when):
            if fact.flag:
                yield where, fact.flag, fact.equals
            if fact.met:  # met: the met_<npc> flag (or having spoken with them)
                yield where, f"met_{fact.met}", None


def flag_writes(campaign: Campaign) -> Iterator[tuple[str, str, FlagValue]]:
    """(key path, flag, value) of every setting an effect makes."""
    for where, _, eff in effects(campaign):
        for flag, value in eff.set_flags.items():
            yield f"{where}.set_flags.{flag}", flag, value


def _shown(values: list[FlagValue]) -> str:
    return ", ".join(sorted({repr(v) for v in values}))


def flag_problems(campaign: Campaign) -> list[Problem]:
    """Flags read but never set (or never to the value read), and flags set but never
    read, each at the place to mend, with a did-you-mean for a near name."""
    written: dict[str, list[FlagValue]] = {f"met_{nid}": [True] for nid in campaign.npcs}
    for _, flag, set_to in flag_writes(campaign):
        written.setdefault(flag, []).append(set_to)
    problems: list[Problem] = []
    read: set[str] = set()
    known = sorted(written)
    for where, flag, value in flag_reads(campaign):
        read.add(flag)
        values = written.get(flag)
        if values is None:
            message = f"nothing sets flag {flag!r} (no set_flags in any effect)"
            near = difflib.get_close_matches(flag, known, n=1, cutoff=0.6)
            message += f" — did you mean {near[0]!r}?" if near else ""
        elif value is not None and value not in values:
            message = f"flag {flag!r} is never set to {value!r} (only to {_shown(values)})"
        elif value is None and not any(values):
            message = f"flag {flag!r} is only ever set to {_shown(values)}, which never holds"
        else:
            continue
        problems.append(Problem("unknown flag", where, message, subject=f"flag:{flag}"))
    unset = sorted(read - set(written))  # a misspelt setting leaves its flag unset
    for where, flag, _ in flag_writes(campaign):
        if flag not in read:
            message = f"flag {flag!r} is set but no condition or exit reads it"
            near = difflib.get_close_matches(flag, unset, n=1, cutoff=0.6)
            message += f" — did you mean {near[0]!r}?" if near else ""
            problems.append(Problem("unread flag", where, message, subject=f"flag:{flag}"))
    return problems
