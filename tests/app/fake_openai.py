"""A real HTTP server on 127.0.0.1 speaking the OpenAI chat-completions protocol, with
scripted behaviour per request: streamed replies (tool-call arguments split over several
chunks), HTTP errors with Retry-After, slow answers, and streams cut mid-reply.

It is as strict as the strictest local servers: :func:`check_request` refuses, with the
status and words those servers use, every request shape that llama.cpp's server (and
llama-cpp-python's templates), vLLM, Ollama or OpenAI itself refuse — ``null`` content,
unknown roles, system messages after the start, turns that do not alternate, tool results
that answer no call, calls left unanswered, malformed tool-call arguments, tools that are
not functions or whose parameters are not a valid JSON Schema. A refused request does not
use up the script, and is kept in ``rejections``.

Tests drive the real ``openai`` client against it — no mocking of the client."""

from __future__ import annotations

import json
import re
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from jsonschema import Draft202012Validator
from jsonschema.exceptions import SchemaError


@dataclass
class Reply:
    """A streamed answer."""

    text: str = ""
    tool_calls: list[tuple[str, str]] = field(default_factory=list)
    """(name, arguments JSON text); arguments are sent in several pieces."""
    prompt_tokens: int = 100
    completion_tokens: int = 20
    piece: int = 7
    """Characters per streamed piece."""
    delay: float = 0.0
    """Seconds to wait before answering (for timeouts)."""
    cut_after: int | None = None
    """Close the connection after this many chunks, without finishing."""
    include_usage: bool = True
    finish: bool = True
    """Send the chunk that says the reply is finished."""
    stall_after: int | None = None
    """Pause ``stall`` seconds after this many chunks (a server that stops mid-reply)."""
    stall: float = 0.0
    deltas: list[dict[str, Any]] = field(default_factory=list)
    """Raw deltas sent after the text, as a careless server might send them."""


@dataclass
class Status:
    """An HTTP error answer."""

    code: int
    message: str = "error"
    headers: dict[str, str] = field(default_factory=dict)


Behaviour = Reply | Status


@dataclass(frozen=True)
class Rejection:
    """Why a strict server refuses a request, as that server answers it."""

    status: int
    message: str
    server: str
    """Which server answers this way (for the reader of a failing test)."""


_KNOWN_KEYS = frozenset(
    {"model", "messages", "stream", "stream_options", "temperature", "tools", "tool_choice",
     "max_tokens", "max_completion_tokens", "top_p", "stop", "seed", "parallel_tool_calls",
     "response_format", "frequency_penalty", "presence_penalty", "n", "user"}
)  # fmt: skip
_ROLES = ("system", "user", "assistant", "tool")
_TOOL_NAME = re.compile(r"^[a-zA-Z0-9_-]{1,64}$")


def _bad_schema(schema: Any) -> str | None:
    """Why a tool's ``parameters`` would be refused, or ``None``."""
    if not isinstance(schema, dict) or schema.get("type") != "object":
        return "parameters must be a JSON Schema of type object"
    try:
        Draft202012Validator.check_schema(schema)
    except SchemaError as error:
        return f"invalid JSON schema: {error.message}"
    if '"$ref"' in json.dumps(schema):
        return "Unresolved ref in tool parameters"  # $defs are not sent with the tool
    return None


def _check_tools(tools: Any) -> Rejection | None:
    if not isinstance(tools, list):
        return Rejection(500, "Expected 'tools' to be an array", "llama.cpp")
    names: set[str] = set()
    for tool in tools:
        if not isinstance(tool, dict) or tool.get("type") != "function":
            return Rejection(500, f"Unsupported tool type: {json.dumps(tool)}", "llama.cpp")
        function = tool.get("function")
        if not isinstance(function, dict):
            return Rejection(500, "Missing tool function", "llama.cpp")
        name = function.get("name")
        if not isinstance(name, str) or not _TOOL_NAME.match(name) or name in names:
            return Rejection(400, f"Invalid 'tools.function.name': {name!r}", "OpenAI")
        names.add(name)
        if not isinstance(function.get("description", ""), str):
            return Rejection(400, "tool description must be a string", "vLLM")
        problem = _bad_schema(function.get("parameters", {"type": "object"}))
        if problem:
            return Rejection(400, f"tool {name}: {problem}", "vLLM / llama.cpp")
    return None


