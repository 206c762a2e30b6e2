"""A whole line read as the clauses it holds: the first clause's :class:`Intent`, with
the clauses after it in ``then`` — each read in the context of the ones before it.

:func:`understand` proposes cuts (:mod:`.clauses`), reads every piece on its own
(:func:`.parse.understand_clause`), and keeps a cut only where the pieces read as things
a player does or asks: a piece that is no clause on its own ("… and the key") is glued
back to the one before it, chatter between deeds ("ugh") is let go, and when the cut
finds fewer than two deeds the line is read whole, exactly as before. A later clause that
points back ("then shoot it") is read with the earlier clause's target in place of the
pronoun; a clause with no verb borrows the one before, and a clause that cannot be done is
kept to be said plainly (:mod:`.chaining`).
"""

from __future__ import annotations

import re
from dataclasses import replace

from app.understanding import calling
from app.understanding.chaining import (
    BACKING,
    USING,
    after_move,
    both_foes,
    elided,
    one_deed,
    plainly,
    questions,
    twice,
)
from app.understanding.clauses import (
    Piece,
    mentions_back,
    others_deed,
    own_deed,
    propose,
    refer_back,
)
from app.understanding.darts import is_darts, shared_darts
from app.understanding.intent import Intent
from app.understanding.paragraph import paragraph
from app.understanding.parse import SPLITTING, freely, understand_clause
from app.understanding.places import as_place
from app.understanding.threats import SPOKEN_SKILLS, threatened
from app.understanding.words import normalise
from app.world import view
from app.world.campaign import Campaign
from app.world.state import GameState
from app.world.wording import the

LONG = 30
"""Words past which a line that already reads as one sure deed is not cut: a paragraph's
other verbs are mostly story ("stomps over to the hearth, drops his pack …")."""
PRELUDE_VERBS = (
    "raise", "draw", "drew", "get out", "take out", "pull out", "ready", "readie", "hold up",
    "hold out", "walk up to", "walk over to", "step up to", "step over to", "go up to",
    "go over to", "approach", "kneel", "lean", "turn to", "point", "keep", "unsling", "nock",
    "heft", "brandish", "take aim", "aim", "wind up", "square up", "clench", "reach for",
    "duck behind", "duck into", "crouch behind", "get behind", "slip behind", "step behind",
    "put a hand", "lay a hand", "place a hand", "rest a hand", "put my hand", "lay my hand",
    "place my hand", "put her hand", "put his hand",
)  # fmt: skip
_PRELUDE = re.compile(
    r"^(?:[\w' ]{1,20}:\s*)?(?:(?:i|we|he|she|they|[A-Z][a-z]+)\s+)?(?:\w+ly\s+)?(?:"
    + "|".join(
        rf"{re.escape(v.split()[0])}(?:s|es|ed|d|ing|ting)?{re.escape(v[len(v.split()[0]) :])}"
        for v in PRELUDE_VERBS
    )
    + r")\b",
    re.IGNORECASE,
)
"""A clause that only sets up the next ("raises her holy symbol and blesses Bram", "gets
out her tools and works on the padlock", "walks up to Berta and asks …"): story, not a
deed of its own, when a deed follows it."""
CHANGED_MIND = re.compile(r"\b(wait,? no|actually,? no|never ?mind|scratch that|or maybe)\b", re.I)
"""A line that takes itself back is read whole (the parser says so)."""
NOT_A_DEED = frozenset({"ask", "foreign", "refuse", "help"})
"""Readings that are no clause of their own: a piece read so is glued to the one before."""


def understand(
    text: str,
    actor: str | None,
    state: GameState,
    campaign: Campaign | None,
    *,
    language: str | None = None,
) -> Intent:
    """Read one line typed as ``actor``: its first action, and the rest in ``then``."""
    return freely(_line(text, actor, state, campaign, language=language), state, campaign,
                  language=language)  # fmt: skip


