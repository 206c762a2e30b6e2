"""Pilot tests of the play screen: a solo turn, a hotseat round with hand-offs, reaction
prompts, a fight with the tracker updating, a failed turn and its retry, the end-turn key,
dice rolls, saving and quitting."""

from __future__ import annotations

import re
from datetime import timedelta
from pathlib import Path

from textual.command import CommandPalette
from textual.pilot import Pilot
from textual.widgets import Input, Label, Static

from app.dm.scripted import ScriptedBrain
from app.saves import load_game
from app.session.session import GameSession
from app.session.setup import session_for
from app.tui import make_app
from app.tui.driving import answer, play_screen, say, settle, shown, until
from app.tui.screens.modals import HandoffScreen, PromptInspector, RollScreen
from app.tui.screens.play import PlayScreen
from app.tui.screens.reaction_dialog import ReactionScreen
from app.tui.showcase import RAT_BITES_ARIA, TABLE, TRIO, crossroads, in_the_cellar, rat_fight
from app.tui.widgets.banner import GateBanner
from app.tui.widgets.dicelog import DiceLog
from app.tui.widgets.party import PartyPanel
from app.tui.widgets.story import StoryPane
from app.tui.widgets.tracker import InitiativeTracker


def game(tmp_path: Path, session: GameSession, save_as: str | None = "autosave"):
    return make_app(saves=tmp_path / "saves", session=session, save_as=save_as, still=True)


def story_text(app) -> str:
    story = play_screen(app).query_one(StoryPane)
    parts = []
    for child in story.children:
        source = getattr(child, "source", None)
        parts.append(source if source is not None else str(child.render()))
    return "\n".join(parts)


def log_text(app) -> str:
    log = play_screen(app).query_one(DiceLog)
    return "\n".join(strip.text for strip in log.lines)


async def test_a_solo_turn_rolls_narrates_and_autosaves(tmp_path: Path) -> None:
    app = game(tmp_path, crossroads())
    async with app.run_test(size=(80, 24)) as pilot:
        screen = play_screen(app)
        assert str(screen.query_one("#actor", Label).render()) == "Mira ›"
        assert screen.query_one(GateBanner).text == "Your move — Mira, Thorin or Aria"
        await say(pilot, "Mira: I pick the lock on the trapdoor")
        assert "› Mira: I pick the lock on the trapdoor" in story_text(app)
        assert "padlock clicks open" in story_text(app)
        log = log_text(app)
        assert "Mira" in log and "sleight of hand" in log and "vs DC 13" in log
        assert "success" in log
        assert screen.query_one(DiceLog).entries >= 1
        assert screen.query_one(GateBanner).text == "Your move — Mira, Thorin or Aria"
        assert screen.query_one("#command", Input).value == ""
    saved = load_game("autosave", tmp_path / "saves")
    assert saved.turn == 1 and saved.flags.get("trapdoor_open") is True


async def test_the_same_seed_gives_the_same_story(tmp_path: Path) -> None:
    stories = []
    for n in range(2):
        app = game(tmp_path / str(n), crossroads(), save_as=None)
        async with app.run_test(size=(100, 30)) as pilot:
            await say(pilot, "Mira: I pick the lock on the trapdoor")
            await say(pilot, "Thorin: I go down the trapdoor")
            stories.append((story_text(app), log_text(app)))
    assert stories[0] == stories[1]


async def test_a_refused_action_keeps_the_text_and_says_why(tmp_path: Path) -> None:
    app = game(tmp_path, crossroads(players=TABLE))
    async with app.run_test(size=(80, 24)) as pilot:
        await shown(pilot, HandoffScreen)
        await pilot.press("enter")
        await pilot.press(*"Thorin: I look around", "enter")
        await pilot.pause()
        assert app.screen.query_one("#command", Input).value == "Thorin: I look around"
        assert any(
            "Thorin is Ben's — it is your turn, Ana" in n.message for n in app._notifications
        )
        assert app.screen.query_one("#command", Input).cursor_position == len(
            "Thorin: I look around"
        )
        assert play_screen(app).session.pending == []
        # typing a new line replaces the refused one instead of being glued onto it
        await pilot.press(*"Mira: I look around")
        assert app.screen.query_one("#command", Input).value == "Mira: I look around"


