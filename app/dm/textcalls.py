"""Tool calls written as text. Local models often put a call in the message content instead
of the ``tool_calls`` field, each family in its own dialect:

- bare JSON (``{"name": …, "arguments": {…}}`` or a list of them), alone or after a
  sentence of prose (the prose is narration; the JSON is not shown);
- inside ``<tool_call>…</tool_call>`` tags (Hermes, Qwen) or a fenced code block;
- Mistral's ``[TOOL_CALLS] [{"name": …, "arguments": {…}}]``, and its newer
  ``[TOOL_CALLS]name[ARGS]{…}``;
- Llama 3's ``<function=name>{…}</function>``;
- pythonic calls as Llama 3.2 writes them, ``[attempt_challenge(challenge_id="padlock")]``
  (several in the list, literal arguments only — read with :func:`ast.literal_eval`, never
  evaluated);
- arguments encoded twice (a JSON string holding the JSON object, even a string holding
  that string) are unwrapped.

Only names of tools that were offered are run. Text shaped like a call is never shown, even
when its tool is unknown or its arguments cannot be read; prose that merely names a tool is
prose."""

from __future__ import annotations

import ast
import json
import re
from typing import Any

from app.actions.calls import MAX_ARGUMENT_DEPTH, ToolCall, nesting_depth

_TAGGED = re.compile(r"<tool_call>\s*(.*?)\s*(?:</tool_call>|$)", re.DOTALL)
_FENCED = re.compile(r"```(?:json|tool_call|tool|python)?\s*(.*?)```", re.DOTALL)
_FUNCTION_TAG = re.compile(r"<function=([A-Za-z_][\w.-]*)>\s*(.*?)\s*(?:</function>|$)", re.DOTALL)
_MISTRAL = re.compile(r"\[TOOL_CALLS\]\s*")
_MISTRAL_NAMED = re.compile(r"([A-Za-z_][\w.-]*)\s*(?:\[CALL_ID\]\s*\w*\s*)?\[ARGS\]\s*")
_IDENTIFIER = re.compile(r"[A-Za-z_]\w*")
_OPENING = re.compile(r"[\[{]")
MAX_PYTHONIC = 4000
"""Characters of a pythonic call list we hand to the parser; longer text is prose."""
_JSON_CALL = re.compile(r'\{\s*"|\[\s*\{')
"""How a call written as JSON opens: an object with a key, or a list of objects."""
_DECODE_TRIES = 200
"""JSON decodings that may fail in one reply before the rest is taken as prose (each
failure costs a pass over the text)."""
_SCAN_BUDGET = 40 * MAX_PYTHONIC
"""Characters scanned in all for the ends of pythonic call lists in one reply."""
_UNWRAP = 3
"""Times a string of arguments is decoded again (arguments encoded twice, or thrice)."""

Found = list[tuple[str, str]]
"""``(name, arguments JSON)`` pairs."""


def arguments_text(value: Any) -> str | None:
    """A call's arguments as JSON object text: an object as it is, a string decoded
    (again, when the object was encoded twice). A string that is no JSON object is kept as
    written, so the tool's refusal says what is wrong; ``None`` for any other value."""
    if value is None:
        return "{}"
    if isinstance(value, dict):
        return json.dumps(value, ensure_ascii=False)
    if not isinstance(value, str):
        return None
    current: Any = value
    for _ in range(_UNWRAP):
        if not isinstance(current, str) or nesting_depth(current) > MAX_ARGUMENT_DEPTH:
            break
        try:
            current = json.loads(current)
        except (ValueError, RecursionError):
            break
        if isinstance(current, dict):
            return json.dumps(current, ensure_ascii=False)
    return value


def unwrap_arguments(text: str) -> str:
    """Arguments as a server sent them, with a double encoding undone (a JSON string whose
    text is the object); anything else unchanged."""
    stripped = text.strip()
    if not stripped.startswith('"'):
        return text
    unwrapped = arguments_text(stripped)
    return unwrapped if unwrapped is not None and unwrapped.startswith("{") else text


