"""Monster traits and actions in play, each stated as the SRD states it."""

from __future__ import annotations

import json
from collections.abc import Callable

from app.actions import harm as hm
from app.actions import rolling as rl
from app.actions.calls import ToolCall
from app.actions.sets import ALL_TOOLS, COMBAT_TOOLS
from app.world.sandbox import sandbox_state
from app.world.state import GameState
from rules.abilities import Ability
from rules.conditions import ActiveCondition, Condition
from rules.damage import DamageType, LifeState
from rules.dice import Advantage
from rules.positions import leave, scrum


def run(state: GameState, name: str, **arguments: object) -> dict:
    outcome = ALL_TOOLS.execute(ToolCall("t", name, json.dumps(arguments)), state)
    return {"result": outcome.result, "events": outcome.events}


def fight(seed: int, *groups: tuple[str, int], **extra: object) -> GameState:
    state = sandbox_state(seed=seed)
    monsters = [{"monster": m, "count": n} for m, n in groups]
    out = run(state, "start_combat", reason="test", monsters=monsters, **extra)
    assert out["result"].get("started"), out
    assert state.encounter is not None  # one close melee: these tests are about traits
    scrum(state.encounter.positions, [c.id for c in state.encounter.order])
    return state


def turn_of(state: GameState, cid: str) -> None:
    assert state.encounter is not None
    state.encounter.turn_index = next(i for i, c in enumerate(state.encounter.order) if c.id == cid)
    state.encounter.economy.pop(cid, None)


def first_seed(check: Callable[[int], bool], tries: int = 200) -> int:
    """The first seed for which ``check`` holds (the dice decide; the search is fixed)."""
    return next(s for s in range(tries) if check(s))


def attack_roll(out: dict):  # type: ignore[no-untyped-def]
    return next(e for e in out["events"] if e.type == "dice_roll" and e.check_type == "attack_roll")


# -- attack rolls ---------------------------------------------------------------------------


def test_pack_tactics_gives_advantage_while_an_able_ally_stands_by() -> None:
    """SRD Pack Tactics: advantage on an attack roll when an ally that is not incapacitated
    is within 5 feet of the target."""
    state = fight(1, ("kobold", 2))
    turn_of(state, "kobold-1")
    out = run(state, "attack", attacker_id="kobold-1", target_id="thorin", weapon="dagger")
    assert attack_roll(out).advantage == "advantage"
    # the other kobold is paralysed: no pack to help
    state.creatures["kobold-2"].conditions.append(
        ActiveCondition(condition=Condition.PARALYZED, note="test")
    )
    turn_of(state, "kobold-1")
    out = run(state, "attack", attacker_id="kobold-1", target_id="thorin", weapon="dagger")
    assert attack_roll(out).advantage == "normal"


def test_sunlight_sensitivity_gives_disadvantage_in_sunlight() -> None:
    """SRD Sunlight Sensitivity: disadvantage on attack rolls while in sunlight."""
    state = fight(1, ("kobold", 1))
    turn_of(state, "kobold-1")
    out = run(state, "attack", attacker_id="kobold-1", target_id="thorin", weapon="dagger")
    assert attack_roll(out).advantage == "normal"
    # the DM says the sun is out (a campaign scene says it with ``sunlight = true``)
    flag = ToolCall("t", "set_flag", json.dumps({"name": "sunlight", "value": True}))
    assert ALL_TOOLS.execute(flag, state).ok
    turn_of(state, "kobold-1")
    out = run(state, "attack", attacker_id="kobold-1", target_id="thorin", weapon="dagger")
    assert attack_roll(out).advantage == "disadvantage"


def _martial_hit(seed: int) -> bool:
    state = fight(seed, ("hobgoblin", 2))
    turn_of(state, "hobgoblin-1")
    out = run(state, "attack", attacker_id="hobgoblin-1", target_id="mira", weapon="longsword")
    return out["result"]["attacks"][0]["outcome"] == "hit"


