"""Lines said to someone rather than done: words to another player at the table, by name
("Ben, make Thorin charge!", "nice one Ben!") — table talk, or refused when they ask for a
deed of that player's character, or two others' characters sent off together ("Bram and Ivo
head to the woods") — and terms put to the one person here ("pack up and
leave tonight or my big friends stop being quiet"), which are words to them, never the
party's own deed."""

from __future__ import annotations

import re
from dataclasses import replace

from app.understanding import readings as r
from app.understanding.clauses import QUOTED_SPEECH
from app.understanding.intent import Intent
from app.understanding.words import TITLES, has_phrase, normalise, starts_with
from app.world.state import GameState

_TO_PLAYER = re.compile(r"^\W*(?:hey\s+|oi\s+)?([A-Za-z][\w'-]*)(?:\s*[,!:]\s*|\s+)(.*)$")
"""A line that opens with a name ("Ben do you want to rest first?", "Ana that was
beautiful lol"): words to that one, when it is another player's."""


_PLAYER_LAST = re.compile(r"^((?:\S+\s+){0,4}?\S+?)[,\s]+([A-Za-z][\w'-]*)\W*$")
"""A short line that ends by naming whom it is said to ("nice one Ben!")."""
_HANDED_OVER = re.compile(r"\b(?:done|pass|end (?:my )?turn|over to you|your (?:go|turn))\b", re.I)
"""A turn handed on to the player named ("I'm done, over to you Cleo"): the turn ends."""
_DEED_AFTER = re.compile(r"[.!?]\s+(?:i|we|then i)\s+\w+", re.IGNORECASE)
"""A deed said after the words to a player ("… nice stab back there! I cast …")."""


_ULTIMATUM = re.compile(
    r"^(?!(?:i|we|let's|lets|i'll|we'll|should|can|could|shall)\b)[^?]+\bor (?:else\b|"
    r"(?:my|our) (?:big |large |angry )?(?:friends?|mates?|companions?|axe|blade|sword)\b|"
    r"(?:we|i)(?:'ll| will) (?:make|hurt|kill|burn|gut|end|break) you|"
    r"(?:we|i)(?:'ll| will) [\w ]{0,24}the hard way|"
    r"you(?:'ll| will) (?:regret|be sorry|die|pay|wish))"
)
"""Terms put to someone ("pack up and leave tonight or my big friends stop being quiet"):
what they must do, or else — words to them, never the party's own deed."""


def ultimatum(ctx: r.Context) -> Intent | None:
    """An ultimatum to the one person here outside a fight: words to them."""
    if ctx.scope.fighting or not _ULTIMATUM.match(ctx.said):
        return None
    people = ctx.scope.of("npc")
    if len(people) != 1:
        return None
    return ctx.intent("talk", targets=(people[0].id,), confidence=0.8)


def _named_player(state: GameState, word: str) -> str | None:
    return next((p for p in state.players if p.lower() == word.lower()), None) if word else None


def to_a_player(ctx: r.Context, actor: str | None) -> Intent | None:
    """Words to another player at the table, by the player's name ("Ben, make Thorin
    charge!", "Eli, what do you think?"): table talk, no deed of the typist's character.
    Asking for a deed of that player's character is refused: it is theirs to play."""
    state = ctx.state
    if len(state.players) < 2:
        return None
    raw = ctx.raw
    mine = state.name_of(actor).lower().split() if actor else []
    prefix = re.match(r"^\s*([\w' ]{1,30}):\s*", raw)  # "wren: Ana that was beautiful"
    if prefix is not None and set(prefix.group(1).lower().split()) & {*mine, actor}:
        raw = raw[prefix.end() :]
    m = _TO_PLAYER.match(raw)
    called, rest = (m.group(1), m.group(2)) if m is not None else ("", "")
    last = _PLAYER_LAST.match(raw)
    spoken_of = last is not None and (
        last.group(1).split()[-1].lower() in ("about", "of", "for")
        or _HANDED_OVER.search(last.group(1)) is not None
    )
    if last is not None and not spoken_of and not _named_player(state, called):  # "nice one Ben!"
        called, rest = last.group(2), last.group(1)
    marked = m is not None and re.match(rf"^\W*(?:hey\s+|oi\s+)?{re.escape(called)}\s*[,!:]", raw)
    if called and called.lower() in ctx.vocab.common | ctx.vocab.stop and not marked:
        called = ""  # a player called Will: "Will you tell me about the bell?" asks Nessa
    player = _named_player(state, called)
    if player is None or (actor is not None and state.controller_of(actor) == player):
        return None
    if _DEED_AFTER.search(rest):  # "Cy stay behind me! I charge the nearest rat": the words
        return None  # to Cy, then the deed — read as the line's clauses
    theirs = [
        c
        for c in state.players[player]
        if any(has_phrase(rest.lower(), w) for w in {c, *state.name_of(c).lower().split()} - TITLES)
    ]
    if theirs:
        name = state.name_of(theirs[0])
        return ctx.intent("refuse", character=theirs[0], confidence=0.9,
                          note=f"{name} is played by {player}")  # fmt: skip
    own = state.name_of(actor) if actor else "your character"
    return ctx.intent("ask", confidence=0.5,
                      note=f"{player}{r.HEARS}table talk, nothing happens in the story. "
                           f"What does {own} do?")  # fmt: skip


