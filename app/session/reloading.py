"""Playing on while the campaign is being written: a game taken over to a new version of
its campaign file (``dungeon play --campaign DIR --watch``).

The world stays as it is — party, flags, the scene, items, fights, the story and the dice'
exact position — when it still makes sense in the new version, judged by the checks a
loaded save gets against its campaign (:func:`app.saves.sanity.check_campaign`: the scene
the party is in, the characters, the monsters of a fight, every trigger, challenge and NPC
the game names still exist), so a game kept here is one that also loads again. When it does
not (the party's scene was deleted, a pregen's ability scores changed), the game can start
again at the campaign's start instead, with the same seed and seats.

Nothing here knows about screens: the front end watches the file
(:mod:`app.session.watching`), and calls :func:`reload` only between turns.
"""

from __future__ import annotations

from dataclasses import dataclass

from app.referee.referee import OfflineReferee
from app.saves.sanity import check_campaign
from app.saves.shape import Problem
from app.session.session import GameSession
from app.session.setup import start_session
from app.world.campaign import Campaign
from app.world.campaigndiff import campaign_changes, summary
from app.world.newgame import join_campaign
from app.world.state import GameState

SHOWN_PROBLEMS = 3
"""Reasons named when a game cannot be kept (the rest are counted)."""


@dataclass(frozen=True)
class Reloaded:
    """The game goes on with the new version: ``state`` is the game joined to it."""

    state: GameState
    changes: list[str]
    """What the new version changes (``scenes.cellar changed`` …); empty when it plays as
    the old one did."""

    @property
    def text(self) -> str:
        """``Campaign reloaded (2 changes: …).`` for the players."""
        if not self.changes:
            return "campaign.toml saved: nothing that plays has changed."
        return f"Campaign reloaded ({summary(self.changes)})."


@dataclass(frozen=True)
class Refused:
    """The game cannot go on with the new version; the old one still runs it."""

    reasons: list[str]
    """Why, first reason first (``the party is in 'cellar', which …``)."""

    @property
    def text(self) -> str:
        """One line for the players: what is in the way."""
        shown = "; ".join(self.reasons[:SHOWN_PROBLEMS])
        more = len(self.reasons) - SHOWN_PROBLEMS
        extra = f" (and {more} more)" if more > 0 else ""
        return f"The game cannot go on with the changed campaign: {shown}{extra}."


def misfits(state: GameState, campaign: Campaign) -> list[str]:
    """Join ``state`` to ``campaign`` (in place) and say what in it does not fit the
    campaign, in the order a reader meets it (empty when the game can go on with it)."""
    if campaign.id != state.campaign_id:
        return [
            f"campaign.id is now {campaign.id!r}, and this game is of {state.campaign_id!r} "
            "(a save names its campaign by id)"
        ]
    join_campaign(state, campaign)
    problems = check_campaign(state, campaign, as_now=True)
    reasons = [_reason(state, problem) for problem in problems]
    return list(dict.fromkeys(reasons))


def _reason(state: GameState, problem: Problem) -> str:
    """A problem as an author reads it; the scene the party stands in is said plainly."""
    if problem.key == "state.scene.id":
        where = f"{state.scene.id!r} ({state.scene.name})"
        return f"the party is in {where}, which the campaign no longer has"
    return f"{problem.key}: {problem.text}"


def reload(session: GameSession, campaign: Campaign) -> Reloaded | Refused:
    """The game of ``session`` joined to ``campaign``, a new version of its campaign — or
    why it cannot be. The session is not changed: :func:`take` puts a reloaded game in
    play. Refused while a turn is being played (the world is in motion)."""
    state = session.state
    if session.busy:
        return Refused(["a turn is being played: wait until it has ended"])
    old = state.campaign
    changes = campaign_changes(old, campaign) if old is not None else ["the whole campaign"]
    trial = GameState.model_validate(state.model_dump())
    trial.restore_rng(state.rng_state())
    trial.set_history(state.history)  # the same story goes on: it is append-only
    trial.set_reaction_policy(state.reaction_policy)
    reasons = misfits(trial, campaign)
    if reasons:
        return Refused(reasons)
    return Reloaded(trial, changes)


def take(session: GameSession, reloaded: Reloaded) -> None:
    """Go on with the reloaded game. The DM is briefed afresh (what it was told came from
    the old version), and the offline referee reads the new one."""
    reloaded.state.offered.clear()  # a choice offered from the old version may name what is gone
    session.replace_state(reloaded.state)
    referee = session.brain
    if isinstance(referee, OfflineReferee):
        referee.campaign = reloaded.state.campaign


def restart(session: GameSession, campaign: Campaign) -> GameSession:
    """A new game of ``campaign`` at its start, in place of the game of ``session`` that
    cannot go on with it: the same seed, DM, budget and table (the players and their own
    characters, where the new party still has their places)."""
    state = session.state
    party = campaign.campaign.party
    seated = [cid for ids in state.players.values() for cid in ids]
    players = dict(state.players) if seated and set(seated) <= set(party) else None
    own = {cid: state.party[cid] for cid in state.own_characters if cid in party}
    brain = None if isinstance(session.brain, OfflineReferee) else session.brain
    fresh = start_session(campaign, state.seed, brain, players=players, own=own)
    fresh.budget, fresh.dm_endpoint = session.budget, session.dm_endpoint
    fresh.spare_dm = session.spare_dm
    fresh.context = session.context  # the table's veils and the player's own safety lines
    fresh.state.turn_order.timer_seconds = state.turn_order.timer_seconds
    return fresh
