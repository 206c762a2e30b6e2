"""Keeping a game: which name it saves under, and never writing over a save it did not write.

A :class:`Keeper` belongs to one game. It remembers every file the game wrote (or was
loaded from) by the file's identity on disk, so it can tell its own save from one another
game — or another copy of this one, or a hand edit — put there since:

- a save this game did not write is never overwritten: its automatic saves move on to a
  fresh name (``crossroads-2``), and an explicit name that is taken is refused;
- a damaged file where the game means to save is set aside — renamed to
  ``<name>.toml.damaged-<time>``, which no listing mistakes for a save — and reported;
- when the saves folder cannot be written at all, :func:`save_somewhere` tries the
  platform's data folder and then the system's temporary folder, and says where it went.
"""

from __future__ import annotations

import contextlib
import errno
import os
import shlex
import shutil
import stat
import sys
import tempfile
import threading
from dataclasses import dataclass, field
from datetime import datetime
from functools import cache
from pathlib import Path

import platformdirs

from app.saves import (
    BACKUPS,
    SAVES_DIR,
    SaveError,
    disk,
    fresh_name,
    load_game,
    save_game,
    save_path,
)
from app.saves.checkpoints import copy_checkpoints, keep_checkpoint, reseal
from app.saves.claims import SaveInUse, claim, release
from app.saves.files import Identity, identity
from app.saves.joining import carry_home
from app.saves.names import same_but_case, story_kept
from app.session.hygiene import clean_name
from app.session.reply import Reply
from app.world.state import GameState

APP_NAME = "dungeon-terminal"

_PLAIN = {
    errno.EEXIST: "a file is in the way where the folder should be",
    errno.ENOTDIR: "part of that path is a file, not a folder",
    errno.EROFS: "the disk is read-only",
    errno.EACCES: "permission denied",
}
"""System reasons a player meets when saving, said plainly."""


def save_failure(error: Exception, folder: Path) -> str:
    """A failed save in a player's words: the folder and the system's reason, never a
    temporary file's name or an errno."""
    if isinstance(error, OSError) and not isinstance(error, SaveError):
        reason = _PLAIN.get(error.errno or 0) or (error.strerror or str(error)).lower()
        return f"Could not save the game in {folder} ({reason})."
    text = str(error)
    return f"Could not save the game: {text[:1].lower()}{text[1:]}"


_HOLDERS: dict[Path, set[int]] = {}
"""The games of this process holding each save, by the keeper's id."""


@dataclass(frozen=True)
class Kept:
    """A save written: where, and anything the player should know about it."""

    path: Path
    notes: list[str] = field(default_factory=list)
    """Said once to the player: a name moved on, a damaged file set aside."""


NOT_A_SAVE = "this is not a Dungeon Terminal save"
"""What loading a TOML file that is no save at all says (no ``schema_version``): such a
file is someone's own, never a damaged save to be moved aside."""


def unreadable(path: Path) -> str:
    """Why the save at ``path`` cannot be loaded (empty when it loads)."""
    try:
        load_game(path)
    except SaveError as error:
        return str(error).removeprefix(f"{path}: ")
    return ""


def set_aside(path: Path) -> Path:
    """Rename a damaged save out of the way, keeping it whole: ``<name>.toml.damaged-<time>``
    (which matches no ``*.toml`` listing and no backup)."""
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    aside = path.with_name(f"{path.name}.damaged-{stamp}")
    n = 1
    while os.path.lexists(aside):  # never rename over an earlier one
        n += 1
        aside = path.with_name(f"{path.name}.damaged-{stamp}-{n}")
    disk.replace(path, aside)  # never over a file: the name was checked free just now
    return aside


def name_taken(name: str, folder: Path) -> bool:
    """Whether a good save (or anything that is not a damaged save file) already has
    ``name`` in ``folder``: a new game may not take it. A damaged save does not count: the
    game sets it aside when it first saves. Raises :class:`SaveError` for a name that cannot
    be a save file at all. A save whose name differs only in case counts (on a disk that
    ignores case it is the same file)."""
    path = save_path(name, folder)
    if not os.path.lexists(path):
        other = same_but_case(path)
        if other is None:
            return story_kept(name, folder)  # another game's story and checkpoints
        path = other
    return not (path.is_file() and not path.is_symlink() and unreadable(path))


