"""The game's verbs, which every brain calls: argument models (which are also the JSON
schemas a language model sees), the registry and the executors that carry each call out
through the rules engine, and the vocabulary both sides share — the call a brain makes
(:mod:`~app.actions.calls`) and the events a turn yields (:mod:`~app.actions.events`)."""

from app.actions import ruleset as _ruleset  # installs the rules of play

__all__: list[str] = []
del _ruleset
