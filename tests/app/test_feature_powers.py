"""Frenzy, Flurry of Blows, Font of Magic and Divine Sense in play, through ``use_feature``:
each test names the SRD rule it holds the engine to."""

from __future__ import annotations

from app.session.panels import party_members
from app.session.setup import session_for
from app.understanding import understand
from app.world.sandbox import sandbox_state
from app.world.state import GameState
from tests.app.conftest import of_type, turn
from tests.app.test_class_features import add_member, fight, run


def _next_turn_of(state: GameState, cid: str) -> None:
    """End turns until it is ``cid``'s again."""
    run(state, "end_turn")
    while state.encounter is not None and state.encounter.current.id != cid:
        state.encounter.economy[state.encounter.current.id].action = False
        run(state, "end_turn")


def test_frenzy_is_chosen_with_the_rage_and_then_attacks_as_a_bonus_action() -> None:
    """SRD (Frenzy): raging, the berserker may frenzy; on each of its turns after this one,
    a single melee weapon attack as a bonus action."""
    state = sandbox_state(seed=4)
    grog = add_member(state, id="grog", **{"class": "Barbarian"})
    fight(state, monster="ogre", turn="grog")
    early = run(state, "use_feature", creature_id="grog", feature="frenzy")
    assert "must be raging" in early["result"]["error"]
    run(state, "use_feature", creature_id="grog", feature="rage")
    out = run(state, "use_feature", creature_id="grog", feature="frenzy")
    assert out["result"]["frenzied"] is True
    same_turn = run(state, "use_feature", creature_id="grog", feature="frenzy", target_id="ogre-1")
    assert "turns after" in same_turn["result"]["error"]
    state.party["grog"].resources["rage_kept"] = 1
    _next_turn_of(state, "grog")
    economy = state.encounter.economy["grog"]
    hit = run(state, "use_feature", creature_id="grog", feature="frenzy", target_id="ogre-1")
    assert hit["result"]["frenzied_attack"] and len(hit["result"]["attacks"]) == 1
    assert economy.bonus_action is False and economy.action is True  # the action is left
    again = run(state, "use_feature", creature_id="grog", feature="frenzy", target_id="ogre-1")
    assert "no bonus action" in again["result"]["error"]
    assert grog.exhaustion == 0


def test_a_frenzy_costs_one_level_of_exhaustion_when_the_rage_ends() -> None:
    """SRD (Frenzy): when the rage ends, the berserker suffers one level of exhaustion."""
    state = sandbox_state(seed=4)
    grog = add_member(state, id="grog", **{"class": "Barbarian"})
    fight(state, monster="ogre", turn="grog")
    run(state, "use_feature", creature_id="grog", feature="rage")
    run(state, "use_feature", creature_id="grog", feature="frenzy")
    grog.resources.pop("rage_kept", None)  # no blow struck or taken: the rage fades
    run(state, "end_turn")
    assert not any(e.id in ("rage", "frenzy") for e in grog.effects)
    assert grog.exhaustion == 1


def test_a_rage_begun_on_an_earlier_turn_cannot_turn_into_a_frenzy() -> None:
    """SRD: the frenzy is chosen when the barbarian rages."""
    state = sandbox_state(seed=4)
    add_member(state, id="grog", **{"class": "Barbarian"})
    fight(state, monster="ogre", turn="grog")
    run(state, "use_feature", creature_id="grog", feature="rage")
    state.party["grog"].resources["rage_kept"] = 1
    _next_turn_of(state, "grog")
    late = run(state, "use_feature", creature_id="grog", feature="frenzy")
    assert "as the rage begins" in late["result"]["error"]


