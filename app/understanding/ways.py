"""Ways out: which way a line of going means — a way named, a direction, the place it leads
to, or the person there ("take Tam back up to Berta") — and which lines of going are not
going at all (walking up to someone is a word with them, giving a thing back to someone is
a give, a foe circling towards the path takes nobody anywhere). In a fight, a way named is
a run for it (:mod:`app.actions.escaping`)."""

from __future__ import annotations

import re

from app.understanding.approaching import approached
from app.understanding.far_places import far_place, home, the_way_to, where_someone_is
from app.understanding.intent import Intent
from app.understanding.readings import Context
from app.understanding.scope import Thing, open_challenges
from app.understanding.words import has_phrase, name_score, verb_at
from app.world import view

UP_TO_A_DOOR = re.compile(
    r"\bover to (?:the |that |this )?(?:\w+ )?(?:door|trapdoor|hatch|curtain|gate|doorway|"
    r"grate|stairs|steps)\b(?! (?:and )?(?:go|head|climb|step|slip|walk|down|up|through|in)\b)"
)
"""Going over to a door or a hatch: to it, not through it."""


def way_out(ctx: Context) -> Intent | None:
    """Leaving without naming where ("head out"): the only open way, or the one called out,
    back or door."""
    ways = ctx.scope.of("exit")
    opened = [w for w in ways if w.id not in shut_ways(ctx)]
    if len(opened) == 1:
        return ctx.intent("move", targets=(opened[0].id,), confidence=0.8)
    outward = [w for w in opened if {"out", "outside", "back", "door"} & set(w.names)]
    if len(outward) == 1:
        return ctx.intent("move", targets=(outward[0].id,), confidence=0.8)
    return None


def left_be(ctx: Context, rest: str) -> bool:
    """Whether leaving, in words from the verb on, leaves someone or something be ("leave
    the locket", "leave Wendel his book", "leave the talking to the others") rather than
    the place ("i leave the lighthouse": the place, though its keeper goes by it too)."""
    if LEFT_BE.search(rest) is not None:
        return True
    if re.match(r"(?:leave|leaves|leaving)\s", rest) is None or _names_here(ctx, rest):
        return False
    if ctx.named("item_here", "carried", "feature", "npc", "creature", text=rest):
        return True
    # "leaves the sleepy bois and stabs grubnak": someone or something left, not a place
    return _LEFT_WHO.match(rest) is not None and not ctx.named("exit", text=rest)


_LEFT_WHO = re.compile(
    r"(?:leave|leaves|leaving)\s+(?:them|him|her|it|those|these|(?:the|that|this)\s+"
    r"(?!(?:room|place|area|building|cave|hall|chamber|tunnel|village|town|house|inn|tavern|"
    r"pub|cellar|barrow|chapel|lighthouse|tower|mill|woods?|forest|beach|shore|strand|"
    r"harbou?r|warren|burrow|lair|den|camp|ruins?|crypt|tomb|dungeon|temple|church|road)\b)"
    r"\w+)\b"
)
"""Whom or what is left, not where ("leave the sleepy ones", "leave them")."""


def _names_here(ctx: Context, rest: str) -> bool:
    """Whether the words name the scene the party is in."""
    here = ctx.state.scene.name.lower().split()
    return any(w in here for w in rest.split() if len(w) > 2 and w not in ctx.vocab.stop)


def shut_ways(ctx: Context) -> set[str]:
    """The scenes this scene's shut ways lead to."""
    if ctx.campaign is None:
        return set()
    return {w.to for w in view.exits_here(ctx.state, ctx.campaign) if not w.open}


_POPS_UP = re.compile(
    r"^(?:pop|pops|popping|bob|bobs|spring|springs|stand|stands|rise|rises|sit|sits|peek|peeks|"
    r"peer|peers|leap|leaps|jump|jumps)\s+(?:back\s+)?(?:up|out)\b(?!\s+(?:the|to|through|into)\b)"
)
"""Coming up out of hiding ("pop up and shoot"): up on one's feet, never up a stair."""
_APPROACH = re.compile(r"\b(?:(?:up|over|across|down)\s+to|towards?)\s+")
"""Walking "up to the woman on the quay" is going to someone here, not up a way."""