async def test_a_hotseat_round_hands_the_keyboard_over(tmp_path: Path) -> None:
    app = game(tmp_path, crossroads(players=TABLE))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = play_screen(app)
        await shown(pilot, HandoffScreen)
        assert app.screen.player == "Ana"
        await pilot.press("enter")
        assert app.screen is screen and screen.holder == "Ana"
        assert str(screen.query_one("#actor", Label).render()) == "Ana › Mira ›"
        await pilot.press(*"look around", "enter")
        await shown(pilot, HandoffScreen)
        assert app.screen.player == "Ben" and "Thorin" in app.screen.characters
        await pilot.press("enter")
        assert screen.query_one(GateBanner).text == "Waiting for Ben   Ana ✓ · Ben ▶"
        assert str(screen.query_one("#actor", Label).render()) == "Ben › Thorin ›"
        await pilot.press("ctrl+n")  # Ben plays Aria this round instead
        assert str(screen.query_one("#actor", Label).render()) == "Ben › Aria ›"
        await pilot.press(*"I read the notice by the door", "enter")
        await settle(pilot)
        # the DM answered both; the next round starts with Ana again
        assert screen.session.state.turn == 1
        text = story_text(app)
        assert "› Mira: look around" in text and "› Aria: I read the notice" in text
        await shown(pilot, HandoffScreen)
        assert app.screen.player == "Ana"
        reasons = [c.reason for c in screen.session.state.turn_order.history]
        assert reasons.count("TURN_COMPLETE") == 2 and "ROUND_START" in reasons


async def test_the_end_turn_key_passes_in_a_hotseat_round(tmp_path: Path) -> None:
    app = game(tmp_path, crossroads(players=TABLE))
    async with app.run_test(size=(80, 24)) as pilot:
        await shown(pilot, HandoffScreen)
        await pilot.press("enter")
        await pilot.press("ctrl+t")  # Ana passes
        await shown(pilot, HandoffScreen)
        # read before the DM's turn: a notification expires after a few seconds
        assert "Ana passes" in " ".join(n.message for n in app._notifications)
        assert app.screen.player == "Ben"
        await pilot.press("enter")
        await pilot.press(*"Thorin: I warm my hands at the hearth", "enter")
        await settle(pilot)
        assert play_screen(app).session.state.turn == 1


async def test_a_reaction_prompt_asks_the_player_and_shield_turns_the_hit(
    tmp_path: Path,
) -> None:
    app = game(tmp_path, rat_fight(TRIO))
    async with app.run_test(size=(80, 24)) as pilot:
        await shown(pilot, ReactionScreen)
        modal = app.screen
        await pilot.press("n")  # a letter is typing into the box, not an answer…
        assert app.screen is modal
        await pilot.press("backspace")  # …until Enter sends what the box holds
        assert modal.player == "Cy"
        assert "Aria, Giant Rat 1 hits you" in modal.prompt and "Cast Shield?" in modal.prompt
        await answer(pilot, "y")
        await settle(pilot)
        state = play_screen(app).session.state
        assert state.party["aria"].vitals.hp == 17  # the bite missed
        assert state.party["aria"].spell_slots.remaining(1) == 3
        log = log_text(app)
        assert "Reaction 1.1 — Aria casts Shield" in " ".join(log.split())  # wrapped at 80
        assert "Giant Rat 1 hits you" not in log
        tracker = play_screen(app).query_one(InitiativeTracker)
        assert "aria" in tracker.panels.reactions_spent  # shown as ✗ in the R column


async def test_a_reaction_in_the_players_own_words_is_resolved_in_its_subturn(
    tmp_path: Path,
) -> None:
    script = [
        RAT_BITES_ARIA[0],
        {"tool_calls": [{"name": "end_subturn",
                         "arguments": {"subturn_id": "1.1", "outcome": "Aria ducks: no effect"}}]},
        {"text": "Aria ducks, too late."},
    ]  # fmt: skip
    session = rat_fight(TRIO)
    session.brain = ScriptedBrain(script)
    app = game(tmp_path, session)
    async with app.run_test(size=(100, 30)) as pilot:
        await shown(pilot, ReactionScreen)
        assert app.screen.title_text == "Cy (Aria) — a reaction"  # the player, then who
        assert app.screen.labels == ["Cast Shield"]
        await answer(pilot, "I duck behind the table")
        await settle(pilot)
        state = play_screen(app).session.state
        assert state.party["aria"].spell_slots.remaining(1) == 4  # no Shield was cast
        assert [(s.id, s.declared, s.status) for s in state.reactions.subturns] == [
            ("1.1", "I duck behind the table", "done")
        ]
        log = " ".join(log_text(app).split())
        assert "1.1 Aria: “I duck behind the table” — done: Aria ducks: no effect" in log


