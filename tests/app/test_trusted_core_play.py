"""Core SRD rules in play, through the tools a DM calls: exhaustion on attack rolls,
prone and paralysed targets by distance, grapples, loading, hiding, Magic Missile's
darts, Hellish Rebuke, thieves' tools, dropping to 0 hit points and monster traits."""

from __future__ import annotations

from typing import Any

from app.actions.beings import economy_of
from app.actions.campaign_tools import enter_scene
from app.actions.drains import drain_ability
from app.actions.endings import reach_ending
from app.actions.harm import deal_damage
from app.session.setup import start_session
from app.world.campaignfile import load_campaign
from app.world.folders import CAMPAIGNS_DIR
from app.world.state import GameState
from rules.abilities import Ability
from rules.character import CharacterSheet
from rules.conditions import ActiveCondition, Condition
from rules.damage import DamageType, LifeState, Vitals
from rules.positions import engage
from rules.skills import Skill
from tests.app.conftest import narration, turn
from tests.app.test_positions import cellar, run, turn_of

CAMPAIGN = load_campaign(CAMPAIGNS_DIR / "crossroads")


def attack_rolls(out: dict[str, Any]) -> list[Any]:
    return [e for e in out["events"] if getattr(e, "check_type", "") == "attack_roll"]


def test_exhaustion_three_gives_the_attacker_disadvantage() -> None:
    """SRD: exhaustion level 3 adds disadvantage on attack rolls."""
    state = cellar()
    state.party["thorin"].exhaustion = 3
    turn_of(state, "thorin")
    out = run(state, "attack", attacker_id="thorin", target_id="giant-rat-1")
    (roll,) = attack_rolls(out)
    assert roll.advantage == "disadvantage"


def charmed_thorin() -> GameState:
    """Aria's Charm Person holds Thorin (outside a fight, the first seed where he fails)."""
    for seed in range(60):
        state = cellar(seed)
        state.encounter = None
        state.party["aria"].spells.append("charm_person")
        out = run(state, "cast_spell", caster_id="aria", spell="charm_person",
                  target_ids=["thorin"])  # fmt: skip
        if not out["result"]["results"][0]["saved"]:
            return state
    raise AssertionError("Thorin saved every time")


def test_charm_person_gets_no_repeated_save() -> None:
    """SRD: Charm Person has one save; nothing lets the charmed creature save again."""
    (charm,) = charmed_thorin().party["thorin"].conditions
    assert charm.condition is Condition.CHARMED
    assert charm.save_ability is None and charm.save_dc is None


def test_charm_person_ends_when_the_caster_or_a_companion_harms_the_target() -> None:
    """SRD: it ends early if the caster or a companion does anything harmful to it; harm
    from anyone else leaves it standing."""
    state = charmed_thorin()
    deal_damage(state, "thorin", 1, DamageType.SLASHING, source="giant-rat-1")
    assert state.party["thorin"].conditions  # a rat's bite is nobody's betrayal
    events, _ = deal_damage(state, "thorin", 1, DamageType.FIRE, source="mira")
    assert not state.party["thorin"].conditions
    assert any("Charm Person ends" in getattr(e, "description", "") for e in events)


def laid_low(condition: Condition, gap: int, seed: int = 3) -> GameState:
    """Thorin engaged with giant rat 1 at ``gap`` feet (a glaive in hand), the rat afflicted."""
    state = cellar(seed)
    state.party["thorin"].weapons.append("glaive")
    assert state.encounter is not None
    engage(state.encounter.positions, "thorin", "giant-rat-1", gap)
    state.creatures["giant-rat-1"].conditions.append(ActiveCondition(condition=condition))
    turn_of(state, "thorin")
    return state


def test_a_ranged_attack_on_a_prone_target_within_5_ft_is_a_plain_roll() -> None:
    """SRD: advantage against a prone target within 5 ft, and disadvantage for a ranged
    attack with a hostile creature within 5 ft: they cancel."""
    state = laid_low(Condition.PRONE, 5)
    out = run(state, "attack", attacker_id="thorin", target_id="giant-rat-1",
              weapon="light_crossbow")  # fmt: skip
    (roll,) = attack_rolls(out)
    assert roll.advantage == "normal"


