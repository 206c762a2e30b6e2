"""What a save file holds, and turning a game into one and back.

A save is plain TOML ending in a proof line (:mod:`app.saves.proof`). Reading one goes
through three gates, and a file that fails any of them is refused with its path and the key
at fault, and left exactly as it was: it must be whole (or an older save from before proof
lines, or a hand edit), it must have the shape the game writes (:mod:`app.saves.shape`),
and it must make sense (:mod:`app.saves.sanity`).
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from app.saves.files import read_save_text, write_atomically
from app.saves.migrations import MIGRATIONS
from app.saves.names import BACKUPS, SAVES_DIR, SaveError, save_path
from app.saves.proof import Wholeness, examine, is_whole, seal, sealed_digest
from app.saves.sanity import check_rng, check_state
from app.saves.sense import LOADABLE, SAVEABLE, huge
from app.saves.shape import Problem, gaps
from app.saves.story import StoryRef, prune_stories, read_story, write_story
from app.world import tomltext
from app.world.printable import scrub
from app.world.state import GameState

SCHEMA_VERSION = 9
"""Schema 2 added the proof line at the end of the file; schema 3 adds class features,
lasting effects and experience; schema 4 the reaction queue, the turn manager's record and
token usage; schema 5 keeps the story in its own append-only file beside the save
(:mod:`app.saves.story`, :mod:`app.saves.migrations`); schema 6 the event system's truth
set; schema 7 the scene each creature stands in."""


_HEADER: dict[str, tuple[type, ...]] = {
    "campaign": (str,),
    "title": (str,),
    "turn": (int,),
    "created": (datetime,),
    "saved": (datetime,),
    "rng": (dict,),
    "story": (dict,),
    "state": (dict,),
}
"""The top-level keys every save holds, and their TOML types."""
_HEX = re.compile(r"[0-9a-f]*")


@dataclass(frozen=True)
class Loaded:
    """A save that loaded: the game, the file it came from, and what the player should be
    told about the file (edited by hand since it was saved, written by an older version)."""

    state: GameState
    path: Path
    notes: tuple[str, ...] = ()


def _document(state: GameState, created: datetime | None, story: StoryRef) -> dict[str, Any]:
    version, internal, gauss = state.rng_state()
    # One line of hex rather than 625 numbers: the RNG moves every turn, and a diff of a
    # save should show the game, not a wall of changed integers.
    rng: dict[str, Any] = {"version": version, "state": "".join(f"{x:08x}" for x in internal)}
    if gauss is not None:
        rng["gauss_next"] = gauss
    now = datetime.now(UTC).replace(microsecond=0)
    return {
        "schema_version": SCHEMA_VERSION,
        "campaign": state.campaign_id,
        "title": state.title,
        "turn": state.turn,
        "created": created or state.started or now,
        "saved": now,
        "rng": rng,
        "story": story.table(),
        "state": state.model_dump(mode="json", exclude_none=True),
    }


def save_game(
    state: GameState, name: str, folder: Path = SAVES_DIR, *, created: datetime | None = None
) -> Path:
    """Write the game to ``folder/name.toml`` atomically, keeping backups. When the file
    already holds this very game (all but the time of saving), it is left as it is, so that
    saving twice never pushes a real older version out of the backups."""
    path = save_path(name, folder)
    story = write_story(state.history, path)  # first: the main file is the commit point
    document = _document(state, created, story)
    unsaveable = huge(document, "save", SAVEABLE)
    if unsaveable is not None:  # never a save the game would then refuse: the last one stays
        raise SaveError(f"{path}: not saved — {unsaveable.key} {unsaveable.text}; the last "
                        "save is kept as it was")  # fmt: skip
    text, digest = seal(tomltext.dumps(document))
    # The old file's proof line is read from its last bytes; only when it matches is the
    # whole file read to confirm it was not edited since.
    if sealed_digest(path) == digest and is_whole(path, digest):
        return path
    write_atomically(path, text.encode("utf-8"))
    prune_stories(path)  # older tellings of the story no save names any more
    return path


def _text(path: Path) -> str:
    try:
        return read_save_text(path)
    except FileNotFoundError:
        raise SaveError(f"{path}: no such save") from None
    except (OSError, UnicodeDecodeError) as error:
        raise SaveError(f"{path}: cannot read it ({error})") from None


def _cut_short(path: Path, detail: str = "") -> SaveError:
    return SaveError(
        f"{path}: cut short — its last line, '# end of save · sha256 …', is missing, so part "
        f"of the game may be lost{detail}; it was not loaded. If you edited this file by hand, "
        "keep that line as the last line: an edited save is checked and loads if it makes "
        "sense, even though its checksum no longer matches"
    )


def _parse(path: Path) -> tuple[dict[str, Any], list[str]]:
    """The save's document, upgraded to the current schema, and notes for the player. A
    save as the game wrote it is marked so (``state.as_written``)."""
    proof = examine(_text(path))
    try:
        data = tomllib.loads(proof.body)
    except tomllib.TOMLDecodeError as error:
        if proof.wholeness is Wholeness.MISSING:
            raise _cut_short(path, f" (and the rest is not valid TOML: {error})") from None
        raise SaveError(f"{path}: the file is damaged — not valid TOML ({error})") from None
    version = data.get("schema_version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise SaveError(f"{path}: no schema_version — this is not a Dungeon Terminal save")
    if version > SCHEMA_VERSION:
        raise SaveError(
            f"{path}: written by a newer version of the game (schema {version}, this one reads "
            f"up to {SCHEMA_VERSION}); update the game to load it"
        )
    if version < 2 and proof.wholeness is not Wholeness.MISSING:
        raise SaveError(
            f"{path}: schema_version: {version} cannot be: a file ending in the proof line "
            "was written with schema 2 or later"
        )
    notes = []
    edited_near = huge(data, "", LOADABLE) if proof.wholeness is not Wholeness.WHOLE else None
    if edited_near is not None:  # a count edited so near the limit that play overflows it
        raise refusal(path, [Problem(edited_near.key.lstrip("."), edited_near.text)])
    if proof.wholeness is Wholeness.EDITED:
        notes.append(
            f"{path} was edited since the game saved it (its checksum no longer matches); "
            "it passed every check, so it loads as it stands"
        )
    elif proof.wholeness is Wholeness.MISSING:
        if version >= 2:
            raise _cut_short(path)
        notes.append(
            f"{path} was saved by an older version of the game, before saves carried the line "
            "that proves them whole; it passed every check and is saved in the new form from "
            "now on"
        )
    while version < SCHEMA_VERSION:
        step = MIGRATIONS.get(version)
        if step is None:
            raise SaveError(f"{path}: schema {version} is too old to read, and cannot be migrated")
        data = step(data)
        version += 1
        data["schema_version"] = version
    state = data.get("state")
    if isinstance(state, dict):  # (read by the model, never written back; never a hand's)
        state["as_written"] = proof.wholeness is Wholeness.WHOLE
    scrubbed = scrub(data)
    if scrubbed:  # a model's narration, or a hand edit: the terminal would obey them
        shown = ", ".join(scrubbed[:3]) + (" …" if len(scrubbed) > 3 else "")
        notes.append(f"{path}: control characters or escape codes were removed from {shown}")
    return data, notes


def _read(path: Path) -> dict[str, Any]:
    """A save's document (whole, or a hand edit, or an older save), not yet checked."""
    return _parse(path)[0]


