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

from app.session.actions import PlayerAction
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
    """Everyone may act; the turn advances once every player has acted."""

    kind: Literal["all_players"] = "all_players"

    def can_act(self, state: GameState, action: PlayerAction) -> str | None:
        """``None`` when allowed, else the reason it is not."""
        return _ownership(state, action)

    def can_advance(self, state: GameState, actions: Sequence[PlayerAction]) -> bool:
        """Every player who controls a character able to act has queued an action."""
        return bool(actions) and not _players_waiting(state, actions)

    def status(self, state: GameState, actions: Sequence[PlayerAction]) -> GateStatus:
        """Banner text for the UI."""
        waiting = _players_waiting(state, actions)
        banner = f"Waiting for {', '.join(waiting)}" if waiting else "Everyone has acted"
        if len(state.players) == 1 and waiting:
            names = [state.name_of(c) for c in next(iter(state.players.values()))]
            who = names[0] if len(names) == 1 else f"{', '.join(names[:-1])} or {names[-1]}"
            banner = f"Your move — {who}"
        return GateStatus(kind=self.kind, waiting_for=waiting, banner=banner)


class RestrictedGate(_Gate):
    """Only the named characters may act; the turn advances once each of them has."""

    kind: Literal["restricted"] = "restricted"
    character_ids: list[str]
    reason: str = ""

    def can_act(self, state: GameState, action: PlayerAction) -> str | None:
        """Only the allowed characters."""
        owned = _ownership(state, action)
        if owned:
            return owned
        if action.character_id not in self.character_ids:
            names = ", ".join(state.name_of(i) for i in self.character_ids)
            why = f" — {self.reason}" if self.reason else ""
            return f"only {names} may act now{why}"
        return None

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
        """``Waiting for Mira (Thorin)``: the player, then the character."""
        name = state.name_of(self.current_id)
        player = state.controller_of(self.current_id)
        banner = f"Waiting for {player} ({name})" if player else f"{name} is acting"
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
        return f"there is no character {action.character_id!r} in the party"
    if action.player and state.players:
        owned = state.players.get(action.player, [])
        if action.character_id not in owned:
            return f"{action.player} does not control {state.name_of(action.character_id)}"
    return None


def _players_waiting(state: GameState, actions: Sequence[PlayerAction]) -> list[str]:
    acted_players = {a.player or state.controller_of(a.character_id) for a in actions}
    acted_characters = {a.character_id for a in actions}
    if not state.players:
        return [state.party[c].name for c in state.party if c not in acted_characters]
    waiting = []
    for player, ids in state.players.items():
        able = [i for i in ids if i in state.party and state.party[i].vitals.conscious]
        if able and player not in acted_players:
            waiting.append(player)
    return waiting
