"""The key bar at the foot of every screen: Textual's Footer, built without a style storm.

Textual's ``Footer`` recomposes its keys whenever the screen's bindings change (every focus
move, every screen pushed), and binds each ``FooterKey.compact`` to the footer's own. A key's
``compact`` starts True and the footer's is False, so every new key has its ``-compact`` class
added and then removed again, and each change restyles the key: about two restyles per key
per recompose, a third of the time it takes to open the game. Here each key is given the
footer's value before it is mounted, so nothing changes and nothing is restyled; the key bar
looks and behaves exactly as Textual draws it.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.widgets import Footer as TextualFooter
from textual.widgets._footer import FooterKey

__all__ = ["Footer"]


class Footer(TextualFooter):
    """Textual's key bar, each key born with the footer's ``compact`` setting."""

    def compose(self) -> ComposeResult:
        """Textual's keys, with ``compact`` set before mounting instead of bound afterwards.

        Only the keys Textual binds are touched (the command palette's key keeps its own
        style). The binding stays in place: once the key is mounted it finds the value
        it would set already there, so it fires no watcher; should the footer's ``compact`` change
        later, the binding still carries the change to every key.
        """
        for widget in super().compose():
            if isinstance(widget, FooterKey) and "compact" in (widget._reactive_connect or {}):
                widget.set_reactive(FooterKey.compact, self.compact)
                widget.set_class(self.compact, "-compact", update=False)
            yield widget
