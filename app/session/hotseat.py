"""The hotseat turn manager: one keyboard, several players.

In exploration players declare in round-robin order — one action each (or an explicit
pass), then the DM resolves them together; in combat the initiative order rules instead.
Players may join or leave mid-game: a leaver's characters pass to another player or
become companions the DM runs, and if they were up, the turn moves on. A player may step
away (``/away``) and come back: their turns are skipped meanwhile. An optional timer
passes a player who takes too long. Every change of turn is logged with its reason, how
long the turn took and who is up next.
"""

from __future__ import annotations

import unicodedata
from datetime import UTC, datetime

from app.world.state import GameState
from app.world.turnorder import HISTORY_KEPT, Reason, TurnChange
from rules.outcomes import Impossible, Outcome, Success


def now() -> datetime:
    """The moment, to the second (what the turn log and the clock keep)."""
    return _now()


def _now() -> datetime:
    return datetime.now(UTC).replace(microsecond=0)


def able_players(state: GameState) -> list[str]:
    """Players, in seating order, who control a character able to act and are at the
    table (not away)."""
    return state.able_players()


def elapsed(state: GameState, now: datetime | None = None) -> int | None:
    """Seconds the current turn has run (``None`` when no turn is being timed). A break
    before the game was resumed does not count."""
    started = state.turn_order.clock_started()
    if started is None:
        return None
    return max(0, int(((now or _now()) - started).total_seconds()))


def log(
    state: GameState,
    player: str,
    reason: Reason,
    now: datetime | None = None,
    *,
    seconds: int | None = None,
    up: str | None = None,
) -> None:
    """Record a change of turn — how long the turn that ended took (``seconds``) and who is
    up next (``up``) — keeping the latest entries."""
    order = state.turn_order
    change = TurnChange(
        turn=state.turn, player=player, reason=reason, at=now or _now(), seconds=seconds, next=up
    )
    order.history.append(change)
    del order.history[:-HISTORY_KEPT]


def active_player(state: GameState) -> str | None:
    """Whose turn it is to declare (``None`` once everyone has)."""
    order = state.turn_order
    waiting = [p for p in able_players(state) if p not in order.acted]
    if order.active in waiting:
        return order.active
    order.active = waiting[0] if waiting else None
    return order.active


def advance(state: GameState, player: str, reason: Reason, now: datetime | None = None) -> bool:
    """``player`` is done for this round (acted, passed, timed out or left). Returns True
    when that left a round in which nobody acted: it starts again (see :func:`settle`)."""
    order = state.turn_order
    if player in order.acted:
        return False  # a changed declaration: the turn had already moved on
    moment = now or _now()
    spent = elapsed(state, moment) if active_player(state) == player else None
    order.acted.append(player)
    order.active = None
    nxt = active_player(state)
    order.turn_started = moment if nxt else None
    log(state, player, reason, moment, seconds=spent, up=nxt)
    return settle(state, moment)


def settle(state: GameState, now: datetime | None = None) -> bool:
    """A round in which every player passed (or timed out) has nothing for the DM to
    answer, and would otherwise wait for ever: the party waits, and a new round starts at
    the first player. Returns True when it did. Only exploration takes turns in seating
    order; a fight follows initiative and never waits here."""
    order = state.turn_order
    if state.encounter is not None or state.ending or not state.players or state.pending:
        return False
    if not order.acted or active_player(state) is not None or not able_players(state):
        return False
    start_round(state, now)
    return True


def waiting_note(state: GameState) -> str:
    """What the table is told when everyone passed and the round started again."""
    first = active_player(state)
    if len(state.players) > 1 and first:
        return f"Everyone passed — the party waits. A new round: {first}'s turn."
    return "The party waits. What do you do?"


