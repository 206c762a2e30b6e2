"""Taking in the author's edits on the play screen (``dungeon play --campaign DIR --watch``).

Every half second, between turns, with no dialog open, the screen asks its
:class:`~app.session.watching.CampaignWatch` whether ``campaign.toml`` has a new version:

- a version with problems leaves the game running on the campaign as it was, and the story
  pane lists the first problems as ``dungeon validate`` prints them; the next good version
  is taken in;
- a good version the game fits is taken in at once (:func:`app.session.reloading.reload`):
  the story pane says what changed and shows the scene as it now reads, and the game is
  saved;
- a good version the game does not fit (the party's scene was deleted) is explained, and
  the player is asked whether to start again at the campaign's start — the game so far
  stays saved under its name, the new one saves under a fresh one — or to go on with the
  campaign as it was.

A base of the play screen, so the play screen keeps to playing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from app.dm.safety import veil_text
from app.saves import fresh_name
from app.session import reloading
from app.session.watching import POLL_SECONDS, CampaignWatch
from app.tui.messages import GameRestarted
from app.tui.screens.modals import ConfirmScreen
from app.tui.screens.quitting import Keeping
from app.tui.widgets.story import StoryPane
from app.world.campaign import Campaign
from app.world.campaignfile import CampaignError
from app.world.view import scene_description

PROBLEMS_SHOWN = 6
"""Problems of a broken campaign file listed in the story pane (validate lists them all)."""


class RestartScreen(ConfirmScreen):
    """``Start again at the beginning?``, asked when the game cannot go on with the
    changed campaign (No by default: the game goes on with the campaign as it was)."""

    YES_VARIANT = "warning"


class Watching(Keeping):
    """The play screen's ``--watch``."""

    campaign_watch: CampaignWatch | None = None
    """The campaign file being watched (``None``: the game is not watched)."""
    dm_label: str
    confirming: bool
    retelling: bool

    if TYPE_CHECKING:  # the play screen provides this

        def refresh_all(self) -> None:
            """Every panel, the banner and the input label from the game."""

    def start_watching(self) -> None:
        """Look at the campaign file every :data:`POLL_SECONDS` from now on."""
        if self.campaign_watch is not None:
            self.set_interval(POLL_SECONDS, self.poll_campaign)

    def poll_campaign(self) -> None:
        """Look at the campaign file, and take a new version in — never mid-turn, nor
        while a dialog or another screen is open (it is looked at again once they close)."""
        if (
            self.campaign_watch is None
            or self.thinking
            or self.confirming
            or self.retelling
            or self.app.screen is not self
        ):
            return
        found = self.campaign_watch.poll()
        if isinstance(found, CampaignError):
            self.campaign_broken(found)
        elif found is not None:
            self.campaign_changed(found)

    def campaign_broken(self, error: CampaignError) -> None:
        """A version with problems: say what they are; the game goes on as it was."""
        head, *problems = str(error).splitlines()
        shown = problems[:PROBLEMS_SHOWN]
        if len(problems) > PROBLEMS_SHOWN:
            shown.append("  … and more: dungeon validate lists them all")
        lines = [
            "⚠ campaign.toml was not reloaded: the game goes on with the campaign as it was "
            "until the file is fixed and saved again.",
            head,
            *shown,
        ]
        self.query_one(StoryPane).add_note("\n".join(lines), "error")
        self.notify(
            f"{head}\nThe game goes on with the campaign as it was.",
            title="Campaign not reloaded",
            severity="error",
            timeout=10,
        )

    def campaign_changed(self, campaign: Campaign) -> None:
        """A good version: the game goes on with it if it fits, else the player chooses."""
        outcome = reloading.reload(self.session, campaign)
        if isinstance(outcome, reloading.Refused):
            self.offer_restart(campaign, outcome)
            return
        if not outcome.changes:  # a comment edited, a key moved: nothing to take in
            self.notify(outcome.text, title="Campaign")
            return
        reloading.take(self.session, outcome)
        state = self.session.state
        story = self.query_one(StoryPane)
        story.add_note(f"↻ {outcome.text}", "alert")
        topics = self.session.safety_topics()  # the adventure's words may name a veil
        story.add_scene(
            veil_text(state.scene.name, topics),
            veil_text(scene_description(state, state.campaign), topics),
        )
        self.notify(outcome.text, title="Campaign reloaded")
        problem = self.autosave_now()
        if problem:
            self.notify(problem, title="The game is not saved", severity="error")
        self.refresh_all()

    def offer_restart(self, campaign: Campaign, refused: reloading.Refused) -> None:
        """The game does not fit the new version: start again at its start, or go on with
        the campaign as it was."""
        story = self.query_one(StoryPane)
        story.add_note(f"⚠ {refused.text}", "error")
        kept = f" This game stays saved as {self.save_as}." if self.save_as else ""
        dialog = RestartScreen(
            f"{refused.text}\n\nStart again at the beginning of {campaign.campaign.title}?{kept}",
            title="The campaign changed",
            hint="y starts again; n or Esc goes on with the campaign as it was.",
        )

        def answered(yes: bool | None) -> None:
            if yes:
                self.restart_with(campaign)
                return
            story.add_note(
                "The game goes on with the campaign as it was; the next version of "
                "campaign.toml saved is tried again."
            )

        self.app.push_screen(dialog, answered)

    def restart_with(self, campaign: Campaign) -> None:
        """Start again at ``campaign``'s start on a new play screen; this game is saved
        first, under its own name, and the new one under a fresh one."""
        if self.thinking:
            return
        before = self.save_as
        fresh = reloading.restart(self.session, campaign)
        name = fresh_name(campaign.id, self.saves) if before is not None else None
        if before is not None and name == before:  # this game's name is never taken over
            name = fresh_name(f"{before}-2", self.saves)
        where = (
            f" The game before is kept as the save {before} (it loads with the campaign as it was)."
            if before
            else ""
        )
        note = f"Started again with the changed campaign.{where}"
        self.post_message(GameRestarted(fresh, name, note, self.campaign_watch))
