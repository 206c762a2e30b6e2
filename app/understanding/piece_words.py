"""The shapes of words that tell what a piece of a line is to the pieces beside it: a word
of oneself after a question, someone of the story gone up to, a thing or a foe named alone
after a deed, a blow's verb."""

from __future__ import annotations

import re

OF_MYSELF = re.compile(
    r"^\W*(?:i|we) (?:play|sing|know|used to|like|love|am|'m|was|have been|come from)\b"
    r"[^,;]{0,30}$",
    re.IGNORECASE,
)
"""A short word of oneself after a question to someone ("… ? I play the fiddle.")."""


GONE_TO = re.compile(
    r"\b(?:to|towards|toward)\s+(the\s+(?:\w+\s+){0,2}?(?:man|woman|boy|girl|kid|child|lad|"
    r"lass|guy|fellow|youth|stranger|prisoner|captive|body))\b",
    re.IGNORECASE,
)
"""Someone of the story gone up to, who is no foe ("runs over to the young man"): whom the
next clause's "him" or "her" is."""


THING = re.compile(r"^\W*(?:(?:and|then|also)\s+)*(?:the|that|those|this)\s+\w", re.IGNORECASE)
"""A clause that only names a thing ("… and the waterwheel", "then the tunnel")."""

ONE_OF = re.compile(r"\d|\b(?:first|second|third|fourth|other|last|one|two|three)\b", re.I)
"""Words that single out one foe of several ("… and goblin 2", "… and the other one")."""
BLOW = re.compile(r"^\W*(?:(?:and|then)\s+)*(?:i\s+)?(?:shoot|attack|hit|stab|strike|swing|slash)")
BARE_FOE = re.compile(r"^\W*(?:(?:and|then)\s+)*(?:the|that|this)\s+\w+(?:\s+\w+)?\W*$", re.I)
"""A foe named alone after a blow ("hit grubnak then the goblin"): the same blow again."""
