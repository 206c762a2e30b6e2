"""Reaction questions at the console: ``Ana (Mira): the rat's bite hits … Cast Shield?``.

The answer is a number, y/n, or what the character does in the player's own words (Enter
passes). What is typed at the question but is no answer is kept, not lost: a question about
the options is answered and the question asked again; a command, or a line for another
character typed ahead ("Thorin: I drink my potion"), waits in ``held`` for the game to take
once the reaction is answered. With input piped in nobody can answer: the engine takes the
reaction when it helps, and the transcript says so (reading would swallow the next scripted
line).
"""

from __future__ import annotations

from collections.abc import Callable

from rich.console import Console

from app.actions.reactions import Question, addressed, asked_back, explained, passed
from app.display.handing import passing
from app.display.screentext import plain
from app.session.hygiene import clean_line
from app.session.presence import player_up
from app.world.state import GameState


def ask_reaction(
    console: Console,
    read: Callable[[str], str],
    state: GameState,
    veil: Callable[[str], str],
    player: str,
    question: Question,
    interactive: bool,
    held: list[str],
) -> str:
    """Ask ``player`` the question (addressed to them with the character at a shared
    table) and return the answer as given (``""`` for none)."""
    who = f"{player} ({veil(question.reactor_name)}): " if len(state.players) > 1 else ""
    if not interactive:
        helps = question.helps
        decision = "yes" if helps else "no"
        why = "it helps" if helps else "it would not change the outcome"
        if not question.options:
            why = "nobody at the keyboard can say what they do"
        console.print(plain(f"{who}{veil(question.prompt)} — {decision} (decided for you: "
                            f"{why})", style="yellow"))  # fmt: skip
        return "y" if helps else ""
    handed = passing(state, player, player_up(state))  # (a friend's move: theirs to pass)
    if handed:
        console.print(plain(handed.strip(), style="bold"))
    console.print(plain(f"{who}{veil(question.prompt)}", style="bold yellow"))
    for number, label in enumerate(question.labels, 1):
        console.print(plain(f"  {number}) {veil(label)}"))
    choose = "a number, or " if question.labels else ""
    prompt = f"Your reaction — {choose}say what you do (Enter: no reaction): "
    count = len(question.labels)
    try:
        while True:
            answer = clean_line(read(prompt)).text  # the one gate for typed input
            said = answer.strip()
            other, answer = addressed(state, question, answer)
            if passed(said):  # "/pass" at the question: no reaction, no turn ended later
                return ""
            if asked_back(answer):  # "what is hellish rebuke??": told, then asked again
                console.print(plain(veil(explained(question)), style="yellow"))
            elif said.startswith("/") or other is not None:  # the game's, once answered
                held.append(said)
                what = said.split()[0] if other is None else f"{other}'s line"
                console.print(plain(f"{what} waits until the reaction is answered.",
                                    style="yellow"))  # fmt: skip
            elif said.isdecimal() and not (len(said) <= 3 and 1 <= int(said) <= count):
                # a number that is no option is a slip of the finger, not a "no"
                options = (
                    f"choose 1 to {count}" if count > 1 else "choose 1" if count
                    else "say what you do"
                )  # fmt: skip
                console.print(plain(f"There is no option {said} — {options}.", style="yellow"))
            else:
                return answer
    except (EOFError, KeyboardInterrupt):
        return ""
