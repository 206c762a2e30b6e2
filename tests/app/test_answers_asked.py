"""More questions the game answers from itself: a rogue's Sneak Attack dice, what happens
at 0 hit points, what kind of creature a foe is, "hp?", two people's hit points at once,
and what the party is looking for."""

from __future__ import annotations

from math import ceil

from app.referee.answering import answer_from_game
from app.understanding import understand
from app.world.state import GameState
from tests.referee_corpus import Situation, build_situation

RATS = {"campaign": "crossroads", "scene": "cellar", "fight": "cellar_rats", "turn": "mira",
        "flags": {"trapdoor_open": True}}  # fmt: skip


def game(**spec: object) -> GameState:
    return build_situation(Situation.model_validate(spec))


def told(state: GameState, actor: str, line: str) -> str:
    intent = understand(line, actor, state, state.campaign)
    said = answer_from_game(state, state.campaign, intent)
    assert said is not None, line
    return said


def test_sneak_attack_dice_come_from_the_rogues_level() -> None:
    state = game(**RATS)
    dice = f"{ceil(state.party['mira'].level / 2)}d6"
    assert dice in told(state, "mira", "whats my sneak attack damage")


def test_dropping_to_zero_is_explained_as_death_saves() -> None:
    assert "Death saves" in told(game(**RATS), "mira", "if i drop to 0 do i die?")


def test_what_kind_of_creature_the_foes_are() -> None:
    strand = game(campaign="drowned_bell", scene="strand", fight="strand_thralls", turn="ione")
    assert "undead" in told(strand, "ione", "are these things undead?")


def test_hp_alone_and_two_people_at_once() -> None:
    state = game(campaign="crossroads", scene="inn")
    mira, aria = state.party["mira"].vitals, state.party["aria"].vitals
    assert f"{mira.hp} of {mira.max_hp}" in told(state, "mira", "hp?")
    both = told(state, "mira", "what's my and Aria's hp")
    assert f"Mira has {mira.hp} of {mira.max_hp}" in both
    assert f"Aria has {aria.hp} of {aria.max_hp}" in both


def test_who_we_are_looking_for_is_the_goal() -> None:
    state = game(campaign="crossroads", scene="inn", met=["berta"])
    assert "potboy" in told(state, "mira", "ok so who are we looking for again?")


def test_a_foes_armour_class_is_its_number_and_what_it_wears() -> None:
    chapel = game(campaign="drowned_bell", scene="chapel", fight="warden", turn="wren")
    said = told(chapel, "wren", "what's her AC?")
    sister = chapel.creatures["the-grey-sister"]
    assert said == f"{sister.name} has AC {sister.ac} (rotted robes)."
    woods = game(campaign="hollow_ford", scene="woods", fight="woods_wolves", turn="bram")
    assert told(woods, "bram", "What's a wolf's AC").startswith("Wolf 1 has AC 13")
