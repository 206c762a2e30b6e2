"""A whole line read as the clauses it holds: the first clause's :class:`Intent`, with
the clauses after it in ``then`` — each read in the context of the ones before it.

:func:`understand` first settles the forms a whole line takes (a line taken back, a deed
"and if he drops" another, a gesture in asterisks, a paragraph of story around one deed),
then proposes cuts (:mod:`.clauses`), has the pieces read as clauses (:mod:`.pieces`), and
keeps a cut only where the pieces read as things a player does or asks; when the cut finds
fewer than two deeds the line is read whole. Last, a line read as nothing the game knows
is read again as a deed it has no word for (:func:`.parse.freely`).
"""

from __future__ import annotations

import re
from dataclasses import replace

from app.understanding import calling, chaining, folding, whom_meant
from app.understanding.addressing import quoted_to_friend
from app.understanding.again import joined, repeated
from app.understanding.bare import AT_THROAT
from app.understanding.blow_offered import blow_with_the_offer
from app.understanding.cancelled import without_cancelled
from app.understanding.clauses import QUOTED_SPEECH, mentions_back, propose, refer_back
from app.understanding.cut_or_whole import aimed_after, plainer, same, target_stolen, waited_on
from app.understanding.darts import is_darts, shared_darts
from app.understanding.features import BONUS_MOVES, names_a_feature
from app.understanding.fight_moves import fight_moves
from app.understanding.fighting_words import CARRIES_NO
from app.understanding.in_turn import in_turn
from app.understanding.intent import Intent
from app.understanding.paragraph import FIGHT_PARAGRAPH, FIGHTING, PARAGRAPH, paragraph
from app.understanding.parse import SPLITTING, freely, understand_clause
from app.understanding.piece_fit import a_groan, both_at_one, chatter
from app.understanding.pieces import DEEDS, NOT_A_DEED, WONDERED, read_pieces
from app.understanding.places import as_place
from app.understanding.plans import as_readied, for_now, if_down, on_the_way, put_off
from app.understanding.pointing import pointed
from app.understanding.question_shapes import of_mine
from app.understanding.readings import FOR_THE_TABLE, HEARS, MOOD, SURPRISED
from app.understanding.readying import readied_after
from app.understanding.said_to_foes import to_foes
from app.understanding.scope import one_scope_per_reading
from app.understanding.second_thoughts import CHANGED_MIND, second_thought
from app.understanding.slips import second_look
from app.understanding.spell_asked import with_spell_asked
from app.understanding.threats import SPOKEN_SKILLS, threatened
from app.understanding.torn import first_look
from app.understanding.vocatives import A_NAME, called_nobody, opens_with_foes, to_them_all
from app.understanding.voicing import (
    as_told,
    out_of_character,
    own_name_asked,
    told_of_the_actor,
    why_them_dropped,
)
from app.understanding.words import normalise
from app.world import view
from app.world.campaign import Campaign
from app.world.state import GameState


@one_scope_per_reading
def understand(
    text: str,
    actor: str | None,
    state: GameState,
    campaign: Campaign | None,
    *,
    language: str | None = None,
) -> Intent:
    """Read one line typed as ``actor``: its first action, and the rest in ``then``."""
    # "try again": the speaker's last line, anew; "I go too": what another just did
    text = repeated(text, actor, state) or joined(text, actor, state) or text
    text = out_of_character(text)  # ("… and then, out of character, how much is the reward?")
    text = why_them_dropped(text, state)  # ("Ione, you go up, you're lightest")
    text = own_name_asked(as_told(text), actor, state)  # ("Sela's better at this. She …")
    text = told_of_the_actor(text, actor, state)  # ("Ione sits. She says …")
    text, friend = quoted_to_friend(text, state, actor)
    if friend is not None and len(re.findall(r"\w+", text)) <= 3:  # "Ivo, shaking: 'Sela,
        own = state.name_of(actor) if actor else "your character"  # should we run for it?'"
        return Intent(kind="ask", text=text, actor=actor, confidence=0.2,
                      note=f"{friend}{HEARS}said in passing, nothing happens in the story. "
                           f"What does {own} do?")  # fmt: skip
    read = second_look(text, lambda t: _line(t, actor, state, campaign, language=language), state)
    read = with_spell_asked(freely(read, state, campaign, language=language))
    aimed = whom_meant.named_at_the_end([read, *read.then], text, actor, state, campaign)
    aimed = blow_with_the_offer(aimed, text, state)  # "I offer him… *throws it at his face*"
    head, *rest = fight_moves(whom_meant.heard_by_the_awake(aimed, state), state)  # (to one awake)
    return replace(head, then=tuple(rest))