def _line(
    text: str,
    actor: str | None,
    state: GameState,
    campaign: Campaign | None,
    *,
    language: str | None = None,
) -> Intent:
    changed = CHANGED_MIND.search(text)
    if changed is not None and text[changed.end() :].strip(" ,.!-"):
        # "I pick the lock.. wait no, I kick the trapdoor": the last word is the one meant
        meant = _understand(text[changed.end() :].strip(" ,.!-"), actor, state, campaign,
                            language=language)  # fmt: skip
        if meant.kind not in NOT_A_DEED | {"question"} and meant.confidence >= 0.7:
            return replace(meant, text=text)
    contingent = _IF_DOWN.match(text)
    if contingent is not None:  # "magic missile on grubnak, and if he drops, fire bolt …"
        first = _understand(contingent.group(1), actor, state, campaign, language=language)
        then = _understand(contingent.group(2), actor, state, campaign, language=language)
        if first.kind not in NOT_A_DEED and then.kind not in NOT_A_DEED:
            return replace(first, text=text, then=(*first.then, then))
    bare = EMOTE.sub(" ", text).strip()
    if bare and bare != text.strip():  # "drop your weapons! *raises sword*": the words lead
        said = _understand(bare, actor, state, campaign, language=language)
        if said.kind not in NOT_A_DEED | {"talk", "question"}:
            return replace(said, text=text)
        if said.kind in ("talk", "question"):
            # "*bows low* Mighty Grubnak, what would it take…": a gesture that is no deed
            # of its own only colours the words ("*hands her the key* here" is a deed)
            gestures = " ".join(m.group(0).strip("*") for m in EMOTE.finditer(text))
            gesture = _understand(gestures, actor, state, campaign, language=language)
            if gesture.kind in NOT_A_DEED | {"talk", "question", "examine"}:
                return replace(said, text=text)
    read = as_place(_understand(text, actor, state, campaign, language=language), state, campaign)
    if read.kind != "talk" or read.then:
        return read
    opening = calling.CALLED.match(text)
    asked = questions(read, text[opening.end() :], state) if opening is not None else None
    return asked or _by_topics(read, state)


_IF_DOWN = re.compile(
    r"^(.+?),?\s+(?:and\s+)?if (?:he|she|it|they|that one|the \w+) (?:drops|dies|falls|goes "
    r"down|is down|is dead|die|drop|fall|go down)\s*,?\s*(?:then\s+)?(.+)$",
    re.IGNORECASE,
)
"""A deed, then another only once its foe is down: read as the two clauses in order."""
EMOTE = re.compile(r"\*[^*]{1,60}\*")
"""A gesture between asterisks ("*raises sword*"): it goes with the words, it is no deed of
its own when the words say one."""


def _by_topics(talk: Intent, state: GameState) -> Intent:
    """Words to a person that ask about several of their topics ("ask Berta about the key
    and the goblins"): one clause per topic, answered in the order asked."""
    campaign = state.campaign
    if campaign is None or talk.target not in campaign.npcs:
        return talk
    npc = view.npc_view(state, campaign, talk.target or "")
    said = f" {normalise(talk.text)} "
    found = sorted((said.find(f" {w} "), k) for w, k in npc.topic_names() if f" {w} " in said)
    topics: list[str] = []
    for _, key in found:
        if all(npc.topics[key].text != npc.topics[t].text for t in topics):
            topics.append(key)
    if len(topics) < 2:
        return talk
    first, *others = topics[:3]
    return replace(talk, topic=first, then=tuple(replace(talk, topic=t) for t in others))


def _doubled(whole: Intent) -> Intent:
    """ "shoot rat 1 twice", one clause: the blow, then the same again (made if the turn
    has room for it, else said to wait)."""
    blows = twice([whole])
    return replace(whole, then=tuple(blows[1:])) if len(blows) > 1 and not whole.then else whole


