"""OpenAIBrain: any OpenAI-compatible chat-completions endpoint through the ``openai``
package — OpenAI, DeepSeek, Ollama, LM Studio, llama.cpp's server, vLLM.

Replies are always streamed: text deltas are passed on as they come, tool-call fragments
are accumulated by index until the stream finishes. Rate limits and server errors are
retried by the client (honouring ``Retry-After``); what still fails becomes a recoverable
:class:`BrainError`. ``openai`` is imported on first use, so the offline game starts fast.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from app.dm.brain import BrainError, BrainReply, Message, TextDelta, ToolCall
from app.dm.config import DMConfig
from app.dm.wire import wire_messages
from app.session.events import Usage

if TYPE_CHECKING:
    from openai import AsyncOpenAI


@dataclass
class _PartialCall:
    id: str = ""
    name: str = ""
    arguments: list[str] = field(default_factory=list)


class OpenAIBrain:
    """A DM behind an OpenAI-compatible HTTP API."""

    name = "openai"

    def __init__(self, config: DMConfig) -> None:
        self.config = config
        self._client: AsyncOpenAI | None = None

    def client(self) -> AsyncOpenAI:
        """The HTTP client, created on first use."""
        if self._client is None:
            from openai import AsyncOpenAI  # noqa: PLC0415 - lazy: offline play never loads it

            key = self.config.api_key.get_secret_value() if self.config.api_key else None
            self._client = AsyncOpenAI(
                api_key=key or "no-key-needed",  # local servers ignore it; the client wants one
                base_url=self.config.base_url,
                timeout=self.config.timeout,
                max_retries=self.config.max_retries,
            )
        return self._client

    async def stream(
        self, messages: list[Message], tools: list[dict[str, Any]] | None
    ) -> AsyncIterator[TextDelta | BrainReply]:
        """Stream one reply; raise :class:`BrainError` on any failure."""
        import openai  # noqa: PLC0415 - lazy, as above

        request: dict[str, Any] = {
            "model": self.config.model,
            "messages": wire_messages(messages),
            "stream": True,
            "stream_options": {"include_usage": True},
            "temperature": self.config.temperature,
        }
        if tools:
            request["tools"] = tools
        text: list[str] = []
        calls: dict[int, _PartialCall] = {}
        usage = Usage(calls=1)
        finish: str | None = None
        started = False  # a failure after the first chunk is a cut stream, not a lost server
        where = self.config.describe()
        try:
            stream = await self.client().chat.completions.create(**request)
            async for chunk in stream:
                started = True
                if chunk.usage is not None:
                    usage = Usage(
                        prompt_tokens=chunk.usage.prompt_tokens or 0,
                        completion_tokens=chunk.usage.completion_tokens or 0,
                        calls=1,
                    )
                for choice in chunk.choices:
                    delta = choice.delta
                    if delta is not None and delta.content:
                        text.append(delta.content)
                        yield TextDelta(delta.content)
                    for part in (delta.tool_calls or []) if delta is not None else []:
                        slot = calls.setdefault(part.index, _PartialCall())
                        slot.id = part.id or slot.id
                        if part.function is not None:
                            slot.name = part.function.name or slot.name
                            slot.arguments.append(part.function.arguments or "")
                    if choice.finish_reason:
                        finish = choice.finish_reason
        except (openai.OpenAIError, OSError, ValueError) as error:
            raise self._explain(error, started=started) from error
        if finish is None:
            raise BrainError(f"the DM's reply ({where}) was cut off before it finished")
        tool_calls: list[ToolCall] = []
        for index, slot in sorted(calls.items()):
            # Some servers send no id, or the same id twice; every call needs its own.
            taken = {c.id for c in tool_calls}
            call_id = slot.id if slot.id and slot.id not in taken else f"call{index:05d}"
            tool_calls.append(ToolCall(call_id, slot.name, "".join(slot.arguments)))
        yield BrainReply("".join(text), tool_calls, usage, finish)

    def _explain(self, error: Exception, *, started: bool = False) -> BrainError:
        """A player-readable :class:`BrainError` for anything the client raised."""
        import openai  # noqa: PLC0415 - lazy, as above

        where = self.config.describe()
        if isinstance(error, openai.APITimeoutError):
            return BrainError(f"the DM ({where}) did not answer within {self.config.timeout:g}s")
        if isinstance(error, openai.RateLimitError):
            return BrainError(
                f"the DM ({where}) is rate-limiting us; tried {self.config.max_retries + 1} "
                "times — wait a moment and retry"
            )
        if isinstance(error, openai.APIConnectionError):
            if started:
                return BrainError(f"the DM's reply ({where}) was cut off mid-stream")
            return BrainError(f"cannot reach the DM at {where}: {error}")
        if isinstance(error, openai.AuthenticationError):
            return BrainError(f"the DM ({where}) refused the API key: {error.message}")
        if isinstance(error, openai.APIStatusError):
            return BrainError(
                f"the DM ({where}) answered HTTP {error.status_code}: {error.message}"
            )
        return BrainError(f"the DM's reply broke off: {error}")

    async def probe(self) -> str:
        """The connection test of the new-game and settings screens: ask the endpoint for
        its models. Returns what it found; raises :class:`BrainError` when it cannot be
        reached, refuses the key, or does not offer the configured model."""
        import openai  # noqa: PLC0415 - lazy, as above

        try:
            models = [model.id async for model in self.client().models.list()]
        except (openai.OpenAIError, OSError, ValueError) as error:
            raise self._explain(error) from error
        where = self.config.describe()
        if models and self.config.model not in models:
            shown = ", ".join(sorted(models)[:8]) + (" …" if len(models) > 8 else "")
            raise BrainError(
                f"{where} answers, but has no model {self.config.model!r} (it has: {shown})",
                recoverable=False,
            )
        return f"connected to {where} ({len(models)} model{'s' if len(models) != 1 else ''})"
