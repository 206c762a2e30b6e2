"""Narration that tells what the dice have not said, or what the world does not hold.

A language model often writes the outcome before it calls the tool that decides it — "the
lock springs open" and then a Sleight of Hand check that fails — or tells a creature's
death, flight or surrender that no tool made happen ("the rat falls dead" while it stands
unhurt). This module reads narration for such sentences, plainly and by keyword:

* an **outcome**: words of success or failure (``springs open``, ``holds fast``, ``hits``,
  ``misses``) in a sentence that names what a roll of this turn was about (who rolled, the
  target, the words of its reason), against that roll's success flag. A sentence that names
  rolls which went both ways, that holds words of both kinds, that is a question, or that
  says what *would* or *might* happen is no claim, and is never judged;
* a **fate**: a named creature dying, fleeing or surrendering, against the state: a creature
  told dead while it has hit points, or gone from a fight it is still in; a party member
  told dead while they have hit points.

The turn loop (:mod:`app.session.holding`) decides what to do with what is found.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from app.actions.events import DiceRoll, SessionEvent
from app.world.state import GameState

Side = Literal["check", "attack"]
_SIDES: tuple[Side, ...] = ("check", "attack")

_JUDGED: dict[str, Side] = {
    "ability_check": "check", "saving_throw": "check", "contest": "check",
    "attack_roll": "attack",
}  # fmt: skip
"""The rolls whose success narration may tell (death saves and initiative are not told)."""

_OPEN = (
    r"(?:springs?|sprang|swings?|swung|clicks?|clicked|pops?|popped|creaks?|creaked|falls?|"
    r"fell|slides?|slid|comes?|came|flies|flew|bursts?|groans?|groaned)\s+open"
)
_WIN = {
    "check": re.compile(
        r"\b(?:succeed(?:s|ed)?|success(?:fully)?|manage[sd]?\s+to|" + _OPEN
        + r"|opens|opened|unlock(?:s|ed)|gives?\s+way|gave\s+way|(?:comes?|came|breaks?|broke|"
        r"slips?|slipped|pulls?|pulled|wrenche[sd])\s+free)\b"
    ),
    "attack": re.compile(
        r"\b(?:hits?(?!\s+(?:points?|(?:the\s+)?(?:ground|wall|floor|dirt|stone|air|nothing)))|"
        r"struck|strikes?\s+(?:true|home)|finds?\s+(?:its|their|the|a)\s+(?:mark|gap|flesh)|"
        r"connects|connected|(?:bites?|sinks?|sank|cuts?|slices?|sliced|tears?|tore|cleaves?|"
        r"cleaved|plunges?|plunged)\s+(?:deep|into)|pierces|pierced|draws?\s+blood|drew\s+blood|"
        r"wounds|wounded|skewers|skewered|impales|impaled)\b"
    ),
}  # fmt: skip
"""Words that tell a check passed or an attack hit."""
_LOSS = {
    "check": re.compile(
        r"\b(?:fail(?:s|ed|ure)?|(?:holds?|held)\s+(?:fast|firm|shut)|lock\s+holds|"
        r"(?:won't|doesn't|does\s+not|didn't|did\s+not|refuses\s+to|will\s+not)\s+"
        r"(?:budge|open|give|yield|move)|(?:stays?|stayed|remains?|remained)\s+(?:shut|closed|"
        r"locked|stuck|firm|fast)|still\s+locked|no\s+luck|in\s+vain|to\s+no\s+avail)\b"
    ),
    "attack": re.compile(
        r"\b(?:miss(?:es|ed)?|(?:goes|went|flies|flew)\s+wide|(?:whistles?|whistled|sails?|"
        r"sailed)\s+(?:past|by|over)|(?:glances?|glanced|clangs?|clanged|skitters?|bounces?)\s+"
        r"off|deflect(?:s|ed)|parr(?:ies|ied)|dodges|dodged|sidesteps|sidestepped|only\s+air|"
        r"nothing\s+but\s+air|(?:fails?|failed)\s+to\s+(?:connect|land|hit|find))\b"
    ),
}  # fmt: skip
"""Words that tell a check failed or an attack missed."""
_NEGATION = re.compile(r"\b(?:not|never|no|cannot|without|fails?|failed|failing)\b|n't\b")
_HYPOTHETICAL = re.compile(
    r"\b(?:if|unless|whether|should|would|could|might|may|will|can|must|hopes?|hoping|tries|"
    r"try|trying|attempts?|attempting)\b|'ll\b"
)
_DEATH = re.compile(
    r"\b(?:dies|died|(?:is|was|are|were|lies|lie|lay)\s+(?:all\s+|both\s+)?dead|"
    r"(?:falls?|fell|drops?|dropped|slumps?|slumped|"
    r"collapses?|collapsed)\s+(?:dead|lifeless|still)|collapses|collapsed|crumples|crumpled|"
    r"(?:goes|go|went|lies|lie|lay)\s+still|(?:is|was|are|were)\s+(?:all\s+|both\s+)?"
    r"(?:slain|killed)|breathe[sd]?\s+(?:its|his|"
    r"her|their)\s+last|perish(?:es|ed)?|(?:is|are)\s+no\s+more|moves?\s+no\s+more)\b"
)
_KILLED = re.compile(r"\b(?:kills?|killed|slays?|slew|finish(?:es|ed)?\s+off|dead|lifeless)\s+"
                     r"(?:the\s+|a\s+)?$")  # fmt: skip
_FLIGHT = re.compile(
    r"\b(?:flees|flee|fled|(?:runs?|ran|scurry|scurries|scurried|scampers?|scampered|bolts?|"
    r"bolted)\s+(?:away|off)|turns?\s+tail|turned\s+tail|takes?\s+flight|took\s+flight)\b"
)
_SURRENDER = re.compile(
    r"\b(?:surrenders?|surrendered|yields?|yielded|gives?\s+up|gave\s+up|(?:throws?|threw|"
    r"lays?|laid)\s+down\s+(?:its|his|her|their)\s+(?:arms|weapons?|blades?|swords?|spears?|"
    r"bows?|clubs?)|begs?\s+for\s+mercy|begged\s+for\s+mercy)\b"
)
"""(Each in the plural too: "The rats flee", "The goblins surrender", "are all dead".)"""
_FATES = (("dies", _DEATH), ("flees", _FLIGHT), ("surrenders", _SURRENDER))
_STOP = frozenset({
    "the", "and", "for", "with", "from", "into", "onto", "against", "check", "save", "saving",
    "throw", "attack", "roll", "your", "you", "his", "her", "its", "their", "them", "this",
    "that", "who", "what",
})  # fmt: skip
_NEAR = 6
"""Words at most between a creature's name and what it is told to do."""


