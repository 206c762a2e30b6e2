"""SessionEvent: everything a turn produces, as one pydantic discriminated union on ``type``.

The TUI, the headless runner and the tests all consume the same stream. Mechanical results
are events the moment they happen; the narrative streams as ``narrative_chunk``s; a turn
ends with ``turn_end`` (or a recoverable ``error``).
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from app.world.usage import Usage as Usage  # noqa: PLC0414 - re-exported: the world keeps it
from rules.checks import LUCKY, CheckResult
from rules.dice import RollResult


class _Event(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class DieFace(_Event):
    """One die as thrown."""

    sides: int
    value: int
    kept: bool
    rerolled: bool = False
    exploded: bool = False


class NarrativeChunk(_Event):
    """A piece of the DM's narration, in order."""

    type: Literal["narrative_chunk"] = "narrative_chunk"
    text: str


class DiceRoll(_Event):
    """A roll the engine made, with everything the dice log shows."""

    type: Literal["dice_roll"] = "dice_roll"
    check_type: str
    """``ability_check``, ``saving_throw``, ``group_check``, ``roll``, ``initiative``, …"""
    character_id: str | None = None
    character_name: str | None = None
    ability: str | None = None
    skill: str | None = None
    dc: int | None = None
    formula: str
    dice: list[DieFace] = Field(default_factory=list)
    kept: list[int] = Field(default_factory=list)
    modifier: int = 0
    total: int
    natural: int | None = None
    crit: bool = False
    """A natural 20; on an attack roll, any critical hit (a 19 with Improved Critical, a
    helpless target struck from within 5 feet)."""
    fumble: bool = False
    advantage: str = "normal"
    success: bool | None = None
    reason: str = ""
    text: str = ""
    """The plain rendering, e.g. ``1d20 (9) + 5 = 14``."""
    markup: str = ""
    """The Rich-markup rendering."""
    auto_fail: str | None = None

    @classmethod
    def from_roll(
        cls,
        result: RollResult,
        *,
        check_type: str,
        reason: str = "",
        character_id: str | None = None,
        character_name: str | None = None,
        dc: int | None = None,
        success: bool | None = None,
    ) -> DiceRoll:
        """Describe a plain roll (damage, ``roll_dice``, initiative)."""
        thrown = result.dice  # each read of these walks the result tree: read them once
        natural = result.natural
        dice = [  # validated with the roll, in one pass
            {
                "sides": d.sides, "value": d.value, "kept": d.kept, "rerolled": d.rerolled,
                "exploded": d.exploded,
            }
            for d in thrown
        ]  # fmt: skip
        kept = [d.value for d in thrown if d.kept]
        return cls(
            check_type=check_type,
            character_id=character_id,
            character_name=character_name,
            dc=dc,
            formula=result.expression,
            dice=dice,
            kept=kept,
            modifier=result.total - sum(kept),
            total=result.total,
            natural=natural,
            crit=natural == 20,  # as RollResult.crit and .fumble read it
            fumble=natural == 1,
            advantage=result.advantage.value,
            success=success,
            reason=reason,
            text=result.plain(),
            markup=result.markup(),
        )

    @classmethod
    def from_check(cls, check: CheckResult, *, character_id: str, character_name: str) -> DiceRoll:
        """Describe a check or save, including one that failed without a roll."""
        ability = check.ability.value if check.ability else None
        skill = check.skill.value if check.skill else None
        if check.roll is None:
            return cls(
                check_type=check.kind.value, character_id=character_id,
                character_name=character_name, ability=ability, skill=skill, dc=check.dc,
                formula="", total=0, success=check.success, reason=check.reason,
                text=f"fails automatically ({check.auto_fail})" if not check.success
                else "succeeds without a roll", auto_fail=check.auto_fail,
                modifier=check.modifier,
            )  # fmt: skip
        base = cls.from_roll(
            check.roll,
            check_type=check.kind.value,
            reason=check.reason,
            character_id=character_id,
            character_name=character_name,
            dc=check.dc,
            success=check.success,
        )
        update: dict[str, object] = {"ability": ability, "skill": skill, "modifier": check.modifier}
        if LUCKY in check.reasons:  # the 1 rolled again is shown, or the log hides it
            update["text"] = f"{base.text} ({LUCKY})"
        return base.model_copy(update=update)