_PRAISE = frozenset({
    "nice", "good", "great", "well", "thanks", "thank", "cheers", "lol", "lmao", "haha", "wow",
    "awesome", "brilliant", "nicely", "yay", "sweet", "bravo", "gg", "cool", "love", "kudos",
    "shot", "hit", "job", "work", "one", "done",
})  # fmt: skip
"""Words of praise or banter thrown to a friend ("nice one Aria", "well done mira lol")."""


def to_a_friend(ctx: r.Context, actor: str | None) -> Intent | None:
    """A few words of praise or banter to another of the party, by name ("lol nice one
    aria", "well done Mira!"): said in passing, nothing happens in the story and no turn
    is spent (it is no "done" that ends one)."""
    words = re.sub(r"[^\w\s']", " ", ctx.raw.lower()).split()
    if not 2 <= len(words) <= 7:
        return None
    friends = {
        w: cid
        for cid, sheet in ctx.state.party.items()
        if cid != actor
        for w in sheet.name.lower().split()
        if w not in TITLES
    }
    called = friends.get(words[-1]) or friends.get(words[0])
    rest = words[:-1] if words[-1] in friends else words[1:]
    warned = called is not None and rest[:1] in (["dont"], ["don't"]) and len(rest) <= 5
    praise = set(rest) <= _PRAISE | {"so", "very", "that", "was", "the", "a", "man", "mate"}
    if called is None or not rest or not (praise or warned):
        return None
    if not warned and not set(rest) & (_PRAISE - {"one", "done", "shot", "hit", "job", "work"}):
        return None  # ("done mira": no praise in it; "dont kill him thorin": a warning)
    own = ctx.state.name_of(actor) if actor else "your character"
    friend = ctx.state.name_of(called)
    return ctx.intent("ask", confidence=0.2,
                      note=f"{friend}{r.HEARS}said in passing, nothing happens in the story. "
                           f"What does {own} do?")  # fmt: skip


_TO_A_FRIEND = re.compile(
    r"(?:\b(?:yells?|shouts?|says?|calls?|cries?|hisses?|whispers?|snaps?|asks?)\s*,?\s*)?"
    r"(['\"“])\s*([A-Z]\w+)\s*,\s*([^'\"”]*?)\s*['\"”]",
)
"""Words in quotes to another of the party by name ("Ione yells 'Cass, heal Wren!'")."""


def quoted_to_friend(text: str, state: GameState, actor: str | None) -> tuple[str, str | None]:
    """The line without words in quotes said to another of the party by name, and that
    one's name ("Ione yells 'Cass, heal Wren!' and looses another arrow": the arrow is
    Ione's deed; the order is Cass's to take up on Cass's own line)."""
    for m in _TO_A_FRIEND.finditer(text):
        called = m.group(2).lower()
        friend = next((cid for cid, s in state.party.items()
                       if cid != actor and (called == cid or called in s.name.lower().split())
                       and called not in TITLES), None)  # fmt: skip
        if friend is not None:
            rest = (text[: m.start()] + " " + text[m.end() :]).strip()
            return re.sub(r"\s+", " ", rest), state.name_of(friend)
    return text, None


_SAYS_QUOTED = re.compile(
    r"\b(?:says?|said|saying|whispers?|whispered|murmurs?|murmured|tells?|told|calls?|"
    r"called|adds?|added|replies|replied|asks?|asked|shouts?|shouted|yells?|yelled|cries|"
    r"cried|screams?|screamed|hiss(?:es)?|hissed|roars?|roared|bellows?|bellowed|growls?|"
    r"growled|snarls?|snarled|mutters?|muttered|urges?|urged)\b[^\"“']{0,30}[\"“']"
)
"""A verb of speech and the quoted words it opens."""