async def test_a_line_for_another_typed_at_a_reaction_waits_in_the_input(tmp_path: Path) -> None:
    """Ana types Mira's next move while Cy is asked about Aria's Shield: it is no reaction of
    Aria's (it was once declared as hers, and lost); it waits, and comes back in the input."""
    app = game(tmp_path, rat_fight(TRIO))
    async with app.run_test(size=(100, 30)) as pilot:
        await answer(pilot, "Mira: I ready my shortbow")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, ReactionScreen)  # still asked: the line was no answer
        assert dialog.held == ["Mira: I ready my shortbow"]
        assert "Mira's line" in str(dialog.query_one("#reaction-hint").render())
        await answer(pilot, "")  # Cy passes
        await settle(pilot)
        state = play_screen(app).session.state
        assert not any(s.declared for s in state.reactions.subturns)
        assert "Aria does not cast Shield" in log_text(app)
        entry = play_screen(app).query_one("#command", Input)
        assert entry.value == "Mira: I ready my shortbow"


async def test_declining_a_reaction_takes_the_bite(tmp_path: Path) -> None:
    app = game(tmp_path, rat_fight(TRIO))
    async with app.run_test(size=(80, 24)) as pilot:
        await answer(pilot, "")  # Enter with nothing typed passes
        await settle(pilot)
        state = play_screen(app).session.state
        assert state.party["aria"].vitals.hp < 17
        assert state.party["aria"].spell_slots.remaining(1) == 4
        assert "Aria does not cast Shield" in log_text(app)


async def test_a_fight_updates_the_initiative_tracker(tmp_path: Path) -> None:
    app = game(tmp_path, session_for(in_the_cellar()))
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(pilot, react=False)  # foes ahead of the party in initiative act first
        screen = play_screen(app)
        tracker = screen.query_one(InitiativeTracker)
        assert tracker.display and tracker.panels is not None
        first = tracker.panels.combat
        assert first is not None and first.current_id in screen.session.state.party
        hp_before = {c.id: c.hp for c in first.combatants}
        await say(pilot, "Anyone: attack the nearest rat", react=False)
        after = tracker.panels.combat
        assert after is not None
        assert (after.round, after.current_id) != (first.round, first.current_id)
        changed = {c.id for c in after.combatants if c.hp != hp_before[c.id]}
        assert changed, "somebody was hurt"
        assert "round 1" in log_text(app) and "vs AC" in log_text(app)
        assert screen.query_one(GateBanner).text.endswith("'s turn")
        # fight on until it ends: the tracker hides again
        for _ in range(30):
            if screen.session.state.encounter is None:
                break
            await say(pilot, "Anyone: attack the nearest rat", react=True)
        assert screen.session.state.encounter is None
        assert not tracker.display


async def test_a_failed_turn_is_reported_and_retried(tmp_path: Path) -> None:
    brain = ScriptedBrain([{"error": "connection reset"}, {"text": "The fire pops."}])
    session = session_for(crossroads().state, brain)
    app = game(tmp_path, session)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = play_screen(app)
        await say(pilot, "Thorin: I warm my hands")
        assert screen.failed
        assert screen.query_one(GateBanner).kind == "error"
        assert "connection reset" in story_text(app)
        assert any("ctrl+r" in n.message for n in app._notifications)
        assert screen.session.state.turn == 0 and len(screen.session.pending) == 1
        await pilot.press("ctrl+r")
        await settle(pilot)
        assert not screen.failed and screen.session.state.turn == 1
        assert "The fire pops." in story_text(app)


