"""Hold, manoeuvres and rests: phrases that beat their words' other meanings ("back
away", "short rest", "end my turn"), and the words around a verb that make it no deed of
the speaker's now ("would have run", "if he leaves", "where their boss sleeps")."""

from __future__ import annotations

import re
from dataclasses import replace

from app.understanding.addressing import said_aloud
from app.understanding.fighting_words import HOLDS, refine_hold
from app.understanding.fights_in_view import fight_in_view
from app.understanding.held_foes import held_spans
from app.understanding.intent import Intent
from app.understanding.negation import BIDDEN_OF_ANOTHER, NEGATING
from app.understanding.positions import step_away
from app.understanding.readings import Context
from app.understanding.spells import unaffected
from app.understanding.targets import named_creatures, pick_creatures
from app.understanding.ways import HELD_OUT, RUNNING, move, named_beyond_direction, own, shut_ways
from app.understanding.words import has_phrase, owners, verb_at, verbs_in
from rules.damage import LifeState

OTHERS = frozenset({"he", "she", "it", "they", "if", "who", "that", "them", "he'll", "she'll",
                    "they'll", "you", "he's", "she's", "they're"})  # fmt: skip
"""Words before a verb that make someone else its subject ("if he leaves the cellar")."""


HYPOTHETICAL = frozenset({
    "would", "could", "should", "might", "must", "have", "has", "had", "would've",
    "could've", "should've", "never", "don't", "dont", "didn't", "didnt", "won't", "wouldn't",
    "couldn't", "shouldn't", "can't", "cant", "cannot", "not", "dinnae", "dinna",
    "stopped", "quit", "without",
})  # fmt: skip
"""Words before a verb that make it talk of what was, might be or is not done ("anyone
would have run", "don't run") rather than a thing the character does now."""


MODALS = frozenset({"can", "may", "will", "shall"})


ASKED_ABOUT = frozenset({"where", "when", "why", "how", "whether", "whose"})
"""Words that make a verb after them part of a question ("where he sleeps")."""


_PROMISED = frozenset({"promise", "promises", "promised", "swear", "swears", "swore", "vow",
                       "vows", "vowed", "pledge", "pledges"})  # fmt: skip
"""Verbs of a promise: what follows "to" is promised, not done now."""


def hypothetical(said: str, at: int) -> bool:
    """Whether the verb at ``at`` is not the actor's deed now: it follows a modal, perfect
    or negating word, or has someone else for its subject ("you can rest now")."""
    before = [w.strip(",.;:!?") for w in said[:at].split()]
    if not before:
        return False
    if before[-1] in HYPOTHETICAL or before[-1] in OTHERS:
        return True
    if before[-1] in ("even", "ever") and len(before) > 1 and before[-2] in HYPOTHETICAL:
        return True  # "not even lighting your lamp"
    if set(before) & ASKED_ABOUT:
        return True  # "tell us where their boss sleeps": a question about it, not the deed
    if "before" in before[-3:] and said[at:].split(maxsplit=1)[0].endswith("ing"):
        return True  # "… before we go smashing things?": a deed to come, asked about first
    if before[-1] == "to" and set(before[-3:-1]) & _PROMISED:
        return True  # "promise to relight the lamp for him": a promise, not the deed
    verb = said[at:].split(maxsplit=1)[0] if said[at:].split() else ""
    owned = len(before) > 1 and before[-2] in ("their", "his", "her", "its", "the", "a", "that")
    if verb.endswith("s") and not verb.endswith("ss") and owned:
        return True  # "their boss sleeps": someone else's verb (not "Thorin backs away")
    return before[-1] in MODALS and len(before) > 1 and before[-2] in OTHERS


def _a_name(ctx: Context, phrase: str) -> bool:
    """The phrase is the first word of a thing's name the line says ("peek behind the hide
    curtain"): that thing, no manoeuvre."""
    return any(
        n.startswith(f"{phrase} ") and has_phrase(ctx.said, n)
        for t in ctx.scope.things
        for n in t.names
    )


