"""OpenAIBrain: any OpenAI-compatible chat-completions endpoint through the ``openai``
package — OpenAI, DeepSeek, Ollama, LM Studio, llama.cpp's server, vLLM.

Replies are always streamed: text deltas are passed on as they come, tool-call fragments
are accumulated by index until the stream finishes.

Waiting is bounded so that it fits a game: a connection must open within
``connect_timeout``, the reply must start within ``first_token_timeout`` (and never pause
longer than that), and the whole call — retries of rate limits, server errors and lost
connections included, honouring ``Retry-After`` — ends within ``timeout``. What still fails
becomes a recoverable :class:`BrainError` that says how long we waited and how often we
tried — and, for a reply that was still coming when the time ran out (a slow local model,
not a stalled one), that the model was slow and which setting gives it longer. Cancelling
the task that streams closes the request at once. ``openai`` is imported on first use, so
the offline game starts fast.

Every request carries a token limit (``DMConfig.max_tokens``). Reasoning never reaches the
players: a ``reasoning_content`` (or ``reasoning``) field is read only to know the model is
busy, and reasoning streamed as text and ended by a lone ``</think>`` is held back and
dropped (:mod:`app.dm.reasoning`). Arguments a server encoded twice are unwrapped.
"""

from __future__ import annotations

import asyncio
import re
import time
from collections.abc import AsyncGenerator, AsyncIterator
from contextlib import aclosing
from typing import TYPE_CHECKING, Any

from app.actions.calls import ToolCall
from app.actions.events import Usage
from app.dm.brain import BrainError, BrainReply, Message, TextDelta
from app.dm.chunks import PartialCall, take
from app.dm.config import DMConfig, not_found_hint
from app.dm.reasoning import ReasoningMemory, may_reason
from app.dm.textcalls import unwrap_arguments
from app.dm.wire import wire_messages

if TYPE_CHECKING:
    from openai import AsyncOpenAI


_LIMITS = ("max_tokens", "max_completion_tokens")
SETTINGS = "the DM settings ([dm] in the config file)"
"""Where a player changes the setting a message names."""
PROBE_TIMEOUT = 5.0
"""Seconds the connection test may take to list the endpoint's models."""
RETRY_STATUSES = frozenset({408, 409, 429})
"""HTTP statuses worth another try (besides every 5xx)."""
MAX_BACKOFF = 4.0


def _seconds(elapsed: float) -> str:
    return f"{elapsed:.1f}s" if elapsed < 10 else f"{elapsed:.0f}s"


def _tries(count: int) -> str:
    return "1 try" if count == 1 else f"{count} tries"


class _Budget:
    """The time one call may take, and how it was spent."""

    def __init__(self, total: float) -> None:
        self.start = time.monotonic()
        self.total = total
        self.tries = 0
        self.pieces = 0
        """Pieces of the current reply received (text, reasoning or tool calls)."""

    @property
    def elapsed(self) -> float:
        return time.monotonic() - self.start

    @property
    def remaining(self) -> float:
        return self.total - self.elapsed

    def spent(self) -> str:
        """``after 60s and 3 tries``."""
        return f"after {_seconds(self.elapsed)} and {_tries(self.tries)}"