def _line(
    text: str,
    actor: str | None,
    state: GameState,
    campaign: Campaign | None,
    *,
    language: str | None = None,
) -> Intent:
    cancelled = without_cancelled(text, actor, lambda t: _understand(t, actor, state, campaign))
    if cancelled is not None:  # "never mind ringing it. I hack at the beam": only the beam
        return cancelled
    second = second_thought(
        text, lambda t: _understand(t, actor, state, campaign, language=language)
    )
    if second is not None:  # "fire bolt... no, ray of frost", "I shoot... wait which rat …?"
        return second
    text = on_the_way(text)  # ("I hum a little tune while we walk": no going of its own)
    down = if_down(text, lambda t: _understand(t, actor, state, campaign, language=language))
    if down is not None:  # "magic missile on grubnak, and if he drops, fire bolt …"
        return down
    head, colon, tail = text.partition(":")
    if colon and tail.strip() and names_a_feature(head):
        # "action surge: hit goblin 1 then goblin 2": the feature, then what it is used for
        feature = _understand(head, actor, state, campaign, language=language)
        deed = _understand(tail, actor, state, campaign, language=language)
        bonus = deed.kind == "manoeuvre" and deed.action in BONUS_MOVES  # "cunning action: dash"
        if (
            feature.kind == "feature"
            and deed.kind not in NOT_A_DEED | {"feature", "question"}
            and not bonus
        ):
            return replace(feature, then=(replace(deed, then=()), *deed.then))
    if EMOTE.fullmatch(text.strip()):
        mood = _mood(text, actor, state, campaign, language)
        if mood is not None:  # "*hums nervously*", "*sighs*": how the character is, told
            return mood
    if any(_MINE.search(m.group(0)) for m in EMOTE.finditer(text)):
        text = text.replace("*", " ")  # "*then I swing my mace at it*": a deed, no gesture
    bare = EMOTE.sub(" ", text).strip()
    if bare and bare != text.strip():
        starred = " ".join(m.group(0).strip("*") for m in EMOTE.finditer(text))
        gesture = (
            _understand(starred, actor, state, campaign, language=language)
            if state.encounter is not None
            else None
        )
        if gesture is not None and gesture.kind in ("attack", "cast") and gesture.confidence >= 0.7:
            return replace(gesture, text=text)  # "get off her! *swings at it*": the blow
        said = _understand(bare, actor, state, campaign, language=language)
        said = pointed(said, starred, lambda t: _understand(t, actor, state, campaign))
        if said.kind not in NOT_A_DEED | {"talk", "question"}:
            return replace(said, text=text)  # "drop your weapons! *raises sword*": the words
        if said.kind in ("talk", "question"):
            # "*bows low* Mighty Grubnak, what would it take…": a gesture that is no deed
            # of its own only colours the words ("*hands her the key* here" is a deed)
            gesture = gesture or _understand(starred, actor, state, campaign, language=language)
            if gesture.kind in NOT_A_DEED | {"talk", "question", "examine"}:
                return replace(said, text=text)
    read = as_place(_understand(text, actor, state, campaign, language=language), state, campaign)
    unread = read.kind == "ask" and read.confidence <= 0.3 and not read.then
    if unread or (read.kind not in ("refuse", "foreign") and A_NAME.match(text)):
        nobody = called_nobody(text, state, actor, plainly=not unread)
        if nobody:  # "Gandalf, come over here": a name the story does not know
            return replace(read, kind="refuse", confidence=0.9, note=nobody, targets=(), then=())
    if read.kind != "talk" or read.then:
        return read
    opening = calling.opening(text, state)
    asked = chaining.questions(read, text[opening.end() :], state) if opening is not None else None
    return asked or _by_topics(read, state)


