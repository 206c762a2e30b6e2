"""Metamagic (sorcerer 3rd level, SRD 5.1): the options, what each costs in sorcery points
and which spells each can twist. Pure rules: the tool that casts applies them
(``app/actions/metamagic.py``)."""

from __future__ import annotations

import random
from dataclasses import dataclass

from rules.dice.evaluate import arithmetic
from rules.dice.results import (
    ADDED,
    KEPT,
    REROLLED,
    AnnotatedResult,
    BinaryResult,
    DiceResult,
    Die,
    ParensResult,
    ResultNode,
    SetResult,
    UnaryResult,
    walk,
)
from rules.dice.rolled import RollResult
from rules.spelldata import Spell

COSTS: dict[str, int] = {
    "careful": 1,
    "distant": 1,
    "empowered": 1,
    "extended": 1,
    "heightened": 3,
    "quickened": 2,
    "subtle": 1,
    "twinned": 0,  # the spell's level (1 for a cantrip): see :func:`cost`
}
"""SRD: sorcery points each Metamagic option costs."""
NAMES: dict[str, str] = {key: f"{key.title()} Spell" for key in COSTS}


def option_of(text: str) -> str | None:
    """The option a word names (``quickened``, ``Quickened Spell``, ``quicken``, ``twin``)."""
    word = text.strip().lower().replace("_", " ").removesuffix(" spell").strip()
    for key in COSTS:
        if word == key or (len(word) >= 4 and key.startswith(word)):
            return key
    return None


def cost(option: str, spell: Spell) -> int:
    """Sorcery points the option costs on this spell (Twinned: its level, 1 for a cantrip)."""
    return max(1, spell.level) if option == "twinned" else COSTS[option]


def refusal(option: str, spell: Spell) -> str | None:
    """Why the option cannot twist this spell, or ``None`` (SRD wording, in short)."""
    if option == "quickened" and spell.casting_time != "action":
        return "Quickened Spell changes a casting time of 1 action to a bonus action"
    if option == "twinned" and (
        spell.targets != 1 or spell.beams or spell.area or (spell.range_ft == 0 and not spell.touch)
    ):
        return "Twinned Spell works only on a spell that targets one creature and not the caster"
    if option == "distant" and spell.range_ft < 5 and not spell.touch:
        return "Distant Spell needs a spell with a range of 5 feet or more, or touch"
    if option == "empowered" and not spell.damage:
        return "Empowered Spell rerolls damage dice: this spell deals no damage"
    if option == "extended" and not _lasts(spell.duration):
        return "Extended Spell needs a spell lasting 1 minute or longer"
    if option == "heightened" and spell.save is None:
        return "Heightened Spell needs a spell that forces a saving throw"
    if option == "careful" and spell.save is None:
        return "Careful Spell needs a spell that forces a saving throw"
    return None


def _lasts(duration: str) -> bool:
    text = duration.lower()
    return any(word in text for word in ("minute", "hour", "day"))


@dataclass
class Empowerment:
    """Empowered Spell for one casting. SRD: "When you roll damage for a spell, you can
    spend 1 sorcery point to reroll a number of the damage dice up to your Charisma modifier
    (minimum of one). You must use the new rolls." ``left`` is how many dice may still be
    rolled again, shared by every damage roll of the casting (each ray of Scorching Ray
    draws on the same count). The choice is made for the sorcerer, as a player would: the
    lowest dice showing below their die's average, lowest first."""

    left: int

    @classmethod
    def of(cls, charisma_modifier: int) -> Empowerment:
        """The rerolls a sorcerer with this Charisma modifier gets (at least one)."""
        return cls(max(1, charisma_modifier))

    def reroll(self, rolled: RollResult, rng: random.Random) -> str:
        """Roll again the lowest below-average damage dice of ``rolled`` (as many as are
        left), keep the new faces and fix the totals; the words for the log saying which
        dice were rolled again and what they came up ("" when none was worth it)."""
        terms = [n for n in walk(rolled.root) if isinstance(n, DiceResult)]
        low = [
            (die.value, order, term, die)
            for order, (term, die) in enumerate((t, d) for t in terms for d in t.dice)
            if die.kept and die.value * 2 < die.sides + 1
        ]
        low.sort(key=lambda item: (item[0], item[1]))
        swaps: list[str] = []
        for _value, _order, term, die in low[: max(0, self.left)]:
            new = Die(die.sides, int(rng.random() * die.sides) + 1, KEPT | ADDED)
            die.flags = (die.flags & ~KEPT) | REROLLED
            term.dice.insert(term.dice.index(die) + 1, new)  # the new die follows the old
            swaps.append(f"d{die.sides} {die.value}→{new.value}")
        if not swaps:
            return ""
        self.left -= len(swaps)
        rolled.total = _retotal(rolled.root)
        return "Empowered Spell rerolled " + ", ".join(swaps)


def _retotal(node: ResultNode) -> int:
    """Every total of a result tree worked out again from its kept dice (after a reroll)."""
    if isinstance(node, DiceResult):
        node.total = sum(d.value for d in node.dice if d.kept)
    elif isinstance(node, BinaryResult):
        node.total = arithmetic(node.node, _retotal(node.left), _retotal(node.right))
    elif isinstance(node, UnaryResult):
        inner = _retotal(node.operand)
        node.total = -inner if node.node.op == "-" else inner
    elif isinstance(node, ParensResult | AnnotatedResult):
        node.total = _retotal(node.inner)
    elif isinstance(node, SetResult):
        totals = [_retotal(item) for item in node.items]
        node.total = sum(t for t, k in zip(totals, node.kept, strict=True) if k)
    return node.total
