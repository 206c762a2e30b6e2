"""What a line can refer to right now: the people, features, items, exits, creatures,
challenges, party members and spells present — all read through :mod:`app.world.view`,
so the parser sees the scene exactly as the players do."""

from __future__ import annotations

import re
from collections.abc import Callable
from contextvars import ContextVar
from dataclasses import dataclass
from functools import lru_cache, wraps
from typing import Literal, ParamSpec, TypeVar

from app.understanding.words import normalise
from app.world import view
from app.world.campaign import Campaign
from app.world.chains import follow_ups
from app.world.facts import achieved, holds
from app.world.state import GameState
from rules.damage import LifeState
from rules.srd import srd

ThingKind = Literal[
    "npc",
    "feature",
    "item_here",
    "carried",
    "exit",
    "creature",
    "member",
    "challenge",
    "spell",
    "settled",
]
"""``settled``: a challenge of this scene already passed (or failed for good)."""


@dataclass(frozen=True)
class Thing:
    """Something a player may name."""

    id: str
    kind: ThingKind
    name: str
    """How it is shown to players."""
    names: tuple[str, ...]
    """Every normalised name it answers to."""


@dataclass(frozen=True)
class Scope:
    """Everything nameable for one actor at one moment."""

    actor: str | None
    things: tuple[Thing, ...]
    fighting: bool
    scene_id: str

    def of(self, *kinds: ThingKind) -> list[Thing]:
        """The things of the given kinds."""
        return [t for t in self.things if t.kind in kinds]

    def get(self, thing_id: str, kind: ThingKind | None = None) -> Thing | None:
        """A thing by id (and kind)."""
        return next(
            (t for t in self.things if t.id == thing_id and (kind is None or t.kind == kind)),
            None,
        )


_ARTICLE = re.compile(r"^(?:the|a|an) ")


@lru_cache(maxsize=4096)
def _names(*raw: str) -> tuple[str, ...]:
    """A thing's names, normalised; a name with an article is also known without it ("the
    sea" is named by "out to sea"). Cached: the scope is built for every line read, from
    the same names."""
    out: list[str] = []
    for name in raw:
        norm = normalise(name)
        for form in (norm, _ARTICLE.sub("", norm)):
            if form and form not in out:
                out.append(form)
    return tuple(out)


PARTS = {"lock": ("keyhole", "key hole", "hasp"), "padlock": ("keyhole", "key hole", "hasp")}
"""Parts a thing is also known by: "examine the keyhole" looks at the padlock's trapdoor."""


def _with_parts(names: tuple[str, ...]) -> tuple[str, ...]:
    """A thing's names and the names of its parts (a lock's keyhole)."""
    parts = [p for name in names for p in PARTS.get(name, ()) if p not in names]
    return (*names, *dict.fromkeys(parts))


def open_challenges(state: GameState, campaign: Campaign) -> list[str]:
    """Challenges of the current scene a player may still provoke — not one meant to keep
    the party out of the fight that is now on ("slip past the guards" while they fight),
    unless its success ends that fight (the Grey Sister prayed to rest mid-fight), nor
    one whose failure brings a fight already won (the guards lie beaten: none to slip past)."""
    later = follow_ups(campaign)
    fight = state.encounter
    running = (
        {state.creatures[c.id].encounter for c in fight.order if c.id in state.creatures}
        if fight is not None
        else set()
    )
    return [
        cid
        for cid, c in campaign.challenges.items()
        if c.scene == state.scene.id
        and cid not in later
        and (
            not ({c.failure.start_encounter, c.success.start_encounter} & (running - {None}))
            or c.success.end_encounter  # ("pray the warden to rest": made to end that fight)
        )
        and state.challenges.get(cid) != "passed"
        and not (state.challenges.get(cid) == "failed" and not c.retry)
        and not achieved(c, state)
        and c.failure.start_encounter not in state.defeated  # (the guards beaten: no sneaking)
    ]


def done_challenges(state: GameState, campaign: Campaign) -> list[str]:
    """Challenges of this scene already settled (passed, or failed for good)."""
    later = follow_ups(campaign)
    return [
        cid
        for cid, c in campaign.challenges.items()
        if c.scene == state.scene.id and cid not in later
        and (cid in state.challenges or achieved(c, state))
        and cid not in open_challenges(state, campaign)
    ]  # fmt: skip


