"""The reaction queue under the initiative tracker, while it holds anything: the window
open now (what it answers, who is being asked) and each declared reaction not yet
resolved, by subturn — so the table sees what the game is waiting on."""

from __future__ import annotations

from rich.text import Text

from app.session.panels import Panels


def queue_lines(panels: Panels) -> list[Text]:
    """``⟲ Giant Rat 1 hits Aria — asking Aria`` and ``  7.1 Mira: “I duck…” (the DM
    resolves it)``; nothing when no window is open and nothing waits."""
    lines = []
    for window in panels.windows:
        line = Text("⟲ ", style="bold magenta").append(window.trigger, style="magenta")
        if window.asking:
            line.append(f" — asking {window.asking}", style="bold")
        lines.append(line)
    for entry in panels.pending:
        status = "the DM resolves it" if entry.status == "resolving" else "waiting"
        line = Text(f"  {entry.subturn} ", style="magenta").append(entry.reactor_name)
        line.append(f": “{entry.what}”" if entry.what else "")
        line.append(f" ({status})", style="dim")
        lines.append(line)
    return lines