async def test_dice_rolls_from_the_input_and_the_palette(tmp_path: Path) -> None:
    app = game(tmp_path, crossroads())
    async with app.run_test(size=(100, 30)) as pilot:
        screen = play_screen(app)
        await pilot.press(*"/roll 4d6kh3", "enter")
        await pilot.pause()
        assert "you rolled" in log_text(app) and "4d6kh3" in log_text(app)
        await pilot.press(*"/roll 1d", "enter")
        await pilot.pause()
        assert any("Bad dice formula" in (n.title or "") for n in app._notifications)
        screen.action_roll_dialog()
        await pilot.pause()
        assert isinstance(app.screen, RollScreen)
        await pilot.press(*"2d20kh1+", "enter")
        await pilot.pause()
        assert isinstance(app.screen, RollScreen)  # a bad formula keeps the dialog open
        await pilot.press("backspace", "enter")
        await pilot.pause()
        assert app.screen is screen
        assert "2d20kh1" in log_text(app)
        assert "a player rolled" in " ".join(c.text for c in screen.session.state.changes)


async def test_prompt_inspector_and_log_toggle(tmp_path: Path) -> None:
    app = game(tmp_path, crossroads())
    async with app.run_test(size=(100, 30)) as pilot:
        await say(pilot, "Mira: look around")
        await pilot.press("f2")
        await pilot.pause()
        assert isinstance(app.screen, PromptInspector)
        assert "── system ──" in app.screen.text and "[Mira (mira)] look around" in app.screen.text
        await pilot.press("escape")
        sidebar = play_screen(app).query_one("#sidebar")
        await pilot.press("ctrl+l")
        assert not sidebar.display
        await pilot.press("ctrl+l")
        assert sidebar.display


async def test_the_command_palette_offers_the_game_commands(tmp_path: Path) -> None:
    app = game(tmp_path, crossroads())
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        titles = [c.title for c in app.get_system_commands(app.screen)]
        for wanted in ("Save game", "Load game", "Roll dice", "Prompt inspector", "Toggle log"):
            assert wanted in titles
        await pilot.press("ctrl+p")
        await until(pilot, lambda: isinstance(app.screen, CommandPalette))
        await pilot.press(*"roll dice")
        await pilot.pause(0.5)
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, RollScreen))
        await pilot.press(*"8d6", "enter")
        await until(pilot, lambda: isinstance(app.screen, PlayScreen))
        assert "8d6" in log_text(app)


async def test_quitting_saves_the_game(tmp_path: Path) -> None:
    app = game(tmp_path, crossroads(), save_as="mine")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(*"Mira: ask Berta about Tam", "enter")
        await settle(pilot)
        await pilot.press(*"Mira: I pick the lock", "enter")  # declared, not yet resolved?
        await settle(pilot)
        await pilot.press("ctrl+q")
        await pilot.pause()
    state = load_game("mine", tmp_path / "saves")
    assert state.turn == 2


async def test_the_party_panel_shows_slots_and_the_acting_character(tmp_path: Path) -> None:
    app = game(tmp_path, crossroads())
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        panel = play_screen(app).query_one(PartyPanel)
        assert panel.acting == "mira"
        aria = next(m for m in panel.panels.party if m.id == "aria")
        assert aria.slots == [(1, 4, 4), (2, 2, 2)]
        await pilot.press("ctrl+n")
        assert panel.acting == "thorin"


async def test_the_turn_timer_passes_a_slow_player(tmp_path: Path) -> None:
    session = crossroads(players=TABLE)
    order = session.state.turn_order
    order.timer_seconds = 90
    app = game(tmp_path, session)
    async with app.run_test(size=(80, 24)) as pilot:
        await shown(pilot, HandoffScreen)
        await pilot.press("enter")
        screen = play_screen(app)
        assert order.turn_started is not None  # Ana's clock starts once she has the keyboard
        screen.tick_timer()
        banner = screen.query_one(GateBanner).text
        assert re.fullmatch(r"Waiting for Ana   Ana ▶ 1:[0-3]\d left · Ben …", banner)
        await pilot.press(*"look at the hea")  # Ana is mid-word when her time runs out
        order.turn_started -= timedelta(seconds=91)
        screen.tick_timer()
        await shown(pilot, HandoffScreen)
        assert app.screen.player == "Ben"
        assert screen.query_one("#command", Input).value == ""  # never Ben's action
        assert [c.reason for c in order.history][-1] == "TIMEOUT"
        assert "Ana's time ran out" in " ".join(n.message for n in app._notifications)
        assert "⏱ Ana's time ran out" in story_text(app)  # the table reads it in the story


