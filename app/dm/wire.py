"""The messages we send, in the shape strict OpenAI-compatible servers accept.

Hosted OpenAI forgives a lot; local servers do not. llama.cpp's server runs the model's own
chat template (Jinja) over the messages, llama-cpp-python does the same in Python, vLLM
validates them with pydantic and parses tool-call arguments, and Ollama converts them to
its own types. What each refuses, and what we therefore always send:

- ``content`` is a string on every message — ``""`` when the assistant only called tools
  (``null`` makes llama-cpp-python's templates fail with HTTP 500, and Ollama answers 400
  "invalid message content type: <nil>" once no tool calls sit beside it).
- Only the roles ``system``, ``user``, ``assistant`` and ``tool``.
- One system message, first: chat templates such as Qwen 3.5's raise "System message must
  be at the beginning" in llama.cpp, and others keep only the first one. Leading system
  messages are merged; an instruction given later in the turn goes as a user message.
- No two user messages in a row (Mistral and Gemma templates demand alternating turns):
  they are joined.
- Each tool call has a non-empty id unique in the request, ``type: "function"``, a name,
  and ``arguments`` that parse to a JSON object (vLLM and Ollama parse them and refuse the
  request otherwise — so a model's malformed arguments are sent back as ``{}``; the tool
  result already told it they were broken).
- Every text is whole UTF-8: half of a surrogate pair (a model cutting an emoji in two,
  ``"\\ud83d"`` in its arguments) cannot be encoded into the request at all, so it is sent
  as U+FFFD.
- Each ``tool`` message carries the ``tool_call_id`` of a call in the assistant message
  just before it, and every such call is answered (OpenAI answers 400 otherwise).
"""

from __future__ import annotations

import json
from typing import Any

from app.actions.calls import json_object
from app.dm.brain import Message

ROLES = ("system", "user", "assistant", "tool")
_NO_RESULT = '{"error": "no result"}'


def text_of(content: Any) -> str:
    """Any message content as a string: text parts joined, anything else as JSON."""
    if content is None:
        return ""
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        parts = [p.get("text", "") for p in content if isinstance(p, dict)]
        if all(isinstance(p, str) for p in parts):
            return "".join(parts)
    return json.dumps(content, ensure_ascii=False)


def _tool_calls(message: Message, used: set[str]) -> list[dict[str, Any]]:
    calls = []
    for index, raw in enumerate(message.get("tool_calls") or []):
        function = raw.get("function") or {}
        call_id = str(raw.get("id") or "")
        serial = len(used) + index
        while not call_id or call_id in used:  # servers that number calls per reply repeat
            call_id = f"call{serial:05d}"  # nine letters and digits, as Mistral wants
            serial += 1
        used.add(call_id)
        arguments = json_object(str(function.get("arguments") or ""))
        calls.append(
            {
                "id": call_id,
                "type": "function",
                "function": {
                    "name": str(function.get("name") or "unknown"),
                    "arguments": json.dumps(arguments or {}, ensure_ascii=False),
                },
            }
        )
    return calls


def wire_messages(messages: list[Message]) -> list[Message]:
    """A copy of ``messages`` that strict servers accept (see the module docstring)."""
    out: list[Message] = []
    used: set[str] = set()
    open_calls: dict[str, str] = {}  # id as the loop knows it -> id as sent
    unanswered: list[str] = []
    for message in messages:
        role = message.get("role")
        content = text_of(message.get("content"))
        if role not in ROLES:
            role = "user"
        if role == "tool":
            sent = open_calls.pop(str(message.get("tool_call_id") or ""), None)
            if sent is None:  # an orphan result: keep what it says, as plain text
                role, content = "user", f"(tool result) {content}"
            else:
                unanswered.remove(sent)
                out.append({"role": "tool", "tool_call_id": sent, "content": content})
                continue
        for missing in unanswered:  # every call is answered before the talk moves on
            out.append(
                {"role": "tool", "tool_call_id": missing, "content": '{"error": "no result"}'}
            )
        unanswered, open_calls = [], {}
        if role == "system" and any(m["role"] != "system" for m in out):
            role = "user"
        if role == "assistant" and message.get("tool_calls"):
            calls = _tool_calls(message, used)
            originals = [str(c.get("id") or "") for c in message["tool_calls"]]
            open_calls = dict(zip(originals, (c["id"] for c in calls), strict=True))
            unanswered = [c["id"] for c in calls]
            out.append({"role": "assistant", "content": content, "tool_calls": calls})
            continue
        previous = out[-1] if out else None
        if previous is not None and previous["role"] == role and role in ("system", "user"):
            previous["content"] = f"{previous['content']}\n\n{content}".strip()
            continue
        out.append({"role": role, "content": content})
    for missing in unanswered:
        out.append({"role": "tool", "tool_call_id": missing, "content": '{"error": "no result"}'})
    return [_encodable(m) for m in out]


def _whole(text: str) -> str:
    """``text`` with any lone half of a surrogate pair made U+FFFD (pairs are joined)."""
    if text.isascii():
        return text
    return text.encode("utf-16", "surrogatepass").decode("utf-16", "replace")


def _encodable(message: Message) -> Message:
    """A message whose every text the request's UTF-8 can carry."""
    out: Message = {k: _whole(v) if isinstance(v, str) else v for k, v in message.items()}
    if "tool_calls" in out:
        out["tool_calls"] = [
            {
                **c,
                "id": _whole(c["id"]),
                "function": {k: _whole(v) for k, v in c["function"].items()},
            }
            for c in out["tool_calls"]
        ]
    return out
