"""What a twentieth evening's lines found: an attack readied at "the first rat that moves"
is told as whom it is loosed at."""

from __future__ import annotations

import asyncio

from tests.app.referee_lines import told

RATS = {"campaign": "crossroads", "scene": "cellar", "flags": {"trapdoor_open": True},
        "fight": "cellar_rats", "turn": "mira"}  # fmt: skip


def test_an_attack_readied_at_the_first_foe_to_move_is_told_as_whom_it_is_loosed_at() -> None:
    said = asyncio.run(told(RATS, "mira", "I ready my bow and shoot the first rat that moves."))
    assert "Mira readies an attack at the first rat that moves" in said
