"""A blow declared as a fight begins is struck on its striker's turn.

"I attack the rat" said out of a fight starts it: everyone rolls for initiative, and the
line is the blow its speaker makes when their turn comes, as at any table. The session
keeps such lines when a turn begins a fight (:func:`keep`) and plays each on its
speaker's first turn (:func:`carried`) — at once when they won the roll, after those
quicker otherwise. It is the same for any DM: the game's own reading of the line says
whether it was a blow, and the DM resolves it on that turn like any other line.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping

from app.actions.beings import why_cannot_act
from app.understanding import Intent
from app.understanding.clauses import mentions_back, refer_back
from app.world.actions import PlayerAction
from app.world.state import GameState

Readings = Mapping[tuple[str, str], Intent]
"""How each of the turn's lines was read: (character id, line) -> intent."""


def _the_blow(text: str, intent: Intent, fights: Collection[str]) -> str | None:
    """What of the line strikes at someone: the whole line when it starts with the blow
    (or a spell at the foes of a fight in view, "magic missile at the goblins"), the
    blow's own words when it comes later ("go down the trapdoor and attack the rats": the
    party is down there already); ``None`` when nothing does."""
    if _strikes(intent, fights):
        return text
    return next((step.text for step in intent.then if _strikes(step, fights)), None)


def _strikes(intent: Intent, fights: Collection[str]) -> bool:
    return intent.kind == "attack" or (
        intent.kind == "cast" and any(t in fights for t in intent.targets)
    )


def keep(state: GameState, actions: list[PlayerAction], readings: Readings) -> None:
    """A turn has begun a fight: keep the lines of it that were blows, for their
    speakers' turns. A speaker who has already had that turn keeps nothing."""
    fight = state.encounter
    if fight is None:
        return
    fights = state.campaign.encounters if state.campaign is not None else {}
    for action in actions:
        reading = readings.get((action.character_id, action.text))
        blow = _the_blow(action.text, reading, fights) if reading is not None else None
        if not blow or not blow.strip() or action.character_id not in state.party:
            continue
        whom = next((t for t in reading.targets if t not in fights), None) if reading else None
        if whom is not None and mentions_back(blow):  # "i stab him", said to Grubnak: him
            blow = refer_back(blow, state.name_of(whom))
        fight.declared[action.character_id] = blow.strip()


def acted(state: GameState, actions: list[PlayerAction]) -> None:
    """Those who acted on their turn have no blow left waiting (they said what to do)."""
    if state.encounter is not None:
        for action in actions:
            state.encounter.declared.pop(action.character_id, None)


def carried(state: GameState) -> PlayerAction | None:
    """The line the combatant now up declared as the fight began, taken off the list; none
    when nothing waits for them, or they can no longer act on it (down, or gone)."""
    fight = state.encounter
    if fight is None or not fight.declared:
        return None
    who = fight.current.id
    text = fight.declared.pop(who, None)
    if text is None or who not in state.party or why_cannot_act(state, who):
        return None
    return PlayerAction(character_id=who, text=text, player=state.controller_of(who) or "")