class Keeper:
    """Where one game saves, and which files it wrote. Safe to call from the DM's worker
    thread and the UI's (one save at a time)."""

    def __init__(self, folder: Path, name: str | None) -> None:
        self.folder = folder
        self.name = name
        """The name automatic saves go under (``None``: this game does not autosave)."""
        self._first = (folder, name)
        """Where the game was first saved: the campaign folder noted for it goes with every
        copy saved under another name or elsewhere (``/save NAME``, a fallback folder)."""
        self._written: dict[Path, Identity] = {}
        """Each path as this game last left it."""
        self._ids: set[Identity] = set()
        """Every file this game wrote or loaded (a backup keeps its save's identity)."""
        self._lock = threading.Lock()
        self._claimed: Path | None = None
        """The save this game holds against other processes (:mod:`app.saves.claims`)."""
        self._unkept = False
        """A turn's checkpoint could not be written, and the player was told (once)."""

    def adopt(self, path: Path) -> None:
        """The file this game was loaded from is its own: it may save over it (as long as
        nothing else writes it meanwhile), and no other process may play it meanwhile. When
        one already does, the file is not adopted: this game's saves move on to a new name."""
        try:
            self._hold(path)
        except SaveInUse:
            return
        self._remember(path)

    def _hold(self, path: Path) -> None:
        """Claim ``path`` as the game's save, letting go of the one it held before."""
        claim(path)
        _HOLDERS.setdefault(path, set()).add(id(self))
        if self._claimed is not None and self._claimed != path:
            self._let_go(self._claimed)
        self._claimed = path

    def _let_go(self, path: Path) -> None:
        """This game no longer holds ``path``; the claim goes only when no game of this
        process holds it (the same save loaded anew from the game's menu is held by the new
        game before the old one closes)."""
        holders = _HOLDERS.get(path, set())
        holders.discard(id(self))
        if not holders:
            _HOLDERS.pop(path, None)
            release(path)

    def close(self) -> None:
        """The game is over (or left): its save is free for another window to play."""
        with self._lock:
            if self._claimed is not None:
                self._let_go(self._claimed)
                self._claimed = None

    def _remember(self, path: Path) -> None:
        now = identity(path)
        if now is not None:
            self._written[path] = now
            self._ids.add(now)

    def mine(self, path: Path) -> bool:
        """Whether the game may write ``path``: what is there is what this game last wrote
        or loaded — or nothing is, and no backup of another game's is waiting to be
        rotated away (a save removed by hand can leave its backups behind)."""
        if os.path.lexists(path):
            known = self._written.get(path)
            return known is not None and known == identity(path)
        other = same_but_case(path)  # on a disk that ignores case, the same file
        if other is not None and identity(other) not in self._ids:
            return False
        backups = (path.with_name(f"{path.name}.{n}") for n in range(1, BACKUPS + 1))
        return all(identity(b) in self._ids for b in backups if os.path.lexists(b))

    def autosave(self, state: GameState, *, checkpoint: bool = False) -> Kept | None:
        """Save under the game's name (``None`` when it has none). A save this game did not
        write moves the game on to a fresh name; a damaged one is set aside. With
        ``checkpoint`` (the players are asked to act) the save is also kept as the turn's
        checkpoint, for undo and rewind after loading."""
        if self.name is None:
            return None
        with self._lock:
            kept = self._write(state, self.name, self.folder, move_on=True)
            self.name = kept.path.name.removesuffix(".toml")
            if state.history.retold:  # a turn told again: its checkpoints name it anew
                reseal(kept.path, state.history.retold)
                state.history.retold.clear()
            if checkpoint and keep_checkpoint(kept.path, state) is None and not self._unkept:
                self._unkept = True  # said once: the game is saved, its undo history is not
                kept.notes.append(
                    "The game is saved, but its turns cannot be kept for undo after loading: "
                    f"the checkpoints beside {kept.path.name} cannot be written."
                )
            return kept

    def save_named(self, state: GameState, name: str, folder: Path | None = None) -> Kept:
        """Save under a name the player chose (``/save NAME``): refused, with the reason, when
        another game's save has that name."""
        with self._lock:
            return self._write(state, name, folder or self.folder, move_on=False)

    def move(self, folder: Path, name: str | None = None) -> None:
        """Automatic saves go to ``folder`` (under ``name``) from now on."""
        self.folder = folder
        if name is not None:
            self.name = name

    def _write(self, state: GameState, name: str, folder: Path, *, move_on: bool) -> Kept:
        path = save_path(name, folder)
        notes: list[str] = []
        own = move_on  # the game's own save, claimed for as long as it plays
        if own and path != self._claimed:
            try:
                self._hold(path)
            except SaveInUse:  # another game took this name first: a fresh one, said
                taken = path.stem
                path = save_path(fresh_name(path.stem, folder), folder)
                self._hold(path)
                notes.append(f"Another game is saving as {taken}; this game saves as "
                             f"{path.stem} from now on.")  # fmt: skip
        if not self.mine(path):
            problem = unreadable(path) if path.is_file() and not path.is_symlink() else ""
            if problem and NOT_A_SAVE in problem and not move_on:  # another file altogether
                raise SaveError(  # (a campaign.toml in a saves folder): never moved aside
                    f"{path.name} here is not a saved game: choose another name"
                )
            if problem and NOT_A_SAVE not in problem:
                aside = set_aside(path)
                notes.append(
                    f"The save {path.name} could not be read: {problem}. It is kept as "
                    f"{aside.name}, and this game saves as {path.stem}."
                )
            elif move_on:
                new = fresh_name(path.stem, folder)
                notes.append(
                    f"{path.name} holds a save this game did not write (another game, or an "
                    f"edit); it is left as it is, and this game saves as {new} from now on."
                )
                path = save_path(new, folder)
                self._hold(path)
            else:
                raise SaveError(
                    f"a save named {path.stem} exists and this game did not write it: "
                    "choose another name"
                )
        if (
            not own
            and path != self._claimed
            and not os.path.lexists(path)
            and story_kept(path.stem, folder)
        ):  # its story folder holds another game's turns (a save renamed or lost)
            raise SaveError(
                f"{path.stem}.story holds another game's story and checkpoints: choose another name"
            )
        if own:
            save_game(state, path.stem, folder)
        else:  # a copy under another name: held only while it is written
            mine = path == self._claimed
            claim(path)
            try:
                save_game(state, path.stem, folder)
                if not mine:
                    notes.extend(self._carry_history(path))
            finally:
                if not mine and path not in _HOLDERS:  # (nor another game's of this process)
                    release(path)
        self._remember(path)
        first_folder, first_name = self._first
        if first_name is not None and (path.parent, path.stem) != (first_folder, first_name):
            carry_home(first_folder, first_name, path.parent, path.stem, state.campaign_id)
        return Kept(path, notes)

    def _carry_history(self, path: Path) -> list[str]:
        """The game's checkpoints go with a copy of it saved under another name (so undo and
        rewind reach back after loading that one too); what the player should hear."""
        home = save_path(self.name, self.folder) if self.name is not None else None
        if home is None or not self.mine(home):  # no checkpoints of this game's own
            return []
        if copy_checkpoints(home, path) is not None:
            return []
        return [
            "The game is saved, but its turns cannot be kept for undo after loading it: "
            f"the checkpoints beside {path.name} cannot be written."
        ]