def _understand(
    text: str,
    actor: str | None,
    state: GameState,
    campaign: Campaign | None,
    *,
    language: str | None = None,
) -> Intent:
    sigh = _SIGH.match(text)
    if sigh is not None and len(sigh.group(1).split()) <= 3 and len(text.split()) <= LONG:
        sighed = understand_clause(sigh.group(1), actor, state, campaign, language=language)
        if _chatter(sighed) and sighed.character is None:  # "ugh fine. thorin bashes the hatch"
            deed = _understand(sigh.group(2), actor, state, campaign, language=language)
            return deed if deed.then else replace(deed, text=text)
    whole = understand_clause(text, actor, state, campaign, language=language)
    if whole.kind in ("refuse", "foreign") or len(text) > 600:
        return whole  # nobody's to move, or not the game's language: the line as one
    if whole.kind == "ask" and SPLITTING.search(normalise(text)):
        return whole  # "let's split up, Ione goes to the lighthouse and we …": asked back
    if whole.kind == "manoeuvre" and whole.action == "ready":
        return whole  # "wait for a rat to come at me, then stab it": one readied action
    if whole.kind == "feature" and whole.action == "flurry_of_blows" and whole.extra:
        # "flurry and knock him prone": the Open Hand Technique rides the blows; the attacks
        # said before it ("punch orc 1 twice, then flurry …") are made first
        cut = _BEFORE_FLURRY.search(text)
        if cut is None:
            return whole
        head = _understand(text[: cut.start()], actor, state, campaign, language=language)
        tail = text[cut.end() :].strip()
        foe = state.name_of(whole.targets[0]) if whole.targets else ""
        if foe and mentions_back(tail):  # read again when its turn comes: at the one named
            tail = refer_back(tail, foe)
        flurry = replace(whole, text=tail)
        blows = twice([head]) if not head.then else [head]  # "punch orc 1 twice, then …"
        return replace(blows[0], then=(*blows[1:], *head.then, flurry))
    if whole.kind == "cast" and is_darts(whole.spell):
        shared = shared_darts(text, whole, lambda who: _foe_named(who, actor, state, campaign))
        if shared is not None:
            return shared  # "magic missile, two darts at rat 3 and one at rat 1": one cast
    if len(text.split()) > LONG or (state.encounter is not None and len(text.split()) >= 16):
        # a paragraph of story around one deed, as a DM skims it (in a fight, a shorter
        # one too: "plants himself on the stairs …, and brings it down on the nearest rat")
        whole = paragraph(text, whole, actor, state, campaign, language)
    sure = whole.kind not in NOT_A_DEED and whole.confidence >= 0.7
    if (whole.kind not in NOT_A_DEED and len(text.split()) > LONG) or CHANGED_MIND.search(text):
        return whole
    for in_time_order in (True, False):
        pieces = propose(text, in_time_order=in_time_order)
        if len(pieces) < 2:
            return _doubled(whole)
        read = _clauses(pieces, whole.actor or actor, state, campaign, language)
        if read is not None:
            break
    else:
        return _doubled(whole)
    nothing = whole.kind == "ask" and whole.confidence == 0.0 and whole.character is None
    if len(read) == 1 and nothing:  # read as nothing whole: "ow. how much hp do i have now?"
        return replace(read[0], text=whole.text)
    if len(read) == 1 and read[0].kind == "attack" and read[0].action == "both":
        return replace(read[0], text=whole.text)  # "… with my shortsword and then my dagger"
    if len(read) == 1 and read[0].kind == "cast" and len(read[0].targets) > len(whole.targets):
        return replace(read[0], text=whole.text)  # "eldritch blast at orc 1 and orc 2"
    if len(read) == 1 and read[0].kind == "rest" and any(p.subordinate for p in pieces):
        return replace(read[0], text=whole.text)  # "short rest before we go back up"
    wondered = [p for p in pieces if p.asked]
    if len(read) == 1 and wondered and whole.kind in _WONDERED and read[0].kind != whole.kind:
        return replace(read[0], text=whole.text)  # "tie him up? nah just fire bolt him"
    if len(read) < 2:
        return whole
    threat = whole.kind == "improvise" and whole.action in SPOKEN_SKILLS
    if threat and all(len(c.text.split()) <= 2 for c in read[1:]):
        # "YIELD, GOBLIN!", "surrender or die, goblins": the threat, with whom it is at
        at = [t for c in (whole, *read[1:]) for t in c.targets if t in state.creatures]
        return replace(whole, targets=threatened(at, read[1:], state))
    speech = whole.kind == "talk" and all(c.kind in ("talk", "question") for c in read)
    address = any(len(c.text.split()) <= 2 for c in read)  # "vermin!", "hey rats"
    if speech and address and sum(1 for c in read if c.topic) < 2:
        return whole  # "surrender, vermin!", "hey rats, what do you want?": one speech
    stolen = _target_stolen(whole, read)
    backing = bool(BACKING.match(text)) and read[0].action == "withdraw"
    if backing and not any(c.kind in _DEEDS for c in read[1:]):
        return whole  # "back off, vermin!": a threat, with no deed after it
    if sure and not stolen and not backing and not any(_same(whole, clause) for clause in read):
        return whole  # the cut reads the line otherwise than whole: it was a wrong cut
    asking = whole.kind == "question" and not re.search(r"\?\s+\S", text)
    if asking and not all(c.kind == "question" for c in read):
        return whole  # "should we rest before we go out there?" asks; it does not go
    read = both_foes(one_deed(twice(read)), state)
    head, *rest = read
    called = calling.called(text, state, whole.actor or actor)
    if called is not None:
        to = called or (whole.targets if whole.kind == "talk" else ())
        talk = Intent(kind="talk", text=head.text, actor=head.actor, character=head.character,
                      targets=to, language=head.language, confidence=0.8)  # fmt: skip
        if not any(_MINE.search(c.text) for c in rest):
            return replace(talk, text=whole.text)  # "Corin! Can you hear me? Fight them!"
        head = talk  # "Corin, hold on! I shoot thrall 1": words, then a deed
        rest = [c for c in rest if _MINE.search(c.text) or c.kind not in ("talk", "question")]
    return replace(head, then=tuple(rest))


