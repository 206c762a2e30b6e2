"""What a twenty-first evening's lines found: a deed after "before …, then", one word after
a rest, a pair of words joined by "and" ("up and down"), an ale downed, a blade slid out of
a sleeper's hand, a plan on a condition to come, coming back from a look, a grip broken
before a shot, a weapon said as the blow, one's own torch lit."""

from __future__ import annotations

import asyncio

from app.understanding.clauses import propose
from app.understanding.takingback import asks_to_take_back
from tests.app.referee_lines import read, told

CELLAR = {"campaign": "crossroads", "scene": "cellar", "met": ["berta", "tam"],
          "flags": {"trapdoor_open": True, "tam_found": True, "tam_home": True},
          "defeated": ["cellar_rats"], "challenges": {"flagstone": "passed"}}  # fmt: skip
STRAND = {"campaign": "drowned_bell", "scene": "strand", "met": ["nessa"],
          "defeated": ["strand_thralls"], "flags": {"corin_saved": True}}  # fmt: skip


def steps(spec: dict[str, object], actor: str, line: str) -> list[tuple[str, tuple[str, ...]]]:
    return [(c.kind, c.targets) for c in read(spec, actor, line)]


def test_a_deed_after_before_then_is_a_deed_of_its_own_by_the_way_just_named() -> None:
    line = "Let's short rest here before the tunnel, then go in"
    assert [p.text for p in propose(line)] == ["Let's short rest here", "the tunnel", "go in"]
    assert steps(CELLAR, "mira", line) == [("rest", ()), ("move", ("warren",))]
    assert [p.text for p in propose("I drink before I attack")] == ["I drink", "I attack"]


def test_one_word_after_a_deed_is_the_next_deed_though_alone_it_is_asked_back() -> None:
    assert steps(STRAND, "ione", "we catch our breath for a bit, then cross") == [
        ("rest", ()),
        ("challenge", ("cross_causeway",)),
    ]
    assert read(STRAND, "ione", "cross")[0].kind == "ask"


def test_words_paired_by_and_are_never_cut_apart() -> None:
    line = "Thorin squints up and down the road for goblins, then heads back into the inn"
    road = {"campaign": "crossroads", "scene": "old_road", "met": ["berta"]}
    assert [k for k, _ in steps(road, "thorin", line)] == ["examine", "move"]
    assert [p.text for p in propose("pace back and forth and then knock")] == [
        "pace back and forth",
        "knock",
    ]
    assert [p.text for p in propose("I go in and then attack")] == ["I go in", "attack"]


def test_an_ale_downed_goes_nowhere() -> None:
    inn = {"campaign": "crossroads", "scene": "inn"}
    line = "Thorin orders an ale, downs it in one, then tries to kick the trapdoor in"
    assert steps(inn, "thorin", line) == [("talk", ("berta",)), ("challenge", ("force_trapdoor",))]
    assert read(inn, "thorin", "downs it in one")[0].kind != "move"
    assert read(inn, "thorin", "go down")[0].kind == "move"


GUARDS = {"campaign": "crossroads", "scene": "warren", "met": ["berta", "tam"],
          "flags": {"trapdoor_open": True, "tam_found": True}, "defeated": ["cellar_rats"],
          "fight": "tunnel_guards", "turn": "mira",
          "conditions": {"goblin-1": ["unconscious"]}}  # fmt: skip
SISTER = {"campaign": "drowned_bell", "scene": "chapel", "met": ["nessa"],
          "defeated": ["strand_thralls"], "flags": {"corin_saved": True},
          "fight": "warden"}  # fmt: skip


def test_a_blade_slid_out_of_a_sleepers_hand_is_taken_not_struck_with() -> None:
    taken = read(GUARDS, "mira", "Mira slides the scimitar out of the snoring goblin's hand")[0]
    assert (taken.kind, taken.targets, taken.action) == ("improvise", ("goblin-1",), "auto")
    stab = read(GUARDS, "mira", "I slide the dagger into goblin 2's ribs")[0]
    assert (stab.kind, stab.targets) == ("attack", ("goblin-2",))


def test_a_deed_on_a_condition_to_come_waits_for_it() -> None:
    plan = (
        "Okay here's the plan. Mira goes first since she's the quietest, then everyone "
        "follows single file along the left wall. If the goblins look up, Thorin charges. "
        "Otherwise we just slip past to the curtain. Go."
    )
    calm = {k: v for k, v in GUARDS.items() if k not in ("fight", "turn", "conditions")}
    head, waits = read(calm, "mira", plan)
    assert (head.kind, head.targets) == ("challenge", ("sneak_past",))
    assert waits.action == "unable" and "for later" in waits.note


def test_coming_back_from_a_look_goes_nowhere() -> None:
    cave = {**STRAND, "flags": {"corin_saved": True, "cave_found": True}}
    line = "poke my head in the cave, then come back and head over to the chapel"
    assert steps(cave, "ione", line) == [
        ("examine", ("sea_cave",)),
        ("challenge", ("cross_causeway",)),
    ]