def test_flurry_of_blows_follows_the_attack_action_with_two_unarmed_strikes_for_one_ki() -> None:
    """SRD (Flurry of Blows): immediately after the Attack action, 1 ki point for two
    unarmed strikes as a bonus action (Martial Arts: d4 + DEX at 2nd level)."""
    state = sandbox_state(seed=6)
    scores = {"str": 10, "dex": 16, "con": 12, "int": 10, "wis": 14, "cha": 8}
    add_member(state, id="lin", level=2, weapons=["shortsword"], abilities=scores,
               **{"class": "Monk"})  # fmt: skip
    fight(state, monster="ogre", turn="lin")
    early = run(state, "use_feature", creature_id="lin", feature="flurry_of_blows",
                target_id="ogre-1")  # fmt: skip
    assert "has not attacked" in early["result"]["error"]
    assert state.party["lin"].uses_left("ki") == 2  # refused: nothing spent
    run(state, "attack", attacker_id="lin", target_id="ogre-1")
    out = run(state, "use_feature", creature_id="lin", feature="flurry of blows",
              target_id="ogre-1")  # fmt: skip
    assert len(out["result"]["attacks"]) == 2 and out["result"]["uses_left"] == 1
    assert all(a["attack"] == "Unarmed strike" for a in out["result"]["attacks"])
    damage = [e for e in out["events"] if getattr(e, "reason", "") == "Unarmed strike damage"]
    assert damage and all(e.formula == "1d4 + 3" for e in damage)
    assert state.encounter.economy["lin"].bonus_action is False


def test_font_of_magic_turns_sorcery_points_into_a_slot_and_a_slot_into_points() -> None:
    """SRD (Font of Magic): sorcery points equal to the sorcerer level; a bonus action turns
    a slot into points equal to its level, or 2 points into a 1st-level slot; a created
    slot vanishes on a long rest, and the points come back."""
    state = sandbox_state(seed=2)
    sela = add_member(state, id="sela", level=2, **{"class": "Sorcerer"}, weapons=["dagger"],
                      spellcasting_ability="cha", spell_slots={"maximum": {1: 3}})  # fmt: skip
    full = run(state, "use_feature", creature_id="sela", feature="font_of_magic", option="points:1")
    assert "at most 2 sorcery points" in full["result"]["error"]
    made = run(state, "use_feature", creature_id="sela", feature="font_of_magic", option="slot:1")
    assert made["result"]["sorcery_points"] == 0 and sela.spell_slots.remaining(1) == 4
    dear = run(state, "use_feature", creature_id="sela", feature="font_of_magic", option="slot:1")
    assert "costs 2 sorcery points" in dear["result"]["error"]
    back = run(state, "use_feature", creature_id="sela", feature="font_of_magic", option="points:1")
    assert back["result"]["sorcery_points"] == 1 and sela.spell_slots.remaining(1) == 3
    high = run(state, "use_feature", creature_id="sela", feature="font_of_magic", option="slot:6")
    assert "levels 1-5" in high["result"]["error"]
    run(state, "rest", kind="long")
    assert sela.spell_slots.remaining(1) == 3 and sela.uses_left("font_of_magic") == 2


def test_font_of_magic_costs_the_bonus_action_in_a_fight() -> None:
    state = sandbox_state(seed=2)
    add_member(state, id="sela", level=2, **{"class": "Sorcerer"}, weapons=["dagger"],
               spellcasting_ability="cha", spell_slots={"maximum": {1: 3}})  # fmt: skip
    fight(state, turn="sela")
    run(state, "use_feature", creature_id="sela", feature="font_of_magic", option="slot:1")
    economy = state.encounter.economy["sela"]
    assert economy.bonus_action is False and economy.action is True


def test_divine_sense_finds_the_undead_here_and_spends_an_action_and_a_use() -> None:
    """SRD (Divine Sense): an action; the paladin knows where celestials, fiends and undead
    nearby are; 1 + Charisma modifier uses a long rest."""
    state = sandbox_state(seed=3)
    add_member(state, id="ada", level=1, **{"class": "Paladin"}, weapons=["longsword"])
    assert state.party["ada"].uses_left("divine_sense") == 4  # CHA 16: 1 + 3
    fight(state, monster="skeleton", count=2, turn="ada")
    out = run(state, "use_feature", creature_id="ada", feature="divine_sense")
    assert {s["type"] for s in out["result"]["sensed"]} == {"undead"}
    assert len(out["result"]["sensed"]) == 2 and out["result"]["uses_left"] == 3
    assert state.encounter.economy["ada"].action is False