@dataclass(frozen=True, slots=True)
class Result:
    """A roll of this turn that succeeded or failed, as narration may tell it."""

    side: Side
    success: bool
    terms: frozenset[str]
    """Words that name what it was about: who rolled, against whom, what for."""
    line: str
    """The result in one plain sentence, for the players when the DM cannot tell it truly."""


@dataclass(frozen=True, slots=True)
class Problem:
    """A sentence of narration that the results or the state contradict."""

    kind: Literal["outcome", "fate"]
    truth: str
    """What the game says instead, in a few words (for the DM)."""
    result: Result | None = None
    """The contradicted roll (an outcome)."""


def result_of(event: SessionEvent) -> Result | None:
    """The success or failure a roll event stands for, if narration may tell it."""
    if not isinstance(event, DiceRoll) or event.success is None:
        return None
    side = _JUDGED.get(event.check_type)
    if side is None:
        return None
    name = event.character_name or "Someone"
    about = f" ({event.reason})" if event.reason else ""
    if side == "attack":
        label, verdict = "attack", "hits" if event.success else "misses"
        against = f"AC {event.dc}"
    else:
        if event.skill:
            label = event.skill.replace("_", " ") + " check"
        else:
            kind = "saving throw" if event.check_type == "saving_throw" else "check"
            label = f"{(event.ability or '').upper()} {kind}".strip()
        verdict, against = "succeeds" if event.success else "fails", f"DC {event.dc}"
    score = f"automatically ({event.auto_fail})" if event.auto_fail else f"{event.total} against"
    line = f"{name}'s {label}{about} {verdict}: {score}" + (
        "" if event.auto_fail else f" {against}"
    )
    terms = frozenset(_words(f"{name} {event.reason}")) - _STOP
    return Result(side, event.success, terms, line + ".")


