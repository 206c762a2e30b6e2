"""Driving the app headless, as the tests, the snapshot shots and the screenshot script do:
wait until something holds (:func:`until`), for a dialog to listen (:func:`shown`), for the
DM to answer (:func:`settle`), say a line (:func:`say`), answer a reaction (:func:`answer`),
and let a picture settle (:func:`steady`). Each waits for what it means, never a fixed
time, so a loaded machine only makes them slower."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from textual.pilot import Pilot
from textual.widget import Widget
from textual.widgets import Input

from app.tui.app import DungeonApp
from app.tui.screens.play import PlayScreen
from app.tui.screens.reaction_dialog import ReactionScreen


async def until(pilot: Pilot[None], ready: Callable[[], bool], timeout: float = 20.0) -> None:
    """Let the app run until ``ready()`` (the DM works in a thread)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not ready():
        if loop.time() > deadline:
            raise TimeoutError("the app did not get there in time")
        await pilot.pause(0.02)
    await pilot.pause()


async def shown(pilot: Pilot[None], kind: type[object]) -> None:
    """Wait until a dialog of this kind is up and takes keys (its guard time is over)."""
    app = pilot.app
    await until(
        pilot,
        lambda: isinstance(app.screen, kind) and app.screen.settled(),  # type: ignore[attr-defined]
    )


def play_screen(app: DungeonApp) -> PlayScreen:
    """The game being played."""
    screen = app.play_screen()
    assert screen is not None
    return screen


class ReactionWaiting(RuntimeError):
    """The DM is waiting for a player's answer to a reaction prompt."""


async def settle(pilot: Pilot[None], react: bool | None = None) -> None:
    """Wait until the DM has answered and the screen has caught up. Reaction prompts on the
    way are answered ``react`` (``None``: raise :class:`ReactionWaiting`)."""

    app = pilot.app
    assert isinstance(app, DungeonApp)
    screen = play_screen(app)
    while True:
        await until(pilot, lambda: not screen.thinking or isinstance(app.screen, ReactionScreen))
        if not isinstance(app.screen, ReactionScreen):
            break
        if react is None:
            raise ReactionWaiting(app.screen.prompt)
        await answer(pilot, "y" if react else "")
    await app.workers.wait_for_complete()
    await pilot.pause()


async def answer(pilot: Pilot[None], words: str) -> None:
    """Answer the reaction dialog once it listens: ``words`` typed into its box (an
    option's number, ``y``, a sentence; nothing passes) and Enter."""
    await shown(pilot, ReactionScreen)
    for key in words:
        await pilot.press("space" if key == " " else key)
    await pilot.press("enter")


async def say(pilot: Pilot[None], line: str, react: bool | None = None) -> None:
    """Put a line into the input and press Enter, then wait for the DM. (The text is set
    at once: pressing each key through the pilot costs a repaint per character.)"""
    app = pilot.app
    assert isinstance(app, DungeonApp)

    app.screen.query_one("#command", Input).value = line
    await pilot.press("enter")
    await settle(pilot, react)


async def steady(pilot: Pilot[None], frames: int = 3, timeout: float = 5.0) -> None:
    """Stop every text box's cursor blinking (it shows, steady), lay out and paint every
    widget again, then wait until a few frames in a row look the same. A scrollbar placed
    while a pane was laid out is painted on a later frame, and a loaded machine paints
    late: without this a picture could catch a thumb one row off, or a cursor blinked off."""
    app = pilot.app
    for screen in app.screen_stack:
        for widget in screen.walk_children(Widget, with_self=True):
            if isinstance(widget, Input):  # a blinking cursor is caught on or off by chance
                widget.cursor_blink = False
            widget.refresh(layout=True)
            if widget.show_vertical_scrollbar:
                widget.vertical_scrollbar.refresh()
            if widget.show_horizontal_scrollbar:
                widget.horizontal_scrollbar.refresh()
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    last, same = "", 0
    while same < frames and loop.time() < deadline:  # a ticking clock never settles
        await pilot.pause(0.05)
        frame = app.export_screenshot()
        same = same + 1 if frame == last else 0
        last = frame