def start_round(state: GameState, now: datetime | None = None) -> None:
    """After the DM resolved a round: everyone may act again, the first player is up."""
    order = state.turn_order
    order.acted = []
    order.active = None
    first = active_player(state)
    if first and state.encounter is None:  # a fight's turns follow initiative, not rounds
        order.turn_started = now or _now()
        log(state, first, "ROUND_START", order.turn_started, up=first)


def pass_turn(state: GameState, player: str) -> Outcome:
    """The explicit end-turn signal: the player declares nothing this round."""
    current = active_player(state)
    if current is None:
        return Impossible("everyone has already acted this round")
    if player != current:
        return Impossible(f"not your turn — waiting for {current}")
    if advance(state, player, "PASSED"):
        return Success(f"{player} passes. {waiting_note(state)}")
    return Success(f"{player} passes")


def check_timer(state: GameState, now: datetime | None = None) -> str | None:
    """If the active player ran out of time, pass them (TIMEOUT) and return their name."""
    order = state.turn_order
    player = active_player(state)
    if order.timer_seconds is None or player is None or state.encounter is not None:
        return None
    moment = now or _now()
    spent = elapsed(state, moment)
    if spent is None or spent < order.timer_seconds:
        return None
    advance(state, player, "TIMEOUT", moment)
    return player


def seated_as(state: GameState, name: str) -> str | None:
    """The player at the table by this name, however its case is typed ("ana" is Ana) and
    however its accents are composed ("Zoé" typed as e and a combining accent)."""
    if name in state.players:
        return name
    wanted = _folded(name)
    return next((p for p in state.players if _folded(p) == wanted), None)


def _folded(name: str) -> str:
    return unicodedata.normalize("NFC", name.strip()).casefold()


def add_player(state: GameState, name: str, characters: list[str]) -> Outcome:
    """A player joins and takes characters — from companions, nobody, or another player
    (who keeps the rest; a player left with no character gets up from the table). The
    answer says what changed: ``Cy joins and now plays Aria (was Ben's)``."""
    name = name.strip().rstrip(":").strip()  # ("/join Ana: thorin": the player is Ana)
    if not name:
        return Impossible("a player needs a name, e.g. /join Cy aria")
    if ":" in name or "=" in name:  # a line "Ana: …" must name the player, whole
        return Impossible(f"{name!r} cannot be a player's name: use letters, e.g. /join Cy aria")
    seated = seated_as(state, name)
    if seated is not None:  # ("ana" is Ana: one player, however the name is typed)
        return Impossible(f"{seated} is already playing")
    characters = list(dict.fromkeys(characters))  # ("/join Zed aria,aria": Aria, once)
    for cid in characters:
        if cid not in state.party:
            return Impossible(f"there is no character {cid!r}")
    if not characters:
        names = ", ".join(state.name_of(c) for c in state.party)
        return Impossible(f"{name} needs a character to play ({names}), e.g. /join {name} mira")
    taken: list[str] = []
    for cid in characters:
        owner = state.controller_of(cid)
        label = state.name_of(cid)
        if owner is not None:
            state.players[owner].remove(cid)
            label += f" (was {owner}'s)"
        if cid in state.turn_order.companions:
            state.turn_order.companions.remove(cid)
            label += " (was run by the DM)"
        taken.append(label)
    # Actions queued for a character that changed hands stay queued: the character acts.
    state.players[name] = list(characters)
    log(state, name, "JOINED", up=active_player(state))
    left = [p for p, ids in state.players.items() if not ids]
    for player in left:
        remove_player(state, player)
    many = len(left) > 1
    gone = (f" {' and '.join(left)} {'have' if many else 'has'} no character left and "
            f"{'leave' if many else 'leaves'} the table.") if left else ""  # fmt: skip
    return Success(f"{name} joins and now plays {_and(taken)}.{gone}")


def _and(items: list[str]) -> str:
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} and {items[-1]}"


