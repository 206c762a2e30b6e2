"""A list of choices that takes a page key at any moment: Textual's ``OptionList`` pages
by its laid-out lines, and a PageUp or PageDown that arrives after the list is filled but
before it is laid out (a fast typist moving to the next step of character creation) found
none and took the whole app down. Until the list is laid out, a page key does nothing."""

from __future__ import annotations

from textual import _widget_navigation
from textual.widgets import OptionList


class PickList(OptionList):
    """An option list whose page keys wait for the list to be laid out."""

    def _move_page(self, direction: _widget_navigation.Direction) -> None:
        try:
            super()._move_page(direction)
        except (KeyError, IndexError):  # (not laid out yet: the lines are not counted)
            return
