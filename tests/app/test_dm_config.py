"""The DM's endpoint as the players see it named: never with a key written into it."""

from __future__ import annotations

from app.dm.brain import BrainError
from app.dm.config import DMConfig
from app.dm.openai_brain import OpenAIBrain


def test_a_key_written_into_the_base_url_is_never_shown() -> None:
    """``http://user:sk-…@host`` and ``?key=…``: the start line, the connection test and
    every error name the endpoint without them."""
    secret = "sk-live-0123456789abcdef"
    for url in (f"http://me:{secret}@llm.example:8080/v1", f"https://llm.example/v1?key={secret}"):
        config = DMConfig(model="m", base_url=url)
        assert secret not in config.describe() and "llm.example" in config.describe()
        told = OpenAIBrain(config)._masked(BrainError(f"cannot reach {url}: refused"))
        assert secret not in told.message and secret[:12] not in told.message
    plain = DMConfig(model="m", base_url="http://localhost:11434/v1?model=x")
    assert plain.describe() == "m at http://localhost:11434/v1?model=x"
