"""The full-screen game (Textual). The only package that imports ``textual``."""

from __future__ import annotations

from app.tui.app import DungeonApp, Launch, make_app

__all__ = ["DungeonApp", "Launch", "make_app"]
