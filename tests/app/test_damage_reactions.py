"""Hellish Rebuke, Absorb Elements and Protection, alone and beside Shield and Uncanny
Dodge: who is offered what, in one window per event, answering once, resolved in timing
order (Protection before the roll; Shield, then Uncanny Dodge or Absorb Elements, then
Hellish Rebuke after the damage)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from app.actions import beings as bg
from app.actions.reactions import AskPolicy
from app.actions.rebuke import rebuke
from app.session.setup import session_for
from app.world.state import GameState
from rules.damage import DamageType
from rules.economy import ActionKind
from rules.srd import srd
from tests.app.test_reactions import cellar, run, turn_of


def caster_pair(seed: int) -> GameState:
    """The cellar fight with Aria (a wizard) and Mira made a second caster like her, both
    knowing Hellish Rebuke and Absorb Elements, and plenty of hit points to react with."""
    state = cellar(seed)
    aria = state.party["aria"]
    state.party["mira"] = aria.model_copy(deep=True, update={"id": "mira", "name": "Mira"})
    for cid in ("aria", "mira"):
        sheet = state.party[cid]
        sheet.spells[:] = ["fire_bolt", "hellish_rebuke", "absorb_elements"]
        sheet.vitals = sheet.vitals.model_copy(update={"hp": 60, "max_hp": 60})
    return state


def answering(state: GameState, answers: dict[str, str]) -> list[str]:
    """Players answer by name with their own words; returns the prompts they were asked."""
    asked: list[str] = []

    def ask(player: str, prompt: str, helps: bool) -> str:
        asked.append(prompt)
        who = next(n for n in answers if prompt.startswith(n))
        return answers[who]

    state.set_reaction_policy(AskPolicy(ask))
    return asked


def is_hp(event: object, cid: str | None = None) -> bool:
    """A change of hit points (of ``cid``, if given)."""
    kind = getattr(event, "kind", "")
    return kind == "hp" and (cid is None or getattr(event, "target_id", None) == cid)


def wyrmling(state: GameState, cid: str = "giant-rat-1") -> None:
    """A red dragon wyrmling in place of a rat: a fiery bite and a breath of fire."""
    creature = state.creatures[cid]
    creature.monster = "red_dragon_wyrmling"
    creature.vitals = creature.vitals.model_copy(update={"hp": 75, "max_hp": 75})


def test_the_spells_are_in_the_data_and_absorb_elements_is_marked_not_srd() -> None:
    rebuke = srd().spells.get("hellish_rebuke")
    assert (rebuke.level, rebuke.casting_time, rebuke.range_ft) == (1, "reaction", 60)
    assert (rebuke.save, rebuke.save_success, rebuke.damage, rebuke.upcast) == (
        "dex", "half", "2d10", "1d10",
    )  # fmt: skip
    assert rebuke.damage_type is DamageType.FIRE and rebuke.srd
    absorb = srd().spells.get("absorb_elements")
    assert absorb.casting_time == "reaction" and not absorb.srd
    assert {"druid", "ranger", "sorcerer", "wizard"} <= set(absorb.classes)


def bitten(seed_from: int, state_for, attacker: str = "giant-rat-1") -> tuple[GameState, dict]:
    """The first seed where ``attacker``'s bite hits Aria."""
    for seed in range(seed_from, seed_from + 200):
        state = state_for(seed)
        turn_of(state, attacker)
        out = run(state, "attack", attacker_id=attacker, target_id="aria")
        if out["events"][0].success if out["events"][0].type == "dice_roll" else False:
            return state, out
    raise AssertionError("no hit found")


def test_hellish_rebuke_answers_a_hit_after_its_damage() -> None:
    def setup(seed: int) -> GameState:
        state = caster_pair(seed)
        answering(state, {"Aria": "I rebuke the rat", "Mira": "no"})
        return state

    state, out = bitten(0, setup)
    events = out["events"]
    window = next(e for e in events if e.type == "reaction_window")
    offer = next(o for o in window.offers if o.accepted)
    assert (offer.kind, offer.subturn) == ("hellish_rebuke", f"{state.turn}.1")
    kinds = [type(e).__name__ for e in events]
    hurt_aria = next(i for i, e in enumerate(events) if is_hp(e, "aria"))
    save = next(i for i, e in enumerate(events) if getattr(e, "check_type", "") == "saving_throw")
    assert hurt_aria < save, kinds  # the flames answer the wound: after it
    assert events[save].character_id == "giant-rat-1"
    assert events[save].dc == state.party["aria"].spell_save_dc
    assert any(is_hp(e, "giant-rat-1") for e in events[save:])
    assert state.party["aria"].spell_slots.remaining(1) == 3
    assert state.reactions.get(offer.subturn).status == "done"
    rebuked = out["result"]["attacks"][0]["rebuke"]  # for the story, told with the blow
    assert rebuked["by"] == "aria" and rebuked["damage"] > 0
    # the story tells the damage the log tells, not only the hit points the rat had left
    told = next(e.description for e in events[save:] if is_hp(e, "giant-rat-1"))
    assert f" takes {rebuked['damage']} fire damage" in told, told


