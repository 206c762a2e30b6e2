"""Combat tools: attacks by the rules, out-of-turn refusals, turn order with condition
ticks and death saves, and the end of a fight."""

from __future__ import annotations

import json

from app.actions.calls import ToolCall
from app.actions.fight_tools import finish_fight
from app.actions.sets import ALL_TOOLS
from app.world.sandbox import sandbox_state
from app.world.state import GameState
from rules.conditions import ActiveCondition, Condition
from rules.damage import LifeState
from rules.positions import engage, join


def run(state: GameState, name: str, **arguments: object) -> dict:
    outcome = ALL_TOOLS.execute(ToolCall("t", name, json.dumps(arguments)), state)
    return {"result": outcome.result, "events": outcome.events}


def fight(seed: int = 4) -> GameState:
    state = sandbox_state(seed=seed)
    out = run(state, "start_combat", reason="rats", monsters=[{"monster": "giant_rat", "count": 2}])
    assert out["result"]["started"]
    return state


def test_attacks_follow_the_rules_and_the_turn_order() -> None:
    state = fight()
    current = state.encounter.current.id
    other = next(c.id for c in state.encounter.order if c.id != current)
    refused = run(state, "attack", attacker_id=other, target_id=current)["result"]
    assert "turn" in refused["error"]
    target = next(
        c.id for c in state.encounter.order if (c.id in state.party) != (current in state.party)
    )
    out = run(state, "attack", attacker_id=current, target_id=target)
    swing = out["result"]["attacks"][0]
    assert swing["outcome"] in {"hit", "miss", "critical_hit"}
    kinds = [e.type for e in out["events"]]
    assert "dice_roll" in kinds and kinds[-1] == "combat_update"
    roll = next(e for e in out["events"] if e.type == "dice_roll")  # after closing in, if it did
    assert roll.check_type == "attack_roll" and roll.dc == swing["ac"]


def test_a_monster_multiattack_uses_every_listed_attack() -> None:
    state = sandbox_state(seed=9)
    run(state, "start_combat", reason="bear", monsters=[{"monster": "brown_bear"}])
    state.encounter.turn_index = next(
        i for i, c in enumerate(state.encounter.order) if c.id == "brown-bear-1"
    )
    out = run(state, "attack", attacker_id="brown-bear-1", target_id="thorin")
    assert [s["attack"] for s in out["result"]["attacks"]] == ["Bite", "Claws"]


def test_end_turn_ticks_conditions_and_dying_characters_roll_death_saves() -> None:
    state = fight(seed=6)
    order = [c.id for c in state.encounter.order]
    finished = order[0]
    nxt = order[1]
    conditions = (
        state.party[finished].conditions
        if finished in state.party
        else state.creatures[finished].conditions
    )
    conditions.append(ActiveCondition(condition=Condition.POISONED, rounds=1, ends_at="end"))
    if nxt in state.party:
        state.party[nxt].vitals = state.party[nxt].vitals.model_copy(
            update={"hp": 0, "state": LifeState.DYING}
        )
    out = run(state, "end_turn")
    texts = [getattr(e, "description", "") for e in out["events"]]
    assert any("no longer poisoned" in t for t in texts)
    if nxt in state.party:
        saves = [e for e in out["events"] if getattr(e, "check_type", "") == "death_save"]
        assert len(saves) == 1 and saves[0].character_id == nxt


def test_end_combat_returns_to_exploration_once_no_foe_fights_on() -> None:
    state = fight()
    refused = run(state, "end_combat", reason="the rats flee")["result"]["error"]
    assert refused.startswith("the fight is not over: Giant Rat 1 (giant-rat-1, HP ")
    assert '"surrender" or "flee"' in refused and state.encounter is not None
    for rat in ("giant-rat-1", "giant-rat-2"):
        state.creatures[rat].left = "fled"
    out = run(state, "end_combat", reason="the rats flee")
    assert out["events"][0].to == "exploration" and state.encounter is None
    assert (
        out["result"]["summary"]
        == "The fight lasted 1 round. Giant Rat 1 and Giant Rat 2 fled. The party is unhurt."
    )
    assert "error" in run(state, "end_turn")["result"]


def test_a_fight_fled_from_ends_with_its_foes_still_standing() -> None:
    state = fight()
    out = finish_fight(state, "the party escapes")
    assert state.encounter is None
    assert (
        out.result["summary"] == "The fight lasted 1 round. Giant Rat 1 and Giant Rat 2 still "
        "stand. The party is unhurt."
    )


def test_end_combat_is_allowed_once_the_whole_party_is_down() -> None:
    state = fight()
    for sheet in state.party.values():
        sheet.vitals = sheet.vitals.model_copy(update={"hp": 0, "state": LifeState.DYING})
    result = run(state, "end_combat", reason="the fight is decided")["result"]
    assert result["ended"] and result["party_fallen"]


def test_no_fight_starts_once_the_whole_party_is_dead() -> None:
    state = sandbox_state(seed=4)
    for sheet in state.party.values():
        sheet.vitals = sheet.vitals.model_copy(update={"hp": 0, "state": LifeState.DEAD})
    result = run(state, "start_combat", reason="a skeleton", monsters=[{"monster": "skeleton"}])
    assert "the whole party is dead" in result["result"]["error"]
    assert state.encounter is None


