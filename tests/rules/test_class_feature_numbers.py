"""Class features and species traits whose numbers the rules engine owns, each held to the
SRD 5.1's wording."""

from __future__ import annotations

from rules.traits import can_grapple_or_shove, species_size


def test_a_halfling_of_any_subrace_is_small() -> None:
    """SRD (Halfling, Size): halflings are Small, whichever subrace; so are gnomes."""
    for name in ("Halfling (lightfoot)", "Halfling (stout)", "halfling", "Gnome (rock)"):
        assert species_size(name) == "small", name
    for name in ("Dwarf (hill)", "Half-elf", "Human"):
        assert species_size(name) == "medium", name
    assert not can_grapple_or_shove(species_size("Halfling (lightfoot)"), "large")
