"""Combat options in a player's words: who is grappled or shoved (and whether the shove
knocks them down or pushes them back), and how an attack is made — a weapon thrown, a
versatile weapon in both hands, a blade in each hand — and a thing struck at, which is no
foe ("slash at the pews")."""

from __future__ import annotations

import re
from dataclasses import replace

from app.understanding.intent import Intent
from app.understanding.readings import Context
from app.understanding.scope import Thing
from app.understanding.targets import pick_creatures
from app.understanding.words import has_phrase, phrase_at
from app.world.wording import the
from rules.improvised import IMPROVISED
from rules.srd import srd

HOLDS = ("grapple", "shove", "escape_grapple")
"""Manoeuvres that need a fight (and, but for escaping, a creature to act on)."""


_MOVED_THING = re.compile(
    r"\b(?:shove|push|barge|kick|topple)s?\s+(?:a|an|the|that|this|one)\s+"
    r"(\w+(?: of \w+| \w+)?)\s+(?:(?:over|down)\s+)?"
    r"(?:into|in front of|across|at|onto|toward|towards)\b"
    r"|\b(?:shove|push|topple|tip)s?\s+(?:a|an|the|that|this)\s+(\w+(?: of \w+| \w+)?)\s+over\b"
)
"""A thing shoved somewhere ("shove a pew into her path"), which no foe is."""


_PUSHED_WHOM = re.compile(
    r"\b(?:shove|shoves|push|pushes|barge|barges|bundle|bundles)\s+((?:[\w']+\s+){0,1}[\w']+)"
)
"""The first words after a shove: whom it is done to."""
PUSHED_AWAY = re.compile(
    r"\b(?:kick|kicks|push|pushes|shove|shoves|shoulder|shoulders|barge|barges|boot|boots|"
    r"knock|knocks|drive|drives)\b (?:\w+ ){1,3}?"
    r"(?:away|back|off (?:of )?(?!its|his|her|their)\w+|across the (?:room|floor|cellar|hall|"
    r"cave|chamber|sand|beach)|into the (?:wall|casks?|barrels?|shelves|pews?|surf|sea|water))\b"
)
"""A foe pushed off someone or back ("kick the rat away from Aria", "shove it off Thorin"):
the shove of the rules that pushes 5 feet, not a blow."""


def _paired(ctx: Context, named: list[str]) -> bool:
    """Two weapons named together as the blow's ("shortsword and dagger at goblin 2", "my
    rapier, then the dagger"), not one held some other way while the other strikes ("flips
    her dagger into a reverse grip … drives her shortsword into its flank")."""
    if re.search(r"\b(?:both|each|right|left|other hand)\b", ctx.said):
        return True  # "shortsword in my right, dagger in my left, both at rat one!"
    one, other = (re.escape(w) for w in named[:2])
    joined = r"\W+(?:and|&|then|plus|n|an)?\W*(?:(?:my|her|his|the|their|a|with|then)\W+){0,3}"
    return bool(re.search(rf"\b(?:{one}{joined}{other}|{other}{joined}{one})\b", ctx.said))


