"""Lines a level-5 party of a monk, a warlock and their friends types in a fight, read as
the player means them: blows before a Flurry of Blows, a beam of Eldritch Blast at each foe
named, Hold Person on an orc (a humanoid) and on a foe whose name says "captain"."""

from __future__ import annotations

from app.referee.casting import spell_targets
from app.session.setup import session_for
from app.understanding import understand
from app.world.sandbox import sandbox_state
from rules.srd import srd
from tests.app.conftest import turn
from tests.app.spell_party import fight, run, spell_party
from tests.app.test_class_features import fight as monk_fight
from tests.app.test_open_hand import monk


async def test_two_blows_then_a_flurry_that_knocks_prone_are_all_made() -> None:
    state = sandbox_state(seed=2)
    monk(state, level=5)
    reading = understand("punch goblin 1 twice, then flurry of blows and knock it prone",
                         "lin", state, None)  # fmt: skip
    assert reading.kind == "attack"
    assert [(c.kind, c.action, c.extra) for c in reading.then] == [
        ("attack", "unarmed", ()), ("feature", "flurry_of_blows", ("prone",))
    ]  # fmt: skip
    session = session_for(state)
    monk_fight(state, monster="goblin", count=2, turn="lin")
    goblin = state.creatures["goblin-1"]
    goblin.vitals = goblin.vitals.model_copy(update={"hp": 90, "max_hp": 90})
    events = await turn(session, ("lin", "punch goblin 1 twice, then flurry of blows and "
                                         "knock it prone"))  # fmt: skip
    swings = [e for e in events if e.type == "dice_roll" and e.check_type == "attack_roll"]
    assert len(swings) == 4  # Extra Attack's two, then the Flurry's two
    assert state.party["lin"].uses_left("ki") == 4


def test_eldritch_blast_at_two_named_foes_sends_a_beam_at_each() -> None:
    state = spell_party()
    fight(state, count=2, turn="ilsa")
    reading = understand("I cast Eldritch Blast at goblin 1 and goblin 2", "ilsa", state, None)
    assert reading.kind == "cast" and reading.targets == ("goblin-1", "goblin-2")
    spell = srd().spells.get("eldritch_blast")
    foes = ["goblin-1", "goblin-2"]
    assert spell_targets(state, "ilsa", reading, spell, 0, foes) == foes


def test_hold_person_holds_an_orc_and_leaves_a_giant_out() -> None:
    state = spell_party()
    run(state, "start_combat", reason="test",
        monsters=[{"monster": "orc", "count": 1}, {"monster": "ogre", "count": 1},
                  {"monster": "bandit_captain", "count": 1}])  # fmt: skip
    ids = {c.monster: cid for cid, c in state.creatures.items()}
    reading = understand("I cast hold person on the orc", "seren", state, None)
    assert reading.targets == (ids["orc"],) and not reading.note
    # a 3rd-level slot holds two creatures: the one named, and another humanoid, never the ogre
    spell = srd().spells.get("hold_person")
    said = understand("I cast hold person on the bandit captain", "seren", state, None)
    assert said.targets == (ids["bandit_captain"],)
    chosen = spell_targets(state, "seren", said, spell, 3, list(state.creatures))
    assert chosen == [ids["bandit_captain"], ids["orc"]]


async def test_stunning_strike_said_after_the_blow_is_aimed_at_the_foe_just_hit() -> None:
    """SRD: when you hit another creature with a melee weapon attack, you can spend 1 ki
    point to attempt a stunning strike — at the creature hit, not named again."""
    state = sandbox_state(seed=3)
    monk(state, level=5)
    session = session_for(state)
    monk_fight(state, monster="goblin", count=2, turn="lin")
    goblin = state.creatures["goblin-2"]
    goblin.vitals = goblin.vitals.model_copy(update={"hp": 90, "max_hp": 90})
    events = await turn(session, ("lin", "I attack goblin 2 and use Stunning Strike"))
    saves = [e for e in events if e.type == "dice_roll" and e.reason == "Stunning Strike"]
    assert len(saves) == 1 and saves[0].character_id == "goblin-2"
    assert state.party["lin"].uses_left("ki") == 4


def test_a_twinned_spell_at_two_foes_named_without_numbers_goes_to_both() -> None:
    state = spell_party()
    run(state, "start_combat", reason="test",
        monsters=[{"monster": "ogre", "count": 1}, {"monster": "bandit_captain", "count": 1},
                  {"monster": "orc", "count": 1}])  # fmt: skip
    ids = {c.monster: cid for cid, c in state.creatures.items()}
    said = "I cast a twinned ray of frost at the ogre and the bandit captain"
    reading = understand(said, "ilsa", state, None)
    assert reading.kind == "cast"
    assert reading.targets == (ids["ogre"], ids["bandit_captain"])


def test_thunderwave_from_the_caster_takes_only_the_foes_close_by() -> None:
    """SRD: Thunderwave is a 15-foot cube from the caster: a foe 30 ft off is not in it,
    and with nobody close the referee says so before a slot is spent."""
    from app.actions import position_tools as pt
    from app.understanding import Intent
    from rules import positions as p

    state = spell_party()
    fight(state, count=2, turn="ilsa")
    p.leave(pt.spots(state), "goblin-2")
    wave = srd().spells.get("thunderwave")
    said = Intent(kind="cast", text="thunderwave", actor="ilsa", spell="thunderwave")
    foes = ["goblin-1", "goblin-2"]
    assert spell_targets(state, "ilsa", said, wave, 1, foes) == ["goblin-1"]
    p.leave(pt.spots(state), "goblin-1")
    assert "no foe within reach" in str(spell_targets(state, "ilsa", said, wave, 1, foes))


def test_stunning_strike_needs_a_melee_hit_on_that_creature_this_turn() -> None:
    """SRD: "When you hit another creature with a melee weapon attack" — after a miss,
    or at another creature, no ki is spent and nothing is rolled."""
    from app.actions.striking import mark_melee_hit

    state = sandbox_state(seed=3)
    monk(state, level=5)
    monk_fight(state, monster="goblin", count=2, turn="lin")
    out = run(state, "use_feature", creature_id="lin", feature="stunning_strike",
              target_id="goblin-1")  # fmt: skip
    assert "has not hit Goblin 1 in melee" in out["result"]["error"]
    mark_melee_hit(state, "lin", "goblin-2")
    out = run(state, "use_feature", creature_id="lin", feature="stunning_strike",
              target_id="goblin-1")  # fmt: skip
    assert "error" in out["result"] and state.party["lin"].uses_left("ki") == 5
    mark_melee_hit(state, "lin", "goblin-1")
    out = run(state, "use_feature", creature_id="lin", feature="stunning_strike",
              target_id="goblin-1")  # fmt: skip
    assert "error" not in out["result"] and state.party["lin"].uses_left("ki") == 4
