"""The story pane: the DM's narration as Markdown, streamed as it arrives, with the
players' declared actions, scene headings and notes between the turns.

Each turn's narration is its own Markdown widget, so streaming a chunk costs the same on
turn 5 as on turn 5,000; the pane keeps the newest entries (the whole history stays in
the save) so a long campaign never slows the screen down.
"""

from __future__ import annotations

import asyncio

from textual.containers import VerticalScroll
from textual.widget import MountError
from textual.widgets import Markdown, Static

from app.display.screentext import plain
from app.world.printable import printable


class NarrationStream:
    """Feeds streamed chunks into one Markdown widget, one append at a time.

    Textual's ``MarkdownStream.stop`` cancels its writer mid-append and then appends what
    is left while that append is still running; the second append re-parses from a stale
    line and the paragraphs before it are drawn twice (a killing blow followed at once by
    the end of the fight showed this). Here stopping lets the writer finish: appends never
    overlap, and chunks that arrive while one is drawn are joined into the next.
    """

    def __init__(self, widget: Markdown) -> None:
        self.widget = widget
        self._pending: list[str] = []
        self._wake = asyncio.Event()
        self._closing = False
        self._task = asyncio.create_task(self._run())

    async def write(self, chunk: str) -> None:
        """Queue a chunk (and let the writer draw it)."""
        if chunk:
            self._pending.append(chunk)
            self._wake.set()
        await asyncio.sleep(0)

    async def _run(self) -> None:
        while True:
            await self._wake.wait()
            self._wake.clear()
            text = "".join(self._pending)
            self._pending.clear()
            if text:
                await self._mounted()  # (added but not yet mounted: a busy moment)
                if self.widget.is_mounted:
                    await self.widget.append(text)
            if self._closing and not self._pending:
                return

    async def _mounted(self) -> None:
        """Wait (a second at most) for the widget to be mounted: appending before is an
        error, and a widget never mounted (gone with its screen) is drawn no more."""
        for _ in range(100):
            if self.widget.is_mounted:
                return
            await asyncio.sleep(0.01)

    async def stop(self) -> None:
        """Draw whatever is still queued, then end."""
        self._closing = True
        self._wake.set()
        await self._task


class StoryPane(VerticalScroll):
    """Scrollback of the story; stays pinned to the newest line until the player scrolls."""

    MAX_ENTRIES = 400
    """Widgets kept in the pane; older ones leave the screen (not the save)."""
    TRIM = 50
    """Older entries leave in batches of this many (one relayout, not one per entry)."""

    DEFAULT_CSS = """
    StoryPane { padding: 0 1; }
    StoryPane > Static { max-width: 90; }
    StoryPane > .action { color: $text-accent; text-style: bold; margin-top: 1; }
    StoryPane > .note { color: $text-muted; text-style: italic; }
    StoryPane > .error { color: $text-error; }
    StoryPane > .alert { color: $text-warning; }
    StoryPane > .ending { color: $text-success; text-style: bold; margin: 1 0; }
    StoryPane > .relationship { color: $accent; text-style: italic; }
    StoryPane > Markdown { margin: 0; padding: 0; max-width: 90; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._stream: NarrationStream | None = None
        self._narration: Markdown | None = None
        self._this_turn: list[Markdown] = []
        """The narration blocks of the turn being told (a scene change starts a new one)."""
        self._last_turn: list[Markdown] = []
        """The narration blocks of the story's last turn: what ``/reroll`` replaces."""
        self._retold: Static | None = None
        """The "retold" mark above the last turn's new telling."""
        self._retelling: tuple[list[Markdown], Static] | None = None
        """While a turn is told again: its old blocks (hidden) and the note above the new."""
        self.can_focus = True

    def on_mount(self) -> None:
        self.anchor()

    def _add(self, widget: Static | Markdown) -> None:
        try:
            self.mount(widget)
        except MountError:  # quitting mid-turn: the DM's last words reach a pane already
            return  # going (they are in the saved story all the same)
        extra = len(self.children) - self.MAX_ENTRIES
        if extra >= self.TRIM:
            self.remove_children(list(self.children[:extra]))

    def restart(self) -> None:
        """Empty the pane, to show the story again (turns were taken back)."""
        self._stream = None
        self._narration = None
        self.remove_children(list(self.children))

    def add_scene(self, name: str, description: str = "") -> None:
        """A scene heading and its read-aloud text."""
        body = f"## {name}\n\n{description}" if description else f"## {name}"
        body = printable(body)
        self._add(Markdown(body, classes="scene"))

    def add_action(self, who: str, text: str) -> None:
        """A declared action: ``› Mira: I pick the lock``."""
        self._add(Static(plain(f"› {who}: {text}"), classes="action"))

    def add_note(self, text: str, kind: str = "note") -> None:
        """A line from the game itself (kinds: ``note``, ``error``, ``alert``, ``ending``,
        ``relationship``)."""
        self._add(Static(plain(text), classes=kind))

    def add_narration(self, markdown: str) -> None:
        """A whole block of narration at once (history shown after loading a game)."""
        if markdown.strip():
            block = Markdown(printable(markdown))
            self._add(block)
            self._last_turn, self._retold = [block], None

    async def narrate(self, chunk: str) -> None:
        """Stream a piece of narration into the current turn's block."""
        if self._stream is None:
            self._narration = Markdown()
            self._add(self._narration)
            self._this_turn.append(self._narration)
            self._stream = NarrationStream(self._narration)
        await self._stream.write(printable(chunk))

    async def end_narration(self) -> None:
        """The turn's narration is complete: flush it (the next chunk starts a new block)."""
        if self._stream is not None:
            await self._stream.stop()
        self._stream = None
        self._narration = None

    def turn_done(self, recorded: bool = True) -> None:
        """A turn ended: its narration is now the last turn's (``recorded``), or it failed
        and the story's last turn is still the one before."""
        if recorded:
            self._last_turn, self._retold = self._this_turn, None
        self._this_turn = []

    def begin_retelling(self, note: str) -> None:
        """The last turn is being told again: its telling is hidden (not yet gone: a failed
        retelling brings it back) and the new one streams in its place, under ``note``."""
        old = [block for block in self._last_turn if block.is_attached]
        mark = Static(plain(note), classes="note")
        self._narration = Markdown(classes="retold")
        self._this_turn = []
        if old:
            for block in old:
                block.display = False
            self.mount(mark, after=old[-1])
            self.mount(self._narration, after=mark)
        else:
            self._add(mark)
            self._add(self._narration)
        self._retelling = (old, mark)
        self._stream = NarrationStream(self._narration)

    async def finish_retelling(self, mark: str | None) -> None:
        """The new telling is complete (``mark`` is the "retold" line shown above it) — or,
        with ``None``, it failed and the old telling comes back."""
        if self._retelling is None:
            return
        old, note = self._retelling
        new = self._narration
        await self.end_narration()
        self._retelling = None
        if mark is None or new is None:
            for widget in (new, note):
                if widget is not None and widget.is_attached:
                    await widget.remove()
            for block in old:
                block.display = True
            return
        for widget in [*old, self._retold]:
            if widget is not None and widget.is_attached:
                await widget.remove()
        note.update(plain(mark))
        self._last_turn, self._retold = [new], note
