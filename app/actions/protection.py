"""The Protection fighting style: when a creature the protector can see attacks someone
else within 5 feet of the protector, the protector may use its reaction to impose
disadvantage on that attack roll. It needs a shield in hand.

Within 5 feet, in our theatre-of-the-mind positions (:mod:`rules.positions`): the protector
stands next to the target (engaged with it — "moves next to Mira"), or both the protector
and the target are engaged with the attacker (one melee around it). Creatures merely near
each other are 30 feet apart: too far to interpose.

The window opens **before** the roll, and only where it would matter: an attack that
already has disadvantage from anything is left alone (disadvantage does not stack).
"""

from __future__ import annotations

from app.actions import position_tools as pt
from app.actions.events import ReactionOffer, ReactionWindow
from app.actions.hooks import AttackSetup
from app.actions.reactions import has_reaction, open_window, resolving
from app.actions.rebuke import sees
from app.world.state import GameState
from rules import positions as p


def protects(state: GameState, protector: str, attacker: str, target: str) -> bool:
    """Whether ``protector`` could impose disadvantage on ``attacker``'s roll at
    ``target``: the fighting style and a shield, an ally of the target within 5 feet of it,
    a foe of the attacker it can see, and its reaction free."""
    sheet = state.party.get(protector)
    if sheet is None or protector in (attacker, target):
        return False
    if sheet.choices.get("fighting_style") != "protection" or not sheet.shield:
        return False
    if pt.hostile(state, protector, target) or not pt.hostile(state, protector, attacker):
        return False
    where = pt.spots(state)
    beside = p.spot(where, protector).engaged.get(target) == p.MELEE_FT
    around = {protector, target} <= set(p.spot(where, attacker).engaged)
    if not (beside or around):
        return False
    return sees(state, protector, attacker) and has_reaction(state, protector)


def protection_window(setup: AttackSetup) -> ReactionWindow | None:
    """The window before an attack roll: allies with Protection may impose disadvantage.
    Adds ``Protection`` to the setup's disadvantage when one is taken. ``None`` when nobody
    could react."""
    state, attacker, target = setup.state, setup.attacker, setup.target
    encounter = state.encounter
    if encounter is None:
        return None
    foe, name = state.name_of(attacker), state.name_of(target)
    offers: list[tuple[ReactionOffer, bool]] = []
    for c in encounter.order:
        if protects(state, c.id, attacker, target):
            prompt = f"{c.name}, {foe} attacks {name} beside you. Use Protection (disadvantage)?"
            offers.append(
                (ReactionOffer(reactor_id=c.id, reactor_name=c.name, kind="protection",
                               prompt=prompt), True)
            )  # fmt: skip
    if not offers:
        return None
    window, accepted = open_window(state, f"{foe} attacks {name}", offers)
    for offer in accepted:
        if offer.kind == "protection":
            with resolving(state, offer.subturn):
                if "Protection" not in setup.disadvantage:
                    setup.disadvantage.append("Protection")
                setup.notes.append(f"{offer.reactor_name} interposes (Protection)")
                state.record("encounter", f"{offer.reactor_name} uses Protection for {name}")
    return window