def test_a_reach_attack_on_a_prone_target_from_10_ft_has_disadvantage() -> None:
    """SRD: attacks on a prone creature from farther than 5 ft have disadvantage."""
    state = laid_low(Condition.PRONE, 10)
    out = run(state, "attack", attacker_id="thorin", target_id="giant-rat-1", weapon="glaive")
    (roll,) = attack_rolls(out)
    assert roll.advantage == "disadvantage"


def test_a_hit_on_a_paralysed_target_is_critical_only_from_within_5_ft() -> None:
    """SRD: a hit on a paralysed creature is a critical hit if the attacker is within 5 ft;
    a glaive's blow from 10 ft is an ordinary hit (still with advantage)."""
    seen = set()
    for seed in range(40):
        for gap in (5, 10):
            state = laid_low(Condition.PARALYZED, gap, seed)
            out = run(state, "attack", attacker_id="thorin", target_id="giant-rat-1",
                      weapon="glaive")  # fmt: skip
            (roll,) = attack_rolls(out)
            assert roll.advantage == "advantage"
            outcome = out["result"]["attacks"][0]["outcome"]
            if outcome in ("hit", "critical_hit") and roll.natural != 20:
                assert outcome == ("critical_hit" if gap == 5 else "hit")
                seen.add(gap)
        if seen == {5, 10}:
            return
    raise AssertionError(f"no ordinary hit at both distances: {seen}")


def test_standing_up_costs_half_speed_and_crawling_costs_double() -> None:
    """SRD: standing up from prone costs half the creature's speed; crawling costs one
    extra foot per foot moved."""
    state = laid_low(Condition.PRONE, 5)
    state.party["thorin"].conditions.append(ActiveCondition(condition=Condition.PRONE))
    economy = economy_of(state, "thorin")
    speed = economy.speed
    out = run(state, "move", creature_id="thorin", to="far")  # crawling: 10 + 30 ft, doubled
    assert "cannot get there" in out["result"]["error"] and "stand up" in out["result"]["error"]
    assert economy.movement == speed
    run(state, "set_condition", target_id="thorin", condition="prone", present=False,
        reason="gets up")  # fmt: skip
    assert economy.movement == speed - speed // 2
    assert not state.party["thorin"].conditions
    economy.movement = 5  # too little left to stand again
    state.party["thorin"].conditions.append(ActiveCondition(condition=Condition.PRONE))
    out = run(state, "set_condition", target_id="thorin", condition="prone", present=False,
              reason="gets up")  # fmt: skip
    assert "cannot stand up" in out["result"]["error"]
    assert state.party["thorin"].conditions


def grappled_mira() -> GameState:
    """Giant rat 1 holds Mira in a grapple."""
    state = cellar()
    assert state.encounter is not None
    engage(state.encounter.positions, "mira", "giant-rat-1")
    state.party["mira"].conditions.append(
        ActiveCondition(condition=Condition.GRAPPLED, source="giant-rat-1", note="grappled")
    )
    return state


def test_a_grapple_ends_when_the_grappler_drops() -> None:
    """SRD: the grappled condition ends if the grappler is incapacitated (at 0 hit points
    a creature is unconscious)."""
    state = grappled_mira()
    rat = state.creatures["giant-rat-1"]
    events, _ = deal_damage(state, "giant-rat-1", rat.vitals.hp, DamageType.FIRE, source="aria")
    assert not state.party["mira"].conditions
    assert any("no longer grappled" in getattr(e, "description", "") for e in events)


def test_a_grapple_ends_when_the_grappler_is_stunned() -> None:
    state = grappled_mira()
    run(state, "set_condition", target_id="giant-rat-1", condition="stunned", reason="a blow")
    assert not state.party["mira"].conditions
    poisoned = grappled_mira()  # a grappler that can still act keeps its grip
    run(poisoned, "set_condition", target_id="giant-rat-1", condition="poisoned", reason="bad")
    assert poisoned.party["mira"].conditions


def test_a_small_creature_swings_a_heavy_weapon_with_disadvantage() -> None:
    """SRD: Heavy — Small creatures have disadvantage on attack rolls with it. Mira is a
    halfling."""
    state = cellar()
    assert state.encounter is not None
    state.party["mira"].weapons.append("greataxe")
    engage(state.encounter.positions, "mira", "giant-rat-1")
    turn_of(state, "mira")
    out = run(state, "attack", attacker_id="mira", target_id="giant-rat-1", weapon="greataxe")
    (roll,) = attack_rolls(out)
    assert roll.advantage == "disadvantage"
    state = cellar()  # a Medium dwarf swings it plainly
    assert state.encounter is not None
    state.party["thorin"].weapons.append("greataxe")
    engage(state.encounter.positions, "thorin", "giant-rat-1")
    turn_of(state, "thorin")
    out = run(state, "attack", attacker_id="thorin", target_id="giant-rat-1", weapon="greataxe")
    (roll,) = attack_rolls(out)
    assert roll.advantage == "normal"