def refine_hold(ctx: Context, intent: Intent) -> Intent:
    """A grapple or a shove aimed at a creature; a shove that says "down" or "over" knocks
    prone, any other pushes back 5 feet."""
    action = intent.action
    if action == "shove":
        flat = _ALONG.sub(" ", ctx.said)  # "push her back down the nave": which way, no fall
        down = any(has_phrase(flat, w) for w in ctx.vocab.shove_down)
        action = "shove_prone" if down else "shove_away"
    if action == "escape_grapple":
        return replace(intent, action=action)
    moved = _MOVED_THING.search(ctx.said)
    thing = moved.group(1) or moved.group(2) if moved is not None else ""
    if thing and ctx.named("feature", "item_here", "carried", text=thing):
        # "shove a pew into her path": a thing moved, for the DM to rule on, not a shove
        return replace(intent, kind="ask", action=None, confidence=0.3, note="move what?")
    pushed = _PUSHED_WHOM.search(ctx.said) if (action or "").startswith("shove") else None
    whom = pushed.group(1) if pushed is not None else ""
    friends = ctx.named("member", "npc", text=whom) if whom else []
    if friends and friends[0].id != ctx.actor and not ctx.named("creature", text=whom):
        # "shove Wren deeper into the niche so they can't reach her": a friend moved out of
        # harm's way, as said (no shove of the rules, which is made on a foe)
        return replace(intent, kind="improvise", action="auto", targets=(friends[0].id,),
                       extra=("free", "0"), confidence=0.8)  # fmt: skip
    if action == "grapple" and _friend_held(ctx) and not ctx.named("creature"):
        # "grab Corin by the collar and haul him out of their grip": a friend pulled clear,
        # a deed for the DM to rule on (a grapple of the rules is made on a foe)
        held = [f.id for f in ctx.named("member", "npc") if f.id not in _foes(ctx)]
        return replace(intent, kind="improvise", action="athletics", targets=tuple(held[:1]),
                       confidence=0.8)  # fmt: skip
    pick = pick_creatures(ctx.said, ctx.scope, ctx.state, ctx.vocab)
    if not pick.ids and action == "shove_prone":  # "shove grubnak prone": where he goes,
        flat = re.sub(r"\b(?:prone|flat|over|down)\b", " ", ctx.said)  # not the prone one
        pick = pick_creatures(flat, ctx.scope, ctx.state, ctx.vocab)
    return replace(intent, action=action, targets=pick.ids[:1])


_ALONG = re.compile(r"\b(?:back |away )?(?:down|over) (?:the|that|this) (?!ground|floor)\w+")
"""A way along ("down the nave", "over the sand"): where a shove sends its foe."""


_DARTING = re.compile(
    r"\bdart(?:s|ed|ing)? (?:in|forward|across|over|past|between|around|round|under|up|back|"
    r"away|behind|out|through|toward|towards|to)\b"
)
""""Dart" as a quick step ("I dart in and stab it"), not the weapon."""


def _friend_held(ctx: Context) -> bool:
    """The line takes hold of a friend: one of the party, someone here, or someone called
    by a name that is no foe's (Corin, dragged off by the thralls, is nobody the game has
    on the sand)."""
    if any(f.id not in _foes(ctx) for f in ctx.named("member", "npc")):
        return True  # (not "grapple the ghost": the Grey Sister fights)
    grabbed = _GRABBED_NAME.search(ctx.raw)  # "grab Corin by the collar": a name, no foe's
    return grabbed is not None and not ctx.named("creature", text=grabbed.group(1).lower())


def _foes(ctx: Context) -> set[str]:
    """The speaker, and the people of the story fighting as foes: no friend to pull clear."""
    fighting = {c.npc for c in ctx.state.creatures.values() if c.npc and c.vitals.hp > 0}
    return {*fighting, ctx.actor or ""}


_GRABBED_NAME = re.compile(
    r"\b(?:grab|grabs|seize|seizes|grip|grips|catch|catches|take hold of|takes hold of)\s+"
    r"([A-Z][a-z]+)\b(?! \d)"
)
"""A grab at someone called by a name ("grab Corin"), not at a foe called by its kind."""


