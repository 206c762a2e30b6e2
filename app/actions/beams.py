"""Where the beams kept up in a game stand (Moonbeam, :mod:`app.actions.moonbeam`): the
lookups the tracker and the DM's view need, apart from the rules that move and burn."""

from __future__ import annotations

from app.world.state import GameState
from rules.effects import Effect


def beams(state: GameState) -> list[tuple[str, Effect]]:
    """Every beam kept up in the game: its caster and the effect that holds it."""
    found: list[tuple[str, Effect]] = []
    for holders in (state.party, state.creatures):
        for cid, holder in holders.items():
            found += [(cid, e) for e in holder.effects if e.beam is not None]
    return found


def lit(state: GameState) -> dict[str, list[str]]:
    """What the tracker and the DM's view add for each creature standing in a beam (looked
    up once for a whole view: most fights have no beam at all)."""
    return {
        cid: ["in the moonbeam"]
        for _, e in beams(state)
        if e.beam is not None
        for cid in e.beam.inside
    }
