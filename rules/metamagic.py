"""Metamagic (sorcerer 3rd level, SRD 5.1): the options, what each costs in sorcery points
and which spells each can twist. Pure rules: the tool that casts applies them
(``app/dm/tools/metamagic.py``)."""

from __future__ import annotations

from rules.srd import Spell

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


def empowered(formula: str, rerolls: int) -> str:
    """The damage dice with Empowered Spell: up to ``rerolls`` (the Charisma modifier, at
    least 1) of the dice are rolled again and the new rolls kept — here each die of the
    first dice group showing below its average, at most ``rerolls`` of them (``8d6`` with
    3 rerolls: ``8d6`` whose first three low dice are rolled again)."""
    head, sep, rest = formula.partition("d")
    if not sep or not head.isdigit():
        return formula
    size = "".join(ch for ch in rest if ch.isdigit())
    if not size:
        return formula
    count, die = int(head), int(size)
    tail = rest[len(size) :]
    again = min(max(1, rerolls), count)
    low = die // 2 + 1  # faces below the average are rolled again
    keep = count - again
    kept = f"{keep}d{die}+" if keep else ""
    return f"{kept}{again}d{die}ro<{low}{tail}"
