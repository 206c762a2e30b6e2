"""Where creatures stand in a fight, theatre-of-the-mind style: no grid, just who is
engaged with whom, two range bands and cover.

- **Engaged**: within melee reach of each other (5 ft, or 10 ft for a reach weapon that
  stopped at its reach). Engagement is a pair, kept on both sides. Moving next to an ally
  is engagement too ("next to Aria"), which is what a touch spell needs.
- **Near**: in the thick of the fight, within one move (about 30 ft) of the others near.
- **Far**: at its edge, about 60 ft away (an archer on the ridge, a caster at the door).
- **Cover** from a scene feature: half (+2 AC and DEX saves), three-quarters (+5), total
  (cannot be targeted). Cover guards against everyone but the creatures engaged with the
  one behind it: whoever comes round the barrels to fight hand to hand has no barrels in
  the way.

Reach (10 ft) is modelled as the gap an engagement keeps: a creature with a reach weapon
closing in stops at 10 ft. It can strike from there; a foe with a 5-ft reach must step in
(5 ft of movement) to strike back, and leaving costs the reach wielder no opportunity
attack from it, while the foe leaving the reach wielder does provoke.

Distances are representative: engaged is the gap (5 or 10 ft), near is
:data:`NEAR_FT`, far is :data:`FAR_FT`. They decide weapon and spell ranges and what
moving costs; nothing here pretends to be a map.
"""

from __future__ import annotations

from collections.abc import Mapping, MutableMapping
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

Band = Literal["near", "far"]
CoverDegree = Literal["none", "half", "three_quarters", "total"]
RangeVerdict = Literal["normal", "long", "out"]

MELEE_FT = 5
"""Ordinary melee reach."""
REACH_FT = 10
"""Melee reach of a reach weapon (glaive, halberd, pike, whip …)."""
NEAR_FT = 30
"""How far apart two creatures near each other are: one move."""
FAR_FT = 60
"""How far a creature at the edge of the fight is from the others."""
STEP_FT = 10
"""Movement spent stepping out of an engagement or behind a feature in reach."""
COVER_AC: dict[CoverDegree, int] = {"none": 0, "half": 2, "three_quarters": 5, "total": 0}
"""What cover adds to AC and to DEX saving throws (total cover cannot be targeted)."""
COVER_WORDS: dict[CoverDegree, str] = {
    "none": "no cover",
    "half": "half cover",
    "three_quarters": "three-quarters cover",
    "total": "total cover",
}


class Spot(BaseModel):
    """Where one combatant stands."""

    model_config = ConfigDict(extra="forbid")

    band: Band = "near"
    """In the thick of the fight, or at its edge."""
    engaged: dict[str, Annotated[int, Field(ge=MELEE_FT, le=REACH_FT)]] = Field(
        default_factory=dict, max_length=40
    )
    """Who it is engaged with (id), and the gap in feet (5, or 10 at a reach weapon's
    length). Kept the same on both sides."""
    cover: CoverDegree = "none"
    """Cover from a scene feature, against everyone not engaged with it."""
    behind: str = Field(default="", max_length=80)
    """The feature that gives the cover ("the barrels")."""


Spots = MutableMapping[str, Spot]


def spot(spots: Mapping[str, Spot], cid: str) -> Spot:
    """Where ``cid`` stands (a creature never placed stands near, engaged with nobody)."""
    return spots.get(cid) or Spot()


def distance(spots: Mapping[str, Spot], a: str, b: str) -> int:
    """Feet between two creatures: the engagement gap, or the distance of their bands."""
    here, there = spot(spots, a), spot(spots, b)
    if b in here.engaged:
        return here.engaged[b]
    if a in there.engaged:
        return there.engaged[a]
    return FAR_FT if "far" in (here.band, there.band) else NEAR_FT


def band_between(spots: Mapping[str, Spot], a: str, b: str) -> Literal["engaged", "near", "far"]:
    """How two creatures stand to each other, in words of the model."""
    gap = distance(spots, a, b)
    if gap <= REACH_FT:
        return "engaged"
    return "near" if gap <= NEAR_FT else "far"


def closing_cost(spots: Mapping[str, Spot], a: str, b: str, reach: int = MELEE_FT) -> int:
    """Feet ``a`` must move to have ``b`` within ``reach`` (0 when it already has)."""
    return max(0, distance(spots, a, b) - reach)


def band_cost(here: Spot, to: Band) -> int:
    """Feet it costs to move to a band: a step out of any engagement, plus a move across
    when the band changes. 0 means there is nothing to do."""
    step = STEP_FT if here.engaged else 0
    return step + (NEAR_FT if here.band != to else 0)


def leave(spots: Spots, cid: str) -> list[str]:
    """End every engagement of ``cid`` (it moves away); returns who it left."""
    here = spots.setdefault(cid, Spot())
    left = list(here.engaged)
    for other in left:
        there = spots.get(other)
        if there is not None:
            there.engaged.pop(cid, None)
    here.engaged.clear()
    return left


