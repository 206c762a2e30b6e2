"""The line console's clock: with a turn timer, the table's time is checked every second
while a line is awaited (a player out of time passes while the others watch), and the
line, when it comes, is the line typed."""

from __future__ import annotations

import threading

from app.console.reading import read_while_ticking


async def test_the_clock_ticks_while_a_line_is_awaited() -> None:
    typed = threading.Event()
    ticks: list[int] = []

    def read(prompt: str) -> str:
        typed.wait(timeout=30)  # the player types once the clock has ticked
        return f"{prompt}look around"

    async def tick() -> None:
        ticks.append(1)
        typed.set()

    assert await read_while_ticking(read, "> ", tick) == "> look around"
    assert ticks  # checked while waiting, not only once Enter was pressed


async def test_without_a_timer_the_line_is_only_read() -> None:
    assert await read_while_ticking(lambda prompt: "hello", "> ") == "hello"


async def test_a_read_left_waiting_is_known_so_the_process_can_end_without_it() -> None:
    """ctrl+c with the input an open pipe: the game leaves while a read still waits, and the
    command ends the process itself (the interpreter would abort closing that input)."""
    import asyncio
    import contextlib

    from app.console.reading import still_reading

    release = threading.Event()
    waiting = asyncio.ensure_future(read_while_ticking(lambda p: str(release.wait(30)), "> "))
    await asyncio.sleep(0.05)
    waiting.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await waiting
    assert still_reading()
    release.set()
    for _ in range(100):
        if not still_reading():
            break
        await asyncio.sleep(0.05)
    assert not still_reading()
