"""Questions: which are the DM's to answer from the game itself (a sheet, a rule, the
room, the fight), and which are put to the person here who would know (what happened,
who is behind it, where someone went, what it costs) — and what a question is about."""

from __future__ import annotations

import re

from app.understanding.intent import Intent
from app.understanding.people_called import called_by
from app.understanding.question_shapes import GREETED, IF_ASKED, OF_THEIR_KIND, for_the_dm
from app.understanding.readings import PADDING, WH, Context, addressed, topic_key, topic_of
from app.understanding.scope import Thing
from app.understanding.spells import spells_named
from app.understanding.talked_to import fitting_pronoun
from app.understanding.targets import pick_creatures, plural
from app.understanding.words import core, has_phrase, normalise, starts_with


def is_question(ctx: Context) -> bool:
    """Phrased as a question: a question word first, or a question mark."""
    first = ctx.said.split()[0]
    return first in ctx.vocab.question_starts or ctx.raw.rstrip().endswith("?")


def wh_first(words: list[str]) -> bool:
    """The words begin with a question word ("Thorin, what's my AC" asked with his name)."""
    return bool(words) and words[0].replace("'s", "") in WH


_OWN_DEED = re.compile(r"\b(?:i|we|i'll|we'll)\b")
_AUX = frozenset({"do", "does", "did", "can", "could", "should", "shall", "will", "would",
                  "must", "may", "might", "am", "is", "are", "was", "were", "have", "has",
                  "had", "i", "we", "you", "it's"})  # fmt: skip
"""A deed of the speaker's after a "when" that tells when, not asks ("when she looks
away, I grab the key")."""
IMPERATIVE = frozenset({"do", "have"})
"""Question words that also begin commands ("do a short rest", "have a look"): a question
only with a person after them ("do you…", "have we…") or a question mark."""


_FOES_STATE = re.compile(
    r"^(?:are|is|were|was) (?:the |all the |all |those |these |they |it |he |she |that )?"
    r"(?:\w+ ){0,2}(?:all )?(?:really |still |all )?(?:dead|alive|down|gone|beaten|dealt with|"
    r"finished|unconscious|asleep|out cold|breathing)\b"
)
"""Asked how foes stand ("are the rats dead?", "is it still alive?"): the fight's to tell."""


_SEE_IF = re.compile(
    r"^(?:i |we )?(?:check|checks|see|feel|listen)(?: to see)? (?:if|whether) (.+?)(?: is|'s| s)"
    r" (?:still )?(breathing|alive|dead|ok|okay|conscious|awake|dying|bleeding)\b"
)
"""Seeing whether someone lives ("check if Mira's breathing"): a question, no action."""
_IF_THEY = re.compile(
    r"^(?:do|does) (?:the|these|those|any|all|sleeping) .+\bif (?:i|we|you|he|she|they|someone|"
    r"anyone|somebody)\b"
)
"""Asked what follows a deed ("do the sleeping rats wake up if i hit them"), not done."""
_LETS = re.compile(r"^\W*(?:(?:ok|okay|alright|right|well|so|now)\W+)*(?:let'?s|let us) do\b")
"""A line that rallies the party ("ok let's do this"): said to do, not asked."""


