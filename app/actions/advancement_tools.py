"""Experience and levels in play: XP for a fight won, story awards and milestones, the
``award_xp`` tool, and taking a level (``/levelup``).

The campaign says how its party advances (``advancement`` in ``[campaign]``). XP from a fight
is the experience of the foes defeated (killed or surrendered), shared among the living
party members. A milestone grants each living member the XP of its next level, so both
ways meet in one number on the sheet, and a character made at level 3 counts from that
level's threshold. Whenever experience brings a level within reach, the players are told
and take it themselves, out of combat, through :func:`take_level`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Annotated, Literal

from pydantic import Field, model_validator

from app.actions.args import Reason, ToolArgs
from app.actions.beast_form import shape_effect
from app.actions.events import DiceRoll, SessionEvent, StateChange
from app.actions.registry import ToolError, ToolOutcome
from app.world.state import GameState
from app.world.tied import bound
from rules.abilities import Ability
from rules.advancement import (
    LevelUp,
    effective_xp,
    level_for_xp,
    level_up,
    levels_owed,
    plan_level_up,
    xp_for_level,
)
from rules.character import CharacterSheet
from rules.damage import LifeState
from rules.outcomes import Impossible

Advancement = Literal["xp", "milestone", "none"]
MOST_AWARD = 100_000
"""The most XP one award may give: more than a party earns in a dozen levels."""


def advancement(state: GameState) -> Advancement:
    """How this game's party advances: its campaign's choice (``none`` without one)."""
    campaign = state.campaign
    return campaign.campaign.advancement if campaign is not None else "none"


def _living(state: GameState, ids: Sequence[str] | None) -> list[str]:
    chosen = list(ids) if ids else list(state.party)
    unknown = [cid for cid in chosen if cid not in state.party]
    if unknown:
        raise ToolError(
            f"unknown character(s) {', '.join(unknown)}; party: {', '.join(state.party)}"
        )
    return [cid for cid in chosen if state.party[cid].vitals.state is not LifeState.DEAD]


def within_reach(sheet: CharacterSheet) -> str | None:
    """``Thorin can reach level 4 — type /levelup`` when experience allows a new level."""
    if levels_owed(sheet) <= 0 or isinstance(plan_level_up(sheet), Impossible):
        return None
    return f"{sheet.name} can reach level {sheet.level + 1} — type /levelup"


def _gained(state: GameState, cid: str, xp: int, text: str) -> list[SessionEvent]:
    """Set a character's XP and tell the table, with the news of a level within reach."""
    sheet = state.party[cid]
    could = levels_owed(sheet) > 0
    before = effective_xp(sheet)  # a pregen counts the XP its level took
    sheet.xp = min(xp, 10_000_000)
    state.record("xp", text, who=cid, before=str(before), after=str(sheet.xp))
    events: list[SessionEvent] = [StateChange(kind="xp", target_id=cid, description=text)]
    news = within_reach(sheet)
    if news and not could:
        state.record("xp", news, who=cid)
        events.append(StateChange(kind="xp", target_id=cid, description=news))
    return events


def award_xp(
    state: GameState, amount: int, reason: str, ids: Sequence[str] | None = None
) -> tuple[list[SessionEvent], dict[str, int]]:
    """Share ``amount`` XP among the living characters named (the whole party by default),
    rounded down; returns the events and each one's share."""
    living = _living(state, ids)
    if amount <= 0 or not living:
        return [], {}
    share = amount // len(living)
    events: list[SessionEvent] = []
    shares: dict[str, int] = {}
    for cid in living:
        sheet = state.party[cid]
        total = effective_xp(sheet) + share
        text = f"{sheet.name} gains {share} XP ({reason}): {total} XP"
        events += _gained(state, cid, total, text)
        shares[cid] = share
    return events, shares


def grant_milestone(
    state: GameState, reason: str, ids: Sequence[str] | None = None
) -> tuple[list[SessionEvent], list[str]]:
    """A milestone: each living character named may take one more level than it could."""
    events: list[SessionEvent] = []
    granted: list[str] = []
    for cid in _living(state, ids):
        sheet = state.party[cid]
        target = min(20, level_for_xp(effective_xp(sheet)) + 1)
        if effective_xp(sheet) >= xp_for_level(target):
            continue  # level 20: no level beyond
        text = f"{sheet.name} reaches a milestone ({reason})"
        events += _gained(state, cid, xp_for_level(target), text)
        granted.append(cid)
    return events, granted


def encounter_xp(state: GameState, foe_ids: Sequence[str]) -> tuple[list[SessionEvent], int]:
    """At the end of a fight in a campaign that levels by XP: the experience of the foes
    killed, knocked out, surrendered or taken prisoner, shared among the living party;
    ``(events, XP awarded)``."""
    if advancement(state) != "xp":
        return [], 0
    total = 0
    for fid in foe_ids:
        foe = state.creatures.get(fid)
        if foe is None or foe.monster is None:
            continue
        beaten = foe.vitals.state is LifeState.DEAD or foe.vitals.hp == 0
        if beaten or foe.left == "surrendered" or (not foe.left and bound(foe)):
            total += state.monster(foe.monster).xp  # (a prisoner tied up is beaten too)
    if total == 0:
        return [], 0
    events, _ = award_xp(state, total, "the fight")
    return events, total