SHOWN_PROBLEMS = 4
"""How many of a save's problems its error names (the rest are counted)."""


def refusal(where: Path | str, problems: list[Problem]) -> SaveError:
    """The error for a save with problems: the file, then each key and what is wrong with
    it (the first few, so an author can mend them all at once, and how many more)."""
    shown = "; ".join(f"{p.key}: {p.text}" for p in problems[:SHOWN_PROBLEMS])
    rest = len(problems) - SHOWN_PROBLEMS
    more = f" (and {rest} more problem{'s' * (rest > 1)})" if rest > 0 else ""
    return SaveError(f"{where}: {shown}{more}")


def _header(data: dict[str, Any]) -> list[Problem]:
    problems = []
    for key, types in _HEADER.items():
        if key not in data:
            problems.append(Problem(key, "missing — every save holds this key"))
        elif not isinstance(data[key], types) or isinstance(data[key], bool):
            problems.append(Problem(key, f"{data[key]!r} has the wrong type"))
    known = ["schema_version", *_HEADER]
    # An unknown key is a hand edit or damage (a new key comes with a new schema_version)
    problems.extend(
        Problem(key, f"is not a key of a save (it holds {', '.join(known)})")
        for key in sorted(set(data) - set(known))
    )
    return problems


def _rng(state: GameState, rng: dict[str, Any]) -> None:
    words = rng["state"]
    # int() alone would take "+", "_" or spaces inside a word: only hex digits are written
    if not isinstance(words, str) or len(words) % 8 or not _HEX.fullmatch(words):
        raise ValueError("rng.state is not whole")
    version = rng["version"]
    if not isinstance(version, int) or isinstance(version, bool):
        raise ValueError("rng.version is not an integer")
    internal = tuple(int(words[i : i + 8], 16) for i in range(0, len(words), 8))
    state.restore_rng((version, internal, rng.get("gauss_next")))


