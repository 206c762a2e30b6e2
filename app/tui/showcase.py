"""Seeded showcase games: every screen of the app in a known state, for the snapshot tests
and the screenshot script (one definition serves both, so the README's pictures are the
tested screens). Each shot is a fresh app, a terminal size, and what to do before the
picture is taken."""

from __future__ import annotations

import asyncio
import json
import os
import random
import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from functools import partial
from pathlib import Path
from typing import Any

from textual.pilot import Pilot
from textual.widget import Widget
from textual.widgets import Input

from app.dm.brain import ToolCall
from app.dm.config import DMConfig
from app.dm.scripted import ScriptedBrain
from app.dm.tools.campaign_tools import enter_scene
from app.dm.tools.sets import ALL_TOOLS
from app.saves import save_game
from app.session import hotseat, presence
from app.session.session import GameSession
from app.session.setup import session_for, start_session
from app.tui.app import DungeonApp, make_app
from app.tui.screens.creation import CreationScreen
from app.tui.screens.modals import HandoffScreen
from app.tui.screens.play import PlayScreen
from app.tui.screens.reaction_dialog import ReactionScreen
from app.tui.screens.takingback import AgreeScreen
from app.tui.screens.title import TitleScreen
from app.world.actions import PlayerAction
from app.world.bonds import shift
from app.world.campaign import CAMPAIGNS_DIR, Campaign, load_campaign
from app.world.state import GameState

SEED = 11
"""The dice seed of the showcase games."""

TABLE = {"Ana": ["mira"], "Ben": ["thorin", "aria"]}
"""Two friends at one keyboard."""

TRIO = {"Ana": ["mira", "thorin"], "Cy": ["aria"]}
"""Aria has a player of her own (so she is asked about her reactions)."""

FROZEN = datetime(2026, 11, 1, 20, 30, tzinfo=UTC)
"""The time written into showcase saves (so the load screen looks the same every run)."""


def campaign() -> Campaign:
    """The shipped campaign."""
    return load_campaign(CAMPAIGNS_DIR / "crossroads")


def crossroads(seed: int = SEED, players: dict[str, list[str]] | None = None) -> GameSession:
    """A new game of the shipped campaign with the offline referee."""
    return start_session(campaign(), seed, players=players)


def in_the_cellar(seed: int = SEED) -> GameState:
    """A game that has just gone down the trapdoor: the rat fight has started."""
    state = crossroads(seed).state
    state.flags["trapdoor_open"] = True
    enter_scene(state, "cellar", "the party climbs down")
    return state


SEATS = {"Ana": ["mira"], "Ben": ["thorin"], "Cy": ["aria"]}
"""Three players, one character each."""


def round_at_the_table() -> GameSession:
    """A round of three players with a turn log at fixed times: Ana acted after 42 s, Cy
    stepped away, Ben passed, Cy came back — Cy is up."""
    session = crossroads(SEED, {k: list(v) for k, v in SEATS.items()})
    state = session.state
    state.turn_order.turn_started = FROZEN
    state.pending.append(PlayerAction(character_id="mira", text="I look around", player="Ana"))
    hotseat.advance(state, "Ana", "TURN_COMPLETE", FROZEN + timedelta(seconds=42))
    presence.step_away(state, "Cy", FROZEN + timedelta(seconds=50))
    hotseat.advance(state, "Ben", "PASSED", FROZEN + timedelta(minutes=2, seconds=5))
    presence.come_back(state, "Cy", FROZEN + timedelta(minutes=3))
    # Cy's turn starts now: the banner never shows a clock that runs while a picture is taken
    state.turn_order.turn_started = datetime.now(UTC).replace(microsecond=0)
    return session


def _turn_of(state: GameState, cid: str) -> None:
    encounter = state.encounter
    assert encounter is not None
    encounter.turn_index = next(i for i, c in enumerate(encounter.order) if c.id == cid)


RAT_BITES_ARIA: list[dict[str, Any]] = [
    {
        "text": "The rat scurries up Aria's robe.",
        "tool_calls": [
            {"name": "attack", "arguments": {"attacker_id": "giant-rat-1", "target_id": "aria"}},
            {"name": "end_turn", "arguments": {}},
        ],
    },
    {"text": "Teeth snap at the wizard's wrist."},
]
"""A scripted DM turn: the first giant rat bites Aria."""