_ASKS = re.compile(
    r"(?:^|[,.;:!]\s*)\W*(?:wh\w*|how\w*|should|shall|can|could|do|does|did|is|are|would|"
    r"will|may|might)\b",
    re.IGNORECASE,
)
"""A line put as a question by the first word of one of its parts ("should we rest before
we go out there", "ok real question, whats dodge do")."""


def _mood(
    text: str,
    actor: str | None,
    state: GameState,
    campaign: Campaign | None,
    language: str | None,
) -> Intent | None:
    """A line that is one gesture between asterisks, at nobody and at nothing ("*hums
    nervously*", "*sighs*", "*fidgets*"): the character's mood, told as it is and costing
    nothing — no check, no turn. ``None`` for a gesture that does something ("*draws
    sword*", "*stares at the sea*") or is aimed at someone."""
    gesture = text.strip().strip("*").strip()
    read = _understand(gesture, actor, state, campaign, language=language)
    if read.targets or read.kind not in ("improvise", "ask") or read.then:
        return None
    if read.kind == "improvise" and not _MOODY.search(gesture) and len(gesture.split()) > 1:
        return None
    who = read.actor or actor
    if who and gesture.split()[0].lower().endswith("s"):  # "sighs": told as typed, by name
        gesture = f"{state.name_of(who)} {gesture}"
    return Intent(kind="ask", text=text, actor=who, confidence=0.2, note=f"{MOOD}{gesture}")


_MOODY = re.compile(
    r"\b\w+ly\b|\b(?:sighs?|shrugs?|fidgets?|grins?|smiles?|frowns?|winces?|"
    r"shivers?|yawns?|hums?|whistles?|mutters?|grumbles?|groans?)\b"
)
"""A gesture told with how it is done ("nervously") or of mood alone ("sighs")."""


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
    blows = chaining.twice([whole])
    return replace(whole, then=tuple(blows[1:])) if len(blows) > 1 and not whole.then else whole


ACTING = frozenset({"challenge", "attack", "cast", "move", "take", "give", "use", "drop",
                    "rest", "manoeuvre", "feature", "improvise"})  # fmt: skip
"""Readings that change the game: never taken from a sentence that only asks about them."""
_SENTENCES = re.compile(r"(?<=[.!?])\s+")


def _only_asked(
    text: str, whole: Intent, actor: str | None, state: GameState, campaign: Campaign | None
) -> bool:
    """Whether the deed read from the whole line is only in its questions ("… can I cut it
    down?"): the line without them reads as something else."""
    text = QUOTED_SPEECH.sub(" ", text)  # a question in the words said asks nothing of the DM
    if "?" not in text:
        return False
    sentences = [s for s in _SENTENCES.split(text.strip()) if s.strip()]
    told = [s for s in sentences if not s.rstrip().endswith("?")]
    if len(told) == len(sentences):
        return False
    if not told:
        return len(sentences) > 1
    return understand_clause(" ".join(told), actor, state, campaign).kind != whole.kind