class OpenAIBrain:
    """A DM behind an OpenAI-compatible HTTP API."""

    name = "openai"
    may_invent_rolls = True
    """A language model may narrate dice it never rolled: the turn loop watches for it."""

    def __init__(self, config: DMConfig) -> None:
        self.config = config
        self._client: AsyncOpenAI | None = None
        thinker = not config.openai_itself and may_reason(config.model)
        self._reasoning = ReasoningMemory(None if thinker else False)
        self._limit = _LIMITS[1] if config.openai_itself else _LIMITS[0]
        """The name the token limit is sent under (switched once if the server asks)."""
        self._limit_switched = False

    @property
    def strict_tools(self) -> bool:
        """Ask for tool schemas in strict mode (``DMConfig.strict_tools``): the turn loop
        then sends schemas whose every object is closed and every property required, with
        ``"strict": true`` on each function."""
        return self.config.strict

    def client(self) -> AsyncOpenAI:
        """The HTTP client, created on first use. It never retries by itself: :meth:`stream`
        does, within the call's total budget."""
        if self._client is None:
            import openai  # noqa: PLC0415 - lazy: offline play never loads it

            key = self.config.api_key.get_secret_value() if self.config.api_key else None
            connect = self.config.connect_timeout
            self._client = openai.AsyncOpenAI(
                api_key=key or "no-key-needed",  # local servers ignore it; the client wants one
                base_url=self.config.base_url,
                timeout=openai.Timeout(
                    self.config.timeout,
                    connect=connect,
                    read=self.config.first_token_timeout,
                    write=connect,
                    pool=connect,
                ),
                max_retries=0,
            )
        return self._client

    async def aclose(self) -> None:
        """Close the HTTP client, if one was made, while its event loop still runs (one
        closed after it, by the garbage collector, complains on the terminal)."""
        if self._client is not None:
            client, self._client = self._client, None
            await client.close()

    def _masked(self, error: BrainError) -> BrainError:
        """``error`` with the player's own key masked: servers echo it in their error
        text ("Incorrect API key provided: sk-…"), and that text is shown on screen."""
        key = self.config.api_key.get_secret_value() if self.config.api_key else None
        message = mask_key(error.message, key)
        for secret in self.config.url_secrets():  # a key written into the base URL
            message = mask_key(message, secret)
        if message == error.message:
            return error
        return BrainError(message, recoverable=error.recoverable)

    async def stream(
        self, messages: list[Message], tools: list[dict[str, Any]] | None
    ) -> AsyncIterator[TextDelta | BrainReply]:
        """Stream one reply; raise :class:`BrainError` on any failure (its text never
        holds the API key)."""
        async with aclosing(self._stream(messages, tools)) as items:
            try:
                async for item in items:
                    yield item
            except BrainError as error:
                raise self._masked(error) from None

    async def _stream(
        self, messages: list[Message], tools: list[dict[str, Any]] | None
    ) -> AsyncGenerator[TextDelta | BrainReply]:
        import openai  # noqa: PLC0415 - lazy, as above

        request: dict[str, Any] = {
            "model": self.config.model,
            "messages": wire_messages(messages),
            "stream": True,
            "stream_options": {"include_usage": True},
            "temperature": self.config.temperature,
            self._limit: self.config.max_tokens,
        }
        if tools:
            request["tools"] = tools
        budget = _Budget(self.config.timeout)
        while True:
            budget.tries += 1
            shown = False  # once words are on screen, a failure is a cut reply: no retry
            try:
                async with asyncio.timeout(max(budget.remaining, 0.001)):
                    stream = await self.client().chat.completions.create(**request)
                async with stream:
                    async for item in self._read(stream, budget):
                        shown = True
                        yield item
                return
            except (openai.OpenAIError, OSError, ValueError, TimeoutError, RecursionError) as error:
                if shown or budget.pieces:  # begun, if maybe held back: a cut reply
                    raise self._cut(error, budget) from error
                if self._other_limit(error, request):
                    continue
                wait = self._retry_in(error, budget)
                if wait is None:
                    raise self._explain(error, budget) from error
                await asyncio.sleep(wait)

    async def _read(self, stream: Any, budget: _Budget) -> AsyncIterator[TextDelta | BrainReply]:
        """The pieces of one reply, then the whole of it."""
        text: list[str] = []
        raw: list[str] = []
        calls: dict[int, PartialCall] = {}
        usage = Usage(calls=1)
        finish: str | None = None
        gate = self._reasoning.gate()
        apart = False  # the server sends the reasoning in a field of its own
        pieces = aiter(stream)
        budget.pieces = 0
        while True:
            try:
                chunk = await self._next(pieces, budget)
            except StopAsyncIteration:
                break
            try:
                piece = take(chunk, calls, usage, finish)
            except (AttributeError, TypeError, ValueError, RecursionError) as error:
                where = self.config.describe()
                raise BrainError(
                    f"the DM's server ({where}) sent a piece of its reply in a form the game "
                    f"cannot read (not OpenAI's streaming format: {type(error).__name__}); "
                    "check that the endpoint speaks the OpenAI chat API"
                ) from error
            usage, finish = piece.usage, piece.finish
            budget.pieces += bool(piece.texts or piece.thought or piece.called)
            out = ""
            if piece.thought and not apart:
                apart = True
                out = gate.release()  # the reasoning comes apart: the text is the answer
            for part in piece.texts:
                raw.append(part)
                out += gate.feed(part)
            if out:
                text.append(out)
                yield TextDelta(out)
        if finish is None:
            where = self.config.describe()
            raise BrainError(f"the DM's reply ({where}) was cut off before it finished")
        # Still held when the token limit cut the reply: reasoning whose closing tag never
        # came (far likelier than a plain answer thousands of tokens long) — never shown.
        rest = gate.finish(reasoning=finish == "length")
        if rest:
            text.append(rest)
            yield TextDelta(rest)
        self._reasoning.learn("".join(raw), finished=finish != "length", apart=apart)
        tool_calls: list[ToolCall] = []
        for index, slot in sorted(calls.items()):
            # Some servers send no id, or the same id twice; every call needs its own.
            taken = {c.id for c in tool_calls}
            call_id = slot.id if slot.id and slot.id not in taken else f"call{index:05d}"
            arguments = unwrap_arguments("".join(slot.arguments))
            tool_calls.append(ToolCall(call_id, slot.name, arguments))
        said = "".join(text).strip()
        if finish == "length" and not tool_calls and not said and (apart or gate.dropped):
            raise BrainError(
                f"the DM's model ({self.config.describe()}) used up its whole token limit "
                f"before it answered (a reasoning model thinks within it too); raise "
                f"max_tokens in {SETTINGS} (now {self.config.max_tokens})"
            )
        if finish == "length" and said and not tool_calls:  # the story stopped mid-word:
            cut = f" … (the DM's reply ran out of room: raise max_tokens in {SETTINGS})"
            text.append(cut)  # said so, never passed off as the whole turn's telling
            yield TextDelta(cut)
        if finish == "content_filter":  # the provider stopped the reply: said so, not hidden
            cut = " … (the DM's provider cut this reply off with its content filter)"
            text.append(cut)
            yield TextDelta(cut)
        yield BrainReply("".join(text), tool_calls, usage, finish)

    async def _next(self, pieces: AsyncIterator[Any], budget: _Budget) -> Any:
        """The next chunk of a reply. Once the reply has begun, a wait that runs out is
        told apart: nothing came for ``first_token_timeout`` (stalled), or pieces were
        still coming when the call's ``timeout`` ran out (a slow model)."""
        import openai  # noqa: PLC0415 - lazy, as above

        gap = self.config.first_token_timeout
        remaining = budget.remaining
        if remaining <= 0 and budget.pieces:
            # pieces already waiting never make the wait below suspend, so its deadline
            # would never fire: a reply flooding in past the call's timeout ends here
            raise self._slow(budget)
        try:
            # The deadline wraps each wait, never a yield: the consumer's own work between
            # pieces is not ours to cancel.
            async with asyncio.timeout(max(min(remaining, gap), 0.001)):
                return await anext(pieces)
        except (TimeoutError, openai.APITimeoutError):
            if not budget.pieces:
                raise  # it never began: the caller may try again
            if remaining > gap:
                raise self._stalled(budget) from None
            raise self._slow(budget) from None

    def _cut(self, error: Exception, budget: _Budget) -> BrainError:
        """A reply that had begun and broke off."""
        import openai  # noqa: PLC0415 - lazy, as above

        if isinstance(error, TimeoutError | openai.APITimeoutError):
            return self._stalled(budget)
        return BrainError(f"the DM's reply ({self.config.describe()}) was cut off mid-stream")

    def _stalled(self, budget: _Budget) -> BrainError:
        """A reply that began, then sent nothing for ``first_token_timeout``."""
        gap = _seconds(self.config.first_token_timeout)
        return BrainError(
            f"the DM's reply ({self.config.describe()}) stalled and was cut off "
            f"{budget.spent()}: nothing came for {gap} — if the model is only slow to go on, "
            f"raise first_token_timeout in {SETTINGS}"
        )

    def _slow(self, budget: _Budget) -> BrainError:
        """A reply still coming, slowly, when the call's ``timeout`` ran out."""
        return BrainError(
            f"the DM's model ({self.config.describe()}) was still writing when the time for "
            f"a reply ran out, {budget.spent()}: it is slow, not stuck — raise timeout in "
            f"{SETTINGS} (now {_seconds(self.config.timeout)}, at most 600s) to give it longer"
        )

    def _other_limit(self, error: Exception, request: dict[str, Any]) -> bool:
        """Send the token limit under its other name if the server refused this one
        (OpenAI's newer models want ``max_completion_tokens``; some servers know only
        ``max_tokens``). True when the request was changed and may go again at once."""
        import openai  # noqa: PLC0415 - lazy, as above

        if not isinstance(error, openai.BadRequestError) or self._limit_switched:
            return False
        said = str(error.message)
        other = _LIMITS[1] if self._limit == _LIMITS[0] else _LIMITS[0]
        if self._limit not in said or ("unsupported" not in said.lower() and other not in said):
            return False
        request[other] = request.pop(self._limit)
        self._limit, self._limit_switched = other, True
        return True

    def _retry_in(self, error: Exception, budget: _Budget) -> float | None:
        """Seconds to wait before trying again, or ``None`` to give up now."""
        import openai  # noqa: PLC0415 - lazy, as above

        if budget.tries > self.config.max_retries:
            return None
        if isinstance(error, openai.APIStatusError):
            if error.status_code not in RETRY_STATUSES and error.status_code < 500:
                return None
            wait = _retry_after(error.response.headers)
        elif isinstance(error, openai.APIConnectionError | TimeoutError | OSError):
            wait = None
        else:
            return None
        if wait is None:
            wait = min(MAX_BACKOFF, 0.5 * 2 ** (budget.tries - 1))
        # A wait that leaves next to no time for the answer is not worth starting.
        return wait if wait < budget.remaining - 0.1 * budget.total else None

    def _explain(self, error: Exception, budget: _Budget) -> BrainError:
        """A player-readable :class:`BrainError` for anything the client raised."""
        import openai  # noqa: PLC0415 - lazy, as above

        where = self.config.describe()
        if isinstance(error, TimeoutError | openai.APITimeoutError):
            return BrainError(f"the DM ({where}) did not answer; gave up {budget.spent()}")
        if isinstance(error, openai.RateLimitError):
            return BrainError(
                f"the DM ({where}) is rate-limiting us; gave up {budget.spent()} — wait a "
                "moment and retry"
            )
        if isinstance(error, openai.AuthenticationError):
            return BrainError(f"the DM ({where}) refused the API key: {error.message}")
        if isinstance(error, openai.APIStatusError):
            hint = ""
            if error.status_code == 400 and re.search(
                r"max_(completion_)?tokens|context length", str(error.message), re.IGNORECASE
            ):
                hint = f" — lower max_tokens in {SETTINGS} (now {self.config.max_tokens})"
            elif error.status_code == 404:
                found = not_found_hint(self.config.base_url, error.message)
                hint = f" — {found}" if found else ""
            return BrainError(
                f"the DM ({where}) answered HTTP {error.status_code}: {error.message}"
                + (f" ({_tries(budget.tries)})" if budget.tries > 1 else "")
                + hint
            )
        if isinstance(error, openai.APIConnectionError | OSError):
            return BrainError(f"cannot reach the DM at {where} ({_tries(budget.tries)}): {error}")
        if isinstance(error, RecursionError):  # JSON nested thousands deep: no reply at all
            return BrainError(
                f"the DM's server ({where}) sent a reply nested too deeply to read: check "
                "that the endpoint speaks the OpenAI chat API"
            )
        return BrainError(f"the DM's reply broke off: {error}")

    async def models(self, seconds: float | None = None) -> list[str]:
        """The models the endpoint lists — the connection test's first step (see
        :mod:`app.dm.connection`) — giving up after ``seconds`` (:data:`PROBE_TIMEOUT` by
        default). Raises :class:`BrainError` when it cannot be reached or refuses the key."""
        import openai  # noqa: PLC0415 - lazy, as above

        limit = PROBE_TIMEOUT if seconds is None else seconds
        budget = _Budget(min(limit, self.config.timeout))
        budget.tries = 1
        client = self.client().with_options(
            timeout=openai.Timeout(
                budget.total, connect=min(self.config.connect_timeout, budget.total)
            ),
            max_retries=0,
        )
        try:
            async with asyncio.timeout(budget.total):
                return [model.id async for model in client.models.list()]
        except (openai.OpenAIError, OSError, ValueError, TimeoutError, RecursionError) as error:
            raise self._masked(self._explain(error, budget)) from None


