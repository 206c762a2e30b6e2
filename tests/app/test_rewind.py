"""Undo, redo and rewind: taking turns back, dice and all, in this sitting and after loading."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from app.saves import load_save
from app.saves.checkpoints import KEEP_TURNS, checkpoints_of
from app.session import rewinding
from app.session.keeping import Keeper
from app.session.session import GameSession
from app.session.setup import resume_session, start_session
from app.world.actions import PlayerAction
from tests.app.saved_games import crossroads
from tests.app.saved_games import play_lines as play

LINES = [
    ("mira", "I look around"),
    ("thorin", "ask Berta about Tam"),
    ("mira", "I pick the lock on the trapdoor"),
    ("mira", "I climb down the trapdoor"),
    ("thorin", "I attack the rat"),
]


def test_undo_takes_the_last_turn_back_dice_and_all() -> None:
    session = start_session(crossroads(), 11)
    play(session, LINES[:2])
    spent = {"usage", "usage_turns", "usage_alerts", "taken_back"}  # tokens spent stay spent
    before = session.state.model_dump(exclude=spent)
    next_roll = session.state.fork().rng.random()
    play(session, LINES[2:3])
    assert session.state.flags != before["flags"] or session.state.turn == 3
    reply = rewinding.undo(session)
    assert reply.ok and "Took back turn 3 (Mira: I pick the lock on the trapdoor)" in reply.text
    assert session.state.model_dump(exclude=spent) == before
    assert session.state.rng.random() == next_roll
    assert len(session.state.history) == 2 and not session.briefed


def test_redo_brings_back_what_undo_took_until_a_new_turn() -> None:
    session = start_session(crossroads(), 11)
    play(session, LINES[:3])
    after = session.state.model_dump(exclude={"usage"})
    rewinding.undo(session)
    rewinding.undo(session)
    assert session.state.turn == 1
    assert rewinding.redo(session).ok and session.state.turn == 2  # one undo undone
    assert rewinding.redo(session).ok
    assert session.state.model_dump(exclude={"usage"}) == after and len(session.state.history) == 3
    rewinding.undo(session)
    play(session, [("thorin", "I order an ale")])  # a new branch: the old turn 3 is gone
    assert not rewinding.redo(session).ok
    assert session.state.history[-1].actions == ["Thorin: I order an ale"]


def test_rewind_goes_back_to_before_any_kept_turn() -> None:
    session = start_session(crossroads(), 11)
    play(session, LINES[:4])
    assert rewinding.rewind_points(session) == [1, 2, 3, 4]
    reply = rewinding.rewind(session, 2)
    assert reply.ok and "turns 2–4" in reply.text
    assert session.state.turn == 1 and session.state.scene.id == "inn"
    assert not rewinding.rewind(session, 3).ok  # that is ahead now: /redo brings it back


def test_nothing_to_take_back_at_the_start_says_so() -> None:
    session = start_session(crossroads(), 11)
    reply = rewinding.undo(session)
    assert not reply.ok and "no turn to take back" in reply.text


def test_tokens_spent_on_turns_taken_back_stay_spent() -> None:
    session = start_session(crossroads(), 11)
    play(session, LINES[:2])
    session.state.usage = session.state.usage.model_copy(update={"prompt_tokens": 900})
    rewinding.undo(session)
    assert session.state.usage.prompt_tokens == 900


def test_checkpoints_are_kept_with_the_save_and_reach_back_after_loading(tmp_path: Path) -> None:
    session = start_session(crossroads(), 11)
    keeper = Keeper(tmp_path, "game")
    keeper.autosave(session.state, checkpoint=True)
    play(session, LINES[:4], keeper)
    names = [c.path.name for c in checkpoints_of(tmp_path / "game.toml")]
    assert names == [
        "000000-inn.start.toml",
        "000001-inn.toml",
        "000002-inn.toml",
        "000003-inn.toml",
        "000004-cellar.start.toml",  # climbing down began the cellar
    ]
    loaded = load_save(tmp_path / "game.toml")
    resumed = resume_session(loaded.state, save=loaded.path)
    turn_two = start_session(crossroads(), 11)
    play(turn_two, LINES[:2])
    reply = rewinding.rewind(resumed, 3)
    assert reply.ok, reply.text
    skip = {"started", "turn_order", "usage", "taken_back"}  # clock times; DM calls; the undo
    assert resumed.state.model_dump(exclude=skip) == turn_two.state.model_dump(exclude=skip)
    assert resumed.state.rng.random() == turn_two.state.rng.random()
    assert [r.number for r in resumed.state.history] == [1, 2]


def test_a_new_turn_after_a_rewind_drops_the_abandoned_checkpoints(tmp_path: Path) -> None:
    session = start_session(crossroads(), 11)
    keeper = Keeper(tmp_path, "game")
    play(session, LINES[:4], keeper)
    rewinding.rewind(session, 2)
    keeper.autosave(session.state)
    assert [c.turn for c in checkpoints_of(tmp_path / "game.toml")] == [1, 2, 3, 4]  # kept
    play(session, [("thorin", "I order an ale")], keeper)
    assert [c.turn for c in checkpoints_of(tmp_path / "game.toml")] == [1, 2]
    loaded = load_save(tmp_path / "game.toml").state
    assert [r.actions for r in loaded.history][-1] == ["Thorin: I order an ale"]


def test_checkpoints_on_disk_are_bounded(tmp_path: Path) -> None:
    session = start_session(crossroads(), 11)
    keeper = Keeper(tmp_path, "game")
    lines = [("mira", f"I look around the room ({n})") for n in range(KEEP_TURNS + 8)]
    play(session, lines, keeper)
    kept = checkpoints_of(tmp_path / "game.toml")
    assert len([c for c in kept if not c.start]) == KEEP_TURNS - (1 if kept[-1].start else 0)
    assert kept[-1].turn == session.state.turn and kept[0].start


@pytest.mark.parametrize(("players", "asking", "expected"), [
    ({"Solo": ["mira", "thorin", "aria"]}, "Solo", []),
    ({"Ana": ["mira"], "Ben": ["thorin"], "Cy": ["aria"]}, "Ana", ["Ben", "Cy"]),
])  # fmt: skip
def test_every_other_player_at_the_table_confirms(
    players: dict[str, list[str]], asking: str, expected: list[str]
) -> None:
    session = start_session(crossroads(), 11, players=players)
    assert rewinding.who_confirms(session, asking) == expected


def test_redo_steps_one_undo_at_a_time_and_all_at_once() -> None:
    session = start_session(crossroads(), 11)
    play(session, LINES[:4])
    for _ in range(3):
        assert rewinding.undo(session).ok
    assert session.state.turn == 1
    reply = rewinding.redo(session)
    assert reply.ok and session.state.turn == 2 and "/redo all" in reply.text
    assert rewinding.redo(session, everything=True).ok and session.state.turn == 4
    assert not rewinding.redo(session).ok


def _two_taken_back(tmp_path: Path) -> tuple[GameSession, Keeper, dict[str, Any]]:
    """Four turns played and saved, the last two taken back and saved: the session, its
    keeper, and the game as it was before the undos."""
    session = start_session(crossroads(), 11)
    keeper = Keeper(tmp_path, "game")
    keeper.autosave(session.state, checkpoint=True)
    play(session, LINES[:4], keeper)
    after = session.state.model_dump(exclude={"usage", "turn_order", "started"})
    rewinding.undo(session)
    rewinding.undo(session)
    keeper.autosave(session.state)  # what quitting after the undos writes
    return session, keeper, after


def test_turns_taken_back_before_quitting_can_be_brought_back_after_loading(
    tmp_path: Path,
) -> None:
    _, _, after = _two_taken_back(tmp_path)  # then quit
    loaded = load_save(tmp_path / "game.toml")
    resumed = resume_session(loaded.state, save=loaded.path)
    assert len(resumed.state.history) == 2 and resumed.state.history.cut_length == 2
    assert rewinding.redo(resumed, everything=True).ok
    assert resumed.state.model_dump(exclude={"usage", "turn_order", "started"}) == after
    assert [r.number for r in resumed.state.history] == [1, 2, 3, 4]


def test_turns_still_taken_back_after_a_partial_redo_can_be_brought_back_after_loading(
    tmp_path: Path,
) -> None:
    """Two turns taken back, one brought back, quit: the other is still there to bring
    back (the save after the redo wrote a story without it, and it was lost)."""
    session, keeper, after = _two_taken_back(tmp_path)
    assert rewinding.redo(session).ok  # one of the two back
    keeper.autosave(session.state)  # what quitting after it writes
    loaded = load_save(tmp_path / "game.toml")
    resumed = resume_session(loaded.state, save=loaded.path)
    assert len(resumed.state.history) == 3 and resumed.state.history.cut_length == 1
    assert rewinding.redo(resumed).ok
    assert resumed.state.model_dump(exclude={"usage", "turn_order", "started"}) == after


def test_before_any_turn_undo_withdraws_what_the_round_declared() -> None:
    session = start_session(crossroads(), 11, players={"Ana": ["mira"], "Ben": ["thorin"]})
    before = session.state.model_dump(exclude={"usage", "turn_order"})
    assert session.submit(PlayerAction(character_id="mira", text="I look around", player="Ana"))
    reply = rewinding.undo(session)
    assert reply.ok and reply.text == "Withdrew the actions declared this round (Mira)."
    assert session.state.pending == []
    assert session.state.model_dump(exclude={"usage", "turn_order"}) == before
    assert not rewinding.undo(session).ok  # nothing more to take back


def test_after_going_back_the_same_deed_meets_the_same_dice_and_another_fresh_ones() -> None:
    """Going back is no free second roll — and no fate that follows a new idea."""
    session = start_session(crossroads(), 11)
    play(session, LINES[:2])
    play(session, LINES[2:3])
    first = session.state.history[-1].rolls
    assert first and rewinding.undo(session).ok
    assert session.state.taken_back == ["Mira: I pick the lock on the trapdoor"]
    play(session, [("mira", "i pick the lock on the trapdoor!")])  # retyped: same fate
    assert session.state.history[-1].rolls == first and session.state.taken_back == []
    assert rewinding.undo(session).ok
    play(session, [("mira", "I pick the lock on the trapdoor, slowly and with care")])
    again = session.state.history[-1].rolls
    assert again and again != first  # another way of doing it: the dice drawn afresh
    assert "lock" in again[0] and "lock" in first[0]


def test_a_question_asked_after_going_back_leaves_the_same_deed_its_dice() -> None:
    session = start_session(crossroads(), 11)
    play(session, LINES[:2])
    play(session, LINES[2:3])
    first = session.state.history[-1].rolls
    assert first and rewinding.undo(session).ok
    play(session, [("mira", "what level am I?")])  # asked, nothing played otherwise
    assert session.state.taken_back == ["Mira: I pick the lock on the trapdoor"]
    play(session, LINES[2:3])
    assert session.state.history[-1].rolls == first


def test_what_was_taken_back_is_saved_with_the_game(tmp_path: Path) -> None:
    session = start_session(crossroads(), 11)
    keeper = Keeper(tmp_path, "game")
    play(session, LINES[:3], keeper)
    rewinding.undo(session)
    keeper.autosave(session.state)
    resumed = load_save(tmp_path / "game.toml").state
    assert resumed.taken_back == ["Mira: I pick the lock on the trapdoor"]


def test_an_undo_after_new_turns_in_a_fight_goes_back_on_this_branch(tmp_path: Path) -> None:
    """An undo, then a line whose turn the foes follow at once (turns 5 and 6 in one go),
    then another undo: the checkpoints of the abandoned turns are gone, so the game goes
    back on the branch it played and its save loads (it went back to the old turn 5 and
    wrote a save the story refused)."""
    session = start_session(crossroads(), 2)
    play(session, [("mira", "I pick the lock on the trapdoor"),
                   ("mira", "I pick the lock on the trapdoor"),
                   ("thorin", "I go down the trapdoor"), ("mira", "use")])  # fmt: skip
    assert session.state.encounter is not None
    assert rewinding.undo(session).ok
    play(session, [("mira", "attack")])
    assert rewinding.undo(session).ok
    kept = session.state.turn
    assert session.state.history[-1].number == kept  # the story and the game agree
    Keeper(tmp_path, "fight").autosave(session.state, checkpoint=True)
    assert load_save(tmp_path / "fight.toml").state.turn == kept


def test_a_checkpoint_file_pruned_since_the_game_loaded_is_no_longer_offered(
    tmp_path: Path,
) -> None:
    from app.session.timeline import Checkpoint, Timeline

    kept, gone = tmp_path / "000010-inn.toml", tmp_path / "000003-inn.toml"
    kept.write_text("", encoding="utf-8")
    timeline = Timeline()
    timeline.add_files([(3, "inn", False, gone), (10, "inn", False, kept)])
    timeline.entries.append(Checkpoint(12, "inn", False, snapshot=None, path=None))
    assert [c.turn for c in timeline.usable()] == [10]
    assert timeline.at(3) is None and timeline.before(5) is None
    assert timeline.before(11) is not None and timeline.before(11).turn == 10  # type: ignore[union-attr]


def test_a_seat_changed_after_an_undo_is_not_undone_by_a_redo_after_a_resume(
    tmp_path: Path,
) -> None:
    from app.session import seating

    session = start_session(crossroads(), 7)
    keeper = Keeper(tmp_path, "game")
    play(session, [("mira", "look around"), ("thorin", "look at the hearth")], keeper)
    assert rewinding.undo(session).ok
    assert seating.join(session, "Cy aria").ok  # a change since: the turn taken back is gone
    keeper.autosave(session.state, checkpoint=session.settled)
    assert rewinding.redo(session).text == "There is nothing to bring back."
    loaded = load_save(tmp_path / "game.toml")
    resumed = resume_session(loaded.state, save=loaded.path)
    assert rewinding.redo(resumed).text == "There is nothing to bring back."
    assert "Cy" in resumed.state.players


async def test_a_turn_played_after_an_undo_abandons_the_turns_taken_back_even_left_unsettled(
    tmp_path: Path,
) -> None:
    """Undo, then a new turn the foes' turns follow (the players are not asked to act
    again, here because the DM never ends a goblin's turn): a second undo goes back to
    before the new turn, never to the abandoned turn's checkpoint — whose world would not
    match the story, and whose save would not load."""
    from app.dm.scripted import ScriptedBrain
    from app.saves import load_game, save_game
    from tests.app.conftest import call, turn

    goblins = call("start_combat", reason="goblins burst in", surprise="party",
                   monsters=[{"monster": "goblin", "count": 2}])  # fmt: skip
    brain = ScriptedBrain([
        {"text": "Mira slips into the shadows."},
        {"tool_calls": [goblins]},
        {"text": "Goblins burst in through the door!"},
        *[{"text": "The goblin snarls."}] * 6,
    ])  # fmt: skip
    session = start_session(crossroads(), 1, brain)
    await turn(session, ("mira", "I hide"))
    assert rewinding.undo(session).ok and session.state.turn == 0
    await turn(session, ("thorin", "I look at the door"))
    if session.foe_turn:  # the goblins' turn, which the DM leaves unfinished
        async for _event in session.process():
            pass
    assert not session.settled
    assert rewinding.undo(session).ok
    assert session.state.turn == 0 and not session.state.history  # before Thorin's turn
    save_game(session.state, "game", tmp_path)
    assert load_game("game", tmp_path).turn == 0