def test_a_loading_weapon_fires_once_per_attack_action() -> None:
    """SRD: Loading — one piece of ammunition per action, whatever the number of attacks:
    a 5th-level fighter's Extra Attack cannot fire the light crossbow twice."""
    state = cellar()
    thorin = state.party["thorin"]
    thorin.level = 5
    assert thorin.attacks_per_action == 2
    turn_of(state, "thorin")
    first = run(state, "attack", attacker_id="thorin", target_id="giant-rat-2",
                weapon="light_crossbow")  # fmt: skip
    assert "error" not in first["result"]
    second = run(state, "attack", attacker_id="thorin", target_id="giant-rat-3",
                 weapon="light_crossbow")  # fmt: skip
    assert "fires once per action" in second["result"]["error"]
    third = run(state, "attack", attacker_id="thorin", target_id="giant-rat-3",
                weapon="handaxe", mode="thrown")  # fmt: skip
    assert "error" not in third["result"]  # the Attack action's second attack, thrown


def test_help_needs_the_helper_within_5_ft_of_the_foe() -> None:
    """SRD: Help aids an ally's attack on a creature within 5 feet of the helper."""
    state = cellar()
    assert state.encounter is not None
    turn_of(state, "thorin")
    far = run(state, "take_action", creature_id="thorin", action="help", target_id="mira")
    assert "within 5 feet" in far["result"]["error"]
    assert not state.party["mira"].effects
    engage(state.encounter.positions, "thorin", "giant-rat-1")
    near = run(state, "take_action", creature_id="thorin", action="help", target_id="mira")
    assert "error" not in near["result"]
    assert [e.id for e in state.party["mira"].effects] == ["help"]


def test_nobody_hides_in_melee_from_a_foe_that_sees_them() -> None:
    """SRD: you cannot hide from a creature that can see you clearly — a foe at arm's
    length in melee."""
    state = cellar()
    assert state.encounter is not None
    engage(state.encounter.positions, "mira", "giant-rat-1")
    turn_of(state, "mira")
    out = run(state, "take_action", creature_id="mira", action="hide")
    assert "cannot hide" in out["result"]["error"]
    assert economy_of(state, "mira").action  # nothing spent


def test_attacks_against_a_hidden_creature_have_disadvantage() -> None:
    """SRD: attacking a creature you cannot see has disadvantage."""
    for seed in range(40):
        state = cellar(seed)
        turn_of(state, "mira")
        hid = run(state, "take_action", creature_id="mira", action="hide")["result"]
        if not hid["hidden"]:
            continue
        turn_of(state, "giant-rat-1")
        out = run(state, "attack", attacker_id="giant-rat-1", target_id="mira")
        (roll,) = attack_rolls(out)  # no other rat beside Mira: no Pack Tactics
        assert roll.advantage == "disadvantage"
        return
    raise AssertionError("Mira never hid")


async def test_the_story_says_where_magic_missile_darts_went_after_the_first_fell() -> None:
    """SRD: the darts strike at once. Darts aimed at a creature an earlier dart of the same
    casting felled spend themselves on it: the story says so, not only the numbers."""
    session = start_session(CAMPAIGN, 3)
    state = session.state
    state.flags["trapdoor_open"] = True
    enter_scene(state, "cellar", "test")
    state.creatures["giant-rat-1"].vitals = Vitals(hp=1, max_hp=7)
    turn_of(state, "aria")
    events = await turn(session, ("aria", "I cast magic missile at giant rat 1"))
    told = narration(events)
    assert "The rest of the Magic Missile strikes Giant Rat 1 as it falls." in told
    assert told.count("strikes Giant Rat 1 as it falls") == 1


