"""Which foe a description means, as players describe foes at the table.

- by what it is doing to whom: "the rat chewing on Thorin", "the one on me", "whichever is
  fighting Mira" — the foes engaged with that person, else the last to attack them;
- by what was last done to or by it, from the ledger: "the one Mira just hit", "whichever
  bit me", "the same one", "finish it off";
- by who holds it: "the rat Thorin is holding", "the one in my grip" (``held_foes``);
- by its gear: "the goblin with the spoon", "the one with the javelin";
- by its standing among the others: "the big one", "the boss", "the little one".

A description that fits nobody is not a guess: the caller falls back to its usual pick,
and says what did not fit when it must.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cached_property

from app.understanding.held_foes import held_foes
from app.understanding.intent import Intent
from app.understanding.scope import Thing
from app.understanding.vocabulary import ENGLISH
from app.world.ledger import ActionPerformed
from app.world.ledgerread import all_events
from app.world.state import GameState

_DOING = (
    r"chewing|biting|gnawing|nibbling|attacking|mauling|clawing|savaging|fighting|hitting|"
    r"swinging at|going for|going after|coming at|coming for|after|menacing|grappling|"
    r"holding|engaged with|fighting with|in melee with|on top of|all over|on|at|near|"
    r"next to|beside|by|in front of|nearest to|closest to|nearest|closest|close to|"
    r"closer to|nearer to|nearer|right by|around|facing|hounding|harassing|"
    r"pinning|tearing at|tearing into|ripping at|scratching|chomping|chomping on|munching on"
)
"""What a foe is doing to someone, as a relation ("the rat *chewing on* Thorin")."""

_DID_TO = (
    r"bit|hit|attacked|hurt|clawed|scratched|wounded|stabbed|slashed|struck|smacked|got|"
    r"went for|jumped|bitten|mauled|cut|tagged|punched|grabbed|shot|crit|crits|critted|"
    r"crit on|landed a crit on|got a crit on"
)
"""What a foe did to someone ("the one that *bit* me")."""

_NOT = r"isn'?t|is\s+not|'s\s+not|s\s+not|not|ain'?t|aren'?t|are\s+not"
"""A foe described by what it is not doing ("the goblin who *isn't* fighting Mira")."""

_DONE_BY = (
    r"hit|hurt|stabbed|slashed|struck|shot|smacked|whacked|wounded|burned|burnt|zapped|"
    r"bolted|cut|tagged|got|attacked|missed|punched|clobbered|bashed|smashed|sliced|"
    r"blasted|fired at|swung at|went for|damaged|injured|nicked|singed|scorched|"
    r"was fighting|am fighting|are fighting|was attacking|fought|fighting|attacking|facing|"
    r"battling|is fighting|is attacking|'s fighting"
)
"""What someone did to a foe ("the one Mira *just hit*")."""

_FOE = (
    "one",
    "ones",
    "thing",
    "guy",
    "bastard",
    "creature",
    "monster",
    "beast",
    "whichever",
    "whatever",
    "which ever",
    "that",
    "who",
    "which",
    "whoever",
    "it",
    "thats",
    "that's",
)
"""Words a description of a foe hangs from, besides the foes' own kinds."""

_BIG = ("big one", "bigger one", "biggest", "largest", "large one", "big guy", "big fella",
        "leader", "boss", "chief", "head one", "captain", "the big", "in charge",
        "head honcho", "ringleader", "tough one", "toughest", "strongest", "fat", "fattest",
        "fat one", "pot-bellied", "potbellied", "chubby", "fatso", "on the throne",
        "on his throne")  # fmt: skip
_SMALL = ("little one", "small one", "smallest", "tiny one", "weedy one", "runt")
_FINISH = re.compile(
    r"\b(finish (?:it|him|her|them|that one|the job|it off|him off|her off|them off|off)|"
    r"put (?:it|him|her) down|end (?:it|him|her)|polish (?:it|him|her) off|"
    r"(?:kill|hit|attack|stab|get|smack|shoot|zap) (?:it|him|her|that one|the same one) "
    r"again|same one( again)?|that one again|the one from before|coup de grace)\b"
)


@dataclass(frozen=True)
class Described:
    """The foes a description fits (best first), and what the description was."""

    fits: tuple[str, ...]
    said: str
    """The description, for a reply when nobody fits ("no foe is on Thorin")."""
    missing: str = ""
    """Why nobody fits, when the game knows ("Giant Rat 2 is already dead")."""
    tied: bool = False
    """The fits fit alike (two foes hurt as badly): the game asks which."""