def test_martial_advantage_adds_2d6_once_per_turn_with_an_ally_near() -> None:
    """SRD Martial Advantage: once per turn, 2d6 extra damage to a creature it hits with a
    weapon attack if an able ally of the hobgoblin is within 5 feet of that creature."""
    seed = first_seed(_martial_hit)
    state = fight(seed, ("hobgoblin", 2))
    turn_of(state, "hobgoblin-1")
    out = run(state, "attack", attacker_id="hobgoblin-1", target_id="mira", weapon="longsword")
    extra = [e for e in out["events"] if e.type == "dice_roll" and e.reason == "Martial Advantage"]
    assert len(extra) == 1 and extra[0].formula == "2d6"
    # a second hit in the same turn gets no more
    assert state.creatures["hobgoblin-1"].resources["martial_advantage"] == 1
    run(state, "end_turn")
    assert "martial_advantage" not in state.creatures["hobgoblin-1"].resources


def test_martial_advantage_needs_an_ally() -> None:
    seed = first_seed(_martial_hit)
    state = fight(seed, ("hobgoblin", 2))
    state.creatures["hobgoblin-2"].vitals = state.creatures["hobgoblin-2"].vitals.model_copy(
        update={"hp": 0, "state": LifeState.DEAD}
    )
    turn_of(state, "hobgoblin-1")
    out = run(state, "attack", attacker_id="hobgoblin-1", target_id="mira", weapon="longsword")
    assert not [e for e in out["events"] if getattr(e, "reason", "") == "Martial Advantage"]


# -- riders on a hit ------------------------------------------------------------------------


def _rider(monster: str, weapon: str, target: str, seed: int) -> tuple[GameState, dict]:
    state = fight(seed, (monster, 1))
    cid = f"{monster.replace('_', '-')}-1"
    turn_of(state, cid)
    return state, run(state, "attack", attacker_id=cid, target_id=target, weapon=weapon)


def _hit_and_failed_save(monster: str, weapon: str, target: str) -> Callable[[int], bool]:
    def check(seed: int) -> bool:
        _, out = _rider(monster, weapon, target, seed)
        saves = [e for e in out["events"] if getattr(e, "check_type", "") == "saving_throw"]
        return bool(saves) and saves[0].success is False

    return check


def test_a_wolf_bite_that_hits_knocks_the_target_prone_on_a_failed_str_save() -> None:
    """SRD Wolf Bite: on a hit, a DC 11 Strength save or the target is knocked prone."""
    seed = first_seed(_hit_and_failed_save("wolf", "bite", "mira"))
    state, out = _rider("wolf", "bite", "mira", seed)
    save = next(e for e in out["events"] if getattr(e, "check_type", "") == "saving_throw")
    assert save.dc == 11 and save.ability == "str"
    assert any(c.condition is Condition.PRONE for c in state.party["mira"].conditions)


def test_a_ghoul_paralyses_for_a_minute_with_a_save_each_turn_but_not_an_elf() -> None:
    """SRD Ghoul Claws: a creature other than an elf or undead that is hit makes a DC 10 CON
    save or is paralysed for 1 minute, repeating the save at the end of each of its turns."""
    seed = first_seed(_hit_and_failed_save("ghoul", "claws", "thorin"))
    state, _ = _rider("ghoul", "claws", "thorin", seed)
    held = next(c for c in state.party["thorin"].conditions if c.condition is Condition.PARALYZED)
    assert held.rounds == 10 and held.save_ability == "con" and held.save_dc == 10
    # the same dice against an elf: no save at all, no paralysis
    elf = fight(seed, ("ghoul", 1))
    elf.party["thorin"] = elf.party["thorin"].model_copy(update={"species": "Elf"})
    turn_of(elf, "ghoul-1")
    out = run(elf, "attack", attacker_id="ghoul-1", target_id="thorin", weapon="claws")
    assert not [e for e in out["events"] if getattr(e, "check_type", "") == "saving_throw"]
    assert not elf.party["thorin"].conditions
    assert any("unaffected" in getattr(e, "description", "") for e in out["events"])


