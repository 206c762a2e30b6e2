"""Reactions to being damaged: Hellish Rebuke (flames answer a creature that hurt you) and
Absorb Elements (you take in some of an elemental blow and carry it into your next swing).

Both are offered in the window of the event that deals the damage — beside Shield and
Uncanny Dodge on a hit, and to every creature a saving-throw spell is about to hurt — so a
creature is asked once with all it could do. Absorb Elements resolves as the damage lands
(its resistance counts against the triggering damage); Hellish Rebuke after it, and only
if the damage was dealt and the rebuker can still act.
"""

from __future__ import annotations

import re

from app.actions import beings as bg
from app.actions import harm as hm
from app.actions import position_tools as pt
from app.actions import rolling as rl
from app.actions.events import DiceRoll, ReactionOffer, SessionEvent, StateChange
from app.actions.hooks import AttackSetup, ExtraDamage, Rule
from app.actions.reactions import has_reaction, open_window, resolving
from app.actions.spell_caster import caster_profile
from app.world.state import GameState
from rules import positions as p
from rules.abilities import Ability
from rules.attacks import AttackResult
from rules.conditions import Condition
from rules.damage import DamageType, LifeState
from rules.dice import Advantage, roll
from rules.effects import Effect, with_effect
from rules.spellcasting import SpellSlots, spell_save_dc
from rules.srd import srd

ELEMENTS = frozenset(
    {DamageType.ACID, DamageType.COLD, DamageType.FIRE, DamageType.LIGHTNING, DamageType.THUNDER}
)
"""The damage types Absorb Elements takes in."""

REBUKE_RANGE_FT = 60


def sees(state: GameState, viewer: str, seen: str) -> bool:
    """Whether ``viewer`` can see ``seen``: it is not blinded and ``seen`` is not invisible."""
    if Condition.BLINDED in {c.condition for c in bg.conditions_of(state, viewer)}:
        return False
    return Condition.INVISIBLE not in {c.condition for c in bg.conditions_of(state, seen)}


def _slots(state: GameState, cid: str, spell: str) -> SpellSlots | None:
    """The slots ``cid`` would spend on ``spell``, if it knows it (a character's sheet read
    directly: this is asked for every creature in every window)."""
    sheet = state.party.get(cid)
    if sheet is not None:
        return sheet.spell_slots if spell in sheet.spells else None
    profile = caster_profile(state, cid)
    return profile.slots if profile is not None and spell in profile.spells else None


INFERNAL = "infernal_legacy"
INFERNAL_LEVEL = 2
"""SRD (Infernal Legacy): from 3rd level a tiefling casts Hellish Rebuke as a 2nd-level
spell once per long rest, with Charisma, needing no slot."""


def _innate(state: GameState, cid: str, spell: str) -> bool:
    """Whether ``cid`` has its Infernal Legacy's Hellish Rebuke to cast now."""
    sheet = state.party.get(cid)
    return (
        spell == "hellish_rebuke"
        and sheet is not None
        and sheet.has(INFERNAL)
        and sheet.uses_left(INFERNAL) > 0
    )


def _slot(state: GameState, cid: str, spell: str) -> int | None:
    """The lowest slot ``cid`` could spend on ``spell`` (a 1st-level spell it knows); a
    tiefling's Infernal Legacy casts Hellish Rebuke at 2nd level without one."""
    if _innate(state, cid, spell):
        return INFERNAL_LEVEL
    slots = _slots(state, cid, spell)
    if slots is None:
        return None
    return next((lv for lv in range(1, 10) if slots.remaining(lv) > 0), None)


def _offer(cid: str, name: str, kind: str, prompt: str) -> tuple[ReactionOffer, bool]:
    return ReactionOffer(reactor_id=cid, reactor_name=name, kind=kind, prompt=prompt), True


def rebuke_offer(
    state: GameState, target: str, source: str | None
) -> tuple[ReactionOffer, bool] | None:
    """Hellish Rebuke for ``target`` about to be damaged by ``source``: a foe it can see
    within 60 feet, a slot left, its reaction free."""
    if source is None or source == target or state.encounter is None:
        return None
    if not pt.hostile(state, target, source) or source not in pt.present(state):
        return None
    if p.distance(pt.spots(state), target, source) > REBUKE_RANGE_FT:
        return None
    if not sees(state, target, source) or not has_reaction(state, target):
        return None
    if _slot(state, target, "hellish_rebuke") is None:
        return None
    name, foe = state.name_of(target), state.name_of(source)
    if _immune_to_fire(state, source):  # asked, never taken for the player: it cannot help
        prompt = (f"{name}, {foe} hurts you — but {foe} is immune to fire: Hellish Rebuke "
                  "would do it no harm. Cast it anyway?")  # fmt: skip
        return ReactionOffer(reactor_id=target, reactor_name=name, kind="hellish_rebuke",
                             prompt=prompt), False  # fmt: skip
    return _offer(target, name, "hellish_rebuke",
                  f"{name}, {foe} hurts you. Cast Hellish Rebuke at {foe}?")  # fmt: skip


