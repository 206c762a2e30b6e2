"""Whether a piece of a line stands alone as a deed: one that says what is done (its own
verb, or a question), not one that merely names a thing; one that is another party
member's deed; one that is mere chatter."""

from __future__ import annotations

import re
from dataclasses import replace

from app.understanding.clauses import Piece
from app.understanding.intent import Intent
from app.understanding.known_words import english_words
from app.understanding.vocabulary import ENGLISH
from app.world.state import GameState
from rules.features import feature
from rules.srd import srd


def friends_deed(piece: Piece, actor: str | None, state: GameState) -> bool:
    """A later clause with another party member as its subject ("… then Aria lights the
    way"): that one's deed, not the speaker's (each acts on their own line)."""
    words = piece.text.lower().split()
    if len(words) < 2:
        return False
    first = words[1] if words[0] in ("then", "and", "so") and len(words) > 2 else words[0]
    first = first.strip(",:;!")  # ("… Thorin, stand guard": his, called by name)
    return any(first == s.name.lower().split()[0] and cid != actor
               for cid, s in state.party.items())  # fmt: skip


def called_friend(piece: Piece, actor: str | None, state: GameState) -> str:
    """A piece that only calls a friend by name ("… Thorin, stand guard"): the name, whose
    the next piece is; empty for any other piece."""
    said = piece.text.strip(" ,:;!.").lower()
    return next((s.name.split()[0] for cid, s in state.party.items()
                 if cid != actor and said == s.name.lower().split()[0]), "")  # fmt: skip


def fits(piece: Piece, intent: Intent) -> bool:
    """A piece cut off by a weak joint ("and", a comma) stands alone only when it says
    what is done — it has its own verb, or asks — not when it merely names ("the rat")."""
    if intent.kind == "move" and intent.target:
        return True  # "… and then head straight down": tried once what comes before is done
    nobody = not intent.targets and intent.confidence >= 0.3  # (nobody the words fit)
    if intent.kind in ("attack", "cast") and intent.note and nobody:
        return True  # "… puts it into the one still awake" with none awake: said so plainly
    if intent.acts and intent.confidence < 0.6:
        return False  # "we get rooms": a deed with nothing to do it to
    if piece.strong:
        return True
    return intent.kind == "question" or (intent.confidence >= 0.7 and not intent.alternatives)


def chatter(intent: Intent) -> bool:
    """A piece that says nothing the game acts on, and names nothing."""
    return intent.kind == "ask" and not intent.targets and not intent.alternatives


def unheard(text: str, intent: Intent, after_a_deed: bool) -> Intent | None:
    """A later piece that reads as nothing for words the game does not know ("hit rat 1
    then blorf the zibble", "… then dirnk potoin"): a deed not made out, to be said so
    rather than dropped. ``None`` for plain words that do nothing ("both asleep", "lol")."""
    words = re.findall(r"[a-z]+", text.lower())
    known = english_words()
    strange = [w for w in words if len(w) > 3 and known and w not in known]
    if not after_a_deed or len(words) < 2 or not strange or intent.confidence > 0.3:
        return None
    deedlike = words[0] in strange and bool(_OBJECT_WORDS & set(words[1:]))
    if len(strange) < 2 and not deedlike:
        return None  # ("lockpick time": a word of the game's, said again, no deed to make out)
    return replace(intent, note=f"{UNHEARD}“{text.strip(' .,!')}” means")


_OBJECT_WORDS = frozenset({"the", "my", "a", "an", "his", "her", "their", "at", "on", "to", "it",
                           "them", "him", "this", "that"})  # fmt: skip
"""Words that follow a verb to its object: an unknown word before one is a deed's verb."""
UNHEARD = "not sure what "
"""How the note of a later piece not made out begins."""


_GROAN = re.compile(
    r"^\W*(?:ugh+|oh+|ah+|eww*|yikes|great|uh oh|oh no|damn|crap|lol|"
    r"sigh|hmm+|welp|well)\b",
    re.IGNORECASE,
)
"""A groan that opens a short first sentence ("ugh rats."): a sigh at what is named."""
_CRY = re.compile(r"\w+!+")  # a cry before a deed ("NO! I grab …", "KHAZAD! I charge …")
_I_FIRST = re.compile(r"^\W*(?:(?:and|then)\s+)*(?:i|i'll|i'm|im)\s", re.IGNORECASE)


def a_groan(first: str, then: str, read: Intent) -> bool:
    """Whether a short first sentence (``first``, read as ``read``) is no more than a groan
    or a cry before the rest (``then``): "ugh rats." (a groan at what it names), "NO! I grab
    Corin …" and "KHAZAD! I charge rat 1" (one word cried, naming nobody, before the
    speaker's own deed)."""
    if _GROAN.match(first) is not None and read.kind == "ask":
        return True
    cried = read.kind in ("talk", "ask") and not read.targets and _CRY.fullmatch(first)
    return bool(cried and _I_FIRST.match(then))