_ADVANCE = re.compile(
    r"^(?:move|moves|moving|step|steps|stepping|press|presses|push|pushes|edge|edges|creep|"
    r"creeps|inch|inches|shuffle|shuffles|advance|advances|close|closes)\s+"
    r"(?:up|forward|forwards|ahead|in|closer|on)\b"
)
"""A step closer in a fight ("move up", "step forward", "press on"): towards the foe,
never out by the way that happens to lead up."""
_RUN_AT = re.compile(
    r"^(?:run|runs|running|rush|rushes|dash|dashes|charge|charges|sprint|sprints|race|races|"
    r"hurry|hurries|go|goes|walk|walks|jump|jumps|leap|leaps)\s+(?:up|in|over|forward)"
    r"(?:\s+(?:and\b|to (?:it|him|her|them|the (?!\w+ (?:steps|stairs|door|path|way))))|\s*$)"
)
"""Running up to a foe, or up and at it ("run up and slash it"), in a fight."""


LEFT_BE = re.compile(
    r"\b(?:leave|leaves|leaving)\s+(?:(?:you|him|her|them|it|us|me)\b|.*\b(?:alone|be|in peace)\b"
    r"|(?:the\s+)?(?:rest|\w+ing)\s+to\b)"
)
"""Someone or something left be, or a task left to others ("leaves the talking to the
others"), not a place left."""
DRAWN = re.compile(
    r"\b(?:weapons?|\w*swords?|\w*blades?|\w*bows?|\w*axes?|steel|daggers?|shields?|"
    r"torch(?:es)?|lanterns?|rapiers?|maces?|spears?|staffs?|\w*hammers?|scimitars?|knives|"
    r"knife|clubs?)\s+(?:out|up|drawn|ready|raised|high)\b"
    r"(?!\s+(?:under|into|through|at|to|in|on|of|from|between)\b)"
    r"|\b(?:lockpicks|picks|thieves'? tools|tools|holy symbol|wand)\s+(?:out|ready)\b"
)
"""Gear held ready ("weapons out", "shortsword out", "torches up"): how the party goes,
not where (no "out" of the front door)."""
HELD_OUT = re.compile(
    r"^hold(?:s|ing)? (?:(?!my turn|my action|position|still|off)\w+ ){0,3}?(?:up|out|aloft|"
    r"high|forward)\b"
)
"""Something held up or out to be seen: no holding back
of the turn, and no way up or out."""


_DONE_TO = re.compile(
    r"\b(her|him|them|it|me|us) (?:up|down|out|off|back)\b(?=\s*(?:$|[,.!;]|and\b|then\b))"
)
"""A deed's particle after whom it is done to, ending the clause ("patch her up"): no way."""


_RAISED = re.compile(r"^(?:help|pull|lift|hoist|haul|heave|prop|scoop|get)")
"""Verbs that raise someone to their feet with "up" ("help him up", "pull her up out of the
water"): no way up is taken."""
_RAISED_UP = re.compile(r"\b(her|him|them|me|us) up\b(?=\s*(?:$|[,.!;]|and\b|then\b|out of\b|"
                        r"from\b|off\b|onto\b|on to\b))")  # fmt: skip


_ESCORTING = re.compile(
    r"^(?:carr|lead|led|take|took|bring|brought|help|walk|escort|guide|drag|haul|hoist|"
    r"scoop|pull|get|lift|follow|chase|go|come|head|send|usher|lower|push|shove|climb|run)"
)
"""Verbs that take someone along a way ("carry her out", "follow him down"): the way kept."""


