"""Whose turn it is, from the table's side: the clock every front end checks (a player out
of time passes, an away player's fight turn passes), ending a turn (``/end``) or passing
it (``/pass``), and the mark that tells a front end a turn changed hands and the game must
be saved at once."""

from __future__ import annotations

from datetime import datetime

from app.session import hotseat
from app.session.reply import Reply
from app.session.session import GameSession
from app.world.actions import PlayerAction
from app.world.turnorder import Reason

END_TURN_TEXT = "I end my turn."
"""What a character 'says' when its player ends a combat turn without acting."""


def fight_turn_taken(session: GameSession, character: str, reason: Reason) -> None:
    """In a fight, a player's character acted or held on its own turn: the turn log
    records it with how long the player took (exploration logs its own turns)."""
    state = session.state
    fight = state.encounter
    player = state.controller_of(character)
    if fight is not None and player is not None and fight.current.id == character:
        hotseat.fight_clock(state)  # the clock is on this turn (it restarts if it was not)
        hotseat.log(state, player, reason, seconds=hotseat.elapsed(state))


MAX_PASSES = 24
"""Turns of away players passed in a row before the front end asks the table anyway (a
fight of away players and foes only waits instead of playing itself, so this is a guard)."""


def keep_time(session: GameSession, now: datetime | None = None) -> str:
    """The table's clock, checked by the front ends every moment they can: a player out of
    time passes (in exploration) or their character's turn ends (in a fight, through the
    same path as the end-turn key), and a fight turn whose player is away passes. Returns
    what the table is told (empty when nothing happened); a fight turn ended here is
    queued for the DM."""
    state = session.state
    if state.encounter is None:
        late = hotseat.check_timer(state, now)
        return f"{late}'s time ran out — they pass." if late else ""
    if session.busy or state.ending:
        return ""
    ran_out = hotseat.fight_clock(state, now)
    cid = state.encounter.current.id
    player = state.controller_of(cid) if cid in state.party else None
    if player is None or any(a.character_id == cid for a in session.pending):
        return ""
    name = state.name_of(cid)
    if player in state.turn_order.away and hotseat.able_players(state):
        # someone is at the table: the fight goes on without the absent player (with
        # everyone away it waits instead of playing itself)
        reason: Reason = "SKIPPED"
        said = f"{player} is away — {name}'s turn passes."
    elif ran_out:
        reason = "TIMEOUT"
        said = f"{player}'s time ran out — {name}'s turn ends."
    else:
        return ""
    if not session.submit(PlayerAction(character_id=cid, text=END_TURN_TEXT, player=player)):
        return ""
    spent = hotseat.elapsed(state, now) if reason == "TIMEOUT" else None
    hotseat.log(state, player, reason, now, seconds=spent)
    return said


def turn_mark(session: GameSession) -> tuple[object, ...]:
    """What a save must keep of the turn order right away: when this changes between two
    moments, a turn changed hands (a declaration, a pass, a join …) and the game is saved
    at once, so a crash loses nothing a player did."""
    state = session.state
    order = state.turn_order
    return (
        tuple((a.character_id, a.text) for a in state.pending),
        order.active,
        tuple(order.acted),
        tuple(order.away),
        len(order.history),
        order.history[-1] if order.history else None,
        tuple((p, tuple(ids)) for p, ids in state.players.items()),
        tuple(order.companions),
    )


def end_turn(session: GameSession, character: str | None) -> Reply:
    """The end-turn key: in a fight the current character holds (the DM ends its turn);
    otherwise the active player passes for this round."""
    encounter = session.state.encounter
    if encounter is not None:
        cid = encounter.current.id
        if cid not in session.state.party:
            return Reply(f"It is {encounter.current.name}'s turn, not yours.", False)
        owner = session.state.controller_of(cid) or ""
        outcome = session.submit(PlayerAction(character_id=cid, text=END_TURN_TEXT, player=owner))
        if not outcome:
            return Reply(getattr(outcome, "reason", "refused"), False)
        fight_turn_taken(session, cid, "PASSED")
        return Reply(f"{session.state.name_of(cid)} ends the turn.")
    player = hotseat.active_player(session.state)
    if player is None and character is not None:
        player = session.state.controller_of(character)
    return pass_turn(session, player or "")


def pass_turn(session: GameSession, player: str) -> Reply:
    """``/pass [PLAYER]``: the player (default: whoever is up) declares nothing this round.
    In a fight the round follows initiative, not the seating: passing ends the turn of the
    character who is up, as the end-turn key does — only for the player who plays it."""
    encounter = session.state.encounter
    if encounter is not None:
        cid = encounter.current.id
        owner = session.state.controller_of(cid) if cid in session.state.party else None
        named = player.strip()
        if owner is not None and named and named != owner:
            return Reply(f"It is {encounter.current.name}'s turn ({owner} plays them), "
                         f"not {named}'s.", False)  # fmt: skip
        return end_turn(session, cid if owner is not None else None)
    who = player.strip() or hotseat.active_player(session.state) or ""
    outcome = session.pass_turn(who)
    return Reply(getattr(outcome, "detail", "") or getattr(outcome, "reason", ""), bool(outcome))
