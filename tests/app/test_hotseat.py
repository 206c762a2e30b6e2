"""The hotseat turn manager: round-robin declarations, passing, joining and leaving,
the optional timer, the turn log, and resuming at the same player after a crash."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta
from pathlib import Path

from app.saves import load_game, save_game
from app.session import hotseat, seating
from app.session.naming import resolve_character
from app.session.session import GameSession
from app.session.setup import resume_session, session_for, start_session
from app.understanding import understand
from app.world.actions import PlayerAction
from app.world.campaignfile import load_campaign
from app.world.folders import CAMPAIGNS_DIR
from tests.app.conftest import of_type
from tests.referee_corpus import Situation, build_situation

CAMPAIGN = load_campaign(CAMPAIGNS_DIR / "crossroads")
SEATS = {"Ana": ["mira"], "Ben": ["thorin"], "Cy": ["aria"]}


def table(seed: int = 1):  # type: ignore[no-untyped-def]
    return start_session(CAMPAIGN, seed, players={k: list(v) for k, v in SEATS.items()})


def act(session, player: str, character: str, text: str = "look around"):  # type: ignore[no-untyped-def]
    return session.submit(PlayerAction(character_id=character, text=text, player=player))


def test_round_robin_and_not_your_turn() -> None:
    session = table()
    assert session.status().banner == "Waiting for Ana"
    refused = act(session, "Ben", "thorin")
    assert not refused
    assert refused.reason == "Thorin is Ben's — it is your turn, Ana (you play Mira)"
    assert session.pending == []
    assert act(session, "Ana", "mira")
    assert session.status().banner == "Waiting for Ben"
    assert act(session, "Ben", "thorin")
    assert not session.can_advance()
    assert act(session, "Cy", "aria")
    assert session.can_advance()


async def test_passing_and_a_new_round_after_the_dm_answers() -> None:
    session = table()
    act(session, "Ana", "mira")
    assert not session.pass_turn("Cy")  # not Cy's turn
    assert session.pass_turn("Ben")
    act(session, "Cy", "aria")
    events = [e async for e in session.process()]
    assert events[-1].type == "turn_end"
    assert session.status().banner == "Waiting for Ana" and session.state.turn_order.acted == []
    reasons = [h.reason for h in session.state.turn_order.history]
    assert reasons == ["TURN_COMPLETE", "PASSED", "TURN_COMPLETE", "ROUND_START"]


def test_a_player_may_change_their_declaration_until_the_dm_answers() -> None:
    session = table()
    act(session, "Ana", "mira", "look around")
    assert act(session, "Ana", "mira", "pick the lock")
    assert [a.text for a in session.pending] == ["pick the lock"]
    assert session.status().banner == "Waiting for Ben"


def test_joining_and_leaving() -> None:
    session = table()
    state = session.state
    assert hotseat.active_player(state) == "Ana"
    left = hotseat.remove_player(state, "Ana", "Ben")  # the active player leaves
    assert left and state.players["Ben"] == ["thorin", "mira"]
    assert hotseat.active_player(state) == "Ben"
    gone = hotseat.remove_player(state, "Cy")
    assert gone.detail == "Cy leaves; Aria goes to the DM as a companion."
    assert state.turn_order.companions == ["aria"]
    ordered = session.submit(PlayerAction(character_id="aria", text="pick the lock", player=""))
    assert not ordered and "with the DM now" in ordered.reason  # nobody orders a companion
    joined = hotseat.add_player(state, "Dee", ["aria"])
    assert joined.detail == "Dee joins and now plays Aria (was run by the DM)."
    assert state.turn_order.companions == [] and state.players["Dee"] == ["aria"]
    reasons = [h.reason for h in state.turn_order.history]
    assert reasons == ["REMOVED", "REMOVED", "JOINED"]
    assert not hotseat.remove_player(state, "Nobody")
    assert hotseat.remove_player(state, "Dee")
    last = hotseat.remove_player(state, "Ben")  # nobody would be left to play
    assert not last and "the last one at the table" in last.reason
    assert state.players == {"Ben": ["thorin", "mira"]}


def test_a_name_in_another_case_is_the_same_player() -> None:
    state = table().state
    again = hotseat.add_player(state, "ana", ["aria"])
    assert not again and again.reason == "Ana is already playing"
    assert hotseat.remove_player(state, "cy", "BEN")  # Cy leaves, Aria goes to Ben
    assert state.players == {"Ana": ["mira"], "Ben": ["thorin", "aria"]}


def test_a_name_with_its_accent_composed_otherwise_is_the_same_player() -> None:
    """ "Zoé" typed as "e" and a combining accent (as some keyboards and pastes send it)
    is the Zoé seated with the one character "é"."""
    session = start_session(CAMPAIGN, 1, players={"Zo\u00e9": ["mira"], "Ben": ["thorin", "aria"]})
    assert hotseat.seated_as(session.state, "Zoe\u0301") == "Zo\u00e9"
    twin = hotseat.add_player(session.state, "Zoe\u0301", ["aria"])
    assert not twin  # no second seat that looks the same


def test_a_character_named_twice_in_a_join_is_seated_once(tmp_path: Path) -> None:
    session = table()
    joined = hotseat.add_player(session.state, "Zed", ["aria", "aria"])
    assert (
        joined.detail
        == "Zed joins and now plays Aria (was Cy's). Cy has no character left and leaves the table."
    )
    assert hotseat.add_player(session.state, "Dee", ["aria"])
    save_game(session.state, "table", tmp_path)  # a save that loads again
    assert load_game("table", tmp_path).players["Dee"] == ["aria"]


def test_a_deed_declared_stays_with_the_character_handed_over() -> None:
    session = table()
    assert act(session, "Ana", "mira", "pick the lock")
    assert hotseat.remove_player(session.state, "Ana", "Ben")
    [kept] = session.state.pending
    assert (kept.character_id, kept.player, kept.text) == ("mira", "Ben", "pick the lock")


def test_the_timer_passes_a_slow_player() -> None:
    session = table()
    state = session.state
    state.turn_order.timer_seconds = 60
    start = datetime(2026, 1, 1, tzinfo=UTC)
    state.turn_order.turn_started = start
    assert hotseat.check_timer(state, start + timedelta(seconds=30)) is None
    assert hotseat.check_timer(state, start + timedelta(seconds=61)) == "Ana"
    assert hotseat.active_player(state) == "Ben"
    assert state.turn_order.history[-1].reason == "TIMEOUT"


def test_no_timer_by_default() -> None:
    state = table().state
    assert hotseat.check_timer(state, datetime(2099, 1, 1, tzinfo=UTC)) is None


async def test_after_a_crash_the_game_resumes_at_the_same_player_with_the_same_actions(
    tmp_path: Path,
) -> None:
    session = table(seed=4)
    act(session, "Ana", "mira", "I pick the lock on the trapdoor")
    save_game(session.state, "table", tmp_path)  # the autosave a crash would leave
    resumed = resume_session(load_game("table", tmp_path))
    assert resumed.status().banner == "Waiting for Ben"
    assert [a.text for a in resumed.pending] == ["I pick the lock on the trapdoor"]
    assert resumed.state.turn_order.history[-1].reason == "RECOVERY"
    act(resumed, "Ben", "thorin")
    act(resumed, "Cy", "aria")
    events = [e async for e in resumed.process()]
    assert of_type(events, "dice_roll")[0].character_id == "mira"


def test_combat_follows_initiative_not_seating() -> None:
    session = table(seed=2)
    state = session.state
    state.flags["trapdoor_open"] = True
    from app.actions.campaign_tools import enter_scene

    enter_scene(state, "cellar", "test")
    assert state.encounter.current.id == "mira"  # with this seed Mira wins initiative
    refused = session.submit(PlayerAction(character_id="thorin", text="x", player="Ben"))
    assert not refused and refused.reason == "not your turn — waiting for Mira"
    assert session.status().banner == "Waiting for Ana (Mira)"
    assert act(session, "Ana", "mira", "attack the nearest rat")


async def test_companions_are_played_by_the_dm_in_a_fight() -> None:
    session = table(seed=1)  # with this seed Aria wins initiative in the cellar
    state = session.state
    assert hotseat.remove_player(state, "Cy")
    state.flags["trapdoor_open"] = True
    from app.actions.campaign_tools import enter_scene

    enter_scene(state, "cellar", "test")
    assert state.encounter.current.id == "aria"
    assert session.foe_turn and session.can_advance()
    events = [e async for e in session.process()]
    attack = next(e for e in events if e.type == "dice_roll")
    assert attack.character_id == "aria" and attack.check_type == "attack_roll"
    assert state.encounter.current.id != "aria"


def test_a_joining_player_takes_a_character_from_another_and_says_so() -> None:
    session = start_session(CAMPAIGN, 1, players={"Ana": ["mira"], "Ben": ["thorin", "aria"]})
    state = session.state
    joined = hotseat.add_player(state, "Cy", ["aria"])
    assert joined.detail == "Cy joins and now plays Aria (was Ben's)."
    assert state.players == {"Ana": ["mira"], "Ben": ["thorin"], "Cy": ["aria"]}
    took_all = hotseat.add_player(state, "Dee", ["mira"])
    assert took_all.detail == (
        "Dee joins and now plays Mira (was Ana's). Ana has no character left and leaves the table."
    )
    assert "Ana" not in state.players
    assert not hotseat.add_player(state, "Eve", [])  # nobody to play
    assert not hotseat.add_player(state, "Eve", ["gandalf"])
    assert not hotseat.add_player(state, "Eve=thorin", ["thorin"])  # no name a line can hold
    joined = hotseat.add_player(state, "Eve:", ["thorin"])  # "/join Eve: thorin"
    assert joined and "Eve" in state.players and "Eve:" not in state.players


def test_a_round_where_everyone_passes_starts_again() -> None:
    session = table()
    assert session.pass_turn("Ana") and session.pass_turn("Ben")
    last = session.pass_turn("Cy")
    assert last.detail == "Cy passes. Everyone passed — the party waits. A new round: Ana's turn."
    assert session.status().banner == "Waiting for Ana" and session.state.turn_order.acted == []
    assert act(session, "Ana", "mira")
    assert session.state.turn_order.history[-2].reason == "ROUND_START"


def test_a_solo_player_who_ends_the_turn_without_acting_can_act_again() -> None:
    session = start_session(CAMPAIGN, 1)
    passed = session.pass_turn("Player")
    assert passed.detail == "Player passes. The party waits. What do you do?"
    assert session.status().banner.startswith("Your move")
    assert act(session, "Player", "mira")
    assert session.can_advance()


def test_two_timers_running_out_start_the_round_again() -> None:
    session = start_session(CAMPAIGN, 1, players={"Ana": ["mira"], "Ben": ["thorin", "aria"]})
    state = session.state
    state.turn_order.timer_seconds = 30
    start = datetime(2026, 1, 1, tzinfo=UTC)
    state.turn_order.turn_started = start
    assert hotseat.check_timer(state, start + timedelta(seconds=31)) == "Ana"
    assert hotseat.check_timer(state, start + timedelta(seconds=62)) == "Ben"
    assert hotseat.active_player(state) == "Ana" and state.turn_order.acted == []
    assert state.turn_order.turn_started == start + timedelta(seconds=62)


def test_a_player_leaving_last_does_not_leave_a_round_nobody_can_finish() -> None:
    session = table()
    assert session.pass_turn("Ana") and session.pass_turn("Ben")
    assert hotseat.remove_player(session.state, "Cy")  # the last one up leaves
    assert hotseat.active_player(session.state) == "Ana"


def test_loading_a_save_where_everyone_had_passed_repairs_it(tmp_path: Path) -> None:
    session = table()
    order = session.state.turn_order
    order.acted = ["Ana", "Ben", "Cy", "Gone"]  # as an older version could save it
    order.active = None
    session.state.pending = [PlayerAction(character_id="ghost", text="boo", player="Gone")]
    save_game(session.state, "stuck", tmp_path)
    resumed = resume_session(load_game("stuck", tmp_path))
    assert resumed.status().banner == "Waiting for Ana"
    assert resumed.pending == [] and resumed.state.turn_order.acted == []
    assert act(resumed, "Ana", "mira")


def test_resuming_and_leaving_at_once_leaves_the_save_and_its_backups_as_they_were(
    tmp_path: Path,
) -> None:
    session = table(seed=4)
    save_game(session.state, "table", tmp_path)
    session.state.flags["lantern_lit"] = True
    save_game(session.state, "table", tmp_path)  # table.toml.1: the older version
    files = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    for _ in range(3):  # resume and quit, three evenings running, with nothing played
        resumed = resume_session(load_game("table", tmp_path))
        save_game(resumed.state, "table", tmp_path)
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir()} == files
    # a round cut off midway is noted once, however often the game is resumed
    act(session, "Ana", "mira", "I pick the lock on the trapdoor")
    save_game(session.state, "table", tmp_path)
    for _ in range(3):
        resumed = resume_session(load_game("table", tmp_path))
        save_game(resumed.state, "table", tmp_path)
    reasons = [h.reason for h in load_game("table", tmp_path).turn_order.history]
    assert reasons.count("RECOVERY") == 1


def test_characters_nobody_was_given_are_run_by_the_dm_and_the_game_saves(
    tmp_path: Path,
) -> None:
    session = start_session(CAMPAIGN, 1, players={"Ana": ["mira"]})
    assert session.state.turn_order.companions == ["thorin", "aria"]
    save_game(session.state, "two", tmp_path)
    assert load_game("two", tmp_path).turn_order.companions == ["thorin", "aria"]


def test_following_a_friend_who_already_led_the_party_there_is_told_not_refused() -> None:
    session = table()
    session.state.flags["trapdoor_open"] = True
    assert act(session, "Ana", "mira", "I climb down into the cellar")
    assert act(session, "Ben", "thorin", "i follow her down")
    assert act(session, "Cy", "aria", "me too, down the steps")
    events = asyncio.run(_run(session))
    told = " ".join(e.text for e in events if e.type == "narrative_chunk")
    assert session.state.scene.id == "cellar"
    assert "no way there" not in told
    assert "Thorin goes along." in told and "Aria goes along." in told
    assert "already in" not in told  # (it once read as a refusal right after the move)


async def _run(session):  # type: ignore[no-untyped-def]
    return [e async for e in session.run_until_players()]


def test_the_dms_bookkeeping_never_reaches_the_story() -> None:
    session = table()
    assert act(session, "Ana", "mira", "hi Berta! what's going on here?")
    assert act(session, "Ben", "thorin", "I walk up to Berta and ask her about the trapdoor")
    assert act(session, "Cy", "aria", "I ask Berta about Tam too")
    events = asyncio.run(_run(session))
    told = " ".join(e.text for e in events if e.type == "narrative_chunk")
    assert "Berta" in told
    assert "already ran this turn" not in told and "cannot do that" not in told


def _round(seed: int) -> tuple[GameSession, str]:
    session = table(seed)
    assert act(session, "Ana", "mira", "I pick the lock")
    assert act(session, "Ben", "thorin", "we all go down")
    assert act(session, "Cy", "aria", "I look around")
    events = asyncio.run(_run(session))
    return session, " ".join(e.text for e in events if e.type == "narrative_chunk")


def test_a_way_opened_earlier_in_the_round_is_taken_by_a_later_line() -> None:
    opened, told = _round(2)  # the lock is picked: Thorin leads them down
    assert opened.state.scene.id == "cellar" and "holds the trapdoor shut" not in told
    shut, told = _round(1)  # the lock holds: the move is refused, in the campaign's words
    assert shut.state.scene.id == "inn" and "The padlock holds the trapdoor shut" in told


def test_anyone_is_one_of_the_characters_of_the_player_whose_turn_it_is() -> None:
    from app.session.naming import resolve_character

    session = table()
    assert resolve_character(session, "Anyone") == "mira"
    assert act(session, "Ana", "mira")
    assert session.state.controller_of(resolve_character(session, "Anyone") or "") == "Ben"


def test_a_save_at_the_counters_bound_stays_loadable_after_another_turn() -> None:
    from app.world.state import MOST_TURNS, GameState

    session = table()
    session.state.turn = MOST_TURNS
    for player, character in (("Ana", "mira"), ("Ben", "thorin"), ("Cy", "aria")):
        assert act(session, player, character)  # a round of looking: an idle turn
    asyncio.run(_run(session))
    assert session.state.history  # (the round was played)
    assert session.state.turn == MOST_TURNS
    GameState.model_validate(session.state.model_dump())  # (a save of it loads again)


def test_a_choice_asked_back_at_a_shared_table_says_whose_turn_it_still_is() -> None:
    from app.session import declaring

    session = table()
    reply, who = declaring.declare(session, "the trapdoor", "mira")
    assert reply.aside and who is None and reply.text.startswith("Did you mean")
    assert reply.text.endswith("(Still Ana's turn, for Mira.)")
    assert session.status().banner == "Waiting for Ana"


def test_a_character_nobody_plays_is_said_so_not_called_none_s() -> None:
    from app.session import declaring

    session = start_session(CAMPAIGN, 1, players={"Ana": ["mira"], "Ben": ["thorin"]})
    reply, _ = declaring.declare(session, "Aria: look around", "mira")
    assert not reply.ok and "None" not in reply.text
    assert "played by nobody at this table" in reply.text and "/join" in reply.text


def test_what_a_player_declared_stays_when_they_leave() -> None:
    """A player who declared and then got up: the deed is still played (by the DM, as the
    character is now a companion), never dropped without a word."""
    session = table()
    assert act(session, "Ana", "mira")
    declared = [a.text for a in session.state.pending]
    assert hotseat.remove_player(session.state, "Ana")
    assert [a.text for a in session.state.pending] == declared
    assert all(a.player != "Ana" for a in session.state.pending)


def test_two_players_left_without_characters_leave_together_in_good_grammar() -> None:
    session = table()
    joined = hotseat.add_player(session.state, "Zed", ["thorin", "aria"])
    assert joined.detail.endswith("Ben and Cy have no character left and leave the table.")


def test_a_player_leaving_on_their_turn_skips_nobody_after_them() -> None:
    spec = {"campaign": "crossroads", "scene": "cellar", "flags": {"trapdoor_open": True},
            "fight": "cellar_rats", "turn": "aria",
            "players": {"Dee": ["mira", "thorin"], "Eli": ["aria"]}}  # fmt: skip
    session = session_for(build_situation(Situation.model_validate(spec)))
    order = [c.id for c in session.state.encounter.order]  # type: ignore[union-attr]
    after = order[(order.index("aria") + 1) % len(order)]
    assert hotseat.remove_player(session.state, "Eli")  # Aria goes to the DM, on her turn

    async def companion_turn() -> None:
        async for _ in session.process():
            pass

    asyncio.run(companion_turn())  # the DM plays Aria's turn, and that one alone
    fight = session.state.encounter
    assert fight is not None and fight.current.id == after


def test_a_look_around_in_a_round_the_party_leaves_in_tells_no_old_place() -> None:
    spec = {"campaign": "drowned_bell", "scene": "chapel", "defeated": ["strand_thralls"],
            "flags": {"corin_saved": True, "knows_truth": True, "warden_calmed": True},
            "players": {"Ana": ["ione"], "Ben": ["cass", "wren"]}}  # fmt: skip
    session = session_for(build_situation(Situation.model_validate(spec)))
    assert session.pass_turn("Ana")
    for cid, text in (("cass", "I climb the tower stair"), ("wren", "wait below and keep watch")):
        assert session.submit(PlayerAction(character_id=cid, text=text, player="Ben"))

    async def round_of_play() -> list[str]:
        return [e.text async for e in session.process() if e.type == "narrative_chunk"]

    told = "".join(asyncio.run(round_of_play()))
    assert "bell hangs" in told and "Wren keeps watch" in told
    assert "nave stands open" not in told  # the chapel, left behind, is not told again


ROAD = {"campaign": "crossroads", "scene": "old_road"}


def test_a_name_shown_is_the_character_so_named_though_another_sits_in_its_place() -> None:
    session = session_for(build_situation(Situation.model_validate(ROAD)))
    mira, thorin = session.state.party["mira"], session.state.party["thorin"]
    mira.name, thorin.name = "Thorin", "Mira"  # own characters, each in the other's place
    assert resolve_character(session, "Mira") == "thorin"
    assert resolve_character(session, "thorin") == "mira"
    assert resolve_character(session, "Aria") == "aria"
    healed = understand("I bandage Mira's arm", "aria", session.state, session.state.campaign)
    assert healed.targets[:1] == ("thorin",)


def test_a_join_whose_name_is_only_marks_that_do_not_show_is_refused_plainly() -> None:
    session = session_for(build_situation(Situation.model_validate(ROAD)))
    for typed in ("\u202e mira", " mira"):
        said = seating.join(session, typed)
        assert not said.ok and "name is empty" in said.text, typed
    assert seating.join(session, "Cy aria").ok
