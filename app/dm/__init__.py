"""The DM's side of the table: the :mod:`~app.dm.brain` protocol every brain speaks, the
language-model brain (any OpenAI-compatible endpoint) with its context, prompts, wire and
settings, and the scripted brain that replays a transcript. The offline referee is a brain
of its own in :mod:`app.referee`; the verbs every brain calls are :mod:`app.actions`."""
