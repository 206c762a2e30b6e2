"""The players' guide (``docs/playing.md``) is the game's own: the checked-in page is what
the generator writes from the game; every kind of line, every word list and every slash
command the front ends answer is in it; and every example line it shows is read by the real
parser, in its place in the shipped campaign, as the guide claims — with the offline referee
making the tool calls it claims. A new verb, intent or command without a word in the guide
fails here, and so does an example the game stops reading as written."""

from __future__ import annotations

import ast
import json
import re
from collections import Counter
from dataclasses import fields
from functools import cache
from pathlib import Path
from typing import get_args

import pytest

from app.actions.calls import ToolCall
from app.actions.reactions import AskPolicy
from app.actions.sets import COMBAT_TOOLS
from app.authoring.playdoc import DOC_FILE, render
from app.authoring.playexamples import Example, PlayDocError, load_examples, template_text
from app.referee.offering import chosen_reading
from app.referee.referee import OfflineReferee
from app.understanding import Intent, understand
from app.understanding.intent import IntentKind, Reading
from app.understanding.vocabulary import ENGLISH, Vocabulary
from app.world.state import GameState
from tests.referee_corpus import Situation, build_situation

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = load_examples().examples


@cache
def page() -> str:
    return render()


def test_the_checked_in_guide_is_what_the_generator_writes() -> None:
    assert DOC_FILE.read_text(encoding="utf-8") == page(), (
        "the guide's template, examples or the game's words changed: run `make docs`"
    )


def test_every_kind_of_line_has_a_row_and_an_example() -> None:
    kinds = get_args(IntentKind)
    assert len(kinds) > 15
    assert [k for k in kinds if f"| `{k}` |" not in page()] == []
    assert set(kinds) - {e.intent for e in EXAMPLES} == set()


def test_every_combat_action_and_step_has_an_example() -> None:
    shown = {e.action for e in EXAMPLES if e.intent == "manoeuvre"}
    wanted = {a for a in ENGLISH.manoeuvres if a != "shove"} | {"shove_prone", "shove_away"}
    wanted |= {a for a in ENGLISH.positions if a != "ranged"} | {"ready"}
    assert wanted - shown == set()


def test_each_section_shows_two_examples_or_more() -> None:
    few = {s: n for s, n in Counter(e.section for e in EXAMPLES).items() if n < 2}
    assert few == {}


INTERNAL = {"code", "name", "common", "stop"}
"""Vocabulary fields the parser uses to tell languages apart or to skip words: no player
types them as such."""


def _phrases(value: object) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [*map(str, value), *(p for v in value.values() for p in _phrases(v))]
    if isinstance(value, (tuple, list, frozenset)):
        return [p for v in value for p in _phrases(v)]
    return [str(value)]


@pytest.mark.parametrize("field", [f.name for f in fields(Vocabulary) if f.name not in INTERNAL])
def test_every_word_list_of_the_vocabulary_is_in_the_guide(field: str) -> None:
    words = _phrases(getattr(ENGLISH, field))
    assert words
    missing = [w for w in words if f"`{w}" not in page() and f"{w}`" not in page()]
    assert missing == [], f"en.toml's {field} is not in the guide"