_BODY_RUN = re.compile(
    r"^run\w*\s+(?:a|my|her|his|their|one|both)\s+(?:\w+\s+)?(?:finger|fingers|hand|hands|eye|"
    r"eyes|thumb|palm|gaze|tongue)\b"
)
"""A hand or an eye run over something: no running."""
_SAID_OF_OTHERS = [
    [w]
    for w in (
        "the",
        "a",
        "those",
        "these",
        "shes",
        "she's",
        "hes",
        "he's",
        "theyre",
        "they're",
        "its",
        "it's",
        "their",
        "his",
        "her",
    )
]
"""A word before a verb of moving that makes it another's ("the fleeing men") or a
thing's, never the speaker's own move."""
_LEANS = re.compile(r"^back(?:s|ed|ing)? (?:up )?against\b")
"""A back set against a wall or a tree: where one stands, not a step out of the fight."""


_HIDE_THING = re.compile(
    r"hides?\s+(?:curtain|flap|drape|hanging|tent|blanket|cloak|armou?r|shield|rug)s?\b"
)
_SKIN_OF = [[w] for w in ("the", "a", "that", "this", "its", "tanned", "animal", "goat", "wolf")]


def _skin(said: str, at: int) -> bool:
    """The "hide" at ``at`` is a skin ("the hide curtain", "a wolf hide"), not hiding."""
    return bool(_HIDE_THING.match(said[at:])) or said[:at].split()[-1:] in _SKIN_OF


"""Hide as a skin ("the hide curtain", "a wolf hide"): a thing, no hiding."""


PINNED = re.compile(
    r"\b(?:hold|pin)(?:s|ning|ing)?\s+(?:him|her|it|them|the \w+|\w+(?: \d+)?)\s+(?:down|still|"
    r"tight|fast|in place|to the (?:floor|ground|wall))\b"
)
"""Someone held down or still ("holds him down"): a pin, not a turn passed."""
_LAID_TO_REST = re.compile(
    r"\b(?:set|sets|lay|lays|laid|put|puts|send|sends)\s+(?:\w+\s+){1,2}to\s+$"
)
"""Someone laid to rest ("we'll set her to rest"): a ghost's peace, not the party's rest."""


_TORN_FREE = re.compile(
    r"\b(?:tear|tears|twist|twists|pull|pulls|wrench|wrenches|yank|yanks|jerk|jerks|rip|rips|"
    r"wrest|wrests)\s+(?:my|her|his|their)\s+(?:arm|arms|leg|legs|hand|hands|wrist|shoulder|"
    r"foot|ankle|self|body)\s+(?:free|loose|away|out of)\b"
    r"|\bout of (?:its|his|her|their|the \w+'s) (?:[\w-]+ )?(?:grip|grasp|hold|clutches|jaws|"
    r"teeth|hands)\b"
)
"""A hold broken in the telling ("tears her arm out of its slimy grip", "twists her shoulder
out of the rat's yellow teeth"): for one held, the escape."""


def _held_fast(ctx: Context) -> bool:
    """Whether the one acting is grappled (a hold to break before any running)."""
    actor = ctx.state.party.get(ctx.actor or "") or ctx.state.creatures.get(ctx.actor or "")
    return actor is not None and any(a.condition.value == "grappled" for a in actor.conditions)


_THE_SPELL = re.compile(
    r"\bsleep (?:spell|ready|prepared|up|at the ready|on standby)\b|"
    r"\b(?:ready|readies|prepare|prepares|prime|primes|hold|holds|keep|keeps) "
    r"(?:my |a |the )?sleep\b"
)
"""The Sleep spell named as a thing held ready ("i get sleep ready", "prepare sleep")."""


def _with_a_blade(ctx: Context, at: int) -> bool:
    """A hold or a shove said as done with a weapon ("pin it to the floor with my spear"):
    the weapon's blow."""
    found = re.search(r"\bwith (?:my|his|her|a|the) ([a-z]+)\b", ctx.said[at:])
    return found is not None and found.group(1) in ctx.vocab.weapons


_DESCRIBED = frozenset({"the", "a", "an", "that", "this", "those", "these", "other", "another",
                        "last", "first", "second", "third", "both", "two"})  # fmt: skip
