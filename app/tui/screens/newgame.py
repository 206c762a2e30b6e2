"""New game: pick a campaign, seat the players at its pregenerated characters (blank: one
player plays them all) or put the player's own characters in their places, choose the DM
(the offline referee, or an OpenAI-compatible endpoint with a connection test), and
optionally fix the dice seed and the save name.

The form scrolls; Start and Back (and what to fix) stay in view below it."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Button, Input, Label, RadioButton, RadioSet, Select, Static

from app.display.screentext import plain
from app.dm.config import DMConfig
from app.saves import fresh_name
from app.session.keeping import name_taken
from app.tui.widgets.dmform import DMForm
from app.tui.widgets.footer import Footer
from app.tui.widgets.forminput import FormInput
from app.world.campaign import Campaign
from app.world.campaignfile import CampaignError, load_campaign
from app.world.characters import CharacterFileError, cast_party, list_characters
from rules.character import CharacterSheet


@dataclass(frozen=True)
class NewGame:
    """What the new-game screen decided."""

    campaign: Campaign
    players: dict[str, list[str]]
    dm: DMConfig | None
    """``None``: the offline referee."""
    seed: int | None
    save_as: str
    own: dict[str, CharacterSheet] = field(default_factory=dict)
    """The player's own characters, by the pregen each plays in place of."""


def shipped_campaigns(folder: Path) -> list[tuple[str, Path]]:
    """(title, folder) of the campaigns in a folder, by title."""
    try:
        entries = sorted(folder.iterdir())
    except OSError:  # no folder, or one we may not read: no campaigns to offer
        return []
    found = []
    for path in entries:
        try:
            listed = (path / "campaign.toml").exists()
        except OSError:
            listed = True  # something is there that cannot be read: loading says what
        if listed:
            try:
                found.append((load_campaign(path).campaign.title, path))
            except CampaignError:
                found.append((f"{path.name} (broken: run dungeon validate)", path))
    return found


def seat(rows: list[tuple[str, str]]) -> dict[str, list[str]]:
    """Players from (character id, player name) rows, in the order players first appear;
    a blank name sits with the first player (or "Player" when nobody is named), and a name
    typed again in another case is the same player."""
    players: dict[str, list[str]] = {}
    named = [(cid, name.strip()) for cid, name in rows]
    first = next((name for _, name in named if name), "Player")
    spelled: dict[str, str] = {}  # "ana" and "Ana" are one player, named as first typed
    for cid, name in named:
        who = spelled.setdefault((name or first).casefold(), name or first)
        players.setdefault(who, []).append(cid)
    return players


