"""The sensitivity map: what the game listens for in the players' words in the party's
scene, built from the campaign's ``[judgments.<id>]``, and the fast matching of one line
against it.

An entry applies where its ``scenes`` include the scene, else where its ``about`` NPC is
present, else everywhere; it knows the triggers, NPC scores and scene goals it serves.

Matching is by word, not by a loop of regexes: the map indexes every keyword's first word
(exact words in one dictionary, ``*`` stems in another), so a line costs a dictionary
look-up per word and prefix, whatever the size of the map. An entry's semantic
``fields`` (:mod:`app.world.fields`) are indexed by stem beside them and match with the
entry's lower ``field_confidence``. Context modifiers weigh each match: a negation before
the keyword in the same clause drops it (or makes it the entry's ``negated`` judgment), a
question weakens it, emphasis strengthens it. Who the line is said of and how — of
someone else, sent on, in mockery, with a threat, an act of speech disowned — may take
back what the words seemed to say (:mod:`app.world.said_how`).

The map is derived (never saved): :func:`sensitivity_map` keeps a few recent maps keyed on
what changes them — the scene, who is present, which goals are met and which once-only
triggers have fired — so it is rebuilt at scene entry and whenever someone arrives or
leaves, a goal completes or a trigger fires, and otherwise costs a look-up.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from app.world import intent, view
from app.world.eventspec import JudgmentSpec
from app.world.exclusion import exclusive
from app.world.fields import FieldIndex
from app.world.heard import Entry, Match
from app.world.meaning import MIN_WORDS, Example, MeaningIndex, hear
from app.world.said_how import (
    derided,
    disowning,
    esteem,
    kind_to,
    message_for_another,
    mocked,
    of_another,
    only_looked,
    to_a_friend,
    unpraised,
)
from app.world.tone import (
    INTERROGATIVES,
    chore,
    demanded,
    emphatic,
    giving,
    hedged,
    mocking,
    of_a_thing,
    questioned,
    solicited,
    threatening,
    to_oneself,
    undecided,
    vow,
    vow_asked,
    vow_refused,
)
from app.world.when import Fact
from app.world.wordreach import (
    ASSURANCES,
    CLAUSE_END,
    has_negation,
    said_alone,
    tokenize,
    withheld,
)
from app.world.wordreach import negated as negated_at

if TYPE_CHECKING:
    from app.world.campaign import Campaign
    from app.world.state import GameState

QUESTION_WEIGHT = 0.6
"""A match in a question counts this much ("will you trust us?" promises nothing)."""
EMPHASIS_BONUS = 0.1
"""Emphasis ("!", capitals, "really", "I swear") adds this much confidence…"""
EMPHASIS_CAP = 0.95
"""… but never past this: words alone never make the game certain."""
NEGATED_FIELD_WEIGHT = 0.75
"""A negated field match made the ``negated`` judgment counts this much more weakly: a
loose word, negated, is weaker still ("I'm not going to hurt you" is no compliment)."""

OUT_OF_CHARACTER = frozenset(
    {"lol", "lmao", "rofl", "haha", "hahaha", "hehe", "xd", "brb", "ooc", "afk", "omg", "lmfao"}
)
"""Words that mark a line as said at the table, not in the world: never read for meaning."""

_FILLERS = frozenset({"ok", "okay", "so", "um", "uh", "well", "yeah", "yes", "no", "oh", "wow"})
"""Words that add nothing to a line of table talk ("lol ok")."""


@dataclass(frozen=True)
class _Pattern:
    entry: int
    words: tuple[str, ...]
    stem: bool
    """Whether the last word is a ``*`` stem."""
    text: str
    alone: bool = False
    """Whether the words match only said on their own (a keyword ending in ``.``)."""


@dataclass
class SensitivityMap:
    """The entries that apply in a scene, indexed by word for matching."""

    entries: list[Entry] = field(default_factory=list)
    extra: dict[str, Entry] = field(default_factory=dict)
    """Negated judgments that do not themselves apply here (reached only by negation)."""
    _exact: dict[str, list[_Pattern]] = field(default_factory=dict)
    _stems: dict[str, list[_Pattern]] = field(default_factory=dict)
    _stem_lengths: tuple[int, ...] = ()
    _fields: FieldIndex | None = None
    _field_entries: dict[str, list[int]] = field(default_factory=dict)
    """Which entries (by index) listen for each semantic field."""
    _meaning: MeaningIndex | None = None
    """The examples lines are read for meaning against (built on the first such line)."""
    people: dict[str, tuple[str, ...]] = field(default_factory=dict)
    """Each person of the story's names and words for them, lower case (by NPC id)."""
    friends: tuple[str, ...] = ()  # the party's first names, lower case

    def __post_init__(self) -> None:
        lengths: set[int] = set()
        for at, entry in enumerate(self.entries):
            for name in entry.spec.fields:
                self._field_entries.setdefault(name, []).append(at)
            for keyword in entry.spec.keywords:
                words = tuple(_words(keyword))
                if not words:
                    continue
                stem = keyword.rstrip().endswith("*")
                alone = keyword.rstrip().endswith(".")
                pattern = _Pattern(at, words, stem and len(words) >= 1, keyword, alone)
                if len(words) == 1 and stem:
                    self._stems.setdefault(words[0], []).append(pattern)
                    lengths.add(len(words[0]))
                else:
                    self._exact.setdefault(words[0], []).append(pattern)
        self._stem_lengths = tuple(sorted(lengths))
        if self._field_entries:
            self._fields = FieldIndex(list(self._field_entries), _words)

    def __len__(self) -> int:  # (how many judgments it listens for)
        return len(self.entries)

    def ids(self) -> list[str]:
        """The ids of the entries, in the campaign's order."""
        return [e.id for e in self.entries]

    def get(self, judgment_id: str) -> Entry | None:
        """The entry (or negated-only entry) for a judgment id."""
        found = next((e for e in self.entries if e.id == judgment_id), None)
        return found if found is not None else self.extra.get(judgment_id)

    def match(self, text: str) -> list[Match]:
        """What one line matches, one match per resulting judgment (the strongest)."""
        tokens = tokenize(text)
        best: dict[str, Match] = {}
        said_emphatically = emphatic(text, tokens)
        offered: list[bool] = []  # whether the line gives: read once, and only if asked

        def offers() -> bool:
            if not offered:
                offered.append(giving(text) or self._offer_heard(tokens))
            return offered[0]

        # whether the words at a place are questioned and negated: a field's hit is
        # weighed for every entry that names the field, so read its context once
        context: dict[tuple[int, int], tuple[bool, bool]] = {}

        def weigh(
            entry: Entry,
            at: int,
            end: int,
            said: str,
            loose: bool,
            asked: float | None,
            goods: bool = False,
        ) -> None:
            if to_oneself(tokens, end) or vow_asked(tokens, end) or chore(tokens, end):
                return  # promised to nobody, or asked of the listener, or a task taken on
            if withheld(tokens, at) or of_a_thing(tokens, at, end, entry.spec.direction):
                return  # "I can't promise we'll find him", "a reassuring fire": not said
            if "offer" in entry.spec.fields and (
                demanded(tokens, at) or solicited(tokens, at, end)
            ):
                return  # "hand over the sausages": taken from the listener, not offered
            if goods and "offer" in entry.spec.fields and not offers():
                return  # "so he likes sausages": the goods named, nothing offered
            base = entry.spec.field_confidence if loose else entry.spec.confidence
            confidence = base
            if (at, end) not in context:
                context[at, end] = (
                    questioned(tokens, at),
                    negated_at(tokens, at) or vow_refused(tokens, end),
                )
            asked_here, negated = context[at, end]
            negated = negated and tokens[at] not in OUT_OF_CHARACTER  # "not scary lol"
            if asked_here:
                confidence *= QUESTION_WEIGHT if asked is None else asked
            elif said_emphatically:
                confidence = min(EMPHASIS_CAP, max(confidence, confidence + EMPHASIS_BONUS))
            found: Match | None = Match(entry, round(confidence, 3), said, loose=loose)
            if negated:
                weight = NEGATED_FIELD_WEIGHT if loose else 1.0
                found = self._negation_of(entry, round(confidence * weight, 3), said, loose)
            if found is None:
                return
            held = best.get(found.entry.id)
            if held is None or found.confidence > held.confidence:
                best[found.entry.id] = found

        for at, token in enumerate(tokens):
            for pattern in self._candidates(token):
                if _follows(tokens, at, pattern):
                    entry = self.entries[pattern.entry]
                    # a keyword written as a question ("why should we care"): not weakened
                    asked = 1.0 if pattern.words[0] in INTERROGATIVES else None
                    end = at + len(pattern.words) - 1
                    weigh(entry, at, end, pattern.text, False, asked, self._goods(pattern))
        if self._fields is not None:
            for hit in self._fields.scan(tokens):
                for index in self._field_entries[hit.field]:
                    entry = self.entries[index]
                    said = f"{hit.phrase} ({hit.field})"
                    weigh(entry, hit.at, hit.end, said, True, hit.questions)
        return list(best.values())

    def heard(self, text: str, addressee: str | None, present: Collection[str]) -> list[Match]:
        """What a line said to ``addressee`` (or to nobody in particular) matches, keeping
        only entries about whom it is said to — or, said to nobody, about someone here —
        and those about nobody. A line no keyword or field matches is read for its
        meaning (:mod:`app.world.meaning`)."""
        words = {t for t in tokenize(text) if t not in CLAUSE_END}
        if words & OUT_OF_CHARACTER and words <= OUT_OF_CHARACTER | _FILLERS:
            return []  # "lol", "haha ok": laughter at the table, not at anyone in the story
        if to_a_friend(text, self.friends, self.people):
            return []  # "Mira, you're the bravest of us": said to a friend
        kept = [m for m in self.match(text) if _said_to(m.entry, addressee, present)]
        sent_on = message_for_another(text, addressee, self.people, present)
        if sent_on:  # "Tell Nessa we'll bring Corin home", said to Wendel: sent on
            kept = [m for m in kept if not kind_to(m, addressee or "")]
        if addressee is not None and of_another(text, addressee, self.people):
            # "That goblin chief sounds like a clown", said to Berta: of him, not her
            return [m for m in kept if not esteem(m)]
        if not kept and (disowning(text) or only_looked(text)):
            return []  # "I'm not here to insult you", "*looks at the grate*": nothing said
        if not kept:
            listening = [e for e in self.entries if _said_to(e, addressee, present)]
            kept = self._by_meaning(text, listening) if listening else []
            kept = [m for m in kept if not (sent_on and kind_to(m, addressee or ""))]
        if mocking(text):  # "great chief my boot": kind words, said mocking
            candidates = [*self.entries, *self.extra.values()]
            kept = [m for m in (mocked(m, candidates) for m in kept) if m is not None]
            if not any(m.entry.spec.about == addressee for m in kept):
                kept += derided(self.entries, addressee)  # "*snickers at his helmet*": a slight
        if threatening(text):  # "let go of the rope or I'll cut you down": no kindness
            kept = [m for m in kept if intent.kind_of(m.entry.spec) not in ("up", "offer")]
        kept = exclusive(kept)  # a threat is not mercy: one of the two
        kept = unpraised(kept)  # "your majesty, king of the turnip thieves": praise mocked
        if undecided(text) or hedged(text):  # "… not decided yet", "… no guarantees"
            kept = [m for m in kept if m.entry.spec.direction == "down"]
        listening = [e for e in self.entries if _said_to(e, addressee, present)]
        asked = _wholly_asked(text)
        return intent.weighed(text, kept, listening, asked)  # a second opinion: said how

    def _by_meaning(self, text: str, listening: list[Entry]) -> list[Match]:
        """The entries a line means by its nearest example, at their ``field_confidence``:
        a loose reading, never surer than a field's word."""
        tokens = tokenize(text)
        words = [at for at, t in enumerate(tokens) if t not in CLAUSE_END]
        if len(words) < MIN_WORDS:
            return []  # "lol" is too short to read
        if any(t in OUT_OF_CHARACTER for t in tokens):
            return []  # "lol this is fun" is said at the table, not to Berta
        if any(vow(t) and vow_asked(tokens, at) for at, t in enumerate(tokens)):
            return []  # "promise me you'll stay off the shore": asked, not promised
        if any((vow(t) or t in ASSURANCES) and (negated_at(tokens, at) or vow_refused(tokens, at))
               for at, t in enumerate(tokens)):  # fmt: skip
            return []  # "I won't promise anything, but…": what follows promises nothing
        if any(demanded(tokens, at) for at in range(len(tokens))):
            # "hand over the sausages": what is taken from the listener is not offered
            listening = [e for e in listening if "offer" not in e.spec.fields]
        if self._meaning is None:
            self._meaning = MeaningIndex(_own_examples(self.entries), has_negation)
        heard = hear(
            self._meaning,
            text,
            {e.id: e.spec.fields for e in listening},
            negated=has_negation,
            asked=_asked,
        )
        if heard is None:
            return []
        example = heard.nearest.example
        said = f'like "{example.text}" ({example.name}, {heard.nearest.similarity:.2f})'
        chosen = [e for e in listening if e.id in heard.ids]
        return [Match(e, e.spec.field_confidence, said, loose=True) for e in chosen]

    def _goods(self, pattern: _Pattern) -> bool:
        """Whether a keyword names a thing that can be offered rather than the offering: one
        word that is no word of the ``offer`` field ("sausage*", "food"; not "deal",
        "in exchange"). Such a word is an offer only in a line that gives (:func:`giving`)."""
        if len(pattern.words) != 1 or self._fields is None:
            return False
        return not self._fields.names(pattern.words[0], "offer")

    def _offer_heard(self, tokens: list[str]) -> bool:
        """Whether a word or phrase of the ``offer`` field is in the line ("in exchange",
        "name your price"): what else it names may be the offer."""
        if self._fields is None or "offer" not in self._field_entries:
            return False
        return any(hit.field == "offer" for hit in self._fields.scan(tokens))

    def _candidates(self, token: str) -> Iterator[_Pattern]:
        yield from self._exact.get(token, ())
        for length in self._stem_lengths:
            if length > len(token):
                break
            yield from self._stems.get(token[:length], ())

    def _negation_of(
        self, entry: Entry, confidence: float, keyword: str, loose: bool
    ) -> Match | None:
        if entry.spec.negated is None:
            return None
        other = self.get(entry.spec.negated)
        if other is None:
            return None
        return Match(other, confidence, keyword, negated_from=entry.id, loose=loose)


