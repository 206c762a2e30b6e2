"""A line read from the player while the game's clock runs: the blocking read happens on a
thread of its own, and the table's timer is checked every second meanwhile."""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import Awaitable, Callable

_WAITING: set[int] = set()
"""The reads still blocked in the input, by their thread (a read that has returned is not
one, though its thread may not have ended yet)."""


def still_reading() -> bool:
    """A read is still waiting on the input (the game left while a pipe stayed open): the
    interpreter cannot close that input at exit, and the process must end without it."""
    return bool(_WAITING)


async def read_while_ticking(
    read: Callable[[str], str],
    prompt: str,
    tick: Callable[[], Awaitable[None]] | None = None,
) -> str:
    """A line typed, read on a daemon thread (ctrl+c at the prompt leaves at once, never
    waiting for an Enter to end a read nobody needs). With ``tick`` (a table with a turn
    timer), it is called every second until the line comes: a player out of time passes
    while the others watch, not only once someone presses Enter."""
    loop = asyncio.get_running_loop()
    answer: asyncio.Future[str] = loop.create_future()

    def settle(value: str | None, error: BaseException | None) -> None:
        if answer.done():
            return
        if error is not None:
            answer.set_exception(error)
        else:
            answer.set_result(value or "")

    def work() -> None:
        _WAITING.add(threading.get_ident())
        try:
            value, error = read(prompt), None
        except BaseException as raised:  # handed to the game's loop, raised there
            value, error = None, raised
        finally:
            _WAITING.discard(threading.get_ident())
        with contextlib.suppress(RuntimeError):  # (the game has left meanwhile)
            loop.call_soon_threadsafe(settle, value, error)

    threading.Thread(target=work, name="console-input", daemon=True).start()
    while tick is not None and not answer.done():
        await asyncio.wait({answer}, timeout=1.0)
        if not answer.done():
            await tick()
    return await answer
