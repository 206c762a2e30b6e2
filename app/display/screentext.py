"""Text for the screen that came from outside the program: campaign files, saved games,
names given on the command line, a model's narration, errors quoting any of these.

Rich and Textual read ``[bold]`` in a plain string as markup — a ``[/]`` in a character's
name is a ``MarkupError`` traceback, ``[sic]`` in a description vanishes — and a terminal
obeys the escape codes it is sent. Every such text reaches the screen as a
:class:`~rich.text.Text` made here: shown literally, with its controls removed.
"""

from __future__ import annotations

from rich.errors import MarkupError, StyleSyntaxError
from rich.style import Style
from rich.text import Text

from app.world.printable import printable


def plain(text: str, style: str = "") -> Text:
    """``text`` shown exactly as written (no markup), without escape codes or controls."""
    return Text(printable(text), style=style)


def from_markup(markup: str) -> Text:
    """Markup the game wrote (the dice log) read back from a save: styled when it is
    well-formed, shown literally when a hand edit broke it — never a traceback."""
    clean = printable(markup)
    try:
        text = Text.from_markup(clean)
    except MarkupError:
        return Text(clean)
    if any(_acts(span.style) for span in text.spans):
        return Text(clean)  # a link or a click action is not what the game writes
    return text


def _acts(style: str | Style) -> bool:
    """A style that does something: opens a link, or runs an action when clicked."""
    if isinstance(style, str):
        try:
            style = Style.parse(style)
        except StyleSyntaxError:
            return False  # an unknown style draws as plain text
    return bool(style.link or style.meta)


__all__ = ["from_markup", "plain"]
