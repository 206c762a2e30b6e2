"""What an OpenAI-compatible brain does with reasoning, token limits and slow models, against
a real local HTTP server: reasoning ended by a lone ``</think>`` (the template opened it)
and reasoning sent apart are never shown nor stored; every request carries a token limit;
a slow but steady stream is told apart from a stalled one, in words that name the setting
to raise."""

from __future__ import annotations

import json
import random
from collections.abc import AsyncIterator
from typing import Any

import pytest
from pydantic import SecretStr, ValidationError

from app.dm.brain import BrainError
from app.dm.config import DMConfig, load_dm_config
from app.dm.configfile import save_dm_config
from app.dm.openai_brain import OpenAIBrain
from app.dm.reasoning import ReasoningGate, ReasoningMemory
from app.session.session import GameSession
from app.world.actions import PlayerAction
from app.world.sandbox import sandbox_state
from tests.app.fake_openai import FakeOpenAI, Reply, Status
from tests.app.test_openai_brain import collect

THOUGHT = "Okay, so Mira wants to listen at the door. No roll needed; the goblin has 7 HP."
ANSWER = "Rain drums on the shutters."
R1 = f"{THOUGHT}\n</think>\n\n{ANSWER}"
"""A DeepSeek-R1 distill's reply: its template opened the reasoning in the prompt."""


THINKER = "deepseek-r1:7b"
"""A model named like one whose template opens its reasoning: its first reply is held."""


def brain_for(server: FakeOpenAI, **changes: Any) -> OpenAIBrain:
    settings: dict[str, Any] = {
        "model": THINKER,
        "base_url": server.base_url,
        "api_key": SecretStr("k"),
        "timeout": 5.0,
        "max_retries": 0,
    }
    settings.update(changes)  # fmt: skip
    return OpenAIBrain(DMConfig.model_validate(settings))


def through(gate: ReasoningGate, text: str, sizes: list[int], *, reasoning: bool = False) -> str:
    out, at = "", 0
    for size in sizes:
        if at >= len(text):
            break
        out += gate.feed(text[at : at + size])
        at += size
    return out + gate.finish(reasoning=reasoning)


def test_a_lone_closing_tag_ends_reasoning_however_the_stream_is_cut() -> None:
    rng = random.Random(7)
    cuts = [[n] * len(R1) for n in range(1, 10)] + [[rng.randint(1, 5) for _ in R1]]
    for sizes in cuts:  # every size cuts the tag somewhere, "</th" + "ink>" among them
        gate = ReasoningGate(hold=True)
        assert through(gate, R1, sizes) == ANSWER, sizes
        assert THOUGHT in gate.dropped


def test_the_gate_lets_other_replies_go() -> None:
    # A block the reply opens itself goes on (the cleaner drops it); no tag at all is text.
    own = f"<think>{THOUGHT}</think>{ANSWER}"
    assert through(ReasoningGate(hold=True), own, [3] * len(own)) == own
    assert through(ReasoningGate(hold=True), ANSWER, [4] * 10) == ANSWER
    # ... unless it is known to be reasoning cut off by the token limit.
    assert through(ReasoningGate(hold=True), THOUGHT, [4] * 30, reasoning=True) == ""
    gate = ReasoningGate(hold=False)
    assert gate.feed("The door ") == "The door "  # nothing held: it streams


def test_the_brain_learns_whether_its_server_sends_lone_tags() -> None:
    memory = ReasoningMemory()
    assert memory.gate().holding  # not known yet: hold
    memory.learn(ANSWER, finished=True, apart=False)
    assert memory.lone_tags is False and not memory.gate().holding
    memory.learn(R1, finished=True, apart=False)
    assert memory.lone_tags is True and memory.gate().holding
    memory.learn(ANSWER, finished=True, apart=False)
    assert memory.lone_tags is True  # a reply without reasoning does not undo it
    cut = ReasoningMemory()
    cut.learn(THOUGHT, finished=False, apart=False)
    assert cut.lone_tags is None  # cut by the limit: nothing learned
    apart = ReasoningMemory()
    apart.learn(ANSWER, finished=True, apart=True)
    assert apart.lone_tags is False
    assert not ReasoningMemory(False).gate().holding  # OpenAI's own API


