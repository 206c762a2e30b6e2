"""A foe kicked off a friend is shoved back, one knocked on its back is shoved down, a thing
hurled at a foe is a throw that may miss, a dagger tossed and then thrown is a thrown
attack, and a real word is never taken for a slip of a name ("whole" is no "key hole")."""

from __future__ import annotations

from tests.app.referee_lines import read, told

RATS = {"campaign": "crossroads", "scene": "cellar", "fight": "cellar_rats", "turn": "thorin"}
GUARDS = {"campaign": "crossroads", "scene": "warren", "fight": "tunnel_guards", "turn": "mira"}


def test_a_foe_kicked_away_from_a_friend_is_shoved_back() -> None:
    said = read(RATS, "thorin", "I kick the rat away from Aria")[0]
    assert (said.kind, said.action) == ("manoeuvre", "shove_away")


def test_a_foe_knocked_on_its_back_is_shoved_down() -> None:
    said = read(RATS, "thorin", "knock rat 1 on its back")[0]
    assert (said.kind, said.action, said.target) == ("manoeuvre", "shove_prone", "giant-rat-1")


async def test_a_beast_knocked_down_is_told_as_it() -> None:
    story = await told(RATS, "thorin", "knock rat 1 on its back")
    assert "their feet" not in story


def test_a_kick_over_of_a_crate_in_a_threat_is_no_shove() -> None:
    line = ("Thorin kicks over the crate and levels his longsword at the nearest goblin. "
            "Drop those blades and get on your knees!")  # fmt: skip
    assert all(s.action != "shove_prone" for s in read(GUARDS, "thorin", line))


def test_a_thing_hurled_at_a_foe_is_a_throw_that_may_miss() -> None:
    steps = read({**RATS, "turn": "mira"}, "mira", "I grab the rat corpse and throw it at rat 2")
    assert steps[0].kind == "improvise"  # the corpse is a thing taken up, not a grapple
    assert (steps[1].kind, steps[1].target, steps[1].action) == (
        "improvise", "giant-rat-2", "athletics")  # fmt: skip


def test_a_dagger_tossed_then_thrown_is_a_thrown_attack() -> None:
    line = "Mira grins, tosses her dagger from hand to hand, and throws it at goblin 2."
    blow = read(GUARDS, "mira", line)[-1]
    assert (blow.kind, blow.action, blow.item, blow.target) == (
        "attack", "thrown", "dagger", "goblin-2")  # fmt: skip


def test_a_real_word_is_no_slip_of_a_name() -> None:
    line = "I try to climb up onto the rafters to get a view of the whole room"
    said = read({"campaign": "crossroads", "scene": "inn"}, "mira", line)[0]
    assert said.kind != "challenge" and "trapdoor" not in said.targets


def test_an_arrow_at_a_foe_is_a_shot() -> None:
    strand = {"campaign": "drowned_bell", "scene": "strand", "fight": "strand_thralls",
              "turn": "ione"}  # fmt: skip
    said = read(strand, "ione", "arrow at thrall 2")[0]
    assert (said.kind, said.target) == ("attack", "drowned-thrall-2")


def test_a_stomp_is_an_unarmed_blow() -> None:
    said = read(RATS, "thorin", "I stomp on the rat with my boot")[0]
    assert (said.kind, said.action) == ("attack", "unarmed")


async def test_a_shout_can_scare_a_beast_though_words_cannot_sway_it() -> None:
    said = read(RATS, "thorin", "I shout at the rats to get back into their hole!")[0]
    assert (said.kind, said.action) == ("improvise", "intimidation")
    story = await told(RATS, "thorin", "I shout at the rats to get back into their hole!")
    assert "words will neither" not in story and "laughs" not in story


def test_backing_off_toward_a_way_is_a_step_not_a_threat() -> None:
    said = read(RATS, "thorin", "disengage and back off toward the steps")
    assert all(s.action != "intimidation" for s in said)


def test_a_shout_told_after_a_swing_is_the_swing() -> None:
    wolves = {"campaign": "hollow_ford", "scene": "woods", "fight": "woods_wolves",
              "turn": "bram"}  # fmt: skip
    line = ("Bram grips his battleaxe in both hands and swings it at the closer one. He's "
            "yelling the whole time to scare them off.")  # fmt: skip
    assert read(wolves, "bram", line)[-1].kind == "attack"
