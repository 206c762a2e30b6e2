"""The action economy of one turn: an action, a bonus action, a reaction, and movement.

The reaction comes back at the start of the creature's own turn, not at the start of the
round; :meth:`TurnEconomy.start_turn` is that moment.
"""

from __future__ import annotations

from enum import StrEnum

from pydantic import BaseModel, ConfigDict, Field

from rules.outcomes import Impossible, Outcome, Success


class ActionKind(StrEnum):
    """What a thing costs to do."""

    ACTION = "action"
    BONUS_ACTION = "bonus_action"
    REACTION = "reaction"
    FREE = "free"


MOST_FEET = 1_000
"""More feet than any creature moves in a turn (a dash at the fastest speeds is a few
hundred): a bound on speeds and movement that keeps damaged numbers out of the arithmetic."""
MOST_EXTRA_ATTACKS = 9
"""More further attacks than any Attack action or Multiattack of the rules grants."""


class TurnEconomy(BaseModel):
    """What a creature has left to spend this turn (or, for reactions, this round)."""

    model_config = ConfigDict(extra="forbid")

    action: bool = True
    bonus_action: bool = True
    reaction: bool = True
    movement: int = Field(default=30, ge=0, le=3 * MOST_FEET)
    """Feet of movement left (speed, plus speed again for each Dash: at most two a turn)."""
    speed: int = Field(default=30, ge=0, le=MOST_FEET)
    """Walking speed this turn, after conditions."""
    extra_attacks: int = Field(default=0, ge=0, le=MOST_EXTRA_ATTACKS)
    """Further weapon attacks allowed by the Attack action already taken (Extra Attack)."""
    extra_actions: int = Field(default=0, ge=0, le=3)
    """Actions beyond the turn's one (Action Surge taken before the action was used)."""
    limited_actions: int = Field(default=0, ge=0, le=1)
    """Haste's additional action (SRD 5.1): only to Attack (one weapon attack only), Dash,
    Disengage, Hide, or Use an Object. Spent before the turn's own action on those deeds,
    which leaves the own action for anything."""

    @classmethod
    def fresh(cls, speed: int) -> TurnEconomy:
        """Everything available, movement equal to speed."""
        return cls(movement=speed, speed=speed)

    def start_turn(self, speed: int) -> TurnEconomy:
        """The start of this creature's turn: action, bonus action, movement and reaction all
        come back."""
        return TurnEconomy.fresh(speed)

    def available(self, kind: ActionKind) -> bool:
        """Whether something of this cost can still be done."""
        if kind is ActionKind.ACTION:
            return self.action or self.extra_actions > 0
        if kind is ActionKind.BONUS_ACTION:
            return self.bonus_action
        if kind is ActionKind.REACTION:
            return self.reaction
        return True

    def spend(self, kind: ActionKind) -> Outcome:
        """Use up an action, bonus action or reaction; ``Impossible`` if already spent."""
        if not self.available(kind):
            return Impossible(f"no {kind.value.replace('_', ' ')} left this turn")
        if kind is ActionKind.ACTION:
            if self.action:
                self.action = False
            else:
                self.extra_actions -= 1
        elif kind is ActionKind.BONUS_ACTION:
            self.bonus_action = False
        elif kind is ActionKind.REACTION:
            self.reaction = False
        return Success(f"{kind.value.replace('_', ' ')} used")

    def move(self, feet: int, *, difficult: bool = False, crawling: bool = False) -> Outcome:
        """Spend movement; ``Impossible`` if too far. Difficult terrain and crawling (moving
        while prone) each cost one extra foot per foot: both together, triple."""
        if feet < 0:
            return Impossible("distance cannot be negative")
        cost = feet * (1 + difficult + crawling)
        if cost > self.movement:
            return Impossible(f"only {self.movement} ft of movement left, {cost} ft needed")
        self.movement -= cost
        return Success(f"moved {feet} ft, {self.movement} ft left")

    def stand_up(self) -> Outcome:
        """A prone creature stands: it costs half its speed in movement, and it cannot
        stand with less movement left than that, nor with a speed of 0."""
        cost = self.speed // 2
        if self.speed == 0:
            return Impossible("its speed is 0, so it cannot stand up")
        if cost > self.movement:
            return Impossible(
                f"standing up costs half its speed ({cost} ft) and it has {self.movement} ft "
                "of movement left"
            )
        self.movement -= cost
        return Success(f"stood up ({cost} ft), {self.movement} ft left")

    def spend_limited(self) -> Outcome:
        """An action for a deed Haste's additional action allows (Dash, Disengage, Hide,
        Use an Object): that action if it is left, else the turn's own."""
        if self.limited_actions > 0:
            self.limited_actions -= 1
            return Success("Haste's action used")
        return self.spend(ActionKind.ACTION)

    def dash(self) -> Outcome:
        """The Dash action: movement grows by the creature's speed this turn."""
        spent = self.spend_limited()
        if isinstance(spent, Impossible):
            return spent
        self.movement += self.speed
        return Success(f"dashed: {self.movement} ft of movement left")

    def attack(self, attacks_per_action: int = 1) -> Outcome:
        """One weapon attack: the first uses the action, further ones use Extra Attack."""
        if self.extra_attacks > 0:
            self.extra_attacks -= 1
            return Success(f"attack ({self.extra_attacks} more with this action)")
        if self.limited_actions > 0:  # Haste's action: one weapon attack only
            self.limited_actions -= 1
            return Success("attack (Haste's action: one weapon attack)")
        spent = self.spend(ActionKind.ACTION)
        if isinstance(spent, Impossible):
            return spent
        self.extra_attacks = max(0, attacks_per_action - 1)
        return Success("attack action")
