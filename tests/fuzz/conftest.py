"""Print the fuzz tally at the end of a run that included fuzz cases (``make fuzz``)."""

from __future__ import annotations

import pytest

from tests.fuzz.harness import TALLY, summary


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """The counts ``make fuzz`` reports: cases tried and every kind of finding."""
    if TALLY:
        terminalreporter.section("fuzz")
        for line in summary():
            terminalreporter.write_line(line)
