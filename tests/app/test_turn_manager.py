"""The turn manager as a shared keyboard needs it: every change of turn saved at once (a
crash loses nothing a player did), a resumed game's clock restarting, turn results with
durations and who is next, per-player states, stepping away and coming back, timers in
fights, and the turn log in words."""

from __future__ import annotations

import asyncio
import io
from datetime import UTC, datetime, timedelta
from pathlib import Path

from rich.console import Console

from app.console.game import ConsoleGame
from app.saves import load_game, save_game
from app.session import declaring, hotseat, presence, seating, turnlog, turntaking
from app.session.session import GameSession
from app.session.setup import resume_session, session_for, start_session
from app.tui.showcase import in_the_cellar
from app.world.actions import PlayerAction
from app.world.campaignfile import load_campaign
from app.world.folders import CAMPAIGNS_DIR
from app.world.state import Encounter, GameState, Restriction

CAMPAIGN = load_campaign(CAMPAIGNS_DIR / "crossroads")
SEATS = {"Ana": ["mira"], "Ben": ["thorin"], "Cy": ["aria"]}
T0 = datetime(2026, 1, 1, 20, 0, tzinfo=UTC)


def table() -> GameSession:
    return start_session(CAMPAIGN, 1, players={k: list(v) for k, v in SEATS.items()})


def act(session: GameSession, player: str, character: str, text: str = "look around") -> bool:
    return bool(session.submit(PlayerAction(character_id=character, text=text, player=player)))


def fight_for_two() -> tuple[GameState, Encounter]:
    """The cellar fight with Ana playing Mira, and Ben Thorin and Aria."""
    state = in_the_cellar(11)
    state.players = {"Ana": ["mira"], "Ben": ["thorin", "aria"]}
    assert state.encounter is not None
    return state, state.encounter


def console_game(session: GameSession, saves: Path, lines: list[str]) -> tuple[ConsoleGame, str]:
    """A console game fed ``lines`` (then the end of input), saving as ``game``."""
    out = io.StringIO()
    feed = iter(lines)

    def read(_: str) -> str:
        try:
            return next(feed)
        except StopIteration:
            raise EOFError from None

    game = ConsoleGame(
        session, Console(file=out, width=200), read, save_as="game", saves=saves, interactive=False
    )
    return game, out.getvalue


# -- turn results ---------------------------------------------------------------------------
def test_each_change_of_turn_records_how_long_it_took_and_who_is_next() -> None:
    session = table()
    state = session.state
    state.turn_order.turn_started = T0
    hotseat.advance(state, "Ana", "TURN_COMPLETE", T0 + timedelta(seconds=42))
    assert hotseat.pass_turn(state, "Ben")  # at the real time: Ben's clock began at 20:00:42
    ana, ben = state.turn_order.history[-2:]
    assert (ana.reason, ana.seconds, ana.next) == ("TURN_COMPLETE", 42, "Ben")
    assert (ben.reason, ben.next) == ("PASSED", "Cy")
    assert ben.seconds is not None and ben.seconds > 0


def test_player_states_follow_the_round() -> None:
    session = table()
    state = session.state
    assert presence.player_states(state) == {"Ana": "active", "Ben": "waiting", "Cy": "waiting"}
    assert act(session, "Ana", "mira")
    assert presence.step_away(state, "Cy")
    assert presence.player_states(state) == {"Ana": "done", "Ben": "active", "Cy": "away"}
    state.turn_order.turn_started = T0
    assert turnlog.table_line(state, T0 + timedelta(seconds=42)) == "Ana ✓ · Ben ▶ · Cy away"
    line = turnlog.table_line(state, T0 + timedelta(seconds=102))  # a long think shows
    assert line == "Ana ✓ · Ben ▶ 1:42 · Cy away"
    state.turn_order.timer_seconds = 60
    assert "Ben ▶ 0:18 left" in turnlog.table_line(state, T0 + timedelta(seconds=42))


def test_in_a_fight_the_player_up_is_active_and_those_already_gone_are_done() -> None:
    state, fight = fight_for_two()
    ids = [c.id for c in fight.order]
    fight.turn_index = ids.index("mira")
    states = presence.player_states(state)
    assert states["Ana"] == "active"
    later = set(ids[ids.index("mira") + 1 :])
    assert states["Ben"] == ("waiting" if later & {"thorin", "aria"} else "done")