def _agrees(data: dict[str, Any], state: GameState) -> list[Problem]:
    """The header repeats what the state holds (``saves list`` shows the header)."""
    pairs = [("campaign", state.campaign_id), ("title", state.title), ("turn", state.turn)]
    return [
        Problem(key, f"{data[key]!r} differs from the game's {value!r}")
        for key, value in pairs
        if data[key] != value
    ]


def _state_from(
    path: Path, data: dict[str, Any], *, story: bool = True
) -> tuple[GameState, list[str]]:
    """The game a save's document holds, checked, with notes for the player. Without
    ``story`` the story file is not read (a checkpoint of a story already in hand)."""
    problems = _header(data)
    too_big = huge(data, "", SAVEABLE)  # (every save the game wrote loads again)
    if too_big is not None:
        problems.append(Problem(too_big.key.lstrip("."), too_big.text))
    if problems:
        raise refusal(path, problems)
    try:
        state = GameState.model_validate(data["state"])
        _rng(state, data["rng"])
    except ValidationError as error:
        first = error.errors()[0]
        where = ".".join(str(p) for p in first["loc"])
        raise SaveError(
            f"{path}: state.{where}: {first['msg']} ({error.error_count()} problem(s))"
        ) from None
    except (KeyError, TypeError, ValueError, OverflowError) as error:
        raise SaveError(f"{path}: missing or damaged section ({error})") from None
    notes: list[str] = []
    if story:
        chronicle, notes = read_story(path, data["story"])
        state.set_history(chronicle)
    dumped = state.model_dump(mode="json", exclude_none=True)
    problems = [
        *gaps(data["state"], dumped, "state"),
        *check_rng(data["rng"].get("gauss_next")),
        *check_state(state),
        *_agrees(data, state),
    ]
    if problems:
        raise refusal(path, problems)
    return state, notes


def newest_good_backup(path: Path, backups: int = BACKUPS) -> Path | None:
    """The most recent backup of a save that loads cleanly."""
    for n in range(1, backups + 1):
        candidate = path.with_name(f"{path.name}.{n}")
        if candidate.exists():
            try:
                _state_from(candidate, _read(candidate))
            except SaveError:
                continue
            return candidate
    return None


def load_save(name: str | Path, folder: Path = SAVES_DIR) -> Loaded:
    """Load a save by name (or path), with what the player should be told about it. On
    failure the file is left untouched and the error names the newest backup that does
    load, if any."""
    path = Path(name) if isinstance(name, Path) else save_path(name, folder)
    try:
        data, notes = _parse(path)
        state, more = _state_from(path, data)
        return Loaded(state, path, (*notes, *more))
    except SaveError as error:
        backup = newest_good_backup(path)
        hint = f"; the newest good backup is {backup}" if backup else ""
        raise SaveError(f"{error}{hint}", backup) from None


def load_game(name: str | Path, folder: Path = SAVES_DIR) -> GameState:
    """Load a save's game state (see :func:`load_save` for the notes that come with it)."""
    return load_save(name, folder).state


def load_checkpoint_state(path: Path) -> tuple[GameState, int, tuple[int, str] | None]:
    """A checkpoint's game, checked like any save but without reading its story, how many
    turns of the story it stands on (the caller holds that story already), and the size and
    SHA-256 of that much of the story (``None`` for an older save's inline story)."""
    data, _notes = _parse(path)
    state, _ = _state_from(path, data, story=False)
    story = data["story"]
    turns = story.get("turns") if "records" not in story else len(story["records"])
    if not isinstance(turns, int) or isinstance(turns, bool) or turns < 0:
        raise SaveError(f"{path}: story.turns: missing or of the wrong type")
    size, sha = story.get("bytes"), story.get("sha256")
    digest = (size, sha) if isinstance(size, int) and isinstance(sha, str) else None
    return state, turns, digest
