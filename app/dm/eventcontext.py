"""What the DM is told of the event system each call, in few tokens: how the people here
(and those the party has dealt with) feel, the interpretive judgments it may refine by id,
and the scene's goals not yet met.

Empty sections are left out; a campaign without NPCs, judgments or goals adds nothing.
"""

from __future__ import annotations

from app.world.bonds import attitude
from app.world.scores import score
from app.world.state import GameState
from app.world.view import npcs_here

MOST_PEOPLE = 8
"""People described at most (those present first)."""
MOST_JUDGMENTS = 8
"""Judgments listed at most (the newest)."""


def _number(value: float) -> str:
    return f"{value:g}"


def people_ids(state: GameState) -> list[str]:
    """The NPCs present, then those whose feelings have moved this game (in the order they
    first moved), without repeats."""
    campaign = state.campaign
    if campaign is None:
        return []
    found = list(npcs_here(state, campaign))
    for key in state.truth.scores:
        bits = key.split(".")
        if len(bits) >= 2 and bits[1] in campaign.npcs and bits[0] in campaign.events.dimensions:
            found.append(bits[1])
    return list(dict.fromkeys(n for n in found if n in campaign.npcs))


def own_scores(state: GameState, npc_id: str, dimension: str) -> list[tuple[str, float]]:
    """Characters whose own score with an NPC differs from the party's: (character, value)."""
    party = score(state, f"{dimension}.{npc_id}")
    found = []
    for cid in state.party:
        key = f"{dimension}.{npc_id}.{cid}"
        if key in state.truth.scores and state.truth.scores[key] != party:
            found.append((cid, state.truth.scores[key]))
    return found


def people_line(state: GameState, npc_id: str) -> str:
    """``berta: friendly; trust 2, affection 3 (mira trust 4); here``."""
    campaign = state.campaign
    assert campaign is not None
    numbers = []
    for dimension in campaign.events.dimensions:
        text = f"{dimension} {_number(score(state, f'{dimension}.{npc_id}'))}"
        own = own_scores(state, npc_id, dimension)
        if own:
            text += " (" + ", ".join(f"{c} {_number(v)}" for c, v in own) + ")"
        numbers.append(text)
    here = "; here" if npc_id in npcs_here(state, campaign) else ""
    return f"- {npc_id}: {attitude(state, npc_id)}; {', '.join(numbers)}{here}"


def people(state: GameState) -> str:
    """How the people here and those the party has dealt with feel about it."""
    ids = people_ids(state)[:MOST_PEOPLE]
    if not ids:
        return ""
    lines = ["How people feel about the party (attitude; scores):"]
    lines += [people_line(state, npc) for npc in ids]
    return "\n".join(lines)


def judgments(state: GameState) -> str:
    """The truth set's judgments still in play, newest last, with the ids the DM may
    refine (``record_judgment``)."""
    kept = [j for j in state.truth.judgments if j.status in ("provisional", "refined")]
    if not kept:
        return ""
    lines = ["How the game read the players' words (refine by id with record_judgment):"]
    for j in kept[-MOST_JUDGMENTS:]:
        what = j.watch or j.category
        about = f" about {j.about}" if j.about else ""
        by = f" by {j.speaker}" if j.speaker else ""
        way = f" {j.direction}" if j.direction else ""
        lines.append(f"- {j.id} {what}{way}{about}{by}, {j.confidence:.2f} {j.status}")
    return "\n".join(lines)


def _met(state: GameState, goal_id: str) -> bool:
    scene = state.scene.id
    return state.truth.seen(f"goal.{goal_id}") or state.truth.seen(f"goal.{scene}.{goal_id}")


def goals(state: GameState) -> str:
    """The current scene's goals not yet met."""
    campaign = state.campaign
    spec = campaign.scenes.get(state.scene.id) if campaign is not None else None
    if spec is None:
        return ""
    open_goals = [f"{gid} ({g.text})" for gid, g in spec.goals.items() if not _met(state, gid)]
    if not open_goals:
        return ""
    return "Scene goals not yet met: " + "; ".join(open_goals)


def event_context(state: GameState) -> str:
    """The event system's section of the DM's context (empty when it has nothing)."""
    return "\n".join(part for part in (people(state), judgments(state), goals(state)) if part)