def test_hellish_rebuke_lapses_when_the_blow_knocks_the_caster_out() -> None:
    def setup(seed: int) -> GameState:
        state = caster_pair(seed)
        aria = state.party["aria"]
        aria.vitals = aria.vitals.model_copy(update={"hp": 1})
        answering(state, {"Aria": "hellish rebuke", "Mira": "no"})
        return state

    state, out = bitten(0, setup)
    window = next(e for e in out["events"] if e.type == "reaction_window")
    offer = next(o for o in window.offers if o.accepted)
    assert state.reactions.get(offer.subturn).status == "lapsed"
    assert state.party["aria"].spell_slots.remaining(1) == 4  # nothing spent
    assert bg.vitals_of(state, "giant-rat-1").hp == bg.vitals_of(state, "giant-rat-1").max_hp


def test_no_rebuke_for_a_foe_out_of_sight() -> None:
    from rules.conditions import ActiveCondition, Condition

    def setup(seed: int) -> GameState:
        state = caster_pair(seed)
        state.party["aria"].conditions.append(ActiveCondition(condition=Condition.BLINDED))
        return state

    _, out = bitten(0, setup)
    offers = [o.kind for e in out["events"] if e.type == "reaction_window" for o in e.offers]
    assert "hellish_rebuke" not in offers


def test_absorb_elements_halves_a_fiery_bite_and_charges_the_next_melee_hit() -> None:
    def setup(seed: int) -> GameState:
        state = caster_pair(seed)
        wyrmling(state)
        answering(state, {"Aria": "absorb elements", "Mira": "no"})
        return state

    state, out = bitten(0, setup)
    window = next(e for e in out["events"] if e.type == "reaction_window")
    assert {o.kind for o in window.offers} == {"absorb_elements", "hellish_rebuke"}
    fire = next(e for e in out["events"] if getattr(e, "check_type", "") == "damage"
                and e.formula.startswith("1d6"))  # fmt: skip
    fire_hp = [e for e in out["events"] if is_hp(e, "aria") and "fire" in e.description]
    assert fire_hp and "resist" in fire_hp[0].description
    assert f"takes {max(0, fire.total) // 2} fire" in fire_hp[0].description
    effects = {e.id for e in state.party["aria"].effects}
    assert {"absorb_elements", "absorbed_fire"} <= effects
    # Aria's turn: her first melee hit carries 1d6 fire; the charge is then spent
    for _ in range(20):
        turn_of(state, "aria")
        state.encounter.economy.pop("aria", None)
        hit = run(state, "attack", attacker_id="aria", target_id="giant-rat-2", weapon="dagger")
        if hit["events"] and any(getattr(e, "reason", "") == "Absorb Elements"
                                 for e in hit["events"]):  # fmt: skip
            break
    else:
        raise AssertionError("Aria never hit with the charge")
    assert not any(e.id.startswith("absorbed_") for e in state.party["aria"].effects)


def test_absorb_elements_is_offered_against_a_breath_and_several_answer_one_window() -> None:
    """A fire breath on two casters: one window asks each once; Aria absorbs (rank 3,
    before the damage), Mira rebukes (rank 5, after it) — numbered in that order even
    though Mira was asked second."""
    for seed in range(200):
        state = caster_pair(seed)
        wyrmling(state)
        asked = answering(state, {"Aria": "absorb", "Mira": "rebuke it"})
        turn_of(state, "giant-rat-1")
        out = run(state, "monster_action", creature_id="giant-rat-1", action="fire_breath",
                  target_ids=["aria", "mira"])  # fmt: skip
        saves = [e for e in out["events"] if getattr(e, "check_type", "") == "saving_throw"]
        if len(saves) >= 2 and all(not s.success for s in saves[:2]):
            break
    windows = [e for e in out["events"] if e.type == "reaction_window"]
    assert len(windows) == 1 and len(asked) == 2
    assert all("React?" in a and "Absorb Elements" in a and "Hellish Rebuke" in a for a in asked)
    taken = sorted((o.subturn, o.reactor_id, o.kind) for o in windows[0].offers if o.accepted)
    turn = state.turn
    assert taken == [
        (f"{turn}.1", "aria", "absorb_elements"),
        (f"{turn}.2", "mira", "hellish_rebuke"),
    ]
    aria, mira = state.party["aria"].vitals.hp, state.party["mira"].vitals.hp
    assert 60 - aria == (60 - mira) // 2  # the same breath, resisted by Aria
    # Mira's rebuke comes after the breath's damage
    events = out["events"]
    mira_hurt = next(i for i, e in enumerate(events) if is_hp(e, "mira"))
    rebuke_save = max(
        i for i, e in enumerate(events)
        if getattr(e, "character_id", "") == "giant-rat-1"
        and getattr(e, "check_type", "") == "saving_throw"
    )  # fmt: skip
    assert mira_hurt < rebuke_save