_SIGH = re.compile(r"^\s*([^.!?\"“']{1,30}[.!?]+)\s+(\w.*)$", re.DOTALL)
"""A short sentence first ("Ugh, fine.") that may be no more than a sigh before the deed."""
_BEFORE_FLURRY = re.compile(r"(?:,?\s*\b(?:and\s+)?then\b|;|,)\s*(?=(?:\w+\s+){0,3}flurry\b)", re.I)
"""Where a line turns from the blows it lands first to the Flurry of Blows after them."""


def _foe_named(
    who: str, actor: str | None, state: GameState, campaign: Campaign | None
) -> str | None:
    """The creature a bare phrase ("rat 3", "the boss") points at, if it is one."""
    read = understand_clause(f"attack {who}", actor, state, campaign)
    return read.target if read.kind == "attack" and read.target in state.creatures else None


_MINE = re.compile(r"\b(?:i|i'll|i'm|im|me|my|myself)\b", re.IGNORECASE)


def _names(state: GameState, campaign: Campaign | None) -> dict[str, str]:
    names = {cid: c.name for cid, c in state.creatures.items()}
    names |= {cid: s.name for cid, s in state.party.items()}
    if campaign is not None:
        names |= {k: v.name for k, v in campaign.npcs.items()}
        names |= {k: v.name for k, v in campaign.items.items()}
        scene = campaign.scenes.get(state.scene.id)
        if scene is not None:
            # "follow them" -> "follow the tracks": a thing of the scene is named as one
            names |= {k: the(f.name) if f.name[:1].islower() else f.name
                      for k, f in scene.features.items()}  # fmt: skip
    return names