def remove_player(state: GameState, name: str, hand_to: str | None = None) -> Outcome:
    """A player leaves: their characters go to ``hand_to`` or become DM-run companions (and
    what they declared this round with them, to be played)."""
    name = seated_as(state, name) or name
    hand_to = seated_as(state, hand_to) or hand_to if hand_to is not None else None
    if name not in state.players:
        return Impossible(f"no player called {name!r}")
    if hand_to is not None and (hand_to == name or hand_to not in state.players):
        return Impossible(f"no other player called {hand_to!r}")
    if len(state.players) == 1:  # a table with nobody at it would wait for ever
        return Impossible(
            f"{name} is the last one at the table, and someone must play: /join a player "
            "first, or /quit to save and stop"
        )
    was_active = active_player(state) == name
    spent = elapsed(state) if was_active else None
    characters = state.players.pop(name)
    if hand_to is not None:
        state.players[hand_to].extend(characters)
    else:
        state.turn_order.companions.extend(characters)
    state.pending = [
        a.model_copy(update={"player": hand_to or ""}) if a.player == name else a  # (the
        for a in state.pending  # deed stays, now the new player's or the DM's to play)
    ]
    for seated in (state.turn_order.acted, state.turn_order.away):
        if name in seated:
            seated.remove(name)
    if was_active:
        state.turn_order.active = None
        state.turn_order.turn_started = _now() if active_player(state) else None
    log(state, name, "REMOVED", seconds=spent, up=active_player(state))
    settle(state)
    if not characters:
        return Success(f"{name} leaves the table")
    names = [state.name_of(c) for c in characters]
    listed = " and ".join(names) if len(names) < 3 else ", ".join(names[:-1]) + f" and {names[-1]}"
    verb = "goes" if len(names) == 1 else "go"
    where = (
        f"to {hand_to}"
        if hand_to
        else ("to the DM as a companion" if len(names) == 1 else "to the DM as companions")
    )
    return Success(f"{name} leaves; {listed} {verb} {where}.")


def recover(state: GameState) -> None:
    """After loading: repair what would leave nobody able to act, then note in the turn log
    that play resumed, at the same player — when there is something to note: a repair, or a
    round cut off midway (a crash, a quit between two players' turns).

    A save written by an older version (or by hand) may hold a round in which everyone has
    passed, queued actions for characters who are gone, or players who left; none of these
    may make a saved game unplayable. A game resumed at a clean round boundary logs
    nothing, so resuming and leaving again leaves the save identical (its backups are not
    rotated for a game in which nothing happened).
    """
    order = state.turn_order
    order.resume_clock(_now())  # the break is nobody's turn: the clock starts again now
    before = (list(state.pending), list(order.acted), list(order.companions), order.active)
    state.pending = [a for a in state.pending if a.character_id in state.party]
    order.away = [p for p in order.away if p in state.players]
    order.acted = [p for p in order.acted if p in state.players]
    order.companions = [c for c in order.companions if c in state.party]
    if order.active is not None and order.active not in state.players:
        order.active = None
    repaired = settle(state) or before != (
        state.pending,
        order.acted,
        order.companions,
        order.active,
    )
    midway = bool(state.pending or order.acted)
    player = active_player(state)
    last = order.history[-1] if order.history else None
    again = last is not None and last.reason == "RECOVERY" and last.player == player
    if player is not None and (repaired or midway) and not again:
        log(state, player, "RECOVERY", up=player)


def fight_clock(state: GameState, now: datetime | None = None) -> bool:
    """In a fight, keep the turn clock on the combatant who is up (it restarts when
    initiative moves on); True when a turn timer is set and that turn ran out."""
    fight, order = state.encounter, state.turn_order
    if fight is None:
        order.timing = None
        return False
    moment = now or _now()
    marker = f"{fight.round}.{fight.turn_index}.{fight.current.id}"
    if order.timing != marker:
        order.timing = marker
        order.turn_started = moment
        return False
    spent = elapsed(state, moment)
    return order.timer_seconds is not None and spent is not None and spent >= order.timer_seconds
