"""Formula text -> parse tree, in avrae/d20 notation.

Grammar (whitespace is allowed between terms, not inside a die term)::

    formula   := expr comment?
    expr      := product (("+" | "-") product)*
    product   := unary (("*" | "/" | "//" | "%") unary)*
    unary     := ("+" | "-") unary | term
    term      := (number | dice | "(" expr ")" | set) ("[" label "]")*
    set       := "(" expr ("," expr)* ","? ")" setop*      # a set needs a comma
    dice      := count? "d" (sides | "%") op*
    op        := ("k" | "p" | "d" | "rr" | "ro" | "ra" | "e" | "mi" | "ma") selector
    selector  := ("h" | "l" | "<" | ">")? number

Anything after a complete formula and some whitespace is a comment
(``1d20+5 to hit the ogre``).
"""

from __future__ import annotations

import unicodedata

from rules.dice.ast import (
    Annotated,
    BinaryOp,
    Dice,
    DiceSet,
    Formula,
    Node,
    Number,
    Op,
    OpKind,
    Parens,
    Selector,
    SelectorKind,
    UnaryOp,
)
from rules.dice.errors import DiceError

MAX_DICE = 1000
"""Most dice one roll may throw, rerolls and explosions included (as in avrae/d20)."""

MAX_SIDES = 10_000
MAX_NUMBER = 10**9
MAX_LENGTH = 1000
MAX_DEPTH = 50

