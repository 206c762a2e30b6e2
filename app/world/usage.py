"""Tokens spent talking to the DM: per call, per turn, per game.

It lives in the world layer because the game keeps it (each finished turn's record and the
game's total survive a save), and the DM layer reports it.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

MOST_TOKENS = 10**15
"""More tokens than any game spends: a bound on a damaged count."""


class Usage(BaseModel):
    """Tokens spent talking to the DM."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    prompt_tokens: int = Field(default=0, ge=0, le=MOST_TOKENS)
    completion_tokens: int = Field(default=0, ge=0, le=MOST_TOKENS)
    calls: int = Field(default=0, ge=0, le=MOST_TOKENS)

    @property
    def tokens(self) -> int:
        """Prompt and completion tokens together."""
        return self.prompt_tokens + self.completion_tokens

    def plus(self, other: Usage) -> Usage:
        """Sum of two usages. A usage is frozen, so adding nothing hands back the same one
        rather than a copy: the game adds one up after every call and turn, most of them
        spending no tokens (the offline referee's)."""
        if not (other.prompt_tokens or other.completion_tokens or other.calls):
            return self
        if not (self.prompt_tokens or self.completion_tokens or self.calls):
            return other
        return Usage(  # (a server reporting absurd counts stops at the bound, never past it)
            prompt_tokens=min(self.prompt_tokens + other.prompt_tokens, MOST_TOKENS),
            completion_tokens=min(self.completion_tokens + other.completion_tokens, MOST_TOKENS),
            calls=min(self.calls + other.calls, MOST_TOKENS),
        )
