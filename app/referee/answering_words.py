"""A question to the DM, read for answering from the game: its words (lower-cased, a slip
of the finger mended) and whom it is about — the asker ("my AC", "am I ok"), a party
member it names ("what's Thorin's AC", "is Bram still prone"), a creature the parser
resolved ("is rat 3 dead"), or the whole party ("how is everyone").

The parser (:mod:`app.understanding`) decides that a line *is* a question; this module
only reads its words again to tell which fact it asks for.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import cache

from rapidfuzz import fuzz, process

from app.understanding import Intent
from app.understanding.known_words import english_words
from app.understanding.scope import living_creatures
from app.understanding.words import POLITE, TITLES
from app.world.campaign import Campaign
from app.world.state import GameState
from rules.character import CharacterSheet

KEYWORDS: tuple[str, ...] = (
    "health", "wounded", "injured", "armor", "armour", "class", "slots", "spells", "cantrips",
    "cantrip", "weapon", "weapons", "damage", "speed", "movement", "carrying", "inventory",
    "equipment", "conditions", "condition", "effects", "features", "feature", "level",
    "experience", "initiative", "stealth", "perception", "athletics", "acrobatics", "insight",
    "persuasion", "deception", "intimidation", "investigation", "arcana", "history",
    "medicine", "nature", "religion", "survival", "performance", "sleight", "strength",
    "dexterity", "constitution", "intelligence", "wisdom", "charisma", "saving", "throw",
    "bonus", "modifier", "spellcasting", "attack", "attacks", "advantage", "disadvantage",
    "reaction", "action", "engaged", "closest", "nearest", "remaining", "standing", "alive",
    "unconscious", "asleep", "poisoned", "frightened", "prone", "grappled", "restrained",
    "stunned", "paralyzed", "paralysed", "blinded", "charmed", "deafened", "invisible",
    "incapacitated", "petrified", "exhaustion", "exhausted", "vulnerable", "resistant",
    "immune", "weakness", "happened", "supposed", "goal", "quest", "range", "finesse",
    "concentration", "opportunity", "longsword", "shortsword", "crossbow", "shortbow",
    "longbow", "rapier", "dagger", "battleaxe", "greataxe", "warhammer", "handaxe",
    "quarterstaff", "javelin", "everyone", "everybody", "initiative", "hurt", "spell",
)  # fmt: skip
"""Words the answers listen for: a typed word this close to one is read as it."""

SELF_WORDS = frozenset({"i", "me", "my", "mine", "myself", "im"})
"""Words that make the asker the one asked about."""
PARTY_WORDS = frozenset(
    {"we", "us", "our", "everyone", "everybody", "party", "anyone", "anybody", "all", "who"}
)
"""Words that ask about the whole party."""
SQUEEZED = {
    "whats": "what",
    "wheres": "where",
    "whos": "who",
    "hows": "how",
    "whose": "whose",
    "thats": "that",
    "theres": "there",
    "armour": "armor",
    "wat": "what",
    "wut": "what",
    "waht": "what",
    "whta": "what",
    "wht": "what",
    "wats": "what",
    "hw": "how",
    "hwo": "who",
    "clas": "class",
    "hav": "have",
    "dose": "does",
}
"""Words typed without their apostrophe ("whats in here") or with a finger slipped ("wat",
"clas"), read as the words meant."""
MEASURES = frozenset({"many", "much", "far", "long", "fast", "old", "bad", "badly"})
"""Words after which a slipped "hwo" was "how" ("hwo many"), not "who"."""
TYPO_LIKENESS = 80
"""How alike (0-100) a typed word and a keyword must be to read one as the other."""


@cache
def _keywords() -> tuple[str, ...]:
    return tuple(sorted(set(KEYWORDS)))


def mend(word: str, keep: frozenset[str]) -> str:
    """A word, or the keyword it is a slip of ("stelth" is "stealth"): only words of five
    letters or more that start like the keyword and are no English word of their own, so
    short words and real ones are never bent."""
    if len(word) < 5 or word in keep or word in _keywords() or word in english_words():
        return word  # a word of its own ("happens" is no slip of "happened")
    found = process.extractOne(word, _keywords(), scorer=fuzz.ratio, score_cutoff=TYPO_LIKENESS)
    if found is None or found[0][0] != word[0]:
        return word
    return str(found[0])


def words_of(text: str, keep: frozenset[str] = frozenset()) -> tuple[str, ...]:
    """The line's words, lower-cased, possessives and punctuation dropped, slips mended."""
    said = text.lower().replace("\u2019", "'")
    said = re.sub(r"'s\b", "", said)
    said = re.sub(r"[^a-z0-9+ ]+", " ", said)
    words = [SQUEEZED.get(w, w) for w in (mend(w, keep) for w in said.split())
             if w not in POLITE]  # fmt: skip
    for n, word in enumerate(words[:-1]):
        if word == "who" and said.split()[n] == "hwo" and words[n + 1] in MEASURES:
            words[n] = "how"
    return tuple(words)


def first_name(sheet: CharacterSheet) -> str:
    """``thorin`` for Thorin Oakenshield, ``cass`` for Brother Cass."""
    words = sheet.name.lower().split()
    return next((w for w in words if w not in TITLES), words[0])


