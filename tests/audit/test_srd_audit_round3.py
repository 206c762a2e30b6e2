"""An independent audit of the rules of play against the SRD 5.1 text.

Each check builds a game the way play does (a campaign, a party, a fight started with
``start_combat``), drives it through the DM's tools, and asserts what the SRD says. Dice are
pinned where a check needs a known roll: every die is drawn from the game's RNG, so an RNG
whose every draw is the same fraction makes every die land high (``HIGH``) or low (``LOW``).
"""

from __future__ import annotations

import json
import random
from functools import cache
from typing import Any

import pytest

from app.actions.calls import ToolCall
from app.actions.events import DiceRoll
from app.actions.registry import ToolOutcome
from app.actions.sets import ALL_TOOLS
from app.world.campaign import Campaign
from app.world.campaignfile import find_campaign, load_campaign
from app.world.newgame import new_game
from app.world.state import GameState
from rules.character import CharacterSheet
from rules.classes import class_spec
from rules.pregens import complete_pregen
from rules.spellcasting import slots_for

HIGH = 0.9999
"""Every die shows its highest face (a natural 20)."""
LOW = 0.0
"""Every die shows a 1."""
MID = 0.5
"""Every die shows just above its middle (an 11 on a d20)."""

CASTING = {
    "Bard": "cha",
    "Cleric": "wis",
    "Druid": "wis",
    "Paladin": "cha",
    "Ranger": "wis",
    "Sorcerer": "cha",
    "Warlock": "cha",
    "Wizard": "int",
}
ABILITIES = {"str": 16, "dex": 14, "con": 14, "int": 12, "wis": 14, "cha": 14}


class _Pinned(random.Random):
    """An RNG whose every draw is the same fraction."""

    def __init__(self, value: float) -> None:
        super().__init__(0)
        self.value = value

    def random(self) -> float:
        return self.value


@cache
def _campaign(name: str) -> Campaign:
    return load_campaign(find_campaign(name))


def sheet(cid: str, cls: str, level: int = 3, species: str = "Human", **kw: Any) -> CharacterSheet:
    """A character as a campaign's pregen of that class and level would be."""
    data: dict[str, Any] = {
        "id": cid,
        "name": cid.title(),
        "species": species,
        "class": cls,
        "level": level,
        "abilities": dict(ABILITIES),
    }
    spec = class_spec(cls)
    assert spec is not None
    if spec.caster != "none":
        data["spell_slots"] = {"maximum": slots_for(spec.caster, level)}
        data["spellcasting_ability"] = CASTING[cls]
    data.update(kw)
    return CharacterSheet.model_validate(complete_pregen(data))


def game(*own: CharacterSheet, campaign: str = "crossroads", seed: int = 1) -> GameState:
    """A fresh game with each of ``own`` in the place of the pregen of its id."""
    camp = _campaign(campaign)
    assert all(s.id in camp.campaign.party for s in own), "own characters take pregen ids"
    return new_game(camp, seed=seed, own={s.id: s for s in own})


def call(state: GameState, name: str, **args: Any) -> ToolOutcome:
    """One DM tool call, as the DM sends it."""
    return ALL_TOOLS.execute(ToolCall("audit", name, json.dumps(args)), state)


def ok(state: GameState, name: str, **args: Any) -> ToolOutcome:
    """A call that must not be refused."""
    out = call(state, name, **args)
    assert out.ok, out.result
    return out


def pin(state: GameState, value: float) -> None:
    """Make every later die land on the same face fraction."""
    state.__pydantic_private__["_rng"] = _Pinned(value)  # type: ignore[index]


def fight(
    state: GameState, monster: str, count: int = 1, at: str = "engaged", facing: str = "thorin"
) -> list[str]:
    """Start a fight with ``count`` of ``monster``; the new foes' ids. Engaged foes: the
    first stands toe to toe with ``facing``."""
    before = set(state.creatures)
    ok(
        state,
        "start_combat",
        reason="audit",
        monsters=[{"monster": monster, "count": count, "at": at}],
    )
    foes = sorted(set(state.creatures) - before)
    if at == "engaged" and facing in state.party:
        engage(state, facing, foes[0])
    return foes


def engage(state: GameState, one: str, other: str) -> None:
    """Set-up: ``one`` and ``other`` stand toe to toe (5 feet apart), no one else engaged."""
    enc = state.encounter
    assert enc is not None
    for spot in enc.positions.values():
        spot.engaged.clear()
    for a, b in ((one, other), (other, one)):
        spot = enc.positions[a]
        spot.band = "near"
        spot.engaged[b] = 5


def turn_of(state: GameState, cid: str) -> None:
    """Make it ``cid``'s turn (the order as rolled, the turn moved to it)."""
    enc = state.encounter
    assert enc is not None
    enc.turn_index = [c.id for c in enc.order].index(cid)


def rolls(out: ToolOutcome, kind: str | None = None) -> list[DiceRoll]:
    """The dice rolls an outcome showed, of one check type."""
    return [
        e for e in out.events
        if isinstance(e, DiceRoll) and (kind is None or e.check_type == kind)
    ]  # fmt: skip


def hp(state: GameState, cid: str) -> int:
    """Current hit points of a party member or creature."""
    if cid in state.party:
        return state.party[cid].vitals.hp
    return state.creatures[cid].vitals.hp


def condition(state: GameState, cid: str, name: str, **kw: Any) -> None:
    """Give ``cid`` a condition as a story event would."""
    ok(state, "set_condition", target_id=cid, condition=name, reason="audit", **kw)


def first(out: ToolOutcome) -> dict[str, Any]:
    """The first attack of an attack call's result."""
    return out.result["attacks"][0]  # type: ignore[no-any-return]


FIGHTER = {"weapons": ["longsword", "shortsword", "light_crossbow"], "armor": "chain_mail"}


# -- core combat: attack rolls and critical hits ---------------------------------------------


def test_critical_hit_doubles_weapon_damage_dice() -> None:
    """A natural 20 is a critical hit: roll the attack's damage dice twice, add modifiers once."""
    s = game(sheet("thorin", "Fighter", **FIGHTER))
    fight(s, "goblin")
    turn_of(s, "thorin")
    pin(s, HIGH)
    hit = first(ok(s, "attack", attacker_id="thorin", target_id="goblin-1", weapon="longsword"))
    assert hit["outcome"] == "critical_hit"
    assert hit["damage"] == 8 + 8 + 3


def test_natural_one_always_misses() -> None:
    """A natural 1 on an attack roll misses whatever the bonus and the target's AC."""
    s = game(sheet("thorin", "Fighter", **FIGHTER))
    (rat,) = fight(s, "giant_rat")
    turn_of(s, "thorin")
    s.creatures[rat].ac = 1
    pin(s, LOW)
    hit = first(ok(s, "attack", attacker_id="thorin", target_id=rat, weapon="longsword"))
    assert hit["outcome"] not in ("hit", "critical_hit")
    assert hp(s, rat) == s.creatures[rat].vitals.max_hp


def test_natural_twenty_hits_any_armor_class() -> None:
    """A natural 20 hits regardless of modifiers or the target's AC."""
    s = game(sheet("aria", "Wizard", abilities={**ABILITIES, "str": 3}, weapons=["dagger"]))
    fight(s, "goblin")
    turn_of(s, "aria")
    s.creatures["goblin-1"].ac = 30
    pin(s, HIGH)
    hit = first(ok(s, "attack", attacker_id="aria", target_id="goblin-1", weapon="dagger"))
    assert hit["outcome"] == "critical_hit"


# -- conditions --------------------------------------------------------------------------------


def test_prone_target_gives_melee_attackers_advantage() -> None:
    """An attack roll against a prone creature within 5 feet has advantage."""
    s = game(sheet("thorin", "Fighter", **FIGHTER))
    fight(s, "goblin")
    turn_of(s, "thorin")
    condition(s, "goblin-1", "prone")
    out = ok(s, "attack", attacker_id="thorin", target_id="goblin-1", weapon="longsword")
    assert rolls(out, "attack_roll")[0].advantage == "advantage"


def test_prone_target_gives_distant_attackers_disadvantage() -> None:
    """An attack against a prone creature from farther than 5 feet has disadvantage."""
    s = game(sheet("thorin", "Fighter", **FIGHTER))
    fight(s, "goblin", at="far")
    turn_of(s, "thorin")
    condition(s, "goblin-1", "prone")
    out = ok(s, "attack", attacker_id="thorin", target_id="goblin-1", weapon="light_crossbow")
    assert rolls(out, "attack_roll")[0].advantage == "disadvantage"


def test_prone_attacker_has_disadvantage() -> None:
    """A prone creature has disadvantage on its own attack rolls."""
    s = game(sheet("thorin", "Fighter", **FIGHTER))
    fight(s, "goblin")
    turn_of(s, "thorin")
    condition(s, "thorin", "prone")
    out = ok(s, "attack", attacker_id="thorin", target_id="goblin-1", weapon="longsword")
    assert rolls(out, "attack_roll")[0].advantage == "disadvantage"


def test_blinded_attacker_has_disadvantage() -> None:
    """A blinded creature's attack rolls have disadvantage."""
    s = game(sheet("thorin", "Fighter", **FIGHTER))
    fight(s, "goblin")
    turn_of(s, "thorin")
    condition(s, "thorin", "blinded")
    out = ok(s, "attack", attacker_id="thorin", target_id="goblin-1", weapon="longsword")
    assert rolls(out, "attack_roll")[0].advantage == "disadvantage"


def test_attacks_against_blinded_creature_have_advantage() -> None:
    """Attack rolls against a blinded creature have advantage."""
    s = game(sheet("thorin", "Fighter", **FIGHTER))
    fight(s, "goblin")
    turn_of(s, "thorin")
    condition(s, "goblin-1", "blinded")
    out = ok(s, "attack", attacker_id="thorin", target_id="goblin-1", weapon="longsword")
    assert rolls(out, "attack_roll")[0].advantage == "advantage"


def test_restrained_creature_attacks_with_disadvantage_and_is_easier_to_hit() -> None:
    """Restrained: its attacks have disadvantage, attacks against it have advantage."""
    s = game(sheet("thorin", "Fighter", **FIGHTER))
    fight(s, "goblin")
    turn_of(s, "thorin")
    condition(s, "goblin-1", "restrained")
    pin(s, LOW)  # a miss: the goblin lives to strike back
    out = ok(s, "attack", attacker_id="thorin", target_id="goblin-1", weapon="longsword")
    assert rolls(out, "attack_roll")[0].advantage == "advantage"
    turn_of(s, "goblin-1")
    out = ok(s, "attack", attacker_id="goblin-1", target_id="thorin", weapon="scimitar")
    assert rolls(out, "attack_roll")[0].advantage == "disadvantage"


def test_restrained_creature_has_disadvantage_on_dexterity_saves() -> None:
    """A restrained creature has disadvantage on Dexterity saving throws."""
    s = game(sheet("thorin", "Fighter", **FIGHTER))
    condition(s, "thorin", "restrained")
    out = ok(s, "request_saving_throw", character_id="thorin", ability="dex", dc=10, reason="trap")
    assert rolls(out)[0].advantage == "disadvantage"


@pytest.mark.parametrize("name", ["paralyzed", "stunned", "unconscious", "petrified"])
def test_condition_fails_strength_and_dexterity_saves(name: str) -> None:
    """Paralyzed, stunned, unconscious and petrified creatures automatically fail Str and Dex
    saves."""
    s = game(sheet("thorin", "Fighter", **FIGHTER))
    condition(s, "thorin", name)
    pin(s, HIGH)
    for ability in ("str", "dex"):
        out = ok(
            s, "request_saving_throw", character_id="thorin", ability=ability, dc=5, reason="trap"
        )
        assert out.result.get("success") is False, out.result


@pytest.mark.parametrize("name", ["paralyzed", "unconscious"])
def test_hit_within_five_feet_of_helpless_creature_is_critical(name: str) -> None:
    """Any attack that hits a paralyzed or unconscious creature from within 5 feet is a critical
    hit."""
    s = game(sheet("thorin", "Fighter", **FIGHTER))
    (boss,) = fight(s, "goblin_boss")
    turn_of(s, "thorin")
    condition(s, boss, name)
    pin(s, MID)
    out = ok(s, "attack", attacker_id="thorin", target_id=boss, weapon="longsword")
    assert first(out)["outcome"] == "critical_hit", out.result


def test_attacks_against_stunned_creature_have_advantage() -> None:
    """Attack rolls against a stunned creature have advantage."""
    s = game(sheet("thorin", "Fighter", **FIGHTER))
    fight(s, "goblin")
    turn_of(s, "thorin")
    condition(s, "goblin-1", "stunned")
    out = ok(s, "attack", attacker_id="thorin", target_id="goblin-1", weapon="longsword")
    assert rolls(out, "attack_roll")[0].advantage == "advantage"


def test_poisoned_creature_has_disadvantage_on_attacks_and_checks() -> None:
    """Poisoned: disadvantage on attack rolls and ability checks."""
    s = game(sheet("thorin", "Fighter", **FIGHTER))
    condition(s, "thorin", "poisoned")
    out = ok(
        s, "request_ability_check", character_id="thorin", skill="athletics", dc=10, reason="climb"
    )
    assert rolls(out)[0].advantage == "disadvantage"
    fight(s, "goblin")
    turn_of(s, "thorin")
    out = ok(s, "attack", attacker_id="thorin", target_id="goblin-1", weapon="longsword")
    assert rolls(out, "attack_roll")[0].advantage == "disadvantage"


def test_frightened_creature_has_disadvantage_on_checks() -> None:
    """Frightened: disadvantage on ability checks and attack rolls while the source is in sight."""
    s = game(sheet("thorin", "Fighter", **FIGHTER))
    fight(s, "goblin")
    turn_of(s, "thorin")
    condition(s, "thorin", "frightened")
    out = ok(s, "attack", attacker_id="thorin", target_id="goblin-1", weapon="longsword")
    assert rolls(out, "attack_roll")[0].advantage == "disadvantage"


def test_invisible_attacker_has_advantage_and_is_harder_to_hit() -> None:
    """Invisible: its attacks have advantage, attacks against it have disadvantage."""
    s = game(sheet("thorin", "Fighter", **FIGHTER))
    fight(s, "goblin")
    turn_of(s, "thorin")
    condition(s, "thorin", "invisible")
    pin(s, LOW)  # a miss: the goblin lives to strike back
    out = ok(s, "attack", attacker_id="thorin", target_id="goblin-1", weapon="longsword")
    assert rolls(out, "attack_roll")[0].advantage == "advantage"
    turn_of(s, "goblin-1")
    out = ok(s, "attack", attacker_id="goblin-1", target_id="thorin", weapon="scimitar")
    assert rolls(out, "attack_roll")[0].advantage == "disadvantage"