def part(spots: Spots, a: str, b: str) -> bool:
    """End the engagement between ``a`` and ``b`` alone (one pushed away from the other);
    whether they were engaged."""
    was = b in spot(spots, a).engaged or a in spot(spots, b).engaged
    for one, other in ((a, b), (b, a)):
        if one in spots:
            spots[one].engaged.pop(other, None)
    return was


def engage(spots: Spots, a: str, b: str, gap: int = MELEE_FT) -> None:
    """``a`` moves up to ``b`` and stops ``gap`` feet away: it leaves its other engagements
    and its cover, and stands in ``b``'s band."""
    if a == b:
        raise ValueError("a creature cannot engage itself")
    leave(spots, a)
    here, there = spots.setdefault(a, Spot()), spots.setdefault(b, Spot())
    here.band = there.band
    here.cover, here.behind = "none", ""
    here.engaged[b] = there.engaged[a] = engaged_gap(gap)


def join(spots: Spots, a: str, b: str, gap: int = MELEE_FT) -> None:
    """``a`` and ``b`` are engaged, besides whatever else each is engaged with (a foe
    joining a scrum; several rats around one fighter)."""
    if a == b:
        raise ValueError("a creature cannot engage itself")
    here, there = spots.setdefault(a, Spot()), spots.setdefault(b, Spot())
    here.engaged[b] = there.engaged[a] = engaged_gap(gap)


def engaged_gap(reach: int) -> int:
    """The gap two engaged creatures stand at for a reach: 5 ft, or 10 at a reach of 10 or
    more (a giant's 15-ft reach engages at 10: within its reach, and the model's engaged
    band ends at 10 ft)."""
    return min(max(reach, MELEE_FT), REACH_FT)


def scrum(spots: Spots, ids: list[str]) -> None:
    """Everyone in ``ids`` engaged with everyone else: one close melee."""
    for n, a in enumerate(ids):
        for b in ids[n + 1 :]:
            join(spots, a, b)


def move_to_band(spots: Spots, cid: str, band: Band) -> list[str]:
    """``cid`` moves to a band (out of cover and out of every engagement); returns who it
    left."""
    left = leave(spots, cid)
    here = spots[cid]
    here.band, here.cover, here.behind = band, "none", ""
    return left


def after_move(
    spots: Mapping[str, Spot], cid: str, to: Literal["engage", "near", "far", "cover"],
    target: str | None = None, gap: int = MELEE_FT,
) -> dict[str, Spot]:  # fmt: skip
    """Where everyone would stand once ``cid`` moved (to engage ``target``, to a band, or
    behind cover): a copy, ``spots`` unchanged. What a move would bring it closer to is
    read from it."""
    after = {cid_: place.model_copy(deep=True) for cid_, place in spots.items()}
    if to == "engage" and target is not None:
        engage(after, cid, target, gap)
    elif to in ("near", "far"):
        move_to_band(after, cid, "near" if to == "near" else "far")
    else:
        leave(after, cid)
    return after


def take_cover(spots: Spots, cid: str, degree: CoverDegree, feature: str) -> list[str]:
    """``cid`` steps behind a feature (staying in its band); returns who it left."""
    left = leave(spots, cid)
    here = spots[cid]
    here.cover, here.behind = degree, feature
    return left


def cover_against(spots: Mapping[str, Spot], target: str, attacker: str) -> CoverDegree:
    """The cover ``target`` has against ``attacker``: none against a creature engaged with
    it (it has come round the cover), the feature's otherwise."""
    there = spot(spots, target)
    if attacker in there.engaged or target == attacker:
        return "none"
    return there.cover


def in_range(feet: int, normal: int, long: int = 0) -> RangeVerdict:
    """Within a weapon's normal range, only its long range (disadvantage), or out of reach.
    ``long`` 0: there is no long range (spells)."""
    if feet <= normal:
        return "normal"
    if long and feet <= long:
        return "long"
    return "out"


def describe(
    spots: Mapping[str, Spot], cid: str, name_of: Mapping[str, str], present: set[str]
) -> str:
    """``engaged with Goblin 1``, ``near``, ``far, behind the cart (half cover)``; only
    the engagements with creatures still in the fight (``present``) are named."""
    here = spot(spots, cid)
    mates = [name_of.get(o, o) for o in here.engaged if o in present]
    if mates:
        reach = any(gap > MELEE_FT for o, gap in here.engaged.items() if o in present)
        words = "engaged with " + ", ".join(mates) + (" (at reach)" if reach else "")
    else:
        words = here.band
    if here.cover != "none":
        words += f", behind {here.behind or 'cover'} ({COVER_WORDS[here.cover]})"
    return words


def short(
    spots: Mapping[str, Spot], cid: str, name_of: Mapping[str, str], present: set[str]
) -> str:
    """The tracker's few characters: ``⚔ Goblin 1``, ``⚔ 2``, ``near``, ``far ½``."""
    here = spot(spots, cid)
    mates = [name_of.get(o, o) for o in here.engaged if o in present]
    if len(mates) == 1:
        words = f"⚔ {mates[0]}"
    elif mates:
        words = f"⚔ {len(mates)}"
    else:
        words = here.band
    mark = {"none": "", "half": " ½", "three_quarters": " ¾", "total": " ■"}[here.cover]
    return words + mark
