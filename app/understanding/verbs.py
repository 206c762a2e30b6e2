"""Readings driven by verbs: each verb phrase of the line with its object resolved
against what is present. Movement needs a way out, taking needs something lying here,
using needs something carried — a verb whose object is not there is not acted on. When a
line holds several actions, the most specific one that can be carried out wins."""

from __future__ import annotations

import re
from dataclasses import replace

from app.understanding.addressing import said_aloud
from app.understanding.carrying import items
from app.understanding.challenging import (
    PLAIN_TALK,
    challenge,
    challenge_by_parts,
)
from app.understanding.deed_objects import BY_A_THING, WEAPON_WORDS
from app.understanding.deeds import GRIT_THROWN
from app.understanding.features import NAMES_OF_TURNING, feature_use
from app.understanding.fighting_words import (
    PUSHED_AWAY,
    attack_style,
    blow_at_thing,
    struck_thing,
    thing_to_force,
)
from app.understanding.fights_in_view import fight_in_view, opens_a_fight
from app.understanding.going import another_goes, only_way, to_meet
from app.understanding.healing_asked import healing_asked, no_healing_of_ones_own, self_target
from app.understanding.intent import Intent, IntentKind, Reading
from app.understanding.looking import examine
from app.understanding.manoeuvring import manoeuvre_or_rest
from app.understanding.not_fought import someone_not_fought
from app.understanding.other_spells import other_spell
from app.understanding.positions import position_move
from app.understanding.readings import (
    Context,
    hurt_friends,
)
from app.understanding.spell_targets import (
    POINTED,
    WORST_HURT,
    absent_person,
    aimed_at_friend,
    allies,
    spread_over,
)
from app.understanding.spells import (
    cantrips_of,
    knows,
    spell_mentioned,
    struck_with_magic,
    summoned_already,
    unaffected,
)
from app.understanding.talked_to import talk_to
from app.understanding.targets import named_creatures, pick_creatures, plural
from app.understanding.verb_hits import verb_hits
from app.understanding.ways import (
    left_be,
    move,
    own,
    way_out,
)
from app.understanding.words import (
    has_phrase,
    normalise,
    verb_at,
)
from rules.srd import srd

PRIORITY: dict[str, float] = {
    "hold": 9, "cast": 8, "challenge": 7, "attack": 6.5, "manoeuvre": 6, "rest": 5.5, "move": 5,
    "talk": 4, "give": 4.5, "take": 3, "drop": 3, "use": 3, "examine": 1, "ask": 0,
}  # fmt: skip
"""Which reading wins when a line holds several confident ones."""


CHANGED_MIND = ("wait no", "no wait", "actually no", "no actually", "never mind", "nevermind",
                "scratch that", "or maybe", "just kidding", "only kidding", "jk",
                "or should")  # fmt: skip
"""Phrases of a player changing their mind mid-line: nothing is done, the line is asked
back."""


_QUOTED_WORDS = re.compile(r"(?<!\w)['\"“‘][^'\"”’]{3,}['\"”’](?!\w)")
"""Words quoted in a line: what is said with the spell (a mockery's insult)."""


_MOCKERY_NAMED = re.compile(r"\b(?:cast|casts|casting|vicious|mockery|cantrip|spell)\b")
"""Vicious Mockery named as the spell, not mocking alone (which, out of a fight, is words)."""