def question(ctx: Context) -> Intent | None:
    """A question to the DM: answered, never acted on."""
    vocab = ctx.vocab
    greeted = GREETED.match(ctx.said)
    rest = ctx.said[greeted.end() :] if greeted is not None else ""
    if greeted is not None and (not ctx.scope.of("npc") or for_the_dm(rest)
                                or _HOW_IT_WORKS.match(rest)):  # fmt: skip
        ctx = ctx.with_said(rest)  # "hey, how does sneak attack work again?": asked all the
        # same (but "hi what is this place", with Berta here, is words to her)
    said = ctx.said
    if _LETS.match(ctx.raw.lower()) and not ctx.raw.rstrip().endswith("?"):
        return None  # "ok let's do this": a rallying cry, no question
    if IF_ASKED.match(said):  # "if i hide can they still see me": asked, not done
        return ctx.intent("question", confidence=0.9)
    if (looked := _SEE_IF.match(said)) is not None:  # "check if Mira's breathing": asked
        return ask_about(ctx.with_said(f"is {looked.group(1)} {looked.group(2)}"))
    if said.split()[0] not in vocab.question_starts and not any(
        starts_with(said, q) for q in vocab.question_starts if " " in q
    ):
        return None
    words = said.split()
    told_when = (
        words[0] in ("when", "whenever", "once")
        and words[1:2] != []
        and (words[1] not in _AUX and "?" not in ctx.raw)
    )
    if told_when and _OWN_DEED.search(" ".join(words[3:])):
        return None  # "When the innkeeper mentions scratching, I drift over to the trapdoor"
    typed = normalise(ctx.raw).split()
    subject = typed[:1] in (["i"], ["we"], ["you"], ["they"], ["he"], ["she"], ["it"])
    # ("we don't care.", "we should ask the priest.": statements; with "?" they ask)
    named = (
        bool(typed)
        and typed[0] != words[0]
        and (subject or bool(ctx.named("member", text=typed[0])))
    )  # ("we don't care.": a statement, whatever word follows)
    relative = words[0] in ("who", "which", "whose") and "?" not in ctx.raw
    if named and (relative or not wh_first(words)) and not ctx.raw.rstrip().endswith("?"):
        # "Bram doesn't say much.", "Brother Cass, who has buried more fishermen than he can
        # count, …": a name before it makes it a statement
        return None
    wh = words[0].replace("'s", "") in WH
    pronouns = ("i", "you", "we", "she", "he", "it", "they", "there", "that", "this", "my")
    asked = ctx.raw.rstrip().endswith("?") or (is_question(ctx) and words[0] not in IMPERATIVE)
    asked = asked or bool(OF_THEIR_KIND.match(said))  # "do goblins get a bonus action"
    asked = asked or bool(_IF_THEY.match(said))  # "do the sleeping rats wake if i hit them"
    if not wh and not asked and (len(words) < 2 or words[1] not in pronouns):
        return None  # "do the thing", "have a look at the hearth" are no questions
    plain = " ".join(PADDING.sub(" ", f" {said} ").split())  # "what can i even do in this game"
    if (
        any(starts_with(plain, h) for h in vocab.help if len(h.split()) > 1)
        and not _DO_WITH.match(said)
        and not (ctx.campaign is not None and _NOW_IN_THE_STORY.search(said))
        and not ctx.named("challenge")  # ("how do i pick the lock?": that one, its roll)
    ):  # ("what should we do with the bell?": asked about the bell, not how to play; "what
        # should we do now": the story's next step)
        return ctx.intent("help")
    owned = any(starts_with(said, i) for i in vocab.inventory if len(i.split()) > 1)
    if owned and not _NOT_CARRIED.search(said):  # ("do i have any 2nd level slots?": asked)
        return ctx.intent("inventory")
    wanted = requested(ctx)
    if wanted is not None:
        return wanted
    pointed = _WHO_THIS.match(said)
    if pointed is not None and not ctx.scope.fighting:  # "who is this old guy?": the one here
        present = ctx.named("npc") or ctx.scope.of("npc")
        looks = set(said.split()) - {"who", "whos", "who's", "is", "the", "this", "that", "guy"}
        fits = [n for n in present if any(looks & set(name.split()) for name in n.names)]
        present = fits if len(present) > 1 and len(fits) == 1 else present  # "the old guy"
        if len(present) == 1:
            return ctx.intent("question", targets=(present[0].id,))
    doubted = _DOUBTED.match(said)
    if doubted is not None and not ctx.scope.fighting:  # "is she telling us everything?":
        present = ctx.named("npc") or ctx.scope.of("npc")  # read in her face (Insight)
        present = fitting_pronoun(ctx, present) or present if len(present) > 1 else present
        who = present[0] if len(present) == 1 else addressed(ctx)
        if who is not None:
            return ctx.intent("improvise", targets=(who.id,), action="insight",
                              extra=("insight", "15"), confidence=0.8)  # fmt: skip
    theirs = _THEIR_OWN.match(said) if not ctx.scope.fighting else None
    if theirs is not None and not set(words) & _GAME and not ctx.named("member"):
        heard = [n for n in ctx.named("npc", text=theirs.group(1)) if ctx.scope.get(n.id, "npc")]
        if len(heard) == 1:  # "does grubnak have a family", "does nessa have bandages": hers
            return ctx.intent("talk", targets=(heard[0].id,), topic=topic_of(ctx, heard[0].id),
                              confidence=0.7)  # fmt: skip
    if any(has_phrase(said, y) for y in vocab.you) and ctx.scope.of("npc"):
        who = addressed(ctx)
        if who is not None:
            return ctx.intent("talk", targets=(who.id,), topic=topic_of(ctx, who.id))
    bare = core(said)
    said_to = [
        n for n in ctx.named("npc")
        if any(has_phrase(bare, f"{verb} {name}") for verb in ("ask", "tell") for name in n.names)
    ]  # fmt: skip
    said_to = said_to or [n for n in ctx.named("npc") if called_by(ctx.raw, n)]
    if said_to:
        return ctx.intent("talk", targets=(said_to[0].id,), topic=topic_of(ctx, said_to[0].id))
    if _FOES_STATE.match(said):  # "are the rats dead?": the DM knows, no person's topic
        return ask_about(ctx)
    if not ctx.named("npc") and not any(has_phrase(said, w) for w in ("say", "said", "told")):
        keyed = [(n, k) for n in ctx.scope.of("npc") if (k := topic_key(ctx, n.id)) is not None]
        mine = _OWN_ASKED.match(said) or has_phrase(said, "worth")  # "do I have the crown?"
        if (len(keyed) == 1 and not mine and not for_the_dm(normalise(ctx.raw))
                and not ctx.named("creature", "member", "feature", "exit")):  # fmt: skip
            who, key = keyed[0]
            return ctx.intent("talk", targets=(who.id,), topic=key, confidence=0.7)
    ours = re.search(r"\b(?:in the party|in our party|of us|among us)\b", said)  # "is anybody
    worldly = _WORLDLY.match(said) and not set(words) & _OWN and not ctx.named("member")
    worldly = worldly and not ours  # in the party wounded?": the party's own, the game's
    local = _LOCAL_KNOWLEDGE.match(said) and not ctx.named("member")  # ("does Ivo know …")
    worldly = worldly or _of_the_story(ctx, words) or bool(local)
    if worldly and not ctx.scope.fighting and not for_the_dm(normalise(ctx.raw)):
        who = addressed(ctx)  # "why's the lamp out?", "has anyone gone for help?"
        if who is not None:
            return ctx.intent("talk", targets=(who.id,), topic=topic_of(ctx, who.id),
                              confidence=0.7)  # fmt: skip
    if (
        said in vocab.look_around
        or _LEFT_HERE.match(said)
        or any(starts_with(said, p) for p in vocab.look_around if len(p.split()) > 2)
    ):
        return ctx.intent("examine")
    who = _put_to_someone(ctx, words)
    if who is not None:
        return ctx.intent("talk", targets=(who.id,), topic=topic_of(ctx, who.id), confidence=0.7)
    return ask_about(ctx)


