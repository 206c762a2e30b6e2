"""Tool calls written as text, in every common dialect: recognised and run (offered tools
only), never shown, however the stream is cut — and prose that names a tool stays prose."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from pydantic import SecretStr

from app.dm.cleanup import ReplyCleaner
from app.dm.config import DMConfig
from app.dm.openai_brain import OpenAIBrain
from app.dm.textcalls import CallFilter, extract_text_tool_calls, unwrap_arguments
from app.session.session import GameSession
from app.world.actions import PlayerAction
from app.world.campaignfile import load_campaign
from app.world.folders import CAMPAIGNS_DIR
from app.world.newgame import new_game
from tests.app.fake_openai import FakeOpenAI, Reply

OFFERED = {"attempt_challenge", "roll_dice", "request_ability_check"}
PICK = {"challenge_id": "trapdoor_lock", "character_id": "mira"}
ROLL = {"rolls": [{"formula": "1d4", "flavor": "splinters"}]}
Calls = list[tuple[str, dict[str, Any]]]

DIALECTS: dict[str, tuple[str, Calls, str]] = {
    "mistral list": (
        '[TOOL_CALLS] [{"name": "attempt_challenge", "arguments": ' + json.dumps(PICK) + "}]",
        [("attempt_challenge", PICK)], "",
    ),
    "mistral named": (
        '[TOOL_CALLS]attempt_challenge[ARGS]{"challenge_id": "trapdoor_lock", '
        '"character_id": "mira"}',
        [("attempt_challenge", PICK)], "",
    ),
    "mistral named, two": (
        "[TOOL_CALLS]attempt_challenge[ARGS]" + json.dumps(PICK)
        + "[TOOL_CALLS]roll_dice[ARGS]" + json.dumps(ROLL),
        [("attempt_challenge", PICK), ("roll_dice", ROLL)], "",
    ),
    "mistral with a call id": (
        "[TOOL_CALLS]attempt_challenge[CALL_ID]a1b2c3d4e[ARGS]" + json.dumps(PICK),
        [("attempt_challenge", PICK)], "",
    ),
    "prose then json": (
        "Mira kneels by the trapdoor and sets to work.\n"
        + json.dumps({"name": "attempt_challenge", "arguments": PICK}),
        [("attempt_challenge", PICK)], "Mira kneels by the trapdoor and sets to work.",
    ),
    "prose, json, prose": (
        "Mira kneels. " + json.dumps({"name": "roll_dice", "parameters": ROLL}) + " The pins give.",
        [("roll_dice", ROLL)], "Mira kneels. The pins give.",
    ),
    "pythonic": (
        '[attempt_challenge(challenge_id="trapdoor_lock", character_id="mira")]',
        [("attempt_challenge", PICK)], "",
    ),
    "pythonic, several, every literal": (
        "[attempt_challenge(challenge_id='trapdoor_lock', character_id=\"mira\"), "
        "request_ability_check(character_id='mira', dc=12, secret=True, reason=None, "
        "skill='perception', bonus=-1.5)]",
        [("attempt_challenge", PICK),
         ("request_ability_check", {"character_id": "mira", "dc": 12, "secret": True,
                                    "reason": None, "skill": "perception", "bonus": -1.5})],
        "",
    ),
    "pythonic after prose": (
        'The lock is old. [attempt_challenge(challenge_id="trapdoor_lock", character_id="mira")]',
        [("attempt_challenge", PICK)], "The lock is old.",
    ),
    "double-encoded arguments": (
        json.dumps({"name": "attempt_challenge", "arguments": json.dumps(json.dumps(PICK))}),
        [("attempt_challenge", PICK)], "",
    ),
    "encoded once": (
        json.dumps({"name": "attempt_challenge", "arguments": json.dumps(PICK)}),
        [("attempt_challenge", PICK)], "",
    ),
    "llama function tag": (
        "<function=attempt_challenge>" + json.dumps(PICK) + "</function>",
        [("attempt_challenge", PICK)], "",
    ),
    "arguments beside the name": (
        json.dumps({"name": "attempt_challenge", **PICK}),
        [("attempt_challenge", PICK)], "",
    ),
    # Never run, never shown: unknown tools, unreadable calls, code that is not a literal.
    "unknown tool, pythonic": ("[cast_fireball(target='ogre')] Flames!", [], "Flames!"),
    "unknown tool, mistral": ('[TOOL_CALLS] [{"name": "cast", "arguments": {}}]', [], ""),
    "mistral, unreadable": ("[TOOL_CALLS] attempt_challenge padlock mira", [], ""),
    "pythonic, not a literal": (
        '[attempt_challenge(challenge_id=__import__("os").getcwd())]', [], "",
    ),
    # Prose stays prose, brackets and all.
    "prose naming tools": (
        "You could attempt_challenge on the lock, or roll_dice (1d20) [for luck] {maybe}.",
        [], "You could attempt_challenge on the lock, or roll_dice (1d20) [for luck] {maybe}.",
    ),
    "bracketed aside": ("[Mira (grinning)] Easy. [1d20] and {curly}.", [],
                        "[Mira (grinning)] Easy. [1d20] and {curly}."),
    "data, not a call": ('Her notes: {"name": "Mira", "hp": 7}', [],
                         'Her notes: {"name": "Mira", "hp": 7}'),
}  # fmt: skip


def _calls(found: list[Any]) -> Calls:
    return [(c.name, json.loads(c.arguments)) for c in found]


@pytest.mark.parametrize("dialect", list(DIALECTS))
def test_each_dialect_is_read_whole(dialect: str) -> None:
    text, calls, prose = DIALECTS[dialect]
    found, rest = extract_text_tool_calls(text, OFFERED)
    assert _calls(found) == calls
    assert rest == prose


@pytest.mark.parametrize("dialect", list(DIALECTS))
def test_each_dialect_streams_the_same_however_it_is_cut(dialect: str) -> None:
    # As the turn loop reads a reply: cleaned of template tokens, then filtered for calls.
    text, calls, prose = DIALECTS[dialect]
    rng = random.Random(dialect)
    cuts = [[n] * len(text) for n in (1, 2, 3, 7)] + [[rng.randint(1, 9) for _ in text]]
    for sizes in cuts:
        clean, shown, seen, at = ReplyCleaner(), CallFilter(), "", 0
        for size in sizes:
            if at >= len(text):
                break
            seen += shown.feed(clean.feed(text[at : at + size]))
            at += size
        seen += shown.feed(clean.finish())
        found, rest = shown.finish(OFFERED)
        assert _calls(found) == calls, sizes
        assert (seen + rest).strip() == prose, sizes
        assert shown.shown.strip() == prose


def test_a_literal_is_read_never_evaluated(monkeypatch: pytest.MonkeyPatch) -> None:
    import builtins

    def no_eval(*_: object) -> None:
        raise AssertionError("evaluated")

    monkeypatch.setattr(builtins, "eval", no_eval)
    found, _ = extract_text_tool_calls("[roll_dice(rolls=[{'formula': '1d4'}])]", OFFERED)
    assert _calls(found) == [("roll_dice", {"rolls": [{"formula": "1d4"}]})]


def test_double_encoded_native_arguments_are_unwrapped() -> None:
    assert json.loads(unwrap_arguments(json.dumps(json.dumps(PICK)))) == PICK
    assert json.loads(unwrap_arguments(json.dumps(json.dumps(json.dumps(PICK))))) == PICK
    for kept in ('{"a": 1}', '"just a string"', "not json", "", '"[1, 2]"'):
        assert unwrap_arguments(kept) == kept


def test_plain_prose_streams_at_once() -> None:
    shown = CallFilter()
    assert shown.feed("The rat squeaks ") == "The rat squeaks "
    assert shown.feed("[and ") == "[and "  # no call opens like this
    assert shown.feed("runs] [roll") == "runs] "  # "[roll" may open a pythonic call
    assert shown.feed("ing dice]") == "[rolling dice]"


def crossroads(server: FakeOpenAI) -> GameSession:
    config = DMConfig(
        model="fake-model", base_url=server.base_url, api_key=SecretStr("k"), timeout=5,
        max_retries=0,
    )  # fmt: skip
    return GameSession(new_game(load_campaign(CAMPAIGNS_DIR / "crossroads"), seed=3),
                       OpenAIBrain(config))  # fmt: skip


OVER_HTTP = ["mistral list", "mistral named", "prose then json", "pythonic",
             "double-encoded arguments"]  # fmt: skip


@pytest.mark.parametrize("dialect", OVER_HTTP)
async def test_a_call_written_as_text_runs_over_http(dialect: str) -> None:
    text, _, prose = DIALECTS[dialect]
    script = [Reply(text=text, piece=5), Reply(text="The trapdoor's lock is tested.", piece=6)]
    with FakeOpenAI(script) as server:
        session = crossroads(server)
        session.submit(PlayerAction(character_id="mira", text="I pick the trapdoor's lock"))
        events = [e async for e in session.process()]
    assert events[-1].type == "turn_end" and server.rejections == []
    assert "trapdoor_lock" in session.state.challenges  # the call ran
    shown = "".join(e.text for e in events if e.type == "narrative_chunk")
    story = session.state.history[-1].narrative
    for said in (shown, story):
        assert "trapdoor_lock" not in said and "TOOL_CALLS" not in said and "{" not in said
        assert said.split() == (prose + " The trapdoor's lock is tested.").split()
    second = server.requests[1]["messages"]
    assert second[-2]["tool_calls"][0]["function"]["name"] == "attempt_challenge"
    assert json.loads(second[-2]["tool_calls"][0]["function"]["arguments"]) == PICK


@pytest.mark.parametrize("run", ["[", "{", '{"a":', "[{", "[x(", "[damage(amount=1), "])
def test_a_run_of_brackets_is_read_in_bounded_work(
    run: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A reply of 60,000 brackets that never close, or never make a call, held a turn for
    minutes: every bracket began a scan or a decoding to the end of the text. The scans
    share one budget and the decodings stop after a few hundred failures, whatever the
    reply's length."""
    from app.dm import textcalls

    decoded: list[int] = []
    scanned: list[int] = []
    decode, scan = textcalls._decode, textcalls._bracket_end

    def counted_decode(text: str, at: int = 0) -> object:
        decoded.append(at)
        return decode(text, at)

    def counted_scan(text: str, at: int, limit: int = textcalls.MAX_PYTHONIC) -> int:
        scanned.append(limit)
        return scan(text, at, limit)

    monkeypatch.setattr(textcalls, "_decode", counted_decode)
    monkeypatch.setattr(textcalls, "_bracket_end", counted_scan)
    _, prose = extract_text_tool_calls("The rat squeaks. " + run * 60_000, {"damage"})
    assert len(decoded) <= textcalls._DECODE_TRIES + 1
    assert sum(scanned) <= textcalls._SCAN_BUDGET
    assert prose.startswith("The rat squeaks.")