def _clauses(
    pieces: list[Piece],
    actor: str | None,
    state: GameState,
    campaign: Campaign | None,
    language: str | None,
) -> list[Intent] | None:
    """Each piece read, glued or let go as it reads; ``None`` when a piece that starts a
    run is no deed and not mere chatter (the cut was wrong: "I run after him")."""
    names: dict[str, str] | None = None
    read: list[tuple[Piece, str, Intent]] = []
    for piece in pieces:
        words = piece.text
        last = read[-1][2] if read else None
        behind = last is not None and last.kind == "manoeuvre" and last.action == "cover"
        if last is not None and mentions_back(words) and last.target and not behind:
            # (not the barrels one took cover behind: "get behind the pews then flame her")
            names = names or _names(state, campaign)
            words = refer_back(words, names.get(read[-1][2].target or "", ""))
        filled = elided(piece.text, read[-1][1]) if read else None
        if filled is not None and any(r.kind == "move" for _, _, r in read):
            raw = understand_clause(words, actor, state, campaign, language=language)
            if after_move(raw):  # "… and then up to the lighthouse": a place beyond the move
                filled = None
        intent = understand_clause(filled or words, actor, state, campaign, language=language)
        if filled is not None and intent.kind in NOT_A_DEED:
            intent = understand_clause(words, actor, state, campaign, language=language)
        elif filled is not None:
            words = filled  # "… then at the trapdoor": the verb of the clause before
            if intent.kind == read[-1][2].kind == "attack" and _WITH.match(piece.text):
                # "stab rat 1 with my shortsword and then with my dagger": both blades
                before, said, last = read.pop()
                read.append((before, said, replace(last, action="both")))
                continue
        looked = read[-1][2] if read and read[-1][2].kind == "examine" else None
        if looked is not None and looked.targets and _THING.match(piece.text):
            # "check the flour sacks and the waterwheel": a look at each thing named
            other = understand_clause(f"look at {piece.text.strip()}", actor, state, campaign,
                                      language=language)  # fmt: skip
            if other.kind == "examine" and other.targets and other.targets != looked.targets:
                read.append((piece, other.text, other))
                continue
        kinds = {r.kind for r in intent.alternatives}
        foe = intent.alternatives[0].target if kinds == {"attack"} else None
        bare = _ONE_OF.search(piece.text) or len(piece.text.split()) <= 4  # "… and the ogre"
        if (intent.kind == "ask" and foe and read and read[-1][2].kind == "cast"
                and read[-1][2].targets and bare):  # fmt: skip
            # "eldritch blast at orc 1 and orc 2": one spell, a beam (or a hold) for each
            before, said, last = read.pop()
            more = (foe,) if foe not in last.targets else ()
            read.append((before, said, replace(last, targets=last.targets + more)))
            continue
        if intent.kind == "ask" and kinds == {"attack"} and read:
            # "hide then shoot": a blow at whichever foe, as a bare "attack" is
            intent = replace(intent, kind="attack", alternatives=(), confidence=0.7)
        spell = _UNKNOWN_SPELL.match(piece.text)
        if intent.kind == "ask" and spell and len(pieces) > 1:
            # "cast hunter's mark, then shoot": said plainly, never dropped in silence
            name = state.name_of(actor) if actor else "Nobody here"
            wanted = spell.group(1).strip(" .,!")
            intent = Intent(kind="cast", text=piece.text, actor=actor, confidence=0.7,
                            note=f"{name} knows no spell called “{wanted}”")  # fmt: skip
        if intent.kind == "ask" and intent.note and USING.match(piece.text) and len(pieces) > 1:
            # "drink my potion then attack" with no potion: said plainly, never dropped
            intent = Intent(kind="use", text=piece.text, actor=actor, confidence=0.7,
                            note=intent.note, item=intent.item,
                            targets=intent.targets)  # fmt: skip
        first = intent.alternatives[0] if intent.alternatives else None
        named = first is not None and first.kind == "attack" and bool(first.target)
        if (intent.kind == "ask" and first is not None and named and read
                and read[-1][2].kind == "attack" and _ONE_OF.search(piece.text)):  # fmt: skip
            # "attack goblin 1 and goblin 2": the same again, at the one named
            intent = replace(read[-1][2], text=piece.text, targets=(str(first.target),))
        named_move = intent.kind == "manoeuvre" and bool(_NAMED_MOVE.search(piece.text))
        going = intent.kind == "move" and intent.confidence >= 0.7 and _GOES.match(piece.text)
        named_move = named_move or bool(going)  # "go up to the lighthouse and …": a way taken
        # "get behind the casks and shoot": in a fight the cover taken is a step of its own
        # (but "duck behind the barrels and hide" is to hide)
        covering = intent.kind == "manoeuvre" and intent.action == "cover" and bool(intent.targets)
        later = pieces[pieces.index(piece) + 1 :]
        hiding = any(_NAMED_MOVE.search(p.text) for p in later[:1])
        named_move = named_move or (covering and state.encounter is not None and not hiding)
        if piece is not pieces[-1] and _PRELUDE.match(piece.text) and not named_move:
            continue  # setting up what follows: the next clause is the deed
        if piece is not pieces[-1] and intent.kind == "move" and _COMING.match(piece.text):
            continue  # "come back down and talk to Wendel": to the one who is here
        if (
            read and after_move(intent)
            and any(r.kind == "move" and r.target for _, _, r in read)
        ):  # fmt: skip
            read.append((piece, words, intent))  # "… and talk to Wendel": read there
            continue
        if read and MOTIVE.match(piece.text):
            continue  # "…, i want it alive": why, not a second deed
        if len(pieces) > 1 and piece.asked and intent.kind in _WONDERED:
            continue  # "tie him up? nah, …", "… playing dice?": wondered aloud, not done
        friends = bool(read) and _friends_deed(piece, actor, state)
        if not own_deed(piece) or others_deed(piece.text) or friends:
            continue  # "… before we go down", "… and he heaves the door": not this deed
        if piece.subordinate and read and read[-1][2].kind == "rest":
            continue  # "short rest before we go up": what follows a rest is for after it
        moved = any(r.kind == "move" for _, _, r in read)  # a way out already taken
        plain = plainly(piece, intent, actor, state, bool(read) and not moved, len(pieces) > 1)
        if plain is not None:
            read.append((piece, words, plain))
            continue
        if intent.kind not in NOT_A_DEED and _fits(piece, intent):
            read.append((piece, words, intent))
            continue
        same_run = bool(read) and read[-1][0].part == piece.part
        if same_run:  # "ask Berta about Tam" + "the key": one clause
            before, said, _ = read.pop()
            glued = f"{said}, {piece.text}" if piece.strong else f"{said} and {piece.text}"
            again = understand_clause(glued, actor, state, campaign, language=language)
            read.append((before, glued, again))
            continue
        if _chatter(intent):
            continue  # "Attack the rat. Ugh." — the deed, without the sigh
        return None
    return [intent for _, _, intent in read]