def apply_story_award(
    state: GameState, xp: int, level_up: bool, reason: str
) -> tuple[list[SessionEvent], dict[str, object]]:
    """An authored effect or ending's ``xp`` and ``level_up``."""
    events: list[SessionEvent] = []
    summary: dict[str, object] = {}
    if xp:
        more, shares = award_xp(state, xp, reason)
        events += more
        summary["xp"] = shares
    if level_up:
        more, granted = grant_milestone(state, reason)
        events += more
        summary["milestone"] = granted
    return events, summary


# -- the DM's tool ---------------------------------------------------------------------------


class AwardXpArgs(ToolArgs):
    """XP for a deed, shared by those named (fights give theirs), or a milestone."""

    amount: Annotated[int, Field(ge=1, le=MOST_AWARD)] | None = None
    milestone: bool = False
    reason: Reason
    character_ids: list[str] | None = Field(default=None, description="Default: all")

    @model_validator(mode="after")
    def _one(self) -> AwardXpArgs:
        if (self.amount is None) == (not self.milestone):
            raise ValueError("give an amount of XP or milestone = true (one of them)")
        return self


def award_xp_tool(args: AwardXpArgs, state: GameState) -> ToolOutcome:
    """award_xp: experience or a milestone, as the campaign's advancement allows."""
    how = advancement(state)
    if how == "none":
        raise ToolError("this campaign does not advance its characters")
    if args.milestone and how != "milestone":
        raise ToolError("this campaign levels by XP: award an amount")
    if args.amount is not None and how != "xp":
        raise ToolError("this campaign levels by milestones: use milestone = true")
    if args.amount is not None:
        events, shares = award_xp(state, args.amount, args.reason, args.character_ids)
        result: dict[str, object] = {"xp": shares}
    else:
        events, granted = grant_milestone(state, args.reason, args.character_ids)
        result = {"milestone": granted}
    names = [state.party[cid].name for cid in ready(state)]
    return ToolOutcome({**result, "can_level_up": names}, events)


# -- taking a level --------------------------------------------------------------------------


def why_not(state: GameState, character_id: str) -> str | None:
    """Why this character cannot take a level now (``None`` when it can)."""
    if character_id not in state.party:
        return f"no character {character_id!r}; party: {', '.join(state.party)}"
    sheet = state.party[character_id]
    if state.encounter is not None and state.ending is None:  # (a fight left open by an
        return "levels are taken between fights, not during one"  # ending is no fight)
    if shape_effect(sheet) is not None:  # (the wolf's hit points are not the druid's)
        return f"{sheet.name} is in beast form: take the level once back in their own shape"
    if levels_owed(sheet) <= 0:
        need = xp_for_level(min(20, sheet.level + 1))
        return (
            f"{sheet.name} is level {sheet.level} and needs {need} XP for the next "
            f"(has {effective_xp(sheet)})"
        )
    plan = plan_level_up(sheet)
    return plan.reason if isinstance(plan, Impossible) else None


def take_level(
    state: GameState,
    character_id: str,
    *,
    hp: Literal["roll", "average"] = "average",
    asi: Mapping[Ability, int] | None = None,
    spells: Sequence[str] = (),
    choices: Mapping[str, str] | None = None,
) -> tuple[LevelUp, list[SessionEvent]]:
    """Take the level a character's experience allows, out of combat; the hit-point roll
    goes to the dice log. :class:`ToolError` says why not, and nothing changes."""
    problem = why_not(state, character_id)
    if problem:
        raise ToolError(problem)
    sheet = state.party[character_id]
    result = level_up(sheet, state.rng, hp=hp, asi=asi, spells=spells, choices=choices)
    if isinstance(result, Impossible):
        raise ToolError(result.reason)
    left = result.left_to_choose()
    if left:  # (a choice not made now could never be made: the level is taken whole)
        raise ToolError(left)
    new = result.sheet
    new.xp = effective_xp(sheet)
    state.party[character_id] = new
    events: list[SessionEvent] = []
    if result.hp_roll is not None:
        events.append(
            DiceRoll.from_roll(
                result.hp_roll,
                check_type="roll",
                reason=f"hit points for level {new.level}",
                character_id=character_id,
                character_name=new.name,
            )
        )
    text = result.summary()
    state.record("xp", text, who=character_id, before=f"level {sheet.level}",
                 after=f"level {new.level}")  # fmt: skip
    events.append(StateChange(kind="xp", target_id=character_id, description=text))
    news = within_reach(new)
    if news:
        events.append(StateChange(kind="xp", target_id=character_id, description=news))
    return result, events


def ready(state: GameState) -> list[str]:
    """Ids of the characters whose experience allows a new level they can take now."""
    return [cid for cid, sheet in state.party.items() if within_reach(sheet)]
