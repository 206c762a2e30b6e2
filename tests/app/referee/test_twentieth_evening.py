"""What a twentieth evening's lines found: an attack readied at "the first rat that moves"
is told as whom it is loosed at."""

from __future__ import annotations

import asyncio

from app.session.setup import session_for
from tests.app.referee_lines import play, read, told
from tests.referee_corpus import Situation, build_situation

RATS = {"campaign": "crossroads", "scene": "cellar", "flags": {"trapdoor_open": True},
        "fight": "cellar_rats", "turn": "mira"}  # fmt: skip


def test_an_attack_readied_at_the_first_foe_to_move_is_told_as_whom_it_is_loosed_at() -> None:
    said = asyncio.run(told(RATS, "mira", "I ready my bow and shoot the first rat that moves."))
    assert "Mira readies an attack at the first rat that moves" in said


BELFRY = {"campaign": "drowned_bell", "scene": "belfry", "defeated": ["strand_thralls"],
          "flags": {"knows_truth": True, "warden_calmed": True, "corin_saved": True},
          "give": {"ione": ["tarnished locket"]}}  # fmt: skip


def test_a_bell_made_to_ring_by_a_shove_or_a_weight_thrown_is_rung() -> None:
    thrown = (
        "Ione climbs the last green rungs, wraps the locket's chain twice around her "
        "wrist, and throws all her weight into it so it swings out and rings."
    )
    for line in ("she shoves the bell until it rings", "Ione pushes the bell", thrown):
        said = read(BELFRY, "ione", line)[0]
        assert (said.kind, said.targets) == ("challenge", ("toll_bell",)), line


def test_a_ladder_climbed_is_no_roll_unless_it_is_said_to_be_hard_going() -> None:
    up = read(BELFRY, "ione", "Ione climbs the last green rungs")[0]
    assert (up.kind, up.action) == ("improvise", "auto")
    assert read(BELFRY, "ione", "climb the rotten ladder")[0].action == "athletics"


ROAD = {"campaign": "crossroads", "scene": "old_road"}
SHORE = {"campaign": "drowned_bell", "scene": "strand", "defeated": ["strand_thralls"],
         "flags": {"corin_saved": True, "cave_found": True}}  # fmt: skip
NAVE = {"campaign": "drowned_bell", "scene": "chapel", "defeated": ["strand_thralls"],
        "flags": {"corin_saved": True, "warden_calmed": True}, "met": ["maelis"]}  # fmt: skip


def steps(spec: dict[str, object], actor: str, text: str) -> list[tuple[str, tuple[str, ...]]]:
    """Each clause's kind and targets, in order."""
    return [(c.kind, c.targets) for c in read(spec, actor, text)]


def test_going_in_after_a_look_is_in_by_the_way_in_and_following_a_friend_in_is_going() -> None:
    assert steps(ROAD, "mira", "go in") == [("move", ("inn",))]
    looked = steps(ROAD, "mira", "Mira looks at the tracks then goes in")
    assert looked == [("examine", ("tracks",)), ("move", ("inn",))]
    cave = steps(SHORE, "cass", "Cass peers into the cave, then follows Ione in.")
    assert cave == [("examine", ("sea_cave",)), ("move", ("sea_cave",))]
    assert steps(SHORE, "cass", "will she follow us up")[0][0] != "move"


def test_a_look_given_to_a_thing_is_a_look_at_it_and_no_gift() -> None:
    line = "give the bell rope one last look and then climb up"
    assert steps(NAVE, "ione", line) == [("examine", ("rope",)), ("move", ("belfry",))]


GUARDS = {"campaign": "crossroads", "scene": "warren", "fight": "tunnel_guards",
          "turn": "mira", "defeated": ["cellar_rats"],
          "flags": {"trapdoor_open": True, "tam_found": True}}  # fmt: skip


def test_a_thing_kicked_or_thrown_at_one_foe_is_flung_at_that_foe() -> None:
    for line in ("I kick the dice into goblin 1's face", "throw sand in goblin 1's eyes"):
        flung = read(GUARDS, "mira", line)[0]
        assert (flung.kind, flung.targets, flung.extra[:1]) == (
            "improvise", ("goblin-1",), ("throw",)), line  # fmt: skip
    at_them = read(GUARDS, "mira", "I kick the turnip sack at the goblins")[0]
    assert at_them.kind == "improvise" and "goblin-1" not in at_them.targets


def test_a_potion_handed_to_a_friend_out_of_reach_is_never_told_as_drunk() -> None:
    spec = {**GUARDS, "turn": "thorin", "wounds": {"aria": 12}}
    state = build_situation(Situation.model_validate(spec))
    assert state.encounter is not None
    state.encounter.positions["aria"].band = "far"
    state.encounter.economy["thorin"].movement = 5
    session = session_for(state)
    asyncio.run(play(session, "thorin", "Thorin pours the potion down Aria's throat"))
    told = session.state.history[-1].narrative
    assert "cannot get there" in told and "drinks it" not in told
    assert state.party["aria"].vitals.hp == 5
    near = session_for(build_situation(Situation.model_validate(spec)))
    asyncio.run(play(near, "thorin", "Thorin pours the potion down Aria's throat"))
    assert "hands Aria the healing potion, and they drink it" in near.state.history[-1].narrative