_HE_SHE = re.compile(r"^(?:(?:then|and|so)\s+)?(?:he|she|they)\s+", re.IGNORECASE)
"""A clause told of a friend just named ("Guidance on Ivo, then *he* reads the rune")."""


def handed_on(
    piece: Piece, actor: str | None, before: Intent | None, state: GameState, named: bool
) -> tuple[str, str] | None:
    """Out of a fight, a later clause that is another party member's deed, when the one
    typing plays that member too: (that member, the clause told with their name) — "…
    then Aria lights the way", "Guidance on Ivo, then he reads the rune". In a fight each
    acts on their own turn; at a table of several, only on their own player's line."""
    if state.encounter is not None or actor is None or piece.subordinate:
        return None  # (not "… before he heaves the door": when, not what is done)
    text = piece.text.strip()
    if named:
        words = text.split()
        first = words[1] if words[0].lower() in ("then", "and", "so") else words[0]
        member = next((cid for cid, s in state.party.items()
                       if s.name.lower().split()[0] == first.lower().strip(",:;!")),
                      None)  # fmt: skip
        told = text
    else:
        friends = [t for t in (before.targets if before else ()) if t in state.party]
        member = friends[0] if len(friends) == 1 and _HE_SHE.match(text) else None
        told = _HE_SHE.sub(f"{state.name_of(member)} ", text) if member else text
    if member is None or member == actor:
        return None
    if state.controller_of(member) != state.controller_of(actor):
        return None
    return member, told


_IN_HAND = re.compile(
    r"^\W*(?:(?:and|with)\s+)?(?:(?:a|my|the|his|her)\s+)?\w+\s+in\s+(?:one|each|either|the\s+other|"
    r"(?:my|his|her|the)\s+(?:left|right|off|other|main|free))(?:\s+hand)?\W*$",
    re.IGNORECASE,
)
"""A blade named in a hand on the way to the blow ("shortsword in one hand, dagger in the
other, i go at goblin 2"): how the blow is struck, with a weapon in each hand."""


def in_hand(piece: Piece) -> bool:
    """The piece only says what is held in which hand."""
    return bool(_IN_HAND.match(piece.text))


_NOUN_ONLY = re.compile(r"^\W*(?:the|that|those|this)\s+\w", re.IGNORECASE)


def plainer_in_a_run(intent: Intent, piece: Piece, pieces: list[Piece]) -> Intent:
    """A piece read again for the run it is in: a short word with one way to go, said
    before the deed that follows it ("i hide, then shoot the goblin": the campaign's
    hiding), and a way named among things listed in a story ("The scratching, the missing
    boy, the tracks somebody mentioned outside, …"), where nobody goes anywhere."""
    only = intent.alternatives[0] if len(intent.alternatives) == 1 else None
    ahead = piece is not pieces[-1]
    if intent.kind == "ask" and only and only.kind == "challenge" and only.target and ahead:
        return replace(intent, kind="challenge", targets=(only.target,), confidence=0.8,
                       alternatives=(), note="")  # fmt: skip
    at = pieces.index(piece)
    next_step = at > 0 and pieces[at - 1].part != piece.part  # "rest first, then the cellar"
    if intent.kind == "move" and len(pieces) > 1 and _NOUN_ONLY.match(piece.text) and not next_step:
        return replace(intent, kind="ask", targets=(), confidence=0.2)
    named = _NOUN_ONLY.match(piece.text) is not None
    if (
        intent.kind == "ask"
        and only
        and only.kind == "move"
        and only.target
        and next_step
        and named
    ):
        # "…, then the cellar": the place named next is where the party goes
        return replace(intent, kind="move", targets=(only.target,), confidence=0.8,
                       alternatives=(), note="")  # fmt: skip
    return intent


def wields(state: GameState, actor: str | None, word: str | None) -> bool:
    """The character carries a weapon the word names ("the mace")."""
    sheet = state.party.get(actor or "")
    return sheet is not None and word is not None and any(word in w for w in sheet.weapons)


def strikes_itself(cast: Intent) -> bool:
    """A spell that calls up something lasting that strikes when cast (a spiritual weapon):
    the blow that follows it is the spell's own, not the caster's."""
    spells = srd().spells
    sid = cast.spell or ""
    spell = spells.get(sid) if cast.kind == "cast" and sid in spells else None
    return spell is not None and spell.attack is not None and spell.duration != "instantaneous"


def the_spells_blow(
    text: str, intent: Intent, cast: Intent, state: GameState, actor: str | None
) -> bool:
    """The blow a clause asks for right after a spell that strikes itself is the spell's own
    ("spiritual weapon, and have it smack thrall 1", "spiritual weapon, hit the ghost"), not
    the caster's — unless it is struck with a weapon the caster wields or by "I"
    ("… then I hit her with the mace")."""
    if intent.kind != "attack" or not strikes_itself(cast):
        return False
    with_it = _WITH_IT.search(text)
    if _ITS_BLOW.match(text) or (with_it and not wields(state, actor, with_it.group(1))):
        return True
    lowered = text.lower()
    weapon = any(re.search(rf"\b{re.escape(w)}\b", lowered) for w in ENGLISH.weapons)
    return with_it is None and not weapon and _OWN_HAND.search(lowered) is None


