"""The rest of the game, loaded in the background while the title screen is up.

The title screen needs only Textual and the DM settings; the campaigns, the saves, the
session, the DM and the other screens take about a second of imports, which a player would
otherwise wait through before the first frame. Once the title is drawn, one daemon thread
runs the title's own look-up (the newest save, which needs the save machinery) and then
imports those modules, so "New game" or "Continue" find them loaded.

Imports run one thread at a time (``_turn``), and code on the main thread that is about to
import game modules calls :func:`ready` first: two threads importing modules that import
each other could otherwise meet half-initialised modules. The thread is a daemon, and
the game calls :func:`finish` once its screen is gone: the interpreter must never shut
down while another thread is inside an import (an extension module torn down under it
aborts the process), so quitting at once from the title stops the loading before its
next module and waits only for the import under way.
"""

from __future__ import annotations

import importlib
import threading
import time
from collections.abc import Callable

MODULES = (
    "app.saves",
    "app.session.setup",
    "app.session.session",
    "app.tui.screens.newgame",
    "app.tui.screens.load",
    "app.tui.screens.play",
    "app.tui.screens.info",
    "app.tui.screens.settings",
)
"""What starting, resuming or loading a game imports, in the order a player needs it."""

_turn = threading.Lock()
_started: list[threading.Thread] = []
_stopping = threading.Event()


def start(
    first: Callable[[], object] | None = None, then: Callable[[], object] | None = None
) -> threading.Thread:
    """Run ``first`` (work the title screen waits for), then import :data:`MODULES`, then
    ``then`` (even when something before it failed), in a daemon thread. Returns the thread
    (tests join it)."""
    thread = threading.Thread(target=_run, args=(first, then), name="warm-up", daemon=True)
    _started.append(thread)
    thread.start()
    return thread


def finish(timeout: float = 10.0) -> None:
    """Stop the background loading before its next module and wait (at most ``timeout``
    seconds) for the import under way: called as the game exits, so the process never
    ends under a running import."""
    _stopping.set()
    try:
        for thread in _started:
            thread.join(timeout)
        _started[:] = [t for t in _started if t.is_alive()]
    finally:
        _stopping.clear()


def ready() -> None:
    """Wait until no background import is running (at once when none is)."""
    with _turn:
        pass


def _run(first: Callable[[], object] | None, then: Callable[[], object] | None) -> None:
    with _turn:
        try:
            _load(first)
        finally:
            if then is not None:
                then()


def _load(first: Callable[[], object] | None) -> None:
    if first is not None:
        first()
    for name in MODULES:
        if _stopping.is_set():
            return  # the game is ending: nobody will use the rest
        for attempt in (1, 2):
            try:
                importlib.import_module(name)
                break
            except Exception:
                # Another thread importing the same circle of modules at this moment
                # can leave one half-made: Python takes it away again, and a second try
                # finds it whole. One that fails twice fails again, and is reported,
                # where it is used; the modules after it are still loaded.
                if attempt == 1:
                    time.sleep(0.05)
