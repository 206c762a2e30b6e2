"""A line that asks a healer to heal without naming the spell ("heal Wren", "I patch up
Ione", a holy symbol pressed to a wound the god's light closes, "get Wren back up" with Wren
dying): which of the caster's healing spells it asks for, and where in the line; and the
words that tell magic worked by hand or voice, which such a line (and a spell told by its
look) is known by."""

from __future__ import annotations

import re

from app.understanding.intent import Intent
from app.understanding.readings import Context
from app.understanding.words import has_phrase, phrase_at
from rules.srd import srd

WORKED = re.compile(
    r"\b(?:from (?:her|his|their|my|its) (?:\w+ )?(?:hands?|fingers?|fingertips|palms?|staff|"
    r"wand|eyes|mouth)|mutter\w*|murmur\w*|trac\w+ a (?:sigil|rune|sign)|sigil|incantation|"
    r"arcane|words? of power|old tongue|chant\w*|conjur\w*|summon\w*|"
    r"(?:light|fire|wrath) of (?:his|her|my|their|our|the) gods?|gods?'s? (?:light|fire)|"
    r"lance of light|divine light|calls? down|calling down|"
    r"(?:ray|beam|jet|blast|shards?|burst|streak|lance|spear) of)\b"
)
"""Words telling magic worked by hand or voice ("mutters a word in the old tongue, and a
mote of flame leaps from her hand", "a ray of freezing light shoots toward the rat")."""

HEAL_WORDS = ("heal", "heals", "patch up", "patches up", "mend", "mends")
"""Words that ask a healer for their healing, whatever the spell is called (not "healing":
"he needs healing" asks nothing of anyone)."""


_LAID_ON = re.compile(
    r"\b(?:lays?|laying|places?|placing|press(?:es)?|pressing|puts?|putting|rests?)\s+"
    r"(?:(?:her|his|my|their|both)\s+)?(?:\w+\s+)?(?:hands?|palms?|holy symbol)\s+(?:\w+\s+)?"
    r"(?:on|against|over|to)\b"
)
"""A healer's hands (or holy symbol) laid on someone ("presses her palm flat against Bram's
shoulder")."""
_MENDING = re.compile(
    r"\b(?:into|over|across|on|to)\s+(?:the|his|her|their)\s+(?:wounds?|cuts?|gash|bite)\b"
    r"|\bwounds?\s+(?:close|closes|knit|knits|seal|seals)\b"
    r"|\b(?:knit|knits|knitting|seal|seals|close|closes) (?:it|them|the wound) (?:shut|closed)\b"
)
"""The wound told as healing under the hands ("the light pours into the wound")."""


def _heal_at(ctx: Context) -> int:
    """Where the line asks for healing: a word of healing, or hands laid on a wound that
    magic closes; -1 when it does not."""
    at = min((a for w in HEAL_WORDS if (a := phrase_at(ctx.said, w)) >= 0), default=-1)
    laid = _LAID_ON.search(ctx.said)
    if at < 0 and laid is not None and (_MENDING.search(ctx.said) or WORKED.search(ctx.said)):
        return laid.start()
    raised = _BACK_UP.search(ctx.said)
    if at < 0 and raised is not None:  # "get Wren back up", Wren dying: a heal
        for friend in ctx.named("member", text=raised.group(1)):
            sheet = ctx.state.party.get(friend.id)
            if sheet is not None and sheet.vitals.hp == 0 and sheet.vitals.death_failures < 3:
                return raised.start()
    return at


_BACK_UP = re.compile(r"\b(?:get|gets|bring|brings|pick|picks) (\w+) (?:back )?(?:up|round|to)\b")
"""A friend who is down brought back up ("get Wren back up"): a heal when they are dying."""


def healing_asked(ctx: Context) -> list[str]:
    """The healing spells the caster knows, when the line asks to heal someone of the party
    without naming a spell ("heal Wren", "I patch up Ione", hands laid on a wound that the
    god's light closes: the spells of touch); ``[]`` otherwise."""
    friends = ctx.named("member", text=ctx.said.replace("'s ", " "))  # ("Bram's shoulder")
    sheet = ctx.state.party.get(ctx.actor or "")
    hurt = sheet is not None and sheet.vitals.hp < sheet.vitals.max_hp
    own_wound = hurt and bool(_LAID_ON.search(ctx.said)) and bool(_MENDING.search(ctx.said))
    # ("presses her holy symbol to the wound …", the one typing hurt: her own wound)
    if _heal_at(ctx) < 0 or not (friends or self_target(ctx) or own_wound):
        return []  # "let's heal up" is a rest's business, not a spell on nobody
    spells = srd().spells
    known = sorted(sheet.spells) if sheet is not None else []
    healing = [sid for sid in known if sid in spells and spells.get(sid).heal]
    touching = [sid for sid in healing if spells.get(sid).touch]
    return touching if _LAID_ON.search(ctx.said) and touching else healing


def healing_spell(ctx: Context) -> tuple[int, str] | None:
    """The caster's one healing spell, for a line that asks to heal without naming it (with
    several, the referee asks which: see :func:`healing_asked`)."""
    healing = healing_asked(ctx)
    if len(healing) != 1:
        return None
    return _heal_at(ctx), healing[0]


def self_target(ctx: Context) -> bool:
    """The line aims at the speaker ("on myself", "heal me", "Aria casts cure wounds on
    herself": the one the line is told of)."""
    words = ("myself", "me", "self", "yourself", "herself", "himself", "themself")
    return any(has_phrase(ctx.said, w) for w in words) or _OWN_HURTS.search(ctx.said) is not None


_OWN_HURTS = re.compile(r"\bmy (?:own )?(?:wounds?|cuts?|injur(?:y|ies)|hurts?|bruises|burns?)\b")
"""The speaker's own hurts ("I cure my own wounds"): healing aimed at the speaker."""


def no_healing_of_ones_own(ctx: Context) -> Intent | None:
    """Healing asked ("heal myself", "heal Ione") of one who knows no healing spell: what
    they have instead, said plainly (Second Wind, a potion, a rest), never a blank stare."""
    sheet = ctx.state.party.get(ctx.actor or "")
    friends = ctx.named("member", text=ctx.said.replace("'s ", " "))
    worded = any(phrase_at(ctx.said, w) >= 0 for w in HEAL_WORDS)  # (hands on a wound: no)
    dying = any(ctx.state.party[f.id].vitals.hp == 0 for f in friends if f.id in ctx.state.party)
    if sheet is None or not worded or dying or not (friends or self_target(ctx)):
        return None  # (a friend down is tended by any hands: stabilised, read elsewhere)
    spells = srd().spells
    if any(sid in spells and spells.get(sid).heal for sid in sheet.spells):
        return None
    instead = [f"a potion ({item})" for item in sheet.inventory if "potion" in item.lower()]
    if sheet.has("second_wind") and (self_target(ctx) or not friends):
        instead.insert(0, "Second Wind")
    offer = " or ".join(instead) if instead else "a rest (hit dice), or a healer's hand"
    return ctx.intent("ask", confidence=0.4, action="unable",
                      note=f"{sheet.name} knows no healing magic: {offer}")  # fmt: skip