_MOTIVE = re.compile(
    r"^\W*(?:(?:i|we)\s+(?:want(?! to)|need|wish|hope|mean|'d like(?! to)|would like(?! to)|"
    r"am trying|'m trying)|"
    r"so\s+(?:that|it|he|she|they|we|i)\b|to make sure|in order to|because|cause|cos)\b",
    re.IGNORECASE,
)
"""A clause that says why the deed before it is done ("…, i want it alive")."""


def motive(piece: Piece) -> bool:
    """The piece says why the deed before it is done ("…, i want it alive")."""
    return bool(_MOTIVE.match(piece.text))


_ITS_BLOW = re.compile(
    r"^\W*(?:(?:and|then)\s+)*(?:(?:have|make|let|send|get|use)\s+it\b|it\s+\w+s\b)",
    re.IGNORECASE,
)
"""A blow the thing just called up strikes ("… and have it smack thrall 1")."""
_WITH_IT = re.compile(r"\bwith (?:it|that|the (weapon|blade|hammer|mace|sword))\W*$", re.I)
"""A blow struck with the thing just called up ("… and smack her with it")."""
_OWN_HAND = re.compile(r"\b(?:i|i'll|we|myself|my|me)\b")
"""A blow the caster strikes himself ("then I hit her", "… with my fists")."""


def bonus_heal(
    intent: Intent, before: list[Intent], state: GameState, actor: str | None
) -> str | None:
    """The name of the one bonus-action healing spell the caster knows, for a heal asked
    without naming a spell ("which spell: Cure Wounds or Healing Word?") after a deed that
    spends the turn's action in a fight ("turn undead then heal wren"): only that one can
    still be cast this turn. ``None`` otherwise."""
    if intent.kind != "ask" or not intent.note.startswith("which spell:") or not before:
        return None
    sheet = state.party.get(actor or "")
    if state.encounter is None or sheet is None or not any(_spends_action(i) for i in before):
        return None
    table = srd().spells
    quick = [sid for sid in sheet.spells if sid in table and table.get(sid).heal
             and table.get(sid).casting_time == "bonus_action"]  # fmt: skip
    return table.get(quick[0]).name if len(quick) == 1 else None


def _spends_action(intent: Intent) -> bool:
    """The deed takes the turn's action: a blow, a spell cast as an action, a feature used
    with one (Turn Undead), the Dash or Dodge."""
    if intent.kind == "attack":
        return True
    if intent.kind == "cast":
        spells = srd().spells
        sid = intent.spell or ""
        return sid in spells and spells.get(sid).casting_time == "action"
    if intent.kind == "feature":
        spec = feature(intent.action or "")
        return spec is not None and spec.action == "action"
    return intent.kind == "manoeuvre" and intent.action in ("dash", "dodge", "disengage", "hide")


def unfolded(read: list[Intent], state: GameState) -> list[Intent]:
    """A line's deeds without one that only begins the challenge told after it, by that
    challenge's own verb ("cut the rope and drop the bell": "cut the bell" is the
    challenge's): the roll tells how it goes, so it is never told done before it."""
    campaign = state.campaign
    kept = []
    for at, intent in enumerate(read):
        after = read[at + 1] if at + 1 < len(read) else None
        spec = (campaign.challenges.get(after.targets[0]) if campaign is not None and after
                and after.kind == "challenge" and after.targets else None)  # fmt: skip
        verb = intent.text.lower().split()[:1] if intent.text.split() else []
        verbs = {p.lower().split()[0] for p in spec.provoked_by} if spec is not None else set()
        free = intent.kind == "improvise" and intent.extra[:1] == ("free",)
        if not (free and verb and verb[0] in verbs):
            kept.append(intent)
    return kept


_NAMED_FOE = re.compile(r"\b(?:\d|one|two|three|four|first|second|third|fourth)\b")
"""A foe singled out by number in a part of a line ("rat 3", "the second one")."""


def both_at_one(whole: Intent, read: list[Intent]) -> bool:
    """A blade in each hand at the one foe the whole line names, its parts no other blows
    ("shortsword in one hand, dagger in the other, both at goblin 1", "both blades, rat 3";
    not "both blades at rat 1 and then rat 2")."""
    if whole.kind != "attack" or whole.action != "both" or len(whole.targets) != 1:
        return False
    if not all(c.kind in ("attack", "ask") for c in read):
        return False
    return not any(_NAMED_FOE.search(c.text) and c.targets != whole.targets for c in read)
