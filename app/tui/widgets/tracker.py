"""The initiative tracker: order, whose turn it is, hit-point bars, AC (with Shield's +5
when it is up), where each one stands (``⚔ Goblin 1`` engaged with it, ``near``, ``far ½``
behind half cover) with its conditions and the rounds they have left, who is out of the
fight (dead, dying, fled, surrendered), spent reactions, and the reaction queue while it
holds anything (:mod:`app.tui.widgets.queueview`). Shown only while a fight is on.

Conditions are laid out whole — a line breaks between two conditions, never inside one —
so they stay readable on an 80-column screen."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.measure import Measurement
from rich.table import Table
from rich.text import Text
from textual.message import Message
from textual.widget import Widget

from app.actions.events import CombatantStatus
from app.display import views
from app.session.panels import SHIELD_BONUS, Panels
from app.tui.widgets.queueview import queue_lines

MOST_ROWS = 10
"""Lines of the tracker inside its border (its ``max-height`` less the border): a narrow
tracker fits every combatant in them, or says how many it cannot show."""
WIDE = 60
"""From this many columns the tracker has a header, initiative, bars and a conditions
column; below it each combatant's conditions go under its name."""

_OUT_STYLES = {
    "dead": "bold red",
    "dying": "bold red",
    "stable": "red",
    "fled": "dim",
    "surrendered": "dim",
}


class Packed:
    """Words laid out left to right, wrapping only between them (``poisoned (2)`` is one
    word here): what Rich's own wrapping cannot promise."""

    def __init__(self, words: Iterable[Text], separator: str = ", ") -> None:
        self.words = list(words)
        self.separator = separator

    def length(self) -> int:
        """Cells on one line."""
        if not self.words:
            return 0
        return sum(w.cell_len for w in self.words) + len(self.separator) * (len(self.words) - 1)

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        if not self.words:
            return Measurement(0, 0)
        widest = max(w.cell_len for w in self.words) + len(self.separator)
        return Measurement(min(widest, self.length()), self.length())

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        width = options.max_width
        line = Text()
        for n, word in enumerate(self.words):
            last = n == len(self.words) - 1
            piece = word.copy()
            if not last:
                piece.append(self.separator.rstrip())
            gap = " " if line.plain else ""
            if line.plain and line.cell_len + len(gap) + piece.cell_len > width:
                yield line
                line, gap = Text(), ""
            line.append(gap)
            line.append_text(piece)
        if line.plain:
            yield line


def ac_text(
    c: CombatantStatus, shielded: bool, *, short: bool = False, label: bool = False
) -> Text:
    """``12``, or ``17 (+5 shield)`` while Shield is up (the AC attacks must beat);
    ``label``: ``AC 12`` (where no header names the column)."""
    out = Text("AC " if label else "", style="dim")
    if not shielded:
        return out.append(str(c.ac))
    out.append(str(c.ac + SHIELD_BONUS), style="bold cyan")
    out.append(f" (+{SHIELD_BONUS})" if short else f" (+{SHIELD_BONUS} shield)", style="cyan")
    return out


def conditions(c: CombatantStatus) -> list[Text]:
    """Where it stands (``⚔ Goblin 1``, ``far ½``), then ``poisoned (2)`` (with the rounds
    it has left), ``prone`` …"""
    where = [Text(c.position, style="dim")] if c.position else []
    return where + [Text(condition, style="magenta") for condition in c.conditions]


def _placed(c: CombatantStatus, drop: str) -> list[Text]:
    """What goes under a combatant's name in a narrow tracker: where it stands (unless
    ``drop`` leaves it out: plain ``"near"``, or ``"all"`` places) and its conditions."""
    words = conditions(c)
    if c.position and (drop == "all" or (drop == "near" and c.position == "near")):
        words = words[1:]
    return words


def hp_words(c: CombatantStatus, out: str) -> str:
    """``5/7``, or how the combatant is out of the fight (``dead``, ``dying``, ``fled`` …)."""
    return out or f"{c.hp}/{c.max_hp}"


@dataclass(frozen=True)
class _Layout:
    bar: int
    """Cells of the hit-point bar (0: numbers only)."""
    short_ac: bool
    """``17 (+5)`` rather than ``17 (+5 shield)``."""
    conditions: int
    """Width of the conditions column."""


