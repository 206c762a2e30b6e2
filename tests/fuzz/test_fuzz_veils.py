"""Fuzzing veils: a veiled word, dressed up every way a text can dress it — plurals and
words of its family, soft hyphens and zero-width characters, Cyrillic and Greek look-alike
letters, full-width letters, combining marks, mixed case — in the adventure's own text and
in the DM's narration, never reaches a surface a player reads: the story as it is told and
kept, the dice and combat log, the tracker, the status lines, the journal and the export.

The test reads what players see with a reader of its own (it drops every mark and invisible
character and reads every look-alike as the Latin letter), so it catches what the game's
reading misses.
"""

from __future__ import annotations

import asyncio
import io
import re
import unicodedata

from hypothesis import given
from hypothesis import strategies as st
from rich.console import Console

from app.actions.events import CombatantStatus, CombatUpdate, DiceRoll
from app.console.game import ConsoleGame
from app.dm.safety import veil_event
from app.dm.scripted import ScriptedBrain
from app.session.export import story_markdown
from app.session.setup import start_session
from app.tui.showcase import campaign
from app.world.campaign import Campaign
from tests.fuzz.harness import fuzz_settings, judge

WORDS: dict[str, tuple[list[str], str]] = {
    "spider": (["spider", "spiders", "spidery", "spiderlings", "spider's", "spiderweb"], "spider"),
    "wolf": (["wolf", "wolves", "wolfish", "wolf's"], "wol[fv]"),
    "mouse": (["mouse", "mice", "mousetrap"], "mouse|mice"),
    "snake": (["snake", "snakes", "snakeskin"], "snake"),
    "thief": (["thief", "thieves", "thief's"], "thie[fv]"),
}
"""A veiled word: the forms a text may use, and what a reader would recognise of them."""

LOOKALIKE = {
    "a": "аα", "c": "с", "e": "еε", "i": "іι", "o": "оο", "p": "рρ", "s": "ѕ", "x": "хχ",
    "y": "уү", "k": "κ", "t": "τ", "v": "νѵ", "h": "һ", "d": "ԁ", "j": "ј", "l": "ӏ",
    "w": "ԝ", "u": "υ", "A": "АΑ", "B": "ВΒ", "C": "С", "E": "ЕΕ", "H": "НΗ", "I": "ІΙ",
    "K": "КΚ", "M": "МΜ", "N": "Ν", "O": "ОΟ", "P": "РΡ", "S": "Ѕ", "T": "ТΤ", "X": "ХΧ",
    "Y": "Υ", "Z": "Ζ",
}  # fmt: skip
"""Letters of other scripts drawn like Latin ones."""
READ_AS = {ord(c): latin for latin, chars in LOOKALIKE.items() for c in chars}
INVISIBLE = "\u00ad\u200b\u200c\u200d\u2060\ufeff\u034f\u180e"
MARKS = "\u0301\u0300\u0308\u0335\u0336\u0323\u0332"


@st.composite
def dressed(draw: st.DrawFn, form: str) -> str:
    """``form`` as a hostile text might write it (each way at random, several at once)."""
    letters = list(form)
    if draw(st.booleans()):  # mixed case
        flips = draw(st.lists(st.booleans(), min_size=len(letters), max_size=len(letters)))
        letters = [c.swapcase() if f else c for c, f in zip(letters, flips, strict=True)]
    if draw(st.booleans()):  # look-alike letters
        for i, c in enumerate(letters):
            if c in LOOKALIKE and draw(st.booleans()):
                letters[i] = draw(st.sampled_from(LOOKALIKE[c]))
    if draw(st.booleans()):  # full-width letters
        letters = [chr(ord(c) + 0xFEE0) if c.isascii() and c.isalpha() else c for c in letters]
    for _ in range(draw(st.integers(0, 2))):  # combining marks on a letter
        at = draw(st.integers(0, len(letters) - 1))
        letters[at] += draw(st.sampled_from(MARKS))
    for _ in range(draw(st.integers(0, 2))):  # invisible characters inside the word
        at = draw(st.integers(1, len(letters) - 1))
        letters[at] = draw(st.sampled_from(INVISIBLE)) + letters[at]
    return "".join(letters)