def living_creatures(state: GameState) -> list[str]:
    """Creatures still in the party's scene: not dead, not fled or surrendered — and not a
    companion fighting beside the party (a person of the story, named as one)."""
    return [
        cid
        for cid, c in state.creatures.items()
        if c.vitals.state is not LifeState.DEAD
        and not c.left
        and c.stands_in(state.scene.id)
        and c.side == "foes"
    ]


def kind_of(state: GameState, monster: str | None) -> str:
    """A creature's kind ("undead"), or "" for one with no stat block the game knows."""
    try:
        return state.monster(monster).type if monster else ""
    except KeyError:
        return ""


KIND_WORDS = {
    "undead": ("zombie", "undead"),
    "beast": ("beast", "animal", "critter"),
}
"""What players call a foe by its kind ("the first zombie" for a drowned thrall)."""
MONSTER_WORDS = {
    "skeleton": ("skelly", "skellies"),
    "wolf": ("dog", "hound", "mutt", "doggo"),
    "giant_rat": ("rodent", "ratty"),
    "goblin": ("gob", "gobbo", "greenskin"),
}  # fmt: skip
"""What players call a foe of one kind by another word ("skelly" for a skeleton)."""

ROLE_WORDS = {
    "cleric": ("cleric", "priest"), "wizard": ("wizard", "mage"), "rogue": ("rogue", "thief"),
    "fighter": ("fighter", "warrior"), "bard": ("bard", "minstrel"), "ranger": ("ranger",),
    "paladin": ("paladin",), "barbarian": ("barbarian",), "druid": ("druid",),
    "monk": ("monk",), "sorcerer": ("sorcerer",), "warlock": ("warlock",),
}  # fmt: skip
"""What the party calls a friend by their class ("heal the priest", "inspire the ranger")."""


def _roles(state: GameState, taken: set[str]) -> dict[str, tuple[str, ...]]:
    """Each member's class and species words that fit nobody else in the party ("the
    bard", "the dwarf"; with two humans, "the human" names neither) and no person of the
    story (``taken``)."""
    words: dict[str, list[str]] = {}
    for cid, sheet in state.party.items():
        klass = sheet.character_class.lower()
        for word in (*ROLE_WORDS.get(klass, (klass,)), sheet.species.lower()):
            words.setdefault(word, []).append(cid)
    roles: dict[str, tuple[str, ...]] = {}
    for word, holders in words.items():
        if len(holders) == 1 and word and word not in taken:
            roles[holders[0]] = (*roles.get(holders[0], ()), word)
    return roles


def person_words(description: str, people: dict[str, tuple[str, ...]]) -> tuple[str, ...]:
    """How players may call someone so described ("a tall woman" answers to "ma'am")."""
    text = " " + normalise(description) + " "
    words: list[str] = []
    for key, calls in people.items():
        if f" {key} " in text:
            words += calls
    return tuple(words)


_P = ParamSpec("_P")
_R = TypeVar("_R")
_KEPT: ContextVar[dict[tuple[object, ...], tuple[object, Scope]] | None] = ContextVar(
    "_KEPT", default=None
)
"""The scopes built while one line is read, by the world, campaign and actor they are of."""


def one_scope_per_reading(read: Callable[_P, _R]) -> Callable[_P, _R]:
    """``read`` (a line's whole reading) with each actor's scope built once: the world does
    not move while a line is read, yet its clauses, and the readings tried again (a slip
    mended, a thought taken back), each ask for the scope anew."""

    @wraps(read)
    def reading(*args: _P.args, **kwargs: _P.kwargs) -> _R:
        if _KEPT.get() is not None:  # (a reading within a reading: the outer one keeps them)
            return read(*args, **kwargs)
        token = _KEPT.set({})
        try:
            return read(*args, **kwargs)
        finally:
            _KEPT.reset(token)

    return reading


def build_scope(
    state: GameState,
    campaign: Campaign | None,
    actor: str | None,
    people: dict[str, tuple[str, ...]] | None = None,
) -> Scope:
    """Collect what can be named where the party stands (once per actor while a line is
    read: :func:`one_scope_per_reading`)."""
    kept = _KEPT.get()
    if kept is None:
        return _scope(state, campaign, actor, people)
    key = (id(state), id(campaign), actor, id(people))
    if key in kept:  # (the objects are kept with it: their ids are not reused meanwhile)
        return kept[key][1]
    scope = _scope(state, campaign, actor, people)
    kept[key] = ((state, campaign, actor, people), scope)
    return scope