def _words(text: str) -> list[str]:
    return [w for w in re.findall(r"[a-z]+", text.lower()) if len(w) >= 3]


def _names(sentence: str, result: Result) -> bool:
    """Whether the sentence names what the roll was about (a word, a longer form of it, or
    a compound of it: ``lock``, ``lockpicking`` and ``padlock``; ``door`` and ``trapdoor``)."""
    for word in _words(sentence):
        for term in result.terms:
            if word == term:
                return True
            short, long = sorted((word, term), key=len)
            if len(short) >= 4 and (long.startswith(short) or long.endswith(short)):
                return True
    return False


def _claimed(match: re.Match[str], sentence: str) -> bool | None:
    """Whether a matched word is told as fact (True), negated (False), or only wished,
    tried or supposed (None)."""
    before = sentence[: match.start()].lower()
    clause = re.split(r"[,;:()—–]|\b(?:and|but|yet|then|while)\b", before)[-1]
    window = " ".join(clause.split()[-4:])
    if _NEGATION.search(window):
        return False
    if _HYPOTHETICAL.search(window) or re.search(r"\bto\s*$", clause):
        return None
    return True


def told_outcome(sentence: str, side: Side) -> bool | None:
    """The success (True) or failure (False) a sentence tells for a check or an attack, or
    ``None`` when it tells neither, or both, or only supposes."""
    if sentence.rstrip().rstrip("\"')”’").endswith("?"):
        return None
    told: set[bool] = set()
    for pattern, meaning in ((_WIN[side], True), (_LOSS[side], False)):
        for match in pattern.finditer(sentence.lower()):
            claimed = _claimed(match, sentence)
            if claimed is not None:
                told.add(meaning if claimed else not meaning)
    return told.pop() if len(told) == 1 else None


def outcome_problems(sentence: str, results: list[Result]) -> list[Problem]:
    """The rolls a sentence names and tells the other way round. A sentence that names rolls
    of one kind that went both ways (one swing missed, the next hit) is not judged."""
    problems: list[Problem] = []
    for side in _SIDES:
        named = [r for r in results if r.side == side and _names(sentence, r)]
        if not named:
            continue
        told = told_outcome(sentence, side)
        if told is None or any(r.success == told for r in named):
            continue
        last = named[-1]
        problems.append(Problem("outcome", last.line.rstrip("."), last))
    return problems


def _mentions(sentence: str, state: GameState) -> list[tuple[int, int, list[str]]]:
    """Where the sentence names creatures of the scene or party members: (start, end, their
    ids); you/I/we as an empty list (someone else)."""
    refs: dict[str, list[str]] = {}
    for cid, creature in state.creatures.items():
        if not creature.stands_in(state.scene.id):
            continue
        words = re.findall(r"[a-z]+", creature.name.lower())
        for ref in {creature.name.lower(), *(words[-1:] if words else [])}:
            if len(ref) >= 3:
                refs.setdefault(ref, []).append(cid)
        if "the" in words[1:-1]:  # "Gribble the Goblin": Gribble too
            refs.setdefault(words[0], []).append(cid)
    for sheet in state.party.values():  # a party member is named to be judged dead too
        for ref in {sheet.name.lower(), sheet.name.lower().split()[-1]}:
            if len(ref) >= 3:
                refs.setdefault(ref, []).append(sheet.id)
    for pronoun in ("you", "i", "we"):
        refs.setdefault(pronoun, [])
    lower, taken = sentence.lower(), list[tuple[int, int]]()
    found: list[tuple[int, int, list[str]]] = []
    for ref in sorted(refs, key=len, reverse=True):
        for match in re.finditer(rf"\b{re.escape(ref)}(?:s|'s)?\b", lower):
            if any(match.start() < e and s < match.end() for s, e in taken):
                continue
            taken.append((match.start(), match.end()))
            found.append((match.start(), match.end(), refs[ref]))
    return sorted(found)