_DEEDS = frozenset({"attack", "cast", "move", "feature", "use", "manoeuvre", "challenge"})
"""What a fighter backs off to do ("back off and cast …")."""
_WONDERED = _DEEDS | {"improvise", "take", "drop", "give", "rest", "hold"}
"""Deeds that a clause ending in "?" only wonders about, among other clauses."""
_GOES = re.compile(r"^\W*(?:i\s+|we\s+)?(?:go|walk|step|head)(?:es|s)?\s+(?:up|over)\s+to\b", re.I)
"""Going up to a place: a move of its own when it names a way, not a setting-up clause."""
_WITH = re.compile(r"^\W*(?:(?:and|then)\s+)*with\b", re.IGNORECASE)
"""A clause that only names another weapon ("… and then with my dagger")."""
_COMING = re.compile(r"^\W*(?:i\s+|then\s+|and\s+)*come\s+(?:back\s+)?(?:down|up)\W*$", re.I)
"""Coming back to where the others are, said before what is done there."""
_UNKNOWN_SPELL = re.compile(r"^\W*(?:i\s+)?cast\s+(.+?)(?:\s+(?:on|at|upon)\s+.*)?$", re.IGNORECASE)
"""A clause that casts a spell the game does not know by that name."""

_NAMED_MOVE = re.compile(r"\b(?:hide|hiding|dodge|disengage|dash)\b", re.I)
"""A setting-up clause that names its combat action is one ("duck behind a cask to hide")."""