def protected(seed: int) -> GameState:
    state = caster_pair(seed)
    thorin = state.party["thorin"]
    thorin.choices["fighting_style"] = "protection"
    assert thorin.shield
    return state


def test_protection_imposes_disadvantage_before_the_roll() -> None:
    state = protected(1)
    asked = answering(state, {"Thorin": "yes", "Aria": "no", "Mira": "no"})
    turn_of(state, "giant-rat-1")
    out = run(state, "attack", attacker_id="giant-rat-1", target_id="aria")
    events = out["events"]
    assert events[0].type == "reaction_window"  # before the roll
    offer = events[0].offers[0]
    assert (offer.reactor_id, offer.kind, offer.accepted) == ("thorin", "protection", True)
    assert "Use Protection" in asked[0]
    roll = next(e for e in events if getattr(e, "check_type", "") == "attack_roll")
    # the rats' Pack Tactics gave advantage: Protection's disadvantage cancels it
    assert roll.advantage == "normal" and len(roll.dice) == 1
    assert "Thorin interposes (Protection)" in out["result"]["attacks"][0]["notes"]
    assert not state.encounter.economy["thorin"].available(ActionKind.REACTION)


def test_protection_needs_a_shield_a_place_beside_and_an_attack_not_already_hampered() -> None:
    state = protected(1)
    state.party["thorin"].shield = False
    turn_of(state, "giant-rat-1")
    out = run(state, "attack", attacker_id="giant-rat-1", target_id="aria")
    assert not any(o.kind == "protection" for e in out["events"] if e.type == "reaction_window"
                   for o in e.offers)  # fmt: skip
    # not beside anyone: near is 30 feet
    state = protected(1)
    where = state.encounter.positions
    for cid in list(where["thorin"].engaged):
        where[cid].engaged.pop("thorin", None)
    where["thorin"].engaged.clear()
    turn_of(state, "giant-rat-1")
    out = run(state, "attack", attacker_id="giant-rat-1", target_id="aria")
    assert not any(e.type == "reaction_window" and e.offers[0].kind == "protection"
                   for e in out["events"])  # fmt: skip
    # the attack already has disadvantage (Aria dodges): nothing to add
    state = protected(1)
    turn_of(state, "aria")
    run(state, "take_action", creature_id="aria", action="dodge")
    turn_of(state, "giant-rat-1")
    out = run(state, "attack", attacker_id="giant-rat-1", target_id="aria")
    assert not any(e.type == "reaction_window" and e.offers[0].kind == "protection"
                   for e in out["events"])  # fmt: skip


def test_protection_then_shield_then_rebuke_in_one_attack() -> None:
    """One bite at Aria: Thorin protects before the roll (subturn .1); the hit's window
    offers Aria Shield and Hellish Rebuke at once, and she answers once."""
    for seed in range(300):
        state = protected(seed)
        state.party["aria"].spells.append("shield")
        asked = answering(state, {"Thorin": "yes", "Aria": "shield", "Mira": "no"})
        turn_of(state, "giant-rat-1")
        out = run(state, "attack", attacker_id="giant-rat-1", target_id="aria")
        windows = [e for e in out["events"] if e.type == "reaction_window"]
        if len(windows) == 2:
            break
    else:
        raise AssertionError("no hit through Protection found")
    turn = state.turn
    assert windows[0].offers[0].subturn == f"{turn}.1"
    aria = [o for o in windows[1].offers if o.reactor_id == "aria"]
    assert {o.kind for o in aria} == {"shield", "hellish_rebuke"}
    assert [o.subturn for o in aria if o.accepted] == [f"{turn}.2"]
    assert sum(a.startswith("Aria") for a in asked) == 1
    assert "casts Shield or casts Hellish Rebuke" in next(a for a in asked if a.startswith("Aria"))


