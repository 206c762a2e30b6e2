"""A blow that begins a fight is struck on its striker's turn (:mod:`app.session.declared`):
at once when they win the roll for initiative, after those quicker otherwise; the words of
a later clause only ("go down and attack the rats"); kept in a save, and an older save has
none waiting."""

from __future__ import annotations

import shutil
from pathlib import Path

from app.actions.campaign_tools import start_encounter
from app.saves import SCHEMA_VERSION, load_save, save_game
from app.session import declared
from app.session.session import GameSession
from app.session.setup import session_for
from app.world.actions import PlayerAction
from tests.referee_corpus import Situation, build_situation

CELLAR = {"campaign": "crossroads", "scene": "cellar"}
INN = {"campaign": "crossroads", "scene": "inn", "flags": {"trapdoor_open": True}}
SCHEMA_8 = Path(__file__).resolve().parents[1] / "data" / "saves" / "schema-8"
"""A real save written before declared blows were kept (schema 8): the rats' fight in the
cellar, Mira's first blow struck, Aria up next."""


def _table(spec: dict[str, object], seed: int) -> GameSession:
    state = build_situation(Situation.model_validate(spec))
    state.rng.seed(seed)
    return session_for(state)


async def _say(session: GameSession, who: str, line: str) -> str:
    """Submit a line and run the game until the players must act again; the story told."""
    assert session.submit(PlayerAction(character_id=who, text=line))
    told = [e.text async for e in session.run_until_players() if e.type == "narrative_chunk"]
    return " ".join(told)


async def test_a_blow_struck_by_the_quickest_is_struck_at_once() -> None:
    session = _table(CELLAR, 8)
    told = await _say(session, "thorin", "I attack the nearest rat")
    assert "Roll for initiative! Thorin acts first." in told
    assert "turn comes round" not in told  # nothing waits: the blow follows the roll
    assert "Thorin" in told.split("acts first.")[1]  # struck, then the rats' turns
    assert session.state.encounter is not None and not session.state.encounter.declared
    lines = [line for record in session.state.history for line in record.actions]
    assert lines.count("Thorin: I attack the nearest rat") == 2  # said, then struck


async def test_a_blow_waits_for_its_strikers_turn_then_is_struck() -> None:
    session = _table(CELLAR, 3)
    told = await _say(session, "thorin", "I attack the nearest rat")
    fight = session.state.encounter
    assert fight is not None and fight.current.id != "thorin"
    assert "Thorin will act when the turn comes round." in told
    # the rats acted first, then Thorin's blow was struck without a word more
    assert fight.declared == {} and "Thorin" in told.split("will act when the turn comes round.")[1]
    lines = [line for record in session.state.history for line in record.actions]
    assert lines.count("Thorin: I attack the nearest rat") == 2


async def test_the_blow_after_a_move_is_its_own_words() -> None:
    session = _table(INN, 1)
    told = await _say(session, "mira", "go down the trapdoor and then attack the rats")
    fight = session.state.encounter
    assert fight is not None and session.state.scene.id == "cellar"
    assert "Mira will act when the turn comes round." in told
    assert fight.declared == {"mira": "attack the rats"}  # not the way down, again
    while session.state.encounter and session.state.encounter.current.id != "mira":
        up = session.state.encounter.current.id
        await _say(session, up, "I dodge")
    lines = [line for record in session.state.history for line in record.actions]
    assert "Mira: attack the rats" in lines and session.state.scene.id == "cellar"


def test_a_striker_who_cannot_act_any_more_strikes_nothing() -> None:
    state = _table(CELLAR, 3).state
    start_encounter(state, "cellar_rats")
    assert state.encounter is not None
    up = state.encounter.current.id
    state.encounter.declared[up] = "attack the nearest rat"
    if up in state.party:
        state.party[up].vitals.hp = 0
    assert declared.carried(state) is None and state.encounter.declared == {}


def test_a_schema_8_save_has_no_blow_waiting_and_is_saved_anew(tmp_path: Path) -> None:
    shutil.copytree(SCHEMA_8, tmp_path, dirs_exist_ok=True)
    path = tmp_path / "fight.toml"
    assert path.read_text().startswith("schema_version = 8\n")
    state = load_save(path).state
    assert state.encounter is not None and state.encounter.declared == {}
    state.encounter.declared["thorin"] = "I attack the nearest rat"
    save_game(state, "fight", tmp_path)
    assert path.read_text().startswith(f"schema_version = {SCHEMA_VERSION}\n")
    again = load_save(path).state
    assert again.encounter is not None
    assert again.encounter.declared == {"thorin": "I attack the nearest rat"}


WARREN = {"campaign": "crossroads", "scene": "warren", "defeated": ["cellar_rats"],
          "flags": {"trapdoor_open": True, "tam_found": True}}  # fmt: skip
HALL = {"campaign": "crossroads", "scene": "chief_hall",
        "defeated": ["cellar_rats", "tunnel_guards"],
        "flags": {"trapdoor_open": True, "tam_found": True, "guards_passed": True}}  # fmt: skip


async def test_a_spell_at_foes_in_view_begins_the_fight_and_is_cast_on_its_turn() -> None:
    for seed in range(12):
        session = _table(WARREN, seed)
        await _say(session, "aria", "magic missle at the goblins!")
        fight = session.state.encounter
        assert fight is not None
        lines = [line for record in session.state.history for line in record.actions]
        if fight.declared:  # others were quicker: the spell waits for Aria's turn
            assert fight.declared == {"aria": "magic missle at the goblins!"}
        else:  # cast already, on her turn
            assert lines.count("Aria: magic missle at the goblins!") == 2
    sleep = _table(WARREN, 1)
    await _say(sleep, "aria", "cast sleep on the goblins")  # it fells them: the fight begins
    assert sleep.state.encounter is not None


async def test_a_blow_at_him_is_kept_as_the_one_he_was() -> None:
    for seed in range(12):
        session = _table(HALL, seed)
        await _say(session, "mira", "ask grubnak about tam")
        await _say(session, "mira", "nah. i stab him")
        fight = session.state.encounter
        if fight is not None and fight.declared:
            assert fight.declared == {"mira": "nah. i stab Grubnak"}
            return
    raise AssertionError("no seed where others were quicker")
