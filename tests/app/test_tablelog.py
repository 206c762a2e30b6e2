"""The dice and combat log's entries: in words (no ids, no bookkeeping), round markers when
the fight moves on, and kept in the game up to its cap."""

from __future__ import annotations

from rich.console import Console
from rich.text import Text

from app.actions.campaign_tools import enter_scene
from app.actions.encounter_view import combat_update
from app.actions.events import (
    DiceRoll,
    ErrorEvent,
    ReactionOffer,
    ReactionWindow,
    StateChange,
    StateTransition,
)
from app.display.tablelog import TableLog, log_entry, sentence
from app.session.setup import start_session
from app.world.campaignfile import load_campaign
from app.world.folders import CAMPAIGNS_DIR
from app.world.state import LOG_KEPT, GameState


def new_game() -> GameState:
    return start_session(load_campaign(CAMPAIGNS_DIR / "crossroads"), 11).state


def in_the_cellar() -> GameState:
    state = new_game()
    state.flags["trapdoor_open"] = True
    enter_scene(state, "cellar", "the party climbs down")
    return state


def plain(entry: Text | None) -> str:
    assert entry is not None
    return entry.plain


def test_reactions_are_told_in_words() -> None:
    window = ReactionWindow(
        trigger="Giant Rat 1 hits Aria",
        offers=[
            ReactionOffer(reactor_id="aria", reactor_name="Aria", kind="shield",
                          prompt="Cast Shield?", accepted=True, subturn="34.1"),
            ReactionOffer(reactor_id="mira", reactor_name="Mira", kind="uncanny_dodge",
                          prompt="Dodge?"),
        ],
    )  # fmt: skip
    text = plain(log_entry(window))
    assert "Reaction 34.1 — Aria casts Shield" in text
    assert "Mira does not use Uncanny Dodge" in text
    assert "shield" not in text and "uncanny_dodge" not in text  # kinds told in words


def test_flags_make_no_entry_and_changes_do() -> None:
    assert log_entry(StateChange(kind="flag", description="met_maren = True")) is None
    hp = StateChange(kind="hp", description="Aria takes 6 damage", before="17/17", after="11/17")
    assert plain(log_entry(hp)) == "• Aria takes 6 damage"


def test_the_end_of_a_fight_reads_as_a_sentence() -> None:
    end = plain(log_entry(StateTransition(to="exploration", reason="the last foe fell")))
    assert end == "The fight is over. The last foe fell."
    assert sentence("the goblin surrenders!") == "The goblin surrenders!"
    assert plain(log_entry(StateTransition(to="combat", reason=""))) == "⚔ Combat!"


def test_a_roll_shows_dice_target_and_verdict() -> None:
    roll = DiceRoll(check_type="attack_roll", character_name="Mira", formula="1d20+5",
                    total=24, natural=19, success=True, reason="Shortsword vs Giant Rat 1",
                    text="1d20 (19) + 5 = 24", dc=12)  # fmt: skip
    assert plain(log_entry(roll)) == (
        "Mira · Shortsword vs Giant Rat 1\n  1d20 (19) + 5 = 24 vs AC 12  ✔ success"
    )


def test_a_round_marker_when_the_fight_moves_on_and_the_log_is_kept() -> None:
    state = in_the_cellar()
    log = TableLog(state)
    assert log.record(state, combat_update(state)) == []  # the fight as it stood: no news
    encounter = state.encounter
    assert encounter is not None
    encounter.turn_index = (encounter.turn_index + 1) % len(encounter.order)
    entries = log.record(state, combat_update(state))
    assert entries == [f"[dim]— round 1: {encounter.current.name} —[/dim]"]
    assert state.table_log == entries


def test_the_game_keeps_only_the_newest_entries() -> None:
    state = new_game()
    state.add_to_log([f"entry {n}" for n in range(LOG_KEPT + 5)])
    assert len(state.table_log) == LOG_KEPT and state.table_log[0] == "entry 5"


def test_a_failed_turn_is_announced_again_on_the_retry() -> None:
    state = in_the_cellar()
    log = TableLog(state)
    encounter = state.encounter
    assert encounter is not None
    before = encounter.turn_index
    encounter.turn_index = (before + 1) % len(encounter.order)
    assert len(log.record(state, combat_update(state))) == 1
    encounter.turn_index = before  # the turn failed: the world went back
    assert log.record(state, ErrorEvent(message="timeout", recoverable=True)) == []
    encounter.turn_index = (before + 1) % len(encounter.order)  # the retry
    assert len(log.record(state, combat_update(state))) == 1


def test_a_kept_entry_draws_exactly_like_the_live_one() -> None:
    roll = DiceRoll(check_type="ability_check", character_name="Mira", skill="sleight_of_hand",
                    formula="1d20+7", total=15, natural=8, success=True, dc=13,
                    reason="pick the padlock", text="1d20 (8) + 7 = 15",
                    markup="1d20 (8) + 7 = [bold]15[/bold]")  # fmt: skip
    live = log_entry(roll)
    assert live is not None
    console = Console(width=40, force_terminal=True, color_system="truecolor")
    with console.capture() as shown:
        console.print(live)
    with console.capture() as resumed:
        console.print(Text.from_markup(live.markup))
    assert shown.get() == resumed.get() and "\x1b[" in shown.get()


def test_a_skill_the_reason_already_names_is_not_said_twice() -> None:
    roll = DiceRoll(check_type="ability_check", character_name="Wen", skill="perception",
                    reason="spot the smugglers (Perception)", dc=12, formula="1d20+3",
                    total=15, success=True, text="1d20 (12) + 3 = 15")  # fmt: skip
    assert plain(log_entry(roll)).count("erception") == 1
    plain_reason = roll.model_copy(update={"reason": "spot the smugglers"})
    assert "spot the smugglers (perception)" in plain(log_entry(plain_reason))


def test_a_contest_shows_both_totals_and_who_won_never_a_dc_made_of_the_other_roll() -> None:
    theirs = DiceRoll(
        check_type="contest",
        character_name="Grubnak",
        skill="insight",
        dc=17,
        formula="1d20+1",
        total=12,
        success=False,
        text="1d20 (11) + 1 = 12",
    )
    mine = DiceRoll(
        check_type="contest",
        character_name="Thorin",
        skill="intimidation",
        dc=13,
        formula="1d20",
        total=17,
        success=True,
        text="1d20 (17) = 17",
    )
    told = plain(log_entry(theirs)) + "\n" + plain(log_entry(mine))
    assert "DC" not in told
    assert "= 12  ✘ loses" in told and "= 17  ✔ wins" in told