# -- stepping away -------------------------------------------------------------------------
def test_an_away_player_is_skipped_and_comes_back_into_the_round() -> None:
    session = table()
    state = session.state
    assert presence.step_away(state, "ben")  # any case
    assert act(session, "Ana", "mira")
    assert hotseat.active_player(state) == "Cy"  # Ben's turn is skipped
    assert presence.come_back(state, "")  # the only one away
    assert hotseat.active_player(state) == "Cy"  # Ben waits for his place in the round
    assert act(session, "Cy", "aria")
    assert hotseat.active_player(state) == "Ben" and not session.can_advance()
    reasons = [c.reason for c in state.turn_order.history]
    assert reasons == ["AWAY", "TURN_COMPLETE", "BACK", "TURN_COMPLETE"]


def test_the_round_goes_on_without_the_away_player() -> None:
    session = table()
    presence.step_away(session.state, "Cy")
    assert act(session, "Ana", "mira") and act(session, "Ben", "thorin")
    assert session.can_advance()  # Cy is not waited for


def test_away_and_back_refuse_what_makes_no_sense() -> None:
    session = table()
    state = session.state
    refused = seating.away(session, "Zed", None)
    assert not refused.ok and refused.text == "no player called 'Zed' — the players: Ana, Ben, Cy"
    assert not seating.away(session, "", None).ok  # nobody named, nobody up
    assert seating.back(session, "").text == "nobody is away"
    assert seating.back(session, "Ana").text == "Ana is not away"
    assert seating.away(session, "Ben", None).ok
    assert (
        seating.away(session, "Ben", None).text
        == "Ben is already away (/back Ben when they return)"
    )
    assert seating.away(session, "Cy", None).ok
    assert seating.back(session, "").text == "who is back? (Ben, Cy)"
    assert state.turn_order.away == ["Ben", "Cy"]


def test_when_everyone_is_away_the_game_waits_and_nobody_can_act(tmp_path: Path) -> None:
    session = table()
    state = session.state
    for player in ("Ana", "Ben"):
        assert seating.away(session, player, None).ok
    last = seating.away(session, "", "Cy")  # the last one at the table
    assert last.ok and "Everyone is away — the game waits" in last.text
    assert hotseat.active_player(state) is None and not session.can_advance()
    assert session.status().banner == "Everyone is away — the game waits (/back NAME to play on)"
    refused = session.submit(PlayerAction(character_id="mira", text="look", player="Ana"))
    assert not refused and "everyone is away" in refused.reason  # type: ignore[union-attr]
    assert not hotseat.settle(state)  # no new round spinning
    save_game(state, "waiting", tmp_path)  # a waiting table saves and loads
    again = resume_session(load_game("waiting", tmp_path))
    assert again.state.turn_order.away == ["Ana", "Ben", "Cy"]
    assert seating.back(again, "Ben").ok
    assert hotseat.active_player(again.state) == "Ben"
    assert again.state.turn_order.turn_started is not None


def test_an_away_players_fight_turn_passes_through_end_turn() -> None:
    state, fight = fight_for_two()
    fight.turn_index = [c.id for c in fight.order].index("thorin")
    session = session_for(state)
    assert seating.away(session, "Ben", None).text.endswith(
        "their characters' turns pass until /back Ben."
    )
    assert state.turn_order.history[-1].next is None  # Thorin is up, and his player away
    assert presence.player_up(state) is None
    said = turntaking.keep_time(session)
    assert said == "Ben is away — Thorin's turn passes."
    assert [(a.character_id, a.text) for a in session.pending] == [
        ("thorin", turntaking.END_TURN_TEXT)
    ]
    assert state.turn_order.history[-1].reason == "SKIPPED"
    assert turntaking.keep_time(session) == ""  # said once: the turn is queued for the DM
    assert session.can_advance()


def test_the_console_passes_one_away_turn_after_another(tmp_path: Path) -> None:
    """Thorin's turn passes, the DM plays on — and the next turn is Aria's, whose player is
    away too: it passes as well, before anybody is asked for a line."""
    state, fight = fight_for_two()
    ids = [c.id for c in fight.order]
    aria = fight.order.pop(ids.index("aria"))
    fight.order.insert([c.id for c in fight.order].index("thorin") + 1, aria)
    fight.turn_index = [c.id for c in fight.order].index("thorin")
    session = session_for(state)
    seating.away(session, "Ben", None)
    game, said = console_game(session, tmp_path, [])
    asyncio.run(game.run())
    assert "Thorin's turn passes" in said() and "Aria's turn passes" in said()


