"""What an improvised deed is done to: a thing or a creature (the words after its verb,
before "at/onto/over …"), a foe a pronoun means in a fight, one too limp to resist, the
rope a captive is tied with (no object of the deed), a thing grabbed rather than a foe
("grab the torch off the wall") or one's own gear taken up ("my dagger", "mira's rope"), and
the words that say where a deed's thing is or goes (a curtain parted and gone through, a
thing set back down, one taken out of one's own pack, a blow "in the back")."""

from __future__ import annotations

import re

from app.understanding.deeds import DEEDS, verb_at_start
from app.understanding.describing import gear_of
from app.understanding.intent import Intent
from app.understanding.readings import Context
from app.understanding.scope import Thing

# Where a deed's thing is, or where it goes, as the words say it.
PARTED_AND_IN = re.compile(
    r"\b(?:aside|open|apart|back)\b.*\b(?:step|steps|go|goes|walk|walks|head|heads|slip|"
    r"slips|duck|ducks|stride|strides)\s+(?:in|inside|through)\b"
    r"|^(?:i\s+|we\s+)?(?:push|pushes|shove|shoves|shoulder|shoulders|barge|barges)\s+"
    r"(?:my |our |his |her )?(?:way\s+)?through\b"
)
"""A way pushed aside and gone through ("shove the curtain aside and step in", "push
through the curtain")."""
IN_THE_BACK = re.compile(r"\b(?:in|into|through) (?:the|his|her|its|their) (?:back|backs)\b")
"""Where a blow lands ("stab him in the back"), not the way back."""
OUT_OF_OWN = re.compile(
    r"\b(?:out of|from) (?:my|his|her|their|our) (?:collar|pocket|pack|bag|belt|pouch|shirt|"
    r"coat|cloak|boot|satchel|sleeve|robes?|tunic|bodice|purse|knapsack|backpack|haversack)"
)
"""Out of one's own clothes or pack ("digs the locket out of her collar")."""
PARTED = re.compile(
    r"(?:^|\b)(?:i\s+|we\s+)?(?:pull|pulls|push|pushes|brush|brushes|sweep|sweeps|draw|draws|"
    r"part|parts|move|moves|lift|lifts)\s+(?:(?:the|some|a|that|those)\s+[\w ]{2,30}?|it|them)"
    r"\s+(?:aside|apart)"
    r"(?:\s+to\s+(?:look|see|check|search)\b.*)?[.!]?$"
)
"""Something moved aside, and nothing more done ("pull the kelp aside"): to see what is
under it."""
LEFT_THERE = re.compile(
    r"^(?:i |we )?(?:put|puts|place|places|set|sets|lay|lays)\b(?!.*\b(?:my|his|her|their|its)"
    r"\s+(?:neck|fist|hand|hands|pocket|pack|bag|belt|head|arm|wrist|finger)s?\b)"
    r"(?=.*\b(?:back|down|on|onto|upon|in|into|inside|beside|by)\b)"
)
"""A carried thing put somewhere here ("put the crown back on the bier", "set the lamp
down"): left behind — not one put about oneself ("the locket round my neck")."""
FROM_WHERE = re.compile(r"\b(?:from|off|out of|in|inside|on|under|behind|by|at|near)\b")
"""Words after a thing taken that say where it is taken from, not what."""


def unresisting(ctx: Context, cid: str) -> bool:
    """A creature that cannot resist being moved: asleep, unconscious or at 0 hit points."""
    creature = ctx.state.creatures[cid]
    held = {a.condition.value for a in creature.conditions}
    return bool(held & {"unconscious", "asleep"}) or creature.vitals.hp <= 0


_ANOTHER = r"\b(?:him|her|it|them|another|the other|the next|next one|the rest|the last)\b"
"""Words for a foe a rope is for, unnamed ("tie him up", "tie up another one")."""


