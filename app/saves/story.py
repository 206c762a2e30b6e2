"""The story beside a save: an append-only file of every finished turn.

A save ``crossroads.toml`` holds the live game; its story is in ``crossroads.story/``, plain
TOML with one ``[[turn]]`` table per finished turn. An autosave appends the turns the file
does not have yet and rewrites only the small main file, so a turn's save costs the same at
turn 10 and turn 10,000.

The main file's ``[story]`` table says which story it stands on: the folder, the file, how
many turns, and the size and SHA-256 of the story text up to the end of the last of them.
That table is the commit point: the story is written (and fsynced) first, the main file
after it, so a crash between the two leaves a main file that names a prefix of what is on
disk — anything after it (a half-written turn, or turns taken back) is ignored on load.

**A story file is never cut or overwritten.** Turns are only ever added at its end. When a
save needs a story that is not what a file holds plus more turns — a turn taken back and
played differently, a turn told again (``/reroll``), a file someone else wrote, or one a
write left half done — the whole story goes to a new file beside it (``story-2.toml``), and
the old file stays until no save (the main file or a backup) names it. So whatever fails
while saving — a full disk, a kill at any system call — the save already on disk and its
backups still find exactly the story they name.

A story that differs from what the main file names is refused on load unless it still reads
as the same turns (a hand edit, which is checked and reported). Old saves carry their
history inline (``[story] records``, what the upgrade from schema 4 leaves); they load as
they are and get a story file the next time they are saved.
"""

from __future__ import annotations

import codecs
import contextlib
import os
import re
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from app.saves import disk
from app.saves.files import (
    clean_orphans,
    files_named,
    identity,
    read_save_text,
    write_atomically,
)
from app.saves.names import BACKUPS, SaveError
from app.world.chronicle import (
    HEADER,
    Chronicle,
    StoryDamaged,
    Synced,
    is_closed,
    parse_record,
    split_records,
)
from app.world.turnrecord import TurnRecord
from app.world.userfiles import UserFileError, read_bytes

STORY_FILE = "story.toml"
"""The story's first file inside a save's story folder."""
_STORY_NAME = re.compile(r"story(?:-(?P<n>[1-9][0-9]{0,8}))?\.toml")
"""A story file's name: ``story.toml``, then ``story-2.toml`` … for each new telling."""
_SAVE_NAME = re.compile(r"(?P<base>.+)\.toml(?:\.[0-9]+)?")
"""A save's file name (``fuzz.toml``) or a backup's (``fuzz.toml.2``)."""
MAX_STORY_BYTES = 512 * 1024 * 1024
"""The largest story read (ten thousand turns are about 6 MB)."""


def story_folder(save: Path) -> Path:
    """The folder that holds a save's story and checkpoints: ``<name>.story`` beside it.
    A backup (``<name>.toml.2``) shares its save's folder."""
    match = _SAVE_NAME.fullmatch(save.name)
    base = match["base"] if match else save.name  # "game.toml-2.toml": "game.toml-2"
    return save.with_name(f"{base}.story")


@dataclass(frozen=True)
class StoryRef:
    """What a save's ``[story]`` table says: which story file, and how much of it."""

    folder: str
    turns: int
    bytes: int
    sha256: str
    file: str = STORY_FILE

    def table(self) -> dict[str, Any]:
        """The ``[story]`` table of the main file (``file`` only once it is not the first:
        a save that never needed a second file reads as it always did)."""
        table: dict[str, Any] = {
            "folder": self.folder,
            "turns": self.turns,
            "bytes": self.bytes,
            "sha256": self.sha256,
        }
        if self.file != STORY_FILE:
            table["file"] = self.file
        return table


def _key(path: Path) -> str:
    return os.path.abspath(path)


def write_story(chronicle: Chronicle, save: Path) -> StoryRef:
    """Bring the story beside ``save`` up to ``chronicle`` and return the reference the
    main file records.

    When the file is the one this game last wrote and the chronicle only adds turns to it,
    they are appended. When it has turns taken back and none added, it is left as it is
    (the turns after the ones the save names can still be brought back). Anything else —
    a turn played after an undo, a turn told again, a new save name, a file someone else
    wrote — writes the whole story to a new file: nothing a save on disk names is ever cut
    or overwritten (see the module's note)."""
    folder = story_folder(save)
    key = _key(folder)
    size, digest = chronicle.digest()
    synced = chronicle.synced.get(key)
    if synced is not None and identity(folder / synced.file) == synced.identity:
        path = folder / synced.file
        redo = synced.held == synced.shared or chronicle.cut_length > 0
        if synced.shared == len(chronicle) and redo:  # nothing new; any turns after are
            # taken back, still to be brought back (else: written anew without them)
            return StoryRef(folder.name, len(chronicle), size, digest, synced.file)
        if synced.shared == synced.held:  # only new turns: added at the end
            with open(path, "ab") as handle:
                disk.write(handle, b"".join(chronicle.texts(synced.shared)), path)
                disk.sync(handle, path)
            synced.shared = synced.held = len(chronicle)
            synced.identity = identity(path)
            return StoryRef(folder.name, len(chronicle), size, digest, synced.file)
    if not chronicle and synced is None and not _story_files(folder):
        return StoryRef(folder.name, 0, size, digest)  # nothing to tell yet: no folder
    disk.mkdir(folder)
    clean_orphans(folder)  # the temp file of a game killed while writing one whole
    name = _new_file(folder)
    path = folder / name
    # (with the turns taken back after it, so a redo still finds them: a turn told again)
    texts = [*chronicle.texts(), *chronicle.cut_texts()]
    write_atomically(path, HEADER + b"".join(texts), backups=0)
    held = len(chronicle) + chronicle.cut_length
    chronicle.synced[key] = Synced(name, len(chronicle), held, identity(path))
    return StoryRef(folder.name, len(chronicle), size, digest, name)


