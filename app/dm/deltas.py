"""What changed since the DM last spoke, grouped, with empty groups left out.

Built from the state's :class:`~app.world.state.Change` records (each carries its kind and,
where the recorder knew them, who, before/after and a roll's formula and result), so the
groups come from data, not from reading sentences back. ``has_changes`` is false when
nothing moved, and the prompt then says so in one line. Rendered as a short headed list
for the prompt (tokens matter); :meth:`Deltas.as_dict` gives the same content as data.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field, computed_field

from app.actions.encounter_view import EncounterView, encounter_view
from app.world.recording import Change
from app.world.state import GameState

NO_CHANGES = "No changes to game state since your last turn."
MOST_SHOWN = 30
"""Changes shown at most (the newest): a long stretch without the DM stays bounded."""


class _Delta(BaseModel):
    # Built on first use (the first turn the DM is told what changed), not at start-up.
    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)


class RollDelta(_Delta):
    """A roll: what was rolled, the result, by whom, for what."""

    text: str
    formula: str | None = None
    result: int | None = None
    who: str | None = None
    why: str | None = None


class MoveDelta(_Delta):
    """A value that moved (hit points, a scene, a flag), with before and after if known."""

    text: str
    who: str | None = None
    before: str | None = None
    after: str | None = None


class Deltas(_Delta):
    """What changed since the DM's last turn, by group (empty groups are omitted)."""

    new_dice_rolls: list[RollDelta] = Field(default_factory=list)
    hit_points: list[MoveDelta] = Field(default_factory=list)
    conditions: list[str] = Field(default_factory=list)
    """Conditions and lasting effects gained or lost."""
    items: list[str] = Field(default_factory=list)
    scene: list[MoveDelta] = Field(default_factory=list)
    flags: list[MoveDelta] = Field(default_factory=list)
    reveals: list[str] = Field(default_factory=list)
    xp: list[str] = Field(default_factory=list)
    restriction: list[str] = Field(default_factory=list)
    fight: list[str] = Field(default_factory=list)
    """Moves of the fight in progress (actions, movement, turns lost)."""
    encounter_started: list[str] = Field(default_factory=list)
    encounter: EncounterView | None = None
    """The fight in full, when one started and is still on."""
    encounter_ended: list[str] = Field(default_factory=list)
    triggers_fired: list[str] = Field(default_factory=list)
    trigger_state: list[str] = Field(default_factory=list)
    """Repeatable triggers armed again (their condition stopped holding)."""
    players: list[str] = Field(default_factory=list)
    """Players who joined or left the table."""
    relationships: list[str] = Field(default_factory=list)
    """How people's feelings about the party moved."""
    judgments: list[str] = Field(default_factory=list)
    """How the game read what the players said (interpretive judgments)."""
    omitted: int = 0
    """Older changes left out (past :data:`MOST_SHOWN`)."""

    @computed_field  # type: ignore[prop-decorator]
    @property
    def has_changes(self) -> bool:
        """Anything at all moved."""
        # every group is empty, None or 0 when nothing moved (truthiness is the test)
        return any(getattr(self, name) for name in type(self).model_fields)

    def as_dict(self) -> dict[str, Any]:
        """The non-empty groups, ``has_changes``, and the no-changes message when false."""
        out = self.model_dump(mode="json", exclude_defaults=True, exclude={"has_changes"})
        out["has_changes"] = self.has_changes
        if not self.has_changes:
            out["message"] = NO_CHANGES
        return out

    def render(self) -> str:
        """The prompt's section: a heading and one short line per group."""
        if not self.has_changes:
            return NO_CHANGES
        lines = ["Changes since your last turn:"]
        if self.omitted:
            lines.append(f"- ({self.omitted} earlier changes omitted)")
        groups: list[tuple[str, list[str]]] = [
            ("Rolls", [r.text for r in self.new_dice_rolls]),
            ("HP", [m.text for m in self.hit_points]),
            ("Conditions", self.conditions),
            ("Items", self.items),
            ("Scene", [m.text for m in self.scene]),
            ("Flags", [m.text for m in self.flags]),
            ("Revealed", self.reveals),
            ("XP", self.xp),
            ("Restriction", self.restriction),
            ("Fight", self.fight),
            ("Triggers fired", self.triggers_fired),
            ("Triggers", self.trigger_state),
            ("Players", self.players),
            ("Relationships", self.relationships),
            ("Judgments", self.judgments),
        ]
        if self.encounter_started:
            lines.append("- Encounter started: " + "; ".join(self.encounter_started))
        lines += [f"- {head}: " + "; ".join(items) for head, items in groups if items]
        if self.encounter_ended:
            lines.append("- Encounter ended: " + "; ".join(self.encounter_ended))
        if self.encounter is not None:
            lines.append(self.encounter.render())
        return "\n".join(lines)


_LISTS = {
    "condition": "conditions",
    "item": "items",
    "reveal": "reveals",
    "xp": "xp",
    "restriction": "restriction",
    "encounter": "fight",
    "trigger": "triggers_fired",
    "players": "players",
    "relationship": "relationships",
    "judgment": "judgments",
    "encounter_started": "encounter_started",
    "encounter_ended": "encounter_ended",
}
"""Kinds that become a plain line in one group."""


def build_deltas(state: GameState, changes: list[Change] | None = None) -> Deltas:
    """Group ``changes`` (the state's unreported ones by default) for the DM."""
    changes = state.changes if changes is None else changes
    return _grouped(changes, _view_if_started(state, changes))


class DeltasLater:
    """The deltas of the state as it stands, grouped only when asked for: what they rest
    on is kept now (the changes, and the fight in full when one started), so asking later
    gives what :func:`build_deltas` gives now. A DM that reads only the lines is told no
    deltas, and they are then wanted only by the prompt inspector."""

    def __init__(self, state: GameState) -> None:
        self.changes = list(state.changes)  # the records themselves are never changed
        self.view = _view_if_started(state, self.changes)
        self._built: Deltas | None = None

    def get(self) -> Deltas:
        """The deltas (grouped on the first ask)."""
        if self._built is None:
            self._built = _grouped(self.changes, self.view)
        return self._built


def _view_if_started(state: GameState, changes: list[Change]) -> EncounterView | None:
    """The fight in full, for changes that tell of one starting (if it is still on)."""
    if any(c.kind == "encounter_started" for c in changes[-MOST_SHOWN:]):
        return encounter_view(state)
    return None


def _grouped(changes: list[Change], view: EncounterView | None) -> Deltas:
    shown = changes[-MOST_SHOWN:]
    groups: dict[str, Any] = {"omitted": len(changes) - len(shown)}
    for c in shown:
        if c.kind == "roll":
            roll = RollDelta(text=c.text, formula=c.formula, result=c.total, who=c.who, why=c.why)
            groups.setdefault("new_dice_rolls", []).append(roll)
        elif c.kind in ("hp", "scene", "flag"):
            key = {"hp": "hit_points", "scene": "scene", "flag": "flags"}[c.kind]
            move = MoveDelta(text=c.text, who=c.who, before=c.before, after=c.after)
            groups.setdefault(key, []).append(move)
        elif c.kind == "trigger" and c.ref is not None and c.after == "armed":
            groups.setdefault("trigger_state", []).append(c.text)
        else:
            groups.setdefault(_LISTS[c.kind], []).append(c.text)
    if "encounter_started" in groups:
        groups["encounter"] = view  # in full, if it is still on
    return Deltas.model_validate(groups)
