"""``record_judgment``: the DM's deeper reading of what the players' words meant.

The game makes provisional judgments from keywords before the DM is called (the DM sees
them in its context by id: ``j3 berta_reassured about berta: provisional, 0.70``). The DM
refines one by its id — raising, lowering or contradicting it — or records a meaning the
keywords missed. Score changes follow at once; triggers answer after the narration.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import ConfigDict, Field

from app.actions.args import ToolArgs
from app.actions.events import SessionEvent, StateChange
from app.actions.registry import ToolError, ToolOutcome
from app.world import judgments as judging
from app.world.ledger import LedgerEvent, RelationshipShifted
from app.world.sensitivity import sensitivity_map
from app.world.spec import SAVED_INT
from app.world.state import GameState
from app.world.truth import Judgment, JudgmentCategory

Id = Annotated[str, Field(max_length=40)]


class RecordJudgmentArgs(ToolArgs):
    """What a player's words meant. To correct a game judgment you were shown (j3), give
    `refines`; to record one it missed, give `judgment` (a watch id you were shown)
    or `category` + `about`. Under the campaign's minimum confidence (usually 0.5) or
    in the opposite direction, it is contradicted and stops counting."""

    model_config = ConfigDict(extra="forbid")

    refines: Annotated[str, Field(pattern=r"^j\d{1,6}$")] | None = None
    judgment: Id | None = None
    category: JudgmentCategory | None = None
    about: Id | None = Field(default=None, description="NPC id")
    character_id: Id | None = Field(default=None, description="Who said it")
    direction: Literal["up", "down"] | None = None
    confidence: float = Field(ge=0.0, le=1.0)
    evidence: list[Annotated[int, Field(ge=0, le=SAVED_INT)]] = Field(
        default_factory=list, max_length=20
    )
    description: Annotated[str, Field(max_length=200)] = ""


def worth_judging(state: GameState) -> bool:
    """Out of a fight, when there is something to judge: judgments of this scene on record
    (to refine), or words said this turn to someone the scene listens for. Not on a turn
    of walking, looking or fighting: a schema is tokens paid on every call."""
    if state.encounter is not None:
        return False
    if state.truth.judgments:
        return True
    listened = {e.spec.about for e in sensitivity_map(state).entries if e.spec.about}
    return any(state.truth.seen(f"spoke_to.{npc}", within="turn") for npc in listened)


def record_judgment_tool(args: RecordJudgmentArgs, state: GameState) -> ToolOutcome:
    """record_judgment: refine a judgment by id, or record a new one."""
    if args.refines is None and args.judgment is None and args.category is None:
        raise ToolError("give 'refines' (a judgment id like j3), 'judgment' or 'category'")
    if args.character_id is not None and args.character_id not in state.party:
        raise ToolError(f"no character {args.character_id!r}; the party: {', '.join(state.party)}")
    campaign = state.campaign
    if args.about is not None and (campaign is None or args.about not in campaign.npcs):
        known = ", ".join(campaign.npcs) if campaign is not None else "none"
        raise ToolError(f"no NPC {args.about!r}; NPCs: {known}")
    try:
        done = judging.refine(
            state, refines=args.refines, watch=args.judgment, category=args.category,
            about=args.about, speaker=args.character_id, direction=args.direction,
            confidence=args.confidence, evidence=args.evidence,
            description=args.description,
        )  # fmt: skip
    except judging.JudgmentError as error:
        raise ToolError(str(error)) from error
    judgment = done.judgment
    shown = _notice(state, judgment, done.events)
    result: dict[str, Any] = {
        "judgment": judgment.id,
        "status": judgment.status,
        "confidence": judgment.confidence,
        "counts": judging.counts(state, judgment),
        "note": done.note,
    }
    moved = _moves(state, done.events)
    if moved:
        result["changes"] = moved
    return ToolOutcome(result, shown)


def _moves(state: GameState, events: list[LedgerEvent]) -> list[str]:
    """The party's scores the refinement moved, in words (``Berta: trust 1 -> 0``)."""
    campaign = state.campaign
    moved = []
    for event in events:
        if isinstance(event, RelationshipShifted) and event.toward == "party":
            name = campaign.npcs[event.npc].name if campaign and event.npc in campaign.npcs else ""
            before = event.value - event.delta
            moved.append(f"{name or event.npc}: {event.dimension} {before:g} -> {event.value:g}")
    return moved


def _notice(state: GameState, judgment: Judgment, events: list[LedgerEvent]) -> list[SessionEvent]:
    """What the players see: a judgment that moved someone's feelings (others are quiet,
    as a DM's private reading should be)."""
    moved = _moves(state, events)
    if not moved:
        return []
    campaign = state.campaign
    about = judgment.about
    name = campaign.npcs[about].name if campaign and about and about in campaign.npcs else about
    if judgment.status == "contradicted":
        said = f"{name or 'The world'} took your words differently after all"
    else:
        said = f"{name or 'The world'} took your words to heart"
    return [
        StateChange(
            kind="judgment", target_id=about, description=f"{said} ({'; '.join(moved)})",
            after=judgment.status,
        )
    ]  # fmt: skip