def shield_seed() -> int:
    """The first seed at which the rat's bite hits Aria and Shield would turn it aside."""
    for seed in range(500):
        state = in_the_cellar(seed)
        _turn_of(state, "giant-rat-1")
        bite = {"attacker_id": "giant-rat-1", "target_id": "aria"}
        call = ToolCall("probe", "attack", json.dumps(bite))
        events = ALL_TOOLS.execute(call, state).events
        windows = [e for e in events if e.type == "reaction_window"]
        if windows and windows[0].offers and windows[0].offers[0].accepted:
            return seed
    raise RuntimeError("no seed where Shield helps")


def rat_fight(players: dict[str, list[str]] | None = None) -> GameSession:
    """The rat's turn, about to bite Aria, with a scripted DM (so the reaction modal shows)."""
    seed = shield_seed()
    state = in_the_cellar(seed)
    if players is not None:
        state.players = players
    _turn_of(state, "giant-rat-1")
    return GameSession(state, ScriptedBrain(RAT_BITES_ARIA))


# -- driving the app --------------------------------------------------------------------------
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


# -- the shots ----------------------------------------------------------------------------------
Before = Callable[[Pilot[None]], Awaitable[None]]


@dataclass(frozen=True)
class Shot:
    """One screen in a known state."""

    name: str
    about: str
    size: tuple[int, int]
    make: Callable[[Path], DungeonApp]
    """Build the app, given a folder of saves (named ``saves``)."""
    before: Before | None = None

    async def prepare(self, pilot: Pilot[None]) -> None:
        """Bring the app to the state pictured, then let the picture settle."""
        if self.before is not None:
            await self.before(pilot)
        await steady(pilot)


async def steady(pilot: Pilot[None], frames: int = 3, timeout: float = 5.0) -> None:
    """Lay out and paint every widget again, then wait until a few frames in a row look the
    same. A scrollbar placed while a pane was laid out is painted on a later frame, and a
    loaded machine paints late: without this a picture could catch a thumb one row off."""
    app = pilot.app
    for screen in app.screen_stack:
        for widget in screen.walk_children(Widget, with_self=True):
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


def _game(session: Callable[[], GameSession]) -> Callable[[Path], DungeonApp]:
    def make(saves: Path) -> DungeonApp:
        return make_app(saves=saves, session=session(), save_as=None, still=True, dm=DMConfig())

    return make


def _title(saves: Path) -> DungeonApp:
    # the characters folder beside the saves: what the player keeps elsewhere never shows
    return make_app(saves=saves, characters=saves.parent / "characters", still=True, dm=DMConfig())


def _with_saves(saves: Path) -> DungeonApp:
    """Two saved games with fixed timestamps."""
    saves.mkdir(parents=True, exist_ok=True)
    first = crossroads()
    save_game(first.state, "crossroads", saves, created=FROZEN)
    later = crossroads(SEED, TABLE)
    later.state.turn = 7
    save_game(later.state, "friday-group", saves, created=FROZEN)
    for n, name in enumerate(("crossroads", "friday-group")):
        path = saves / f"{name}.toml"
        text = re.sub(r"(?m)^saved = .*$", f"saved = {FROZEN.isoformat()}", path.read_text())
        path.write_text(text)
        stamp = FROZEN.timestamp() + n * 60
        os.utime(path, (stamp, stamp))
    return _title(saves)


async def _title_ready(pilot: Pilot[None]) -> None:
    """Wait until the title has looked for saves (it does so once it is drawn)."""
    app = pilot.app
    assert isinstance(app, DungeonApp)
    title = app.screen_stack[1]
    assert isinstance(title, TitleScreen)
    await until(pilot, lambda: title.looked)


def _on_title(before: Before | None = None) -> Before:
    """``before``, once the title shows what it found (so its menu is the same every run)."""

    async def run(pilot: Pilot[None]) -> None:
        await _title_ready(pilot)
        if before is not None:
            await before(pilot)

    return run


