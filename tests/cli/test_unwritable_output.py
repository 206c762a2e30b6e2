"""Output that cannot be written — a full disk, a closed standard output — is said in one
line on the error stream and exits 1: never a traceback."""

from __future__ import annotations

import errno
import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _run(args: list[str], **kwargs: object) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(  # type: ignore[call-overload, no-any-return]
        [sys.executable, "-m", "app", *args],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT), "COLUMNS": "80"},
        stderr=subprocess.PIPE,
        timeout=120,
        check=False,
        **kwargs,
    )


class _FullDisk(io.StringIO):
    """An output on a full disk: every write fails as the system says it."""

    def write(self, text: str) -> int:
        raise OSError(errno.ENOSPC, "No space left on device")


def test_a_full_disk_for_the_output_is_said_in_a_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from app.cli.main import main

    monkeypatch.setattr(sys, "argv", ["dungeon", "roll", "1d20"])
    monkeypatch.setattr(sys, "stdout", _FullDisk())
    with pytest.raises(SystemExit) as leaving:
        main()
    said = capsys.readouterr().err
    assert leaving.value.code == 1
    assert "could not write its output (No space left on device)" in said
    assert "Traceback" not in said


def test_a_closed_output_is_said_in_a_line() -> None:
    done = _run(["roll", "1d20"], stdout=subprocess.DEVNULL, close_fds=True, pass_fds=())
    assert done.returncode == 0  # (an output that goes nowhere is no failure)
    closed = subprocess.run(
        ["sh", "-c", f'"{sys.executable}" -m app roll 1d20 >&-'],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        stderr=subprocess.PIPE,
        timeout=120,
        check=False,
    )
    said = closed.stderr.decode()
    assert closed.returncode == 1 and "standard output is closed" in said
    assert "Traceback" not in said


def test_a_terminal_width_of_nought_is_not_believed() -> None:
    """``COLUMNS=0`` once silenced every line, errors too: the terminal's own size is
    asked instead."""
    done = subprocess.run(
        [sys.executable, "-m", "app", "roll", "1d20"],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT), "COLUMNS": "0"},
        capture_output=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0 and "1d20" in done.stdout.decode()
