"""Reasoning and chat-template tokens never reach the players, however the stream is cut."""

from __future__ import annotations

import random

import pytest
from pydantic import SecretStr

from app.dm.cleanup import ReplyCleaner, clean_text
from app.dm.config import DMConfig
from app.dm.openai_brain import OpenAIBrain
from app.session.session import GameSession
from app.world.actions import PlayerAction
from app.world.sandbox import sandbox_state
from tests.app.fake_openai import FakeOpenAI, Reply

CASES = {
    "<think>The goblin has 7 HP, so a hit kills it.</think>The goblin snarls.":
        "The goblin snarls.",
    "<THINKING>plan</THINKING>Ok.": "Ok.",
    "Before <reasoning>mid thought</reasoning>after.": "Before after.",
    "The door opens.<think>unclosed reasoning until the stream ends": "The door opens.",
    "The goblin snarls.<|im_end|>\n<|im_start|>user\nI attack it myself": "The goblin snarls.",
    "Hello there.<|eot_id|><|start_header_id|>user<|end_header_id|>\n\nmore": "Hello there.",
    "<|im_start|>assistant\nThe door opens.": "The door opens.",
    "<|start_header_id|>assistant<|end_header_id|>\n\nThe door opens.": "The door opens.",
    "<start_of_turn>model\nThe door opens.<end_of_turn>": "The door opens.",
    "The door opens.</s>[INST] next [/INST]": "The door opens.",
    "The door opens.<｜end▁of▁sentence｜><｜User｜>more": "The door opens.",
    "<|channel|>analysis<|message|>Need a DEX save.<|end|>"
    "<|start|>assistant<|channel|>final<|message|>The lock clicks.": "The lock clicks.",
    "Leaked reasoning</think>The door opens.": "Leaked reasoningThe door opens.",
    "<|im_start|>Bob waves.": "Bob waves.",
    # Ordinary text with brackets is left alone, and tool calls written as text pass on.
    "If strength < 10, roll [1d20] or <b>": "If strength < 10, roll [1d20] or <b>",
    '<tool_call>{"name": "roll_dice"}</tool_call>': '<tool_call>{"name": "roll_dice"}</tool_call>',
}  # fmt: skip


@pytest.mark.parametrize("text", list(CASES))
def test_every_way_of_cutting_the_stream_gives_the_same_text(text: str) -> None:
    expected = CASES[text]
    assert clean_text(text) == expected
    rng = random.Random(len(text))
    cuts = [[n] * len(text) for n in range(1, 9)]
    cuts += [[rng.randint(1, 6) for _ in text] for _ in range(20)]
    for sizes in cuts:
        cleaner, out, at = ReplyCleaner(), [], 0
        for size in sizes:
            if at >= len(text):
                break
            out.append(cleaner.feed(text[at : at + size]))
            at += size
        assert "".join(out) + cleaner.finish() == expected, sizes


def test_plain_text_streams_at_once() -> None:
    cleaner = ReplyCleaner()
    assert cleaner.feed("The rat ") == "The rat "
    assert cleaner.feed("squeaks <") == "squeaks "  # the "<" may open a token
    assert cleaner.feed("3 and runs.") == "<3 and runs."


async def test_players_never_see_reasoning_or_template_tokens() -> None:
    reply = Reply(
        text="<think>Mira's player wants to listen. No roll needed.</think>"
        "Rain drums on the shutters.<|im_end|>\n<|im_start|>user\nI open the door",
        piece=3,
    )
    with FakeOpenAI([reply]) as server:
        config = DMConfig(model="fake-model", base_url=server.base_url, api_key=SecretStr("k"))
        session = GameSession(sandbox_state(seed=1), OpenAIBrain(config))
        session.submit(PlayerAction(character_id="mira", text="I listen"))
        events = [e async for e in session.process()]
    shown = "".join(e.text for e in events if e.type == "narrative_chunk")
    assert shown.strip() == "Rain drums on the shutters."
    assert session.state.history[-1].narrative == "Rain drums on the shutters."
