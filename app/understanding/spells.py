"""Which spell a line names: the full name in any form ("fire bolt", "firebolt", "Fire
Bolt"), short or misspelled names from the vocabulary ("missile", "magic missle"), or a
close typo — known to the caster or not (an unknown spell is understood, then refused)."""

from __future__ import annotations

import contextlib
import re
from collections.abc import Collection
from dataclasses import dataclass
from functools import cache, lru_cache

from rapidfuzz import fuzz

from app.understanding.healing_asked import WORKED, healing_spell
from app.understanding.intent import Intent
from app.understanding.readings import Context
from app.understanding.spell_verbs import harming, spell_by_effect, spell_by_verb
from app.understanding.words import normalise, phrase_at
from app.world.state import GameState
from rules.srd import srd


@cache
def _names() -> dict[str, list[str]]:
    """Each SRD spell's names as a line would say them (made once: the SRD never changes)."""
    return {
        sid: [normalise(spell.name), sid.replace("_", " ")]
        for sid, spell in srd().spells.entries.items()
    }


def names_a_spell(text: str) -> bool:
    """The words are an SRD spell's name ("Fire Bolt", "healing word"), or the last word
    of a longer one, said short ("mockery: who's a mangy boy then")."""
    said = normalise(text)
    short = len(said) > 5 and " " not in said
    return any(
        said in names or (short and any(n.split()[-1] == said for n in names if " " in n))
        for names in _names().values()
    )


def mentions_a_spell(text: str, among: Collection[str]) -> bool:
    """The words name one of the spells ``among`` (ids) anywhere ("magic missile grubnak
    but don't kill him")."""
    said = f" {normalise(text)} "
    spells = _names()
    return any(f" {n} " in said for sid in among for n in spells.get(sid, ()))


def opens_with_a_spell(text: str) -> bool:
    """The words begin with an SRD spell's name ("fire bolt the rat", "sleep on them")."""
    said = normalise(text)
    return any(said == n or said.startswith(f"{n} ") for names in _names().values() for n in names)


def spells_named(said: str) -> list[str]:
    """The SRD spells a (normalised) line names, by name or a close slip of it."""
    return list(_named_at(said))


@lru_cache(maxsize=256)
def _named_at(said: str) -> dict[str, int]:
    """Where the line names each SRD spell it names (by a name, squashed, or a close typo
    of a long one), by spell id. Cached by the line: it depends on the words alone. The
    answer is shared: never change it."""
    named: dict[str, int] = {}
    slipped: dict[str, str] = {}  # spell id: the name a slip was read as
    padded = f" {said} "
    words = said.split()
    # Where each run of words starts, by its words' first letters: a slip keeps each word's
    # first letter ("our wounds" is no "cure wounds"), so only the runs whose first letters
    # are a name's own are held against it (hundreds of names, a handful of runs each).
    runs: dict[tuple[str, ...], list[int]] = {}
    for n in {len(name.words) for names in _spoken().values() for name in names if name.long}:
        for i in range(len(words) - n + 1):
            runs.setdefault(tuple(w[0] for w in words[i : i + n]), []).append(i)
    for sid, names in _spoken().items():
        for name in names:
            at = padded.find(name.padded)
            if at < 0 and name.squashed:
                at = padded.find(name.squashed)
            if at < 0 and name.long:
                n = len(name.words)
                for i in runs.get(name.heads, ()):
                    gram = " ".join(words[i : i + n])
                    if fuzz.ratio(gram, name.said) >= 85 or _slipped_name(gram, name.said):
                        at = len(" ".join(words[:i])) + (1 if i else 0)
                        slipped[sid] = name.said
                        break
            if at >= 0:
                named[sid] = at
                break
    # "cast healing word" is Healing Word said right, not Mass Healing Word with a slip
    exact = [n for sid, names in _names().items() if sid in named and sid not in slipped
             for n in names]  # fmt: skip
    for sid, slip in slipped.items():
        if any(f" {n} " in f" {slip} " for n in exact):
            del named[sid]
    return named


