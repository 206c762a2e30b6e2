"""Class features reached as a player reaches them: typed to the offline referee in a real
fight, carried out through the ``use_feature`` tool, spent and shown."""

from __future__ import annotations

import json

from app.actions.calls import ToolCall
from app.actions.sets import ALL_TOOLS
from app.dm.context import roster
from app.session.panels import party_members
from app.session.setup import session_for
from app.understanding import understand
from app.world.sandbox import sandbox_state
from app.world.state import GameState
from rules.character import CharacterSheet
from tests.app.conftest import narration, of_type, turn
from tests.referee_corpus import CORPUS, build_situation, load_corpus

SITUATIONS = load_corpus(CORPUS).situations


async def test_thorin_takes_his_second_wind_and_still_has_his_action() -> None:
    """SRD: Second Wind is a bonus action: 1d10 + fighter level HP, once per short rest."""
    state = build_situation(SITUATIONS["cellar_rats_thorin"])
    session = session_for(state)
    before = state.party["thorin"].vitals.hp
    events = await turn(session, ("thorin", "second wind"))
    thorin = state.party["thorin"]
    assert thorin.vitals.hp > before and thorin.uses_left("second_wind") == 0
    assert "Thorin uses Second Wind" in narration(events)
    assert state.encounter is not None and state.encounter.current.id == "thorin"
    assert state.encounter.economy["thorin"].action  # the bonus action was spent, not the action
    again = await turn(session, ("thorin", "second wind"))
    assert "no uses of Second Wind left" in narration(again)


async def test_action_surge_then_an_attack_leaves_thorin_his_second_action() -> None:
    """SRD: Action Surge gives one more action on the turn, before or after the first."""
    state = build_situation(SITUATIONS["cellar_rats_thorin"])
    session = session_for(state)
    await turn(session, ("thorin", "action surge!"))
    events = await turn(session, ("thorin", "I attack the nearest rat"))
    assert "Thorin still has an action this turn" in narration(events)
    assert state.encounter is not None and state.encounter.current.id == "thorin"
    await turn(session, ("thorin", "I attack the nearest rat"))
    assert state.encounter is None or state.encounter.current.id != "thorin"


async def test_sela_turns_the_barrow_dead_and_a_turned_skeleton_runs() -> None:
    """SRD: Turn Undead — undead failing a Wisdom save are turned and cannot attack."""
    state = build_situation(SITUATIONS["barrow_fight_sela"])
    session = session_for(state)
    events = await turn(session, ("sela", "I turn undead"))
    saves = [e for e in of_type(events, "dice_roll") if e.reason == "Turn Undead"]
    assert saves and all(e.dc == 13 for e in saves)
    assert state.party["sela"].uses_left("channel_divinity") == 0
    assert "undead give way" in narration(events)


async def test_the_party_panel_shows_features_with_uses_left() -> None:
    state = build_situation(SITUATIONS["cellar_rats_thorin"])
    before = {m.id: m.features for m in party_members(state)}
    assert before["thorin"] == [("Second Wind", 1, 1), ("Action Surge", 1, 1)]
    assert before["aria"] == [("Arcane Recovery", 1, 1)]
    await turn(session_for(state), ("thorin", "second wind"))
    thorin = next(m for m in party_members(state) if m.id == "thorin")
    assert thorin.features[0] == ("Second Wind", 0, 1)


async def test_disciple_of_life_adds_two_plus_the_slot_level_to_healing_spells() -> None:
    """SRD (Disciple of Life): a healing spell of 1st level or higher restores 2 + its
    level more hit points."""
    state = build_situation(SITUATIONS["barrow_fight_sela"])
    events = await turn(session_for(state), ("sela", "I cast cure wounds on Ivo"))
    healing = [e for e in of_type(events, "dice_roll") if e.reason == "Cure Wounds"]
    assert healing and healing[0].formula == "1d8 + 3 + 3"  # WIS +3, then 2 + level 1


def test_the_dm_roster_lists_each_characters_usable_features_with_uses_left() -> None:
    state = build_situation(SITUATIONS["cellar_rats_thorin"])
    state.party["thorin"].resources["second_wind"] = 1
    text = roster(state)
    assert "use_feature: second_wind (0 left), action_surge (1 left)" in text
    assert "mira: Mira" in text and "use_feature: cunning_action" in text


def _with(state: GameState, cid: str, cls: str, **extra: object) -> None:
    sheet = CharacterSheet.model_validate(
        {
            "id": cid, "name": cid.title(), "class": cls, "level": 3,
            "abilities": {"str": 16, "dex": 12, "con": 14, "int": 10, "wis": 12, "cha": 16},
            "vitals": {"hp": 30, "max_hp": 30}, "hit_dice": {"die": 10, "total": 3, "remaining": 3},
            "weapons": ["longsword"], **extra,
        }
    )  # fmt: skip
    state.party[cid] = sheet
    state.players["Player"].append(cid)


def test_players_lines_for_paladin_barbarian_and_bard_features_are_understood() -> None:
    state = sandbox_state()
    _with(state, "sela", "Paladin")
    _with(state, "grog", "Barbarian")
    _with(state, "lute", "Bard")
    lay = understand("lay on hands on Mira", "sela", state, None)
    assert (lay.kind, lay.action, lay.target) == ("feature", "lay_on_hands", "mira")
    rage = understand("Grog rages", "mira", state, None)
    assert (rage.kind, rage.action, rage.character) == ("feature", "rage", "grog")
    inspire = understand("inspire Thorin", "lute", state, None)
    assert (inspire.kind, inspire.action, inspire.target) == (
        "feature", "bardic_inspiration", "thorin",
    )  # fmt: skip
    # a one-word feature phrase means nothing for a character without the feature
    assert understand("I rage", "thorin", state, None).kind != "feature"


async def test_smite_it_readies_a_divine_smite_before_the_attack() -> None:
    """SRD (Divine Smite): the paladin spends a slot on a melee hit for radiant damage."""
    state = sandbox_state(seed=2)
    _with(state, "sela", "Paladin", spellcasting_ability="cha",
          spell_slots={"maximum": {1: 3}})  # fmt: skip
    session = session_for(state)
    out = ALL_TOOLS.execute(
        ToolCall(
            "t", "start_combat", json.dumps({"reason": "t", "monsters": [{"monster": "skeleton"}]})
        ),
        state,
    )
    assert out.ok
    state.encounter.turn_index = next(
        i for i, c in enumerate(state.encounter.order) if c.id == "sela"
    )
    events = await turn(session, ("sela", "smite it!"))
    assert "Sela uses Divine Smite" in narration(events)
    swing = next(e for e in of_type(events, "dice_roll") if e.check_type == "attack_roll")
    assert swing.character_id == "sela"
    hit = any(getattr(e, "reason", "") == "Divine Smite" for e in events)
    assert hit and state.party["sela"].spell_slots.remaining(1) == 2