def test_the_end_of_a_fight_says_who_fell_surrendered_or_fled_by_name() -> None:
    state = sandbox_state(seed=4)
    monsters = [{"monster": "giant_rat", "count": 2}, {"monster": "goblin", "count": 3}]
    run(state, "start_combat", reason="ambush", monsters=monsters)
    for cid in ("giant-rat-1", "giant-rat-2", "goblin-1"):
        creature = state.creatures[cid]
        creature.vitals = creature.vitals.model_copy(update={"hp": 0, "state": LifeState.DEAD})
    state.creatures["goblin-2"].left = "surrendered"
    state.creatures["goblin-3"].left = "fled"
    thorin = state.party["thorin"]
    thorin.vitals = thorin.vitals.model_copy(update={"hp": 20})
    state.encounter.round = 3
    result = run(state, "end_combat", reason="the fight is decided")["result"]
    assert result["summary"] == (
        "The fight lasted 3 rounds. Giant Rat 1, Giant Rat 2 and Goblin 1 fell; "
        "Goblin 2 surrendered; Goblin 3 fled. Thorin (20/28 HP) is hurt."
    )
    assert result["fell"] == ["Giant Rat 1", "Giant Rat 2", "Goblin 1"]
    assert result["surrendered"] == ["Goblin 2"] and result["fled"] == ["Goblin 3"]
    assert result["standing"] == []


def _turn_of(state: GameState, cid: str) -> None:
    state.encounter.turn_index = next(i for i, c in enumerate(state.encounter.order) if c.id == cid)


def test_one_attack_action_per_turn_and_extra_attack_at_level_five() -> None:
    state = fight()
    _turn_of(state, "thorin")
    for rat in ("giant-rat-1", "giant-rat-2"):  # both rats at Thorin's throat
        join(state.encounter.positions, rat, "thorin")
    assert (
        "error" not in run(state, "attack", attacker_id="thorin", target_id="giant-rat-1")["result"]
    )
    second = run(state, "attack", attacker_id="thorin", target_id="giant-rat-2")["result"]
    assert "no action left" in second["error"]
    veteran = fight()
    thorin = veteran.party["thorin"]
    veteran.party["thorin"] = thorin.model_copy(
        update={
            "level": 5,
            "hit_dice": thorin.hit_dice.model_copy(update={"total": 5, "remaining": 5}),
        }
    )
    assert veteran.party["thorin"].attacks_per_action == 2
    _turn_of(veteran, "thorin")
    join(veteran.encounter.positions, "giant-rat-2", "thorin")
    for _ in range(2):
        assert (
            "error"
            not in run(veteran, "attack", attacker_id="thorin", target_id="giant-rat-2")["result"]
        )
    assert (
        "error" in run(veteran, "attack", attacker_id="thorin", target_id="giant-rat-2")["result"]
    )


def test_dodge_help_hide_and_dash() -> None:
    state = fight()
    _turn_of(state, "mira")
    assert (
        run(state, "take_action", creature_id="mira", action="dodge")["result"]["action"] == "dodge"
    )
    assert [e.id for e in state.party["mira"].effects] == ["dodge"]
    assert (
        "no action left"
        in run(state, "take_action", creature_id="mira", action="dash")["result"]["error"]
    )
    # a rat attacking a dodging Mira rolls with disadvantage — and its Pack Tactics (the
    # other rat still stands) gives advantage: the two cancel out
    _turn_of(state, "giant-rat-1")
    out = run(state, "attack", attacker_id="giant-rat-1", target_id="mira")
    roll = next(e for e in out["events"] if e.type == "dice_roll")  # the rat closed in first
    assert roll.advantage == "disadvantage"
    # Thorin, beside the rat, helps Mira: her next attack has advantage, once
    _turn_of(state, "thorin")
    engage(state.encounter.positions, "thorin", "giant-rat-1")
    run(state, "take_action", creature_id="thorin", action="help", target_id="mira")
    _turn_of(state, "mira")
    state.encounter.economy.pop("mira")
    state.party["mira"].effects = [e for e in state.party["mira"].effects if e.id != "dodge"]
    first = run(state, "attack", attacker_id="mira", target_id="giant-rat-1")
    assert first["events"][0].advantage == "advantage" and state.party["mira"].effects == []
    _turn_of(state, "thorin")
    state.encounter.economy.pop("thorin")
    dash = run(state, "take_action", creature_id="thorin", action="dash")["result"]
    assert dash["movement"] == 60  # speed 30, doubled by the Dash
    hide = run(state, "take_action", creature_id="giant-rat-2", action="hide")["result"]
    assert "turn" in hide["error"]