def attack_style(ctx: Context, intent: Intent) -> Intent:
    """An attack says how it is made ("throw my handaxe", "two-handed swing", "with both
    blades"), and which weapon it names, if any."""
    styles = ctx.vocab.attack_styles
    style = next(
        (s for s, phrases in styles.items() if any(has_phrase(ctx.said, p) for p in phrases)),
        None,
    )
    named = [w for w in ctx.vocab.weapons if has_phrase(ctx.said, w)]
    if _DARTING.search(ctx.said):  # "I dart in": a quick step, no dart thrown
        named = [w for w in named if w not in ("dart", "darts")]
    weapon = named[0] if named else None
    if style is None and len(named) > 1 and _both_carried(ctx, named) and _paired(ctx, named):
        style = "both"  # "shortsword and dagger at goblin 2": a blade in each hand
    grabbed = IMPROVISED_WITH.search(ctx.said) if intent.kind == "attack" else None
    if grabbed is not None and style is None and not _carried(ctx, weapon):
        # "club it with the poker", "bash it with a thighbone": 1d4, no proficiency (SRD)
        return replace(intent, action=IMPROVISED, item=grabbed.group(1))
    if style is None and weapon is None:
        return intent
    thrown = _THROWN_THING.search(ctx.said) if style == "thrown" and weapon is None else None
    if thrown and thrown.group(1) not in _NOT_A_THING:
        # "I throw my cloak in its face": no weapon the rules can roll. Said back, not
        # turned into a dagger thrown for damage.
        return replace(intent, kind="ask", confidence=0.4, action=None,
                       note=f"a {thrown.group(1)} is no weapon to attack with — try Help, "
                       "Dodge, a shove or a real weapon")  # fmt: skip
    missing = _not_carried(ctx, weapon)
    if missing:  # "hit it with my longsword", typed for a ranger with a bow and a shortsword
        return replace(intent, kind="ask", confidence=0.4, action="unseen", note=missing)
    return replace(intent, action=style, item=weapon)


def _both_carried(ctx: Context, named: list[str]) -> bool:
    """Two light weapons the striker carries are named: one for each hand."""
    sheet = ctx.state.party.get(ctx.actor or "")
    if sheet is None:
        return False
    table = srd().weapons
    light = {table.get(w).name.lower() for w in sheet.weapons
             if w in table and "light" in table.get(w).properties}  # fmt: skip
    return len({w for w in named if w in light}) > 1


IMPROVISED_THINGS = (
    "poker", "fire iron", "tongs", "thighbone", "thigh bone", "femur", "bone", "skull",
    "chair leg", "table leg", "chair", "stool", "bench", "bottle", "tankard", "mug", "jug",
    "plank", "board", "log", "rock", "stone", "brick", "branch", "stick", "candlestick",
    "frying pan", "pan", "skillet", "saucepan", "pot", "ladle", "spoon", "shovel", "spade",
    "oar", "broom", "pitchfork", "rolling pin", "crowbar", "lantern", "torch", "oar",
)  # fmt: skip
"""Things a DM lets anyone swing as an improvised weapon."""
IMPROVISED_WITH = re.compile(
    r"\bwith (?:the|a|an|this|that|some|his|her|my|their|one of the|a loose|a broken|the "
    r"broken|a heavy|the heavy) (?:\w+ )?("
    + "|".join(re.escape(t) for t in sorted(set(IMPROVISED_THINGS), key=len, reverse=True))
    + r")s?\b"
)
"""A blow struck with a thing that is no weapon ("hit the rat with the poker")."""


def _carried(ctx: Context, weapon: str | None) -> bool:
    """The striker carries the weapon the word names ("club" is a verb as often)."""
    sheet = ctx.state.party.get(ctx.actor or "")
    if weapon is None or sheet is None:
        return False
    table = srd().weapons
    return any(weapon in (w.replace("_", " "), table.get(w).name.lower()) for w in sheet.weapons
               if w in table)  # fmt: skip


CARRIES_NO = " carries no "
"""How the note of a blow with a weapon its striker lacks says so: the line waits for the
player to say again what is struck with (nothing of it is done)."""


def _not_carried(ctx: Context, weapon: str | None) -> str:
    """Why the weapon a blow names cannot be the one: its striker carries none ("" when
    they do, or none is named)."""
    sheet = ctx.state.party.get(ctx.actor or "")
    if weapon is None or sheet is None or not sheet.weapons:
        return ""
    own = rf"\b(?:my|with (?:his|her|their))\s+(?:\w+\s+)?{re.escape(weapon)}"
    if not re.search(own, ctx.said):
        return ""  # "attack the goblin with the scimitar": whose it is, not what strikes
    table = srd().weapons
    names = {w: table.get(w).name.lower() for w in sheet.weapons if w in table}
    word = weapon.lower()
    if any(word in (w, n) or word in w.replace("_", " ") or word in n for w, n in names.items()):
        return ""
    if word not in {t.name.lower() for t in table.entries.values()}:
        return ""  # a word for a weapon ("blade", "sword") the sheet's weapons answer to
    carried = ", ".join(sorted(names.values()))
    return f"{sheet.name}{CARRIES_NO}{word}: only {carried}"


