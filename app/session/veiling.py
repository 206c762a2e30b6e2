"""``/veil`` and ``/unveil``, the table's safety tools: any player, any time, no reason
asked. A veil keeps a topic out of the story from the next word on
(:mod:`app.dm.safety` filters what is shown and sent)."""

from __future__ import annotations

from app.dm.safety import keep_veils, readable_topic
from app.session.hygiene import strip_controls
from app.session.reply import Reply
from app.session.session import GameSession

MOST_VEILS = 100
"""Veils a table may add (the adventure's and the config's are not counted)."""


def _topic(rest: str) -> str:
    return " ".join(strip_controls(rest).split())


def safety_text(session: GameSession) -> str:
    """``/veil`` alone: the lines and veils kept out of this game's story, and whose."""
    keep_veils(session.state, getattr(session.context, "veils", []))
    campaign = session.state.campaign
    own = getattr(session.context, "safety", None)
    rows = []
    if campaign is not None:
        rows += [f"  line: {t} (the adventure's)" for t in campaign.safety.lines]
        rows += [f"  veil: {t} (the adventure's)" for t in campaign.safety.veils]
    if own is not None:
        rows += [f"  line: {t} (your config)" for t in own.lines]
        rows += [f"  veil: {t} (your config)" for t in own.veils]
    rows += [f"  veil: {t} (this table; /unveil {t} lifts it)" for t in session.state.truth.veils]
    lines = ["Kept out of the story:", *rows] if rows else ["Nothing is veiled."]
    lines.append("/veil TOPIC keeps a topic out of the story at once; nobody needs a reason.")
    problem = getattr(session.context, "safety_error", "")
    if problem:
        lines.append(f"Your config's safety settings could not be read: {problem}")
    return "\n".join(lines)


def config_warning(session: GameSession) -> str:
    """Said when a game starts if the config's safety settings could not all be read: the
    player must know a hard line may be missing (those that could be read are kept)."""
    problem = getattr(session.context, "safety_error", "")
    if not problem:
        return ""
    return (f"Your config's safety settings could not all be read ({problem}). Every topic "
            "that could be read is kept; /veil lists them.")  # fmt: skip


def veil(session: GameSession, rest: str) -> Reply:
    """``/veil TOPIC``: the topic is kept out of the story from the next word on."""
    topic = _topic(rest)
    if not topic:
        return Reply(safety_text(session))
    if not 2 <= len(topic) <= 60 or not readable_topic(topic):
        return Reply("A veil is a word or phrase of 2 to 60 characters, two of them letters "
                     "or digits (accents alone do not count).", ok=False)  # fmt: skip
    veils = session.state.truth.veils
    kept: list[str] = getattr(session.context, "veils", [])
    if topic.lower() in (t.lower() for t in veils):
        return Reply(f"“{topic}” is already veiled.")
    if len(veils) >= MOST_VEILS:
        return Reply(f"This table has {MOST_VEILS} veils: /unveil one first.", ok=False)
    veils.append(topic)
    kept.append(topic)
    return Reply(f"Veiled: “{topic}” stays off-screen from now on.")


def unveil(session: GameSession, rest: str) -> Reply:
    """``/unveil TOPIC``: lift a veil the table added (the adventure's and the config's
    stay)."""
    topic = _topic(rest).lower()
    if not topic:
        return Reply("Which veil? /veil lists them.", ok=False)
    veils = session.state.truth.veils
    found = next((t for t in veils if t.lower() == topic), None)
    if found is None:
        return Reply(f"“{_topic(rest)}” is not a veil this table added (/veil lists them).",
                     ok=False)  # fmt: skip
    veils.remove(found)
    kept: list[str] = getattr(session.context, "veils", [])
    for same in [t for t in kept if t.lower() == topic]:
        kept.remove(same)
    return Reply(f"Unveiled: “{found}”.")
