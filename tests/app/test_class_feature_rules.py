"""Class features and species traits in play, through the tools a DM calls: each test names
the SRD 5.1 rule it holds the engine to."""

from __future__ import annotations

import json

from app.actions.advancement_tools import take_level
from app.actions.calls import ToolCall
from app.actions.sets import ALL_TOOLS
from app.actions.striking import mark_melee_hit
from app.world.sandbox import sandbox_state
from app.world.state import GameState
from rules.character import CharacterSheet
from rules.positions import scrum


def run(state: GameState, name: str, **arguments: object) -> dict:
    outcome = ALL_TOOLS.execute(ToolCall("t", name, json.dumps(arguments)), state)
    return {"result": outcome.result, "events": outcome.events}


def fight(state: GameState, monster: str = "giant_rat", count: int = 1, turn: str = "mira") -> None:
    out = run(state, "start_combat", reason="test", monsters=[{"monster": monster, "count": count}])
    assert out["result"]["started"], out
    assert state.encounter is not None
    scrum(state.encounter.positions, [c.id for c in state.encounter.order])
    state.encounter.turn_index = next(
        i for i, c in enumerate(state.encounter.order) if c.id == turn
    )


def add_member(state: GameState, **data: object) -> CharacterSheet:
    base: dict[str, object] = {
        "name": str(data["id"]).title(), "level": 3,
        "abilities": {"str": 16, "dex": 12, "con": 14, "int": 10, "wis": 16, "cha": 16},
        "vitals": {"hp": 30, "max_hp": 30},
        "weapons": ["greataxe"],
    }  # fmt: skip
    base.update(data)
    base["hit_dice"] = {"die": 10, "total": base["level"], "remaining": base["level"]}
    sheet = CharacterSheet.model_validate(base)
    state.party[sheet.id] = sheet
    state.players["Player"].append(sheet.id)
    return sheet


def test_a_lightfoot_halfling_cannot_grapple_a_large_ogre() -> None:
    """SRD: a halfling is Small, and a grapple works on a target at most one size larger."""
    state = sandbox_state(seed=1)
    add_member(state, id="pip", species="Halfling (lightfoot)", **{"class": "Fighter"})
    fight(state, monster="ogre", turn="pip")
    out = run(state, "take_action", creature_id="pip", action="grapple", target_id="ogre-1")
    assert "too big" in str(out["result"]), out


def test_a_hill_dwarf_keeps_dwarven_toughness_when_taking_a_level() -> None:
    """SRD (Dwarven Toughness): +1 hit point maximum with every level, taken in play."""
    state = sandbox_state(seed=1)
    dwarf = add_member(state, id="bruni", species="Dwarf (hill)", features=["dwarven_toughness"],
                       level=1, xp=300, **{"class": "Fighter"})  # fmt: skip
    before = dwarf.vitals.max_hp
    result, _ = take_level(state, "bruni", hp="average")
    assert result.sheet.vitals.max_hp == before + 6 + 2 + 1


def test_a_draconic_sorcerer_without_armour_shows_ac_13_plus_dex_in_a_fight() -> None:
    """SRD (Draconic Resilience): unarmoured, AC 13 + DEX (here +1): what the tracker shows."""
    state = sandbox_state(seed=1)
    add_member(state, id="vex", level=1, spellcasting_ability="cha", weapons=["dagger"],
               **{"class": "Sorcerer"})  # fmt: skip
    fight(state, turn="vex")
    order = run(state, "get_encounter")["result"]["order"]
    assert next(row["ac"] for row in order if row["id"] == "vex") == 14


def test_a_level_2_bards_untrained_check_adds_half_proficiency() -> None:
    """SRD (Jack of All Trades): an Athletics check the bard is not proficient in adds +1
    (half of +2) on top of Strength's +3."""
    state = sandbox_state(seed=1)
    add_member(state, id="lute", level=2, spellcasting_ability="cha", weapons=["dagger"],
               **{"class": "Bard"})  # fmt: skip
    out = run(state, "request_ability_check", character_id="lute", skill="athletics", dc=10,
              reason="climb")  # fmt: skip
    assert out["result"]["total"] == out["result"]["natural"] + 3 + 1