def _said_to(entry: Entry, addressee: str | None, present: Collection[str]) -> bool:
    """Whether words said to ``addressee`` (or to nobody in particular, with ``present``
    here) can be about the entry's NPC: words to Tam are not words to Berta."""
    about = entry.spec.about
    if about is None:
        return True
    return about == addressee if addressee is not None else about in present


def _parts(description: str) -> list[str]:
    """The parts of a description that each say one thing it means ("The party reassures
    Berta: promises to bring Tam back, comforts her" → "promises to bring Tam back",
    "comforts her"): a line that means one of them is nearer it than the whole."""
    parts = (part.strip() for part in _DESCRIPTION_PARTS.split(description))
    return [part for part in parts if len(_words(part)) >= 2 and part != description.strip()]


_DESCRIPTION_PARTS = re.compile(r"[:;,]|\s+or\s+")


def _own_examples(entries: list[Entry]) -> list[Example]:
    """Each judgment's own examples for the meaning model: its description and each of its
    parts, its ``examples`` and its keyword phrases of two words or more."""
    own: list[Example] = []
    for entry in entries:
        spec = entry.spec
        phrases = [k.replace("*", "") for k in spec.keywords if len(_words(k)) >= 2]
        for text in [spec.description, *_parts(spec.description), *spec.examples, *phrases]:
            if text.strip():
                own.append(Example(text, "judgment", entry.id, has_negation(text)))
    return own