PIECE = 10
"""Characters of the key in a row that count as an echo of it (a server may cut it short)."""


def mask_key(text: str, key: str | None) -> str:
    """``text`` with ``key`` — and any word holding :data:`PIECE` of its characters in a
    row, as servers that quote a key cut short do — replaced by ``sk-…wxyz``."""
    if not key:
        return text
    shown = f"{key[:3]}…{key[-4:]}" if len(key) >= 16 else "…"
    if len(key) < 6:  # a very short key is masked only where it stands as a word of its own
        return re.sub(rf"(?<![\w-]){re.escape(key)}(?![\w-])", shown, text)
    if len(key) < PIECE:  # a short one wherever it is ("hunter2x_x"): no piece of it counts
        return text.replace(key, shown)
    text = text.replace(key, shown)
    pieces = {key[i : i + PIECE] for i in range(len(key) - PIECE + 1)}

    def masked(word: re.Match[str]) -> str:
        found = word.group()
        if any(found[i : i + PIECE] in pieces for i in range(len(found) - PIECE + 1)):
            return shown
        return found

    return re.sub(r"[^\s'\"]+", masked, text)


def _retry_after(headers: Any) -> float | None:
    """The server's own ``Retry-After`` (``retry-after-ms`` or seconds), if it gave one."""
    for key, scale in (("retry-after-ms", 0.001), ("retry-after", 1.0)):
        value = headers.get(key) if headers is not None else None
        try:
            if value is not None:
                return max(0.0, float(value) * scale)
        except ValueError:
            continue
    return None