def test_a_grip_broken_and_a_weapon_said_as_the_blow() -> None:
    held = {**SISTER, "turn": "ione", "conditions": {"ione": ["grappled"]}}
    escaped = read(held, "ione", "get out of her grip and then shoot her")
    assert [(c.kind, c.action) for c in escaped] == [("manoeuvre", "escape_grapple"),
                                                     ("attack", None)]  # fmt: skip
    down = {**SISTER, "turn": "wren", "wounds": {"cass": 24},
            "conditions": {"cass": ["unconscious"]}}  # fmt: skip
    line = "heal cass with healing word and then rapier her"
    assert steps(down, "wren", line) == [("cast", ("cass",)), ("attack", ("the-grey-sister",))]


def test_ones_own_torch_lit_is_used_and_what_follows_is_done() -> None:
    inn = {"campaign": "crossroads", "scene": "inn", "flags": {"trapdoor_open": True}}
    lit, down = read(inn, "thorin", "I light my torch and go down first.")
    assert (lit.kind, lit.item, lit.action) == ("use", "torch", "light")
    assert (down.kind, down.targets) == ("move", ("cellar",))
    rats = {"campaign": "crossroads", "scene": "cellar", "fight": "cellar_rats", "turn": "thorin"}
    said = asyncio.run(told(rats, "thorin", "Light my torch and then attack rat 1"))
    assert "Thorin lights the torch" in said and "Thorin's longsword" in said
    assert "did not happen" not in said


def test_a_blow_at_it_after_a_drink_is_never_at_the_draught() -> None:
    rats = {"campaign": "crossroads", "scene": "cellar", "fight": "cellar_rats", "turn": "aria",
            "give": {"aria": ["healing potion"]}, "wounds": {"aria": 10}}  # fmt: skip
    line = "aria drinks the potion mira gave her and shoots a fire bolt at it"
    drunk, bolt = read(rats, "aria", line)
    assert (drunk.kind, bolt.kind) == ("use", "cast")
    assert bolt.targets and bolt.targets[0].startswith("giant-rat")


def test_the_lock_tried_again_after_both_ways_failed_is_the_lock() -> None:
    tried = {"campaign": "crossroads", "scene": "inn",
             "challenges": {"trapdoor_lock": "failed", "force_trapdoor": "failed",
                            "needle_trap": "passed"}}  # fmt: skip
    for line, meant in (("I try the lock again, carefully this time", "trapdoor_lock"),
                        ("smash the lock again", "force_trapdoor")):  # fmt: skip
        said = read(tried, "mira", line)[0]
        assert (said.kind, said.targets) == ("challenge", (meant,)), line


def test_a_thing_glared_at_is_no_one_cowed_and_a_look_asked_is_a_question() -> None:
    stung = {"campaign": "crossroads", "scene": "inn",
             "challenges": {"trapdoor_lock": "failed", "needle_trap": "failed"}}  # fmt: skip
    glared = read(stung, "mira", "glare at the padlock")[0]
    assert (glared.kind, glared.action) == ("improvise", "auto")
    rats = {"campaign": "crossroads", "scene": "cellar", "fight": "cellar_rats", "turn": "thorin"}
    assert read(rats, "thorin", "glare at rat 1")[0].action == "intimidation"
    road = {"campaign": "crossroads", "scene": "old_road", "met": ["berta"]}
    asked = read(road, "mira", "tracks look fresh?")[0]
    assert (asked.kind, asked.targets) == ("question", ("tracks",))
    assert read(road, "mira", "the tracks look fresh")[0].kind == "examine"


def test_anywhere_to_take_cover_asked_in_a_fight_is_answered_not_a_dodge() -> None:
    strand = {"campaign": "drowned_bell", "scene": "strand", "met": ["nessa"],
              "fight": "strand_thralls", "turn": "ione"}  # fmt: skip
    for line in ("Ione: anywhere to take cover out here?", "anywhere to hide?"):
        assert read(strand, "ione", line)[0].kind == "question", line
    assert read(strand, "ione", "hide anywhere")[0].action == "hide"


def test_undo_that_with_its_reason_is_asked_of_the_game_and_huh_is_a_sigh() -> None:
    assert asks_to_take_back("oops wait undo that, I wanted to rest first")
    assert asks_to_take_back("rewind that, wrong rat")
    assert not asks_to_take_back("take that back to berta")
    assert not asks_to_take_back("undo the knot on the rope")
    harbour = {"campaign": "drowned_bell", "scene": "harbour", "met": ["nessa"]}
    assert read(harbour, "ione", "huh, what spells do I have then")[0].kind == "question"
    assert read(harbour, "ione", "huh?")[0].kind == "help"
