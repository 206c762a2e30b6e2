"""The fight in progress as the DM sees it: one view serves the first turn's context and
the ``get_encounter`` tool, so the two can never disagree.

Round, whose turn, and for everyone in initiative order: side, initiative, hit points, AC,
conditions, lasting effects, where they stand (engaged with whom, near or far, cover) and
whether they are out of the fight (dead, fled, surrendered). Rendered compactly for the
prompt, one line a combatant; dumped as a dict for the tool's result.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from app.actions import beings as bg
from app.actions import position_tools as pt
from app.actions.beams import lit
from app.actions.events import CombatUpdate
from app.world.readied import readied_line
from app.world.state import GameState
from rules.damage import LifeState
from rules.effects import is_record


class _View(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class CombatantView(_View):
    """One combatant, as the DM needs it."""

    id: str
    name: str
    side: str
    initiative: int
    hp: int
    max_hp: int
    ac: int
    conditions: list[str] = Field(default_factory=list)
    """``prone``, ``restrained (2)`` — with rounds left where they run out."""
    effects: list[str] = Field(default_factory=list)
    """Lasting effects on it: ``bless``, ``dodging`` …"""
    position: str = ""
    """``engaged with Goblin 1``, ``far, behind the cart (half cover)``."""
    out: str = ""
    """Out of the fight: ``dead``, ``fled`` or ``surrendered`` (``dying`` at 0 HP)."""


class EncounterView(_View):
    """The fight in progress."""

    reason: str
    round: int
    current: str
    """Id of whoever's turn it is."""
    order: list[CombatantView]

    def as_result(self) -> dict[str, Any]:
        """The ``get_encounter`` result: empty lists and blank fields left out."""
        return {"in_combat": True, **self.model_dump(exclude_defaults=True)}

    def render(self) -> str:
        """A short headed list: ``Fight (ambush), round 2 — Goblin 1's turn.`` then one
        line per combatant in initiative order."""
        up = next((c.name for c in self.order if c.id == self.current), self.current)
        reason = self.reason if len(self.reason) <= 80 else self.reason[:79].rstrip() + "…"
        lines = [f"Fight ({reason}), round {self.round} — {up}'s turn. Initiative order:"]
        for c in self.order:
            bits = [f"HP {c.hp}/{c.max_hp}", f"AC {c.ac}"]
            if c.out:
                bits.append(c.out.upper())
            if c.position:
                bits.append(c.position)
            if c.conditions:
                bits.append(", ".join(c.conditions))
            if c.effects:
                bits.append("effects: " + ", ".join(c.effects))
            mark = "▶ " if c.id == self.current else ""
            lines.append(f"- {mark}{c.initiative} {c.id}: {c.name} ({c.side}), " + "; ".join(bits))
        return "\n".join(lines)


OUT = ("dead", "fled", "surrendered")
"""Out of the fight for good (``dying`` is still in it)."""


def _out(state: GameState, cid: str) -> str:
    vitals = bg.vitals_of(state, cid)
    if vitals.state is LifeState.DEAD:
        return "dead"
    creature = state.creatures.get(cid)
    if creature is not None and creature.left:
        return creature.left
    return "dying" if vitals.hp == 0 and cid in state.party else ""


def encounter_view(state: GameState) -> EncounterView | None:
    """The fight in progress, or ``None`` out of combat."""
    encounter = state.encounter
    if encounter is None:
        return None
    rows = []
    shining = lit(state)  # who stands in a moonbeam
    for c in encounter.order:
        out = _out(state, c.id)
        if c.id in state.party:
            sheet = state.party[c.id]
            vitals, ac, conds = sheet.vitals, sheet.armor_class, sheet.conditions
        elif c.id in state.creatures:
            creature = state.creatures[c.id]
            vitals, ac, conds = creature.vitals, creature.ac, creature.conditions
        else:
            continue  # gone from the world (a sanity check on load would have said)
        rows.append(
            CombatantView(
                id=c.id, name=c.name, side=c.side, initiative=c.initiative,
                hp=vitals.hp, max_hp=vitals.max_hp, ac=ac,
                conditions=[cond.condition.value + (f" ({cond.rounds})" if cond.rounds else "")
                            for cond in conds],
                effects=[e.name.lower() for e in bg.effects_of(state, c.id) if not is_record(e)]
                + shining.get(c.id, []),
                # where someone out of the fight stands no longer matters
                position="" if out in OUT else pt.describe(state, c.id), out=out,
            )
        )  # fmt: skip
    return EncounterView(
        reason=encounter.reason, round=encounter.round, current=encounter.current.id, order=rows
    )


def fight_result(state: GameState) -> dict[str, Any]:
    """For the result of a call that may have begun a fight (a scene entered, a way fled
    by): ``combat``, and in one the fight in full — ids, HP, AC, the initiative order and
    whose turn it is — as ``get_encounter`` gives it, so the DM plays on without asking."""
    fight = encounter_view(state)
    if fight is None:
        return {"combat": False}
    return {"combat": True, "encounter": fight.as_result()}


def combat_update(state: GameState) -> CombatUpdate:
    """The tracker's view of the current fight."""
    encounter = state.encounter
    assert encounter is not None
    rows: list[dict[str, Any]] = []  # validated with the update, in one pass
    shining = lit(state)  # who stands in a moonbeam
    columns = pt.shorts(state)
    for c in encounter.order:
        if c.id in state.party:
            sheet = state.party[c.id]
            vit, ac, conds = sheet.vitals, sheet.armor_class, sheet.conditions
        else:
            creature = state.creatures[c.id]
            vit, ac, conds = creature.vitals, creature.ac, creature.conditions
        rows.append({
            "id": c.id, "name": c.name, "initiative": c.initiative, "hp": vit.hp,
            "max_hp": vit.max_hp, "ac": ac, "side": c.side, "position": columns[c.id],
            "conditions": [
                f"{x.condition.value}" + (f" ({x.rounds})" if x.rounds else "") for x in conds
            ] + [e.name.lower() for e in bg.effects_of(state, c.id) if not is_record(e)]
            + shining.get(c.id, []) + readied_line(encounter.readied, c.id, short=True),
        })  # fmt: skip
    return CombatUpdate(round=encounter.round, current_id=encounter.current.id, combatants=rows)
