"""What a game's DM costs, at the prices the player set, and the thresholds past which the
player wants to be told. Off by default: with nothing set, nothing is estimated or alerted.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field, model_validator

from app.world.usage import Usage

MOST_PRICE = 100_000.0
"""More than any model costs per million tokens: a bound on a typo."""


class Budget(BaseModel):
    """Prices per million tokens and the player's alert thresholds (all optional)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    price_input: float | None = Field(default=None, ge=0, le=MOST_PRICE)
    """Price per million prompt (input) tokens, e.g. 0.15."""
    price_output: float | None = Field(default=None, ge=0, le=MOST_PRICE)
    """Price per million completion (output) tokens, e.g. 0.60."""
    alert_cost: float | None = Field(default=None, gt=0, le=10**9)
    """Tell the player once when the game's estimated cost passes this (needs prices)."""
    alert_tokens: int | None = Field(default=None, gt=0, le=10**9)
    """Tell the player once when the average tokens per turn passes this."""

    @model_validator(mode="after")
    def _priced(self) -> Budget:
        if self.alert_cost is not None and not self.priced:
            raise ValueError("a cost alert needs the prices (price_input and price_output)")
        return self

    @property
    def priced(self) -> bool:
        """Both prices are set, so a cost can be estimated."""
        return self.price_input is not None and self.price_output is not None

    def cost(self, usage: Usage) -> float | None:
        """The estimated cost of ``usage`` (``None`` without prices)."""
        if self.price_input is None or self.price_output is None:
            return None
        return (
            usage.prompt_tokens * self.price_input + usage.completion_tokens * self.price_output
        ) / 1_000_000


def price(value: float) -> str:
    """A price as the player set it: ``$0.15``, ``$0.60``, ``$0.075``."""
    return f"${value:.2f}" if round(value, 2) == value else f"${value:g}"


def money(amount: float) -> str:
    """``$0.0123`` for small sums, ``$1.25`` from a dollar up."""
    return f"${amount:,.2f}" if amount >= 1 else f"${amount:.4f}"
