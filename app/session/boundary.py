"""The scene boundary: what happens between one scene and the next, in order.

1. deferred firings of the scene left, in the order they became ready;
2. the social-graph ripple: relationship changes of the scene travel along the NPCs'
   ``ties``, fading with each link;
3. off-screen changes the campaign defines (``[[offscreen]]``);
4. world state: the scene's judgments are archived (their score changes stay), the
   truth set's "this scene" starts again;
5. a checkpoint: the session keeps a restorable point at every scene start.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from app.dm.events import SessionEvent
from app.world.state import GameState


@dataclass
class Boundary:
    """What crossing a scene boundary did."""

    left: str
    """The scene left."""
    events: list[SessionEvent] = field(default_factory=list)
    texts: list[str] = field(default_factory=list)
    """The campaign's words for what fired, shown after the narration."""
    checkpoint: bool = True
    """The session should keep a restorable point here (a scene start)."""


def scene_boundary(state: GameState, left: str) -> Boundary:
    """Run the pipeline for leaving ``left`` (the party is already in the next scene)."""
    done = Boundary(left=left)
    truth = state.truth
    truth.judgments = []
    truth.shifts = []
    truth.scene_start = truth.seq
    return done