@dataclass(frozen=True)
class _Name:
    """One way a spell's name is said, with what :func:`_named_at` holds a line against."""

    said: str
    padded: str
    """The name between spaces (found as whole words)."""
    squashed: str
    """A name of several words run together, between spaces ("firebolt"); "" for one word."""
    words: tuple[str, ...]
    heads: tuple[str, ...]
    """Each word's first letter."""
    long: bool
    """Long enough (8 letters or more) for a slip of it to be read as it."""


@cache
def _spoken() -> dict[str, list[_Name]]:
    """:func:`_names`, each made ready to be found in a line (made once)."""
    return {
        sid: [
            _Name(
                said=name,
                padded=f" {name} ",
                squashed=f" {name.replace(' ', '')} " if " " in name else "",
                words=tuple(name.split()),
                heads=tuple(w[0] for w in name.split()),
                long=len(name) >= 8,
            )
            for name in names
        ]
        for sid, names in _names().items()
    }


def _slipped_name(gram: str, name: str) -> bool:
    """A long name of several words with a slip or two in each ("magik misle"), not one
    word of it right and the rest another ("lighting it" is no Lightning Bolt)."""
    if len(name) < 12 or fuzz.ratio(gram, name) < 80:
        return False
    return all(fuzz.ratio(a, b) >= 70 for a, b in zip(gram.split(), name.split(), strict=True))


def spell_mentioned(ctx: Context, cast_verb: bool) -> tuple[int, str] | None:
    """(position, spell id) of the first spell the line names, or ``None``.

    A spell whose name is an everyday word ("sleep", "shield") counts only when the caster
    knows it or the line says to cast.
    """
    said = ctx.said
    sheet = ctx.state.party.get(ctx.actor or "")
    known = set(sheet.spells) if sheet is not None else set()
    found: list[tuple[int, str]] = []
    named = _named_at(said)
    for sid, names in _names().items():
        at = named.get(sid, -1)
        if at < 0:
            continue
        plain = sid in ctx.vocab.plain_spells
        aimed = at == 0 and _aimed_at_someone(ctx, said, names[0], sid)
        if plain and not cast_verb and not aimed and (sid not in known or _everyday(ctx, names[0])):
            continue  # ("guidance on me", by one who knows it not: that spell, not had)
        found.append((at, sid))
    for phrase, sid in ctx.vocab.spell_words.items():
        at = phrase_at(said, phrase)
        if at >= 0 and (sid in known or cast_verb or " " in phrase or len(phrase) > 6):
            found.append((at, sid))
    mocked = _MOCKING.search(said) if "vicious_mockery" in known and ctx.scope.fighting else None
    if mocked is not None:  # "sings a mocking little ditty at the thrall": the bard's cantrip
        found.append((mocked.start(), "vicious_mockery"))
    if not found:
        return healing_spell(ctx) or _described(ctx) or spell_by_effect(ctx) or spell_by_verb(ctx)
    # the caster's own spells first, then the earliest mention
    found.sort(key=lambda p: (p[1] not in known, p[0]))
    return found[0]


def _aimed_at_someone(ctx: Context, said: str, name: str, sid: str = "") -> bool:
    """The line opens with the spell's name put on someone ("guidance on me", "sleep on
    the goblins"), not on a place ("sleep at the mill tonight")."""
    aimed = re.match(rf"{re.escape(name)} (on |at )?(.+)", said)
    if aimed is None:
        return False
    whom = aimed.group(2)
    if aimed.group(1) == "at " and re.match(r"[\w-]+(?:'s|s')(?!\w)", whom):
        return False  # "we sleep at Nessa's": at her house, a night's rest
    pronoun = whom.split()[0] in ("me", "myself", "him", "her", "them", "it", "us", "you")
    if aimed.group(1) is None:  # "bless Cass": put on a friend named straight after it
        if re.search(r"\b(?:with|from|behind)\b", whom):
            return False  # ("shield Ione with my body": a guard, no spell)
        friend = any(whom.split()[0] == n.split()[0] for t in ctx.scope.of("member")
                     for n in t.names)  # fmt: skip
        # "sleep the ghost": a foe (or anyone here) named straight after it, by a spell cast
        # at others ("sleep the night through" names nobody; "shield bash rat 2" is a blow)
        spell = srd().spells.get(sid) if sid in srd().spells else None
        at_others = spell is not None and spell.range_ft > 0 and spell.casting_time == "action"
        return friend or (at_others and bool(ctx.named("creature", "npc", text=whom, floor=0.85)))
    return pronoun or bool(ctx.named("creature", "member", "npc", text=whom))