def test_incapacitated_creature_cannot_attack() -> None:
    """An incapacitated creature can't take actions or reactions."""
    s = game(sheet("thorin", "Fighter", **FIGHTER))
    fight(s, "goblin")
    turn_of(s, "thorin")
    condition(s, "thorin", "incapacitated")
    out = call(s, "attack", attacker_id="thorin", target_id="goblin-1", weapon="longsword")
    assert not out.ok
    assert hp(s, "goblin-1") == 7


def test_charmed_creature_cannot_attack_its_charmer() -> None:
    """A charmed creature can't attack the charmer."""
    s = game(sheet("thorin", "Fighter", **FIGHTER))
    fight(s, "goblin")
    turn_of(s, "thorin")
    condition(s, "thorin", "charmed")
    for c in s.party["thorin"].conditions:  # the charm a goblin's magic would leave
        if c.condition == "charmed":
            c.source = "goblin-1"
    out = call(s, "attack", attacker_id="thorin", target_id="goblin-1", weapon="longsword")
    assert not out.ok


def test_grappled_creature_speed_is_zero() -> None:
    """A grappled creature's speed becomes 0: it can't move away."""
    s = game(sheet("thorin", "Fighter", **FIGHTER))
    fight(s, "goblin")
    turn_of(s, "thorin")
    condition(s, "thorin", "grappled")
    out = call(s, "move", creature_id="thorin", to="far")
    assert not out.ok


def test_petrified_creature_resists_all_damage() -> None:
    """A petrified creature has resistance to all damage."""
    s = game(sheet("thorin", "Fighter", **FIGHTER))
    condition(s, "thorin", "petrified")
    before = hp(s, "thorin")
    ok(s, "damage", target_id="thorin", amount=10, damage_type="fire", reason="lava")
    assert before - hp(s, "thorin") == 5


def test_exhaustion_one_gives_disadvantage_on_checks() -> None:
    """Exhaustion level 1: disadvantage on ability checks."""
    s = game(sheet("thorin", "Fighter", **FIGHTER))
    condition(s, "thorin", "exhaustion", level=1)
    out = ok(
        s, "request_ability_check", character_id="thorin", skill="athletics", dc=10, reason="climb"
    )
    assert rolls(out)[0].advantage == "disadvantage"
    out = ok(s, "request_saving_throw", character_id="thorin", ability="con", dc=10, reason="cold")
    assert rolls(out)[0].advantage == "normal"


def test_exhaustion_three_gives_disadvantage_on_attacks_and_saves() -> None:
    """Exhaustion level 3: disadvantage on attack rolls and saving throws."""
    s = game(sheet("thorin", "Fighter", **FIGHTER))
    condition(s, "thorin", "exhaustion", level=3)
    out = ok(s, "request_saving_throw", character_id="thorin", ability="con", dc=10, reason="cold")
    assert rolls(out)[0].advantage == "disadvantage"
    fight(s, "goblin")
    turn_of(s, "thorin")
    out = ok(s, "attack", attacker_id="thorin", target_id="goblin-1", weapon="longsword")
    assert rolls(out, "attack_roll")[0].advantage == "disadvantage"


def test_exhaustion_four_halves_hit_point_maximum() -> None:
    """Exhaustion level 4: hit point maximum halved."""
    s = game(sheet("thorin", "Fighter", **FIGHTER))
    full = s.party["thorin"].vitals.max_hp
    condition(s, "thorin", "exhaustion", level=4)
    ok(s, "heal", target_id="thorin", amount=50, reason="potion")
    assert hp(s, "thorin") <= full // 2


def test_exhaustion_six_is_death() -> None:
    """Exhaustion level 6: death."""
    s = game(sheet("thorin", "Fighter", **FIGHTER))
    condition(s, "thorin", "exhaustion", level=6)
    assert s.party["thorin"].vitals.state == "dead"


def test_long_rest_lowers_exhaustion_by_one() -> None:
    """Finishing a long rest reduces exhaustion by 1 level (with food and drink)."""
    s = game(sheet("thorin", "Fighter", **FIGHTER))
    condition(s, "thorin", "exhaustion", level=2)
    ok(s, "rest", kind="long")
    assert s.party["thorin"].exhaustion == 1


# -- dropping to 0, death saves, massive damage ------------------------------------------------


def _dying(s: GameState, cid: str) -> None:
    """Set-up: ``cid`` is dropped to 0 hit points by a hazard (not killed outright)."""
    ok(s, "damage", target_id=cid, amount=hp(s, cid), damage_type="bludgeoning", reason="rockfall")
    assert s.party[cid].vitals.state == "dying"


def _next_turn_is(s: GameState, cid: str) -> ToolOutcome:
    """End the turn of whoever acts just before ``cid``."""
    enc = s.encounter
    assert enc is not None
    ids = [c.id for c in enc.order]
    enc.turn_index = (ids.index(cid) - 1) % len(ids)
    return ok(s, "end_turn")


def test_death_save_natural_one_counts_two_failures() -> None:
    """Rolling a 1 on a death saving throw counts as two failures."""
    s = game(sheet("thorin", "Fighter", **FIGHTER))
    fight(s, "goblin", at="far")
    _dying(s, "thorin")
    pin(s, LOW)
    _next_turn_is(s, "thorin")
    assert s.party["thorin"].vitals.death_failures == 2


def test_death_save_natural_twenty_regains_one_hit_point() -> None:
    """Rolling a 20 on a death saving throw: regain 1 hit point."""
    s = game(sheet("thorin", "Fighter", **FIGHTER))
    fight(s, "goblin", at="far")
    _dying(s, "thorin")
    pin(s, HIGH)
    _next_turn_is(s, "thorin")
    assert hp(s, "thorin") == 1
    assert s.party["thorin"].vitals.state == "alive"


def test_damage_at_zero_hit_points_is_a_death_save_failure() -> None:
    """Taking any damage while at 0 hit points is one death save failure."""
    s = game(sheet("thorin", "Fighter", **FIGHTER))
    _dying(s, "thorin")
    ok(s, "damage", target_id="thorin", amount=1, damage_type="fire", reason="embers")
    assert s.party["thorin"].vitals.death_failures == 1


def test_critical_hit_on_dying_creature_is_two_failures() -> None:
    """A critical hit against a creature at 0 hit points causes two death save failures."""
    s = game(sheet("thorin", "Fighter", **FIGHTER))
    (gob,) = fight(s, "goblin")
    _dying(s, "thorin")
    turn_of(s, gob)
    pin(s, HIGH)
    ok(s, "attack", attacker_id=gob, target_id="thorin", weapon="scimitar")
    assert s.party["thorin"].vitals.death_failures == 2


def test_melee_hit_on_unconscious_character_within_five_feet_is_critical() -> None:
    """A hit from within 5 feet on a creature at 0 HP (unconscious) is a critical hit."""
    s = game(sheet("thorin", "Fighter", **FIGHTER))
    (gob,) = fight(s, "goblin")
    _dying(s, "thorin")
    turn_of(s, gob)
    pin(s, 0.8)  # a 17: hits AC 16
    out = ok(s, "attack", attacker_id=gob, target_id="thorin", weapon="scimitar")
    assert first(out)["outcome"] == "critical_hit", out.result


def test_massive_damage_kills_outright() -> None:
    """Damage that reduces you to 0 HP with damage left over equal to your maximum kills you."""
    s = game(sheet("aria", "Wizard", level=1))
    most = s.party["aria"].vitals.max_hp
    ok(s, "damage", target_id="aria", amount=2 * most, damage_type="fire", reason="explosion")
    assert s.party["aria"].vitals.state == "dead"


def test_healing_a_dying_character_brings_them_back() -> None:
    """A creature at 0 HP that regains any hit points becomes conscious; death saves reset."""
    s = game(sheet("thorin", "Fighter", **FIGHTER))
    _dying(s, "thorin")
    ok(s, "damage", target_id="thorin", amount=1, damage_type="fire", reason="embers")
    ok(s, "heal", target_id="thorin", amount=3, reason="potion")
    v = s.party["thorin"].vitals
    assert (v.hp, v.state, v.death_failures, v.death_successes) == (3, "alive", 0, 0)


# -- damage types ------------------------------------------------------------------------------


def test_temporary_hit_points_do_not_stack() -> None:
    """Temporary hit points aren't cumulative: keep the higher of the old and the new."""
    s = game(sheet("thorin", "Fighter", **FIGHTER))
    ok(s, "heal", target_id="thorin", amount=8, temporary=True, reason="boon")
    ok(s, "heal", target_id="thorin", amount=5, temporary=True, reason="boon")
    assert s.party["thorin"].vitals.temp_hp == 8


def test_healing_cannot_exceed_hit_point_maximum() -> None:
    """Hit points regained can't exceed the hit point maximum."""
    s = game(sheet("thorin", "Fighter", **FIGHTER))
    ok(s, "damage", target_id="thorin", amount=3, damage_type="fire", reason="embers")
    ok(s, "heal", target_id="thorin", amount=20, reason="potion")
    assert hp(s, "thorin") == s.party["thorin"].vitals.max_hp


# -- actions in combat -------------------------------------------------------------------------


def test_leaving_reach_provokes_an_opportunity_attack() -> None:
    """Moving out of an enemy's reach provokes an opportunity attack from it."""
    s = game(sheet("thorin", "Fighter", **FIGHTER))
    (gob,) = fight(s, "goblin")
    turn_of(s, "thorin")
    pin(s, HIGH)
    out = ok(s, "move", creature_id="thorin", to="near")
    assert any(r.character_id == gob for r in rolls(out, "attack_roll")), out.result


def test_disengage_prevents_opportunity_attacks() -> None:
    """After the Disengage action, your movement doesn't provoke opportunity attacks."""
    s = game(sheet("thorin", "Fighter", **FIGHTER))
    fight(s, "goblin")
    turn_of(s, "thorin")
    ok(s, "take_action", creature_id="thorin", action="disengage")
    out = ok(s, "move", creature_id="thorin", to="near")
    assert not rolls(out, "attack_roll")
    assert hp(s, "thorin") == s.party["thorin"].vitals.max_hp


def test_dodge_gives_attackers_disadvantage() -> None:
    """Dodge: attack rolls against you have disadvantage until your next turn."""
    s = game(sheet("thorin", "Fighter", **FIGHTER))
    (gob,) = fight(s, "goblin")
    turn_of(s, "thorin")
    ok(s, "take_action", creature_id="thorin", action="dodge")
    turn_of(s, gob)
    out = ok(s, "attack", attacker_id=gob, target_id="thorin", weapon="scimitar")
    assert rolls(out, "attack_roll")[0].advantage == "disadvantage"


def test_dodge_gives_advantage_on_dexterity_saves() -> None:
    """Dodge: you make Dexterity saving throws with advantage."""
    s = game(sheet("thorin", "Fighter", **FIGHTER))
    fight(s, "goblin")
    turn_of(s, "thorin")
    ok(s, "take_action", creature_id="thorin", action="dodge")
    out = ok(s, "request_saving_throw", character_id="thorin", ability="dex", dc=10, reason="trap")
    assert rolls(out)[0].advantage == "advantage"


def test_help_gives_ally_advantage_on_next_attack() -> None:
    """Help: the next attack an ally makes against the creature has advantage."""
    s = game(sheet("thorin", "Fighter", **FIGHTER), sheet("mira", "Rogue", weapons=["shortsword"]))
    (gob,) = fight(s, "goblin")
    engage(s, "mira", gob)
    s.encounter.positions["thorin"].engaged[gob] = 5  # type: ignore[union-attr]
    s.encounter.positions[gob].engaged["thorin"] = 5  # type: ignore[union-attr]
    turn_of(s, "mira")
    ok(s, "take_action", creature_id="mira", action="help", target_id="thorin")
    turn_of(s, "thorin")
    pin(s, LOW)
    out = ok(s, "attack", attacker_id="thorin", target_id=gob, weapon="longsword")
    assert rolls(out, "attack_roll")[0].advantage == "advantage"


def test_help_in_combat_only_aids_attacks_on_a_foe_next_to_the_helper() -> None:
    """Help aids an ally's first attack against a creature within 5 feet of the helper, not any
    foe."""
    s = game(sheet("thorin", "Fighter", **FIGHTER), sheet("mira", "Rogue", weapons=["shortsword"]))
    near_mira, far_off = fight(s, "goblin", 2, at="far")
    engage(s, "mira", near_mira)
    turn_of(s, "mira")
    ok(s, "take_action", creature_id="mira", action="help", target_id="thorin")
    turn_of(s, "thorin")
    pin(s, LOW)
    out = ok(s, "attack", attacker_id="thorin", target_id=far_off, weapon="light_crossbow")
    assert rolls(out, "attack_roll")[0].advantage == "normal"


def test_off_hand_attack_adds_no_ability_modifier_to_damage() -> None:
    """Two-weapon fighting: don't add your ability modifier to the bonus attack's damage."""
    s = game(
        sheet(
            "thorin",
            "Fighter",
            weapons=["shortsword", "dagger"],
            choices={"fighting_style": "defense"},
        )
    )
    (gob,) = fight(s, "goblin_boss")
    turn_of(s, "thorin")
    pin(s, MID)
    ok(s, "attack", attacker_id="thorin", target_id=gob, weapon="shortsword")
    out = ok(s, "attack", attacker_id="thorin", target_id=gob, weapon="dagger", mode="off_hand")
    assert first(out)["damage"] == 3  # a d4 showing 3, no Strength bonus


def test_two_weapon_fighting_needs_light_weapons() -> None:
    """Two-weapon fighting works only when both melee weapons are light."""
    s = game(
        sheet(
            "thorin",
            "Fighter",
            weapons=["longsword", "dagger"],
            choices={"fighting_style": "defense"},
        )
    )
    (gob,) = fight(s, "goblin_boss")
    turn_of(s, "thorin")
    pin(s, LOW)
    ok(s, "attack", attacker_id="thorin", target_id=gob, weapon="longsword")
    assert not call(
        s, "attack", attacker_id="thorin", target_id=gob, weapon="dagger", mode="off_hand"
    ).ok