def _people(state: GameState, actor: str | None) -> Iterator[tuple[str, str]]:
    """(word, party id): each party member's name and first name, and "me"/"I"."""
    for cid, sheet in state.party.items():
        name = sheet.name.lower()
        yield name, cid
        first = name.split()[0]
        if first != name and len(first) > 2:
            yield first, cid
        if cid != name:
            yield cid.replace("-", " "), cid
    if actor is not None:
        for word in ("me", "myself", "i", "us"):
            yield word, actor


def _who(word: str, people: dict[str, str]) -> str | None:
    return people.get(word.removesuffix("'s").strip())


def _attacks(state: GameState) -> list[ActionPerformed]:
    """Every blow, spell or monster attack in the ledger, latest last."""
    return [
        e for e in all_events(state)
        if isinstance(e, ActionPerformed) and e.action in ("attack", "cast_spell", "monster_action")
        and e.target
    ]  # fmt: skip


def engaged_with(state: GameState, cid: str) -> set[str]:
    """Who one stands in melee with in the fight (nobody out of one)."""
    fight = state.encounter
    if fight is None:
        return set()
    spot = fight.positions.get(cid)
    return set(spot.engaged) if spot is not None else set()


@dataclass
class _Blows:
    """The ledger's blows, read only when a description asks about them: most lines never
    do, and a long game's ledger is long."""

    state: GameState

    @cached_property
    def all(self) -> list[ActionPerformed]:
        return _attacks(self.state)

    def __reversed__(self) -> Iterator[ActionPerformed]:
        return reversed(self.all)


def _last_by(blows: _Blows, actor: str, among: set[str], *, landed: bool = False) -> str | None:
    """The last of ``among`` the actor struck at (``landed``: and hit)."""
    for blow in reversed(blows):
        if blow.actor == actor and blow.target in among:
            if landed and "landed=0" in blow.detail:
                continue  # "the one Thorin already hurt": not the one he missed
            return blow.target
    return None


_MISSABLE = frozenset({"attacked", "missed", "swung at", "went for", "fired at", "fighting",
                       "attacking", "facing", "battling", "fought"})  # fmt: skip
"""What someone did to a foe that need not have landed ("the one Mira attacked")."""


def _last_on(blows: _Blows, victim: str, among: set[str], *, landed: bool = False) -> str | None:
    """The last of ``among`` to strike at the victim (``landed``: and hit)."""
    for blow in reversed(blows):
        if blow.target == victim and blow.actor in among:
            if landed and "landed=0" in blow.detail:
                continue  # snapped at them and missed: not the one "biting" them
            return blow.actor
    return None


def _wounded(state: GameState, pool: list[Thing]) -> list[str]:
    vitals = {t.id: state.creatures[t.id].vitals for t in pool}
    hurt = [cid for cid, v in vitals.items() if v.hp < v.max_hp]
    return sorted(hurt, key=lambda cid: vitals[cid].hp)


def last_struck(state: GameState, among: set[str]) -> str | None:
    """The foe among these the party struck last ("the other one" is the one it did not)."""
    for blow in reversed(_Blows(state)):
        if blow.target in among and blow.actor in state.party:
            return blow.target
    return None


def last_striker(state: GameState, cid: str) -> str | None:
    """Who last landed a blow or spell on this creature (for "which rat did Thorin kill?")."""
    for blow in reversed(_Blows(state)):
        if blow.target == cid and "landed=0" not in blow.detail:
            return blow.actor
    return None


def assailants(state: GameState, victim: str) -> list[str]:
    """The living foes on a party member: those engaged with them, the last to attack them
    first (for "who is biting Aria?")."""
    alive = {cid for cid, c in state.creatures.items() if c.vitals.hp > 0 and not c.left}
    on = engaged_with(state, victim) & alive
    last = _last_on(_Blows(state), victim, alive)
    if last is not None:
        on.add(last)
    return sorted(on, key=lambda cid: (cid != last, cid))


ASSAILING = _DOING + "|" + _DID_TO
"""The words that ask who is on someone ("who is *biting* Aria", "what *hit* me")."""


