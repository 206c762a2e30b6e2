"""Wiring a game together: a campaign, a seed and a DM make a GameSession."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from app.actions.unstuck import unstick
from app.dm.brain import Brain
from app.referee.referee import OfflineReferee
from app.saves.checkpoints import checkpoints_of, load_checkpoint_file
from app.saves.joining import campaign_for
from app.session.hotseat import active_player, recover
from app.session.session import GameSession
from app.world.campaign import Campaign
from app.world.folders import CAMPAIGNS_DIR
from app.world.newgame import new_game
from app.world.state import GameState
from rules.character import CharacterSheet


def session_for(state: GameState, brain: Brain | None = None) -> GameSession:
    """A session on a state whose campaign is attached; with no brain the offline referee
    runs it (bound to the session, so it always reads the live state)."""
    dm = brain if brain is not None else OfflineReferee(state.campaign)
    session = GameSession(state, dm)
    if isinstance(dm, OfflineReferee):
        dm.bind(lambda: session.state)
    return session


def start_session(
    campaign: Campaign,
    seed: int,
    brain: Brain | None = None,
    players: dict[str, list[str]] | None = None,
    own: dict[str, CharacterSheet] | None = None,
) -> GameSession:
    """A new game of ``campaign``; with no brain the offline referee runs it. The first
    player is up from the start (as a resumed game has it), so a game saved before anyone
    acted resumes to an identical save. ``own`` puts the players' own characters in the
    place of pregens, by pregen id."""
    state = new_game(campaign, seed=seed, players=players, own=own)
    if active_player(state) is not None:
        state.turn_order.turn_started = datetime.now(UTC).replace(microsecond=0)  # 1st turn
    return session_for(state, brain)


def resume_session(
    state: GameState,
    brain: Brain | None = None,
    *,
    save: Path | str | None = None,
    campaigns: Path = CAMPAIGNS_DIR,
) -> GameSession:
    """Continue a loaded game: its campaign is loaded again by id from ``campaigns`` (saves
    hold the world, not the campaign text) and the game is checked against it, then play
    goes on exactly where it stopped. ``SaveError`` naming ``save`` and the key if the
    campaign is unknown or the game names what the campaign lacks."""
    state.attach(campaign_for(state, save, campaigns))
    session = session_for(state, brain)
    kept: list[str] | None = getattr(session.context, "veils", None)
    if kept is not None:  # the table's veils saved with the game outlast an undo or rewind
        kept.extend(t for t in state.truth.veils if t not in kept)  # to before they were made
    recover(state)
    unstick(state)  # a game saved where nobody could act (an older version, a hand edit)
    session.timeline.mark(state)  # as recovered: where this sitting begins
    if save is not None and Path(save).is_file():
        # The checkpoints kept with the save: undo and rewind reach back past this sitting.
        session.timeline.add_files(
            [(c.turn, c.scene, c.start, c.path) for c in checkpoints_of(Path(save))]
        )
        session.load_checkpoint = load_checkpoint_file
        here = session.timeline.at(state.turn)
        if state.pending and here is not None and here.path is not None:
            here.snapshot = None  # the round as it began (kept with the save), not with the
            # actions declared since: an undo withdraws them as it would have before leaving
        ahead = [c.turn for c in session.timeline.entries if c.turn > state.turn]
        if ahead and state.history.cut_length:  # turns taken back before the game was left
            session.timeline.undone_from = max(ahead)
            session.timeline.restored_to = state.turn
    return session
