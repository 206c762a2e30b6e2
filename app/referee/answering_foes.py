"""Answers about a kind of foe, read off its stat block: its armour class, what it is (size,
type, weaknesses, resistances and traits, in the data files' own words) and what it fights
with (its attacks and their damage, and how many it makes a turn).

The SRD's numbers are no secret: a player weighing a spell against an attack roll, or
whether to stand next to a wolf, needs them.
"""

from __future__ import annotations

import re
from collections import Counter

from app.referee.answering_fight import kind_word, kinds_named
from app.referee.answering_words import Asked
from app.referee.sights import join_words
from app.understanding.scope import living_creatures

THEY = ("their", "they", "them", "its", "it", "those", "these", "theirs")
"""Words for the foes, unnamed ("what's their AC")."""


def _one_kind(a: Asked) -> str | None:
    """The first of several creatures the line names, when all are of one kind ("the rats")."""
    kinds = {a.state.creatures[c].monster for c in a.creatures}
    return a.creatures[0] if a.creatures and len(kinds) == 1 else None


CREATURE_TYPES = (
    "undead", "beast", "beasts", "humanoid", "humanoids", "fiend", "fiends", "construct",
    "monstrosity", "elemental", "aberration", "fey", "ooze", "plant", "celestial", "dragon",
)  # fmt: skip
"""The SRD's creature types, asked of a foe ("are these things undead?")."""


def foe_armour(a: Asked) -> str | None:
    """Asked: "what's her AC?" of a foe: its armour class and what makes it, as its stat
    block gives them (the SRD's numbers are no secret, and a player weighing a spell against
    an attack roll needs them)."""
    if a.named or not (a.word("ac", "armor", "armour") or a.has("armor class")):
        return None
    cid = a.creature or _one_kind(a)
    if cid is None and a.state.encounter is not None and a.word(*THEY) and not a.about_self:
        alive = living_creatures(a.state)  # "what's their AC": the foes'
        kinds = {a.state.creatures[c].monster for c in alive}
        cid = alive[0] if alive and len(kinds) == 1 else None
    if cid is None:
        return None
    foe = a.state.creatures[cid]
    block = a.state.monster(foe.monster) if foe.monster else None
    worn = f" ({block.armor})" if block is not None and block.armor else ""
    return f"{foe.name} has AC {foe.ac}{worn}."


def foe_kind(a: Asked) -> str | None:
    """Asked: "are skeletons weak to anything", "do wolves have pack tactics", "what is a wight",
    "where did these things come from" (what they are: where from, the game does not say)."""
    asks = a.word(
        "weak",
        "weakness",
        "weaknesses",
        "hate",
        "hates",
        "fear",
        "afraid",
        "vulnerable",
        "resist",
        "resistant",
        "resistance",
        "immune",
        "immunity",
        "tactics",
        "trait",
        "traits",
        "special",
        *CREATURE_TYPES,
    ) or a.has("extra damage", "what is a", "what are", "what kind", "come from", "came from",
               "bonus action", "be turned")  # fmt: skip
    if a.word(*_ARMED) and not a.word("weak", "weakness", "vulnerable", "resist", "immune"):
        return None  # "what are they armed with": what they wield (:func:`foe_attacks`)
    named = [c for c in ([a.creature] if a.creature else kinds_named(a)) if c]
    if not named and a.word("these", "they", "them", "things", "those", "it"):
        named = living_creatures(a.state)  # "are these things undead?"
    with_block = [a.state.creatures[c] for c in named if a.state.creatures[c].monster]
    if not with_block:
        return None
    block = a.state.monster(str(with_block[0].monster))
    trait = any(f" {t.name.lower()} " in a.text for t in block.traits)  # "do goblins have
    if not asks and not (trait and not a.about_self):  # nimble escape" (not "my own …")
        return None
    kind = re.sub(r"\s+\d+$", "", with_block[0].name)
    parts = [f"{kind}: a {block.size} {block.type}"]
    for label, found in (
        ("vulnerable to", block.vulnerabilities),
        ("resists", block.resistances),
        ("immune to", block.immunities),
    ):
        if found:
            parts.append(f"{label} {join_words(sorted(str(d) for d in found))} damage")
    if block.condition_immunities:
        never = sorted(
            "exhausted" if c == "exhaustion" else str(c) for c in block.condition_immunities
        )
        parts.append(f"cannot be {join_words(never, 'or')}")
    if not (block.vulnerabilities or block.resistances or block.immunities):
        parts.append("no weakness or resistance to any kind of damage")
    text = "; ".join(parts) + "."
    traits = " ".join(f"{t.name}: {' '.join(t.text.split())}" for t in block.traits)
    return f"{text} {traits}".strip()


_TIMES = {1: "one", 2: "two", 3: "three"}
_ARMED = ("armed", "weapons", "weapon", "attacks", "bite", "bites", "claws", "claw", "scimitar",
          "spoon", "damage", "dmg", "multiattack")  # fmt: skip
"""Words of what a foe fights with."""


