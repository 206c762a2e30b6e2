"""The referee's answers to players asking about experience and levels ("can I level up?",
"how much xp do we have?"): where each character stands, and how a level is taken — and
about what the DM costs ("how many tokens have we used?"): nothing, from the referee."""

from __future__ import annotations

from app.actions.advancement_tools import advancement, within_reach
from app.world.state import GameState
from rules.advancement import effective_xp, xp_for_level

USAGE_TEXT = (
    "I am the offline referee: I run on this machine and spend no tokens, so this game costs "
    "nothing. With an AI DM, /usage shows the tokens spent (last turn, average, this game) "
    "and the estimated cost, and the DM settings can alert you past a cost you choose."
)
"""The referee's answer to players asking what the DM costs."""


def levelling_text(state: GameState) -> str:
    """Each character's level (and XP, where the campaign counts it), who can take a level
    now, and how the campaign grows its party."""
    how = advancement(state)
    if how == "none":
        return "This adventure does not level its characters: they stay as they are made."
    parts = []
    for sheet in state.party.values():
        news = within_reach(sheet)
        if news:
            parts.append(f"{news}.")
        elif how == "xp" and sheet.level < 20:
            need = xp_for_level(sheet.level + 1)
            parts.append(
                f"{sheet.name} is level {sheet.level} with {effective_xp(sheet)} XP "
                f"({need} for the next)."
            )
        else:
            parts.append(f"{sheet.name} is level {sheet.level}.")
    way = (
        "Defeated foes and great deeds give experience."
        if how == "xp"
        else "New levels come at milestones of the story."
    )
    return " ".join([*parts, way, "A level is taken between fights with /levelup."])
