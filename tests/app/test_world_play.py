"""The world reads true in play: after the lock opens every reader shows the open trapdoor,
Tam answers once he is found, and Grubnak fights in his own band."""

from __future__ import annotations

import io
import json

from rich.console import Console

from app.actions.calls import ToolCall
from app.actions.campaign_tools import apply_effects
from app.actions.sets import CAMPAIGN_EXPLORATION_TOOLS
from app.console.game import ConsoleGame
from app.dm.context import ContextBuilder
from app.dm.scripted import ScriptedBrain
from app.session.runner import run_lines
from app.session.session import GameSession
from app.session.setup import start_session
from app.world import view
from app.world.campaignfile import load_campaign
from app.world.folders import CAMPAIGNS_DIR
from app.world.newgame import new_game
from tests.app.conftest import turn

CAMPAIGN = load_campaign(CAMPAIGNS_DIR / "crossroads")
SCRIPT = (CAMPAIGNS_DIR / "crossroads" / "scripts" / "peace.txt").read_text(encoding="utf-8")
PEACE_SEED = 11


LINES = [line for line in SCRIPT.splitlines() if line.strip() and not line.startswith("#")]


def lines_until(stop: str, start: int = 0) -> list[str]:
    """The peace script's lines from ``start`` up to and including the first one containing
    ``stop``."""
    end = next(i for i, line in enumerate(LINES) if i >= start and stop in line)
    return LINES[start : end + 1]


async def play(session: GameSession, lines: list[str]) -> None:
    result = await run_lines(session, lines)
    assert not result.errors and not result.refused, result.transcript


def shown_by_console(session: GameSession) -> str:
    out = io.StringIO()
    game = ConsoleGame(session, Console(file=out, width=200, color_system=None), input)
    game.show_scene()
    return " ".join(out.getvalue().split())


async def test_after_the_lock_opens_every_reader_shows_the_open_trapdoor() -> None:
    session = start_session(CAMPAIGN, PEACE_SEED)
    before = shown_by_console(session)
    assert "held shut by an iron padlock" in before
    await play(session, lines_until("pick the lock")[:-1])
    while not session.state.flags.get("trapdoor_open"):
        await turn(session, ("mira", "I pick the lock on the trapdoor"))
    state = session.state
    readers = {
        "view": view.scene_description(state, CAMPAIGN),
        "console": shown_by_console(session),
        "llm": ContextBuilder().build(state, [], briefed=False, mode="exploration")[0]["content"],
    }
    for who, text in readers.items():
        assert "held shut" not in text, who
        assert "trapdoor stands open" in " ".join(text.split()), who
    system = ContextBuilder().build(state, [], briefed=True, mode="exploration")[0]["content"]
    ways = system.split("Exits (ids for move_scene):")[1].split("\n")[0]
    assert "cellar (trapdoor)" in ways and "shut:" not in ways
    assert (
        "No changes to game state since your last turn"
        in ContextBuilder().build(state, [], briefed=True, mode="exploration")[-1]["content"]
    )  # the turn's changes were reported; nothing to resend


def test_when_something_changes_the_llm_is_sent_the_scene_as_it_now_reads() -> None:
    state = new_game(CAMPAIGN, seed=1)
    apply_effects(state, CAMPAIGN.challenges["trapdoor_lock"].success, "mira", "the lock")
    later = ContextBuilder().build(state, [], briefed=True, mode="exploration")
    assert "trapdoor_open = True" in later[-1]["content"]  # what changed
    assert "trapdoor stands open" in later[0]["content"]  # the scene as it reads, every call
    assert "held shut" not in later[0]["content"]


async def test_tam_can_be_spoken_to_once_he_is_found() -> None:
    session = start_session(CAMPAIGN, PEACE_SEED)
    first = lines_until("down the trapdoor")
    await play(session, first)
    assert session.state.scene.id == "cellar" and view.npcs_here(session.state, CAMPAIGN) == []
    refused = CAMPAIGN_EXPLORATION_TOOLS.execute(
        ToolCall("t", "talk_to", json.dumps({"npc_id": "tam"})), session.state
    )
    assert "'tam' is not here to talk to; nobody here" in refused.result["error"]
    await play(session, lines_until("look at the casks", len(first)))
    state = session.state
    assert state.flags.get("tam_found") and view.npcs_here(state, CAMPAIGN) == ["tam"]
    assert "Tam, the potboy, sits on an upturned cask" in view.scene_description(state, CAMPAIGN)
    args = {"npc_id": "Tam", "character_id": "mira", "topic": "the goblin boss"}
    talk = CAMPAIGN_EXPLORATION_TOOLS.execute(ToolCall("t", "talk_to", json.dumps(args)), state)
    assert talk.result["npc_id"] == "tam" and talk.result["first_meeting"] is True
    assert talk.result["greeting"].startswith("'You came!")
    assert talk.result["topic"] == "boss" and "Grubnak" in talk.result["says"]
    assert state.flags["met_tam"] is True


async def test_an_llm_dm_talks_to_tam_through_the_tool() -> None:
    state = new_game(CAMPAIGN, seed=3)
    state.scene = state.scenes["cellar"]
    state.flags["tam_found"] = True
    brain = ScriptedBrain(
        [
            {"tool_calls": [{"name": "talk_to", "arguments": {"npc_id": "tam", "topic": "rats"}}]},
            {"text": "Tam shivers."},
        ]
    )
    session = GameSession(state, brain)
    await turn(session, ("thorin", "I ask Tam about the rats"))
    results = [m["content"] for m in session.last_messages if m["role"] == "tool"]
    assert "Big as dogs" in results[0]


async def test_grubnak_fights_in_his_band_when_the_parley_fails() -> None:
    state = new_game(CAMPAIGN, seed=3)
    state.scene = state.scenes["chief_hall"]
    state.flags.update(tam_found=True, guards_passed=True)
    for seed in range(40):  # a seed where the persuasion roll fails
        trial = state.fork()
        trial.restore_rng(new_game(CAMPAIGN, seed=seed).rng_state())
        out = CAMPAIGN_EXPLORATION_TOOLS.execute(
            ToolCall("t", "attempt_challenge",
                     json.dumps({"challenge_id": "parley", "character_id": "mira"})),
            trial,
        )  # fmt: skip
        if not out.result["success"]:
            break
    else:
        raise AssertionError("no seed found")
    assert trial.encounter is not None
    fighting = {c.name for c in trial.encounter.order if c.side == "foes"}
    assert fighting == {"Grubnak", "Goblin 1", "Goblin 2"}
    assert view.npcs_here(trial, CAMPAIGN) == ["grubnak"]  # mid-fight, he can still be hailed


async def test_yes_to_the_referees_did_you_mean_does_it() -> None:
    session = start_session(load_campaign(CAMPAIGNS_DIR / "crossroads"), 7)
    session.state.flags["trapdoor_open"] = True
    asked = await turn(session, ("mira", "the cellar, i go first"))
    assert "Did you mean to go through the trapdoor?" in " ".join(
        e.text for e in asked if e.type == "narrative_chunk"
    )
    assert session.state.scene.id == "inn"
    await turn(session, ("mira", "yes"))
    assert session.state.scene.id == "cellar"  # the reading asked about, taken


async def test_a_yes_to_nothing_asked_is_still_not_understood() -> None:
    session = start_session(load_campaign(CAMPAIGNS_DIR / "crossroads"), 7)
    said = await turn(session, ("mira", "yes"))
    assert session.state.scene.id == "inn"
    assert "not sure what you mean" in " ".join(e.text for e in said if e.type == "narrative_chunk")
