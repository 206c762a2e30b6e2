"""Whether a piece of a line stands alone as a deed: one that says what is done (its own
verb, or a question), not one that merely names a thing; one that is another party
member's deed; one that is mere chatter."""

from __future__ import annotations

from app.understanding.clauses import Piece
from app.understanding.intent import Intent
from app.world.state import GameState


def friends_deed(piece: Piece, actor: str | None, state: GameState) -> bool:
    """A later clause with another party member as its subject ("… then Aria lights the
    way"): that one's deed, not the speaker's (each acts on their own line)."""
    words = piece.text.lower().split()
    if len(words) < 2:
        return False
    first = words[1] if words[0] in ("then", "and", "so") and len(words) > 2 else words[0]
    return any(first == s.name.lower().split()[0] and cid != actor
               for cid, s in state.party.items())  # fmt: skip


def fits(piece: Piece, intent: Intent) -> bool:
    """A piece cut off by a weak joint ("and", a comma) stands alone only when it says
    what is done — it has its own verb, or asks — not when it merely names ("the rat")."""
    if intent.kind == "move" and intent.target:
        return True  # "… and then head straight down": tried once what comes before is done
    nobody = not intent.targets and intent.confidence >= 0.3  # (nobody the words fit)
    if intent.kind in ("attack", "cast") and intent.note and nobody:
        return True  # "… puts it into the one still awake" with none awake: said so plainly
    if intent.acts and intent.confidence < 0.6:
        return False  # "we get rooms": a deed with nothing to do it to
    if piece.strong:
        return True
    return intent.kind == "question" or (intent.confidence >= 0.7 and not intent.alternatives)


def chatter(intent: Intent) -> bool:
    """A piece that says nothing the game acts on, and names nothing."""
    return intent.kind == "ask" and not intent.targets and not intent.alternatives