def _check_tool_calls(calls: Any, seen: set[str]) -> tuple[list[str], Rejection | None]:
    if not isinstance(calls, list) or not calls:
        return [], Rejection(400, "'tool_calls' must be a non-empty array", "vLLM")
    ids: list[str] = []
    for call in calls:
        if not isinstance(call, dict) or call.get("type") != "function":
            return [], Rejection(500, f"Missing tool call type: {json.dumps(call)}", "llama.cpp")
        call_id = call.get("id")
        if not isinstance(call_id, str) or not call_id or call_id in seen:
            return [], Rejection(400, f"tool call id {call_id!r} is missing or repeated", "OpenAI")
        function = call.get("function")
        if not isinstance(function, dict) or not isinstance(function.get("name"), str):
            return [], Rejection(500, "Missing tool call name", "llama.cpp")
        arguments = function.get("arguments")
        try:
            parsed = json.loads(arguments) if isinstance(arguments, str) else None
        except ValueError:
            parsed = None
        if not isinstance(parsed, dict):
            return [], Rejection(400, "invalid tool call arguments", "Ollama / vLLM")
        seen.add(call_id)
        ids.append(call_id)
    return ids, None


def _check_content(index: int, message: dict[str, Any]) -> Rejection | None:
    if "content" not in message:
        if message["role"] != "assistant":
            return Rejection(500, "All non-assistant messages must contain 'content'", "llama.cpp")
        return Rejection(500, f"messages[{index}]: missing 'content'", "llama-cpp-python")
    content = message["content"]
    if content is None:
        return Rejection(
            500,
            'can only concatenate str (not "NoneType") to str',  # the chat template fails
            "llama-cpp-python",
        )
    if isinstance(content, list) and all(
        isinstance(p, dict) and p.get("type") == "text" and isinstance(p.get("text"), str)
        for p in content
    ):
        return None
    if not isinstance(content, str):
        return Rejection(400, f"invalid message content type: {type(content).__name__}", "Ollama")
    return None


