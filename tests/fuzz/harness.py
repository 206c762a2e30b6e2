"""The fuzz suite's judge: every case is run under a time bound and given one verdict.

A fuzz case hands the game something a user could (a save, a campaign, a dice formula, a
config file, command-line arguments) and says what a correct game must do with it:

- ``refused`` — a clear error of the kinds the entry point promises (``SaveError``,
  ``CampaignError``, ``DiceError``, ``ConfigError``, a non-zero exit with a message);
- ``accepted`` — the input was sound (or a sound hand edit) and the game took it.

Anything else is a finding: a **traceback** (any other exception), a **hang** (the case ran
past its time bound), or a **silent accept** (the case knew the input was nonsense — a save
cut short, a deleted key, HP above maximum — and the game took it anyway). A finding fails
the test with the input that caused it; hypothesis then shrinks it.

Every verdict is counted in :data:`TALLY`; ``conftest.py`` prints the counts at the end of
the run, which is what ``make fuzz`` reports. ``DUNGEON_FUZZ=long`` (set by ``make fuzz``)
raises the number of examples per property from the bounded CI default.
"""

from __future__ import annotations

import os
import signal
import traceback
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from enum import StrEnum
from typing import Any

from hypothesis import HealthCheck, settings

LONG = os.environ.get("DUNGEON_FUZZ") == "long"
EXAMPLES = int(os.environ.get("DUNGEON_FUZZ_EXAMPLES", "2500" if LONG else "60"))
"""Examples per property: bounded in CI so ``make test`` stays fast, large in ``make fuzz``."""
SECONDS = 5.0
"""Default time bound per case; a case that needs longer is a hang."""


def fuzz_settings(examples: int | None = None) -> settings:
    """Hypothesis settings for a fuzz property (use as a decorator). ``examples`` scales
    with the mode: the CI count, or the long count in ``make fuzz``."""
    count = EXAMPLES if examples is None else (examples * 40 if LONG else examples)
    return settings(
        max_examples=count,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
    )


class Verdict(StrEnum):
    """What happened to one fuzz case."""

    ACCEPTED = "accepted"
    REFUSED = "refused"
    TRACEBACK = "traceback"
    HANG = "hang"
    SILENT_ACCEPT = "silent accept"


FINDINGS = (Verdict.TRACEBACK, Verdict.HANG, Verdict.SILENT_ACCEPT)
TALLY: Counter[tuple[str, Verdict]] = Counter()
"""``(kind, verdict) -> count`` over the whole run (this process)."""


class Hang(BaseException):
    """Raised inside a case that ran past its time bound. A ``BaseException`` so that no
    ``except Exception`` in the code under test can swallow it."""


@contextmanager
def time_bound(seconds: float) -> Iterator[None]:
    """Interrupt the block with :class:`Hang` after ``seconds`` (a real-time timer, so a
    blocking read of a FIFO is interrupted too). Main thread only, as signals are."""

    def expire(signum: int, frame: object) -> None:
        raise Hang(f"still running after {seconds:g} s")

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def judge(
    kind: str,
    case: Callable[[], Any],
    *,
    refusals: tuple[type[BaseException], ...],
    nonsense: bool = False,
    seconds: float = SECONDS,
    shown: object = None,
) -> Verdict:
    """Run one case and count its verdict; fail (``AssertionError``) on a finding.

    ``case`` raises one of ``refusals`` to refuse, or returns to accept. A case may also
    return :attr:`Verdict.REFUSED` itself (a CLI run that exited non-zero with a message).
    ``nonsense`` says the input must not be accepted. ``shown`` is what the failure message
    prints as the input (default: nothing beyond the kind).
    """
    try:
        with time_bound(seconds):
            result = case()
    except Hang as hang:
        verdict, detail = Verdict.HANG, str(hang)
    except refusals:
        verdict, detail = Verdict.REFUSED, ""
    except Exception:
        verdict, detail = Verdict.TRACEBACK, traceback.format_exc(limit=-8)
    else:
        refused = result is Verdict.REFUSED
        verdict = Verdict.REFUSED if refused else Verdict.ACCEPTED
        detail = ""
        if nonsense and not refused:
            verdict, detail = Verdict.SILENT_ACCEPT, "nonsense input was accepted"
    TALLY[(kind, verdict)] += 1
    if verdict in FINDINGS:
        raise AssertionError(f"{kind}: {verdict.value}: {detail}\ninput: {shown!r}"[:4000])
    return verdict


def summary() -> list[str]:
    """One line per kind plus a total: cases, how they ended, and the findings."""
    kinds = sorted({kind for kind, _ in TALLY})
    lines = []
    for kind in [*kinds, "all"]:
        counts = Counter[Verdict]()
        for (k, verdict), n in TALLY.items():
            if kind in ("all", k):
                counts[verdict] += n
        total = sum(counts.values())
        lines.append(
            f"{kind:<10} {total:>8,} cases: {counts[Verdict.REFUSED]:,} refused, "
            f"{counts[Verdict.ACCEPTED]:,} accepted · tracebacks {counts[Verdict.TRACEBACK]} · "
            f"hangs {counts[Verdict.HANG]} · silent accepts {counts[Verdict.SILENT_ACCEPT]}"
        )
    return lines
