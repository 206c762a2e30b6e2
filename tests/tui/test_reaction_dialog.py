"""The reaction dialog on its own: options by number or button, the player's own words,
Enter with nothing or Esc to pass, addressed to the player in hotseat, and a burst of
typing meant for the game's input never answers it (it goes back to that input)."""

from __future__ import annotations

from textual.app import App
from textual.widgets import Button, Input

from app.actions.reactions import Question
from app.tui.driving import until
from app.tui.screens.reaction_dialog import ReactionScreen, reaction_dialog
from tests.referee_corpus import Situation, build_situation

PROMPT = "Aria, Giant Rat 1 hits you. React? (casts Shield or uses Uncanny Dodge)"


class Host(App[None]):
    """An app showing one reaction dialog and keeping its answer."""

    def __init__(self, dialog: ReactionScreen) -> None:
        super().__init__()
        self.dialog = dialog
        self.answers: list[str | None] = []

    def on_mount(self) -> None:
        self.push_screen(self.dialog, self.answers.append)


def dialog(player: str | None = None) -> ReactionScreen:
    return ReactionScreen(player, "Aria", PROMPT, ["Cast Shield", "Use Uncanny Dodge"])


async def answered(keys: str, *, player: str | None = None) -> tuple[Host, ReactionScreen]:
    shown = dialog(player)
    app = Host(shown)
    async with app.run_test(size=(90, 20)) as pilot:
        await until(pilot, shown.settled)
        for key in keys:
            await pilot.press("space" if key == " " else key)
        await pilot.press("enter")
        await until(pilot, lambda: bool(app.answers))
    return app, shown


async def test_an_options_number_or_the_players_words_or_nothing_answers() -> None:
    assert (await answered("2"))[0].answers == ["2"]


async def test_an_options_number_alone_picks_it_at_once() -> None:
    """``1`` picks option 1 as its button says, with no Enter; a number that is no option
    is typed as words."""
    shown = dialog()
    app = Host(shown)
    async with app.run_test(size=(90, 20)) as pilot:
        await until(pilot, shown.settled)
        await pilot.press("1")
        await until(pilot, lambda: bool(app.answers))
    assert app.answers == ["1"]
    assert (await answered("7 rats"))[0].answers == ["7 rats"]
    assert (await answered("I cast shield"))[0].answers == ["I cast shield"]
    assert (await answered("  I  duck "))[0].answers == ["I duck"]  # spacing tidied
    assert (await answered(""))[0].answers == [""]  # Enter with nothing passes


async def test_buttons_and_escape() -> None:
    shown = dialog()
    app = Host(shown)
    async with app.run_test(size=(90, 20)) as pilot:
        await until(pilot, shown.settled)
        labels = [str(b.label) for b in shown.query(Button)]
        assert labels == ["1 Cast Shield", "2 Use Uncanny Dodge", "No reaction (Esc)"]
        await pilot.click("#option-2")
        await until(pilot, lambda: bool(app.answers))
    assert app.answers == ["2"]
    shown = dialog()
    app = Host(shown)
    async with app.run_test(size=(90, 20)) as pilot:
        await until(pilot, shown.settled)
        await pilot.press("escape")
        await until(pilot, lambda: bool(app.answers))
    assert app.answers == [""]


async def test_in_hotseat_the_player_is_addressed_with_the_character() -> None:
    assert dialog("Cy").title_text == "Cy (Aria) — a reaction"
    assert dialog().title_text == "Aria — a reaction"


async def test_a_burst_of_typing_never_answers_and_is_kept_for_the_game() -> None:
    shown = dialog()
    # A guard no gap between two keys of the burst can outlast, however loaded the machine
    # (at the game's 0.4 s, and even at 2 s, a busy run's pilot once left a wider gap).
    shown.GUARD_SECONDS = 3600.0
    app = Host(shown)
    async with app.run_test(size=(90, 20)) as pilot:
        # A player typing "attack the nearest rat" without looking up as the dialog pops up:
        # every key comes within the guard time of the one before, so nothing answers.
        for key in "attack the nearest rat":
            await pilot.press("space" if key == " " else key)
        await pilot.press("enter")
        assert app.screen is shown and not app.answers
        assert shown.query_one("#reaction-words", Input).value == ""
        shown.GUARD_SECONDS = 0.05  # the player stops typing and looks up
        await until(pilot, shown.settled)  # once they stop, the box takes the answer
        await pilot.press("n", "enter")
        await until(pilot, lambda: bool(app.answers))
    assert app.answers == ["n"]
    assert shown.typed.strip() == "attack the nearest rat"  # put back into the game's input