def read(text: str) -> str:
    """What a player reads: marks and invisible characters gone, look-alikes read as Latin."""
    bare = unicodedata.normalize("NFKD", text)
    kept = "".join(c for c in bare if unicodedata.category(c) not in ("Mn", "Me", "Cf"))
    return unicodedata.normalize("NFC", kept).translate(READ_AS).casefold()


@st.composite
def cases(draw: st.DrawFn) -> tuple[str, str, str, str, bool]:
    """A veil as typed, the word a reader would recognise, the dressed-up form in the
    adventure's text and in the DM's narration, and whether the adventure or the table
    made the veil."""
    word = draw(st.sampled_from(sorted(WORDS)))
    forms, seen = WORDS[word]
    topic = draw(st.sampled_from(forms[:2]))  # the veil typed singular or plural
    text = draw(dressed(draw(st.sampled_from(forms))))
    told = draw(dressed(draw(st.sampled_from(forms))))
    return topic, seen, text, told, draw(st.booleans())


def adventure(text: str, veil: str | None) -> Campaign:
    """The shipped adventure with ``text`` in the opening scene, the trapdoor's clue and
    Berta's looks (and, when it has one, the veil among its own)."""
    story = campaign().model_copy(deep=True)
    inn = story.scenes["inn"]
    inn.description = inn.description.replace("the innkeeper", f"a {text}, the innkeeper")
    trapdoor = inn.features["trapdoor"]
    trapdoor.reveal = f"A {text} has been clawing at it from underneath."
    story.npcs["berta"].description += f" A {text} is stitched on her apron."
    if veil is not None:
        story.safety.veils.append(veil)
    return story


LINES = ["Mira: I look around", "Mira: I look at the trapdoor", "Mira: ask Berta about Tam",
         "/status", "/journal", "/people", "/story all", "/turns"]  # fmt: skip


def played(story: Campaign, first: list[str], told: str | None) -> tuple[str, str]:
    """The console's whole output after ``first`` and the export of the game."""
    brain = None if told is None else ScriptedBrain([{"text": told}] * 4)
    session = start_session(story, 3, brain)
    lines = iter([*first, *LINES, "/quit"])
    out = io.StringIO()
    game = ConsoleGame(session, Console(file=out, width=200), lambda _: next(lines))
    game.save_as = None
    asyncio.run(game.run())
    return out.getvalue(), story_markdown(session.state)


@fuzz_settings(examples=5)
@given(case=cases())
def test_fuzz_a_veiled_word_never_reaches_what_players_read(
    case: tuple[str, str, str, str, bool],
) -> None:
    topic, seen, text, told, theirs = case
    recognised = re.compile(seen)

    def check() -> None:
        story = adventure(text, topic if theirs else None)
        first = [] if theirs else [f"/veil {topic}"]
        for narration in (None, f"Rain falls. A {told} drops from a beam. Berta smiles."):
            out, export = played(story, first, narration)
            if not theirs:  # what was shown before the veil (and its reply) is not at stake
                out = out.split("stays off-screen from now on.", 1)[1]
            for surface, shown in (("console", out), ("export", export)):
                found = recognised.search(read(shown))
                assert found is None, f"{surface}: {shown[max(0, found.start() - 80) :][:160]!r}"
        topics = start_session(adventure(text, topic), 3).safety_topics()
        name = f"Giant {told}"
        fight = CombatUpdate(round=1, current_id="x", combatants=[CombatantStatus(
            id="x", name=name, initiative=9, hp=7, max_hp=7, ac=12, side="foe")])  # fmt: skip
        roll = DiceRoll(check_type="attack", character_id="x", character_name=name,
                        formula="1d20+4", total=12, reason=f"{name} bites Mira")  # fmt: skip
        for event in (fight, roll):  # the tracker and the log
            shown = veil_event(event, topics).model_dump_json()
            assert recognised.search(read(shown)) is None, shown

    judge("veils", check, refusals=(), shown=case)
