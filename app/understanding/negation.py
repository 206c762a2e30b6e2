"""Words that make a verb no deed of the speaker's now: a challenge's words said as not
done ("you've stopped lighting that lamp"), a verb of going that is pages turned or someone
else let go."""

from __future__ import annotations

import re

NEGATING = frozenset({"not", "never", "stopped", "quit", "without", "don't", "dont", "didn't",
                      "didnt", "dinnae", "dinna", "won't", "wont", "doesn't", "doesnt",
                      "isn't", "isnt", "can't", "cant", "refuses", "refuse"})  # fmt: skip
"""Words before a challenge's phrase that say it is not being done."""


NOT_GOING = re.compile(
    r"\b(?:flip|flips|flick|flicks|leaf|leafs|thumb|thumbs|page|pages|scroll|scrolls)\s+$"
    r"|\blet\s+(?!me\b|us\b)(?:\w+\s+){1,3}$"
    r"|\b(?:isn't|isnt|is not|not|never|wasn't|aren't) (?:one|the sort|the type|the kind) "
    r"(?:for|to be)\s+$"
    r"|\b(?:eyes|gaze|thoughts|mind|attention)\s+(?:\w+\s+){0,2}$"
)
"""Words before a verb of going that make it no going of the speaker's: pages turned back
to, someone else let go, one who "isn't one for leaving treasure", eyes that "keep going
back to the cliff"."""


BIDDEN_OF_ANOTHER = re.compile(
    r"\b(?:tell|tells|told|yell|yells|yelled|shout|shouts|shouted|call|calls|called|cry|cries|"
    r"cried|urge|urges|urged|beg|begs|begged|warn|warns|warned|order|orders|ordered|signal|"
    r"signals|signalled|wave|waves|waved|motion|motions|motioned|scream|screams|screamed|"
    r"holler|hollers|hollered|beckon|beckons)\s+(?:[\w',]+\s+){1,6}?to\s+$"
)
"""Words before a verb that bid another do it ("yells to the young man to run for the
steps"): his running, not the speaker's."""
