"""TurnGates: who may act now, and when the collected actions are enough to advance.

Gates are small pydantic models (so a save can store the one in force): ``AllPlayersGate``
for free exploration, ``RestrictedGate`` when only some characters may act ("only Aria
speaks to the duke"), ``PausedGate`` while the DM is resolving a turn, ``InitiativeGate``
in combat.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from app.session.hotseat import active_player
from app.world.actions import PlayerAction
from app.world.state import GameState


class GateStatus(BaseModel):
    """What the UI shows about the gate."""

    model_config = ConfigDict(frozen=True)

    kind: Literal["all_players", "restricted", "paused", "initiative"]
    allowed_character_ids: list[str] | None = None
    waiting_for: list[str] = Field(default_factory=list)
    """Names of the characters (or players) whose action is still awaited."""
    reason: str = ""
    banner: str


class _Gate(BaseModel):
    model_config = ConfigDict(extra="forbid")


class AllPlayersGate(_Gate):
    """Everyone acts, one player at a time in seating order; the turn advances once every
    player has declared an action or passed."""

    kind: Literal["all_players"] = "all_players"

    def can_act(self, state: GameState, action: PlayerAction) -> str | None:
        """``None`` when allowed, else the reason it is not. A player who already declared
        may still change their action until the DM answers."""
        owned = _ownership(state, action)
        if owned:
            return owned
        player = action.player or state.controller_of(action.character_id)
        active = active_player(state)
        changing = any(
            (a.player or state.controller_of(a.character_id)) == player for a in state.pending
        )
        if player is not None and state.players and player != active and not changing:
            if active is None:
                return _nobody_up(state)
            # Whoever holds the keyboard is the player up: tell them whose the character
            # is and that the turn is theirs, not that they are waiting for themselves.
            name = state.name_of(action.character_id)
            mine = [state.name_of(c) for c in state.players.get(active, [])]
            yours = f" (you play {' and '.join(mine)})" if mine else ""
            return f"{name} is {player}'s — it is your turn, {active}{yours}"
        return None

    def can_advance(self, state: GameState, actions: Sequence[PlayerAction]) -> bool:
        """Every player able to act has acted or passed (and someone acted)."""
        if not state.players:
            acted = {a.character_id for a in actions}
            return bool(actions) and all(c in acted for c in state.party)
        return bool(actions) and active_player(state) is None

    def status(self, state: GameState, actions: Sequence[PlayerAction]) -> GateStatus:
        """``Waiting for Ana``, or for a solo player ``Your move — Mira, Thorin or Aria``."""
        active = active_player(state) if state.players else None
        waiting = [active] if active else []
        nobody = _nobody_up(state)
        banner = f"Waiting for {active}" if active else nobody[:1].upper() + nobody[1:]
        if len(state.players) == 1 and active:
            names = [state.name_of(c) for c in state.players[active]]
            who = names[0] if len(names) == 1 else f"{', '.join(names[:-1])} or {names[-1]}"
            banner = f"Your move — {who}"
        return GateStatus(kind=self.kind, waiting_for=waiting, banner=banner)


def _nobody_up(state: GameState) -> str:
    """Why nobody is up between fights: all acted, or all stepped away (the game waits)."""
    if state.players and not state.able_players() and state.turn_order.away:
        return "everyone is away — the game waits (/back NAME to play on)"
    return "everyone has acted; the DM is about to answer"


class RestrictedGate(_Gate):
    """Only the named characters may act; the turn advances once each of them has."""

    kind: Literal["restricted"] = "restricted"
    character_ids: list[str]
    reason: str = ""

    def can_act(self, state: GameState, action: PlayerAction) -> str | None:
        """Only the allowed characters. When every one of them is a companion the DM plays
        (Grubnak parleys with Mira alone, and Mira's player left), a player at the table
        speaks for them: nobody else may act, and the DM does not parley for the party."""
        voiced = action.character_id in self.character_ids and self.companions_only(state)
        owned = None if voiced and action.character_id in state.party else _ownership(state, action)
        if owned:
            return owned
        if action.character_id not in self.character_ids:
            names = ", ".join(state.name_of(i) for i in self.character_ids)
            why = f" — {self.reason}" if self.reason else ""
            if self.companions_only(state):
                first = self.character_ids[0]
                name = state.name_of(first)
                why += (f" (the DM plays {name} as a companion: speak for them with "
                        f"“{name}: …”, or /join NAME {first})")  # fmt: skip
            return f"only {names} may act now{why}"
        return None

    def companions_only(self, state: GameState) -> bool:
        """Every character allowed to act is a companion the DM plays (none has a player)."""
        companions = state.turn_order.companions
        return bool(self.character_ids) and all(c in companions for c in self.character_ids)

    def can_advance(self, state: GameState, actions: Sequence[PlayerAction]) -> bool:
        """All allowed characters have acted."""
        acted = {a.character_id for a in actions}
        return all(cid in acted for cid in self.character_ids)

    def status(self, state: GameState, actions: Sequence[PlayerAction]) -> GateStatus:
        """``Only Aria may act — negotiating with the duke``."""
        names = [state.name_of(i) for i in self.character_ids]
        acted = {a.character_id for a in actions}
        waiting = [state.name_of(i) for i in self.character_ids if i not in acted]
        why = f" — {self.reason}" if self.reason else ""
        return GateStatus(
            kind=self.kind,
            allowed_character_ids=list(self.character_ids),
            waiting_for=waiting,
            reason=self.reason,
            banner=f"Only {' and '.join(names)} may act{why}",
        )


class PausedGate(_Gate):
    """Nobody may act (the DM is resolving a turn, or the game is paused)."""

    kind: Literal["paused"] = "paused"
    reason: str = "the DM is resolving the turn"

    def can_act(self, state: GameState, action: PlayerAction) -> str | None:
        """Never."""
        return f"wait — {self.reason}"

    def can_advance(self, state: GameState, actions: Sequence[PlayerAction]) -> bool:
        """Never."""
        return False

    def status(self, state: GameState, actions: Sequence[PlayerAction]) -> GateStatus:
        """``Paused — …``."""
        return GateStatus(kind=self.kind, reason=self.reason, banner=f"Paused — {self.reason}")


class InitiativeGate(_Gate):
    """Combat: only the combatant whose turn it is may act."""

    kind: Literal["initiative"] = "initiative"
    current_id: str

    def can_act(self, state: GameState, action: PlayerAction) -> str | None:
        """Only the current combatant's controller, for that combatant."""
        owned = _ownership(state, action)
        if owned:
            return owned
        if action.character_id != self.current_id:
            return f"not your turn — waiting for {state.name_of(self.current_id)}"
        return None

    def can_advance(self, state: GameState, actions: Sequence[PlayerAction]) -> bool:
        """The current combatant has acted."""
        return any(a.character_id == self.current_id for a in actions)

    def status(self, state: GameState, actions: Sequence[PlayerAction]) -> GateStatus:
        """``Waiting for Ana (Thorin)``: the player, then the character — or, with one
        player at the table, ``Thorin's turn``."""
        name = state.name_of(self.current_id)
        player = state.controller_of(self.current_id)
        if player and len(state.players) > 1:
            banner = f"Waiting for {player} ({name})"
        elif player:
            banner = f"{name}'s turn"
        else:
            banner = f"{name} is acting"
        return GateStatus(
            kind=self.kind,
            allowed_character_ids=[self.current_id],
            waiting_for=[name],
            banner=banner,
        )


TurnGate = Annotated[
    AllPlayersGate | RestrictedGate | PausedGate | InitiativeGate, Field(discriminator="kind")
]


def _ownership(state: GameState, action: PlayerAction) -> str | None:
    if action.character_id not in state.party:
        return f"There is no character {action.character_id!r} in the party."
    if action.character_id in state.turn_order.companions:
        # the DM plays a companion: no player's line may move it
        name = state.name_of(action.character_id)
        return f"{name} is with the DM now, as a companion (/join NAME {action.character_id})."
    if action.player and state.players:
        owned = state.players.get(action.player, [])
        if action.character_id not in owned:
            return f"{action.player} does not control {state.name_of(action.character_id)}"
    return None