@pytest.mark.parametrize("piece", [2, 7])
async def test_a_lone_think_tag_over_http_is_never_shown(piece: int) -> None:
    with FakeOpenAI([Reply(text=R1, piece=piece), Reply(text=R1, piece=piece)]) as server:
        brain = brain_for(server)
        for _ in range(2):  # the first reply, and one from a server known to send them
            deltas, reply = await collect(brain)
            assert "".join(deltas) == ANSWER == reply.text
            assert all("think" not in d and "Okay" not in d for d in deltas)


async def test_reasoning_in_its_own_field_is_never_shown_and_the_answer_streams() -> None:
    reply = Reply(reasoning=THOUGHT, text=ANSWER, piece=5)
    with FakeOpenAI([reply]) as server:
        deltas, said = await collect(brain_for(server))
    assert "".join(deltas) == ANSWER == said.text and len(deltas) > 1


async def test_a_turn_never_shows_nor_keeps_reasoning() -> None:
    script = [Reply(text=R1, piece=4), Reply(reasoning=THOUGHT, text="The wind howls.", piece=6)]
    with FakeOpenAI(script) as server:
        config = DMConfig(model=THINKER, base_url=server.base_url, api_key=SecretStr("k"))
        session = GameSession(sandbox_state(seed=1), OpenAIBrain(config))
        for said in (ANSWER, "The wind howls."):
            session.submit(PlayerAction(character_id="mira", text="I listen"))
            events = [e async for e in session.process()]
            shown = "".join(e.text for e in events if e.type == "narrative_chunk")
            assert shown.strip() == said == session.state.history[-1].narrative
        assert server.rejections == []
        # Nor does the DM read its old reasoning back: only the answer is in the record.
        sent = json.dumps(server.requests[1]["messages"])
        assert "Okay, so Mira" not in sent and "</think>" not in sent


async def test_thinking_through_the_whole_token_limit_says_which_setting_to_raise() -> None:
    script = [Reply(text=THOUGHT, finish_reason="length"), Reply(text=R1),
              Reply(text=THOUGHT, finish_reason="length"),
              Reply(reasoning=THOUGHT, finish_reason="length")]  # fmt: skip
    with FakeOpenAI(script) as server:
        brain = brain_for(server, max_tokens=300)
        with pytest.raises(BrainError, match=r"raise max_tokens"):
            await collect(brain)  # the first reply: its reasoning is not shown either
        await collect(brain)  # this server's replies open with reasoning
        for _ in range(2):  # reasoning as text, then apart: either way no answer came
            with pytest.raises(
                BrainError, match=r"raise max_tokens in the DM settings .*\(now 300\)"
            ) as caught:
                await collect(brain)
            assert "Okay" not in caught.value.message and caught.value.recoverable


async def test_every_request_carries_a_token_limit_strict_servers_accept() -> None:
    with FakeOpenAI([Reply(text="ok"), Reply(text="ok")]) as server:
        await collect(brain_for(server))
        await collect(brain_for(server, max_tokens=700))
    assert [r["max_tokens"] for r in server.requests] == [2048, 700]
    assert server.rejections == []


async def test_a_server_that_wants_the_other_name_for_the_limit_gets_it() -> None:
    refusal = ("Unsupported parameter: 'max_tokens' is not supported with this model. "
               "Use 'max_completion_tokens' instead.")  # fmt: skip
    with FakeOpenAI([Status(400, refusal), Reply(text="ok"), Reply(text="ok")]) as server:
        brain = brain_for(server)
        _, reply = await collect(brain)
        await collect(brain)
    assert reply.text == "ok"
    assert [("max_tokens" in r, r.get("max_completion_tokens")) for r in server.requests] == [
        (True, None), (False, 2048), (False, 2048)]  # fmt: skip


async def test_a_limit_too_large_for_the_context_names_the_setting() -> None:
    too_long = ("This model's maximum context length is 4096 tokens. However, you requested "
                "5100 tokens (3052 in the messages, 2048 in the completion).")  # fmt: skip
    hint = r"lower max_tokens in the DM settings .*\(now 2048\)"
    with FakeOpenAI([Status(400, too_long)]) as server, pytest.raises(BrainError, match=hint):
        await collect(brain_for(server))


