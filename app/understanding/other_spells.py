"""Spells that players name but the game cannot cast (its rules carry only some of the
SRD 5.1's, and none from outside it): a line that names one is told plainly that the
character does not know it, and what leaned on it waits — never a blow or a silence in its
place ("hunter's mark the wounded one and shoot it")."""

from __future__ import annotations

import re

from app.understanding.intent import Intent
from app.understanding.readings import Context

NAMED = (
    "hunter's mark", "hunters mark", "hunter mark", "thaumaturgy", "mending", "minor illusion",
    "detect magic", "feather fall", "shield of faith", "sanctuary",
    "protection from evil and good", "heroism", "hideous laughter", "silent image",
    "mage armor", "mage armour", "find familiar", "speak with animals", "animal friendship",
    "goodberry", "produce flame", "shillelagh", "druidcraft", "dancing lights", "true strike",
    "blade ward", "divine favor", "divine favour", "thunderous smite", "searing smite",
    "wrathful smite", "compelled duel", "ensnaring strike", "hail of thorns", "hold monster",
    "polymorph", "banishment", "levitate", "lesser restoration", "enhance ability",
    "mirror image", "see invisibility", "spider climb", "barkskin", "flaming sphere",
    "pass without trace", "prayer of healing", "warding bond", "zone of truth",
    "calm emotions", "branding smite", "magic weapon", "heat metal", "fog cloud", "grease",
    "color spray", "colour spray", "disguise self", "expeditious retreat", "false life",
    "longstrider", "ray of sickness", "witch bolt", "create or destroy water",
    "purify food and drink", "detect poison and disease", "comprehend languages",
    "tenser's floating disk", "floating disk", "unseen servant", "fire shield", "ice storm",
    "wall of fire", "cone of cold", "greater invisibility", "dimension door", "hex",
    # and some players know from outside the SRD
    "dissonant whispers", "toll the dead", "booming blade", "green-flame blade", "chaos bolt",
    "ice knife", "catapult", "thunder step", "shadow blade", "mind sliver", "frostbite",
    "word of radiance", "sword burst", "infestation", "lightning lure", "create bonfire",
    "silvery barbs", "tasha's hideous laughter", "thunderclap", "primal savagery",
)  # fmt: skip
"""Names that can only be a spell ("hunter's mark", not "light" or "command")."""
PLAIN = ("knock", "light", "command", "message", "jump", "aid", "fly", "blur", "silence",
         "darkness", "identify", "suggestion", "web", "confusion", "slow", "fear")  # fmt: skip
"""Spell names that are ordinary words: a spell only after "cast" ("cast light")."""

_NAMED = re.compile(
    r"^\W*(?:(?:i|then|and|now|quickly)\s+)*(?:(?:cast|use|throw|put)\s+(?:a\s+|my\s+)?)?"
    rf"({'|'.join(re.escape(n) for n in NAMED)})\b"
)
NAMED_ANYWHERE = re.compile(rf"\b(?:{'|'.join(re.escape(n) for n in NAMED)})\b")
"""Any of those names, anywhere in a line (asked about: "does Ione know hunter's mark")."""
_PLAIN = re.compile(
    rf"^\W*(?:(?:i|then|and|now)\s+)*cast\s+(?:a\s+)?({'|'.join(re.escape(n) for n in PLAIN)})\b"
)


def spell_title(said: str) -> str:
    """A spell's name as said, as a title ("hunters mark" -> "Hunter's Mark")."""
    said = re.sub(r"\bhunter(?:'?s)?(?=\s)", "hunter's", said)
    return said.title().replace("'S", "'s")


def other_spell(ctx: Context) -> Intent | None:
    """A spell the game cannot cast, named at the head of the clause: a cast of no spell
    the game has, said plainly as not known (as a spell no rules have by that name is)."""
    said = ctx.said
    found = _NAMED.match(said) or _PLAIN.match(said)
    if found is None:
        return None
    name = spell_title(found.group(1))
    who = ctx.state.name_of(ctx.actor) if ctx.actor else "Nobody here"
    return ctx.intent("cast", confidence=0.7, note=f"{who} does not know {name}")
