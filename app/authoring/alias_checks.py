"""``dungeon validate``'s check of the words a campaign gives its places, things and
people: each name and alias is typed, as a player would, in its own scene, and must reach
what it names.

A word that does not is taken by something else: one of the game's own words, or
another thing of the scene. Two more are warned of even when the word still reaches its
thing, for the game has to guess between two meanings and players may not know which it
took:

- a word that is also one of the referee's own (an exit called ``camp``: in its scene
  "go back to camp" takes that way — the author's word wins there — but "camp" is a long
  rest everywhere else, and "make camp" still is one);
- two things of one scene whose words differ only as singular and plural (``palm`` and
  ``palms``): only the exact word tells them apart, and "the palm trees" names both.

The game still runs, so each is a warning that names what the word is read as and how
to mend it.

Only what a new game shows is read: a feature or an exit that appears later (``when``,
a hidden way) is named in its own time, with the world as it is then.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from app.referee.challenge_phrases import read_as
from app.understanding import Intent, understand
from app.understanding.vocabulary import ENGLISH, Vocabulary, vocabulary_for
from app.understanding.words import normalise, stem
from app.world import view
from app.world.campaign import Campaign
from app.world.newgame import new_game
from app.world.references import Problem
from app.world.state import GameState

KIND = "word read otherwise"
"""The kind of problem (a warning: the game runs, but the word does not reach its thing)."""


@dataclass(frozen=True)
class _Word:
    """One name to try: where it is written, the thing it names, and how a player says it."""

    where: str
    word: str
    kind: str
    """``exit``, ``feature`` or ``npc``."""
    target: str
    """The id the reading must reach (an exit's scene, a feature's or a person's id)."""
    lines: tuple[str, ...]
    """Lines a player would type to use it; reaching it through any one is enough."""


def _words(state: GameState, campaign: Campaign, sid: str) -> Iterator[_Word]:
    """Every name and alias of what the party meets in scene ``sid`` of a new game."""
    scene = campaign.scenes[sid]
    for n, way in enumerate(scene.exits):
        if way.hidden and not view.exit_open(state, way):
            continue  # a secret way, not yet known of
        for at, word in _named(f"scenes.{sid}.exits[{n}]", way.name, way.aliases):
            lines = (f"go to the {word}", f"go {word}", f"take the {word}")
            yield _Word(at, word, "exit", way.to, lines)
    for fid, feature in view.features_here(state, campaign).items():
        for at, word in _named(f"scenes.{sid}.features.{fid}", feature.name, feature.aliases):
            yield _Word(at, word, "feature", fid, (f"examine the {word}", f"look at the {word}"))
    for nid in view.npcs_here(state, campaign):
        npc = campaign.npcs[nid]
        for at, word in _named(f"npcs.{nid}", npc.name, npc.aliases):
            yield _Word(at, word, "npc", nid, (f"talk to {word}",))


def _typable(word: str) -> bool:
    """A word a player could type: not empty, and no brackets or braces (a name that
    carries markup-like text is read by what else it says, not checked here)."""
    return bool(word.strip()) and not any(c in word for c in "[]{}<>")


def _named(where: str, name: str, aliases: list[str]) -> Iterator[tuple[str, str]]:
    """(key path, word) for a name and each alias."""
    yield f"{where}.name", name
    for n, alias in enumerate(aliases):
        yield f"{where}.aliases[{n}]", alias


def _reaches(intent: Intent, word: _Word) -> bool:
    """Whether the referee would take the line as using the thing the word names (at
    once, or with one "yes" to a question back)."""
    wanted = {"exit": ("move",), "feature": ("examine",), "npc": ("talk",)}[word.kind]
    if intent.kind in wanted and word.target in intent.targets:
        return True
    if word.kind in ("feature", "npc") and intent.kind == "challenge":
        return True  # the scene's own challenge, written for it ("search the flagstone")
    return intent.kind == "ask" and any(
        r.kind in wanted and r.target == word.target for r in intent.alternatives
    )


def _mend(intent: Intent, word: _Word) -> str:
    """How to mend it, by what took the word."""
    if intent.kind in ("rest", "manoeuvre", "help", "inventory", "hold", "question"):
        return f"{word.word!r} is one of the game's own words: give the {word.kind} another"
    if intent.targets and intent.targets[0] != word.target:
        return "the game reads both as one word: give one of them another name"
    return "give it a word players would type for it"


def own_words(vocab: Vocabulary) -> dict[str, str]:
    """The referee's words that are a whole action by themselves, whatever else the line
    names ("camp" -> "a rest"): a thing called so is fought over. Verbs that need an object
    ("light", "loot") are not among them: what they are done to decides, and the typed
    check below finds where that goes wrong."""
    meant: dict[str, str] = {}
    for label, lists in (("a rest", vocab.rests), ("a combat action", vocab.manoeuvres)):
        for phrases in lists.values():
            for phrase in phrases:
                meant.setdefault(phrase, label)
    for phrase in vocab.verbs.get("rest", ()):
        meant.setdefault(phrase, "a rest")
    for label, phrases in (("holding back", vocab.hold), ("a call for help", vocab.help),
                           ("a look at the inventory", vocab.inventory),
                           ("looking around", vocab.look_around)):  # fmt: skip
        for phrase in phrases:
            meant.setdefault(phrase, label)
    return meant


def _vocabulary_clash(word: _Word, meant: dict[str, str], vocab: Vocabulary) -> str | None:
    """Why a word is also one of the referee's own, or None. A way's direction ("down")
    and the verb of what the thing is for (a feature to "search") are no clash."""
    said = normalise(word.word)
    if word.kind == "exit" and said in vocab.directions:
        return None
    label = meant.get(said)
    if label is None or (word.kind == "exit" and label == "a combat action"):
        return None  # a way named "retreat" is where one retreats to
    return (f"{word.word!r} is also one of the game's own words ({label}): in its scene the "
            f"{word.kind} wins, elsewhere and in longer phrases it is read as {label} — "
            "give it a word of its own")  # fmt: skip


def _stem_clashes(words: list[_Word]) -> list[Problem]:
    """Words of two different things of one scene that differ only as singular and
    plural ("palm", "palms")."""
    problems: list[Problem] = []
    by_stem: dict[str, _Word] = {}
    for word in words:
        said = normalise(word.word)
        key = " ".join(stem(w) for w in said.split())
        other = by_stem.setdefault(key, word)
        if other.target != word.target and normalise(other.word) != said:
            message = (f"{word.word!r} and {other.word!r} ({other.where}) are one word to the "
                       "game but for singular and plural: only the exact word tells them "
                       "apart — give one of them another name")  # fmt: skip
            problems.append(Problem(KIND, word.where, message))
    return problems


def alias_problems(campaign: Campaign) -> list[Problem]:
    """Every name or alias that, typed in its scene, reaches something else, with what the
    game reads it as and how to mend it. The campaign must be playable."""
    state = new_game(campaign)
    party = list(campaign.campaign.party)
    vocab = vocabulary_for(campaign.campaign.language or "en") or ENGLISH
    meant = own_words(vocab)
    problems: list[Problem] = []
    seen: set[str] = set()
    for sid in campaign.scenes:
        if sid not in state.scenes:
            continue
        state.scene = state.scenes[sid]
        here = [w for w in _words(state, campaign, sid) if _typable(w.word)]
        problems += [p for p in _stem_clashes(here) if p.where not in seen]
        for word in here:
            if word.where in seen:
                continue  # a person who appears in several scenes is read once
            seen.add(word.where)
            clash = _vocabulary_clash(word, meant, vocab)
            if clash is not None:
                problems.append(Problem(KIND, word.where, clash))
                continue
            first = _first_reading(word, party, state, campaign)
            if first is not None:
                taken = read_as(first, state, campaign)
                message = (f"{word.lines[0]!r} is read as {taken}, not the {word.kind} "
                           f"{word.word!r} names — {_mend(first, word)}")  # fmt: skip
                problems.append(Problem(KIND, word.where, message))
    return problems


def _first_reading(
    word: _Word, party: list[str], state: GameState, campaign: Campaign
) -> Intent | None:
    """How the first of the word's lines is read when none of them reaches its thing for
    anyone in the party; None when one does (a character who carries candles may mean
    them by "the candles", and another the altar's)."""
    first: Intent | None = None
    for line in word.lines:
        for actor in party:
            intent = understand(line, actor, state, campaign)
            if _reaches(intent, word):
                return None
            first = first or intent
    return first