def test_a_giant_spider_bite_deals_poison_half_on_a_successful_save() -> None:
    """SRD Giant Spider Bite: on a hit, a DC 11 CON save, 2d8 poison on a failure, half as
    much on a success."""

    def saved(seed: int) -> bool:
        _, out = _rider("giant_spider", "bite", "thorin", seed)
        saves = [e for e in out["events"] if getattr(e, "check_type", "") == "saving_throw"]
        return bool(saves) and saves[0].success is True

    for wanted, check in ((False, _hit_and_failed_save("giant_spider", "bite", "thorin")),
                          (True, saved)):  # fmt: skip
        _, out = _rider("giant_spider", "bite", "thorin", first_seed(check))
        poison = next(e for e in out["events"] if getattr(e, "reason", "") == "Bite poison")
        hurt = [e for e in out["events"] if e.type == "state_change" and "poison" in e.description]
        expected = poison.total // 2 if wanted else poison.total
        assert f"takes {expected} poison damage" in hurt[0].description


# -- the turns of a fight -------------------------------------------------------------------


def test_a_troll_regenerates_10_hp_unless_it_took_acid_or_fire() -> None:
    """SRD Troll Regeneration: it regains 10 hit points at the start of its turn; acid or
    fire damage stops this at the start of its next turn."""
    state = fight(2, ("troll", 1))
    troll = state.creatures["troll-1"]
    troll.vitals = troll.vitals.model_copy(update={"hp": 40})
    turn_of(state, "thorin")
    run(state, "end_turn")  # round the table to the troll
    while state.encounter.current.id != "troll-1":
        run(state, "end_turn")
    assert troll.vitals.hp == 50
    hm.deal_damage(state, "troll-1", 5, DamageType.FIRE)
    while state.encounter.current.id != "troll-1" or troll.vitals.hp == 45:
        out = run(state, "end_turn")
        if state.encounter.current.id == "troll-1":
            break
    assert troll.vitals.hp == 45
    assert any("does not regenerate (fire" in getattr(e, "description", "") for e in out["events"])


def _fortitude(seed: int, damage_type: DamageType, critical: bool = False) -> GameState:
    state = fight(seed, ("zombie", 1))
    zombie = state.creatures["zombie-1"]
    zombie.vitals = zombie.vitals.model_copy(update={"hp": 3})
    hm.deal_damage(state, "zombie-1", 4, damage_type, critical=critical)
    return state


def _zombie_hp(seed: int) -> int:
    return _fortitude(seed, DamageType.SLASHING).creatures["zombie-1"].vitals.hp


def test_undead_fortitude_keeps_a_zombie_at_1_hp_on_a_con_save_of_5_plus_damage() -> None:
    """SRD Undead Fortitude: reduced to 0 HP, the zombie makes a CON save (DC 5 + the damage
    taken) and drops to 1 HP instead on a success — not against radiant damage or a
    critical hit."""
    seed = first_seed(
        lambda s: _fortitude(s, DamageType.SLASHING).creatures["zombie-1"].vitals.hp == 1
    )
    state = _fortitude(seed, DamageType.SLASHING)
    assert state.creatures["zombie-1"].vitals.state is LifeState.ALIVE
    assert _fortitude(seed, DamageType.RADIANT).creatures["zombie-1"].vitals.state is LifeState.DEAD
    crit = _fortitude(seed, DamageType.SLASHING, critical=True)
    assert crit.creatures["zombie-1"].vitals.state is LifeState.DEAD
    # and it can fail
    failed = first_seed(
        lambda s: _fortitude(s, DamageType.SLASHING).creatures["zombie-1"].vitals.hp == 0
    )
    assert (
        _fortitude(failed, DamageType.SLASHING).creatures["zombie-1"].vitals.state is LifeState.DEAD
    )


