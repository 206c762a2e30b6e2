"""The DM's tools: argument models (which are also the JSON schemas the model sees) and the
executors that carry each call out through the rules engine."""

from app.dm.tools import ruleset as _ruleset  # installs the rules of play

__all__: list[str] = []
del _ruleset