async def _goblins(count: int, seed: int = 3):  # type: ignore[no-untyped-def]
    from app.session.setup import start_session
    from app.world.campaignfile import load_campaign
    from app.world.folders import CAMPAIGNS_DIR

    session = start_session(load_campaign(CAMPAIGNS_DIR / "crossroads"), seed)
    state = session.state
    run(state, "start_combat", reason="ambush", monsters=[{"monster": "goblin", "count": count}])
    for creature in state.creatures.values():
        creature.encounter = "ambush"
    return session


async def test_a_last_badly_hurt_foe_surrenders_and_the_fight_ends() -> None:
    session = await _goblins(1)
    state = session.state
    goblin = state.creatures["goblin-1"]
    goblin.vitals = goblin.vitals.model_copy(update={"hp": 1})
    _turn_of(state, "goblin-1")
    events = [e async for e in session.run_until_players()]
    assert goblin.left == "surrendered" and state.encounter is None
    assert state.defeated == ["ambush"]
    assert "begs for mercy" in "".join(e.text for e in events if e.type == "narrative_chunk")


async def test_a_hurt_foe_whose_friends_fell_flees_and_provokes() -> None:
    session = await _goblins(3)
    state = session.state
    dead = state.creatures["goblin-2"]
    dead.vitals = dead.vitals.model_copy(update={"hp": 0, "state": LifeState.DEAD})
    runner = state.creatures["goblin-1"]
    runner.vitals = runner.vitals.model_copy(update={"hp": 1})
    join(state.encounter.positions, "goblin-1", "thorin")  # leaving Thorin provokes
    _turn_of(state, "goblin-1")
    events = [e async for e in session.process()]
    windows = [e for e in events if e.type == "reaction_window"]
    assert windows and windows[0].trigger == "Goblin 1 leaves reach"
    assert runner.left == "fled" or runner.vitals.state is LifeState.DEAD
    assert state.encounter is not None  # goblin 3 fights on


async def test_when_the_whole_party_falls_the_story_ends_in_defeat() -> None:
    session = await _goblins(2)
    state = session.state
    for sheet in state.party.values():
        sheet.vitals = sheet.vitals.model_copy(update={"hp": 0, "state": LifeState.STABLE})
    _turn_of(state, "goblin-1")
    events = [e async for e in session.run_until_players()]
    assert state.encounter is None and state.ending == "defeat"
    assert any(e.type == "state_change" and e.kind == "ending" for e in events)


def test_petrified_creatures_resist_all_damage() -> None:
    state = fight()
    state.party["thorin"].conditions.append(ActiveCondition(condition=Condition.PETRIFIED))
    out = run(state, "damage", target_id="thorin", amount="10", damage_type="fire", reason="test")
    assert out["result"]["damage"] == 5 and out["result"]["note"] == "resisted"


def test_creatures_that_cannot_act_lose_their_turn_but_their_conditions_count_down() -> None:
    state = fight(seed=6)  # Mira, Thorin, then the rats
    order = [c.id for c in state.encounter.order]
    asleep = order[1]
    conditions = (
        state.party[asleep].conditions
        if asleep in state.party
        else state.creatures[asleep].conditions
    )
    conditions.append(ActiveCondition(condition=Condition.UNCONSCIOUS, rounds=3, note="Sleep"))
    run(state, "end_turn")
    assert state.encounter.current.id == order[2]  # skipped
    assert conditions[-1].rounds == 2  # but its turn still ended


async def test_a_foe_turn_the_dm_never_ends_stops_instead_of_looping() -> None:
    from app.dm.scripted import ScriptedBrain
    from app.session.session import GameSession

    state = fight(seed=1)  # a rat acts first
    assert state.encounter.current.id.startswith("giant-rat")
    session = GameSession(state, ScriptedBrain([{"text": "The rat squeaks."}] * 5))
    events = [e async for e in session.run_until_players()]
    assert events[-1].type == "error" and "was not ended" in events[-1].message
    assert len([e for e in events if e.type == "turn_end"]) == 1


def test_a_sleeper_struck_from_close_by_is_called_a_crit_in_the_dice_log() -> None:
    """SRD: a hit on an unconscious creature from within 5 feet is a critical hit; the dice
    log calls it one, as it does a natural 20 ("CRIT", not "NAT 20": the die did not say 20)."""
    from app.display.tablelog import dice_log_entry
    from tests.referee_corpus import Situation, build_situation

    for seed in range(40):
        state = build_situation(Situation.model_validate(
            {"campaign": "crossroads", "scene": "cellar", "fight": "cellar_rats", "turn": "thorin",
             "conditions": {"giant-rat-1": ["unconscious"]}, "flags": {"trapdoor_open": True}}
        ))  # fmt: skip
        state.rng.seed(seed)
        out = run(state, "attack", attacker_id="thorin", target_id="giant-rat-1")
        rolls = [
            e for e in out["events"] if e.type == "dice_roll" and e.check_type == "attack_roll"
        ]
        if rolls[0].success and rolls[0].natural != 20:
            break
    else:
        raise AssertionError("no seed hit the sleeper without a natural 20")
    assert out["result"]["attacks"][0]["outcome"] == "critical_hit"
    assert rolls[0].crit
    entry = dice_log_entry(rolls[0]).plain
    assert "CRIT" in entry and "NAT 20" not in entry
