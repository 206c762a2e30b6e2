"""``/dm``: which DM is playing, and switching it inside a running game — to the offline
referee when the AI DM's server is unreachable, and back to the AI DM later.

The switch touches nothing of the game: actions already queued (a turn that failed) stay
queued and go to the new DM. The new DM is briefed afresh (it has not seen the overview). The
AI DM switched away from is kept, so ``/dm ai`` goes back to it — or to the endpoint as the
settings now name it, if they changed meanwhile. Which DM plays is not kept in the save: a
resumed game gets the DM the settings name.
"""

from __future__ import annotations

from app.dm.brain import Brain
from app.dm.config import DMConfig
from app.referee.referee import OfflineReferee
from app.session.dmnames import OFFLINE_HINT, dm_name, is_offline
from app.session.reply import Reply
from app.session.session import GameSession

HOW_TO_SET_UP = (
    "no AI DM is set up: name one in Settings (s on the title screen), in the config file or "
    "with DUNGEON_DM_BASE_URL / DUNGEON_DM_API_KEY and DUNGEON_DM_MODEL (see the README)"
)


def dm_command(session: GameSession, rest: str) -> Reply:
    """``/dm`` (which DM plays, and how to switch), ``/dm offline`` or ``/dm ai`` (to the
    AI DM kept from before, or the one the settings name now: ``session.dm_endpoint``)."""
    endpoint = session.dm_endpoint
    word = rest.strip().lower()
    current = session.brain
    if word in ("", "?", "which"):
        return Reply(_which(session, endpoint))
    if word in ("offline", "referee", "off"):
        if is_offline(current):
            return Reply("The offline referee is already the DM.", ok=False)
        return _switch(session, _referee(session))
    if word in ("ai", "llm", "online", "on"):
        brain = _ai_brain(session, endpoint)
        if brain is None:
            return Reply(f"Cannot switch: {HOW_TO_SET_UP}.", ok=False)
        if brain is current:
            return Reply(f"{_capital(dm_name(current))} is already the DM.", ok=False)
        return _switch(session, brain)
    return Reply(f"/dm {rest.strip()}? Type /dm offline or /dm ai (/dm alone: who plays).", False)


def _which(session: GameSession, endpoint: DMConfig | None) -> str:
    """``/dm`` alone: who plays, and how to switch."""
    playing = f"The DM is {dm_name(session.brain)}."
    if not is_offline(session.brain):
        return f"{playing} {_capital(OFFLINE_HINT)} (no network, no tokens)."
    brain = _ai_brain(session, endpoint)
    if brain is None:
        return f"{playing} {_capital(HOW_TO_SET_UP)}; then /dm ai."
    return f"{playing} /dm ai hands the game to {dm_name(brain)}."


def _switch(session: GameSession, brain: Brain) -> Reply:
    """Put ``brain`` in the DM's seat, keeping an AI DM it replaces for ``/dm ai``."""
    before = session.brain
    if not is_offline(before):
        session.spare_dm = before
    session.brain = brain
    session.briefed = False  # the new DM has not had the overview
    queued = " It takes the turn waiting to be played." if session.pending else ""
    return Reply(f"{_capital(dm_name(brain))} takes over as DM.{queued}")


def _referee(session: GameSession) -> OfflineReferee:
    """A referee for the game as it stands (its campaign may have been reloaded)."""
    referee = OfflineReferee(session.state.campaign)
    referee.bind(lambda: session.state)
    return referee


def _ai_brain(session: GameSession, endpoint: DMConfig | None) -> Brain | None:
    """The AI DM ``/dm ai`` would hand the game to: the one playing or kept, unless the
    settings now name another endpoint; ``None`` when there is none."""
    kept = session.brain if not is_offline(session.brain) else session.spare_dm
    if endpoint is None or not endpoint.configured:
        return kept
    if kept is not None and getattr(kept, "config", None) == endpoint:
        return kept
    from app.dm.openai_brain import OpenAIBrain  # noqa: PLC0415 - loads openai on first use

    return OpenAIBrain(endpoint)


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]
