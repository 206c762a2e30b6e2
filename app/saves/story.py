"""The story beside a save: an append-only file of every finished turn.

A save ``crossroads.toml`` holds the live game; its story is ``crossroads.story/story.toml``,
plain TOML with one ``[[turn]]`` table per finished turn. An autosave appends the turns the
file does not have yet and rewrites only the small main file, so a turn's save costs the
same at turn 10 and turn 10,000.

The main file's ``[story]`` table says which story it stands on: the folder, how many turns,
and the size and SHA-256 of the story text up to the end of the last of them. That table is
the commit point: the story is written (and fsynced) first, the main file after it, so a
crash between the two leaves a main file that names a prefix of what is on disk — anything
after it (a half-written turn, or turns taken back by a rewind) is ignored on load and
overwritten on the next save. A story cut below what the main file names, or changed inside
it, is refused on load unless it still reads as the same turns (a hand edit, which is
checked and reported).

Old saves carry their history inline (``[story] records``, what the upgrade from schema 4
leaves); they load as they are and get a story file the next time they are saved.
"""

from __future__ import annotations

import contextlib
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from app.saves.files import clean_orphans, identity, write_atomically
from app.saves.names import SaveError
from app.world.chronicle import (
    HEADER,
    Chronicle,
    StoryDamaged,
    is_closed,
    parse_record,
    split_records,
)
from app.world.turnrecord import TurnRecord
from app.world.userfiles import UserFileError, read_bytes

STORY_FILE = "story.toml"
"""The story's file inside a save's story folder."""
MAX_STORY_BYTES = 512 * 1024 * 1024
"""The largest story read (ten thousand turns are about 6 MB)."""


def story_folder(save: Path) -> Path:
    """The folder that holds a save's story and checkpoints: ``<name>.story`` beside it.
    A backup (``<name>.toml.2``) shares its save's folder."""
    name = save.name
    base = name[: name.index(".toml")] if ".toml" in name else name
    return save.with_name(f"{base}.story")


@dataclass(frozen=True)
class StoryRef:
    """What a save's ``[story]`` table says: which story file, and how much of it."""

    folder: str
    turns: int
    bytes: int
    sha256: str

    def table(self) -> dict[str, Any]:
        """The ``[story]`` table of the main file."""
        return {
            "folder": self.folder,
            "turns": self.turns,
            "bytes": self.bytes,
            "sha256": self.sha256,
        }


def _key(path: Path) -> str:
    return os.path.abspath(path)


def write_story(chronicle: Chronicle, save: Path) -> StoryRef:
    """Bring the story file beside ``save`` up to ``chronicle`` and return the reference the
    main file records.

    When the file is the one this game last wrote, the records it lacks are appended after
    the ones it shares with the chronicle (turns a rewind took back are overwritten only
    then, so until the next turn they can still be restored from disk). Otherwise — a new
    save, a save moved to another name, a file someone else wrote — it is written whole,
    atomically."""
    folder = story_folder(save)
    path = folder / STORY_FILE
    key = _key(path)
    size, digest = chronicle.digest()
    known = chronicle.synced.get(key)
    if not chronicle and known is None and not path.exists():
        return StoryRef(folder.name, 0, size, digest)  # nothing to tell yet: no folder
    if known is not None and identity(path) == known[1]:
        shared = known[0]
        if shared < len(chronicle):
            start = chronicle.offset(shared)
            with open(path, "r+b") as handle:
                handle.truncate(start)
                handle.seek(start)
                handle.write(b"".join(chronicle.texts(shared)))
                handle.flush()
                os.fsync(handle.fileno())
    else:
        folder.mkdir(parents=True, exist_ok=True)
        clean_orphans(folder)  # the temp file of a game killed while writing it whole
        write_atomically(path, HEADER + b"".join(chronicle.texts()), backups=0)
    chronicle.synced[key] = (len(chronicle), identity(path))
    return StoryRef(folder.name, len(chronicle), size, digest)


def _refused(save: Path, path: Path, why: str) -> SaveError:
    return SaveError(
        f"{save}: its story ({path}) {why}; the game was not loaded (move the folder "
        f"{path.parent.name} away to load it without its past turns)"
    )