def test_hellish_rebuke_is_not_cast_by_itself_at_a_fire_immune_foe() -> None:
    """SRD: Hellish Rebuke deals fire damage; a red dragon is immune to fire. The game never
    spends the slot for nothing, and the offer says it would not help."""
    from tests.app.test_damage_reactions import bitten, caster_pair, wyrmling

    def setup(seed: int) -> GameState:
        state = caster_pair(seed)
        wyrmling(state)
        rat = state.creatures["giant-rat-1"]
        rat.defenses = state.monster("red_dragon_wyrmling").defenses  # as a fight makes it
        for sheet in state.party.values():
            sheet.spells[:] = [s for s in sheet.spells if s != "absorb_elements"]
        return state

    state, out = bitten(0, setup)
    offers = [o for e in out["events"] if e.type == "reaction_window" for o in e.offers]
    rebukes = [o for o in offers if o.kind == "hellish_rebuke"]
    assert rebukes and not any(o.accepted for o in rebukes)
    assert "immune to fire" in rebukes[0].prompt
    assert state.party["aria"].spell_slots.remaining(1) == 4


def test_a_rogue_picks_the_padlock_with_thieves_tools_proficiency() -> None:
    """SRD: picking a lock is a Dexterity check with thieves' tools, adding the proficiency
    bonus for a character trained with them — here a rogue not trained in Sleight of Hand."""
    state = start_session(CAMPAIGN, 3).state
    mira = state.party["mira"]
    mira.skills.pop(Skill.SLEIGHT_OF_HAND)
    out = run(state, "attempt_challenge", challenge_id="trapdoor_lock", character_id="mira")
    roll = next(e for e in out["events"] if getattr(e, "type", "") == "dice_roll")
    assert roll.modifier == mira.modifier(Ability.DEX) + mira.proficiency_bonus
    thorin = start_session(CAMPAIGN, 3).state  # untrained, no tools: Dexterity alone
    out = run(thorin, "attempt_challenge", challenge_id="trapdoor_lock", character_id="thorin")
    roll = next(e for e in out["events"] if getattr(e, "type", "") == "dice_roll")
    assert roll.modifier == thorin.party["thorin"].modifier(Ability.DEX)


def test_a_character_dropping_to_0_hp_falls_prone_and_stays_down_when_healed() -> None:
    """SRD: unconscious — the creature drops whatever it holds and falls prone; regaining
    hit points wakes it, but it still lies prone until it stands up."""
    state = cellar()
    mira = state.party["mira"]
    deal_damage(state, "mira", mira.vitals.hp, DamageType.SLASHING, source="giant-rat-1")
    held = {c.condition for c in mira.conditions}
    assert {Condition.UNCONSCIOUS, Condition.PRONE} <= held
    run(state, "heal", target_id="mira", amount="3", reason="a potion")
    assert [c.condition for c in mira.conditions] == [Condition.PRONE]


def test_an_ending_reached_while_a_character_is_dying_leaves_them_stable() -> None:
    """The story ends: nobody keeps making death saves forever. A dying character is
    stable at 0 hit points (SRD stable: unconscious, no more death saves), and the ending
    says so."""
    state = cellar()
    mira = state.party["mira"]
    deal_damage(state, "mira", mira.vitals.hp, DamageType.SLASHING, source="giant-rat-1")
    assert mira.vitals.state is LifeState.DYING
    ending = state.campaign.endings[0]  # type: ignore[union-attr]
    events = reach_ending(state, ending.id)
    assert mira.vitals.state is LifeState.STABLE and mira.vitals.hp == 0
    told = next(e for e in events if getattr(e, "kind", "") == "ending")
    assert "Mira is tended as the story ends: stable at 0 hit points" in told.description


def troll_fight() -> GameState:
    """The party against one troll."""
    state = start_session(CAMPAIGN, 3).state
    run(state, "start_combat", reason="test", monsters=[{"monster": "troll", "count": 1}])
    return state


def troll_turn(state: GameState) -> list[Any]:
    """End turns until the troll's starts; the events of the way there."""
    assert state.encounter is not None
    order = [c.id for c in state.encounter.order]
    turn_of(state, order[(order.index("troll-1") - 1) % len(order)])
    return run(state, "end_turn")["events"]


def test_a_troll_at_0_hp_regenerates_at_the_start_of_its_turn() -> None:
    """SRD Regeneration: it regains 10 hit points at the start of its turn; it dies only if
    it starts its turn at 0 hit points and does not regenerate."""
    state = troll_fight()
    troll = state.creatures["troll-1"]
    deal_damage(state, "troll-1", troll.vitals.hp, DamageType.SLASHING, source="thorin")
    assert troll.vitals.hp == 0 and troll.vitals.state is not LifeState.DEAD
    troll_turn(state)
    assert troll.vitals.hp == 10