def foe_attacks(a: Asked) -> str | None:
    """Asked: "what does a goblin do", "what are they armed with", "how much does a wolf
    bite do", "does grubnak get two attacks?": the stat block's attacks by name, with their
    damage and any range, and how many it makes a turn — what the party sees it wield (its
    bonus to hit stays the DM's)."""
    armed = a.word(*_ARMED)
    if not (a.word("what") and a.word("do", "does", "attacks", "weapons")) and not armed:
        return None  # ("are they armed?": what the party sees them wield)
    named = [c for c in ([a.creature] if a.creature else kinds_named(a)) if c]
    if not named and a.word("these", "they", "them", "things", "those", "it"):
        named = living_creatures(a.state)  # "what can those things do?"
    with_block = [a.state.creatures[c] for c in named if a.state.creatures[c].monster]
    if not with_block or a.named or a.about_self:
        return None
    block = a.state.monster(str(with_block[0].monster))
    kind = re.sub(r"\s+\d+$", "", with_block[0].name)
    moves = []
    for act in block.actions:
        what = f"{act.name}"
        if act.damage_type is not None:
            dice = f"{act.damage} " if act.damage else ""
            what += f" ({dice}{act.damage_type} damage"
            what += f", range {act.range[0]}/{act.range[1]} ft)" if act.range else ")"
        elif act.save_ability is not None:
            what += f" (a {act.save_ability.full_name} save)"
        moves.append(what)
    text = f"{kind}: {join_words(moves) or 'no attacks to speak of'}."
    if block.multiattack:  # ("spoon", "spoon"): two blows of the Great Spoon a turn
        names = {act.id: act.name for act in block.actions}
        counted = Counter(names.get(m, m) for m in block.multiattack)
        blows = join_words(
            [f"{_TIMES.get(n, str(n))} with the {name}" for name, n in counted.items()]
        )
        text += f" It makes {len(block.multiattack)} attacks a turn ({blows})."
    traits = [t.name for t in block.traits]
    return text + (f" It has {join_words(traits)}." if traits else "")


def challenge_rating(a: Asked) -> str | None:
    """Asked: "what's a giant rat's CR", "how tough are goblins": the challenge rating of a
    kind of foe the adventure holds (or of the foes here), with the XP it is worth, its AC
    and its hit points — the stat block's own figures."""
    if not (a.word("cr") or a.has("challenge rating")):
        return None
    kinds = {c.monster for c in a.state.creatures.values() if c.monster}
    if a.campaign is not None:
        kinds |= {m.monster for e in a.campaign.encounters.values() for m in e.monsters}
    blocks = [a.state.monster(str(k)) for k in sorted(kinds)]
    named = [b for b in blocks if kind_word(b.name.lower().split()[-1]) in
             {kind_word(w) for w in a.words if len(w) > 2}]  # fmt: skip
    if not named and a.word("they", "them", "these", "those", "it"):
        here = {str(c.monster) for c in a.state.creatures.values() if c.monster}
        named = [b for b in blocks if b.id in here]
    if not named:
        return None
    return " ".join(
        f"{b.name}: challenge rating {b.cr} ({b.xp} XP), AC {b.ac}, {b.hp} hit points."
        for b in named[:3]
    )


_STAYS_UP = re.compile(
    r"\bwhy (?:won'?t|wont|doesn'?t|doesnt|isn'?t|isnt|can'?t|cant|will ?n'?t) "
    r"(?:it|that|that thing|this thing|she|he|they|the \w+(?: \d)?|\w+(?: \d)?) "
    r"(?:die|dead|drop|go down|fall|stay down|stay dead)\b|\bhow is (?:it|she|he|that thing) "
    r"still (?:up|standing|alive|going)\b"
)
"""Asking why a foe keeps standing ("why wont that thing die??")."""


def stays_up(a: Asked) -> str | None:
    """Asked: "why won't that thing die?": the foe's state, and what of its stat block keeps
    it up (a trait such as Undead Fortitude, a resistance to the damage it takes) — what
    the players have seen happen, in the stat block's own words."""
    if _STAYS_UP.search(a.text) is None:
        return None
    alive = [c for c in living_creatures(a.state) if a.state.creatures[c].monster]
    cid = a.creature if a.creature in alive else None
    if cid is None and alive:  # the most hurt of them: the one that should have fallen
        cid = min(alive, key=lambda c: a.state.creatures[c].vitals.hp)
    if cid is None:
        return None
    foe = a.state.creatures[cid]
    block = a.state.monster(str(foe.monster))
    hp = f"{foe.name} has {foe.vitals.hp} of {foe.vitals.max_hp} hit points left."
    kept = [f"{t.name}: {t.text}" for t in block.traits if "0 hit points" in t.text]
    resists = sorted(str(r) for r in block.resistances)
    if resists:
        kept.append(f"it resists {join_words(resists)} damage (half of it)")
    why = (
        " ".join(k.rstrip(".") + "." for k in kept)
        if kept
        else "Nothing in it is more than it seems: it simply has hit points left."
    )
    return f"{hp} {why}"
