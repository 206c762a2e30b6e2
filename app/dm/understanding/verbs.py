"""Readings driven by verbs: each verb phrase of the line with its object resolved
against what is present. Movement needs a way out, taking needs something lying here,
using needs something carried — a verb whose object is not there is not acted on."""

from __future__ import annotations

from app.dm.understanding.intent import Intent, IntentKind, Reading
from app.dm.understanding.readings import Context, about_words, topic_of
from app.dm.understanding.targets import named_creatures, pick_creatures
from app.dm.understanding.words import has_phrase, phrase_at, starts_with

PLAIN_TALK = frozenset({"talk", "ask", "say", "speak", "tell", "greet", "chat", "question"})
"""Talking verbs that never by themselves start an authored challenge (a roll)."""


def _spell(ctx: Context) -> Intent | None:
    spells = ctx.named("spell", floor=0.9)
    if not spells:
        squashed = ctx.said.replace(" ", "")
        spells = [s for s in ctx.scope.of("spell") if any(n.replace(" ", "") in squashed
                                                          for n in s.names)]  # fmt: skip
    if not spells:
        return None
    spell = spells[0]
    pick = pick_creatures(ctx.said, ctx.scope, ctx.state, ctx.vocab)
    members = [m for m in ctx.named("member") if m.id != ctx.actor]
    targets = pick.ids if pick.named else tuple(m.id for m in members) or pick.ids
    if pick.missing:
        return ctx.intent("ask", spell=spell.id, confidence=0.3, note=pick.missing)
    return ctx.intent("cast", spell=spell.id, targets=targets)


def _challenge(ctx: Context, strong: bool) -> Intent | None:
    best: tuple[int, str] | None = None
    for thing in ctx.scope.of("challenge", "settled"):
        for phrase in thing.names:
            if (len(phrase.split()) > 1) != strong or phrase in PLAIN_TALK:
                continue
            at = phrase_at(ctx.said, phrase)
            if at >= 0 and (best is None or at < best[0]):
                best = (at, thing.id)
    if best is None:
        return None
    return ctx.intent("challenge", targets=(best[1],), confidence=1.0 if strong else 0.85)


def _phrase_hit(ctx: Context, phrases: tuple[str, ...]) -> int:
    hits = [phrase_at(ctx.said, p) for p in phrases]
    return min((h for h in hits if h >= 0), default=-1)


def _fight_start(ctx: Context) -> tuple[str, ...]:
    """An authored fight in this scene the line's foes belong to (the goblins in view)."""
    campaign = ctx.campaign
    if campaign is None:
        return ()
    scene = campaign.scenes.get(ctx.state.scene.id)
    candidates: list[str] = []
    if scene is not None and scene.encounter and scene.encounter not in ctx.state.defeated:
        candidates.append(scene.encounter)
    for thing in ctx.scope.of("challenge"):
        spec = campaign.challenges[thing.id]
        if spec.failure.start_encounter:
            candidates.append(spec.failure.start_encounter)
    for eid in candidates:
        monsters = [m.monster.replace("_", " ") for m in campaign.encounters[eid].monsters]
        words = {w for m in monsters for w in (m, m.split()[-1])}
        if any(has_phrase(ctx.said, w) or has_phrase(ctx.said, w + "s") for w in words):
            return (eid,)
    return ()


def _attack(ctx: Context) -> Intent:
    if ctx.scope.fighting or ctx.scope.of("creature"):
        pick = pick_creatures(ctx.said, ctx.scope, ctx.state, ctx.vocab)
        if pick.missing:
            return ctx.intent("ask", confidence=0.3, note=pick.missing,
                              alternatives=_attack_options(ctx))  # fmt: skip
        if pick.ids:
            return ctx.intent("attack", targets=pick.ids, confidence=1.0 if pick.exact else 0.85)
    npcs = ctx.named("npc")
    encounter = _fight_start(ctx)
    if encounter:
        return ctx.intent("attack", targets=encounter, confidence=0.9)
    if npcs:
        return ctx.intent("attack", targets=(npcs[0].id,), confidence=0.5)
    return ctx.intent("attack", confidence=0.4, note="nothing here to fight")