def check_request(body: Any) -> Rejection | None:
    """The first rule of a strict OpenAI-compatible server that ``body`` breaks, if any."""
    if not isinstance(body, dict):
        return Rejection(400, "request body must be a JSON object", "OpenAI")
    if not isinstance(body.get("model"), str) or not body["model"]:
        return Rejection(400, "you must provide a model parameter", "OpenAI")
    unknown = sorted(set(body) - _KNOWN_KEYS)
    if unknown:
        return Rejection(400, f"Unrecognized request argument supplied: {unknown[0]}", "OpenAI")
    if "stream_options" in body and body.get("stream") is not True:
        return Rejection(400, "Stream options can only be defined when `stream=True`.", "vLLM")
    temperature = body.get("temperature", 1)
    if not isinstance(temperature, int | float) or not 0 <= temperature <= 2:
        return Rejection(400, "temperature must be between 0 and 2", "OpenAI")
    if "tool_choice" in body and not body.get("tools"):
        return Rejection(400, "When using `tool_choice`, `tools` must be set.", "vLLM")
    if "tools" in body and (problem := _check_tools(body["tools"])):
        return problem
    messages = body.get("messages")
    if not isinstance(messages, list) or not messages:
        return Rejection(400, "Expected 'messages' to be a non-empty array", "llama.cpp")
    seen: set[str] = set()
    open_calls: list[str] = []
    previous = ""
    for index, message in enumerate(messages):
        if not isinstance(message, dict) or message.get("role") not in _ROLES:
            role = message.get("role") if isinstance(message, dict) else None
            return Rejection(400, f"messages[{index}]: unknown role {role!r}", "vLLM")
        role = message["role"]
        if problem := _check_content(index, message):
            return problem
        if role == "tool":
            call_id = message.get("tool_call_id")
            if not isinstance(call_id, str) or not call_id:
                return Rejection(400, f"messages[{index}]: missing 'tool_call_id'", "OpenAI")
            if call_id not in open_calls:
                return Rejection(
                    400,
                    "messages with role 'tool' must be a response to a preceding message "
                    "with 'tool_calls'",
                    "OpenAI",
                )
            open_calls.remove(call_id)
            previous = "tool"
            continue
        if open_calls:
            return Rejection(
                400,
                "An assistant message with 'tool_calls' must be followed by tool messages "
                f"responding to each 'tool_call_id' (missing: {', '.join(open_calls)})",
                "OpenAI",
            )
        if role == "system":
            if previous not in ("", "system"):
                return Rejection(500, "Jinja Exception: System message must be at the beginning.",
                                 "llama.cpp (Qwen 3.5 template)")  # fmt: skip
            previous = "system"
            continue
        if (role == "user" and previous == "user") or (
            role == "assistant" and previous in ("", "system", "assistant")
        ):
            return Rejection(500, "Conversation roles must alternate user/assistant/user/"
                             "assistant/...", "llama.cpp (Mistral / Gemma templates)")  # fmt: skip
        if role == "assistant" and "tool_calls" in message:
            open_calls, problem = _check_tool_calls(message["tool_calls"], seen)
            if problem:
                return problem
        previous = role
    if open_calls:
        return Rejection(400, f"tool_call_ids without response messages: {open_calls}", "OpenAI")
    return None


def _chunk(delta: dict[str, Any] | None, finish: str | None = None, usage: Any = None) -> str:
    body: dict[str, Any] = {
        "id": "chatcmpl-fake",
        "object": "chat.completion.chunk",
        "created": 0,
        "model": "fake-model",
        "choices": [] if delta is None else [
            {"index": 0, "delta": delta, "finish_reason": finish}
        ],
    }  # fmt: skip
    if usage is not None:
        body["usage"] = usage
    return f"data: {json.dumps(body)}\n\n"


def stream_chunks(reply: Reply) -> list[str]:
    """The SSE events of a reply, in order."""
    out = [_chunk({"role": "assistant", "content": ""})]
    for i in range(0, len(reply.text), reply.piece):
        out.append(_chunk({"content": reply.text[i : i + reply.piece]}))
    for index, (name, arguments) in enumerate(reply.tool_calls):
        head = {"index": index, "id": f"call_{index}", "type": "function",
                "function": {"name": name, "arguments": ""}}  # fmt: skip
        out.append(_chunk({"tool_calls": [head]}))
        for i in range(0, len(arguments), reply.piece):
            part = {"index": index, "function": {"arguments": arguments[i : i + reply.piece]}}
            out.append(_chunk({"tool_calls": [part]}))
    out += [_chunk(delta) for delta in reply.deltas]
    if reply.finish:
        out.append(_chunk({}, "tool_calls" if reply.tool_calls or reply.deltas else "stop"))
    if reply.include_usage:
        usage = {
            "prompt_tokens": reply.prompt_tokens,
            "completion_tokens": reply.completion_tokens,
            "total_tokens": reply.prompt_tokens + reply.completion_tokens,
        }
        out.append(_chunk(None, usage=usage))
    out.append("data: [DONE]\n\n")
    return out