_WHO_THIS = re.compile(
    r"^(?:so |ok |okay |and |uh |um )?(?:who(?:'s| is| are)?|whos|who's)\s+(?:this|that|he|she|"
    r"they|the|this here)(?:\s+(?:old|young|little|big|tall|short|strange|weird|grey|gray|"
    r"sad|crying|drowned))?(?:\s+(?:guy|man|woman|lady|bloke|fellow|fella|dude|person|one|"
    r"figure|kid|boy|girl|priest|chap|geezer|gal|thing|ghost))?(?:\s+(?:here|there|again))?$"
)
"""Asking who someone here is without a name ("who is this old guy?", "who's that?"): the
one person here, described."""
_LEFT_HERE = re.compile(
    r"^(?:so |ok |okay |and )?(?:what(?:'s| is| else is)?|anything|is there anything|"
    r"are there any)\s+(?:else\s+|left\s+|lying\s+|worth \w+\s+)*(?:(?:in|around|about|"
    r"over|down|up)\s+)?here(?:\s+now)?$"
)
"""What is left in the room ("what's left in here?", "anything else here?"): a look round."""
_HOW_IT_WORKS = re.compile(r"^(?:so |ok |and )?how (?:do|does|did) .+ work\b")
"""Asking how a thing works: the rules', answered by the DM."""
_DO_WITH = re.compile(r"^what (?:should|can|do|could) (?:i|we) do (?:with|about|for) \w")
"""What to do with something: a question about that thing, not a plea for help playing."""
_ME = frozenset({"i", "i'm", "im", "i've", "ive", "my", "me", "myself", "mine"})
_THE_TABLE = frozenset({
    "we", "us", "our", "who", "whos", "who's", "she", "he", "her", "him", "his", "they",
    "them", "their", "it", "its", "this", "these", "those", "there", "everyone", "anyone",
    "say", "said", "told", "tell", "know", "so", "far", "again", "next", "now", "deal",
    "lying", "truth", "honest", "trust", "wearing", "holding", "that", "behind", "under",
    "inside", "beneath", "smell", "hear", "sound", "going", "happening", "situation",
    "potion", "potions", "heal", "heals", "poison", "poisoned", "last", "condition",
    "dash", "dodge", "disengage", "hide", "grapple", "shove", "attack", "cast", "rest",
})  # fmt: skip
"""Words of a question about the people here, the party's story or what was said (the
DM's, from the room, the journal and the ledger), not about the wider world."""


