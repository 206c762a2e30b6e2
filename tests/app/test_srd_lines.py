"""The class features and core rules of levels 1–5, said by a player and carried out by the
offline referee through the same tools a DM calls (each rule's own tool-level test names the
SRD 5.1 wording it holds to; here the player's line reaches it)."""

from __future__ import annotations

from typing import Any

from app.session.setup import session_for, start_session
from app.world.campaignfile import load_campaign
from app.world.folders import CAMPAIGNS_DIR
from app.world.sandbox import sandbox_state
from app.world.state import GameState
from rules import positions as p
from rules.abilities import Ability
from rules.conditions import ActiveCondition, Condition
from rules.effects import Effect
from rules.skills import Skill
from tests.app.conftest import narration, turn
from tests.app.spell_party import fight as spell_fight
from tests.app.spell_party import spell_party
from tests.app.test_class_features import add_member, fight

CROSSROADS = load_campaign(CAMPAIGNS_DIR / "crossroads")
DEX = {"str": 10, "dex": 18, "con": 14, "int": 10, "wis": 14, "cha": 10}


def _rolls(events: list[Any], kind: str, who: str | None = None) -> list[Any]:
    return [
        e for e in events
        if e.type == "dice_roll" and e.check_type == kind and (who is None or e.character_id == who)
    ]  # fmt: skip


def _tough(state: GameState, cid: str = "giant-rat-1") -> None:
    rat = state.creatures[cid]
    rat.vitals = rat.vitals.model_copy(update={"max_hp": 500, "hp": 400})  # wounded, alive


async def test_i_dash_with_fast_movement_gives_80_feet() -> None:
    state = sandbox_state(seed=1)
    add_member(state, id="grog", level=5, **{"class": "Barbarian"})
    fight(state, turn="grog")
    await turn(session_for(state), ("grog", "I dash"))
    assert state.encounter is not None and state.encounter.economy["grog"].movement == 80


async def test_i_attack_with_a_longsword_in_one_hand_adds_dueling() -> None:
    state = sandbox_state(seed=1)
    add_member(state, id="duel", level=1, weapons=["longsword"],
               choices={"fighting_style": "dueling"}, **{"class": "Fighter"})  # fmt: skip
    fight(state, turn="duel")
    _tough(state)
    for seed in range(20):  # until the blow lands
        state.rng.seed(seed)
        state.encounter.economy.pop("duel", None)  # type: ignore[union-attr]
        state.encounter.turn_index = [c.id for c in state.encounter.order].index("duel")  # type: ignore[union-attr]
        events = await turn(session_for(state), ("duel", "I attack the rat with my longsword"))
        if len(_rolls(events, "damage", "duel")) > 0:
            break
    assert "Dueling" in [e.reason for e in _rolls(events, "damage", "duel")]


async def test_i_shoot_the_wounded_rat_adds_colossus_slayer() -> None:
    state = sandbox_state(seed=1)
    add_member(state, id="ash", level=3, weapons=["longbow"], abilities=DEX,
               **{"class": "Ranger"})  # fmt: skip
    fight(state, turn="ash")
    _tough(state)
    events = await turn(session_for(state), ("ash", "I shoot the rat"))
    assert "Colossus Slayer" in [e.reason for e in _rolls(events, "damage", "ash")]


async def test_an_exhausted_fighters_attack_has_disadvantage() -> None:
    state = sandbox_state(seed=1)
    fight(state, turn="thorin")
    state.party["thorin"].exhaustion = 3
    events = await turn(session_for(state), ("thorin", "I attack the rat"))
    assert _rolls(events, "attack_roll", "thorin")[0].advantage == "disadvantage"


async def test_a_halfling_swinging_a_greataxe_has_disadvantage() -> None:
    state = sandbox_state(seed=1)
    add_member(state, id="pip", level=1, species="Halfling (lightfoot)", weapons=["greataxe"],
               **{"class": "Fighter"})  # fmt: skip
    fight(state, turn="pip")
    events = await turn(session_for(state), ("pip", "I swing my greataxe at the rat"))
    assert _rolls(events, "attack_roll", "pip")[0].advantage == "disadvantage"


