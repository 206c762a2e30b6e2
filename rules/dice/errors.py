"""The one error type of the dice engine.

Every bad formula — a syntax slip, an impossible die, a roll that would never stop — raises
:class:`DiceError`, carrying the position in the formula and a hint a player can act on.
Callers catch exactly this type and nothing else.
"""

from __future__ import annotations


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
        """The formula with a caret under the faulty position, for terminals."""
        if self.position is None or not self.expression:
            return self.expression
        pos = min(self.position, len(self.expression))
        return f"{self.expression}\n{' ' * pos}^"
