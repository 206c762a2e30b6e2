"""Companions who fight beside the party: ``fights_as`` and ``at_zero`` validated; a
fight started while Wendel travels along puts him in the initiative on the party's side;
the offline referee plays his turns against the foes, the foes attack him, he falls (out
cold, or dead when the author says so) and comes to after the fight; the LLM DM sees him as
an ally; players cannot act for him; a save keeps him; a long rest restores him."""

from __future__ import annotations

import copy
import io
import tomllib
from pathlib import Path
from typing import Any

import pytest
import tomli_w
from rich.console import Console
from typer.testing import CliRunner

from app.actions import args as a
from app.actions.beings import set_vitals
from app.actions.campaign_tools import start_encounter
from app.actions.events import DiceRoll, SessionEvent, StateChange
from app.actions.fight_tools import end_combat_tool, start_combat_tool
from app.actions.harm import deal_damage
from app.actions.position_tools import hostile
from app.actions.registry import ToolError
from app.actions.rest_tools import rest_tool
from app.cli.main import app
from app.console.game import ConsoleGame
from app.dm.context import roster
from app.referee.choosing_words import sides
from app.referee.referee import OfflineReferee
from app.saves import load_game, save_game
from app.session import declaring
from app.session.panels import panels
from app.session.runner import _weakest_foe, run_lines
from app.session.session import GameSession
from app.session.setup import session_for
from app.session.states import CombatState
from app.understanding import Intent
from app.world.campaign import Campaign
from app.world.campaignfile import CampaignError, parse_campaign
from app.world.newgame import new_game
from app.world.state import GameState
from app.world.validate import validate_campaign
from app.world.view import npcs_here
from rules.damage import DamageType, LifeState
from tests.app.referee_lines import play

FILE = Path(__file__).resolve().parents[1] / "data" / "campaigns" / "sand_road" / "campaign.toml"
RAW = tomllib.loads(FILE.read_text(encoding="utf-8"))


def campaign(change: Any = None) -> Campaign:
    data = copy.deepcopy(RAW)
    if change is not None:
        change(data["npcs"]["wendel"])
    return parse_campaign(data, FILE)


def in_fight(seed: int = 6, change: Any = None) -> tuple[GameState, GameSession]:
    """Wendel has joined, and the grey pack attacks."""
    state = new_game(campaign(change), seed=seed)
    state.flags["wendel_joined"] = True
    session = session_for(state)
    start_encounter(state, "jackals")
    return state, session


async def fight_out(state: GameState, session: GameSession) -> list[SessionEvent]:
    """Every character attacks the nearest wolf on their turn until the fight ends."""
    seen: list[SessionEvent] = []
    for _ in range(40):
        if state.encounter is None:
            break
        if session.foe_turn:
            seen += [e async for e in session.run_until_players()]
            continue
        acting = state.encounter.current.id
        reply, _who = declaring.declare(session, "attack the nearest wolf", acting)
        assert reply.ok, reply.text
        seen += [e async for e in session.process()]
    assert state.encounter is None
    return seen


# -- the campaign file ----------------------------------------------------------------------


def test_the_fields_are_checked() -> None:
    assert campaign().npcs["wendel"].fights_as == "guard"
    with pytest.raises(CampaignError, match="fights_as is for companions"):
        parse_campaign(
            {**RAW, "npcs": {**RAW["npcs"], "malik": {**RAW["npcs"]["malik"],
                                                       "fights_as": "guard"}}},
            FILE,
        )  # fmt: skip
    with pytest.raises(CampaignError, match="did you mean 'fights_as'"):
        campaign(lambda w: w.update(fight_as="guard"))
    with pytest.raises(CampaignError, match="at_zero"):
        campaign(lambda w: w.update(at_zero="sleeps"))
    with pytest.raises(CampaignError, match="at_zero is for companions who fight"):
        campaign(lambda w: (w.pop("fights_as"), w.update(at_zero="dies")))
    found = [str(p) for p in validate_campaign(campaign(lambda w: w.update(fights_as="gaurd")))]
    expected = "npcs.wendel.fights_as: no monster 'gaurd' — did you mean 'guard'?"
    assert any(expected in p for p in found), found