def test_grapple_is_an_athletics_contest_that_grapples() -> None:
    """Grapple: a Strength (Athletics) check against the target's Athletics or Acrobatics; on a win
    it's grappled."""
    s = game(sheet("thorin", "Fighter", **FIGHTER))
    (gob,) = fight(s, "goblin")
    turn_of(s, "thorin")
    pin(s, HIGH)
    out = ok(s, "take_action", creature_id="thorin", action="grapple", target_id=gob)
    assert len(rolls(out)) >= 2  # a contest: both roll
    assert any(c.condition == "grappled" for c in s.creatures[gob].conditions)


def test_cannot_grapple_a_creature_two_sizes_larger() -> None:
    """The target of a grapple can be no more than one size larger than you."""
    s = game(sheet("mira", "Rogue", species="Halfling", weapons=["shortsword"]))
    (ogre,) = fight(s, "ogre", facing="mira")
    turn_of(s, "mira")
    assert not call(s, "take_action", creature_id="mira", action="grapple", target_id=ogre).ok


def test_shove_prone_knocks_target_prone() -> None:
    """Shove: win the contest and the target is knocked prone."""
    s = game(sheet("thorin", "Fighter", **FIGHTER))
    (gob,) = fight(s, "goblin")
    turn_of(s, "thorin")
    pin(s, HIGH)
    ok(s, "take_action", creature_id="thorin", action="shove_prone", target_id=gob)
    assert any(c.condition == "prone" for c in s.creatures[gob].conditions)


def test_half_cover_adds_two_to_armor_class() -> None:
    """Half cover: +2 bonus to AC and Dexterity saves."""
    s = game(sheet("thorin", "Fighter", **FIGHTER))
    (gob,) = fight(s, "goblin", at="far")
    enc = s.encounter
    assert enc is not None
    enc.positions[gob].cover = "half"
    enc.positions[gob].behind = "a low wall"
    turn_of(s, "thorin")
    pin(s, LOW)
    hit = first(ok(s, "attack", attacker_id="thorin", target_id=gob, weapon="light_crossbow"))
    assert hit["ac"] == 15 + 2


def test_three_quarters_cover_adds_five_to_armor_class() -> None:
    """Three-quarters cover: +5 bonus to AC and Dexterity saves."""
    s = game(sheet("thorin", "Fighter", **FIGHTER))
    (gob,) = fight(s, "goblin", at="far")
    enc = s.encounter
    assert enc is not None
    enc.positions[gob].cover = "three_quarters"
    enc.positions[gob].behind = "an arrow slit"
    turn_of(s, "thorin")
    pin(s, LOW)
    hit = first(ok(s, "attack", attacker_id="thorin", target_id=gob, weapon="light_crossbow"))
    assert hit["ac"] == 15 + 5


def test_ranged_attack_with_enemy_adjacent_has_disadvantage() -> None:
    """A ranged attack roll has disadvantage while a hostile creature within 5 feet can see you."""
    s = game(sheet("thorin", "Fighter", **FIGHTER))
    (gob,) = fight(s, "goblin")
    turn_of(s, "thorin")
    pin(s, LOW)
    out = ok(s, "attack", attacker_id="thorin", target_id=gob, weapon="light_crossbow")
    assert rolls(out, "attack_roll")[0].advantage == "disadvantage"


# -- resting -----------------------------------------------------------------------------------


def test_short_rest_hit_die_adds_constitution_modifier() -> None:
    """Short rest: each Hit Die spent restores its roll plus your Constitution modifier."""
    s = game(sheet("thorin", "Fighter", **FIGHTER))
    ok(s, "damage", target_id="thorin", amount=20, damage_type="fire", reason="embers")
    before = hp(s, "thorin")
    pin(s, LOW)
    ok(s, "rest", kind="short", character_ids=["thorin"])
    gained = hp(s, "thorin") - before
    spent = 3 - s.party["thorin"].hit_dice.remaining
    assert spent >= 1
    assert gained == spent * (1 + 2)


def test_long_rest_restores_hit_points_and_half_hit_dice() -> None:
    """Long rest: regain all hit points and spent Hit Dice up to half your total (minimum 1)."""
    s = game(sheet("thorin", "Fighter", level=4, **FIGHTER))
    dice = s.party["thorin"].hit_dice
    s.party["thorin"].hit_dice = dice.model_copy(update={"remaining": 0})
    ok(s, "damage", target_id="thorin", amount=20, damage_type="fire", reason="embers")
    ok(s, "rest", kind="long")
    assert hp(s, "thorin") == s.party["thorin"].vitals.max_hp
    assert s.party["thorin"].hit_dice.remaining == 2


# -- class features: barbarian -----------------------------------------------------------------

BARBARIAN = {"weapons": ["greataxe", "handaxe"]}


def test_rage_adds_damage_to_strength_melee_attacks() -> None:
    """Rage: +2 to damage rolls of melee weapon attacks using Strength (levels 1-8)."""
    s = game(sheet("thorin", "Barbarian", **BARBARIAN))
    (boss,) = fight(s, "goblin_boss")
    turn_of(s, "thorin")
    ok(s, "use_feature", creature_id="thorin", feature="rage")
    pin(s, MID)
    out = ok(s, "attack", attacker_id="thorin", target_id=boss, weapon="greataxe")
    assert first(out)["damage"] == 7 + 3 + 2


def test_rage_resists_bludgeoning_piercing_slashing() -> None:
    """Rage: resistance to bludgeoning, piercing and slashing damage."""
    s = game(sheet("thorin", "Barbarian", **BARBARIAN))
    (gob,) = fight(s, "goblin")
    turn_of(s, "thorin")
    ok(s, "use_feature", creature_id="thorin", feature="rage")
    before = hp(s, "thorin")
    turn_of(s, gob)
    pin(s, HIGH)
    out = ok(s, "attack", attacker_id=gob, target_id="thorin", weapon="scimitar")
    dealt = first(out)["damage"]
    assert before - hp(s, "thorin") == dealt
    assert dealt == (6 + 6 + 2) // 2


def test_rage_gives_advantage_on_strength_checks() -> None:
    """Rage: advantage on Strength checks and Strength saving throws."""
    s = game(sheet("thorin", "Barbarian", **BARBARIAN))
    fight(s, "goblin")
    turn_of(s, "thorin")
    ok(s, "use_feature", creature_id="thorin", feature="rage")
    out = ok(
        s, "request_saving_throw", character_id="thorin", ability="str", dc=10, reason="boulder"
    )
    assert rolls(out)[0].advantage == "advantage"


def test_barbarian_has_three_rages_at_third_level() -> None:
    """Rage: 3 uses at levels 3-5; a fourth needs a long rest."""
    s = game(sheet("thorin", "Barbarian", **BARBARIAN))
    fight(s, "goblin")
    for _ in range(3):
        turn_of(s, "thorin")
        ok(s, "use_feature", creature_id="thorin", feature="rage")
        s.party["thorin"].effects = [e for e in s.party["thorin"].effects if e.id != "rage"]
        s.encounter.economy.pop("thorin", None)  # type: ignore[union-attr]
    turn_of(s, "thorin")
    assert not call(s, "use_feature", creature_id="thorin", feature="rage").ok


def test_reckless_attack_gives_advantage() -> None:
    """Reckless Attack: advantage on Strength melee attacks this turn; attacks against you have
    advantage."""
    s = game(sheet("thorin", "Barbarian", level=2, **BARBARIAN))
    (gob,) = fight(s, "goblin_boss")
    turn_of(s, "thorin")
    ok(s, "use_feature", creature_id="thorin", feature="reckless_attack")
    pin(s, LOW)
    out = ok(s, "attack", attacker_id="thorin", target_id=gob, weapon="greataxe")
    assert rolls(out, "attack_roll")[0].advantage == "advantage"
    turn_of(s, gob)
    out = ok(s, "attack", attacker_id=gob, target_id="thorin", weapon="spoon")
    assert rolls(out, "attack_roll")[0].advantage == "advantage"


def test_barbarian_unarmored_defense() -> None:
    """Unarmored Defense: without armour, AC is 10 + Dexterity modifier + Constitution modifier."""
    s = game(sheet("thorin", "Barbarian", **BARBARIAN))
    (gob,) = fight(s, "goblin")
    turn_of(s, gob)
    pin(s, LOW)
    out = ok(s, "attack", attacker_id=gob, target_id="thorin", weapon="scimitar")
    assert first(out)["ac"] == 10 + 2 + 2


def test_danger_sense_gives_advantage_on_dexterity_saves() -> None:
    """Danger Sense (2nd level): advantage on Dexterity saves against effects you can see."""
    s = game(sheet("thorin", "Barbarian", level=2, **BARBARIAN))
    out = ok(
        s,
        "request_saving_throw",
        character_id="thorin",
        ability="dex",
        dc=10,
        reason="falling rocks",
    )
    assert rolls(out)[0].advantage == "advantage"


def test_barbarian_extra_attack_at_fifth_level() -> None:
    """Extra Attack (barbarian 5th level): attack twice when you take the Attack action."""
    s = game(sheet("thorin", "Barbarian", level=5, **BARBARIAN))
    (boss,) = fight(s, "goblin_boss")
    turn_of(s, "thorin")
    pin(s, LOW)
    ok(s, "attack", attacker_id="thorin", target_id=boss, weapon="greataxe")
    assert call(s, "attack", attacker_id="thorin", target_id=boss, weapon="greataxe").ok
    assert not call(s, "attack", attacker_id="thorin", target_id=boss, weapon="greataxe").ok


# -- fighter -----------------------------------------------------------------------------------


def test_second_wind_heals_d10_plus_level() -> None:
    """Second Wind: regain 1d10 + fighter level hit points, once per short rest."""
    s = game(sheet("thorin", "Fighter", **FIGHTER))
    fight(s, "goblin", at="far")
    ok(s, "damage", target_id="thorin", amount=20, damage_type="fire", reason="embers")
    before = hp(s, "thorin")
    turn_of(s, "thorin")
    pin(s, MID)
    ok(s, "use_feature", creature_id="thorin", feature="second_wind")
    assert hp(s, "thorin") - before == 6 + 3
    s.encounter.economy.pop("thorin", None)  # type: ignore[union-attr]
    assert not call(s, "use_feature", creature_id="thorin", feature="second_wind").ok


def test_champion_crits_on_nineteen() -> None:
    """Improved Critical (Champion 3rd level): weapon attacks score a critical hit on a 19 or 20."""
    s = game(
        sheet(
            "thorin",
            "Fighter",
            choices={"fighting_style": "defense", "martial_archetype": "champion"},
            **FIGHTER,
        )
    )
    (boss,) = fight(s, "goblin_boss")
    turn_of(s, "thorin")
    pin(s, 0.93)  # a 19 on the d20
    out = ok(s, "attack", attacker_id="thorin", target_id=boss, weapon="longsword")
    assert rolls(out, "attack_roll")[0].natural == 19
    assert first(out)["outcome"] == "critical_hit"


def test_defense_style_adds_one_to_armored_ac() -> None:
    """Fighting Style Defense: +1 to AC while wearing armour."""
    s = game(sheet("thorin", "Fighter", choices={"fighting_style": "defense"}, **FIGHTER))
    (gob,) = fight(s, "goblin")
    turn_of(s, gob)
    pin(s, LOW)
    out = ok(s, "attack", attacker_id=gob, target_id="thorin", weapon="scimitar")
    assert first(out)["ac"] == 16 + 1


def test_dueling_style_adds_two_damage_one_handed() -> None:
    """Fighting Style Dueling: +2 damage with a one-handed melee weapon and no other weapon."""
    s = game(
        sheet(
            "thorin",
            "Fighter",
            choices={"fighting_style": "dueling"},
            weapons=["longsword"],
            armor="chain_mail",
        )
    )
    (boss,) = fight(s, "goblin_boss")
    turn_of(s, "thorin")
    pin(s, MID)
    out = ok(s, "attack", attacker_id="thorin", target_id=boss, weapon="longsword")
    assert first(out)["damage"] == 5 + 3 + 2


def test_archery_style_adds_two_to_ranged_attack_rolls() -> None:
    """Fighting Style Archery: +2 to attack rolls with ranged weapons."""
    s = game(sheet("thorin", "Fighter", choices={"fighting_style": "archery"}, **FIGHTER))
    (gob,) = fight(s, "goblin", at="far")
    turn_of(s, "thorin")
    pin(s, LOW)
    out = ok(s, "attack", attacker_id="thorin", target_id=gob, weapon="light_crossbow")
    assert rolls(out, "attack_roll")[0].modifier == 2 + 2 + 2


def test_action_surge_gives_another_action() -> None:
    """Action Surge: one additional action on your turn, once per short rest."""
    s = game(sheet("thorin", "Fighter", **FIGHTER))
    (boss,) = fight(s, "goblin_boss")
    turn_of(s, "thorin")
    pin(s, LOW)
    ok(s, "attack", attacker_id="thorin", target_id=boss, weapon="longsword")
    assert not call(s, "attack", attacker_id="thorin", target_id=boss, weapon="longsword").ok
    ok(s, "use_feature", creature_id="thorin", feature="action_surge")
    assert call(s, "attack", attacker_id="thorin", target_id=boss, weapon="longsword").ok


# -- rogue -------------------------------------------------------------------------------------

ROGUE = {"weapons": ["shortsword", "shortbow", "dagger"], "armor": "leather"}


def test_sneak_attack_with_ally_adjacent_to_target() -> None:
    """Sneak Attack: extra 2d6 (3rd level) with a finesse weapon when an ally is within 5 feet of
    the target."""
    s = game(sheet("thorin", "Fighter", **FIGHTER), sheet("mira", "Rogue", **ROGUE))
    (boss,) = fight(s, "goblin_boss")
    s.encounter.positions["mira"].engaged[boss] = 5  # type: ignore[union-attr]
    s.encounter.positions[boss].engaged["mira"] = 5  # type: ignore[union-attr]
    s.creatures[boss].vitals = s.creatures[boss].vitals.model_copy(update={"hp": 60, "max_hp": 60})
    turn_of(s, "mira")
    pin(s, MID)
    out = ok(s, "attack", attacker_id="mira", target_id=boss, weapon="shortsword")
    assert first(out)["damage"] == 4 + 3 + (4 + 4), out.result  # finesse: Strength's +3


