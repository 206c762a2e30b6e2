"""Lines about where a character goes in a fight: "I close with the archer", "move next to
Aria", "take cover behind the barrels", "I step back behind the pillar". Each becomes a
``manoeuvre`` with ``action="engage"`` (a creature or an ally as the target) or
``action="cover"`` (a scene feature that gives cover as the target). Backing away with no
cover named stays a ``withdraw``; "charge the goblin" stays an attack (which closes in by
itself).
"""

from __future__ import annotations

import re
from dataclasses import replace

from app.understanding.intent import Intent
from app.understanding.mentions import scene_mentions
from app.understanding.readings import Context
from app.understanding.targets import named_creatures, pick_creatures, plural
from app.understanding.ways import move, named_beyond_direction, own
from app.understanding.words import has_phrase, verb_at
from app.world import view
from app.world.wording import the

FIRST = ("first",)
"""Marks a step that wins over any attack words in the same line: cover behind a named
feature, or a step whose line goes on with why ("so it can't shoot", "before he swings")."""
REASONS = ("so", "before", "because", "while", "until", "or", "in case", "so that")


def _why_follows(rest: str) -> bool:
    """The words after the step give a reason, not another action."""
    return any(has_phrase(rest, r) for r in REASONS)


def _earliest(said: str, phrases: tuple[str, ...]) -> tuple[int, str]:
    """Where the first of the phrases starts (longest first at a tie), or (-1, "")."""
    found = [(at, -len(p), p) for p in phrases if (at := verb_at(said, p)) >= 0]
    if not found:
        return -1, ""
    at, _, phrase = min(found)
    return at, phrase


def _cover_features(ctx: Context) -> dict[str, str]:
    """Features here that give cover: id -> name."""
    here = view.features_here(ctx.state, ctx.campaign)
    return {fid: f.name for fid, f in here.items() if f.cover}


def _cover(ctx: Context) -> Intent | None:
    at, phrase = _earliest(ctx.said, ctx.vocab.positions.get("cover", ()))
    if at < 0:
        return None
    rest = ctx.said[at + len(phrase) :]
    if re.match(r"\s*(?:me|us|him|her|them|you)\b", rest):
        return None  # "get behind me!": behind a person, no cover of the place
    named = [t for t in ctx.named("feature", text=rest) if t.kind == "feature"]
    covers = _cover_features(ctx)
    if named:
        feature = named[0]
        if feature.id not in covers:
            return ctx.intent("manoeuvre", action="cover", targets=(feature.id,), confidence=0.3,
                              note=f"{the(feature.name)} gives no cover")  # fmt: skip
        return ctx.intent("manoeuvre", action="cover", targets=(feature.id,), extra=FIRST)
    if len(covers) == 1 and not ctx.named("member", "creature", text=rest):
        return ctx.intent("manoeuvre", action="cover", targets=(next(iter(covers)),),
                          confidence=0.8)  # fmt: skip
    friend = [m for m in ctx.named("member", text=rest) if m.id != ctx.actor]
    if friend and ctx.scope.fighting:  # "step behind Thorin": back out of the foes' reach,
        return ctx.intent("manoeuvre", action="withdraw", confidence=0.8)  # with him between
    thing = " ".join(w for w in rest.split() if w not in ("the", "a", "an", "that", "this"))
    if thing and not covers and scene_mentions(ctx, rest):  # "duck behind the turnip sack"
        return ctx.intent("manoeuvre", action="cover", confidence=0.3,
                          note=f"the {thing} would hide nobody in a fight")  # fmt: skip
    return None  # "take cover" with nothing to get behind: a Dodge, read elsewhere


def _ranged_foes(ctx: Context) -> list[str]:
    """Foes that fight from afar: standing far from the fight, or with a ranged attack."""
    state = ctx.state
    alive = [t.id for t in ctx.scope.of("creature")]
    if state.encounter is None:
        return []
    far = [c for c in alive if state.encounter.positions.get(c, None) is not None
           and state.encounter.positions[c].band == "far"]  # fmt: skip
    if far:
        return far
    shooting = []
    for cid in alive:
        creature = state.creatures[cid]
        if creature.monster and any(
            a.kind == "ranged" and a.is_attack for a in state.monster(creature.monster).actions
        ):
            shooting.append(cid)
    return shooting


