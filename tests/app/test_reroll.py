"""``/reroll``: the last turn told again — same dice, same results, other words — with the
offline referee and a scripted DM, in this sitting and after loading."""

from __future__ import annotations

import asyncio
import json
import re
from pathlib import Path

from app.actions.calls import ToolCall
from app.actions.events import ErrorEvent, NarrativeChunk, SessionEvent, TurnRetold, Usage
from app.dm.brain import BrainError, BrainReply, TextDelta
from app.referee.told_results import CRIT, FALLS, HIT, MISS
from app.referee.wordings import FAMILIES, recognise, retell
from app.saves import load_save
from app.session import retelling, rewinding
from app.session.keeping import Keeper
from app.session.session import GameSession
from app.session.setup import resume_session, start_session
from tests.app.saved_games import crossroads
from tests.app.saved_games import play_lines as play

FIGHT = [
    ("mira", "I pick the lock on the trapdoor"),
    ("thorin", "I climb down the trapdoor"),
    ("mira", "attack the nearest rat"),
    ("mira", "attack the nearest rat"),
]


def reroll(session: GameSession, asked_by: str = "") -> list[SessionEvent]:
    async def go() -> list[SessionEvent]:
        return [e async for e in retelling.retell(session, asked_by)]

    return asyncio.run(go())


def numbers(text: str) -> list[str]:
    return sorted(re.findall(r"\d+", text))


def test_every_family_says_the_same_things_in_each_wording() -> None:
    for family, members in FAMILIES.items():
        fields = {frozenset(re.findall(r"\{(\w+)\}", m)) for m in members}
        assert len(fields) == 1, family
        assert len(set(members)) == len(members) >= 3, family
    for template in (*MISS, *HIT, CRIT, *FALLS):  # the referee's own words are known
        assert any(template in members for members in FAMILIES.values()), template


def test_a_wording_read_back_gives_its_values() -> None:
    found = recognise("Giant Rat 3 reels from Aria's dagger (5 damage).")
    assert found == ("hit", 2, {"t": "Giant Rat 3", "a": "Aria", "w": "dagger", "d": "5"})
    assert recognise("Rain drums on the shutters of a low, smoky common room.") is None
    text = "Berta: 'Tam is my potboy.'\n\nRain drums on the shutters."
    again = retell(text, 1, 2, 1)
    assert again is not None and again.endswith("\n\nRain drums on the shutters.")
    assert retell("Rain drums on the shutters.", 1, 2, 1) is None  # the campaign's own words


def test_the_referee_retells_a_fight_turn_and_nothing_else_moves() -> None:
    session = start_session(crossroads(), 5)
    play(session, FIGHT)
    state = session.state
    old = state.history[-1]
    before = state.model_dump()
    dice = state.rng_state()
    events = reroll(session, "Ana")
    assert [type(e).__name__ for e in events] == ["NarrativeChunk", "TurnRetold"]
    done = events[-1]
    assert isinstance(done, TurnRetold) and (done.turn, done.times, done.asked_by) == (
        old.number,
        1,
        "Ana",
    )
    new = state.history[-1]
    told = "".join(e.text for e in events if isinstance(e, NarrativeChunk))
    assert new.narrative == told != old.narrative
    assert numbers(new.narrative) == numbers(old.narrative)  # the same damage, the same foes
    assert (new.number, new.actions, new.rolls, new.retold) == (
        old.number,
        old.actions,
        old.rolls,
        1,
    )
    assert state.rng_state() == dice and state.model_dump() == before
    assert session.state is state and len(state.history) == before["turn"] and not session.busy


def test_rerolling_again_gives_another_telling_each_time() -> None:
    session = start_session(crossroads(), 5)
    play(session, FIGHT)
    first = session.state.history[-1].narrative
    tellings = [first]
    for times in range(1, 5):
        events = reroll(session)
        assert isinstance(events[-1], TurnRetold) and events[-1].times == times
        tellings.append(session.state.history[-1].narrative)
        assert tellings[-1] != tellings[-2]
        assert numbers(tellings[-1]) == numbers(first)
    assert len(set(tellings)) >= 3


def test_the_same_game_retells_the_same_way() -> None:
    tellings = []
    for _ in range(2):
        session = start_session(crossroads(), 5)
        play(session, FIGHT)
        reroll(session)
        tellings.append(session.state.history[-1].narrative)
    assert tellings[0] == tellings[1]


def test_nothing_to_retell_before_the_first_turn_or_while_the_dm_thinks() -> None:
    session = start_session(crossroads(), 5)
    events = reroll(session)
    assert len(events) == 1 and isinstance(events[0], ErrorEvent)
    assert "no turn to tell again" in events[0].message
    play(session, FIGHT[:1])
    session.busy = True
    events = reroll(session)
    assert isinstance(events[0], ErrorEvent) and "Wait" in events[0].message
    assert session.state.history[-1].retold == 0