def read_story(save: Path, table: object) -> tuple[Chronicle, list[str]]:
    """The story a save's ``[story]`` table names, and notes for the player.

    A story exactly as the game wrote it (size and digest match) is split into records
    without parsing them: they are parsed when something reads them. One that differs is
    read record by record and taken if every record is sound (a hand edit); else refused."""
    if not isinstance(table, dict):
        raise SaveError(f"{save}: story: is not a table")
    if "records" in table and set(table) != {"records"}:
        raise SaveError(f"{save}: story: holds records and a story file at once")
    if "records" in table:  # an older save, its history inline
        return _inline(save, table["records"]), []
    ref = _ref(save, table)
    folder = save.parent / ref.folder
    if Path(ref.folder).name != ref.folder or not ref.folder.endswith(".story"):
        raise SaveError(f"{save}: story.folder: {ref.folder!r} is not a story folder's name")
    path = folder / STORY_FILE
    if not os.path.lexists(path):
        if ref.turns == 0:
            return Chronicle(), []
        # A save copied without its folder: the game itself is whole, only its past turns
        # are elsewhere. It loads, and the player is told what is missing and where.
        return Chronicle(), [
            f"{save}: its story ({path}) is not there, so the game loads without the "
            f"{ref.turns} turns told so far (the DM keeps its summary of them); copy the "
            f"folder {ref.folder} beside the save to have them back"
        ]
    try:
        data = read_bytes(path, MAX_STORY_BYTES)
    except UserFileError as error:
        raise _refused(save, path, f"cannot be read ({error})") from None
    if len(data) >= ref.bytes and data.startswith(HEADER):
        chronicle = Chronicle.from_story(data[: ref.bytes])  # hashed as it is split
        if chronicle.digest() == (ref.bytes, ref.sha256):
            if len(chronicle) != ref.turns:
                held = f"holds {len(chronicle)} turns where the save names {ref.turns}"
                raise _refused(save, path, held)
            _check_tail(save, path, chronicle)
            chronicle.synced[_key(path)] = (ref.turns, identity(path))  # appended to next
            chronicle.keep_as_cut(_taken_back(data[ref.bytes :]))
            return chronicle, []
    return _edited(save, path, data, ref)


def _taken_back(tail: bytes) -> list[bytes]:
    """The whole records after the ones a save names: turns taken back before it was saved
    (a redo can bring them back). A record cut short (a crash mid-save) ends them."""
    kept = []
    for text in split_records(tail) if tail.startswith(b"[[turn]]") else []:
        if not is_closed(text):
            break
        kept.append(text)
    return kept


def _ref(save: Path, table: dict[str, Any]) -> StoryRef:
    kinds = {"folder": str, "turns": int, "bytes": int, "sha256": str}
    for key, kind in kinds.items():
        value = table.get(key)
        if not isinstance(value, kind) or isinstance(value, bool):
            raise SaveError(f"{save}: story.{key}: missing or of the wrong type")
    unknown = sorted(set(table) - set(kinds))
    if unknown:
        raise SaveError(f"{save}: story.{unknown[0]}: is not a key of the story table")
    if table["turns"] < 0 or table["bytes"] < len(HEADER):
        raise SaveError(f"{save}: story: the numbers cannot be right")
    return StoryRef(table["folder"], table["turns"], table["bytes"], table["sha256"])


def _inline(save: Path, records: object) -> Chronicle:
    if not isinstance(records, list):
        raise SaveError(f"{save}: story.records: is not a list")
    chronicle = Chronicle()
    for index, data in enumerate(records):
        try:
            chronicle.append(TurnRecord.model_validate(data))
        except ValidationError as error:
            first = error.errors()[0]
            where = ".".join(str(p) for p in first["loc"])
            raise SaveError(f"{save}: state.history.{index}.{where}: {first['msg']}") from None
        except ValueError as error:
            raise SaveError(f"{save}: state.history.{index}: {error}") from None
    return chronicle


def _check_tail(save: Path, path: Path, chronicle: Chronicle) -> None:
    """The newest records parse (the ones the game reads at once); the others are parsed,
    and checked, when first read."""
    try:
        for i in range(max(0, len(chronicle) - 12), len(chronicle)):
            chronicle[i]
    except (StoryDamaged, ValidationError) as error:
        raise _refused(save, path, f"is damaged ({error})") from None


def _edited(save: Path, path: Path, data: bytes, ref: StoryRef) -> tuple[Chronicle, list[str]]:
    """A story that is not byte for byte what the save names: taken only if its first
    ``ref.turns`` records are all sound and in order."""
    if ref.turns and b"[[turn]]" not in data:
        raise _refused(save, path, "is not a story file: it holds no turns")
    texts = split_records(data)
    if len(texts) < ref.turns:
        why = "was cut short" if len(data) < ref.bytes else "lost turns"
        raise _refused(
            save, path, f"{why}: it holds {len(texts)} of the {ref.turns} turns the save names"
        )
    for index, text in enumerate(texts[: ref.turns]):
        if not is_closed(text):
            raise _refused(
                save,
                path,
                f"was cut short: turn record {index + 1} has lost its last line "
                "('# end of turn …'; keep it when you edit the story by hand)",
            )
    chronicle = Chronicle()
    for index, text in enumerate(texts[: ref.turns]):
        try:
            chronicle.append(parse_record(text))
        except (StoryDamaged, ValidationError, ValueError) as error:
            raise _refused(save, path, f"turn record {index + 1} is damaged ({error})") from None
    note = (
        f"{path} was changed since the game wrote it; its {ref.turns} turns read soundly, so "
        "they load as they stand"
    )
    return chronicle, [note]


def remove_story(save: Path) -> list[Path]:
    """Delete a save's story folder (the save itself is gone); returns what was removed."""
    folder = story_folder(save)
    removed: list[Path] = []
    if not folder.is_dir() or folder.is_symlink():
        return removed
    for root, dirs, files in os.walk(folder, topdown=False):
        for name in files:
            target = Path(root) / name
            with contextlib.suppress(OSError):
                target.unlink()
                removed.append(target)
        for name in dirs:
            with contextlib.suppress(OSError):
                (Path(root) / name).rmdir()
    with contextlib.suppress(OSError):
        folder.rmdir()
    return removed
