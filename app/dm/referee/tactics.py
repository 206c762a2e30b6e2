"""How the offline referee fights: shared by its turns in a game and by the fast fight
simulator, so a balance run fights exactly as the referee would."""

from __future__ import annotations

from collections.abc import Iterable


def weakest(candidates: Iterable[tuple[str, int]]) -> str | None:
    """The target with the fewest hit points left (ties: the first id in order), so a fight
    focuses fire and finishes foes instead of spreading damage."""
    best: tuple[int, str] | None = None
    for cid, hp in candidates:
        if hp > 0 and (best is None or (hp, cid) < best):
            best = (hp, cid)
    return best[1] if best else None