def test_words_the_referee_does_not_know_are_kept_and_it_says_so() -> None:
    session = start_session(crossroads(), 5)
    play(session, [("mira", "look at the hearth")])
    old = session.state.history[-1]
    events = reroll(session)
    if isinstance(events[-1], ErrorEvent):
        assert "no other words" in events[-1].message
        assert session.state.history[-1] == old
    else:  # a sentence it made itself was found and said again
        assert numbers(session.state.history[-1].narrative) == numbers(old.narrative)


def test_the_new_telling_is_saved_and_loads_and_undo_keeps_it(tmp_path: Path) -> None:
    session = start_session(crossroads(), 5)
    keeper = Keeper(tmp_path, "game")
    play(session, FIGHT, keeper)
    reroll(session)
    retold = session.state.history[-1]
    keeper.autosave(session.state, checkpoint=session.settled)
    loaded = load_save(tmp_path / "game.toml")
    assert loaded.notes == ()  # the story file and its save agree
    assert loaded.state.history[-1] == retold and loaded.state.history[-1].retold == 1
    resumed = resume_session(loaded.state, save=loaded.path)
    events = reroll(resumed)  # after loading too, and again differently
    assert isinstance(events[-1], TurnRetold) and events[-1].times == 2
    assert resumed.state.history[-1].narrative != retold.narrative
    assert rewinding.undo(session).ok and rewinding.redo(session).ok
    assert session.state.history[-1] == retold


class Teller:
    """A model: tells a turn with tools, then retells it (maybe trying a tool anyway)."""

    name = "scripted"

    def __init__(self, retelling: list[TextDelta | BrainReply] | BrainError) -> None:
        self.retelling = retelling
        self.seen: list[tuple[list[dict[str, object]], object]] = []

    async def stream(self, messages, tools):  # type: ignore[no-untyped-def]
        self.seen.append((messages, tools))
        if tools is None and "Tell the outcome of this turn again" in str(messages[-1]):
            if isinstance(self.retelling, BrainError):
                raise self.retelling
            for item in self.retelling:
                yield item
            return
        if messages[-1]["role"] == "user":
            call = ToolCall(
                "c1", "roll_dice", json.dumps({"rolls": [{"formula": "1d20", "flavor": "luck"}]})
            )
            yield BrainReply("", [call], Usage(prompt_tokens=50, completion_tokens=5, calls=1))
            return
        yield TextDelta("Luck smiles on Mira.")
        yield BrainReply("Luck smiles on Mira.", [], Usage(prompt_tokens=60, calls=1))


def _model_session(retelling: list[TextDelta | BrainReply] | BrainError) -> GameSession:
    session = start_session(crossroads(), 5, brain=Teller(retelling))  # type: ignore[arg-type]
    play(session, [("mira", "I try my luck")])
    return session


def test_a_model_is_asked_without_tools_and_its_tokens_count() -> None:
    spent = Usage(prompt_tokens=300, completion_tokens=30, calls=1)
    call = ToolCall("x", "roll_dice", "{}")
    session = _model_session(
        [TextDelta("Fortune grins "), TextDelta("at Mira."), BrainReply("", [call], spent)]
    )
    before = session.state.model_dump(exclude={"usage"})
    usage = session.state.usage
    dice = session.state.rng_state()
    events = reroll(session)
    assert isinstance(events[-1], TurnRetold) and events[-1].usage == spent
    assert session.state.history[-1].narrative == "Fortune grins at Mira."  # the call ignored
    assert session.state.usage == usage.plus(spent)
    assert session.state.model_dump(exclude={"usage"}) == before
    assert session.state.rng_state() == dice
    messages, tools = session.brain.seen[-1]  # type: ignore[attr-defined]
    assert tools is None and all(m["role"] in ("system", "user", "assistant") for m in messages)
    asked = str(messages[-1]["content"])
    assert "you called roll_dice" in asked and "it returned:" in asked and "1d20" in asked
    assert "error" not in asked.split("it returned:")[1][:40]
    assert "Luck smiles on Mira." in asked  # its own telling


def test_a_failed_or_empty_retelling_keeps_the_old_one() -> None:
    for answer in (BrainError("the DM did not answer"), [BrainReply("", [], Usage(calls=1))]):
        session = _model_session(answer)
        old = session.state.history[-1]
        events = reroll(session)
        assert isinstance(events[-1], ErrorEvent) and events[-1].recoverable
        assert "keeps the telling it had" in events[-1].message
        assert session.state.history[-1] == old and not session.busy