def test_a_short_rest_brings_back_a_level_5_bards_inspiration_and_a_warlocks_slots() -> None:
    """SRD: Font of Inspiration (bard 5) and Pact Magic (warlock) recover on a short rest;
    a level-4 bard's inspiration waits for a long rest."""
    state = sandbox_state(seed=1)
    bard = add_member(state, id="lute", level=5, spellcasting_ability="cha",
                      resources={"bardic_inspiration": 3}, **{"class": "Bard"})  # fmt: skip
    young = add_member(state, id="wren", level=4, spellcasting_ability="cha",
                       resources={"bardic_inspiration": 3}, **{"class": "Bard"})  # fmt: skip
    warlock = add_member(state, id="hex", level=2, spellcasting_ability="cha",
                         spell_slots={"maximum": {1: 2}, "expended": {1: 2}},
                         **{"class": "Warlock"})  # fmt: skip
    run(state, "rest", kind="short", character_ids=["lute", "wren", "hex"])
    assert bard.uses_left("bardic_inspiration") == 3
    assert young.uses_left("bardic_inspiration") == 0
    assert warlock.spell_slots.remaining(1) == 2


def test_a_level_5_barbarian_and_a_level_2_monk_dash_twice_their_raised_speed() -> None:
    """SRD: Fast Movement and Unarmored Movement give 40 ft; a Dash makes it 80 ft."""
    state = sandbox_state(seed=1)
    add_member(state, id="grog", level=5, **{"class": "Barbarian"})
    add_member(state, id="lin", level=2, weapons=["quarterstaff"], **{"class": "Monk"})
    fight(state, turn="grog")
    assert state.encounter is not None
    for cid in ("grog", "lin"):
        order = [c.id for c in state.encounter.order]
        state.encounter.turn_index = order.index(cid)
        out = run(state, "take_action", creature_id=cid, action="dash")
        assert out["result"]["movement"] == 80, out


def _hits(state: GameState, attacker: str, **arguments: object) -> list[str]:
    """The damage reasons of the first attack that hits (seeds tried until one does)."""
    for seed in range(60):
        state.rng.seed(seed)
        out = run(state, "attack", attacker_id=attacker, target_id="giant-rat-1", **arguments)
        assert "attacks" in out["result"], out
        if out["result"]["attacks"][0]["outcome"] != "miss":
            return reasons(out["events"])
        state.encounter.economy.pop(attacker, None)  # type: ignore[union-attr]
    raise AssertionError("no hit in 60 seeds")


def reasons(events: list) -> list[str]:
    return [getattr(e, "reason", "") or "" for e in events]


def test_dueling_adds_2_only_to_a_weapon_held_in_one_hand_alone() -> None:
    """SRD (Dueling): +2 damage with a melee weapon in one hand and no other weapon — not
    with a versatile weapon gripped in two hands, nor when a second weapon is in the other."""
    state = sandbox_state(seed=1)
    add_member(state, id="duel", level=1, weapons=["longsword", "shortsword", "dagger"],
               choices={"fighting_style": "dueling"}, **{"class": "Fighter"})  # fmt: skip
    fight(state, turn="duel")
    state.creatures["giant-rat-1"].vitals = state.creatures["giant-rat-1"].vitals.model_copy(
        update={"max_hp": 500, "hp": 500}
    )
    assert "Dueling" in _hits(state, "duel", weapon="longsword")
    state.encounter.economy.pop("duel", None)  # type: ignore[union-attr]
    assert "Dueling" not in _hits(state, "duel", weapon="longsword", mode="two_handed")
    state.encounter.economy.pop("duel", None)  # type: ignore[union-attr]
    _hits(state, "duel", weapon="shortsword")  # a light blade first, then the other hand
    assert "Dueling" not in _hits(state, "duel", weapon="dagger", mode="off_hand")