"""Words before a rest's word that make it a description ("the other *sleeping* one")."""


def manoeuvre_or_rest(ctx: Context) -> Intent | None:
    """Hold, manoeuvres and rests: phrases that beat their words' other meanings."""
    vocab = ctx.vocab
    held_out = HELD_OUT.match(ctx.said)  # "I hold the locket up so she can see it": shown
    pinned = PINNED.search(ctx.said)  # "I hold goblin 1 down": a pin, not a turn passed
    pinned = None if pinned is None or _with_a_blade(ctx, pinned.start()) else pinned
    held = pick_creatures(ctx.said, ctx.scope, ctx.state, ctx.vocab) if pinned else None
    if held is not None and held.ids and ctx.scope.fighting:
        return ctx.intent("manoeuvre", action="grapple", targets=held.ids[:1], confidence=0.8)
    if (ctx.scope.fighting and not held_out and not pinned and not ctx.raw.rstrip().endswith("?")
            and any(verb_at(ctx.said, h) == 0 for h in vocab.hold)):  # fmt: skip
        return ctx.intent("hold")  # (not "that's it? only two?": asked)
    if ctx.scope.fighting and _held_fast(ctx) and _TORN_FREE.search(ctx.said):
        # "tears her arm out of its slimy grip": out of the hold
        return ctx.intent("manoeuvre", action="escape_grapple", confidence=0.85)
    moves = []
    dying = [c for c, s in ctx.state.party.items() if s.vitals.state is LifeState.DYING]
    downed = [  # a companion who fights, knocked out (stable, or dying by the rules)
        c for c, cr in ctx.state.creatures.items()
        if cr.side == "party" and cr.vitals.hp <= 0 and cr.vitals.state is not LifeState.DEAD
    ]  # fmt: skip
    for action, phrases in vocab.manoeuvres.items():
        if (action in ("hide", "dash") or action in HOLDS) and not ctx.scope.fighting:
            continue  # (out of a fight nobody Dashes: "run over to Corin" is a going over)
        if action == "stabilize" and not dying and not downed:
            continue  # "we bandage our wounds" with nobody dying is a rest
        for phrase in verbs_in(ctx.said, phrases):
            at = verb_at(ctx.said, phrase)
            if action == "hide" and at >= 0 and _skin(ctx.said, at):  # "the hide curtain":
                later = verb_at(ctx.said[at + 4 :], phrase)  # a thing; a hiding after it
                at = at + 4 + later if later >= 0 and not _skin(ctx.said, at + 4 + later) else -1
            if action in HOLDS and any(a <= at < b for a, b in held_spans(ctx.said)):
                continue  # "the grappled one, shortsword": the held foe, no grapple
            if action in ("grapple", "shove") and _with_a_blade(ctx, at):
                continue  # "pin rat 2 to the floor with my shortsword": a blow with it
            if at >= 0 and said_aloud(ctx, at):
                continue  # 'I yell "run, Corin!"': the words are said, nobody runs
            if at >= 0 and not hypothetical(ctx.said, at) and not _a_name(ctx, phrase):
                before = ctx.said[:at].split()[-1:]
                word = ctx.said[at:].split()[:1]
                told_of = (
                    before in _SAID_OF_OTHERS[:4] and word[0].endswith("ing") if word else False
                )
                if told_of or before in _SAID_OF_OTHERS[4:]:
                    continue  # "yells after the fleeing drowned men", "while she's running"
                if _BODY_RUN.match(ctx.said[at:]):
                    continue  # "running a finger along the desk": a hand, not a dash
                if _LEANS.match(ctx.said[at:]):
                    continue  # "backs up against an old oak": a back to the tree, no step
                if before and before[0] in NEGATING:
                    continue  # "he doesn't step back": no step at all
                if BIDDEN_OF_ANOTHER.search(ctx.said[:at]):
                    continue  # "yells to the young man to run": his running
                moves.append((at, -len(phrase), action))
    if moves:
        at, _, action = min(moves)
        if action == "stabilize":  # the dying one named, or the only one dying
            named = [m.id for m in ctx.named("member") if m.id != ctx.actor]
            allies = [t.id for t in ctx.named("creature", "npc") if t.id in downed]
            alone = dying or downed  # "bandage him": the only one down
            whom = named[:1] or allies[:1] or (alone if len(alone) == 1 else [])
            return ctx.intent("manoeuvre", action=action, targets=tuple(whom),
                              confidence=1.0 if whom else 0.4,
                              note="" if whom else "stabilise whom?")  # fmt: skip
        if not ctx.scope.fighting and move(ctx, 0) is not None:
            return None  # "back up the stairs" outside a fight is a way out, not a retreat
        if (
            ctx.scope.fighting
            and action in RUNNING
            and own(ctx, at)
            and named_beyond_direction(ctx, ctx.said)
            and not _TOWARDS.match(ctx.said[at:])
        ):  # ("dash for the stairs": towards them, still in the fight; "up the stairs": out)
            way = move(ctx, 0)  # "run up the stairs!!": out of the fight by that way
            if way is not None and way.kind == "move":
                return replace(way, action=action)
        going = None
        if (
            ctx.scope.fighting
            and action == "withdraw"
            and (own(ctx, at) or (going := _GOING.search(ctx.said[:at])))
        ):  # "retreat up to the inn": the place beyond named, out of it
            way = move(ctx, 0) or move(ctx, at)
            if way is not None and way.kind == "move" and (going or _place_named(ctx, way.target)):
                return replace(way, action="flee")  # ("get out of here, back up the stairs")
        if action == "flee" and _held_fast(ctx) and ctx.said[at:].startswith(("escape", "get a")):
            action = "escape_grapple"  # "escape and then stab the boss", held: out of the hold
        if action in HOLDS:
            return refine_hold(ctx, ctx.intent("manoeuvre", action=action))
        if action == "move_beam":  # "move the beam onto goblin 2": where it falls now
            onto = tuple(t.id for t in ctx.named("creature", "member") if t.id != ctx.actor)
            return ctx.intent("manoeuvre", action=action, targets=onto[:1])
        if action in ("hide", "dodge"):  # "hide behind the heaps of loot": behind that
            cover = ctx.named("feature", text=ctx.said[at:])
            return ctx.intent("manoeuvre", action=action, targets=(cover[0].id,) if cover else ())
        open_ways = [w for w in ctx.scope.of("exit") if w.id not in shut_ways(ctx)]
        if action == "flee" and ctx.scope.fighting and len(open_ways) == 1:
            # "run for it!" with one way out: the party runs by it, as by a way named
            return ctx.intent("move", targets=(open_ways[0].id,), action="flee", confidence=0.9)
        return step_away(ctx, at, action) or ctx.intent("manoeuvre", action=action)
    lulled = _LULLED.search(ctx.said) or _slept_at(ctx)
    if lulled is not None:  # "I put them to sleep": the Sleep spell, for one who knows it
        if hypothetical(ctx.said, lulled.start()):
            return None
        sheet = ctx.state.party.get(ctx.actor or "")
        knows = sheet is not None and "sleep" in sheet.spells
        foes = tuple(t.id for t in ctx.scope.of("creature"))
        if knows and foes and all(unaffected(ctx, "sleep", (f,)) for f in foes):
            # ("put it to sleep" with only the dead about: said, no slot spent)
            return ctx.intent("cast", spell="sleep", confidence=0.3,
                              note=unaffected(ctx, "sleep", foes))  # fmt: skip
        return ctx.intent("cast", spell="sleep") if knows else None
    ways = {n for t in ctx.scope.of("exit") for n in t.names}  # an author's "camp" is a way
    hits = [verb_at(ctx.said, p) for p in vocab.verbs["rest"] if p not in ways]
    hits = [h for h in hits if h >= 0 and not hypothetical(ctx.said, h) and not said_aloud(ctx, h)
            and not _LAID_TO_REST.search(ctx.said[:h])]  # fmt: skip
    # "pickpocket the sleeping one": a sleeper described, not a rest
    hits = [h for h in hits if not set(ctx.said[:h].split()[-1:]) & _DESCRIBED]
    rest_at = min((h for h in hits if h >= 0), default=-1)
    if named_creatures(ctx.said, ctx.scope) or _tends_someone(ctx, hits):
        rest_at = -1  # "the sleeping rat", "bandage Tam's ankle": no rest
    if rest_at >= 0 and _NOT_OURS.search(ctx.said[max(0, rest_at - 24) : rest_at + 24]):
        rest_at = -1  # "rest in peace", "whoever rests here", "back to their rest"
    sheet = ctx.state.party.get(ctx.actor or "")
    if (
        rest_at >= 0
        and sheet is not None
        and "sleep" in sheet.spells
        and _THE_SPELL.search(ctx.said)
    ):  # "i get sleep ready": the spell, held ready by one who knows it; no rest
        return ctx.intent("ask", confidence=0.3, note=f"{sheet.name} has Sleep ready: say "
                          "when and at whom it is cast (\"cast sleep on the rats\")")  # fmt: skip
    if rest_at >= 0 and _A_MOMENT.search(ctx.said):
        rest_at = -1  # "flops onto the sand for a second to catch her breath": a pause
    winded = ctx.scope.fighting and sheet is not None and sheet.has("second_wind")
    if rest_at >= 0 and winded and _CAUGHT_BREATH.search(ctx.said):
        return ctx.intent("feature", action="second_wind", confidence=0.8)  # a fighter's wind
    if rest_at >= 0 and not ctx.said[rest_at:].startswith("rest of"):
        long_at = min((h for p in vocab.rests["long"] if (h := verb_at(ctx.said, p)) >= 0),
                      default=-1)  # fmt: skip
        short_at = min((h for p in vocab.rests["short"] if (h := verb_at(ctx.said, p)) >= 0),
                       default=-1)  # fmt: skip
        if long_at >= 0 or short_at >= 0:
            kind = "long" if long_at >= 0 and (short_at < 0 or long_at <= short_at) else "short"
            return ctx.intent("rest", action=kind)
        if ctx.raw.strip().endswith("?") and len(ctx.said.split()) <= 2:
            return ctx.intent("ask", confidence=0.4, note="a rest now? Say \"short rest\" "
                              "(an hour) or \"long rest\" (the night)")  # fmt: skip
        return ctx.intent("rest", action="short", confidence=0.7)  # ("rest?": wondered)
    return None