async def _press(pilot: Pilot[None], *keys: str) -> None:
    await pilot.press(*keys)
    await pilot.pause(0.1)


async def _one_turn(pilot: Pilot[None]) -> None:
    await say(pilot, "Mira: I pick the lock on the trapdoor")


async def _two_turns(pilot: Pilot[None]) -> None:
    await say(pilot, "Mira: ask Berta about Tam")
    await say(pilot, "Mira: I pick the lock on the trapdoor")


async def _combat_round(pilot: Pilot[None]) -> None:
    app = pilot.app
    assert isinstance(app, DungeonApp)
    await settle(pilot)
    await say(pilot, "Anyone: attack the nearest rat")


async def _reaction(pilot: Pilot[None]) -> None:

    await shown(pilot, ReactionScreen)  # listening: its box has the cursor


async def _creation(pilot: Pilot[None]) -> None:
    """The character wizard at its scores, a rogue's rolls in the dice log."""
    await _press(pilot, "r")
    await until(pilot, lambda: isinstance(pilot.app.screen, CreationScreen))
    screen = pilot.app.screen
    assert isinstance(screen, CreationScreen)
    screen.rng = random.Random(SEED)
    screen.query_one("#cc-name", Input).value = "Wren Ashdown"
    await _press(pilot, "enter")
    steps = ("species", "class", "background", "method", "scores")
    for downs, step, after in zip((2, 8, 5, 2), steps, steps[1:], strict=False):
        # halfling, rogue, lamplighter, rolled scores: each list's keys go to it only once
        # it is on screen and taking keys (a loaded machine may still be drawing the last)
        await until(pilot, partial(_at_step, screen, step))
        await _press(pilot, *(["down"] * downs), "enter")
        await until(pilot, partial(_at_step, screen, after))


def _at_step(screen: CreationScreen, step: str) -> bool:
    """The wizard shows this step and takes keys (it is not between steps)."""
    return screen.step == step and not screen.moving


async def _turn_log(pilot: Pilot[None]) -> None:
    await shown(pilot, HandoffScreen)
    await _press(pilot, "enter")
    await _press(pilot, "f3")


async def _round_told(pilot: Pilot[None]) -> None:
    """Hotseat: Ana picks the lock, Ben passes; the round is told and the keyboard goes back
    to Ana, with what came of it still in sight."""
    app = pilot.app
    assert isinstance(app, DungeonApp)
    await shown(pilot, HandoffScreen)
    await _press(pilot, "enter")
    await say(pilot, "Mira: I pick the lock on the trapdoor")
    await shown(pilot, HandoffScreen)
    await _press(pilot, "enter")
    screen = play_screen(app)
    await screen.command("/pass")
    await until(pilot, lambda: not screen.thinking and screen.session.state.turn == 1)
    await shown(pilot, HandoffScreen)


async def _take_back(pilot: Pilot[None]) -> None:
    """Hotseat: Ana acted and Ben passed; Ana asks to take the turn back, Ben is asked."""
    await _round_told(pilot)
    await _press(pilot, "enter")
    await _press(pilot, "ctrl+z")
    await shown(pilot, AgreeScreen)


async def _sheet_of(pilot: Pilot[None], number: str) -> None:
    await _press(pilot, "f4", number)


async def _fight_sheet(pilot: Pilot[None]) -> None:
    await _combat_round(pilot)
    await _sheet_of(pilot, "2")


async def _journal(pilot: Pilot[None]) -> None:
    for line in ("Mira: examine the trapdoor", "Mira: I pick the lock on the trapdoor",
                 "Thorin: go outside", "Thorin: examine the tracks"):  # fmt: skip
        await say(pilot, line)
    # how Berta feels has moved: the People section shows the numbers and the reason
    app = pilot.app
    assert isinstance(app, DungeonApp)
    state = play_screen(app).session.state
    shift(state, "affection.berta", 1, "Mira asked after her son kindly")
    shift(state, "trust.berta", 2, "Mira promised to bring Tam home")
    shift(state, "trust.berta.thorin", -1, "Thorin laughed at the scratching")
    await _press(pilot, "f5")


async def _story(pilot: Pilot[None]) -> None:
    """Three turns played, then the story history screen."""
    await _two_turns(pilot)
    await say(pilot, "Thorin: I go down the stairs first")
    await _press(pilot, "f6")


