"""Lines with no verb the game knows: a name alone ("the trapdoor") is offered back with what
can be done with it, a description of a foe in a fight ("the wounded one!") is a blow, a
healing draught one carries ("potion!") is drunk, a weapon named is a swing."""

from __future__ import annotations

import re

from rapidfuzz import fuzz

from app.understanding.carrying import items
from app.understanding.fighting_words import attack_style, blow_at_thing, cutting, struck_thing
from app.understanding.going import RETURNED
from app.understanding.intent import Intent, Reading
from app.understanding.negation import NEGATING
from app.understanding.people_called import called_by
from app.understanding.readings import Context
from app.understanding.targets import named_creatures, pick_creatures
from app.understanding.ways import (
    DRAWN,
    HELD_OUT,
    crept_past,
    move,
    named_beyond_direction,
    shut_ways,
)
from app.understanding.words import has_phrase, name_score, stem
from app.world.references import facts


def _named_outright(ctx: Context) -> bool:
    """A creature named by a whole name of its own, not by a word it shares with a thing
    ("bell" of the Bell-Warden in "the bell rope")."""
    return any(
        name_score(ctx.said, n, ctx.vocab.stop) >= 1
        for t in ctx.scope.of("creature")
        for n in t.names
    )


def _armed(ctx: Context) -> bool:
    """A weapon named (not one held back: "instead of lifting his mace"), or an attack verb
    misspelled ("atack")."""
    if _HELD_BACK.search(ctx.said) or _PICKED_UP.match(ctx.said):
        return False  # ("pick up my dagger, then tie up the goblin": no blow with it)
    if any(has_phrase(ctx.said, w) for w in ctx.vocab.weapons):
        return True
    first = ctx.said.split()[0]
    return len(first) > 4 and fuzz.ratio(first, "attack") >= 80


_HELD_BACK = re.compile(
    r"\b(?:instead of|rather than|without) (?:\w+ ){0,2}(?:my|his|her|their|the) \w+"
    r"|\b(?:lowers?|lowering|sheathes?|sheathing|puts? away|putting away) "
    r"(?:my|his|her|their|the)\b"
)
"""A weapon named only as held back ("instead of lifting his mace", "lowers her bow")."""
_PICKED_UP = re.compile(
    r"^(?:i |then )?(?:pick|picks) (?:up )?(?:my|his|her|the) \w+(?: up)?\W+(?:and |then )+"
    r"(?!(?:hit|stab|attack|strike|swing|throw|slash|cut|shoot)\b)"
)
"""A weapon picked up first, and some other deed after ("pick up my dagger, then tie …")."""
_HURT = frozenset({"wounded", "last", "other"})
"""Descriptions that, said alone in a fight, call for a blow ("the wounded one!"): a foe
near its end, the last, the other one."""


_HOW_SHE_IS = re.compile(r"^\W*(?:she|he|it|they)(?:'s|'re| is| are| looks?| seems?)\b")
"""How a foe stands, told ("She's nearly gone, but …"): said, no blow at her."""
_FRIEND_IS = re.compile(r"\b(\w+)(?:'s| s| is)\s+(?:\w+\s+)?(?:bleeding|hurt|wounded|dying|down)\b")
_EXCLAIMED = re.compile(r"^\W*(?:o+h+|wo+w+|who+a+|huh|a+h+a*|hey look|look|nice|cool)\b")
"""A place seen and remarked on ("ooh secret cave", "oh nice, a cave"): nobody goes."""
_GESTURE = re.compile(
    r"^(?:\w+ing|nods?|points?|gestures?|glances?|waves?|looks?|stares?|peers?|jerks?)\b"
)
"""Words that open a gesture towards a place, not a going ("nodding at the wood")."""
_PASSED_OVER = re.compile(
    r"\b(?:skip|skips|skipping|avoid|avoids|avoiding|bypass|bypassing|ignore|ignoring|forget|"
    r"leave|leaving|not|never|no|pass up|steer clear of|stay away from)\b"
)
"""Words that pass a place over rather than go there ("we skip the lighthouse")."""
_OUT_OF_REACH = re.compile(
    r"^(?:and )?(?:well )?out of (?:his|her|its|their|our|my|the \w+'?s?) (?:reach|sight|way|grip)"
    r"|^(?:and )?out of (?:reach|sight|range|harm'?s? way|the way)\b"
)
"""Where a deed puts someone ("drag Wren behind the pews, out of her reach"), not a going."""
_NAMED_ONLY = re.compile(r"^(?:the|that|this|a|an) (?!way\b)\w+(?: \w+)?$")
"""A place named and nothing more ("the woods"): said, maybe to go there, maybe not."""
_PARTICLE = re.compile(
    r"\b(?:out|up|down|in|back|away) (?:my|his|her|their|your|our|its)\b"
    r"|\b(?:myself|himself|herself|themselves|ourselves|yourself) (?:up|down|out|in|back|away)\b"
    r"|^(?!(?:go|come|lead|take|bring|get|head|climb|run|walk)\b)(?:i |we )?\w+ (?:everyone|"
    r"everybody|us|them|him|her|it|all) (?:up|down|out)\W*$"
)
"""A direction word that belongs to its verb ("dry out my beard", "patch myself up", "heal
everyone up")."""


