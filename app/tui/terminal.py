"""The terminal the full-screen game draws on: whether there is one, whether it went away,
and a polite end when the system asks the game to stop (SIGTERM), so the terminal is given
back as it was found — not left on the alternate screen, with the mouse caught and the
cursor hidden."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import sys
from collections.abc import Callable


def terminal_fd() -> int | None:
    """The file descriptor of the terminal the game draws on, or ``None`` when it draws on
    none (a test's headless run)."""
    stream = sys.__stdout__
    try:
        fd = stream.fileno() if stream is not None else -1
    except (OSError, ValueError):
        return None
    return fd if fd >= 0 and os.isatty(fd) else None


def terminal_gone() -> bool:
    """The terminal was closed under the game (its window killed)."""
    fd = terminal_fd()
    try:
        if fd is None:
            return True
        os.get_terminal_size(fd)
    except OSError:
        return True
    return False


def on_terminate(leave: Callable[[], None]) -> Callable[[], None]:
    """Call ``leave`` (in the game's event loop) when the process is sent SIGTERM, instead
    of dying with the terminal in the game's modes; returns what undoes it. Where signals
    cannot be caught (not the main thread, no such signal) nothing changes."""
    loop = asyncio.get_running_loop()
    try:
        loop.add_signal_handler(signal.SIGTERM, leave)
    except (NotImplementedError, RuntimeError, ValueError, AttributeError):
        return lambda: None

    def undo() -> None:
        with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
            loop.remove_signal_handler(signal.SIGTERM)

    return undo
