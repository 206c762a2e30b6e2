"""What the side panels show, as plain frozen data read off the state in one go.

A turn runs off the UI thread; the front end never reads the live state while the DM is
working. Instead the runner takes a :class:`Panels` snapshot after each mechanical event
and hands it over with the event, so every panel always shows one consistent moment.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from app.actions.encounter_view import combat_update
from app.actions.events import CombatUpdate
from app.dm.safety import Topics, veil_event, veil_text, veil_view
from app.world.companions import travelling
from app.world.readied import readied_line
from app.world.state import GameState
from rules.character import CharacterSheet
from rules.damage import LifeState
from rules.economy import ActionKind
from rules.features import feature
from rules.srd import srd


class _View(BaseModel):
    model_config = ConfigDict(frozen=True)


class PartyMember(_View):
    """One character in the party panel."""

    id: str
    name: str
    player: str | None = None
    hp: int
    max_hp: int
    temp_hp: int = 0
    ac: int
    life: str = "alive"
    """``alive``, ``dying``, ``stable`` or ``dead``."""
    death_saves: tuple[int, int] = (0, 0)
    """Successes and failures while dying."""
    conditions: list[str] = Field(default_factory=list)
    slots: list[tuple[int, int, int]] = Field(default_factory=list)
    """(level, remaining, maximum) for each slot level the character has."""
    features: list[tuple[str, int, int]] = Field(default_factory=list)
    """(name, uses left, uses between rests) for each limited feature (Second Wind,
    Rage, Lay on Hands' pool)."""
    concentration: str | None = None
    """The spell held by concentration, by name."""
    companion: bool = False
    """Run by the DM since its player left."""
    shielded: bool = False
    """Has Shield up: its AC is 5 higher until its next turn (``ac`` is without it)."""


class OpenWindow(_View):
    """A reaction window open now: what it answers, and who is being asked."""

    trigger: str
    asking: str = ""


class PendingReaction(_View):
    """A reaction declared and not yet resolved: ``7.1 Mira: “I duck behind the table”``."""

    subturn: str
    reactor_name: str
    what: str
    status: str
    """``pending`` (waiting its turn) or ``resolving`` (the DM resolves it now)."""


class Panels(_View):
    """Everything the side panels show at one moment."""

    scene: str
    party: list[PartyMember]
    allies: list[PartyMember] = Field(default_factory=list)
    """Campaign companions who fight beside the party, played by the DM (a stat block, not
    a character sheet: no slots, no features)."""
    combat: CombatUpdate | None = None
    reactions_spent: list[str] = Field(default_factory=list)
    """Combatants whose reaction is used up this round."""
    shielded: list[str] = Field(default_factory=list)
    """Combatants with Shield up (+5 AC until their next turn)."""
    out: dict[str, str] = Field(default_factory=dict)
    """Combatants out of the fight, and how: ``dead``, ``dying``, ``stable``, ``fled`` or
    ``surrendered``."""
    turn: int = 0
    """The turn counter: the turns played in which something happened."""
    windows: list[OpenWindow] = Field(default_factory=list)
    """Reaction windows open now (a nested one last)."""
    pending: list[PendingReaction] = Field(default_factory=list)
    """Reactions declared and not yet resolved, in the order they resolve."""


def reaction_queue(state: GameState) -> tuple[list[OpenWindow], list[PendingReaction]]:
    """The open windows and the reactions still to resolve, as the tracker shows them."""
    queue = state.reactions
    if queue.turn != state.turn:
        return [], []  # last turn's queue, all settled
    windows = [OpenWindow(trigger=w.trigger, asking=w.asking) for w in queue.open_windows()]
    pending = [
        PendingReaction(subturn=s.id, reactor_name=s.reactor_name, what=s.declared,
                        status=s.status)
        for s in queue.subturns if s.status in ("pending", "resolving")
    ]  # fmt: skip
    return windows, pending


def conditions_text(conditions: list[tuple[str, int | None]]) -> list[str]:
    """``poisoned (2)`` with rounds left, ``prone`` when it lasts until removed."""
    return [f"{name} ({rounds})" if rounds else name for name, rounds in conditions]


SHIELD_BONUS = 5
"""What the Shield spell adds to AC."""


def _shielded(state: GameState) -> set[str]:
    """Who has the Shield spell up (it lasts only in a fight)."""
    if state.encounter is None:
        return set()
    ids = [c.id for c in state.encounter.order]
    return {
        cid for cid in ids
        if any(e.id == "shield" for e in (
            state.party[cid].effects if cid in state.party
            else state.creatures[cid].effects if cid in state.creatures else []
        ))
    }  # fmt: skip


def party_members(state: GameState) -> list[PartyMember]:
    """The party, in its marching order."""
    companions = set(state.turn_order.companions)
    shielded = _shielded(state)
    members = []
    for cid, sheet in state.party.items():
        vit = sheet.vitals
        members.append(
            PartyMember(
                id=cid,
                name=sheet.name,
                player=state.controller_of(cid),
                hp=vit.hp,
                max_hp=vit.max_hp,
                temp_hp=vit.temp_hp,
                ac=sheet.armor_class,
                life=vit.state.value,
                death_saves=(vit.death_successes, vit.death_failures),
                conditions=conditions_text(
                    [(c.condition.value, c.rounds) for c in sheet.conditions]
                )
                + readied_line(state.encounter.readied if state.encounter else [], cid),
                slots=[
                    (level, sheet.spell_slots.remaining(level), most)
                    for level, most in sheet.spell_slots.held().items()
                    if most
                ],
                features=feature_uses(sheet),
                concentration=spell_name(sheet.concentration),
                companion=cid in companions,
                shielded=cid in shielded,
            )
        )
    return members


def ally_members(state: GameState) -> list[PartyMember]:
    """The companions who fight beside the party, as the party panel shows them."""
    return [
        PartyMember(
            id=c.id, name=c.name, hp=c.vitals.hp, max_hp=c.vitals.max_hp,
            temp_hp=c.vitals.temp_hp, ac=c.ac, life=c.vitals.state.value,
            death_saves=(c.vitals.death_successes, c.vitals.death_failures),
            conditions=conditions_text([(k.condition.value, k.rounds) for k in c.conditions]),
        )
        for c in travelling(state)
    ]  # fmt: skip


def panels(state: GameState, topics: Topics | None = None) -> Panels:
    """A snapshot of the panels for the state as it is now, with the fight's names veiled
    against ``topics`` (the table's lines and veils) as every event is."""
    encounter = state.encounter
    spent = []
    out = {}
    if encounter is not None:
        spent = [
            c.id
            for c in encounter.order
            if c.id in encounter.economy
            and not encounter.economy[c.id].available(ActionKind.REACTION)
        ]
        out = {c.id: how for c in encounter.order if (how := out_of_fight(state, c.id))}
    windows, pending = reaction_queue(state)
    shown = topics or Topics()
    return Panels(
        windows=veil_view(windows, shown),
        pending=veil_view(pending, shown),
        scene=veil_text(state.scene.name, shown),
        party=veil_view(party_members(state), shown),
        allies=veil_view(ally_members(state), shown),
        combat=_veiled(combat_update(state), topics) if encounter is not None else None,
        reactions_spent=spent,
        shielded=sorted(_shielded(state)) if encounter is not None else [],
        out=out,
        turn=state.turn,
    )


def _veiled(fight: CombatUpdate, topics: Topics | None) -> CombatUpdate:
    shown = veil_event(fight, topics) if topics else fight
    assert isinstance(shown, CombatUpdate)
    return shown


def feature_uses(sheet: CharacterSheet) -> list[tuple[str, int, int]]:
    """The character's limited features with their uses left, in the order gained."""
    found = []
    for fid in sheet.all_features:
        spec = feature(fid)
        most = sheet.feature_uses(fid) if spec is not None and spec.limited else 0
        if spec is not None and most > 0:
            found.append((spec.name, sheet.uses_left(fid), most))
    return found


def spell_name(spell_id: str | None) -> str | None:
    """``Hold Person`` for ``hold_person`` (players read names, not ids)."""
    if spell_id is None:
        return None
    try:
        return srd().spells.get(spell_id).name
    except KeyError:
        return spell_id.replace("_", " ")


def out_of_fight(state: GameState, cid: str) -> str:
    """How a combatant is out of the fight (``dead``, ``dying``, ``stable``, ``fled``,
    ``surrendered``), or ``""`` while it still fights."""
    if cid in state.party:
        life = state.party[cid].vitals.state
    elif cid in state.creatures:
        creature = state.creatures[cid]
        if creature.left:
            return creature.left
        life = creature.vitals.state
    else:
        return ""
    return "" if life is LifeState.ALIVE else life.value
