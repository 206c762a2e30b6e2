"""The party panel: each character's hit points, AC (with Shield's +5 while it is up),
conditions, spell slots, features with uses left, and who plays them. Compact on an
80-column screen, roomier when there is space."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.text import Text
from textual import events
from textual.message import Message
from textual.widget import Widget

from app.display import views
from app.session.panels import SHIELD_BONUS, Panels, PartyMember


def _slots(member: PartyMember) -> Text:
    out = Text("  ")
    for level, left, most in member.slots:
        out.append(f"L{level} ", style="dim")
        out.append("●" * left, style="cyan")
        out.append("○" * (most - left), style="dim")
        out.append(" ")
    return out


ROOMY = 40
"""Panel width from which every character's features are shown; narrower, only the acting
character's (an 80-column screen has no room for all of them)."""


def _features(member: PartyMember) -> Text:
    """Limited features with their uses left: dots for a few, figures for a pool."""
    out = Text("  ")
    for n, (name, left, most) in enumerate(member.features):
        if n:
            out.append(" · ", style="dim")
        out.append(f"{name} ", style="dim")
        if most <= 5:
            out.append("●" * left, style="green")
            out.append("○" * (most - left), style="dim")
        else:
            out.append(f"{left}/{most}", style="green" if left else "dim")
    return out


def member_lines(
    member: PartyMember,
    width: int,
    acting: bool = False,
    players: bool = False,
    *,
    ally: bool = False,
) -> list[Text]:
    """A character's lines in the panel (``players``: show who plays them; ``ally``: a
    companion who fights beside the party, played by the DM)."""
    head = Text()
    head.append("▶ " if acting else "  ", style="bold yellow")
    head.append(member.name, style="bold reverse" if acting else "bold")
    if member.player and players and width >= 30:
        head.append(f"  {member.player}", style="dim")
    elif member.companion:
        head.append("  (companion)", style="dim")
    elif ally:
        head.append("  (ally)", style="dim cyan")
    hp = Text("  ")
    hp.append_text(views.hp_bar(member.hp, member.max_hp, 8 if width >= 34 else 5))
    hp.append(f" {member.hp}/{member.max_hp}")
    if member.temp_hp:
        hp.append(f"+{member.temp_hp}", style="cyan")
    if member.shielded:
        hp.append(f"  AC {member.ac + SHIELD_BONUS}", style="bold cyan")
        hp.append(f" (+{SHIELD_BONUS}{' shield' if width >= 40 else ''})", style="cyan")
    else:
        hp.append(f"  AC {member.ac}", style="dim")
    lines = [head, hp]
    if member.life == "dying":
        good, bad = member.death_saves
        lines.append(
            Text.assemble(("  dying ", "bold red"), ("✔" * good, "green"), ("✘" * bad, "red"))
        )
    elif member.life in ("stable", "dead"):
        lines.append(Text(f"  {member.life}", style="bold red"))
    extra = list(member.conditions)
    if member.concentration:
        extra.append(f"concentrating: {member.concentration}")
    if extra:
        lines.append(Text("  " + ", ".join(extra), style="magenta"))
    if member.slots:
        lines.append(_slots(member))
    if member.features and (acting or width >= ROOMY):
        lines.append(_features(member))
    return lines


class PartyPanel(Widget):
    """Renders the party in a :class:`Panels` snapshot; clicking a member chooses them."""

    class MemberChosen(Message):
        """A party member was clicked: their sheet is wanted."""

        def __init__(self, character: str) -> None:
            super().__init__()
            self.character = character

    DEFAULT_CSS = """
    PartyPanel {
        height: auto; border: round $panel-lighten-2; padding: 0 0;
        border-title-color: $text-muted;
    }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.border_title = "Party"
        self.panels: Panels | None = None
        self.acting: str | None = None
        self.drawn: list[tuple[str, list[Text]]] = []
        """Each member's id and lines as last drawn (to find who was clicked)."""

    def update_panels(self, panels: Panels, acting: str | None = None) -> None:
        """Show a new moment; ``acting`` marks the character whose turn it is."""
        self.panels = panels
        self.acting = acting
        self.refresh(layout=True)

    def render(self) -> RenderableType:
        if self.panels is None:
            return Text("")
        width = self.size.width or 40
        lines: list[RenderableType] = []
        players = len({m.player for m in self.panels.party if m.player}) > 1
        self.drawn = []
        for member in self.panels.party:
            own = member_lines(member, width, member.id == self.acting, players)
            self.drawn.append((member.id, own))
            lines.extend(own)
        for ally in self.panels.allies:  # after the party: clicks on it are counted as before
            lines.extend(member_lines(ally, width, ally.id == self.acting, ally=True))
        return Group(*lines)

    def on_click(self, event: events.Click) -> None:
        """The member whose lines were clicked."""
        at = event.get_content_offset(self)
        if at is None:
            return
        width = max(1, self.content_size.width)
        top = 0
        for cid, own in self.drawn:  # a long line wraps: count the rows it takes
            top += sum(len(line.wrap(self.app.console, width)) for line in own)
            if at.y < top:
                self.post_message(self.MemberChosen(cid))
                return
