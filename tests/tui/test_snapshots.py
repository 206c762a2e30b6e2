"""Snapshot tests: every screen of the showcase (seeded games, the offline referee or a
scripted DM, fixed terminal sizes, no animation) compared with its stored SVG. After a
deliberate change of the UI, look at the report and update with
``pytest tests/tui --snapshot-update``."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.tui.showcase import SHOTS, Shot


@pytest.mark.parametrize("shot", SHOTS, ids=lambda shot: shot.name)
def test_screen(shot: Shot, snap_compare, tmp_path: Path) -> None:
    app = shot.make(tmp_path / "saves")
    assert snap_compare(app, terminal_size=shot.size, run_before=shot.prepare)
