"""Suite-wide isolation: no test may pick up a developer's real DM settings or key."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import settings

# Property tests run the same examples every time (a failure reproduces on any machine)
# and never fail on wall-clock deadlines, which depend on how busy the machine is.
settings.register_profile("dungeon", derandomize=True, deadline=None, print_blob=True)
settings.load_profile("dungeon")


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
    import gc
    import os

    if os.environ.get("PYTEST_XDIST_WORKER"):
        gc.freeze()