def _scope(
    state: GameState,
    campaign: Campaign | None,
    actor: str | None,
    people: dict[str, tuple[str, ...]] | None,
) -> Scope:
    things: list[Thing] = []
    for cid in living_creatures(state):
        c = state.creatures[cid]
        base = c.name.rstrip("0123456789 ").strip()
        monster = c.monster.replace("_", " ") if c.monster else ""
        last = base.split()[-1] if base else ""
        called = (
            *KIND_WORDS.get(kind_of(state, c.monster), ()),
            *MONSTER_WORDS.get(c.monster or "", ()),
        )
        things.append(Thing(cid, "creature", c.name, _names(c.name, base, monster, *called, last)))
    taken: set[str] = set()  # "ask the priest": the story's priest, not the party's cleric
    for npc in campaign.npcs.values() if campaign is not None else ():
        said = [npc.name, *npc.aliases, *person_words(npc.description, people or {})]
        taken |= {normalise(w) for w in said}
    roles = _roles(state, taken)
    shown = {m.name.lower() for m in state.party.values()}
    for cid, member in state.party.items():
        called = roles.get(cid, ())
        place = () if cid.lower() in shown - {member.name.lower()} else (cid,)  # (never a
        # name another character is shown by: "Mira" is whoever is called Mira)
        things.append(Thing(cid, "member", member.name, _names(member.name, *place, *called)))
    sheet = state.party.get(actor or "")
    if sheet is not None:
        for sid in sheet.spells:
            spell = srd().spells.get(sid)
            things.append(Thing(sid, "spell", spell.name, _names(spell.name, sid)))
        for item in sheet.inventory:
            spec_id = _item_id(campaign, item)
            aliases = campaign.items[spec_id].aliases if campaign and spec_id else []
            things.append(Thing(spec_id or item, "carried", item, _names(item, *aliases)))
    if campaign is not None:
        for nid in view.npcs_here(state, campaign):
            npc = view.npc_view(state, campaign, nid)
            called = person_words(npc.description, people or {})
            things.append(Thing(nid, "npc", npc.name, _names(npc.name, *npc.aliases, *called)))
        for fid, feature in view.features_here(state, campaign).items():
            known = _with_parts(_names(feature.name, *feature.aliases))
            things.append(Thing(fid, "feature", feature.name, known))
        for iid in view.items_here(state, campaign):
            item_spec = campaign.items[iid]
            things.append(Thing(iid, "item_here", item_spec.name,
                                _names(item_spec.name, *item_spec.aliases)))  # fmt: skip
        for way in view.exits_here(state, campaign):
            dest = campaign.scenes[way.to].name if way.to in campaign.scenes else ""
            things.append(Thing(way.to, "exit", way.name, _names(way.name, *way.aliases, dest)))
        for cid in open_challenges(state, campaign):
            spec = campaign.challenges[cid]
            ways = [w for o in spec.alternatives if o.when is None or holds(o.when, state)
                    for w in o.words if len(w.split()) > 1]  # fmt: skip
            # an open way's words ask for the obstacle too ("read the stars"), but not a
            # bare noun ("astrolabe"), which names a thing, not a deed
            things.append(Thing(cid, "challenge", spec.name,
                                _names(*spec.provoked_by, *ways, spec.name)))  # fmt: skip
        for cid in done_challenges(state, campaign):
            spec = campaign.challenges[cid]
            things.append(Thing(cid, "settled", spec.name, _names(*spec.provoked_by, spec.name)))
    return Scope(actor, tuple(things), state.encounter is not None, state.scene.id)


def _item_id(campaign: Campaign | None, name: str) -> str | None:
    if campaign is None:
        return None
    key = name.lower()
    for iid, spec in campaign.items.items():
        if key == spec.name.lower() or key == iid or key in (a.lower() for a in spec.aliases):
            return iid
    return None


def another_numbered(said: str, thing: Thing) -> bool:
    """The text names another of this creature's kind by its number ("tie up goblin 1", with
    Goblin 1 dead): not this one, however like its kind's word ("goblin") is."""
    numbered = (
        [n for n in thing.names if re.search(r" \d+$", n)] if thing.kind == "creature" else []
    )
    if not numbered:
        return False
    kind, own = numbered[0].rsplit(" ", 1)
    said_numbers = re.findall(rf"\b{re.escape(kind.split()[-1])}s? #?(\d+)\b", said)
    return bool(said_numbers) and own not in said_numbers
