"""Reasoning that arrives without its opening tag.

Some chat templates open the reasoning block themselves, in the prompt: DeepSeek-R1's
distills, QwQ, Qwen3's thinking models. A server that does not split the reasoning out
then streams it as ordinary text, and the first sign that it was reasoning is a lone
``</think>`` at its end. Everything before that tag must stay unseen, so the start of a
reply from such a model is held back until the tag comes (then dropped with it), until the
reply opens a ``<think>`` block of its own (then :class:`~app.dm.cleanup.ReplyCleaner`
drops that block as usual), or until the server sends its reasoning in a field of its own
(``reasoning_content``: the text is then the answer). The stream may be cut anywhere, also
inside the tag.

:class:`ReasoningGate` does this for one reply; the brain decides whether to hold at all
(:class:`ReasoningMemory`): not for OpenAI's own API, which never does this; for any other
server until one of its replies shows that it does not — a finished answer without the
lone tag — and for good once one does. A model not named like one that thinks aloud
(:func:`may_reason`) is taken not to until it shows otherwise, so its replies stream.
"""

from __future__ import annotations

import re

_OPEN = re.compile(r"<(think|thinking|reasoning)>", re.IGNORECASE)
_CLOSE = re.compile(r"</(think|thinking|reasoning)>", re.IGNORECASE)
_TAG = len("</reasoning>")
"""The longest tag: how far back a new piece may complete one."""


def lone_close(text: str) -> re.Match[str] | None:
    """The closing reasoning tag that ends reasoning opened by the template, if ``text``
    has one before any opening tag."""
    close = _CLOSE.search(text)
    if close is None:
        return None
    opened = _OPEN.search(text, 0, close.start())
    return None if opened else close


class ReasoningGate:
    """Holds the start of one reply while it may be reasoning; see the module docstring.

    ``hold=False`` lets every piece through as it comes."""

    def __init__(self, *, hold: bool) -> None:
        self.holding = hold
        self.held = ""
        self.dropped = ""
        """The reasoning taken out (never shown, never stored)."""
        self._trim = False

    def feed(self, delta: str) -> str:
        """What of the text so far may go on now."""
        if not self.holding:
            if self._trim:  # the blank lines after the closing tag go with it
                delta = delta.lstrip()
                self._trim = not delta
            return delta
        start = max(0, len(self.held) - _TAG)
        self.held += delta
        close = _CLOSE.search(self.held, start)
        opened = _OPEN.search(self.held, start)
        if close is not None and (opened is None or close.start() < opened.start()):
            # No opening tag can stand earlier: the gate would have let go at it.
            self.dropped, rest = self.held[: close.end()], self.held[close.end() :]
            self._let_go("")
            self._trim = True
            return self.feed(rest)
        if opened is not None or close is not None:
            return self._let_go(self.held)  # a block of its own: the cleaner drops it
        return ""

    def release(self) -> str:
        """Stop holding: the server sends its reasoning apart, so the text is the answer."""
        return self._let_go(self.held) if self.holding else ""

    def finish(self, *, reasoning: bool) -> str:
        """The end of the reply: what is still held goes on as text, unless it is known to
        be ``reasoning`` (cut off before its closing tag), which is dropped."""
        if not self.holding:
            return ""
        if reasoning:
            self.dropped, self.held, self.holding = self.held, "", False
            return ""
        return self._let_go(self.held)

    def _let_go(self, text: str) -> str:
        self.holding, self.held = False, ""
        return text


_THINKERS = re.compile(
    r"(?:^|[^a-z0-9])(?:r1|qwq|qwen-?3|deepseek-?r|magistral|exaone-?deep|phi-?4-?(?:mini-)?"
    r"reasoning|think|thinking|reasoning|reasoner|gpt-?oss|skywork-?o1|marco-?o1|openthinker|"
    r"s1)(?:$|[^a-z])",
    re.IGNORECASE,
)
"""Model names of the families whose templates may open a reasoning block themselves."""


def may_reason(model: str) -> bool:
    """Whether ``model`` is named like a model that thinks aloud (``deepseek-r1:14b``,
    ``qwq``, ``Qwen3-8B``): the first reply of such a model is held back until it shows how
    it ends its reasoning. Any other model's replies stream at once; one that turns out to
    send a lone closing tag is held from then on (what it streamed before the tag was
    already shown — the price of not holding every model's first reply)."""
    return bool(_THINKERS.search(model))


class ReasoningMemory:
    """What one brain has learned of its server: ``None`` not yet known (hold), ``True``
    its replies open with reasoning ended by a lone tag (hold), ``False`` they do not."""

    def __init__(self, known: bool | None = None) -> None:
        self.lone_tags: bool | None = known

    def gate(self) -> ReasoningGate:
        """A gate for the next reply."""
        return ReasoningGate(hold=self.lone_tags is not False)

    def learn(self, raw: str, *, finished: bool, apart: bool) -> None:
        """After a reply: ``raw`` its whole text as sent, ``finished`` whether it ended by
        itself (not cut by the token limit), ``apart`` whether reasoning came in a field of
        its own."""
        if lone_close(raw) is not None:
            self.lone_tags = True
        elif self.lone_tags is None and (apart or (finished and raw.strip())):
            self.lone_tags = False
