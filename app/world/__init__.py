"""Typed game state: the party, the creatures present, the scene, combat, flags, history."""