_HANDS_MOVE = re.compile(
    r"\b(?:holding|holds|hold|held|handing|hands|reaching|reaches|stretching|stretches|"
    r"pulling|pulls|sticking|sticks|laying|lays|putting|puts|giving|gives|passing|passes) "
    r"(?:(?:her|his|their|my|the|a|its) \w+ )?(?:out|back|down|up|forth)\b"
)
"""A hand's motion ("holding out the locket", "putting her blade down"): no way taken."""

_TAKEN_OUT = re.compile(
    r"\b(?:gets?|getting|takes?|taking|pulls?|pulling|draws?|drawing|brings?|bringing|"
    r"fish(?:es)?|digs?|whips?) out (?:my|his|her|our|their|your) "
    r"|\b(?:hauled|pulled|drawn|dragged|laid) up(?= (?!the\b|to\b|into\b|onto\b|on\b|at\b)\w)"
    r"|\b(?:pick|lift|scoop|haul|hoist|grab|snatch|heft|hold)(?:s|ed|ing)? up "
    r"(?=(?:the|a|an|that|this|him|her|it|them|one|my|his|their)\b)"
    r"|\b(?:squeez|suck|drain|bleed|clean|wash|flush|cut|dig|pick)\w* out (?:the |some |any )?"
    r"(?:poison|venom|toxin|wound|blood|splinter|needle|sting|dirt|muck)\b"
)
"""A thing of one's own brought out ("gets out her thieves' tools"), one picked up ("pick
up the sleeping rat"), or what is drawn from a wound ("squeeze out the poison"): no way
out, nor up."""


_STAYS = re.compile(
    r"^(?:stay|stays|staying|remain|remains|linger|lingers|wait|waits|keep watch|keeps watch|"
    r"stand guard|stands guard|guard|guards|sit|sits|stand|stands)\s+(?:by|at|near|beside|"
    r"next to|in|inside|here|there|on|the|behind)\b"
)
"""Staying put by a way ("stays by the door", "wait at the curtain"): no one goes by it."""


def _place_beyond(ctx: Context, rest: str) -> bool:
    """The words name a place a way here leads to ("the yard"), not only the way."""
    campaign = ctx.campaign
    if campaign is None:
        return False
    return any(
        has_phrase(rest, w)
        for way in ctx.scope.of("exit")
        if way.id in campaign.scenes
        for w in f"{campaign.scenes[way.id].name} {way.id.replace('_', ' ')}".lower().split()
        if len(w) > 3 and w not in ctx.vocab.stop
    )