def _understand(
    text: str,
    actor: str | None,
    state: GameState,
    campaign: Campaign | None,
    *,
    language: str | None = None,
) -> Intent:
    sigh = _SIGH.match(text)
    if sigh is not None and len(sigh.group(1).split()) <= 8 and len(text.split()) <= PARAGRAPH:
        sighed = understand_clause(sigh.group(1), actor, state, campaign, language=language)
        groaned = a_groan(sigh.group(1), sigh.group(2), sighed)  # ("ugh rats.", "NO! I grab …")
        sighing = (chatter(sighed) or groaned) and sighed.character is None  # ("ugh fine. …")
        bids = sighing and not _I_DO.search(sigh.group(2))  # ("Corin! Over here! Fight them!")
        if sighing and not (bids and calling.called(sigh.group(1), state, actor) is not None):
            deed = _understand(sigh.group(2), actor, state, campaign, language=language)
            if chatter(sighed) or deed.kind not in NOT_A_DEED | {"question", "talk"}:
                return deed if deed.then else replace(deed, text=text)  # ("ugh rats. why is
                # it always rats": a groan, no question about a rat)
    first = first_look(  # "hmm, sleep or magic missile?", "before we go, …?", "Dee playing …"
        text, state, lambda t: understand_clause(t, actor, state, campaign),
        lambda t: _understand(t, actor, state, campaign, language=language),
    )  # fmt: skip
    if first is not None:
        return first
    whole = understand_clause(text, actor, state, campaign, language=language)
    if whole.kind in ("refuse", "foreign") or HEARS in whole.note:
        return whole  # nobody's to move, not the game's language, or said to a friend
    called_first = whole.kind == "ask" and re.match(r"^\W*[\w']+\s*[,!]", text) is not None
    if called_first and whole.character not in (None, actor) and state.encounter:
        return whole  # "Cass, heal Ione!" on Wren's turn: Cass's deed, not now (never Wren's)
    if len(text) > 600:  # a long paste: skimmed for its one deed, as a DM would, never cut
        return paragraph(text, whole, actor, state, campaign, language)
    if whole.note in (FOR_THE_TABLE, SURPRISED):
        return whole  # "wait, what", "sorry, my cat walked on the keyboard": no deed in it
    readied = as_readied(text) if state.encounter is not None else None
    if readied is not None:  # "if a rat comes close, I stab it": the Ready action
        return replace(_understand(readied, actor, state, campaign, language=language), text=text)
    if (kept := put_off(propose(text))) is not None:  # "hide, then shoot … next turn"
        return for_now(kept, text, actor, lambda t: _understand(t, actor, state, campaign,
                       language=language), state.name_of(whole.actor or actor or ""))  # fmt: skip
    shouted = whole.kind == "talk" and not state.encounter and opens_with_foes(text, state, True)
    if whole.kind in ("talk", "improvise", "ask", "drop") and (shouted or to_them_all(text, state)):
        # "give up and go home, little guys", "oi goblins! drop the dice": said to the foes
        if whole.kind in ("ask", "drop"):
            return replace(whole, kind="talk", targets=(), item=None, note="", confidence=0.8)
        return replace(whole, then=())
    told = to_foes(
        text, whole, state, lambda t: _understand(t, actor, state, campaign, language=language)
    )
    if told is not None:  # "run, goblin!", "I toss the goblin a coin. take it and run, …"
        return told
    if whole.kind == "ask" and SPLITTING.search(normalise(text)):
        return whole  # "let's split up, Ione goes to the lighthouse and we …": asked back
    if whole.kind == "manoeuvre" and whole.action == "ready":  # (a step told before it first)
        return readied_after(whole, text, lambda t: _understand(t, actor, state, campaign))
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
        blows = chaining.twice([head]) if not head.then else [head]  # "punch orc 1 twice, then …"
        return replace(blows[0], then=(*blows[1:], *head.then, flurry))
    if whole.kind == "cast" and is_darts(whole.spell):
        shared = shared_darts(
            text, whole, lambda who: whom_meant.foe_named(who, actor, state, campaign)
        )
        if shared is not None:
            return shared  # "magic missile, two darts at rat 3 and one at rat 1": one cast
    words = len(text.split())
    if words > PARAGRAPH or (state.encounter is not None and words >= FIGHT_PARAGRAPH):
        told = in_turn(
            text, state, lambda t: _understand(t, actor, state, campaign, language=language)
        )
        if told is not None:
            return told
        # a paragraph of story around one deed, as a DM skims it (in a fight, a shorter
        # one too: "plants himself on the stairs …, and brings it down on the nearest rat")
        whole = paragraph(text, whole, actor, state, campaign, language)
        if whole.note.startswith(MOOD):
            return whole  # "… He looks to the others, unsure": the choice handed back
    short = words <= PARAGRAPH  # (a paragraph's deed is read as a DM skims it, above)
    if whole.kind in ACTING and short and "?" in text and _only_asked(text, whole, actor, state,
                                                                      campaign):  # fmt: skip
        # "ione climbs up. can i cut it down?": the deed is only asked about; the clauses
        # say what is done and what is asked
        whole = replace(whole, kind="ask", targets=(), confidence=0.0, then=())
    sure = whole.kind not in NOT_A_DEED and whole.confidence >= 0.7
    # ("Corin! get up the steps, now! …": a going told to the one called, not the party's)
    called = calling.called(text, state, whole.actor or actor)  # (read once for the line)
    ordered = whole.kind in ("move", "manoeuvre") and called is not None  # ("Corin! run!")
    bidden = whole.kind == "attack" and not _I_DO.search(text)  # (no blow of the speaker's)
    ordered = ordered or (bidden and calling.bidden_to_fight(called, state))
    whom, known = calling.sent_off(text, state) if whole.kind == "move" else (None, False)
    if whom is not None:  # "go on lad, get upstairs to Berta", "go home corin!": only the
        sent_to = understand_clause(f"talk to {whom}", actor, state, campaign)  # one sent goes
        if (sent_to.kind == "talk" and sent_to.targets) or known:
            return replace(sent_to, text=text, topic=None)  # (told so, when they are gone)
    if (whole.kind not in NOT_A_DEED and words > PARAGRAPH and not ordered) or CHANGED_MIND.search(
        text
    ):
        return whole
    if whole.kind == "improvise" and whole.action == "intimidation" and AT_THROAT.search(text):
        return whole  # "dagger at its throat: 'Surrender, or you don't wake up'": the threat
    for in_time_order in (True, False):
        pieces = propose(text, in_time_order=in_time_order)
        if len(pieces) < 2:
            return _doubled(whole)
        # ("wren toss me the locket, then i tie it …": the "i" is the one who types)
        mine = any(_I_FIRST.match(p.text) for p in pieces[1:])
        doer = actor if mine else whole.actor or actor
        read = read_pieces(pieces, doer, state, campaign, language)
        if read is not None:
            break
    else:
        return _doubled(whole)
    unarmed = next((c for c in read if c.kind == "ask" and CARRIES_NO in c.note), None)
    if unarmed is not None:  # "hit it with my longsword, smite if it connects": said first
        return replace(unarmed, text=whole.text)
    who_only = bool(whole.alternatives) and all(
        a.kind in ("attack", "talk") for a in whole.alternatives
    )
    nothing = whole.kind == "ask" and (whole.confidence == 0.0 or who_only)  # (or only whom)
    nothing = nothing and whole.character in (None, actor)  # "Ione nocks an arrow and …"
    offered = {a.target for a in whole.alternatives} if whole.kind == "ask" else set()
    nothing = nothing or bool(read and read[0].confidence >= 0.8 and offered & set(read[0].targets))
    surer = len(read) == 1 and read[0].kind == whole.kind == "attack" and not whole.note
    if (len(read) == 1 and nothing) or (surer and read[0].confidence > whole.confidence):
        # read as nothing whole ("ow. how much hp do i have now?"), or at a foe only
        # described, where the blow's own words name one ("… and stabs grubnak")
        return replace(read[0], text=whole.text)
    if aimed_after(whole, read, [p.text for p in pieces]):
        return whole  # "dagger throw, goblin 2": one throw, at goblin 2
    if both_at_one(whole, read):
        return whole  # "shortsword in one hand, dagger in the other, both at goblin 1"
    if len(read) == 1 and read[0].kind == "attack" and read[0].action == "both":
        return replace(read[0], text=whole.text)  # "… with my shortsword and then my dagger"
    if len(read) == 1 and read[0].kind == "cast" and len(read[0].targets) > len(whole.targets):
        return replace(read[0], text=whole.text)  # "eldritch blast at orc 1 and orc 2"
    if len(read) == 1 and read[0].kind == "rest" and any(p.subordinate for p in pieces):
        return replace(read[0], text=whole.text)  # "short rest before we go back up"
    waited = waited_on(text, whole)  # ("we eat before we go near the lighthouse": not gone yet)
    if waited is not None and not read:
        return understand_clause(waited, actor, state, campaign, language=language)
    other = len(read) == 1 and (read[0].kind, read[0].target) != (whole.kind, whole.target)
    if waited is not None and other:  # "I go to the lighthouse before we rest", "check
        return replace(read[0], text=whole.text)  # outside before we go down"
    wondered = [p for p in pieces if p.asked]
    if len(read) == 1 and wondered and whole.kind in WONDERED and read[0].kind != whole.kind:
        return replace(read[0], text=whole.text)  # "tie him up? nah just fire bolt him"
    ran = whole.kind == "manoeuvre" and whole.action == "dash" and not whole.targets
    ran = ran and not calling.a_friend_called(called, state)  # (not "Tam, run for the stairs!")
    to_someone = read[0].kind == "talk" and bool(read[0].targets) if read else False
    if len(read) == 1 and ran and (read[0].kind in WONDERED - {"rest", "hold", "manoeuvre"}
                                   or to_someone):  # fmt: skip
        return replace(read[0], text=whole.text)  # "run in and drag him away from them"
    if len(read) < 2 and not ordered and not plainer(whole, read):
        return whole
    threat = whole.kind == "improvise" and whole.action in SPOKEN_SKILLS
    # (a bare foe named is read as a blow: "surrender or die, rats" is still one threat)
    spoken = not any(c.kind in DEEDS - {"attack"} for c in read)
    if threat and spoken and all(len(c.text.split()) <= 2 for c in read[1:]):
        # "YIELD, GOBLIN!", "surrender or die, goblins": the threat, with whom it is at
        at = [t for c in (whole, *read[1:]) for t in c.targets if t in state.creatures]
        return replace(whole, targets=threatened(at, read[1:], state))
    speech = whole.kind == "talk" and all(c.kind in ("talk", "question") for c in read)
    address = any(len(c.text.split()) <= 2 for c in read)  # "vermin!", "hey rats"
    # ("hi nessa! how many hit points do i have?": the greeting, then the game asked)
    address = address and not any(of_mine(c) for c in read)
    if speech and address and sum(1 for c in read if c.topic) < 2:
        return whole  # "surrender, vermin!", "hey rats, what do you want?": one speech
    stolen = target_stolen(whole, read)
    backing = bool(chaining.BACKING.match(text)) and read[0].action == "withdraw"
    if backing and not any(c.kind in DEEDS for c in read[1:]):
        return whole  # "back off, vermin!": a threat, with no deed after it
    # ("so is there a reward or what? then i pick the lock": asked, then done)
    done_after = any(c.kind not in ("question", "talk", "ask") for c in read)
    asked = whole.kind in ("question", "talk")  # ("Tam, what do they want? then I …")
    asked_then_done = asked and "?" in text.rstrip()[:-1] and done_after
    if (sure and not stolen and not backing and not plainer(whole, read) and not asked_then_done
            and not ordered and not any(same(whole, clause) for clause in read)):  # fmt: skip
        return whole  # the cut reads the line otherwise than whole: it was a wrong cut
    asking = whole.kind == "question" and not re.search(r"[?.!]\s+\S", text)
    asking = asking and (text.rstrip().endswith("?") or bool(_ASKS.search(text)))
    if asking and not all(c.kind == "question" for c in read):
        return whole  # "should we rest before we go out there?" asks; it does not go
    story = words >= FIGHT_PARAGRAPH
    read = chaining.one_demand(chaining.ambush(folding.one_deed(chaining.twice(read)), state))
    read = chaining.ran_in(read)  # "runs over and smacks the rat": the walk to the blow
    read = chaining.flourishes(chaining.both_foes(read, state), state, story)
    read = whom_meant.the_other(read, state)
    read = chaining.played_along(read, state)
    told_around = state.encounter is not None and story and whole.kind in FIGHTING
    if (
        told_around
        and whole.confidence >= 0.7
        and all(c.kind in STORY or same(c, whole) for c in read)
    ):  # "feels the cold of the grave … thrusts her holy symbol …": the turning, told
        return whole
    head, *rest = read
    if called and all(c.kind == "talk" and c.targets == called for c in read):
        return replace(head, then=tuple(rest))  # "Nessa, tell me about …, then about …"
    if called is not None and len(read) == 1 and head.extra[:1] == ("cow",):
        return replace(head, targets=called or head.targets, text=whole.text)  # "OI SAUCEPAN!
        # drop the spoon and surrender": the demand, at the one called
    if called is not None:
        to = called or (whole.targets if whole.kind == "talk" else ())
        opening = calling.opening(text, state)  # (the name called stays with the words)
        said = f"{opening.group(1)}, {head.text}" if opening is not None else head.text
        talk = Intent(kind="talk", text=said, actor=head.actor, character=head.character,
                      targets=to, language=head.language, confidence=0.8)  # fmt: skip
        after_call = text[opening.end() :] if opening is not None else text
        # ("Tam, go upstairs. Then Thorin checks under the stone": the speaker, by name)
        me = re.escape(state.party[actor].name.split()[0]) if actor in state.party else "I"
        own = _I_DO.search(after_call) or re.search(
            rf"[.!?]\s+(?:then\s+)?{me}\s", after_call, re.IGNORECASE
        )
        if not any(_MINE.search(c.text) for c in rest) and not own:
            return replace(talk, text=whole.text)  # "Corin! Can you hear me? Fight them!"
        # ("Corin! hold on! *I nock an arrow and shoot the nearest grey thing*": hers)
        head = talk  # "Corin, hold on! I shoot thrall 1": words, then a deed ("Sister
        words_to = ("talk", "question", "rest")  # Maelis. … Rest now.": hers, not the party's)
        rest = [c for c in rest if _MINE.search(c.text) or c.kind not in words_to]
    return replace(head, then=tuple(rest))


STORY = frozenset({"examine", "talk", "question", "ask", "improvise"})
"""What the clauses of a fight's paragraph read as around its one blow: the story told."""

_SIGH = re.compile(r"^\s*([^.!?\"“']{1,50}[.!?]+)\s+([\w*].*)$", re.DOTALL)
"""A short sentence first ("Ugh, fine.") that may be no more than a sigh before the deed."""
_BEFORE_FLURRY = re.compile(r"(?:,?\s*\b(?:and\s+)?then\b|;|,)\s*(?=(?:\w+\s+){0,3}flurry\b)", re.I)
"""Where a line turns from the blows it lands first to the Flurry of Blows after them."""

_I_DO = re.compile(r"\b(?:i|i'll|i'm|im)\b", re.IGNORECASE)
"""The speaker as the one doing ("… *I nock an arrow* …")."""
_I_FIRST = re.compile(r"^\W*(?:(?:and|then)\s+)*(?:i|i'll|i'm|im)\s", re.IGNORECASE)
_MINE = re.compile(r"\b(?:i|i'll|i'm|im|me|my|myself)\b", re.IGNORECASE)
