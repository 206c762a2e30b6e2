"""Which language a line is in, for an honest reply when it is not the campaign's.

The detector (``py3langid``, its model inside the wheel) is imported on first use only,
and consulted only when the campaign's own vocabulary found nothing in the line, so an
ordinary game never loads it.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from app.understanding.scope import Scope
from app.understanding.vocabulary import Vocabulary

CANDIDATES = ("en", "de", "fr", "es", "it", "pt", "nl", "pl", "sv", "da", "no", "fi", "ru",
              "uk", "cs", "tr", "ja", "zh", "ko", "ar", "el", "hu", "ro")  # fmt: skip
"""The languages the detector chooses among: a restricted set is more reliable on short
lines than every language it knows."""

NAMES = {"en": "English", "de": "German", "fr": "French", "es": "Spanish", "it": "Italian",
         "pt": "Portuguese", "nl": "Dutch", "pl": "Polish", "sv": "Swedish", "da": "Danish",
         "no": "Norwegian", "fi": "Finnish", "ru": "Russian", "uk": "Ukrainian", "cs": "Czech",
         "tr": "Turkish", "ja": "Japanese", "zh": "Chinese", "ko": "Korean", "ar": "Arabic",
         "el": "Greek", "hu": "Hungarian", "ro": "Romanian"}  # fmt: skip


@lru_cache(maxsize=1)
def _identifier() -> Any:
    from py3langid.langid import _load_identifier  # type: ignore[import-untyped]  # noqa: PLC0415 - lazy

    return _load_identifier(norm_probs=True, langs=list(CANDIDATES))


def _non_latin(text: str) -> bool:
    letters = [c for c in text if c.isalpha()]
    return bool(letters) and sum(1 for c in letters if ord(c) > 0x24F) * 2 > len(letters)


def detect(text: str, vocab: Vocabulary) -> str:
    """The line's language code; the campaign's own when unsure.

    Lines mostly made of the campaign language's common words count as that language
    whatever the detector says (short English commands often look Swedish or Dutch to it).
    """
    words = [w for w in text.lower().split() if w.isalpha()]
    if not words:
        return vocab.code
    own = sum(1 for w in words if w in vocab.common)
    if own * 3 >= len(words) and not _non_latin(text):
        return vocab.code
    if len(words) < 2 and not _non_latin(text):
        return vocab.code
    lang, prob = _identifier().classify(text)
    return str(lang) if prob >= 0.7 else vocab.code


def language_name(code: str) -> str:
    """A language's English name, for messages ("Italian or Spanish" for ``it|es``, two the
    detector cannot tell apart)."""
    return " or ".join(NAMES.get(one, one) for one in code.split("|"))


def foreign_language(raw: str, said: str, vocab: Vocabulary, scope: Scope) -> str | None:
    """The line's language when most of its words are not the campaign language's (names
    of people and things present aside), else ``None``. Consults the detector only then."""
    names = {w for t in scope.things for n in t.names for w in n.split()}
    words = [w for w in said.split() if (w.isalpha() or "'" in w) and w not in names]
    # (a name is no language's: "Nessa, ne t'inquiète pas" is French words and a name)
    courtesy = {_COURTESY.get(w) for w in words}
    if words and len(courtesy) == 1 and None not in courtesy:  # "Danke, Berta!"
        return courtesy.pop()
    common = _known_words(vocab)  # thousands of words: asked, never copied into a new set

    def known(word: str) -> bool:
        return word in common

    unknown = [w for w in words if not known(w) and not known(w.rstrip("s"))]
    marked = [w for w in unknown if _MARKED.search(w)] or _INVERTED.findall(raw)
    if marked and vocab.code == "en" and len(unknown) * 2 > len(words):
        # "Danke, Häuptling!", "¿el goblin duerme?": letters no English word has
        lang, prob = _identifier().rank(raw)[0]
        return str(lang) if lang != vocab.code and prob >= 0.5 else UNSURE
    if len(words) < 2 and not _non_latin(raw):
        return None
    if len(unknown) * 2 <= len(words) and not _non_latin(raw):
        return None
    ranked = _identifier().rank(raw)
    lang, prob = ranked[0]
    floor = 0.5 if len(unknown) * 3 >= len(words) * 2 else 0.8
    (near, second), mostly = ranked[1] if len(ranked) > 1 else (vocab.code, 0.0), floor == 0.5
    close = near != vocab.code and second >= 0.6 * prob  # "levanto la losa suelta": it or es
    if lang != vocab.code and prob >= floor:
        return f"{lang}|{near}" if close else str(lang)
    if mostly and vocab.code not in (lang, near) and prob + second >= 0.8:
        return f"{lang}|{near}"  # "Lanzo mi daga a la rata": Spanish or Italian, no way ours
    own = next((p for code, p in ranked if code == vocab.code), 0.0)
    if len(unknown) == len(words) >= 3 and own < UNLIKE:  # "Ataco al lobo": no word of ours, and
        return str(lang) if prob >= floor else UNSURE  # nothing like ours to the detector
    return None


_COURTESY = {"danke": "de", "bitte": "de", "nein": "de", "entschuldigung": "de",
             "gracias": "es", "hola": "es", "adios": "es", "vamos": "es", "merci": "fr",
             "bonjour": "fr", "oui": "fr", "grazie": "it", "obrigado": "pt",
             "obrigada": "pt"}  # fmt: skip
"""Words of thanks and greeting no English line has: a line of them alone (and names) is
that language's, however short."""
_MARKED = re.compile(r"[äöüßñçãõåøæœ]")
"""Letters of other Latin alphabets, which no English word of a player's has."""
_INVERTED = re.compile(r"[¿¡]")
"""Spanish question and exclamation marks."""
UNSURE = "?"
"""A line in some other language the detector cannot tell apart from its neighbours
("Alle Skelette angreifen!" reads as Norwegian or German): said to be not ours, unnamed."""
UNLIKE = 0.05
"""How likely the detector may find a line of no word of ours to be ours, and still be told
it is not."""


_KNOWN: dict[str, frozenset[str]] = {}


def _known_words(vocab: Vocabulary) -> frozenset[str]:
    if vocab.code in _KNOWN:
        return _KNOWN[vocab.code]
    words: set[str] = set(vocab.common) | set(vocab.stop)
    lists: list[tuple[str, ...]] = [
        vocab.question_starts, vocab.requests, vocab.fillers, vocab.hold, vocab.help,
        vocab.inventory, vocab.look_around, vocab.weapons, vocab.leave, vocab.talk_cues,
        vocab.you, *vocab.verbs.values(), *vocab.manoeuvres.values(), *vocab.rests.values(),
        *vocab.people.values(), tuple(vocab.descriptors), tuple(vocab.ordinals),
        tuple(vocab.numbers), tuple(vocab.directions), tuple(vocab.spell_words),
    ]  # fmt: skip
    for phrases in lists:
        for phrase in phrases:
            words |= set(phrase.split())
    _KNOWN[vocab.code] = frozenset(words)
    return _KNOWN[vocab.code]