def folder_problem(folder: Path) -> str:
    """Why games cannot be saved in ``folder`` (empty when they can), found by writing and
    removing a scratch file — before the first save, not after a whole game."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile(dir=folder, prefix=".write-check-"):
            pass
    except OSError as error:
        reason = (error.strerror or str(error)).lower()
        return f"The saves folder {folder} cannot be written ({reason})."
    return ""


START_ADVICE = (
    "Start the game with --saves-dir to pick a folder you can write to; when you leave, "
    "the game asks where else to save it."
)


@cache
def temp_folder() -> Path:
    """The last resort: a private folder in the system's temporary folder (which a restart
    may empty, so a save there comes with a warning). The temporary folder is shared by
    every account on the machine, so the game's folder there is its user's own: made with
    only its owner allowed in (0700), and used only when it is a real folder of this user's
    with nobody else allowed in — never a link someone planted. Otherwise a fresh private
    folder with a random name is made instead (atomically, by :func:`tempfile.mkdtemp`)."""
    base = Path(tempfile.gettempdir())
    uid = getattr(os, "getuid", lambda: None)()
    mine = base / (f"{APP_NAME}-saves-{uid}" if uid is not None else f"{APP_NAME}-saves")
    with contextlib.suppress(FileExistsError, OSError):
        os.mkdir(mine, 0o700)
    try:
        found = os.lstat(mine)
    except OSError:
        found = None
    if (
        found is not None
        and stat.S_ISDIR(found.st_mode)
        and (uid is None or found.st_uid == uid)
        and not found.st_mode & 0o077
    ):
        return mine
    return Path(tempfile.mkdtemp(prefix=f"{APP_NAME}-saves-"))


def fallback_folders(primary: Path) -> list[Path]:
    """Where a game goes when its saves folder fails: the platform's data folder (on Linux
    ``$XDG_DATA_HOME/dungeon-terminal/saves``, by default under ``~/.local/share``), then
    the system's temporary folder. The primary folder itself is left out."""
    candidates = [platformdirs.user_data_path(APP_NAME, appauthor=False) / "saves", temp_folder()]
    with contextlib.suppress(OSError):
        primary = primary.resolve()
    found = []
    for folder in candidates:
        with contextlib.suppress(OSError):
            if folder.resolve() == primary:
                continue
        found.append(folder)
    return found