def test_a_fire_bolt_offers_shield_absorb_elements_and_rebuke_in_one_question() -> None:
    """A spell attack that hits: Shield (it would turn it), Absorb Elements (fire) and
    Hellish Rebuke are one question to Aria; she takes one, the others drop."""
    from app.actions.hooks import ExtraDamage
    from app.actions.striking import setup_attack, strike

    for seed in range(300):
        state = caster_pair(seed)
        state.party["aria"].spells.append("shield")
        asked = answering(state, {"Aria": "absorb elements", "Mira": "no", "Thorin": "no"})
        turn_of(state, "giant-rat-1")
        setup = setup_attack(state, "giant-rat-1", "aria", name="Fire Bolt", kind="spell",
                             ranged=True, bonus=4, spell="fire_bolt")  # fmt: skip
        events, result, hit = strike(setup, [ExtraDamage("1d10", DamageType.FIRE, "Fire Bolt")])
        if hit.hit and not hit.critical and hit.total < setup.ac + 5:
            break
    else:
        raise AssertionError("no hit Shield could turn")
    assert asked == [
        "Aria, Giant Rat 1 hits Aria. React? (casts Shield or casts Absorb Elements or "
        "casts Hellish Rebuke)"
    ]
    window = next(e for e in events if e.type == "reaction_window")
    assert [(o.kind, o.accepted) for o in window.offers] == [
        ("shield", False), ("hellish_rebuke", False), ("absorb_elements", True),
    ]  # fmt: skip
    assert result["outcome"] != "miss"
    fire = next(e for e in events if getattr(e, "kind", "") == "hp" and e.target_id == "aria")
    assert "resist" in fire.description


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10_000), slot=st.integers(1, 2))
def test_hellish_rebuke_deals_its_dice_by_slot_halved_on_a_save(seed: int, slot: int) -> None:
    """2d10 fire at 1st level, 1d10 more per level above; half (rounded down) on a
    successful Dexterity save — and the slot is the lowest one left."""
    state = caster_pair(seed)
    rat = state.creatures["giant-rat-1"]
    rat.vitals = rat.vitals.model_copy(update={"hp": 200, "max_hp": 200})
    slots = state.party["aria"].spell_slots
    while slot > 1 and slots.remaining(1):
        slots.spend(1)  # first-level slots gone: the rebuke goes up a level
    events = rebuke(state, "aria", "giant-rat-1")
    save = next(e for e in events if getattr(e, "check_type", "") == "saving_throw")
    dice = next(e for e in events if getattr(e, "check_type", "") == "damage")
    assert dice.formula.startswith(f"{slot + 1}d10")
    dealt = 200 - rat.vitals.hp
    assert dealt == (dice.total // 2 if save.success else dice.total)
    assert slots.remaining(slot) == slots.maximum[slot] - 1


async def test_a_hellish_rebuke_is_told_in_the_story_with_the_blow_it_answers() -> None:
    for seed in range(40):
        state = caster_pair(seed)
        state.set_reaction_policy(AskPolicy(lambda player, prompt, helps: "yes, rebuke it"))
        thorin = state.party["thorin"]  # down: the rats go for the casters
        thorin.vitals = thorin.vitals.model_copy(update={"hp": 0})
        turn_of(state, "giant-rat-1")
        session = session_for(state)
        async for _ in session.run_until_players():
            pass
        story = " ".join(turn.narrative for turn in session.state.history)
        if "Hellish Rebuke" in story:
            assert "answers with Hellish Rebuke: flames wreathe Giant Rat" in story
            return
    raise AssertionError("no seed where a rat's bite was rebuked")


async def test_a_rebuke_answering_a_foes_breath_or_retch_is_told_too() -> None:
    """Wren's Hellish Rebuke answering a thrall's Brine Retch killed it, and the story
    said nothing of it (only the dice log did): it is told, and the fall with it."""
    from tests.referee_corpus import Situation, build_situation

    spec = {"campaign": "drowned_bell", "scene": "strand", "fight": "strand_thralls",
            "turn": "drowned-thrall-1"}  # fmt: skip
    for seed in range(60):
        state = build_situation(Situation.model_validate(spec))
        state.rng.seed(seed)
        state.set_reaction_policy(AskPolicy(lambda player, prompt, helps: "yes, rebuke it"))
        session = session_for(state)
        async for _ in session.run_until_players():
            pass
        story = " ".join(turn.narrative for turn in session.state.history)
        if "retch" in story and any("Hellish Rebuke" in r for t in session.state.history
                                    for r in t.rolls):  # fmt: skip
            assert "answers with Hellish Rebuke: flames wreathe Drowned Thrall" in story
            return
    raise AssertionError("no seed where a retch was rebuked")
