"""Safety tools at the table: lines (never in the story) and veils (kept off-screen), and
the narration filter that keeps them out of what players read.

Three sources add topics: the campaign's ``[safety]`` table, the player's config file
(``[safety]``, :func:`app.dm.config.load_safety`) and the veils of this game
(``state.truth.veils``). The DM is told them all (:func:`instruction`); and whatever it, a
trigger or the offline referee says anyway is filtered sentence by sentence: a sentence
naming a topic — as a whole word, singular or plural, any case — is never shown; a run of
such sentences becomes one short marker. Streaming survives: only the unfinished sentence
is held back.
"""

from __future__ import annotations

import html
import re
import unicodedata
from collections.abc import Callable, Iterator
from dataclasses import dataclass, fields, is_dataclass, replace
from functools import lru_cache
from typing import TypeVar, cast

from pydantic import BaseModel

from app.actions.events import NarrativeChunk, SessionEvent
from app.dm.config import ConfigError, SafetyConfig, load_safety, salvage_safety
from app.world.state import GameState

V = TypeVar("V")

MARKER = "(…veiled…)"
"""What players read where a veiled sentence was."""
MOST_TOLD = 20
"""Topics named to the DM at most (tokens are paid every call)."""

_CLOSERS = "\"'”’)]*_"
_END = re.compile(r"[.!?…]+[\"'”’)\]*_]*(?:\s+|$)|\n\s*")
"""The end of a sentence: closing punctuation (and quotes or emphasis) then space or the
end of what has arrived, or a line break. Words that end on a full stop are shown at once:
the DM may stop there to call a tool, and a question it asks the players then (a reaction)
must not wait behind them."""


@dataclass(frozen=True)
class Topics:
    """Everything kept out of the story in one game."""

    lines: tuple[str, ...] = ()
    veils: tuple[str, ...] = ()

    def __bool__(self) -> bool:
        return bool(self.lines or self.veils)

    @property
    def every(self) -> tuple[str, ...]:
        """Lines and veils together, each once (any case)."""
        seen: dict[str, str] = {}
        for topic in (*self.lines, *self.veils):
            seen.setdefault(topic.lower(), topic)
        return tuple(seen.values())


def own_safety() -> tuple[SafetyConfig, str]:
    """The player's own lines and veils from the config file, and why they could not be
    read (empty when they could): a bad file must not stop a game, but is reported."""
    try:
        return load_safety(), ""
    except ConfigError as error:
        return salvage_safety(), str(error)  # (one bad veil never lifts a hard line)


NO_TOPICS = Topics()
"""A game with no lines and no veils (most of them)."""


def topics_for(state: GameState, own: SafetyConfig | None = None) -> Topics:
    """The campaign's, the player's and this game's lines and veils. Read for every event
    of a turn (a veil may be made mid-turn): a game with none of them is answered at once."""
    campaign = state.campaign
    if (
        not state.truth.veils
        and (own is None or not (own.lines or own.veils))
        and (campaign is None or not (campaign.safety.lines or campaign.safety.veils))
    ):
        return NO_TOPICS
    lines: list[str] = []
    veils: list[str] = []
    if state.campaign is not None:
        lines += state.campaign.safety.lines
        veils += state.campaign.safety.veils
    if own is not None:
        lines += own.lines
        veils += own.veils
    veils += state.truth.veils
    lines = [t for t in lines if readable_topic(t)]  # (one of accents alone, or one letter,
    veils = [t for t in veils if readable_topic(t)]  # would veil every sentence)
    return Topics(tuple(dict.fromkeys(lines)), tuple(dict.fromkeys(veils)))


def readable_topic(topic: str) -> bool:
    """A topic a veil can keep out: two letters or digits at least, as a veil reads it
    (accents, invisible marks and case dropped) — "á" is "a", and "́́" is nothing."""
    return sum(1 for c in normal(topic) if c.isalnum()) >= 2


def keep_veils(state: GameState, veils: list[str]) -> None:
    """Put the table's veils of this sitting back into a state that lacks them (an
    undo or rewind to before they were made must not lift them)."""
    for topic in veils:
        if topic not in state.truth.veils:
            state.truth.veils.append(topic)


def _singular(word: str) -> str:
    """``spiders`` → ``spider``, ``flies`` → ``fly``, ``boxes`` → ``box`` (a veil may be
    typed either way)."""
    if len(word) > 4 and word.endswith("ies"):
        return word[:-3] + "y"
    if len(word) > 3 and word.endswith("es") and word[:-2].endswith(("s", "x", "z", "ch", "sh")):
        return word[:-2]
    if len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is")):
        return word[:-1]
    return word