_ARGUMENT_KEYS = ("arguments", "parameters", "args", "input")
_CALL_KEYS = frozenset({"name", "tool", "tool_name", "type", "id"})


def _one_call(item: Any, allowed: set[str]) -> tuple[str, Any] | None:
    """``(name, raw arguments)`` if ``item`` is shaped like one call. A call of an offered
    tool may give its arguments beside its name (``{"name": "roll_dice", "rolls": …}``);
    an unknown name with other keys beside it is data (``{"name": "Mira", "hp": 7}``)."""
    if not isinstance(item, dict):
        return None
    call = item["function"] if isinstance(item.get("function"), dict) else item
    name = call.get("name") or call.get("tool") or call.get("tool_name")
    if not isinstance(name, str) or not _IDENTIFIER.fullmatch(name.replace(".", "_")):
        return None
    key = next((k for k in _ARGUMENT_KEYS if k in call), None)
    if key is not None:
        return name, call[key]
    beside = {k: v for k, v in call.items() if k not in _CALL_KEYS}
    if name in allowed or not beside:
        return name, beside
    return None


def _calls_from_json(value: Any, allowed: set[str]) -> tuple[Found, bool]:
    """The calls of offered tools in ``value`` (one call or a list of them), and whether
    ``value`` is shaped like calls at all (then it is never shown)."""
    items = value if isinstance(value, list) else [value]
    shaped = [_one_call(item, allowed) for item in items]
    if not items or any(s is None for s in shaped):
        return [], False
    found: Found = []
    for name, args in (s for s in shaped if s is not None):
        text = arguments_text(args)
        if name in allowed and text is not None:
            found.append((name, text))
    return found, True


def _decode(text: str, at: int = 0) -> tuple[Any, int] | None:
    """The JSON value starting at ``at`` and where it ends, or ``None`` (the decoder
    raises ``RecursionError`` on text nested too deep: that is no call either)."""
    try:
        return json.JSONDecoder().raw_decode(text, at)
    except (ValueError, RecursionError):
        return None


def _pythonic(text: str, allowed: set[str]) -> tuple[Found, bool]:
    """Calls in a pythonic list ``[name(key=literal, …), …]``: parsed, never evaluated."""
    if len(text) > MAX_PYTHONIC or nesting_depth(text.replace("(", "[")) > MAX_ARGUMENT_DEPTH:
        return [], False
    try:
        tree = ast.parse(text.strip(), mode="eval").body
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return [], False
    nodes = tree.elts if isinstance(tree, ast.List) else [tree]
    calls = [n for n in nodes if isinstance(n, ast.Call) and not n.args]
    if not nodes or len(calls) < len(nodes):
        return [], False  # "[Mira (grinning)]", "[1, 2]": prose
    found: Found = []
    for call in calls:
        name = call.func.id if isinstance(call.func, ast.Name) else None
        if name is None:
            return [], False  # "[a.b(c=1)]" is no call we know
        args = _literals(call)
        if args is not None and name in allowed:
            found.append((name, json.dumps(args, ensure_ascii=False, default=str)))
    return found, True


def _literals(call: ast.Call) -> dict[str, Any] | None:
    """A pythonic call's keyword arguments, if each is a literal (``None`` otherwise: such a
    call is not run)."""
    args: dict[str, Any] = {}
    for keyword in call.keywords:
        if keyword.arg is None:
            return None
        try:
            args[keyword.arg] = ast.literal_eval(keyword.value)
        except (ValueError, TypeError, SyntaxError, RecursionError, MemoryError):
            return None
    return args