def _attack_options(ctx: Context) -> tuple[Reading, ...]:
    return tuple(Reading("attack", t.id, f"attack {t.name}") for t in ctx.scope.of("creature"))


def _move(ctx: Context, at: int) -> Intent | None:
    rest = ctx.said[at:]
    exits = ctx.named("exit", text=rest) or ctx.named("exit")
    if exits:
        return ctx.intent(
            "move", targets=(exits[0].id,), confidence=1.0 if len(exits) == 1 else 0.6
        )
    return None


def _talk(ctx: Context, at: int) -> Intent | None:
    npcs = ctx.named("npc")
    topic_text = ctx.said[at:]
    if not npcs:
        pronoun = any(has_phrase(ctx.said, p) for p in ("her", "him", "them", "she", "he"))
        present = ctx.scope.of("npc")
        if len(present) == 1 and (pronoun or "about" in topic_text.split() or True):
            npc = present[0]
            return ctx.intent("talk", targets=(npc.id,), confidence=0.7,
                              topic=topic_of(ctx, npc.id) or about_words(topic_text, ctx.vocab),
                              note="the only one here")  # fmt: skip
        return ctx.intent("talk", confidence=0.5, topic=about_words(topic_text, ctx.vocab),
                          note="nobody here by that name")  # fmt: skip
    npc = npcs[0]
    topic = topic_of(ctx, npc.id) or about_words(topic_text, ctx.vocab)
    return ctx.intent("talk", targets=(npc.id,), topic=topic)


def _examine(ctx: Context, at: int) -> Intent:
    rest = ctx.said[at:]
    things = ctx.named("feature", "npc", "creature", "item_here", "exit", "carried", "member",
                       text=rest)  # fmt: skip
    if things:
        return ctx.intent("examine", targets=(things[0].id,))
    return ctx.intent("examine", confidence=0.9)


def _items(ctx: Context, kind: IntentKind, at: int) -> Intent:
    rest = ctx.said[at:]
    if kind == "take":
        here = ctx.named("item_here", text=rest)
        if here:
            return ctx.intent("take", targets=(here[0].id,), item=here[0].id)
        carried = ctx.named("carried", text=rest)
        note = f"{carried[0].name} is already carried" if carried else "nothing like that here"
        return ctx.intent("take", confidence=0.4, note=note)
    carried = ctx.named("carried", text=rest)
    if kind == "give":
        to = [m for m in ctx.named("member", "npc", text=rest) if m.id != ctx.actor]
        if carried and to:
            return ctx.intent("give", targets=(to[0].id, carried[0].id), item=carried[0].id)
        note = "give what to whom?" if carried else "nothing like that is carried"
        return ctx.intent("give", confidence=0.4, note=note,
                          targets=tuple(t.id for t in to[:1]))  # fmt: skip
    if carried:
        verb = next((v for v in ctx.vocab.verbs["use"] if has_phrase(ctx.said, v)), "use")
        return ctx.intent(kind, targets=(carried[0].id,), item=carried[0].id, action=verb)
    others = [s for s in ctx.state.party.values() if s.id != ctx.actor]
    words = [w for w in rest.split() if len(w) > 3]
    holder = next(
        (s.name for s in others for i in s.inventory for w in words if w in i.lower()), None
    )
    note = f"only {holder} carries that" if holder else "nothing like that is carried"
    return ctx.intent(kind, confidence=0.4, note=note)


def _verb_hits(ctx: Context) -> list[tuple[int, int, IntentKind]]:
    """(position, -length, kind) of every verb phrase in the line."""
    hits: list[tuple[int, int, IntentKind]] = []
    for kind, phrases in ctx.vocab.verbs.items():
        for phrase in phrases:
            at = phrase_at(ctx.said, phrase)
            if at < 0:
                for suffix in ("s", "es", "ing", "ed"):
                    word = phrase.split()[0]
                    form = " ".join([word + suffix, *phrase.split()[1:]])
                    at = phrase_at(ctx.said, form)
                    if at >= 0:
                        break
            if at >= 0:
                hits.append((at, -len(phrase), kind))  # type: ignore[arg-type]
    return sorted(hits)