_MOCKING = re.compile(
    r"(?<!not )\b(?:mocks?|mocking|mocked|taunts?|taunting|jeers?|jeering|heckles?|heckling|"
    r"(?:rude|insulting|mocking|taunting|cruel|nasty|mean|scathing|cutting|vicious|spiteful)"
    r" (?:\w+ ){0,2}(?:song|ditty|rhyme|verse|tune|shanty|jingle|limerick|chant|insults?|jibes?))\b"
)
"""Mockery in a fight, however it is told, from a bard who knows Vicious Mockery."""

_ELEMENT_WORDS = {
    "fire": ("flame", "flames", "fire", "fiery", "ember", "embers", "blaze", "burning"),
    "cold": ("frost", "ice", "icy", "cold", "freezing", "rime"),
    "force": ("darts", "dart", "force"),
    "lightning": ("lightning", "sparks", "crackling"),
    "thunder": ("thunder", "thunderous", "boom", "shockwave"),
    "radiant": (
        "radiant",
        "radiance",
        "holy light",
        "searing light",
        "divine light",
        "lance of light",
        "god's light",
        "pale fire",
        "pale flame",
        "white fire",
        "silver fire",
        "column of light",
        "pillar of light",
        *(f"light of {whose} god" for whose in ("his", "her", "my", "their")),
    ),
    "necrotic": ("necrotic", "shadow"),
    "acid": ("acid",),
    "poison": ("poison",),
}
"""What a damaging spell's element is called in a story of it."""
_KIND_OF = {w: kind for kind, words in _ELEMENT_WORDS.items() for w in words}
_STRUCK_WITH = re.compile(
    rf"\bwith (?:a |some )?({'|'.join(sorted(_KIND_OF, key=len, reverse=True))}|magic)\b"
)
"""A blow said to be made with an element ("hit the guy with the saucepan with fire")."""


def _hurting(ctx: Context, kind: str) -> list[str]:
    """The caster's damaging spells of that kind of damage (any kind, for "magic")."""
    sheet = ctx.state.party.get(ctx.actor or "")
    return harming(sheet.spells if sheet is not None else [], None if kind == "magic" else kind)


def cantrips_of(ctx: Context, kind: str) -> list[str]:
    """The caster's damaging spells of that kind of damage (any kind, for "magic"); of a
    slot's spell and a cantrip alike, the cantrip."""
    fitting = _hurting(ctx, kind)
    return [sid for sid in fitting if srd().spells.get(sid).level == 0] or fitting


_FLIES = re.compile(r"\b(?:streak\w*|bolt|lance|flash|shoots?|ray|beam|hurl\w*|flies|fly)\b")
"""A spell told as flying at its mark: one that is aimed (an attack roll), like a bolt."""
_FALLS = re.compile(
    r"\b(?:down on|down upon|descend\w*|falls? on|from above|engulf\w*|calls? down|column|pillar)\b"
)
"""A spell told as falling on its mark: one it must dodge (a save), like a column of flame."""

_SPREADS = re.compile(
    r"\b(?:fan|fans|sheet|cone|wave|spray|sprays|sweeps?|spreads?|wall|gout|burst|bursts)\b"
)
"""A spell told as spreading over an area: one that covers it, like a cone of flame."""


def _by_its_shape(ctx: Context, kind: str) -> list[str]:
    """Of the caster's spells of that kind, the ones told by how they go: flying at the foe
    (an aimed spell) or falling on it (one to dodge); else the cantrip, as ever."""
    table = srd().spells
    fitting = _hurting(ctx, kind)
    flies, falls = _FLIES.search(ctx.said), _FALLS.search(ctx.said)
    if len(fitting) > 1 and _SPREADS.search(ctx.said) and not flies:
        spread = [sid for sid in fitting if table.get(sid).area is not None]
        if len(spread) == 1:  # "a fan of flame sweeps out across the rats": Burning Hands
            return spread
    if len(fitting) > 1 and bool(flies) != bool(falls):
        shaped = [sid for sid in fitting if (table.get(sid).attack is not None) == bool(flies)]
        if len(shaped) == 1:
            return shaped
    return cantrips_of(ctx, kind)


