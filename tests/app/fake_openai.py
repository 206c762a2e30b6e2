"""A real HTTP server on 127.0.0.1 speaking the OpenAI chat-completions protocol, with
scripted behaviour per request: streamed replies (tool-call arguments split over several
chunks, reasoning in a field of its own), HTTP errors with Retry-After, slow answers, slow
but steady streams, streams cut mid-reply, and 404 Not Found for paths outside the API's
root (a base URL with ``/v1`` missing or doubled).

It is as strict as the strictest local servers: :func:`check_request` (``strict_rules``)
refuses, with the status and words those servers use, every request shape that llama.cpp's
server (and llama-cpp-python's templates), vLLM, Ollama or OpenAI itself refuse — ``null`` content,
unknown roles, system messages after the start, turns that do not alternate, tool results
that answer no call, calls left unanswered, malformed tool-call arguments, tools that are
not functions or whose parameters are not a valid JSON Schema — and, for a function sent
with ``"strict": true``, a schema OpenAI's strict mode would refuse. A refused request does not
use up the script, and is kept in ``rejections``.

A ``policy`` answers every request the script does not: a function from the request's
body (its ``messages`` and ``tools``) to the behaviour, so a test can play a whole model
that reads what it is told (a careful DM, a careless one) instead of a fixed list.

Tests drive the real ``openai`` client against it — no mocking of the client."""

from __future__ import annotations

import contextlib
import json
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from tests.app.strict_rules import Rejection, check_request

__all__ = [
    "FakeOpenAI",
    "Policy",
    "Rejection",
    "Reply",
    "Status",
    "check_request",
    "stream_chunks",
]


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
    reasoning: str = ""
    """Reasoning sent before the text in ``reasoning_content`` (servers that split it out)."""
    deltas: list[dict[str, Any]] = field(default_factory=list)
    """Raw deltas sent after the text, as a careless server might send them."""
    raw: list[str] = field(default_factory=list)
    """Events sent as they are after the text (``data: …`` lines no JSON encoder would
    write: a chunk nested thousands deep)."""
    pace: float = 0.0
    """Seconds before each chunk after the first (a slow but steady model)."""
    finish_reason: str | None = None
    """The finish reason sent, instead of ``stop`` or ``tool_calls`` (``length``: the
    token limit was reached)."""


@dataclass
class Status:
    """An HTTP error answer."""

    code: int
    message: str = "error"
    headers: dict[str, str] = field(default_factory=dict)


Behaviour = Reply | Status
Policy = Callable[[dict[str, Any]], Behaviour]
"""A model played by the server: the request's body in, the answer out."""


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
    for i in range(0, len(reply.reasoning), reply.piece):
        out.append(_chunk({"reasoning_content": reply.reasoning[i : i + reply.piece]}))
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
    out += reply.raw
    if reply.finish:
        done = "tool_calls" if reply.tool_calls or reply.deltas else "stop"
        out.append(_chunk({}, reply.finish_reason or done))
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
        policy: Policy | None = None,
    ) -> None:
        self.script: list[Behaviour] = list(script or [])
        self.policy = policy
        """Answers each request once the script has run out (``None``: a 500 error)."""
        self.models = models
        """What ``GET /v1/models`` lists (the connection test)."""
        self.models_delay = 0.0
        """Seconds before ``GET /v1/models`` answers."""
        self.root: str | None = None
        """The path the API is served under (``"/v1"``): any other path is answered 404
        Not Found, as a real server answers a base URL with ``/v1`` missing or doubled.
        ``None``: every path is served."""
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

            def elsewhere(self, endpoint: str) -> bool:
                """The request is not for ``endpoint`` under the server's root: 404."""
                if fake.root is None or self.path.rstrip("/") == fake.root + endpoint:
                    return False
                payload = b"404 page not found"  # Ollama's words, as plain text
                self.send_response(404)
                self.send_header("content-type", "text/plain")
                self.send_header("content-length", str(len(payload)))
                self.end_headers()
                self.wfile.write(payload)
                return True

            def do_GET(self) -> None:
                time.sleep(fake.models_delay)
                if self.elsewhere("/models"):
                    return
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
                # the client may have given up waiting (a timeout test): nobody to answer
                with contextlib.suppress(BrokenPipeError, ConnectionResetError):
                    self.wfile.write(payload)

            def do_POST(self) -> None:
                length = int(self.headers.get("content-length", "0"))
                body = json.loads(self.rfile.read(length) or b"{}")
                if self.elsewhere("/chat/completions"):
                    return
                refused = check_request(body) if fake.strict else None
                with fake._lock:
                    fake.requests.append(body)
                    fake.headers.append({k.lower(): v for k, v in self.headers.items()})
                    if refused is not None:
                        fake.rejections.append(refused)
                        behaviour: Behaviour = Status(refused.status, refused.message)
                    elif fake.script:
                        behaviour = fake.script.pop(0)
                    elif fake.policy is not None:
                        behaviour = fake.policy(body)
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
                        if n and behaviour.pace:
                            time.sleep(behaviour.pace)
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