def describe(said: str, pool: list[Thing], state: GameState, actor: str | None) -> Described | None:
    """The foes of ``pool`` the line describes, or None when it describes none this way."""
    if not pool:
        return None
    people = dict(_people(state, actor))
    ids = {t.id for t in pool}
    names = "|".join(re.escape(w) for w in sorted(people, key=len, reverse=True))
    kinds = {w for t in pool for n in t.names for w in n.split() if w.isalpha() and len(w) > 2}
    kinds |= {k + "s" for k in kinds}
    foe = "|".join(re.escape(w) for w in sorted(kinds | set(_FOE), key=len, reverse=True))
    blows = _Blows(state)
    held = held_foes(said, foe, names, people, ids, state)
    if held is not None:  # "the rat Thorin is holding", "the one in my grip"
        return Described(*held)
    return (
        _doing(said, foe, names, people, ids, state, blows, actor)
        or _done_by(said, foe, names, people, ids, state, blows, pool)
        or _finish(said, ids, state, blows, actor, pool)
        or _gear(said, pool, state)
        or _afraid(said, pool, state)
        or _standing(said, pool, state)
    )


def _doing(
    said: str, foe: str, names: str, people: dict[str, str], ids: set[str], state: GameState,
    blows: _Blows, actor: str | None,
) -> Described | None:  # fmt: skip
    """ "the rat chewing on Thorin", "the one that bit me", "the goblin in my face", and
    by what it is not doing: "the goblin who isn't fighting Mira", "the other one, not
    Mira's" (the others)."""
    m = re.search(rf"\b(?:{foe})\s+(?:that\s+|which\s+|who\s+)?(?:(?P<not>{_NOT})\s+|"
                  rf"(?:is|'s|s)\s+)?(?:{_DOING})\s+(?:on\s+|at\s+|into\s+|with\s+)?"
                  rf"(?:poor\s+|our\s+)?({names})(?:'s)?\b", said)  # fmt: skip
    m = m or re.search(rf"\b(?:{foe})\s+(?:that\s+|which\s+|who\s+)?(?:is\s+|'s\s+|s\s+)?"
                       rf"(?:right\s+)?(?:up\s+)?in\s+(my|(?:{names})'s)\s+(?:face|grill)\b",
                       said)  # fmt: skip
    m = m or re.search(rf"\b(?P<not>not)\s+({names})'s\b", said)  # "the other goblin, not Mira's"
    did = re.search(rf"\b(?:{foe})\s+(?:that\s+|which\s+|who\s+)?(?:just\s+)?(?:{_DID_TO})\s+"
                    rf"({names})\b", said)  # fmt: skip
    m = m or did
    if m is None:
        return None
    who = m.group(m.lastindex or 1) if m is not did else m.group(1)
    victim = actor if who == "my" else _who(who, people)
    if victim is None or victim not in state.party:
        return None
    on = engaged_with(state, victim) & ids
    last = _last_on(blows, victim, ids, landed=True) or _last_on(blows, victim, ids)
    if m is not did and m.groupdict().get("not"):  # "the goblin who isn't fighting Mira"
        return Described(tuple(sorted(ids - on - {last})), m.group(0))
    if m is did or not on:
        fits = [last] if last else sorted(on)
    else:  # of those on them, the one whose bite last found them ("the rat biting Aria")
        fits = [last] if last in on else sorted(on)
    return Described(tuple(fits), m.group(0))


def _done_by(
    said: str, foe: str, names: str, people: dict[str, str], ids: set[str], state: GameState,
    blows: _Blows, pool: list[Thing],
) -> Described | None:  # fmt: skip
    """ "the one Mira just hit", "whichever I stabbed"."""
    m = re.search(rf"\b(?:{foe})\s+(?:that\s+|which\s+)?({names})\s+"
                  rf"(?:just\s+|already\s+|has\s+|had\s+|have\s+|'s\s+|'ve\s+|was\s+|did\s+|"
                  rf"is\s+|are\s+|am\s+|(didn't|did not|hasn't|has not|haven't|never)\s+)*"
                  rf"(?:{_DONE_BY})\b", said)  # fmt: skip
    if m is None:
        return None
    hitter = _who(m.group(1), people)
    if hitter is None or hitter not in state.party:
        return None
    landed = not any(m.group(0).endswith(w) for w in _MISSABLE)
    last = (_last_by(blows, hitter, ids, landed=True) if landed else None) or _last_by(
        blows, hitter, ids
    )
    engaged = engaged_with(state, hitter) & ids
    hurt = _wounded(state, pool)
    struck = (last,) if last else tuple(sorted(engaged)) or tuple(hurt[:1])
    if m.group(2):  # "the one Thorin didn't hit": the others, the unhurt first
        others = [t.id for t in pool if t.id not in struck]
        return Described(tuple(sorted(others, key=lambda cid: cid in hurt)), m.group(0))
    if last:
        return Described((last,), m.group(0))
    fight = state.encounter  # (one felled in this fight, never in one before it)
    fought = {c.id for c in fight.order} if fight is not None else set(state.creatures)
    gone = _last_by(blows, hitter, fought)
    if gone is not None:  # "the one Thorin just hit" — and felled
        return Described((), m.group(0), f"{state.creatures[gone].name} is already down")
    return Described(struck, m.group(0))