def test_dungeon_validate_names_a_stat_block_it_does_not_know(tmp_path: Path) -> None:
    data = copy.deepcopy(RAW)
    data["npcs"]["wendel"]["fights_as"] = "gaurd"
    (tmp_path / "campaign.toml").write_text(tomli_w.dumps(data), encoding="utf-8")
    result = CliRunner().invoke(app, ["validate", str(tmp_path)])
    assert result.exit_code == 3 and "did you mean 'guard'" in result.stdout


# -- the fight ------------------------------------------------------------------------------


def test_a_companion_joins_the_fight_on_the_party_side_and_no_player_plays_him() -> None:
    state, session = in_fight()
    assert state.encounter is not None
    sides = {c.id: c.side for c in state.encounter.order}
    assert sides == {"bram": "party", "sela": "party", "wendel": "party",
                     "wolf-1": "foes", "wolf-2": "foes"}  # fmt: skip
    wendel = state.creatures["wendel"]
    assert (wendel.name, wendel.monster, wendel.hostile) == ("Wendel", "guard", False)
    reply, who = declaring.declare(session, "Wendel: I attack wolf 1", None)
    assert not reply.ok and who is None and "Wendel is with the DM" in reply.text
    assert "wendel: Wendel, ally, HP 11/11" in roster(state)
    state.encounter.turn_index = [c.id for c in state.encounter.order].index("wendel")
    fight = CombatState()
    assert fight.foe_turn(state) and "a companion of the party" in fight.instruction(state)
    shown = panels(state)
    assert [m.name for m in shown.allies] == ["Wendel"]
    assert "Wendel" not in [m.name for m in shown.party]
    assert shown.combat is not None and any(
        r.id == "wendel" and r.side == "party" for r in shown.combat.combatants
    )


def test_a_companion_stays_out_of_fights_until_he_joins() -> None:
    state = new_game(campaign(), seed=6)
    start_encounter(state, "jackals")
    assert state.encounter is not None
    assert "wendel" not in {c.id for c in state.encounter.order}


async def test_he_fights_the_foes_is_attacked_falls_and_comes_to() -> None:
    state, session = in_fight()
    seen = await fight_out(state, session)
    rolls = [e for e in seen if isinstance(e, DiceRoll) and e.check_type == "attack_roll"]
    assert any(r.character_id == "wendel" and "vs Wolf" in r.reason for r in rolls)
    assert any(r.character_id.startswith("wolf") and r.reason.endswith("vs Wendel")
               for r in rolls if r.character_id)  # fmt: skip
    hits = [e.description for e in seen if isinstance(e, StateChange) and e.target_id == "wendel"]
    assert any("→ 0/11 HP, stable" in h for h in hits), hits
    assert hits[-2:] == ["Wendel comes to with 1 HP", "Wendel gets back up"]  # (once it is over)
    wendel = state.creatures["wendel"]
    assert wendel.vitals.hp == 1 and wendel.vitals.state is LifeState.ALIVE
    told = [e.description for e in seen if isinstance(e, StateChange) and e.kind == "reveal"]
    assert "Wendel is down." in told[-1]
    assert "wendel" in npcs_here(state, state.campaign)
    rest_tool(a.RestArgs(kind="long"), state)
    assert wendel.vitals.hp == 11


async def test_one_who_dies_at_zero_is_gone_from_the_story() -> None:
    state, session = in_fight(change=lambda w: w.update(at_zero="dies"))
    await fight_out(state, session)
    assert state.creatures["wendel"].vitals.state is LifeState.DEAD
    assert "wendel" not in npcs_here(state, state.campaign)
    start_encounter(state, "jackals")  # the pack's survivors, if any: he stays dead
    assert state.encounter is None or "wendel" not in {c.id for c in state.encounter.order}


def test_the_save_keeps_him_in_the_fight(tmp_path: Path) -> None:
    state, _session = in_fight()
    state.creatures["wendel"].vitals = state.creatures["wendel"].vitals.model_copy(update={"hp": 4})
    path = save_game(state, "pack", tmp_path)
    assert 'side = "party"' in path.read_text(encoding="utf-8")
    loaded = load_game("pack", tmp_path)
    again = loaded.creatures["wendel"]
    assert (again.side, again.vitals.hp, again.hostile) == ("party", 4, False)
    assert loaded.encounter is not None
    assert [c.side for c in loaded.encounter.order] == [c.side for c in state.encounter.order]


