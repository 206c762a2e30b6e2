"""Which language a line is in, for an honest reply when it is not the campaign's.

The detector (``py3langid``, its model inside the wheel) is imported on first use only,
and consulted only when the campaign's own vocabulary found nothing in the line, so an
ordinary game never loads it.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from app.dm.understanding.vocabulary import Vocabulary

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
    """A language's English name, for messages."""
    return NAMES.get(code, code)
