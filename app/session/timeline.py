"""Taking turns back: the checkpoints of a game, and undo, rewind and redo.

A checkpoint is the game as it stood when the players were last asked to act: after a
turn (and, in a fight, the foes' turns that followed), and where a sitting began. The
session keeps the newest ones in memory as :class:`~app.world.state.Snapshot` (cheap: the
live state as JSON text, the RNG position and the story's length); a saved game also
keeps them on disk beside the save (:mod:`app.saves.checkpoints`), so undo and rewind work
after loading too.

- **undo** goes back to the checkpoint before the last turn, dice and all: the next roll is
  the one the turn rolled first, the story loses the turn;
- **rewind** goes back to any checkpoint (the story history screen offers them);
- **redo** undoes an undo or a rewind: the turns taken back are kept until a new turn is
  played, and a new turn abandons them (their checkpoints go with them).

Tokens the DM spent on turns taken back were paid for: the game's totals keep them.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from app.saves.names import StaleCheckpoint
from app.world.chronicle import Chronicle
from app.world.state import GameState, Snapshot

KEEP_TURNS = 51
"""Checkpoints of the newest turns kept in memory (the disk keeps as many): where the
game stands and the 50 turns before it."""
KEEP_SCENES = 50
"""Checkpoints where a scene began, kept besides."""


@dataclass
class Checkpoint:
    """Where the game can go back to."""

    turn: int
    """The game's turn number there (the turns played up to that point)."""
    scene: str
    """The scene's id."""
    start: bool
    """It began a scene."""
    snapshot: Snapshot | None = None
    """The game, in memory (this sitting's checkpoints)."""
    path: Path | None = None
    """The checkpoint file kept with the save."""


LoadFile = Callable[[Path, Chronicle], tuple[GameState, int]]
"""Reads a checkpoint file of the story given: the game (without its story) and the story's
length there; refuses a checkpoint of another story."""