def _spell(ctx: Context, cast_verb: bool) -> Intent | None:
    found = spell_mentioned(ctx, cast_verb)
    if found is None:
        return None
    sheet = ctx.state.party.get(ctx.actor or "")
    if (
        sheet is not None
        and sheet.has("turn_undead")
        and any(n in ctx.said for n in NAMES_OF_TURNING)
    ):  # "… speaks the words of turning, commanding the dead to flee the light of her god"
        return None  # (the turning named, not a spell the light in its words calls up)
    spell = found[1]
    name = srd().spells.get(spell).name.lower() if spell in srd().spells else spell
    if summoned_already(ctx, spell):  # "my spiritual weapon hits her again": it strikes
        struck = pick_creatures(ctx.said, ctx.scope, ctx.state, ctx.vocab)  # (no new casting)
        return ctx.intent("cast", spell=spell, targets=struck.ids[:1], extra=("again",),
                          confidence=0.9)  # fmt: skip
    unquoted = ctx.said
    for quoted in _QUOTED_WORDS.findall(ctx.raw):
        unquoted = " ".join(unquoted.replace(normalise(quoted), " ").split())
    if unquoted and unquoted != ctx.said:  # "mockery on it - 'you smell worse than low
        ctx = ctx.with_said(unquoted)  # tide'": the words said, never what it is cast at
    if not cast_verb and not ctx.scope.fighting and ctx.said.startswith(f"{name} you"):
        return None  # "Bless you, child": a blessing said to someone, not the spell
    if (
        spell == "vicious_mockery"
        and not ctx.scope.fighting
        and not _MOCKERY_NAMED.search(ctx.said)
    ):
        return None  # "I mock the grey sister" with no fight on: words, to be answered
    pick = pick_creatures(ctx.said, ctx.scope, ctx.state, ctx.vocab)
    table = srd().spells
    mending = spell in table and not table.get(spell).harmful and bool(ctx.named("member"))
    mending = mending or (spell in table and bool(table.get(spell).heal))  # ("on whoever is
    # hurt worst": a friend's hurt, no foe described)
    if mending:  # "… against Bram's bleeding shoulder": a friend's wound, no foe described
        pick = replace(pick, missing="", choices=())
    if pick.missing:
        return ctx.intent("cast", spell=spell, targets=pick.ids, confidence=0.3, note=pick.missing)
    if pick.choices:  # "magic missile the wounded one" of two hurt alike
        names = " or ".join(ctx.state.name_of(cid) for cid in pick.choices)
        shown = srd().spells.get(spell).name if spell in srd().spells else name
        options = tuple(Reading("cast", cid, f"cast {shown} at {ctx.state.name_of(cid)}", spell)
                        for cid in pick.choices)  # fmt: skip
        return ctx.intent("ask", confidence=0.3, note=f"at which: {names}? they are hurt alike",
                          alternatives=options)  # fmt: skip
    members = [m.id for m in ctx.named("member") if m.id != ctx.actor]
    harmful = spell in srd().spells and srd().spells.get(spell).harmful
    if harmful:  # a friend only called to ("ione NO what are you doing!! i ready a
        members = [m for m in members if aimed_at_friend(ctx, m)]  # thunderwave"): not the mark
    said_at = ctx.said.find(srd().spells.get(spell).name.lower()) if spell in srd().spells else -1
    aimed = ctx.with_said(ctx.said[said_at:]) if said_at > 0 else ctx  # (not "steadies herself
    # against a rock, … sings a healing word toward Brother Cass": him)
    if (
        (self_target(aimed) or _HEALS_SELF.search(ctx.said)) and ctx.actor and not harmful
    ):  # ("fire bolt the one that's
        members.insert(0, ctx.actor)  # stabbing me": me, in a description of the foe)
    others = [t.id for t in ctx.named("npc", "feature")]
    # "healing word on Ione then rapier the one still standing": the friend named with
    # the spell, before the foe the next clause describes
    first = re.split(r"\b(?:then|after that)\b|;", ctx.said, maxsplit=1)[0]
    friend_first = [m.id for m in ctx.named("member", text=first) if m.id != ctx.actor]
    in_first = spell_mentioned(ctx.with_said(first), cast_verb)
    foe_first = pick_creatures(first, ctx.scope, ctx.state, ctx.vocab)  # "the one mira hit"
    if foe_first.exact or in_first is None or in_first[1] != spell or first == ctx.said:
        friend_first = []
    healing = bool(srd().spells.get(spell).heal) if spell in srd().spells else False
    if (
        healing
        and not members
        and not named_creatures(ctx.said, ctx.scope)
        and WORST_HURT.search(ctx.said)
    ):
        # "healing word on whoever is hurt worst": a friend, never the foe the words pick
        members = hurt_friends(ctx, with_self=True)[:1]
    if healing and not members and not pick.exact and POINTED.search(ctx.said):
        members = hurt_friends(ctx)[:1]  # "a healing word in his direction": a friend's
    named_friends = [m for m in members if m != ctx.actor]
    absent = absent_person(ctx) if healing and not named_friends and not others else None
    if absent is not None:  # "healing word on corin", out on the sand with the thralls
        return ctx.intent("cast", spell=spell, confidence=0.3,
                          note=f"{absent} is not where the spell can reach")  # fmt: skip
    if healing and not members and not others and not pick.named:  # "healing word" alone:
        members = hurt_friends(ctx)[:1] or ([ctx.actor] if ctx.actor else [])  # a friend
    if healing and members and not friend_first:  # "past the skeleton … cure wounds on Ivo"
        friend_first = members[:1]
    saving = spell in srd().spells and srd().spells.get(spell).stabilizes  # (at the dying)
    if not (harmful or healing or saving or pick.named or members or others):
        members = allies(ctx, spell)  # "bless the girls", "cast bless on us": friends, never
        # the foe a blow would pick
    spread = spread_over(ctx, spell, pick.ids)
    if spread:  # "magic missile on the rats, spread them out": a dart at each
        targets: tuple[str, ...] = spread
    elif pick.named and (pick.ids or not members) and not friend_first:
        targets = pick.ids  # (a foe named; not "invisibility on myself", named by nobody)
    elif friend_first:  # "healing word on Ione then rapier the one still standing"
        targets = tuple(friend_first)
    else:
        targets = tuple(members) or tuple(others) or pick.ids
    harms = spell in srd().spells and opens_a_fight(srd().spells.get(spell))
    if not targets and harms and not ctx.scope.fighting:
        targets = fight_in_view(ctx)  # "magic missile at the goblins": the fight begins with it
        if not targets and not ctx.named("npc", "member", "feature", "creature"):
            targets = fight_in_view(ctx, anyone=True)  # "breathes the words of sleep": at
            # the only foes in view
    if not knows(ctx, spell):
        return ctx.intent("cast", spell=spell, targets=targets, confidence=0.3,
                          note="a spell this character does not know")  # fmt: skip
    immune = unaffected(ctx, spell, targets)
    foes = tuple(t.id for t in ctx.scope.of("creature"))
    if not targets and foes and all(unaffected(ctx, spell, (f,)) for f in foes):
        immune = unaffected(ctx, spell, foes)  # "put it to sleep" with only the dead about
    if immune:
        return ctx.intent("cast", spell=spell, targets=targets, confidence=0.3, note=immune)
    return ctx.intent("cast", spell=spell, targets=targets)