@dataclass
class Rescue:
    """What :func:`save_somewhere` managed: the save written (``None``: nowhere) and, in a
    player's words, each place that failed on the way."""

    kept: Kept | None
    failures: list[str]

    def report(self) -> str:
        """One paragraph for the player."""
        tried = " ".join(self.failures)
        if self.kept is None:
            return f"The game could not be saved anywhere. {tried}".strip()
        where = str(self.kept.path)
        temporary = self.kept.path.parent == temp_folder()
        warning = " (a temporary folder: copy the file somewhere safe)" if temporary else ""
        notes = " ".join([*self.kept.notes, resume_hint(self.kept.path)])
        return f"{tried} Saved the game to {where} instead{warning}. {notes}".strip()


def command_name(argv0: str | None = None) -> str:
    """How the player starts the game again from their shell: ``dungeon`` when that is the
    command on their PATH, else the very script they ran (``make play`` runs
    ``.venv/bin/dungeon``, which is not on the PATH), by its full path."""
    script = Path(argv0 if argv0 is not None else sys.argv[0])
    if script.name != "dungeon" or not script.is_file():
        return "dungeon"
    found = shutil.which("dungeon")
    with contextlib.suppress(OSError):
        if found is not None and Path(found).resolve() == script.resolve():
            return "dungeon"
    return shlex.quote(str(script.absolute()))  # works from any folder, after any cd


def saved_words(path: Path, launched_with: Path) -> str:
    """What the player reads on leaving a saved game: where it is and how to go on with it
    (``--continue`` when it is in the folder the game starts with by itself)."""
    with contextlib.suppress(OSError):
        if path.parent.resolve() == launched_with.resolve() == SAVES_DIR.resolve():
            return f"Saved to {path}. To go on with it: {command_name()} play --continue"
    return f"Saved to {path}. {resume_hint(path)}"


def resume_hint(path: Path) -> str:
    """How to go on with a game saved outside the usual folder."""
    folder, name = shlex.quote(str(path.parent)), shlex.quote(path.stem)
    return f"To go on with it: {command_name()} play --saves-dir {folder} --load {name}"


def save_somewhere(state: GameState, keeper: Keeper, folders: list[Path]) -> Rescue:
    """Save in each folder in turn until one takes it (the game then keeps saving there).
    Never raises for a folder that fails: the failures are in the result."""
    failures: list[str] = []
    home = keeper.folder
    for folder in folders:
        keeper.move(folder)
        try:
            kept = keeper.autosave(state)
        except (SaveError, OSError) as error:
            failures.append(save_failure(error, folder))
            continue
        if kept is not None:
            return Rescue(kept, failures)
    keeper.move(home)
    return Rescue(None, failures)


def place(answer: str, keeper: Keeper) -> tuple[Path, str]:
    """Where a typed answer says to save: a folder (``~/games``, ``/mnt/usb``), a file in
    one (``~/games/friday.toml``), or a bare name in the game's own folder. Raises
    :class:`SaveError` for a name that cannot be a save file."""
    text = answer.strip()
    name = keeper.name or "game"
    pathlike = any(sep in text for sep in ("/", os.sep)) or text.startswith(("~", "."))
    target = Path(os.path.abspath(Path(text).expanduser()))  # said back as a full path
    if pathlike or target.is_dir():
        if target.suffix == ".toml":
            folder, name = target.parent, target.stem
        else:
            folder = target
    else:
        folder, name = keeper.folder, text
    save_path(name, folder)  # refuse a bad name before anything is written
    return folder, name


def save_now(state: GameState, keeper: Keeper, name: str = "") -> Reply:
    """``/save [NAME]``: save now — under the game's own name, or under NAME (refused when
    another game's save has that name)."""
    name = clean_name(name)
    try:
        if name and name != keeper.name:
            kept = keeper.save_named(state, name)
        else:
            kept = keeper.autosave(state) or keeper.save_named(state, "quicksave")
    except (SaveError, OSError) as error:
        return Reply(save_failure(error, keeper.folder), False)
    return Reply(" ".join([f"Saved to {kept.path}.", *kept.notes]))