def _bracket_end(text: str, at: int, limit: int = MAX_PYTHONIC) -> int:
    """Where the bracket opened at ``at`` closes (past it), minding quoted strings, looked
    for in the next ``limit`` characters; -1."""
    depth, quote, escaped = 0, "", False
    for index in range(at, min(len(text), at + limit)):
        char = text[index]
        if quote:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == quote:
                quote = ""
        elif char in "\"'":
            quote = char
        elif char in "[(":
            depth += 1
        elif char in "])":
            depth -= 1
            if depth == 0:
                return index + 1
    return -1


class _Reader:
    """Takes the calls out of a text, keeping the prose between them."""

    def __init__(self, text: str, allowed: set[str]) -> None:
        self.text = text
        self.allowed = allowed
        self.calls: Found = []

    def cut(self, start: int, end: int, found: Found) -> None:
        self.calls.extend(found)
        self.text = self.text[:start] + " " + self.text[end:]

    def read(self) -> str:
        for pattern in (_TAGGED, _FUNCTION_TAG):  # what stands in these is never prose
            while (match := pattern.search(self.text)) is not None:
                if pattern is _FUNCTION_TAG:
                    found, _ = _calls_from_json(
                        {"name": match.group(1), "arguments": match.group(2) or "{}"},
                        self.allowed,
                    )
                else:
                    found = self._inside(match.group(1))
                self.cut(match.start(), match.end(), found)
        for match in reversed(list(_FENCED.finditer(self.text))):
            found, shaped = self._shaped(match.group(1).strip())
            if shaped:
                self.cut(match.start(), match.end(), found)
        self._mistral()
        self._embedded()
        return self.text

    def _shaped(self, inner: str) -> tuple[Found, bool]:
        decoded = _decode(inner)
        if decoded is not None and not inner[decoded[1] :].strip():
            return _calls_from_json(decoded[0], self.allowed)
        return _pythonic(inner, self.allowed) if inner.startswith("[") else ([], False)

    def _inside(self, inner: str) -> Found:
        found, _ = self._shaped(inner)
        return found

    def _mistral(self) -> None:
        while (match := _MISTRAL.search(self.text)) is not None:
            at, found = match.end(), []
            while True:  # one JSON list, or name[ARGS]{…} after name[ARGS]{…}
                decoded = _decode(self.text, at)
                if decoded is not None:
                    found += _calls_from_json(decoded[0], self.allowed)[0]
                    at = decoded[1]
                    break
                named = _MISTRAL_NAMED.match(self.text, at)
                decoded = _decode(self.text, named.end()) if named else None
                if named is None or decoded is None:
                    if not found:  # unreadable: what follows the marker is still no prose
                        at = len(self.text)
                    break
                found += _calls_from_json(
                    {"name": named.group(1), "arguments": decoded[0]}, self.allowed
                )[0]
                at = decoded[1]
                following = _MISTRAL.match(self.text, at)
                at = following.end() if following else at
                if not _MISTRAL_NAMED.match(self.text, at):
                    break
            self.cut(match.start(), at, found)

    def _embedded(self) -> None:
        """Bare JSON calls and pythonic call lists, alone or after prose. The search for a
        list's end has a budget for the whole reply: a run of brackets that never close
        ("[[[[…") would otherwise cost a scan from each one, and hold the turn for minutes."""
        at, budget, failures = 0, _SCAN_BUDGET, 0
        while (match := _OPENING.search(self.text, at)) is not None:
            start = match.start()
            tried = failures < _DECODE_TRIES and _JSON_CALL.match(self.text, start) is not None
            decoded = _decode(self.text, start) if tried else None
            failures += tried and decoded is None
            if decoded is not None:
                found, shaped = _calls_from_json(decoded[0], self.allowed)
                if shaped:
                    self.cut(start, decoded[1], found)
                    continue
                at = decoded[1]  # data: what is inside it is no call of its own
                continue
            listed = self.text[start] == "[" and budget > 0
            if listed and _bracket(self.text[start : start + _LOOKAHEAD]) == "call":
                end = _bracket_end(self.text, start, min(MAX_PYTHONIC, budget))
                budget -= MAX_PYTHONIC if end < 0 else end - start
                if end > 0:
                    found, shaped = _pythonic(self.text[start:end], self.allowed)
                    if shaped:
                        self.cut(start, end, found)
                        continue
            at = start + 1