_HEALS_SELF = re.compile(
    r"\b(?:heal|heals|cure|cures|patch up|patches up|mend|mends)\s+"
    r"(?:myself|me|herself|himself)\b"
)
"""Healing said of the caster before the spell is named ("I heal myself with healing word")."""


_PRODS = ("poke", "prod", "nudge", "jab")
"""Light touches: at a foe a blow, at a dead one a look to make sure."""


def _prodding_the_dead(ctx: Context, ids: tuple[str, ...]) -> bool:
    """ "poke the dead one to make sure it's dead": a look at the body, no blow."""
    creatures = ctx.state.creatures
    dead = all(c in creatures and creatures[c].vitals.hp <= 0 for c in ids)
    return dead and any(verb_at(ctx.said, p) >= 0 for p in _PRODS)


_TO_KNOCK_DOWN = re.compile(
    r"\bto (?:knock|bring|put|send|get) (?:it|him|her|them) (?:down|flat|over|prone|to the ground|"
    r"off (?:its|his|her|their) feet)\b"
)
"""A blow made to put a foe on the ground: the shove of the rules that knocks prone."""
_TO_SCARE = re.compile(
    r"\b(?:to|and) (?:scare|frighten|spook|shoo|drive|chase) (?:it|him|her|them)"
    r"(?: off| away| back)?\b"
)
"""A swing made to scare a foe off ("swing my lantern at rat one's face to scare it off"):
a threat, not a blow."""