_HELD: dict[str, re.Pattern[str]] = {}


def held_ready(ctx: Context) -> bool:
    """The clause only says a weapon is held ready ("rapier up", "with my bow drawn"): how
    the deed around it is done, no blow of its own."""
    if len(ctx.said.split()) > 6:
        return False
    held = _HELD.get(ctx.vocab.code)
    if held is None:  # made once for each language's weapons
        gear = "|".join(re.escape(w) for w in sorted(ctx.vocab.weapons, key=len, reverse=True))
        held = _HELD[ctx.vocab.code] = re.compile(
            rf"(?:and |with )?(?:my |his |her |their |our )?(?:{gear}|weapons?|blades?|steel|"
            rf"shields?|torch(?:es)?)s? (?:out|up|drawn|ready|raised|high|held high|"
            rf"at the ready)"
        )
    return held.fullmatch(ctx.said) is not None


AT_THROAT = re.compile(
    r"\b(?:put|puts|hold|holds|press|presses|lay|lays|keep|keeps|dagger|blade|knife|sword|"
    r"shortsword|rapier|scimitar|steel)\b.*\b(?:to|at|against|on) (?:[\w']+ ){0,4}?"
    r"(?:throat|neck)\b"
    r"|\b(?:level|levels|levelled|leveled|point|points|pointed)\s+(?:my|his|her|their|the)\s+"
    r"(?:[\w-]+\s+){0,2}at\b",
    re.IGNORECASE,
)
"""A blade held to a foe's throat ("put my dagger to the sleeping goblin's throat"): the
threat that goes with it is the deed."""
STRUCK_WHERE = re.compile(
    r"\b(?:over|on|across|in|upside) (?:the|his|her|its|their) (?:head|skull|face|nose|jaw|"
    r"noggin|helmet|teeth|chops)\b"
)
"""Where a blow lands ("bash goblin two over the head"): a blow, not a shove or a heave."""
_OFFERED = re.compile(r"\b(?:have|take|try|eat) (?:a|an|some|this|one|my|these) (.+)$")
"""Something held out to someone called by name ("here old man, have a cake")."""


_WORKED_ON = re.compile(
    r"^(?:fill|fills|block|blocks|seal|seals|collapse|collapses|cave|bury|buries|dig|digs|"
    r"guard|guards|watch|watches|mark|marks|burn|burns|flood|floods|bar|bars|barricade|plug|"
    r"close|closes|shut|shuts|board|boards)\b"
)
"""A way worked on, not gone by ("fill in the tunnel", "block the stairs")."""


_ONE_WORDS = frozenset({"one", "guy", "thing", "bastard", "bugger", "sleeper", "snoozer"})
"""Words that stand for a foe when a description goes with them ("the wounded one", "the
sleeper")."""


