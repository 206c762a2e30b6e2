"""The players' guide's tables of words, written from the understanding stage itself: every
kind of line and where the guide explains it, the order in which readings win, the words a
challenge phrase should avoid, and the whole vocabulary — so a new verb, intent or word list
shows up in the guide (or fails its test) instead of going unexplained."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import get_args

from app.authoring.playexamples import PlayDocError
from app.understanding.challenging import ATTEMPTS, PLAIN_TALK
from app.understanding.intent import ACTING, IntentKind
from app.understanding.readings import CAN_I, GOING, WANTS_AN_OBJECT
from app.understanding.verbs import CHANGED_MIND, PRIORITY
from app.understanding.vocabulary import Vocabulary
from rules.srd import srd

INTENTS: dict[str, tuple[str, tuple[str, ...]]] = {
    "examine": ("look around, or at one thing, person or creature", ("Looking and examining",)),
    "move": ("go through one of the ways on from here", ("Moving",)),
    "talk": ("words to someone present: a greeting, a topic asked about, a promise",
             ("Talking and asking about things",)),
    "question": ("a question to the DM: answered from what the world shows, never acted on",
                 ("Questions",)),
    "challenge": ("an obstacle the campaign's author wrote: a lock to pick, guards to slip past",
                  ("Challenges: locks, sneaking, persuading", "For campaign authors")),
    "inventory": ("what the character carries", ("Items",)),
    "use": ("use or drink a carried item", ("Items",)),
    "take": ("pick up something lying here", ("Items",)),
    "drop": ("put down something carried", ("Items",)),
    "give": ("hand a carried item to someone", ("Items",)),
    "attack": ("a weapon attack in a fight, or starting the fight with the scene's foes",
               ("Attacking",)),
    "cast": ("cast a spell the character knows", ("Casting spells",)),
    "feature": ("use a class feature or species trait", ("Class features",)),
    "improvise": (
        "a deed of your own on something here: the DM rules on it",
        ("Anything else: improvised deeds",),
    ),
    "manoeuvre": ("a step or a combat action: close in, take cover, fall back, Dodge, Dash, "
                  "Disengage, Hide, flee, grapple, shove, break free, stabilise, Ready",
                  ("Moving in a fight", "Dodge, Dash, Disengage, Hide and fleeing",
                   "Grappling and shoving", "Helping and tending the fallen",
                   "Readying an action")),
    "hold": ("end the turn (in a fight), or wait", ("Ending your turn",)),
    "rest": ("a short or long rest, outside a fight", ("Resting",)),
    "help": ("about the game itself: what to type, levels, the DM's cost, taking a turn "
             "back", ("Talking to the table", "Taking a turn back")),
    "ask": ("not understood, several readings, or chatter to the table (stepping away): "
            "the referee asks back, or says how to step away",
            ("When the referee is not sure", "Talking to the table")),
    "foreign": ("a line in another language than the campaign's",
                ("Typos, plurals and other languages",)),
    "refuse": ("makes someone act who is not in the party, or not the player's to move",
               ("Who acts",)),
}  # fmt: skip
"""Every kind of line: what it means, and the guide's sections that explain it."""


def anchor(heading: str) -> str:
    """The link to a heading of the guide, as GitHub makes it."""
    slug = re.sub(r"[^\w\- ]", "", heading.lower().replace("’", "")).replace(" ", "-")
    return f"#{slug}"


def headings(template: str) -> set[str]:
    """The headings of the template."""
    return {line.lstrip("#").strip() for line in template.splitlines() if line.startswith("#")}


def intents_table(template: str) -> str:
    """Every intent kind the understanding stage knows, with its meaning and sections."""
    kinds: tuple[str, ...] = get_args(IntentKind)
    missing = [k for k in kinds if k not in INTENTS]
    if missing:
        raise PlayDocError(f"no meaning in the guide for the intent(s) {', '.join(missing)}")
    there = headings(template)
    rows = ["| kind | means | acts | see |", "| --- | --- | --- | --- |"]
    for kind in kinds:
        meaning, sections = INTENTS[kind]
        absent = [s for s in sections if s not in there]
        if absent:
            raise PlayDocError(f"intent {kind!r} points at missing headings: {absent}")
        links = ", ".join(f"[{s}]({anchor(s)})" for s in sections)
        acts = "acts" if kind in ACTING else ""
        rows.append(f"| `{kind}` | {meaning} | {acts} | {links} |")
    return "\n".join(rows)


def priorities() -> str:
    """The order in which readings of one line win: "end the turn, then a spell, …"."""
    ranks: dict[float, list[str]] = {}
    for kind, rank in PRIORITY.items():
        if kind != "ask":
            ranks.setdefault(rank, []).append(f"`{kind}`")
    groups = [" = ".join(kinds) for _, kinds in sorted(ranks.items(), reverse=True)]
    return " > ".join(groups)


def codes(words: Iterable[str]) -> str:
    """Words as a list of code spans, in their order, without repeats."""
    return ", ".join(f"`{w}`" for w in dict.fromkeys(words))


def attempts() -> str:
    """The words of a plain attempt at a challenge's object."""
    return codes(ATTEMPTS)


def plain_talk() -> str:
    """The talking verbs that never start a challenge alone."""
    return codes(sorted(PLAIN_TALK))


