"""Who is at the table: stepping away and coming back (``/away``, ``/back``), and each
player's state this round — waiting, active, done or away — as the banner shows it.

An away player's turns are skipped in exploration; in a fight their characters' turns
pass (:func:`app.session.turntaking.keep_time`) rather than being played by the DM, so
nobody spends a spell or a potion for a player who is not there.
"""

from __future__ import annotations

from datetime import datetime

from app.session.hotseat import able_players, active_player, elapsed, log, now, seated_as, settle
from app.world.state import GameState
from app.world.turnorder import PlayerState
from rules.outcomes import Impossible, Outcome, Success


def find_player(state: GameState, name: str) -> str | None:
    """The seated player called ``name`` (any case, any composing of accents), or ``None``."""
    return seated_as(state, name)


def _unknown(state: GameState, name: str) -> Impossible:
    return Impossible(f"no player called {name!r} — the players: {', '.join(state.players)}")


def step_away(state: GameState, name: str, at: datetime | None = None) -> Outcome:
    """``name`` steps away from the table: their turns are skipped until they are back
    (in exploration the round goes on without them; in a fight their characters' turns
    pass). What they already declared this round stands. When everyone is away the game
    simply waits."""
    player = find_player(state, name)
    if player is None:
        return _unknown(state, name)
    order = state.turn_order
    if player in order.away:
        return Impossible(f"{player} is already away (/back {player} when they return)")
    moment = at or now()
    was_active = state.encounter is None and active_player(state) == player
    spent = elapsed(state, moment) if was_active else None
    order.away.append(player)
    if was_active:
        order.active = None
        order.turn_started = moment if active_player(state) else None
    log(state, player, "AWAY", moment, seconds=spent, up=player_up(state))
    settle(state, moment)
    if not able_players(state):
        return Success(f"{player} steps away. Everyone is away — the game waits until /back NAME.")
    skipped = "their characters' turns pass" if state.encounter else "their turns are skipped"
    return Success(f"{player} steps away — {skipped} until /back {player}.")


def come_back(state: GameState, name: str, at: datetime | None = None) -> Outcome:
    """An away player is back at the table (``name`` empty: the only one away)."""
    order = state.turn_order
    if not name.strip():
        if len(order.away) != 1:
            return Impossible(
                "nobody is away" if not order.away else f"who is back? ({', '.join(order.away)})"
            )
        name = order.away[0]
    player = find_player(state, name)
    if player is None:
        return _unknown(state, name)
    if player not in order.away:
        return Impossible(f"{player} is not away")
    moment = at or now()
    waiting = active_player(state) is None
    order.away.remove(player)
    if waiting and active_player(state) is not None:
        order.turn_started = moment  # the table was waiting: a turn starts now
    log(state, player, "BACK", moment, up=player_up(state))
    return Success(f"{player} is back at the table.")


def player_up(state: GameState) -> str | None:
    """The player who must act now: in a fight the one whose character is up (``None`` for
    a foe, a companion or an away player's character), else the one whose turn it is."""
    fight = state.encounter
    if fight is None:
        return active_player(state)
    current = fight.current.id
    player = state.controller_of(current) if current in state.party else None
    return None if player in state.turn_order.away else player


def player_states(state: GameState) -> dict[str, PlayerState]:
    """Each seated player's state this round: ``active`` (up now), ``waiting`` (yet to
    act), ``done`` (acted or passed — or, in a fight, no character of theirs is still to
    go this round; a player with nobody able to act is done too) or ``away``."""
    order = state.turn_order
    able = set(able_players(state))
    fight = state.encounter
    up: str | None
    if fight is not None:
        current = fight.current.id
        up = state.controller_of(current) if current in state.party else None
        later = {c.id for c in fight.order[fight.turn_index % len(fight.order) + 1 :]}
    else:
        up = active_player(state)
        later = set()
    states: dict[str, PlayerState] = {}
    for player, ids in state.players.items():
        if player in order.away:
            states[player] = "away"
        elif player == up:
            states[player] = "active"
        elif player not in able:
            states[player] = "done"
        elif fight is not None:
            states[player] = "waiting" if later.intersection(ids) else "done"
        else:
            states[player] = "done" if player in order.acted else "waiting"
    return states