@dataclass(frozen=True)
class Asked:
    """A question, read: its words and whom it is about."""

    state: GameState
    campaign: Campaign | None
    intent: Intent
    words: tuple[str, ...]
    member: str | None
    """The party member asked about: the one named, else the asker for I/me/my."""
    named: bool
    """The member was named (or is the only one of their class named), not just "I"."""
    creatures: tuple[str, ...]
    """Creatures the parser resolved in the line, most likely first."""

    @property
    def text(self) -> str:
        """The words joined, with a space at each end, for phrase tests."""
        return f" {' '.join(self.words)} "

    @property
    def actor(self) -> str | None:
        """Who typed the line."""
        return self.intent.actor

    def has(self, *phrases: str) -> bool:
        """Any of the phrases (whole words) is in the line."""
        text = self.text
        return any(f" {p} " in text for p in phrases)

    def word(self, *words: str) -> bool:
        """Any of the words is in the line."""
        return any(w in self.words for w in words)

    @property
    def about_self(self) -> bool:
        """The line says I, me or my."""
        return any(w in SELF_WORDS for w in self.words)

    @property
    def about_party(self) -> bool:
        """The line asks about the party as a whole, naming nobody."""
        return not self.named and any(w in PARTY_WORDS for w in self.words)

    @property
    def creature(self) -> str | None:
        """The one creature the line names, when it names one (``rat 3``, ``the first
        goblin``), not a kind of them ("how many rats")."""
        if len(self.creatures) == 1:
            return self.creatures[0]
        if self.creatures and self.word(*ORDINALS, *(str(n) for n in range(1, 21))):
            return self.creatures[0]
        return None

    @property
    def sheet(self) -> CharacterSheet | None:
        """The sheet of the member asked about."""
        return self.state.party.get(self.member or "")

    @property
    def own_sheet(self) -> CharacterSheet | None:
        """The member asked about, else the asker: for what only a character can have (a
        weapon, spell slots)."""
        return self.sheet or self.state.party.get(self.actor or "")


ORDINALS = ("first", "second", "third", "fourth", "other", "last", "that", "this")
"""Words that pick out one creature of several ("the other wolf")."""


def _member_named(state: GameState, words: tuple[str, ...], intent: Intent) -> str | None:
    """A party member the line names: by name or first name, a near miss of one, a class
    only one of them has ("what's a cleric's spellcasting modifier"), or as the parser
    resolved it."""
    for cid, sheet in state.party.items():
        full = f" {sheet.name.lower()} "
        if full in f" {' '.join(words)} " or first_name(sheet) in words:
            return cid
    for player, played in state.players.items():
        said = {player.lower(), f"{player.lower()}'s", f"{player.lower()}s"}
        if len(state.players) > 1 and len(played) == 1 and said & set(words):
            return played[0]  # "what's Ben's character's AC": the one Ben plays
    for target in intent.targets:
        if target in state.party:
            return target
    names = {cid: first_name(s) for cid, s in state.party.items()}
    for word in words:
        if len(word) < 4 or word in english_words():
            continue  # "what's my class" names no Cass
        found = process.extractOne(word, names, scorer=fuzz.ratio, score_cutoff=85)
        if found is not None:
            return str(found[2])
    classes = [cid for cid, s in state.party.items() if s.character_class.lower() in words]
    return classes[0] if len(classes) == 1 else None


def _kind_named(state: GameState, words: tuple[str, ...]) -> tuple[str, ...]:
    """The living foes of a kind the question names by its plain word ("what's a wolf's AC":
    the reader took "wolf's" for no one; the question's own words have the owner)."""
    if state.encounter is None:
        return ()
    alive = [c for c in living_creatures(state) if not state.creatures[c].npc]
    kinds = {c: state.creatures[c].name.rstrip("0123456789 ").lower().split() for c in alive}
    return tuple(c for c in alive if kinds[c] and kinds[c][-1] in words)  # ("giant rat": rat)


def _scene_words(state: GameState, campaign: Campaign | None) -> frozenset[str]:
    """The words of the scene the party is in — its text, its things, its ways — which no
    slip-mending bends into a keyword ("casks" is no slip of "class")."""
    spec = campaign.scenes.get(state.scene.id) if campaign is not None else None
    if spec is None:
        return frozenset()
    return frozenset(re.findall(r"[a-z]{5,}", spec.model_dump_json().lower()))


def as_asked(intent: Intent) -> Intent:
    """The question as its words ask it: the asker, whom "I" and "my" made what it is about,
    is not a person named ("whats my favourite colour" names nobody to answer for)."""
    if "asker" not in intent.extra:
        return intent
    return replace(intent, targets=tuple(t for t in intent.targets if t != intent.actor))


def read_question(state: GameState, campaign: Campaign | None, intent: Intent) -> Asked:
    """The question's words and whom it is about."""
    intent = as_asked(intent)  # ("my AC": the asker by "I", read from the words again)
    keep = frozenset(first_name(s) for s in state.party.values()) | _scene_words(state, campaign)
    words = words_of(intent.text, keep)
    # ("how hurt is the rat Thorin hit": Thorin only says which rat)
    named = None if "described" in intent.extra else _member_named(state, words, intent)
    member = named
    if member is None and any(w in SELF_WORDS for w in words):
        member = intent.actor if intent.actor in state.party else None
    creatures = tuple(t for t in intent.targets if t in state.creatures) or _kind_named(
        state, words
    )
    return Asked(state, campaign, intent, words, member, named is not None, creatures)