def move(ctx: Context, at: int) -> Intent | None:
    """The way the words from ``at`` go by (a move intent), a word with someone walked up
    to, or ``None`` when they go nowhere."""
    rest = " ".join(ctx.said[at:].split()[:8])  # the way goes with its verb
    rest = DRAWN.sub(" ", rest).strip()  # ("goes first with her shortsword out": no way out)
    rest = _HANDS_MOVE.sub(" ", rest).strip()  # ("steps forward, holding out the locket")
    rest = _TAKEN_OUT.sub(" ", rest).strip()  # ("gets out her tools and starts on the lock")
    rest = re.sub(r"\bback (?:in|inside)\b", "inside", rest)  # "go back in": in again, not back
    if not _ESCORTING.match(rest) or _RAISED.match(rest):  # "patch her up", "help him up":
        rest = _DONE_TO.sub(r"\1", _RAISED_UP.sub(r"\1", rest))  # nobody goes up (but "carry
        # her out" takes her, and the party, out)
    approach = _APPROACH.search(rest)
    if re.match(r"^(?:put|puts|place|places|set|sets|lay|lays)\s+(?!(?:off|out|forth)\b)", rest):
        return None  # "put the crown back": the thing goes back, nobody goes anywhere
    if _STAYS.match(rest) and not _place_beyond(ctx, rest):
        return None  # "Thorin stays by the door": where he keeps, not where he goes (but
        # "I'll wait in the yard", named, is waiting there)
    climbing = rest.startswith(("climb", "scale", "scramble"))  # up to it is onto it: a deed
    if climbing and re.match(r"^\w+\s+(?:up\s+)?(?:on top of|onto|on to|atop|on)\b", rest):
        return None  # "climb on top of the mound": up on it, not in by its door
    if (
        climbing
        and re.match(r"^\w+\s+up\s+(?:the|a|some|those|these)\s", rest)
        and not (named_beyond_direction(ctx, rest))
    ):
        return None  # "climb up the rocks to look along the beach": up them, not the way up
    if approach is not None and not climbing and not _ways(ctx, rest[approach.end() :]):
        met = approached(ctx, rest[approach.end() :])
        if met is not None:
            return met  # a person or a thing here, not a way out
    if ctx.scope.fighting and (
        any(rest.startswith(p) for p in ctx.vocab.positions.get("cover", ()))
        or _POPS_UP.match(rest)
    ):  # "duck behind the curtain", "pop up and shoot" in a fight: where one is, no way out
        return None
    verb, _, after = rest.partition(" ")
    # the verb names no way ("step forward" is no "shore steps"), unless it is the whole line
    exits = _ways(ctx, after if after and verb.startswith("step") else rest)
    closer = ctx.scope.fighting and (
        _ADVANCE.match(rest) is not None or _RUN_AT.match(rest) is not None
    )  # ("i run up and slash it": at the foe, never out the way up)
    if exits and closer and not named_beyond_direction(ctx, rest):
        return None  # "I move up next to Aria" in a fight: closer in, not up the stairs
    if rest.startswith("follow") and not exits:
        friends = [m for m in ctx.named("member", text=rest[6:]) if m.id != ctx.actor]
        behind = re.match(r"follows?(?:\s+(?:right |close |just )?(?:behind|after) "
                          r"(?:her|him|them|the others|the rest|everyone))?\s*$",
                          rest.split(",")[0].strip())  # fmt: skip
        if friends or behind:  # "i follow cass, bow ready", "Thorin follows right behind
            # her", "Wren follows, humming": falls in behind, as said
            return ctx.intent("improvise", action="auto", extra=("free", "0"), confidence=0.8)
    if rest.startswith("follow") and not exits and ctx.campaign is not None:
        npcs = ctx.campaign.npcs
        allies = [
            t for t in ctx.named("npc", text=rest[6:]) if npcs.get(t.id) and npcs[t.id].companion
        ]
        if allies:  # "follow Wendel": he goes where the party goes, so where is that?
            return ctx.intent("ask", action="unable", targets=(allies[0].id,), confidence=0.9,
                              note=f"{npcs[allies[0].id].name} travels with the party and goes "
                              "where it goes: say where to go")  # fmt: skip
    for word, way in (("upstairs", "up"), ("downstairs", "down")):
        if has_phrase(rest, word):  # "upstairs" is a way up, never the trapdoor's "stairs"
            exits = [w for w in ctx.scope.of("exit") if way in w.names or word in w.names]
            if not exits:
                return ctx.intent("ask", confidence=0.3, note=f"there is no way {way} from here")
    wrong_way = re.match(r"^\w+ (up|down)\b", rest)  # "go up the stairs" that lead down
    if wrong_way and exits and len(exits) == 1:
        said, other = wrong_way.group(1), "down" if wrong_way.group(1) == "up" else "up"
        if other in exits[0].names and said not in exits[0].names:
            return ctx.intent("ask", confidence=0.3, note=f"there is no way {said} from here "
                              f"— {exits[0].name}: {other}")  # fmt: skip
    to_whom = re.search(r"\bto\s+(.+)$", rest)
    if (
        exits
        and to_whom is not None
        and not named_beyond_direction(ctx, rest)
        and ctx.named("npc", text=to_whom.group(1))
    ):
        return None  # "give the locket back to Wendel": to someone here, not back the way out
    if exits and PART_OF.search(" ".join(ctx.said[at:].split()[:12])):
        return None  # "round the back of the inn": a side of that place, not the way in
    far = None if named_beyond_direction(ctx, rest) else far_place(ctx, rest)
    if far is not None:  # "we'll go out to the chapel" from the lighthouse: not "out"
        return the_way_to(ctx, far)
    leaving = not _WISHED_OF.search(ctx.said[:at]) and any(
        verb_at(rest, p) >= 0 for p in ctx.vocab.leave
    )  # (the going's own words: not "leaves the talking to the others … running a finger
    # along the spines", nor "asks her if she wants to go home": her going, asked of her)
    if leaving and left_be(ctx, rest):
        return None  # "we should leave the locket", "we leave you with your sausages",
        # "leave the cellar alone": a thing or someone left be, nobody goes
    if leaving and (not exits or _names_here(ctx, rest)):
        return home(ctx, rest, shut_ways(ctx)) or way_out(ctx)
    if exits:
        if exits[0].id in shut_ways(ctx):
            crept = crept_past(ctx, exits[0].id)
            if crept is not None:  # "creeps along behind the dicing goblins toward the
                return crept  # curtain": the stealth that opens that way
            return ctx.intent("move", targets=(exits[0].id,), confidence=0.3,
                              note=locked_text(ctx, exits[0].id))  # fmt: skip
        named = [e for e in ctx.scope.of("exit") if any(
            (core := " ".join(w for w in n.split() if w not in _DIRECTIONS))
            and name_score(rest, core, ctx.vocab.stop) >= 0.7 for n in e.names)]  # fmt: skip
        if len(named) == 1 and named[0] is not exits[0]:  # "go back into the hall": the hall,
            exits = named  # named, not the way back a direction word also names
        sure = 1.0 if len(exits) == 1 else 0.6
        return ctx.intent("move", targets=(exits[0].id,), confidence=sure)
    where = where_someone_is(ctx, rest)
    if where is not None:  # "then go see the priest": to the chapel, where he is
        if where in {w.id for w in ctx.scope.of("exit")}:
            return ctx.intent("move", targets=(where,), confidence=0.8)
        return the_way_to(ctx, where)
    return None