def reserved(vocab: Vocabulary) -> str:
    """Words read before any challenge: the authors' list of what to avoid."""
    spells = sorted(s.name.lower() for s in srd().spells.entries.values())
    multi = [p for ps in vocab.features.values() for p in ps if " " in p]
    single = [p for ps in vocab.features.values() for p in ps if " " not in p]
    lines = [
        "- **Anywhere in a line**, these make it something else:",
        f"  - spell names — {codes(spells)} — and their short forms "
        f"({codes(vocab.spell_words)}); {codes(vocab.plain_spells)} only with *cast* or for "
        "a character who knows the spell;",
        f"  - class features: {codes(multi)}; and for a character who has the feature, "
        f"{codes(single)};",
        f"  - words of casting: {codes(vocab.verbs.get('cast', ()))} (outside a fight, a line "
        "with one and no spell is asked back: *which spell?*);",
        f"  - a change of mind: {codes(CHANGED_MIND)};",
        "  - words to the table: taking a turn back "
        f"({codes(vocab.taking_back.get('anywhere', ())[:6])} …), levels "
        f"({codes(vocab.levelling)}), the DM's cost ({codes(vocab.usage[:6])} …) and "
        f"stepping away ({codes(vocab.stepping_away[:6])} …).",
        "- **At the start of a line**:",
        f"  - a question word ({codes(vocab.question_starts)}) or {codes(CAN_I)}: the line "
        "is a question, answered and not acted on — but `do` and `have` only with someone "
        "after them (*do you…*, *have we…*) or a question mark: *have a look at the hearth* "
        "and *do a short rest* are done;",
        f"  - words said to someone ({codes(vocab.talk_cues)}): the line is talk;",
        "  - the name of a party member (who then acts), or of a person present followed by a "
        "comma, a question or a greeting (the line is said to them);",
        f"  - in a fight, words that end the turn ({codes(vocab.hold[:12])} …) and the Ready "
        f"action's ({codes(vocab.readying.get('cue', ()))}).",
        "- **As the whole line**: the short commands "
        f"({codes(vocab.abbreviations)}); looking around, help, inventory and ending the "
        "turn in the words of the [vocabulary](#appendix-the-words-the-referee-knows); "
        f"{codes(WANTS_AN_OBJECT)} alone (asked back: *what?*); and a direction "
        f"({codes(vocab.directions)}), alone or after {codes(GOING)} — a phrase such as "
        "`climb up` is a move.",
    ]
    return "\n".join(lines)


def _row(label: str, words: Iterable[str]) -> str:
    return f"- **{label}**: {codes(words)}"


def vocabulary(vocab: Vocabulary) -> str:
    """The whole vocabulary, grouped as the parser uses it."""
    out = ["### Verbs, by the kind of line they start", ""]
    out += [f"- `{kind}`: {codes(phrases)}" for kind, phrases in vocab.verbs.items() if phrases]
    groups: list[tuple[str, dict[str, tuple[str, ...]]]] = [
        ("Combat actions and steps (`manoeuvre`)", dict(vocab.manoeuvres)),
        ("Where a character goes in a fight", dict(vocab.positions)),
        ("Ways of attacking", dict(vocab.attack_styles)),
        ("Class features and traits (`feature`)", dict(vocab.features)),
        ("Rests", dict(vocab.rests)),
        ("The Ready action", dict(vocab.readying)),
        ("Asking to take a turn back", dict(vocab.taking_back)),
        ("People, by what they are", dict(vocab.people)),
        (
            "What people are asked about, by the topic it is (`topic_words`)",
            dict(vocab.topic_words),
        ),
    ]
    for title, table in groups:
        out += ["", f"### {title}", ""]
        out += [f"- `{key}`: {codes(phrases)}" for key, phrases in table.items()]
    lists: list[tuple[str, Iterable[str]]] = [
        ("Short commands (the whole line)", (f"{k} = {v}" for k, v in vocab.abbreviations.items())),
        ("Looking around (the whole line)", vocab.look_around),
        ("Ending the turn, waiting (`hold`)", vocab.hold),
        ("Asking for help (`help`)", vocab.help),
        ("What am I carrying (`inventory`)", vocab.inventory),
        ("Levels and experience", vocab.levelling),
        ("The DM's cost", vocab.usage),
        ("Stepping away from the table", vocab.stepping_away),
        ("Directions", (f"{k} = {v}" for k, v in vocab.directions.items())),
        ("Leaving the place", vocab.leave),
        ("Said to someone (at the start of a line)", vocab.talk_cues),
        ("Words that speak to someone present", vocab.you),
        ("Question words (at the start of a line)", vocab.question_starts),
        (
            "Question words typed with a slip, and the word meant",
            (f"{k} = {v}" for k, v in vocab.question_slips.items()),
        ),
        ("Asking to act (at the start of a line)", vocab.requests),
        ("Words skipped at the start of a line", vocab.fillers),
        ("Foes by their state", (f"{k} = {v}" for k, v in vocab.descriptors.items())),
        ("Foes by number", (*vocab.ordinals, *vocab.numbers)),
        ("Pronouns, and whom they point at", (f"{k} = {v}" for k, v in vocab.pronouns.items())),
        ("Weapons that make an attack of a line in a fight", vocab.weapons),
        ("A shove that knocks down", vocab.shove_down),
        ("Spells by other names", (f"{k} = {v}" for k, v in vocab.spell_words.items())),
        ("Spells whose names are everyday words", vocab.plain_spells),
    ]
    out += ["", "### Other word lists", ""]
    out += [_row(title, words) for title, words in lists]
    return "\n".join(out)