def extract_text_tool_calls(content: str, allowed: set[str]) -> tuple[list[ToolCall], str]:
    """Tool calls found in ``content`` and the text left once every call-shaped part (run
    or not) is removed."""
    reader = _Reader(content, allowed)
    remaining = reader.read()
    tool_calls = [
        ToolCall(f"text{i:05d}", name, args) for i, (name, args) in enumerate(reader.calls)
    ]
    if remaining == content:
        return tool_calls, content.strip()
    return tool_calls, re.sub(r"[ \t]{2,}", " ", re.sub(r"[ \t]+\n", "\n", remaining)).strip()


_MARKERS = ("<tool_call>", "<function=", "```", "<|", "[TOOL_CALLS]")
_LOOKAHEAD = 64
"""Characters after a ``[`` we wait for to know whether it opens a call."""


def _bracket(text: str) -> str:
    """``call``, ``text`` or ``wait``: does ``text`` (from a ``[``) open a call written as
    text — ``[TOOL_CALLS]``, a JSON list, a pythonic ``[name(``?"""
    if text.startswith("[TOOL_CALLS]"):
        return "call"
    if "[TOOL_CALLS]".startswith(text):
        return "wait"
    rest = text[1:].lstrip()
    if not rest:
        return "wait" if len(text) < _LOOKAHEAD else "text"
    if rest[0] == "{":
        return "call"
    name = _IDENTIFIER.match(rest)
    if name is None:
        return "text"
    after = rest[name.end() :]
    if not after:
        return "wait" if len(text) < _LOOKAHEAD else "text"
    return "call" if after[0] == "(" else "text"


def _first_call(text: str) -> tuple[int, bool] | None:
    """Where in ``text`` a call written as text may begin, and whether that is certain
    (``False``: only more text will tell)."""
    for match in re.finditer(r"[{\[<`]", text):
        at, char = match.start(), match.group()
        if char == "{":
            return at, True
        if char == "[":
            state = _bracket(text[at:])
            if state != "text":
                return at, state == "call"
            continue
        for marker in _MARKERS:
            if text.startswith(marker, at):
                return at, True
            if marker.startswith(text[at:]):
                return at, False
    return None


class CallFilter:
    """Streams prose through while holding back anything that may be a tool call written
    as text: a reply that opens with ``{`` or ``[``, and everything from a ``{``, a call-like
    ``[`` or a call marker on. :meth:`finish` parses what was held back."""

    def __init__(self) -> None:
        self.shown = ""
        self.held = ""
        self.holding = False
        self._pending = ""  # a tail that might be the start of a call

    def feed(self, delta: str) -> str:
        """Text that is safe to show now."""
        if self.holding:
            self.held += delta
            return ""
        text = self._pending + delta
        self._pending = ""
        if not self.shown.strip() and text.lstrip()[:1] in ("{", "["):
            self.holding, self.held = True, text
            return ""
        found = _first_call(text)
        if found is None:
            out = text
        elif found[1]:
            self.holding, self.held = True, text[found[0] :]
            out = text[: found[0]]
        else:
            out, self._pending = text[: found[0]], text[found[0] :]
        self.shown += out
        return out

    def finish(self, allowed: set[str]) -> tuple[list[ToolCall], str]:
        """Calls found in the held-back text, and the prose left to show."""
        held = self._pending + self.held
        self._pending = self.held = ""
        if not held:
            return [], ""
        calls, rest = extract_text_tool_calls(held, allowed)
        if rest == held.strip():
            rest = held  # nothing taken out: the text as it was written, its spacing too
        elif rest and self.shown and not self.shown[-1].isspace():
            rest = " " + rest
        self.shown += rest
        return calls, rest
