"""Words an author declared to be places (a scene's ``called``: "camp", "the oasis"), read
as places: "go back to camp" is a move to the scene called camp — never a long rest, a
look around or a question — whatever the words mean elsewhere.

A hook after the line is read: it only changes a reading when the line has a going word
("go", "head", "back to", "return") and names a place declared for a scene an exit here
leads to; a way that is shut is read as the move, with its locked text as the note (the
referee says so, as for any shut way).
"""

from __future__ import annotations

import re

from app.understanding.intent import Intent
from app.understanding.words import has_phrase, normalise
from app.world import view
from app.world.campaign import Campaign
from app.world.state import GameState

GOING = re.compile(
    r"\b(?:go|goes|going|head|heads|walk|walks|run|runs|return|returns|back to|make for|"
    r"makes for|set off for|sets off for|travel|travels|ride|rides|march|marches|lead us)\b",
    re.IGNORECASE,
)
"""Words that make a declared place after them a way to go."""


def as_place(read: Intent, state: GameState, campaign: Campaign | None) -> Intent:
    """``read``, or a move to the scene a declared place word names when the line goes
    there."""
    if campaign is None or read.kind == "move" or state.encounter is not None or read.then:
        return read  # a line of several deeds keeps its own reading
    if GOING.search(read.text) is None:
        return read
    said = normalise(read.text)
    for way in view.exits_here(state, campaign):
        scene = campaign.scenes.get(way.to)
        if scene is None or not any(has_phrase(said, normalise(w)) for w in scene.called):
            continue
        shut = "" if way.open else way.locked_text or f"The way to {way.name} is shut."
        return Intent("move", read.text, read.actor, targets=(way.to,),
                      confidence=0.3 if shut else 0.9, note=shut)  # fmt: skip
    return read
