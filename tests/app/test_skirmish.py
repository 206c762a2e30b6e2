"""The fast fight simulator (``dungeon balance`` and the combat benchmark) fights with the
features, traits and spells the game plays by — and without them, as a plain baseline."""

from __future__ import annotations

import random

from app.referee.skirmish import fight, from_monster, from_sheet, hurt, take_turn
from app.world.campaignfile import load_campaign
from app.world.folders import CAMPAIGNS_DIR
from rules.conditions import ActiveCondition, Condition
from rules.damage import LifeState, Vitals
from rules.srd import srd

CROSSROADS = load_campaign(CAMPAIGNS_DIR / "crossroads")


def test_features_come_from_the_sheet_and_the_stat_block() -> None:
    mira = from_sheet(CROSSROADS.character("mira"))
    thorin = from_sheet(CROSSROADS.character("thorin"))
    aria = from_sheet(CROSSROADS.character("aria"))
    assert mira.kit.sneak == "2d6"  # a level-3 rogue: ceil(3/2) d6
    assert thorin.kit.second_wind == "1d10+3" and thorin.kit.action_surge
    assert thorin.crit_range == 19  # Champion's Improved Critical
    assert aria.kit.darts is not None and aria.kit.cantrip is not None
    assert aria.kit.slots == {1: 4, 2: 2}
    wolf = from_monster(srd().monsters["wolf"], 1)
    dragon = from_monster(srd().monsters["red_dragon_wyrmling"], 1)
    assert wolf.kit.pack_tactics
    assert [a.id for a in dragon.kit.specials] == ["fire_breath"] and not dragon.kit.spent
    assert dragon.swings[0].extra == "1d6"  # the bite's fire
    assert dragon.name == "Red Dragon Wyrmling 1"


def test_without_features_a_fighter_only_swings() -> None:
    plain = from_sheet(CROSSROADS.character("mira"), features=False)
    assert plain.kit.sneak == "" and plain.crit_range == 20
    assert from_monster(srd().monsters["wolf"], 1, features=False).kit.pack_tactics is False


def test_a_zombie_stands_up_again_from_undead_fortitude_sometimes() -> None:
    """SRD Undead Fortitude: at 0 HP from damage that is not radiant or a critical hit, a
    CON save (DC 5 + the damage) leaves it at 1 HP instead."""
    rng = random.Random(3)
    stood = 0
    for _ in range(200):
        zombie = from_monster(srd().monsters["zombie"], 1)
        zombie.vitals = Vitals(hp=1, max_hp=22)
        hurt(rng, zombie, 1, srd().weapons["club"].damage_type)  # type: ignore[arg-type]
        stood += zombie.vitals.hp == 1
    assert 0 < stood < 200


def test_a_cleric_heals_a_dying_friend_instead_of_attacking() -> None:
    cleric = from_monster(srd().monsters["acolyte"], 1)
    assert cleric.kit.heal and cleric.kit.slots.get(1)
    ally = from_monster(srd().monsters["orc"], 1)
    ally.vitals = Vitals(hp=0, max_hp=15, state=LifeState.DYING)
    foe = from_sheet(CROSSROADS.character("thorin"))
    take_turn(random.Random(1), cleric, [cleric, ally], [foe])
    assert ally.vitals.hp > 0 and cleric.kit.slots[1] == 2


def test_the_same_seed_fights_the_same_fight_and_features_change_the_odds() -> None:
    def wins(features: bool) -> int:
        rng = random.Random(7)
        won = 0
        for _ in range(300):
            party = [from_sheet(CROSSROADS.character(c), features=features)
                     for c in ("mira", "thorin", "aria")]  # fmt: skip
            foes = [from_monster(srd().monsters["goblin"], n, features=features)
                    for n in range(1, 7)]  # fmt: skip
            won += fight(rng, party, foes).winner == "party"
        return won

    assert wins(True) == wins(True)
    assert wins(True) > wins(False)  # Sneak Attack, Action Surge, Magic Missile …


def test_a_character_from_a_save_fights_with_what_is_left() -> None:
    """A sheet as a save holds it: spent uses and slots stay spent, conditions stay on (the
    unconsciousness of 0 HP is the hit points' business), and a sheet with no weapon left
    still fights, with an unarmed strike."""
    thorin = CROSSROADS.character("thorin").model_copy(deep=True)
    thorin.resources.update({"second_wind": 1, "action_surge": 1})
    thorin.vitals = Vitals(hp=0, max_hp=28, state=LifeState.DYING)
    thorin.conditions = [
        ActiveCondition(condition=Condition.UNCONSCIOUS, source="0 hp"),
        ActiveCondition(condition=Condition.POISONED),
    ]
    worn = from_sheet(thorin)
    assert worn.kit.second_wind == "" and not worn.kit.action_surge
    assert [c.condition for c in worn.conditions] == [Condition.POISONED]
    assert worn.vitals.state is LifeState.DYING and worn.name == "Thorin"
    aria = CROSSROADS.character("aria").model_copy(deep=True)
    aria.spell_slots = aria.spell_slots.model_copy(update={"expended": {1: 4, 2: 1}})
    tired = from_sheet(aria)
    assert tired.kit.slots == {1: 0, 2: 1} and not tired.kit.has_slot(3)
    bare = from_sheet(CROSSROADS.character("mira").model_copy(update={"weapons": []}))
    assert [s.name for s in bare.swings] == ["an unarmed strike"] and bare.kit.sneak == ""


def test_a_clone_fights_its_own_fight() -> None:
    aria = from_sheet(CROSSROADS.character("aria"))
    copy = aria.clone()
    copy.kit.spend_slot(1)
    copy.conditions.append(ActiveCondition(condition=Condition.PRONE))
    copy.dealt = 9
    assert aria.kit.slots == {1: 4, 2: 2} and aria.conditions == [] and aria.dealt == 0
    assert copy.swings == aria.swings and copy.swings is not aria.swings  # its own list
    assert copy.swings[0] is aria.swings[0]  # of the same swings, never changed in place