def test_no_sneak_attack_without_advantage_or_ally() -> None:
    """Sneak Attack needs advantage, or another enemy of the target within 5 feet of it."""
    s = game(sheet("mira", "Rogue", **ROGUE))
    (boss,) = fight(s, "goblin_boss", facing="mira")
    s.creatures[boss].vitals = s.creatures[boss].vitals.model_copy(update={"hp": 60, "max_hp": 60})
    turn_of(s, "mira")
    pin(s, MID)
    out = ok(s, "attack", attacker_id="mira", target_id=boss, weapon="shortsword")
    assert first(out)["damage"] == 4 + 3


def test_sneak_attack_only_once_per_turn() -> None:
    """Sneak Attack: once per turn."""
    s = game(sheet("mira", "Rogue", **ROGUE))
    (boss,) = fight(s, "goblin_boss", facing="mira")
    s.creatures[boss].vitals = s.creatures[boss].vitals.model_copy(update={"hp": 90, "max_hp": 90})
    condition(s, boss, "blinded")  # Mira has advantage
    turn_of(s, "mira")
    pin(s, MID)
    one = first(ok(s, "attack", attacker_id="mira", target_id=boss, weapon="shortsword"))
    two = first(
        ok(s, "attack", attacker_id="mira", target_id=boss, weapon="dagger", mode="off_hand")
    )
    assert one["damage"] == 4 + 3 + 8
    assert two["damage"] == 3


def test_cunning_action_dash_as_bonus_action() -> None:
    """Cunning Action: Dash, Disengage or Hide as a bonus action."""
    s = game(sheet("mira", "Rogue", **ROGUE))
    fight(s, "goblin", facing="mira")
    turn_of(s, "mira")
    ok(s, "use_feature", creature_id="mira", feature="cunning_action", option="disengage")
    ok(s, "take_action", creature_id="mira", action="dodge")  # the action is still free


def test_uncanny_dodge_halves_an_attacks_damage() -> None:
    """Uncanny Dodge (5th level): use your reaction to halve an attack's damage against you."""
    s = game(sheet("mira", "Rogue", level=5, **ROGUE))
    (boss,) = fight(s, "goblin_boss", facing="mira")
    turn_of(s, boss)
    pin(s, HIGH)
    before = hp(s, "mira")
    out = ok(s, "attack", attacker_id=boss, target_id="mira", weapon="spoon")
    assert first(out)["outcome"] == "critical_hit"
    assert before - hp(s, "mira") == (4 + 4 + 2) // 2  # the first blow of the multiattack


def test_expertise_doubles_proficiency() -> None:
    """Expertise: double the proficiency bonus for the chosen skills."""
    s = game(sheet("mira", "Rogue", skills={"stealth": "expertise"}, **ROGUE))
    out = ok(
        s, "request_ability_check", character_id="mira", skill="stealth", dc=10, reason="sneak"
    )
    assert rolls(out)[0].modifier == 2 + 2 * 2


# -- monk --------------------------------------------------------------------------------------

MONK = {"weapons": ["shortsword"], "abilities": {**ABILITIES, "dex": 16, "wis": 16}}


def test_monk_unarmored_defense_adds_wisdom() -> None:
    """Monk Unarmored Defense: AC 10 + Dexterity modifier + Wisdom modifier."""
    s = game(sheet("thorin", "Monk", **MONK))
    (gob,) = fight(s, "goblin")
    turn_of(s, gob)
    pin(s, LOW)
    out = ok(s, "attack", attacker_id=gob, target_id="thorin", weapon="scimitar")
    assert first(out)["ac"] == 10 + 3 + 3


def test_monk_has_ki_points_equal_to_level() -> None:
    """Ki: a number of ki points equal to monk level (3 at 3rd level)."""
    s = game(sheet("thorin", "Monk", **MONK))
    fight(s, "goblin_boss")
    spent = 0
    for _ in range(4):
        turn_of(s, "thorin")
        s.encounter.economy.pop("thorin", None)  # type: ignore[union-attr]
        if call(s, "use_feature", creature_id="thorin", feature="patient_defense").ok:
            spent += 1
        s.party["thorin"].effects = []
    assert spent == 3


def test_flurry_of_blows_makes_two_unarmed_strikes() -> None:
    """Flurry of Blows: after the Attack action, 1 ki for two unarmed strikes as a bonus action."""
    s = game(sheet("thorin", "Monk", **MONK))
    (boss,) = fight(s, "goblin_boss")
    s.creatures[boss].vitals = s.creatures[boss].vitals.model_copy(update={"hp": 90, "max_hp": 90})
    turn_of(s, "thorin")
    pin(s, MID)
    ok(s, "attack", attacker_id="thorin", target_id=boss, weapon="shortsword")
    out = ok(s, "use_feature", creature_id="thorin", feature="flurry_of_blows", target_id=boss)
    assert len(rolls(out, "attack_roll")) == 2, out.result


def test_stunning_strike_stuns_on_failed_constitution_save() -> None:
    """Stunning Strike (5th level): after a melee hit, 1 ki: Con save or stunned until the end of
    your next turn."""
    s = game(sheet("thorin", "Monk", level=5, **MONK))
    (boss,) = fight(s, "goblin_boss")
    s.creatures[boss].vitals = s.creatures[boss].vitals.model_copy(update={"hp": 90, "max_hp": 90})
    turn_of(s, "thorin")
    pin(s, 0.8)
    ok(s, "attack", attacker_id="thorin", target_id=boss, weapon="shortsword")
    pin(s, LOW)
    ok(s, "use_feature", creature_id="thorin", feature="stunning_strike", target_id=boss)
    assert any(c.condition == "stunned" for c in s.creatures[boss].conditions)


def test_martial_arts_die_is_d6_at_fifth_level() -> None:
    """Martial Arts: the unarmed strike die is a d4 at levels 1-4 and a d6 at 5-10."""
    s = game(sheet("thorin", "Monk", level=5, **MONK))
    (boss,) = fight(s, "goblin_boss")
    s.creatures[boss].vitals = s.creatures[boss].vitals.model_copy(update={"hp": 90, "max_hp": 90})
    turn_of(s, "thorin")
    pin(s, HIGH)
    ok(s, "attack", attacker_id="thorin", target_id=boss, weapon="shortsword")
    out = ok(s, "use_feature", creature_id="thorin", feature="flurry_of_blows", target_id=boss)
    sides = {f.sides for r in rolls(out, "damage") for f in r.dice}
    assert sides == {6}, out.result


def test_monk_can_attack_with_an_unarmed_strike() -> None:
    """Martial Arts: a monk can use unarmed strikes when taking the Attack action (d4 + Dex at 3rd
    level)."""
    s = game(sheet("thorin", "Monk", **MONK))
    (boss,) = fight(s, "goblin_boss")
    turn_of(s, "thorin")
    pin(s, LOW)
    ok(s, "attack", attacker_id="thorin", target_id=boss, weapon="unarmed_strike")


# -- paladin -----------------------------------------------------------------------------------

PALADIN = {"weapons": ["longsword"], "armor": "chain_mail", "shield": True}


def test_divine_smite_adds_2d8_with_first_level_slot() -> None:
    """Divine Smite: a 1st-level slot adds 2d8 radiant damage to a melee weapon hit."""
    s = game(sheet("thorin", "Paladin", **PALADIN))
    (boss,) = fight(s, "goblin_boss")
    s.creatures[boss].vitals = s.creatures[boss].vitals.model_copy(update={"hp": 90, "max_hp": 90})
    turn_of(s, "thorin")
    pin(s, MID)
    ok(s, "use_feature", creature_id="thorin", feature="divine_smite", option="1")
    out = ok(s, "attack", attacker_id="thorin", target_id=boss, weapon="longsword")
    assert 90 - hp(s, boss) == 5 + 3 + 5 + 5, out.result


def test_divine_smite_adds_a_d8_against_undead() -> None:
    """Divine Smite: +1d8 more against an undead or a fiend."""
    s = game(sheet("cass", "Paladin", **PALADIN), campaign="drowned_bell")
    (thrall,) = fight(s, "drowned_thrall", facing="cass")
    s.creatures[thrall].vitals = s.creatures[thrall].vitals.model_copy(
        update={"hp": 90, "max_hp": 90}
    )
    turn_of(s, "cass")
    pin(s, MID)
    ok(s, "use_feature", creature_id="cass", feature="divine_smite", option="1")
    ok(s, "attack", attacker_id="cass", target_id=thrall, weapon="longsword")
    assert 90 - hp(s, thrall) == 5 + 3 + 5 * 3


def test_lay_on_hands_pool_is_five_times_level() -> None:
    """Lay on Hands: a pool of paladin level x 5 hit points, restored by a long rest."""
    s = game(sheet("thorin", "Paladin", **PALADIN), sheet("mira", "Rogue", **ROGUE))
    ok(s, "damage", target_id="mira", amount=20, damage_type="fire", reason="embers")
    before = hp(s, "mira")
    ok(
        s,
        "use_feature",
        creature_id="thorin",
        feature="lay_on_hands",
        target_id="mira",
        option="15",
    )
    assert hp(s, "mira") - before == 15
    assert not call(
        s, "use_feature", creature_id="thorin", feature="lay_on_hands", target_id="mira", option="1"
    ).ok


def test_paladin_extra_attack_at_fifth_level() -> None:
    """Extra Attack (paladin 5th level): two attacks with the Attack action."""
    s = game(sheet("thorin", "Paladin", level=5, **PALADIN))
    (boss,) = fight(s, "goblin_boss")
    turn_of(s, "thorin")
    pin(s, LOW)
    ok(s, "attack", attacker_id="thorin", target_id=boss, weapon="longsword")
    assert call(s, "attack", attacker_id="thorin", target_id=boss, weapon="longsword").ok


# -- spells: slots, upcasting, saves, concentration ----------------------------------------------

WIZARD = {
    "weapons": ["dagger"],
    "abilities": {**ABILITIES, "int": 16},
    "spells": [
        "fire_bolt",
        "magic_missile",
        "burning_hands",
        "shield",
        "sleep",
        "hold_person",
        "scorching_ray",
        "fireball",
        "misty_step",
    ],
}


def test_magic_missile_three_darts_each_1d4_plus_1() -> None:
    """Magic Missile: three darts, each 1d4 + 1 force damage, hitting automatically."""
    s = game(sheet("aria", "Wizard", **WIZARD))
    (boss,) = fight(s, "goblin_boss", at="far")
    s.creatures[boss].ac = 30
    turn_of(s, "aria")
    pin(s, LOW)
    out = ok(s, "cast_spell", caster_id="aria", spell="magic_missile", target_ids=[boss])
    assert 17 - hp(s, boss) == 3 * (1 + 1), out.result


def test_magic_missile_upcast_adds_a_dart_per_slot_level() -> None:
    """Magic Missile at higher levels: one more dart for each slot level above 1st."""
    s = game(sheet("aria", "Wizard", **WIZARD))
    (boss,) = fight(s, "goblin_boss", at="far")
    turn_of(s, "aria")
    pin(s, LOW)
    ok(s, "cast_spell", caster_id="aria", spell="magic_missile", target_ids=[boss], slot_level=2)
    assert 17 - hp(s, boss) == 4 * (1 + 1)
    assert s.party["aria"].spell_slots.expended.get(2) == 1


def test_casting_spends_a_slot_and_no_slot_means_no_spell() -> None:
    """Casting a leveled spell expends a slot of its level or higher; with none left you can't cast
    it."""
    s = game(sheet("aria", "Wizard", level=1, **WIZARD))
    ok(s, "rest", kind="long")
    (boss,) = fight(s, "goblin_boss", at="far")
    for _ in range(2):
        turn_of(s, "aria")
        s.encounter.economy.pop("aria", None)  # type: ignore[union-attr]
        s.encounter.spells_cast.pop("aria", None)  # type: ignore[union-attr]
        ok(s, "cast_spell", caster_id="aria", spell="magic_missile", target_ids=[boss])
        s.creatures[boss].vitals = s.creatures[boss].vitals.model_copy(update={"hp": 17})
    turn_of(s, "aria")
    s.encounter.economy.pop("aria", None)  # type: ignore[union-attr]
    s.encounter.spells_cast.pop("aria", None)  # type: ignore[union-attr]
    assert not call(s, "cast_spell", caster_id="aria", spell="magic_missile", target_ids=[boss]).ok


def test_cantrip_damage_grows_at_fifth_level() -> None:
    """Fire Bolt: 1d10, becoming 2d10 at 5th character level."""
    s = game(sheet("aria", "Wizard", level=5, **WIZARD))
    (boss,) = fight(s, "goblin_boss", at="far")
    turn_of(s, "aria")
    pin(s, HIGH)
    out = ok(s, "cast_spell", caster_id="aria", spell="fire_bolt", target_ids=[boss])
    dice = [f.sides for r in rolls(out, "damage") for f in r.dice]
    assert dice.count(10) == 4  # a critical 2d10, doubled


def test_burning_hands_half_damage_on_successful_save() -> None:
    """Burning Hands: 3d6 fire on a failed Dex save, half as much on a success."""
    s = game(sheet("aria", "Wizard", **WIZARD))
    (boss,) = fight(s, "goblin_boss", facing="aria")
    s.creatures[boss].vitals = s.creatures[boss].vitals.model_copy(update={"hp": 60, "max_hp": 60})
    turn_of(s, "aria")
    pin(s, HIGH)  # the boss saves with a 20; the damage dice show 6s
    ok(s, "cast_spell", caster_id="aria", spell="burning_hands", target_ids=[boss])
    assert 60 - hp(s, boss) == 18 // 2


def test_spell_save_dc_is_8_plus_proficiency_plus_ability() -> None:
    """Spell save DC = 8 + proficiency bonus + spellcasting ability modifier."""
    s = game(sheet("aria", "Wizard", **WIZARD))
    (boss,) = fight(s, "goblin_boss", facing="aria")
    turn_of(s, "aria")
    pin(s, LOW)
    out = ok(s, "cast_spell", caster_id="aria", spell="burning_hands", target_ids=[boss])
    saves = [r for r in rolls(out) if r.dc is not None and r.character_id == boss]
    assert saves and saves[0].dc == 8 + 2 + 3, out.result


def test_hold_person_paralyzes_a_humanoid_on_failed_wisdom_save() -> None:
    """Hold Person: a humanoid that fails a Wisdom save is paralyzed; it needs concentration."""
    s = game(sheet("aria", "Wizard", **WIZARD))
    (boss,) = fight(s, "goblin_boss", at="far")
    turn_of(s, "aria")
    pin(s, LOW)
    ok(s, "cast_spell", caster_id="aria", spell="hold_person", target_ids=[boss])
    assert any(c.condition == "paralyzed" for c in s.creatures[boss].conditions)
    assert s.party["aria"].concentration == "hold_person"