_THING = re.compile(r"^\W*(?:(?:and|then|also)\s+)*(?:the|that|those|this)\s+\w", re.IGNORECASE)
"""A clause that only names a thing ("… and the waterwheel", "then the tunnel")."""

_ONE_OF = re.compile(r"\d|\b(?:first|second|third|fourth|other|last|one|two|three)\b", re.I)
"""Words that single out one foe of several ("… and goblin 2", "… and the other one")."""


MOTIVE = re.compile(
    r"^\W*(?:(?:i|we)\s+(?:want|need|wish|hope|mean|'d like|would like|am trying|'m trying)|"
    r"so\s+(?:that|it|he|she|they|we|i)\b|to make sure|in order to|because|cause|cos)\b",
    re.IGNORECASE,
)
"""A clause that says why the deed before it is done ("…, i want it alive")."""


def _friends_deed(piece: Piece, actor: str | None, state: GameState) -> bool:
    """A later clause with another party member as its subject ("… then Aria lights the
    way"): that one's deed, not the speaker's (each acts on their own line)."""
    words = piece.text.lower().split()
    if len(words) < 2:
        return False
    first = words[1] if words[0] in ("then", "and", "so") and len(words) > 2 else words[0]
    return any(first == s.name.lower().split()[0] and cid != actor
               for cid, s in state.party.items())  # fmt: skip


def _target_stolen(whole: Intent, read: list[Intent]) -> bool:
    """The whole line's reading took its target from a later clause of another kind
    ("healing word Ivo and then hit the hurt wolf" read whole heals the wolf): the first
    clause, read alone, is the same deed at its own target — the cut is right."""
    same = [c for c in read if c.kind == whole.kind]
    if len(read) < 2 or not same or not whole.target:
        return False  # (or from an earlier one: "inspire Ione and healing word Cass")
    others = {t for c in read if c.kind != whole.kind for t in c.targets}
    return whole.target in others and all(whole.target not in c.targets for c in same)


def _same(one: Intent, other: Intent) -> bool:
    """The whole line's reading is this clause's (the whole may have taken its target from
    a later clause: "second wind, then hit rat 2" read whole aims the feature at the rat)."""
    if one.kind != other.kind:
        return False
    return one.target == other.target or not one.target or not other.target


def _fits(piece: Piece, intent: Intent) -> bool:
    """A piece cut off by a weak joint ("and", a comma) stands alone only when it says
    what is done — it has its own verb, or asks — not when it merely names ("the rat")."""
    if intent.kind == "move" and intent.target:
        return True  # "… and then head straight down": tried once what comes before is done
    if intent.acts and intent.confidence < 0.6:
        return False  # "we get rooms": a deed with nothing to do it to
    if piece.strong:
        return True
    return intent.kind == "question" or (intent.confidence >= 0.7 and not intent.alternatives)


def _chatter(intent: Intent) -> bool:
    """A piece that says nothing the game acts on, and names nothing."""
    return intent.kind == "ask" and not intent.targets and not intent.alternatives
