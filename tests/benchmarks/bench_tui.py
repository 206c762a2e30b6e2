"""The full-screen game's costs, next to baselines measured in the same run:

* start-up: our app to its title screen, and to a play screen on a game, against a bare
  Textual app with one line of text;
* applying an event: a dice roll (log entry, panels, top bar) and a piece of narration on
  a fresh screen, and again after 5,000 turns of history have gone through the story
  pane, the dice log and the game (the pane and log keep their newest entries, so the
  ratio should stay near 1);
* the story history screen on a game of 10,000 turns (about 6 MB of story): opening it,
  against opening the help screen in the same app, and a keystroke in its search box,
  against a keystroke in the play screen's input (targets: open < 0.5 s, a search
  keystroke < 100 ms).

Run: ``python -m tests.benchmarks.bench_tui``. A measurement, not a pass/fail test.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
from pathlib import Path

from textual.app import App, ComposeResult
from textual.widgets import Input, Static

from app.actions.events import DiceRoll, NarrativeChunk
from app.display.tablelog import dice_log_entry
from app.session.panels import panels
from app.session.setup import session_for
from app.tui import make_app
from app.tui.driving import play_screen
from app.tui.messages import EventArrived
from app.tui.screens.info import HelpScreen
from app.tui.screens.story import StoryScreen
from app.tui.showcase import crossroads
from app.tui.widgets.dicelog import DiceLog
from app.tui.widgets.story import StoryPane
from app.world.turnrecord import TurnRecord
from tests.storytelling import grown

SIZE = (120, 36)


class Bare(App[None]):
    """The baseline: a Textual app with one line of text."""

    def compose(self) -> ComposeResult:
        yield Static("hello")


async def _start(make: object) -> float:
    start = time.perf_counter()
    app = make()  # type: ignore[operator]
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        return time.perf_counter() - start


def startup(repeat: int, saves: Path) -> dict[str, float]:
    """Median seconds to a ready screen."""

    def median(make: object) -> float:
        return statistics.median(asyncio.run(_start(make)) for _ in range(repeat))

    return {
        "bare": median(Bare),
        "title": median(lambda: make_app(saves=saves, still=True)),
        "play": median(lambda: make_app(saves=saves, session=crossroads(), save_as=None)),
    }


ROLL = DiceRoll(
    check_type="ability_check", character_id="mira", character_name="Mira",
    skill="perception", dc=13, formula="1d20+3", total=17, natural=14, modifier=3,
    success=True, reason="listen at the trapdoor", text="1d20 (14) + 3 = 17",
    markup="1d20 (14) + 3 = [bold]17[/]",
)  # fmt: skip
CHUNK = NarrativeChunk(text="Somewhere below, claws scrape on stone. ")


async def _apply(events: int, history: int) -> float:
    """Mean milliseconds to apply one roll and one piece of narration."""
    session = crossroads()
    state = session.state
    for n in range(history):
        state.history.append(
            TurnRecord(number=n + 1, actions=[f"Mira: look ({n})"], narrative="The rain.")
        )
    app = make_app(saves=Path(tempfile.mkdtemp()), session=session, save_as=None, still=True)
    async with app.run_test(size=SIZE) as pilot:
        screen = play_screen(app)
        story, log = screen.query_one(StoryPane), screen.query_one(DiceLog)
        for n in range(history):  # the history has been played through this screen
            story.add_note(f"turn {n}: the rain keeps falling")
            log.add_entries([f"roll {n}"])
            if n % 100 == 99:
                await pilot.pause()
        await pilot.pause()
        view = panels(state)
        start = time.perf_counter()
        for _ in range(events):
            await screen._event(EventArrived(ROLL, view, [dice_log_entry(ROLL).markup]))
            await screen._event(EventArrived(CHUNK, None))
        await story.end_narration()
        await pilot.pause()
        elapsed = time.perf_counter() - start
    return elapsed / events * 1000


SEARCHED = "perc 13"
"""Typed key by key into the story's search box: words in every turn, then in a few."""


