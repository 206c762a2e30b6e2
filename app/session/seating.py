"""Who sits at the table: ``/join`` (a player takes characters), ``/leave`` (their
characters go to another player or the DM), ``/away`` and ``/back`` (an away player's turns
are skipped)."""

from __future__ import annotations

from app.session import hotseat, presence
from app.session.hygiene import clean_name, strip_controls
from app.session.naming import resolve_character
from app.session.reply import Reply
from app.session.session import GameSession


def away(session: GameSession, rest: str, default: str | None) -> Reply:
    """``/away [NAME]``: a player steps away (default: ``default``, the player at the
    keyboard or up)."""
    name = clean_name(strip_controls(rest)) or default or ""
    if not name:
        return Reply("Who steps away? e.g. /away Ben", False)
    outcome = presence.step_away(session.state, name)
    return Reply(getattr(outcome, "detail", "") or getattr(outcome, "reason", ""), bool(outcome))


def back(session: GameSession, rest: str) -> Reply:
    """``/back [NAME]``: an away player is back (no name: the only one away)."""
    outcome = presence.come_back(session.state, clean_name(strip_controls(rest)))
    return Reply(getattr(outcome, "detail", "") or getattr(outcome, "reason", ""), bool(outcome))


def join(session: GameSession, rest: str) -> Reply:
    """``/join NAME ids``: a player sits down and takes characters."""
    name, _, ids = rest.strip().partition(" ")  # (the name is what comes first, as typed)
    name, ids = clean_name(strip_controls(name)), strip_controls(ids)
    lone = rest[:1].isspace() and not ids.strip() and resolve_character(session, name)
    if not name or lone:  # "/join <an invisible mark> mira": no name to sit under
        return Reply("The player's name is empty (only marks that do not show): "
                     "e.g. /join Ana mira", False)  # fmt: skip
    chars = [c.strip() for c in ids.replace(",", " ").split() if c.strip()]
    resolved = [resolve_character(session, c) or c for c in chars]
    outcome = hotseat.add_player(session.state, name, resolved)
    if outcome:  # the DM hears who sits at the table now
        session.state.record("players", getattr(outcome, "detail", ""), who=name)
        session.keep_change()
    return Reply(getattr(outcome, "detail", "") or getattr(outcome, "reason", ""), bool(outcome))


def leave(session: GameSession, rest: str) -> Reply:
    """``/leave NAME [TO]``: a player gets up; their characters go to TO or the DM."""
    parts = [clean_name(p) for p in strip_controls(rest).split()]
    if not parts:
        return Reply("Who leaves? e.g. /leave Ana Ben", False)
    to = parts[1] if len(parts) > 1 else None
    outcome = hotseat.remove_player(session.state, parts[0], to)
    if outcome:
        session.state.record("players", getattr(outcome, "detail", ""), who=parts[0])
        session.keep_change()
    return Reply(getattr(outcome, "detail", "") or getattr(outcome, "reason", ""), bool(outcome))