FAMILY = 5
"""A topic's last word of at least this many letters veils every word it begins: its
family and compounds (``spider``: spiders, spidery, spiderlings, spiderwebs)."""
_SHORT_ENDINGS = r"(?:s|es|'s|’s|y|ie|ies|ling|lings|let|lets|like|kin|ish|ly)?"
"""What a shorter word may take (``rat``: rats, ratty, ratlike — never rather, ratio)."""


_IRREGULAR = {
    "mouse": "mice", "louse": "lice", "goose": "geese", "tooth": "teeth", "foot": "feet",
    "man": "men", "woman": "women", "child": "children", "person": "people", "ox": "oxen",
}  # fmt: skip
"""Plurals no ending makes (a veil on ``mouse`` is a veil on ``mice``, and back)."""
_SINGULAR_OF = {plural: word for word, plural in _IRREGULAR.items()}


def _forms(word: str) -> list[str]:
    """The words a topic's last word stands for: its singular, an irregular plural, and
    for ``-f``/``-fe`` the ``-ves`` plural (``wolf``: wolves; typed ``wolves``: wolf too)."""
    base = _SINGULAR_OF.get(word) or _singular(word)
    forms = [base]
    if base in _IRREGULAR:
        forms.append(_IRREGULAR[base])
    if len(word) > 4 and word.endswith("ves"):
        forms += [word[:-3] + "f", word[:-3] + "fe"]
    elif len(base) > 2 and base.endswith(("f", "fe")):
        forms.append(base.removesuffix("e").removesuffix("f") + "ves")
    return list(dict.fromkeys(forms))


def _family(word: str) -> str:
    """One form of a topic's last word and its family: plurals and, from :data:`FAMILY`
    letters, every word it begins; a shorter one its plurals and the common endings of its
    family (:data:`_SHORT_ENDINGS`)."""
    if len(word) > 2 and word[-1] == "y" and word[-2] not in "aeiou":
        return re.escape(word[:-1]) + r"(?:y|ies)" + (r"\w*" if len(word) >= FAMILY else "")
    if len(word) >= FAMILY:
        return re.escape(word) + r"\w*"
    double = re.escape(word[-1]) + "?" if word[-1] not in "aeiouy" else ""
    return re.escape(word) + double + _SHORT_ENDINGS


def _word(word: str, last: bool) -> str:
    """A word of a topic; the last one stands for its family in each of its forms
    (:func:`_forms`, :func:`_family`)."""
    if not last:
        return re.escape(word)
    return "(?:" + "|".join(_family(form) for form in _forms(word)) + ")"


@lru_cache(maxsize=256)
def _pattern(topic: str) -> re.Pattern[str]:
    words = normal(topic).split()
    body = r"\s+".join(_word(w, i == len(words) - 1) for i, w in enumerate(words))
    return re.compile(rf"(?<!\w){body}(?!\w)", re.IGNORECASE)


_LOOKALIKES = str.maketrans(
    "асеіјорѕхуԁһӏԛԝүѵАВСЕНІЈКМОРЅТХУԌҮѴαβεικνορτυχςϳΑΒΕΗΙΚΜΝΟΡΤΥΧΖͿ",
    "aceijopsxydhlqwyvABCEHIJKMOPSTXYGYVabeikvoptuxcjABEHIKMNOPTYXZJ",
)
"""Letters of other scripts drawn like Latin ones (Cyrillic а, Greek ο …): read as the
Latin letter they look like, so ``ѕрідеr`` is a spider."""


_UNSEEN = frozenset({"Cf", "Mn", "Me"})
"""Format characters (soft hyphens, zero-width spaces and joiners) and combining marks
(accents, strokes, the combining grapheme joiner): a veil reads past them."""


def normal(text: str) -> str:
    """Text as a veil reads it: compatibility forms folded (full-width ｓｐｉｄｅｒ, ligatures),
    invisible format characters and combining marks dropped (soft hyphens, zero-width
    spaces and joiners, the accent on spíder), look-alike letters of other scripts read as
    Latin, and case folded. A letter that carries its accent in one character stays one
    character, so a label keeps its length."""
    folded = unicodedata.normalize("NFKC", text)
    if not folded.isascii():
        bare = unicodedata.normalize("NFD", folded)
        folded = "".join(c for c in bare if unicodedata.category(c) not in _UNSEEN)
        folded = unicodedata.normalize("NFC", folded).translate(_LOOKALIKES)
    return folded.casefold()