@dataclass
class Timeline:
    """The checkpoints of one game, oldest first, and where an undo came from."""

    entries: list[Checkpoint] = field(default_factory=list)
    undone_from: int | None = None
    """The turn the game was at before the first undo or rewind since the last new turn
    (what redo returns to); ``None`` when nothing was taken back."""
    restored_to: int | None = None
    """The turn of the checkpoint the game last went back (or forward) to, while something
    is taken back: the turns after it that a new turn abandons."""

    def mark(self, state: GameState) -> Checkpoint:
        """The players are asked to act: keep the game as it stands. A new turn abandons
        whatever an undo took back, and the checkpoints that came with it — every one after
        the checkpoint gone back to, even where the new turns have not reached its number
        yet (an undo to turn 4, then the turns 5 and 6 played at once: the old 5 goes)."""
        cut = self.restored_to if self.undone_from is not None else None
        earlier = [
            c for c in self.entries if c.turn < state.turn and (cut is None or c.turn <= cut)
        ]
        start = not earlier or earlier[-1].scene != state.scene.id
        point = Checkpoint(state.turn, state.scene.id, start, state.snapshot())
        self.entries = [*earlier, point]
        self.undone_from = self.restored_to = None
        self._prune()
        return point

    def abandon(self) -> None:
        """A new turn was played after an undo or a rewind: the turns taken back are gone,
        with their checkpoints, as soon as it is told — not only once the players are next
        asked to act (a turn the foes' turns follow, or a DM's turn left unfinished, may
        never get there; an undo would then go back into the abandoned branch)."""
        if self.undone_from is None:
            return
        cut = self.restored_to
        self.entries = [c for c in self.entries if cut is None or c.turn <= cut]
        self.undone_from = self.restored_to = None

    def refresh(self, state: GameState) -> None:
        """The game was just saved as the checkpoint of its turn, with what changed since
        the players were asked to act (a player stepped away, a round got ready): the
        checkpoint in memory becomes the same, so an undo in this sitting restores the game
        an undo after a resume would."""
        point = self.at(state.turn)
        if point is not None and point.snapshot is not None and point.scene == state.scene.id:
            point.snapshot = state.snapshot()

    def add_files(self, files: list[tuple[int, str, bool, Path]]) -> None:
        """Checkpoints kept with a loaded save (turn, scene, scene start, file), merged
        with those in memory."""
        by_turn = {c.turn: c for c in self.entries}
        for turn, scene, start, path in files:
            known = by_turn.get(turn)
            if known is None:
                by_turn[turn] = Checkpoint(turn, scene, start, path=path)
            elif known.path is None:
                known.path = path
        self.entries = sorted(by_turn.values(), key=lambda c: c.turn)

    def _prune(self) -> None:
        """Past the limits the oldest lose their snapshot (and are forgotten unless a file
        keeps them)."""
        turns = [c for c in self.entries if not c.start]
        scenes = [c for c in self.entries if c.start]
        dropped = {
            id(c)
            for c in [
                *turns[: max(0, len(turns) - KEEP_TURNS)],
                *scenes[: max(0, len(scenes) - KEEP_SCENES)],
            ]
        }
        kept = []
        for c in self.entries:
            if id(c) in dropped:
                c.snapshot = None
                if c.path is None:
                    continue
            kept.append(c)
        self.entries = kept

    def forget(self, point: Checkpoint) -> None:
        """Drop a checkpoint found to be of a branch this game no longer has, with its
        file: an undo then goes to the one before it."""
        self.entries = [c for c in self.entries if c is not point]
        if point.path is not None:
            with contextlib.suppress(OSError):
                point.path.unlink()

    def usable(self) -> list[Checkpoint]:
        """The checkpoints the game can still go back to: in memory, or in a file that is
        still there (the save prunes old files as the game goes on, also those a resumed
        game learnt of when it loaded)."""
        return [c for c in self.entries if _usable(c)]

    def before(self, turn: int) -> Checkpoint | None:
        """The newest checkpoint taken before ``turn`` (a file is looked for only until one
        is found: this runs after every save)."""
        earlier = (c for c in reversed(self.entries) if c.turn < turn)
        return next((c for c in earlier if _usable(c)), None)

    def at(self, turn: int) -> Checkpoint | None:
        """The checkpoint of exactly ``turn``."""
        return next((c for c in self.entries if c.turn == turn and _usable(c)), None)


def _usable(point: Checkpoint) -> bool:
    """In memory, or in a file still there."""
    return point.snapshot is not None or (point.path is not None and os.path.isfile(point.path))


class CannotGoBack(ValueError):
    """Why a turn cannot be taken back (said to the player as it is)."""


def restore(state: GameState, point: Checkpoint, load_file: LoadFile | None) -> GameState:
    """The game as it was at ``point``: a new state sharing ``state``'s campaign, reaction
    policy and story (cut back to the point, or brought forward to it from what an undo
    took back; what is cut is kept for a redo). What the DM has spent stays spent."""
    loaded: GameState | None = None
    if point.snapshot is not None:
        turns = point.snapshot.turns
    elif point.path is not None and load_file is not None:
        loaded, turns = load_file(point.path, state.history)
        if (loaded.seed, loaded.started) != (state.seed, state.started):
            raise StaleCheckpoint(  # (the story's first turns prove nothing: none yet)
                f"{point.path.name}: this checkpoint belongs to another game (begun "
                "elsewhere), so it was not used"
            )
    else:
        raise CannotGoBack(f"turn {point.turn} is no longer kept")
    story = state.history
    if turns > len(story):
        if turns > len(story) + story.cut_length:
            raise CannotGoBack(f"the checkpoint of turn {point.turn} is of another story")
        story.restore_cut(turns - len(story))
    if loaded is None:
        assert point.snapshot is not None
        back = state.restored(point.snapshot, keep_cut=True)
    else:
        story.cut(turns, keep=True)
        loaded.attach(state.campaign)
        loaded.set_reaction_policy(state.reaction_policy)
        loaded.set_history(story)
        back = loaded
    back.usage = state.usage
    back.usage_turns = state.usage_turns
    back.usage_alerts = list(state.usage_alerts)
    return back