def struck_with_magic(ctx: Context, blow: Intent) -> Intent:
    """A blow with fire or frost from a caster is the one spell of theirs that does it
    ("I hit the guy with the saucepan on his head with fire": Fire Bolt at him)."""
    said = _STRUCK_WITH.search(ctx.said)
    if said is None or not blow.targets:
        return blow
    bolts = cantrips_of(ctx, _KIND_OF.get(said.group(1), said.group(1)))
    if len(bolts) != 1:
        return blow
    return ctx.intent("cast", spell=bolts[0], targets=blow.targets[:1], confidence=0.85)


def _described(ctx: Context) -> tuple[int, str] | None:
    """In a fight, a spell told by what it looks like rather than named ("a mote of flame
    leaps from her hand toward the second rat", "three darts of pale light streak from her
    fingers"): the one spell the caster knows that deals that kind of damage."""
    if not ctx.scope.fighting or WORKED.search(ctx.said) is None:
        return None
    for kind, words in _ELEMENT_WORDS.items():
        at = min((a for w in words if (a := phrase_at(ctx.said, w)) >= 0), default=-1)
        fitting = _by_its_shape(ctx, kind) if at >= 0 else []
        if len(fitting) == 1:
            return at, fitting[0]
    return None


def knows(ctx: Context, spell_id: str) -> bool:
    """The acting character knows the spell."""
    sheet = ctx.state.party.get(ctx.actor or "")
    return sheet is not None and spell_id in sheet.spells


def not_known(state: GameState, actor: str | None, spell_id: str) -> str:
    """That the character does not know the spell, and who in the party does ("Ivo does
    not know Guidance (Sela does)"), so the player knows whom to ask."""
    who = state.name_of(actor) if actor else "Nobody"
    spell = srd().spells.get(spell_id).name
    knowers = [state.name_of(m) for m, sheet in state.party.items() if spell_id in sheet.spells]
    if not knowers:
        return f"{who} does not know {spell}"
    does = "do" if len(knowers) > 1 else "does"
    return f"{who} does not know {spell} ({' and '.join(knowers)} {does})"


def _everyday(ctx: Context, name: str) -> bool:
    """The spell's name is used as a plain word here ("sleep till morning", "raise my shield"):
    it is also a rest or manoeuvre word and no creature is aimed at."""
    vocab = ctx.vocab
    phrases = [*vocab.verbs["rest"], *(p for ps in vocab.manoeuvres.values() for p in ps)]
    used = any(name in p.split() for p in phrases)
    aimed = any(t.kind == "creature" for t in ctx.named("creature"))
    # "sleep on the goblins": a spell aimed at someone, though no fight has named them yet
    # ("sleep the goblins", "sleep those two": the spell at them, named or not)
    # ("sleep on the dicing goblins": a word of description between)
    aiming = re.search(
        rf"\b{re.escape(name)}\s+(?:(?:on|at)\s+)?(?:the\s+|those\s+|both\s+)?"
        r"(?:\w+(?:ing|ed)\s+)?(\w+)",
        ctx.said,
    )
    whom = aiming.group(1) if aiming is not None else ""
    cast_at = whom in ("them", "him", "her", "those", "two", "three", "guards") or (
        bool(whom) and whom in _foe_words(ctx)
    )
    return used and not aimed and not cast_at and not _aimed_in_a_fight(ctx, name)


_NOT_AIMED = frozenset({"till", "until", "for", "in", "a", "an", "off", "it", "now", "here"})
"""Words after "sleep" that make it a rest, not a spell at someone ("sleep it off")."""


def _aimed_in_a_fight(ctx: Context, name: str) -> bool:
    """In a fight, a known spell's everyday name used as the verb of the clause with an
    object after it ("sleep the ghost", "sleep them"): the spell, since nobody rests or
    sleeps in the middle of a fight."""
    spoken = re.search(
        rf"\b(?:words?|spell|incantation|magic|chant|song|lullaby) of {re.escape(name)}\b"
        rf"|\b{re.escape(name)} spell\b",
        ctx.said,
    )  # "breathes the words of sleep", "my sleep spell": named as a spell, in a fight or not
    if spoken is not None:
        return True
    if not ctx.scope.fighting:
        return False
    m = re.match(rf"^(?:i\s+|we\s+)?{re.escape(name)}(?:\s+(\w+)|\W*$)", ctx.said)
    # ("sleep", "sleep!" alone: nobody lies down to sleep in the middle of a fight)
    return m is not None and m.group(1) not in _NOT_AIMED


