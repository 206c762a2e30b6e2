"""Song of Rest (SRD 5.1, bard 2nd): "if you or any friendly creatures who can hear your
performance regain hit points at the end of the short rest by spending one or more Hit Dice,
each of those creatures regains an extra 1d6 hit points" — the die grows to a d8 at 9th level;
a bard who is down sings nothing."""

from __future__ import annotations

from app.actions.events import DiceRoll
from app.session.setup import session_for
from app.world.sandbox import sandbox_state
from app.world.state import GameState
from rules.class_powers import song_of_rest_die
from tests.app.conftest import narration, turn
from tests.app.test_class_features import add_member, hurt, run


def _party(level: int = 2) -> GameState:
    state = sandbox_state(seed=4)
    add_member(state, id="lute", level=level, weapons=["rapier"], spellcasting_ability="cha",
               **{"class": "Bard"})  # fmt: skip
    hurt(state, "thorin", 5)
    return state


def _songs(events: list[object]) -> list[DiceRoll]:
    return [e for e in events if isinstance(e, DiceRoll) and e.reason == "Song of Rest"]


def test_the_song_die_grows_with_the_bard() -> None:
    assert [song_of_rest_die(lv) for lv in (2, 8, 9, 13, 17)] == [
        "1d6", "1d6", "1d8", "1d10", "1d12",
    ]  # fmt: skip


def test_only_those_who_spend_hit_dice_hear_the_song_and_it_is_in_the_result() -> None:
    state = _party()
    out = run(state, "rest", kind="short")
    songs = _songs(out["events"])
    assert [s.character_id for s in songs] == ["thorin"] and songs[0].formula == "1d6"
    thorin = next(r for r in out["result"]["rested"] if r["id"] == "thorin")
    assert thorin["song_of_rest"] == songs[0].total
    assert "Song of Rest" in next(
        e.description for e in out["events"] if getattr(e, "target_id", "") == "thorin"
        and getattr(e, "kind", "") == "hp"
    )  # fmt: skip


def test_no_song_from_a_bard_who_is_down_or_not_resting() -> None:
    state = _party()
    assert not _songs(run(state, "rest", kind="short", character_ids=["thorin"])["events"])
    assert state.party["thorin"].hit_dice.remaining < state.party["thorin"].hit_dice.total
    state = _party()
    hurt(state, "lute", 0)
    assert not _songs(run(state, "rest", kind="short")["events"])


async def test_a_short_rest_said_with_a_bard_in_the_party_heals_the_extra_die() -> None:
    state = _party(level=9)
    events = await turn(session_for(state), ("thorin", "we take a short rest"))
    songs = _songs(events)
    assert [s.formula for s in songs] == ["1d8"]
    assert "Song of Rest" in narration(events)
