"""How the story ends: an ending of the campaign reached, or the whole party fallen (the
campaign's defeat ending, else the built-in Defeat); either way nobody is left dying, and
the ending's award is given. Below the tools that end a fight or a scene, which reach it."""

from __future__ import annotations

from app.actions import beings as bg
from app.actions.advancement_tools import apply_story_award
from app.actions.events import SessionEvent, StateChange
from app.actions.registry import ToolError
from app.world.facts import holds
from app.world.state import GameState
from rules.damage import LifeState, stabilize


def reach_ending(state: GameState, ending_id: str) -> list[SessionEvent]:
    """The story is over."""
    campaign = state.campaign
    if campaign is None:
        raise ToolError("this game has no campaign")
    ending = next(e for e in campaign.endings if e.id == ending_id)
    state.ending = ending_id
    state.record("reveal", f"ENDING: {ending.title}")
    tended = stabilise_the_dying(state)
    events: list[SessionEvent] = [
        StateChange(kind="ending", description=f"{ending.title} — {ending.text}{tended}")
    ]
    events += apply_story_award(state, ending.xp, ending.level_up, ending.title)[0]
    return events


DEFEAT = "defeat"
"""The built-in ending when every member of the party has fallen."""
DEFEAT_TEXT = "The party has fallen. The story ends here — unless you load a save."


def ending_title(state: GameState) -> str | None:
    """The title of the ending reached: one of the campaign's, or the built-in Defeat when
    the whole party has fallen."""
    if not state.ending:
        return None
    campaign = state.campaign
    for ending in campaign.endings if campaign is not None else []:
        if ending.id == state.ending:
            return ending.title
    return "Defeat" if state.ending == DEFEAT else state.ending


def ending_text(state: GameState) -> str:
    """What the ending says (the campaign's words, or the Defeat line)."""
    campaign = state.campaign
    for ending in campaign.endings if campaign is not None and state.ending else []:
        if ending.id == state.ending:
            return ending.text
    return DEFEAT_TEXT if state.ending == DEFEAT else ""


def party_fallen(state: GameState) -> list[SessionEvent]:
    """The whole party is down: the campaign's first ``defeat`` ending whose condition
    holds (or that has none), else the built-in Defeat."""
    campaign = state.campaign
    for ending in campaign.endings if campaign is not None else []:
        if ending.defeat and (ending.when is None or holds(ending.when, state)):
            return reach_ending(state, ending.id)
    state.ending = DEFEAT
    state.record("reveal", DEFEAT_TEXT)
    tended = stabilise_the_dying(state)
    return [StateChange(kind="ending", description=f"Defeat — {DEFEAT_TEXT}{tended}")]


def stabilise_the_dying(state: GameState) -> str:
    """The story ends: nobody is left making death saves forever. A dying member of the
    party becomes stable at 0 hit points (SRD: stable, unconscious, no more death saves);
    the words the ending adds to say so, or "" when nobody was dying."""
    tended = []
    for cid, sheet in state.party.items():
        if sheet.vitals.state is LifeState.DYING:
            bg.set_vitals(state, cid, stabilize(sheet.vitals))
            state.record("hp", f"{sheet.name} is stable at 0 HP as the story ends", who=cid)
            tended.append(sheet.name)
    if not tended:
        return ""
    who = " and ".join(tended)
    verb = "is" if len(tended) == 1 else "are"
    return f" ({who} {verb} tended as the story ends: stable at 0 hit points, out of danger.)"