async def _inspector(pilot: Pilot[None]) -> None:
    await _one_turn(pilot)
    await _press(pilot, "f2")


SHOTS: list[Shot] = [
    Shot("title", "The title screen", (80, 24), _title, _on_title()),
    Shot(
        "new-game",
        "Setting up a new game",
        (100, 32),
        _title,
        _on_title(lambda p: _press(p, "n")),
    ),
    Shot("load", "Saved games", (100, 24), _with_saves, _on_title(lambda p: _press(p, "l"))),
    Shot("help", "Keys and commands", (80, 24), _title, _on_title(lambda p: _press(p, "f1"))),
    Shot(
        "credits",
        "Credits and the SRD attribution",
        (80, 24),
        _title,
        _on_title(lambda p: _press(p, "down", "down", "down", "down", "down", "enter")),
    ),
    Shot("settings", "DM settings", (80, 24), _title, _on_title(lambda p: _press(p, "s"))),
    Shot("play-80x24", "A solo turn at 80x24", (80, 24), _game(crossroads), _one_turn),
    Shot(
        "play-wide", "The same game on a large terminal", (140, 40), _game(crossroads), _two_turns
    ),
    Shot(
        "combat",
        "A fight: the initiative tracker",
        (120, 36),
        _game(lambda: session_for(in_the_cellar())),
        _combat_round,
    ),
    Shot(
        "combat-80x24",
        "A fight on an 80×24 terminal: every combatant in the tracker, the story readable",
        (80, 24),
        _game(lambda: session_for(in_the_cellar())),
        _combat_round,
    ),
    Shot(
        "combat-200x50",
        "A fight on a large terminal: the sidebar grows with it",
        (200, 50),
        _game(lambda: session_for(in_the_cellar())),
        _combat_round,
    ),
    Shot(
        "handoff",
        "Hotseat: pass the keyboard",
        (80, 24),
        _game(lambda: crossroads(SEED, TABLE)),
    ),
    Shot(
        "handoff-after-round",
        "Hotseat: the keyboard goes round with what just happened still in sight",
        (80, 24),
        _game(lambda: crossroads(SEED, TABLE)),
        _round_told,
    ),
    Shot(
        "reaction",
        "A reaction prompt",
        (80, 24),
        _game(lambda: rat_fight(TRIO)),
        _reaction,
    ),
    Shot(
        "reaction-window",
        "A reaction window open: the tracker shows what it answers and who is asked",
        (120, 36),
        _game(lambda: rat_fight(TRIO)),
        _reaction,
    ),
    Shot("inspector", "The prompt inspector", (100, 30), _game(crossroads), _inspector),
    Shot("turn-log", "Hotseat: the turn log", (100, 30), _game(round_at_the_table), _turn_log),
    Shot(
        "take-back",
        "Hotseat: Ana asks to take a turn back, and Ben is asked to agree",
        (100, 30),
        _game(lambda: crossroads(SEED, TABLE)),
        _take_back,
    ),
    Shot(
        "create-character",
        "Making a character: rolled scores",
        (120, 36),
        _title,
        _on_title(_creation),
    ),
    Shot(
        "sheet",
        "A wizard's character sheet at 80x24 (F4; tab for the next character)",
        (80, 24),
        _game(crossroads),
        lambda p: _sheet_of(p, "3"),
    ),
    Shot(
        "sheet-wide",
        "A fighter's sheet in the middle of a fight, on a large terminal",
        (120, 36),
        _game(lambda: session_for(in_the_cellar())),
        _fight_sheet,
    ),
    Shot(
        "journal",
        "The journal: goals, gear, what the party knows, people, places",
        (100, 30),
        _game(crossroads),
        _journal,
    ),
    Shot(
        "journal-small",
        "The journal on a small terminal: how Berta feels, and why",
        (80, 24),
        _game(crossroads),
        _journal,
    ),
    Shot(
        "story",
        "The whole story: every turn with its rolls, searchable",
        (100, 30),
        _game(crossroads),
        _story,
    ),
]
"""Every screen, as the snapshot tests and the screenshots show it."""
