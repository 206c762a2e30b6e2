"""The game's terms explained, as the rules engine plays them: "what does DC mean", "how do
saving throws work", "what's a cantrip", "if I drop to 0 do I die?". Rules facts from the
SRD 5.1 (CC-BY-4.0), in our own words."""

from __future__ import annotations

from dataclasses import dataclass

from app.referee.answering_words import Asked


@dataclass(frozen=True)
class Term:
    """A term players ask about: the words that name it, what it means, and whether it is
    only a question of the term when asked outright ("what does AC mean", not "what's my
    AC", which the sheet answers)."""

    names: tuple[str, ...]
    text: str
    outright: bool = False


TERMS: dict[str, Term] = {
    "advantage": Term(
        ("advantage", "disadvantage"),
        "Advantage: roll two d20s and keep the higher; disadvantage: keep the lower. Any "
        "advantage and any disadvantage cancel out, however many of each.",
    ),
    "opportunity attack": Term(
        ("opportunity attack", "opportunity attacks"),
        "Opportunity attack: when a creature leaves the reach of a foe engaged with it, that "
        "foe may use its reaction to strike once. Disengaging (or withdrawing) first avoids "
        "it.",
    ),
    "concentration": Term(
        ("concentration", "concentrate", "concentrating"),
        "Concentration: some spells last only while the caster concentrates. Casting another "
        "such spell ends the first, and taking damage calls for a Constitution save (DC 10, "
        "or half the damage if higher) to keep it.",
    ),
    "death save": Term(
        ("death save", "death saves", "death saving"),
        "Death saves: at 0 hit points a character rolls a d20 on each of their turns: 10 or "
        "more is a success, less a failure; three successes and they are stable, three "
        "failures and they die. A natural 20 brings them back with 1 hit point.",
    ),
    "bonus action": Term(
        ("bonus action", "bonus actions"),
        "Bonus action: one a turn, only for what a spell or feature says takes one (a "
        "bonus-action spell, Second Wind, Cunning Action …).",
    ),
    "dc": Term(
        ("dc", "difficulty class"),
        "DC (difficulty class): the number a roll must reach. A check or a save succeeds "
        "when the d20 plus its bonus is at least the DC: 10 is easy, 15 medium, 20 hard.",
    ),
    "saving throw": Term(
        ("saving throw", "saving throws"),
        "Saving throw: a d20 plus one ability's modifier (and proficiency, if the class "
        "grants that save), rolled to resist a spell, a poison or a trap, against its DC.",
    ),
    "ability check": Term(
        ("ability check", "ability checks", "skill check", "skill checks"),
        "Ability check: a d20 plus an ability's modifier, and the proficiency bonus when the "
        "skill is one the character is proficient in, against a DC the DM sets.",
    ),
    "proficiency": Term(
        ("proficiency", "proficient", "proficiency bonus"),
        "Proficiency bonus: added to attacks with weapons the character is trained in, to "
        "the saves and skills their class and background give, and to their spell attacks "
        "and save DCs: +2 from level 1 to 4, +3 from 5 to 8.",
    ),
    "initiative": Term(
        ("initiative",),
        "Initiative: when a fight starts everyone rolls a d20 plus their Dexterity modifier, "
        "and turns go from highest to lowest, round after round.",
        outright=True,
    ),
    "armour class": Term(
        ("ac", "armor class", "armour class"),
        "AC (armour class): how hard a creature is to hit. An attack hits when the d20 plus "
        "the attack bonus is at least the target's AC.",
        outright=True,
    ),
    "hit points": Term(
        ("hp", "hit points", "hit point"),
        "Hit points: how much harm a creature can take. At 0 a character falls unconscious "
        "and makes death saves; a foe at 0 is dead or down.",
        outright=True,
    ),
    "cantrip": Term(
        ("cantrip", "cantrips"),
        "Cantrip: a spell of level 0, cast at will without a spell slot; its damage grows at "
        "levels 5, 11 and 17.",
    ),
    "spell slot": Term(
        ("spell slot", "spell slots"),
        "Spell slots: what a caster spends to cast a spell of level 1 or higher, a slot of "
        "that level or above; they come back on a long rest (a warlock's on a short one).",
        outright=True,
    ),
    "hit dice": Term(
        ("hit die", "hit dice"),
        "Hit dice: one per level, of the class's size (d10 for a fighter, d8 for a rogue or "
        "cleric, d6 for a wizard). On a short rest each one spent heals its roll plus the "
        "Constitution modifier.",
    ),
    "critical hit": Term(
        ("critical hit", "crit", "crits", "natural 20", "nat 20"),
        "Critical hit: a natural 20 on an attack always hits, and its damage dice are rolled "
        "twice. A natural 1 always misses.",
    ),
    "reaction": Term(
        ("reaction", "reactions"),
        "Reaction: one a round, outside one's own turn too: an opportunity attack, or a spell "
        "such as Shield. It comes back at the start of one's turn.",
    ),
}
"""Rules terms in our own words, as the rules engine plays them."""


DYING = ("drop to 0", "drop to zero", "at 0", "at zero", "0 hp", "0 hit points", "zero hp",
         "do i die", "will i die", "can i die", "am i dead", "dying", "go down")  # fmt: skip
"""Words that ask what happens at 0 hit points."""
OUTRIGHT = ("mean", "means", "stand for", "stands for", "how does", "how do", "explain",
            "what is a", "what is an")  # fmt: skip
"""Words that ask what a term is, not one's own figure ("what does AC mean")."""


def glossary(a: Asked, about_a_rule: bool) -> str | None:
    """Asked: "what does advantage mean", "how do opportunity attacks work", "what's a DC",
    "if I drop to 0 do I die?" (``about_a_rule``: the line asks what a rule is)."""
    if a.has(*DYING) and not a.named:
        return TERMS["death save"].text
    if not about_a_rule:
        return None
    for key, term in TERMS.items():
        outright = a.has(*OUTRIGHT) and not (a.about_self and not a.has("mean", "means"))
        if not a.has(*term.names) or ((term.outright or a.about_self) and not outright):
            continue  # ("what's my initiative", "how do my hit points look": mine)
        if key == "advantage" and a.has(
            "do i have", "do i get", "have advantage", "get advantage", "at advantage"
        ):
            return None  # asked of a roll: computed from the fight
        return term.text
    return None
