def test_the_archery_style_is_in_a_ranged_weapons_bonus_as_the_sheet_shows_it() -> None:
    """SRD: Archery gives +2 to attack rolls with ranged weapons. The sheet's bonus holds it
    (it was added only as the roll was made: the sheet showed +5 where rolls made +7)."""
    from rules.character import CharacterSheet

    sheet = CharacterSheet.model_validate({
        "id": "ione", "name": "Ione", "species": "Human", "class": "Ranger", "level": 3,
        "abilities": {"strength": 12, "dexterity": 16, "constitution": 12, "intelligence": 10,
                      "wisdom": 14, "charisma": 10},
        "vitals": {"hp": 24, "max_hp": 24}, "hit_dice": {"die": 10, "total": 3, "remaining": 3},
        "choices": {"fighting_style": "archery"},
    })  # fmt: skip
    assert sheet.weapon_attack("longbow").attack_bonus == 3 + 2 + 2
    assert sheet.weapon_attack("shortsword").attack_bonus == 3 + 2  # melee: no Archery


def test_a_count_of_uses_is_bounded_so_every_sheet_can_be_saved() -> None:
    """A sheet written with an absurd count of uses spent (past any number a save counts to)
    is refused where it is read, naming the field — never played and then unsaveable."""
    import pytest
    from pydantic import ValidationError

    from rules.character import CharacterSheet

    sheet = {
        "id": "thorin", "name": "Thorin", "species": "Dwarf", "class": "Fighter", "level": 3,
        "abilities": {"strength": 16, "dexterity": 12, "constitution": 14, "intelligence": 10,
                      "wisdom": 12, "charisma": 8},
        "vitals": {"hp": 28, "max_hp": 28}, "hit_dice": {"die": 10, "total": 3, "remaining": 3},
    }  # fmt: skip
    assert CharacterSheet.model_validate({**sheet, "resources": {"second_wind": 1}})
    # the turn's bookkeeping (round x 1000 + turn): a fight's twelfth round still loads
    assert CharacterSheet.model_validate({**sheet, "resources": {"sneak_attack_turn": 12_003}})
    # and a fight at the last round a save allows (10^9): its blows still load
    late = 10**9 * 1000 + 3
    assert CharacterSheet.model_validate({**sheet, "resources": {"sneak_attack_turn": late}})
    with pytest.raises(ValidationError, match=r"name"):  # an invisible character in it
        CharacterSheet.model_validate({**sheet, "name": "Tho\u200brin"})
    with pytest.raises(ValidationError, match=r"resources\.second_wind"):
        CharacterSheet.model_validate({**sheet, "resources": {"second_wind": 2**62 + 1}})