async def test_a_new_log_entry_flashes_the_log(tmp_path: Path) -> None:
    app = make_app(saves=tmp_path / "saves", session=crossroads(), save_as=None)
    async with app.run_test(size=(100, 30)) as pilot:
        log = play_screen(app).query_one(DiceLog)
        log.FLASH_SECONDS = 0.2
        log.add_entries(["a roll"])
        assert log.has_class("-flash")
        await until(pilot, lambda: not log.has_class("-flash"))  # the flash ends by itself


async def anas_line_played(pilot: Pilot[None]) -> None:
    """At the table of three: Ana takes the keyboard and sends "look around"; the hand-off
    to Ben follows."""
    await shown(pilot, HandoffScreen)
    await pilot.press("enter")
    await pilot.press(*"look around", "enter")


async def test_typing_behind_the_hand_off_never_becomes_the_next_players_line(
    tmp_path: Path,
) -> None:
    app = game(tmp_path, crossroads(players=TABLE))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = play_screen(app)
        await anas_line_played(pilot)
        await shown(pilot, HandoffScreen)  # Ben's turn: Ana goes on typing
        # two lines typed in a burst: the first Enter ends a line, never the hand-off
        await pilot.press(*"ask him about the bell", "enter", *"sorry one more thing")
        typed = str(app.screen.query_one("#handoff-typed", Static).render())
        assert "not sent: “sorry one more thing”" in typed  # said in the dialog as it is typed
        await pilot.pause(0.6)
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is screen and screen.holder == "Ben"
        entry = screen.query_one("#command", Input)
        assert entry.value == ""
        told = "not sent: “ask him about the bell” · “sorry one more thing”"
        assert any(told in n.message for n in app._notifications)
        await pilot.press("up")  # set aside, not lost: ↑ brings it back, unsent
        assert entry.value == "sorry one more thing"
        assert screen.session.pending == [] or all(
            a.text != "sorry one more thing" for a in screen.session.pending
        )


async def test_typing_while_the_dm_answers_is_set_aside_when_the_keyboard_passes(
    tmp_path: Path,
) -> None:
    app = game(tmp_path, crossroads(players=TABLE))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = play_screen(app)
        await anas_line_played(pilot)
        await shown(pilot, HandoffScreen)  # Ben is up: the moment before this dialog shows,
        await pilot.press("enter")  # with Ana still at the keyboard, is made again below
        await pilot.pause()
        entry = screen.query_one("#command", Input)
        screen.holder = "Ana"
        entry.value = "and then the hearth"  # typed while the DM answered Ana's line
        screen.check_handoff()
        await shown(pilot, HandoffScreen)
        assert any("set aside: and then the hearth" in n.message for n in app._notifications)
        await pilot.press("enter")
        await pilot.pause()
        assert screen.holder == "Ben" and entry.value == ""
        entry.focus()
        await pilot.press("up")
        assert entry.value == "and then the hearth"


async def test_a_line_the_hand_off_cut_in_two_is_kept_whole(tmp_path: Path) -> None:
    """The dialog came up while a player was in mid-line: the start was in the input, the
    rest went into the dialog. ↑ brings back the whole line, never only its tail (sent, the
    tail alone could say something else entirely)."""
    app = game(tmp_path, crossroads(players=TABLE))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = play_screen(app)
        await anas_line_played(pilot)
        await shown(pilot, HandoffScreen)
        await pilot.press("enter")
        await pilot.pause()
        entry = screen.query_one("#command", Input)
        screen.holder = "Ana"
        entry.value = "Your helmet is a soup pot. Hand o"  # the line's start, in the input
        screen.check_handoff()
        await shown(pilot, HandoffScreen)
        await pilot.press(*"ver the sausages", "enter")  # its rest, into the dialog
        await pilot.pause(0.6)
        await pilot.press("enter")
        await pilot.pause()
        assert screen.holder == "Ben" and entry.value == ""
        told = "not sent: “Your helmet is a soup pot. Hand over the sausages”"
        assert any(told in n.message for n in app._notifications)
        entry.focus()
        await pilot.press("up")
        assert entry.value == "Your helmet is a soup pot. Hand over the sausages"