def bare_names(ctx: Context) -> Intent | None:
    """No verb: a name alone ("the trapdoor") is offered back with what can be done with
    it; a description of a foe in a fight ("the wounded one") is an attack; a healing
    draught one carries ("potion!") is drunk."""
    held = DRAWN.search(ctx.said)
    if held is not None and len(ctx.said.split()) > 3:  # "goes first, shortsword out": no
        ctx = ctx.with_said(DRAWN.sub(" ", ctx.said))  # way named by the gear held ready
    if len(ctx.said.split()) <= 3:
        carried = ctx.named("carried")
        spec = ctx.campaign.items.get(carried[0].id) if carried and ctx.campaign else None
        if spec is not None and spec.heals:
            return ctx.intent("use", targets=(carried[0].id,), item=carried[0].id,
                              action="drink", confidence=0.8)  # fmt: skip
        draughts = [i for i in ctx.campaign.items.values() if i.heals] if ctx.campaign else []
        if not carried and any(has_phrase(ctx.said, n.lower()) for i in draughts
                               for n in (i.name, *i.aliases)):  # fmt: skip
            return items(ctx.with_said(f"drink {ctx.said}"), "use", 0)  # "potion!": none here
    if ctx.scope.fighting and _armed(ctx):
        struck = struck_thing(ctx)
        if struck is not None and not _named_outright(ctx):  # "cut the bell rope with…"
            return blow_at_thing(ctx, struck)
        if AT_THROAT.search(ctx.said):  # a blade held to a throat: a threat, no blow
            return None
        pick = pick_creatures(ctx.said, ctx.scope, ctx.state, ctx.vocab)
        if pick.named and pick.ids:  # ("grip my axe in both hands and bring it down on …")
            return attack_style(ctx, ctx.intent("attack", targets=pick.ids, confidence=0.85))
    words = ctx.said.split()
    kinds = {stem(w) for t in ctx.scope.of("creature") for n in t.names for w in n.split()}
    foe = any(stem(w) in kinds | _ONE_WORDS for w in words)
    if ctx.scope.fighting and len(words) <= 8 and foe and not _by_name(ctx):
        # a foe singled out by what the fight or the story shows of it ("the awake one",
        # "the big one", "the goblin with the spoon"), nothing said to do to it: asked;
        # "the wounded one!" and "now the other one" are the next blow, struck
        wanted = {v for k, v in ctx.vocab.descriptors.items() if has_phrase(ctx.said, k)}
        plain = bool(wanted - {"any"}) and named_creatures(ctx.said, ctx.scope) == []
        described = plain or _DESCRIBED.match(ctx.said) or _NEXT.match(ctx.raw.lower())
        # (not "pin the wounded rat under a cask", "I cut the bell rope so she can't ring it")
        singled = pick_creatures(ctx.said, ctx.scope, ctx.state, ctx.vocab) if described else None
        if singled is not None and singled.exact and len(singled.ids) == 1:
            at_the_hurt = bool(wanted & _HURT) and "?" not in ctx.raw
            friend = _FRIEND_IS.search(ctx.said)  # ("Cass is bleeding out": a friend hurt)
            told_of = _HOW_SHE_IS.match(ctx.raw.lower()) or (
                friend is not None and ctx.named("member", text=friend.group(1))
            )
            at_the_hurt = at_the_hurt and not told_of
            if at_the_hurt or _NEXT.match(ctx.raw.lower()):
                return ctx.intent("attack", targets=singled.ids, confidence=0.8)
            who = singled.ids[0]
            offer = Reading("attack", who, f"attack {ctx.state.name_of(who)}")
            return ctx.intent("ask", targets=singled.ids, alternatives=(offer,), confidence=0.4)
        foes = [t.id for t in ctx.scope.of("creature") if t.id in ctx.state.creatures]
        which = (
            ()
            if singled is None
            else singled.choices or (foes if _DESCRIBED.match(ctx.said) else ())
        )
        # "the bigger one", of two alike: which?
        if singled is not None and which and not singled.missing:
            offers = tuple(Reading("attack", c, f"attack {ctx.state.name_of(c)}") for c in which)
            return ctx.intent("ask", targets=tuple(which), alternatives=offers[:4], confidence=0.4)
    numbered = re.search(r"\d|\b(?:one|two|three|four|first|second|third|fourth)\b", ctx.said)
    if ctx.scope.of("creature") and len(words) <= 4 and numbered:
        pick = pick_creatures(ctx.said, ctx.scope, ctx.state, ctx.vocab)
        if pick.exact and len(pick.ids) == 1 and named_creatures(ctx.said, ctx.scope):
            # "rat 3" alone: that one, offered back (or struck, after "hit rat 1 and …")
            if ctx.scope.fighting and _NEXT.match(ctx.raw.lower()):
                return ctx.intent("attack", targets=pick.ids, confidence=0.8)  # "now rat 3"
            who = pick.ids[0]
            offer = Reading("attack", who, f"attack {ctx.state.name_of(who)}")
            return ctx.intent("ask", targets=pick.ids, alternatives=(offer,), confidence=0.4)
    cut = struck_thing(ctx) if cutting(ctx) else None
    if cut is not None:  # "cut the bell rope", with no blade named: what a blade does
        return blow_at_thing(ctx, cut)
    if ctx.said in ("upstairs", "downstairs", "back upstairs", "back downstairs"):
        return move(ctx, 0)  # a way said alone, as "up" is
    if ctx.said in ("descend", "ascend", "we descend", "i descend", "we ascend", "i ascend"):
        return move(ctx.with_said("go down" if "descend" in ctx.said else "go up"), 0)
    things = ctx.named("feature", "npc", "exit", "item_here", "creature", floor=0.85)
    # (an owner named only by a possessive is no thing named: "the bite on Tam's ankle")
    if len(words) > 6 or RETURNED.search(ctx.said):  # ("grips his axe in both hands …": "in"
        # is no way named; nor "back" in "we'll be back with sausages")
        things = [t for t in things if t.kind != "exit" or named_beyond_direction(ctx, ctx.said)]
    if _DOWNED.match(ctx.said):  # "downs it in one": a drink, no way down
        things = [t for t in things if t.kind != "exit"]
    if not things:
        return None
    people = [t for t in things if t.kind == "npc"]
    called = [p for p in people if called_by(ctx.raw, p)]
    held_out = _OFFERED.search(ctx.said)
    offered = ctx.named("carried", text=held_out.group(1)) if held_out is not None else []
    if len(called) == 1 and offered:  # "here old man, have a cake": given to him
        return ctx.intent("give", targets=(called[0].id, offered[0].id), item=offered[0].id,
                          confidence=0.8)  # fmt: skip
    if len(called) == 1:  # "Wendel lived, Sister. He's alive.": words said to her
        return ctx.intent("talk", targets=(called[0].id,), confidence=0.75)
    if {t.kind for t in things} == {"exit"} and len(things) == 1 and len(ctx.said.split()) <= 4:
        if (
            _GESTURE.match(ctx.said)
            or DRAWN.search(ctx.said)
            or HELD_OUT.match(ctx.said)
            or (_OUT_OF_REACH.match(ctx.said))
            or _PASSED_OVER.search(ctx.said)
            or _WORKED_ON.match(ctx.said)
            or _PARTICLE.search(ctx.said)
            or RETURNED.search(ctx.said)
            or set(ctx.said.split()) & NEGATING
        ):
            return None  # "nodding at the wood", "weapons out", "we skip the lighthouse",
            # "we don't go back":
            # nobody goes that way
        went = move(ctx, 0)
        remarked = _NAMED_ONLY.match(ctx.said) or _EXCLAIMED.match(ctx.raw.lower())
        if went is not None and went.kind == "move" and remarked:
            offer = Reading("move", went.target, f"go to {things[0].name}")  # "the woods":
            return ctx.intent("ask", confidence=0.4, alternatives=(offer,))  # said, not gone
        return went or ctx.intent("ask", confidence=0.3)
    here = ctx.scope.of("npc")
    if len(here) == 1 and not ctx.scope.fighting and _TO_YOU.search(ctx.said):
        # "we'll bring u a string of sausages every week if u … deal?": to the one here
        return ctx.intent("talk", targets=(here[0].id,), confidence=0.7)
    if ("?" in ctx.raw or _ASKED_AFTER.match(ctx.raw.lower())) and _WONDERING.search(ctx.said):
        # "wait if the trapdoor slammed on him who locked the padlock??": asked, not done
        return ctx.intent("question", targets=tuple(t.id for t in things), confidence=0.7)
    options = tuple(
        Reading({"npc": "talk", "exit": "move", "creature": "attack"}.get(t.kind, "examine"),  # type: ignore[arg-type]
                t.id, _label(t.kind, t.name))
        for t in things
    )  # fmt: skip
    shut = shut_ways(ctx)
    shut_named = [t.id for t in things if t.kind == "exit" and t.id in shut]
    crept = crept_past(ctx, shut_named[0]) if len(shut_named) == 1 else None
    if crept is not None:  # "she slips along the far wall toward the hide curtain": the
        return crept  # stealth that opens that way
    openers = [o for t in things if t.kind == "exit" and t.id in shut for o in _openers(ctx, t.id)]
    options = (*openers, *options)[:4]
    return ctx.intent("ask", alternatives=options, confidence=0.4,
                      targets=tuple(t.id for t in things))  # fmt: skip


