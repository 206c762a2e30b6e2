"""Improvised actions: a plausible deed no other verb covers, done to a person or thing
the scene names — tie up the sleeping goblin, shake Wren awake, kick over the table,
demand their surrender, climb onto the bar. A good DM says "yes, and": it calls for the
ability check the deed needs against an SRD-style DC (easy 10, medium 15, hard 20), or
lets it simply happen when nothing stands against it.

The reading is an :class:`Intent` of kind ``improvise``: ``action`` is the skill (or ``auto``),
``extra`` the deed's key (``bind``, ``wake``, ``cow`` …) and DC, ``targets`` what it is done
to; the referee rules on it (:mod:`app.referee.ruling`)."""

from __future__ import annotations

import re

from app.understanding.challenge_deeds import authored, up_a_way
from app.understanding.challenging import stealth_challenge
from app.understanding.clauses import QUOTED_SPEECH
from app.understanding.deed_kinds import PULLED_FREE, SUBDUING, deed_of
from app.understanding.deed_objects import (
    BLINDING,
    BODY_THROWN,
    BOUND_WITH,
    FARE,
    FLOORING,
    FROM_WHERE,
    IN_THE_BACK,
    LEFT_THERE,
    MUTTERED,
    OUT_OF_OWN,
    PARTED,
    PARTED_AND_IN,
    WEAPON_WORDS,
    beside,
    foe_at_hand,
    for_them,
    gear_owner,
    grabs_a_thing,
    kit_taken_up,
    object_is_a_thing,
    posture,
    their_gear,
    to_bind,
    unresisting,
)
from app.understanding.deeds import Deed, after_verb, flung, unheard_tune
from app.understanding.fights_in_view import fight_in_view
from app.understanding.intent import Intent
from app.understanding.mentions import mention, scene_mentions
from app.understanding.readings import Context, topic_of
from app.understanding.scope import Thing, ThingKind
from app.understanding.spells import mentions_a_spell
from app.understanding.targets import pick_creatures
from app.understanding.verbs import challenge_named
from app.understanding.ways import PART_OF, crept_past, shut_ways
from app.understanding.words import name_score, normalise

_IT_ONLY = re.compile(r"^\W*(?:hold of |onto |on to )?(?:it|that)\b")
"""A thing taken hold of by "it" alone: no foe named."""
KIND_TO = frozenset({"npc", "member"})
"""A kindness is done to a person ("wrap my cloak around Nessa's shoulders", "make the old
man a cup of tea"); to a thing it is no deed of its own."""

HARD = ("as hard as", "with all", "impossible", "huge", "massive", "iron", "heavy")
EASY = ("gently", "carefully", "quietly", "asleep", "sleeping", "unconscious", "out cold")


def _whole(ctx: Context, thing: Thing, text: str) -> bool:
    """Whether the text names the thing by a whole name of it, not one word of one."""
    return any(name_score(text, n, ctx.vocab.stop) >= 1.0 for n in thing.names)


_TO_THEIR_FEET = re.compile(
    r"\b(?:haul|hauls|pull|pulls|help|helps|drag|drags|heave|heaves|lift|lifts|hoist|hoists)"
    r"\s+((?:the |that |this )?(?:[\w']+ ){0,2}?[\w']+)\s+"
    r"(?:up\b|back up\b|to (?:his|her|their) feet\b)"
)
"""A hand up for a friend ("hauls ivo to his feet", "help Mira up")."""
_EYES_OFF = re.compile(r"\btak(?:e|es|ing|en) (?:\w+ )?eyes? off\b")
"""Eyes not taken off someone: a way of watching, not a grab."""
_ROPED_US = re.compile(r"\b(?:between us|to each other|to one another|together|(?:a)?round us)\b")
"""The party roped together, for safety: no foe bound, no roll."""
_ON_PEOPLE = frozenset({"tend", "bind", "wake", "kindness"})
"""Deeds done to someone, never to a way out."""
_HURLED_AT = re.compile(r"\b(?:at|into|onto|in) (.+)$")
"""Whom a thing is thrown at ("throw it at rat 2")."""
FOR_SOMEONE = frozenset(
    {"perform", "pray", "sway", "cow", "bluff", "kindness", "tend", "show", "insight"}
)
"""Deeds done for or to a person, whatever they are done with (a fiddle, a prayer book)."""