def to_bind(ctx: Context, things: list[Thing], rest: str) -> list[Thing]:
    """Whom a rope is for: never a friend ("tie the rope to Mira so she can climb down") or
    a way ("tie up another one" takes no stairs up), and of the foes, one not tied up yet
    ("the other one", "him": a senseless foe still loose)."""
    things = [t for t in things if t.kind not in ("member", "exit")]
    if not things and re.search(_ANOTHER, rest):  # (a senseless one first, else one awake
        foes = [t for t in ctx.scope.of("creature") if not _tied(ctx, t.id)]  # but loose)
        things = [t for t in foes if unresisting(ctx, t.id)] or foes[:1]
    loose = [t for t in things if t.kind != "creature" or not _tied(ctx, t.id)]
    if not loose and things and re.search(_ANOTHER, rest):  # "tie up the other one too",
        loose = [t for t in ctx.scope.of("creature")  # the one named tied already: the next
                 if not _tied(ctx, t.id) and t not in things]  # fmt: skip
        loose.sort(key=lambda t: not unresisting(ctx, t.id))
    return loose[:1] or things


def _tied(ctx: Context, cid: str) -> bool:
    """A foe bound already (restrained by a rope, a net, a grapple)."""
    held = {a.condition.value for a in ctx.state.creatures[cid].conditions}
    return "restrained" in held


def foe_at_hand(ctx: Context, foes: list[str]) -> str | None:
    """The foe a pronoun means in a fight: the only one, else the only one engaged with the
    speaker, else the only one awake."""
    if len(foes) == 1:
        return foes[0]
    fight = ctx.state.encounter
    spot = fight.positions.get(ctx.actor or "") if fight is not None else None
    engaged = [f for f in foes if spot is not None and f in spot.engaged]
    if len(engaged) == 1:
        return engaged[0]
    awake = [f for f in foes if not any(
        a.condition.value in ("unconscious", "asleep") for a in ctx.state.creatures[f].conditions
    )]  # fmt: skip
    return awake[0] if len(awake) == 1 else None


_UP_ONTO = re.compile(r"^(?:up\s+)?(?:on top of|onto|on to|up onto|up on|on|over|into|up)\s+")
"""Where a climb or a leap goes, said before the thing it goes onto."""
_TOWARD = re.compile(
    r"\b(?:at|onto|on|over|into|toward|towards|against|through|to|in|with|behind|under|off)\b"
)


WEAPON_WORDS = frozenset(
    {
        "dagger", "daggers", "knife", "axe", "handaxe", "hatchet", "javelin", "spear", "sword",
        "blade", "arrow", "arrows", "bolt", "bolts", "hammer", "mace", "club", "dart", "darts",
        "rapier", "scimitar", "sling", "bow", "crossbow", "staff",
    }
)  # fmt: skip
"""Words for what is thrown or swung as a weapon: "throw my handaxe at rat 2" attacks."""


FLOORING = re.compile(
    r"\b(?:knock|bash|shield-bash|slam|bowl|trip|sweep|kick|tackle)\w*\b.*\b(?:flat|down|over|"
    r"(?<!the )(?<!a )prone|on(?:to)? (?:its|his|her|their) (?:back|spine)|to the ground|"
    r"off (?:its|his|her|their) (?:feet|legs|throne|seat|chair|stool|perch))\b"
)
"""A blow meant to put a foe on the ground: the shove of the rules."""
BLINDING = re.compile(r"\b(?:over|into|in) (?:his|her|its|their) (?:eyes|face)\b")
"""A thing knocked over a foe's eyes ("knock his saucepan down over his eyes"): blinded, not
floored."""
_THEIR_GEAR = re.compile(
    r"\w's (?:\w+ )?(?:" + "|".join(sorted(WEAPON_WORDS | {"weapon", "weapons", "shield",
                                                          "spoon", "helmet", "saucepan"}))
    + r")\b"
)  # fmt: skip
"""A foe's weapon or gear, owned ("the goblin's scimitar"): the thing taken, from him."""


