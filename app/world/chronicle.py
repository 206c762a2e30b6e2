"""The story of a game: every finished turn, in order, kept apart from the live state.

A game's live state is small and changes every turn; its story only grows. Holding the
story inside the state made every rollback point, checkpoint and autosave cost more the
longer a game ran (a deep copy and a TOML rewrite of thousands of turns, every turn). The
chronicle is append-only instead: a turn's record is added once and never changed, so

- a rollback point or checkpoint only needs the chronicle's *length* (records are frozen),
- an autosave appends the new records' text to the story file and rewrites only the small
  live state (:mod:`app.saves.story`),
- a long game loaded from disk parses only the records something reads (the last few for
  the DM's context and the play screen), not all of them.

Each record is held as the TOML text it is saved as (one ``[[turn]]`` table), the parsed
:class:`TurnRecord`, or both, and turned into the other on first use. A running SHA-256 of
the text lets a save name exactly which prefix of the story file it stands on without
reading the file again.

Taking turns back (undo, rewind) cuts records off the end; the cut records are kept until
the next turn is added, so that a rewind can itself be undone (:meth:`Chronicle.restore_cut`).
"""

from __future__ import annotations

import hashlib
import re
import tomllib
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, overload

from app.world import tomltext
from app.world.printable import scrub
from app.world.turnrecord import TurnRecord

HEADER = (
    b"# The story of a Dungeon Terminal game: every finished turn, in order. Turns are only\n"
    b"# ever added at the end; the save beside this folder says how much of it is its story.\n"
)
"""The first lines of every story file (part of what the save's digest covers)."""
MARK = b"[[turn]]\n"
"""How each record's text begins."""
END = "# end of turn "
"""How each record's last line begins."""


Text = bytes | memoryview
"""A record's saved text: its own bytes, or a view into the story file's text it was read from."""


def _held(record: TurnRecord | None) -> TurnRecord:
    assert record is not None  # a record's text or the record itself is always held
    return record


class StoryDamaged(ValueError):
    """A story's text is not the records it should be (cut short, edited into nonsense)."""


def record_text(record: TurnRecord) -> bytes:
    """The TOML text a record is saved as: one ``[[turn]]`` table, closed by a comment line
    (``# end of turn 12``) that tells a record cut short from a whole one."""
    data = record.model_dump(mode="json", exclude_none=True)
    return (tomltext.dumps({"turn": [data]}) + f"{END}{record.number}\n").encode("utf-8")


def is_closed(text: Text) -> bool:
    """The record's text ends with its closing line (it was not cut short)."""
    last = bytes(text).rstrip().rsplit(b"\n", 1)[-1]
    return last.startswith(END.encode()) and last[len(END) :].isdigit()


def parse_record(text: Text) -> TurnRecord:
    """A record from its saved text (control characters removed, as from any save)."""
    try:
        data = tomllib.loads(bytes(text).decode("utf-8"))
    except (UnicodeDecodeError, tomllib.TOMLDecodeError) as error:
        raise StoryDamaged(f"not valid TOML ({error})") from None
    turns = data.get("turn")
    if set(data) != {"turn"} or not isinstance(turns, list) or len(turns) != 1:
        raise StoryDamaged("a record is not one [[turn]] table")
    scrub(turns[0])
    return TurnRecord.model_validate(turns[0])


_MARKS = re.compile(re.escape(b"\n" + MARK))
"""A record's first line anywhere but at the very start."""


def _starts(text: bytes, start: int = 0) -> list[int]:
    """Where each record begins: a ``[[turn]]`` line (found by one scan of a literal
    pattern, which is many times faster than a multi-line pattern — and twice as fast as a
    loop of ``bytes.find`` — over megabytes of story)."""
    found = [start] if text.startswith(MARK, start) else []
    found.extend(m.start() + 1 for m in _MARKS.finditer(text, start))
    return found


def split_records(body: bytes) -> list[bytes]:
    """The records' texts in a story file's text (the header and anything before the first
    record left out)."""
    starts = _starts(body)
    ends = [*starts[1:], len(body)] if starts else []
    return [body[a:b] for a, b in zip(starts, ends, strict=True)]


@dataclass
class Synced:
    """What one story file holds of a chronicle that was written to it (or read from it)."""

    file: str
    """The file's name in its story folder."""
    shared: int
    """How many of the chronicle's first records the file holds unchanged."""
    held: int
    """How many records the file holds: more than ``shared`` once turns were taken back or
    told again, and then a save may still name them — the file is never cut below them."""
    identity: Any
    """The file as it was left (tells a file someone else wrote since)."""