def test_a_breath_weapon_hits_every_target_once_rolled_and_then_must_recharge() -> None:
    """SRD Fire Breath (Recharge 5-6): each creature in the cone makes a DC 13 DEX save,
    taking 7d6 fire on a failure and half on a success; it is usable again when a d6 at the
    start of the dragon's turn shows 5 or 6."""
    state = fight(3, ("red_dragon_wyrmling", 1))
    turn_of(state, "red-dragon-wyrmling-1")
    out = run(state, "monster_action", creature_id="red-dragon-wyrmling-1", action="fire_breath",
              target_ids=["mira", "thorin"])  # fmt: skip
    damage = [e for e in out["events"] if getattr(e, "check_type", "") == "damage"]
    assert len(damage) == 1 and damage[0].formula == "7d6"  # one roll for the whole cone
    for hit in out["result"]["targets"]:
        expected = damage[0].total // 2 if hit["saved"] else damage[0].total
        assert hit["damage"] == expected
    turn_of(state, "red-dragon-wyrmling-1")
    again = run(state, "monster_action", creature_id="red-dragon-wyrmling-1",
                action="fire_breath", target_ids=["mira"])  # fmt: skip
    assert "not recharged" in again["result"]["error"]
    rolls = []
    for _ in range(40):
        out = run(state, "end_turn")
        rolls += [e for e in out["events"] if getattr(e, "check_type", "") == "recharge"]
        if "fire_breath" not in state.creatures["red-dragon-wyrmling-1"].resources:
            break
    assert rolls and rolls[-1].success and rolls[-1].total >= 5
    assert all(not r.success and r.total < 5 for r in rolls[:-1])


def test_monster_action_refuses_clearly() -> None:
    state = fight(3, ("goblin", 1), ("orc", 1))
    turn_of(state, "goblin-1")
    bad = run(state, "monster_action", creature_id="goblin-1", action="breath")["result"]
    assert "no action 'breath'" in bad["error"] and "nimble_disengage" in bad["error"]
    weapon = run(state, "monster_action", creature_id="goblin-1", action="scimitar",
                 target_ids=["mira"])["result"]  # fmt: skip
    assert "use attack" in weapon["error"]
    rush = run(state, "monster_action", creature_id="goblin-1", action="aggressive",
               target_ids=["mira"])["result"]  # fmt: skip
    assert "no trait" in rush["error"]
    assert "turn" in run(state, "monster_action", creature_id="orc-1", action="aggressive",
                         target_ids=["mira"])["result"]["error"]  # fmt: skip
    assert "monster_action" in COMBAT_TOOLS.names


def test_nimble_escape_hides_as_a_bonus_action_and_the_attack_still_comes() -> None:
    """SRD Nimble Escape: the goblin can take the Disengage or Hide action as a bonus action
    on each of its turns."""
    state = fight(3, ("goblin", 1))
    turn_of(state, "goblin-1")
    assert state.encounter is not None
    leave(state.encounter.positions, "goblin-1")  # out of melee: nobody sees it up close
    hide = run(state, "monster_action", creature_id="goblin-1", action="nimble_hide")["result"]
    assert "hidden" in hide
    out = run(state, "attack", attacker_id="goblin-1", target_id="mira", weapon="scimitar")
    assert "error" not in out["result"]
    again = run(state, "monster_action", creature_id="goblin-1", action="nimble_disengage")
    assert "bonus action" in again["result"]["error"]


def test_aggressive_moves_an_orc_its_speed_again_as_a_bonus_action() -> None:
    """SRD Aggressive: as a bonus action, the orc moves up to its speed toward a hostile
    creature it can see."""
    state = fight(3, ("orc", 1))
    turn_of(state, "orc-1")
    out = run(state, "monster_action", creature_id="orc-1", action="aggressive",
              target_ids=["thorin"])["result"]  # fmt: skip
    assert out["movement"] == 60


