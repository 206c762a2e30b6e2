"""Saves and the truth set: a real schema-5 save (from before the ledger) loads with an
empty truth set and plays on writing a ledger; a save whose truth set the event system
could not have left — or that names what the campaign no longer has — is refused with
the key and what is wrong, and the file is left as it was."""

from __future__ import annotations

import asyncio
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from app.saves import SaveError, load_save, save_game
from app.saves.sanity import check_campaign, check_state
from app.session.runner import run_lines
from app.session.setup import resume_session
from app.world.ledger import ActionPerformed
from app.world.ledgerread import all_events, events_missing
from app.world.state import GameState
from app.world.truth import Deferred, Judgment
from tests.app.saved_games import crossroads, played

SCHEMA_5 = Path(__file__).resolve().parents[1] / "data" / "saves" / "schema-5"
"""A real save written by the game before the event system (schema 5): a fight in the
cellar after four turns, its story in ``fight.story``."""


def test_a_real_schema_5_save_loads_and_plays_on_writing_a_ledger(tmp_path: Path) -> None:
    shutil.copytree(SCHEMA_5, tmp_path, dirs_exist_ok=True)
    path = tmp_path / "fight.toml"
    assert path.read_text().startswith("schema_version = 5\n")
    loaded = load_save(path)
    state = loaded.state
    assert state.truth.seq == 0 and state.truth.index == {} and state.truth.scores == {}
    assert len(state.history) == 4 and all(not r.events for r in state.history)
    assert events_missing(state) == "this save has no ledger: it was written before games kept one"
    session = resume_session(state, save=loaded.path)
    fighter = state.encounter.current.id if state.encounter else "mira"
    name = state.name_of(fighter)
    asyncio.run(run_lines(session, [f"{name}: I attack the nearest rat"]))
    events = list(all_events(session.state))
    assert any(isinstance(e, ActionPerformed) for e in events)
    assert events_missing(session.state) is not None  # turns 1–4 are not in it
    save_game(session.state, "fight", tmp_path)
    again = load_save(path)
    assert again.state.truth.seq == session.state.truth.seq
    assert [e.seq for e in all_events(again.state)] == [e.seq for e in events]


def _fresh() -> GameState:
    return played(2).state.fork()


def _problems(edit: Callable[[GameState], object]) -> list[str]:
    state = _fresh()
    edit(state)
    found = (*check_state(state), *check_campaign(state, crossroads()))
    return [f"{p.key}: {p.text}" for p in found]


def test_a_sound_truth_set_has_no_problems() -> None:
    assert _problems(lambda s: None) == []


def _judgment(**changes: object) -> Judgment:
    base: dict[str, object] = {"id": "j1", "turn": 1, "scene": "inn", "category": "tone",
                               "confidence": 0.5}  # fmt: skip
    return Judgment.model_validate({**base, **changes})


@pytest.mark.parametrize(
    ("edit", "expected"),
    [
        (lambda s: s.truth.scores.update({"trust.berta": float("nan")}),
         "state.truth.scores.trust.berta"),
        (lambda s: s.truth.scores.update({"trust.berta": 1e6}), "is not a score"),
        (lambda s: setattr(s.truth, "seq", 1), "state.truth.seq"),
        (lambda s: setattr(s.truth, "scene_start", s.truth.seq + 5), "state.truth.scene_start"),
        (lambda s: s.truth.last_fired.update({"tam_found": 99}), "state.truth.last_fired"),
        (lambda s: (setattr(s.truth, "judged", 1),
                    s.truth.judgments.append(_judgment(scene="attic"))),
         "state.truth.judgments.0.scene"),
        (lambda s: (setattr(s.truth, "judged", 1),
                    s.truth.judgments.append(_judgment(about="bertha"))),
         "state.truth.judgments.0.about"),
        (lambda s: s.truth.judgments.append(_judgment(id="j7")), "not a judgment made so far"),
        (lambda s: s.truth.deferred.append(Deferred(trigger="gone_trigger", seq=1)),
         "state.truth.deferred.0: 'gone_trigger' is not a trigger of the campaign"),
        (lambda s: s.truth.next_turn.append(Deferred(trigger="tam_found", seq=10**6)),
         "state.truth.next_turn.0.seq"),
        (lambda s: s.truth.scores.update({"patience.berta": 1.0}),
         "state.truth.scores.patience.berta: names no dimension"),
    ],
)  # fmt: skip
def test_a_truth_set_the_game_could_not_leave_is_found(
    edit: Callable[[GameState], object], expected: str
) -> None:
    found = _problems(edit)
    assert any(expected in p for p in found), found


def test_a_save_with_a_damaged_truth_set_is_refused_and_left_as_it_was(tmp_path: Path) -> None:
    state = _fresh()
    state.truth.deferred.append(Deferred(trigger="gone_trigger", seq=1))
    path = save_game(state, "edited", tmp_path)
    before = path.read_bytes()
    with pytest.raises(SaveError, match="gone_trigger"):
        resume_session(load_save(path).state, save=path)
    assert path.read_bytes() == before