class Chronicle(Sequence[TurnRecord]):
    """Every finished turn of a game, in order: append-only, cheap to share and to save."""

    def __init__(self, records: Iterable[TurnRecord] = ()) -> None:
        self._texts: list[Text | None] = []
        self._records: list[TurnRecord | None] = []
        self._hash = hashlib.sha256(HEADER)
        self._hashed = 0
        """How many records the running hash covers."""
        self._size = len(HEADER)
        """Bytes of the story text the running hash covers."""
        self._ends: list[int] = []
        """Where each hashed record's text ends in the story's text."""
        self._cut: tuple[list[Text | None], list[TurnRecord | None]] | None = None
        self.synced: dict[str, Synced] = {}
        """For each story folder this chronicle was written to (by path): the file it was
        last written to there, and how much of it the chronicle shares. Cutting records off
        or telling one again lowers what is shared, never what the file holds."""
        self.branched: int | None = None
        """The first turn of a branch of the story played after turns were taken back and
        not brought back: the checkpoints kept with a save from that turn on are of the
        branch abandoned, and go when the next checkpoint is kept."""
        self.retold: dict[tuple[int, str], tuple[int, str]] = {}
        """After a turn is told again: the size and digest of each story prefix through it
        as first told, to the same prefix as told now. A checkpoint kept with a save names
        the story it stands on; one naming the old telling is sealed again with the new
        one (:func:`app.saves.checkpoints.reseal`), so it is not taken for another game's."""
        for record in records:
            self.append(record)

    @classmethod
    def from_texts(cls, texts: list[bytes]) -> Chronicle:
        """A chronicle of records read from a story file (parsed when first read)."""
        chronicle = cls()
        chronicle._texts = list(texts)
        chronicle._records = [None] * len(texts)
        return chronicle

    @classmethod
    def from_story(cls, text: bytes) -> Chronicle:
        """The chronicle of a story file's whole text (header included), already hashed:
        records are views into ``text``, split without parsing and parsed when read."""
        view = memoryview(text)
        starts = _starts(text, len(HEADER))
        ends = [*starts[1:], len(text)] if starts else []
        chronicle = cls()
        chronicle._texts = [view[a:b] for a, b in zip(starts, ends, strict=True)]
        chronicle._records = [None] * len(starts)
        chronicle._hash = hashlib.sha256(text)
        chronicle._hashed, chronicle._size, chronicle._ends = len(starts), len(text), ends
        return chronicle

    def __getstate__(self) -> dict[str, Any]:
        """A copy or a pickle leaves the running digest behind (it cannot be copied) and
        computes it again when asked."""
        state = dict(self.__dict__)
        state["_hash"] = None
        state["_hashed"], state["_size"], state["_ends"] = 0, len(HEADER), []
        state["_texts"] = [bytes(t) if t is not None else None for t in self._texts]
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self._hash = hashlib.sha256(HEADER)

    def copy(self) -> Chronicle:
        """An independent chronicle with the same records (shared: they are frozen)."""
        other = Chronicle()
        other._texts = list(self._texts)
        other._records = list(self._records)
        other._hash, other._hashed = self._hash.copy(), self._hashed
        other._size, other._ends = self._size, list(self._ends)
        return other

    # -- reading --------------------------------------------------------------------------------
    def __len__(self) -> int:
        return len(self._records)

    @overload
    def __getitem__(self, index: int) -> TurnRecord: ...
    @overload
    def __getitem__(self, index: slice) -> list[TurnRecord]: ...
    def __getitem__(self, index: int | slice) -> TurnRecord | list[TurnRecord]:
        if isinstance(index, slice):
            return [self._record(i) for i in range(*index.indices(len(self._records)))]
        if index < 0:
            index += len(self._records)
        if not 0 <= index < len(self._records):
            raise IndexError("no such turn in the story")
        return self._record(index)

    def __iter__(self) -> Iterator[TurnRecord]:
        for i in range(len(self._records)):
            yield self._record(i)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Sequence):
            return len(self) == len(other) and all(a == b for a, b in zip(self, other, strict=True))
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Chronicle({len(self)} turns)"

    def _record(self, i: int) -> TurnRecord:
        record = self._records[i]
        if record is None:
            text = self._texts[i]
            assert text is not None  # one of the two is always held
            record = self._records[i] = parse_record(text)
        return record

    def text(self, i: int) -> Text:
        """The saved text of record ``i``."""
        text = self._texts[i]
        if text is None:
            record = self._records[i]
            assert record is not None
            text = self._texts[i] = record_text(record)
        return text

    # -- growing and cutting ---------------------------------------------------------------------
    def append(self, record: TurnRecord) -> None:
        """Add a finished turn. Records cut off by an undo are forgotten from here on: a new
        turn starts a new branch of the story."""
        if self._records and record.number <= self[-1].number:
            raise ValueError(
                f"turn {record.number} cannot follow turn {self[-1].number} in the story"
            )
        if self._cut is not None and self._cut[0]:
            first = record.number if self.branched is None else min(self.branched, record.number)
            self.branched = first
        self._cut = None
        self._texts.append(None)
        self._records.append(record)

    def cut(self, length: int, *, keep: bool = True) -> None:
        """Take back every record after the first ``length`` (an undo or a rewind). When
        ``keep``, what is cut is kept until the next :meth:`append`, so :meth:`restore_cut`
        can bring it back; a failed turn's rollback keeps nothing."""
        if not 0 <= length <= len(self):
            raise ValueError(f"the story has {len(self)} turns, not {length}")
        if length == len(self):
            return
        if keep:
            tail = (self._texts[length:], self._records[length:])
            if self._cut is not None and self._cut[0]:
                # A second cut before any new turn: what was cut first follows this tail.
                tail = (tail[0] + self._cut[0], tail[1] + self._cut[1])
            self._cut = tail
        del self._texts[length:]
        del self._records[length:]
        for synced in self.synced.values():
            synced.shared = min(synced.shared, length)
        if self._hashed > length:
            self._rehash()

    def replace_last(self, record: TurnRecord) -> None:
        """Put a new telling of the last turn in place of the old one (``/reroll``): the
        same turn, told again. Every story file written from this chronicle now shares one
        record fewer with it, so its next save writes the new telling, and the running
        digest is computed afresh when next asked."""
        if not self._records:
            raise ValueError("the story has no turn to tell again")
        if record.number != self[-1].number:
            raise ValueError(f"turn {record.number} cannot replace turn {self[-1].number}")
        last = len(self._records) - 1
        counts = range(last + 1, len(self) + self.cut_length + 1)
        before = [self.prefix_digest(n) for n in counts]
        self._records[last] = record
        self._texts[last] = None
        for synced in self.synced.values():
            synced.shared = min(synced.shared, last)
        if self._hashed > last:
            self._rehash()
        for old, new in zip(before, (self.prefix_digest(n) for n in counts), strict=True):
            if old is None or new is None:
                continue
            for first, told in list(self.retold.items()):  # told again before being saved
                if told == old:
                    self.retold[first] = new
            self.retold[old] = new

    def keep_as_cut(self, texts: Sequence[Text]) -> None:
        """Records that follow the story's end in its file (turns taken back before the game
        was last saved): they can be brought back, as if cut in this sitting."""
        self._cut = (list(texts), [None] * len(texts)) if texts else None

    @property
    def cut_length(self) -> int:
        """How many records the last cut took back (0 when nothing can be restored)."""
        return len(self._cut[0]) if self._cut else 0

    def forget_cut(self) -> None:
        """What the last cut took back cannot be brought back any more (a change made
        since, such as a player seated): the next save writes the story without it."""
        self._cut = None

    def restore_cut(self, length: int | None = None) -> None:
        """Put back the records the last cut took (the first ``length`` of them, or all)."""
        if not self._cut:
            raise ValueError("nothing was taken back")
        texts, records = self._cut
        n = len(records) if length is None else length
        before = len(self._records)
        self._texts.extend(texts[:n])
        self._records.extend(records[:n])
        self._cut = (texts[n:], records[n:]) if n < len(records) else None
        for synced in self.synced.values():  # a file that still holds them shares them
            if synced.shared == before and before + n <= synced.held:  # again: the next save
                synced.shared = before + n  # leaves the turns after them in it for a redo

    # -- what a save needs -----------------------------------------------------------------------
    def _rehash(self) -> None:
        self._hash = hashlib.sha256(HEADER)
        self._hashed, self._size, self._ends = 0, len(HEADER), []

    def _catch_up(self) -> None:
        for i in range(self._hashed, len(self)):
            text = self.text(i)
            self._hash.update(text)
            self._size += len(text)
            self._ends.append(self._size)
        self._hashed = len(self)

    def digest(self) -> tuple[int, str]:
        """The size and SHA-256 of the whole story's text (header and every record)."""
        self._catch_up()
        return self._size, self._hash.hexdigest()

    def prefix_digest(self, count: int) -> tuple[int, str] | None:
        """The size and SHA-256 of the story's text through its first ``count`` records —
        past the end, through the records a cut keeps for a redo — as a save standing on
        that many turns names them (``None`` when there are not that many)."""
        if count == len(self):
            return self.digest()
        texts = [self.text(i) for i in range(min(count, len(self)))]
        if count > len(self):
            kept = self._cut
            if kept is None or len(kept[0]) < count - len(self):
                return None
            for text, record in zip(kept[0], kept[1], strict=True):
                if len(texts) == count:
                    break
                texts.append(text if text is not None else record_text(_held(record)))
        digest = hashlib.sha256(HEADER)
        for text in texts:
            digest.update(text)
        return len(HEADER) + sum(len(t) for t in texts), digest.hexdigest()

    def offset(self, count: int) -> int:
        """Where record ``count`` begins in the story's text (its size up to there)."""
        if count == 0:
            return len(HEADER)
        self._catch_up()
        return self._ends[count - 1]

    def texts(self, start: int = 0) -> Iterator[Text]:
        """The saved text of every record from ``start`` on."""
        for i in range(start, len(self)):
            yield self.text(i)

    def cut_texts(self) -> Iterator[Text]:
        """The saved text of the records a cut keeps for a redo, in order."""
        texts, records = self._cut or ([], [])
        for text, record in zip(texts, records, strict=True):
            yield text if text is not None else record_text(_held(record))