def test_a_web_restrains_on_a_hit() -> None:
    """SRD Giant Spider Web (Recharge 5-6): a ranged attack; a hit restrains the target."""

    def hit(seed: int) -> bool:
        state = fight(seed, ("giant_spider", 1))
        turn_of(state, "giant-spider-1")
        out = run(state, "monster_action", creature_id="giant-spider-1", action="web",
                  target_ids=["mira"])  # fmt: skip
        return out["result"].get("outcome") == "hit"

    state = fight(first_seed(hit), ("giant_spider", 1))
    turn_of(state, "giant-spider-1")
    run(state, "monster_action", creature_id="giant-spider-1", action="web", target_ids=["mira"])
    assert any(c.condition is Condition.RESTRAINED for c in state.party["mira"].conditions)
    assert state.creatures["giant-spider-1"].resources["web"] == 1


def test_sunlight_weakness_hampers_a_shadows_attacks_checks_and_saves() -> None:
    """SRD Shadow, Sunlight Weakness: in sunlight, disadvantage on attack rolls, ability
    checks and saving throws."""
    state = fight(1, ("shadow", 1))
    state.flags["sunlight"] = True
    turn_of(state, "shadow-1")
    out = run(state, "attack", attacker_id="shadow-1", target_id="thorin")
    assert attack_roll(out).advantage == "disadvantage"
    save = rl.check_for(state, "shadow-1", 10, "test", Advantage.NORMAL,
                        ability=Ability.DEX, save=True)  # fmt: skip
    assert save.advantage.value == "disadvantage"


def test_a_mimic_has_advantage_against_the_creature_it_grapples() -> None:
    """SRD Mimic, Grappler: advantage on attack rolls against any creature grappled by it."""
    state = fight(1, ("mimic", 1))
    turn_of(state, "mimic-1")
    out = run(state, "attack", attacker_id="mimic-1", target_id="thorin", weapon="bite")
    assert attack_roll(out).advantage == "normal"
    state.party["thorin"].conditions.append(
        ActiveCondition(condition=Condition.GRAPPLED, source="mimic-1", note="pseudopod")
    )
    turn_of(state, "mimic-1")
    out = run(state, "attack", attacker_id="mimic-1", target_id="thorin", weapon="bite")
    assert attack_roll(out).advantage == "advantage"


def test_a_bugbear_surprise_attack_adds_2d6_to_its_first_hit_on_a_surprised_foe() -> None:
    """SRD Bugbear, Surprise Attack: if it hits a surprised creature in the first round of
    combat, the target takes an extra 2d6 damage (the first time only)."""

    def hits(seed: int) -> bool:
        state = fight(seed, ("bugbear", 1), surprise="party")
        out = run(state, "attack", attacker_id="bugbear-1", target_id="mira", weapon="morningstar")
        return out["result"]["attacks"][0]["outcome"] == "hit" and any(
            e.id == "surprised" for e in state.party["mira"].effects
        )

    state = fight(first_seed(hits), ("bugbear", 1), surprise="party")
    out = run(state, "attack", attacker_id="bugbear-1", target_id="mira", weapon="morningstar")
    extra = [e for e in out["events"] if getattr(e, "reason", "") == "Surprise Attack"]
    assert len(extra) == 1 and extra[0].formula == "2d6"
    assert state.creatures["bugbear-1"].resources["surprise_attack"] == 1


def test_life_drain_rolls_no_save_that_changes_nothing() -> None:
    """A specter's Life Drain lowers the hit point maximum, which is not modelled: its hit
    must not roll a save whose failure does nothing."""
    state = fight(1, ("specter", 1))
    turn_of(state, "specter-1")
    out = run(state, "attack", attacker_id="specter-1", target_id="thorin")
    assert not [e for e in out["events"] if getattr(e, "check_type", "") == "saving_throw"]
