"""The game's terms explained when asked, and one's own figures still answered from the
sheet: "what does DC mean" is the term, "what's my initiative" Mira's bonus."""

from __future__ import annotations

import pytest

from tests.app.referee_lines import told

INN = {"campaign": "crossroads", "scene": "inn"}


@pytest.mark.parametrize(
    ("line", "answer"),
    [
        ("what does DC mean", "DC (difficulty class)"),
        ("how does a DC work in this game?", "DC (difficulty class)"),
        ("what is a saving throw", "Saving throw:"),
        ("what's proficiency?", "Proficiency bonus:"),
        ("what does AC mean", "AC (armour class)"),
        ("what's a cantrip", "Cantrip:"),
        ("what's my initiative", "Mira's initiative bonus is +3"),
        ("what's my AC?", "Mira has AC 14"),
        ("what's AC?", "Mira has AC 14"),
        ("do I have proficiency in stealth", "Mira's Stealth +7"),
    ],
)
async def test_a_term_or_ones_own_figure(line: str, answer: str) -> None:
    assert answer in await told(INN, "mira", line)


async def test_ones_spells_asked_name_the_cantrips_too() -> None:
    said = await told(
        {"campaign": "drowned_bell", "scene": "harbour"}, "wren", "What are my spells?"
    )
    assert "Healing Word" in said and "the cantrip Vicious Mockery" in said