def _finish(
    said: str, ids: set[str], state: GameState, blows: _Blows,
    actor: str | None, pool: list[Thing],
) -> Described | None:  # fmt: skip
    """ "finish it off", "the same one again": the actor's last foe, else the party's, else
    the most wounded."""
    m = _FINISH.search(said)
    if m is None or re.match(r"\s+(?:the|that|this|those)\s", said[m.end() :]):
        return None  # ("finish off the sleeping rat": the one the words go on to say)
    if actor is not None:
        last = _last_by(blows, actor, ids)
        if last:
            return Described((last,), m.group(0))
    for blow in reversed(blows):
        if blow.target in ids and blow.actor in state.party:
            return Described((blow.target,), m.group(0))
    hurt = _wounded(state, pool)
    if not hurt:
        return None
    least = state.creatures[hurt[0]].vitals.hp
    tied = tuple(cid for cid in hurt if state.creatures[cid].vitals.hp == least)
    return Described(tied, m.group(0), tied=len(tied) > 1)


_LONE_GEAR = re.compile(r"^\W*(?:\w+\s+){1,2}the\s+([a-z]{4,})\W*$")
"""A blow at a thing only one foe wears or wields, said alone ("fire bolt the saucepan",
"stab the spoon"): at that foe."""
_NICKNAMED = re.compile(r"\b([a-z]{4,})[- ](?:head|face|hat|helmet|guy|boy|man|nose|pants)\b")
"""A foe called by what he wears or wields ("saucepan head", "spoon guy")."""


def gear_of(state: GameState, cid: str) -> str:
    """What a creature wears and wields, in words: its armour, its attacks' names, and what
    the story's description of it says ("a saucepan helmet", "a very large spoon")."""
    creature = state.creatures.get(cid)
    if creature is None or creature.monster is None:
        return ""
    block = state.monster(creature.monster)
    npc = state.campaign.npcs.get(creature.npc) if state.campaign and creature.npc else None
    looks = npc.description if npc is not None else ""  # "the one in the saucepan helmet"
    return " ".join([block.armor, *(a.name for a in block.actions), looks]).lower()


def wielded(state: GameState, blow: Intent, deed: Intent) -> bool:
    """A heave at a thing no scene names which the foe struck at wields or wears ("chop that
    spoon-wielding maniac"): the foe is named by it, and the blow is meant; a thing of the
    scene kicked at foes ("kick the turnip sack at them") stays a deed."""
    if deed.extra[:1] != ("heave",) or deed.targets or len(deed.extra) < 3 or not blow.targets:
        return False
    return re.search(rf"\b{re.escape(deed.extra[2])}", gear_of(state, blow.targets[0])) is not None