_TOWARDS = re.compile(
    r"^(?:dash|dashes|sprint|sprints)(?: over)? (?:to|towards|toward) (?:the )?\w+"
)
"""A dash made towards a way, not out by it ("dash to the stairs"; "run back to the
cellar", "run for the door" and "dash up the stairs" leave)."""
_NOT_OURS = re.compile(
    r"\brest(?:s|ed|ing)? (?:in peace|easy|well)\b|\brest now,? (?:sister|brother|friend|child|"
    r"lass|lad|girl|boy|love|old (?:one|man|woman)|my (?:dear|friend|lady|lord)|mother|father)\b"
    r"|\b(?:laid|lay|lays|put|puts|gone|go|back|"
    r"sent|send|sends|guide|guides|lead|leads|help|helps|lull|lulls) (?:\w+ ){0,2}to "
    r"(?:\w+ )?rest\b"
    r"|\b(?:give|gives|giving|grant|grants|granting|bring|brings) "
    r"(?!us\b|me\b|ourselves\b|myself\b)(?:\w+ ){0,3}rest\b"
    r"|\bat rest\b|\b(?:whoever|who|that|which|where|whom) "
    r"(?:\w+ )?(?:rests|rested|resting|rest)\b|\b(?:their|his|its|your|eternal|final|last|"
    r"her final|her last|for her|her soul's) rest\b|\brip\b"
    r"|\b(?:the|her|him|it|them|this|that|those|these|its|his|their) (?:\w+ ){0,2}to sleep\b"
    r"|\b(?:sing|sings|singing|sang|lull|lulls|lulling|rock|rocks|rocking) (?:\w+ ){0,2}to sleep\b"
    r"|\b(?:her|him|them|it|the \w+) (?:to |may |might |can |could |will )?finds? (?:\w+ )?rest\b"
    r"|\b(?:she|he|they|it|her|him|them|the \w+)(?: and (?:the \w+|\w+))? (?:may|might|can|could|"
    r"will|shall|to) rest\b|\blet (?:her|him|them|it|the \w+) rest\b"
)
"""A rest that is the dead's or another's ("may she rest in peace", "whoever rests here",
"back to their rest", "pray the ward to sleep", "so she and the drowned can rest", "let
her rest"): no rest for the party."""
_LULLED = re.compile(r"\b(?:put|puts|send|sends|lull|lulls) (?:\w+ ){1,3}?to sleep\b")
"""Putting others to sleep: a spell, not a rest."""
_SLEEP_AT = re.compile(r"^(?:i |we )?sleep (?:on|at) (.+)$")
"""The spell's name said at someone ("sleep on the figures"), not a bed named."""


