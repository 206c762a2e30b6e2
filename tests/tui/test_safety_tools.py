"""Pilot tests of the table's safety tools and what players see of relationships: /veil
from the input line (any player, even mid-turn, even when it is not their turn), the story
pane never showing a veiled sentence, and a relationship notice in the story and the log."""

from __future__ import annotations

from pathlib import Path

from app.actions.telling import tell
from app.dm.safety import MARKER
from app.dm.scripted import ScriptedBrain
from app.session.panels import panels
from app.session.session import GameSession
from app.tui.driving import play_screen, say, shown
from app.tui.messages import EventArrived
from app.tui.screens.modals import HandoffScreen
from app.tui.showcase import TABLE, crossroads
from app.tui.widgets.dicelog import DiceLog
from app.world.bonds import shift
from app.world.scores import score
from tests.tui.test_play import game as play_game
from tests.tui.test_play import story_text


def game(tmp_path: Path, session: GameSession):
    return play_game(tmp_path, session, save_as=None)


async def test_a_veil_typed_in_the_input_keeps_the_dms_words_off_the_screen(
    tmp_path: Path,
) -> None:
    brain = ScriptedBrain([{"text": "Berta wipes a mug. A spider drops onto the bar. Rain."}])
    app = game(tmp_path, GameSession(crossroads().state, brain))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = play_screen(app)
        await say(pilot, "/veil spiders")
        assert screen.session.state.truth.veils == ["spiders"]
        await say(pilot, "Mira: I look around")
        text = story_text(app)
        assert "spider" not in text.lower() and MARKER in text and "Berta wipes a mug." in text
        await say(pilot, "/veil")
        assert "veil: spiders (this table; /unveil spiders lifts it)" in story_text(app)


async def test_any_player_may_veil_mid_turn_and_out_of_turn(tmp_path: Path) -> None:
    app = game(tmp_path, crossroads(players=TABLE))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = play_screen(app)
        await shown(pilot, HandoffScreen)
        await pilot.press("enter")
        assert screen.holder == "Ana"
        await screen.command("/veil drowning")  # Ana, on her turn
        screen.thinking = True  # the DM is answering: other commands wait, a veil does not
        await screen.command("/veil rats")
        await screen.command("/unveil drowning")
        screen.thinking = False
        assert screen.session.state.truth.veils == ["rats"]
        assert screen.holder == "Ana"  # nobody's turn moved


async def test_a_relationship_notice_shows_in_the_story_and_the_log(tmp_path: Path) -> None:
    app = game(tmp_path, crossroads())
    async with app.run_test(size=(80, 24)) as pilot:
        screen = play_screen(app)
        state = screen.session.state
        # as a turn's run delivers it (the trigger engine makes these from a shift)
        now = f"trust {score(state, 'trust.berta') + 1:g}"
        for event in tell(state, shift(state, "trust.berta", 1, "kind words")):
            entries = screen.table_log.record(state, event)
            screen.post_message(EventArrived(event, panels(state), entries))
        await pilot.pause()
        assert f"Berta trusts you more — {now}" in story_text(app)
        log = " ".join(s.text for s in screen.query_one(DiceLog).lines)
        assert f"♥ Berta trusts you more — {now}" in log