def test_with_everyone_away_a_fight_waits_instead_of_playing_itself() -> None:
    state, fight = fight_for_two()
    fight.turn_index = [c.id for c in fight.order].index("thorin")
    session = session_for(state)
    seating.away(session, "Ana", None)
    seating.away(session, "Ben", None)
    assert turntaking.keep_time(session) == "" and session.pending == []


# -- timers --------------------------------------------------------------------------------
def test_a_fight_turn_times_out_through_end_turn() -> None:
    state, fight = fight_for_two()
    fight.turn_index = [c.id for c in fight.order].index("mira")
    state.turn_order.timer_seconds = 30
    session = session_for(state)
    assert turntaking.keep_time(session, T0) == ""  # the clock starts on Mira's turn
    assert turntaking.keep_time(session, T0 + timedelta(seconds=29)) == ""
    said = turntaking.keep_time(session, T0 + timedelta(seconds=31))
    assert said == "Ana's time ran out — Mira's turn ends."
    last = state.turn_order.history[-1]
    assert (last.reason, last.player, last.seconds) == ("TIMEOUT", "Ana", 31)
    assert [a.text for a in session.pending] == [turntaking.END_TURN_TEXT]
    # a line typed too late is not sent: the turn has ended
    _, who = declaring.declare(session, "Mira: I attack the rat", "mira")
    assert who is None and [a.text for a in session.pending] == [turntaking.END_TURN_TEXT]


def test_fight_turns_are_logged_with_their_player_and_time() -> None:
    state, fight = fight_for_two()
    ids = [c.id for c in fight.order]
    fight.turn_index = ids.index("mira")
    session = session_for(state)
    turntaking.keep_time(session, T0)
    assert state.turn_order.turn_started == T0  # the clock is on Mira's turn
    reply, who = declaring.declare(session, "Mira: I attack the nearest rat", "mira")
    assert who == "mira", reply.text
    last = state.turn_order.history[-1]
    assert (last.player, last.reason) == ("Ana", "TURN_COMPLETE") and last.seconds is not None
    session.pending = []
    fight.turn_index = ids.index("thorin")
    assert turntaking.end_turn(session, "thorin").ok
    last = state.turn_order.history[-1]
    assert (last.player, last.reason, last.seconds) == ("Ben", "PASSED", 0)
    assert not any(c.reason == "ROUND_START" for c in state.turn_order.history)


def test_without_a_timer_a_fight_turn_never_times_out() -> None:
    state = in_the_cellar(11)
    state.players = {"Ana": ["mira"], "Ben": ["thorin", "aria"]}
    assert state.encounter is not None
    state.encounter.turn_index = [c.id for c in state.encounter.order].index("mira")
    session = session_for(state)
    turntaking.keep_time(session, T0)
    assert turntaking.keep_time(session, T0 + timedelta(hours=5)) == "" and session.pending == []


def test_a_save_resumed_hours_later_does_not_time_the_player_out(tmp_path: Path) -> None:
    session = table()
    state = session.state
    state.turn_order.timer_seconds = 30
    assert act(session, "Ana", "mira")
    state.turn_order.turn_started = datetime.now(UTC) - timedelta(hours=5)  # Ben's, long ago
    save_game(state, "later", tmp_path)
    resumed = resume_session(load_game("later", tmp_path))
    assert hotseat.check_timer(resumed.state) is None  # the clock restarted on loading
    assert hotseat.active_player(resumed.state) == "Ben"
    late = datetime.now(UTC) + timedelta(seconds=31)
    assert hotseat.check_timer(resumed.state, late) == "Ben"  # and still runs


def test_a_console_game_resumed_hours_later_lets_the_player_act(tmp_path: Path) -> None:
    session = table()
    session.state.turn_order.timer_seconds = 30
    session.state.turn_order.turn_started = datetime.now(UTC) - timedelta(hours=5)
    save_game(session.state, "game", tmp_path)
    resumed = resume_session(load_game("game", tmp_path))
    game, printed = console_game(resumed, tmp_path, ["Mira: I look around", "/status"])
    game.loaded_from = tmp_path / "game.toml"
    game.keeper.adopt(game.loaded_from)
    asyncio.run(game.run())
    assert "time ran out" not in printed()
    assert [a.text for a in resumed.pending] == ["I look around"]


