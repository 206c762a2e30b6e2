"""``/roll`` in the full-screen game with the formulas that used to end it: a chain of 500
operators rolls into the dice log; bad formulas are a notification shown as typed (a
``[fire`` label is text, not markup); the game and its input keep going."""

from __future__ import annotations

from pathlib import Path

from app.tui import make_app
from app.tui.driving import play_screen, say
from app.tui.showcase import crossroads
from app.tui.widgets.dicelog import DiceLog


async def test_hostile_formulas_in_slash_roll_keep_the_game_going(tmp_path: Path) -> None:
    session = crossroads()
    app = make_app(saves=tmp_path / "saves", session=session, save_as="autosave", still=True)
    app.NOTIFICATION_TIMEOUT = 3600  # (a loaded machine takes longer than a toast's life)
    bad = ["1d6 [fire", "(" * 60 + "1" + ")" * 60, "１d２０", "1d1e1", "1d6/0", "[bold]x"]
    async with app.run_test(size=(100, 30)) as pilot:
        await say(pilot, "/roll " + "+".join(["1"] * 499))
        for formula in bad:
            await say(pilot, f"/roll {formula}")
        await say(pilot, "/roll 2d6")
        await pilot.pause()
        errors = [n for n in app._notifications if n.title == "Bad dice formula"]
        assert len(errors) == len(bad)
        assert all(not n.markup for n in errors)
        assert "e.g. [fire]" in errors[0].message and "nested too deeply" in errors[1].message
        assert play_screen(app).query_one(DiceLog) is not None
        rolled = [c.text for c in session.state.changes if c.kind == "roll"]
        assert len(rolled) == 2 and rolled[0].endswith("= 499") and "2d6 (" in rolled[1]
    assert app.return_code in (None, 0)
