"""Blows a fresh play-tester's set showed misread: a blade named for each hand, a grip
taken in a clause of its own ("grip my battleaxe in both hands and bring it down …"), a
second blade to follow up, "disengage and back off" (no threat), "finish the last rat",
and slips of the keys in a verb ("attakcs") or a long spell name ("magik misle")."""

from __future__ import annotations

from tests.app.referee_lines import read
from tests.referee_corpus import Situation, build_situation

RATS = {"campaign": "crossroads", "scene": "cellar", "fight": "cellar_rats", "turn": "mira"}
BAND = {"campaign": "crossroads", "scene": "chief_hall", "fight": "grubnak_band", "turn": "mira",
        "flags": {"trapdoor_open": True, "tam_found": True, "guards_passed": True},
        "defeated": ["cellar_rats", "tunnel_guards"]}  # fmt: skip
WOLVES = {"campaign": "hollow_ford", "scene": "woods", "fight": "woods_wolves", "turn": "bram"}


def test_a_light_blade_named_for_each_hand_strikes_with_both() -> None:
    said = read(BAND, "mira", "shortsword and dagger at goblin 2")
    assert [(c.kind, c.targets, c.action) for c in said] == [("attack", ("goblin-2",), "both")]
    line = "I slash at rat 2 with my shortsword and follow up with my dagger"
    assert [(c.kind, c.action) for c in read(RATS, "mira", line)] == [("attack", "both")]


def test_a_grip_taken_in_a_clause_of_its_own_is_how_the_blow_is_struck() -> None:
    line = "I grip my battleaxe in both hands and bring it down on wolf 2"
    said = read(WOLVES, "bram", line)
    assert [(c.kind, c.targets, c.action) for c in said] == [
        ("attack", ("wolf-2",), "two_handed")]  # fmt: skip


def test_disengaging_and_backing_off_is_the_fighters_own_step_no_threat() -> None:
    said = read(RATS, "mira", "I disengage and back off")
    assert [(c.kind, c.action) for c in said] == [("manoeuvre", "disengage"),
                                                  ("manoeuvre", "withdraw")]  # fmt: skip
    assert read(RATS, "mira", "back off!")[0].action == "intimidation"  # said at the rats


def test_finishing_a_foe_is_a_blow() -> None:
    last = {**RATS, "dead": ["giant-rat-1", "giant-rat-3"], "turn": "aria"}
    for line in ("finish the last rat", "finish it"):
        said = read(last, "aria", line)[0]
        assert (said.kind, said.targets) == ("attack", ("giant-rat-2",))
    assert read(last, "aria", "finish the potion")[0].kind != "attack"


def test_slips_of_the_keys_in_a_verb_or_a_long_spell_name_are_mended() -> None:
    said = read({**BAND, "turn": "thorin"}, "thorin", "Thorin attakcs grubnk with his swrod")[0]
    assert (said.kind, said.targets) == ("attack", ("grubnak",))
    cast = read({**RATS, "turn": "aria"}, "aria", "magik misle rat 3")[0]
    assert (cast.kind, cast.spell, cast.targets) == ("cast", "magic_missile", ("giant-rat-3",))
    # a word one letter off a verb may be a word of its own; a near name is no spell
    assert read({**RATS, "turn": "aria"}, "aria", "try lighting it again")[0].spell is None


STRAND = {"campaign": "drowned_bell", "scene": "strand", "fight": "strand_thralls", "turn": "ione"}


def test_springing_back_out_of_reach_is_a_step_back_and_a_weapon_held_up_no_blow() -> None:
    said = read(STRAND, "ione", "I slash at it with my shortsword then jump back")
    assert [(c.kind, c.action) for c in said] == [("attack", None), ("manoeuvre", "withdraw")]
    wren = read({**STRAND, "turn": "wren"}, "wren", "Wren flits back out of reach, rapier up")
    assert [(c.kind, c.action) for c in wren] == [("manoeuvre", "withdraw")]
    assert read(STRAND, "ione", "jump the thrall")[0].kind == "attack"
    # a word of running later in the line is no step: "whatever doesn't run" is struck
    cass = read({**STRAND, "turn": "cass"}, "cass", "whack whatever doesn't run")[0]
    assert cass.kind == "attack"


GUARDS = {"campaign": "crossroads", "scene": "warren", "fight": "tunnel_guards", "turn": "aria",
          "flags": {"trapdoor_open": True, "tam_found": True}, "defeated": ["cellar_rats"],
          "conditions": {"goblin-2": ["unconscious"]}}  # fmt: skip


def test_the_sleeper_is_the_one_asleep_and_a_swig_of_a_potion_is_drinking_it() -> None:
    line = "Magic missile on goblin 1, then I shake the sleeper awake"
    said = read(GUARDS, "aria", line)
    assert [(c.kind, c.targets) for c in said] == [("cast", ("goblin-1",)),
                                                   ("improvise", ("goblin-2",))]  # fmt: skip
    hurt = {**RATS, "turn": "thorin", "wounds": {"thorin": 10}}
    swig = read(hurt, "thorin", "I take a swig of the red potion and then use my second wind")
    assert [(c.kind, c.item or c.action) for c in swig] == [("use", "healing_potion"),
                                                          ("feature", "second_wind")]  # fmt: skip


async def test_a_slot_level_asked_for_is_the_slot_spent_and_no_foes_number() -> None:
    from app.session.setup import session_for
    from tests.app.referee_lines import play, read

    band = {**BAND, "turn": "aria"}
    line = "cast sleep on all of them using a level 2 slot"
    assert read(band, "aria", line)[0].note == ""  # "2" is the slot's, not a goblin's
    session = session_for(build_situation(Situation.model_validate(band)))
    slots = session.state.party["aria"].spell_slots
    ones, twos = slots.remaining(1), slots.remaining(2)
    await play(session, "aria", line)
    after = session.state.party["aria"].spell_slots
    assert (after.remaining(1), after.remaining(2)) == (ones, twos - 1)
