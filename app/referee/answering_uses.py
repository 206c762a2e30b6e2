"""Answers about what a character has left to spend, read off their sheet: the uses of a
limited feature ("how many inspiration dice do I have left", "can I still rage", "any ki
points left?"), spell slots, hit dice, and all of it at once ("what have I got left").

The counts are the sheet's own (:meth:`CharacterSheet.uses_left`, the same the character
sheet screen shows), the dice the rules' own; a feature that spends another's uses (Flurry
of Blows spends ki, Turn Undead a Channel Divinity) is told by what it spends. In a fight,
"can I still …" also says when the turn's action it costs is already gone.
"""

from __future__ import annotations

from app.referee.answering_self import slots_text
from app.referee.answering_traits import feature_named
from app.referee.answering_words import Asked
from rules.character import CharacterSheet
from rules.class_powers import inspiration_die, martial_arts_die
from rules.features import SHORT_REST_TOO, FeatureSpec, feature, features

LEFT_WORDS = (
    "left", "remaining", "remain", "still", "how many", "how much", "any more", "anymore",
    "again", "available", "spent", "used up", "out of",
)  # fmt: skip
"""Words that ask what is left of something."""
UNITS: dict[str, tuple[str, str]] = {
    "ki": ("ki point", "ki points"),
    "font_of_magic": ("sorcery point", "sorcery points"),
    "lay_on_hands": ("hit point in the pool", "hit points in the pool"),
}
"""What a feature's uses are counted in, where a use is not simply a use."""
COSTS = {"action": "action", "bonus_action": "bonus action", "reaction": "reaction"}
EVERYTHING = ("what have i got left", "what do i have left", "resources", "what is left of my",
              "what have we got left", "what do we have left")  # fmt: skip
"""Words that ask what is left of everything."""


def _spent_from(fid: str) -> str:
    """The feature whose uses a use of this one spends: its pool, the limited feature its
    summary says it spends (Turn Undead a Channel Divinity), or its own."""
    spec = feature(fid)
    if spec is None:
        return fid
    if spec.pool is not None:
        return spec.pool
    if not spec.limited:
        for other, pool in features().entries.items():
            if pool.limited and other != fid and pool.name in spec.summary:
                return other  # "… Uses Channel Divinity", "Spend a Bardic Inspiration …"
    return fid


def uses_text(sheet: CharacterSheet, fid: str) -> str:
    """``Ivo has 3 of 3 uses of Bardic Inspiration left (a d6 each), back on a long rest``."""
    spec = feature(fid)
    if spec is None:
        return f"{sheet.name} has no {fid.replace('_', ' ')}"
    most, left = sheet.feature_uses(fid), sheet.uses_left(fid)
    one, many = UNITS.get(fid, ("use", "uses"))
    unit = one if most == 1 else many
    text = f"{sheet.name} has {left} of {most} {unit}"
    text += f" of {spec.name} left" if fid not in UNITS else f" left ({spec.name})"
    if fid == "bardic_inspiration":
        text += f" (a {inspiration_die(sheet.level).removeprefix('1')} each)"
    elif fid == "ki":
        text += f" (Martial Arts die {martial_arts_die(sheet.level)})"
    if spec.recovers:
        text += f", back on a {recovers_on(sheet, fid)} rest"
    return text


def recovers_on(sheet: CharacterSheet, fid: str) -> str:
    """The rest that brings a feature's uses back to this character: its own, or a short
    one where another feature of theirs says so (Font of Inspiration)."""
    spec = feature(fid)
    short_too = any(fid in SHORT_REST_TOO.get(owned, ()) for owned in sheet.all_features)
    return "short" if short_too else (spec.recovers or "") if spec is not None else ""


def _turn_note(a: Asked, sheet: CharacterSheet, spec: FeatureSpec) -> str:
    """In a fight, on the character's turn: the action this costs, when already spent."""
    fight = a.state.encounter
    cost = COSTS.get(spec.action)
    if fight is None or cost is None or fight.current.id != sheet.id:
        return ""
    economy = fight.economy.get(sheet.id)
    if economy is None:
        return ""
    spent = {"action": not (economy.action or economy.extra_actions),
             "bonus_action": not economy.bonus_action,
             "reaction": not economy.reaction}[spec.action]  # fmt: skip
    return f" But {sheet.name}'s {cost} is already spent this turn." if spent else ""


def feature_uses(a: Asked) -> str | None:
    """Asked: "how many inspiration dice do I have left", "can I still action surge",
    "how many rages does Bram have", "any ki left", "can I use channel divinity again"."""
    sheet = a.own_sheet
    asks = a.has(*LEFT_WORDS) or a.word("uses") or (a.has("can i") and a.about_self)
    if sheet is None or not asks:
        return None  # "what does second wind do", "is rage worth it": the rule
    named = feature_named(a, sheet)
    if named is None:
        return None
    fid = _spent_from(named)
    spec, used = feature(fid), feature(named)
    if spec is None or used is None or not spec.limited:
        return None  # "what does sneak attack do": no uses to count
    if not sheet.has(named):
        holders = [s for s in a.state.party.values() if s.has(named)]
        told = "; ".join(uses_text(s, fid) for s in holders)
        return f"{sheet.name} has no {used.name}.{f' {told}.' if told else ''}"
    left = sheet.uses_left(fid)
    text = uses_text(sheet, fid) + "."
    if fid != named:
        text = f"{used.name} spends {spec.name}: {text}"
    if a.has("can i", "can he", "can she", "can they", "do i have", "is there", "any") and not (
        a.has("how many", "how much")
    ):
        lead = "Yes" if left else "No"
        text = f"{lead}: {text}" + (_turn_note(a, sheet, used) if left else "")
    return text


def hit_dice(a: Asked) -> str | None:
    """Asked: "how many hit dice do I have left", "what's my hit die"."""
    sheet = a.own_sheet
    if sheet is None or not a.has("hit dice", "hit die", "hd", "hitdice"):
        return None
    dice = sheet.hit_dice
    return (
        f"{sheet.name} has {dice.remaining} of {dice.total} hit dice left (d{dice.die}); "
        "each spent on a short rest heals its roll plus the Constitution modifier."
    )


def everything_left(a: Asked) -> str | None:
    """Asked: "what have I got left", "what resources do we have left": every limited
    feature, the spell slots and the hit dice of the asker (or of the party)."""
    if not a.has(*EVERYTHING):
        return None
    we = a.word("we", "us", "our") and not a.named
    sheets = list(a.state.party.values()) if we else [s for s in (a.own_sheet,) if s]
    told = []
    for sheet in sheets:
        parts = [
            f"{spec.name} {sheet.uses_left(fid)}/{sheet.feature_uses(fid)}"
            for fid in sheet.all_features
            if (spec := feature(fid)) is not None and spec.limited and sheet.feature_uses(fid)
        ]
        if sheet.spellcasting_ability is not None:
            parts.append(slots_text(sheet))
        dice = sheet.hit_dice
        parts.append(f"hit dice {dice.remaining}/{dice.total} (d{dice.die})")
        told.append(f"{sheet.name} has left: {', '.join(parts)}")
    return "; ".join(told) + "." if told else None
