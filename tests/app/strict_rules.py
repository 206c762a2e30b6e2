"""The request rules of strict OpenAI-compatible servers, for the test server.

Each rule answers as the server that enforces it does (status and words), so a test that
trips one reads like a report from that server:

- llama.cpp's server (``common_chat_msgs_parse_oaicompat``, ``oaicompat_chat_params_parse``):
  every message has a role; non-assistant messages have ``content``; content is a string
  or an array of text parts; tool calls have ``type: "function"`` and a function name;
  tools have ``type: "function"``. Its Jinja chat templates then raise "System message must
  be at the beginning" (Qwen 3.5, …) and "Conversation roles must alternate
  user/assistant/user/assistant/..." (Mistral, Gemma) — HTTP 500.
- llama-cpp-python's Python templates concatenate ``content``: ``null`` fails with a
  ``TypeError`` — HTTP 500.
- vLLM (``ChatCompletionRequest`` and ``chat_utils``): roles from the OpenAI message types;
  ``json.loads`` of every tool call's ``arguments``; ``stream_options`` only with
  ``stream=True``; ``tool_choice`` only with ``tools``; a token limit is a whole number of
  at least 1 — HTTP 400.
- Ollama (``openai/openai.go``, ``FromChatRequest``): content must be a string or parts
  unless tool calls are present ("invalid message content type: <nil>"); arguments must
  parse ("invalid tool call arguments") — HTTP 400.
- OpenAI: a ``tool`` message must answer a call of the assistant message before it, every
  call must be answered, ids are required, tool names match ``^[a-zA-Z0-9_-]{1,64}$``,
  unknown request fields are refused — HTTP 400.
- Tool parameters must be a valid JSON Schema of type object without dangling ``$ref``s
  (checked against the metaschema; llama.cpp turns them into grammars and cannot resolve
  a reference whose ``$defs`` were not sent).
- A function with ``"strict": true`` must have a schema OpenAI's Structured Outputs accept
  (:func:`strict_schema_problem`): the root an object (not ``anyOf``); every object with
  ``additionalProperties: false`` and every property in ``required``; every subschema
  typed; only the supported keywords (``pattern``/``format`` for strings,
  ``minimum``/``maximum``/``multipleOf`` and the exclusive bounds for numbers,
  ``minItems``/``maxItems`` for arrays — no ``minLength``, ``default``, ``allOf``, ``not``,
  ``if``…); enum values of the declared type; at most 5 levels of nested objects, 5000
  properties and 1000 enum values — HTTP 400 "Invalid schema for function …".
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

from jsonschema import Draft202012Validator
from jsonschema.exceptions import SchemaError


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


_STRICT_KEYS = frozenset(
    {"type", "properties", "required", "additionalProperties", "items", "enum", "const",
     "anyOf", "description", "title", "$defs", "$ref", "pattern", "format", "multipleOf",
     "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "minItems", "maxItems"}
)  # fmt: skip
"""The keywords Structured Outputs support in strict mode."""
_JSON_TYPES: dict[str, tuple[type, ...]] = {
    "string": (str,), "integer": (int,), "number": (int, float), "boolean": (bool,),
    "null": (type(None),), "object": (dict,), "array": (list,),
}  # fmt: skip
MAX_STRICT_DEPTH = 5
MAX_STRICT_PROPERTIES = 5000
MAX_STRICT_ENUM_VALUES = 1000


def _fits(value: Any, kinds: list[str]) -> bool:
    for kind in kinds:
        if isinstance(value, bool) and kind in ("integer", "number"):
            continue
        if isinstance(value, _JSON_TYPES.get(kind, ())):
            return True
    return False


class _StrictWalk:
    """One walk over a strict schema, counting what OpenAI limits."""

    def __init__(self) -> None:
        self.properties = 0
        self.enum_values = 0

    def problem(self, node: Any, where: tuple[str, ...], depth: int) -> str | None:
        context = f"In context={where!r}, "
        if not isinstance(node, dict):
            return f"{context}schema must be a JSON object."
        unknown = sorted(set(node) - _STRICT_KEYS)
        if unknown:
            return f"{context}'{unknown[0]}' is not permitted."
        if not {"type", "anyOf", "enum", "const", "$ref"} & set(node):
            return f"{context}schema must have a 'type' key."
        kind = node.get("type")
        kinds = kind if isinstance(kind, list) else [kind] if isinstance(kind, str) else []
        if kind is not None and (not kinds or any(k not in _JSON_TYPES for k in kinds)):
            return f"{context}{kind!r} is not a valid type."
        if "enum" in node:
            values = node["enum"]
            if not isinstance(values, list) or not values:
                return f"{context}'enum' must be a non-empty array."
            self.enum_values += len(values)
            for value in values:
                if kinds and not _fits(value, kinds):
                    return f"{context}enum value {value!r} does not validate against {kind!r}."
        for index, option in enumerate(node.get("anyOf", [])):
            if problem := self.problem(option, (*where, "anyOf", str(index)), depth):
                return problem
        if "object" in kinds:
            if depth >= MAX_STRICT_DEPTH:
                return f"{context}objects are nested more than {MAX_STRICT_DEPTH} levels deep."
            if node.get("additionalProperties") is not False:
                return (
                    f"{context}'additionalProperties' is required to be supplied and to be false."
                )
            properties = node.get("properties", {})
            required = node.get("required")
            if not isinstance(required, list):
                return (
                    f"{context}'required' is required to be supplied and to be an array "
                    "including every key in properties."
                )
            missing = [p for p in properties if p not in required]
            if missing:
                return (
                    f"{context}'required' is required to be supplied and to be an array "
                    f"including every key in properties. Missing '{missing[0]}'."
                )
            extra = [r for r in required if r not in properties]
            if extra:
                return f"{context}Extra required key '{extra[0]}' supplied."
            self.properties += len(properties)
            for name, sub in properties.items():
                if problem := self.problem(sub, (*where, "properties", name), depth + 1):
                    return problem
        if "array" in kinds:
            if "items" not in node:
                return f"{context}array schema missing items."
            if problem := self.problem(node["items"], (*where, "items"), depth):
                return problem
        return None


def strict_schema_problem(parameters: Any) -> str | None:
    """Why OpenAI refuses ``parameters`` as a strict function's schema, in its words (the
    part after "Invalid schema for function 'name': "), or ``None``."""
    if not isinstance(parameters, dict) or "anyOf" in parameters:
        return "In context=(), root objects must not be anyOf and must be an object."
    if parameters.get("type") != "object":
        return "In context=(), schema must be a JSON Schema of 'type: \"object\"'."
    walk = _StrictWalk()
    problem = walk.problem(parameters, (), 0)
    if problem:
        return problem
    if walk.properties > MAX_STRICT_PROPERTIES:
        return f"the schema has more than {MAX_STRICT_PROPERTIES} object properties."
    if walk.enum_values > MAX_STRICT_ENUM_VALUES:
        return f"the schema has more than {MAX_STRICT_ENUM_VALUES} enum values."
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
        strict = function.get("strict", False)
        if not isinstance(strict, bool):
            return Rejection(400, f"Invalid type for 'tools.function.strict': {strict!r}", "OpenAI")
        if strict and (problem := strict_schema_problem(function.get("parameters"))):
            return Rejection(
                400, f"Invalid schema for function '{name}': {problem}", "OpenAI (strict mode)"
            )
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
    for limit in ("max_tokens", "max_completion_tokens"):
        value = body.get(limit, 1)
        if not isinstance(value, int) or isinstance(value, bool) or value < 1:
            return Rejection(400, f"{limit} must be an integer of at least 1", "vLLM")
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
