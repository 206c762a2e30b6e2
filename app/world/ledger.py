"""The event ledger's vocabulary: what happened in a game, as typed factual events.

Every event is one of the models below (a pydantic discriminated union on ``kind``), and
each knows the *propositions* it makes true — short keys such as ``spoke_to.berta`` or
``fired.tam_found`` — which the truth set's temporal index (:mod:`app.world.truth`)
remembers so that triggers can ask "ever", "this turn", "this scene", "within N turns" and
"after" without reading old events again.

Who writes events: the DM's tool calls (through the tool registry), the reading of each
player line (speech, examination, a refused action), the trigger engine, judgments, and the
scene-boundary pipeline. Nothing else writes the ledger. Each finished turn keeps the events
it produced (:class:`app.world.turnrecord.TurnRecord.events`), so the ledger is saved in the
story file, append-only, and is cut and restored with the story on undo and rewind; the
live state keeps only the current turn's events and the index.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

MAX_WORDS = 600
"""Characters of a speech act's words kept in the ledger (a long paste is clipped)."""

ATTACKS = frozenset({"attack", "cast_spell", "monster_action", "shove", "grapple"})
"""Tool names whose ``target`` is attacked (the ``attacked.<id>`` proposition)."""


class _Event(BaseModel):
    """What every event has: its place in the game."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    seq: int = Field(default=0, ge=0)
    """Its position in the whole game's ledger (0, 1, 2, …): the order events happened."""
    turn: int = Field(default=0, ge=0)
    """The game turn it happened in (0: while the game was being set up)."""
    scene: str = ""
    """The scene the party was in."""

    def props(self) -> list[str]:
        """The propositions this event makes true (keys of the temporal index)."""
        return []

    def line(self) -> str:
        """One line for ``dungeon ledger`` and the DM's context."""
        return self.model_dump_json(exclude={"seq", "turn", "scene", "kind"})


class ActionPerformed(_Event):
    """A character or creature did something through the rules (a DM tool call)."""

    kind: Literal["action"] = "action"
    actor: str | None = None
    action: str
    """The tool (``attack``, ``attempt_challenge``, ``use_item`` …)."""
    target: str | None = None
    detail: str = ""
    """What came of it, in a few words."""

    def props(self) -> list[str]:
        found = [f"did.{self.action}"]
        if self.target and self.action in ATTACKS:
            found.append(f"attacked.{self.target}")
        if self.target:
            found.append(f"targeted.{self.target}")
        return found

    def line(self) -> str:
        who = self.actor or "someone"
        on = f" → {self.target}" if self.target else ""
        return f"{who}: {self.action}{on}" + (f" ({self.detail})" if self.detail else "")


class SpeechAct(_Event):
    """Someone spoke: the speaker, whom to (if anyone), and the words."""

    kind: Literal["speech"] = "speech"
    speaker: str
    addressee: str | None = None
    words: str = ""
    """What was said (clipped to :data:`MAX_WORDS` characters)."""
    topic: str | None = None
    """The addressee's topic keyword the words asked about, if they asked about one."""
    more_topics: list[str] = Field(default_factory=list)
    """Further topics the same words asked about ("ask Wendel about the chapel and about
    her"): each is asked, and what asking it brings about happens."""

    @field_validator("words")
    @classmethod
    def _clip(cls, words: str) -> str:
        return words if len(words) <= MAX_WORDS else words[: MAX_WORDS - 1] + "…"

    def props(self) -> list[str]:
        found = [f"spoke.{self.speaker}"]
        if self.addressee:
            found.append(f"spoke_to.{self.addressee}")
            for topic in (self.topic, *self.more_topics) if self.topic else ():
                found.append(f"asked.{self.addressee}.{topic}")
        return found

    def line(self) -> str:
        to = f" to {self.addressee}" if self.addressee else ""
        return f"{self.speaker}{to}: “{self.words}”"


class Handover(_Event):
    """A character showed or gave a carried item to someone of the story."""

    kind: Literal["handover"] = "handover"
    actor: str
    item: str
    """The item's id (a campaign item), or its name as carried."""
    to: str
    """The NPC id it was shown or given to."""
    how: Literal["showed", "gave"]

    def props(self) -> list[str]:
        return [f"{self.how}.{self.item}", f"{self.how}.{self.item}.{self.to}"]

    def line(self) -> str:
        return f"{self.actor} {self.how} {self.item} to {self.to}"