def _slept_at(ctx: Context) -> re.Match[str] | None:
    """ "sleep on the figures", "sleep at them": the Sleep spell at foes (not "sleep on the
    floor")."""
    at = _SLEEP_AT.match(ctx.said)
    whom = at.group(1) if at is not None else ""
    foes = whom in ("them", "those", "these", "him", "her", "both", "all of them")
    # (foes still unaware, called as the scene shows them: "the figures", "the goblins")
    seen = whom.startswith("the ") and whom.endswith("s") and not ctx.scope.fighting
    seen = seen and not ctx.named("feature", "exit", "item_here", text=whom)
    seen = seen and bool(fight_in_view(ctx, anyone=True))
    return at if at is not None and (foes or seen or ctx.named("creature", text=whom)) else None


_A_MOMENT = re.compile(
    r"\bfor (?:a|one) (?:second|sec|moment|mo|minute|breath|heartbeat)\b|\bfor a few (?:seconds|"
    r"moments|breaths|heartbeats)\b"
)
"""A pause too short to be a rest ("… for a second to catch her breath")."""

_CAUGHT_BREATH = re.compile(r"^(?:i |let me )?catch my breath\b")
"""Breath caught by one who fights ("catch my breath and patch myself up"): the moment's
wind a fighter draws in a fight, not a rest."""
TENDING = frozenset({"bandage", "patch up", "recover"})
"""Rest words that are also done to one person: read as a rest only when said of us."""


