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

from rules.abilities import Ability
from rules.conditions import Condition
from rules.damage import DamageType
from rules.dice import DiceError, formula_stats, parse
from rules.dice.ast import Annotated as Labelled
from rules.dice.ast import BinaryOp, Dice, Node, Number, Parens, UnaryOp, children, fold
from rules.skills import Skill

DC = Annotated[int, Field(ge=1, le=30)]
"""A difficulty class; the system prompt gives the scale once for every tool."""
Mode = Literal["normal", "advantage", "disadvantage"]
Reason = Annotated[str, Field(min_length=1, max_length=200)]

MAX_AMOUNT = 100
"""The most damage or healing one call may do: a formula whose highest result is above
this is refused (a 3rd-level fighter has about 28 hit points; 10d10 is already 100)."""
MAX_AMOUNT_DICE = 40
"""Dice in an amount formula; more is a mistake, not a game effect."""
_ALLOWED = f"dice like '2d6+3' or a whole number from 1 to {MAX_AMOUNT}"


def _interval(node: Node) -> tuple[int, int] | None:
    """Exact lowest and highest total of a sum of plain dice and numbers (else ``None``)."""
    return fold(node, children, _interval_of)


def _interval_of(node: Node, below: list[tuple[int, int] | None]) -> tuple[int, int] | None:
    if isinstance(node, Number):
        return node.value, node.value
    if isinstance(node, Dice):
        return (
            None
            if node.ops
            else (min(node.count, node.count * node.sides), node.count * node.sides)
        )
    if isinstance(node, Parens | Labelled):
        return below[0]
    if isinstance(node, UnaryOp) and node.op in "+-":
        inner = below[0]
        if inner is None:
            return None
        return inner if node.op == "+" else (-inner[1], -inner[0])
    if isinstance(node, BinaryOp) and node.op in ("+", "-"):
        left, right = below
        if left is None or right is None:
            return None
        if node.op == "+":
            return left[0] + right[0], left[1] + right[1]
        return left[0] - right[1], left[1] - right[0]
    return None


def _dice_count(node: Node) -> int:
    """Dice a formula throws (a walk without recursion: formulas can be 500 terms long)."""
    return fold(
        node, children, lambda n, below: (n.count if isinstance(n, Dice) else 0) + sum(below)
    )


def amount_problem(text: str) -> str | None:
    """Why ``text`` is not a sane damage or healing amount, or ``None`` when it is.

    Allowed: dice and whole numbers whose highest possible total is 1 to
    :data:`MAX_AMOUNT` (a low roll may still come out at 0: "1d4-1")."""
    try:
        formula = parse(text)
    except DiceError as error:
        return f"{text!r} is not a formula ({error}); use {_ALLOWED}"
    if _dice_count(formula.root) > MAX_AMOUNT_DICE:
        return f"{text!r} rolls too many dice; use {_ALLOWED}"
    bounds = _interval(formula.root)
    if bounds is None:
        stats = formula_stats(formula)
        if stats.unbounded:
            return f"{text!r} has no upper limit (exploding dice); use {_ALLOWED}"
        bounds = stats.minimum, stats.maximum
    high = bounds[1]
    if high < 1:
        return f"{text!r} never comes to more than {high}, so it does nothing; use {_ALLOWED}"
    if high > MAX_AMOUNT:
        return f"{text!r} can reach {high}, more than {MAX_AMOUNT}; use {_ALLOWED}"
    return None


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


class _Args(BaseModel):
    model_config = ConfigDict(extra="forbid")


class AbilityCheckArgs(_Args):
    """An ability check (pick a lock, climb, persuade)."""

    character_id: str
    skill: Skill | None = None
    ability: Ability | None = None
    dc: DC
    reason: Reason
    advantage: Mode = "normal"

    @model_validator(mode="after")
    def _one_of(self) -> AbilityCheckArgs:
        if self.skill is None and self.ability is None:
            raise ValueError("give a skill or an ability")
        return self


class SavingThrowArgs(_Args):
    """A saving throw (dodge a trap)."""

    character_id: str
    ability: Ability
    dc: DC
    reason: Reason
    advantage: Mode = "normal"


class GroupCheckArgs(_Args):
    """One check for several characters (passes if half pass)."""

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


class RollSpec(_Args):
    formula: Annotated[str, BeforeValidator(_amount_text), Field(min_length=1, max_length=100)]
    flavor: str = ""


class RollDiceArgs(_Args):
    """Roll dice that no other tool rolls."""

    rolls: Annotated[list[RollSpec], Field(min_length=1, max_length=10)]


class MonsterGroup(_Args):
    monster: str = Field(description="e.g. goblin")
    count: int = Field(default=1, ge=1, le=12)
    at: Literal["engaged", "near", "far"] | None = None


class StartCombatArgs(_Args):
    """Start a fight: a campaign encounter, or monsters."""

    reason: Reason
    encounter: str | None = None
    monsters: Annotated[list[MonsterGroup], Field(max_length=8)] = Field(default_factory=list)
    surprise: Literal["party", "foes"] | None = Field(
        default=None, description="Side caught unaware"
    )

    @model_validator(mode="after")
    def _one_of(self) -> StartCombatArgs:
        if not self.monsters and self.encounter is None:
            raise ValueError("give an encounter id or a list of monsters")
        return self