def object_is_a_thing(ctx: Context) -> bool:
    """The deed's object — the words after its verb and before "at/onto/over …" — is a
    thing, not a creature and not a weapon ("kick the cask at the rats", not "kick the rat"
    nor "throw my handaxe at goblin one")."""
    words = ctx.said.split()
    start = 1 if words and words[0] in ("i", "we") else 0
    said = " ".join(words[start:])
    verb = max((w for d in DEEDS for w in d.words if verb_at_start(said, w)), key=len, default="")
    rest = " ".join(words[start + max(1, len(verb.split())) :])
    rest = _UP_ONTO.sub("", rest)  # "climb on top of the casks to get above the rats"
    cut = _TOWARD.search(rest)
    span = rest[: cut.start()] if cut else rest
    if not span.strip() or set(span.split()) & WEAPON_WORDS:
        return False
    aimed = cut is not None and cut.group() not in ("in", "with", "to")
    if not aimed and ctx.scope.fighting and span.split() in (["it"], ["him"], ["her"], ["them"]):
        return False  # "chop it in half", in a fight: the foe (not "throw it at the rat")
    return not ctx.named("creature", "npc", "member", text=span, floor=0.7)


BOUND_WITH = re.compile(
    r"\b(?:with|using)\s+(?:my|a|the|his|her|some|our)?\s*(?:rope|cord|twine|chain|manacles|"
    r"shackles|fishing line|belt)\b"
)
"""What a captive is tied with ("lasso her with my rope"), no object of the deed."""
_GRABBED = re.compile(
    r"\b(?:grab|grabs|grabbed|snatch|snatches|seize|seizes|(?:take|takes|wrest|wrests|wrench|"
    r"wrenches|prise|prises|pry|pries|yank|yanks)(?=.*\b(?:from|off|out of)\b))\s+"
    r"((?:the|a|an|that|this|my|his|her|its|some)\s+)?([a-z'-]+)(?:\s+([a-z'-]+))?"
)
_REMAINS = frozenset({"corpse", "corpses", "body", "bodies", "carcass", "carcasses", "remains",
                      "skull", "bone", "bones"})  # fmt: skip
"""What is left of a foe, grabbed as a thing ("grab the rat corpse and throw it")."""


_HIS_THING = re.compile(r"(?<!\bby )\b(?:his|her|its|their)\s+([a-z]{3,})(?:\s+([a-z]{3,}))?\b")
"""A thing of a foe's ("his spoon"), not where the foe is taken hold of ("by his helmet")."""


_THEIR_THINGS = frozenset({"weapon", "weapons", "blades", "gear", "stuff", "things", "arms",
                           "belongings", "scimitars", "bows", "shortbows", "purse"})  # fmt: skip


def their_gear(ctx: Context) -> str:
    """What a line takes from foes said as theirs ("their weapons", "his blade"), or ""."""
    held = _HIS_THING.search(ctx.said)
    found = [w for w in (held.groups() if held is not None else ()) if w]
    return next((w for w in found if w in WEAPON_WORDS | _THEIR_THINGS), "")


def gear_owner(ctx: Context) -> str | None:
    """The one foe here whose own gear a possessive names ("take his spoon": the boss's,
    the one with the very large spoon), or ``None``."""
    m = _HIS_THING.search(ctx.said)
    for noun in [w.rstrip("s") for w in (m.groups() if m is not None else ()) if w]:
        owners = [t.id for t in ctx.scope.of("creature")
                  if re.search(rf"\b{re.escape(noun)}s?\b", gear_of(ctx.state, t.id))]  # fmt: skip
        if len(owners) == 1:  # ("his big spoon": the spoon)
            return owners[0]
    return None


def grabs_a_thing(ctx: Context) -> bool:
    """Whether what is grabbed is a thing, not a foe ("grab the torch off the wall and wave
    it at the goblins"): a word after "the" that names no creature here, nor says which."""
    if _THEIR_GEAR.search(ctx.said):  # "take the sleeping goblin's scimitar": his blade
        return True
    if gear_owner(ctx) is not None:  # "take his spoon": what he carries
        return True
    if their_gear(ctx):  # "take their weapons": what they carry
        return True
    m = _GRABBED.search(ctx.said)
    if m is None or not m.group(1):
        return False
    word = m.group(2)
    if m.group(3) in _REMAINS:  # what is left of one: a thing to hold
        return True
    kinds = {w for t in ctx.scope.of("creature") for n in t.names for w in n.lower().split()}
    which = {*ctx.vocab.descriptors, *ctx.vocab.ordinals, "one", "nearest", "closest"}
    return word not in kinds | which and word.rstrip("s") not in kinds and not word.endswith("est")


