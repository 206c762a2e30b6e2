"""The Textual application: screens, the command palette, and ``make_app`` — the one
factory the CLI, the tests and the screenshot script all use.

The title screen is drawn before any of the game is loaded: this module imports at its top
only Textual, the DM settings (the title names the DM) and the title screen. Every other
screen, the session and the saves are imported where a game starts or a screen opens, and
once the title is on screen a background thread imports them ahead of the player
(:mod:`app.tui.warmup`), so starting a game is not slower for it."""

from __future__ import annotations

import contextlib
import random
import sys
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar, TypeGuard

from textual.app import App, SystemCommand
from textual.binding import Binding, BindingType
from textual.notifications import SeverityLevel
from textual.screen import Screen
from textual.widgets import Input

from app.dm.config import ConfigError, DMConfig, config_path, load_dm_config
from app.tui import warmup
from app.tui.screens.title import TitleScreen
from app.tui.terminal import on_terminate, terminal_fd, terminal_gone
from app.world.folders import CAMPAIGNS_DIR, CHARACTERS_DIR, SAVES_DIR
from app.world.printable import printable

if TYPE_CHECKING:
    from app.dm.brain import Brain
    from app.session.session import GameSession
    from app.session.watching import CampaignWatch
    from app.tui.messages import GameRestarted
    from app.tui.screens.newgame import NewGame
    from app.tui.screens.play import PlayScreen
    from app.world.campaign import Campaign
    from app.world.state import GameState

OFFLINE = "offline referee"

BrainFactory = Callable[["Campaign | None"], "Brain"]
"""Makes the DM for a game (tests give a scripted brain)."""


@dataclass
class Launch:
    """How the app starts and where it keeps things."""

    saves: Path = SAVES_DIR
    campaigns: Path = CAMPAIGNS_DIR
    characters: Path = CHARACTERS_DIR
    """The player's own characters (made with the character wizard or the CLI)."""
    campaign: str = "crossroads"
    """The campaign the new-game screen offers first."""
    dm: DMConfig = field(default_factory=DMConfig)
    """The configured endpoint (``configured`` False: the offline referee)."""
    config_file: Path | None = None
    brain_factory: BrainFactory | None = None
    session: GameSession | None = None
    """Start straight on the play screen with this game (``--load``, ``--player`` …)."""
    save_as: str | None = None
    """The name the game given in ``session`` saves under (a new one: saved at once)."""
    resumed: bool = False
    notes: tuple[str, ...] = ()
    """Told to the player as the game opens: a hand-edited or older save, a game resumed
    from a backup going on under a new name, a newer save that did not load passed over."""
    loaded_from: Path | None = None
    """The save file a resumed ``session`` was loaded from (it may save over it)."""
    still: bool = False
    """No animation, no cursor blink (snapshots and screenshots)."""
    watch: CampaignWatch | None = None
    """The campaign file of ``session`` to take the author's edits from (``--watch``)."""
    loaded: Callable[[], object] | None = None
    """Called once the rest of the game has loaded behind the title (in the background
    thread that loads it): the command line resumes collecting garbage there."""


