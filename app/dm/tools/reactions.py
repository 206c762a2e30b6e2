"""Reaction windows: after a trigger (an attack hits, a creature leaves reach) every
creature that may react is asked; "no" answers drop out; each "yes" becomes a sibling
subturn (``7.1``, ``7.2`` …) resolved in initiative order, then the parent action resumes.

Who answers is a :class:`ReactionPolicy`: the console asks the players; monsters and
headless play use :class:`AutoPolicy`, which reacts when it helps.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from app.dm.events import ReactionOffer, ReactionWindow
from app.dm.tools import executors as x
from app.dm.tools.conduct import may_react
from app.world.state import GameState
from rules.economy import ActionKind
from rules.effects import Effect, blocks_reactions, with_effect
from rules.srd import srd


class ReactionPolicy(Protocol):
    """Decides whether a creature takes an offered reaction."""

    def choose(self, state: GameState, offer: ReactionOffer, *, helps: bool) -> bool:
        """``helps``: the engine's own judgement (Shield would turn this hit into a miss)."""
        ...


class AutoPolicy:
    """Reacts whenever it helps: Shield only if it turns the hit into a miss, every
    opportunity attack, Uncanny Dodge on every hit."""

    def choose(self, state: GameState, offer: ReactionOffer, *, helps: bool) -> bool:
        return helps


class AskPolicy(AutoPolicy):
    """Asks a player about their own characters' reactions; monsters and companions decide
    automatically. ``ask(player, prompt, helps)`` puts the question to ``player`` (the
    console reads a line, the full-screen game shows a dialog) and returns the answer."""

    def __init__(self, ask: Callable[[str, str, bool], bool]) -> None:
        self.ask = ask

    def choose(self, state: GameState, offer: ReactionOffer, *, helps: bool) -> bool:
        player = state.controller_of(offer.reactor_id) if offer.reactor_id in state.party else None
        if player:
            return self.ask(player, offer.prompt, helps)
        return helps


def _policy(state: GameState) -> ReactionPolicy:
    policy = state.reaction_policy
    return policy if policy is not None else AutoPolicy()


def has_reaction(state: GameState, cid: str) -> bool:
    """In the fight, able to act (not incapacitated, not surrendered or fled), not barred
    from reacting by an effect, and its reaction not yet spent this round."""
    if state.encounter is None or not may_react(state, cid):
        return False
    if blocks_reactions(x.effects_of(state, cid)):
        return False  # surprised, or a Shocking Grasp
    return x.economy_of(state, cid).available(ActionKind.REACTION)


SHIELD_AC = 5
"""What the Shield spell adds to armour class."""


def shield_slot(state: GameState, cid: str) -> int | None:
    """The lowest slot a character could spend on Shield, if it knows the spell and has no
    Shield up already."""
    sheet = state.party.get(cid)
    if sheet is None or "shield" not in sheet.spells or shielded(state, cid):
        return None
    return next((lv for lv in range(1, 10) if sheet.spell_slots.remaining(lv) > 0), None)


def shielded(state: GameState, cid: str) -> bool:
    """Whether the Shield spell is up on ``cid``."""
    return any(e.id == "shield" for e in x.effects_of(state, cid))


def raise_shield(state: GameState, cid: str) -> None:
    """``cid`` casts Shield as its reaction (already spent): the lowest slot goes, and it
    has +5 AC (and takes no damage from Magic Missile) until the start of its next turn."""
    slot = shield_slot(state, cid)
    sheet = state.party[cid]
    assert slot is not None
    sheet.spell_slots.spend(slot)
    effects = x.effects_of(state, cid)
    effects[:] = with_effect(
        effects,
        Effect(id="shield", name="Shielded", source=cid, ac_bonus=SHIELD_AC,
               ends="start_of_own_turn", rounds=1, note="no damage from Magic Missile"),
    )  # fmt: skip
    state.record("condition", f"{sheet.name} casts Shield (+5 AC until their next turn)")


def open_window(
    state: GameState, trigger: str, offers: list[tuple[ReactionOffer, bool]]
) -> tuple[ReactionWindow, list[ReactionOffer]]:
    """Ask every offer's creature (in initiative order); return the window event and the
    accepted offers with their subturn numbers."""
    encounter = state.encounter
    rank = {c.id: i for i, c in enumerate(encounter.order)} if encounter else {}
    ordered = sorted(
        enumerate(offers), key=lambda pair: (rank.get(pair[1][0].reactor_id, 99), pair[0])
    )
    policy = _policy(state)
    decided: list[ReactionOffer] = []
    accepted: list[ReactionOffer] = []
    for _, (offer, helps) in ordered:
        if not has_reaction(state, offer.reactor_id):
            continue  # spent by an earlier answer in this window
        if policy.choose(state, offer, helps=helps):
            taken = offer.model_copy(
                update={"accepted": True, "subturn": f"{state.turn}.{len(accepted) + 1}"}
            )
            accepted.append(taken)
            x.economy_of(state, offer.reactor_id).spend(ActionKind.REACTION)
            decided.append(taken)
        else:
            decided.append(offer)
    return ReactionWindow(trigger=trigger, offers=decided), accepted


def melee_reach(state: GameState, cid: str) -> bool:
    """Whether a creature can make an opportunity attack (it has a melee attack)."""
    if cid in state.party:
        return any(srd().weapons.get(w).kind == "melee" for w in state.party[cid].weapons)
    creature = state.creatures[cid]
    if creature.monster is None:
        return False
    block = state.monster(creature.monster)
    return any(a.kind in ("melee", "melee_or_ranged") and a.damage for a in block.actions)
