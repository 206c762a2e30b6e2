"""A lasting effect comes back from a save exactly as it went in."""

from __future__ import annotations

import tomllib

import tomli_w
from hypothesis import given
from hypothesis import strategies as st

from rules.effects import Effect


@given(rounds=st.one_of(st.none(), st.integers(min_value=1, max_value=100_000)))
def test_an_effect_keeps_its_rounds_through_toml_even_until_removed(rounds: int | None) -> None:
    """``rounds = None`` ("until removed": a successful Hide) must not come back as one
    round: TOML has no null, so the save writes 0 for it."""
    effect = Effect(id="hidden", name="Hidden", source="mira", rounds=rounds)
    text = tomli_w.dumps(effect.model_dump(mode="json", exclude_none=True))
    assert Effect.model_validate(tomllib.loads(text)) == effect