def _ways(ctx: Context, text: str) -> list[Thing]:
    """The ways out the words name — but not one they only half name when they name
    someone here in full ("goes towards the goblin boss": at him, not the "goblin tunnel")."""
    exits = ctx.named("exit", text=text)
    half = exits and not any(has_phrase(text, n) for n in exits[0].names)
    return [] if half and ctx.named("creature", "npc", text=text, floor=0.9) else exits


_WISHED_OF = re.compile(
    r"\b(?:if|whether|wants? to|wanna|would like to|asks?|you)\b|\binto\s*$|"
    r"\b(?:make|makes|made|force|forces|order|orders|tell|tells|get|gets)\s+\w+\s+(?:to\s+)?$"
)
"""Words before a going that make it asked or wished of someone, not done ("scare Grubnak
into leaving", "make him leave")."""


_STEALTHY = re.compile(
    r"\b(?:sneak|sneaks|sneaking|creep|creeps|creeping|tiptoe|tiptoes|tiptoeing|sidle|sidles|"
    r"slink|slinks|steal|steals|slip|slips|slipping|skulk|skulks|edge|edges)\b"
)
"""Words of going unseen."""


def crept_past(ctx: Context, scene_id: str) -> Intent | None:
    """A way shut until a Stealth challenge of this scene is passed, gone for stealthily:
    that challenge ("sneak past the guards" told as creeping toward the curtain)."""
    campaign = ctx.campaign
    if campaign is None or _STEALTHY.search(ctx.said) is None:
        return None
    here = campaign.scenes.get(ctx.state.scene.id)
    way = next((w for w in here.exits if w.to == scene_id), None) if here is not None else None
    if way is None or way.requires_flag is None:
        return None
    for cid in open_challenges(ctx.state, campaign):
        spec = campaign.challenges[cid]
        if spec.skill == "stealth" and way.requires_flag in spec.success.set_flags:
            return ctx.intent("challenge", targets=(cid,), confidence=0.85,
                              extra=("crept", scene_id))  # fmt: skip
    return None