async def test_shooting_a_crossbow_twice_fires_once_and_says_why() -> None:
    state = sandbox_state(seed=1)
    add_member(state, id="bolt", level=5, weapons=["light_crossbow"], abilities=DEX,
               **{"class": "Fighter"})  # fmt: skip
    fight(state, turn="bolt")
    _tough(state)
    events = await turn(session_for(state), ("bolt", "I shoot the rat twice with my crossbow"))
    assert len(_rolls(events, "attack_roll", "bolt")) == 1
    assert "fires once per action" in narration(events)


async def test_standing_up_from_prone_costs_half_the_speed() -> None:
    state = sandbox_state(seed=1)
    fight(state, turn="thorin")
    state.party["thorin"].conditions.append(ActiveCondition(condition=Condition.PRONE, source="t"))
    await turn(session_for(state), ("thorin", "I stand up and attack the rat"))
    assert state.encounter is not None and state.encounter.economy["thorin"].movement == 15
    assert not state.party["thorin"].conditions


async def test_hiding_in_the_thick_of_melee_is_refused_in_words() -> None:
    state = sandbox_state(seed=1)
    fight(state, turn="mira")
    events = await turn(session_for(state), ("mira", "I hide"))
    assert "cannot hide in the thick of melee" in narration(events)
    assert not _rolls(events, "ability_check", "mira")


async def test_a_bard_trying_an_untrained_climb_adds_half_proficiency() -> None:
    state = sandbox_state(seed=1)
    add_member(state, id="lute", level=2, spellcasting_ability="cha", **{"class": "Bard"})
    events = await turn(session_for(state), ("lute", "I try to climb the wall"))
    (check,) = _rolls(events, "ability_check", "lute")
    assert check.modifier == 3 + 1  # STR 16, Jack of All Trades: half of +2


async def test_a_short_rest_said_brings_back_inspiration_and_pact_slots() -> None:
    state = sandbox_state(seed=1)
    bard = add_member(state, id="lute", level=5, spellcasting_ability="cha", **{"class": "Bard"})
    bard.resources["bardic_inspiration"] = 3
    warlock = add_member(state, id="hexa", level=2, spellcasting_ability="cha",
                         spell_slots={"maximum": {1: 2}}, **{"class": "Warlock"})  # fmt: skip
    warlock.spell_slots.expended[1] = 2
    await turn(session_for(state), ("lute", "we take a short rest"))
    assert bard.uses_left("bardic_inspiration") == 3 and warlock.spell_slots.remaining(1) == 2


async def test_a_draconic_sorcerer_asking_for_her_ac_hears_13_plus_dex() -> None:
    state = sandbox_state(seed=1)
    add_member(state, id="drac", level=1, weapons=["dagger"], spellcasting_ability="cha",
               abilities={**DEX, "dex": 14, "cha": 16}, choices={"sorcerous_origin": "red"},
               **{"class": "Sorcerer"})  # fmt: skip
    events = await turn(session_for(state), ("drac", "what's my AC?"))
    assert "AC 15" in narration(events)


async def test_spirit_guardians_said_takes_hold_of_the_foes_around_the_cleric() -> None:
    state = spell_party()
    spell_fight(state, turn="seren")
    await turn(session_for(state), ("seren", "I cast spirit guardians"))
    assert all(any(e.id == "spirit_guardians" for e in c.effects) for c in state.creatures.values())


async def test_a_halfling_told_the_ogre_is_too_big_to_grapple_and_nothing_more() -> None:
    state = sandbox_state(seed=1)
    add_member(state, id="pip", level=1, species="Halfling (lightfoot)", weapons=["shortsword"],
               **{"class": "Fighter"})  # fmt: skip
    fight(state, monster="ogre", turn="pip")
    said = narration(await turn(session_for(state), ("pip", "I grapple the ogre")))
    assert "too big for Pip to grapple" in said and "not run" not in said


