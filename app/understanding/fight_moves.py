"""How a fighter moves, as a DM reads it in a fight:

- a dash is the Dash action, not the party leaving: "dash for the stairs", "I dash back to
  the cellar" move the dasher (twice the speed, towards the way), and the fight goes on —
  to leave it is to flee or run away, said so;
- a flourish of movement before a blow is how the striker comes at the foe, not a deed of
  its own: "I tumble past rat 1 and stab rat 3", "I climb the throne and hit Grubnak from
  above" strike (the movement is a step of the turn's, no check, no action spent); so do
  a few steps closer before a blow or a spell ("I run over and cast shatter on them").
"""

from __future__ import annotations

import re
from dataclasses import replace

from app.understanding.intent import Intent
from app.world.state import GameState

_DASH = re.compile(r"\bdash(?:es|ing)?\b")
_CLOSING = re.compile(
    r"^\W*(?:(?:i|then|and)\s+)*(?:run|rush|hurry|hurries|sprint|race|step|move|walk|go|head)"
    r"(?:s|es|ed)?\s+(?:over|up|in|forward|across|ahead|closer|out)(?:\s+(?:there|here))?\W*$"
)
"""A few steps closer before a blow or a spell ("I run over and cast shatter"): the turn's
move, no Dash (which would spend the action the blow needs)."""
_APPROACH = re.compile(
    r"^\W*(?:(?:i|then|and)\s+)*(?:tumble|climb|clamber|vault|roll|leap|jump|slide|dive|duck|"
    r"scramble|hop|spring|flip|somersault|weave|dart|slip)(?:s|es|ed)?\b"
)


def fight_moves(clauses: list[Intent], state: GameState) -> list[Intent]:
    """The clauses, with a dash read as the Dash action and a flourish before a blow left
    to the blow (see the module); as they are out of a fight."""
    if state.encounter is None:
        return clauses
    moved = [_dash(c) if c.kind == "move" and _DASH.search(c.text.lower()) else c for c in clauses]
    flourish = len(moved) > 1 and moved[0].kind == "improvise" and moved[1].kind == "attack"
    if flourish and _APPROACH.match(moved[0].text.lower()):
        return moved[1:]
    closing = len(moved) > 1 and (moved[0].kind == "move" or moved[0].action == "dash")
    if closing and moved[1].kind in ("attack", "cast") and _CLOSING.match(moved[0].text.lower()):
        return moved[1:]
    return moved


def _dash(clause: Intent) -> Intent:
    return replace(clause, kind="manoeuvre", action="dash", targets=(), note="",
                   confidence=max(clause.confidence, 0.8))  # fmt: skip