def _gear(said: str, pool: list[Thing], state: GameState) -> Described | None:
    """ "the goblin with the spoon": a weapon or armour only some of the foes carry, or
    what the story's description of one says they wear ("the one in the saucepan")."""
    m = re.search(r"\b(?:with|holding|wielding|carrying|wearing|in)\s+"
                  r"(?:the|a|an|that|his|her|its)\s+(\w+(?:\s\w+)?)", said)  # fmt: skip
    m = m or re.search(
        r"\b(?:the|that|this)\s+(\w+)\s+(?:right\s+|clean\s+)?(?:out of|from|off(?: of)?)\s+"
        r"(?:his|her|its)\b",
        said,
    )  # ("whack the spoon out of his hand", "smack that saucepan right off his head")
    m = m or re.search(
        r"\b(?:at|on|under|into|through|against|off|across)\s+(?:his|her|its)\s+"
        r"(\w+(?:\s\w+)?)",
        said,
    )  # "at his helmet", "down on his saucepan"
    m = m or re.search(r"\b([a-z]{3,})[- ](?:wielding|waving|carrying|toting|helmeted)\b", said)
    # ("that spoon-wielding maniac")
    nick = _NICKNAMED.search(said)  # "saucepan head": named by what he wears
    m = m or (nick if nick is not None and nick.group(1) not in ENGLISH.common else None)
    lone = _LONE_GEAR.search(said) if m is None else None  # "fire bolt the saucepan"
    names = {w for t in pool for n in t.names for w in n.lower().split()}
    m = m or (lone if lone is not None and lone.group(1) not in names | ENGLISH.common else None)
    if m is None:
        return None
    words = {w for w in m.group(1).split() if len(w) > 2}
    fits = []
    for thing in pool:
        creature = state.creatures[thing.id]
        if creature.monster is None:
            continue
        gear = gear_of(state, thing.id)
        if any(re.search(rf"\b{re.escape(w)}", gear) for w in words):
            fits.append(thing.id)
    if not fits or len(fits) == len(pool) > 1:
        return None  # the gear tells them apart only when some carry it (a lone foe that
    return Described(tuple(fits), m.group(0))  # carries it is named by it, not the thing)


_SIZES = ("tiny", "small", "medium", "large", "huge", "gargantuan")


_RUNNING = re.compile(
    r"\b(?:running|runs|ran|run off|fleeing|flees|fled|scared|frightened|afraid|turned|"
    r"retreating|cowering)\b"
)
_COMING = re.compile(
    r"\b(?:coming|advancing|charging|still fighting|not running|isn't running|still attacking)\b"
)
"""A foe told apart by its fear: the one running away, or the one still coming on."""


def _afraid(said: str, pool: list[Thing], state: GameState) -> Described | None:
    """ "the one still coming" (not the one the cleric turned), "the scared one"."""

    def afraid(cid: str) -> bool:
        c = state.creatures[cid]
        return any(a.condition.value == "frightened" for a in c.conditions) or any(
            e.id == "turned" for e in c.effects
        )

    fled = [t.id for t in pool if afraid(t.id)]
    if not fled or len(fled) == len(pool):
        return None
    if _COMING.search(said):
        return Described(tuple(t.id for t in pool if t.id not in fled), "the one still coming")
    if _RUNNING.search(said):
        return Described(tuple(fled), "the one running away")
    return None


def _standing(said: str, pool: list[Thing], state: GameState) -> Described | None:
    """ "the big one", "the boss": the foe that stands out from the rest. A word of a
    foe's own name ("the Bandit Captain") names that foe and says nothing of size."""
    for thing in pool:
        for name in thing.names:
            if len(name.split()) > 1:
                said = re.sub(rf"\b{re.escape(name.lower())}\b", " ", said)
    big = any(re.search(rf"\b{w}\b", said) for w in _BIG)
    small = any(re.search(rf"\b{w}\b", said) for w in _SMALL)
    if not (big or small) or len(pool) < 2:
        return None

    def weight(thing: Thing) -> tuple[int, int, int]:
        c = state.creatures[thing.id]
        size = state.monster(c.monster).size if c.monster else "medium"
        rank = _SIZES.index(size) if size in _SIZES else 2
        return (rank, int(c.npc is not None), c.vitals.max_hp)

    ranked = sorted(pool, key=weight, reverse=big)
    if weight(ranked[0]) == weight(ranked[1]):
        return None  # nobody stands out
    return Described((ranked[0].id,), "the big one" if big else "the little one")


def the_other(
    state: GameState, named: str, *, any_of_them: bool = False, living: bool = True
) -> str | None:
    """The one other living foe of the kind just named (or of all, when only two stand);
    with ``any_of_them`` ("another one"), the weakest of the others of that kind. With
    ``living`` false, the fallen count too ("tie up the goblin, then search the other one")."""
    kind = state.creatures[named].monster
    alive = [
        cid for cid, c in state.creatures.items()
        if c.hostile and (c.vitals.hp > 0 or not living) and cid != named
        and c.stands_in(state.scene.id)
    ]  # fmt: skip
    same = [cid for cid in alive if state.creatures[cid].monster == kind]
    pick = same if len(same) == 1 else alive
    if any_of_them and len(pick) > 1:
        pick = [min(same or alive, key=lambda cid: state.creatures[cid].vitals.hp)]
    return pick[0] if len(pick) == 1 else None