class InitiativeTracker(Widget):
    """Renders the fight in a :class:`Panels` snapshot."""

    DEFAULT_CSS = """
    InitiativeTracker {
        height: auto; max-height: 12; border: round $warning; padding: 0 1;  /* MOST_ROWS + 2 */
        border-title-color: $warning; border-title-style: bold;
    }
    """

    class TurnAdvanced(Message):
        """The fight moved on to another combatant (or a new round)."""

        def __init__(self, round: int, current_id: str, name: str) -> None:
            super().__init__()
            self.round = round
            self.current_id = current_id
            self.name = name

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.panels: Panels | None = None
        self._turn: tuple[int, str] | None = None

    def update_panels(self, panels: Panels) -> TurnAdvanced | None:
        """Show a new moment of the fight. When the turn moved, posts ``TurnAdvanced`` and
        returns it too."""
        self.panels = panels
        fight = panels.combat
        self.display = fight is not None
        advanced = None
        if fight is not None:
            self.border_title = f"Round {fight.round}"
            turn = (fight.round, fight.current_id)
            if turn != self._turn:
                self._turn = turn
                name = next((c.name for c in fight.combatants if c.id == fight.current_id), "")
                advanced = self.TurnAdvanced(fight.round, fight.current_id, name)
                self.post_message(advanced)
        else:
            self._turn = None
        self.refresh(layout=True)
        return advanced

    def _plan(self, panels: Panels) -> _Layout:
        """The widest layout that leaves every name whole and every condition on a line
        of its own at worst (a shorter hit-point bar, then the short Shield note, give way
        first); the conditions column gets the rest of the width."""
        fight = panels.combat
        assert fight is not None
        shielded = set(panels.shielded)
        name = max(4, *(len(c.name) for c in fight.combatants))
        # where it stands never squeezes the other columns: it takes the room left
        widest = max((len(x) + 1 for c in fight.combatants for x in c.conditions), default=0)
        need = max(widest, len("Conditions"))
        numbers = max(len(hp_words(c, panels.out.get(c.id, ""))) for c in fight.combatants)
        width = self.content_region.width
        plans = [(8, False), (5, False), (5, True), (0, True)]
        for n, (bar, short) in enumerate(plans):
            ac = max(ac_text(c, c.id in shielded, short=short).cell_len for c in fight.combatants)
            hp = numbers + (bar + 1 if bar else 0)
            fixed = 1 + 4 + hp + max(ac, 2) + 1 + 2 * 6  # the other columns and the gaps
            room = width - fixed - name
            if room >= need or n == len(plans) - 1:
                return _Layout(bar, short, max(need, room))
        raise AssertionError("unreachable")

    def render(self) -> RenderableType:
        panels = self.panels
        fight = panels.combat if panels else None
        if panels is None or fight is None:
            return Text("")
        wide = self.size.width >= WIDE
        plan = self._plan(panels) if wide else _Layout(0, True, 0)
        shown, drop = self._fit(panels, wide)
        spent = set(panels.reactions_spent)
        shielded = set(panels.shielded)
        # wide: the names sit by their bars and the conditions take the room that is left
        table = Table(box=None, show_header=wide, pad_edge=False, expand=not wide)
        table.add_column("", width=1)
        if wide:
            table.add_column("Init", justify="right", width=4)
        table.add_column("Name", ratio=None if wide else 1, no_wrap=wide)
        table.add_column("HP", no_wrap=True)
        table.add_column("AC", justify="right", no_wrap=True)
        if wide:
            title = "Where, conditions" if plan.conditions >= len("Where, conditions") else "Where"
            table.add_column(title, width=plan.conditions)
        table.add_column("R", width=1)
        for c in fight.combatants:
            current = c.id == fight.current_id
            out = panels.out.get(c.id, "")
            if current:
                marker, name_style = Text("▶", style="bold yellow"), "bold reverse"
            elif out == "dead":
                marker, name_style = Text("✝", style="red"), "dim strike"
            elif out in ("fled", "surrendered"):
                marker, name_style = Text(""), "dim italic"
            else:
                marker, name_style = Text(""), ""
            side = "cyan" if c.side == "party" else "red"
            name = Text(c.name, style=f"{side} {name_style}".strip())
            hp = Text()
            if plan.bar:
                hp.append_text(views.hp_bar(c.hp, c.max_hp, plan.bar))
                hp.append(" ")
            hp.append(hp_words(c, out), style=_OUT_STYLES.get(out, views.hp_style(c.hp, c.max_hp)))
            ac = ac_text(c, c.id in shielded, short=plan.short_ac, label=not wide)
            row: list[RenderableType] = [marker]
            if wide:
                row += [str(c.initiative), name, hp, ac, Packed(conditions(c) if not out else [])]
            else:  # the conditions go under the name
                words = [] if out else _placed(c, drop)
                cell = Group(name, Packed(words)) if words else name
                row += [cell, hp, ac]
            row.append(Text("✗", style="dim") if c.id in spent else Text("⟲", style="green"))
            if c.id in shown:
                table.add_row(*row)
        waiting = queue_lines(panels)
        hidden = len(fight.combatants) - len(shown)
        more = [Text(f"… and {hidden} more (a bigger window shows all)", style="dim")]
        lines = [*waiting, *(more if hidden else [])]
        return Group(table, *lines) if lines else table

    def _fit(self, panels: Panels, wide: bool) -> tuple[set[str], str]:
        """Who is shown, and which places are left out (``""``, plain ``"near"``, or
        ``"all"``), so that every combatant fits the rows the tracker has: a narrow sidebar
        puts where each stands and its conditions under its name. When even one line each
        is too many, the ones nearest the combatant whose turn it is are shown, and a last
        line says how many are not."""
        fight = panels.combat
        assert fight is not None
        everyone = {c.id for c in fight.combatants}
        if wide:
            return everyone, ""
        room = MOST_ROWS - len(queue_lines(panels))

        def lines(c: CombatantStatus, drop: str) -> int:
            return 1 + (1 if not panels.out.get(c.id) and _placed(c, drop) else 0)

        for drop in ("", "near", "all"):
            if sum(lines(c, drop) for c in fight.combatants) <= room:
                return everyone, drop
        order = [c.id for c in fight.combatants]
        now = order.index(fight.current_id) if fight.current_id in order else 0
        shown: list[str] = []
        used = 1  # the line saying how many more there are
        for step in range(len(order)):  # outward from whose turn it is
            for index in (now + step, now - step) if step else (now,):
                if 0 <= index < len(order) and order[index] not in shown:
                    cost = lines(fight.combatants[index], "all")
                    if used + cost <= room:
                        shown.append(order[index])
                        used += cost
        return set(shown), "all"