def _openers(ctx: Context, scene_id: str) -> list[Reading]:
    """The challenges here, not yet done, whose success sets a flag that shut way waits
    for: "open the trapdoor" offers picking the lock and forcing it."""
    campaign = ctx.campaign
    if campaign is None or ctx.state.scene.id not in campaign.scenes:
        return []
    wanted: set[str] = set()
    for way in campaign.scenes[ctx.state.scene.id].exits:
        if way.to == scene_id:
            wanted |= {way.requires_flag} if way.requires_flag else set()
            wanted |= {f.flag for f in facts(way.when) if f.flag} if way.when else set()
    return [
        Reading("challenge", cid, spec.name)
        for cid, spec in campaign.challenges.items()
        if spec.scene == ctx.state.scene.id
        and (spec.retry or cid not in ctx.state.challenges)
        and ctx.state.challenges.get(cid) != "passed"
        and wanted & set(spec.success.set_flags)
    ]


def _label(kind: str, name: str) -> str:
    """ "look at the sea" — never "look at the the sea" for a thing its author named "the sea"."""
    verb = _verb_for(kind)
    if verb.endswith(" the") and name.lower().startswith("the "):
        verb = verb.removesuffix(" the")
    return f"{verb} {name}"


def _verb_for(kind: str) -> str:
    return {"npc": "talk to", "exit": "go through the", "creature": "attack"}.get(
        kind, "look at the"
    )


