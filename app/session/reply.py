"""What a slash command or a declared action answers the player: the vocabulary every
command handler shares, kept apart from the handlers and the command table so that any of
them can say it without importing the others."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Reply:
    """What a command or declaration answers: a line for the player, and whether it worked."""

    text: str
    ok: bool = True
    notice: str = ""
    """Something that happened on the way, e.g. the turn timer passing a slow player."""
    action: str = ""
    """The action as queued (without the ``Name:`` prefix)."""
    aside: bool = False
    """The line was a question asked out of turn, and ``text`` is its answer: nothing was
    queued and the turn stays where it is."""
    asked_as: str | None = None
    """For an answered question: the character it was asked as, when it is the asker's own
    ("Wren: can I light the lamp?"): a bare line after it is Wren's again."""