def manoeuvre_or_rest(ctx: Context) -> Intent | None:
    """Hold, manoeuvres and rests: phrases that beat their words' other meanings."""
    vocab = ctx.vocab
    for action, phrases in vocab.manoeuvres.items():
        if action == "hide" and not ctx.scope.fighting:
            continue
        if _phrase_hit(ctx, phrases) >= 0:
            if not ctx.scope.fighting and _move(ctx, 0) is not None:
                return None  # "back up the stairs" outside a fight is a way out, not a retreat
            return ctx.intent("manoeuvre", action=action)
    if ctx.scope.fighting and _phrase_hit(ctx, vocab.hold) == 0:
        return ctx.intent("hold")
    rest_at = _phrase_hit(ctx, vocab.verbs["rest"])
    if rest_at >= 0 and not starts_with(ctx.said[rest_at:], "rest of"):
        long_at = _phrase_hit(ctx, vocab.rests["long"])
        short_at = _phrase_hit(ctx, vocab.rests["short"])
        if long_at >= 0 or short_at >= 0:
            kind = "long" if long_at >= 0 and (short_at < 0 or long_at <= short_at) else "short"
            return ctx.intent("rest", action=kind)
        return ctx.intent("rest", action="short", confidence=0.7)
    return None


def by_verbs(ctx: Context) -> Intent | None:
    """The first verb phrase whose object is present decides; an action verb aimed at
    nothing present is reported as such (low confidence) rather than guessed."""
    found = manoeuvre_or_rest(ctx) or _challenge(ctx, strong=True)
    if found is not None:
        return found
    weak: Intent | None = None
    for at, _, kind in _verb_hits(ctx):
        reading: Intent | None
        if kind == "cast":
            reading = _spell(ctx) or ctx.intent(
                "ask", confidence=0.3, note="a spell this character does not know"
            )
        elif kind == "attack":
            reading = _spell(ctx) or _attack(ctx)
        elif kind == "move":
            reading = _move(ctx, at)
        elif kind == "talk":
            reading = (
                _challenge(ctx, strong=False) if ctx.said.split()[0] not in PLAIN_TALK else None
            )
            reading = reading or _talk(ctx, at)
        elif kind == "examine":
            reading = _examine(ctx, at)
        elif kind in ("take", "drop", "give", "use"):
            reading = _items(ctx, kind, at)
        else:
            reading = None
        if reading is None:
            continue
        if reading.confidence >= 0.7:
            return reading
        weak = weak or reading
    found = _spell(ctx) or _challenge(ctx, strong=False)
    if found is not None:
        return found
    if weak is not None:
        return weak
    if any(ctx.said.split()[0] == v for v in ("go", "walk", "head", "move", "leave", "run")):
        return ctx.intent("move", confidence=0.4, note="no way by that name")
    return None


def bare_names(ctx: Context) -> Intent | None:
    """No verb: a name alone ("the trapdoor", "rat 2") — attack a foe in a fight, look at
    a thing, speak to a person; several meanings are offered back."""
    if ctx.scope.fighting and named_creatures(ctx.said, ctx.scope):
        return _attack(ctx)
    things = ctx.named("feature", "npc", "exit", "item_here", "creature")
    if not things:
        return None
    kinds = {t.kind for t in things}
    if len(things) == 1 or len(kinds) == 1:
        thing = things[0]
        kind: IntentKind = {"npc": "talk", "exit": "move"}.get(thing.kind, "examine")  # type: ignore[assignment]
        return ctx.intent(kind, targets=(thing.id,), confidence=0.75)
    options = tuple(
        Reading({"npc": "talk", "exit": "move"}.get(t.kind, "examine"), t.id,  # type: ignore[arg-type]
                f"{'go through' if t.kind == 'exit' else 'look at'} the {t.name}")
        for t in things
    )  # fmt: skip
    return ctx.intent("ask", alternatives=options, confidence=0.4)