# -- the authoring tools --------------------------------------------------------------------


def test_balance_and_simulate_field_the_companion(tmp_path: Path) -> None:
    state, _session = in_fight()
    save_game(state, "pack", tmp_path)
    runner = CliRunner()
    folder = str(FILE.parent)
    args = ["balance", folder, "--load", "pack", "--saves-dir", str(tmp_path), "--fights", "20"]
    balance = runner.invoke(app, args)
    assert balance.exit_code == 0, balance.output
    assert "Sela, Bram, Wendel vs Wolf 1" in balance.stdout
    assert "Wendel 11/11 HP (companion)" in balance.stdout
    assert any(line.split()[:1] == ["Wendel"] for line in balance.stdout.splitlines()[-4:])
    script = tmp_path / "road.txt"
    script.write_text(
        "Bram: ask Wendel about the road\nBram: ask Wendel about wolves\n"
        "fight until the combat ends\n",
        encoding="utf-8",
    )
    args = ["simulate", folder, "--script", str(script), "--seed", "3", "--scene", "qasr"]
    simulated = runner.invoke(app, args)
    assert simulated.exit_code == 0, simulated.output
    assert "Wendel: Spear vs Wolf" in simulated.stdout
    assert "Wendel (companion): 1/11 HP, alive" in simulated.stdout


def test_the_fight_goes_on_while_he_stands_and_he_never_fights_the_party() -> None:
    state, _session = in_fight()
    assert not hostile(state, "wendel", "bram") and hostile(state, "wendel", "wolf-1")
    for cid in ("bram", "sela"):
        down = state.party[cid].vitals.model_copy(update={"hp": 0, "state": LifeState.STABLE})
        set_vitals(state, cid, down)
    with pytest.raises(ToolError, match="the fight is not over"):
        end_combat_tool(a.EndCombatArgs(reason="the party fell"), state)


async def test_he_is_no_foe_and_is_healed_wherever_the_party_goes() -> None:
    state, session = in_fight()
    await fight_out(state, session)
    referee = await play(session, "sela", "look around")
    assert not any("Foes:" in note for note in referee.notes), referee.notes
    state.scene = state.scenes["qasr"]  # away from where he fought
    assert state.creatures["wendel"].vitals.hp == 1
    hurt = state.party["sela"].vitals.hp
    await play(session, "sela", "cast cure wounds on Wendel")
    assert state.creatures["wendel"].vitals.hp > 1
    assert state.party["sela"].vitals.hp == hurt  # the healing went to him, not to her


def test_he_rolls_his_own_initiative_beside_foes_of_his_kind() -> None:
    state = new_game(campaign(), seed=2)
    state.flags["wendel_joined"] = True
    guards = a.StartCombatArgs.model_validate(
        {"reason": "a brawl", "monsters": [{"monster": "guard", "count": 2}]}
    )
    outcome = start_combat_tool(guards, state)
    rolled = [e.character_name for e in outcome.events if isinstance(e, DiceRoll)]
    assert "Guard ×2" in rolled and "Wendel" in rolled, rolled
    assert state.encounter is not None
    sides = {c.id: c.side for c in state.encounter.order}
    assert sides["guard-1"] == sides["guard-2"] == "foes" and sides["wendel"] == "party"


def test_the_console_lists_him_with_the_party() -> None:
    _state, session = in_fight()
    game = ConsoleGame(session, Console(file=io.StringIO(), width=120, color_system=None), input)
    lines = game.status_lines()
    assert "  Wendel (ally): 11/11 HP, AC 16" in lines, lines


