"""Tool argument models. Each model is the schema the DM sees (kept short: schemas are
tokens paid on every call) and the validator its arguments must pass before anything
happens. Unknown keys, wrong types and out-of-range DCs are rejected here."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    WithJsonSchema,
    model_validator,
)
from pydantic.json_schema import SkipJsonSchema

from app.world.printable import printable
from app.world.spec import FlagValue
from rules.abilities import Ability
from rules.conditions import Condition
from rules.damage import DamageType
from rules.dice.amounts import MAX_AMOUNT, MAX_AMOUNT_DICE, amount_problem
from rules.skills import Skill

DC = Annotated[int, Field(ge=1, le=30)]
"""A difficulty class; the system prompt gives the scale once for every tool."""
Mode = Literal["normal", "advantage", "disadvantage"]
Reason = Annotated[str, Field(min_length=1, max_length=200)]
__all__ = ["MAX_AMOUNT", "MAX_AMOUNT_DICE", "amount_problem"]  # (the rules' own, said again)


def _amount_text(value: Any) -> Any:
    """A number where a formula is expected is the formula of that number (``8`` → ``"8"``)."""
    if isinstance(value, bool):
        return value  # refused below as not text: true is no amount
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return value


def _sane_amount(text: str) -> str:
    text = text.strip()
    problem = amount_problem(text)
    if problem:
        raise ValueError(problem)
    return text


Amount = Annotated[
    str,
    BeforeValidator(_amount_text),
    Field(min_length=1, max_length=60),
    AfterValidator(_sane_amount),
    # The system prompt says once what an amount is.
    WithJsonSchema({"anyOf": [{"type": "string"}, {"type": "integer"}]}),
]


class ToolArgs(BaseModel):
    model_config = ConfigDict(extra="forbid")

    @model_validator(mode="before")
    @classmethod
    def _printable(cls, data: Any) -> Any:
        """Every text a DM sends is made printable as it comes in (escape sequences and
        controls dropped): shown on a terminal, and saved and loaded the same."""
        return _printable_in(data)


def _printable_in(value: Any) -> Any:
    if isinstance(value, str):
        return printable(value)
    if isinstance(value, list):
        return [_printable_in(v) for v in value]
    if isinstance(value, dict):
        return {k: _printable_in(v) for k, v in value.items()}
    return value


class AbilityCheckArgs(ToolArgs):
    """A check when an outcome is uncertain. Not for a notes challenge (attempt_challenge)."""

    character_id: str
    skill: Skill | None = None
    ability: Ability | None = None
    dc: DC
    reason: Reason
    advantage: Mode = "normal"
    sense: Literal["sight", "hearing"] | None = None  # blinded or deafened: it fails (SRD)
    opposed_by: SkipJsonSchema[str | None] = None
    """A contest: the creature who resists rolls too (``opposed_skill``), and its total,
    not ``dc``, is what to beat (a tie goes to the one resisting). Left out of the schema
    an AI DM is sent (its calls stay within their token budget): the offline referee's
    threats and pleas in a fight use it."""
    opposed_skill: SkipJsonSchema[Skill] = Skill.INSIGHT

    @model_validator(mode="after")
    def _one_of(self) -> AbilityCheckArgs:
        if self.skill is None and self.ability is None:
            raise ValueError("give a skill or an ability")
        return self


class CalmCheckArgs(AbilityCheckArgs):
    """A check when an outcome is uncertain. Not for what is in plain sight, nor a challenge
    of the notes (attempt_challenge). helper_id: an ally helping (advantage)."""

    helper_id: str | None = None
    """A party member who helps (out of a fight; in one, Help is a turn's action)."""


class SavingThrowArgs(ToolArgs):
    """A save against a hazard (trap, poison). Not for attacks or spells."""

    character_id: str
    ability: Ability
    dc: DC
    reason: Reason
    advantage: Mode = "normal"


class GroupCheckArgs(ToolArgs):
    """One check for several characters at once (sneaking past, a climb); passes if half
    pass."""

    skill: Annotated[
        Skill | None,
        # The enum is already spelled out in request_ability_check; repeating it costs tokens.
        WithJsonSchema({"type": "string", "description": "As in request_ability_check"}),
    ] = None
    ability: Ability | None = None
    dc: DC
    reason: Reason
    character_ids: list[str] | None = Field(default=None, description="Default: all")

    @model_validator(mode="after")
    def _one_of(self) -> GroupCheckArgs:
        if self.skill is None and self.ability is None:
            raise ValueError("give a skill or an ability")
        return self


class RollSpec(ToolArgs):
    formula: Annotated[str, BeforeValidator(_amount_text), Field(min_length=1, max_length=100)]
    flavor: str = ""


class RollDiceArgs(ToolArgs):
    """Dice no other tool rolls (a random table). Never for checks, attacks or damage."""

    rolls: Annotated[list[RollSpec], Field(min_length=1, max_length=10)]


class MonsterGroup(ToolArgs):
    monster: str
    count: int = Field(default=1, ge=1, le=12)
    at: Literal["engaged", "near", "far"] | None = None


class StartCombatArgs(ToolArgs):
    """Start a fight once blows are struck: a campaign encounter, or monsters. Not for a
    mere threat."""

    reason: Reason
    encounter: str | None = None
    monsters: Annotated[list[MonsterGroup], Field(max_length=8)] = Field(default_factory=list)
    surprise: Literal["party", "foes"] | None = None
    """The side caught unaware."""

    @model_validator(mode="after")
    def _one_of(self) -> StartCombatArgs:
        if not self.monsters and self.encounter is None:
            raise ValueError("give an encounter id or a list of monsters")
        return self


class RestrictActionArgs(ToolArgs):
    """Only these characters may act next (separated, trapped); [] lifts it."""

    character_ids: list[str]
    reason: Reason


class GetEncounterArgs(ToolArgs):
    """The fight in full. Only when the context given is not enough."""


class DamageArgs(ToolArgs):
    """Damage from a hazard (trap, fall, fire). Not for attacks or spells."""

    target_id: str
    amount: Amount
    damage_type: DamageType
    reason: Reason


class HealArgs(ToolArgs):
    """Restore HP or grant temporary HP from a source no other tool handles. Not for
    spells or features."""

    target_id: str
    amount: Amount
    temporary: bool = False
    reason: Reason


class ConditionArgs(ToolArgs):
    """Add or remove (present=false) a condition from a hazard or story event; level:
    exhaustion. Not what attacks or spells apply."""

    target_id: str
    condition: Condition
    present: bool = True
    rounds: int | None = Field(default=None, ge=1, le=100)
    level: int | None = Field(default=None, ge=0, le=6)
    reason: Reason


class ItemArgs(ToolArgs):
    """Give a character an item (found, handed over) or take one (used up, lost)."""

    character_id: str
    item: Annotated[str, Field(min_length=1, max_length=80, pattern=r"\S")]
    action: Literal["give", "take"] = "give"
    reason: Reason


class MoveSceneArgs(ToolArgs):
    """Move the party by one of the scene's exits when they go. Not inside a fight."""

    scene_id: str
    reason: Reason


class SetFlagArgs(ToolArgs):
    """Record a story fact later scenes depend on (door_open = true). Not for HP, items
    or conditions."""

    name: Annotated[str, Field(pattern=r"^[a-z0-9_]{1,40}$")]
    value: Annotated[
        FlagValue,
        WithJsonSchema({"anyOf": [{"type": "boolean"}, {"type": "integer"}, {"type": "string"}]}),
    ]


class RevealArgs(ToolArgs):
    """A fact the players have just earned (a DM-only reveal they found), for their
    journal. Never a secret they have not found."""

    text: Annotated[str, Field(min_length=1, max_length=400)]


class ChallengeArgs(ToolArgs):
    """When the players attempt a challenge of the DM notes: rolls it and applies its
    outcome. Use it instead of a check. skill: a way the notes allow, if the player chose
    one; helper_id: an ally helping (advantage)."""

    challenge_id: str
    character_id: str | None = None
    advantage: Mode = "normal"
    skill: Skill | None = None
    """Out of the ways the challenge allows (notes), the one the player chose; else the
    character's best."""
    ability: Ability | None = None
    """A way the notes give as an ability with no skill, if the player chose it."""
    helper_id: str | None = None
    """A party member who helps (out of a fight): the roll has advantage."""


class TalkArgs(ToolArgs):
    """When a player speaks to someone here: their greeting, or their words on a topic.
    Narrate from what it returns."""

    npc_id: str
    character_id: str | None = None
    topic: Annotated[str, Field(max_length=80)] | None = None


class EndTurnArgs(ToolArgs):
    """Once the acting creature's turn is resolved. Never mid-turn."""


class EndCombatArgs(ToolArgs):
    """Not while foes can fight."""

    reason: Reason


class AttackArgs(ToolArgs):
    """A weapon attack, or a monster's attack or multiattack; rolls and deals the
    damage."""

    attacker_id: str
    target_id: str
    weapon: str | None = None
    """A weapon or action id; "unarmed_strike" for a fist or a kick, "improvised" for a
    thing that is no weapon (a poker, a chair leg: 1d4, no proficiency bonus)."""
    mode: Literal["thrown", "two_handed", "off_hand"] | None = None
    """off_hand: a bonus attack with a second light weapon."""
    knock_out: bool = False
    """Melee: at 0 HP the target is knocked out, not killed."""


class CastSpellArgs(ToolArgs):
    """Cast a spell the caster knows; rolls and applies it. Not for a foe's abilities
    (monster_action)."""

    caster_id: str
    spell: str
    target_ids: list[str] = Field(default_factory=list)
    """One per ray, dart or target."""
    slot_level: int | None = Field(default=None, ge=1, le=9)


class TakeActionArgs(ToolArgs):
    """A fight action besides attacks, spells and moves (withdraw and flee provoke;
    ready: attack or cast on a trigger)."""

    creature_id: str
    action: Literal[
        "dodge", "dash", "disengage", "help", "hide", "withdraw", "flee", "surrender",
        "stabilize", "grapple", "shove_prone", "shove_away", "escape_grapple", "ready",
        "move_beam",
    ]  # fmt: skip
    target_id: str | None = None
    trigger: Annotated[str, Field(max_length=200)] | None = None
    """ready: when, in words."""
    watch: Literal["approach", "move", "attack", "cast", "other"] | None = None
    weapon: str | None = None
    spell: str | None = None
    scene_id: str | None = None
    """flee: the exit run for."""


class MonsterActionArgs(ToolArgs):
    """A foe's non-weapon action or trait from the roster (area: targets save). Not for
    weapon attacks (attack)."""

    creature_id: str
    action: str
    target_ids: list[str] = Field(default_factory=list, max_length=12)


class RestArgs(ToolArgs):
    """When the party rests somewhere safe: short (spend hit dice) or long (regain all).
    Not in danger."""

    kind: Literal["short", "long"]
    character_ids: list[str] | None = Field(default=None, description="Default: all")


class MoveArgs(ToolArgs):
    """Move within a fight (leaving a foe's reach provokes). Not to leave the scene."""

    creature_id: str
    to: Literal["engage", "near", "far", "cover"]
    target_id: str | None = None
    """For engage."""
    feature: Annotated[str, Field(max_length=80)] | None = None
    """A scene feature, for cover."""
