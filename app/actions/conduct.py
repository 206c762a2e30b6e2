"""Who may act, and what acting sets off: incapacitation, charm, invisibility and magical
sleep, as rules of play (:mod:`app.actions.hooks`).

- An incapacitated creature (stunned, paralysed, asleep, unconscious, at 0 HP) takes no
  actions and no reactions: :func:`app.actions.beings.why_cannot_act` is the one
  question every tool asks, and this rule answers it.
- A charmed creature will not attack its charmer; Charm Person ends once the caster or
  the caster's companions harm the charmed creature.
- An invisible creature made so by the Invisibility spell becomes visible when it attacks
  or casts a spell.
- Damage wakes a creature put to sleep by the Sleep spell.
"""

from __future__ import annotations

from app.actions import beings as bg
from app.actions import harm as hm
from app.actions.events import SessionEvent, StateChange
from app.actions.hooks import AttackSetup, Rule
from app.world.companions import side_of
from app.world.state import GameState
from rules.attacks import AttackResult
from rules.conditions import Condition, can_act, may_target
from rules.damage import DamageResult, LifeState

CHARM_PERSON = "Charm Person"
"""The note Charm Person carries on its charmed condition."""
SLEEP = "Sleep"
"""The note magical sleep carries on its unconscious condition."""
INVISIBILITY = "Invisibility"
"""The note the Invisibility spell carries on its condition."""


def may_react(state: GameState, cid: str) -> bool:
    """Able to take a reaction at all: not incapacitated, and still in the fight (a foe that
    surrendered or fled makes no opportunity attacks)."""
    creature = state.creatures.get(cid)
    if creature is not None and creature.left:
        return False
    return bg.why_cannot_act(state, cid) is None


class Incapacitation(Rule):
    """No actions and no reactions for the dead, the dying, the unconscious and the
    incapacitated (stunned, paralysed, petrified, asleep)."""

    name = "incapacitation"

    def cannot_act(self, state: GameState, cid: str) -> str | None:
        vitals = bg.vitals_of(state, cid)
        name = state.name_of(cid)
        if vitals.state is LifeState.DEAD:
            return f"{name} is dead"
        if vitals.hp == 0:
            return f"{name} is unconscious"
        for active in bg.conditions_of(state, cid):
            if not can_act([active]):
                state_word = "asleep" if active.note == SLEEP else active.condition.value
                return f"{name} is {state_word}"
        return None


class Charm(Rule):
    """A charmed creature cannot attack the one who charmed it; Charm Person ends when its
    caster or a companion of the caster deals the charmed creature damage (SRD)."""

    name = "charm"

    def refuse_attack(self, state: GameState, attacker: str, target: str) -> str | None:
        if may_target(bg.conditions_of(state, attacker), target) is None:
            return None
        who, charmer = state.name_of(attacker), state.name_of(target)
        return f"{who} is charmed by {charmer} and will not attack them"

    def after_damage(
        self, state: GameState, target: str, result: DamageResult, source: str | None
    ) -> list[SessionEvent]:
        if source is None or result.damage.amount <= 0:
            return []
        conditions = bg.conditions_of(state, target)
        broken = [
            c for c in conditions
            if c.condition is Condition.CHARMED and c.note == CHARM_PERSON and c.source
            and (c.source == source or side_of(state, c.source) == side_of(state, source))
        ]  # fmt: skip
        if not broken:
            return []
        conditions[:] = [c for c in conditions if c not in broken]
        text = (
            f"{state.name_of(target)} is no longer charmed: {state.name_of(source)} harmed "
            "them (Charm Person ends)"
        )
        state.record("condition", text, who=target)
        return [StateChange(kind="condition", target_id=target, description=text)]


def end_invisibility(state: GameState, cid: str, why: str) -> list[SessionEvent]:
    """The Invisibility spell on ``cid`` ends (it attacked or cast a spell); so does the
    caster's concentration on it, when it was cast by someone concentrating."""
    conditions = bg.conditions_of(state, cid)
    spell_made = [
        c for c in conditions if c.condition is Condition.INVISIBLE and c.note == INVISIBILITY
    ]
    if not spell_made:
        return []
    events: list[SessionEvent] = []
    for active in spell_made:
        caster = state.party.get(active.source or "")
        if caster is not None and caster.concentration == "invisibility":
            events += hm.end_concentration(state, caster.id, why)
    conditions[:] = [c for c in conditions if c not in spell_made]
    text = f"{state.name_of(cid)} is visible again ({why})"
    state.record("condition", text, who=cid)
    events.append(StateChange(kind="condition", target_id=cid, description=text))
    return events


class Invisibility(Rule):
    """Attacking (or casting a spell) ends the Invisibility spell."""

    name = "invisibility"

    def after_attack(self, setup: AttackSetup, hit: AttackResult) -> list[SessionEvent]:
        return end_invisibility(setup.state, setup.attacker, "attacked")

    def after_cast(self, state: GameState, caster: str, spell: str) -> list[SessionEvent]:
        return end_invisibility(state, caster, "cast a spell")


def wake(state: GameState, cid: str, why: str) -> list[SessionEvent]:
    """A creature in magical sleep wakes up."""
    conditions = bg.conditions_of(state, cid)
    asleep = [c for c in conditions if c.condition is Condition.UNCONSCIOUS and c.note == SLEEP]
    if not asleep:
        return []
    conditions[:] = [c for c in conditions if c not in asleep]
    text = f"{state.name_of(cid)} wakes up ({why})"
    state.record("condition", text, who=cid)
    return [StateChange(kind="condition", target_id=cid, description=text)]


class MagicalSleep(Rule):
    """Damage wakes a creature the Sleep spell put under."""

    name = "sleep"

    def after_damage(
        self, state: GameState, target: str, result: DamageResult, source: str | None
    ) -> list[SessionEvent]:
        if result.damage.amount <= 0 or result.vitals.state is LifeState.DEAD:
            return []
        return wake(state, target, "hurt")