class FateDecided(_Event):
    """The party decided what becomes of a foe who surrendered: let go, bound, or put to
    death."""

    kind: Literal["fate"] = "fate"
    actor: str | None = None
    creature: str
    fate: Literal["spared", "bound", "executed"]
    encounter: str | None = None
    """The campaign encounter the foe came with."""
    npc: str | None = None
    """The campaign NPC the foe is."""

    def props(self) -> list[str]:
        found = [f"{self.fate}.{self.creature}"]
        found += [f"{self.fate}.{x}" for x in (self.encounter, self.npc) if x]
        return found

    def line(self) -> str:
        return f"{self.actor or 'the party'}: {self.creature} {self.fate}"


class Movement(_Event):
    """The party (or one of them) went from one place to another."""

    kind: Literal["movement"] = "movement"
    actor: str = "party"
    origin: str
    """The scene left."""
    to: str

    def props(self) -> list[str]:
        return [f"moved.{self.to}"]

    def line(self) -> str:
        return f"{self.actor}: {self.origin} → {self.to}"


class Examination(_Event):
    """Someone looked closely at something (a feature, a person, an item)."""

    kind: Literal["examination"] = "examination"
    actor: str
    target: str

    def props(self) -> list[str]:
        return [f"examined.{self.target}"]

    def line(self) -> str:
        return f"{self.actor} examines {self.target}"


class SceneEntered(_Event):
    """The party entered a scene (``scene`` is the scene entered)."""

    kind: Literal["scene_entered"] = "scene_entered"
    characters: list[str] = Field(default_factory=list)

    def props(self) -> list[str]:
        return [f"entered.{self.scene}"]

    def line(self) -> str:
        return f"entered {self.scene} ({', '.join(self.characters)})"


class SceneExited(_Event):
    """The party left a scene (``scene`` is the scene left)."""

    kind: Literal["scene_exited"] = "scene_exited"
    characters: list[str] = Field(default_factory=list)

    def props(self) -> list[str]:
        return [f"left.{self.scene}"]

    def line(self) -> str:
        return f"left {self.scene}"


class CharacterArrival(_Event):
    """Someone came into the scene (an NPC who appears, a player who joins)."""

    kind: Literal["arrival"] = "arrival"
    character: str

    def props(self) -> list[str]:
        return [f"arrived.{self.character}"]

    def line(self) -> str:
        return f"{self.character} arrives"


class CharacterDeparture(_Event):
    """Someone left the scene (an NPC who goes, a foe who flees, a player who leaves)."""

    kind: Literal["departure"] = "departure"
    character: str

    def props(self) -> list[str]:
        return [f"departed.{self.character}"]

    def line(self) -> str:
        return f"{self.character} leaves"


class InformationRevealed(_Event):
    """The players learned something (a reveal, a secret under a stone)."""

    kind: Literal["revealed"] = "revealed"
    text: str
    recipient: str | None = None

    def props(self) -> list[str]:
        return ["revealed"]

    def line(self) -> str:
        return f"revealed: {self.text}"


class ConstraintViolation(_Event):
    """An action the world refused, and why (the rules or the referee said no)."""

    kind: Literal["refused"] = "refused"
    actor: str | None = None
    action: str
    reason: str

    def props(self) -> list[str]:
        return [f"refused.{self.actor}"] if self.actor else ["refused"]

    def line(self) -> str:
        return f"{self.actor or 'someone'}: {self.action} — refused: {self.reason}"


class WorldStateChanged(_Event):
    """A piece of the world changed: ``key`` (``flag.trapdoor_open``, ``hp.mira``,
    ``encounter``), from ``old`` to ``new``."""

    kind: Literal["world_changed"] = "world_changed"
    key: str
    old: str | None = None
    new: str | None = None
    text: str = ""

    def props(self) -> list[str]:
        return [f"changed.{self.key}"]

    def line(self) -> str:
        return f"{self.key}: {self.old} → {self.new}" + (f" ({self.text})" if self.text else "")


class RelationshipShifted(_Event):
    """How an NPC feels about the party (or one character) moved along a dimension."""

    kind: Literal["relationship"] = "relationship"
    npc: str
    toward: str = "party"
    """``party``, or the id of the character it concerns."""
    dimension: str
    delta: float
    value: float
    """The score after the shift."""
    reason: str = ""
    heard_from: str | None = None
    """Set when the shift is word of something reaching this NPC through the social graph
    (the NPC it came from)."""

    def props(self) -> list[str]:
        way = "up" if self.delta > 0 else "down"
        about = f"{self.dimension}.{self.npc}"
        return [f"shifted.{about}", f"shifted_{way}.{about}"]

    def line(self) -> str:
        heard = f", heard from {self.heard_from}" if self.heard_from else ""
        return (f"{self.dimension}.{self.npc} ({self.toward}) {self.delta:+g} → {self.value:g}"
                f"{' — ' + self.reason if self.reason else ''}{heard}")  # fmt: skip


