"""A question asked out of turn is answered, not refused.

At a table, a player waiting for their turn may still ask "how many hit points do I
have?" or "whose turn is it?": the answer costs nothing and moves nothing. So when a line
from someone who may not act now reads as a question the game itself can answer, the
answer is given and the turn stays where it is.
"""

from __future__ import annotations

from app.referee.answering import answer_from_game
from app.referee.referee import OfflineReferee
from app.referee.sights import inventory_text
from app.session.session import GameSession
from app.understanding import understand


def answer_out_of_turn(session: GameSession, character: str, text: str) -> str | None:
    """The game's answer to ``text`` asked by ``character`` out of turn, or ``None`` when
    the line is not such a question (it is then refused as before)."""
    state = session.state
    if character not in state.party:
        return None
    try:
        intent = understand(text, character, state, state.campaign)
    except Exception:  # an aside never breaks the table: the refusal stands
        return None
    if intent.kind == "inventory" and not intent.then:  # "what's in my bag?": asked too
        return inventory_text(state, character)
    if intent.kind not in ("question", "help") or intent.then:
        return None
    return answer_from_game(state, state.campaign, intent)


def answer_aside(
    session: GameSession, character: str, text: str, waiting: bool = False
) -> str | None:
    """At a shared table outside a fight, the offline referee's reply to a line that plays
    nothing (asked back, another language, what is carried), given at once: the player's
    round is not spent on it. ``waiting``: the line's character may not act now (another's
    turn, a restriction), and only a question to the DM is answered, in a fight too.
    ``None`` for any other line, or another DM."""
    brain = session.brain
    if not isinstance(brain, OfflineReferee) or character not in session.state.party:
        return None
    try:
        return brain.aside(session.state, character, text, waiting)
    except Exception:  # an aside never breaks the table: the line is played as before
        return None
