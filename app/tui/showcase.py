"""Seeded showcase games: every screen of the app in a known state, for the snapshot tests
and the screenshot script (one definition serves both, so the README's pictures are the
tested screens). Each shot is a fresh app, a terminal size, and what to do before the
picture is taken."""

from __future__ import annotations

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
from textual.widgets import Input

from app.actions.calls import ToolCall
from app.actions.campaign_tools import enter_scene
from app.actions.sets import ALL_TOOLS
from app.dm.config import DMConfig
from app.dm.scripted import ScriptedBrain
from app.saves import save_game
from app.session import hotseat, presence
from app.session.session import GameSession
from app.session.setup import session_for, start_session
from app.tui.app import DungeonApp, make_app
from app.tui.driving import play_screen, say, settle, shown, steady, until
from app.tui.screens.creation import CreationScreen
from app.tui.screens.modals import HandoffScreen
from app.tui.screens.reaction_dialog import ReactionScreen
from app.tui.screens.settings import SettingsScreen
from app.tui.screens.sheet import SheetScreen
from app.tui.screens.takingback import AgreeScreen
from app.tui.screens.title import TitleScreen
from app.tui.screens.turnlog import TurnLogScreen
from app.world.actions import PlayerAction
from app.world.bonds import shift
from app.world.campaign import Campaign
from app.world.campaignfile import load_campaign
from app.world.folders import CAMPAIGNS_DIR
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


async def _open(pilot: Pilot[None], key: str, kind: type[object]) -> None:
    """Press ``key`` and wait until the screen it opens is up (a loaded machine may take
    longer than a pause to load and draw it)."""
    await pilot.press(key)
    await until(pilot, lambda: isinstance(pilot.app.screen, kind) and pilot.app.screen.is_mounted)
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
    await _open(pilot, "f3", TurnLogScreen)


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
    """Open the sheets (F4) and pick the member by number, each key only once the screen
    before it takes keys: on a loaded machine a number pressed as the sheets are still
    opening would go into the command box, and the game would still be thinking after a
    fight's round, which opens no sheet at all."""
    app = pilot.app
    assert isinstance(app, DungeonApp)
    screen = play_screen(app)
    await until(pilot, lambda: not screen.thinking)
    await _press(pilot, "f4")
    await until(pilot, lambda: isinstance(app.screen, SheetScreen) and app.screen.is_mounted)
    sheet = app.screen
    assert isinstance(sheet, SheetScreen)
    await _press(pilot, number)
    await until(pilot, lambda: sheet.index == int(number) - 1 and _composed(sheet))


def _composed(sheet: SheetScreen) -> bool:
    """The sheet on screen has been drawn anew for the member picked (picking recomposes)."""
    shown = sheet.shown
    heads = sheet.query("#sheet-head")
    return shown is not None and bool(heads) and shown.name in str(heads.first().render())


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
    Shot(
        "settings",
        "DM settings",
        (80, 24),
        _title,
        _on_title(lambda p: _open(p, "s", SettingsScreen)),
    ),
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