class DungeonApp(App[None]):
    """Dungeon Terminal."""

    CSS_PATH = "app.tcss"
    TITLE = "Dungeon Terminal"
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (110, "-wide")]  # noqa: RUF012 - Textual's
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+q", "quit", "Quit", priority=True),
    ]

    def notify(
        self,
        message: str,
        *,
        title: str = "",
        severity: SeverityLevel = "information",
        timeout: float | None = None,
        markup: bool = True,
    ) -> None:
        """Every notification of every screen, shown as plain text whatever ``markup`` says:
        they quote names, file paths and errors about saves and campaigns, and a ``[/]`` in
        any of them must be shown, not read as markup (or break it). Escape codes go too."""
        del markup  # the game writes no markup into its notifications
        message = message.replace("[b]ctrl+q[/b]", "Ctrl+Q")  # (Textual's own Ctrl+C hint)
        super().notify(
            printable(message), title=title, severity=severity, timeout=timeout, markup=False
        )

    def __init__(self, launch: Launch) -> None:
        super().__init__()
        self.launch = launch
        self.farewell = ""
        """Said in the terminal once the full screen has closed: where the game was saved
        and how to go on with it (a notice inside the app would vanish with it)."""
        if launch.still:
            self.animation_level = "none"
        self._stop_watching: Callable[[], None] = lambda: None  # (the SIGTERM handler's undo)

    # -- starting -------------------------------------------------------------------------------
    def dm_label(self, dm: DMConfig | None) -> str:
        """What the top bar says about the DM."""
        if self.launch.brain_factory is not None:
            return "scripted DM"
        return dm.describe() if dm is not None and dm.configured else OFFLINE

    def on_mount(self) -> None:
        if terminal_fd() is not None:  # a real terminal: notice if it goes away, or if the
            self.set_interval(2.0, self._terminal_check)  # system asks the game to stop
            self._stop_watching = on_terminate(self._terminated)
        label = self.dm_label(self.launch.dm)
        launch = self.launch
        self.push_screen(TitleScreen(launch.saves, label, launch.loaded, launch.campaigns))
        if self.launch.session is not None:
            self.launch.session.budget = self.launch.dm.budget
            self.launch.session.dm_endpoint = self.launch.dm
            self.play(
                self.launch.session,
                self.launch.save_as,
                self.dm_label(self.launch.dm),
                resumed=self.launch.resumed,
                loaded_from=self.launch.loaded_from,
                watch=self.launch.watch,
            )
            self.tell(self.launch.notes)

    def _terminal_check(self) -> None:
        """A terminal closed under the game (its window killed) leaves no one to play: the
        game quits, as on ctrl+q, rather than run on unseen. Every turn is already saved."""
        if terminal_gone():
            self.exit()

    def _terminated(self) -> None:
        """SIGTERM (``kill``, a system shutting down): leave as on ctrl+q, without asking —
        every turn is already saved, a line still waiting for the DM with it — and give the
        terminal back as it was."""
        play = self.play_screen()
        if play is not None:
            play.stop_dm()
            self.farewell = self.whereabouts(play)
        self.exit()

    def on_unmount(self) -> None:
        self._stop_watching()

    def tell(self, notes: Iterable[str]) -> None:
        """Show what the player should know about a save that loaded."""
        for note in notes:
            self.notify(note, title="Save", severity="warning", timeout=12)

    def brain(self, dm: DMConfig | None, campaign: Campaign | None) -> Brain | None:
        """The DM for a game: the test's factory, an endpoint, or ``None`` (the referee)."""
        if self.launch.brain_factory is not None:
            return self.launch.brain_factory(campaign)
        if dm is not None and dm.configured:
            warmup.ready()
            from app.dm.openai_brain import OpenAIBrain

            return OpenAIBrain(dm)
        return None

    def play(
        self,
        session: GameSession,
        save_as: str | None,
        dm_label: str,
        *,
        resumed: bool,
        loaded_from: Path | None = None,
        watch: CampaignWatch | None = None,
        note: str = "",
    ) -> None:
        """Open the play screen on a game — once the game already open is saved (or its
        player chose to leave it unsaved). ``watch`` takes the author's edits of its
        campaign file in as it is played; ``note`` is said first in its story."""
        warmup.ready()
        from app.tui.screens.play import PlayScreen

        screen = PlayScreen(
            session,
            save_as=save_as,
            saves=self.launch.saves,
            dm_label=dm_label,
            resumed=resumed,
            loaded_from=loaded_from,
            watch=watch,
            note=note,
        )

        def open_it() -> None:
            while len(self.screen_stack) > 2:
                self.pop_screen()
            self.push_screen(screen)
            if self.launch.still:
                self.call_after_refresh(self._freeze_cursor)

        current = self.play_screen()
        if current is None:
            open_it()
        else:
            current.leave(open_it, quitting=False)

    def on_game_restarted(self, message: GameRestarted) -> None:
        """A watched game could not go on with its changed campaign: open the new game in
        its place (the old one is saved first), still watching the file."""
        play = self.play_screen()
        label = play.dm_label if play is not None else self.dm_label(self.launch.dm)
        self.play(
            message.session, message.save_as, label, resumed=False, watch=message.watch,
            note=message.note,
        )  # fmt: skip

    def _freeze_cursor(self) -> None:

        for entry in self.screen.query(Input):
            entry.cursor_blink = False

    def start_new(self, game: NewGame | None) -> None:
        """The new-game screen's answer."""
        if game is None:
            return
        warmup.ready()
        from app.session.setup import start_session

        seed = game.seed if game.seed is not None else random.SystemRandom().randrange(2**32)
        session = start_session(
            game.campaign,
            seed,
            self.brain(game.dm, game.campaign),
            players=game.players,
            own=game.own,
        )
        session.budget = (game.dm or self.launch.dm).budget
        session.dm_endpoint = game.dm or self.launch.dm  # for /dm ai
        self.play(session, game.save_as, self.dm_label(game.dm), resumed=False)

    def resume(self, state: GameState, name: str, loaded_from: Path | None = None) -> None:
        """Continue a loaded game under the save name ``name``. ``loaded_from`` is the file
        it came from (a backup's differs from the name it goes on under); without it, the
        save under ``name`` counts as the game's own only if it loads (a game loaded from a
        backup must not write over the damaged save it replaces)."""
        warmup.ready()
        from app.saves import SaveError, campaign_for, save_path
        from app.session.keeping import unreadable
        from app.session.setup import resume_session
        from app.world.campaignfile import CampaignError

        if loaded_from is None:
            with contextlib.suppress(SaveError):
                path = save_path(name, self.launch.saves)
                loaded_from = None if unreadable(path) else path
        save = loaded_from or self.launch.saves / f"{name}.toml"
        try:
            campaign = campaign_for(state, save, self.launch.campaigns)
            brain = self.brain(self.launch.dm, campaign)
            session = resume_session(state, brain, save=save, campaigns=self.launch.campaigns)
        except (CampaignError, SaveError) as error:
            self.notify(str(error), title="Cannot resume", severity="error")
            return
        session.budget, session.dm_endpoint = self.launch.dm.budget, self.launch.dm
        self.play(
            session, name, self.dm_label(self.launch.dm), resumed=True, loaded_from=loaded_from
        )

    # -- actions (title screen, palette, play screen) --------------------------------------------
    def action_new_game(self) -> None:
        """Set up a new game."""
        warmup.ready()
        from app.tui.screens.newgame import NewGameScreen

        screen = NewGameScreen(
            self.launch.campaigns,
            self.launch.saves,
            self.launch.dm,
            self.launch.campaign,
            characters=self.launch.characters,
        )
        self.push_screen(screen, self.start_new)

    def action_create_character(self) -> None:
        """Make a character with the wizard; it is saved to the characters folder."""
        warmup.ready()
        from app.tui.screens.creation import CreationScreen

        self.push_screen(CreationScreen(self.launch.characters))

    def action_continue_game(self) -> None:
        """Resume the most recent save."""
        warmup.ready()
        from app.saves import NoSaves, SaveError, SaveInUse, newest_game

        try:
            picked = newest_game(self.launch.saves, campaigns=self.launch.campaigns)
        except NoSaves:
            self.notify("No saved games yet.", severity="warning")
            return
        except SaveInUse as error:  # played in another window: a backup is no answer
            self.notify(str(error), severity="error")
            return
        except SaveError as error:
            self.notify(f"{error}\nOpen Load to pick a backup.", severity="error")
            return
        self.tell(picked.notes)
        self.resume(picked.state, picked.save_as, picked.path)

    def action_load_game(self, name: str = "") -> None:
        """Pick a save to resume (``/load NAME``: that one, straight away)."""
        warmup.ready()
        from app.tui.screens.load import LoadScreen, named_save

        if name.strip():
            picked = named_save(self, name.strip(), self.launch.saves)
            if picked is not None:
                self.tell(picked.notes)
                self.resume(picked.state, picked.save_as, picked.path)
            return

        def chosen(picked: tuple[GameState, str, Path] | None) -> None:
            if picked is not None:
                self.resume(*picked)

        self.push_screen(LoadScreen(self.launch.saves), chosen)

    def action_settings(self) -> None:
        """The DM settings."""
        warmup.ready()
        from app.tui.screens.settings import SettingsScreen

        path = self.launch.config_file or config_path()

        def saved(config: DMConfig | None) -> None:
            if config is not None:
                self.launch.dm = config
                for screen in self.screen_stack:  # the DM a new game now gets
                    if isinstance(screen, TitleScreen):
                        screen.show_dm(self.dm_label(config))
                play = self.play_screen()
                if play is not None:  # new prices and alerts count from the next turn
                    play.session.budget = config.budget
                    play.session.dm_endpoint = config  # and /dm ai takes this endpoint

        self.push_screen(SettingsScreen(self.launch.dm, path), saved)

    def action_help(self) -> None:
        """Keys and commands."""
        warmup.ready()
        from app.tui.screens.info import HelpScreen

        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen())

    def action_credits(self) -> None:
        """Credits and the SRD attribution."""
        warmup.ready()
        from app.tui.screens.info import CreditsScreen

        self.push_screen(CreditsScreen())

    def play_screen(self) -> PlayScreen | None:
        """The game being played, if any."""
        return next((s for s in self.screen_stack if _is_play(s)), None)

    async def action_quit(self) -> None:
        """Save the game being played, then leave (asking first if it cannot be saved)."""
        play = self.play_screen()
        if play is None:
            self.exit()
            return

        def leave() -> None:
            play.stop_dm()
            self.farewell = self.whereabouts(play)
            self.exit()

        play.leave(leave)

    def whereabouts(self, play: PlayScreen) -> str:
        """Where the game being left was saved and how to go on with it, or that it was
        left unsaved."""
        warmup.ready()
        from app.saves import SaveError, save_path
        from app.session.keeping import saved_words

        if play.save_as is None:
            return ""
        if play.unsaved:
            return "The game was left without saving."
        try:
            path = save_path(play.save_as, play.saves)
        except SaveError:
            return ""
        return saved_words(path, self.launch.saves)

    def action_to_title(self) -> None:
        """Save and go back to the title screen (asking first if it cannot be saved)."""
        play = self.play_screen()

        def back() -> None:
            while len(self.screen_stack) > 2:
                self.pop_screen()

        if play is None:
            back()
        else:
            play.leave(back, quitting=False)

    def action_command_palette(self) -> None:
        """The command palette, which closes only itself (:mod:`app.tui.widgets.palette`)."""
        from app.tui.widgets.palette import PALETTE, OncePalette

        if self.use_command_palette and self.screen.id != PALETTE:
            self.push_screen(OncePalette(id=PALETTE))

    def get_system_commands(self, screen: Screen[object]) -> Iterable[SystemCommand]:
        """The command palette: the game's commands first, then Textual's own."""
        play = screen if _is_play(screen) else None
        if play is not None:
            yield SystemCommand("Save game", "Save now under the game's name", play.action_save)
            yield SystemCommand("Load game", "Resume another saved game", self.action_load_game)
            yield SystemCommand("Roll dice", "Roll a formula with the game's dice",
                                play.action_roll_dialog)  # fmt: skip
            yield SystemCommand("Prompt inspector", "The exact messages last sent to the DM",
                                play.action_inspect)  # fmt: skip
            yield SystemCommand("Toggle log", "Show or hide the dice & combat log",
                                play.action_toggle_log)  # fmt: skip
            yield SystemCommand("Character sheets", "Scores, skills, spells, gear (F4)",
                                play.action_sheet)  # fmt: skip
            yield SystemCommand("Journal", "Goals, gear, what the party knows, people (F5)",
                                play.action_journal)  # fmt: skip
            yield SystemCommand("End turn", "Pass, or hold in a fight", play.action_end_turn)
            yield SystemCommand("Retry turn", "Run a failed turn again", play.action_retry)
            yield SystemCommand("Quit to title", "Save and go back to the title screen",
                                self.action_to_title)  # fmt: skip
        else:
            yield SystemCommand("New game", "Start a campaign", self.action_new_game)
            yield SystemCommand("Load game", "Resume a saved game", self.action_load_game)
        yield SystemCommand("Help", "Keys and commands", self.action_help)
        yield SystemCommand("Credits", "Credits and the SRD 5.1 attribution", self.action_credits)
        yield from super().get_system_commands(screen)


