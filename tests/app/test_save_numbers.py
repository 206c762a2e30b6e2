"""A number no save can hold never reaches one: a DM's flag or judgment evidence past 64
bits is refused as a tool error, and a game that holds one anyway is not saved over its
last good save (the save it would write, the game would refuse to load)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from app.actions.calls import ToolCall
from app.actions.sets import ALL_TOOLS
from app.saves.document import load_save, save_game
from app.saves.names import SaveError
from app.session.setup import start_session
from app.world.campaignfile import load_campaign
from app.world.folders import CAMPAIGNS_DIR
from app.world.state import GameState

PAST = 2**63


def _game() -> GameState:
    return start_session(load_campaign(CAMPAIGNS_DIR / "crossroads"), 1).state


@pytest.mark.parametrize(
    ("tool", "args"),
    [
        ("set_flag", {"name": "gold", "value": PAST}),
        ("set_flag", {"name": "gold", "value": -PAST - 1}),
        ("set_flag", {"name": "gold", "value": -PAST}),  # (a save refuses -2**63 too)
        (
            "record_judgment",
            {
                "category": "trust_shift",
                "about": "berta",
                "direction": "up",
                "confidence": 0.9,
                "evidence": [PAST],
            },
        ),
    ],
)
def test_a_number_past_64_bits_from_the_dm_is_a_tool_error(tool: str, args: dict) -> None:
    state = _game()
    before = dict(state.flags)
    outcome = ALL_TOOLS.execute(ToolCall("c1", tool, json.dumps(args)), state)
    assert "invalid arguments" in outcome.result["error"]
    assert state.flags == before


def test_the_largest_number_a_save_holds_is_kept_and_loads(tmp_path: Path) -> None:
    state = _game()
    ALL_TOOLS.execute(ToolCall("c1", "set_flag", json.dumps({"name": "gold", "value": PAST - 1})),
                      state)  # fmt: skip
    path = save_game(state, "t", tmp_path)
    assert load_save(path, tmp_path).state.flags["gold"] == PAST - 1


def test_a_game_holding_a_number_past_64_bits_keeps_its_last_save(tmp_path: Path) -> None:
    state = _game()
    path = save_game(state, "t", tmp_path)
    good = path.read_bytes()
    state.flags["gold"] = PAST  # (however it got there)
    with pytest.raises(SaveError, match="larger than any number a save holds"):
        save_game(state, "t", tmp_path)
    assert path.read_bytes() == good
    load_save(path, tmp_path)


def test_the_smallest_number_a_save_holds_is_kept_and_loads(tmp_path: Path) -> None:
    state = _game()
    low = -(PAST - 1)
    ALL_TOOLS.execute(ToolCall("c1", "set_flag", json.dumps({"name": "gold", "value": low})),
                      state)  # fmt: skip
    path = save_game(state, "t", tmp_path)
    assert load_save(path, tmp_path).state.flags["gold"] == low


def test_a_count_edited_so_near_64_bits_that_play_would_overflow_it_is_refused_at_load(
    tmp_path: Path,
) -> None:
    path = save_game(_game(), "t", tmp_path)
    text = path.read_text()
    # a count the game keeps and grows, edited by hand to the largest number TOML holds: a
    # few turns later no save could hold it, and the sitting would be lost
    edited = re.sub(r"(?m)^summarised_through = \d+$", f"summarised_through = {PAST - 1}", text)
    assert edited != text
    path.write_text(edited)
    with pytest.raises(SaveError, match=r"summarised_through: is larger than any number the game"):
        load_save(path, tmp_path)


def test_a_count_that_loads_can_grow_and_still_be_saved_and_loaded(tmp_path: Path) -> None:
    """A count edited to the most a save may load with grows in play and is saved and loaded
    again; one edited to where the game stops writing is refused when read (it loaded, and
    its next save could not be read)."""
    from app.saves.sense import LOADABLE, SAVEABLE

    path = save_game(_game(), "t", tmp_path)
    text = path.read_text()
    assert re.search(r"(?m)^seq = \d+$", text)  # (the truth's count of what happened)
    for count, loads in ((LOADABLE, True), (SAVEABLE, False)):
        path.write_text(re.sub(r"(?m)^seq = \d+$", f"seq = {count}", text, count=1))
        if not loads:
            with pytest.raises(SaveError, match="larger than any number the game counts to"):
                load_save(path, tmp_path)
            continue
        state = load_save(path, tmp_path).state
        state.truth.seq += 1000  # (play counts on)
        assert load_save(save_game(state, "t", tmp_path), tmp_path).state.truth.seq == count + 1000