async def test_a_command_typed_into_the_dialog_is_not_taken_as_a_reaction() -> None:
    shown = dialog()
    app = Host(shown)
    async with app.run_test(size=(90, 20)) as pilot:
        await until(pilot, shown.settled)
        for key in "/reroll":
            await pilot.press(key)
        await pilot.press("enter")
        await pilot.pause()
        assert app.answers == [] and shown.is_current  # still asking
        assert shown.query_one("#reaction-words", Input).value == ""
        await pilot.press("2", "enter")
        await until(pilot, lambda: bool(app.answers))
    assert app.answers == ["2"]


async def test_a_question_is_answered_in_the_dialog_and_nothing_is_taken() -> None:
    asked = "Wren, Thrall 1 hurts you. Cast Hellish Rebuke?"
    told = "Cast Hellish Rebuke: fire."
    shown = ReactionScreen(None, "Wren", asked, ["Cast Hellish Rebuke"], explanation=told)
    app = Host(shown)
    async with app.run_test(size=(90, 20)) as pilot:
        await until(pilot, shown.settled)
        for key in "what is that??":
            await pilot.press("space" if key == " " else key)
        await pilot.press("enter")
        await until(pilot, lambda: "fire" in str(shown.query_one("#reaction-hint").render()))
        assert app.answers == [] and shown.query_one("#reaction-words", Input).value == ""
        for key in "no":
            await pilot.press(key)
        await pilot.press("enter")
        await until(pilot, lambda: bool(app.answers))
    assert app.answers == ["no"]


async def test_a_line_for_someone_else_is_kept_and_a_name_of_ones_own_is_dropped() -> None:
    """ "Mira: …" is Mira's line typed ahead, kept for the game; "Aria: 1" is Aria's answer."""

    def address(words: str) -> tuple[str | None, str]:  # as the game's own reader says
        name, _, rest = words.partition(":")
        return ("Mira", words) if name == "Mira" else (None, rest.strip() or words)

    shown = ReactionScreen(None, "Aria", PROMPT, ["Cast Shield"], address=address)
    app = Host(shown)
    async with app.run_test(size=(90, 20)) as pilot:
        await until(pilot, shown.settled)
        for key in "Mira: I hide":
            await pilot.press("space" if key == " " else key)
        await pilot.press("enter")
        await pilot.pause()
        assert app.answers == [] and shown.held == ["Mira: I hide"]
        for key in "Aria: shield it":
            await pilot.press("space" if key == " " else key)
        await pilot.press("enter")
        await until(pilot, lambda: bool(app.answers))
    assert app.answers == ["shield it"]


async def test_a_second_line_break_behind_the_answer_answers_nothing() -> None:
    """A paste with no bracketing sends "I duck behind the table" and two Enters at once:
    the first answers, the rest is let go — never a second close (which raised)."""
    shown = dialog()
    app = Host(shown)
    async with app.run_test(size=(90, 20)) as pilot:
        await until(pilot, shown.settled)
        words = shown.query_one("#reaction-words", Input)
        words.value = "I duck behind the table"
        await words.action_submit()
        await words.action_submit()  # (both queued before the screen is gone)
        await until(pilot, lambda: bool(app.answers))
        await pilot.pause()
    assert app.answers == ["I duck behind the table"]


async def test_a_pass_typed_into_the_dialog_is_no_reaction() -> None:
    app, _ = await answered("/pass")
    assert app.answers == [""]


def test_a_reaction_for_another_players_character_asks_for_the_keyboard() -> None:
    state = build_situation(Situation(campaign="crossroads", scene="cellar"))
    state.players = {"Ana": ["mira", "thorin"], "Cy": ["aria"]}
    shield = Question(trigger="Giant Rat 3 hits Aria", reactor_id="aria", reactor_name="Aria",
                      options=())  # fmt: skip
    asked = reaction_dialog(state, "Cy", shield, holder="Ana")
    assert asked.title_text == "Cy (Aria) — a reaction"
    assert asked.hint.startswith("Pass the keyboard to Cy (then back to Ana). ")
    assert not reaction_dialog(state, "Cy", shield, holder="Cy").hint.startswith("Pass")
    state.players = {"Ana": ["mira", "thorin", "aria"]}  # (one player: nothing to pass)
    assert not reaction_dialog(state, "Ana", shield, holder="Ana").hint.startswith("Pass")