_TO_YOU = re.compile(r"\b(?:you|u|ya|yer|your|ur)\b")
"""Words said to someone: with one person here, to them."""
_WONDERING = re.compile(r"\b(?:who|what|why|how|where|which|whose)\b")
"""A question's word, in a line that names things and asks about them."""


def _by_name(ctx: Context) -> bool:
    """A creature called by its own whole name ("goblin 2", "Grubnak"), not described."""
    return any(has_phrase(ctx.said, t.name.lower()) for t in ctx.scope.of("creature"))


_DESCRIBED = re.compile(
    r"^(?:(?:now|ok|okay|and|then|uh|um)\s+)?(?:the|that|this|whichever|whoever|which ever)\b"
)
"""A description of someone said alone ("the one holding Corin", "whichever is closer")."""
_ASKED_AFTER = re.compile(r"^(?:the|that|this|those|these) [^,]+, (?:what|who|why|how|which)\b")
"""A thing named, then asked about without a question mark ("the prints, what made them")."""
_NEXT = re.compile(r"^(?:ok(?:ay)? |and )?(?:now|next)\b")
"""A foe named as the next to strike ("now the other one", "next, rat 3")."""


def only_ways(ctx: Context, ids: tuple[str, ...]) -> bool:
    """What a line names is ways out, and nothing else ("down the stairs")."""
    return bool(ids) and all(ctx.scope.get(t, "exit") is not None for t in ids)


_DEEDS = frozenset({"use", "move", "take", "drop", "give", "challenge", "attack", "cast", "rest",
                    "manoeuvre", "feature"})  # fmt: skip


def asked_bare(ctx: Context, found: Intent) -> Intent:
    """A thing or a way named alone with a question mark ("potion?", "tunnel?") is asked
    about, never done: the player is asked what they mean."""
    if found.kind not in _DEEDS or not ctx.raw.rstrip().endswith("?") or len(ctx.said.split()) > 2:
        return found
    if found.kind == "rest" and found.action:  # "short rest?": the rest proposed, and taken
        return found
    who = ctx.state.name_of(ctx.actor) if ctx.actor else "the party"
    if found.kind == "move" and found.target:  # "up?": the way offered back, not gone
        way = ctx.scope.get(found.target)
        offer = Reading("move", found.target, f"go to {way.name if way else found.target}")
        return ctx.intent("ask", confidence=0.3, alternatives=(offer,))
    return ctx.intent("ask", confidence=0.3, note=f"{ctx.said}? Say what {who} does with it")


_DOWNED = re.compile(
    r"^(?:i\s+|\w+\s+)?(?:downs|downed|downing)\s+(?:it|that|this|the|my|his|her|their|a|an)\b"
)
"""A drink downed ("downs it in one"): nobody "downs" a way."""