_WEAPON_AWAY = re.compile(
    r"\b(?:kick|kicks|knock|knocks|swat|swats|bat|bats|slap|slaps|wrench|wrenches|twist|"
    r"twists)\s+((?:[\w']+\s+){0,4}?[\w']+)\s+(?:away|aside|out of|from|off|across)\b"
)
"""A blow at what a foe holds ("kick his scimitar away"), to take it from them."""


_OWN_GEAR = re.compile(
    r"\b(?:my|his|her|their) (?:\w+ )?(?:sword|axe|mace|hammer|blade|spear|staff|weapon|"
    r"longsword|shortsword|rapier|club)s? (?:against|on|off|into) (?:my|his|her|their) "
    r"(?:\w+ )?(?:shield|armou?r|chest|breastplate|helm|helmet)\b"
)
"""A weapon struck on one's own gear ("bash my sword against my shield"): a din, no blow."""


def _attack(ctx: Context) -> Intent:
    if ctx.said.strip(" !.") == "bow":  # a weapon, or a courtesy? asked
        return ctx.intent("ask", confidence=0.3, note='"bow": shoot with it, or bow to '
                          "someone? Say which (\"shoot the bow at …\")")  # fmt: skip
    if _OWN_GEAR.search(ctx.said):  # a war cry's clatter: to cow the foes, as a DM rules it
        return ctx.intent("improvise", action="intimidation", extra=("cow", "15"), confidence=0.7)
    if ctx.scope.fighting or ctx.scope.of("creature"):
        pick = pick_creatures(ctx.said, ctx.scope, ctx.state, ctx.vocab)
        if pick.ids and _prodding_the_dead(ctx, pick.ids):
            return ctx.intent("examine", targets=pick.ids[:1], confidence=0.8)
        kicked = _WEAPON_AWAY.search(ctx.said)
        if pick.ids and kicked and set(kicked.group(1).split()) & WEAPON_WORDS:
            # "kick the prone goblin's scimitar out of his reach": his weapon, not him
            return ctx.intent("improvise", targets=pick.ids[:1], action="athletics",
                              confidence=0.8)  # fmt: skip
        if pick.missing:
            return ctx.intent("attack", targets=pick.ids, confidence=0.3, note=pick.missing)
        if pick.choices:  # "the wounded one" of two hurt alike: which?
            options = tuple(Reading("attack", cid, f"attack {ctx.state.name_of(cid)}")
                            for cid in pick.choices)  # fmt: skip
            return ctx.intent("ask", confidence=0.4, alternatives=options)
        lone = len(ctx.said.split()) == 1 and ctx.said not in ("charge", "attack")
        if lone and len(ctx.scope.of("creature")) > 1:
            options = tuple(Reading("attack", t.id, f"attack {t.name}")
                            for t in ctx.scope.of("creature"))  # fmt: skip
            return ctx.intent("ask", confidence=0.4, alternatives=options)
        absent = someone_not_fought(ctx) if not pick.named else None
        if absent is not None:  # "I attack Berta" in the cellar: not one of the foes
            return ctx.intent("ask", confidence=0.3, note=absent)
        struck = struck_thing(ctx) if not pick.named else None
        if struck is not None:  # "slash at the pews": a thing is no foe, whoever is near
            return blow_at_thing(ctx, struck)
        if pick.ids and ctx.scope.fighting and PUSHED_AWAY.search(ctx.said):
            # "I kick the rat away from Aria": pushed off her, the shove of the rules
            return ctx.intent("manoeuvre", action="shove_away", targets=pick.ids[:1],
                              confidence=0.85)  # fmt: skip
        if pick.ids and ctx.scope.fighting and _TO_KNOCK_DOWN.search(ctx.said):
            # "shoulder-charge skeleton 3 into the shelves to knock it down": the shove
            return ctx.intent("manoeuvre", action="shove_prone", targets=pick.ids[:1],
                              confidence=0.85)  # fmt: skip
        if pick.ids and GRIT_THROWN.search(ctx.said):  # "kick sand into its eyes"
            return ctx.intent("improvise", action="auto", targets=pick.ids[:1],
                              extra=("throw", "0"), confidence=0.8)  # fmt: skip
        if pick.ids and _TO_SCARE.search(ctx.said) and len(ctx.said.split()) <= 16:
            return ctx.intent("improvise", action="intimidation", targets=pick.ids[:1],
                              extra=("cow", "15"), confidence=0.8)  # fmt: skip
        if pick.ids:
            return ctx.intent("attack", targets=pick.ids, confidence=1.0 if pick.exact else 0.85)
    npcs = ctx.named("npc")
    present = ctx.scope.of("npc")
    if (
        not npcs
        and len(present) == 1
        and any(has_phrase(ctx.said, p) for p in ("him", "her", "his"))
    ):
        npcs = present
    encounter = fight_in_view(ctx)
    if npcs and not encounter:
        encounter = fight_in_view(ctx.with_said(f"{ctx.said} {' '.join(npcs[0].names)}"))
    blows_at = [at for at, _, kind in verb_hits(ctx) if kind == "attack"]
    if (
        not encounter
        and not npcs
        and blows_at
        and own(ctx, blows_at[0])  # (not "is she gonna attack us")
        and (
            not ctx.named("feature", "item_here", "carried", "exit") or BY_A_THING.search(ctx.said)
        )
    ):
        # "lets fly at the grey thing holding the boy's arm": the one fight in view, whatever
        # its foes are called
        encounter = fight_in_view(ctx, anyone=True)
    if encounter:
        return ctx.intent("attack", targets=(*(n.id for n in npcs[:1]), *encounter),
                          confidence=0.9)  # fmt: skip
    if npcs:
        who = npcs[0]
        options = (Reading("attack", who.id, f"attack {who.name}"),
                   Reading("talk", who.id, f"talk to {who.name}"))  # fmt: skip
        return ctx.intent("ask", targets=(who.id,), confidence=0.5, note=f"{who.name} is no foe",
                          alternatives=options)  # fmt: skip
    forced = thing_to_force(ctx)
    if forced is not None:  # "just smash the damn thing", the trapdoor the one thing to force
        return ctx.intent("challenge", targets=(forced,), confidence=0.8)
    return ctx.intent("attack", confidence=0.4, note="nothing here to fight")