def posture(ctx: Context, target: str | None) -> Intent:
    """Sitting, kneeling, getting up: nothing stands against it. Crouching behind a thing
    that gives cover in a fight is taking cover; by a person, a kindness; else no way out
    is meant by its "down" or "up"."""
    campaign = ctx.campaign
    scene = campaign.scenes.get(ctx.state.scene.id) if campaign is not None else None
    feature = scene.features.get(target or "") if scene is not None else None
    behind = re.search(r"\b(?:behind|crouch\w*|duck\w*|hunker\w*)\b", ctx.said) is not None
    if ctx.scope.fighting and feature is not None and feature.cover and behind:
        # (sitting on the loot to eat a sausage is no cover)
        return ctx.intent("manoeuvre", action="cover", targets=(target,), confidence=0.8)
    person = target if ctx.scope.get(target or "", "npc") or target in ctx.state.party else None
    seat = target if feature is not None else None  # "sit on the millstone"
    on = person or seat
    return ctx.intent("improvise", targets=(on,) if on else (), action="auto",
                      extra=("posture", "0"), confidence=0.8)  # fmt: skip


_BODY = r"(?:hand|hands|arm|arms|throat|neck|leg|legs|shoulder|collar|wrist|ear|hair|tail)\b"


def kit_taken_up(ctx: Context, rest: str) -> bool:
    """Gear of one's own or a friend's taken up ("my dagger", "mira's rope"), not a hand
    laid on a foe ("his arm", "the goblin's ear")."""
    names = "|".join(re.escape(s.name.split()[0].lower()) for s in ctx.state.party.values())
    own = (
        rf"^\W*(?:up\s+)?(?:my|our|(?:{names})(?:'s)?)\s+"
        rf"(?!{_BODY}|and\b|then\b|to\b|by\b|with\b|from\b|off\b|out\b|up\b|away\b|back\b)\w+"
    )
    return re.match(own, rest) is not None


FARE = re.compile(
    r"\b(tea|cup|mug|drink|ale|beer|wine|water|broth|soup|stew|meal|food|bread|"
    r"blanket|cloak|fire)\b"
)
"""What a kindness made, poured or fetched is ("make him a cup of tea")."""
BODY_THROWN = re.compile(
    r"\b(?:throw|hurl|fling)\w*\s+(?:(?:his|her|my|their|its)\s+(?:shoulder|weight|body|whole "
    r"weight)|himself|herself|myself|themselves)\b"
)
"""One's own body thrown at a foe: a shove or a tackle, never a thing hurled."""


BY_A_THING = re.compile(
    r"\b(?:closest|nearest|nearer|next|near|beside|behind|by)\s+(?:to\s+)?(?:the|that|this)\b"
)
"""A thing named as where someone stands ("shoot the one closest to the curtain"), not as
what a blow is aimed at."""


def beside(rest: str, person: Thing) -> bool:
    """The person is named only as who the deed is done beside ("next to Hobb")."""
    names = "|".join(re.escape(n) for n in person.names)
    return re.search(rf"\b(?:next to|beside|by|near|alongside|with) (?:old |the )?(?:{names})\b",
                     rest) is not None  # fmt: skip


MUTTERED = re.compile(r"\b(?:mutter|mumble|grumble|complain|joke|grouse|gripe|moan)(?:s|ing)?\b.*$")
"""Words muttered along with the deed ("pulls her hood up and mutters about elves"): what
they are about is no one the deed is done to."""


def for_them(ctx: Context, rest: str) -> bool:
    """Someone is done for: "him", "them", or "her" — not "her fiddle", a thing she carries."""
    if re.search(r"\b(?:him|them)\b", rest):
        return True
    owned = {w for t in ctx.scope.of("carried") for n in t.names for w in n.split()}
    return any(len(m.group(1)) < 3 or m.group(1) not in owned
               for m in re.finditer(r"\bher\b\s*(\w*)", rest))  # fmt: skip