_OPS: tuple[tuple[str, OpKind], ...] = (
    # Longest spellings first so "rr" is not read as something shorter.
    ("rr", OpKind.REROLL),
    ("ro", OpKind.REROLL_ONCE),
    ("ra", OpKind.REROLL_ADD),
    ("mi", OpKind.MIN),
    ("ma", OpKind.MAX),
    ("k", OpKind.KEEP),
    ("p", OpKind.DROP),
    ("d", OpKind.DROP),
    ("e", OpKind.EXPLODE),
)
_SET_OPS = frozenset({OpKind.KEEP, OpKind.DROP})
_RANK_OPS = frozenset({OpKind.KEEP, OpKind.DROP})
_VALUE_ONLY_OPS = frozenset({OpKind.MIN, OpKind.MAX})
_DIGITS = frozenset("0123456789")  # str.isdigit() also accepts "²" and other digits
_SPACING_CONTROLS = frozenset("\t\n")
_BIDI_CONTROLS = frozenset("\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def _foreign_digit(ch: str) -> tuple[str, str]:
    """Message and hint for a digit of another script (``str.isdigit`` accepts them)."""
    return f"{ch!r} is not a digit dice understand", "type digits as 0-9"


_EXAMPLE = "try something like 1d20+5, 4d6kh3 or 2d6+1d4 [fire]"


class _Parser:
    """A recursive-descent parser over the raw characters, tracking positions."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.i = 0
        self.depth = -1  # the formula itself is not a level of nesting

    # -- helpers ---------------------------------------------------------------------------
    def error(self, message: str, hint: str = "", pos: int | None = None) -> DiceError:
        return DiceError(
            message,
            expression=self.text,
            position=self.i if pos is None else pos,
            hint=hint,
        )

    def too_deep(self) -> DiceError:
        return self.error(
            "formula nested too deeply",
            f"use at most {MAX_DEPTH} levels of parentheses and signs",
        )

    def peek(self, n: int = 1) -> str:
        return self.text[self.i : self.i + n]

    def skip_ws(self) -> bool:
        start = self.i
        while self.i < len(self.text) and self.text[self.i].isspace():
            self.i += 1
        return self.i > start

    def at_end(self) -> bool:
        return self.i >= len(self.text)

    def describe_here(self) -> str:
        return "the end of the formula" if self.at_end() else repr(self.text[self.i])

    def read_int(self, what: str, hint: str) -> int:
        start = self.i
        while self.i < len(self.text) and self.text[self.i] in _DIGITS:
            self.i += 1
        if start == self.i:
            if not self.at_end() and self.text[self.i].isdigit():
                raise self.error(*_foreign_digit(self.text[self.i]))
            raise self.error(f"expected {what}, found {self.describe_here()}", hint)
        if self.i < len(self.text) and self.text[self.i] == ".":
            raise self.error("decimals are not allowed", "dice formulas use whole numbers")
        digits = self.text[start : self.i]
        if len(digits) > 10 or int(digits) > MAX_NUMBER:
            raise self.error("number too large", f"keep numbers under {MAX_NUMBER:,}", start)
        return int(digits)

    # -- grammar ---------------------------------------------------------------------------
    def parse(self) -> Formula:
        self.skip_ws()
        if self.at_end():
            raise self.error("empty formula", _EXAMPLE)
        root = self.expr()
        had_space = self.skip_ws()
        comment = ""
        if not self.at_end():
            ch = self.text[self.i]
            if ch == ")":
                raise self.error("unmatched ')'", "remove it or add a matching '('")
            if had_space and ch not in "+-*/%,[":
                comment = self.text[self.i :].strip()
            else:
                raise self.error(
                    f"unexpected {self.describe_here()}",
                    "put a space before a comment, e.g. '1d20+5 to hit'",
                )
        return Formula(root=root, source=self.text, comment=comment)

    def expr(self) -> Node:
        self.depth += 1
        if self.depth > MAX_DEPTH:
            raise self.too_deep()
        node = self.product()
        while True:
            before = self.i
            self.skip_ws()
            ch = self.peek()
            if ch in ("+", "-") and ch:
                pos = self.i
                self.i += 1
                right = self.operand_after(ch)
                node = BinaryOp(ch, node, right, pos)
            else:
                self.i = before  # leave the whitespace for the comment check
                break
        self.depth -= 1
        return node

    def operand_after(self, op: str) -> Node:
        self.skip_ws()
        if self.at_end():
            raise self.error(
                f"the formula ends after '{op}'",
                f"add a number or dice after '{op}', e.g. '{op}2'",
            )
        return self.product() if op in "+-" else self.unary()

    def product(self) -> Node:
        node = self.unary()
        while True:
            before = self.i
            self.skip_ws()
            pos = self.i
            if self.peek(2) == "//":
                op, self.i = "/", self.i + 2
            elif self.peek() in ("*", "/", "%") and self.peek():
                op, self.i = self.peek(), self.i + 1
            else:
                self.i = before
                break
            right = self.operand_after(op)
            node = BinaryOp(op, node, right, pos)
        return node

    def unary(self) -> Node:
        self.skip_ws()
        ch = self.peek()
        if ch in ("+", "-") and ch:
            pos = self.i
            self.i += 1
            self.depth += 1
            if self.depth > MAX_DEPTH:
                raise self.too_deep()
            operand = self.operand_after(ch) if self.at_end() else self.unary()
            self.depth -= 1
            return UnaryOp(ch, operand, pos)
        return self.term()

    def term(self) -> Node:
        self.skip_ws()
        start = self.i
        ch = self.peek()
        node: Node
        if ch == "(":
            node = self.group()
        elif ch and ch in _DIGITS:
            count = self.read_int("a number", _EXAMPLE)
            if self.peek() in ("d", "D") and self.peek():
                node = self.dice(count, start, implicit=False)
            else:
                node = Number(count, start)
        elif ch in ("d", "D") and ch:
            node = self.dice(1, start, implicit=True)
        elif self.at_end():
            raise self.error("the formula ends too soon", _EXAMPLE)
        elif ch.isdigit():
            raise self.error(*_foreign_digit(ch))
        else:
            raise self.error(
                f"expected a number, a die like d20, or '(' but found {self.describe_here()}",
                _EXAMPLE,
            )
        return self.labels(node, start)

    def labels(self, node: Node, start: int) -> Node:
        labels: list[str] = []
        while True:
            save = self.i
            self.skip_ws()
            if self.peek() != "[":
                self.i = save
                break
            open_pos = self.i
            end = self.text.find("]", self.i + 1)
            if end < 0:
                raise self.error("unclosed '['", "close the label with ']', e.g. [fire]", open_pos)
            label = self.text[self.i + 1 : end].strip()
            if not label:
                raise self.error("empty label", "write something inside [ ], e.g. [fire]", open_pos)
            labels.append(label)
            self.i = end + 1
        return Annotated(node, tuple(labels), start) if labels else node

    def group(self) -> Node:
        start = self.i
        self.i += 1  # "("
        self.skip_ws()
        if self.peek() == ")":
            raise self.error("empty parentheses", "put a formula inside ( )")
        items = [self.expr()]
        is_set = False
        while True:
            self.skip_ws()
            ch = self.peek()
            if ch == ",":
                is_set = True
                self.i += 1
                self.skip_ws()
                if self.peek() == ")":
                    continue
                items.append(self.expr())
            elif ch == ")":
                self.i += 1
                break
            elif not ch:
                raise self.error("missing ')'", "close every '(' with ')'", start)
            else:
                raise self.error(
                    f"expected ')' or an operator, found {self.describe_here()}",
                    "close every '(' with ')'",
                )
        if is_set:
            ops = self.ops(allowed=_SET_OPS, sides=None)
            if len(items) > MAX_DICE:
                raise self.error("too many items in a set", f"at most {MAX_DICE}", start)
            return DiceSet(tuple(items), ops, start)
        if self.peek() and self.peek() in "kp" and self.i > start:
            raise self.error(
                "keep/drop on a single group needs a set",
                "add a comma to make a set, e.g. (1d20+5,)kh1 or (1d20, 1d20)kh1",
            )
        return Parens(items[0], start)

    def dice(self, count: int, start: int, *, implicit: bool) -> Dice:
        self.i += 1  # "d"
        percent = False
        if self.peek() == "%":
            self.i += 1
            sides, percent = 100, True
        else:
            sides_pos = self.i
            sides = self.read_int(
                "the number of sides after 'd'", "a die needs its sides, e.g. 1d20 or d6"
            )
            if sides < 1:
                raise self.error("a die needs at least one side", "try d4, d6, d8 … d20", sides_pos)
            if sides > MAX_SIDES:
                raise self.error("too many sides", f"at most d{MAX_SIDES}", sides_pos)
        if count > MAX_DICE:
            raise self.error(
                f"too many dice: {count}",
                f"one roll may throw at most {MAX_DICE} dice",
                start,
            )
        ops = self.ops(allowed=None, sides=sides)
        return Dice(count, sides, ops, start, percent, implicit)

    def ops(self, allowed: frozenset[OpKind] | None, sides: int | None) -> tuple[Op, ...]:
        ops: list[Op] = []
        while True:
            pos = self.i
            match = next(((w, k) for w, k in _OPS if self.text.startswith(w, self.i)), None)
            if match is None:
                break
            written, kind = match
            if allowed is not None and kind not in allowed:
                raise self.error(
                    f"'{written}' does not apply to a set", "sets take only k (keep) and p (drop)"
                )
            self.i += len(written)
            selector = self.selector(kind, written)
            if sides is not None:
                self.check_op(kind, selector, sides, pos, written)
            ops.append(Op(kind, selector, pos, written))
        return tuple(ops)

    def selector(self, kind: OpKind, written: str) -> Selector:
        ch = self.peek()
        sel_kind = SelectorKind.LITERAL
        if ch in ("h", "l", "<", ">") and ch:
            if kind in _VALUE_ONLY_OPS:
                raise self.error(f"'{written}' takes a plain number", f"e.g. {written}2")
            if ch in ("h", "l") and kind not in _RANK_OPS:
                raise self.error(
                    f"'{written}' cannot pick highest/lowest",
                    f"pick faces instead, e.g. {written}1 or {written}<3",
                )
            sel_kind = SelectorKind(ch)
            self.i += 1
        label = {
            OpKind.KEEP: "keep",
            OpKind.DROP: "drop",
            OpKind.REROLL: "reroll",
            OpKind.REROLL_ONCE: "reroll once",
            OpKind.REROLL_ADD: "reroll and add",
            OpKind.EXPLODE: "explode",
            OpKind.MIN: "minimum",
            OpKind.MAX: "maximum",
        }[kind]
        example = f"{written}{sel_kind.value}1"
        n = self.read_int(f"a number for {label} ('{written}{sel_kind.value}')", f"e.g. {example}")
        return Selector(sel_kind, n)

    def check_op(self, kind: OpKind, sel: Selector, sides: int, pos: int, written: str) -> None:
        """Reject operations that could never finish, before any die is thrown."""
        if kind in (OpKind.REROLL, OpKind.EXPLODE) and all(
            sel.matches(face) for face in range(1, sides + 1)
        ):
            verb = "reroll" if kind is OpKind.REROLL else "explode"
            raise self.error(
                f"'{written}{sel}' matches every face of a d{sides}: it would {verb} forever",
                "pick faces that some rolls avoid",
                pos,
            )


def parse_formula(text: str) -> Formula:
    """Parse a formula (uncached; use :func:`rules.dice.parse`). Raises :class:`DiceError`."""
    if not isinstance(text, str):
        raise DiceError("a formula must be text")
    if len(text) > MAX_LENGTH:
        raise DiceError(
            "formula too long",
            expression=text[:40] + "…",
            hint=f"keep it under {MAX_LENGTH} characters",
        )
    for i, ch in enumerate(text):
        if _unprintable(ch):
            raise DiceError(
                f"a formula cannot contain {ch!r}",
                expression=text,
                position=i,
                hint="control characters and undecodable bytes are not allowed",
            )
    return _Parser(text).parse()


def _unprintable(ch: str) -> bool:
    """Characters that would act on a terminal (escapes, NUL, carriage return, text
    direction overrides) or that cannot be printed at all (lone surrogates from bytes
    that were not UTF-8): a formula, or its comment, is shown back to players."""
    if ch in _SPACING_CONTROLS or " " <= ch <= "~":
        return False
    return ch in _BIDI_CONTROLS or unicodedata.category(ch) in ("Cc", "Cs")
