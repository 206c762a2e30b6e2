"""Which creature a line means: by name and number ("rat 2", "the second goblin"), by
state ("the wounded goblin", "the sleeping rat", "the last one"), or — when the line names
a kind of foe and several fit — the one a sensible fighter would pick."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, replace

from app.understanding.describing import describe, engaged_with, last_struck
from app.understanding.scope import Scope, Thing
from app.understanding.vocabulary import Vocabulary
from app.understanding.words import (
    SLOT_LEVEL,
    has_phrase,
    monster_kinds,
    name_score,
    one_slip,
    owners,
)
from app.world.standing import fights_on
from app.world.state import GameState
from rules.damage import LifeState


def weakest(candidates: Iterable[tuple[str, int]]) -> str | None:
    """The target with the fewest hit points left (ties: the first id in order), so a fight
    focuses fire and finishes foes instead of spreading damage."""
    best: tuple[int, str] | None = None
    for cid, hp in candidates:
        if hp > 0 and (best is None or (hp, cid) < best):
            best = (hp, cid)
    return best[1] if best else None


@dataclass(frozen=True)
class CreaturePick:
    """The creatures a line points at."""

    ids: tuple[str, ...]
    named: bool
    """The line named them (by name, number, description or pronoun)."""
    exact: bool
    """One creature was singled out by the words themselves (not by tactics)."""
    missing: str = ""
    """What the line asked for that is not there ("Giant Rat 1 is down")."""
    choices: tuple[str, ...] = ()
    """Foes the words fit equally well ("the wounded one" of two goblins hurt alike): the
    readings are really open, and the game asks which, naming them."""


_NO_PLACE = "level|wind|aid|thoughts?|time|chance|try|attempt|breath|turn|round|action|attack"
"""Words after an ordinal that make it no foe's place ("second wind", "my first attack")."""


def _number(said: str, vocab: Vocabulary, kinds: set[str] | None = None) -> int | None:
    found = sorted(
        (m.start(), n, word)
        for word, n in vocab.ordinals.items()
        if has_phrase(said, word)
        for m in re.finditer(rf"(?<!\S){re.escape(word)}(?!\S)(?! (?:{_NO_PLACE}))", said)
    )  # (a "first level slot" is no first foe, nor is a "second wind")
    if found:  # the one said of a foe ("point first … the second goblin"), else the first said
        after = {*(kinds or ()), "one", "ones"}
        of_a_foe = [n for at, n, word in found if set(said[at + len(word) :].split()[:1]) & after]
        return of_a_foe[0] if of_a_foe else found[0][1]
    for slip in (w for w in said.split() if len(w) >= 5 and w not in vocab.ordinals):
        for word, n in vocab.ordinals.items():  # "the secnd rat"
            if len(word) >= 5 and word[0] == slip[0] and one_slip(slip, word):
                return n
    m = re.search(r"(?:^|\s)(?:number |no |nr )?(\d{1,2})(?:$|\s)", said)
    if m:
        return int(m.group(1))
    names = "|".join(re.escape(k) for k in sorted(kinds or set()) if k) or "number"
    for word, n in vocab.numbers.items():
        # "rat one", "number two" — never "the hurt one", "the last drowned one" (that
        # one of the drowned) or "one of them"
        for m in re.finditer(rf"(?:^|\s)(?:{names}|number|numero|no) {word}($|\s)", said):
            before = said[: m.start()].split()[-1:]
            if word != "one" or before not in (["the"], ["that"], ["this"], ["last"], ["other"]):
                return n
    typo = re.search(rf"(?:^|\s)({names}) (?:too|to)$", said)  # "magic misile at rat too"
    if (
        typo is not None
        and said[: typo.start()].split()[-1:] in (["at"], ["hit"], ["attack"])
        and typo.group(1) in monster_kinds()
    ):
        return 2  # (but "hit the rat too" is the rat as well, and "hit grubnak too" him)
    return None


