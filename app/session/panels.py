"""What the side panels show, as plain frozen data read off the state in one go.

A turn runs off the UI thread; the front end never reads the live state while the DM is
working. Instead the runner takes a :class:`Panels` snapshot after each mechanical event
and hands it over with the event, so every panel always shows one consistent moment.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from app.dm.tools.executors import combat_update
from app.session.events import CombatUpdate
from app.world.state import GameState
from app.world.view import scene_description
from rules.economy import ActionKind


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
    concentration: str | None = None
    companion: bool = False
    """Run by the DM since its player left."""


class Panels(_View):
    """Everything the side panels show at one moment."""

    scene: str
    scene_description: str = ""
    party: list[PartyMember]
    combat: CombatUpdate | None = None
    reactions_spent: list[str] = Field(default_factory=list)
    """Combatants whose reaction is used up this round."""
    turn: int = 0


def conditions_text(conditions: list[tuple[str, int | None]]) -> list[str]:
    """``poisoned (2)`` with rounds left, ``prone`` when it lasts until removed."""
    return [f"{name} ({rounds})" if rounds else name for name, rounds in conditions]


def party_members(state: GameState) -> list[PartyMember]:
    """The party, in its marching order."""
    companions = set(state.turn_order.companions)
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
                ),
                slots=[
                    (level, sheet.spell_slots.remaining(level), most)
                    for level, most in sorted(sheet.spell_slots.maximum.items())
                    if most
                ],
                concentration=sheet.concentration,
                companion=cid in companions,
            )
        )
    return members


def panels(state: GameState) -> Panels:
    """A snapshot of the panels for the state as it is now."""
    encounter = state.encounter
    spent = []
    if encounter is not None:
        spent = [
            c.id
            for c in encounter.order
            if c.id in encounter.economy
            and not encounter.economy[c.id].available(ActionKind.REACTION)
        ]
    return Panels(
        scene=state.scene.name,
        scene_description=scene_description(state, state.campaign),
        party=party_members(state),
        combat=combat_update(state) if encounter is not None else None,
        reactions_spent=spent,
        turn=state.turn,
    )
