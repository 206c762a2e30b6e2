"""A creature's weapon attacks: the swings a weapon or a stat block gives (a character's
weapon held one way or another, an unarmed strike, a monster's multiattack, a druid's beast
form), one swing rolled and its damage dealt, and the opportunity attacks of leaving reach.

Below the tools that attack (``attack``, ``take_action``, a readied attack, a move away):
they all swing through here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from app.actions import beings as bg
from app.actions import position_tools as pt
from app.actions.beast_form import form_of, is_shaped
from app.actions.combat_options import Mode, character_attack, is_unarmed, unarmed_attack
from app.actions.events import ReactionOffer, SessionEvent
from app.actions.hooks import ExtraDamage
from app.actions.reactions import has_reaction, melee_reach, open_window, resolving
from app.actions.registry import ToolError
from app.actions.striking import setup_attack, strike
from app.world.state import GameState
from rules.damage import DamageType, LifeState
from rules.improvised import improvised_strike, is_improvised
from rules.srd import srd


@dataclass(frozen=True)
class Swing:
    """One attack a creature can make: what it is called, its bonus to hit, its damage
    (and a second damage a monster's attack may add), and whether it is made from afar."""

    name: str
    bonus: int
    damage: str
    damage_type: DamageType
    ranged: bool
    extra: tuple[str, DamageType] | None = None
    weapon: str | None = None
    """The weapon id (characters) or the action id (monsters)."""
    mode: Mode | None = None
    """How a character holds the weapon (two-handed, off hand, thrown)."""
    unarmed: bool = False
    """A blow within 5 feet made with no weapon of the tables: a fist, or an improvised
    weapon (a poker, a bone)."""


def swings_of(
    state: GameState, attacker: str, weapon: str | None, mode: Mode | None = None
) -> list[Swing]:
    """The attacks ``attacker`` makes with ``weapon`` (its default when ``None``) held in
    ``mode``: a character's weapon or unarmed strike, or a stat block's attack, every one of
    a multiattack; refused with a :class:`ToolError` when it has no such attack."""
    beast = form_of(state, attacker)
    if attacker in state.party and beast is None:
        sheet = state.party[attacker]
        weapons = [w for w in sheet.weapons if srd().weapons.get(w).damage]
        if is_unarmed(weapon) or (weapon is None and not weapons and mode is None):
            blow = unarmed_attack(sheet, mode)  # a punch, a kick: anyone can
            return [Swing(blow.name, blow.attack_bonus, blow.damage, blow.damage_type, False,
                           unarmed=True)]  # fmt: skip
        if is_improvised(weapon):  # a poker, a chair leg, a bone: anyone can swing one
            if mode is not None:
                raise ToolError("an improvised weapon is swung in one's hands, as it comes")
            blow = improvised_strike(sheet)
            return [Swing(blow.name, blow.attack_bonus, blow.damage, blow.damage_type, False,
                           unarmed=True)]  # fmt: skip
        if not weapons:
            raise ToolError(f"{sheet.name} carries no weapon; an unarmed_strike needs none")
        chosen = weapon or default_weapon(weapons, mode)
        if chosen not in sheet.weapons:
            raise ToolError(f"{sheet.name} has no {chosen!r}; weapons: {', '.join(sheet.weapons)}")
        grip = character_attack(state, attacker, chosen, mode)
        attack = grip.attack
        return [Swing(grip.name, attack.attack_bonus, attack.damage, attack.damage_type,
                       grip.ranged, weapon=chosen, mode=mode)]  # fmt: skip
    if mode is not None:
        raise ToolError("thrown, two-handed and off-hand attacks are for characters' weapons")
    creature = state.creatures.get(attacker)
    if beast is not None:  # a druid in Wild Shape attacks as the beast
        block, name = beast, state.name_of(attacker)
    elif creature is None or creature.monster is None:
        raise ToolError(f"{state.name_of(attacker)} has no stat block to attack with")
    else:
        block, name = state.monster(creature.monster), creature.name
    attacks = [act for act in block.actions if act.is_attack and act.damage]
    if not attacks:
        raise ToolError(f"{name} has no attacks")
    ids = list(block.multiattack) if weapon in (None, "multiattack") and block.multiattack else []
    if not ids:
        chosen_id = weapon or attacks[0].id
        if chosen_id not in {act.id for act in attacks}:
            raise ToolError(f"{name} has no attack {chosen_id!r}")
        ids = [chosen_id]
    swings = []
    acts = [block.action(action_id) for action_id in ids]
    if not any(a.to_hit is not None and a.damage and a.damage_type for a in acts):
        acts = [attacks[0]]  # a multiattack of saves alone ("spit, spit"): one plain attack
    for act in acts:
        if act.to_hit is None or act.damage is None or act.damage_type is None:
            continue
        extra = (
            (act.extra_damage, act.extra_damage_type)
            if act.extra_damage and act.extra_damage_type
            else None
        )
        swings.append(
            Swing(
                act.name,
                act.to_hit,
                act.damage,
                act.damage_type,
                act.kind == "ranged",
                extra,
                weapon=act.id,
            )
        )
    return swings


def default_weapon(weapons: list[str], mode: Mode | None) -> str:
    """The weapon meant when none is named: the first that suits the way of attacking
    (something to throw, a versatile weapon, the second light blade)."""
    table = srd().weapons
    if mode == "thrown":
        fits = [w for w in weapons if "thrown" in table.get(w).properties]
    elif mode == "two_handed":
        fits = [w for w in weapons if table.get(w).versatile]
    elif mode == "off_hand":
        light = [w for w in weapons if "light" in table.get(w).properties]
        fits = light[1:] or light
    else:
        fits = weapons
    return (fits or weapons)[0]


def withdraw(state: GameState, actor: str) -> list[SessionEvent]:
    """Leaving reach provokes an opportunity attack from every foe that can and will."""
    encounter = state.encounter
    assert encounter is not None
    if any(e.id == "disengaged" for e in bg.effects_of(state, actor)):
        return []
    name = state.name_of(actor)
    offers = []
    engaged = pt.reactors(state, actor)  # engaged foes whose reach it leaves
    for c in encounter.order:
        hostile = c.id in engaged
        if hostile and has_reaction(state, c.id) and melee_reach(state, c.id):
            prompt = f"{c.name}, {name} is leaving your reach. Make an opportunity attack?"
            offers.append(
                (
                    ReactionOffer(
                        reactor_id=c.id,
                        reactor_name=c.name,
                        kind="opportunity_attack",
                        prompt=prompt,
                    ),
                    True,
                )
            )
    if not offers:
        return []
    window, accepted = open_window(state, f"{name} leaves reach", offers)
    events: list[SessionEvent] = [window]
    for offer in accepted:
        if offer.kind != "opportunity_attack":
            continue  # words of the player's own: the DM adjudicates them
        if bg.vitals_of(state, actor).state is LifeState.DEAD:
            state.reactions.lapse(offer.subturn, f"{name} already fell")
            continue
        melee = [s for s in swings_of(state, offer.reactor_id, None) if not s.ranged]
        if melee:
            with resolving(state, offer.subturn):
                more, _ = swing_at(state, offer.reactor_id, actor, melee[0])
            events += more
    return events


def swing_at(
    state: GameState, attacker: str, target: str, swing: Swing, *, knock_out: bool = False
) -> tuple[list[SessionEvent], dict[str, Any]]:
    """One attack roll and, on a hit, its damage (``knock_out``: meant to subdue)."""
    setup = setup_attack(
        state, attacker, target, name=swing.name,
        kind="weapon" if attacker in state.party and not is_shaped(state, attacker) else "monster",
        ranged=swing.ranged,
        bonus=swing.bonus, weapon=swing.weapon,
    )  # fmt: skip
    setup.knock_out, setup.grip = knock_out, swing.mode
    damage = [ExtraDamage(swing.damage, swing.damage_type, f"{swing.name} damage")]
    if swing.extra:
        damage.append(ExtraDamage(swing.extra[0], swing.extra[1], f"{swing.name} damage"))
    events, result, _hit = strike(setup, damage)
    return events, result
