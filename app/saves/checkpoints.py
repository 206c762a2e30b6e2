"""Checkpoints kept with a save: the game as it stood at the end of recent turns and at the
start of every scene, so a player can take turns back (``/undo``, ``/rewind``) after
loading the game too.

A checkpoint costs nothing to write: it is the autosave written when the turn ended, kept
under a second name by a hard link (``<name>.story/checkpoints/000042-cellar.toml``), so it
is a whole, sealed save like any other and loads through the same checks. Its ``[story]``
table names the prefix of the save's story it stands on; the story keeps those turns until
a new turn is played after a rewind, which is also when the checkpoints of the abandoned
turns are removed.

Kept: the newest :data:`KEEP_TURNS` checkpoints (the game now and 50 turns back), and
the newest :data:`KEEP_SCENES` that began a scene (the file name ends ``.start.toml``).
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import tomllib
from dataclasses import dataclass
from pathlib import Path

from app.saves import disk
from app.saves.document import load_checkpoint_state
from app.saves.files import clean_orphans, files_named, read_save_text, write_atomically
from app.saves.names import SaveError, StaleCheckpoint
from app.saves.proof import Wholeness, examine, seal
from app.saves.story import STORY_FILE, story_folder
from app.world import tomltext
from app.world.chronicle import Chronicle
from app.world.state import GameState

KEEP_TURNS = 51
"""Checkpoints of the newest turns kept: where the game stands and the 50 before it."""
KEEP_SCENES = 50
"""Checkpoints of scene starts kept, besides."""
FOLDER = "checkpoints"
_NAME = re.compile(
    r"(?P<turn>[0-9]{6,10})-(?P<scene>[a-z0-9][a-z0-9_-]*?)(?P<start>\.start)?\.toml"
)


@dataclass(frozen=True)
class DiskCheckpoint:
    """A checkpoint file: the turn it was taken at, the scene, whether it began the scene."""

    turn: int
    scene: str
    start: bool
    path: Path


def checkpoints_of(save: Path) -> list[DiskCheckpoint]:
    """The checkpoints kept with a save, oldest first (files that are not checkpoints,
    or are not plain files, are passed over)."""
    found = [
        DiskCheckpoint(int(match["turn"]), match["scene"], bool(match["start"]), path)
        for match, path in files_named(story_folder(save) / FOLDER, _NAME)
    ]
    return sorted(found, key=lambda c: c.turn)


def keep_checkpoint(save: Path, state: GameState) -> Path | None:
    """Keep the save just written at ``save`` as the checkpoint of ``state``'s turn: the
    checkpoint of this turn and, once a new turn was played after an undo, those of later
    turns (a branch it abandoned) go, the new one is copied, and old ones past the limits
    are removed. Returns the checkpoint's path (None
    when the folder cannot be written: a checkpoint is a convenience, never a failed save)."""
    folder = story_folder(save) / FOLDER
    kept = checkpoints_of(save)
    branched = state.history.branched  # (turns taken back, then others played)
    earlier = [c for c in kept if c.turn < min(state.turn, branched or state.turn)]
    start = not earlier or earlier[-1].scene != state.scene.id
    name = f"{state.turn:06d}-{state.scene.id}{'.start' if start else ''}.toml"
    target = folder / name
    try:
        disk.mkdir(folder)
        # Later turns' checkpoints are of turns taken back: kept while /redo can bring them
        # back (also after quitting), gone once a new turn has been played instead.
        redo = state.history.cut_length > 0
        for stale in (
            c for c in kept if c.turn == state.turn or (c.turn > state.turn and not redo)
            or (branched is not None and c.turn >= branched)
        ):  # fmt: skip
            disk.unlink(stale.path)
        state.history.branched = None
        tmp = folder / f".{name}.{os.getpid()}.tmp"
        # A copy, not a link to the save: a checkpoint edited or cut short in place must
        # not take the save (and its backup, linked to it in turn) with it.
        shutil.copyfile(save, tmp)
        disk.replace(tmp, target)
    except OSError:
        return None
    clean_orphans(folder)  # a link a killed game left half made
    _prune(earlier)
    return target


def _prune(earlier: list[DiskCheckpoint]) -> None:
    """Past the limits, the oldest go (the newest turns and scene starts stay)."""
    turns = [c for c in earlier if not c.start]
    scenes = [c for c in earlier if c.start]
    # The new checkpoint is one of the newest turns: KEEP_TURNS - 1 older ones stay.
    for old in [
        *turns[: max(0, len(turns) - (KEEP_TURNS - 1))],
        *scenes[: max(0, len(scenes) - KEEP_SCENES)],
    ]:
        with contextlib.suppress(OSError):
            disk.unlink(old.path)


def reseal(save: Path, retold: dict[tuple[int, str], tuple[int, str]]) -> None:
    """A turn was told again (``/reroll``): the checkpoints standing on the story as first
    told (``retold``'s keys) are sealed again naming it as told now, their game unchanged.
    A checkpoint that cannot be read or written is left as it is (at worst, an undo after
    a resume passes over it)."""
    for kept in checkpoints_of(save):
        with contextlib.suppress(OSError, ValueError, AttributeError, KeyError, TypeError):
            data = tomllib.loads(examine(read_save_text(kept.path)).body)
            story = data["story"]
            new = retold.get((story.get("bytes"), story.get("sha256")))
            if new is None:
                continue
            story["bytes"], story["sha256"] = new
            text, _ = seal(tomltext.dumps(data))
            write_atomically(kept.path, text.encode("utf-8"), backups=0)  # no .1 .2 .3 left


def copy_checkpoints(source: Path, target: Path) -> int | None:
    """The game saved at ``source`` was just saved under another name, at ``target``: give
    that save the game's checkpoints too, so undo and rewind reach back after loading it.

    Each checkpoint is copied — never linked: what either game does to its history later
    must not reach the other's — sealed anew naming the new save's story (so that restoring
    the save from a checkpoint never reads, nor writes, the original's), and written whole
    (a temp file beside it, then a rename). The original's files are only read. Checkpoints
    the target's folder held that the game no longer has (an earlier save under the same
    name) go. Returns how many were copied (``None`` when the folder cannot be written)."""
    if _same_folder(story_folder(source), story_folder(target)):
        return 0
    table = _story_table(target)
    if table is None:
        return None
    folder = story_folder(target) / FOLDER
    copied: set[str] = set()
    try:
        for kept in checkpoints_of(source):
            text = _retargeted(kept.path, table)
            if text is None:  # unreadable, edited by hand: left behind
                continue
            write_atomically(folder / kept.path.name, text.encode("utf-8"), backups=0)
            copied.add(kept.path.name)
        for stale in checkpoints_of(target):
            if stale.path.name not in copied:
                disk.unlink(stale.path)
    except OSError:
        return None
    return len(copied)


def _same_folder(one: Path, other: Path) -> bool:
    try:
        return one.resolve() == other.resolve()
    except OSError:
        return one == other


def _story_table(save: Path) -> dict[str, object] | None:
    """The ``[story]`` table of the save at ``save`` (``None`` when it cannot be read)."""
    with contextlib.suppress(OSError, ValueError, RecursionError):
        table = tomllib.loads(examine(read_save_text(save)).body).get("story")
        if isinstance(table, dict):
            return table
    return None


def _retargeted(path: Path, table: dict[str, object]) -> str | None:
    """The checkpoint at ``path`` sealed anew naming the story ``table`` names (an older
    save's inline story is kept as it is); ``None`` when it is not whole as written."""
    with contextlib.suppress(OSError, ValueError, RecursionError, AttributeError):
        proof = examine(read_save_text(path))
        if proof.wholeness is not Wholeness.WHOLE:
            return None
        data = tomllib.loads(proof.body)
        story = data["story"]
        if "records" not in story:
            story["folder"] = table.get("folder")
            story.pop("file", None)
            if table.get("file", STORY_FILE) != STORY_FILE:
                story["file"] = table["file"]
        text, _ = seal(tomltext.dumps(data))
        return text
    return None


def load_checkpoint_file(path: Path, story: Chronicle) -> tuple[GameState, int]:
    """The game a checkpoint file holds (without its story: the caller has it, ``story``)
    and how many turns of the story it stands on. Raises :class:`SaveError` for a damaged
    file, and for a checkpoint of another story — another game of the same campaign copied
    in, or another game resumed from the same save that went its own way — which would
    otherwise put that game's state under this one's story."""
    state, turns, digest = load_checkpoint_state(path)
    if digest is not None and story.prefix_digest(turns) != digest:
        raise StaleCheckpoint(
            f"{path.name}: this checkpoint belongs to another game (the story it stands on "
            "is not this game's), so it was not used"
        )
    return state, turns


__all__ = [
    "KEEP_SCENES",
    "KEEP_TURNS",
    "DiskCheckpoint",
    "SaveError",
    "checkpoints_of",
    "copy_checkpoints",
    "keep_checkpoint",
    "load_checkpoint_file",
    "reseal",
]