def _stunned(state: GameState, cid: str) -> bool:
    return any(c.condition.value == "stunned" for c in state.creatures[cid].conditions)


def test_stunning_strike_lasts_until_the_end_of_the_monks_next_turn() -> None:
    """SRD (Stunning Strike): a failed save stuns the target until the end of the monk's
    next turn — through the target's own turn, not ended by it."""
    for seed in range(40):
        state = sandbox_state(seed=seed)
        add_member(state, id="lin", level=5, weapons=["quarterstaff"], **{"class": "Monk"})
        fight(state, turn="lin")
        mark_melee_hit(state, "lin", "giant-rat-1")  # the blow it follows landed
        out = run(state, "use_feature", creature_id="lin", feature="stunning_strike",
                  target_id="giant-rat-1")  # fmt: skip
        if out["result"]["stunned"]:
            break
    assert state.encounter is not None and _stunned(state, "giant-rat-1")
    run(state, "end_turn")  # the monk's turn (the one of the strike) ends
    while state.encounter.current.id != "lin":
        assert _stunned(state, "giant-rat-1")  # the rat's own turn passed by: still stunned
        run(state, "end_turn")
    assert _stunned(state, "giant-rat-1")  # still, as the monk's next turn begins
    run(state, "end_turn")
    assert not _stunned(state, "giant-rat-1")


def test_lay_on_hands_does_nothing_for_undead_or_constructs() -> None:
    """SRD (Lay on Hands): no effect on undead and constructs; the pool is not spent."""
    state = sandbox_state(seed=1)
    paladin = add_member(state, id="sera", level=2, **{"class": "Paladin"})
    out = run(state, "start_combat", reason="test",
              monsters=[{"monster": "skeleton"}, {"monster": "animated_armor"}])  # fmt: skip
    assert state.encounter is not None, out
    state.encounter.turn_index = [c.id for c in state.encounter.order].index("sera")
    for foe in ("skeleton-1", "animated-armor-1"):
        creature = state.creatures[foe]
        creature.vitals = creature.vitals.model_copy(update={"hp": 1})
        out = run(state, "use_feature", creature_id="sera", feature="lay_on_hands", target_id=foe)
        assert "no effect" in str(out["result"]), out
        assert creature.vitals.hp == 1
    assert paladin.uses_left("lay_on_hands") == 10
    state.party["mira"].vitals = state.party["mira"].vitals.model_copy(update={"hp": 5})
    out = run(state, "use_feature", creature_id="sera", feature="lay_on_hands", target_id="mira")
    assert out["result"]["healed"] == 10, out


def test_colossus_slayer_adds_1d8_once_a_turn_to_a_wounded_creature() -> None:
    """SRD (Colossus Slayer, Hunter 3): a weapon hit on a creature below its hit point
    maximum deals an extra 1d8, once per turn; an unhurt creature takes none."""
    state = sandbox_state(seed=1)
    add_member(state, id="ash", level=3, weapons=["longsword"], **{"class": "Ranger"})
    fight(state, turn="ash")
    rat = state.creatures["giant-rat-1"]
    rat.vitals = rat.vitals.model_copy(update={"max_hp": 500, "hp": 500})
    assert "Colossus Slayer" not in _hits(state, "ash", weapon="longsword")  # unhurt before
    assert state.encounter is not None
    state.encounter.economy.pop("ash", None)
    state.encounter.round += 1  # the ranger's next turn
    assert "Colossus Slayer" in _hits(state, "ash", weapon="longsword")
    state.encounter.economy.pop("ash", None)  # another attack in the same turn
    assert "Colossus Slayer" not in _hits(state, "ash", weapon="longsword")
