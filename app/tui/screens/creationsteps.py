"""The questions of the character wizard, one function a step: each returns what the step
asks and the widgets that ask it, marked with what was chosen before (going back shows the
earlier answer). :mod:`app.tui.screens.creation` moves between them and takes the answers."""

from __future__ import annotations

from collections.abc import Mapping

from textual.containers import Horizontal
from textual.widget import Widget
from textual.widgets import Input, Label, OptionList, Select, SelectionList
from textual.widgets.option_list import Option

from app.display.screentext import plain
from app.tui.widgets.picklist import PickList
from rules.abilities import Ability
from rules.abilityscores import METHODS, POINT_BUDGET, STANDARD_ARRAY
from rules.backgrounds import Background, backgrounds
from rules.choosing import SpellPlan, skill_plan
from rules.classes import ClassSpec, classes
from rules.creation import feature_options, increase_options
from rules.skills import Skill
from rules.species import Species, species_catalog
from rules.srd import srd

Step = tuple[str, list[Widget]]
"""What a step asks, and the widgets that ask it."""

METHOD_LABELS = {
    "standard": "Standard array (15, 14, 13, 12, 10, 8)",
    "pointbuy": f"Point buy ({POINT_BUDGET} points, scores 8-15)",
    "roll": "Roll 4d6, drop the lowest, six times",
}
POINT_BUY_START = (15, 15, 15, 8, 8, 8)
"""Point-buy scores the step starts from: 27 points, to be moved about."""


def pick_list(entries: list[tuple[str, str]], chosen: object) -> OptionList:
    """One choice of several (Enter picks), the earlier choice highlighted."""
    widget = PickList(*(Option(plain(label), id=key) for key, label in entries), id="cc-pick")
    ids = [key for key, _ in entries]
    widget.highlighted = ids.index(str(chosen)) if chosen in ids else 0
    return widget


def catalogue_step(step: str, chosen: object, spec: ClassSpec) -> Step:
    """Species, class, background, score method or equipment pack: pick one."""
    if step == "species":
        entries = [(k, f"{s.name} — {s.summary}") for k, s in species_catalog().entries.items()]
        return "Species", [pick_list(entries, chosen)]
    if step == "class":
        entries = [
            (k, f"{c.name} — d{c.hit_die} hit die, saves "
                f"{' and '.join(a.full_name for a in c.saving_throws)}")
            for k, c in classes().entries.items()
        ]  # fmt: skip
        return "Class", [pick_list(entries, chosen)]
    if step == "background":
        entries = [
            (k, f"{b.name} — {', '.join(s.label for s in b.skills)}: {b.summary}")
            for k, b in backgrounds().entries.items()
        ]
        return "Background", [pick_list(entries, chosen)]
    if step == "method":
        entries = [(m, METHOD_LABELS[m]) for m in METHODS]
        return "How are your ability scores made?", [pick_list(entries, chosen)]
    packs = spec.creation.packs if spec.creation else ()
    entries = [(str(i), f"{p.name}: {', '.join(p.items)}") for i, p in enumerate(packs)]
    return "Starting equipment", [pick_list(entries, str(chosen))]


def scores_step(
    method: str, rolled: tuple[int, ...], base: object, increases: Mapping[Ability, int]
) -> Step:
    """Six score fields, filled with the method's numbers (or the scores given before)."""
    pool = {"standard": STANDARD_ARRAY, "roll": tuple(sorted(rolled, reverse=True))}
    defaults = POINT_BUY_START if method == "pointbuy" else pool.get(method, STANDARD_ARRAY)
    rows: list[Widget] = []
    for index, ability in enumerate(Ability):
        value = base.get(ability) if isinstance(base, dict) else defaults[index]
        bonus = increases.get(ability, 0)
        note = f" (+{bonus} from species)" if bonus else ""
        rows.append(
            Horizontal(
                Label(f"{ability.full_name}{note}", classes="cc-label"),
                Input(str(value), id=f"cc-score-{ability.value}", type="integer"),
                classes="row cc-score",
            )
        )
    if method == "pointbuy":
        return f"Point buy: scores 8 to 15 costing at most {POINT_BUDGET} points", rows
    shown = ", ".join(str(v) for v in sorted(pool.get(method, ()), reverse=True))
    return f"Assign each of {shown} to one ability (before species increases)", rows


def increases_step(kind: Species, was: list[str]) -> Step:
    """The abilities a half-elf raises by 1."""
    items = [(a.full_name, a.value, a.value in was) for a in increase_options(kind)]
    return (
        f"{kind.name}: raise {kind.choose_increases} abilities by 1 (space marks one)",
        [SelectionList[str](*items, id="cc-multi")],
    )


def skills_step(kind: Species, spec: ClassSpec, story: Background, was: list[str]) -> Step:
    """Skills not yet had, the class's marked ★."""
    plan = skill_plan(kind, spec, story)
    given = ", ".join(s.label for s in plan.fixed) or "none"
    text = f"Skills: choose {plan.class_count} marked ★ (your class's)"
    if plan.free_count:
        text += f" and {plan.free_count} more of any"
    text += f". Already yours: {given}. (Space marks one.)"
    items = [
        (("★ " if s in plan.class_options else "  ") + s.label, s.value, s.value in was)
        for s in Skill
        if s not in plan.fixed
    ]
    return text, [SelectionList[str](*items, id="cc-multi")]


def expertise_step(have: list[Skill], was: list[str]) -> Step:
    """Two of the character's skills to double."""
    items = [(s.label, s.value, s.value in was) for s in have]
    return (
        "Expertise: choose 2 of your skills to double their proficiency bonus",
        [SelectionList[str](*items, id="cc-multi")],
    )


def options_step(kind: Species, spec: ClassSpec, was: object) -> Step:
    """One menu per feature that asks for a choice (a fighting style, an ancestry)."""
    widgets: list[Widget] = []
    earlier = was if isinstance(was, dict) else {}
    for feature, allowed in feature_options(kind, spec).items():
        widgets.append(Label(feature.replace("_", " ").capitalize()))
        value = earlier.get(feature, allowed[0])
        widgets.append(
            Select(
                [(o.replace("_", " "), o) for o in allowed],
                value=value if value in allowed else allowed[0],
                allow_blank=False,
                id=f"cc-opt-{feature}",
            )
        )
    return "Choices your features ask for", widgets


def spells_step(magic: SpellPlan, cantrips: list[str], spells: list[str]) -> Step:
    """Cantrips and level-1 spells of the class's list."""
    widgets: list[Widget] = []
    if magic.cantrips:
        widgets.append(Label(f"Cantrips: choose {magic.cantrips}"))
        items = [(srd().spells[s].name, s, s in cantrips) for s in magic.cantrip_options]
        widgets.append(SelectionList[str](*items, id="cc-cantrips"))
    if magic.spells:
        widgets.append(Label(f"Level-1 spells: choose {magic.spells}"))
        items = [(srd().spells[s].name, s, s in spells) for s in magic.spell_options]
        widgets.append(SelectionList[str](*items, id="cc-spells"))
    return "Spells (space marks one)", widgets
