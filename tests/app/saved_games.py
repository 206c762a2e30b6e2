"""Real saves made by playing the shipped campaign with the offline referee: at the start,
exploring after a few turns (flags, history, a challenge passed), and in a fight. Tests of
the save format and the save fuzz suite damage copies of these."""

from __future__ import annotations

import asyncio
import tempfile
from concurrent.futures import ThreadPoolExecutor
from functools import cache
from pathlib import Path

from app.actions.events import ErrorEvent, TurnEnd
from app.saves import save_game
from app.session.keeping import Keeper
from app.session.session import GameSession
from app.session.setup import start_session
from app.world.actions import PlayerAction
from app.world.campaign import Campaign
from app.world.campaignfile import load_campaign
from app.world.folders import CAMPAIGNS_DIR

SEED = 11
TURNS = [
    ("mira", "I pick the lock on the trapdoor"),
    ("thorin", "ask Berta about Tam"),
    ("mira", "I climb down the trapdoor"),
    ("thorin", "I attack the rat"),
]
"""Two turns in the inn (a lock picked, Berta met), then down into the rats' fight."""
SITUATIONS = {"start": 0, "exploring": 2, "fight": 4}
"""Save name -> turns played before saving."""


@cache
def crossroads() -> Campaign:
    """The shipped campaign."""
    return load_campaign(CAMPAIGNS_DIR / "crossroads")


async def _play(session: GameSession, turns: int) -> None:
    for character, text in TURNS[:turns]:
        session.submit(PlayerAction(character_id=character, text=text))
        async for _ in session.run_until_players():
            pass


def played(turns: int) -> GameSession:
    """A game of the shipped campaign after ``turns`` of :data:`TURNS`. Asked first from an
    async test (whichever test a worker runs first builds the cached saves), the turns are
    played on a loop of their own in another thread: ``asyncio.run`` refuses a running loop."""
    session = start_session(crossroads(), SEED)
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        asyncio.run(_play(session, turns))
    else:
        with ThreadPoolExecutor(max_workers=1) as pool:
            pool.submit(asyncio.run, _play(session, turns)).result()
    return session


@cache
def save_files() -> dict[str, dict[str, bytes]]:
    """Every file of each situation's save, written by the game: the main file (``""``)
    and, by their path under the save's story folder, the story and whatever else it holds."""
    files: dict[str, dict[str, bytes]] = {}
    with tempfile.TemporaryDirectory() as folder:
        for name, turns in SITUATIONS.items():
            path = save_game(played(turns).state, name, Path(folder))
            files[name] = {"": path.read_bytes()}
            story = Path(folder) / f"{name}.story"
            for item in sorted(story.rglob("*")) if story.is_dir() else ():
                if item.is_file():
                    files[name][str(item.relative_to(story))] = item.read_bytes()
    return files


def save_texts() -> dict[str, bytes]:
    """The bytes of each situation's main save file."""
    return {name: files[""] for name, files in save_files().items()}


def real_saves(folder: Path) -> dict[str, Path]:
    """Each situation's save (main file and story) written into ``folder``."""
    folder.mkdir(parents=True, exist_ok=True)
    paths = {}
    for name, files in save_files().items():
        for relative, data in files.items():
            target = (
                folder / f"{name}.toml" if not relative else folder / f"{name}.story" / relative
            )
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(data)
        paths[name] = folder / f"{name}.toml"
    return paths


def play_lines(
    session: GameSession, lines: list[tuple[str, str]], keeper: Keeper | None = None
) -> None:
    """Each line said by its character (in a fight, by whoever is up), every turn run, and
    the front ends' autosave after each (with the checkpoint when the players are asked to
    act) when a ``keeper`` is given. A turn that fails fails the test."""

    async def go() -> None:
        for named, text in lines:
            fight = session.state.encounter
            character = fight.current.id if fight is not None else named
            assert session.submit(PlayerAction(character_id=character, text=text))
            async for event in session.run_until_players():
                if isinstance(event, ErrorEvent):
                    raise AssertionError(event.message)
                if isinstance(event, TurnEnd) and keeper is not None:
                    keeper.autosave(session.state, checkpoint=session.settled)

    asyncio.run(go())
