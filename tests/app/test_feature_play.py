"""Class features reached as a player reaches them: typed to the offline referee in a real
fight, carried out through the ``use_feature`` tool, spent and shown."""

from __future__ import annotations

from app.dm.context import roster
from app.session.panels import party_members
from app.session.setup import session_for
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