def _immune_to_fire(state: GameState, cid: str) -> bool:
    """Hellish Rebuke's flames cannot harm ``cid`` (a fire elemental, a red dragon, an imp)."""
    sheet = state.party.get(cid)
    defenses = sheet.defenses if sheet is not None else state.creatures[cid].defenses
    return DamageType.FIRE in defenses.immunities


def absorb_offer(
    state: GameState, target: str, types: set[DamageType], source: str | None
) -> tuple[ReactionOffer, bool] | None:
    """Absorb Elements for ``target`` about to take damage of ``types``: one of them acid,
    cold, fire, lightning or thunder, a slot left, its reaction free."""
    elements = sorted(t.value for t in types & ELEMENTS)
    if not elements or state.encounter is None or not has_reaction(state, target):
        return None
    if _slot(state, target, "absorb_elements") is None:
        return None
    name = state.name_of(target)
    what = f"{state.name_of(source)}'s " if source else ""
    prompt = f"{name}, {what}{elements[0]} is about to hit you. Cast Absorb Elements?"
    return _offer(target, name, "absorb_elements", prompt)


def absorb(state: GameState, cid: str, types: set[DamageType]) -> list[str]:
    """``cid`` casts Absorb Elements (its reaction is already spent): the lowest slot goes;
    it resists the triggering element until the start of its next turn, and its first
    melee hit on its next turn deals 1d6 of it more (per slot level). Returns the types."""
    slot = _slot(state, cid, "absorb_elements")
    element = sorted(types & ELEMENTS, key=lambda t: t.value)[:1]
    slots = _slots(state, cid, "absorb_elements")
    if slot is None or not element or slots is None:
        return []
    slots.spend(slot)
    kind = element[0]
    effects = bg.effects_of(state, cid)
    effects[:] = with_effect(
        effects,
        Effect(id="absorb_elements", name=f"Absorbing {kind.value}", source=cid,
               resist=frozenset({kind}), ends="start_of_own_turn", rounds=1),
    )  # fmt: skip
    effects[:] = with_effect(
        effects,
        Effect(id=f"absorbed_{kind.value}", name=f"Absorbed {kind.value}", source=cid,
               level=slot, ends="end_of_own_turn", rounds=1,
               note=f"first melee hit next turn: +{slot}d6 {kind.value}"),
    )  # fmt: skip
    state.record("condition", f"{state.name_of(cid)} casts Absorb Elements ({kind.value})", who=cid)
    return [kind.value]


def rebuke(state: GameState, caster: str, target: str) -> list[SessionEvent]:
    """``caster`` answers ``target``'s blow with Hellish Rebuke (its reaction already
    spent): the lowest slot goes; ``target`` makes a Dexterity save against the caster's
    spell DC, taking 2d10 fire (1d10 more per slot level above 1st), half on a success.
    The caster must still be up and the target still there: else it lapses unspent."""
    profile = caster_profile(state, caster)
    slot = _slot(state, caster, "hellish_rebuke")
    innate = _innate(state, caster, "hellish_rebuke")
    if (profile is None and not innate) or slot is None or bg.why_cannot_act(state, caster):
        return []
    if bg.vitals_of(state, target).state is LifeState.DEAD:
        return []
    name, foe = state.name_of(caster), state.name_of(target)
    if innate:  # Infernal Legacy: once a long rest, Charisma, no slot
        sheet = state.party[caster]
        sheet.resources[INFERNAL] = sheet.resources.get(INFERNAL, 0) + 1
        dc = spell_save_dc(sheet.proficiency_bonus, sheet.modifier(Ability.CHA))
        state.record("roll", f"{name} casts Hellish Rebuke at {foe} (Infernal Legacy)")
    else:
        assert profile is not None
        profile.slots.spend(slot)
        dc = profile.dc
        state.record("roll", f"{name} casts Hellish Rebuke at {foe} (level {slot} slot)")
    saved = rl.check_for(
        state, target, dc, "Hellish Rebuke", Advantage.NORMAL,
        ability=_rebuke_save(), save=True, source=caster, spell="hellish_rebuke",
    )  # fmt: skip
    events: list[SessionEvent] = [rl.roll_event(state, target, saved)]
    rolled = roll(f"{slot + 1}d10", state.rng)
    events.append(
        DiceRoll.from_roll(
            rolled, check_type="damage", reason="Hellish Rebuke damage", character_id=caster,
            character_name=name,
        )
    )  # fmt: skip
    amount = max(0, rolled.total) // (2 if saved.success else 1)
    more, _ = hm.deal_damage(state, target, amount, DamageType.FIRE, source=caster)
    return events + more