_THROWN_THING = re.compile(
    r"\b(?:throw|throws|hurl|hurls|toss|tosses|fling|flings|lob)\s+"
    r"(?:my|a|an|the|some|his|her|their|this|that)\s+([a-z]+)"
)
"""What is thrown, when the line names it: ``throw my cloak`` → ``cloak``."""
_NOT_A_THING = frozenset({"weapon", "blade", "knife", "spear", "axe", "hammer", "javelin"})
"""Words for a thrown weapon the vocabulary may not list by that name."""


PLACE_WORDS = frozenset({
    "behind", "from", "near", "by", "beside", "over", "under", "through", "across", "around",
    "into", "on", "onto", "off", "past", "toward", "towards", "against", "atop", "along",
})  # fmt: skip
"""Words before a thing that make it where a blow comes from, not what it strikes
("I shoot from behind the pews")."""


def struck_thing(ctx: Context) -> Thing | None:
    """A feature the line strikes at as its object ("slash at the pews", "cut the bell
    rope"), when no creature is named — not one it fights from behind or beside."""
    for thing in ctx.named("feature"):
        for name in thing.names:
            at = phrase_at(ctx.said, name)
            if at < 0:
                continue
            before = [w for w in ctx.said[:at].split() if w not in ("the", "a", "an", "that")]
            if before and before[-1] not in PLACE_WORDS:
                return thing
    return None


_CUTTING = re.compile(
    r"^(?:i\s+)?(?:cut|cuts|slice|slices|saw|saws|sever|severs|slash|slashes|"
    r"hack|hacks)(?:\s+(?:through|at|down|loose))?\b"
)
_CUTTABLE = re.compile(
    r"\b(?:rope|ropes|cord|net|web|webs|curtain|tapestry|banner|sack|vines?|"
    r"thorns?|strap|line)\b",
    re.I,
)
"""A thing a blade goes through ("cut the bell rope", "slash the curtain")."""


def cutting(ctx: Context) -> bool:
    """Whether the clause opens with a cut ("cut the rope", "slash through the curtain")."""
    return _CUTTING.match(ctx.said) is not None


def blow_at_thing(ctx: Context, struck: Thing) -> Intent:
    """A blade or a blow at a thing, not a foe: through rope or cloth a cut simply does it
    ("cut the bell rope"); anything else cannot be fought ("slash at the pews")."""
    if cutting(ctx) and any(_CUTTABLE.search(n) for n in struck.names):
        return ctx.intent("improvise", targets=(struck.id,), action="auto", extra=("cut", "0"),
                          confidence=0.8)  # fmt: skip
    return ctx.intent(
        "ask", targets=(struck.id,), confidence=0.3, note=f"{the(struck.name)} cannot be fought"
    )


_STRUCK_THING = re.compile(
    r"\b(?:smash|bash|break|kick|hit|whack|batter|wreck)\w*\s+(?:(?:the|that|this)\s+"
    r"(?:damn |bloody |stupid |fucking |blasted )?thing|it)\b"
)
"""A thing struck without its name ("smash the damn thing", "just break it")."""


def thing_to_force(ctx: Context) -> str | None:
    """Out of a fight, with no foe in view, the one challenge here that forces a thing by
    strength: what "smash the damn thing" is aimed at."""
    if ctx.scope.fighting or ctx.campaign is None or not _STRUCK_THING.search(ctx.said):
        return None
    forcing = [
        t.id for t in ctx.scope.of("challenge")
        if (spec := ctx.campaign.challenges[t.id]).skill is not None
        and spec.skill.value == "athletics"
        and re.search(r"\b(?:force|smash|break|bash|batter|kick)", " ".join(spec.provoked_by))
    ]  # fmt: skip
    return forcing[0] if len(forcing) == 1 else None