class NewGameScreen(Screen[NewGame | None]):
    """Set up a game; dismissed with a :class:`NewGame` (or ``None``)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", "Back"),
        Binding("ctrl+s", "start", "Start"),
    ]
    AUTO_FOCUS = ""
    """No automatic focus: the first field takes it on mount without scrolling the title
    away."""

    def __init__(
        self,
        campaigns: Path,
        saves: Path,
        dm: DMConfig,
        chosen: str = "",
        characters: Path | None = None,
    ) -> None:
        super().__init__()
        self.campaigns = shipped_campaigns(campaigns)
        self.own = {
            str(e.path): e.sheet
            for e in (list_characters(characters) if characters is not None else [])
            if e.sheet is not None
        }
        """The player's own characters that can be read, by file: each seat offers them."""
        self.saves = saves
        self.dm_config = dm
        self.chosen = chosen
        self.campaign: Campaign | None = None

    def compose(self) -> ComposeResult:
        options = [(plain(title), str(path)) for title, path in self.campaigns]
        start = next((str(p) for _, p in self.campaigns if p.name == self.chosen), None)
        if start is None and options:
            start = options[0][1]
        with VerticalScroll(id="newgame-box", can_focus=False):
            yield Label("New game", classes="title")
            yield Label("Campaign", classes="section")
            yield Select(options, value=start or Select.NULL, allow_blank=False, id="ng-campaign")
            yield Static(id="ng-summary", classes="para")
            yield Label("Players — who plays each character? (same name: same player; "
                        "leave them blank and one player plays them all)",
                        classes="section")  # fmt: skip
            yield Vertical(id="ng-seats")
            yield Label("Dungeon Master", classes="section")
            with RadioSet(id="ng-dm"):
                yield RadioButton("Offline referee (no network, no model)",
                                  value=not self.dm_config.configured, id="ng-offline")  # fmt: skip
                yield RadioButton("An OpenAI-compatible endpoint",
                                  value=self.dm_config.configured, id="ng-endpoint")  # fmt: skip
            yield DMForm(self.dm_config, id="ng-dmform")
            yield Label("Dice seed (blank: random) and save name", classes="section")
            with Horizontal(classes="row"):
                yield FormInput(placeholder="seed", id="ng-seed", type="integer")
                yield FormInput(placeholder="save name", id="ng-save")
        with Vertical(id="ng-actions"):
            yield Static(id="ng-error")
            with Horizontal(classes="buttons"):
                yield Button("Start (ctrl+s)", variant="primary", id="ng-start")
                yield Button("Back", id="ng-back")
        yield Footer()

    async def on_mount(self) -> None:
        self._show_dm_form(self.dm_config.configured)
        select = self.query_one("#ng-campaign", Select)
        select.focus(scroll_visible=False)
        if isinstance(select.value, str):
            await self._pick(Path(select.value))

    def _show_dm_form(self, endpoint: bool) -> None:
        self.query_one("#ng-dmform", DMForm).display = endpoint

    @on(RadioSet.Changed, "#ng-dm")
    def _dm_changed(self, event: RadioSet.Changed) -> None:
        self._show_dm_form(event.pressed.id == "ng-endpoint")

    @on(Select.Changed, "#ng-campaign")
    async def _campaign_changed(self, event: Select.Changed) -> None:
        if isinstance(event.value, str):
            await self._pick(Path(event.value))

    async def _pick(self, path: Path) -> None:
        """Show a campaign's summary and one seat per pregenerated character (the seats of
        the campaign shown before are gone before the new ones come)."""
        summary = self.query_one("#ng-summary", Static)
        seats = self.query_one("#ng-seats", Vertical)
        await seats.remove_children()
        try:
            self.campaign = load_campaign(path)
        except CampaignError as error:
            self.campaign = None
            summary.update(Text(str(error), style="red"))
            return
        meta = self.campaign.campaign
        by = f" — by {meta.author}" if meta.author else ""
        summary.update(
            Text.assemble((meta.title, "bold"), (by, "dim"), "\n", " ".join(meta.summary.split()))
        )
        rows = []
        for cid in meta.party:
            sheet = self.campaign.character(cid)
            label = f"{sheet.name} — {sheet.species} {sheet.character_class} {sheet.level}"
            row: list[Widget] = [Label(plain(label), classes="seat-label")]
            if self.own:  # the player's own characters may play in the pregen's place
                offered = [
                    (plain(f"{s.name} — level {s.level} {s.species} {s.character_class}"), path)
                    for path, s in self.own.items()
                ]
                row.append(Select(offered, prompt="as written", id=f"own-{cid}"))
            row.append(FormInput(placeholder="player name", id=f"seat-{cid}"))
            rows.append(Horizontal(*row, classes="row seat"))
        await seats.mount_all(rows)
        self.query_one("#ng-save", Input).value = fresh_name(meta.id, self.saves)

    def choices(self) -> NewGame:
        """The game as set up. Raises ``ValueError`` with what to fix."""
        if self.campaign is None:
            raise ValueError("pick a campaign that loads")
        rows = [
            (cid, self.query_one(f"#seat-{cid}", Input).value)
            for cid in self.campaign.campaign.party
        ]
        dm = None
        if self.query_one("#ng-endpoint", RadioButton).value:
            dm = self.query_one("#ng-dmform", DMForm).config()
        seed_text = self.query_one("#ng-seed", Input).value.strip()
        seed = int(seed_text) if seed_text else None
        if seed is not None and not 0 <= seed < 2**63:
            raise ValueError("the seed must be a positive whole number")
        save_as = self.query_one("#ng-save", Input).value.strip() or fresh_name(
            self.campaign.id, self.saves
        )
        if name_taken(save_as, self.saves):  # raises on a name that cannot be a file
            raise ValueError(
                f"a save named {save_as} exists: load it to continue that game, or choose "
                "another name"
            )
        by_slot = {}
        for cid in self.campaign.campaign.party:
            chosen = self.query(f"#own-{cid}").results(Select)
            for select in chosen:
                if isinstance(select.value, str):
                    by_slot[cid] = self.own[select.value]
        try:
            own = cast_party(self.campaign, by_slot)
        except CharacterFileError as error:
            raise ValueError(str(error)) from None
        return NewGame(self.campaign, seat(rows), dm, seed, save_as, own)

    @on(Button.Pressed, "#ng-start")
    def action_start(self) -> None:
        """Start the game, or say what to fix."""
        try:
            game = self.choices()
        except ValueError as error:
            self.query_one("#ng-error", Static).update(Text(str(error), style="red"))
            return
        self.dismiss(game)

    @on(Button.Pressed, "#ng-back")
    def action_back(self) -> None:
        """Back to the title."""
        self.dismiss(None)
