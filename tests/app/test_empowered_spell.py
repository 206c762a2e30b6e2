"""Empowered Spell (sorcerer Metamagic, SRD 5.1): "When you roll damage for a spell, you
can spend 1 sorcery point to reroll a number of the damage dice up to your Charisma
modifier (minimum of one). You must use the new rolls." The dice rolled again are chosen
for the sorcerer: the lowest ones showing below their die's average; the log names them."""

from __future__ import annotations

import random

from app.world.sandbox import sandbox_state
from rules.dice import roll
from rules.metamagic import Empowerment
from tests.app.test_class_features import add_member, fight, run

SCORES = {"str": 8, "dex": 14, "con": 14, "int": 10, "wis": 10, "cha": 16}


def test_the_lowest_below_average_dice_are_rolled_again_and_the_new_rolls_count() -> None:
    for seed in range(40):
        rng = random.Random(seed)
        rolled = roll("8d6+3", rng)
        before = [d.value for d in rolled.dice]
        wanted = sorted((v, i) for i, v in enumerate(before) if v <= 3)[:3]
        power = Empowerment.of(3)
        words = power.reroll(rolled, rng)
        old = [d for d in rolled.dice if d.rerolled]
        assert sorted(d.value for d in old) == [v for v, _ in wanted]  # the lowest, low ones
        assert len([d for d in rolled.dice if d.added]) == len(old) == 3 - power.left
        assert rolled.total == sum(d.value for d in rolled.dice if d.kept) + 3  # new ones used
        assert all(d.value > 3 for d in rolled.dice if d.kept and not d.added) or len(old) == 3
        assert (words != "") == bool(old) and all(f"{d.value}→" in words for d in old)


def test_at_least_one_die_and_none_that_could_only_be_worse() -> None:
    assert Empowerment.of(-1).left == Empowerment.of(0).left == 1
    rng = random.Random(1)
    high = roll("2d6ma6mi6", rng)  # two sixes: nothing is worth rolling again
    assert Empowerment.of(3).reroll(high, rng) == "" and high.total == 12


def test_an_empowered_spell_in_play_rerolls_and_says_which_dice() -> None:
    state = sandbox_state(seed=3)
    add_member(state, id="sela", level=3, weapons=["dagger"], spellcasting_ability="cha",
               spells=["thunderwave", "fire_bolt"], abilities=SCORES,
               spell_slots={"maximum": {1: 4, 2: 2}}, **{"class": "Sorcerer"})  # fmt: skip
    fight(state, monster="ogre", turn="sela")
    seen = []
    for _ in range(6):  # until a low die shows up to be rolled again
        state.encounter.economy.pop("sela", None)  # type: ignore[union-attr]
        run(state, "use_feature", creature_id="sela", feature="metamagic", option="empowered")
        out = run(state, "cast_spell", caster_id="sela", spell="thunderwave",
                  target_ids=["ogre-1"])  # fmt: skip
        damage = next(
            e for e in out["events"] if e.type == "dice_roll" and e.check_type == "damage"
        )
        seen.append(damage)
        state.party["sela"].resources["font_of_magic"] = 3
        state.party["sela"].spell_slots.expended.clear()
        if any(d.rerolled for d in damage.dice):
            break
    twisted = seen[-1]
    rerolled = [d for d in twisted.dice if d.rerolled]
    assert rerolled and "Empowered Spell rerolled" in twisted.reason
    assert len(rerolled) <= 3 and all(d.value * 2 < d.sides + 1 for d in rerolled)
    assert twisted.total == sum(d.value for d in twisted.dice if d.kept)