def told_fates(sentence: str, state: GameState) -> list[tuple[str, list[str]]]:
    """Each fate (``dies``, ``flees``, ``surrenders``) the sentence tells a named creature of
    the scene, with the ids the name may mean."""
    if sentence.rstrip().rstrip("\"')”’").endswith("?"):
        return []
    mentions = _mentions(sentence, state)
    if not mentions:
        return []
    lower = sentence.lower()
    told: list[tuple[str, list[str]]] = []
    for fate, pattern in _FATES:
        for match in pattern.finditer(lower):
            if _claimed(match, sentence) is not True:
                continue
            before = [m for m in mentions if m[1] <= match.start()]
            if not before:
                continue
            start, end, ids = before[-1]  # the nearest name before the words
            if ids and len(lower[end : match.start()].split()) <= _NEAR:
                told.append((fate, ids))
    for start, _end, ids in mentions:  # "kills the rat", "the dead rat"
        verb = _KILLED.search(lower[:start])
        if ids and verb and _claimed(verb, sentence) is True:
            told.append(("dies", ids))
    return told


_DEAD_OUTRIGHT = re.compile(
    r"\b(?:dies|died|(?:is|was|lies|lay|falls|fell|drops|dropped) dead|killed|slain|slew)\b"
)
"""Words that tell a death outright: what a party member with hit points is never told."""


def fate_problems(sentence: str, state: GameState) -> list[Problem]:
    """The fates a sentence tells that the state contradicts: dead while it has hit points,
    fled or surrendered while still in the fight. A name that may mean several creatures
    is judged only when every one of them says otherwise."""
    problems: list[Problem] = []
    fighting = {c.id for c in state.encounter.order} if state.encounter is not None else set[str]()
    for fate, ids in told_fates(sentence, state):
        members = [state.party[cid] for cid in ids if cid in state.party]
        if members:  # "Mira is dead." at full hit points: only her death is judged
            alive = [m for m in members if m.vitals.hp > 0]
            dead = _DEAD_OUTRIGHT.search(sentence.lower()) is not None  # (not "collapses":
            if fate == "dies" and dead and len(alive) == len(ids):  # a fall at 1 HP is told)
                member = alive[0]
                vit = member.vitals
                problems.append(
                    Problem("fate", f"{member.name} is alive ({vit.hp}/{vit.max_hp} HP)")
                )
            continue
        creatures = [state.creatures[cid] for cid in ids]
        if fate == "dies":
            wrong = all(c.vitals.hp > 0 for c in creatures)
        else:
            wrong = all(c.vitals.hp > 0 and c.id in fighting and not c.left for c in creatures)
        if not wrong:
            continue
        first = creatures[0]
        truth = f"{first.name} is alive ({first.vitals.hp}/{first.vitals.max_hp} HP)"
        if first.id in fighting and not first.left:
            truth += " and still in the fight"
        problems.append(Problem("fate", truth))
    return problems


def tells_something(sentence: str, state: GameState) -> bool:
    """Whether a sentence tells an outcome or a creature's fate at all (it may need the
    results of the calls that follow it in the same reply)."""
    for side in _SIDES:
        if told_outcome(sentence, side) is not None:
            return True
    return bool(told_fates(sentence, state))