def test_after_loading_the_model_is_told_the_rolls_the_story_kept() -> None:
    spent = Usage(prompt_tokens=80, completion_tokens=8, calls=1)
    session = _model_session([TextDelta("Fortune grins at Mira."), BrainReply("", [], spent)])
    record = session.state.history[-1]
    session.last_told = None  # a game loaded since: this sitting never saw the turn's messages
    events = reroll(session)
    assert isinstance(events[-1], TurnRetold)
    messages, tools = session.brain.seen[-1]  # type: ignore[attr-defined]
    asked = str(messages[-1]["content"])
    assert tools is None and "What the rules engine rolled this turn:" in asked
    assert all(roll in asked for roll in record.rolls) and record.rolls
    assert "Mira: I try my luck" in asked and "Luck smiles on Mira." in asked
    assert messages[0]["role"] == "system" and messages[-1]["role"] == "user"


def test_a_turn_the_campaign_tells_is_opened_anew_with_its_check() -> None:
    session = start_session(crossroads(), 3)
    play(session, [("mira", "I pick the lock on the trapdoor")])
    old = session.state.history[-1].narrative
    seen = [old]
    for _ in range(3):
        assert isinstance(reroll(session)[-1], TurnRetold)
        seen.append(session.state.history[-1].narrative)
        assert seen[-1] != seen[-2] and seen[-1].endswith(old)  # the campaign's words as written
        assert seen[-1].startswith("Mira ") and "pick the trapdoor padlock." in seen[-1]
        assert numbers(seen[-1]) == numbers(old)


def test_a_retelling_never_names_a_roll_or_amount_the_turn_did_not_have() -> None:
    made_up = "You roll a 19! Berta takes 57 damage and collapses, dead."
    session = _model_session([TextDelta(made_up), BrainReply("", [], Usage(calls=1))])
    old = session.state.history[-1]
    events = reroll(session)
    shown = "".join(e.text for e in events if isinstance(e, NarrativeChunk))
    assert "57" not in shown and "19" not in shown
    assert isinstance(events[-1], ErrorEvent) and "never made" in events[-1].message
    assert session.state.history[-1] == old  # the turn keeps its telling
    # a retelling that names the turn's own roll is believed, and a made-up one left out
    rolled = re.findall(r"\d+", " ".join(old.rolls))[-1]
    told = f"Mira's roll comes up {rolled}. Luck holds. Then she rolls a 99."
    session = _model_session([TextDelta(told), BrainReply("", [], Usage(calls=1))])
    events = reroll(session)
    assert isinstance(events[-1], TurnRetold)
    kept = session.state.history[-1].narrative
    assert rolled in kept and "99" not in kept


def test_turns_taken_back_before_a_retelling_can_be_brought_back_after_a_resume(
    tmp_path: Path,
) -> None:
    session = start_session(crossroads(), 41)
    keeper = Keeper(tmp_path, "game")
    play(session, [("mira", "look around"), ("thorin", "look at the hearth")], keeper)
    assert rewinding.undo(session).ok
    keeper.autosave(session.state, checkpoint=session.settled)
    reroll(session)  # the turn now last is told again, with turn 2 still to bring back
    keeper.autosave(session.state, checkpoint=session.settled)
    resealed = list((tmp_path / "game.story").rglob("*.toml.[0-9]"))
    assert resealed == []  # checkpoints sealed again leave no backups behind
    loaded = load_save(tmp_path / "game.toml")
    resumed = resume_session(loaded.state, save=loaded.path)
    brought = rewinding.redo(resumed)
    assert brought.ok, brought.text
    assert [r.number for r in resumed.state.history] == [1, 2]
    assert resumed.state.history[0] == session.state.history[0]  # as told again


class CheckTeller(Teller):
    """A model whose turn makes a check that fails (DC 30), and whose narration is checked."""

    may_invent_rolls = True

    async def stream(self, messages, tools):  # type: ignore[no-untyped-def]
        if tools is not None and messages[-1]["role"] == "user":
            self.seen.append((messages, tools))
            ask = {"character_id": "mira", "skill": "athletics", "dc": 30, "reason": "the door"}
            call = ToolCall("c1", "request_ability_check", json.dumps(ask))
            yield BrainReply("", [call], Usage(calls=1))
            return
        async for item in super().stream(messages, tools):
            yield item


def test_a_retelling_is_held_to_the_turns_results_and_the_state() -> None:
    """A retelling that says a failed check succeeded, or tells a living friend dead, is not
    kept nor shown (it once replaced the turn's telling in the saved story)."""
    told = "Mira heaves at the door. The door bursts open! Thorin falls dead beside her."
    session = start_session(crossroads(), 5, brain=CheckTeller([TextDelta(told),
                            BrainReply("", [], Usage(calls=1))]))  # type: ignore[arg-type]  # fmt: skip
    play(session, [("mira", "I shoulder the door")])
    assert session.last_told is not None and not session.last_told.results[0].success
    events = reroll(session)
    shown = "".join(e.text for e in events if isinstance(e, NarrativeChunk))
    kept = session.state.history[-1].narrative
    assert "Mira heaves at the door." in kept
    for said in (shown, kept):
        assert "bursts open" not in said and "falls dead" not in said
