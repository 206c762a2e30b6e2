"""The offline referee plays monsters by their stat blocks: it breathes fire when the breath
is ready and catches two, heals a hurt ally with a caster's slots, slips a hurt goblin into
hiding, rushes an orc in, and opens a fight with surprise after the party sneaked in."""

from __future__ import annotations

from app.dm.context import roster
from app.referee.referee import OfflineReferee
from app.referee.tactics import AREA_MOST, foe_moves
from app.session.setup import start_session
from app.world.campaignfile import load_campaign
from app.world.folders import CAMPAIGNS_DIR
from app.world.state import GameState
from rules.positions import move_to_band
from tests.app.test_monster_traits import run, turn_of
from tests.referee_corpus import CORPUS, build_situation, load_corpus

CROSSROADS = load_campaign(CAMPAIGNS_DIR / "crossroads")


def _session(*groups: tuple[str, int], seed: int = 3):  # type: ignore[no-untyped-def]
    session = start_session(CROSSROADS, seed)
    monsters = [{"monster": m, "count": n} for m, n in groups]
    run(session.state, "start_combat", reason="test", monsters=monsters)
    return session


async def _foe_turn(session, cid: str) -> list:  # type: ignore[no-untyped-def]
    turn_of(session.state, cid)
    return [e async for e in session.run_until_players()]


def _rolls(events: list, reason: str) -> list:
    return [e for e in events if e.type == "dice_roll" and reason in (e.reason or "")]


async def test_a_dragon_breathes_when_its_breath_is_ready_and_then_bites() -> None:
    session = _session(("red_dragon_wyrmling", 1))
    state: GameState = session.state
    events = await _foe_turn(session, "red-dragon-wyrmling-1")
    assert len(_rolls(events, "Fire Breath damage")) == 1
    saves = [e for e in events if e.type == "dice_roll" and e.check_type == "saving_throw"]
    assert len(saves) == min(AREA_MOST, len(state.party))
    assert state.creatures["red-dragon-wyrmling-1"].resources["fire_breath"] == 1
    text = "".join(e.text for e in events if e.type == "narrative_chunk")
    assert "uses its fire breath" in text
    # with the breath spent, the next turn is a bite (unless the d6 brought it back)
    moves = foe_moves(state, "red-dragon-wyrmling-1", list(state.party))
    assert [m.tool for m in moves] == ["attack"]


async def test_an_acolyte_heals_a_badly_hurt_ally_with_a_slot() -> None:
    session = _session(("acolyte", 1), ("orc", 1))
    state: GameState = session.state
    orc = state.creatures["orc-1"]
    orc.vitals = orc.vitals.model_copy(update={"hp": 4})
    events = await _foe_turn(session, "acolyte-1")
    assert _rolls(events, "Cure Wounds")
    assert orc.vitals.hp > 4
    slots = state.creatures["acolyte-1"].spell_slots
    assert slots is not None and slots.remaining(1) == 2
    # nobody hurt: Sacred Flame at the weakest of the party
    orc.vitals = orc.vitals.model_copy(update={"hp": orc.vitals.max_hp})
    moves = foe_moves(state, "acolyte-1", list(state.party))
    assert moves[0].tool == "cast_spell" and moves[0].args["spell"] == "sacred_flame"


async def test_a_hurt_goblin_in_melee_strikes_and_does_not_try_to_hide() -> None:
    """SRD: nobody hides from a foe at arm's length who sees them."""
    session = _session(("goblin", 2))
    state: GameState = session.state
    goblin = state.creatures["goblin-1"]
    goblin.vitals = goblin.vitals.model_copy(update={"hp": 3})
    events = await _foe_turn(session, "goblin-1")
    assert [e for e in events if e.type == "dice_roll" and e.check_type == "attack_roll"]
    assert not [e for e in events if e.type == "dice_roll" and e.skill == "stealth"]


