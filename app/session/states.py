"""The two game states. Exploration is free-form: everyone may act and the DM answers them
together. Combat follows initiative: one combatant at a time, foes played by the DM. Each
state offers its own, small tool set and its own standing instruction for the turn."""

from __future__ import annotations

from typing import Literal

from app.actions.registry import ToolSet
from app.actions.sets import COMBAT_TOOLS, EXPLORATION_TOOLS
from app.world.standing import fight_over
from app.world.state import GameState


class ExplorationState:
    """Free play: checks, talk, travel, discoveries."""

    name: Literal["exploration", "combat"] = "exploration"

    def __init__(self, tools: ToolSet = EXPLORATION_TOOLS) -> None:
        self.tools = tools

    def foe_turn(self, state: GameState) -> bool:
        """Never: in exploration only players start turns."""
        return False

    def instruction(self, state: GameState) -> str:
        """Nothing beyond the players' actions."""
        return ""


class CombatState:
    """A fight in initiative order."""

    name: Literal["exploration", "combat"] = "combat"

    def __init__(self, tools: ToolSet = COMBAT_TOOLS) -> None:
        self.tools = tools

    def foe_turn(self, state: GameState) -> bool:
        """The DM plays the current combatant: a foe, or a companion no player controls."""
        if state.encounter is None:
            return False
        current = state.encounter.current.id
        if current not in state.party:
            return True
        return bool(state.players) and state.controller_of(current) is None

    def instruction(self, state: GameState) -> str:
        """Whose turn it is, and that the DM must end it — or, when no foe fights on, that
        the fight is over and the DM ends it."""
        if state.encounter is None:
            return ""
        over = fight_over(state)
        if over:
            return (
                f"The fight is over ({over}). Resolve what the players do, narrate how the "
                "fight ends and call end_combat."
            )
        current = state.encounter.current
        if current.side == "party" and self.foe_turn(state):
            return (
                f"It is {current.name}'s turn ({current.id}), a companion of the party. "
                "Play it for the party, against the foes, then call end_turn."
            )
        if self.foe_turn(state):
            return f"It is {current.name}'s turn ({current.id}). Play it, then call end_turn."
        return f"It is {current.name}'s turn ({current.id}). Resolve it, then call end_turn."


GameMode = ExplorationState | CombatState