class StateTransition(_Event):
    """The game moved between exploration and combat."""

    type: Literal["state_transition"] = "state_transition"
    to: Literal["exploration", "combat"]
    reason: str = ""


class ActionRestriction(_Event):
    """Only these characters may act now (empty: everyone may)."""

    type: Literal["action_restriction"] = "action_restriction"
    allowed_character_ids: list[str]
    reason: str = ""


class StateChange(_Event):
    """Something in the world changed: hit points, conditions, items, the scene, a flag."""

    type: Literal["state_change"] = "state_change"
    kind: Literal[
        "hp", "condition", "item", "scene", "flag", "reveal", "ending", "xp", "relationship",
        "judgment",
    ]  # fmt: skip
    """``xp``: experience gained, a level within reach, or a level taken. ``relationship``:
    how someone feels about the party moved (``target_id`` is the NPC). ``judgment``: how
    the game read what someone said (shown only where the player asked to see it)."""
    target_id: str | None = None
    description: str
    before: str | None = None
    after: str | None = None


class CombatantStatus(_Event):
    """One line of the initiative tracker."""

    id: str
    name: str
    initiative: int
    hp: int
    max_hp: int
    ac: int
    conditions: list[str] = Field(default_factory=list)
    side: str
    position: str = ""
    """Where it stands, in a few characters: ``⚔ Goblin 1``, ``near``, ``far ½``."""


class CombatUpdate(_Event):
    """The state of a fight: round, order, whose turn, hit points and conditions."""

    type: Literal["combat_update"] = "combat_update"
    round: int
    current_id: str
    combatants: list[CombatantStatus]


class ReactionOffer(_Event):
    """One reaction a creature may take in a window."""

    reactor_id: str
    reactor_name: str
    kind: str
    """A kind of :data:`app.actions.reaction_kinds.KINDS`: ``shield``, ``opportunity_attack`` …,
    or ``declared`` — the player's own words, for the DM to adjudicate."""
    prompt: str
    accepted: bool = False
    subturn: str | None = None
    """``7.1``, ``7.2`` … for accepted reactions (``7.1.1`` nested), in the order they
    resolve."""
    declared: str = ""
    """What the player said, when they answered in their own words."""


class ReactionWindow(_Event):
    """Something happened that creatures may react to; who was asked, who said yes."""

    type: Literal["reaction_window"] = "reaction_window"
    trigger: str
    offers: list[ReactionOffer]
    parent: str = ""
    """The turn or subturn the window opened in (``7``, or ``7.1`` for a nested one)."""


class ReactionSubturn(_Event):
    """A declared reaction moved on in the turn stack: taken up by the DM, done, or lapsed
    (it never happened, and why) — shown as it happens, not only after."""

    type: Literal["reaction_subturn"] = "reaction_subturn"
    subturn: str
    reactor_name: str
    declared: str = ""
    status: Literal["resolving", "done", "lapsed"]
    outcome: str = ""


class TurnEnd(_Event):
    """The turn is complete."""

    type: Literal["turn_end"] = "turn_end"
    turn: int
    usage: Usage = Field(default_factory=Usage)
    alerts: list[str] = Field(default_factory=list)
    """Cost alerts this turn crossed (the player's thresholds), shown once each."""


class TurnRetold(_Event):
    """The last turn was told again (``/reroll``): the narration streamed before this
    replaces its telling in the story; the dice, the results and the world are as they
    were."""

    type: Literal["turn_retold"] = "turn_retold"
    turn: int
    times: int
    """How many times the turn has now been retold."""
    asked_by: str = ""
    """The player who asked (the table sees who)."""
    usage: Usage = Field(default_factory=Usage)


class ErrorEvent(_Event):
    """Something went wrong. ``recoverable``: the world is as it was before the turn and the
    players' actions are still queued, so the turn can simply be tried again."""

    type: Literal["error"] = "error"
    message: str
    recoverable: bool = True


SessionEvent = Annotated[
    NarrativeChunk
    | DiceRoll
    | StateTransition
    | ActionRestriction
    | StateChange
    | CombatUpdate
    | ReactionWindow
    | ReactionSubturn
    | TurnEnd
    | TurnRetold
    | ErrorEvent,
    Field(discriminator="type"),
]

session_event_adapter: TypeAdapter[SessionEvent] = TypeAdapter(SessionEvent)
