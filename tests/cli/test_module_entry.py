"""The ``dungeon`` command also runs as ``python -m app.cli`` from a checkout."""

from __future__ import annotations

import subprocess
import sys


def test_the_command_runs_as_a_module() -> None:
    command = [sys.executable, "-m", "app.cli", "--help"]
    done = subprocess.run(command, check=False, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "Dungeon Terminal" in done.stdout
