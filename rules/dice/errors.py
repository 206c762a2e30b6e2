"""The one error type of the dice engine.

Every bad formula — a syntax slip, an impossible die, a roll that would never stop — raises
:class:`DiceError`, carrying the position in the formula and a hint a player can act on.
Callers catch exactly this type and nothing else.
"""

from __future__ import annotations

import unicodedata


class DiceError(ValueError):
    """A formula that cannot be rolled.

    ``position`` is the 0-based index in ``expression`` where the problem starts (``None``
    when the whole formula is at fault); ``hint`` says how to fix it.
    """

    def __init__(
        self,
        message: str,
        *,
        expression: str = "",
        position: int | None = None,
        hint: str = "",
    ) -> None:
        self.message = message
        self.expression = expression
        self.position = position
        self.hint = hint
        super().__init__(self.__str__())

    def __str__(self) -> str:
        where = f" at column {self.position + 1}" if self.position is not None else ""
        text = f"{self.message}{where}"
        if self.hint:
            text += f" — {self.hint}"
        return text

    def caret(self) -> str:
        """The formula with a caret under the faulty position, for terminals.

        Characters a terminal would act on (or could not print) are shown as ``�``, one for
        one, so the caret still points at the right column.
        """
        shown = "".join(_printable(ch) for ch in self.expression)
        if self.position is None or not shown:
            return shown
        pos = min(self.position, len(shown))
        return f"{shown}\n{' ' * pos}^"


def _printable(ch: str) -> str:
    if " " <= ch <= "~":
        return ch
    category = unicodedata.category(ch)
    return "\ufffd" if category in ("Cc", "Cs") or (category == "Cf" and ch != "\u200d") else ch
