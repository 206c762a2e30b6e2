"""What a twentieth evening's lines found: an attack readied at "the first rat that moves"
is told as whom it is loosed at."""

from __future__ import annotations

import asyncio

from tests.app.referee_lines import read, told

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