async def test_a_scripted_fight_never_aims_at_the_companion_and_always_ends() -> None:
    """``fight until the combat ends`` fights beside Wendel: no line of it names him as a
    target, and a fighter with nothing left to do this turn passes it on instead of trying
    the same thing until the script gives up."""
    for seed in (1, 2, 3):
        state, session = in_fight(seed)
        wendel = state.creatures["wendel"]  # the weakest on the field: no foe's mark for it
        wendel.vitals = wendel.vitals.model_copy(update={"hp": 1})
        first = state.encounter.current.id if state.encounter else ""
        shout = f"{state.name_of(first)}: back off, you mangy curs!" if first in state.party else ""
        result = await run_lines(
            session, [*([shout] if shout else []), "fight until the combat ends"]
        )
        said = "\n".join(result.transcript)
        assert "Wendel" not in "\n".join(
            line for line in result.transcript if line.startswith(">") and "attack" in line
        ), said
        assert not result.failed, said


def test_the_fighting_brain_counts_a_companion_on_the_party_side() -> None:
    """Whatever its stat block says of hostility, a companion is never the scripted
    fighters' foe: not in the brain's foes, nor the plain attack's weakest foe."""
    state, session = in_fight(2)
    wendel = state.creatures["wendel"]
    wendel.hostile = True  # as a monster's block would have it
    wendel.vitals = wendel.vitals.model_copy(update={"hp": 1})
    party, foes = sides(state)
    assert "wendel" in {f.id for f in party} and "wendel" not in {f.id for f in foes}
    assert _weakest_foe(session) not in (None, wendel.name)


async def test_a_companion_knocked_out_is_tended_by_name_or_as_the_only_one_down() -> None:
    """ "stabilise Wendel" and "bandage him" are about the companion on the ground (out cold
    and stable by ``at_zero = "down"``): the table is told he comes to after the fight and
    that healing brings him round now — never asked whether they meant to talk to him."""
    state, session = in_fight()
    deal_damage(state, "wendel", 11, DamageType.SLASHING)  # a wolf's bite: down, stable
    assert state.creatures["wendel"].vitals.state is LifeState.STABLE
    while state.encounter is not None and state.encounter.current.id not in state.party:
        async for _ in session.run_until_players():
            pass
    actor = state.encounter.current.id if state.encounter else "sela"
    for line in ("stabilise Wendel", "bandage him"):
        referee = await play(session, actor, line)
        told = " ".join(referee.notes)
        assert "Wendel is out cold but stable: he comes to with 1 hit point" in told, told
        assert not referee.made


async def test_following_a_companion_asks_where_the_party_goes() -> None:
    state = new_game(campaign(), seed=3)
    state.flags["wendel_joined"] = True
    referee = await play(session_for(state), "sela", "follow Wendel")
    assert "Wendel travels with the party and goes where it goes" in " ".join(referee.notes)
    assert not referee.made


async def test_a_topic_whose_telling_ends_its_own_offer_is_still_told_that_turn() -> None:
    """``road`` is offered only while Wendel has not joined, and telling it makes him join:
    the player hears his answer, then the offer is gone."""

    def offer_once(wendel: dict[str, Any]) -> None:
        wendel["topics"]["road"] = {
            "text": "'The east road? I'll walk with you.'",
            "when": {"not": {"flag": "wendel_joined"}},
            "effects": {"set_flags": {"wendel_joined": True}},
        }

    state = new_game(campaign(offer_once), seed=2)
    state.scene = state.scenes["qasr"]  # where he keeps the well
    session = session_for(state)
    told = []
    for _ in range(2):
        reply, _who = declaring.declare(session, "ask wendel about the road", "sela")
        assert reply.ok
        told.append(" ".join(e.text for e in [e async for e in session.process()]
                             if e.type == "narrative_chunk"))  # fmt: skip
    assert "I'll walk with you" in told[0] and state.flags["wendel_joined"]
    assert "I'll walk with you" not in told[1]


def test_tending_a_companion_who_stands_says_there_is_nothing_to_stop() -> None:
    state, session = in_fight()
    referee = session.brain
    assert isinstance(referee, OfflineReferee)
    tend = Intent(kind="manoeuvre", action="stabilize", text="bandage Wendel", targets=("wendel",))
    assert referee._stabilize(state, "sela", tend) == []
    assert referee.notes[-1] == "Wendel is not down; there is no bleeding to stop."