_THEIRS = re.compile(r"\b(?:you|you'll|he|she|they|it)\s+$")
"""A going told of someone else ("before you join them")."""


def _engage(ctx: Context) -> Intent | None:
    at, phrase = _earliest(ctx.said, ctx.vocab.positions.get("engage", ()))
    if at < 0 or _THEIRS.search(ctx.said[:at]):
        return None  # ("put the spoon down before you join them": the foe's, said to him)
    rest = ctx.said[at + len(phrase) :].strip()
    if not rest:
        return None
    near = " ".join(rest.split()[:3])  # "next to Aria", not "to the one Bram cracked"
    allies = [m for m in ctx.named("member", text=near) if m.id != ctx.actor]
    if allies:
        return ctx.intent("manoeuvre", action="engage", targets=(allies[0].id,))
    if any(has_phrase(rest, w) for w in ctx.vocab.positions.get("ranged", ())):
        archers = _ranged_foes(ctx)
        if archers:
            return ctx.intent("manoeuvre", action="engage", targets=tuple(archers[:1]),
                              confidence=1.0 if len(archers) == 1 else 0.85)  # fmt: skip
    if not named_creatures(rest, ctx.scope) and not any(
        has_phrase(near, w) for w in ("him", "her", "it", "them", "one")
    ):
        return None  # "go to the door" is no step in the fight ("run over to the young man
        # and shake him awake": him is the young man)
    pick = pick_creatures(rest, ctx.scope, ctx.state, ctx.vocab)
    if pick.missing:
        return ctx.intent("manoeuvre", action="engage", targets=pick.ids, confidence=0.3,
                          note=pick.missing)  # fmt: skip
    if pick.ids:
        return ctx.intent("manoeuvre", action="engage", targets=pick.ids[:1],
                          confidence=1.0 if pick.exact else 0.85,
                          extra=FIRST if _why_follows(rest) else ())  # fmt: skip
    return None


def position_move(ctx: Context) -> Intent | None:
    """A step in a fight the line asks for, or ``None`` (not fighting, no such words, or
    an explicit hide: "duck behind the pots and hide" is a Hide)."""
    if not ctx.scope.fighting or verb_at(ctx.said, "hide") >= 0:
        return None
    return _cover(ctx) or _engage(ctx)


_BY_WAY = re.compile(
    r"\b(?:up|down|out|through|out of|out through)\s+(?!onto\b|on\b|to\b|against\b|a bit\b|"
    r"a little\b|a step\b)(?:the\s+)?\w+.*"
)
"""A way taken, not merely stepped towards ("retreat up the stairs", not "towards", nor
"back up onto the stairs": onto them, still in the fight)."""


_BEHIND = re.compile(r"\b(?:behind|among|amongst|into|under|beneath) (.+)$")
"""A retreat into cover: the words after it name the cover."""


def step_away(ctx: Context, at: int, action: str) -> Intent | None:
    """Backing off in a fight (the verb at ``at``): out by a way taken up, down, out or
    through ("retreat up the stairs" leaves the fight, "back away towards the stairs" does
    not), or a step back from the foe named ("I back away from the rat")."""
    if action not in ("withdraw", "disengage") or not ctx.scope.fighting:
        return None
    behind = _BEHIND.search(ctx.said[at:])
    cover = ctx.named("feature", text=behind.group(1)) if behind else []
    if action == "withdraw" and cover:  # "retreat behind the throne": into its cover
        return ctx.intent("manoeuvre", action="cover", targets=(cover[0].id,))
    by = _BY_WAY.search(ctx.said[at:])
    if action == "withdraw" and by and own(ctx, at) and named_beyond_direction(ctx, by[0]):
        way = move(ctx, 0)
        if way is not None and way.kind == "move":
            return replace(way, action=action)
    named = named_creatures(ctx.said, ctx.scope)
    if named and (len(named) == 1 or not plural(ctx.said)):
        pick = pick_creatures(ctx.said, ctx.scope, ctx.state, ctx.vocab)
        return ctx.intent("manoeuvre", action=action, targets=pick.ids[:1])
    return None