_REQUESTED = re.compile(
    r"^(?:(?:could|can|may) (?:i|we) (?:please )?(?:have|get|buy|borrow|rent)"
    r"|(?:have )?(?:you )?got|do you have|have you got|any chance (?:of|i could))"
    r" (?:a|an|some|that|the|this|one|"
    r"another|two|a couple of|any)\b(?! (?:look|go|try|rest|turn|break|moment|minute|second|"
    r"sec|think|chance to)\b)"
)
"""Asking a person here for something ("could I have that jar of salve?", "got a room
free for the night?"): words to them, a request, not a question to the DM."""
_GOT_SOMEWHERE = re.compile(r"\b(?:open|past|through|across|out|inside|down|up|over|rid)\b")
"""Words that make "get" a deed ("can we get that door open?"), nothing asked for."""


def requested(ctx: Context) -> Intent | None:
    """Something asked of the person here ("could I have that jar of salve?", "got a room
    free, missus?"): words to them."""
    if not _REQUESTED.match(ctx.said) or ctx.scope.fighting or not ctx.scope.of("npc"):
        return None
    if _GOT_SOMEWHERE.search(ctx.said) or ctx.named("member"):
        return None  # "can we get that door open?", "can i have the potion, ione?"
    who = addressed(ctx)
    return None if who is None else ctx.intent("talk", targets=(who.id,),
                                               topic=topic_of(ctx, who.id))  # fmt: skip


def _put_to_someone(ctx: Context, words: list[str]) -> Thing | None:
    """The person here a question about the wider world is put to ("does the mill make good
    bread?", "what's the weather like up north?", "wanna go home?"): nothing of the game's
    own in it — no sheet, rule, party member, foe, thing carried or thing in sight — so the
    sheets and the room cannot answer it, and the one who lives here can (or says in
    character that they cannot)."""
    if ctx.scope.fighting or len(words) < 3 or set(words) & (_GAME | _ME | _THE_TABLE):
        return None
    if _HOW_IT_WORKS.match(ctx.said) or for_the_dm(normalise(ctx.raw)):
        return None  # "how do death saves work": a rule, the DM's
    if words[0].startswith("what") and words[-1] in ("do", "does"):  # "what dose X do"
        return None
    if ctx.named("npc", "member", "creature", "carried", "exit", "feature", "item_here",
                 "challenge") or spells_named(ctx.said) or _names_a_weapon(ctx):  # fmt: skip
        return None  # (about someone or something here, a spell, a weapon: the DM's)
    return addressed(ctx)


def _names_a_weapon(ctx: Context) -> bool:
    """The question names a weapon of the rules ("what's the range of a longbow")."""
    return any(has_phrase(ctx.said, w) for w in ctx.vocab.weapons)