def test_hold_person_does_not_work_on_undead() -> None:
    """Hold Person targets a humanoid only."""
    s = game(sheet("wren", "Wizard", **WIZARD), campaign="drowned_bell")
    (thrall,) = fight(s, "drowned_thrall", at="far")
    turn_of(s, "wren")
    pin(s, LOW)
    call(s, "cast_spell", caster_id="wren", spell="hold_person", target_ids=[thrall])
    assert not any(c.condition == "paralyzed" for c in s.creatures[thrall].conditions)


def test_concentration_breaks_on_failed_constitution_save() -> None:
    """Concentration: taking damage forces a Con save (DC 10 or half the damage); failing ends the
    spell."""
    s = game(sheet("aria", "Wizard", **WIZARD))
    (boss,) = fight(s, "goblin_boss", at="far")
    turn_of(s, "aria")
    pin(s, LOW)
    ok(s, "cast_spell", caster_id="aria", spell="hold_person", target_ids=[boss])
    ok(s, "damage", target_id="aria", amount=2, damage_type="fire", reason="embers")
    assert s.party["aria"].concentration is None
    assert not any(c.condition == "paralyzed" for c in s.creatures[boss].conditions)


def test_concentration_save_dc_is_half_the_damage_when_higher() -> None:
    """Concentration save DC is 10 or half the damage taken, whichever is higher."""
    s = game(sheet("aria", "Wizard", level=5, **WIZARD))
    (boss,) = fight(s, "goblin_boss", at="far")
    turn_of(s, "aria")
    pin(s, LOW)
    ok(s, "cast_spell", caster_id="aria", spell="hold_person", target_ids=[boss])
    pin(s, MID)
    out = ok(s, "damage", target_id="aria", amount=24, damage_type="fire", reason="blast")
    saves = [r for r in rolls(out) if r.dc is not None]
    assert saves and saves[0].dc == 12


def test_a_second_concentration_spell_ends_the_first() -> None:
    """You lose concentration on a spell if you cast another spell that requires concentration."""
    s = game(
        sheet("cass", "Cleric", spells=["bless", "bane", "sacred_flame", "cure_wounds"]),
        campaign="drowned_bell",
    )
    (thrall,) = fight(s, "drowned_thrall", at="near")
    turn_of(s, "cass")
    ok(s, "cast_spell", caster_id="cass", spell="bless", target_ids=["cass"])
    s.encounter.economy.pop("cass", None)  # type: ignore[union-attr]
    s.encounter.spells_cast.pop("cass", None)  # type: ignore[union-attr]
    pin(s, LOW)
    ok(s, "cast_spell", caster_id="cass", spell="bane", target_ids=[thrall])
    assert s.party["cass"].concentration == "bane"
    assert not any(e.id == "bless" for e in s.party["cass"].effects)


def test_bonus_action_spell_leaves_only_a_cantrip() -> None:
    """After casting a bonus-action spell, the only other spell that turn is a cantrip with a
    casting time of 1 action."""
    s = game(sheet("aria", "Wizard", **WIZARD))
    (boss,) = fight(s, "goblin_boss", at="far")
    turn_of(s, "aria")
    ok(s, "cast_spell", caster_id="aria", spell="misty_step")
    assert not call(s, "cast_spell", caster_id="aria", spell="magic_missile", target_ids=[boss]).ok
    assert call(s, "cast_spell", caster_id="aria", spell="fire_bolt", target_ids=[boss]).ok


def test_shield_adds_five_to_armor_class_against_the_attack() -> None:
    """Shield: a reaction when hit; +5 AC until the start of your next turn, including against the
    triggering attack."""
    s = game(sheet("aria", "Wizard", **WIZARD))
    (gob,) = fight(s, "goblin", facing="aria")
    turn_of(s, "aria")
    ok(s, "cast_spell", caster_id="aria", spell="shield")
    turn_of(s, gob)
    pin(s, LOW)
    out = ok(s, "attack", attacker_id=gob, target_id="aria", weapon="scimitar")
    assert first(out)["ac"] == 12 + 5


def test_sleep_affects_lowest_hit_points_first_within_5d8() -> None:
    """Sleep: 5d8 hit points of creatures fall unconscious, lowest current HP first."""
    s = game(sheet("aria", "Wizard", **WIZARD))
    rats = fight(s, "giant_rat", 3, at="far")
    turn_of(s, "aria")
    pin(s, LOW)  # 5 hit points of sleep: one rat of 7 HP is too many, a hurt one is not
    s.creatures[rats[1]].vitals = s.creatures[rats[1]].vitals.model_copy(update={"hp": 4})
    ok(s, "cast_spell", caster_id="aria", spell="sleep", target_ids=rats)
    asleep = [
        r for r in rats if any(c.condition == "unconscious" for c in s.creatures[r].conditions)
    ]
    assert asleep == [rats[1]]


def test_wizard_arcane_recovery_regains_half_level_in_slots() -> None:
    """Arcane Recovery: once a day on a short rest, recover slots totalling up to half wizard level
    (rounded up)."""
    s = game(sheet("aria", "Wizard", **WIZARD))
    spent = {1: 4, 2: 2}
    s.party["aria"].spell_slots = s.party["aria"].spell_slots.model_copy(
        update={"expended": dict(spent)}
    )
    ok(s, "rest", kind="short", character_ids=["aria"])
    slots = s.party["aria"].spell_slots.expended
    regained = sum(level * (spent[level] - slots.get(level, 0)) for level in spent)
    assert regained == 2
    ok(s, "rest", kind="short", character_ids=["aria"])
    again = s.party["aria"].spell_slots.expended
    assert sum(level * (spent[level] - again.get(level, 0)) for level in spent) == 2


def test_wizard_third_level_slots() -> None:
    """A 3rd-level full caster has four 1st-level and two 2nd-level slots; 5th level adds two 3rd-
    level."""
    assert slots_for("full", 3) == {1: 4, 2: 2}
    assert slots_for("full", 5) == {1: 4, 2: 3, 3: 2}
    assert slots_for("half", 5) == {1: 4, 2: 2}
    assert slots_for("pact", 5) == {3: 2}


# -- monster traits in the shipped campaigns ---------------------------------------------------


def test_giant_rat_pack_tactics() -> None:
    """Pack Tactics: advantage on an attack when an ally that isn't incapacitated is within 5 feet
    of the target."""
    s = game(sheet("thorin", "Fighter", **FIGHTER))
    one, two = fight(s, "giant_rat", 2)
    enc = s.encounter
    assert enc is not None
    enc.positions["thorin"].engaged[two] = 5
    enc.positions[two].engaged["thorin"] = 5
    turn_of(s, one)
    pin(s, LOW)
    out = ok(s, "attack", attacker_id=one, target_id="thorin", weapon="bite")
    assert rolls(out, "attack_roll")[0].advantage == "advantage"


def test_pack_tactics_needs_an_able_ally() -> None:
    """Pack Tactics: an incapacitated ally next to the target gives no advantage."""
    s = game(sheet("thorin", "Fighter", **FIGHTER))
    one, two = fight(s, "giant_rat", 2)
    enc = s.encounter
    assert enc is not None
    enc.positions["thorin"].engaged[two] = 5
    enc.positions[two].engaged["thorin"] = 5
    condition(s, two, "stunned")
    turn_of(s, one)
    pin(s, LOW)
    out = ok(s, "attack", attacker_id=one, target_id="thorin", weapon="bite")
    assert rolls(out, "attack_roll")[0].advantage == "normal"


def test_goblin_nimble_escape_disengages_as_bonus_action() -> None:
    """Nimble Escape: the goblin takes Disengage or Hide as a bonus action, so it can still
    attack."""
    s = game(sheet("thorin", "Fighter", **FIGHTER))
    (gob,) = fight(s, "goblin")
    turn_of(s, gob)
    ok(s, "monster_action", creature_id=gob, action="nimble_disengage")
    pin(s, LOW)
    assert call(s, "attack", attacker_id=gob, target_id="thorin", weapon="scimitar").ok


def test_drowned_thrall_is_immune_to_poison_and_being_poisoned() -> None:
    """A creature immune to poison damage takes none; immune to the poisoned condition, it isn't
    poisoned."""
    s = game(campaign="drowned_bell")
    ok(s, "start_combat", reason="audit", encounter="strand_thralls")
    thrall = next(c for c in s.creatures if c.startswith("drowned"))
    before = hp(s, thrall)
    ok(s, "damage", target_id=thrall, amount=10, damage_type="poison", reason="gas")
    assert hp(s, thrall) == before
    call(s, "set_condition", target_id=thrall, condition="poisoned", reason="gas")
    assert not any(c.condition == "poisoned" for c in s.creatures[thrall].conditions)


def test_bell_warden_resists_cold() -> None:
    """Resistance: the Bell-Warden takes half cold damage (rounded down)."""
    s = game(campaign="drowned_bell")
    ok(s, "start_combat", reason="audit", encounter="warden")
    warden = next(iter(s.creatures))
    ok(s, "damage", target_id=warden, amount=9, damage_type="cold", reason="ice")
    assert hp(s, warden) == 45 - 4


def test_undead_fortitude_holds_at_one_hit_point() -> None:
    """Undead Fortitude: a successful Con save (DC 5 + damage) leaves it at 1 hit point instead of
    0."""
    s = game(sheet("ione", "Fighter", **FIGHTER), campaign="drowned_bell")
    (thrall,) = fight(s, "drowned_thrall", facing="ione")
    turn_of(s, "ione")
    s.creatures[thrall].vitals = s.creatures[thrall].vitals.model_copy(update={"hp": 5})
    pin(s, 0.85)  # an 18 (no critical hit), 7 + 3 damage; the save is 18 + 1 against DC 5 + 10
    out = ok(s, "attack", attacker_id="ione", target_id=thrall, weapon="longsword")
    assert first(out)["outcome"] == "hit"
    assert hp(s, thrall) == 1, out.result


def test_undead_fortitude_fails_against_a_critical_hit() -> None:
    """Undead Fortitude doesn't work against a critical hit."""
    s = game(sheet("ione", "Fighter", **FIGHTER), campaign="drowned_bell")
    (thrall,) = fight(s, "drowned_thrall", facing="ione")
    turn_of(s, "ione")
    s.creatures[thrall].vitals = s.creatures[thrall].vitals.model_copy(update={"hp": 5})
    pin(s, HIGH)
    ok(s, "attack", attacker_id="ione", target_id=thrall, weapon="longsword")
    assert hp(s, thrall) == 0


def test_undead_fortitude_fails_against_radiant_damage() -> None:
    """Undead Fortitude doesn't work against radiant damage."""
    s = game(sheet("cass", "Cleric", spells=["sacred_flame"]), campaign="drowned_bell")
    (thrall,) = fight(s, "drowned_thrall", at="near")
    turn_of(s, "cass")
    s.creatures[thrall].vitals = s.creatures[thrall].vitals.model_copy(update={"hp": 2})
    pin(s, LOW)  # the thrall fails its Dex save; the flame deals 1
    s.creatures[thrall].vitals = s.creatures[thrall].vitals.model_copy(update={"hp": 1})
    ok(s, "cast_spell", caster_id="cass", spell="sacred_flame", target_ids=[thrall])
    assert hp(s, thrall) == 0


def test_recharge_action_cannot_be_used_again_until_recharged() -> None:
    """Recharge 5-6: after use, the action returns only when a d6 at the start of the monster's turn
    shows 5 or 6."""
    s = game(campaign="drowned_bell")
    ok(s, "start_combat", reason="audit", encounter="warden")
    warden = next(iter(s.creatures))
    turn_of(s, warden)
    pin(s, LOW)
    ok(s, "monster_action", creature_id=warden, action="toll", target_ids=["ione", "cass"])
    s.encounter.economy.pop(warden, None)  # type: ignore[union-attr]
    assert not call(s, "monster_action", creature_id=warden, action="toll", target_ids=["ione"]).ok


def test_bell_warden_is_immune_to_frightened() -> None:
    """Condition immunity: the Bell-Warden can't be frightened."""
    s = game(campaign="drowned_bell")
    ok(s, "start_combat", reason="audit", encounter="warden")
    warden = next(iter(s.creatures))
    call(s, "set_condition", target_id=warden, condition="frightened", reason="a holy symbol")
    assert not any(c.condition == "frightened" for c in s.creatures[warden].conditions)


def test_wolf_bite_knocks_prone_on_failed_strength_save() -> None:
    """Wolf Bite: a creature hit must succeed on a DC 11 Strength save or be knocked prone."""
    s = game(sheet("thorin", "Fighter", **FIGHTER))
    (wolf,) = fight(s, "wolf")
    turn_of(s, wolf)
    pin(s, 0.8)  # a 17 to hit; the save is a 17 + 3 too, so...
    s.party["thorin"].abilities = s.party["thorin"].abilities.model_copy(update={"str": 1})
    out = ok(s, "attack", attacker_id=wolf, target_id="thorin", weapon="bite")
    saved = [r for r in rolls(out) if r.character_id == "thorin" and r.dc == 11]
    assert saved, out.result
    prone = any(c.condition == "prone" for c in s.party["thorin"].conditions)
    assert prone == (not saved[0].success)


def test_skeleton_is_vulnerable_to_bludgeoning() -> None:
    """Vulnerability: a skeleton takes double bludgeoning damage."""
    s = game(sheet("thorin", "Fighter", **FIGHTER))
    (bones,) = fight(s, "skeleton")
    before = hp(s, bones)
    ok(s, "damage", target_id=bones, amount=4, damage_type="bludgeoning", reason="falling rock")
    assert before - hp(s, bones) == min(8, before)


# -- more core rules ---------------------------------------------------------------------------


def test_advantage_and_disadvantage_cancel() -> None:
    """With at least one source of advantage and one of disadvantage, roll one d20."""
    s = game(sheet("thorin", "Fighter", **FIGHTER))
    (gob,) = fight(s, "goblin")
    turn_of(s, "thorin")
    condition(s, "thorin", "poisoned")
    condition(s, gob, "blinded")
    condition(s, gob, "restrained")
    out = ok(s, "attack", attacker_id="thorin", target_id=gob, weapon="longsword")
    assert rolls(out, "attack_roll")[0].advantage == "normal"