_CAST_FIRST = re.compile(r"^(?:i\s+)?(?:cast|blast|zap|magic|spell)\w*\b(?! slots?\b)")
"""A line that opens with casting at someone ("zap goblin 1", "cast at the boss")."""


def _cantrip_at(ctx: Context) -> Intent | None:
    """A spell cast at a foe without saying which ("zap goblin 1", "blast the boss"): the
    caster's one damaging cantrip, or a question which of them (``None`` when no foe is
    singled out, or the caster has none)."""
    if not _CAST_FIRST.match(ctx.said) or len(ctx.said.split()) > 10:
        return None  # ("… flings out a hand at both wolves. Violet light blooms …": told)
    pick = pick_creatures(ctx.said, ctx.scope, ctx.state, ctx.vocab)
    sheet = ctx.state.party.get(ctx.actor or "")
    if not pick.named or not pick.ids or sheet is None:
        return None
    struck = struck_with_magic(ctx, ctx.intent("attack", targets=pick.ids[:1]))
    levelled = struck.kind == "cast" and srd().spells.get(struck.spell or "").level > 0
    if struck.kind == "cast" and not pick.missing and (not levelled or plural(ctx.said)):
        return struck  # "blast the wolves with thunder": the spell of thunder (a slot's spell
        # only at several foes: "blast the first rat with fire" wants a bolt, not a cone)
    table = srd().spells
    bolts = [s for s in cantrips_of(ctx, "magic") if table.get(s).level == 0]
    if len(bolts) == 1:
        return ctx.intent("cast", spell=bolts[0], targets=pick.ids[:1], confidence=0.8)
    if not bolts:
        return None
    which = " or ".join(table.get(s).name for s in bolts)
    return ctx.intent("ask", targets=pick.ids[:1], confidence=0.3, note=f"which spell: {which}?")


