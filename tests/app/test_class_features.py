"""Class features and species traits in play, through the tools: each test names the SRD
rule it holds the engine to."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from app.actions.calls import ToolCall
from app.actions.class_rules import sneak_attack_dice
from app.actions.sets import ALL_TOOLS, COMBAT_TOOLS, EXPLORATION_TOOLS
from app.world.sandbox import sandbox_state
from app.world.state import GameState
from rules.character import CharacterSheet
from rules.damage import LifeState
from rules.positions import scrum


def run(state: GameState, name: str, **arguments: object) -> dict:
    outcome = ALL_TOOLS.execute(ToolCall("t", name, json.dumps(arguments)), state)
    return {"result": outcome.result, "events": outcome.events}


def fight(state: GameState, monster: str = "giant_rat", count: int = 1, turn: str = "mira") -> None:
    out = run(state, "start_combat", reason="test", monsters=[{"monster": monster, "count": count}])
    assert out["result"]["started"], out
    assert state.encounter is not None  # one close melee: these tests are about features
    scrum(state.encounter.positions, [c.id for c in state.encounter.order])
    state.encounter.turn_index = next(
        i for i, c in enumerate(state.encounter.order) if c.id == turn
    )


def hurt(state: GameState, cid: str, hp: int) -> None:
    sheet = state.party[cid]
    sheet.vitals = sheet.vitals.model_copy(update={"hp": hp})


def reasons(events: list) -> list[str]:
    return [getattr(e, "reason", "") or "" for e in events]


def add_member(state: GameState, **data: object) -> CharacterSheet:
    base: dict[str, object] = {
        "name": str(data["id"]).title(), "level": 3,
        "abilities": {"str": 16, "dex": 12, "con": 14, "int": 10, "wis": 16, "cha": 16},
        "vitals": {"hp": 30, "max_hp": 30},
        "hit_dice": {"die": 10, "total": 3, "remaining": 3},
        "weapons": ["greataxe"],
    }  # fmt: skip
    base.update(data)
    base["hit_dice"] = {"die": 10, "total": base["level"], "remaining": base["level"]}
    sheet = CharacterSheet.model_validate(base)
    state.party[sheet.id] = sheet
    state.players["Player"].append(sheet.id)
    return sheet


def test_use_feature_is_offered_in_combat_and_exploration() -> None:
    assert "use_feature" in COMBAT_TOOLS.names and "use_feature" in EXPLORATION_TOOLS.names


def test_sneak_attack_dice_are_half_the_rogue_level_rounded_up() -> None:
    assert [sneak_attack_dice(lv) for lv in (1, 2, 3, 5, 6)] == ["1d6", "1d6", "2d6", "3d6", "3d6"]


def test_sneak_attack_once_per_turn_with_an_ally_beside_the_target() -> None:
    """SRD: a rogue's finesse hit deals Sneak Attack when an ally is next to the target,
    once per turn."""
    for seed in range(40):
        state = sandbox_state(seed=seed)
        fight(state, count=2)
        out = run(state, "attack", attacker_id="mira", target_id="giant-rat-1")
        if out["result"]["attacks"][0]["outcome"] != "miss":
            break
    assert "Sneak Attack" in reasons(out["events"])
    assert state.party["mira"].resources["sneak_attack_turn"]
    state.encounter.economy["mira"].action = True  # a second attack in the same turn
    target = "giant-rat-2"
    again = run(state, "attack", attacker_id="mira", target_id=target)
    assert "Sneak Attack" not in reasons(again["events"])


def test_no_sneak_attack_alone_without_advantage() -> None:
    """SRD: with no ally beside the target and no advantage, there is no Sneak Attack."""
    state = sandbox_state(seed=3)
    hurt(state, "thorin", 0)
    fight(state)
    for _ in range(6):
        state.encounter.economy["mira"].action = True
        out = run(state, "attack", attacker_id="mira", target_id="giant-rat-1")
        assert "Sneak Attack" not in reasons(out["events"])
        if "error" in out["result"]:
            break


def test_second_wind_heals_1d10_plus_level_once_per_short_rest() -> None:
    """SRD: Second Wind, a bonus action, regains 1d10 + fighter level HP; one use per
    short rest."""
    state = sandbox_state(seed=1)
    hurt(state, "thorin", 5)
    out = run(state, "use_feature", creature_id="thorin", feature="second_wind")
    healed = out["result"]["healed"]
    assert 4 <= healed <= 13 and state.party["thorin"].vitals.hp == 5 + healed
    again = run(state, "use_feature", creature_id="thorin", feature="second wind")
    assert "no uses" in again["result"]["error"]
    run(state, "rest", kind="short")
    assert state.party["thorin"].uses_left("second_wind") == 1


def test_second_wind_costs_the_bonus_action_in_a_fight() -> None:
    state = sandbox_state(seed=1)
    fight(state, turn="thorin")
    whole = run(state, "use_feature", creature_id="thorin", feature="second_wind")
    assert "not hurt" in whole["result"]["error"]  # refused: nothing spent
    assert state.encounter.economy["thorin"].bonus_action and not state.party["thorin"].resources
    hurt(state, "thorin", 20)
    run(state, "use_feature", creature_id="thorin", feature="second_wind")
    assert state.encounter.economy["thorin"].bonus_action is False
    assert state.encounter.economy["thorin"].action is True


def test_action_surge_gives_one_more_action_after_the_first() -> None:
    """SRD: Action Surge, once per short rest, grants one additional action."""
    state = sandbox_state(seed=2)
    fight(state, count=2, turn="thorin")
    run(state, "take_action", creature_id="thorin", action="dodge")
    out = run(state, "use_feature", creature_id="thorin", feature="action_surge")
    assert out["result"]["uses_left"] == 0
    attack = run(state, "attack", attacker_id="thorin", target_id="giant-rat-1")
    assert "attacks" in attack["result"]


def test_action_surge_before_acting_gives_two_actions_this_turn() -> None:
    """SRD: "on your turn, you can take one additional action" — at any moment of the
    turn, the first action still to come."""
    state = sandbox_state(seed=2)
    fight(state, count=2, turn="thorin")
    run(state, "use_feature", creature_id="thorin", feature="action_surge")
    run(state, "take_action", creature_id="thorin", action="dodge")
    second = run(state, "take_action", creature_id="thorin", action="dash")
    assert "error" not in second["result"]
    third = run(state, "take_action", creature_id="thorin", action="help", target_id="mira")
    assert "no action left" in third["result"]["error"]


def test_a_feature_the_character_lacks_is_refused_and_nothing_is_spent() -> None:
    state = sandbox_state()
    out = run(state, "use_feature", creature_id="mira", feature="rage")
    assert "no feature" in out["result"]["error"] and state.party["mira"].resources == {}
    passive = run(state, "use_feature", creature_id="mira", feature="sneak_attack")
    assert "works on its own" in passive["result"]["error"]


def test_cunning_action_disengages_with_the_bonus_action() -> None:
    """SRD: Cunning Action lets a rogue Dash, Disengage or Hide as a bonus action."""
    state = sandbox_state(seed=5)
    fight(state)
    out = run(
        state, "use_feature", creature_id="mira", feature="cunning_action", option="disengage"
    )
    economy = state.encounter.economy["mira"]
    disengaged = any(e.id == "disengaged" for e in state.party["mira"].effects)
    assert out["result"]["action"] == "disengage" and disengaged
    assert economy.action is True and economy.bonus_action is False


def test_rage_resists_weapon_damage_and_adds_two_to_strength_melee_damage() -> None:
    """SRD: a raging barbarian resists bludgeoning, piercing and slashing damage and adds
    +2 to Strength melee weapon damage; a turn with no attack or damage ends the rage."""
    state = sandbox_state(seed=7)
    add_member(state, id="grog", **{"class": "Barbarian"})
    fight(state, turn="grog")
    run(state, "use_feature", creature_id="grog", feature="rage")
    assert state.party["grog"].uses_left("rage") == 2
    out = run(state, "damage", target_id="grog", amount="10", damage_type="slashing", reason="t")
    assert out["result"]["damage"] == 5
    for seed in range(30):
        state.rng.seed(seed)
        state.encounter.economy["grog"].action = True
        hit = run(state, "attack", attacker_id="grog", target_id="giant-rat-1")
        if hit["result"]["attacks"][0]["outcome"] != "miss":
            break
    assert "Rage" in reasons(hit["events"])
    state.party["grog"].resources.pop("rage_kept", None)
    run(state, "end_turn")
    assert not any(e.id == "rage" for e in state.party["grog"].effects)


def test_turn_undead_turns_skeletons_that_fail_their_wisdom_save() -> None:
    """SRD: undead that fail a Wisdom save against the cleric's spell DC are turned: they
    cannot attack, until they take damage."""
    state = sandbox_state(seed=11)
    add_member(state, id="ivo", **{"class": "Cleric"}, weapons=["mace"])
    fight(state, monster="skeleton", count=3, turn="ivo")
    out = run(state, "use_feature", creature_id="ivo", feature="turn_undead")
    outcomes = {u["id"]: u["outcome"] for u in out["result"]["undead"]}
    assert out["result"]["dc"] == 13 and set(outcomes.values()) <= {"turned", "resists"}
    turned = [cid for cid, o in outcomes.items() if o == "turned"]
    assert turned, outcomes
    state.encounter.turn_index = next(
        i for i, c in enumerate(state.encounter.order) if c.id == turned[0]
    )
    refused = run(state, "attack", attacker_id=turned[0], target_id="ivo")
    assert "turned" in refused["result"]["error"]
    run(state, "damage", target_id=turned[0], amount="1", damage_type="radiant", reason="t")
    assert not any(e.id == "turned" for e in state.creatures[turned[0]].effects)
    assert state.party["ivo"].uses_left("channel_divinity") == 0


def test_destroy_undead_destroys_low_challenge_undead_at_fifth_level() -> None:
    """SRD: from 5th level, undead of CR 1/2 or lower that fail the save are destroyed."""
    state = sandbox_state(seed=11)
    add_member(state, id="ivo", level=5, **{"class": "Cleric"}, weapons=["mace"])
    fight(state, monster="zombie", count=3, turn="ivo")
    out = run(state, "use_feature", creature_id="ivo", feature="turn_undead")
    for undead in out["result"]["undead"]:
        dead = state.creatures[undead["id"]].vitals.state is LifeState.DEAD
        assert dead == (undead["outcome"] == "destroyed")
        assert undead["outcome"] in {"destroyed", "resists"}


def test_lay_on_hands_heals_from_a_pool_of_five_times_level() -> None:
    """SRD: Lay on Hands restores hit points from a pool of 5 x paladin level."""
    state = sandbox_state()
    add_member(state, id="sela", **{"class": "Paladin"}, weapons=["longsword"])
    hurt(state, "mira", 1)
    out = run(state, "use_feature", creature_id="sela", feature="lay_on_hands", target_id="mira")
    assert out["result"]["healed"] == 15 and out["result"]["uses_left"] == 0
    assert state.party["mira"].vitals.hp == 16


def test_divine_smite_spends_a_slot_for_radiant_dice_on_a_hit() -> None:
    """SRD: Divine Smite spends a slot on a melee hit: 2d8 radiant, +1d8 against undead."""
    for seed in range(40):
        state = sandbox_state(seed=seed)
        add_member(state, id="sela", **{"class": "Paladin"}, weapons=["longsword"],
                   spellcasting_ability="cha", spell_slots={"maximum": {1: 3}})  # fmt: skip
        fight(state, monster="skeleton", turn="sela")
        run(state, "use_feature", creature_id="sela", feature="divine_smite")
        out = run(state, "attack", attacker_id="sela", target_id="skeleton-1")
        if out["result"]["attacks"][0]["outcome"] != "miss":
            break
    smite = next(e for e in out["events"] if getattr(e, "reason", "") == "Divine Smite")
    assert smite.formula.startswith("3d8")
    assert state.party["sela"].spell_slots.remaining(1) == 2


def test_bardic_inspiration_adds_a_d6_to_the_next_roll_only() -> None:
    """SRD: Bardic Inspiration gives one d6 to add to one attack, check or save."""
    state = sandbox_state(seed=4)
    add_member(state, id="lute", **{"class": "Bard"}, weapons=["rapier"])
    run(state, "use_feature", creature_id="lute", feature="bardic_inspiration", target_id="thorin")
    out = run(state, "request_ability_check", character_id="thorin", skill="athletics", dc=10,
              reason="climb")  # fmt: skip
    assert "1d6" in out["events"][0].formula
    again = run(state, "request_ability_check", character_id="thorin", skill="athletics", dc=10,
                reason="climb")  # fmt: skip
    assert "1d6" not in again["events"][0].formula


def test_arcane_recovery_restores_slots_after_a_short_rest_once_a_day() -> None:
    """SRD: once a day after a short rest, a wizard recovers slots totalling half the
    wizard level rounded up."""
    state = sandbox_state()
    aria = add_member(state, id="aria", **{"class": "Wizard"}, weapons=["dagger"],
                      spellcasting_ability="int",
                      spell_slots={"maximum": {1: 4, 2: 2}, "expended": {1: 2, 2: 1}})  # fmt: skip
    out = run(state, "rest", kind="short")
    assert any("arcane recovery" in e.description for e in out["events"])
    assert aria.spell_slots.expended == {1: 2}
    run(state, "rest", kind="short")
    assert aria.spell_slots.expended == {1: 2}
    run(state, "rest", kind="long")
    assert aria.resources == {} and aria.spell_slots.expended == {}


def test_dwarven_resilience_resists_poison_and_relentless_endurance_keeps_one_hp() -> None:
    """SRD: a dwarf resists poison damage; a half-orc dropped to 0 HP (not killed
    outright) drops to 1 instead, once per long rest."""
    state = sandbox_state()
    state.party["thorin"].features.append("dwarven_resilience")
    out = run(state, "damage", target_id="thorin", amount="10", damage_type="poison", reason="t")
    assert out["result"]["damage"] == 5
    orc = add_member(state, id="gash", features=["relentless_endurance"], **{"class": "Fighter"})
    run(state, "damage", target_id="gash", amount="35", damage_type="slashing", reason="t")
    assert orc.vitals.hp == 1 and orc.vitals.state is LifeState.ALIVE
    run(state, "damage", target_id="gash", amount="5", damage_type="slashing", reason="t")
    assert orc.vitals.hp == 0


def test_brave_gives_advantage_on_saves_against_fear() -> None:
    """SRD: a halfling has advantage on saving throws against being frightened."""
    state = sandbox_state()
    state.party["mira"].features.append("brave")
    out = run(state, "request_saving_throw", character_id="mira", ability="wis", dc=12,
              reason="the ghost's frightful wail")  # fmt: skip
    assert out["result"]["advantage"] == "advantage"


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 60), st.sampled_from(["slashing", "fire", "poison", "piercing"]))
def test_damage_through_the_feature_rules_never_raises_hp(amount: int, kind: str) -> None:
    state = sandbox_state()
    state.party["thorin"].features += ["dwarven_resilience", "hellish_resistance"]
    before = state.party["thorin"].vitals.hp
    run(
        state,
        "damage",
        target_id="thorin",
        amount=str(max(1, amount)),
        damage_type=kind,
        reason="t",
    )
    assert state.party["thorin"].vitals.hp <= before


def test_great_weapon_fighting_rerolls_the_weapon_dice_showing_one_or_two() -> None:
    """SRD (Great Weapon Fighting): with a two-handed melee weapon, a 1 or 2 on a damage
    die is rolled again once; other damage (Sneak Attack, Rage) is not."""
    for seed in range(40):
        state = sandbox_state(seed=seed)
        add_member(state, id="bruna", **{"class": "Fighter"},
                   choices={"fighting_style": "great_weapon_fighting"})  # fmt: skip
        fight(state, turn="bruna")
        out = run(state, "attack", attacker_id="bruna", target_id="giant-rat-1")
        if out["result"]["attacks"][0]["outcome"] != "miss":
            break
    damage = next(e for e in out["events"] if getattr(e, "reason", "") == "Greataxe damage")
    assert damage.formula.startswith(("1d12ro<3", "2d12ro<3"))


def test_preserve_life_heals_the_worst_hurt_but_never_above_half() -> None:
    """SRD (Preserve Life): five times the cleric level in healing, shared among creatures,
    none restored above half its hit point maximum."""
    state = sandbox_state()
    add_member(state, id="ivo", level=2, **{"class": "Cleric"}, weapons=["mace"])
    hurt(state, "mira", 2)
    hurt(state, "thorin", 3)
    out = run(state, "use_feature", creature_id="ivo", feature="preserve_life")
    assert out["result"]["healed_each"] == {"mira": 8, "thorin": 2}  # 10 HP: Mira to 10/21
    assert (
        state.party["mira"].vitals.hp == 10
        and state.party["ivo"].uses_left("channel_divinity") == 0
    )


def test_a_short_rest_shows_each_hit_die_rolled_and_counts_them_in_words() -> None:
    """Every hit die spent is a roll in the dice log (as any roll is); the note says
    "1 hit die", "2 hit dice", or "no hit dice" for a character who needed none."""
    state = sandbox_state(seed=1)
    hurt(state, "thorin", 1)
    out = run(state, "rest", kind="short", character_ids=["thorin", "mira"])
    rolls = [e for e in out["events"] if getattr(e, "reason", "") == "hit die"]
    spent = len(rolls)
    assert spent >= 1 and all(e.character_name == "Thorin" for e in rolls)
    notes = [e.description for e in out["events"] if e.type == "state_change"]
    word = "1 hit die spent" if spent == 1 else f"{spent} hit dice spent"
    assert any(word in n for n in notes) and any("no hit dice spent" in n for n in notes)
    healed = sum(e.total for e in rolls)
    assert state.party["thorin"].vitals.hp == min(1 + healed, state.party["thorin"].vitals.max_hp)