def _tends_someone(ctx: Context, hits: list[int]) -> bool:
    """The rest's only words tend someone of the story named ("bandage the bite on Tam's
    ankle"): care for that one, not the party's rest."""
    plain = [p for p in ctx.vocab.verbs["rest"] if p not in TENDING]
    if any(verb_at(ctx.said, p) >= 0 for p in plain) or not hits:
        return False
    if _TENDED.search(ctx.said):  # "… and bandage it": the cut, or the one named before
        return True
    if any(t.id != ctx.actor for t in ctx.named("member")):
        return True  # "bandage Bram", "check Bram's wounds and bandage him up": his wounds
    return bool(ctx.named("npc", text=owners(ctx.said)))  # "Tam's ankle": Tam's


_TENDED = re.compile(
    r"\b(?:bandage|bandages|bandaged|bandaging|patch(?:es|ed|ing)? up) "
    r"(?:it|him|her|them|the|his|its|that|this)\b"
)
"""The tending words said of someone else, or of a wound ("bandage it", "patch him up" is
another form): not the party's rest."""


_GOING = re.compile(
    r"(?:\b(?:we're|we are|i'm|im|i am) (?:leaving|going|heading|getting out)|"
    r"^(?:let's |lets |we )?get out of here)\s*$"
)
"""A going out of the fight said before the way ("we're leaving — back up to the inn", "get
out of here, back up the stairs")."""


def _place_named(ctx: Context, scene_id: str | None) -> bool:
    """The words name the place a way leads to by its own name ("… up to the inn"), not only
    the way itself ("back towards the stairs" stays in the fight)."""
    scene = ctx.campaign.scenes.get(scene_id or "") if ctx.campaign is not None else None
    if scene is None:
        return False
    words = [w for w in scene.name.lower().split() if w not in ctx.vocab.stop and w != "the"]
    return bool(words) and has_phrase(ctx.said, words[-1])