def said_aloud(ctx: r.Context, at: int) -> bool:
    """The verb at ``at`` is only in words the character says aloud, in quotes after a
    verb of speech: the words are said, not done."""
    verb = ctx.said[at:].split()[:1]
    if at > 0 and _TOLD_THAT.search(ctx.said[:at]):
        return True  # "I tell goblin 2 that his friend is about to run off": words
    return bool(verb) and only_said(ctx, verb[0])


_TOLD_THAT = re.compile(
    r"\b(?:tell|tells|told|say|says|said|warn|warns|shout|shouts|yell|yells|whisper|whispers|"
    r"lie|lies|explain|explains|promise|promises|swear|swears|insist|insists)\b"
    r"(?: (?:to )?[\w' ]{1,30}?)? that\b(?!.*\b(?:and|then) (?:i|we)\b)"
)
"""Words told as reported speech ("tell him that …"): what follows is said, not done."""


def only_said(ctx: r.Context, word: str) -> bool:
    """The word is only in words the character says aloud, in quotes after a verb of speech
    ("Thorin whispers: 'I'm not built for sneaking'": nobody sneaks)."""
    if _SAYS_QUOTED.search(ctx.raw) is None:
        return False
    return word not in normalise(QUOTED_SPEECH.sub(" ", ctx.raw)).split()


def pair_acting(ctx: r.Context, said: str) -> list[str]:
    """Two party members named at the start as the ones acting ("Bram and Ivo head to the
    woods"): their ids; none when the line does not open so."""
    found: list[str] = []
    rest = said
    for _ in range(2):
        member = next(((m.id, n) for m in ctx.scope.of("member") for n in m.names
                       if starts_with(rest, n) and rest != n), None)  # fmt: skip
        if member is None:
            return []
        found.append(member[0])
        rest = rest[len(member[1]) :].strip()
        if not found[1:]:
            if not rest.startswith("and "):
                return []
            rest = rest[4:]
    return found if rest.split()[:1] not in (["are"], ["is"], ["have"], ["were"]) else []


def player_speaking(ctx: r.Context, said: str, actor: str) -> tuple[str, r.Context]:
    """A line that names its typist, the player, as the one who acts ("Kit passes", "Ben
    uses second wind"): the deed of the character the player is acting with."""
    first, _, rest = said.partition(" ")
    player = next((p for p in ctx.state.players if p.lower() == first), None)
    if player is None or not rest or ctx.state.controller_of(actor) != player:
        return said, ctx
    raw = ctx.raw.strip()[len(first) :].strip()
    said_so = _SAYS.match(raw)  # "Ana asks: how many goblins are there?": her question
    if said_so is not None and raw[said_so.end() :].strip():
        raw = raw[said_so.end() :].strip()
        rest = normalise(raw)
    return rest, replace(ctx, raw=raw or ctx.raw.strip())


def players_own(ctx: r.Context, said: str) -> tuple[str | None, str]:
    """A character called by its player's name ("Ana's rogue stabs the rat", "Ben's dwarf
    kicks the door"): the player, and the line with that character's name in place of
    the calling (``None`` and the line as it was when no player is named so)."""
    found = _PLAYERS_OWN.match(said)
    player = next((p for p in ctx.state.players if found and p.lower() == found.group(1)), None)
    if found is None or player is None:
        return None, said
    theirs = ctx.state.players[player]
    kind = found.group(2)
    party = ctx.state.party
    fits = [c for c in theirs if c in party
            and kind in f"{party[c].character_class} {party[c].species}".lower()]  # fmt: skip
    one = fits[0] if len(fits) == 1 else (theirs[0] if len(theirs) == 1 else None)
    if one is None:
        return player, said
    return player, f"{ctx.state.name_of(one).lower()} {said[found.end() :].strip()}"


_PLAYERS_OWN = re.compile(
    r"^(\w+)'s (rogue|wizard|fighter|cleric|bard|ranger|paladin|warlock|sorcerer|druid|monk|"
    r"barbarian|character|char|guy|girl|gal|dude|dwarf|elf|halfling|human|tiefling|gnome|"
    r"hero|pc|toon)\b"
)
"""A player's name and a word for their character at the head of a line."""


_SAYS = re.compile(r"(?:asks|says|here|wonders|wants to know)\b\s*[:,-]?\s*", re.I)
"""Words after a player's own name that only say who speaks ("Ana asks: …", "Dee here: …")."""