def _story_files(folder: Path) -> list[str]:
    """The names of the story files in a story folder (plain files only)."""
    return [path.name for _, path in files_named(folder, _STORY_NAME)]


def _new_file(folder: Path) -> str:
    """A story file name nothing in the folder has: ``story.toml`` for the first, then one
    numbered past every file there (so an older file is never taken again)."""
    names = _story_files(folder)
    if not names and not os.path.lexists(folder / STORY_FILE):
        return STORY_FILE
    numbers = [1, *(int(m["n"] or 1) for m in map(_STORY_NAME.fullmatch, names) if m)]
    return f"story-{max(numbers) + 1}.toml"


def _named_file(save: Path) -> str | None:
    """The story file a save or backup names, ``""`` when it names none in a file (an
    inline story, no story), ``None`` when it cannot be read (then nothing is removed)."""
    try:
        table = tomllib.loads(read_save_text(save)).get("story")
    except (SaveError, tomllib.TOMLDecodeError, RecursionError):
        return None
    if not isinstance(table, dict) or "records" in table:
        return ""
    if table.get("folder") != story_folder(save).name:
        return ""
    name = table.get("file", STORY_FILE)
    return name if isinstance(name, str) else None


def prune_stories(save: Path) -> list[Path]:
    """Once a save is written, remove the story files that neither it nor any of its
    backups names (the older tellings a new file replaced). Quietly keeps everything when a
    save or backup cannot be read: only what nothing can need is removed."""
    folder = story_folder(save)
    names = _story_files(folder)
    if len(names) < 2:
        return []
    named: set[str] = set()
    for candidate in [save, *(save.with_name(f"{save.name}.{n}") for n in range(1, BACKUPS + 1))]:
        if not os.path.lexists(candidate):
            continue
        name = _named_file(candidate)
        if name is None:
            return []
        named.add(name)
    named |= _named_by_others(save, folder.name)  # a copy made by hand ("cp crossroads.toml
    removed = []  # before-boss.toml") names the same story: it is kept for the copy
    for name in names:
        if name not in named:
            with contextlib.suppress(OSError):
                disk.unlink(folder / name)
                removed.append(folder / name)
    return removed


def _named_by_others(save: Path, folder: str) -> set[str]:
    """The story files of ``folder`` that other saves (and their backups) in the same saves
    folder name: copies of this save made by hand, which go on naming its story."""
    named: set[str] = set()
    mine = {save.name, *(f"{save.name}.{n}" for n in range(1, BACKUPS + 1))}
    for other in sorted(save.parent.glob("*.toml*")):
        if other.name in mine or not re.fullmatch(r"[^.].*\.toml(?:\.\d+)?", other.name):
            continue
        try:
            text = read_save_text(other)
            table = tomllib.loads(text).get("story") if folder in text else None
        except (SaveError, tomllib.TOMLDecodeError, RecursionError, OSError):
            continue
        if isinstance(table, dict) and table.get("folder") == folder:
            name = table.get("file", STORY_FILE)
            named |= {name} if isinstance(name, str) else set()
    return named


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
    if not _STORY_NAME.fullmatch(ref.file):
        raise SaveError(f"{save}: story.file: {ref.file!r} is not a story file's name")
    path = folder / ref.file
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
    plain = _plain(data)
    if plain is not data:  # a copy through Windows or an editor: read as a hand edit
        return _edited(save, path, plain, ref)
    if len(data) >= ref.bytes and data.startswith(HEADER):
        chronicle = Chronicle.from_story(data[: ref.bytes])  # hashed as it is split
        if chronicle.digest() == (ref.bytes, ref.sha256):
            if len(chronicle) != ref.turns:
                why = f"holds {len(chronicle)} turns where the save names {ref.turns}"
                raise _refused(save, path, why)
            _check_tail(save, path, chronicle)
            taken = _taken_back(data[ref.bytes :])
            held = ref.turns + len(taken)
            if ref.bytes + sum(len(t) for t in taken) < len(data):
                held += 1  # a record cut short at the end: never appended after
            chronicle.synced[_key(folder)] = Synced(ref.file, ref.turns, held, identity(path))
            chronicle.keep_as_cut(taken)
            return chronicle, []
    return _edited(save, path, data, ref)


def _plain(data: bytes) -> bytes:
    """The story's text as the game writes it: without a byte-order mark and with ``\n``
    line ends (an editor or a copy through Windows may add them). The same object when
    there is nothing to undo."""
    if data.startswith(codecs.BOM_UTF8):
        data = data[len(codecs.BOM_UTF8) :]
    if b"\r\n" in data:
        data = data.replace(b"\r\n", b"\n")
    return data


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
    if not isinstance(table.get("file", STORY_FILE), str):
        raise SaveError(f"{save}: story.file: of the wrong type")
    unknown = sorted(set(table) - {*kinds, "file"})
    if unknown:
        raise SaveError(f"{save}: story.{unknown[0]}: is not a key of the story table")
    if table["turns"] < 0 or table["bytes"] < len(HEADER):
        raise SaveError(f"{save}: story: the numbers cannot be right")
    return StoryRef(
        table["folder"],
        table["turns"],
        table["bytes"],
        table["sha256"],
        table.get("file", STORY_FILE),
    )


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
                disk.unlink(target)
                removed.append(target)
        for name in dirs:
            with contextlib.suppress(OSError):
                (Path(root) / name).rmdir()
    with contextlib.suppress(OSError):
        folder.rmdir()
    return removed
