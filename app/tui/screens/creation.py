"""Create a character: a wizard from the title screen — name, species, class, background,
ability scores (standard array, point buy or 4d6 drop lowest, the rolls in the dice log),
skills, feature choices, equipment, spells, then the sheet to review and save.

Enter picks and moves on (in a list of choices, on a field, or on Next); Escape goes back a
step, and out of the wizard from its first one, so nothing can trap the player. Next
(ctrl+n) moves on with what the step shows, but a list the player has not chosen from yet
(not moved in, not answered before) is not answered for them: Enter then ctrl+n does not
take the next list's first entry. One move runs at a time; a second key pressed while the
step changes is dropped, so one intent moves one step.

The rules of every choice are :mod:`rules.creation`'s: what is offered and what is refused
are the same as ``dungeon character new``, and a refusal of the rules (a ``ValueError``:
:class:`CreationError`, :class:`ScoreError`, a model that does not validate) is said on the
screen, never raised out of it.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import ClassVar

from pydantic import ValidationError
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import (
    Button,
    Input,
    Label,
    OptionList,
    RichLog,
    Select,
    SelectionList,
    Static,
)

from app.display.screentext import plain
from app.display.views import roll_line
from app.saves.characters import write_character
from app.tui.screens.creationsteps import (
    Step,
    catalogue_step,
    expertise_step,
    increases_step,
    options_step,
    scores_step,
    skills_step,
    spells_step,
)
from app.tui.widgets.footer import Footer
from app.world.characters import CharacterFileError, character_path
from app.world.sheettext import sheet_lines
from rules.abilities import Ability
from rules.abilityscores import (
    POINT_BUDGET,
    ScoreError,
    ScoreMethod,
    check_scores,
    point_cost,
    roll_scores,
)
from rules.backgrounds import backgrounds
from rules.character import CharacterSheet
from rules.choosing import (
    CreationError,
    SpellPlan,
    check_skills,
    check_spells,
    chooses_spells,
    skill_plan,
    spell_plan,
)
from rules.classes import classes
from rules.creation import Choices, build_character, feature_options, final_scores
from rules.skills import Skill
from rules.species import species_catalog

LISTS = {"species": "species", "class": "character_class", "background": "background",
         "method": "method", "pack": "pack"}  # fmt: skip
"""The steps answered by picking one entry of a list, and the choice each records."""
UNCHOSEN = "Choose one: ↑ ↓ to an entry, then Enter (nothing is chosen here yet)"


def refusal(error: ValueError) -> str:
    """The rules' refusal as one line a player can act on (a model that does not validate
    names its first field, as :func:`rules.creation.build_character` does)."""
    if isinstance(error, ValidationError) and error.errors():
        first = error.errors()[0]
        where = ".".join(str(p) for p in first["loc"])
        return f"{where}: {first['msg']}" if where else str(first["msg"])
    return str(error) or type(error).__name__


class CreationScreen(Screen[CharacterSheet | None]):
    """The character wizard; dismissed with the saved sheet (or ``None``)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", "Back"),
        Binding("ctrl+n", "next", "Next"),
    ]

    def __init__(self, folder: Path, rng: random.Random | None = None) -> None:
        super().__init__()
        self.folder = folder
        self.rng = rng if rng is not None else random.Random()
        self.step = "name"
        self.history: list[str] = []
        self.choices: dict[str, object] = {}
        self.rolled: tuple[int, ...] = ()
        self.sheet: CharacterSheet | None = None
        self.moving = False
        """A move between steps is under way (further moves asked for meanwhile are dropped)."""
        self.offered: int | None = None
        """Where a list step's highlight stood when it was shown."""
        self.chosen_here = False
        """The player has chosen on this list step (moved the highlight, or pressed Enter)."""

    def compose(self) -> ComposeResult:
        with Horizontal(id="cc-main"):
            with VerticalScroll(id="cc-box", can_focus=False):
                yield Label("Create a character", classes="title")
                yield Static(id="cc-what", classes="section")
                yield Vertical(id="cc-body")
            yield RichLog(id="cc-dice", markup=False, wrap=True)
        with Vertical(id="cc-actions"):
            yield Static(id="cc-error")
            with Horizontal(classes="buttons"):
                yield Button("Next (ctrl+n)", variant="primary", id="cc-next")
                yield Button("Back (esc)", id="cc-back")
        yield Footer()

    async def on_mount(self) -> None:
        self.query_one("#cc-dice", RichLog).write(Text("Dice log", style="bold"))
        await self.show(self.step)

    # -- which steps there are ---------------------------------------------------------------
    def _species(self) -> str:
        return str(self.choices.get("species", "human"))

    def _class(self) -> str:
        return str(self.choices.get("character_class", "fighter"))

    def steps(self) -> list[str]:
        """The steps this character needs, in order (a half-elf chooses increases, a rogue
        expertise, a caster spells)."""
        kind = species_catalog()[self._species()]
        spec = classes()[self._class()]
        found = ["name", "species", "class", "background", "method", "scores"]
        if kind.choose_increases:
            found.append("increases")
        found.append("skills")
        if "expertise" in spec.features_up_to(1):
            found.append("expertise")
        if feature_options(kind, spec):
            found.append("options")
        found.append("pack")
        if chooses_spells(self._class(), spec):  # known before a half-elf's increases
            found.append("spells")
        found.append("review")
        return found

    def _spell_plan(self) -> SpellPlan:
        """The spells to choose, from the final scores: asked at the spells step, after the
        scores and any increases of the species' (``CreationError`` if they are not whole)."""
        kind = species_catalog()[self._species()]
        base = self.choices.get("scores", {})
        up = self.choices.get("increases", [])
        assert isinstance(base, dict) and isinstance(up, list)
        final = final_scores(kind, {a: base.get(a, 10) for a in Ability}, up)
        return spell_plan(self._class(), classes()[self._class()], final)

    # -- showing a step --------------------------------------------------------------------
    async def show(self, step: str) -> bool:
        """Put one step's question and widgets on screen, the first of them focused; if the
        rules refuse to ask it, stay on the step shown, saying why (``False``)."""
        try:
            question, widgets = self._build(step)
        except ValueError as error:
            self._error(refusal(error))
            return False
        self.step = step
        self.query_one("#cc-error", Static).update("")
        body = self.query_one("#cc-body", Vertical)
        await body.remove_children()
        self.query_one("#cc-what", Static).update(plain(question))
        label = "Save (enter)" if step == "review" else "Next (ctrl+n)"
        self.query_one("#cc-next", Button).label = label
        await body.mount_all(widgets)
        first = next((w for w in body.query("*") if w.can_focus), None)
        (first or self.query_one("#cc-next", Button)).focus()
        pick = self._pick()
        self.offered = pick.highlighted if pick is not None else None
        self.chosen_here = False
        return True

    def _pick(self) -> OptionList | None:
        """The list of this step's entries, if it is a list step."""
        found = self.query("#cc-pick").results(OptionList)
        return next(iter(found), None) if self.step in LISTS else None

    def _build(self, step: str) -> Step:
        kind = species_catalog()[self._species()]
        spec = classes()[self._class()]
        story = backgrounds()[str(self.choices.get("background", "acolyte"))]
        if step == "name":
            value = str(self.choices.get("name", ""))
            field = Input(value, placeholder="name", id="cc-name")
            return "What is your character's name?", [field]
        if step in LISTS:
            return catalogue_step(step, self.choices.get(LISTS[step]), spec)
        if step == "scores":
            method = str(self.choices.get("method", "standard"))
            if method == "roll" and not self.rolled:
                self._roll()
            return scores_step(method, self.rolled, self.choices.get("scores"), kind.increases)
        if step == "increases":
            return increases_step(kind, self._was(step))
        if step == "skills":
            return skills_step(kind, spec, story, self._was(step))
        if step == "expertise":
            chosen = [Skill(v) for v in self._was("skills")]
            return expertise_step([*skill_plan(kind, spec, story).fixed, *chosen], self._was(step))
        if step == "options":
            return options_step(kind, spec, self.choices.get("options"))
        if step == "spells":
            return spells_step(self._spell_plan(), self._was("cantrips"), self._was("spells"))
        return self._review_step()

    def _was(self, key: str) -> list[str]:
        """What was chosen at a step before (coming back to it shows it marked)."""
        value = self.choices.get(key, [])
        return [str(v) for v in value] if isinstance(value, list) else []

    def _roll(self) -> None:
        results = roll_scores(self.rng)
        self.rolled = tuple(r.total for r in results)
        log = self.query_one("#cc-dice", RichLog)
        for result in results:
            log.write(roll_line(result))

    def _review_step(self) -> Step:
        try:
            self.sheet = build_character(self._assembled())
        except ValueError as error:  # CreationError, or choices that do not validate
            self.sheet = None
            return "Review", [Static(Text(refusal(error), style="red"))]
        path = character_path(self.sheet.id, self.folder)
        text = f"Review — enter saves it to {path}"
        return text, [Static(plain("\n".join(sheet_lines(self.sheet))), id="cc-sheet")]

    def _assembled(self) -> Choices:
        values = dict(self.choices)
        values["rolled"] = self.rolled
        return Choices.model_validate(values)

    # -- moving on ---------------------------------------------------------------------------
    def _error(self, message: str) -> None:
        self.query_one("#cc-error", Static).update(Text(message, style="red"))

    def _take(self) -> str | None:
        """Record the current step's answer; the error to show if it cannot be used."""
        step = self.step
        if step == "name":
            name = self.query_one("#cc-name", Input).value.strip()
            if not name or not name.isprintable() or len(name) > 60:
                return "a name is 1 to 60 printable characters"
            self.choices["name"] = name
            return None
        if step in LISTS:
            pick = self.query_one("#cc-pick", OptionList)
            index = pick.highlighted
            key = LISTS[step]
            if index is None or not (self.chosen_here or key in self.choices):
                return UNCHOSEN
            value = pick.get_option_at_index(index).id or ""
            if key == "method" and value != self.choices.get("method"):
                self.choices.pop("scores", None)
                self.rolled = ()
            if key in ("species", "character_class"):  # their choices no longer hold
                for stale in ("increases", "skills", "expertise", "options", "cantrips", "spells"):
                    self.choices.pop(stale, None)
            self.choices[key] = int(value) if key == "pack" else value
            return None
        if step == "scores":
            return self._take_scores()
        if step in ("increases", "skills", "expertise"):
            picked = list(self.query_one("#cc-multi", SelectionList).selected)
            return self._take_multi(step, picked)
        if step == "options":
            options = {}
            for select in self.query("#cc-body Select").results(Select):
                options[(select.id or "").removeprefix("cc-opt-")] = str(select.value)
            self.choices["options"] = options
            return None
        if step == "spells":
            return self._take_spells()
        return self._save()

    def _take_scores(self) -> str | None:
        method: ScoreMethod = self.choices.get("method", "standard")  # type: ignore[assignment]
        scores: dict[Ability, int] = {}
        for ability in Ability:
            text = self.query_one(f"#cc-score-{ability.value}", Input).value.strip()
            if not text.lstrip("-").isdecimal() or len(text) > 3:
                return f"{ability.full_name}: write a score"
            scores[ability] = int(text)
        try:
            checked = check_scores(method, scores, self.rolled)
        except ScoreError as error:
            return str(error)
        self.choices["scores"] = checked
        if method == "pointbuy":
            self.notify(f"{point_cost(checked)} of {POINT_BUDGET} points spent")
        return None

    def _take_multi(self, step: str, picked: list[str]) -> str | None:
        kind = species_catalog()[self._species()]
        spec = classes()[self._class()]
        story = backgrounds()[str(self.choices.get("background", "acolyte"))]
        if step == "increases":
            try:
                final_scores(kind, dict.fromkeys(Ability, 10), [Ability(a) for a in picked])
            except CreationError as error:
                return str(error)
            self.choices["increases"] = picked
            return None
        skills = [Skill(s) for s in picked]
        if step == "skills":
            try:
                check_skills(skill_plan(kind, spec, story), skills)
            except CreationError as error:
                return str(error)
        elif len(skills) != 2:
            return "Expertise: choose 2 skills"
        self.choices[step] = picked
        return None

    def _take_spells(self) -> str | None:
        plan = self._spell_plan()
        lists = {}
        for key in ("cantrips", "spells"):
            found = self.query(f"#cc-{key}").results(SelectionList)
            lists[key] = [str(v) for widget in found for v in widget.selected]
        try:
            check_spells(plan, lists["cantrips"], lists["spells"])
        except CreationError as error:
            return str(error)
        self.choices.update(lists)
        return None

    def _save(self) -> str | None:
        if self.sheet is None:
            return "go back and change what is wrong"
        try:
            path = write_character(self.sheet, self.folder)
        except CharacterFileError as error:
            return str(error)
        self.notify(f"Saved {self.sheet.name} to {path}", title="Character saved")
        self.dismiss(self.sheet)
        return None

    @on(OptionList.OptionHighlighted, "#cc-pick")
    def moved(self, event: OptionList.OptionHighlighted) -> None:
        """Moving to another entry of the list chooses it for Next (the highlight a step
        opens with does not)."""
        if event.option_list is self._pick() and event.option_index != self.offered:
            self.chosen_here = True

    @on(OptionList.OptionSelected, "#cc-pick")
    async def picked(self, event: OptionList.OptionSelected) -> None:
        """Enter (or a click) on an entry: that one, and on to the next step. An Enter meant
        for a list already gone (pressed while the step changed) chooses nothing."""
        if self.moving or event.option_list is not self._pick():
            return
        self.chosen_here = True
        await self.action_next()

    @on(Input.Submitted)
    @on(Button.Pressed, "#cc-next")
    async def action_next(self) -> None:
        """Take this step's answer and go on, or say what to fix."""
        if self.moving:  # one move at a time: a key pressed meanwhile is not another step
            return
        self.moving = True
        try:
            await self._next()
        finally:
            self.moving = False

    async def _next(self) -> None:
        here = self.step
        try:
            problem = self._take()
            steps = self.steps() if problem is None and here != "review" else []
        except ValueError as error:  # the rules refuse: say so here, never leave the screen
            problem = refusal(error)
        if problem is not None:
            self._error(problem)
        elif steps and await self.show(steps[steps.index(here) + 1]):
            self.history.append(here)

    @on(Button.Pressed, "#cc-back")
    async def action_back(self) -> None:
        """One step back; from the first, out of the wizard (nothing is saved)."""
        if self.moving:
            return
        if not self.history:
            self.dismiss(None)
            return
        self.moving = True
        try:
            if await self.show(self.history[-1]):
                self.history.pop()
        finally:
            self.moving = False