def names_topic(text: str, topics: Topics) -> bool:
    """Whether ``text`` names any of the topics (whole words and their family, any case,
    however the letters are dressed up: see :func:`normal`)."""
    if not topics:
        return False
    seen = normal(_MARKS.sub("", html.unescape(text)))
    return any(_pattern(topic).search(seen) for topic in topics.every)


_MARKS = re.compile(r"[*_~`]+")
"""Markdown's emphasis and code marks: "_rats_" and "**R**at" are rats to a veil (the story
is drawn as Markdown, so the marks vanish before the player's eyes)."""


_CHOICE = re.compile(r"(?:Did you mean|At which|Which one)\b")
"""A question the game asks back, offering choices: veiled word by word, never whole."""


class NarrationFilter:
    """Keeps sentences naming a line or veil out of streamed narration.

    ``topics`` is asked again for every sentence, so a ``/veil`` made while the DM is
    still talking applies from the next sentence on."""

    def __init__(self, topics: Callable[[], Topics]) -> None:
        self.topics = topics
        self.held = ""
        """The unfinished sentence (never shown until it is checked)."""
        self.veiling = False
        """The last sentence shown was veiled (a run of them gets one marker)."""
        self.bare = False
        """What was shown last ends without a space (the next words need one)."""

    def _sentence(self, sentence: str, topics: Topics) -> str:
        shown = self._shown(sentence, topics)
        if shown:
            self.bare = not shown[-1].isspace()
        return shown

    def _shown(self, sentence: str, topics: Topics) -> str:
        """What players see of one sentence."""
        if self.veiling:  # the closing quotes of a veiled sentence go with it
            sentence = sentence.lstrip(_CLOSERS) or sentence
        words = any(c.isalnum() for c in sentence)
        if not topics or not (names_topic(sentence, topics) or (self.veiling and not words)):
            if sentence.strip():
                self.veiling = False
            return sentence
        body = sentence.rstrip()
        gap = sentence[len(body) :]
        lead = sentence[: len(sentence) - len(sentence.lstrip())]
        if _CHOICE.match(sentence.lstrip()):  # a choice the game offers: word by word, so
            self.veiling = False  # it can still be answered ("… at Giant (veiled) 2 or …")
            return lead + _label(sentence.strip(), topics) + gap
        if self.veiling:  # one marker for the run (and its closing quotes), keeping a
            # paragraph break or a space
            if "\n\n" in sentence:
                return "\n\n"
            return " " if self.bare and (lead or gap) else ""
        self.veiling = True
        return lead + MARKER + gap

    def feed(self, text: str) -> str:
        """Take more narration; return what may be shown now."""
        self.held += text
        topics = self.topics()
        shown = []
        start = 0
        for end in _END.finditer(self.held):
            shown.append(self._sentence(self.held[start : end.end()], topics))
            start = end.end()
        self.held = self.held[start:]
        return "".join(shown)

    def finish(self) -> str:
        """The narration paused or ended: check and return the held sentence."""
        held, self.held = self.held, ""
        return self._sentence(held, self.topics()) if held else ""

    def through(self, event: SessionEvent) -> Iterator[SessionEvent]:
        """One session event as players should get it: narration filtered, and before any
        other event the held sentence (so the story keeps its order)."""
        if isinstance(event, NarrativeChunk):
            visible = self.feed(event.text)
            if visible:
                yield NarrativeChunk(text=visible)
            return
        rest = self.finish()
        if rest:
            yield NarrativeChunk(text=rest)
        yield veil_event(event, self.topics())


VEILED = "(veiled)"
"""What a label (a name, a roll's reason) shows in place of a veiled word."""
SHOWN_FIELDS = frozenset(
    {
        "after", "alerts", "before", "character_name", "declared", "description", "markup",
        "message", "name", "outcome", "position", "prompt", "reactor_name", "reason", "text",
        "trigger",
    }
)  # fmt: skip
"""The fields of session events that players read (never ids: the screens look them up)."""


_SENTENCE = re.compile(r"[.!?…][\"'”’)]*\s")
"""A sentence's end inside a text (unlike :data:`_END`, a line break is no end here: a roll's
markup runs over lines and is a label)."""


def veil_text(text: str, topics: Topics) -> str:
    """Any text a player reads, veiled: prose sentence by sentence (as narration is), a
    label or a list word by word (``Giant (veiled) ×3``)."""
    if not topics or not names_topic(text, topics):
        return text
    if _SENTENCE.search(text + " "):  # prose: its sentences go whole
        return scrub(text, topics)
    return _label(text, topics)