async def test_a_hurt_goblin_shoots_from_afar_then_hides_with_nimble_escape() -> None:
    session = _session(("goblin", 2))
    state: GameState = session.state
    goblin = state.creatures["goblin-1"]
    goblin.vitals = goblin.vitals.model_copy(update={"hp": 3})
    assert state.encounter is not None
    move_to_band(state.encounter.positions, "goblin-1", "far")
    events = await _foe_turn(session, "goblin-1")
    assert [e for e in events if e.type == "dice_roll" and e.check_type == "attack_roll"]
    hide = next(e for e in events if e.type == "dice_roll" and e.skill == "stealth")
    text = "".join(e.text for e in events if e.type == "narrative_chunk")
    assert ("darts out of sight" if hide.success else "but is seen") in text  # as the dice say
    assert state.encounter is not None and state.encounter.current.id != "goblin-1"


async def test_an_orc_rushes_in_on_the_first_round() -> None:
    session = _session(("orc", 1))
    state: GameState = session.state
    moves = foe_moves(state, "orc-1", list(state.party))
    assert [m.args.get("action") for m in moves][:1] == ["aggressive"]
    events = await _foe_turn(session, "orc-1")
    assert "charges headlong" in "".join(e.text for e in events if e.type == "narrative_chunk")
    assert state.encounter is not None and state.encounter.current.id != "orc-1"


def test_foes_the_party_can_still_sneak_past_are_surprised_and_grubnak_is_not() -> None:
    """The dicing goblins have their backs to the party: attacked first, they are surprised
    and lose their first turn. Grubnak, though the party slipped past his guards unseen,
    sits facing it and talks to it ("You. Only you talk."): he sees the blow coming."""
    corpus = load_corpus(CORPUS)
    for situation, surprised in (("warren_quiet", True), ("hall_parley", False)):
        state = build_situation(corpus.situations[situation])
        referee = OfflineReferee(CROSSROADS)
        referee.bind(lambda state=state: state)  # type: ignore[misc]
        target = "the goblins" if situation == "warren_quiet" else "grubnak"
        calls = referee._act(state, "thorin", f"attack {target}")
        assert calls and calls[0].name == "start_combat"
        assert ('"surprise": "foes"' in calls[0].arguments) is surprised, situation


def test_without_a_stealthy_approach_nobody_is_surprised() -> None:
    corpus = load_corpus(CORPUS)
    state = build_situation(corpus.situations["hall_parley"])
    state.challenges.clear()
    referee = OfflineReferee(CROSSROADS)
    referee.bind(lambda: state)
    calls = referee._act(state, "thorin", "attack grubnak")
    assert calls and '"surprise"' not in calls[0].arguments


def test_an_authored_ambush_surprises_the_party() -> None:
    """An encounter written with ``surprise = "party"``: the party loses its first turns."""
    campaign = load_campaign(CAMPAIGNS_DIR / "crossroads")
    spec = campaign.encounters["tunnel_guards"]
    campaign.encounters["tunnel_guards"] = spec.model_copy(update={"surprise": "party"})
    session = start_session(campaign, 2)
    out = run(session.state, "start_combat", reason="ambush", encounter="tunnel_guards")
    assert sorted(out["result"]["surprised"]) == sorted(session.state.party)
    assert out["result"]["current"].startswith("goblin")


def test_the_dm_roster_lists_what_a_monster_can_do_beyond_its_attacks() -> None:
    session = _session(("red_dragon_wyrmling", 1), ("acolyte", 1), ("goblin", 1))
    state: GameState = session.state
    state.creatures["red-dragon-wyrmling-1"].resources["fire_breath"] = 1
    text = roster(state)
    assert "monster_action: fire_breath (recharging)" in text
    assert "cast_spell: sacred_flame, bless, cure_wounds" in text
    assert "monster_action: nimble_disengage, nimble_hide" in text


def test_a_goblin_that_fails_to_hide_is_told_as_seen_not_gone() -> None:
    """The story follows the dice: a failed Nimble Escape hide is not "darts out of sight"."""
    session = _session(("goblin", 1))
    referee = OfflineReferee(load_campaign(CAMPAIGNS_DIR / "crossroads"))
    failed = {"creature_id": "goblin-1", "action": "nimble_hide", "hidden": False, "dc": 13}
    referee._after_monster(session.state, "goblin-1", failed, [])
    assert referee.notes == ["Goblin tries to dart out of sight, but is seen."]
    referee.notes.clear()
    referee._after_monster(session.state, "goblin-1", {**failed, "hidden": True}, [])
    assert referee.notes == ["Goblin darts out of sight."]
