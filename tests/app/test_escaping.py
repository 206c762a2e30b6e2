"""Running from a fight by a way out: the runner breaks away (opportunity attacks from the
foes engaged with them), the party is gone once nobody standing is held, the fight is left
unwon — and coming back, its survivors are there and it goes on."""

from __future__ import annotations

import shutil
import tomllib
from pathlib import Path

import pytest

from app.actions import args as a
from app.actions import position_tools as pt
from app.actions.campaign_tools import move_tool
from app.actions.combat_tools import take_action_tool
from app.actions.registry import ToolError
from app.saves import SCHEMA_VERSION, load_save, save_game
from app.understanding import understand
from app.understanding.scope import living_creatures
from app.world.state import GameState
from rules import positions as p
from tests.referee_corpus import Situation, build_situation

RATS = (
    'campaign = "crossroads"\nscene = "cellar"\nflags = { trapdoor_open = true }\n'
    'fight = "cellar_rats"\nturn = "mira"\ndead = ["giant-rat-1"]'
)


def rats() -> GameState:
    return build_situation(Situation.model_validate(tomllib.loads(RATS)))


def run(state: GameState, who: str = "mira", to: str = "inn") -> dict[str, object]:
    args = a.TakeActionArgs(creature_id=who, action="flee", scene_id=to)
    return take_action_tool(args, state).result


def test_with_nobody_held_the_party_escapes_and_the_fight_is_left_unwon() -> None:
    state = rats()
    creatures = set(state.creatures)
    result = run(state)
    assert result["escaped"] is True
    assert state.encounter is None and state.scene.id == "inn"
    assert "cellar_rats" not in state.defeated
    assert set(state.creatures) == creatures
    assert all(state.creatures[c].scene == "cellar" for c in creatures)
    assert living_creatures(state) == []  # the rats stayed below
    assert understand("attack rat 2", "mira", state, state.campaign).target != "giant-rat-2"


def test_coming_back_the_survivors_are_there_and_the_fight_goes_on() -> None:
    state = rats()
    run(state)
    move_tool(a.MoveSceneArgs(scene_id="cellar", reason="back down"), state)
    assert state.encounter is not None
    foes = {c.id for c in state.encounter.order if c.id in state.creatures}
    assert foes == {"giant-rat-2", "giant-rat-3"}  # the dead one stays dead; none new
    assert len(state.creatures) == 3


def test_one_still_held_keeps_the_party_in_the_fight() -> None:
    state = rats()
    p.engage(pt.spots(state), "giant-rat-2", "thorin")
    result = run(state)
    assert result["escaped"] is False and result["held"] == ["Thorin"]
    assert state.encounter is not None and state.scene.id == "cellar"
    assert pt.engaged_foes(state, "mira") == []


GUARDS = (
    'campaign = "crossroads"\nscene = "warren"\nflags = { trapdoor_open = true, '
    'tam_found = true }\ndefeated = ["cellar_rats"]\nfight = "tunnel_guards"\nturn = "mira"'
)


def test_a_shut_way_is_refused_before_anyone_runs() -> None:
    state = build_situation(Situation.model_validate(tomllib.loads(GUARDS)))
    p.engage(pt.spots(state), "goblin-1", "mira")
    with pytest.raises(ToolError, match="guards sit right in front"):
        run(state, to="chief_hall")
    assert pt.engaged_foes(state, "mira") == ["goblin-1"]  # nothing happened


def test_a_way_out_is_only_for_fleeing_and_only_for_the_party() -> None:
    state = rats()
    with pytest.raises(ToolError, match="scene_id"):
        take_action_tool(
            a.TakeActionArgs(creature_id="mira", action="dodge", scene_id="inn"), state
        )
    state.encounter.turn_index = next(  # type: ignore[union-attr]
        i
        for i, c in enumerate(state.encounter.order)
        if c.id == "giant-rat-2"  # type: ignore[union-attr]
    )
    with pytest.raises(ToolError, match="only the party"):
        run(state, "giant-rat-2")


def test_a_creature_from_an_old_save_without_a_scene_is_where_the_party_is() -> None:
    state = rats()
    state.creatures["giant-rat-2"].scene = ""
    state.scene.id = "inn"
    assert living_creatures(state) == ["giant-rat-2"]


async def test_the_referee_runs_for_the_way_a_player_names() -> None:
    from app.session.setup import session_for
    from tests.app.conftest import narration, turn

    state = rats()
    p.engage(pt.spots(state), "giant-rat-2", "thorin")
    session = session_for(state)
    told = narration(await turn(session, ("mira", "run up the stairs!!")))
    assert "Mira breaks away towards the stairs, but Thorin is still in a foe's reach" in told
    assert session.state.scene.id == "cellar" and session.state.encounter is not None
    assert session.state.encounter.current.id != "mira"  # her turn is over


async def test_with_nobody_held_the_referee_takes_the_party_out() -> None:
    from app.session.setup import session_for
    from tests.app.conftest import narration, turn

    session = session_for(rats())
    told = narration(await turn(session, ("mira", "flee up the stairs")))
    assert "the fight is left behind, not won" in told
    assert session.state.scene.id == "inn" and session.state.encounter is None


SCHEMA_6 = Path(__file__).resolve().parents[1] / "data" / "saves" / "schema-6"
"""A real save written before creatures kept their scene (schema 6): the rats' fight in
the cellar after four turns."""


def test_a_real_schema_6_save_puts_the_fighting_creatures_in_the_partys_scene(
    tmp_path: Path,
) -> None:
    folder = tmp_path
    shutil.copytree(SCHEMA_6, folder, dirs_exist_ok=True)
    path = folder / "fight.toml"
    assert path.read_text().startswith("schema_version = 6\n")
    state = load_save(path).state
    assert state.encounter is not None and state.scene.id == "cellar"
    assert {c.scene for c in state.creatures.values()} == {"cellar"}
    save_game(state, "fight", folder)
    again = load_save(path)
    assert path.read_text().startswith(f"schema_version = {SCHEMA_VERSION}\n")
    assert {c.scene for c in again.state.creatures.values()} == {"cellar"}


def test_what_lasts_until_a_turn_to_come_ends_with_the_fight() -> None:
    from rules.effects import Effect

    state = rats()
    shield = Effect(id="shield", name="Shielded", ac_bonus=5, ends="start_of_own_turn", rounds=1)
    blessed = Effect(
        id="bless", name="Blessed", attack_dice="1d4", ends="end_of_own_turn", rounds=10
    )
    state.party["aria"].effects += [shield, blessed]
    run(state)
    assert [e.id for e in state.party["aria"].effects] == ["bless"]  # a minute outlasts it


def test_coming_back_to_foes_all_asleep_starts_no_fight() -> None:
    from rules.conditions import ActiveCondition, Condition

    state = rats()
    run(state)
    for cid in ("giant-rat-2", "giant-rat-3"):
        state.creatures[cid].conditions.append(ActiveCondition(condition=Condition.UNCONSCIOUS))
    move_tool(a.MoveSceneArgs(scene_id="cellar", reason="back down"), state)
    assert state.encounter is None  # they sleep on
