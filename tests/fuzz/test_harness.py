"""The judge itself: it tells a refusal from a traceback, a hang and a silent accept."""

from __future__ import annotations

import contextlib
import time
from collections.abc import Iterator

import pytest

from tests.fuzz.harness import TALLY, Verdict, judge


@pytest.fixture(autouse=True)
def _keep_the_tally() -> Iterator[None]:
    """The judge's own tests make findings on purpose: keep them out of the run's counts."""
    saved = TALLY.copy()
    yield
    TALLY.clear()
    TALLY.update(saved)


def test_a_refusal_and_an_acceptance_are_counted() -> None:
    def refuse() -> None:
        raise ValueError("bad input")

    before = TALLY[("harness", Verdict.REFUSED)]
    assert judge("harness", refuse, refusals=(ValueError,)) is Verdict.REFUSED
    assert judge("harness", lambda: None, refusals=(ValueError,)) is Verdict.ACCEPTED
    assert judge("harness", lambda: Verdict.REFUSED, refusals=(), nonsense=True) is Verdict.REFUSED
    assert TALLY[("harness", Verdict.REFUSED)] == before + 2


def test_findings_fail_the_case() -> None:
    def crash() -> None:
        raise KeyError("scene")

    with pytest.raises(AssertionError, match="traceback"):
        judge("harness", crash, refusals=(ValueError,))
    with pytest.raises(AssertionError, match="silent accept"):
        judge("harness", lambda: None, refusals=(ValueError,), nonsense=True)
    with pytest.raises(AssertionError, match="hang"):
        judge("harness", lambda: time.sleep(5), refusals=(), seconds=0.05)

    # a hang cannot be swallowed by the code under test
    def stubborn() -> None:
        with contextlib.suppress(Exception):
            time.sleep(5)

    with pytest.raises(AssertionError, match="hang"):
        judge("harness", stubborn, refusals=(), seconds=0.05)