async def _story(turns: int, repeat: int) -> dict[str, float]:
    """Median milliseconds to open the story screen and the help screen, and per key typed
    into the story's search box and into the play screen's input, on a game of ``turns``."""
    app = make_app(
        saves=Path(tempfile.mkdtemp()), session=session_for(grown(turns)), save_as=None, still=True
    )
    opened: dict[str, list[float]] = {"help": [], "story": []}
    typed: dict[str, list[float]] = {"input": [], "search": []}
    reached: list[float] = []
    async with app.run_test(size=SIZE) as pilot:
        screen = play_screen(app)
        await pilot.pause()

        async def timed(action: object) -> float:
            start = time.perf_counter()
            await action  # type: ignore[misc]
            await pilot.pause()
            return (time.perf_counter() - start) * 1000

        async def keys(box: Input, into: list[float]) -> None:
            """Type ``SEARCHED`` into ``box`` as the keyboard does, a key at a time."""
            for key in SEARCHED:
                start = time.perf_counter()
                box.insert_text_at_cursor(key)
                await pilot.pause()
                into.append((time.perf_counter() - start) * 1000)

        for _ in range(repeat):
            for name, make in (
                ("help", HelpScreen),
                ("story", lambda: StoryScreen(screen.session.state)),
            ):
                opened[name].append(await timed(app.push_screen(make())))
                if name == "story":
                    reached.append(await timed(pilot.press("slash")))
                    await keys(app.screen.query_one("#story-search", Input), typed["search"])
                await app.pop_screen()
                await pilot.pause()
            command = screen.query_one("#command", Input)
            await keys(command, typed["input"])
            command.value = ""
    return {
        "help_open_ms": statistics.median(opened["help"]),
        "story_open_ms": statistics.median(opened["story"]),
        "input_key_ms": statistics.median(typed["input"]),
        "search_key_ms": statistics.median(typed["search"]),
        "search_key_max_ms": max(typed["search"]),
        "search_reach_ms": statistics.median(reached),
    }


def main(argv: list[str] | None = None) -> dict[str, float]:
    """Print the figures; return them (the smoke test checks they exist)."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--events", type=int, default=200)
    parser.add_argument("--history", type=int, default=5000)
    parser.add_argument("--story", type=int, default=10_000, help="turns in the story")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        times = startup(args.repeat, Path(folder))
    fresh = asyncio.run(_apply(args.events, 0))
    grown = asyncio.run(_apply(args.events, args.history))
    print(f"start-up (median of {args.repeat}, {SIZE[0]}x{SIZE[1]}):")
    print(f"  bare Textual app      {times['bare'] * 1000:7.1f} ms   1.00x")
    for key, label in (("title", "title screen"), ("play", "play screen, new game")):
        print(f"  {label:<21} {times[key] * 1000:7.1f} ms  {times[key] / times['bare']:5.2f}x")
    print(f"apply a roll + a narration chunk ({args.events} of each):")
    print(f"  fresh screen          {fresh:7.2f} ms   1.00x")
    print(f"  after {args.history:,} turns      {grown:7.2f} ms  {grown / fresh:5.2f}x")
    story = asyncio.run(_story(args.story, args.repeat))
    print(f"the story screen on {args.story:,} turns (median of {args.repeat}):")
    print(f"  open the help screen  {story['help_open_ms']:7.1f} ms   1.00x")
    ratio = story["story_open_ms"] / story["help_open_ms"]
    print(f"  open the story screen {story['story_open_ms']:7.1f} ms  {ratio:5.2f}x")
    print(f"  a key in the input    {story['input_key_ms']:7.1f} ms   1.00x")
    ratio = story["search_key_ms"] / story["input_key_ms"]
    print(
        f"  a key in the search   {story['search_key_ms']:7.1f} ms  {ratio:5.2f}x"
        f"   (slowest {story['search_key_max_ms']:.1f} ms)"
    )
    print(f"  / to the search box   {story['search_reach_ms']:7.1f} ms   (reads every turn's text)")
    return {**times, "fresh_ms": fresh, "grown_ms": grown, **story}


if __name__ == "__main__":
    main()