class FakeOpenAI:
    """Start with ``with FakeOpenAI([...]) as server:``; ``server.base_url`` for the client."""

    def __init__(
        self,
        script: list[Behaviour] | None = None,
        models: tuple[str, ...] = ("fake-model",),
        *,
        strict: bool = True,
    ) -> None:
        self.script: list[Behaviour] = list(script or [])
        self.models = models
        """What ``GET /v1/models`` lists (the connection test)."""
        self.models_delay = 0.0
        """Seconds before ``GET /v1/models`` answers."""
        self.requests: list[dict[str, Any]] = []
        self.rejections: list[Rejection] = []
        """Requests refused by :func:`check_request` (a well-behaved client makes none)."""
        self.strict = strict
        self.hangups = 0
        """Replies the client stopped reading (it gave up or was cancelled)."""
        self.headers: list[dict[str, str]] = []
        self._lock = threading.Lock()
        fake = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, format: str, *args: Any) -> None:  # quiet
                return

            def do_GET(self) -> None:
                time.sleep(fake.models_delay)
                if self.path.rstrip("/").endswith("/models"):
                    listing = [
                        {"id": m, "object": "model", "created": 0, "owned_by": "fake"}
                        for m in fake.models
                    ]
                    payload = json.dumps({"object": "list", "data": listing}).encode()
                    self.send_response(200)
                else:
                    payload = b'{"error": {"message": "not found"}}'
                    self.send_response(404)
                self.send_header("content-type", "application/json")
                self.send_header("content-length", str(len(payload)))
                self.end_headers()
                self.wfile.write(payload)

            def do_POST(self) -> None:
                length = int(self.headers.get("content-length", "0"))
                body = json.loads(self.rfile.read(length) or b"{}")
                refused = check_request(body) if fake.strict else None
                with fake._lock:
                    fake.requests.append(body)
                    fake.headers.append({k.lower(): v for k, v in self.headers.items()})
                    if refused is not None:
                        fake.rejections.append(refused)
                        behaviour: Behaviour = Status(refused.status, refused.message)
                    elif fake.script:
                        behaviour = fake.script.pop(0)
                    else:
                        behaviour = Status(500, "script ran out")
                if isinstance(behaviour, Status):
                    kind = "invalid_request_error" if behaviour.code < 500 else "server_error"
                    payload = json.dumps(
                        {"error": {"message": behaviour.message, "type": kind,
                                   "code": behaviour.code}}
                    ).encode()  # fmt: skip
                    self.send_response(behaviour.code)
                    self.send_header("content-type", "application/json")
                    self.send_header("content-length", str(len(payload)))
                    for key, value in behaviour.headers.items():
                        self.send_header(key, value)
                    self.end_headers()
                    self.wfile.write(payload)
                    return
                if behaviour.delay:
                    time.sleep(behaviour.delay)
                try:
                    self.send_response(200)
                    self.send_header("content-type", "text/event-stream")
                    self.send_header("transfer-encoding", "chunked")
                    self.end_headers()
                    for n, event in enumerate(stream_chunks(behaviour)):
                        if n == behaviour.stall_after:
                            time.sleep(behaviour.stall)
                        if behaviour.cut_after is not None and n >= behaviour.cut_after:
                            self.wfile.flush()
                            self.close_connection = True
                            self.connection.shutdown(2)  # no terminating chunk: a cut stream
                            return
                        data = event.encode()
                        self.wfile.write(f"{len(data):x}\r\n".encode() + data + b"\r\n")
                        self.wfile.flush()
                    self.wfile.write(b"0\r\n\r\n")
                    self.wfile.flush()
                except (BrokenPipeError, ConnectionResetError):
                    fake.hangups += 1
                    return  # the client gave up (a timeout or a cancelled turn)

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.thread = threading.Thread(
            target=self.server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True
        )

    @property
    def base_url(self) -> str:
        host, port = self.server.server_address[:2]
        return f"http://{host}:{port}/v1"

    def __enter__(self) -> FakeOpenAI:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.shutdown()
        self.server.server_close()
        self.thread.join(timeout=5)
