"""The DM's tools: argument models (which are also the JSON schemas the model sees) and the
executors that carry each call out through the rules engine."""
