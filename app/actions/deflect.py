"""Deflect Missiles (monk 3rd level, SRD 5.1): "You can use your reaction to deflect or
catch the missile when you are hit by a ranged weapon attack. When you do so, the damage you
take from the attack is reduced by 1d10 + your Dexterity modifier + your monk level. If you
reduce the damage to 0, you can catch the missile if it is small enough for you to hold in
one hand and you have at least one hand free."

Offered in the window of a ranged weapon hit (a monster's too, never a spell attack) to a
monk with the feature and its reaction free; the player answers "deflect it" or "catch the
arrow". The reduction is rolled before the damage lands. (Throwing a caught missile back
for 1 ki point is left to the DM's ruling.)"""

from __future__ import annotations

from app.actions.events import DiceRoll, ReactionOffer, SessionEvent
from app.actions.reactions import has_reaction
from app.world.state import GameState
from rules.abilities import Ability
from rules.damage import DamageType
from rules.dice import roll

FEATURE = "deflect_missiles"


def deflect_offer(
    state: GameState, target: str, attacker: str, ranged_weapon: bool
) -> tuple[ReactionOffer, bool] | None:
    """The offer to a monk hit by a ranged weapon attack, with its reaction free."""
    sheet = state.party.get(target)
    if not ranged_weapon or sheet is None or not sheet.has(FEATURE):
        return None
    if not has_reaction(state, target):
        return None
    name, foe = state.name_of(target), state.name_of(attacker)
    prompt = f"{name}, {foe}'s missile hits you. Use Deflect Missiles to knock it aside?"
    return ReactionOffer(reactor_id=target, reactor_name=name, kind=FEATURE, prompt=prompt), True


def deflection(state: GameState, cid: str) -> tuple[int, list[SessionEvent]]:
    """The monk deflects: how much damage is taken off (1d10 + DEX + monk level), and its
    roll for the dice log."""
    sheet = state.party[cid]
    bonus = sheet.modifier(Ability.DEX) + sheet.level
    rolled = roll(f"1d10+{bonus}", state.rng)
    event = DiceRoll.from_roll(rolled, check_type="roll", reason="Deflect Missiles",
                               character_id=cid, character_name=sheet.name)  # fmt: skip
    return max(0, rolled.total), [event]


def reduced(totals: dict[DamageType, int], cut: int) -> dict[DamageType, int]:
    """The blow's damage by type with ``cut`` taken off the whole of it (never below 0)."""
    left = dict(totals)
    for kind in list(left):
        taken = min(cut, max(0, left[kind]))
        left[kind] -= taken
        cut -= taken
    return left
