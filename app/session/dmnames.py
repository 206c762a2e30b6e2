"""Which DM plays, in the players' words: the offline referee or an AI DM named by its model
and endpoint (never its key), and what to add when the AI DM fails a turn. The session
says these in its error lines and the screens in their status lines; switching the DM is
:mod:`app.session.dmswitch`."""

from __future__ import annotations

from app.dm.brain import Brain
from app.dm.config import DMConfig
from app.referee.referee import OfflineReferee

OFFLINE_HINT = "/dm offline lets the offline referee play on"
"""Said with an AI DM's failure: the way to keep playing while its server is away."""


def is_offline(brain: Brain) -> bool:
    """Whether ``brain`` is the built-in offline referee."""
    return isinstance(brain, OfflineReferee)


def dm_name(brain: Brain) -> str:
    """The DM as the players know it: ``the offline referee``, ``the AI DM (llama3.1 at
    http://…)`` (never the key)."""
    if is_offline(brain):
        return "the offline referee"
    config = getattr(brain, "config", None)
    if isinstance(config, DMConfig):
        return f"the AI DM ({config.describe()})"
    return f"the {brain.name} DM"


def dm_label(brain: Brain) -> str:
    """The DM in a status line: ``offline referee``, ``llama3.1 at http://…``."""
    if is_offline(brain):
        return "offline referee"
    config = getattr(brain, "config", None)
    return config.describe() if isinstance(config, DMConfig) else f"{brain.name} DM"


def failure_hint(brain: Brain) -> str:
    """What to add to the error of a turn the DM failed: how to switch to the offline
    referee (nothing when it is the referee that failed)."""
    return "" if is_offline(brain) else f" — {OFFLINE_HINT}"
