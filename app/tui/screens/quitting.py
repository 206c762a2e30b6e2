"""Saving and leaving the play screen: the first save of a new game, ``/save``, and leaving
(ctrl+q, the title screen, another game) only once the game is saved — or the player,
told why it could not be, chose where else to save it or to leave without it.

A mixin, so the play screen keeps to playing; it reads the screen's ``session``,
``thinking`` and ``unsaved``.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from textual.screen import Screen

from app.saves import SaveError
from app.session.keeping import (
    START_ADVICE,
    Keeper,
    Kept,
    fallback_folders,
    folder_problem,
    place,
    resume_hint,
    save_failure,
    save_now,
)
from app.session.session import GameSession
from app.tui.screens.leaving import LeaveChoice, SaveElsewhereScreen, SaveFailedScreen


class Keeping(Screen[None]):
    """Where the game saves, and the questions asked before leaving it unsaved."""

    session: GameSession
    thinking: bool
    unsaved: str
    """Why the game as it stands is not saved (empty once a save succeeds)."""
    keeper: Keeper
    kept_notes: list[str]
    """Said after a turn: written by the DM's worker thread, read by the screen."""

    def start_keeping(self, saves: Path, save_as: str | None, loaded_from: Path | None) -> None:
        """Set up the keeper: a resumed game may save over the file it was loaded from."""
        self.keeper = Keeper(saves, save_as)
        self.unsaved = ""
        self.kept_notes = []
        if loaded_from is not None:
            self.keeper.adopt(loaded_from)

    @property
    def save_as(self) -> str | None:
        """The name the game saves under (it may move on, e.g. to ``crossroads-2``)."""
        return self.keeper.name

    @property
    def saves(self) -> Path:
        """The folder the game saves in (it may move, when the player saved elsewhere)."""
        return self.keeper.folder

    def first_save(self, new: bool) -> None:
        """A new game is saved at once, so its name is its own and Continue finds it; a
        resumed one only checks its folder. A folder that fails is said once, here."""
        if self.keeper.name is None:
            return
        problem = folder_problem(self.keeper.folder)
        if not problem and new:  # where the game began: its first turn can be undone later
            problem = self.autosave_now(checkpoint=True) or ""
        if problem:
            self.unsaved = problem
            self.notify(
                f"{problem} {START_ADVICE}",
                title="Saving is not possible",
                severity="error",
                timeout=20,
            )

    def autosave_now(self, checkpoint: bool = False) -> str | None:
        """Save now (not mid-turn: the last autosave then stands), as a checkpoint too when
        asked. Returns the problem."""
        if self.thinking:
            return None
        if self.keeper.name is None:
            if checkpoint:  # no save: the checkpoint in memory is the game as it stands
                self.session.checkpoint_kept()
            return None
        try:
            kept = self.keeper.autosave(self.session.state, checkpoint=checkpoint)
        except (SaveError, OSError) as error:
            self.unsaved = save_failure(error, self.keeper.folder)
            return self.unsaved
        if checkpoint:
            self.session.checkpoint_kept()
        self.unsaved = ""
        self.show_kept(kept)
        return None

    def autosave_in_worker(self) -> tuple[str | None, str | None]:
        """The save after a turn, on the DM's worker thread: (name saved, problem). When
        the players are asked to act next it is also the turn's checkpoint."""
        try:
            kept = self.keeper.autosave(self.session.state, checkpoint=self.session.settled)
        except (SaveError, OSError) as error:
            return None, save_failure(error, self.keeper.folder)
        self.session.checkpoint_kept()
        if kept is not None:
            self.kept_notes.extend(kept.notes)
        return self.keeper.name, None

    def show_kept(self, kept: Kept | None) -> None:
        """Tell the player what happened on the way to a save (a name moved on, a damaged
        file set aside) — and what the worker thread left to say."""
        notes = [*self.kept_notes, *(kept.notes if kept else [])]
        self.kept_notes.clear()
        for note in notes:
            self.notify(note, title="Saved", severity="warning", timeout=15)

    def save(self, name: str) -> bool:
        """``/save [NAME]`` and ctrl+s (refused while the DM is mid-turn: the world is in
        motion)."""
        if self.thinking:
            self.notify("Wait until the DM has answered, then save.", severity="warning")
            return False
        reply = save_now(self.session.state, self.keeper, name)
        if reply.ok and self.keeper.name is not None and name.strip() in ("", self.keeper.name):
            self.unsaved = ""
        self.notify(reply.text, severity="information" if reply.ok else "error")
        return reply.ok

    def leave(self, then: Callable[[], None], *, quitting: bool = True) -> None:
        """Save, then leave (``then``). If the game cannot be saved, say why and offer to
        save it elsewhere, to leave without it, or to keep playing."""
        problem = self.autosave_now() or (self.unsaved if self.keeper.name else "")
        if not problem:
            then()
            return
        if isinstance(self.app.screen, (SaveFailedScreen, SaveElsewhereScreen)):
            return  # already asking

        def answered(choice: LeaveChoice | None) -> None:
            if choice == "lose":
                then()
            elif choice == "elsewhere":
                self.ask_elsewhere(then)

        self.app.clear_notifications()  # the dialog says it all; toasts would cover it
        self.app.push_screen(SaveFailedScreen(problem, quitting=quitting), answered)

    def ask_elsewhere(self, then: Callable[[], None]) -> None:
        """Ask for a folder or a name; the game is saved there (and keeps saving there)
        before ``then`` runs. A failure is explained in the dialog, which stays."""
        suggested = fallback_folders(self.keeper.folder)

        def attempt(answer: str) -> str:
            if self.thinking:
                return "The DM is mid-turn: wait until it has answered, then try again."
            home, name = self.keeper.folder, self.keeper.name
            folder = home
            try:
                folder, new_name = place(answer, self.keeper)
                self.keeper.move(folder, new_name)
                kept = self.keeper.autosave(self.session.state)
            except (SaveError, OSError) as error:
                self.keeper.move(home, name)
                return save_failure(error, folder)
            self.unsaved = ""
            where = f"{kept.path}. {resume_hint(kept.path)}" if kept else folder
            self.notify(f"Saved the game to {where}.", title="Saved", timeout=15)
            self.show_kept(kept)
            return ""

        def done(saved: bool | None) -> None:
            if saved:
                then()

        start = str(suggested[0]) if suggested else ""
        self.app.push_screen(SaveElsewhereScreen(start, attempt), done)