def _foe_words(ctx: Context) -> set[str]:
    """Words for the campaign's foes, plural too ("goblins", "thrall")."""
    campaign = ctx.campaign
    if campaign is None:
        return set()
    words: set[str] = set()
    for encounter in campaign.encounters.values():
        for group in encounter.monsters:
            names = [group.name or "", group.monster.replace("_", " ")]
            with contextlib.suppress(KeyError):  # a foe with no stat block the game knows
                names.append(ctx.state.monster(group.monster).name)
            for word in " ".join(names).lower().split():
                words |= {word, word + "s"}
    return words


def unaffected(ctx: Context, spell_id: str, targets: tuple[str, ...]) -> str:
    """Why the spell cannot touch its target ("the Wolf is no person"), or ""."""
    spell = srd().spells.get(spell_id)
    for name, monster in _blocks_of(ctx, targets):
        block = ctx.state.monster(monster)
        if "person" in spell_id and block.type.split()[0] != "humanoid":
            return f"{name} is no person for {spell.name}"
        if spell.conditions and set(spell.conditions) <= set(block.condition_immunities):
            return f"{name} cannot be affected by {spell.name}"
        kind = block.type.split()[0]
        if kind in spell.no_effect_on:
            what = kind if kind == "undead" else f"a {kind}"
            return f"{name} is {what}; {spell.name} does nothing to it"
    return ""


def _blocks_of(ctx: Context, targets: tuple[str, ...]) -> list[tuple[str, str]]:
    """(name, monster id) of each creature the targets are: a foe, a person of the story who
    is fighting ("sleep the ghost"), or every foe of a fight a spell would open ("sleep on
    the grey guys" out on the strand)."""
    fighting = {c.npc: c for c in ctx.state.creatures.values() if c.npc and c.vitals.hp > 0}
    encounters = ctx.campaign.encounters if ctx.campaign is not None else {}
    found: list[tuple[str, str]] = []
    for target in targets:
        creature = ctx.state.creatures.get(target) or fighting.get(target)
        if creature is not None and creature.monster is not None:
            found.append((creature.name, creature.monster))
        elif target in encounters and ctx.state.encounter is None:
            for spec in encounters[target].monsters:
                block = ctx.state.monster(spec.monster)
                found.append((spec.name or f"The {block.name}", spec.monster))
    return found


LASTING = 10
"""Game turns a summoned weapon is counted as still about (its minute, in a fight's turns)."""
_ITS_BLOW = re.compile(r"\b(?:hits?|strikes?|attacks?|smacks?|swings?|slams?|whacks?|again)\b")


def summoned_already(ctx: Context, spell: str) -> bool:
    """The caster's own lasting weapon, cast lately in this fight, told to strike again ("my
    spiritual weapon hits her again"): no new casting (a slot spent for nothing)."""
    table = srd().spells
    if spell not in table or not ctx.scope.fighting or not _ITS_BLOW.search(ctx.said):
        return False
    known = table.get(spell)
    if known.attack is None or known.duration == "instantaneous" or ctx.actor is None:
        return False
    return bool(cast_lately(ctx.state, ctx.actor, known.name))


def cast_lately(state: GameState, caster: str, spell: str) -> list[int]:
    """The turns, oldest first, on which ``caster`` cast the spell named ``spell`` in the
    last :data:`LASTING` turns (from the ledger)."""
    from app.world.ledger import ActionPerformed  # noqa: PLC0415 - the ledger, read rarely
    from app.world.ledgerread import all_events  # noqa: PLC0415

    return [e.turn for e in all_events(state) if isinstance(e, ActionPerformed)
            and e.actor == caster and e.action == "cast_spell" and f"spell={spell}" in e.detail
            and e.turn >= state.turn - LASTING]  # fmt: skip
