"""The level-up dialog: hit points rolled or the average, an Ability Score Improvement where
the level grants one, and new cantrips and spells from the class's list.

The dialog asks; the play screen takes the level through the same code as ``/levelup`` at
the console. Confirming tries the level: a choice the rules refuse (a score above 20, too
many spells) is explained in the dialog and nothing changes; Escape backs out the same way.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import ClassVar, Literal

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Label, RadioButton, RadioSet, Select, SelectionList, Static

from app.display.screentext import plain
from rules.abilities import Ability
from rules.advancement import LevelUpPlan
from rules.srd import srd


@dataclass
class LevelChoice:
    """What the player chose in the dialog."""

    hp: Literal["roll", "average"] = "roll"
    asi: dict[Ability, int] = field(default_factory=dict)
    spells: list[str] = field(default_factory=list)


Attempt = Callable[[LevelChoice], str | None]
"""Takes the level as chosen; returns why the rules refused it (``None``: taken)."""


class LevelUpScreen(ModalScreen[bool]):
    """Take the next level; dismissed with ``True`` once it is taken, ``False`` on Escape."""

    DEFAULT_CSS = """
    LevelUpScreen { align: center middle; background: $background 70%; }
    LevelUpScreen > Vertical {
        width: 72; max-width: 95%; height: auto; max-height: 95%; border: thick $success;
        padding: 1 2; background: $surface;
    }
    LevelUpScreen #levelup-title { text-style: bold; color: $success; }
    LevelUpScreen .section { margin-top: 1; text-style: bold; }
    LevelUpScreen RadioSet { width: 1fr; }
    LevelUpScreen #levelup-asi { height: auto; }
    LevelUpScreen #levelup-asi Select { width: 1fr; }
    LevelUpScreen SelectionList { height: auto; max-height: 10; }
    LevelUpScreen #levelup-error { color: $text-error; }
    LevelUpScreen #levelup-buttons { height: auto; margin-top: 1; }
    LevelUpScreen #levelup-buttons Button { width: 1fr; margin: 0 1; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, plan: LevelUpPlan, attempt: Attempt) -> None:
        super().__init__()
        self.plan = plan
        self.attempt = attempt

    def compose(self) -> ComposeResult:
        plan = self.plan
        with Vertical():
            yield Label(
                plain(f"{plan.name} reaches level {plan.new_level} ({plan.class_name})"),
                id="levelup-title",
            )
            if plan.features:
                gains = ", ".join(f.replace("_", " ") for f in plan.features)
                yield Static(plain(f"Gains: {gains}."))
            with VerticalScroll():
                yield Label("Hit points", classes="section")
                with RadioSet(id="levelup-hp"):
                    yield RadioButton(
                        f"Roll d{plan.hit_die} {plan.con_modifier:+d} (into the dice log)",
                        value=True,
                        id="hp-roll",
                    )
                    yield RadioButton(f"Take the average: {plan.average_hp}", id="hp-average")
                if plan.asi:
                    yield Label(
                        "Ability Score Improvement: +1 and +1 (the same score twice is +2)",
                        classes="section",
                    )
                    options = [(a.full_name, a) for a in Ability]
                    with Horizontal(id="levelup-asi"):
                        yield Select(options, prompt="first +1", id="asi-first")
                        yield Select(options, prompt="second +1", id="asi-second")
                if plan.choices and (plan.cantrips or plan.spells):
                    wanted = []
                    if plan.cantrips:
                        wanted.append(f"{plan.cantrips} cantrip(s)")
                    if plan.spells:
                        wanted.append(f"{plan.spells} spell(s)")
                    yield Label(f"Learn {' and '.join(wanted)}", classes="section")
                    yield SelectionList[str](
                        *((self._spell_label(sid), sid) for sid, _ in plan.choices),
                        id="levelup-spells",
                    )
            yield Static(id="levelup-error")
            with Horizontal(id="levelup-buttons"):
                yield Button("Level up", variant="success", id="levelup-ok")
                yield Button("Cancel (Esc)", id="levelup-cancel")

    @staticmethod
    def _spell_label(spell_id: str) -> str:
        spell = srd().spells.get(spell_id)
        level = "cantrip" if spell.level == 0 else f"level {spell.level}"
        return f"{spell.name} ({level})"

    def choice(self) -> LevelChoice:
        """What the widgets say now."""
        chosen = LevelChoice()
        average = self.query_one("#hp-average", RadioButton)
        chosen.hp = "average" if average.value else "roll"
        if self.plan.asi:
            for select_id in ("#asi-first", "#asi-second"):
                value = self.query_one(select_id, Select).value
                if isinstance(value, Ability):
                    chosen.asi[value] = chosen.asi.get(value, 0) + 1
        spells = self.query(SelectionList)
        if spells:
            chosen.spells = [str(s) for s in spells.first(SelectionList).selected]
        return chosen

    @on(Button.Pressed, "#levelup-ok")
    def action_confirm(self) -> None:
        """Take the level as chosen, or say why the rules refuse it."""
        problem = self.attempt(self.choice())
        if problem:
            self.query_one("#levelup-error", Static).update(plain(problem))
            return
        self.dismiss(True)

    @on(Button.Pressed, "#levelup-cancel")
    def action_cancel(self) -> None:
        """Back out: nothing changes."""
        self.dismiss(False)