def test_only_one_reaction_per_round() -> None:
    """A creature has one reaction, regained at the start of its turn: one opportunity attack per
    round."""
    s = game(sheet("thorin", "Fighter", **FIGHTER), sheet("mira", "Rogue", **ROGUE))
    (ogre,) = fight(s, "ogre")
    enc = s.encounter
    assert enc is not None
    enc.positions["mira"].engaged[ogre] = 5
    enc.positions[ogre].engaged["mira"] = 5
    pin(s, LOW)
    turn_of(s, "thorin")
    one = ok(s, "move", creature_id="thorin", to="near")
    turn_of(s, "mira")
    two = ok(s, "move", creature_id="mira", to="near")
    by_ogre = [r for out in (one, two) for r in rolls(out, "attack_roll") if r.character_id == ogre]
    assert len(by_ogre) == 1


def test_stabilize_with_medicine_dc_10() -> None:
    """Stabilize: a DC 10 Wisdom (Medicine) check makes a dying creature stable."""
    s = game(sheet("thorin", "Fighter", **FIGHTER), sheet("mira", "Rogue", **ROGUE))
    _dying(s, "thorin")
    pin(s, HIGH)
    out = ok(s, "take_action", creature_id="mira", action="stabilize", target_id="thorin")
    assert any(r.dc == 10 for r in rolls(out)), out.result
    assert s.party["thorin"].vitals.state == "stable"


def test_knocking_a_creature_out_leaves_it_stable() -> None:
    """Knocking a creature out: a melee attacker can leave a creature at 0 HP unconscious and
    stable."""
    s = game(sheet("thorin", "Fighter", **FIGHTER))
    (gob,) = fight(s, "goblin")
    turn_of(s, "thorin")
    pin(s, 0.8)  # a 17 to hit, 7 + 3 damage: not enough left over to kill outright
    ok(s, "attack", attacker_id="thorin", target_id=gob, weapon="longsword", knock_out=True)
    assert s.creatures[gob].vitals.state != "dead"
    assert hp(s, gob) == 0


def test_surprised_creature_cannot_act_on_first_turn() -> None:
    """A surprised creature can't move or take an action on its first turn of the combat."""
    s = game(sheet("thorin", "Fighter", **FIGHTER))
    ok(
        s,
        "start_combat",
        reason="ambush",
        monsters=[{"monster": "goblin", "count": 1, "at": "engaged"}],
        surprise="foes",
    )
    gob = next(iter(s.creatures))
    engage(s, "thorin", gob)
    turn_of(s, gob)
    assert not call(s, "attack", attacker_id=gob, target_id="thorin", weapon="scimitar").ok


def test_exhaustion_two_halves_speed() -> None:
    """Exhaustion level 2: speed halved."""
    s = game(sheet("thorin", "Fighter", **FIGHTER))
    condition(s, "thorin", "exhaustion", level=2)
    fight(s, "goblin", at="far")
    _next_turn_is(s, "thorin")
    out = call(s, "move", creature_id="thorin", to="far")  # 30 ft walk, now 15 ft
    assert not out.ok


def test_exhaustion_five_reduces_speed_to_zero() -> None:
    """Exhaustion level 5: speed reduced to 0."""
    s = game(sheet("thorin", "Fighter", **FIGHTER))
    condition(s, "thorin", "exhaustion", level=5)
    (gob,) = fight(s, "goblin", at="near")
    _next_turn_is(s, "thorin")
    assert not call(s, "move", creature_id="thorin", to="engage", target_id=gob).ok


def test_unconscious_creature_falls_prone_and_wakes_prone() -> None:
    """Unconscious: the creature falls prone, so when Sleep's victim is woken it is still lying
    down."""
    s = game(sheet("aria", "Wizard", **WIZARD))
    (boss,) = fight(s, "goblin_boss", at="far")
    turn_of(s, "aria")
    pin(s, HIGH)
    ok(s, "cast_spell", caster_id="aria", spell="sleep", target_ids=[boss])
    assert any(c.condition == "unconscious" for c in s.creatures[boss].conditions)
    ok(s, "damage", target_id=boss, amount=1, damage_type="fire", reason="a cinder")
    names = {c.condition for c in s.creatures[boss].conditions}
    assert names == {"prone"}


def test_escaping_a_grapple_is_a_contest() -> None:
    """Escaping a grapple: Athletics or Acrobatics against the grappler's Athletics; a win ends
    it."""
    s = game(sheet("thorin", "Fighter", **FIGHTER))
    (gob,) = fight(s, "goblin")
    turn_of(s, "thorin")
    pin(s, HIGH)
    ok(s, "take_action", creature_id="thorin", action="grapple", target_id=gob)
    turn_of(s, gob)
    pin(s, HIGH)  # a tie goes to the grappler: Thorin's 20 + 5 beats the goblin's 20 - 1
    s.encounter.economy.pop(gob, None)  # type: ignore[union-attr]
    out = ok(s, "take_action", creature_id=gob, action="escape_grapple")
    assert len(rolls(out)) >= 2
    assert any(c.condition == "grappled" for c in s.creatures[gob].conditions)


# -- cleric ------------------------------------------------------------------------------------

CLERIC = {
    "spells": [
        "sacred_flame",
        "cure_wounds",
        "healing_word",
        "bless",
        "guiding_bolt",
        "spiritual_weapon",
        "spirit_guardians",
    ],
    "armor": "chain_mail",
    "weapons": ["mace"],
}


def test_turn_undead_turns_on_failed_wisdom_save() -> None:
    """Turn Undead: each undead that fails a Wisdom save against your spell DC is turned for a
    minute."""
    s = game(sheet("cass", "Cleric", **CLERIC), campaign="drowned_bell")
    (thrall,) = fight(s, "drowned_thrall", at="near")
    turn_of(s, "cass")
    pin(s, LOW)
    out = ok(s, "use_feature", creature_id="cass", feature="turn_undead")
    assert out.result["dc"] == 8 + 2 + 2
    assert out.result["undead"][0]["outcome"] == "turned"
    turn_of(s, thrall)
    assert not call(s, "attack", attacker_id=thrall, target_id="cass", weapon="slam").ok


def test_turned_undead_recovers_when_damaged() -> None:
    """Turn Undead: the turning ends if the creature takes any damage."""
    s = game(sheet("cass", "Cleric", **CLERIC), campaign="drowned_bell")
    (thrall,) = fight(s, "drowned_thrall", at="near")
    turn_of(s, "cass")
    pin(s, LOW)
    ok(s, "use_feature", creature_id="cass", feature="turn_undead")
    ok(s, "damage", target_id=thrall, amount=2, damage_type="fire", reason="a brazier")
    assert not any(e.id == "turned" for e in s.creatures[thrall].effects)


def test_destroy_undead_destroys_challenge_half_at_fifth_level() -> None:
    """Destroy Undead (5th level): an undead of CR 1/2 or lower that fails its save is destroyed."""
    s = game(sheet("cass", "Cleric", level=5, **CLERIC), campaign="drowned_bell")
    (thrall,) = fight(s, "drowned_thrall", at="near")
    turn_of(s, "cass")
    pin(s, LOW)
    out = ok(s, "use_feature", creature_id="cass", feature="turn_undead")
    assert out.result["undead"][0]["outcome"] == "destroyed"
    assert s.creatures[thrall].vitals.state == "dead"


def test_channel_divinity_once_per_short_rest() -> None:
    """Channel Divinity: one use between rests at levels 2-5."""
    s = game(sheet("cass", "Cleric", **CLERIC), campaign="drowned_bell")
    fight(s, "drowned_thrall", 2, at="near")
    turn_of(s, "cass")
    pin(s, HIGH)
    ok(s, "use_feature", creature_id="cass", feature="turn_undead")
    s.encounter.economy.pop("cass", None)  # type: ignore[union-attr]
    assert not call(s, "use_feature", creature_id="cass", feature="turn_undead").ok


def test_disciple_of_life_adds_two_plus_spell_level_to_healing() -> None:
    """Disciple of Life: a healing spell of 1st level or higher restores 2 + the spell's level
    more."""
    s = game(sheet("cass", "Cleric", **CLERIC), campaign="drowned_bell")
    ok(s, "damage", target_id="ione", amount=15, damage_type="fire", reason="embers")
    before = hp(s, "ione")
    pin(s, LOW)
    ok(s, "cast_spell", caster_id="cass", spell="cure_wounds", target_ids=["ione"])
    assert hp(s, "ione") - before == 1 + 2 + (2 + 1)


def test_cure_wounds_upcast_adds_a_d8_per_slot_level() -> None:
    """Cure Wounds at higher levels: +1d8 healing per slot level above 1st."""
    s = game(sheet("cass", "Cleric", **CLERIC), campaign="drowned_bell")
    ok(s, "damage", target_id="ione", amount=20, damage_type="fire", reason="embers")
    before = hp(s, "ione")
    pin(s, LOW)
    ok(s, "cast_spell", caster_id="cass", spell="cure_wounds", target_ids=["ione"], slot_level=2)
    assert hp(s, "ione") - before == 2 + 2 + (2 + 2)