class GoalCompleted(_Event):
    """A scene goal the campaign set was met."""

    kind: Literal["goal"] = "goal"
    goal: str

    def props(self) -> list[str]:
        return [f"goal.{self.goal}"]

    def line(self) -> str:
        return f"goal met: {self.goal}"


class TriggerFired(_Event):
    """A campaign trigger fired (or an off-screen change was applied)."""

    kind: Literal["trigger"] = "trigger"
    trigger: str
    tier: Literal["immediate", "scene", "deferred", "boundary"] = "immediate"
    confidence: float = Field(default=1.0, ge=0.0, le=1.0)
    """How sure the truth set was of its condition (below 1 when judgments were in it)."""
    provisional: list[str] = Field(default_factory=list)
    """Ids of provisional judgments its condition rested on (it may be revised)."""
    deferred_from: int | None = None
    """For a firing held back (past the cascade limit, or a deferred trigger): the ``seq``
    of the event that made it ready."""

    def props(self) -> list[str]:
        return [f"fired.{self.trigger}"]

    def line(self) -> str:
        sure = f" at {self.confidence:.2f}" if self.confidence < 1 else ""
        maybe = f" (provisional: {', '.join(self.provisional)})" if self.provisional else ""
        return f"trigger {self.trigger} [{self.tier}]{sure}{maybe}"


class ThresholdCrossed(_Event):
    """A score crossed a line that matters: an NPC's attitude changed band, or an author's
    counter reached a mark."""

    kind: Literal["threshold"] = "threshold"
    key: str
    """The score (``affection.berta``, ``noise``)."""
    threshold: str
    """What was crossed (``friendly``, ``hostile``, ``indifferent``, ``>= 3``)."""
    value: float

    def props(self) -> list[str]:
        return [f"crossed.{self.key}", f"crossed.{self.key}.{self.threshold}"]

    def line(self) -> str:
        return f"{self.key} crossed {self.threshold} ({self.value:g})"


class JudgmentMade(_Event):
    """An interpretive judgment entered the truth set, was refined, or was contradicted
    (the judgment itself lives in :class:`app.world.truth.Truth`; this is its record)."""

    kind: Literal["judgment"] = "judgment"
    judgment: str
    """The judgment's id (``j12``)."""
    watch: str | None = None
    """The campaign judgment it matched (``berta_reassured``), if any."""
    category: str
    about: str | None = None
    status: Literal["provisional", "refined", "contradicted", "damped"] = "provisional"
    confidence: float = Field(ge=0.0, le=1.0)
    source: str = "sensitivity"
    evidence: list[int] = Field(default_factory=list)
    """``seq`` of the events it rests on."""
    description: str = ""

    def props(self) -> list[str]:
        return [f"judged.{self.watch}"] if self.watch and self.status != "contradicted" else []

    def line(self) -> str:
        what = self.watch or self.category
        about = f" about {self.about}" if self.about else ""
        return f"{self.judgment} {what}{about} {self.status} {self.confidence:.2f} ({self.source})"


LedgerEvent = Annotated[
    ActionPerformed
    | SpeechAct
    | Handover
    | FateDecided
    | Movement
    | Examination
    | SceneEntered
    | SceneExited
    | CharacterArrival
    | CharacterDeparture
    | InformationRevealed
    | ConstraintViolation
    | WorldStateChanged
    | RelationshipShifted
    | GoalCompleted
    | TriggerFired
    | ThresholdCrossed
    | JudgmentMade,
    Field(discriminator="kind"),
]
"""Any one ledger event."""

EVENT_KINDS: tuple[str, ...] = (
    "action", "speech", "handover", "fate", "movement", "examination", "scene_entered",
    "scene_exited", "arrival", "departure", "revealed", "refused", "world_changed",
    "relationship", "goal", "trigger", "threshold", "judgment",
)  # fmt: skip
"""Every ``kind`` (``dungeon ledger --kind`` accepts these)."""


def actor_of(event: _Event) -> str | None:
    """Who an event is about first (for ``dungeon ledger --actor``)."""
    for name in ("actor", "speaker", "character", "npc", "about"):
        value = getattr(event, name, None)
        if isinstance(value, str):
            return value
    return None
