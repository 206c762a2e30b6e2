"""``/story`` at the console: the newest turns of a long story, all of it, or a search."""

from __future__ import annotations

from app.session import storyview
from app.session.setup import start_session
from app.world.campaignfile import load_campaign
from app.world.folders import CAMPAIGNS_DIR
from app.world.turnrecord import TurnRecord


def test_the_console_story_shows_the_newest_turns_and_finds_words() -> None:
    session = start_session(load_campaign(CAMPAIGNS_DIR / "crossroads"), 1)
    for n in range(1, 41):
        text = "the rat bites" if n == 7 else "the fire crackles"
        session.state.history.append(
            TurnRecord(number=n, actions=[f"Mira: wait {n}"], narrative=text)
        )
    shown = storyview.story_text(session)
    assert "The last 20 of 40 turns" in shown and "Turn 21\n" in shown and "Turn 20\n" not in shown
    assert "Turn 1\n" in storyview.story_text(session, "all")
    found = storyview.story_text(session, "RAT bites")
    assert "1 turn(s) hold" in found and "Turn 7\n" in found and "Turn 8\n" not in found
    assert "No turn holds" in storyview.story_text(session, "dragon")
