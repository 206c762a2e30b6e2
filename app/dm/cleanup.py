"""What a model writes that is not for the players: reasoning and chat-template tokens.

Reasoning models think aloud in ``<think>…</think>`` (also ``<thinking>``, ``<reasoning>``,
and gpt-oss's ``<|channel|>analysis<|message|>…<|end|>``); a local server that does not
split the reasoning out passes it on as text. Models served with a mismatched template leak
its tokens (``<|im_end|>``, ``<|eot_id|>``, ``</s>``, ``<｜end▁of▁sentence｜>``…), and after
an end-of-turn token they often go on to write the players' next line themselves.

:class:`ReplyCleaner` removes all of that from a stream as it arrives, whatever the chunk
boundaries: reasoning is dropped (also when the stream ends inside it), template tokens are
dropped with the role name they announce, and everything after an end-of-turn token is
dropped. Ordinary text streams through at once; only a ``<`` or ``[`` that may start a
token is held until it is known.
"""

from __future__ import annotations

import re

_THINK_OPEN = re.compile(r"<(think|thinking|reasoning)>", re.IGNORECASE)
_THINK_CLOSE = re.compile(r"</(think|thinking|reasoning)>", re.IGNORECASE)
_ANALYSIS = re.compile(r"<\|channel\|>\s*(analysis|commentary)[^<]{0,40}<\|message\|>")
_ANALYSIS_END = "<|end|>"
_END_OF_TURN = re.compile(
    r"<\|(im_end|eot_id|end|endoftext|end_of_text|eom_id|return)\|>|</s>|<end_of_turn>"
    r"|<｜end▁of▁sentence｜>",
    re.IGNORECASE,
)
_ROLE = r"\s*(?:system|user|assistant|model|tool|developer)?[ \t]*\n?"
_OPENERS = re.compile(
    r"<\|im_start\|>" + _ROLE
    + r"|<\|start_header_id\|>[^<>]{0,20}<\|end_header_id\|>\s*"
    + r"|<start_of_turn>" + _ROLE
    + r"|<\|start\|>" + _ROLE
    + r"|<\|(?:system|user|assistant)\|>[ \t]*\n?"
    + r"|<\|channel\|>\s*final[^<]{0,40}<\|message\|>",
)  # fmt: skip
_UNTIL = {"<|channel|>": "<|message|>", "<|start_header_id|>": "<|end_header_id|>"}
"""Tokens that name something before their closing token: held until it arrives."""
_STARTS = ("<|", "<｜", "</", "<think>", "<thinking>", "<reasoning>", "<s>", "<bos>", "<eos>",
           "<start_of_turn>", "<end_of_turn>", "[INST]", "[/INST]")  # fmt: skip
"""How every token begins: a held ``<`` or ``[`` that begins otherwise is text."""
_ROLES = ("system", "user", "assistant", "model", "tool", "developer")
_TOKEN = re.compile(r"<\|[^|<>\s]{1,40}\|>|<｜[^｜<>]{1,40}｜>|</?s>|<bos>|<eos>|\[/?INST\]")
_LONE_CLOSE = _THINK_CLOSE
_LONGEST = 64
"""Characters a token (with its role name) can span; a ``<`` held longer is plain text."""


class ReplyCleaner:
    """Feed the raw stream in; get back what players may read."""

    def __init__(self) -> None:
        self._buffer = ""
        self._closer: re.Pattern[str] | str | None = None  # inside reasoning until this
        self.ended = False
        """An end-of-turn token was seen: the rest of the reply is dropped."""
        self.dropped = 0
        """Characters removed (reasoning, tokens, text after the end of the turn)."""
        self._trim = False  # after a role header: its blank lines go too

    def feed(self, delta: str) -> str:
        """The part of the text so far that is safe to show now."""
        self._buffer += delta
        return self._drain(final=False)

    def finish(self) -> str:
        """The rest, once the stream is over: an unclosed reasoning block is dropped."""
        out = self._drain(final=True)
        self.dropped += len(self._buffer)
        self._buffer = ""
        return out

    def _drain(self, *, final: bool) -> str:
        out: list[str] = []
        while self._buffer:
            if self.ended:
                self.dropped += len(self._buffer)
                self._buffer = ""
                break
            if self._closer is not None:
                if not self._skip_reasoning(final=final):
                    break
                continue
            cut = min((i for i in (self._buffer.find("<"), self._buffer.find("[")) if i >= 0),
                      default=-1)  # fmt: skip
            if cut < 0:
                out.append(self._buffer)
                self._buffer = ""
                break
            out.append(self._buffer[:cut])
            self._buffer = self._buffer[cut:]
            if not self._take_token(final=final):
                if self._may_grow(final=final):
                    break
                out.append(self._buffer[0])
                self._buffer = self._buffer[1:]
        text = "".join(out)
        if self._trim and text:
            text = text.lstrip()
            self._trim = not text
        return text

    def _skip_reasoning(self, *, final: bool) -> bool:
        """Drop reasoning up to its end; False when the end has not arrived yet."""
        closer = self._closer
        if isinstance(closer, str):
            at = self._buffer.find(closer)
            end = at + len(closer) if at >= 0 else -1
        else:
            assert closer is not None
            match = closer.search(self._buffer)
            end = match.end() if match else -1
        if end < 0:
            keep = 0 if final else min(len(self._buffer), _LONGEST)
            keep = keep if "<" in self._buffer[-keep:] else 0
            self.dropped += len(self._buffer) - keep
            self._buffer = self._buffer[len(self._buffer) - keep :]
            return False
        self.dropped += end
        self._buffer = self._buffer[end:]
        self._closer = None
        return True

    def _take_token(self, *, final: bool) -> bool:
        """Consume a complete token at the start of the buffer; True if one was taken."""
        text = self._buffer
        for pattern, closer in ((_THINK_OPEN, _THINK_CLOSE), (_ANALYSIS, _ANALYSIS_END)):
            match = pattern.match(text)
            if match:
                self._consume(match.end())
                self._closer = closer
                return True
        match = _END_OF_TURN.match(text)
        if match:
            self._consume(match.end())
            self.ended = True
            return True
        if not final and self._waiting(text):
            return False
        match = _OPENERS.match(text)
        if match:
            self._consume(match.end())
            self._trim = True
            return True
        match = _TOKEN.match(text) or _LONE_CLOSE.match(text)
        if match:
            self._consume(match.end())
            return True
        return False

    def _may_grow(self, *, final: bool) -> bool:
        """Could more text turn the held ``<…``/``[…`` into a token?"""
        if final or len(self._buffer) >= _LONGEST:
            return False
        head = self._buffer
        if self._waiting(head):
            return True
        low = head.lower()
        if not any(s.lower().startswith(low) or low.startswith(s.lower()) for s in _STARTS):
            return False  # "<3", "[1d20]": no token begins like this
        return (">" if head.startswith("<") else "]") not in head

    @staticmethod
    def _waiting(head: str) -> bool:
        """Is ``head`` a token still missing the role or name it announces?"""
        for start, until in _UNTIL.items():
            if head.startswith(start) and until not in head:
                return True
        opener = re.match(r"<\|im_start\|>|<start_of_turn>|<\|start\|>", head)
        if opener is None:
            return False
        rest = head[opener.end() :].lstrip(" \t")
        return "\n" not in rest and any(role.startswith(rest) for role in _ROLES)

    def _consume(self, length: int) -> None:
        self.dropped += length
        self._buffer = self._buffer[length:]


def clean_text(text: str) -> str:
    """A whole reply, cleaned at once."""
    cleaner = ReplyCleaner()
    return cleaner.feed(text) + cleaner.finish()