def _asked(text: str) -> bool:
    """Whether any of a text's words are asked ("will you find him?"): a question."""
    tokens = tokenize(text)  # (after an "or": "… or who else might have one")
    tokens = tokens[1:] if tokens[:1] in (["or"], ["but"]) else tokens
    return any(questioned(tokens, at) for at, t in enumerate(tokens) if t not in CLAUSE_END)


def _wholly_asked(text: str) -> bool:
    """Whether every sentence of a line is a question ("will you have him home by dark?")."""
    parts = [p for p in re.split(r"(?<=[.!?;])\s+", text.strip()) if _words(p)]
    return bool(parts) and all(_asked(p) for p in parts)


def _words(keyword: str) -> list[str]:
    return [t for t in tokenize(keyword.replace("*", " ")) if t not in CLAUSE_END]


def _follows(tokens: list[str], at: int, pattern: _Pattern) -> bool:
    """Whether the pattern's words are at ``tokens[at:]`` (the last one as a stem)."""
    words = pattern.words
    if at + len(words) > len(tokens):
        return False
    for offset, word in enumerate(words):
        token = tokens[at + offset]
        last = offset == len(words) - 1
        if last and pattern.stem:
            if not token.startswith(word):
                return False
        elif token != word:
            return False
    if pattern.alone:
        after = at + len(words)
        return said_alone(tokens, after)
    return True