def test_a_burnt_troll_at_0_hp_dies_at_the_start_of_its_turn() -> None:
    state = troll_fight()
    troll = state.creatures["troll-1"]
    deal_damage(state, "troll-1", troll.vitals.hp, DamageType.FIRE, source="aria")
    assert troll.vitals.state is not LifeState.DEAD  # not yet: at the start of its turn
    events = troll_turn(state)
    assert troll.vitals.state is LifeState.DEAD
    assert any("does not regenerate (fire damage) and dies" in getattr(e, "description", "")
               for e in events)  # fmt: skip


def undead_hits(monster: str, action: str, start: int = 0) -> tuple[GameState, dict[str, Any], int]:
    """The first seed from ``start`` where a ``monster`` hits Thorin with ``action`` (he
    keeps his feet), and that seed."""
    for seed in range(start, start + 80):
        state = start_session(CAMPAIGN, seed).state
        run(state, "start_combat", reason="test", monsters=[{"monster": monster, "count": 1}])
        thorin = state.party["thorin"]
        thorin.vitals = thorin.vitals.model_copy(update={"hp": 60, "max_hp": 60})
        cid = f"{monster}-1"
        turn_of(state, cid)
        out = run(state, "attack", attacker_id=cid, target_id="thorin", weapon=action)
        if out["result"].get("attacks") and out["result"]["attacks"][0].get("damage"):
            return state, out, seed
    raise AssertionError(f"no {monster} hit in 80 seeds")


def test_a_specter_flies_in_and_its_life_drain_lowers_the_maximum_until_a_long_rest() -> None:
    """SRD Specter: fly 50 ft (no walking speed), so it closes in; Life Drain — a failed
    DC 10 Constitution save lowers the hit point maximum by the damage taken, until a long
    rest."""
    seed = 0
    for _ in range(40):
        state, out, seed = undead_hits("specter", "life_drain", seed + 1)
        assert state.encounter is not None  # it flew in to touch him
        assert "thorin" in state.encounter.positions["specter-1"].engaged
        thorin = state.party["thorin"]
        saves = [e for e in out["events"] if getattr(e, "check_type", "") == "saving_throw"]
        assert saves and saves[0].dc == 10
        dealt = out["result"]["attacks"][0]["damage"]
        if saves[0].success:
            assert thorin.vitals.max_hp == 60
            continue
        assert thorin.vitals.max_hp == 60 - dealt
        state.encounter = None
        run(state, "rest", kind="short")
        assert thorin.vitals.max_hp == 60 - dealt  # a short rest does not give it back
        run(state, "rest", kind="long")
        assert thorin.vitals.max_hp == 60
        return
    raise AssertionError("Thorin always saved")


def test_a_shadows_strength_drain_lowers_strength_until_a_rest() -> None:
    """SRD Shadow: Strength Drain lowers the target's Strength by 1d4 until it finishes a
    short or long rest."""
    state, out, _ = undead_hits("shadow", "strength_drain")
    thorin = state.party["thorin"]
    full = thorin.abilities.score(Ability.STR)
    assert full - 4 <= thorin.score(Ability.STR) <= full - 1
    assert any("Strength drops" in getattr(e, "description", "") for e in out["events"])
    state.encounter = None
    run(state, "rest", kind="short")
    assert thorin.score(Ability.STR) == full


def test_a_drain_past_the_whole_score_drains_it_to_nothing_and_no_further() -> None:
    """An author's drain of huge dice (``1000d1000``) takes the score to 0 — death — and the
    sheet keeps only that much drained: a count no save could hold is never written."""
    state, _, _ = undead_hits("shadow", "strength_drain")
    thorin = state.party["thorin"]
    key = next(k for k in thorin.resources if "str" in k)
    thorin.resources[key] = thorin.abilities.score(Ability.STR) - 1
    shadow = state.creatures["shadow-1"]
    action = next(a for a in state.monster(shadow.monster).actions if a.drains)
    drain_ability(
        state, "shadow-1", "thorin", action.model_copy(update={"drain_dice": "1000d1000"})
    )
    assert thorin.resources[key] == thorin.abilities.score(Ability.STR)
    CharacterSheet.model_validate(thorin.model_dump())  # (the sheet still loads)