def _purpose(said: str, at: int, hits: list[tuple[int, int, IntentKind]]) -> bool:
    """A verb after "to" that tells what an earlier deed is for ("give the key to Tam to
    take to Berta"), not a deed of its own."""
    return said[:at].endswith(" to ") and any(h[0] < at - 3 for h in hits)


_OWNED = re.compile(r"(?:\b(?:my|his|her|their|its|your|our)|\w's)\s+$")
"""A word said as someone's ("goblin 1's *eyes*", "his *look*"): a thing, not a verb."""
_FLUNG = re.compile(
    r"\b(?:throw|throws|toss|tosses|fling|flings|hurl|hurls|kick|kicks|spit|"
    r"spits|blow|blows|flick|flicks)\b"
)
"""A thing sent at someone before a word of theirs ("throw sand in his *eyes*")."""


def by_verbs(ctx: Context) -> Intent | None:
    """Every verb phrase read with its object; the most specific confident one wins."""
    if any(has_phrase(ctx.said, w) for w in CHANGED_MIND):
        return ctx.intent("ask", confidence=0.3, note="you changed your mind mid-line")
    cast_verb = any(verb_at(ctx.said, v) >= 0 for v in ctx.vocab.verbs["cast"])
    readings: list[Intent] = []
    spell = _spell(ctx, cast_verb) or other_spell(ctx)
    if spell is not None:  # a spell named beats a gesture that is also a feature's phrase
        return spell  # ("raises her holy symbol and blesses Bram": Bless, not Turn Undead)
    healing = healing_asked(ctx)
    if len(healing) > 1:  # "heal Wren" from one who knows Cure Wounds and Healing Word
        which = " or ".join(srd().spells.get(sid).name for sid in healing)
        return ctx.intent("ask", confidence=0.3, note=f"which spell: {which}?")
    used = feature_use(ctx) or no_healing_of_ones_own(ctx)
    if used is not None:
        return used
    if (
        cast_verb
        and not ctx.scope.fighting
        and not any(verb_at(ctx.said, v) >= 0 for v in ("blast", "launch", "hurl"))
    ):
        return ctx.intent("ask", confidence=0.3, note="which spell?")
    if cast_verb and ctx.scope.fighting:
        bolt = _cantrip_at(ctx)
        if bolt is not None:  # "I blast the one with the saucepan": a cantrip at that one
            return bolt
    step = position_move(ctx)  # a step in a fight beats "take cover" read as a Dodge
    if step is not None and "first" in step.extra and step.confidence >= 0.7:
        return step
    for found in (step or manoeuvre_or_rest(ctx), challenge(ctx, strong=True)):
        if found is not None:
            readings.append(found)
    hits = verb_hits(ctx)
    for at, _, kind in hits:
        reading: Intent | None = None
        if kind == "examine" and _OWNED.search(ctx.said[:at]) and _FLUNG.search(ctx.said[:at]):
            continue  # "sand in goblin 1's eyes", "his look": a thing of someone's, no look
        if kind in ("take", "move") and _purpose(ctx.said, at, hits):
            continue  # "give the key to Tam to take to Berta": his errand, not ours
        handed = any(h[2] in ("give", "drop") and h[0] < at for h in hits)
        if kind == "move" and handed and ctx.said.startswith("back", at):
            continue  # "give the locket back to Ione": returned, nobody goes back
        if kind == "attack" and said_aloud(ctx, at):
            continue  # "I shout to the young man: 'Fight it!'": words, no blow
        if kind == "attack":
            reading = _attack(ctx)
            reading = attack_style(ctx, reading) if reading.kind == "attack" else reading
            reading = struck_with_magic(ctx, reading) if reading.kind == "attack" else reading
        elif kind == "move" and (said_aloud(ctx, at) or another_goes(ctx, at)):
            continue  # "… and says softly, 'Come on, Wren. Let's go home.'": words to her;
            # "as the sun goes down": the sun's going
        elif kind == "move" and (own(ctx, at) or not ctx.scope.fighting):
            # in a fight a way named is a run for it: only the speaker's own ("the wolf
            # circles toward the path back to the mill" takes nobody anywhere)
            reading = move(ctx, at)
        elif kind == "talk":
            if ctx.said.split()[0] not in PLAIN_TALK:
                reading = challenge(ctx, strong=False)
            reading = reading or talk_to(ctx, at)
        elif kind == "examine":
            reading = examine(ctx, at)
        elif kind in ("take", "drop", "give", "use"):
            reading = items(ctx, kind, at)
        if reading is not None:
            readings.append(reading)
    parts = challenge_by_parts(ctx) or challenge(ctx, strong=False)
    if parts is not None:
        readings.append(parts)
    confident = [r for r in readings if r.confidence >= 0.7]
    if confident:
        best = max(confident, key=lambda r: (PRIORITY.get(r.kind, 0), r.confidence))
        sure_step = [r for r in confident if r.kind == "manoeuvre" and r.confidence >= 1.0
                     and r.action in _STEPS and any(verb_at(ctx.said, p) == 0
                     for p in ctx.vocab.manoeuvres.get(r.action or "", ()))]  # fmt: skip
        if best.kind == "attack" and best.confidence < 1.0 and sure_step:
            return sure_step[0]  # "jump back": away, though "jump" may start a blow
        return best
    refused = [r for r in readings if r.kind == "give" and r.note]
    if refused:  # "toss my potion to Thorin" with none: why not, before "a potion is no weapon"
        return refused[0]
    if readings:
        return readings[0]
    opened = re.match(r"(?:i |we )?(?:open|opens|unclasp|unclasps|pop open) (.+)$", ctx.said)
    held = ctx.named("carried", "item_here", text=opened.group(1)) if opened else []
    if held:  # "open the locket": a thing carried (or lying here) opened is looked into
        return ctx.intent("examine", targets=(held[0].id,), confidence=0.9)
    if any(verb_at(ctx.said, v) == 0 for v in ctx.vocab.leave) and not left_be(ctx, ctx.said):
        return way_out(ctx) or ctx.intent("ask", confidence=0.3, note="where to?")
    if any(verb_at(ctx.said, v) == 0 for v in ("go", "walk", "head", "move", "run")):
        if len(ctx.said.split()) <= 2 and (only := only_way(ctx)) is not None:
            return only  # "let's go", with one way out: that way
        return to_meet(ctx) or ctx.intent("ask", confidence=0.3, note="where to?")
    return None


_STEPS = frozenset({"withdraw", "disengage", "dodge"})
"""Manoeuvres said in full, first in the clause, that beat a blow at no foe in particular
("jump back": away, though "jump" may start a blow)."""


def challenge_named(ctx: Context) -> str | None:
    """The challenge a line names (for questions about it: "what's the DC to pick it?")."""
    found = challenge(ctx, strong=True) or challenge_by_parts(ctx)
    return found.target if found is not None and found.kind == "challenge" else None
