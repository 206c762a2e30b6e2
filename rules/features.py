"""Class features and species traits as data (``data/features.toml``): what each is called,
what it does, what using it costs, how often it can be used and which rest brings it back.

The data says *how much*; the rules of play (``app/actions/class_rules.py`` and its
siblings) say *what happens*. A feature's uses may be a number, a formula of the
character's level, proficiency bonus and ability modifiers (``"level*5"``,
``"max(1, cha_mod)"``), or a table by level — evaluated here without ``eval``.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable, Mapping
from functools import cache
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from rules.datafiles import read_toml, validate_table
from rules.srddata import Catalog

ActionCost = Literal["action", "bonus_action", "reaction", "free", "passive"]
Rest = Literal["short", "long"]

_NAMES = frozenset(
    {"level", "proficiency", "str_mod", "dex_mod", "con_mod", "int_mod", "wis_mod", "cha_mod"}
)
"""The words a uses formula may name."""


class FeatureSpec(BaseModel):
    """One class feature or species trait."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str = ""
    """Filled from the table's key."""
    name: str = Field(min_length=1, max_length=60)
    summary: str = Field(min_length=1, max_length=400)
    action: ActionCost = "passive"
    """What using it costs; ``passive`` features are always on."""
    uses: int | str | dict[int, int] | None = None
    """Uses between rests: a number, a formula, or a table by level; ``None``: unlimited."""
    recovers: Rest | None = None
    """The rest that brings the uses back."""
    pool: str | None = None
    """Another feature whose uses this one spends (Flurry of Blows spends ``ki``)."""
    options: tuple[str, ...] = ()
    """Choices a sheet makes for it (``choices.fighting_style = "archery"``)."""
    attacks: int | None = Field(default=None, ge=2, le=4)
    """Weapon attacks per Attack action it grants (Extra Attack)."""
    crit_range: int | None = Field(default=None, ge=18, le=20)
    """The lowest natural roll that is a critical hit with it (Improved Critical: 19)."""

    @field_validator("uses", mode="before")
    @classmethod
    def _uses(cls, value: object) -> object:
        if isinstance(value, dict):  # TOML keys are strings ("3"); levels are numbers
            return {
                int(k) if isinstance(k, str) and k.isdigit() else k: v for k, v in value.items()
            }
        if isinstance(value, str):
            _check_formula(value)
        return value

    @property
    def limited(self) -> bool:
        """Whether it has uses to count (its own; a pooled feature spends its pool's)."""
        return self.uses is not None

    def uses_for(self, level: int, proficiency: int, modifiers: Mapping[str, int]) -> int:
        """How many uses a character of this level and these ability modifiers (``"cha"``
        -> 2) has; 0 for an unlimited feature."""
        if self.uses is None:
            return 0
        if isinstance(self.uses, int):
            return self.uses
        if isinstance(self.uses, dict):
            found = [n for at, n in sorted(self.uses.items()) if at <= level]
            return found[-1] if found else 0
        names = {"level": level, "proficiency": proficiency}
        names |= {f"{k}_mod": v for k, v in modifiers.items()}
        return max(0, _evaluate(_parsed(self.uses), names))


@cache
def _parsed(text: str) -> ast.expr:
    """A uses formula's tree, parsed once (the data's formulas are few and fixed)."""
    return ast.parse(text, mode="eval").body


def _check_formula(text: str) -> None:
    """Refuse a uses formula that names unknown words or uses more than arithmetic."""
    try:
        tree = ast.parse(text, mode="eval")
    except SyntaxError:
        raise ValueError(f"bad uses formula {text!r}") from None
    _evaluate(tree.body, dict.fromkeys(_NAMES, 1))


def _evaluate(node: ast.expr, names: Mapping[str, int]) -> int:
    """A tiny arithmetic of integers, the known names, + - * //, min() and max()."""
    if isinstance(node, ast.Constant) and isinstance(node.value, int):
        return node.value
    if isinstance(node, ast.Name) and node.id in names:
        return names[node.id]
    if isinstance(node, ast.BinOp):
        left, right = _evaluate(node.left, names), _evaluate(node.right, names)
        if isinstance(node.op, ast.Add):
            return left + right
        if isinstance(node.op, ast.Sub):
            return left - right
        if isinstance(node.op, ast.Mult):
            return left * right
        if isinstance(node.op, ast.FloorDiv) and right:
            return left // right
    if (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id in ("min", "max")
        and node.args
        and not node.keywords
    ):
        values = [_evaluate(arg, names) for arg in node.args]
        return min(values) if node.func.id == "min" else max(values)
    raise ValueError(f"a uses formula may use only numbers, {', '.join(sorted(_NAMES))}, "
                     "+ - * //, min() and max()")  # fmt: skip


@cache
def features() -> Catalog[FeatureSpec]:
    """Every feature and trait, loaded and validated once."""
    raw = read_toml("features.toml")
    entries = {
        key: validate_table(FeatureSpec, "features.toml", key, {**value, "id": key})
        for key, value in raw.items()
    }
    return Catalog("feature", entries)


def feature(feature_id: str) -> FeatureSpec | None:
    """The feature of this id, or ``None`` (an author's own feature the data does not know)."""
    return features().entries.get(feature_id)


HP_PER_LEVEL: dict[str, int] = {"dwarven_toughness": 1, "draconic_resilience": 1}
"""Features that raise maximum hit points by this much per level (the hill dwarf's
toughness, a draconic sorcerer's resilience): counted when the sheet is made and again on
every level gained."""


def hp_per_level(feature_ids: Iterable[str]) -> int:
    """Extra maximum hit points per level these features give (each counted once)."""
    return sum(HP_PER_LEVEL.get(f, 0) for f in set(feature_ids))


LAY_ON_HANDS_SPARES = frozenset({"undead", "construct"})
"""Creature types Lay on Hands does nothing for (SRD: no effect on undead and constructs)."""


def lay_on_hands_helps(creature_type: str) -> bool:
    """Whether Lay on Hands can heal a creature of this type (``undead``, ``humanoid``,
    ``construct`` …; a subtype in brackets is ignored)."""
    return creature_type.partition("(")[0].strip().lower() not in LAY_ON_HANDS_SPARES


SHORT_REST_TOO: dict[str, tuple[str, ...]] = {"font_of_inspiration": ("bardic_inspiration",)}
"""Features that make others come back on a short rest as well as a long one (Font of
Inspiration, bard 5: Bardic Inspiration)."""


def after_rest(
    resources: Mapping[str, int], kind: Rest, features: Iterable[str] = ()
) -> dict[str, int]:
    """Uses spent that a rest leaves spent: a short rest brings back the features that
    recover on a short rest (and those the character's ``features`` bring back on one, see
    :data:`SHORT_REST_TOO`), a long rest every feature's. Keys that are not features (turn
    markers) are dropped by any rest."""
    short_too = {f for owned in features for f in SHORT_REST_TOO.get(owned, ())}
    kept: dict[str, int] = {}
    for key, spent in resources.items():
        spec = feature(key)
        if spec is None or spec.recovers is None:
            continue
        if kind == "short" and spec.recovers == "long" and key not in short_too:
            kept[key] = spent
    return kept