def test_preserve_life_heals_no_one_above_half() -> None:
    """Preserve Life: restore 5 x cleric level HP among creatures, none above half its maximum."""
    s = game(sheet("cass", "Cleric", **CLERIC), campaign="drowned_bell")
    most = s.party["ione"].vitals.max_hp
    ok(s, "damage", target_id="ione", amount=most - 1, damage_type="fire", reason="embers")
    ok(s, "use_feature", creature_id="cass", feature="preserve_life", target_id="ione")
    assert hp(s, "ione") == min(1 + 15, most // 2)


def test_guiding_bolt_gives_advantage_on_the_next_attack() -> None:
    """Guiding Bolt: 4d6 radiant on a hit, and the next attack roll against the target has
    advantage."""
    s = game(
        sheet("cass", "Cleric", **CLERIC),
        sheet("ione", "Fighter", **FIGHTER),
        campaign="drowned_bell",
    )
    (boss,) = fight(s, "bell_warden", facing="ione")
    turn_of(s, "cass")
    pin(s, 0.8)
    ok(s, "cast_spell", caster_id="cass", spell="guiding_bolt", target_ids=[boss])
    turn_of(s, "ione")
    out = ok(s, "attack", attacker_id="ione", target_id=boss, weapon="longsword")
    assert rolls(out, "attack_roll")[0].advantage == "advantage"


def test_bless_adds_a_d4_to_attack_rolls() -> None:
    """Bless: each target adds a d4 to attack rolls and saving throws while it lasts."""
    s = game(
        sheet("cass", "Cleric", **CLERIC),
        sheet("ione", "Fighter", **FIGHTER),
        campaign="drowned_bell",
    )
    fight(s, "bell_warden", facing="ione")
    turn_of(s, "cass")
    ok(s, "cast_spell", caster_id="cass", spell="bless", target_ids=["ione"])
    pin(s, LOW)
    out = ok(s, "request_saving_throw", character_id="ione", ability="con", dc=10, reason="cold")
    assert out.result["total"] == 1 + 2 + 2 + 1, out.result


# -- bard --------------------------------------------------------------------------------------

BARD = {
    "spells": ["vicious_mockery", "healing_word", "charm_person", "sleep"],
    "weapons": ["rapier"],
    "armor": "leather",
}


def test_bardic_inspiration_uses_equal_charisma_modifier() -> None:
    """Bardic Inspiration: a number of uses equal to your Charisma modifier (minimum 1)."""
    s = game(sheet("wren", "Bard", **BARD), campaign="drowned_bell")
    given = 0
    for _ in range(4):
        s.encounter = None
        if call(
            s, "use_feature", creature_id="wren", feature="bardic_inspiration", target_id="ione"
        ).ok:
            given += 1
        s.party["ione"].effects = []
    assert given == 2


def test_bardic_inspiration_die_is_d8_at_fifth_level() -> None:
    """Bardic Inspiration: the die becomes a d8 at 5th level."""
    s = game(sheet("wren", "Bard", level=5, **BARD), campaign="drowned_bell")
    out = ok(s, "use_feature", creature_id="wren", feature="bardic_inspiration", target_id="ione")
    assert out.result["die"] == "1d8"


def test_font_of_inspiration_recovers_on_a_short_rest() -> None:
    """Font of Inspiration (5th level): Bardic Inspiration comes back on a short or long rest."""
    s = game(sheet("wren", "Bard", level=5, **BARD), campaign="drowned_bell")
    for _ in range(2):
        ok(s, "use_feature", creature_id="wren", feature="bardic_inspiration", target_id="ione")
    ok(s, "rest", kind="short", character_ids=["wren"])
    assert call(
        s, "use_feature", creature_id="wren", feature="bardic_inspiration", target_id="ione"
    ).ok


def test_inspiration_does_not_come_back_on_short_rest_before_fifth_level() -> None:
    """Bardic Inspiration: regained on a long rest (a short rest only from 5th level)."""
    s = game(sheet("wren", "Bard", **BARD), campaign="drowned_bell")
    for _ in range(2):
        ok(s, "use_feature", creature_id="wren", feature="bardic_inspiration", target_id="ione")
    ok(s, "rest", kind="short", character_ids=["wren"])
    assert not call(
        s, "use_feature", creature_id="wren", feature="bardic_inspiration", target_id="ione"
    ).ok


def test_jack_of_all_trades_adds_half_proficiency() -> None:
    """Jack of All Trades (2nd level): add half your proficiency bonus, rounded down, to checks you
    aren't proficient in."""
    s = game(sheet("wren", "Bard", **BARD), campaign="drowned_bell")
    out = ok(
        s, "request_ability_check", character_id="wren", skill="athletics", dc=10, reason="climb"
    )
    assert rolls(out)[0].modifier == 3 + 1


def test_song_of_rest_adds_a_d6_to_hit_die_healing() -> None:
    """Song of Rest (2nd level): allies who spend Hit Dice on a short rest regain an extra 1d6."""
    s = game(
        sheet("wren", "Bard", **BARD), sheet("ione", "Fighter", **FIGHTER), campaign="drowned_bell"
    )
    ok(s, "damage", target_id="ione", amount=20, damage_type="fire", reason="embers")
    before = hp(s, "ione")
    pin(s, LOW)
    ok(s, "rest", kind="short")
    spent = 3 - s.party["ione"].hit_dice.remaining
    assert hp(s, "ione") - before == spent * (1 + 2) + 1


# -- druid -------------------------------------------------------------------------------------

DRUID = {
    "spells": ["cure_wounds", "entangle", "moonbeam", "faerie_fire"],
    "armor": "leather",
    "weapons": ["quarterstaff"],
}


def test_wild_shape_excess_damage_carries_to_normal_form() -> None:
    """Wild Shape: dropping to 0 HP in beast form reverts you, and excess damage carries over to
    your normal form."""
    s = game(sheet("ione", "Druid", **DRUID), campaign="drowned_bell")
    fight(s, "drowned_thrall", at="far")
    turn_of(s, "ione")
    own = hp(s, "ione")
    out = ok(s, "use_feature", creature_id="ione", feature="wild_shape", option="wolf")
    beast = out.result["hp"]
    ok(s, "damage", target_id="ione", amount=beast + 5, damage_type="fire", reason="embers")
    assert hp(s, "ione") == own - 5


def test_wild_shape_limited_by_challenge_rating() -> None:
    """Wild Shape at 2nd-3rd level: beasts of CR 1/4 or lower, no flying or swimming speed."""
    s = game(sheet("ione", "Druid", **DRUID), campaign="drowned_bell")
    assert not call(
        s, "use_feature", creature_id="ione", feature="wild_shape", option="brown_bear"
    ).ok
    assert not call(
        s, "use_feature", creature_id="ione", feature="wild_shape", option="black_bear"
    ).ok
    assert call(s, "use_feature", creature_id="ione", feature="wild_shape", option="wolf").ok


def test_wild_shape_twice_per_short_rest() -> None:
    """Wild Shape: two uses, regained on a short or long rest."""
    s = game(sheet("ione", "Druid", **DRUID), campaign="drowned_bell")
    ok(s, "use_feature", creature_id="ione", feature="wild_shape", option="wolf")
    ok(s, "use_feature", creature_id="ione", feature="wild_shape", option="revert")
    ok(s, "use_feature", creature_id="ione", feature="wild_shape", option="wolf")
    ok(s, "rest", kind="short", character_ids=["ione"])  # the hour-long shape ends too
    ok(s, "use_feature", creature_id="ione", feature="wild_shape", option="wolf")
    assert s.party["ione"].uses_left("wild_shape") == 1


def test_reverting_from_wild_shape_needs_no_use() -> None:
    """Wild Shape: you can revert to your normal form earlier by using a bonus action; it costs no
    use."""
    s = game(sheet("ione", "Druid", **DRUID), campaign="drowned_bell")
    ok(s, "use_feature", creature_id="ione", feature="wild_shape", option="wolf")
    ok(s, "use_feature", creature_id="ione", feature="wild_shape", option="revert")
    ok(s, "use_feature", creature_id="ione", feature="wild_shape", option="wolf")
    ok(s, "use_feature", creature_id="ione", feature="wild_shape", option="revert")


def test_beast_form_cannot_cast_spells() -> None:
    """Wild Shape: you can't cast spells while in beast form."""
    s = game(sheet("ione", "Druid", **DRUID), campaign="drowned_bell")
    ok(s, "damage", target_id="cass", amount=5, damage_type="fire", reason="embers")
    ok(s, "use_feature", creature_id="ione", feature="wild_shape", option="wolf")
    assert not call(s, "cast_spell", caster_id="ione", spell="cure_wounds", target_ids=["cass"]).ok


# -- ranger ------------------------------------------------------------------------------------

RANGER = {
    "weapons": ["longbow", "shortsword"],
    "armor": "leather",
    "choices": {
        "favored_enemy": "undead",
        "natural_explorer": "coast",
        "fighting_style": "archery",
    },
    "spells": ["cure_wounds"],
}


def test_favored_enemy_gives_advantage_on_recall_checks() -> None:
    """Favored Enemy: advantage on Intelligence checks to recall information about them."""
    s = game(sheet("ione", "Ranger", **RANGER), campaign="drowned_bell")
    fight(s, "drowned_thrall", at="far")
    out = ok(
        s,
        "request_ability_check",
        character_id="ione",
        skill="religion",
        dc=10,
        reason="recall what the drowned thralls are (undead)",
    )
    assert rolls(out)[0].advantage == "advantage"


def test_colossus_slayer_adds_d8_to_a_wounded_target() -> None:
    """Colossus Slayer: once per turn, an extra 1d8 on a weapon hit against a creature below its HP
    maximum."""
    s = game(
        sheet(
            "ione",
            "Ranger",
            choices={**RANGER["choices"], "hunters_prey": "colossus_slayer"},
            **{k: v for k, v in RANGER.items() if k != "choices"},
        ),
        campaign="drowned_bell",
    )
    (boss,) = fight(s, "bell_warden", at="far")
    ok(s, "damage", target_id=boss, amount=1, damage_type="fire", reason="embers")
    turn_of(s, "ione")
    pin(s, MID)
    out = ok(s, "attack", attacker_id="ione", target_id=boss, weapon="longbow")
    assert first(out)["damage"] == 5 + 2 + 5, out.result


def test_ranger_gets_spell_slots_at_second_level() -> None:
    """Ranger Spellcasting: two 1st-level slots at 2nd level, three at 3rd-4th; none at 1st."""
    assert slots_for("half", 1) == {}
    assert slots_for("half", 2) == {1: 2}
    assert slots_for("half", 3) == {1: 3}


# -- sorcerer ----------------------------------------------------------------------------------

SORCERER = {
    "spells": ["fire_bolt", "magic_missile", "shield", "scorching_ray"],
    "weapons": ["dagger"],
    "choices": {"sorcerous_origin": "red"},
}


def test_draconic_resilience_ac_and_hit_points() -> None:
    """Draconic Resilience: +1 HP per sorcerer level, and unarmoured AC 13 + Dexterity modifier."""
    s = game(sheet("aria", "Sorcerer", **SORCERER))
    assert s.party["aria"].vitals.max_hp == 6 + 2 * 4 + 3 * 2 + 3
    (gob,) = fight(s, "goblin", facing="aria")
    turn_of(s, gob)
    pin(s, LOW)
    out = ok(s, "attack", attacker_id=gob, target_id="aria", weapon="scimitar")
    assert first(out)["ac"] == 13 + 2


def test_font_of_magic_slot_costs() -> None:
    """Flexible Casting: a 1st-level slot costs 2 sorcery points, a 2nd-level slot 3."""
    s = game(sheet("aria", "Sorcerer", **SORCERER))
    out = ok(s, "use_feature", creature_id="aria", feature="font_of_magic", option="slot:2")
    assert out.result["sorcery_points"] == 3 - 3
    assert not call(
        s, "use_feature", creature_id="aria", feature="font_of_magic", option="slot:1"
    ).ok


def test_font_of_magic_slot_gives_its_level_in_points_up_to_the_maximum() -> None:
    """Flexible Casting: a spell slot becomes sorcery points equal to its level; never more than
    your maximum."""
    s = game(sheet("aria", "Sorcerer", **SORCERER))
    assert not call(
        s, "use_feature", creature_id="aria", feature="font_of_magic", option="points:1"
    ).ok
    ok(s, "use_feature", creature_id="aria", feature="font_of_magic", option="slot:1")
    s.party["aria"].spell_slots.expended.clear()
    out = ok(s, "use_feature", creature_id="aria", feature="font_of_magic", option="points:1")
    assert out.result["sorcery_points"] == 3 - 2 + 1


# -- warlock -----------------------------------------------------------------------------------

WARLOCK = {
    "spells": ["eldritch_blast", "hellish_rebuke", "misty_step", "scorching_ray"],
    "weapons": ["dagger"],
    "armor": "leather",
}


def test_pact_slots_return_on_a_short_rest() -> None:
    """Pact Magic: expended slots come back on a short or long rest."""
    s = game(sheet("aria", "Warlock", **WARLOCK))
    (boss,) = fight(s, "goblin_boss", at="near")
    turn_of(s, "aria")
    ok(s, "cast_spell", caster_id="aria", spell="scorching_ray", target_ids=[boss, boss, boss])
    ok(s, "damage", target_id=boss, amount=17, damage_type="fire", reason="the fight ends")
    ok(s, "end_combat", reason="the goblin boss is dead")
    ok(s, "rest", kind="short", character_ids=["aria"])
    assert not s.party["aria"].spell_slots.expended.get(2)


def test_pact_slot_casts_a_first_level_spell_at_second_level() -> None:
    """Pact Magic: a 3rd-level warlock's slots are 2nd level; a 1st-level spell cast with one is
    cast at 2nd."""
    s = game(
        sheet("aria", "Warlock", spells=["burning_hands", "eldritch_blast"], weapons=["dagger"])
    )
    (boss,) = fight(s, "goblin_boss", facing="aria")
    s.creatures[boss].vitals = s.creatures[boss].vitals.model_copy(update={"hp": 90, "max_hp": 90})
    turn_of(s, "aria")
    pin(s, LOW)
    ok(s, "cast_spell", caster_id="aria", spell="burning_hands", target_ids=[boss], slot_level=2)
    assert s.party["aria"].spell_slots.expended.get(2) == 1
    assert 90 - hp(s, boss) == 4  # 4d6 at 2nd level, every die a 1


def test_warlock_casts_first_level_spell_with_a_pact_slot_by_default() -> None:
    """Pact Magic: all a warlock's slots are of one level; casting a 1st-level spell expends one of
    them."""
    s = game(
        sheet("aria", "Warlock", spells=["burning_hands", "eldritch_blast"], weapons=["dagger"])
    )
    (boss,) = fight(s, "goblin_boss", facing="aria")
    turn_of(s, "aria")
    pin(s, LOW)
    ok(s, "cast_spell", caster_id="aria", spell="burning_hands", target_ids=[boss])
    assert s.party["aria"].spell_slots.expended.get(2) == 1


def test_eldritch_blast_two_beams_at_fifth_level() -> None:
    """Eldritch Blast: two beams at 5th level, each its own attack roll."""
    s = game(sheet("aria", "Warlock", level=5, **WARLOCK))
    (boss,) = fight(s, "goblin_boss", at="far")
    turn_of(s, "aria")
    pin(s, LOW)
    out = ok(s, "cast_spell", caster_id="aria", spell="eldritch_blast", target_ids=[boss, boss])
    assert len(rolls(out, "attack_roll")) == 2


def test_dark_ones_blessing_temp_hp_on_a_kill() -> None:
    """Dark One's Blessing: reducing a hostile creature to 0 HP gives temp HP = Cha modifier +
    warlock level."""
    s = game(sheet("aria", "Warlock", **WARLOCK))
    (gob,) = fight(s, "goblin", at="far")
    turn_of(s, "aria")
    pin(s, HIGH)
    ok(s, "cast_spell", caster_id="aria", spell="eldritch_blast", target_ids=[gob])
    assert s.party["aria"].vitals.temp_hp == 2 + 3


# -- species traits against the campaigns' monsters ---------------------------------------------


def _warden_tolls(target: CharacterSheet) -> tuple[GameState, str, ToolOutcome]:
    """The Bell-Warden's Drowning Toll (a Wisdom save or frightened) against ``target``."""
    s = game(target, campaign="drowned_bell")
    ok(s, "start_combat", reason="audit", encounter="warden")
    warden = next(iter(s.creatures))
    enc = s.encounter
    assert enc is not None
    for spot in enc.positions.values():
        spot.engaged.clear()
    turn_of(s, warden)
    pin(s, LOW)
    out = ok(s, "monster_action", creature_id=warden, action="toll", target_ids=[target.id])
    return s, warden, out


def test_halfling_brave_against_the_bell_wardens_toll() -> None:
    """Brave: a halfling has advantage on saving throws against being frightened."""
    _, _, out = _warden_tolls(sheet("ione", "Fighter", species="Halfling", **FIGHTER))
    saves = [r for r in rolls(out) if r.character_id == "ione"]
    assert saves[0].advantage == "advantage"


def test_dwarven_resilience_against_the_drowned_thralls_brine() -> None:
    """Dwarven Resilience: advantage on saving throws against poison."""
    s = game(sheet("ione", "Fighter", species="Dwarf", **FIGHTER), campaign="drowned_bell")
    (thrall,) = fight(s, "drowned_thrall", facing="ione")
    turn_of(s, thrall)
    out = ok(s, "monster_action", creature_id=thrall, action="brine", target_ids=["ione"])
    saves = [r for r in rolls(out) if r.character_id == "ione"]
    assert saves[0].advantage == "advantage"


def test_frightened_creature_cannot_move_closer_to_its_fear() -> None:
    """Frightened: the creature can't willingly move closer to the source of its fear."""
    s, warden, _ = _warden_tolls(sheet("ione", "Fighter", **FIGHTER))
    assert any(c.condition == "frightened" for c in s.party["ione"].conditions)
    turn_of(s, "ione")
    assert not call(s, "move", creature_id="ione", to="engage", target_id=warden).ok


def test_frightened_by_the_toll_attacks_with_disadvantage() -> None:
    """Frightened: disadvantage on attack rolls while the source of its fear is in sight."""
    s, warden, _ = _warden_tolls(sheet("ione", "Fighter", **FIGHTER))
    turn_of(s, "ione")
    out = ok(s, "attack", attacker_id="ione", target_id=warden, weapon="light_crossbow")
    assert rolls(out, "attack_roll")[0].advantage == "disadvantage"


def test_small_creature_has_disadvantage_with_heavy_weapons() -> None:
    """Heavy weapons: Small creatures have disadvantage on attack rolls with them."""
    s = game(sheet("mira", "Fighter", species="Halfling", weapons=["greataxe"]))
    (gob,) = fight(s, "goblin", facing="mira")
    turn_of(s, "mira")
    out = ok(s, "attack", attacker_id="mira", target_id=gob, weapon="greataxe")
    assert rolls(out, "attack_roll")[0].advantage == "disadvantage"


# -- more of the core: criticals with riders, incapacitation, movement ---------------------------


def test_critical_sneak_attack_doubles_the_sneak_attack_dice() -> None:
    """Critical hit: roll all the attack's damage dice twice, Sneak Attack's included."""
    s = game(sheet("mira", "Rogue", **ROGUE))
    (boss,) = fight(s, "goblin_boss", facing="mira")
    s.creatures[boss].vitals = s.creatures[boss].vitals.model_copy(update={"hp": 90, "max_hp": 90})
    condition(s, boss, "blinded")
    turn_of(s, "mira")
    pin(s, HIGH)
    out = ok(s, "attack", attacker_id="mira", target_id=boss, weapon="shortsword")
    assert first(out)["damage"] == 6 * 2 + 3 + 6 * 4


def test_critical_divine_smite_doubles_the_smite_dice() -> None:
    """Critical hit: Divine Smite's extra dice are doubled too."""
    s = game(sheet("thorin", "Paladin", **PALADIN))
    (boss,) = fight(s, "goblin_boss")
    s.creatures[boss].vitals = s.creatures[boss].vitals.model_copy(update={"hp": 90, "max_hp": 90})
    turn_of(s, "thorin")
    pin(s, HIGH)
    ok(s, "use_feature", creature_id="thorin", feature="divine_smite", option="1")
    ok(s, "attack", attacker_id="thorin", target_id=boss, weapon="longsword")
    assert 90 - hp(s, boss) == 8 * 2 + 3 + 8 * 4


def test_incapacitation_ends_concentration() -> None:
    """Concentration ends if you are incapacitated."""
    s = game(sheet("aria", "Wizard", **WIZARD))
    (boss,) = fight(s, "goblin_boss", at="far")
    turn_of(s, "aria")
    pin(s, LOW)
    ok(s, "cast_spell", caster_id="aria", spell="hold_person", target_ids=[boss])
    condition(s, "aria", "stunned")
    assert s.party["aria"].concentration is None


def test_grapple_ends_when_the_grappler_is_incapacitated() -> None:
    """A grapple ends if the grappler becomes incapacitated."""
    s = game(sheet("thorin", "Fighter", **FIGHTER))
    (gob,) = fight(s, "goblin")
    turn_of(s, "thorin")
    pin(s, HIGH)
    ok(s, "take_action", creature_id="thorin", action="grapple", target_id=gob)
    condition(s, "thorin", "stunned")
    assert not any(c.condition == "grappled" for c in s.creatures[gob].conditions)


def test_stunned_creature_cannot_take_actions() -> None:
    """Stunned: incapacitated, so it can't take actions."""
    s = game(sheet("thorin", "Fighter", **FIGHTER))
    (gob,) = fight(s, "goblin")
    turn_of(s, "thorin")
    condition(s, "thorin", "stunned")
    assert not call(s, "attack", attacker_id="thorin", target_id=gob, weapon="longsword").ok


def test_paralyzed_creature_cannot_move() -> None:
    """Paralyzed: incapacitated and can't move or speak."""
    s = game(sheet("thorin", "Fighter", **FIGHTER))
    fight(s, "goblin")
    turn_of(s, "thorin")
    condition(s, "thorin", "paralyzed")
    assert not call(s, "move", creature_id="thorin", to="near").ok


def test_temporary_hit_points_are_lost_first() -> None:
    """Damage comes off temporary hit points first; the rest carries to real hit points."""
    s = game(sheet("thorin", "Fighter", **FIGHTER))
    ok(s, "heal", target_id="thorin", amount=5, temporary=True, reason="boon")
    ok(s, "damage", target_id="thorin", amount=8, damage_type="fire", reason="embers")
    v = s.party["thorin"].vitals
    assert (v.temp_hp, v.hp) == (0, v.max_hp - 3)


def test_dead_character_cannot_be_healed() -> None:
    """A dead creature can't regain hit points until magic such as Revivify restores it to life."""
    s = game(sheet("aria", "Wizard", level=1, **WIZARD))
    ok(s, "damage", target_id="aria", amount=30, damage_type="fire", reason="explosion")
    assert not call(s, "heal", target_id="aria", amount=5, reason="potion").ok
    assert s.party["aria"].vitals.state == "dead"


def test_sleep_does_not_affect_undead() -> None:
    """Sleep: undead and creatures immune to being charmed aren't affected."""
    s = game(sheet("wren", "Wizard", **WIZARD), campaign="drowned_bell")
    (thrall,) = fight(s, "drowned_thrall", at="far")
    turn_of(s, "wren")
    pin(s, HIGH)
    ok(s, "cast_spell", caster_id="wren", spell="sleep", target_ids=[thrall])
    assert not s.creatures[thrall].conditions


def test_heavy_armor_stealth_disadvantage() -> None:
    """Chain mail: the wearer has disadvantage on Dexterity (Stealth) checks."""
    s = game(sheet("thorin", "Fighter", **FIGHTER))
    out = ok(s, "request_ability_check", character_id="thorin", skill="stealth", dc=10, reason="x")
    assert rolls(out)[0].advantage == "disadvantage"


def test_initiative_is_a_dexterity_check() -> None:
    """Initiative is a Dexterity check: poisoned gives it disadvantage."""
    s = game(sheet("thorin", "Fighter", **FIGHTER))
    condition(s, "thorin", "poisoned")
    out = ok(s, "start_combat", reason="x", monsters=[{"monster": "goblin", "count": 1}])
    mine = [r for r in rolls(out, "initiative") if r.character_id == "thorin"]
    assert mine[0].advantage == "disadvantage"
    assert mine[0].modifier == 2


def test_dash_doubles_movement() -> None:
    """Dash: extra movement equal to your speed for the turn."""
    s = game(sheet("thorin", "Fighter", **FIGHTER))
    fight(s, "goblin", at="far")
    turn_of(s, "thorin")
    assert ok(s, "take_action", creature_id="thorin", action="dash").result["movement"] == 60


def test_fighter_extra_attack_at_fifth_level() -> None:
    """Extra Attack (fighter 5th level): two attacks with the Attack action, not three."""
    s = game(sheet("thorin", "Fighter", level=5, **FIGHTER))
    (boss,) = fight(s, "goblin_boss")
    turn_of(s, "thorin")
    pin(s, LOW)
    ok(s, "attack", attacker_id="thorin", target_id=boss, weapon="longsword")
    ok(s, "attack", attacker_id="thorin", target_id=boss, weapon="longsword")
    assert not call(s, "attack", attacker_id="thorin", target_id=boss, weapon="longsword").ok


# -- more spells -------------------------------------------------------------------------------

MORE_SPELLS = {
    **WIZARD,
    "spells": [*WIZARD["spells"], "chill_touch", "invisibility", "thunderwave"],
}


def test_thunderwave_pushes_creatures_that_fail_the_save() -> None:
    """Thunderwave: on a failed Constitution save a creature is also pushed 10 feet away."""
    s = game(sheet("aria", "Wizard", **MORE_SPELLS))
    (boss,) = fight(s, "goblin_boss", facing="aria")
    turn_of(s, "aria")
    pin(s, LOW)
    out = ok(s, "cast_spell", caster_id="aria", spell="thunderwave", target_ids=[boss])
    assert out.result["results"][0]["saved"] is False
    assert "aria" not in s.encounter.positions[boss].engaged  # type: ignore[union-attr]


def test_chill_touch_stops_healing() -> None:
    """Chill Touch: a creature hit can't regain hit points until the start of your next turn."""
    s = game(sheet("aria", "Wizard", **MORE_SPELLS))
    (boss,) = fight(s, "goblin_boss", at="near")
    s.creatures[boss].vitals = s.creatures[boss].vitals.model_copy(update={"hp": 60, "max_hp": 90})
    turn_of(s, "aria")
    pin(s, 0.8)
    ok(s, "cast_spell", caster_id="aria", spell="chill_touch", target_ids=[boss])
    before = hp(s, boss)
    call(s, "heal", target_id=boss, amount=5, reason="a potion")
    assert hp(s, boss) == before


def test_invisibility_ends_when_the_invisible_creature_attacks() -> None:
    """Invisibility ends for a target that attacks or casts a spell (the attack has advantage)."""
    s = game(sheet("aria", "Wizard", **MORE_SPELLS))
    (gob,) = fight(s, "goblin", facing="aria")
    turn_of(s, "aria")
    ok(s, "cast_spell", caster_id="aria", spell="invisibility", target_ids=["aria"])
    s.encounter.economy.pop("aria", None)  # type: ignore[union-attr]  # the next turn
    s.encounter.spells_cast.pop("aria", None)  # type: ignore[union-attr]
    pin(s, LOW)
    out = ok(s, "attack", attacker_id="aria", target_id=gob, weapon="dagger")
    assert rolls(out, "attack_roll")[0].advantage == "advantage"
    assert not any(c.condition == "invisible" for c in s.party["aria"].conditions)


def test_fireball_at_fifth_level_is_8d6() -> None:
    """Fireball: 8d6 fire damage on a failed Dexterity save."""
    s = game(sheet("aria", "Wizard", level=5, **MORE_SPELLS))
    (boss,) = fight(s, "goblin_boss", at="far")
    s.creatures[boss].vitals = s.creatures[boss].vitals.model_copy(update={"hp": 90, "max_hp": 90})
    turn_of(s, "aria")
    pin(s, LOW)
    ok(s, "cast_spell", caster_id="aria", spell="fireball", target_ids=[boss])
    assert 90 - hp(s, boss) == 8


# -- senses, and cover against spells ----------------------------------------------------------


def test_deafened_creature_fails_checks_that_need_hearing() -> None:
    """Deafened: the creature automatically fails any ability check that requires hearing."""
    s = game(sheet("thorin", "Fighter", **FIGHTER))
    condition(s, "thorin", "deafened")
    pin(s, HIGH)
    out = ok(s, "request_ability_check", character_id="thorin", skill="perception", dc=5,
             reason="listen at the door for footsteps")  # fmt: skip
    assert out.result["success"] is False


def test_blinded_creature_fails_checks_that_need_sight() -> None:
    """Blinded: the creature automatically fails any ability check that requires sight."""
    s = game(sheet("thorin", "Fighter", **FIGHTER))
    condition(s, "thorin", "blinded")
    pin(s, HIGH)
    out = ok(s, "request_ability_check", character_id="thorin", skill="perception", dc=5,
             reason="spot the hidden lever by sight")  # fmt: skip
    assert out.result["success"] is False


def test_total_cover_cannot_be_targeted() -> None:
    """Total cover: a target can't be targeted directly by an attack or a spell."""
    s = game(sheet("aria", "Wizard", **WIZARD))
    (boss,) = fight(s, "goblin_boss", at="far")
    enc = s.encounter
    assert enc is not None
    enc.positions[boss].cover = "total"
    enc.positions[boss].behind = "a stone wall"
    turn_of(s, "aria")
    assert not call(s, "cast_spell", caster_id="aria", spell="fire_bolt", target_ids=[boss]).ok


def test_half_cover_adds_two_to_dexterity_saves() -> None:
    """Half cover: +2 bonus to Dexterity saving throws."""
    s = game(sheet("aria", "Wizard", level=5, **WIZARD))
    (boss,) = fight(s, "goblin_boss", at="near")
    enc = s.encounter
    assert enc is not None
    enc.positions[boss].cover = "half"
    enc.positions[boss].behind = "a low wall"
    turn_of(s, "aria")
    pin(s, MID)
    out = ok(s, "cast_spell", caster_id="aria", spell="fireball", target_ids=[boss])
    save = next(r for r in rolls(out) if r.character_id == boss)
    assert save.total == 11 + 2 + 2  # d20, Dexterity +2, cover +2


# -- sorcerer metamagic ------------------------------------------------------------------------


def test_quickened_spell_leaves_only_a_cantrip_for_the_action() -> None:
    """After a spell cast as a bonus action, only a cantrip may be cast with the action."""
    s = game(sheet("aria", "Sorcerer", **SORCERER))
    one, _ = fight(s, "goblin", 2, at="near")
    turn_of(s, "aria")
    pin(s, LOW)
    ok(s, "use_feature", creature_id="aria", feature="metamagic", option="quickened")
    ok(s, "cast_spell", caster_id="aria", spell="fire_bolt", target_ids=[one])
    assert not call(s, "cast_spell", caster_id="aria", spell="magic_missile", target_ids=[one]).ok


def test_twinned_cantrip_costs_one_point() -> None:
    """Twinned Spell: a second target for a one-target spell; costs its level (1 for a cantrip)."""
    s = game(sheet("aria", "Sorcerer", **SORCERER))
    one, two = fight(s, "goblin", 2, at="near")
    turn_of(s, "aria")
    pin(s, LOW)
    ok(s, "use_feature", creature_id="aria", feature="metamagic", option="twinned")
    out = ok(s, "cast_spell", caster_id="aria", spell="fire_bolt", target_ids=[one, two])
    assert len(rolls(out, "attack_roll")) == 2
    out = ok(s, "use_feature", creature_id="aria", feature="metamagic", option="empowered")
    assert out.result["sorcery_points"] == 3 - 1


def test_magic_missile_cannot_be_twinned() -> None:
    """Twinned Spell: not for a spell that can target more than one creature at its level."""
    s = game(sheet("aria", "Sorcerer", **SORCERER))
    one, two = fight(s, "goblin", 2, at="near")
    turn_of(s, "aria")
    ok(s, "use_feature", creature_id="aria", feature="metamagic", option="twinned")
    assert not call(
        s, "cast_spell", caster_id="aria", spell="magic_missile", target_ids=[one, two]
    ).ok


def test_levelled_action_spell_then_bonus_action_spell_is_refused() -> None:
    """The bonus-action spell rule holds both ways: no bonus-action spell after a levelled one."""
    s = game(sheet("cass", "Cleric", **CLERIC), campaign="drowned_bell")
    (thrall,) = fight(s, "drowned_thrall", at="near")
    turn_of(s, "cass")
    pin(s, LOW)
    ok(s, "cast_spell", caster_id="cass", spell="guiding_bolt", target_ids=[thrall])
    ok(s, "damage", target_id="ione", amount=5, damage_type="fire", reason="embers")
    assert not call(s, "cast_spell", caster_id="cass", spell="healing_word", target_ids=["ione"]).ok


def test_no_sneak_attack_with_disadvantage() -> None:
    """Sneak Attack: only if you don't have disadvantage on the attack roll, ally or no ally."""
    s = game(sheet("thorin", "Fighter", **FIGHTER), sheet("mira", "Rogue", **ROGUE))
    (boss,) = fight(s, "goblin_boss")
    enc = s.encounter
    assert enc is not None
    enc.positions["mira"].engaged[boss] = 5
    enc.positions[boss].engaged["mira"] = 5
    s.creatures[boss].vitals = s.creatures[boss].vitals.model_copy(update={"hp": 60, "max_hp": 60})
    condition(s, "mira", "poisoned")
    turn_of(s, "mira")
    pin(s, MID)
    out = ok(s, "attack", attacker_id="mira", target_id=boss, weapon="shortsword")
    assert first(out)["outcome"] == "hit"
    assert first(out)["damage"] == 4 + 3