_WORLDLY = re.compile(
    r"^(?:why|why's|whys|how come|(?:has|have|did|does|do|is|was|will) (?:anyone|anybody|someone|"
    r"somebody|no one|nobody|the villagers|the folk|people))\b"
)
"""Questions about why the world is as it is, or what others have done: the scene's text
does not say, a person here does (words to them, not to the DM)."""
_DOUBTED = re.compile(
    r"^(?:(?:can|could) (?:i|we) tell (?:if|whether) |(?:do|does) (?:it|she|he) (?:look|seem) "
    r"like )?(?:is|are|was|s|she's|he's|they're|shes|hes)\s*(?:she|he|they|\w+)? ?(?:lying"
    r"(?!\s+(?:on|down|in|there|dead|still|face|at|under|near|beside|by|low|flat)\b)|"
    r"telling (?:us |me )?(?:the truth|everything|all|the whole)|hiding (?:something|anything)|"
    r"being (?:honest|straight|truthful)|holding (?:something|anything) back)\b"
)
"""Asking whether someone here tells the truth: read in their face, an Insight check."""
_NOW_IN_THE_STORY = re.compile(r"^what (?:should|do|shall|can) we do (?:now|next)\b")
_LOCAL_KNOWLEDGE = re.compile(
    r"^(?:what do (?:people|folk|the locals|locals|the villagers|villagers|they) |"
    r"is there (?:an? |any )(?:inn|tavern|smith|blacksmith|healer|temple|shop|market|priest|"
    r"doctor|ferry|boat)s?\b|where (?:can|could|might|would) (?:we|i|one) (?:sleep|stay|eat|buy|"
    r"find|get)\b|how many (?:have|has) (?:the sea|gone|died|vanished|drowned|disappeared|been "
    r"taken|been lost)\b|does (?:the |your |she |he )?(?:\w+ )?know (?:a|an|"
    r"any|of|where|who)\b|how(?:'s| is| are) (?:the )?(?:rest of (?:the )?)?(?:village|town|"
    r"folk|people|villagers|townsfolk|everyone|everybody)\b|what(?:'s| is) the (?:best|nearest|"
    r"closest|cheapest) (?:inn|tavern|smith|blacksmith|healer|temple|shop|place)\b)"
)
"""What the people of a place know ("is there an inn where we might sleep?", "does the
landlady know a good smith?"): asked of the person here, whoever the words name."""
_THEIR_OWN = re.compile(
    r"^(?:does|did|has|is|was|would|will) ((?:the \w+(?: \w+)?)|\w+) (?:have|has|got|own|like|"
    r"love|keep|sell|live|want|need|miss)\b"
)
"""A question about a person's own life, put in their hearing ("does Grubnak have a family",
"does Nessa have bandages"): theirs to answer."""
_OWN = frozenset({"i", "i'm", "im", "my", "me", "we", "we're", "our", "us", "you", "your"})
_GAME = frozenset({
    "hp", "hit", "points", "ac", "armor", "armour", "spell", "spells", "slot", "slots",
    "level", "roll", "rolls", "check", "dc", "bonus", "turn", "initiative", "damage",
    "modifier", "save", "saving", "rule", "rules", "cantrip", "action", "reaction", "xp",
    "inventory", "weapon", "stats", "proficient", "proficiency", "advantage", "dice", "die",
    "here", "around", "see", "this", "cave", "place", "just", "doing", "supposed", "quest",
    "goal", "game", "party", "exits", "exit", "way", "ways", "saves", "throws",
})  # fmt: skip
"""Words of a question the game answers from its own sheets, rules and scene."""
_STORY_ASKS = re.compile(
    r"^(?:so |and |but |ok |okay )?(?:what(?:'s| is| was)? (?:happened|really|in it for)|"
    r"what happened|who(?:'s| is| was) (?:in charge|behind)|who (?:did|took|sent|made)|"
    r"where(?:'d| did|'s| is) (?:the|she|he|they|it)|how much (?:for|is|are)|"
    r"what would (?:you|she|he)|"
    r"when did|what (?:is|was|are|were) (?:the|that|those|this) \w+ for)\b"
)
"""Questions about the story — what happened, who is behind it, where someone went, what
something costs or is for — that a person here answers, not the sheets."""


def _of_the_story(ctx: Context, words: list[str]) -> bool:
    """A question about the story, with nobody of the party or the game's own terms in it."""
    own = {"i", "my", "me", "our", "we"}  # (near the start: "what's in it for us if we …")
    if not _STORY_ASKS.match(ctx.said) or set(words) & _GAME or set(words[:4]) & own:
        return False
    return not ctx.named("member", "creature", "carried", "exit", "feature", "item_here")


"""A question about the party's own doings ("why did my attack miss?") is the DM's."""