# -- saved at once -------------------------------------------------------------------------
def test_a_declaration_survives_a_crash_before_the_dm_answers(tmp_path: Path) -> None:
    session = table()
    game, _ = console_game(session, tmp_path, [])

    async def declare_then_crash() -> None:
        await game.first_save()
        assert await game.handle("Mira: I pick the lock on the trapdoor")
        assert await game.handle("/pass")  # Ben passes
        # the game is dropped here: no turn ran, nothing saved on leaving

    asyncio.run(declare_then_crash())
    loaded = load_game("game", tmp_path)
    assert [(a.character_id, a.text) for a in loaded.pending] == [
        ("mira", "I pick the lock on the trapdoor")
    ]
    assert loaded.turn_order.acted == ["Ana", "Ben"] and loaded.turn_order.active == "Cy"
    resumed = resume_session(loaded)
    assert hotseat.active_player(resumed.state) == "Cy"


def test_away_join_and_leave_are_saved_at_once_and_a_status_is_not(tmp_path: Path) -> None:
    session = table()
    game, _ = console_game(session, tmp_path, [])
    path = tmp_path / "game.toml"

    async def play() -> None:
        await game.first_save()
        before = path.stat().st_mtime_ns
        await game.handle("/status")
        await game.handle("/help")
        assert path.stat().st_mtime_ns == before  # nothing changed hands: no save
        await game.handle("/away Ben")
        assert load_game(path).turn_order.away == ["Ben"]
        await game.handle("/back Ben")
        assert load_game(path).turn_order.away == []
        await game.handle("/leave Cy")
        assert "Cy" not in load_game(path).players

    asyncio.run(play())


# -- the log in words ----------------------------------------------------------------------
def test_the_turn_log_reads_in_words() -> None:
    session = table()
    state = session.state
    assert turnlog.log_text(state) == "No turns have changed hands yet."
    state.turn_order.turn_started = T0
    hotseat.advance(state, "Ana", "TURN_COMPLETE", T0 + timedelta(seconds=42))
    presence.step_away(state, "Ben", T0 + timedelta(minutes=1, seconds=2))
    lines = turnlog.log_text(state).splitlines()
    assert lines[0].split() == [
        "turn",
        "at",
        "(UTC)",
        "player",
        "what",
        "happened",
        "took",
        "next",
        "up",
    ]
    assert lines[1].split() == ["0", "20:00:42", "Ana", "acted", "0:42", "Ben"]
    assert lines[2].split() == ["0", "20:01:02", "Ben", "stepped", "away", "0:20", "Cy"]
    assert turnlog.clock(3723) == "1:02:03" and turnlog.clock(None) == "—"


def test_pass_in_a_fight_ends_the_turn_of_whoever_is_up_and_only_for_its_player() -> None:
    state, fight = fight_for_two()
    fight.turn_index = [c.id for c in fight.order].index("thorin")
    session = session_for(state)
    refused = turntaking.pass_turn(session, "Ana")
    assert not refused.ok and refused.text == "It is Thorin's turn (Ben plays them), not Ana's."
    assert session.pending == []
    passed = turntaking.pass_turn(session, "")
    assert passed.ok and passed.text == "Thorin ends the turn."
    assert [(a.character_id, a.text) for a in session.pending] == [
        ("thorin", turntaking.END_TURN_TEXT)
    ]
    assert all(c.player != "Ana" for c in state.turn_order.history)  # nobody else "passed"


def test_while_only_an_away_players_character_may_act_the_others_are_not_timed_out() -> None:
    session = table()
    state = session.state
    state.restriction = Restriction(character_ids=["mira"], reason="Grubnak parleys with Mira")
    state.turn_order.timer_seconds = 20
    assert hotseat.active_player(state) == "Ana"
    assert seating.away(session, "", "Ana").ok
    later = datetime.now(UTC) + timedelta(hours=1)
    assert hotseat.active_player(state) is None  # Ben and Cy are not waited for
    assert hotseat.check_timer(state, later) is None
    assert not any(c.reason == "TIMEOUT" for c in state.turn_order.history)
    assert seating.back(session, "Ana").ok
    assert hotseat.active_player(state) == "Ana"
