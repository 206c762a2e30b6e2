"""Answers that count what the party carries: "how many potions do we have", "how many
arrows has Ione got" — every item in every pack whose name holds the word asked, who carries
it, and what the campaign says a healing one restores.

Only reads the sheets (through :func:`app.world.sheetfacts.gear`, the same list the
character sheet shows): a count is never worked out anywhere else.
"""

from __future__ import annotations

import re
from collections import Counter

from app.referee.answering_fight import kind_word
from app.referee.answering_words import Asked
from app.referee.sights import join_words
from app.world.sheetfacts import gear
from rules.character import CharacterSheet
from rules.srd import srd

STOPS = frozenset(
    {
        "do",
        "does",
        "did",
        "have",
        "has",
        "are",
        "is",
        "left",
        "we",
        "i",
        "in",
        "can",
        "should",
        "of",
        "still",
        "more",
        "got",
        "you",
        "they",
    }
)
"""Words that end the name of the thing counted ("how many potions *do* we have")."""
NOT_CARRIED = frozenset({
    "hit", "hp", "hitpoint", "hitpoints", "health", "spell", "slot", "point", "attack", "foe",
    "enemy", "time", "turn", "damage", "gold", "coin", "money", "silver", "copper", "gp", "xp",
    "experience", "movement", "speed", "ft", "feet", "use", "charge", "die", "dice", "round",
    "action", "level",
})  # fmt: skip
"""Things counted that are not in a pack (hit points, slots, coins: other answers)."""
AMMO = frozenset({"arrow", "bolt", "ammo", "ammunition", "bullet", "quiver", "shot"})
"""Words for what a bow or crossbow shoots."""
HEALING_WORDS = frozenset({"potion", "draught", "elixir", "tonic", "philter", "healing"})
"""Words for something drunk to heal: asked for one, any item that heals is counted."""


def _healing(a: Asked, item: str) -> bool:
    """The item is one the campaign says heals."""
    if a.campaign is None:
        return False
    lowered = item.lower()
    return any(
        spec.heals and (spec.name.lower() == lowered or iid.replace("_", " ") == lowered)
        for iid, spec in a.campaign.items.items()
    )


def _held(a: Asked, sheets: list[CharacterSheet], forms: set[str]) -> Counter[tuple[str, str]]:
    """How many of each matching item each of the sheets carries ("20 arrows" is twenty)."""
    held: Counter[tuple[str, str]] = Counter()
    for sheet in sheets:
        for item in gear(sheet):
            count, name = _counted(item)
            healing = bool(forms & HEALING_WORDS) and _healing(a, item)
            if any(f in name.lower() for f in forms) or healing:
                held[(sheet.name, name)] += count
    return held


def _counted(item: str) -> tuple[int, str]:
    """``(20, "arrows")`` for "20 arrows"; ``(1, "torch")`` for "torch"."""
    found = re.match(r"(\d{1,9})\s+(.+)", item)  # (no 5,000-digit count)
    return (int(found.group(1)), found.group(2)) if found else (1, item)


def _unkept(a: Asked, forms: set[str], sheets: list[CharacterSheet]) -> str | None:
    """Ammunition nobody's pack lists: the game does not count it, and says so."""
    if not forms & AMMO:
        return None
    shooters = [s for s in sheets if any("ammunition" in srd().weapons.get(w).properties
                                         for w in s.weapons if w in srd().weapons)]  # fmt: skip
    if not shooters:
        return None
    names = join_words([s.name for s in shooters])
    return (f"Arrows and bolts are not counted here: {names} never "
            f"run{'s' if len(shooters) == 1 else ''} short of them.")  # fmt: skip


def how_many_carried(a: Asked) -> str | None:
    """Asked: "how many potions do we have", "how many healing potions have we got", "how
    many arrows does Ione have", "what's in my quiver"."""
    words = a.words
    if a.has("in my quiver", "in our quivers", "in her quiver", "in his quiver"):
        sheets = [a.own_sheet] if a.own_sheet is not None else list(a.state.party.values())
        ammo = _held(a, sheets, set(AMMO))
        each = [f"{who} carries {n} {item}" for (who, item), n in ammo.items()]
        return f"{join_words(each)}." if each else _unkept(a, set(AMMO), sheets)
    at = next(
        (
            n
            for n in range(len(words) - 1)
            if words[n : n + 2] in (("how", "many"), ("how", "much"))
        ),
        None,
    )
    if at is None or a.creatures:
        return None  # "how many goblins are left": the fight's answer
    named = []
    for word in words[at + 2 : at + 5]:
        if word in STOPS:
            break
        named.append(word)
    if not named or not a.word("have", "has", "got", "carry", "carrying", "left"):
        return None
    last = named[-1]
    forms = {kind_word(last), last[:-2] if last.endswith(("ches", "shes", "xes")) else last}
    sheets = [a.sheet] if a.sheet is not None and a.named else list(a.state.party.values())
    if a.sheet is not None and a.about_self and not a.word("we", "us", "our"):
        sheets = [a.sheet]
    if forms & NOT_CARRIED:
        return None
    held = _held(a, sheets, forms)
    shown = " ".join(named)
    unkept = None if held else _unkept(a, forms, sheets)
    if unkept:
        return unkept
    if not held and len(sheets) == 1:
        others = _held(a, list(a.state.party.values()), forms)
        elsewhere = [f"{who} carries {_many(n, item)}" for (who, item), n in others.items()]
        return f"{sheets[0].name} has no {shown}" + (
            f"; {join_words(elsewhere)}." if elsewhere else "."
        )
    if not held:
        return f"Nobody in the party carries any {shown}."
    total = sum(held.values())
    each = [f"{who} carries {_many(n, item)}" for (who, item), n in held.items()]
    return f"{total} in all: {join_words(each)}." if len(sheets) > 1 else f"{join_words(each)}."


def _many(n: int, item: str) -> str:
    """ "1 healing potion", "2 × healing potion" (as the inventory counts them: no guessed
    plural of a name the campaign wrote)."""
    return f"{n} × {item}" if n > 1 else f"1 {item}"