_USED = re.compile(
    r"^(?:i |we )?(?:drink|drinks|quaff|quaffs|eat|eats|rub|rubs|smear|smears|dab|dabs|apply|"
    r"applies|swallow|swallows|sip|sips|gulp|gulps|use|uses|spread|spreads)\b"
)
"""Using up a thing of the story (a jar of salve, a draught): the item's own use, or — when
it lies here, not carried — the game says it is not picked up yet."""
_PRONOUN = re.compile(r"\b(?:him|her|it|one|them)\b")


_GRABBED_HOLD = re.compile(
    r"\b(?:grab|grabs|seize|seizes|grapple|grapples|wrestle|wrestles)\s+(?:a )?(?:hold of |onto "
    r"|on to )?(?:the|that|this|\w+ \d)\b"
)
"""A foe grabbed outright, another deed told before it ("wade in and grab the thrall"): held."""


def improvised(ctx: Context, deed: Deed | None = None) -> Intent | None:
    """The clause as an improvised deed on something here, or ``None``."""
    deed = deed or deed_of(ctx.said)
    raised = _TO_THEIR_FEET.search(ctx.said)
    helped = ctx.named("member", text=raised.group(1)) if raised is not None else []
    friend = [m.id for m in helped if m.id != ctx.actor]
    if friend:  # "hauls ivo to his feet": a hand up, told (standing is the friend's own
        # to do on their turn, with half their movement, as the rules have it)
        return ctx.intent("improvise", targets=(friend[0],), action="auto",
                          extra=("free", "0"), confidence=0.8)  # fmt: skip
    if deed is not None and deed.key == "sneak" and (past := stealth_challenge(ctx)):
        return past  # "tiptoe around the dice game": the scene's own sneaking past
    if deed is None or challenge_named(ctx):
        return None  # the campaign's own challenge for it is the ruling
    caster = ctx.state.party.get(ctx.actor or "")
    if deed.key == "knock_out" and caster and mentions_a_spell(ctx.said, caster.spells):
        return None  # "magic missile grubnak but dont kill him": the spell, which cannot
        # knock out (only a melee blow can)
    if deed.key == "heave" and not ctx.scope.fighting and PARTED.search(ctx.said):
        # "pull the kelp aside": a look under it, a search (no heaving with a roll)
        parted = [t.id for t in ctx.named("feature", text=after_verb(ctx.said, deed))]
        if not parted:  # "the kelp": the tide pools' own words name it
            told = mention(ctx.state, ctx.campaign, ctx.said, ctx.vocab.stop)
            parted = [told.feature] if told is not None and told.feature else []
        return ctx.intent("examine", targets=tuple(parted[:1]), confidence=0.8)
    if deed.key == "grab" and _EYES_OFF.search(ctx.said):
        return None  # "never taking her eyes off the grey shapes": a look kept, no grab
    if deed.key == "track" and not ctx.named("feature") and scene_mentions(ctx):
        # a trail the party was told of, though no feature of the scene: followed
        return ctx.intent("improvise", action="auto", extra=("free", "0"), confidence=0.8)
    # A person the deed is done to before the thing it is done with ("tie my rope around
    # Tam's waist" ties Tam): people are looked for first, then things.
    objects: tuple[ThingKind, ...] = ("feature", "item_here", "exit", "carried")
    if deed.key in _ON_PEOPLE:  # "bandage her up", "tie up another one": no stairs "up"
        objects = ("feature", "item_here", "carried")
    on_a_thing = deed.key in ("heave", "throw", "climb", "floor") and object_is_a_thing(ctx)
    rest = after_verb(ctx.said, deed).replace("'s ", " ")  # "Tam's ankle" names Tam
    if deed.key == "bind":  # "lasso her with my rope": the rope is what it is done with;
        rest = re.sub(r"^(\s*(?:him|her|them|it)) to\b.*$", r"\1", BOUND_WITH.sub(" ", rest))
        # "tie her to a pew": she is bound, to the pew
    rest = MUTTERED.sub(" ", rest)  # "… and mutters about elves": a topic, not a target
    if deed.key == "sneak":  # "sneak up behind them": up close, not up the shore steps
        rest = re.sub(r"^\s*up\s+(?=(?:behind|on|to|towards|close|beside|next|near)\b)", " ", rest)
    for quoted in QUOTED_SPEECH.finditer(ctx.raw):  # "slams a fist on the bar. 'Who went
        spoken = normalise(quoted.group(0)).strip()  # down there?'": said, not done to
        rest = rest.replace(spoken, " ") if spoken else rest
    if deed.key == "rescue":  # "pull him away from the thralls": him, not them
        rest = re.sub(r"\b(?:from|of)\b.*$", " ", rest)
    if on_a_thing:  # "kick the cask at the rats", "knock over the pots onto the goblins"
        things = ctx.named(*objects, text=rest)
        if not things and re.search(r"\boff\b", rest):
            # "knock the saucepan off Grubnak's head": no thing of the scene, but who has it
            things = ctx.named("creature", "npc", text=rest)
    else:
        people = ctx.named("creature", "npc", "member", text=rest)
        stuff = ctx.named(*objects, text=rest)
        if people and stuff and _whole(ctx, stuff[0], rest) and not _whole(ctx, people[0], rest):
            people = []  # "grab the bell rope": the rope, not the Bell-Warden by one word
        if people and stuff:  # "sit on the millstone next to Hobb": the millstone, by Hobb
            people = [p for p in people if not beside(rest, p)]
        things = people or stuff
    roped = deed.key == "bind" and re.search(r"\b(?:tie|ties|tied|rope|truss|lasso)\b", ctx.said)
    fallen = [t.id for t in things if t.kind == "member" and ctx.state.party[t.id].vitals.hp <= 0]
    if deed.key == "bind" and not roped and fallen:  # "I bind Wren" as she bleeds: her wounds
        return ctx.intent("manoeuvre", targets=(fallen[0],), action="stabilize", confidence=0.85)
    if roped:  # a friend is never trussed up ("tie the rope to Mira so she can climb down",
        # "tie him up with the rope Mira has": Mira's rope, the foe bound)
        things = to_bind(ctx, things, rest)
        roped_to = [m.id for m in ctx.named("member", text=rest) if m.id != ctx.actor]
        if not things and _ROPED_US.search(rest):  # "tie my rope between us": the party
            return ctx.intent("improvise", action="auto", extra=("free", "0"), confidence=0.75)
        if not things and roped_to:  # roped to a friend, for safety: done to them, freely
            return ctx.intent("improvise", targets=(roped_to[0],), action="auto",
                              extra=("free", "0"), confidence=0.75)  # fmt: skip
        if not things and ctx.named("member", text=rest):
            return ctx.intent("improvise", action="auto", extra=("free", "0"), confidence=0.75)
    order = ("creature", "npc", "member", "feature", "item_here", "exit", "carried")
    if deed.key == "guard":  # "stand between the wolves and Ivo": Ivo is guarded
        order = ("member", "npc", "creature", "feature", "item_here", "exit", "carried")
        things = [t for t in things if t.id != ctx.actor]
    things = sorted(things, key=lambda t: order.index(t.kind))
    if deed.key == "refresh" and not (things and things[0].kind in ("feature", "item_here")):
        return None  # a drink from the scene's casks; a potion of someone's is the game's
    if deed.key in FOR_SOMEONE and (not things or things[0].kind == "carried"):
        here = ctx.scope.of("npc")  # "play a tune on my fiddle for her": for her, not the fiddle
        if len(here) == 1 and for_them(ctx, rest):
            things = here
        elif things and deed.key == "pray":  # "press my holy symbol to the stone and pray
            things = [t for t in things if t.kind != "carried"]  # …": what it is done with
    if deed.key == "show":  # shown to a person: named, or the one here ("so she can see it")
        seen = [t for t in things if t.kind in KIND_TO and t.id != ctx.actor]
        here = ctx.scope.of("npc")
        things = seen or (here[:1] if len(here) == 1 else [])
        if things and things[0].kind == "npc":  # shown to a person of the story: words with
            # them about it ("show her the locket": she answers to the locket)
            return ctx.intent("talk", targets=(things[0].id,), confidence=0.8,
                              topic=topic_of(ctx, things[0].id, rest))  # fmt: skip
    if deed.key == "help":  # one lends a hand to a friend, not to a thing
        friends = [t for t in things if t.kind == "member" and t.id != ctx.actor]
        people = [t for t in things if t.kind == "npc"]
        if not friends and people and not ctx.scope.fighting:
            # "help Berta carry the tankards": a hand lent to a person of the story, told
            return ctx.intent("improvise", targets=(people[0].id,), action="auto",
                              extra=("free", "0"), confidence=0.8)  # fmt: skip
        if not friends:
            return None
        things = friends
    if deed.key == "kindness":
        # "wrap", "hug", "put a hand on": the gesture is the kindness; what is made, poured
        # or fetched must be something ("make peace with him" is no cup of anything)
        making = re.match(r"\s*(?:i |we )?(?:make|made|pour|brew|fetch)", ctx.said) is not None
        if making and FARE.search(rest) is None:
            return None
        people = [t for t in things if t.kind in KIND_TO and t.id != ctx.actor]
        if not people:  # "sit beside the old man on the millstone": him, named, by a thing
            people = ctx.named("npc", text=rest)[:1]
        if not people and re.search(
            r"\b(him|her|his|them|their|the old man|the boy|the lad)\b", rest
        ):
            people = ctx.scope.of("npc")[:1]
        if not people:
            return None
        things = people
    mine = set(re.findall(r"\b(?:my|our) (?:\w+ )?(\w+)", rest))  # "light my lantern":
    things = [t for t in things if t.kind != "feature" or not mine & set(" ".join(t.names).split())]
    target = things[0].id if things else None  # one's own, not the lighthouse's lantern room
    lying = bool(things) and things[0].kind == "item_here" and ctx.campaign is not None
    if lying and target in ctx.campaign.items and _USED.match(ctx.said):  # type: ignore[union-attr]
        return None  # "rub the salve on my scratches" with the jar on the altar: not theirs yet
    stabbed = deed.key == "sneak" and IN_THE_BACK.search(ctx.said) is not None
    if stabbed and things and things[0].kind == "exit":
        # "sneak up and stab the nearest goblin in the back": no way back
        things = ctx.named(*objects, text=IN_THE_BACK.sub(" ", rest))
    down_in = deed.key == "climb" and re.search(r"\b(?:down|into)\b", ctx.said) is not None
    if (deed.key == "sneak" or down_in) and things and things[0].kind == "exit":
        # "creep toward the curtain" past the guards ("jump down into the cellar": that way)
        crept = crept_past(ctx, things[0].id) if deed.key == "sneak" else None
        if crept is not None:
            return crept
        if (
            things[0].id not in shut_ways(ctx)
            and not ctx.scope.fighting
            and not (PART_OF.search(ctx.said))
        ):  # (not "sneak around to the back wall of the inn": a side of it, one is there)
            # "sneak into the tunnel": the party goes, quietly (the way is open)
            return ctx.intent("move", targets=(things[0].id,), confidence=0.85)
    foes = ctx.scope.of("creature")
    said = pick_creatures(ctx.said, ctx.scope, ctx.state, ctx.vocab) if foes else None
    if target is None and said is not None and said.missing and said.ids and deed.key == "search":
        return ctx.intent("examine", targets=said.ids[:1], confidence=0.8)  # "poke the dead one"
    if target is None and said is not None and said.missing and said.ids and ctx.scope.fighting:
        # "tie up goblin 1", Goblin 1 dead: said so, never done to another goblin instead
        return ctx.intent("improvise", targets=said.ids[:1], confidence=0.3, note=said.missing)
    if (
        ctx.scope.fighting
        and deed.key == "search"
        and said is not None
        and said.ids
        and (
            re.match(r"(?:poke|pokes|prod|prods|jab|jabs)\b.*\b(?:one|guy|thing|beast)\b", ctx.said)
        )
    ):  # "poke the big grey one" in a fight: a jab at a foe, no search
        return ctx.intent("attack", targets=said.ids[:1], confidence=0.75)
    pointed = re.search(r"\b(him|her|his|them|that one|this one)\b", ctx.said)
    pointed = pointed or re.search(r"\b(?:it|its)\b(?!')", ctx.said)
    rescued = deed.key == "rescue"  # ("… clear of them": not the ones pulled away from)
    if (
        target is None
        and ctx.scope.fighting
        and pointed
        and not (said and said.named)
        and (not rescued)
    ):  # "I knock him out", "knife to his throat": the one foe left, or the one at hand
        target = foe_at_hand(ctx, [f.id for f in foes])
    catcher = ctx.scope.get(target, "member") if deed.key == "throw" and target else None
    if catcher is not None and catcher.id != ctx.actor:  # "throw wren the potion": given
        tossed = [t for t in ctx.named("carried", text=ctx.said) if "rope" not in t.name]
        if tossed:  # (a rope thrown: to haul them in by)
            return ctx.intent("give", targets=(catcher.id, tossed[0].id), item=tossed[0].id)
    hurled_at = _HURLED_AT.search(ctx.said) if foes and flung(deed, ctx.said) else None
    if hurled_at is not None and BODY_THROWN.search(ctx.said):  # "throws his shoulder into
        hurled_at = None  # wolf 1 to knock it flat": a shove, or a tackle
        barged = pick_creatures(ctx.said, ctx.scope, ctx.state, ctx.vocab)
        if ctx.scope.fighting and barged.exact and barged.ids:
            shove = "shove_prone" if FLOORING.search(ctx.said) else "shove_away"
            return ctx.intent("manoeuvre", action=shove, targets=barged.ids[:1], confidence=0.8)
    aimed = (pick_creatures(hurled_at.group(1), ctx.scope, ctx.state, ctx.vocab)
             if hurled_at is not None else None)  # fmt: skip
    at_a_thing = target is not None and target not in ctx.state.creatures
    if aimed is not None and (target is None or (at_a_thing and aimed.named and aimed.ids)):
        # "throw a rock at thrall 2": at the foe, never a foe for "into the water"
        target = aimed.ids[0] if aimed.ids and aimed.named else None
        armed = any(w in WEAPON_WORDS for w in ctx.said.split())
        if target is not None and ctx.scope.fighting and not armed:  # a thing hurled: a throw
            return ctx.intent("improvise", targets=(target,), action="athletics",
                              extra=("throw", "12"), confidence=0.8)  # fmt: skip
    if target is None and foes and not on_a_thing and not rescued:  # "pickpocket the sleeping one"
        pick = pick_creatures(ctx.said, ctx.scope, ctx.state, ctx.vocab)
        target = pick.ids[0] if pick.exact and pick.ids else None
    if things and things[0].kind == "creature":  # "the sleeping rat", "the wounded one"
        pick = pick_creatures(ctx.said, ctx.scope, ctx.state, ctx.vocab)
        target = pick.ids[0] if pick.ids else target
        if deed.key == "bind" and not pick.exact:  # "tie him up": the one that lies still
            target = things[0].id
    asleep = [f.id for f in foes if unresisting(ctx, f.id)] if deed.key == "wake" else []
    awake = target in ctx.state.creatures and not unresisting(ctx, target or "")
    if pointed and awake and len(asleep) == 1 and not re.search(r"\d", ctx.said):
        target = asleep[0]  # "shake him awake": the one asleep, never one awake already
    if deed.key == "knock_out" and target is None and not ctx.scope.fighting:
        # "creep up behind the nearer goblin and knock him out", "knock him out with my
        # pommel": the fight with the foes in view opens with the blow
        in_view = fight_in_view(ctx, anyone=bool(_PRONOUN.search(rest)))
        if in_view:
            return ctx.intent("attack", targets=in_view, confidence=0.85)
    standing = [f for f in foes if not unresisting(ctx, f.id)]
    if target is None and deed.key == "knock_out" and len(standing) > 1 and _PRONOUN.search(rest):
        if not re.search(r"\bone\b", rest):  # "knock him out with my pommel": which, asked
            names = " or ".join(f.name for f in standing[:3])
            return ctx.intent("ask", confidence=0.3, note=f"knock out which of them: {names}?")
        target = standing[0].id  # "knock one out": any one of them will do
    still = [f.id for f in foes if unresisting(ctx, f.id)]
    if target is None and deed.key == "grab" and still and (gear := their_gear(ctx)):
        # "take their weapons" from the sleeping goblins: taken, no roll
        return ctx.intent("improvise", targets=(still[0],), action="auto",
                          extra=("grab", "0", gear), confidence=0.8)  # fmt: skip
    if target is None and deed.needs_object and not scene_mentions(ctx):
        return None
    if ctx.scope.fighting and target in ctx.state.creatures:
        weapon = [w for w in ctx.said.split() if w in WEAPON_WORDS]
        if deed.key == "throw" and weapon:  # "throw handaxe at the boss": a thrown attack
            return ctx.intent("attack", targets=(target,), action="thrown", item=weapon[0],
                              confidence=0.9)  # fmt: skip
        if deed.key == "grab" and kit_taken_up(ctx, rest):
            return None  # "take mira's rope and tie up the boss": gear taken up, no blow
        corpse = ctx.state.creatures[target or ""].vitals.hp <= 0  # ("pick up the dead rat")
        thing = deed.key == "grab" and (corpse or grabs_a_thing(ctx))  # "grab the torch …"
        if deed.key == "grab" and not thing and re.search(r"^\W*(?:up )?an? \w+ and ", rest):
            return None  # "pick up a thighbone and club skeleton 1 with it": no hold on him
        grabbed = deed_of(ctx.said) is deed or _GRABBED_HOLD.search(ctx.said) is not None
        if deed.key == "grab" and not thing and grabbed:
            # "grab the rat by the tail"
            return ctx.intent("manoeuvre", action="grapple", targets=(target,), confidence=0.8)
        if deed.key == "grab" and not thing and _IT_ONLY.search(rest) and not ctx.named("creature"):
            return None  # "I take hold of it to see what happens": a thing, no blow at a foe
        if deed.key == "grab" and not thing:  # "get the boss!": after him, blade first
            return ctx.intent("attack", targets=(target,), confidence=0.75)
        owner = gear_owner(ctx) if thing else None
        if owner is not None:  # "take his spoon": from the one who has it
            target = owner
        elif thing and not re.search(r"\b(?:from|off|out of)\b|\w's ", ctx.said):
            target = None  # "grab the torch off the wall"; "take the scimitar from the
            # sleeping goblin's hands" is still done to that goblin
        floored = FLOORING.search(ctx.said) and not BLINDING.search(ctx.said)
        bashed = deed.key == "floor" and not BLINDING.search(ctx.said)
        bashed = bashed and not set(rest.split()) & WEAPON_WORDS  # (not "knock the sword
        # from his hand", "knock the saucepan off his head": at what he holds or wears)
        bashed = bashed and not re.search(r"\b(?:off|out of|from)\b", rest)
        if (floored or bashed) and not SUBDUING.search(ctx.said) and deed.key != "cow":
            # "I knock skeleton 2 flat": a shove to the ground; "slam my shield into her":
            # a shove that drives her back
            shove = "shove_prone" if floored else "shove_away"
            return ctx.intent("manoeuvre", action=shove, targets=(target,), confidence=0.8)
    own_thing = target is not None and ctx.scope.get(target, "carried") is not None
    fished_out = own_thing and OUT_OF_OWN.search(ctx.said) is not None
    if (deed.key == "palm" or fished_out) and own_thing and target is not None:
        # ("digs the locket out of her collar": her own, to hand, no roll)
        # "pocket the potion" she was given: put away, no roll
        return ctx.intent("improvise", targets=(target,), action="auto", extra=("free", "0"),
                          confidence=0.8)  # fmt: skip
    dying = target in ctx.state.party and ctx.state.party[target or ""].vitals.hp <= 0
    if deed.key == "tend" and dying and target is not None:
        # "tries to stop ivos bleeding": the Medicine check that stabilizes
        return ctx.intent("manoeuvre", action="stabilize", targets=(target,), confidence=0.85)
    if deed.key == "posture":  # "sit down", "get up", "crouch behind the casks"
        return posture(ctx, target)
    if target is None and len(ctx.said.split()) < 2 and deed.key != "cow":
        return None  # "sing", "pray": to what end? the DM asks
    left = LEFT_THERE.match(ctx.said)
    put = ctx.named("carried", text=after_verb(ctx.said, deed)) if left else []
    if put and not ctx.scope.fighting:  # "put the crown back on the bier": left there, no
        item = put[0].id  # longer carried
        return ctx.intent("drop", targets=(item,), item=item, action="use", confidence=0.85)
    if deed.key == "place" and ctx.scope.get(target or "", "feature") is None:
        return None  # "lowers her fiddle": set down, nowhere in particular — story
    through = target is not None and ctx.scope.get(target, "exit") is not None
    opened = through and not ctx.scope.fighting and target not in shut_ways(ctx)
    if opened and deed.key == "heave" and PARTED_AND_IN.search(ctx.said):
        # "I shove the curtain aside and step in": the way is open, so through it
        return ctx.intent("move", targets=(target,), confidence=0.8)
    own = authored(ctx, deed, target)
    if own is not None:
        return own
    if deed.key == "bind" and things and things[0].kind in ("feature", "item_here", "carried"):
        # "tie the blue ribbon to my holy symbol": a knot in a thing, no roll (a campaign's
        # own knot is its challenge, read above)
        return ctx.intent("improvise", targets=(target,) if target else (), action="auto",
                          extra=("free", "0"), confidence=0.8)  # fmt: skip
    if deed.key == "perform" and things and things[0].kind not in ("npc", "creature", "member"):
        target = None  # "hums a sea shanty": a song of the sea, sung to nobody
    unheard = (
        deed.key == "perform"
        and target is None
        and unheard_tune(ctx.said, bool(ctx.scope.of("npc")))
    )
    if (deed.key == "pray" and target is None) or unheard:
        # "I pray to Moradin for strength", "a quiet prayer for the lost at sea", "*strums
        # lute softly*" with nobody to hear: told, no roll (no spell, and nothing here
        # answers it; the campaign's own prayers are its challenges, read before this)
        return ctx.intent("improvise", action="auto", extra=("free", "0"), confidence=0.75)
    if deed.key == "climb" and not ctx.scope.fighting and up_a_way(ctx.said):
        # "climb up to the lamp room": the way up is there to be taken, no roll for it
        if opened:  # ("i climb up to the bell": up the open tower stair, the party goes)
            return ctx.intent("move", targets=(target,), confidence=0.8)
        return ctx.intent("improvise", targets=(target,) if target else (), action="auto",
                          extra=("free", "0"), confidence=0.75)  # fmt: skip
    dc = deed.dc
    if any(w in ctx.said for w in HARD):
        dc = max(dc, 15) + 5 if deed.skill != "auto" else 0
    if any(w in ctx.said.split() for w in EASY) and deed.key not in ("wake",):
        dc = max(10, dc - 5) if deed.skill != "auto" else 0
    captive = target in ctx.state.creatures or target in ctx.state.party
    person = ctx.scope.get(target or "", "npc")
    trussing = re.search(r"\btie\w* (?:\w+ )?up\b|\btruss|\bgag|\bshackle|\brope \w+ up", ctx.said)
    if deed.key == "bind" and person is not None and not captive and trussing:
        return ctx.intent(
            "ask",
            targets=(target,),
            confidence=0.3,
            action="unable",
            note=f"{person.name} is no foe of yours, to be tied up",
        )  # ("tie up Berta")
    if deed.key == "bind" and not captive and person is None:  # "tie the ribbon back in her hair":
        return ctx.intent("improvise", action="auto", extra=("free", "0"), confidence=0.7)  # told
    if deed.key == "bind" and ctx.scope.fighting and target in ctx.state.creatures:
        # a foe still fighting back is hard to truss up (a lasso, a quick knot): hard
        dc = dc if unresisting(ctx, target or "") else 20
    social = deed.key in ("cow", "sway", "bluff")
    if social and not ctx.scope.fighting and target is None:
        return None  # "order a drink", "calm her down" with nobody here: words, not a deed
    beings = {*ctx.state.creatures, *ctx.state.party, *(ctx.campaign.npcs if ctx.campaign else ())}
    if social and target is not None and target not in beings:  # "glare at the padlock":
        return ctx.intent("improvise", targets=(target,), action="auto", extra=("free", "0"),
                          confidence=0.75)  # nobody to be cowed, told  # fmt: skip
    # Swaying a person of the story is the campaign's talk and challenges; threatening one
    # who is fighting the party is a threat like any other.
    threatening = deed.key == "cow" and ctx.scope.fighting and target in ctx.state.creatures
    if social and ctx.campaign is not None and target in ctx.campaign.npcs and not threatening:
        if deed.key == "sway":  # ("persuade Grubnak again": the campaign's parley)
            return None  # (a lie or a threat is words to them, as below)
        # ("intimidate Wendel", "threaten him with my dagger"): words to that person, for
        # them to answer and take to heart as the campaign says, never "not sure"
        return ctx.intent("talk", targets=(target,), topic=topic_of(ctx, target), confidence=0.75)
    limp = target in ctx.state.creatures and unresisting(ctx, target or "")
    hauling = re.match(r"^(?:i\s+|we\s+)?(?:drag|pull|haul|carry|lift|heave)", ctx.said)
    if deed.key == "heave" and target in ctx.state.creatures and not (limp and hauling):
        return None  # "smash the skeleton": a blow, read as an attack
    if deed.key == "heave" and lying and target is not None and PULLED_FREE.match(ctx.said):
        return ctx.intent("take", targets=(target,), item=target)  # a thing lying here
    skill = deed.skill  # a blade wrested from a foe still fighting back: Athletics, hard
    if deed.key == "grab" and ctx.scope.fighting and target in ctx.state.creatures and not limp:
        skill, dc = "athletics", max(dc, 15)
    extra: tuple[str, ...] = (deed.key, str(min(dc, 20)))
    if deed.key in ("grab", "throw", "place", "heave", "search"):
        taken = after_verb(ctx.said, deed)
        held, *where = FROM_WHERE.split(taken, maxsplit=1)
        if (
            deed.key in ("grab", "throw", "heave")
            and where
            and not ctx.named("feature", text=where[0])
        ):
            taken = held  # "a chair leg from the common room": the leg, not the room (but
            # "the poker from the hearth" is the hearth's own, as its words name it)
        named = mention(ctx.state, ctx.campaign, taken, ctx.vocab.stop)
        if named is not None and (target is None or target == named.feature):
            extra = (*extra, named.noun)  # "take the poker": what the scene's words name
    return ctx.intent("improvise", targets=(target,) if target else (), action=skill,
                      extra=extra, confidence=0.8 if target else 0.7)  # fmt: skip
