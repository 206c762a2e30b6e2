"""The scene boundary: what happens between one scene and the next, in order.

1. deferred firings of the scene left, in the order they became ready;
2. the social-graph ripple: relationship changes of the scene travel along the NPCs'
   ``ties``, fading with each link;
3. off-screen changes the campaign defines (``[[offscreen]]``);
4. world state: the scene's judgments are archived (their score changes stay, unless a
   firing on one refinement contradicted is damped), the truth set's "this scene" starts
   again; then the triggers are checked once more on the world the boundary left;
5. a checkpoint: the session keeps a restorable point at every scene start.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field

from app.actions.campaign_tools import apply_effects
from app.actions.events import SessionEvent
from app.actions.telling import tell
from app.session.triggers import Cascade, fire_deferred, run_triggers, why_moved
from app.world import bonds
from app.world.campaign import Campaign
from app.world.facts import holds
from app.world.ledger import TriggerFired
from app.world.state import GameState
from app.world.truth import Shift


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
    told: list[str] = field(default_factory=list)
    """What the DM is told happened between the scenes."""

    def take(self, done: Cascade) -> None:
        """Take in what a check of the triggers did."""
        self.events += done.events
        self.texts += done.texts + done.replies
        self.told += done.told


def scene_boundary(state: GameState, left: str) -> Boundary:
    """Run the pipeline for leaving ``left`` (the party is already in the next scene)."""
    done = Boundary(left=left)
    campaign = state.campaign
    truth = state.truth
    if campaign is not None:
        done.take(fire_deferred(state))
        done.events += ripple(state, campaign)
        _offscreen(state, campaign, done)
        if campaign.events.damp_revised:
            done.events += _damp(state)
    truth.revised = []
    truth.moved = {}
    truth.judgments = []
    truth.shifts = []
    truth.scene_start = truth.seq
    if campaign is not None:
        done.take(run_triggers(state, "boundary"))
    return done


def ripple(state: GameState, campaign: Campaign) -> list[SessionEvent]:
    """Word of the scene's relationship changes travels along the NPCs' ``ties``: each link
    passes on weight × change, breadth first, up to ``ripple_depth`` links, never back to
    someone it already reached, and not at all once it fades below ``ripple_floor``."""
    settings = campaign.events
    shown: list[SessionEvent] = []
    for change in list(state.truth.shifts):
        shown += _spread(state, campaign, change, settings.ripple_depth, settings.ripple_floor)
    return shown


def _spread(
    state: GameState, campaign: Campaign, change: Shift, depth: int, floor: float
) -> list[SessionEvent]:
    shown: list[SessionEvent] = []
    reached = {change.npc}
    frontier: deque[tuple[str, float, int]] = deque([(change.npc, change.delta, 0)])
    while frontier:
        npc, delta, links = frontier.popleft()
        if links >= depth or npc not in campaign.npcs:
            continue
        for other, weight in campaign.npcs[npc].ties.items():
            passed = delta * weight
            if other in reached or other not in campaign.npcs or abs(passed) < floor:
                continue
            reached.add(other)
            reason = change.reason or "what happened"
            ledger = bonds.shift(
                state, f"{change.dimension}.{other}", passed, reason, heard_from=change.npc
            )
            shown += tell(state, ledger)
            frontier.append((other, passed, links + 1))
    return shown


def _offscreen(state: GameState, campaign: Campaign, done: Boundary) -> None:
    """What happens away from the party, when its condition holds (once, by default)."""
    for change in campaign.offscreen:
        if change.once and state.truth.seen(f"fired.{change.id}"):
            continue
        if change.when is not None and not holds(change.when, state):
            continue
        state.log_event(TriggerFired(trigger=change.id, tier="boundary"))
        state.record("trigger", f"off-screen: {change.id}", ref=change.id, after="fired")
        done.told.append(f"off-screen, {change.id} happened")
        if change.effects.text:
            done.texts.append(change.effects.text)
        why = elsewhere(change.effects.text)
        more, _ = apply_effects(state, change.effects, None, why)
        done.events += more
        for key, delta in change.effects.shift.items():
            done.events += tell(state, bonds.shift(state, key, delta, why), because=True)


def elsewhere(text: str) -> str:
    """Why an off-screen change moved someone's feelings, in the players' words: the first
    sentence of what the campaign says happened, else that it happened while the party was
    elsewhere (the players arrive to find it so: the score shows why)."""
    first = " ".join(text.split()).split(". ")[0].rstrip(".")
    if not first:
        return "while you were elsewhere"
    return first if len(first) <= 80 else first[:79].rstrip() + "…"


def _damp(state: GameState) -> list[SessionEvent]:
    """Undo the score changes of firings that rested on a judgment later contradicted."""
    shown: list[SessionEvent] = []
    truth = state.truth
    for trigger_id in truth.revised:
        for key, delta in truth.moved.pop(trigger_id, {}).items():
            reason = f"taken back, on a closer reading: {why_moved(state, trigger_id)}"
            shown += tell(state, bonds.shift(state, key, -delta, reason), because=True)
    return shown