def test_the_token_limit_is_a_checked_setting(tmp_path: Any) -> None:
    assert DMConfig().max_tokens == 2048
    for bad in (0, 10, 10**6):
        with pytest.raises(ValidationError):
            DMConfig(max_tokens=bad)
    file = tmp_path / "config.toml"
    file.write_text("[dm]\nmax_tokens = 900\n")
    config = load_dm_config(env={}, path=file)
    assert config.max_tokens == 900
    save_dm_config(config.model_copy(update={"model": "other"}), file)  # the settings screen
    assert load_dm_config(env={}, path=file).max_tokens == 900


@pytest.mark.parametrize("kind", ["text", "reasoning"])
async def test_a_slow_but_steady_stream_is_said_to_be_slow_not_stalled(kind: str) -> None:
    # A piece every 50 ms, well within the 1.5 s a pause may last (a loaded machine is never
    # that late), for longer than the 2 s allowed.
    words = "The ogre lumbers closer, step by heavy step, " * 5
    reply = Reply(text=words, piece=4, pace=0.05) if kind == "text" else Reply(
        reasoning=words, text="Late.", piece=4, pace=0.05)  # fmt: skip
    with FakeOpenAI([reply]) as server:
        brain = brain_for(server, timeout=2.0, first_token_timeout=1.5, max_retries=2)
        with pytest.raises(BrainError) as caught:
            await collect(brain)
        assert len(server.requests) == 1  # not tried again: it was answering
    said = caught.value.message
    assert "stalled" not in said and "did not answer" not in said
    assert (
        "slow" in said
        and "raise timeout in the DM settings ([dm] in the config file) (now 2.0s" in said
    )


async def test_a_stalled_stream_names_its_own_setting() -> None:
    script = [Reply(text="Hello."), Reply(text="The ogre raises its club", piece=4,
                                          stall_after=3, stall=3)]  # fmt: skip
    with FakeOpenAI(script) as server:  # a pause of 1 s: a loaded machine is never that late
        brain = brain_for(server, timeout=6, first_token_timeout=1.0)
        await collect(brain)
        with pytest.raises(
            BrainError,
            match=r"stalled .* nothing came for 1\.0s .* raise first_token_timeout in the DM",
        ) as caught:
            await collect(brain)
    assert "first_token_timeout" in caught.value.message


async def test_a_slow_steady_stream_within_the_time_allowed_is_not_cut() -> None:
    # Longer in all than a pause may last, never pausing that long: it is read to the end.
    with FakeOpenAI([Reply(text="Drip. " * 10, piece=3, pace=0.06)]) as server:
        _, reply = await collect(brain_for(server, timeout=5, first_token_timeout=1.0))
    assert reply.text == "Drip. " * 10


async def test_the_player_reads_that_the_model_was_slow() -> None:
    # A reply that starts at once and keeps coming for ~3 s, against 2 s allowed: on a loaded
    # machine the first piece may be late, but well inside the time allowed.
    with FakeOpenAI([Reply(text="The ogre lumbers closer. " * 10, piece=4, pace=0.05)]) as server:
        config = DMConfig(model="fake-model", base_url=server.base_url, api_key=SecretStr("k"),
                          timeout=2.0, first_token_timeout=1.5)  # fmt: skip
        session = GameSession(sandbox_state(seed=1), OpenAIBrain(config))
        session.submit(PlayerAction(character_id="thorin", text="I wait"))
        events = [e async for e in session.process()]
    assert events[-1].type == "error" and events[-1].recoverable
    assert "slow" in events[-1].message and "raise timeout" in events[-1].message
    assert len(session.pending) == 1  # the action is kept for a retry


async def test_double_encoded_native_arguments_are_unwrapped_over_http() -> None:
    args = {"rolls": [{"formula": "1d4", "flavor": "splinters"}]}
    with FakeOpenAI([Reply(tool_calls=[("roll_dice", json.dumps(json.dumps(args)))])]) as server:
        _, reply = await collect(brain_for(server))
    assert json.loads(reply.tool_calls[0].arguments) == args