def veil_markup(text: str, topics: Topics) -> str:
    """Rich markup veiled in its words only, never in its tags: a veil on "bold" leaves
    ``[bold]…[/bold]`` whole (a tag cut into is markup that cannot be drawn)."""
    if not topics or not names_topic(text, topics):
        return text
    parts = _MARKUP_TAG.split(text)
    return "".join(p if n % 2 else veil_text(p, topics) for n, p in enumerate(parts))


_MARKUP_TAG = re.compile(r"(\[/?[A-Za-z#@/][^\[\]]*\])")
"""A Rich markup tag (``[bold]``, ``[/]``, ``[dim red]``)."""


def _veiled(value: object, topics: Topics, key: str = "") -> object:
    if isinstance(value, str) and key == "markup":
        return veil_markup(value, topics)
    if isinstance(value, str):
        return veil_text(value, topics) if key in SHOWN_FIELDS else value
    if isinstance(value, list):
        return [_veiled(item, topics, key) for item in value]
    if isinstance(value, dict):
        return {k: _veiled(v, topics, k) for k, v in value.items()}
    return value


def veil_event(event: SessionEvent, topics: Topics) -> SessionEvent:
    """A session event as players may read it: every text in it veiled (:func:`veil_text`)
    — a fight's opening words, a roll's reason, a foe's name in the tracker — ids kept."""
    if not topics or isinstance(event, NarrativeChunk):
        return event
    data = event.model_dump()
    veiled = _veiled(data, topics)
    return event if veiled == data else type(event).model_validate(veiled)


KEPT_FIELDS = frozenset({"id", "kind", "life", "mark", "role", "status", "type"})
"""Fields of a view no veil touches: ids and the fixed codes screens look things up by."""


def _kept(name: str) -> bool:
    return name in KEPT_FIELDS or name.endswith(("_id", "_ids"))


def veil_words(text: str, topics: Topics) -> str:
    """A text of many lines (a prompt, a table) veiled line by line as labels are — word
    by word — so its layout survives: ``Keep off-screen: (veiled).``"""
    if not topics or not names_topic(text, topics):
        return text
    return "\n".join(_label(line, topics) for line in text.split("\n"))


def _label(text: str, topics: Topics) -> str:
    """A label's veiled words replaced in place (the whole label when its letters were
    dressed up so that no places can be kept)."""
    if not names_topic(text, topics):
        return text
    seen = normal(text)
    if len(seen) != len(text):
        return VEILED
    out, start = [], 0
    spans = sorted(m.span() for topic in topics.every for m in _pattern(topic).finditer(seen))
    if not spans:
        return VEILED  # named only through marks or entities ("_rats_"): no place to keep
    for begin, end in spans:
        if begin < start:
            continue
        out.append(text[start:begin] + VEILED)
        start = end
    return "".join(out) + text[start:]


def veil_view(view: V, topics: Topics) -> V:
    """A whole view (a sheet, the journal, the party panel: dataclasses, pydantic models,
    tuples, lists, dicts of them) with every text in it veiled (:func:`veil_text`) but its
    ids — one walk for every screen, so no screen can forget a field."""
    if not topics:
        return view
    return cast("V", _veil_any(view, topics))


def _veil_any(value: object, topics: Topics) -> object:
    if isinstance(value, str):
        return veil_text(value, topics)
    if isinstance(value, tuple):
        return tuple(_veil_any(item, topics) for item in value)
    if isinstance(value, list):
        return [_veil_any(item, topics) for item in value]
    if isinstance(value, dict):
        return {k: _veil_any(v, topics) for k, v in value.items()}
    if isinstance(value, BaseModel):
        changes = {
            name: _veil_any(getattr(value, name), topics)
            for name in type(value).model_fields
            if not _kept(name)
        }
        return value.model_copy(update=changes)
    if is_dataclass(value) and not isinstance(value, type):
        return replace(
            value,
            **{
                f.name: _veil_any(getattr(value, f.name), topics)
                for f in fields(value)
                if f.init and not _kept(f.name)
            },
        )
    return value


def scrub(text: str, topics: Topics) -> str:
    """A whole text filtered like streamed narration (the story's record)."""
    if not topics:
        return text
    veil = NarrationFilter(lambda: topics)
    return veil.feed(text) + veil.finish()


def instruction(topics: Topics) -> str:
    """The system prompt's safety line, or empty with no topics."""
    if not topics:
        return ""
    parts = []
    if topics.lines:
        parts.append("Never include: " + ", ".join(topics.lines[:MOST_TOLD]) + ".")
    if topics.veils:
        parts.append(
            "Keep off-screen (it may happen, but never describe it): "
            + ", ".join(topics.veils[:MOST_TOLD])
            + "."
        )
    return "Safety tools at this table. " + " ".join(parts)