def _rebuke_save() -> Ability:
    """The ability Hellish Rebuke's save uses (from the spell's data)."""
    save = srd().spells.get("hellish_rebuke").save
    assert save is not None
    return save


class AbsorbedStrike(Rule):
    """The first melee hit on the turn after Absorb Elements carries the absorbed element."""

    name = "absorb_elements"

    def damage_on_hit(self, setup: AttackSetup, hit: AttackResult) -> list[ExtraDamage]:
        state, attacker = setup.state, setup.attacker
        encounter = state.encounter
        if setup.ranged or encounter is None or encounter.current.id != attacker:
            return []
        effects = bg.effects_of(state, attacker)
        charge = next((e for e in effects if e.id.startswith("absorbed_")), None)
        if charge is None:
            return []
        effects.remove(charge)
        kind = DamageType(charge.id.removeprefix("absorbed_"))
        return [ExtraDamage(f"{max(1, charge.level)}d6", kind, "Absorb Elements")]


def rebuke_told(
    state: GameState, rebuker: str, foe: str, events: list[SessionEvent]
) -> dict[str, object]:
    """What a narrator is told of a Hellish Rebuke just resolved (``events``, at ``foe``):
    who cast it, the damage the foe took as the log tells it ("takes 12 fire damage": the
    roll, halved on a save, after resistance — not only the hit points it had left), and
    how the foe fell, if it did."""
    hurt = (
        e for e in events if isinstance(e, StateChange) and e.kind == "hp" and e.target_id == foe
    )
    taken = next((m for e in hurt if (m := _TAKES.search(e.description))), None)
    after = bg.vitals_of(state, foe)
    return {"by": rebuker, "damage": int(taken.group(1)) if taken else 0,
            "fell": after.state.value if after.hp <= 0 else ""}  # fmt: skip


_TAKES = re.compile(r" takes (\d+) ")
"""The damage a hit-point change tells (:func:`app.actions.harm.deal_damage`)."""


def rebuke_after(
    state: GameState, offer: ReactionOffer | None, rebuker: str, foe: str, dealt: int
) -> list[SessionEvent]:
    """Resolve a Hellish Rebuke taken in a window, once the damage has landed: it needs
    damage actually dealt, and a rebuker still able to cast (one knocked out lapses)."""
    if offer is None:
        return []
    if dealt <= 0:
        state.reactions.lapse(offer.subturn, "no damage was dealt")
        return []
    with resolving(state, offer.subturn):
        events = rebuke(state, rebuker, foe)
        if not events:
            state.reactions.lapse(offer.subturn, f"{state.name_of(rebuker)} could not cast it")
    return events


def damage_window(
    state: GameState, source: str | None, landing: dict[str, int], damage_type: DamageType,
    what: str,
) -> tuple[list[SessionEvent], list[ReactionOffer]]:  # fmt: skip
    """The one window of damage about to land on several creatures at once (a Fireball, a
    dragon's breath): ``landing`` is the damage each will take. Each may cast Absorb
    Elements (resolved now, before the damage) or Hellish Rebuke at ``source`` (returned,
    to resolve with :func:`rebuke_after` once the damage has landed)."""
    offers: list[tuple[ReactionOffer, bool]] = []
    for target, amount in landing.items():
        if amount <= 0:
            continue
        offers += [o for o in (absorb_offer(state, target, {damage_type}, source),
                               rebuke_offer(state, target, source)) if o]  # fmt: skip
    if not offers:
        return [], []
    window, accepted = open_window(state, what, offers)
    later = []
    for offer in accepted:
        if offer.kind == "absorb_elements":
            with resolving(state, offer.subturn):
                absorb(state, offer.reactor_id, {damage_type})
        elif offer.kind == "hellish_rebuke":
            later.append(offer)
    return [window], later
