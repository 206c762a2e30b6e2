"""Dungeon Terminal: the game around the rules engine — world state, the DM, sessions, the
terminal UI and the command line."""

__version__ = "0.1.0"