def judged_in(fact: Fact) -> Iterator[str]:
    """The judgment ids a condition names with ``judged`` (at any depth)."""
    if fact.judged is not None:
        yield fact.judged
    if fact.happened is not None and fact.happened.startswith("judged."):
        yield fact.happened.removeprefix("judged.")
    for part in (*(fact.all or ()), *(fact.any or ())):
        yield from judged_in(part)
    if fact.not_ is not None:
        yield from judged_in(fact.not_)
    if fact.threshold is not None:
        for part in fact.threshold.of:
            yield from judged_in(part)


def build(
    campaign: Campaign,
    scene: str,
    present: list[str],
    *,
    spent: frozenset[str] = frozenset(),
    met: frozenset[str] = frozenset(),
) -> SensitivityMap:
    """The map for a scene with these NPCs present; ``spent``: once-only triggers that
    have fired (they no longer listen), ``met``: goals already met."""
    serves: dict[str, list[str]] = {}
    for trigger in campaign.all_triggers:
        if trigger.once and trigger.id in spent:
            continue
        for jid in judged_in(trigger.when):
            serves.setdefault(jid, []).append(trigger.id)
    goals: dict[str, list[str]] = {}
    spec = campaign.scenes.get(scene)
    for goal_id, goal in (spec.goals if spec is not None else {}).items():
        if goal_id not in met:
            for jid in judged_in(goal.when):
                goals.setdefault(jid, []).append(goal_id)

    def entry(jid: str, judgment: JudgmentSpec) -> Entry:
        return Entry(jid, judgment, tuple(serves.get(jid, ())), tuple(goals.get(jid, ())))

    entries = [
        entry(jid, judgment)
        for jid, judgment in campaign.judgments.items()
        if _applies(judgment, scene, present)
    ]
    here = {e.id for e in entries}
    extra = {
        e.spec.negated: entry(e.spec.negated, campaign.judgments[e.spec.negated])
        for e in entries
        if e.spec.negated and e.spec.negated not in here and e.spec.negated in campaign.judgments
    }
    people = {
        nid: tuple(n.lower() for n in (npc.name, npc.name.split()[0], *npc.aliases) if n)
        for nid, npc in campaign.npcs.items()
    }
    friends = tuple(campaign.character(c).name.split()[0].lower() for c in campaign.campaign.party)
    return SensitivityMap(entries, extra, people=people, friends=friends)


def _applies(judgment: JudgmentSpec, scene: str, present: list[str]) -> bool:
    if judgment.scenes:
        return scene in judgment.scenes
    if judgment.about is not None:
        return judgment.about in present
    return True


_CACHE: dict[tuple[object, ...], tuple[Campaign, SensitivityMap]] = {}
_CACHE_SIZE = 16


def sensitivity_map(state: GameState) -> SensitivityMap:
    """The map for the party's scene as the game stands (empty without a campaign)."""
    campaign = state.campaign
    if campaign is None or not campaign.judgments:
        return SensitivityMap()
    present = view.npcs_here(state, campaign)
    scene = state.scene.id
    spent = frozenset(p.removeprefix("fired.") for p in state.truth.index if p.startswith("fired."))
    met = frozenset(g.removeprefix("goal.") for g in state.truth.index if g.startswith("goal."))
    key = (id(campaign), scene, tuple(present), spent, met)
    cached = _CACHE.get(key)
    if cached is not None and cached[0] is campaign:
        return cached[1]
    built = build(campaign, scene, present, spent=spent, met=met)
    if len(_CACHE) >= _CACHE_SIZE:
        _CACHE.pop(next(iter(_CACHE)))
    _CACHE[key] = (campaign, built)
    return built