def test_a_deed_at_a_thing_typed_askew_weighs_with_nobody_but_a_rude_one_still_does() -> None:
    inn = {"campaign": "crossroads", "scene": "inn", "met": ["berta"]}
    assert "mouth goes thin" not in asyncio.run(told(inn, "thorin", "lok at the trapdor"))
    assert "mouth goes thin" in asyncio.run(told(inn, "thorin", "I spit on the floor"))


HALL = {"campaign": "crossroads", "scene": "chief_hall", "met": ["grubnak"],
        "defeated": ["cellar_rats", "tunnel_guards"],
        "flags": {"trapdoor_open": True, "tam_found": True, "guards_passed": True}}  # fmt: skip


def test_his_crown_called_a_saucepan_is_mockery_and_a_deed_under_way_is_told_so() -> None:
    line = "your crown is a saucepan and you smell like wet socks. We're taking the sausages back"
    said = asyncio.run(told(HALL, "mira", line))
    assert "face closes" in said and "respects" not in said
    assert "Mira is taking the sausages back." in said


BAND = {**HALL, "fight": "grubnak_band", "turn": "thorin", "defeated": ["cellar_rats"]}
CHAPEL = {"campaign": "drowned_bell", "scene": "chapel", "fight": "warden", "turn": "ione",
          "flags": {"corin_saved": True}, "defeated": ["strand_thralls"]}  # fmt: skip


def test_a_newcomers_evening_walk_up_slowly_no_wait_play_dead_and_sit_on_the_loot() -> None:
    harbour = {"campaign": "drowned_bell", "scene": "harbour"}
    assert steps(harbour, "wren", "*walks up slowly* Evening, miss.") == [("talk", ("nessa",))]
    shot = read(CHAPEL, "ione", "cure wounds on wren... no wait, actually just shoot the sister")
    assert (shot[0].kind, shot[0].targets) == ("attack", ("the-grey-sister",))
    dead = read(BAND, "thorin", "I lie down next to Mira and play dead")
    assert [(c.kind, c.action) for c in dead] == [("improvise", "deception")]
    sat = read(BAND, "thorin", "I sit down on a cask and eat one of the stolen sausages")[0]
    assert sat.kind == "improvise" and sat.action != "cover"


def test_which_foe_is_weaker_how_far_they_are_and_why_one_will_not_die_are_answered() -> None:
    shore = {"campaign": "drowned_bell", "scene": "strand", "fight": "strand_thralls",
             "turn": "ione", "wounds": {"drowned-thrall-1": 6}}  # fmt: skip
    weaker = asyncio.run(told(shore, "ione", "which one is weaker"))
    assert weaker.startswith("Worst hurt of the foes: Drowned Thrall 1")
    far = asyncio.run(told(shore, "ione", "how far away are they"))
    assert far == (
        "Drowned Thrall 1 is about 30 ft from Ione; Drowned Thrall 2 is about 30 ft from Ione."
    )  # (in the fight's order)
    why = asyncio.run(told(shore, "ione", "why wont that thing die??"))
    assert "10 of 16 hit points" in why and "Undead Fortitude" in why
    named = asyncio.run(told(shore, "ione", "is thrall 2 almost dead?"))
    assert named.startswith("Drowned Thrall 2 is unhurt")


def test_a_death_save_that_settles_a_friends_fate_is_told_in_the_story() -> None:
    spec = {**GUARDS, "scene": "cellar", "fight": "cellar_rats", "defeated": [],
            "flags": {"trapdoor_open": True}, "wounds": {"aria": 17}}  # fmt: skip
    state = build_situation(Situation.model_validate(spec))
    assert state.encounter is not None
    order = [c.id for c in state.encounter.order]
    before = order[order.index("aria") - 1]  # the one whose turn ends just before Aria's
    state = build_situation(Situation.model_validate({**spec, "turn": before}))
    vitals = state.party["aria"].vitals
    state.party["aria"].vitals = vitals.model_copy(update={"death_successes": 2,
                                                            "death_failures": 2})  # fmt: skip
    session = session_for(state)
    asyncio.run(play(session, before, "I wait"))
    told = session.state.history[-1].narrative
    assert "Aria is stable." in told or "Aria dies." in told or "Aria gasps back" in told


def test_a_short_word_with_a_key_missed_is_the_verb_it_was_typed_for() -> None:
    inn = {"campaign": "crossroads", "scene": "inn", "met": ["berta"]}
    assert steps(inn, "mira", "lok at the trapdor") == [("examine", ("trapdoor",))]
    assert steps(inn, "mira", "lok around")[0][0] == "examine"
    assert read(inn, "mira", "sit by the fire")[0].extra[:1] == ("posture",)


def test_the_other_sleeping_one_is_a_foe_described_and_no_rest() -> None:
    asleep = {"giant-rat-2": ["unconscious"], "giant-rat-3": ["unconscious"]}
    rats = {"campaign": "crossroads", "scene": "cellar", "flags": {"trapdoor_open": True},
            "fight": "cellar_rats", "turn": "mira", "dead": ["giant-rat-1"],
            "conditions": asleep}  # fmt: skip
    assert read(rats, "mira", "stab the other sleeping one")[0].kind != "rest"


def test_which_foe_is_weaker_when_none_is_hurt_says_so() -> None:
    assert asyncio.run(told(RATS, "mira", "which one is weaker")) == "None of the foes is hurt yet."