async def test_a_line_kept_while_the_dm_answered_is_not_glued_to_the_next(
    tmp_path: Path,
) -> None:
    """A line sent while the DM was answering is kept whole in the input; the hand-off then
    came, and the next line went into the dialog. They stay two lines (they were glued into
    one — "…Thorin hitAria: sleep on the rats" — and the second was lost in the first);
    Backspace in the dialog mends a slip."""
    app = game(tmp_path, crossroads(players=TABLE))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = play_screen(app)
        await anas_line_played(pilot)
        await shown(pilot, HandoffScreen)
        await pilot.press("enter")
        await pilot.pause()
        entry = screen.query_one("#command", Input)
        screen.holder = "Ana"
        screen.keep("Mira: I stab the rat Thorin hit")  # as a line sent mid-answer is kept
        screen.check_handoff()
        await shown(pilot, HandoffScreen)
        await pilot.press(*"Aria: sleep on the ratx", "backspace", "s", "enter")
        await pilot.pause(0.6)
        await pilot.press("enter")
        await pilot.pause()
        assert screen.holder == "Ben" and entry.value == ""
        entry.focus()
        await pilot.press("up")
        assert entry.value == "Aria: sleep on the rats"
        await pilot.press("up")
        assert entry.value == "Mira: I stab the rat Thorin hit"


async def test_every_line_typed_behind_the_hand_off_is_kept(tmp_path: Path) -> None:
    """Two lines typed behind the pass-the-keyboard dialog: ↑ brings back the last, ↑ again
    the one before (only the last came back; the first was gone)."""
    app = game(tmp_path, crossroads(players=TABLE))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = play_screen(app)
        await anas_line_played(pilot)
        await shown(pilot, HandoffScreen)
        await pilot.press(*"hola berta", "enter", *"Ben: Thorin kicks the trapdoor", "enter")
        await pilot.pause(0.6)
        await pilot.press("enter")
        await pilot.pause()
        entry = screen.query_one("#command", Input)
        assert screen.holder == "Ben" and entry.value == ""
        assert any("↑ again the one before" in n.message for n in app._notifications)
        entry.focus()
        await pilot.press("up")
        assert entry.value == "Ben: Thorin kicks the trapdoor"
        await pilot.press("up")
        assert entry.value == "hola berta"
        await pilot.press("up")  # the first: it stays
        assert entry.value == "hola berta"


async def test_up_in_the_empty_line_brings_back_the_last_line_sent(tmp_path: Path) -> None:
    app = game(tmp_path, crossroads())
    async with app.run_test(size=(80, 24)) as pilot:
        screen = play_screen(app)
        await pilot.press(*"look around", "enter")
        await until(pilot, lambda: not screen.thinking)
        entry = screen.query_one("#command", Input)
        entry.focus()
        await pilot.press("up")
        assert entry.value == "look around"
        await pilot.press("up")  # a line being typed is never overwritten
        assert entry.value == "look around"


async def test_a_question_out_of_turn_is_answered_in_the_story(tmp_path: Path) -> None:
    app = game(tmp_path, crossroads(players=TABLE))
    async with app.run_test(size=(100, 30)) as pilot:
        await shown(pilot, HandoffScreen)
        await pilot.press("enter")
        await pilot.press(*"Thorin: how many hit points do I have?", "enter")
        await pilot.pause()
        thorin = play_screen(app).session.state.party["thorin"].vitals
        assert f"Thorin has {thorin.hp} of {thorin.max_hp} hit points" in story_text(app)
        assert app.screen.query_one("#command", Input).value == ""
        assert play_screen(app).session.pending == []


async def test_typing_after_scrolling_back_shows_what_comes_of_it(tmp_path: Path) -> None:
    app = game(tmp_path, crossroads())
    async with app.run_test(size=(80, 24)) as pilot:
        await say(pilot, "Mira: talk to Berta")
        story = play_screen(app).query_one(StoryPane)
        await until(pilot, lambda: story.max_scroll_y > 0)
        story.scroll_home(animate=False)  # the player reads back up the story
        await pilot.pause()
        assert story.scroll_y == 0
        await say(pilot, "Mira: ask Berta about the key")
        await until(pilot, lambda: story.scroll_y >= story.max_scroll_y > 0)
        assert "Lost it" in story_text(app)