_BESIDE = re.compile(
    r"\b(?:next to|beside|near|nearest|behind|by|protecting|guarding|in front of|"
    r"between|except|other than|around)\b"
)
"""Words that make a named foe where another stands ("the goblin next to Grubnak")."""
_SIDE = re.compile(
    r"\b(?:(?:on|to|at) (?:the|my|our) (left|right)\b|(left|right)(?:most|-most|-hand))"
)
"""A foe singled out by the side it stands on: the first of them on the left, the last on
the right (the game keeps no left and right; the order they are numbered in stands in)."""
_LEAST_HURT = re.compile(
    r"\b(?:less|least) (?:hurt|wounded|injured|bloodied|damaged|beat up|beaten)\b|"
    r"\b(?:healthier|healthiest|freshest|fresher)\b"
)
"""A foe singled out by being the least hurt ("vicious mockery on the less hurt one")."""


def _state_of(state: GameState, cid: str) -> set[str]:
    c = state.creatures[cid]
    found = set()
    if c.vitals.hp < c.vitals.max_hp:
        found.add("wounded")
    else:
        found.add("healthy")
    held = {a.condition.value for a in c.conditions}
    asleep = bool(held & {"unconscious", "asleep"}) or c.vitals.hp <= 0
    found.add("asleep" if asleep else "awake")
    if asleep or "prone" in held:
        found.add("down")  # "the one that's down": knocked flat, or senseless
    if "prone" in held:
        found.add("prone")
    elif not asleep:
        found.add("standing")  # "the one who's still standing"
    if "restrained" in held:
        found.add("tied")  # "stab the tied up rat": the one bound
    marks = {e.id for e in c.effects}
    if "vicious_mockery" in marks:
        found.add("mocked")  # "shoot the mocked one"
    if marks & {"hunters_mark", "hex"}:
        found.add("marked")  # "the marked one", "the hexed one"
    return found


_MADE_AWAKE = re.compile(
    r"\b(?:shake|shakes|slap|slaps|kick|kicks|nudge|nudges|jolt|jolts|prod|prods|poke|pokes|"
    r"rouse|rouses|wake|wakes|get|gets|keep|keeps)\b[^.,;!?]*\bawake\b"
)
"""Awake as what a deed makes someone ("shake the sleeping goblin awake"), not who is."""
_STILL_AWAKE = re.compile(r"\b(?:that's|thats|that is|who's|whos|still) (?:still )?awake\b")
"""The one awake singled out, beside words of others asleep ("the rat that's still awake")."""
_OTHERS_OWN = re.compile(r"\bother(?: one| \w+)?'s\b")
"""The other foe's own thing ("the other one's swing"): not the one struck."""
_OTHER_HAND = re.compile(r"\b(?:in|with) (?:the|my|her|his) other(?: hand)?\b|\bother hand\b")
"""The hand a second weapon is held in ("shortsword in one hand, dagger in the other"), no
foe "the other"."""
_NEARLY_DEAD = re.compile(
    r"\b(?:almost|nearly|half(?= dead)|practically|all but|basically|mostly|barely alive|"
    r"about to die|on (?:its|his|her) last legs)\s*(?:dead)?\b|\b\d+\s?hp\b"
)
"""A foe described as nearly dead is one of the wounded (the weakest), never a corpse."""
_EXCEPT = re.compile(
    r"[,;]?\s*\b(?:not|(?:who |that |which )?(?:isn't|isnt|is not)|except|but not|"
    r"(?:anyone|anybody|any one|any|anything|everyone) but|"
    r"other than|instead of)\s+(?:the\s+)?(.+)$"
)
"""A foe ruled out at the end of a description: "the bleeding one, not the boss"."""


_OPPOSITE = {"wounded": "healthy", "asleep": "awake", "awake": "asleep"}
"""A state denied, and the state that is meant ("the rat that isn't asleep": awake)."""
_NUMBER_OWNS = re.compile(r"\b(\d+|one|two|three|four|five|six|seven|eight|nine)'s\b")


