"""Which saved game a player resumes, and under which name it goes on saving.

``--continue`` and the title screen's "Continue" take the newest save that *loads*, and
say which newer files they passed over and why. A game resumed from a backup never
autosaves over the newer save it is a backup of: it goes on under a new name
(``fuzz-restored``), and the player is told so.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, replace
from pathlib import Path

from app.saves.claims import SaveInUse, claim, forget_claim, release
from app.saves.document import Loaded, load_save, newest_good_backup
from app.saves.joining import SANDBOX, campaign_home
from app.saves.listing import SaveInfo, list_saves, printable
from app.saves.names import (
    SAVES_DIR,
    SaveError,
    Target,
    resolve_save,
    restored_name,
    save_path,
    target_of,
)
from app.saves.recovery import restore
from app.world.folders import CAMPAIGNS_DIR
from app.world.state import GameState

PASSED_OVER_SHOWN = 2
"""How many passed-over files a notice names: enough to see why, short enough to read."""


class NoSaves(SaveError):
    """The saves folder holds no saves at all."""


@dataclass(frozen=True)
class Resumed:
    """A loaded game and where it goes on saving."""

    state: GameState
    source: str
    """What was loaded, as messages name it: ``fuzz`` or ``fuzz.toml.1``."""
    save_as: str
    """The name the game autosaves under from now on."""
    path: Path
    """The file the game came from (errors on resuming name it)."""
    notes: tuple[str, ...] = ()
    """What the player should be told (a save passed over, a new save name, a hand edit)."""


def _load(target: Target, folder: Path) -> Loaded:
    try:
        return load_save(target.path, folder)
    except RecursionError:  # TOML nested thousands deep
        raise SaveError(f"{target.path}: the file is damaged — nested too deeply") from None


def resume_target(target: Target, folder: Path = SAVES_DIR, *, play: bool = True) -> Resumed:
    """Load a save or one of its backups; a backup goes on under a new name. A file whose
    name the game could not save under (``héros.toml``, a newline in it) is refused with
    how to mend it, rather than loaded into a game that could never be saved. To ``play``
    it, the save is claimed for this process first (:mod:`app.saves.claims`):
    :class:`SaveInUse` when another game plays it; without, it is only read."""
    try:
        save_path(target.name, folder)
    except SaveError:
        raise SaveError(
            f"{printable(str(target.path), 200)}: not a save name — rename the file with "
            "letters, digits, spaces, '-', '_' or '.' to load it"
        ) from None
    held = play and not target.backup  # a backup is only read: it goes on under a new name
    if held:
        claim(target.path)
    restored = restore(target.path) if held else ""  # the file gone, its copies here
    try:
        loaded = _load(target, folder)
    except SaveError:
        if held:
            if not os.path.lexists(target.path):  # no such save: no lock file left for it
                forget_claim(target.path)
            release(target.path)
        raise
    state = loaded.state
    if restored:
        loaded = replace(loaded, notes=(restored, *loaded.notes))
    if not target.backup:
        return Resumed(state, target.name, target.name, loaded.path, loaded.notes)
    save_as = restored_name(target.name, folder)
    note = (
        f"Resumed from the backup {target.path.name} (turn {state.turn}). This game now saves "
        f"as {save_as}, so {target.name} and its backups stay as they were."
    )
    return Resumed(state, target.label, save_as, loaded.path, (*loaded.notes, note))


def load_named(name: str, folder: Path = SAVES_DIR) -> Loaded:
    """The game in a save or a backup named as ``--load`` takes it (``saves show``), with
    what the player should be told about the file."""
    return _load(resolve_save(name, folder), folder)


def resume_named(name: str, folder: Path = SAVES_DIR) -> Resumed:
    """``--load NAME``: a save's name, ``name.toml``, or a backup ``name.toml.N``."""
    return resume_target(resolve_save(name, folder), folder)


def resume_file(path: Path, folder: Path = SAVES_DIR) -> Resumed:
    """A file picked from the load screen (a save, or a backup an error offered)."""
    return resume_target(target_of(path), folder)


def _passed_over(info: SaveInfo, why: str) -> str:
    backup = newest_good_backup(info.path) if why.startswith("damaged") else None
    hint = f"; its backup {backup.name} loads" if backup is not None else ""
    return f"{info.name} ({why}{hint})"


def newest_game(
    folder: Path = SAVES_DIR, *, play: bool = True, campaigns: Path = CAMPAIGNS_DIR
) -> Resumed:
    """The newest save in ``folder`` that loads and whose campaign is found (in
    ``campaigns``, or where the game noted it), with a note naming every newer file it
    passed over; :class:`SaveError` when there is none (saying why). To ``play`` it, it is
    claimed (see :func:`resume_target`); the title screen only names it."""
    skipped: list[str] = []
    for info in list_saves(folder):
        if info.problem:
            skipped.append(_passed_over(info, info.problem))
            continue
        if info.campaign != SANDBOX and not campaign_home(
            info.campaign, campaigns, folder, info.path.stem
        ):  # a game of a campaign moved or removed: Load lists it, and says why
            skipped.append(_passed_over(info, f"its campaign {info.campaign!r} is not found"))
            continue
        try:
            found = resume_target(target_of(info.path), folder, play=play)
        except SaveInUse:  # the newest game is being played: said, not passed over
            raise
        except SaveError as error:
            reason = str(error).removeprefix(f"{info.path}: ").split("; the newest good")[0]
            skipped.append(_passed_over(info, f"damaged: {printable(reason, 80)}"))
            continue
        if not skipped:
            return found
        shown = "; ".join(skipped[:PASSED_OVER_SHOWN])
        more = len(skipped) - PASSED_OVER_SHOWN
        if more > 0:  # the rest are in the load screen's list, each with its reason
            shown += f"; and {more} more (see Load, or dungeon saves list)"
        note = f"Passed over newer files that do not load: {shown}."
        return replace(found, notes=(note, *found.notes))
    if not skipped:
        raise NoSaves(f"no saves in {folder}")
    raise SaveError(f"no save in {folder} loads: {'; '.join(skipped)}")