def ask_about(ctx: Context) -> Intent:
    """A question: what it is about (people first, then anything present)."""
    things = ctx.named("npc", "creature", "feature", "exit", "item_here", "carried", "member")
    npcs = ctx.scope.of("npc")
    if not any(t.kind == "npc" for t in things):
        pronoun = next((p for p in ("she", "her", "he", "him") if has_phrase(ctx.said, p)), None)
        if pronoun and len(npcs) == 1:
            things = [npcs[0], *things]
    numbered = re.search(r"(\w+) (\d{1,2})(?:\s|$)", ctx.said)
    fallen = [
        cid for cid, c in ctx.state.creatures.items()
        if numbered and c.name.lower().endswith(f"{numbered.group(1)} {numbered.group(2)}")
    ]  # fmt: skip
    extra: tuple[str, ...] = ()
    foes = [t for t in things if t.kind == "creature"]
    pick = pick_creatures(ctx.said, ctx.scope, ctx.state, ctx.vocab) if foes else None
    if pick is not None and pick.missing and pick.ids and not fallen:
        fallen = list(pick.ids)  # "is goblin one dead?", of the one that fell: about that one
    friends = [t for t in things if t.kind == "member" and not _owned_by(ctx.said, t)]
    several = plural(ctx.said) or any(
        has_phrase(ctx.said, f"{w}s")
        for t in foes
        for n in t.names
        for w in n.split()
        if w.isalpha()
    )  # ("how hurt are the rats": all of them)
    if (
        pick is not None
        and pick.exact
        and pick.ids
        and not several
        and (len(foes) > len(pick.ids) or friends)
    ):
        # "is the wounded rat almost dead", "how hurt is the rat Thorin hit": that rat alone,
        # and a friend named in the description is not who is asked about
        singled = [t for t in foes if t.id in pick.ids]
        rest = [t for t in things if t.kind != "creature" and t not in friends]
        things = [*singled, *rest]
        extra = ("described",) if friends else ()
    targets = tuple(dict.fromkeys([*fallen, *(t.id for t in things)]))
    if not targets:  # "is it safe to cross?": the one challenge here whose verb it says
        verbs = {
            t.id: {n.split()[0] for n in t.names if " " in n} - _PLAIN_VERBS
            for t in ctx.scope.of("challenge")
        }
        tried = [cid for cid, said in verbs.items() if any(has_phrase(ctx.said, v) for v in said)]
        targets = tuple(tried) if len(tried) == 1 else ()
    if not targets and ctx.actor in ctx.state.party and _OWN_WORDS_ONLY.search(ctx.said):
        targets, extra = (ctx.actor,), (*extra, "asker")  # "how many slots do I have"
    topic = None
    if things and things[0].kind == "npc":
        topic = topic_of(ctx, things[0].id)
    if topic is None:
        for npc in npcs:
            topic = topic_of(ctx, npc.id)
            if topic:
                break
    return ctx.intent("question", targets=targets, topic=topic, confidence=0.9, extra=extra)


_OWN_ASKED = re.compile(
    r"^(?:do|did|have|am|are|has) (?:i|we|you) (?:still |even |already )?"
    r"(?:have|got|get|carry|carrying|hold|holding|own|pick|picked|take|took)\b"
)
"""A question about what the party carries ("do I still have my draught?"): the game's."""
_PLAIN_VERBS = frozenset({"move", "go", "get", "take", "use", "open", "look", "try", "make",
                          "do", "put", "walk", "head", "run", "find", "search"})  # fmt: skip
"""Verbs too plain to say which challenge a question is about ("how far can I move")."""


def _owned_by(said: str, member: Thing) -> bool:
    """The member is named as an owner ("Thorin's AC"): asked about, not a description."""
    return any(re.search(rf"\b{re.escape(n)}'s\b", said) for n in member.names)


_OWN_WORDS_ONLY = re.compile(
    r"^(?!.*\b(?:we|us|our|everyone|party)\b).*\b(?:i|me|my|mine|im|i'm)\b"
)
_NOT_CARRIED = re.compile(
    r"\b(?:slots?|spells?|hit points?|hp|inspiration|rages?|uses?|ki|sorcery points|"
    r"hit dice|actions?|reactions?|movement|advantage)\b"
)
"""What one "has" that is no carried thing: asked about, not looked for in the pack."""