def _dispatched(path: Path, functions: set[str]) -> set[str]:
    """The command words a front end's dispatch compares the typed word with."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    words: set[str] = set()
    dispatchers = [
        f for f in ast.walk(tree)
        if isinstance(f, (ast.FunctionDef, ast.AsyncFunctionDef)) and f.name in functions
    ]  # fmt: skip
    for func in dispatchers:
        for node in ast.walk(func):
            if isinstance(node, ast.Compare) and "word" in ast.unparse(node.left):
                for const in ast.walk(node.comparators[0]):
                    if isinstance(const, ast.Constant) and isinstance(const.value, str):
                        words.add(const.value)
            elif isinstance(node, ast.Dict):
                words |= {k.value for k in node.keys if isinstance(k, ast.Constant)}
            elif isinstance(node, ast.Constant) and re.fullmatch(r"/[a-z]+", str(node.value)):
                words.add(str(node.value)[1:])
    return words


def test_every_slash_command_the_front_ends_answer_is_in_the_guide() -> None:
    from app.session.takingback import WORDS

    console = _dispatched(ROOT / "app" / "console" / "game.py", {"handle"})
    console |= _dispatched(ROOT / "app" / "console" / "commanding.py", {"command"})
    screen = _dispatched(ROOT / "app" / "tui" / "screens" / "commanding.py", {"command"})
    words = console | screen | set(WORDS)
    assert {"help", "status", "save", "retry", "reroll", "load", "quit"} <= words  # it sees them
    assert sorted(w for w in words if f"`/{w}" not in page()) == []


def test_an_unknown_placeholder_or_section_is_refused() -> None:
    with pytest.raises(PlayDocError, match="unknown placeholder"):
        render("{{ nonsense }}")
    with pytest.raises(PlayDocError, match="none"):
        render("{{ examples nowhere }}")
    with pytest.raises(PlayDocError, match="never shows"):
        render("{{ examples looking }}")


def test_the_answers_to_an_ask_back_the_guide_names_pick_a_reading() -> None:
    """*Did you mean to … or …?* — `1`, `2`, `the second`; `yes` when only one was offered."""
    look = Reading("examine", "trapdoor", "look at the trapdoor")
    go = Reading("move", "cellar", "go through the trapdoor")
    assert chosen_reading("1", (look, go)) == look
    assert chosen_reading("2", (look, go)) == chosen_reading("the second", (look, go)) == go
    assert chosen_reading("yes", (look, go)) is None
    assert chosen_reading("yes", (go,)) == go
    assert "`the second`" in page() and "`yes`" in page()


@cache
def _state(place: str) -> GameState:
    return build_situation(Situation.model_validate(load_examples().places[place].state))


def _typed(example: Example) -> tuple[Intent, list[str]]:
    """The example typed in its place: how the referee read it, and its tool calls."""
    state = _state(example.place).model_copy(deep=True)
    referee = OfflineReferee(state.campaign)
    referee.bind(lambda: state)
    if not example.reaction:
        calls = referee._act(state, example.actor, example.text)
        return referee.intents[-1], [c.name for c in calls]
    # the line is the answer to a reaction window the foe's attack opened
    state.set_reaction_policy(AskPolicy(lambda player, question: example.text, choices=True))
    assert state.encounter is not None
    trigger = f"{state.encounter.current.name} bites {state.name_of(example.actor)}"
    window = {"trigger": trigger, "reactor_ids": [example.actor]}
    COMBAT_TOOLS.execute(ToolCall("w", "open_reaction_window", json.dumps(window)), state)
    calls = referee.reaction_calls(state)
    return understand(example.text, example.actor, state, state.campaign), [c.name for c in calls]


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda e: f"{e.section}: {e.text}")
def test_an_example_is_read_and_carried_out_as_the_guide_says(example: Example) -> None:
    intent, calls = _typed(example)
    read = {
        "intent": intent.kind, "target": intent.target, "by": intent.character,
        "action": intent.action, "spell": intent.spell, "topic": intent.topic,
        "item": intent.item,
    }  # fmt: skip
    claimed = {k: getattr(example, k) for k in read if getattr(example, k) is not None}
    assert {k: read[k] for k in claimed} == claimed
    assert example.note is None or example.note in intent.note
    assert calls == example.calls


def _code_spans(markdown: str) -> set[str]:
    prose = re.sub(r"```.*?```", "", markdown, flags=re.DOTALL)
    return set(re.findall(r"`([^`\n]+)`", prose))


def test_every_phrasing_in_the_guides_prose_is_a_checked_example_or_a_known_phrase() -> None:
    """Lines written into the prose (``pick the lock``, ``the second rat``) are what the
    examples type, or words of the vocabulary or the campaign: none goes unchecked."""
    typed = [e.text.lower() for e in EXAMPLES]
    known = {p.lower() for f in fields(Vocabulary) for p in _phrases(getattr(ENGLISH, f.name))}
    campaign = build_situation(Situation(campaign="crossroads", scene="inn")).campaign
    assert campaign is not None
    for spec in campaign.challenges.values():
        known |= {p.lower() for p in spec.provoked_by}
    for scene in campaign.scenes.values():
        known |= {w.name.lower() for w in scene.exits}
    phrasings = [
        s for s in _code_spans(template_text("playing.md"))
        if " " in s and not s.startswith(("/", "dungeon ", "make ")) and not set("<[_.=") & set(s)
    ]  # fmt: skip
    assert len(phrasings) > 10  # the check sees them
    loose = [
        s for s in phrasings
        if s.lower() not in known
        and not any(s.lower() in t or s.lower() == f"mira: {t}" for t in typed)
    ]  # fmt: skip
    assert loose == []