async def test_a_model_not_named_as_a_thinker_streams_at_once_and_learns_the_tag() -> None:
    """Holding back every model's first reply would cost every player their first streamed
    turn: a model named like no thinking family streams; once it sends a lone closing tag
    (what came before was shown), its later replies are held and the reasoning dropped."""
    script = [Reply(text=ANSWER, piece=4), Reply(text=R1, piece=4), Reply(text=R1, piece=4)]
    with FakeOpenAI(script) as server:
        brain = brain_for(server, model="llama3.1:8b")
        first, _ = await collect(brain)
        assert len(first) > 1  # streamed
        await collect(brain)
        held, reply = await collect(brain)
    assert "".join(held) == ANSWER and THOUGHT not in reply.text


@pytest.mark.parametrize(
    ("finish", "why"), [("length", "raise max_tokens"), ("content_filter", "content filter")]
)
async def test_a_telling_cut_short_is_kept_and_says_why(finish: str, why: str) -> None:
    """Cut by the token limit or by the provider's content filter: what came is shown, with
    what cut it, never passed off as the whole turn's telling."""
    with FakeOpenAI([Reply(text="The goblin raises his", finish_reason=finish)]) as server:
        config = DMConfig(model="plain", base_url=server.base_url, api_key=SecretStr("k"))
        deltas, reply = await collect(OpenAIBrain(config))
    shown = "".join(deltas)
    assert shown.startswith("The goblin raises his …") and why in shown
    assert reply.text == shown


async def test_a_reply_flooding_in_past_the_timeout_ends_the_call() -> None:
    """Pieces already waiting never make the read of the next one wait, so a per-piece
    deadline never fired: a server streaming faster than the game reads held the turn for
    minutes past a 5 s timeout. Past the call's time, the next piece is not read."""
    from app.dm.openai_brain import _Budget

    async def flood() -> AsyncIterator[str]:
        while True:
            yield "The rats squeak. "  # never waits for anything

    brain = OpenAIBrain(DMConfig(model="m", base_url="http://127.0.0.1:9/v1", timeout=5))
    budget = _Budget(5)
    budget.pieces = 3  # the reply has begun
    budget.start -= 6  # and the call's time is spent
    with pytest.raises(BrainError, match="slow, not stuck"):
        await brain._next(flood(), budget)


def test_absurd_token_counts_stop_at_the_bound() -> None:
    """A server reporting 6e14 tokens a call made the second call's sum break the bound of
    a usage, and every later turn failed with a validation error."""
    from app.world.usage import MOST_TOKENS, Usage

    huge = Usage(prompt_tokens=6 * 10**14, completion_tokens=6 * 10**14, calls=1)
    total = huge.plus(huge).plus(huge)
    assert total.prompt_tokens == total.completion_tokens == MOST_TOKENS and total.calls == 3


@pytest.mark.parametrize("counts", [(-1, 5), (5, 10**16)])
async def test_a_token_count_out_of_bounds_never_fails_the_reply(counts: tuple[int, int]) -> None:
    """A server reporting -1 prompt tokens, or more than a usage holds, failed every turn
    with a validation error although its narration was fine: the count is held in bounds."""
    from app.world.usage import MOST_TOKENS

    prompt, completion = counts
    reply = Reply(text=ANSWER, prompt_tokens=prompt, completion_tokens=completion)
    with FakeOpenAI([reply]) as server:
        deltas, said = await collect(brain_for(server))
    assert "".join(deltas) == ANSWER == said.text
    assert 0 <= said.usage.prompt_tokens <= MOST_TOKENS
    assert 0 <= said.usage.completion_tokens <= MOST_TOKENS


async def test_only_the_first_choice_of_a_reply_is_the_telling() -> None:
    """A server that sends two choices (``n`` of 2, asked or not): the second is never glued
    onto the first."""
    second = (
        '{"id":"c","object":"chat.completion.chunk","created":0,"model":"m",'
        '"choices":[{"index":1,"delta":{"content":" SECOND CHOICE"},"finish_reason":null}]}'
    )
    with FakeOpenAI([Reply(text="The rats squeak.", raw=[f"data: {second}\n\n"])]) as server:
        config = DMConfig(model="plain", base_url=server.base_url, api_key=SecretStr("k"))
        deltas, reply = await collect(OpenAIBrain(config))
    assert "SECOND" not in "".join(deltas) and reply.text == "The rats squeak."