def test_players_lines_for_frenzy_flurry_font_of_magic_and_divine_sense_are_understood() -> None:
    state = sandbox_state()
    add_member(state, id="grog", **{"class": "Barbarian"})
    add_member(state, id="lin", level=2, **{"class": "Monk"})
    add_member(state, id="sela", level=2, **{"class": "Sorcerer"}, spellcasting_ability="cha",
               spell_slots={"maximum": {1: 3}})  # fmt: skip
    add_member(state, id="ada", level=1, **{"class": "Paladin"})
    assert understand("I frenzy", "grog", state, None).action == "frenzy"
    assert understand("flurry of blows", "lin", state, None).action == "flurry_of_blows"
    assert understand("divine sense", "ada", state, None).action == "divine_sense"
    made = understand("I turn two sorcery points into a first-level slot", "sela", state, None)
    assert (made.action, made.extra) == ("font_of_magic", ("slot:1",))
    back = understand("turn my 1st-level slot into sorcery points", "sela", state, None)
    assert (back.action, back.extra) == ("font_of_magic", ("points:1",))
    assert understand("I frenzy", "lin", state, None).kind != "feature"  # not a berserker


async def test_i_frenzy_rages_in_a_frenzy_and_a_later_turn_strikes_as_a_bonus_action() -> None:
    """Played: "I frenzy" starts the rage and the frenzy at once (one rage spent); on the
    next turn "frenzy" is a bonus-action attack at the foe beside the barbarian."""
    state = sandbox_state(seed=4)
    add_member(state, id="grog", **{"class": "Barbarian"})
    session = session_for(state)
    fight(state, monster="ogre", turn="grog")
    await turn(session, ("grog", "I frenzy"))
    grog = state.party["grog"]
    assert {"rage", "frenzy"} <= {e.id for e in grog.effects} and grog.uses_left("rage") == 2
    grog.resources["rage_kept"] = 1
    _next_turn_of(state, "grog")
    events = await turn(session, ("grog", "frenzy on the ogre"))
    swings = [e for e in of_type(events, "dice_roll") if e.check_type == "attack_roll"]
    assert swings and swings[0].character_id == "grog"
    assert state.encounter.economy["grog"].bonus_action is False


async def test_sorcery_points_become_a_slot_from_a_players_line() -> None:
    state = sandbox_state(seed=2)
    sela = add_member(state, id="sela", level=2, **{"class": "Sorcerer"}, weapons=["dagger"],
                      spellcasting_ability="cha", spell_slots={"maximum": {1: 3}})  # fmt: skip
    session = session_for(state)
    await turn(session, ("sela", "I turn two sorcery points into a first-level slot"))
    assert sela.spell_slots.remaining(1) == 4 and sela.uses_left("font_of_magic") == 0
    panel = next(m for m in party_members(state) if m.id == "sela")
    assert ("Font of Magic", 0, 2) in panel.features and (1, 4, 4) in panel.slots


def test_a_grapple_keeps_a_rage_going_as_an_attack_does() -> None:
    """SRD: a grapple is a special melee attack, so a turn spent grappling is a turn in which
    the barbarian attacked a hostile creature: the rage does not fade."""
    state = sandbox_state(seed=4)
    grog = add_member(state, id="grog", **{"class": "Barbarian"})
    fight(state, monster="giant_rat", turn="grog")
    run(state, "use_feature", creature_id="grog", feature="rage")
    grog.resources.pop("rage_kept", None)  # (the turn the rage starts counts as kept)
    run(state, "take_action", creature_id="grog", action="grapple", target_id="giant-rat-1")
    run(state, "end_turn")
    assert any(e.id == "rage" for e in grog.effects)
