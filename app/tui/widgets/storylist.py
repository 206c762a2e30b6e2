"""A list of long entries of any height — the turns of a whole story — that costs the same
at 10 entries as at 10,000.

Mounting a widget per turn, or an ``OptionList`` (which measures every option's wrapped
height up front), takes seconds on a long game. Here only what shows is ever rendered: the
view is an entry (``top``) and a number of its lines scrolled past (``skip``), and lines
are drawn from there down. Rendered entries are cached by width. There is no scrollbar
(its length would need every entry measured); the screen says where the reader is.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import ClassVar

from rich.console import RenderableType
from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.binding import Binding, BindingType
from textual.cache import LRUCache
from textual.message import Message
from textual.strip import Strip
from textual.widget import Widget

GUTTER = 2
"""Columns left of each entry: a bar marks the entry under the cursor."""


class StoryList(Widget, can_focus=True):
    """Entries drawn by ``render(index)`` for the indices given to :meth:`show`, one of
    them under the cursor. Keys: up/down move between entries, page up/down, home/end."""

    DEFAULT_CSS = """
    StoryList { height: 1fr; }
    StoryList > .storylist--cursor { color: $accent; }
    StoryList > .storylist--empty { color: $text-muted; text-style: italic; }
    """
    COMPONENT_CLASSES: ClassVar[set[str]] = {"storylist--cursor", "storylist--empty"}
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("home", "first", "First", show=False),
        Binding("end", "last", "Last", show=False),
    ]

    class Moved(Message):
        """The cursor moved to another entry (or the entries changed)."""

        def __init__(self, story_list: StoryList) -> None:
            super().__init__()
            self.story_list = story_list

        @property
        def control(self) -> StoryList:
            return self.story_list

    def __init__(
        self,
        render: Callable[[int], RenderableType],
        *,
        empty: str = "",
        id: str | None = None,
    ) -> None:
        super().__init__(id=id)
        self.render_entry = render
        self.empty = empty
        """Said when there are no entries."""
        self.items: Sequence[int] = ()
        """The entries shown, as indices for ``render``."""
        self.cursor = 0
        """Position in :attr:`items` of the entry under the cursor."""
        self.top = 0
        """Position of the entry at the top of the view …"""
        self.skip = 0
        """… and how many of its lines are scrolled past."""
        self._cache: LRUCache[tuple[int, int], list[Strip]] = LRUCache(256)
        self._frame: list[tuple[int, int]] | None = None
        self._bar: Style | None = None
        self._follow_end = True
        """The view shows the end of the list (and keeps it in view when resized)."""

    # -- what is shown -------------------------------------------------------------------------
    @property
    def current(self) -> int | None:
        """The index (for ``render``) of the entry under the cursor."""
        return self.items[self.cursor] if self.items else None

    def show(self, items: Sequence[int], cursor: int | None = None) -> None:
        """Show these entries with the cursor on position ``cursor`` (default: the last,
        scrolled to the end of the list)."""
        self.items = items
        self._frame = None
        if not self.size.height:  # not laid out yet: placed when it gets its size
            self.cursor = len(items) - 1 if cursor is None else max(0, cursor)
            self.cursor = max(0, min(self.cursor, len(items) - 1))
            self.top, self.skip = self.cursor, 0
            self._follow_end = self.cursor == len(items) - 1
            self.post_message(self.Moved(self))
            return
        if not items:
            self.cursor = self.top = self.skip = 0
        elif cursor is None or cursor >= len(items) - 1:
            self.cursor = len(items) - 1
            self.top, self.skip = self._end()
        else:
            self.cursor = max(0, cursor)
            self.top, self.skip = self.cursor, 0
            self._clamp()
        self._moved()

    def redraw(self) -> None:
        """The entries render differently now (a search word to mark, rolls folded)."""
        self._cache.clear()
        self._frame = None
        self._clamp()
        self.refresh()

    def on_screen(self) -> list[int]:
        """Positions of the entries on screen now, top to bottom."""
        seen: list[int] = []
        for position, _ in self._layout():
            if position >= 0 and (not seen or seen[-1] != position):
                seen.append(position)
        return seen

    # -- moving --------------------------------------------------------------------------------
    def go(self, position: int) -> None:
        """Put the cursor on the entry at ``position`` and bring it into view."""
        if not self.items:
            return
        self.cursor = max(0, min(position, len(self.items) - 1))
        self._into_view(self.cursor)
        self._moved()

    def move(self, step: int) -> None:
        """Move the cursor ``step`` entries (negative: up)."""
        self.go(self.cursor + step)

    def action_first(self) -> None:
        """The first entry."""
        self.go(0)

    def action_last(self) -> None:
        """The last entry, at the end of the list."""
        if self.items:
            self.show(self.items)

    def page(self, direction: int) -> None:
        """Scroll a page (less a line, to keep the reader's place) and keep the cursor on
        an entry that shows."""
        if not self.items:
            return
        self.scroll_lines(direction * max(1, self.size.height - 1))
        shown = self.on_screen()
        if shown and self.cursor not in shown:
            self.cursor = shown[0] if direction > 0 else shown[-1]
        elif shown and (self.top, self.skip) == self._end() and direction > 0:
            self.cursor = shown[-1]  # at the end: the last entry
        elif shown and self.top == 0 and self.skip == 0 and direction < 0:
            self.cursor = shown[0]
        self._moved()

    def scroll_lines(self, lines: int) -> None:
        """Scroll the view by ``lines`` (negative: up), the cursor staying where it is."""
        if not self.items:
            return
        skip = self.skip + lines
        top = self.top
        while skip < 0 and top > 0:
            top -= 1
            skip += self._height(top)
        while top < len(self.items) - 1 and skip >= self._height(top):
            skip -= self._height(top)
            top += 1
        self.top, self.skip = top, max(0, skip)
        self._clamp()
        self._follow_end = (self.top, self.skip) == self._end()
        self._frame = None
        self.refresh()

    def _on_mouse_scroll_down(self, event: events.MouseScrollDown) -> None:
        event.stop()
        self.scroll_lines(3)

    def _on_mouse_scroll_up(self, event: events.MouseScrollUp) -> None:
        event.stop()
        self.scroll_lines(-3)

    async def _on_click(self, event: events.Click) -> None:
        layout = self._layout()
        if 0 <= event.y < len(layout) and layout[event.y][0] >= 0:
            self.cursor = layout[event.y][0]
            self._moved()

    def on_resize(self) -> None:
        self._cache.clear()  # entries wrap anew at the new width
        self._frame = None
        if not self.items:
            return
        if self._follow_end:
            self.top, self.skip = self._end()
            self.refresh()
        else:
            self.skip = min(self.skip, self._height(self.top) - 1)
            self._into_view(self.cursor)

    # -- drawing -------------------------------------------------------------------------------
    def _width(self) -> int:
        return max(1, self.size.width - GUTTER)

    def _strips(self, position: int) -> list[Strip]:
        """The lines of the entry at ``position`` (and a blank line after it)."""
        width = self._width()
        key = (self.items[position], width)
        strips = self._cache.get(key)
        if strips is None:
            console = self.app.console
            options = console.options.update_width(width)
            lines = console.render_lines(self.render_entry(key[0]), options, pad=True)
            strips = [Strip(line, width) for line in lines]
            strips.append(Strip.blank(width))
            self._cache[key] = strips
        return strips

    def _height(self, position: int) -> int:
        return len(self._strips(position))

    def _end(self) -> tuple[int, int]:
        """The view that shows the end of the last entry at the bottom."""
        return self._ending_at(len(self.items) - 1) if self.items else (0, 0)

    def _ending_at(self, position: int) -> tuple[int, int]:
        """The view whose last line is the end of the entry at ``position``."""
        room = max(1, self.size.height)
        filled = self._height(position)
        while filled < room and position > 0:
            position -= 1
            filled += self._height(position)
        return position, max(0, filled - room)

    def _clamp(self) -> None:
        """Never scroll past the end of the list."""
        if self.items and (self.top, self.skip) > self._end():
            self.top, self.skip = self._end()

    def _into_view(self, position: int) -> None:
        """Scroll just enough to show the entry at ``position`` (its start, if it is taller
        than the view)."""
        if not self.items:
            return
        room = max(1, self.size.height)
        if position < self.top or (position == self.top and self.skip > 0):
            self.top, self.skip = position, 0
        else:
            below = sum(self._height(p) for p in range(self.top, position + 1)) - self.skip
            if below > room and self._height(position) >= room:
                self.top, self.skip = position, 0  # taller than the view: its start
            elif below > room:
                self.top, self.skip = self._ending_at(position)
        self._clamp()
        self._frame = None
        self.refresh()

    def _layout(self) -> list[tuple[int, int]]:
        """What each line of the view shows: (position, line of that entry), or (-1, 0)."""
        if self._frame is None:
            frame = []
            position = self.top
            line = min(self.skip, self._height(position) - 1) if self.items else 0
            for _ in range(self.size.height):
                if position >= len(self.items):
                    frame.append((-1, 0))
                    continue
                frame.append((position, line))
                line += 1
                if line >= self._height(position):
                    position, line = position + 1, 0
            self._frame = frame
        return self._frame

    def _moved(self) -> None:
        if self.size.height:
            self._follow_end = (self.top, self.skip) == self._end()
        self._frame = None
        self.refresh()
        self.post_message(self.Moved(self))

    def _bar_style(self) -> Style:
        if self._bar is None:
            self._bar = self.get_component_rich_style("storylist--cursor")
        return self._bar

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._bar = None  # the theme changed

    def render_line(self, y: int) -> Strip:
        width = self.size.width
        base = self.rich_style
        if not self.items:
            if y == 0 and self.empty:
                style = base + self.get_component_rich_style("storylist--empty")
                return Strip([Segment(self.empty[:width], style)]).extend_cell_length(width, base)
            return Strip.blank(width, base)
        layout = self._layout()
        if y >= len(layout) or layout[y][0] < 0:
            return Strip.blank(width, base)
        position, line = layout[y]
        strips = self._strips(position)
        if line >= len(strips):  # cannot happen once laid out at this width; never crash
            return Strip.blank(width, base)
        strip = strips[line]
        if position == self.cursor and line < len(strips) - 1:
            bar = Segment("▌ ", self._bar_style())
        else:
            bar = Segment(" " * GUTTER, Style())
        return Strip([bar, *strip], width).apply_style(base)
