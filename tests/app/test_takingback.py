"""Taking turns back at the table, for every front end: requests are checked before the
table is asked, the table is told what would go, and the turn clock starts again."""

from __future__ import annotations

import asyncio
import json
from dataclasses import replace
from datetime import UTC, datetime, timedelta

from app.session import hotseat, takingback
from app.session.rewinding import Rewound
from app.session.session import GameSession
from app.session.setup import start_session
from app.world.actions import PlayerAction
from tests.app.saved_games import crossroads

TABLE = {"Ana": ["mira"], "Ben": ["thorin", "aria"]}


def play(session: GameSession, lines: list[tuple[str, str, str]]) -> None:
    async def go() -> None:
        for player, character, text in lines:
            assert session.submit(PlayerAction(character_id=character, text=text, player=player))
            if not session.can_advance():
                continue
            async for _ in session.run_until_players():
                pass

    asyncio.run(go())


def test_requests_are_checked_before_anyone_is_asked() -> None:
    session = start_session(crossroads(), 11)
    assert takingback.request(session, "undo") == Rewound("There is no turn to take back.", False)
    assert takingback.request(session, "redo") == Rewound("There is nothing to bring back.", False)
    assert "no turn to go back to yet" in takingback.request(session, "rewind").text  # type: ignore[union-attr]
    play(session, [("", "mira", "I look around"), ("", "thorin", "ask Berta about Tam")])
    assert takingback.request(session, "undo") == takingback.Request(
        "undo", "turn 2 (Thorin: ask Berta about Tam)"
    )
    assert takingback.request(session, "rewind", "1") == takingback.Request(
        "rewind", "turns 1–2 (Mira: I look around; Thorin: ask Berta about Tam)", 1
    )
    for rest, said in [
        ("x", "takes a turn number"),
        ("5", "(it is not played yet)"),
        ("²", "takes a turn number"),  # a digit to Python's isdigit, no number to int()
        ("9" * 5000, "takes a turn number"),
    ]:
        reply = takingback.request(session, "rewind", rest)
        assert isinstance(reply, Rewound) and not reply.ok and said in reply.text
        assert "Turns you can go back to before: 1–2." in reply.text
    session.busy = True
    assert takingback.request(session, "undo") == Rewound("Wait until the DM has answered.", False)


def test_the_table_is_told_who_asks_and_what_would_go() -> None:
    session = start_session(crossroads(), 11, players={k: list(v) for k, v in TABLE.items()})
    play(session, [("Ana", "mira", "I look around"), ("Ben", "thorin", "ask Berta about Tam")])
    play(session, [("Ana", "mira", "I pick the lock on the trapdoor")])  # declared, not played
    req = takingback.request(session, "undo")
    assert isinstance(req, takingback.Request)
    assert takingback.asker(session) == "Ben"  # Ben is up now
    assert takingback.asker(session, holder="Ana") == "Ana"  # Ana still has the keyboard
    session.state.ending = "steel"  # the story over, nobody passes the keyboard on: the one
    assert takingback.asker(session, holder="Ana") == "Ben"  # the screen shows as up
    session.state.ending = None
    assert takingback.confirmers(session, "Ben") == ["Ana"]
    assert takingback.wish(session, "Ben", req) == (
        "Ben wants to take back turn 1 (Mira: I look around; Thorin: ask Berta about Tam). "
        "The actions declared since (Mira) are withdrawn too."
    )
    done = takingback.carry_out(session, req)
    assert done.ok and done.text.endswith("The actions declared since (Mira) are withdrawn too.")
    assert session.state.turn == 0 and not session.state.pending
    assert takingback.declined(["Ana"]) == "Ana declined: nothing was taken back."


def test_the_turn_clock_starts_again_when_turns_are_taken_back() -> None:
    session = start_session(crossroads(), 11, players={k: list(v) for k, v in TABLE.items()})
    session.state.turn_order.timer_seconds = 60
    play(session, [("Ana", "mira", "I look around"), ("Ben", "thorin", "ask Berta about Tam")])
    long_ago = datetime.now(UTC) - timedelta(minutes=10)
    start = session.timeline.entries[0]
    assert start.snapshot is not None  # the game's start, as timed then
    data = json.loads(start.snapshot.data)
    data["turn_order"]["turn_started"] = long_ago.isoformat()
    start.snapshot = replace(start.snapshot, data=json.dumps(data))
    req = takingback.request(session, "undo")
    assert isinstance(req, takingback.Request) and takingback.carry_out(session, req).ok
    assert session.state.turn_order.turn_started == long_ago
    assert hotseat.check_timer(session.state) is None  # nobody's time ran out meanwhile
    assert (hotseat.elapsed(session.state) or 0) < 5


def test_a_number_after_undo_is_said_to_be_rewinds_not_ignored() -> None:
    session = start_session(crossroads(), 11)
    play(session, [("", "mira", "I look around"), ("", "thorin", "ask Berta about Tam")])
    said = takingback.request(session, "undo", "3")
    assert isinstance(said, Rewound) and not said.ok and "/rewind N" in said.text
    assert not takingback.request(session, "redo", "2").ok  # type: ignore[union-attr]
    assert isinstance(takingback.request(session, "undo"), takingback.Request)


def test_a_level_taken_between_turns_comes_back_with_a_redo() -> None:
    """A turn, then Thorin's level, then /undo and /redo: the redo brings the game back as
    it stood after the level was taken (it came back without it, silently)."""
    from app.actions.campaign_tools import apply_effects
    from app.session.levelling import level_up_command
    from app.world.challengespec import Effects

    session = start_session(crossroads(), 3)
    play(session, [("", "mira", "I look around")])
    apply_effects(session.state, Effects(xp=5400), None, "a deed")
    assert level_up_command(session, "Thorin average str+2").ok
    assert session.state.party["thorin"].level == 4
    assert takingback.carry_out(session, takingback.request(session, "undo")).ok  # type: ignore[arg-type]
    assert session.state.party["thorin"].level == 3
    assert takingback.carry_out(session, takingback.request(session, "redo")).ok  # type: ignore[arg-type]
    assert session.state.party["thorin"].level == 4