class RestrictActionArgs(_Args):
    """Only these characters may act next ([] lifts it)."""

    character_ids: list[str]
    reason: Reason


class GetEncounterArgs(_Args):
    """The fight as it stands: round, order, HP, conditions."""


class DamageArgs(_Args):
    """Damage someone (a trap, a fall)."""

    target_id: str
    amount: Amount
    damage_type: DamageType
    reason: Reason


class HealArgs(_Args):
    """Restore HP, or grant temporary HP (the higher pool stays)."""

    target_id: str
    amount: Amount
    temporary: bool = False
    reason: Reason


class ConditionArgs(_Args):
    """Add a condition, or remove it (present=false); level: exhaustion."""

    target_id: str
    condition: Condition
    present: bool = True
    rounds: int | None = Field(default=None, ge=1, le=100)
    level: int | None = Field(default=None, ge=0, le=6)
    reason: Reason


class ItemArgs(_Args):
    """Give a character an item, or take one."""

    character_id: str
    item: Annotated[str, Field(min_length=1, max_length=80)]
    action: Literal["give", "take"] = "give"
    reason: Reason


class MoveSceneArgs(_Args):
    """Move the party to another scene."""

    scene_id: str
    reason: Reason


class SetFlagArgs(_Args):
    """Remember a story fact (door_open = true)."""

    name: Annotated[str, Field(pattern=r"^[a-z0-9_]{1,40}$")]
    value: Annotated[
        bool | int | str,
        WithJsonSchema({"anyOf": [{"type": "boolean"}, {"type": "integer"}, {"type": "string"}]}),
    ]


class RevealArgs(_Args):
    """A fact the players have learned."""

    text: Annotated[str, Field(min_length=1, max_length=400)]


class ChallengeArgs(_Args):
    """Resolve a challenge of the DM notes."""

    challenge_id: str
    character_id: str | None = None
    advantage: Mode = "normal"


class TalkArgs(_Args):
    """Talk with someone here (a greeting, or a topic)."""

    npc_id: str
    character_id: str | None = None
    topic: Annotated[str, Field(max_length=80)] | None = Field(
        default=None, description="A keyword of the DM notes"
    )


class EndTurnArgs(_Args):
    """End the turn of whoever is up."""


class EndCombatArgs(_Args):
    """End the fight."""

    reason: Reason


class AttackArgs(_Args):
    """A weapon attack, or a monster's attack or multiattack."""

    attacker_id: str
    target_id: str
    weapon: str | None = Field(default=None, description="Weapon or action id")
    mode: Literal["thrown", "two_handed", "off_hand"] | None = Field(
        default=None,
        description="off_hand: a bonus attack, second light weapon",
    )
    knock_out: bool = Field(
        default=False, description="Melee only: a target dropped to 0 HP is knocked out, not killed"
    )


class CastSpellArgs(_Args):
    """Cast a known spell (the engine rolls it)."""

    caster_id: str
    spell: str
    target_ids: list[str] = Field(default_factory=list, description="One per ray/dart/target")
    slot_level: int | None = Field(default=None, ge=1, le=9)


class TakeActionArgs(_Args):
    """Any other action (withdraw and flee provoke; ready: attack or cast on a trigger)."""

    creature_id: str
    action: Literal[
        "dodge", "dash", "disengage", "help", "hide", "withdraw", "flee", "surrender",
        "stabilize", "grapple", "shove_prone", "shove_away", "escape_grapple", "ready",
    ]  # fmt: skip
    target_id: str | None = Field(default=None, description="The other creature, if any")
    trigger: Annotated[str, Field(max_length=200)] | None = Field(
        default=None, description="ready: when, in words"
    )
    watch: Literal["approach", "move", "attack", "cast", "other"] | None = Field(
        default=None, description="ready: what target_id or a foe does"
    )
    weapon: str | None = None
    spell: str | None = None
    scene_id: str | None = Field(
        default=None,
        description="flee: the way out run for (a scene id); the party escapes "
        "by it once nobody standing is held in a foe's reach",
    )


class MonsterActionArgs(_Args):
    """A foe's non-weapon action or trait move from the roster (area: targets save)."""

    creature_id: str
    action: str
    target_ids: list[str] = Field(default_factory=list, max_length=12)


class RestArgs(_Args):
    """The party rests: short (spend hit dice) or long (regain all)."""

    kind: Literal["short", "long"]
    character_ids: list[str] | None = Field(default=None, description="Default: all")


class MoveArgs(_Args):
    """Move in a fight (leaving a foe's reach provokes)."""

    creature_id: str
    to: Literal["engage", "near", "far", "cover"]
    target_id: str | None = Field(default=None, description="Creature or ally, for engage")
    feature: Annotated[str, Field(max_length=80)] | None = Field(
        default=None, description="Scene feature, for cover"
    )