async def test_help_from_across_the_fight_closes_in_first() -> None:
    state = sandbox_state(seed=1)
    fight(state, turn="mira")
    p.leave(state.encounter.positions, "mira")  # type: ignore[union-attr]
    await turn(session_for(state), ("mira", "I help Thorin"))
    assert "giant-rat-1" in state.encounter.positions["mira"].engaged  # type: ignore[union-attr]
    assert any(e.id == "help" for e in state.party["thorin"].effects)


async def test_a_shot_at_a_prone_rat_from_5_feet_is_a_plain_roll() -> None:
    state = sandbox_state(seed=1)
    fight(state, turn="mira")
    rat = state.creatures["giant-rat-1"]
    rat.conditions.append(ActiveCondition(condition=Condition.PRONE, source="t"))
    events = await turn(session_for(state), ("mira", "I shoot the prone rat with my shortbow"))
    assert _rolls(events, "attack_roll", "mira")[0].advantage == "normal"


async def test_charm_person_said_holds_with_no_save_to_repeat() -> None:
    state = sandbox_state(seed=1)
    add_member(state, id="ench", level=3, spellcasting_ability="cha", spells=["charm_person"],
               spell_slots={"maximum": {1: 2}}, **{"class": "Sorcerer"})  # fmt: skip
    fight(state, monster="bandit", turn="ench")
    bandit = state.creatures["bandit-1"]
    bandit.effects.append(Effect(id="test_fate", name="Fated", save_dice="-40", rounds=100))
    await turn(session_for(state), ("ench", "I cast charm person on the bandit"))
    (charm,) = bandit.conditions
    assert charm.condition is Condition.CHARMED and charm.save_ability is None


async def test_picking_the_lock_said_rolls_dex_with_thieves_tools() -> None:
    session = start_session(CROSSROADS, 3)
    mira = session.state.party["mira"]
    mira.skills.pop(Skill.SLEIGHT_OF_HAND)  # trained with the tools, not in the skill
    events = await turn(session, ("mira", "I pick the lock on the trapdoor"))
    check = _rolls(events, "ability_check", "mira")[0]
    assert check.modifier == mira.modifier(Ability.DEX) + mira.proficiency_bonus


async def test_lay_on_hands_on_a_skeleton_is_said_to_do_nothing_and_costs_nothing() -> None:
    state = sandbox_state(seed=1)
    paladin = add_member(state, id="sera", level=2, **{"class": "Paladin"})
    fight(state, monster="skeleton", turn="sera")
    said = narration(await turn(session_for(state), ("sera", "I lay hands on the skeleton")))
    assert "no effect on Skeleton, an undead" in said
    assert paladin.uses_left("lay_on_hands") == 10


async def test_a_glaive_at_a_prone_rat_from_10_feet_has_disadvantage() -> None:
    state = sandbox_state(seed=1)
    add_member(state, id="pole", level=1, weapons=["glaive"], **{"class": "Fighter"})
    fight(state, turn="pole")
    where = state.encounter.positions  # type: ignore[union-attr]
    p.leave(where, "pole")
    p.engage(where, "pole", "giant-rat-1", p.REACH_FT)
    rat = state.creatures["giant-rat-1"]
    rat.conditions.append(ActiveCondition(condition=Condition.PRONE, source="t"))
    events = await turn(session_for(state), ("pole", "I attack the prone rat with my glaive"))
    assert _rolls(events, "attack_roll", "pole")[0].advantage == "disadvantage"


async def test_turn_the_unholy_said_makes_the_zombie_save_and_be_turned() -> None:
    state = sandbox_state(seed=1)
    add_member(state, id="vow", level=3, **{"class": "Paladin"})
    fight(state, monster="zombie", turn="vow")
    events = await turn(session_for(state), ("vow", "I turn the unholy"))
    (save,) = _rolls(events, "saving_throw", "zombie-1")
    assert save.ability == "wis"
    turned = any(e.id == "turned" for e in state.creatures["zombie-1"].effects)
    assert turned is not save.success
