"""The DM's reaction tools: ``open_reaction_window`` on any event ("anyone want to react to
this fireball?") and ``end_subturn`` once a declared reaction is resolved (the seed's
``end_subturn_and_get_next``).

In a window the DM opens, every party member who may react is asked through the game's
reaction policy (players by their player, who say what they do); the DM declares for the
creatures it runs in the same call. Each reaction taken is a sibling subturn, in the order
they resolve; the DM resolves each with its usual tools (the reactor acts out of turn) and
ends it with ``end_subturn``, which takes up the next. Priced offers (a readied action …)
come from :data:`OFFER_SOURCES`: one line each.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pydantic import ConfigDict, Field

from app.actions import beings as bg
from app.actions.adjudication import subturn_brief, subturn_event, take_up
from app.actions.args import ToolArgs
from app.actions.events import ReactionOffer, SessionEvent
from app.actions.reactions import (
    AutoPolicy,
    Declaration,
    Question,
    ReactionPolicy,
    has_reaction,
    open_window,
    read_declaration,
    resolving,
)
from app.actions.readied import fire, readied_offers
from app.actions.registry import ToolError, ToolOutcome
from app.world.state import GameState

OfferSource = Callable[[GameState, str], list[tuple[ReactionOffer, bool]]]
"""Priced reactions to a moment the DM describes: ``(state, trigger)`` → offers."""
OFFER_SOURCES: list[OfferSource] = [
    lambda state, trigger: readied_offers(state),  # the DM judges that the trigger came
]
"""Where a DM window finds priced offers beside the players' own words."""
Resolver = Callable[[GameState, ReactionOffer], list[SessionEvent]]
RESOLVERS: dict[str, Resolver] = {
    "readied": lambda state, offer: fire(state, offer, None),
}
"""How a priced reaction taken in a DM window is resolved, by kind (inside its subturn)."""


class OpenReactionWindowArgs(ToolArgs):
    """Ask who reacts to what just happened; resolve each subturn, then end_subturn."""

    model_config = ConfigDict(extra="forbid")

    trigger: str = Field(min_length=1, max_length=200, description="What happens")
    reactor_ids: list[str] | None = Field(
        default=None, max_length=20, description="Who may react (default: the party)"
    )
    npc: list[str] = Field(
        default_factory=list, max_length=20, description="Your creatures': 'id: what it does'"
    )


class EndSubturnArgs(ToolArgs):
    """A declared reaction is resolved; returns the next one."""

    model_config = ConfigDict(extra="forbid")

    subturn_id: str = Field(min_length=1, max_length=40)
    outcome: str = Field(min_length=1, max_length=200, description="In a few words")
    refund: bool = Field(default=False, description="Not a reaction after all: give it back")


class _DmDeclares:
    """Answers for the DM's own creatures with what the DM said; asks the rest as usual."""

    def __init__(self, inner: ReactionPolicy, said: dict[str, str]) -> None:
        self.inner = inner
        self.said = said

    def declare(self, state: GameState, question: Question) -> Declaration:
        words = self.said.get(question.reactor_id)
        if words is None:
            return self.inner.declare(state, question)
        return read_declaration(words, question.options)


def _npc_words(state: GameState, lines: list[str]) -> dict[str, str]:
    said: dict[str, str] = {}
    for line in lines:
        cid, sep, words = line.partition(":")
        if not sep or not words.strip():
            raise ToolError(f"npc entries are 'id: what it does', got {line!r}")
        said[bg.resolve_target(state, cid.strip())] = words.strip()
    return said


def open_reaction_window_tool(args: OpenReactionWindowArgs, state: GameState) -> ToolOutcome:
    """open_reaction_window."""
    if state.encounter is None:
        raise ToolError("reactions happen in a fight; no fight is on")
    said = _npc_words(state, args.npc)
    if args.reactor_ids is not None:
        chosen = [bg.resolve_target(state, cid) for cid in args.reactor_ids]
    else:
        chosen = [c.id for c in state.encounter.order if c.id in state.party]
    chosen += [cid for cid in said if cid not in chosen]
    fighting = {c.id for c in state.encounter.order}
    outside = [cid for cid in chosen if cid not in fighting]
    if outside:  # (one left behind in another scene, or of a fight long over)
        raise ToolError(
            f"{', '.join(state.name_of(c) for c in outside)} not in this fight: reactors are "
            f"among those fighting ({', '.join(sorted(fighting))})"
        )
    unable = [state.name_of(cid) for cid in chosen if not has_reaction(state, cid)]
    able = [cid for cid in chosen if has_reaction(state, cid)]
    offers = [o for source in OFFER_SOURCES for o in source(state, args.trigger)]
    offers = [(o, helps) for o, helps in offers if o.reactor_id in able]
    window, accepted = open_window(
        state, args.trigger, offers, by_dm=True, reactors=able,
        policy=_DmDeclares(state.reaction_policy or AutoPolicy(), said),
    )  # fmt: skip
    events: list[SessionEvent] = [window]
    for offer in accepted:
        resolve = RESOLVERS.get(offer.kind)
        if resolve is not None:
            with resolving(state, offer.subturn):
                events += resolve(state, offer)
    declared = [s for s in (state.reactions.get(o.subturn or "") for o in accepted) if s]
    waiting = [s for s in declared if s.kind == "declared" and s.status == "pending"]
    result: dict[str, Any] = {
        "trigger": args.trigger,
        "reactions_to_resolve": [subturn_brief(s) for s in waiting],
        "resolved": [{"subturn_id": s.id, "reactor_id": s.reactor_id, "kind": s.kind}
                     for s in declared if s.kind != "declared"],
        "passed": [o.reactor_name for o in window.offers if not o.accepted]
        + [state.name_of(cid) for cid in able if cid not in {o.reactor_id for o in window.offers}],
    }  # fmt: skip
    if unable:
        result["cannot_react"] = unable
    more, events_up = take_up(state)
    result.update(more or {"next_step": "Nobody reacts: go on with what was happening."})
    return ToolOutcome(result, events + events_up)


def end_subturn_tool(args: EndSubturnArgs, state: GameState) -> ToolOutcome:
    """end_subturn."""
    queue = state.reactions
    entry = queue.get(args.subturn_id)
    if entry is None or entry.kind != "declared":
        waiting = ", ".join(s.id for s in queue.waiting_on_dm() + _current(state)) or "none"
        raise ToolError(
            f"no declared reaction {args.subturn_id!r} waits to be resolved; waiting: {waiting}"
        )
    if entry.status in ("done", "lapsed"):
        raise ToolError(f"subturn {entry.id} is already {entry.status}")
    queue.finish(entry, args.outcome)
    if args.refund and state.encounter is not None:
        bg.economy_of(state, entry.reactor_id).reaction = True
    events: list[SessionEvent] = [subturn_event(entry)]
    state.record("encounter", f"{entry.reactor_name}'s reaction ({entry.id}): {args.outcome}")
    result: dict[str, Any] = {"ended": entry.id}
    more, events_up = take_up(state)
    current = queue.adjudicating()
    if current is not None:
        result["next"] = subturn_brief(current)
        result.update(more)
    else:
        result["next"] = None
        result["next_step"] = f"Every reaction is resolved: go back to {entry.trigger}."
    return ToolOutcome(result, events + events_up)


def _current(state: GameState) -> list[Any]:
    current = state.reactions.adjudicating()
    return [current] if current is not None else []