def named_creatures(said: str, scope: Scope) -> list[Thing]:
    """Living creatures whose name (or kind) the line uses ("skeleton 3's skull" names
    skeleton 3)."""
    said = owners(said)
    stop = frozenset({"giant"})
    scored = [(max(name_score(said, n, stop) for n in t.names), t) for t in scope.of("creature")]
    top = max((s for s, _ in scored), default=0.0)
    found = [t for s, t in scored if s >= 0.7 and s >= top - 0.3]
    # "the goblin boss" is the boss, though the goblins are goblins too: the longest name
    # said in full outweighs a shorter one inside it
    said_in_full = {t.id: max((len(n.split()) for n in t.names if has_phrase(said, n)), default=0)
                    for t in found}  # fmt: skip
    longest = max(said_in_full.values(), default=0)
    if longest > 1:
        found = [t for t in found if said_in_full[t.id] == longest]
    return found


def pick_creatures(said: str, scope: Scope, state: GameState, vocab: Vocabulary) -> CreaturePick:
    """Resolve the creature(s) a line points at (a description such as "the one on Thorin"
    is read for the scope's actor)."""
    alive = scope.of("creature")
    if not alive:
        return CreaturePick((), False, False)
    said = _NEARLY_DEAD.sub(" wounded ", _OTHER_HAND.sub(" ", SLOT_LEVEL.sub(" ", said)))
    others_own = _OTHERS_OWN.search(said) is not None  # ("the other one's swing")
    said = _NUMBER_OWNS.sub(r"\1", said)  # ("rat 3's tail", "rat three's": rat 3)
    ruled_out = _EXCEPT.search(said)
    if ruled_out is not None and len(alive) > 1 and len(ruled_out.group(1).split()) <= 4:
        gone = pick_creatures(ruled_out.group(1), scope, state, vocab)
        if gone.exact and gone.ids:
            kept = [t for t in alive if t.id not in gone.ids]
            narrowed = replace(scope, things=tuple(t for t in scope.things if t.id not in gone.ids))
            if kept:
                meant = pick_creatures(said[: ruled_out.start()], narrowed, state, vocab)
                if len(kept) == 1 and not meant.exact and not meant.missing:
                    return CreaturePick((kept[0].id,), True, True)  # the one not ruled out
                return meant
    named = named_creatures(said, scope)
    pool = named or alive
    kinds = {
        w
        for t in alive
        for n in t.names
        for w in n.split()
        if not w.isdigit() and w not in ("the", "a", "an", "of")
    }  # ("the one": no 1)
    number = _number(said, vocab, kinds | {k + "s" for k in kinds})
    if number is not None:
        numbered = [t for t in pool if t.name.endswith(f" {number}")]
        if numbered:
            return CreaturePick((numbered[0].id,), True, True)
        every = {w for c in state.creatures.values() for w in c.name.lower().split()}
        spoken = [w.rstrip("s") for w in said.split() if w.rstrip("s") in every]
        kind = named[0].name.rstrip("0123456789 ").lower().split()[-1] if named else "foe"
        kind = spoken[0] if spoken else kind  # "goblin 1", with only Grubnak standing
        fallen = [
            cid for cid, c in state.creatures.items()
            if c.name.endswith(f" {number}") and (not named or kind in c.name.lower())
        ]  # fmt: skip
        down = f"{state.creatures[fallen[0]].name} is already down" if fallen else ""
        return CreaturePick(tuple(fallen[:1]), True, False,
                            down or f"there is no {kind} {number} standing")  # fmt: skip
    proper = [t for t in named if not any(ch.isdigit() for ch in t.name)
              and has_phrase(said, t.name.lower())]  # fmt: skip
    if len(proper) == 1 and len(named) > 1 and not _BESIDE.search(said):
        # "so done with this goblin … points a finger at Grubnak": the one named by name
        return CreaturePick((proper[0].id,), True, True)
    corpse = re.search(
        r"\b(dead|corpse|carcass|body|bodies|fallen(?! (?:log|tree|trunk|branch|"
        r"stones?|pillar|column|beam|leaves|rocks?|timbers?|masonry)))\b",
        said,
    )
    if corpse and not re.search(r"\bundead\b", said):
        dead = [
            c for c in state.creatures.values()
            if c.vitals.state is LifeState.DEAD and (not named or any(
                w in c.name.lower() for t in named for n in t.names for w in n.split()))
        ]  # fmt: skip
        if dead:  # "stab the dead wolf to be sure": it is dead already (named, refused)
            return CreaturePick((dead[0].id,), True, False, f"{dead[0].name} is already dead")
    felled = re.search(r"\b(?:already|that's|thats|who's|whos|is) (?:already )?down\b", said)
    if felled and not any("down" in _state_of(state, t.id) for t in pool):
        dead = [c for c in state.creatures.values() if c.vitals.state is LifeState.DEAD]
        if dead:  # "shoot the one that's already down", with none down but a dead one
            return CreaturePick((dead[-1].id,), True, False, f"{dead[-1].name} is already dead")
    described = describe(said, pool, state, scope.actor)
    if described is not None and described.missing:
        return CreaturePick((), True, False, described.missing)
    if named and (described is None or not described.fits):
        # "the goblin with the spoon" may be the boss, whose name is not "goblin"
        described = describe(said, alive, state, scope.actor) or described
        pool = alive if described is not None and described.fits else pool
    if described is not None and described.fits:
        fits = [t for t in pool if t.id in described.fits]
        if len(fits) == 1:
            return CreaturePick((fits[0].id,), True, True)
        if described.tied and len(fits) > 1:
            return CreaturePick((), True, False, choices=tuple(t.id for t in fits))
        pool = sorted(fits, key=lambda t: described.fits.index(t.id))
    if has_phrase(said, "middle") and len(pool) >= 3:
        return CreaturePick((pool[len(pool) // 2].id,), True, True)
    side = _SIDE.search(said)
    if side is not None and len(pool) > 1:  # "the goblin on the right": as they stand, in order
        left = (side.group(1) or side.group(2)) == "left"
        awake = [t for t in pool if fights_on(state, t.id) and "awake" in _state_of(state, t.id)]
        fighting = awake or pool  # (not one tied up or asleep)
        return CreaturePick((fighting[0 if left else -1].id,), True, True)
    wanted = {v for k, v in vocab.descriptors.items() if has_phrase(said, k)}
    if {"asleep", "awake"} <= wanted and _STILL_AWAKE.search(said):
        wanted.discard("asleep")  # "two are snoring … the rat that's still awake": that one
    elif {"asleep", "awake"} <= wanted and _MADE_AWAKE.search(said):
        wanted.discard("awake")  # "shake the sleeping goblin awake": awake is what it becomes
    elif {"asleep", "awake"} <= wanted:  # "the awake one and then the sleeper": the first
        firsts = {v: min((m.start() for k, w in vocab.descriptors.items() if w == v
                          for m in re.finditer(rf"\b{re.escape(k)}\b", said)), default=len(said))
                  for v in ("asleep", "awake")}  # fmt: skip
        wanted.discard("awake" if firsts["asleep"] < firsts["awake"] else "asleep")
    negated = re.search(
        r"(isn't|isnt|not|wasn't|hasn't been|hasnt been|(?:nobody|no one|none of us)(?: has)?|"
        r"didn't|didnt|did not|doesn't|doesnt|hasn't|hasnt)"
        r"\s+(yet\s+)?(?:(?:fall|fallen|go|gone|get|got|drop|dropped|drift|drifted)\s+)?(\w+)",
        said,
    )
    denied = vocab.descriptors.get(negated.group(3)) if negated else None
    if denied in _OPPOSITE:  # ("the rat nobody has hurt yet", "the one that isn't asleep")
        wanted = (wanted - {denied}) | {_OPPOSITE[denied]}
    if "other" in wanted and wanted - {"other", "any", "last"} and others_own:
        wanted.discard("other")  # "into the wounded one, then away from the other one's swing"
    if _LEAST_HURT.search(said) and len(pool) > 1:  # "the less hurt one": the hardiest left

        def left(t: Thing) -> float:
            v = state.creatures[t.id].vitals
            return v.hp / max(1, v.max_hp)

        ranked = sorted(pool, key=left, reverse=True)
        if left(ranked[0]) > left(ranked[1]):
            return CreaturePick((ranked[0].id,), True, True)
    if "other" in wanted and len(pool) == 1:  # "now the other one": the one left standing
        return CreaturePick((pool[0].id,), True, True)
    if "other" in wanted and len(pool) == 2:
        hurt = [t for t in pool if "wounded" in _state_of(state, t.id)]
        struck = last_struck(state, {t.id for t in pool}) if len(hurt) != 1 else None
        if len(hurt) == 1 or struck is not None:  # "the other goblin": not the one hurt,
            # or not the one the party last struck
            rest = [t for t in pool if t.id != (struck or hurt[0].id)]
            return CreaturePick((rest[0].id,), True, True)
        mine = engaged_with(state, scope.actor) if scope.actor else set()
        free = [t for t in pool if t.id not in mine]
        if len(free) == 1 and mine:  # "the other one": not the one at one's own blade
            return CreaturePick((free[0].id,), True, True)
        # nothing sets one apart: "the other" of two is open, asked back
        return CreaturePick((), True, False, choices=tuple(t.id for t in pool))
    if wanted - {"any", "other"}:
        fits = [t for t in pool if (wanted - {"any", "other", "last"}) <= _state_of(state, t.id)]
        if "last" in wanted and fits:
            fits = fits[-1:] if len(fits) > 1 and len(pool) > 1 else fits
        if len(fits) == 1:
            return CreaturePick((fits[0].id,), True, True)
        if "wounded" in wanted and len(fits) > 1 and not plural(said):
            # "the wounded one": the most hurt, or — hurt alike — a question which
            tied = most_hurt(state, [t.id for t in fits])
            if len(tied) > 1:
                return CreaturePick((), True, False, choices=tuple(tied))
            return CreaturePick((tied[0],), True, True)
        if "healthy" in wanted and len(fits) > 1 and not plural(said):
            # "the one that isn't hurt" when none is: which of them?
            return CreaturePick((), True, False, choices=tuple(t.id for t in fits))
        if not fits and named:  # "the goblin that isn't hurt" may be the boss
            fits = [
                t for t in alive if (wanted - {"any", "other", "last"}) <= _state_of(state, t.id)
            ]
            if len(fits) == 1:
                return CreaturePick((fits[0].id,), True, True)
        if fits:
            pool = fits
        elif "last" not in wanted:
            label = " ".join(sorted(wanted - {"last"}))
            return CreaturePick((), True, False, f"no foe here is {label}")
    if len(pool) == 1:
        return CreaturePick((pool[0].id,), bool(named), bool(named))
    choice = weakest((t.id, state.creatures[t.id].vitals.hp) for t in pool)
    return CreaturePick((choice,) if choice else (), bool(named), False)


def most_hurt(state: GameState, ids: list[str]) -> list[str]:
    """The foes of ``ids`` with the fewest hit points left (several when they tie)."""
    if not ids:
        return []
    least = min(state.creatures[cid].vitals.hp for cid in ids)
    return [cid for cid in ids if state.creatures[cid].vitals.hp == least]


def plural(said: str) -> bool:
    """The line speaks of several foes ("the wounded ones", "both hurt goblins")."""
    return re.search(r"\b(?:ones|both|all|them|goblins|rats|wolves|skeletons|thralls)\b",
                     said) is not None  # fmt: skip
