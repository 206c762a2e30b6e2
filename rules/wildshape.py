"""Wild Shape (druid 2nd level, SRD 5.1): which beasts a druid may become, and the hit
points a form keeps apart from the druid's own. Pure rules; the tool is
``app/actions/wild_shape.py``."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from rules.damage import Vitals
from rules.srd import Monster


@dataclass(frozen=True, slots=True)
class FormLimit:
    """SRD (Beast Shapes table): the highest challenge rating and what movement is allowed."""

    max_cr: Fraction
    fly: bool
    swim: bool


def form_limit(level: int) -> FormLimit:
    """2nd level: CR 1/4, no flying or swimming speed; 4th: CR 1/2, no flying; 8th: CR 1."""
    if level >= 8:
        return FormLimit(Fraction(1), fly=True, swim=True)
    if level >= 4:
        return FormLimit(Fraction(1, 2), fly=False, swim=True)
    return FormLimit(Fraction(1, 4), fly=False, swim=False)


def why_not_form(beast: Monster, level: int) -> str | None:
    """Why a druid of this level cannot take this shape, or ``None``."""
    if not beast.type.lower().startswith("beast"):
        return f"{beast.name} is not a beast"
    limit = form_limit(level)
    if beast.challenge > limit.max_cr:
        return f"a level-{level} druid's beast shapes go up to challenge {limit.max_cr}, " \
               f"and {beast.name} is {beast.cr}"  # fmt: skip
    if "fly" in beast.speeds and not limit.fly:
        return f"a level-{level} druid cannot take a shape that flies ({beast.name})"
    if "swim" in beast.speeds and not limit.swim:
        return f"a level-{level} druid cannot take a shape that swims ({beast.name})"
    return None


def hours(level: int) -> int:
    """SRD: a shape lasts hours equal to half the druid level, rounded down."""
    return level // 2


@dataclass(frozen=True, slots=True)
class Reverted:
    """The druid back in its own form: its vitals, and damage left over to take."""

    vitals: Vitals
    excess: int


def revert(own: Vitals, beast_before: Vitals, damage: int, absorbed: int) -> Reverted:
    """SRD: reverting because the beast dropped to 0 hit points, the druid returns to the
    hit points it had, and excess damage carries over to its normal form. ``damage`` is the
    blow's (after resistances), ``absorbed`` what temporary hit points took of it."""
    excess = max(0, damage - absorbed - beast_before.hp)
    return Reverted(own, excess)
