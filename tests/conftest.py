"""Suite-wide isolation: no test may pick up a developer's real DM settings or key."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import settings
from textual import _wait

# Property tests run the same examples every time (a failure reproduces on any machine)
# and never fail on wall-clock deadlines, which depend on how busy the machine is.
settings.register_profile("dungeon", derandomize=True, deadline=None, print_blob=True)
settings.load_profile("dungeon")

# A key pressed through Textual's pilot waits until the process looks idle, sleeping in steps of
# 20 ms, twice per key: typing a sentence cost a second, and the screens' tests spent about
# half their time asleep. Our tests never count on that sleep (they wait for what they mean:
# ``app.tui.driving``), so the pilot looks for idleness four times as often.
_wait.SLEEP_GRANULARITY = 0.005
_wait.SLEEP_IDLE = _wait.SLEEP_GRANULARITY / 20

# Python's collector looks for cycles after every 700 new objects, and through everything
# alive (thousands of tests' objects, a screen's widgets) after a hundred such looks: the
# screens' tests spent a fifth of their time in it, the others about a tenth. The suite
# collects after every 10,000 (what a test leaves behind is still collected, a little
# later; a worker holds about as much memory).
gc.set_threshold(10_000, 10, 10)


@pytest.fixture(autouse=True)
def _no_real_dm(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[None]:
    for name in (
        "DUNGEON_DM_MODEL", "DUNGEON_DM_BASE_URL", "DUNGEON_DM_API_KEY",
        "OPENAI_API_KEY", "OPENAI_BASE_URL",
    ):  # fmt: skip
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("DUNGEON_CONFIG", str(tmp_path / "no-config.toml"))
    monkeypatch.chdir(tmp_path)  # autosaves and other files land in the test's own folder
    # a save that falls back to the platform's data folder lands in the test's folder too
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data-home"))
    yield


def pytest_sessionfinish(session: pytest.Session) -> None:
    """A worker's last act is quick. After a worker reports its tests done, pytest's own
    clean-up collects garbage five times over a heap of thousands of tests' objects, and the
    controller interrupts (SIGINT) a worker still busy five seconds later: on a loaded
    machine the interrupt lands inside hypothesis's garbage-collection timer and prints a
    ``KeyboardInterrupt`` traceback under a green run. Frozen, the heap is not walked again
    (the process is about to exit), so the clean-up ends at once."""
    import os

    if os.environ.get("PYTEST_XDIST_WORKER"):
        gc.freeze()