def _is_play(screen: Screen[object]) -> TypeGuard[PlayScreen]:
    """Whether ``screen`` is a play screen — without loading the play screen's module when
    no game has been opened (quitting from the title must not wait for it)."""
    module = sys.modules.get("app.tui.screens.play")
    kind = getattr(module, "PlayScreen", None)  # None while a thread is still importing it
    return kind is not None and isinstance(screen, kind)


def make_app(
    *,
    saves: Path = SAVES_DIR,
    campaigns: Path = CAMPAIGNS_DIR,
    characters: Path = CHARACTERS_DIR,
    campaign: str = "crossroads",
    dm: DMConfig | None = None,
    brain_factory: BrainFactory | None = None,
    session: GameSession | None = None,
    save_as: str | None = "autosave",
    resumed: bool = False,
    notes: tuple[str, ...] = (),
    loaded_from: Path | None = None,
    still: bool = False,
    watch: CampaignWatch | None = None,
    loaded: Callable[[], object] | None = None,
) -> DungeonApp:
    """The app, configured. ``dm`` defaults to the settings on this machine (flags,
    environment, config file); a broken config file falls back to the offline referee.
    ``watch`` (with ``session``) takes the author's edits of the game's campaign file in;
    ``loaded`` is called once the rest of the game has loaded behind the title."""
    if dm is None:
        try:
            dm = load_dm_config()
        except ConfigError:
            dm = DMConfig()
    launch = Launch(saves=saves, campaigns=campaigns, characters=characters, campaign=campaign,
                    dm=dm, brain_factory=brain_factory, session=session, save_as=save_as,
                    resumed=resumed, notes=notes, loaded_from=loaded_from, still=still,
                    watch=watch, loaded=loaded)  # fmt: skip
    return DungeonApp(launch)