PART_OF = re.compile(
    r"\bthe (?:back|side|sides|rear|corner|roof|far side|outside|outer)"
    r"(?: wall| walls| door| yard| corner)? of (?:the |that |this )?\w"
)
"""A side of a place named ("the back wall of the inn"), which is where one already is."""


def far_way(ctx: Context) -> Intent | None:
    """The line's going, said back, when it names a place further on than any way from
    here ("back down to the strand" from the lighthouse): never the first way a direction
    word names."""
    far = None if named_beyond_direction(ctx, ctx.said) else far_place(ctx, ctx.said)
    return the_way_to(ctx, far) if far is not None else None


_DIRECTIONS = view.DIRECTIONS


def named_beyond_direction(ctx: Context, rest: str) -> bool:
    """A way out named by more than a direction word ("the shore steps", not "back")."""
    for way in ctx.scope.of("exit"):
        names = [n for n in way.names if n not in _DIRECTIONS]
        if any(name_score(rest, n, ctx.vocab.stop) >= 0.7 for n in names):
            return True
    return False


def to_someone_there(ctx: Context, rest: str) -> str | None:
    """The way to a person the words take someone to ("take Tam back up to Berta"): the
    next scene, where that person is."""
    to_whom = re.search(r"\bto\s+(.+)$", rest)
    if to_whom is None or ctx.campaign is None:
        return None
    for way in ctx.scope.of("exit"):
        there = ctx.campaign.scenes.get(way.id)
        people = [
            ctx.campaign.npcs[n] for n in (there.npcs if there else []) if n in ctx.campaign.npcs
        ]
        if any(has_phrase(to_whom.group(1), p.name.lower()) for p in people):
            return way.id
    return None


def locked_text(ctx: Context, scene_id: str) -> str:
    """The author's words for what holds the way to ``scene_id`` shut."""
    if ctx.campaign is None:
        return "the way is shut"
    way = next((w for w in view.exits_here(ctx.state, ctx.campaign) if w.to == scene_id), None)
    return (way.locked_text if way and way.locked_text else "the way is shut").rstrip(".")


def own(ctx: Context, at: int) -> bool:
    """The verb at ``at`` is the speaker's: first in the clause, or after "I", "we", "let's"
    or "to" ("I try to run for the stairs", "we're leaving")."""
    before = ctx.said[:at].split()
    return not before or before[-1] in _OWN_SUBJECTS or before[-2:] in (["we", "are"], ["i", "am"])


_OWN_SUBJECTS = frozenset(
    {"i", "we", "let's", "lets", "to", "and", "then", "we're", "i'm", "im", "we'll", "i'll"}
)


RUNNING = frozenset({"flee", "dash"})
"""Ways of leaving a fight that may name where to ("flee back along the causeway"); a
step back, even "towards the stairs", stays in the fight."""


_OPENING = re.compile(r"^(?:i\s+|we\s+)?(?:open|opens|unlatch|unbar|push open|pull open|"
                      r"throw open|swing open)\b")  # fmt: skip
OPENING_A_THING = re.compile(r"^(?:i\s+)?(?:open|opens|unclasp|unclasps|look inside|peek inside)\b")
"""Opening a small thing ("open the locket"): looking inside it."""
_GOING_ON = frozenset({"and", "then", "go", "walk", "step", "head", "through", "enter", "into",
                       "in", "leave", "out", "outside", "inside", "down", "up"})  # fmt: skip


def only_opening(ctx: Context, found: Intent | None) -> Intent | None:
    """ "Open the door": an open way is opened, and nobody walks through it yet (a shut one
    is the campaign's lock or its forcing, read elsewhere)."""
    if found is None or found.kind != "move" or found.confidence < 0.6 or found.note:
        return found
    if not _OPENING.match(ctx.said) or set(ctx.said.split()[1:]) & _GOING_ON:
        return found
    return ctx.intent("improvise", targets=found.targets, action="auto", extra=("open", "0"),
                      confidence=0.8)  # fmt: skip
