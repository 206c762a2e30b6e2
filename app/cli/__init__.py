"""The ``dungeon`` command line: :mod:`app.cli.main` is the Typer root, one module per
command or group of commands beside it (``play``, ``character``, ``tool``, ``ledger`` …), the
helpers a command alone needs next to it (``character_wizard``, ``tool_check``,
``dmcheck_scenes``), and what they share in :mod:`app.cli.common`.

This face stays light: ``dungeon --help`` must not load the game, so :func:`main` imports
the root only when it runs."""

from __future__ import annotations


def main() -> None:
    """Run the ``dungeon`` command (the entry point ``pyproject.toml`` names)."""
    from app.cli.main import main as run

    run()
