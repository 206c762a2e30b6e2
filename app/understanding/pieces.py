"""A line cut into pieces (:mod:`.clauses`), each read as a clause in the context of the
ones before it: a piece that points back ("then shoot it") is read with the earlier
clause's target, one with no verb borrows the one before, one that only sets up the next
("raises her holy symbol and …") or says why ("…, i want it alive") is let go, a piece
that is no clause of its own ("… and the key") is glued back to the one before, and a
clause that cannot be done is kept to be said plainly (:mod:`.chaining`).
:mod:`.line` proposes the cuts and keeps a cut only where its pieces read as deeds.
"""

from __future__ import annotations

import re
from dataclasses import replace

from app.understanding import calling
from app.understanding.chaining import USING, plainly
from app.understanding.clauses import (
    ARMED,
    QUOTED_SPEECH,
    Piece,
    by_the_way,
    mentions_back,
    others_deed,
    own_deed,
    refer_back,
)
from app.understanding.elision import after_move, bare_deed, borrowed_verb, done_elsewhere, gone_on
from app.understanding.going import ONLY_WAY
from app.understanding.intent import Intent
from app.understanding.joining import (
    BACKING_OFF,
    FENDING,
    SPOKEN_DEEDS,
    TERMS,
    knocks_out,
    spell_alone,
)
from app.understanding.parse import freely, understand_clause
from app.understanding.piece_fit import (
    bonus_heal,
    called_friend,
    chatter,
    fits,
    friends_deed,
    handed_on,
    in_hand,
    motive,
    plainer_in_a_run,
    the_spells_blow,
    unfolded,
    unheard,
)
from app.understanding.piece_refs import kept_on, looked_closer, names_of, pointed_back, way_named
from app.understanding.piece_words import BARE_FOE, BLOW, GONE_TO, OF_MYSELF, ONE_OF, THING
from app.understanding.question_shapes import asked_again
from app.understanding.rewording import SO_THAT
from app.understanding.telling import goes_on_telling
from app.world.campaign import Campaign
from app.world.state import GameState

PRELUDE_VERBS = (
    "raise", "draw", "drew", "get out", "take out", "pull out", "ready", "readie", "hold up",
    "hold out", "walk up to", "walk over to", "step up to", "step over to", "go up to",
    "go over to", "run over to", "run up to", "rush over to", "hurry over to", "race over to",
    "scramble over to", "approach", "kneel", "lean", "turn to", "point", "keep", "unsling", "nock",
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
    + r"|(?:get|take|pull|whip|bring)(?:s|ting|ing)? (?:my|his|her|their|the) \w+(?: \w+)? out"
    + r")\b",
    re.IGNORECASE,
)
"""A clause that only sets up the next ("raises her holy symbol and blesses Bram", "gets
out her tools and works on the padlock", "walks up to Berta and asks …"): story, not a
deed of its own, when a deed follows it."""
NOT_A_DEED = frozenset({"ask", "foreign", "refuse", "help"})
"""Readings that are no clause of their own: a piece read so is glued to the one before."""


_MY_PLAN = re.compile(
    r"^\W*(?:and\s+)?if (?:he|she|they)\b.*\b(?:i'll|ill|i will|i'm going to|then i|we'll)\s",
    re.IGNORECASE,
)
"""What the speaker will do if the one asked cannot help ("… and if she hasn't got it I'll
just pick the lock"): a deed of the speaker's, not terms put to them."""


def read_pieces(
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
    held = ""  # a weapon or missile taken up in a setting-up clause, for a later "it"
    aside = ""  # a sigh or a cry let go, which a question after it may be about
    hands = [p for p in pieces if in_hand(p)]  # "a blade in one hand, one in the other"
    hands = hands if len(hands) < len(pieces) else []

    def reader(text: str, where: GameState = state) -> Intent:
        return understand_clause(text, actor, where, campaign, language=language)

    hailed = ""  # a friend just called by name ("… Thorin, stand guard"): the next words
    for at, piece in enumerate(pieces):  # are theirs
        said_to, hailed = (replace(piece, text=f"{hailed}, {piece.text}") if hailed else piece), ""
        next_of_it = at + 1 < len(pieces) and pieces[at + 1].part == piece.part
        if read and piece.strong and next_of_it and (hailed := called_friend(piece, actor, state)):
            continue  # (a name opening its sentence, not one of a list: "bless Ione and Wren")
        if by_the_way(pieces, at, bool(read)) or piece in hands:
            continue  # "…, quick!": how fast; "… in? like an outside door": asked again
        if read and read[-1][2].kind not in NOT_A_DEED and _OUTCOME_WATCHED.match(piece.text):
            continue  # "stab rat 3 and see if it wakes": the deed's outcome, told by the game
        words = piece.text
        last = read[-1][2] if read else None
        mocked = last is not None and last.kind == "cast" and last.spell == "vicious_mockery"
        if mocked and QUOTED_SPEECH.fullmatch(words.strip(" ,.;:!?")):
            continue  # "vicious mockery on the one in front, 'you smell like a tidepool'":
            # the spell's own words, not words to the foes besides
        if held and mentions_back(words) and (last is None or not last.target):
            words = refer_back(words, held)
            held = ""
        words = pointed_back(words, read, state, campaign)
        if last is not None and last.kind == "question":  # "… and what's Ivo's?"
            words = asked_again(words, last, read[-1][1], state)
        spoken_to = last is not None and last.kind in ("talk", "give")  # ("give the old
        about = _ABOUT.match(piece.text) if spoken_to else None  # fellow a cake and ask …")
        if about is not None and last is not None and last.target:
            # "ask Berta about the scratching and then about the cellar": a second question
            names = names or names_of(state, campaign)
            asked = f"ask {names.get(last.target, '')} about {about.group(1)}"
            again = understand_clause(asked, actor, state, campaign, language=language)
            if again.kind == "talk" and again.target == last.target:
                read.append((piece, asked, replace(again, text=piece.text)))
                continue
        if read and read[-1][2].kind == "attack" and _FOLLOW_UP.match(piece.text):
            before, said, last = read.pop()  # "slash at rat 2 … and follow up with my dagger"
            read.append((before, said, replace(last, action="both")))
            continue
        filled = borrowed_verb(piece.text, words, [(s, r) for _, s, r in read], reader)
        intent = understand_clause(filled or words, actor, state, campaign, language=language)
        intent = gone_on(intent, filled or words, [r for _, _, r in read], state, reader)
        intent = bare_deed(intent, words, bool(read), reader)  # "we rest, then cross"
        sent = calling.sent_named(f"{piece.text}!", state) if intent.kind == "move" else None
        if sent:  # "go home corin! …": his going, told him (or that he is gone)
            intent = replace(understand_clause(f"talk to {sent}", actor, state, campaign),
                             text=piece.text, topic=None)  # fmt: skip
        if aside and intent.kind == "question" and re.search(r"\b(?:that|it|this)\b", words):
            intent = replace(intent, text=f"{aside}, {intent.text}")
        aside = ""
        if intent.kind == "question" and last is not None and last.kind == "talk" and last.target:
            # "tam r u ok? how many goblins are there": still asked of Tam, if his to answer
            names = names or names_of(state, campaign)
            again = understand_clause(f"{names.get(last.target, '')}, {words}", actor, state,
                                      campaign, language=language)  # fmt: skip
            if again.kind == "talk" and again.target == last.target and again.topic:
                intent = replace(again, text=piece.text)
        intent = plainer_in_a_run(intent, piece, pieces)
        if (
            last is not None
            and intent.kind == last.kind == "feature"
            and intent.action == last.action
            and (not intent.targets or not last.targets)
        ):
            if intent.targets:  # ("By the light, begone! I turn undead": one turning)
                before, said, _ = read.pop()
                read.append((before, said, replace(last, targets=intent.targets)))
            continue  # "turn undead!! begone foul things": the same turning, said twice
        friend = read[-1][2].target if read else None
        if intent.kind == "talk" and not intent.targets and friend in state.party:
            continue  # "check on aria, u ok girl?": words to her, in passing
        put_to = read[-1][2] if read and at > 0 and pieces[at - 1].asked else None
        if (
            put_to is not None
            and put_to.kind == "talk"
            and put_to.targets
            and (intent.kind == "improvise" and OF_MYSELF.match(piece.text))
        ):  # "Do you like music, Nessa? I play the fiddle.": told of oneself, in the talk
            continue
        taken = {r.item for _, _, r in read if r.kind == "take" and r.item}
        if intent.kind in ("give", "use") and intent.item in taken and intent.note:
            # "grab the salve and give it to Bram": carried by then
            intent = replace(intent, note="", confidence=0.9)
        beyond = (
            filled is not None and after_move(intent) and any(r.kind == "move" for _, _, r in read)
        )  # ("… down to the harbour then out to the strand": a way of the place reached)
        if filled is not None and intent.kind in NOT_A_DEED and not beyond:
            intent = understand_clause(words, actor, state, campaign, language=language)
        elif filled is not None:
            words = filled  # "… then at the trapdoor": the verb of the clause before
            if intent.kind == read[-1][2].kind == "attack" and _WITH.match(piece.text):
                # "stab rat 1 with my shortsword and then with my dagger": both blades
                before, said, last = read.pop()
                read.append((before, said, replace(last, action="both")))
                continue
        if read and not piece.strong and goes_on_telling(read[-1][0].text, piece.text):
            continue  # "yell at the young man to wake up and fight them": his to do
        found = _found_by(last, piece.text, campaign) if intent.kind in _TAKING else None
        if found is not None:  # "search under the flagstone and then take whatever's there"
            intent = Intent(kind="take", text=piece.text, actor=actor, targets=(found,),
                            item=found, confidence=0.8)  # fmt: skip
        dashed = last is not None and last.action == "dash" and not last.targets
        if dashed and intent.kind == "move":  # "run!! back down the causeway": one run for it
            read[-1] = (read[-1][0], read[-1][1], replace(intent, action="dash"))
            continue
        acted = any(r.kind in ("attack", "cast", "use") for _, _, r in read)
        if acted and intent.kind == "manoeuvre" and intent.action == "dash" and not intent.targets:
            # "burning hands on the survivor then run": away with the movement left
            intent = replace(intent, action="withdraw")
        same = intent.kind == "challenge" and last is not None and last.kind == "challenge"
        if same and last is not None and intent.targets == last.targets:
            if intent.extra[:1] == ("crept",):  # "sneak past the goblins and slip through
                through = replace(intent, kind="move", targets=intent.extra[1:], extra=())
                read.append((piece, words, through))  # the curtain": through it, once past
            continue  # "jams the poker under the hasp and tries to lever it off": one go
        if last is not None and the_spells_blow(piece.text, intent, last, state, actor):
            # "spiritual weapon, and have it smack thrall 1": the spell's own blow
            before, said, cast = read.pop()
            read.append((before, said, replace(cast, targets=intent.targets or cast.targets)))
            continue
        intent = kept_on(intent, [r for _, _, r in read], piece.text, state)
        intent = looked_closer(intent, last, piece.text, state)
        looked = read[-1][2] if read and read[-1][2].kind == "examine" else None
        if looked is not None and looked.targets and THING.match(piece.text):
            # "check the flour sacks and the waterwheel": a look at each thing named
            other = understand_clause(f"look at {piece.text.strip()}", actor, state, campaign,
                                      language=language)  # fmt: skip
            if other.kind == "examine" and other.targets and other.targets != looked.targets:
                read.append((piece, other.text, other))
                continue
        if not read and intent.kind == "ask" and len(pieces) > 2 and _calls(piece, state, actor):
            continue  # "Nessa, tell me about …, then about …": whom the words are to
        kinds = {r.kind for r in intent.alternatives}
        foe = intent.alternatives[0].target if kinds == {"attack"} else None
        bare = (ONE_OF.search(piece.text) or len(piece.text.split()) <= 4) and not BLOW.match(
            piece.text
        )  # "… and the ogre" (not "… and then shoot": a blow of its own)
        if (intent.kind == "ask" and foe and read and read[-1][2].kind == "cast"
                and read[-1][2].targets and bare):  # fmt: skip
            # "eldritch blast at orc 1 and orc 2": one spell, a beam (or a hold) for each
            before, said, last = read.pop()
            more = (foe,) if foe not in last.targets else ()
            aimed = last.targets + more if not spell_alone(said, last) else (foe,)
            read.append((before, f"{said}, {piece.text}", replace(last, targets=aimed)))
            continue
        if intent.kind == "hold" and piece is not pieces[-1] and _JUST_WAIT.match(piece.text):
            continue  # "ok wait, before I do anything …": the table held a moment, no pass
        striking = bool(read) and read[-1][2].kind in ("attack", "cast")
        if striking and foe is not None and _STARTING_WITH.match(piece.text):
            # "go for the ones that aren't hurt yet, start with rat 3": that one first
            before, said, first_deed = read.pop()
            read.append((before, said, replace(first_deed, targets=(foe,))))
            continue
        if (
            striking
            and foe is not None
            and read[-1][2].targets == (foe,)
            and _THE.match(piece.text)
        ):
            continue  # "hit the goblin who isn't the boss, the first one": the same, described
        if knocks_out(intent, read[-1][2] if read else None):
            # "hit the sleeping boss, knock him out": how the blow is struck, not a second
            before, said, blow = read.pop()
            read.append((before, said, replace(blow, extra=("knock_out",))))
            continue
        spoken = bool(read) and (read[-1][2].kind == "talk" or read[-1][2].action in SPOKEN_DEEDS)
        if spoken and TERMS.match(piece.text) and not _MY_PLAN.match(piece.text):
            continue  # "tell him to give up and we'll let him live": the terms, still words
        fighting_words = read and read[-1][2].kind not in ("question", "talk", "help", "hold")
        # ("I'll wait and see what the rats do": waiting, no blow)
        fending = FENDING.search(piece.text)  # ("fend the wolves off him": a guard)
        if intent.kind == "ask" and kinds == {"attack"} and read and fighting_words and not fending:
            # "hide then shoot": a blow at whichever foe, as a bare "attack" is; "hit rat 1
            # and rat 2": struck as the one before was (its verb kept, for the weapon)
            verb = read[-1][1].split()[:1] if read[-1][2].kind == "attack" else []
            told = (
                " ".join([*verb, piece.text])
                if verb and verb[0] != piece.text.split()[0]
                else piece.text
            )
            intent = replace(intent, kind="attack", alternatives=(), confidence=0.7, text=told)
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
                and read[-1][2].kind == "attack"
                and (ONE_OF.search(piece.text) or BARE_FOE.match(piece.text))):  # fmt: skip
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
        named_move = named_move or intent.action == "escape_grapple"  # ("get out of her grip")
        if (
            intent.kind == "improvise"
            and not intent.targets
            and (armed := ARMED.search(piece.text))
        ):
            held = f"the {armed.group(0).lower()}"  # "tosses her dagger from hand to hand,
            # and throws it at …": the dagger
        if piece is not pieces[-1] and _PRELUDE.match(piece.text) and not named_move:
            armed = ARMED.search(piece.text)  # "nocks an arrow and puts it into …": the arrow
            held = f"the {armed.group(0).lower()}" if armed is not None else held
            gone_to = GONE_TO.search(piece.text)  # "runs over to the young man and shakes
            held = gone_to.group(1).lower() if gone_to is not None else held  # him awake"
            continue  # setting up what follows: the next clause is the deed
        if piece is not pieces[-1] and intent.kind == "move" and _COMING.match(piece.text):
            continue  # "come back down and talk to Wendel": to the one who is here
        elsewhere = after_move(intent) or done_elsewhere(piece.text, state, campaign)
        if read and elsewhere and any(r.kind == "move" and r.target for _, _, r in read):
            read.append((piece, words, intent))  # "… and talk to Wendel": read there
            continue
        purposed = at > 0 and not piece.strong and bool(SO_THAT.search(pieces[at - 1].text))
        if read and (motive(piece) or purposed):  # "…, i want it alive", "… so
            continue  # ale floods the floor and the rats slip": why, not a second deed
        if (
            len(pieces) > 1
            and piece.asked
            and intent.kind in WONDERED
            and intent.action != "insight"
        ):
            continue  # "tie him up? nah, …", "… playing dice?": wondered aloud, not done
        friends = bool(read) and friends_deed(said_to, actor, state)
        asked_all = piece.asked and intent.kind == "question" and " " in piece.text.strip()
        if (
            not own_deed(piece) or others_deed(piece.text) or friends
        ) and not asked_all:  # ("anyone
            # hurt? …": a question of two words or more, asked of the table, no one's deed)
            handed = handed_on(said_to, actor, last, state, friends) if read else None
            if handed is not None:  # "…, then he reads the rune": his, when his player's
                theirs = understand_clause(handed[1], actor, state, campaign, language=language)
                if _deed_of(theirs, handed[0]):
                    read.append((piece, words, theirs))
            continue  # "… before we go down", "… and he heaves the door": not this deed
        if piece.subordinate and read and (read[-1][2].kind == "rest" or ONLY_WAY in intent.extra):
            continue  # "short rest before we go up", "a prayer … before we go": for after it
        moved = any(r.kind == "move" for _, _, r in read)  # a way out already taken
        plain = plainly(piece, intent, actor, state, bool(read) and not moved, len(pieces) > 1)
        if plain is not None:
            read.append((piece, words, plain))
            continue
        if intent.kind == "ask" and intent.action == "in" and read and campaign is not None:
            # "ask Tam about the tunnel, then head in": in by the way just spoken of
            way = way_named([p.text for p in pieces[:at]], state, campaign)
            if way is not None:
                intent = Intent(kind="move", text=piece.text, actor=actor, targets=(way,),
                                confidence=0.8)  # fmt: skip
        if (intent.kind == "manoeuvre" and intent.action == "dash" and read
                and _AWAY.search(piece.text)):  # fmt: skip
            intent = replace(intent, action="withdraw")  # "shoot thrall 1 then run back"
        backing = intent.kind == "move" and bool(BACKING_OFF.search(piece.text))
        if backing and state.encounter is not None and read:
            # "fire bolt on rat 2 and then back away up the stairs": a step back out of
            # reach after the deed, not the whole party fleeing the fight
            intent = replace(intent, kind="manoeuvre", action="withdraw", targets=())
        quick = bonus_heal(intent, [r for _, _, r in read], state, actor)
        if quick is not None:  # "turn undead then heal wren": the heal left is the quick one
            whom = re.sub(r"^\W*(?:\w+ )?(?:heal|heals|patch up|patches up|fix up)\s+", "", words)
            intent = understand_clause(f"cast {quick} on {whom}", actor, state, campaign)
        if intent.kind == "ask" and len(pieces) > 1 and not piece.asked:
            # "mend that torn net while we talk": a deed the game has no word for, among others
            loose = freely(intent, state, campaign, language=language)  # (one too slight
            intent = loose if fits(piece, loose) or not chatter(intent) else intent  # to
            # stand alone is passed over: "…, straightens his cap, and peers into …")
        if intent.kind not in NOT_A_DEED and fits(piece, intent):
            read.append((piece, words, intent))
            continue
        if intent.kind == "help" and piece.asked and read:
            # "ione climbs up. what can i do with the bell?": asked, and answered, in turn
            read.append((piece, words, replace(intent, kind="question")))
            continue
        same_run = bool(read) and read[-1][0].part == piece.part
        if same_run:  # "ask Berta about Tam" + "the key": one clause
            before, said, was = read.pop()
            glued = f"{said}, {piece.text}" if piece.strong else f"{said} and {piece.text}"
            again = understand_clause(glued, actor, state, campaign, language=language)
            lost = again.kind == "ask" and again.confidence < 0.4 and was.confidence >= 0.7
            # ("down we go, Thorin first with the torch": the going stands, not lost in it)
            read.append(
                (before, said, was) if lost and was.kind != "ask" else (before, glued, again)
            )
            continue
        if chatter(intent):  # "Attack the rat. Ugh.": without the sigh, kept for a question
            garbled = unheard(piece.text, intent, bool(read))  # next ("ugh im poisoned, what
            read += [(piece, words, garbled)] if garbled else []  # does that even do?"); a
            aside = "" if garbled else piece.text  # deed not made out is said so, not dropped
            continue
        return None
    both = len(hands) > 1 or any("each" in p.text.lower() for p in hands)
    return unfolded([replace(i, action="both") if both and i.kind == "attack" and not i.action
                     else i for _, _, i in read], state)  # fmt: skip


_AWAY = re.compile(r"\b(?:back|away|off|clear|out of reach)\b", re.IGNORECASE)
"""Running after a deed that only takes the runner away: a step back, not the Dash."""


def _calls(piece: Piece, state: GameState, actor: str | None) -> bool:
    """The piece is only a person here called by name ("Nessa", "Brother Anselm")."""
    name = piece.text.strip(" ,!")
    return len(name.split()) <= 2 and bool(calling.called(f"{name},", state, actor))


DEEDS = frozenset({"attack", "cast", "move", "feature", "use", "manoeuvre", "challenge"})
"""What a fighter backs off to do ("back off and cast …")."""
WONDERED = DEEDS | {"improvise", "take", "drop", "give", "rest", "hold"}
"""Deeds that a clause ending in "?" only wonders about, among other clauses."""
_GOES = re.compile(r"^\W*(?:i\s+|we\s+)?(?:go|walk|step|head)(?:es|s)?\s+(?:up|over)\s+to\b", re.I)
"""Going up to a place: a move of its own when it names a way, not a setting-up clause."""
_ABOUT = re.compile(
    r"^\W*(?:(?:and|then|also|too)\s+)*(?:(?:ask|asks|asking|tell me|tells)\s+"
    r"(?:(?:him|her|them|again|too|also)\s+)?)?(?:all\s+)?about\s+(.+?)\W*$",
    re.IGNORECASE,
)
"""A clause that asks the person just spoken to about something more ("… then about the
cellar", "… and ask her about her mam")."""
_WITH = re.compile(r"^\W*(?:(?:and|then)\s+)*with\b", re.IGNORECASE)
"""A clause that only names another weapon ("… and then with my dagger")."""
_OUTCOME_WATCHED = re.compile(
    r"^\W*(?:and\s+)?(?:then\s+)?(?:i\s+|we\s+)?(?:see|check|watch|wait and see)\s+"
    r"(?:what happens|how (?:it|he|she|they) (?:reacts?|takes it)|(?:if|whether) (?:it|he|she|"
    r"they|that|the \w+) (?:wakes?|stirs?|works?|dies|moves?|breaks?|opens?|budges?|holds?|"
    r"reacts?|notices?|falls?|drops?))\b"
)
"""Watching what a deed does ("… and see if it wakes"): its outcome, no deed of its own."""
_FOLLOW_UP = re.compile(
    r"^\W*(?:(?:and|then)\s+)*(?:i\s+)?follows?(?: it| that)? up with (?:my|his|her|the) \w+",
    re.IGNORECASE,
)
"""A blow's second blade ("… and follow up with my dagger")."""
_COMING = re.compile(r"^\W*(?:i\s+|then\s+|and\s+)*(?:come|comes|came|coming)\s+"
                     r"(?:back(?:\s+(?:down|up|out))?|down|up|out)\W*$", re.I)  # fmt: skip
"""Coming back to where the others are (or out of where one only looked), said before
what is done there."""
_UNKNOWN_SPELL = re.compile(r"^\W*(?:i\s+)?cast\s+(.+?)(?:\s+(?:on|at|upon)\s+.*)?$", re.IGNORECASE)
"""A clause that casts a spell the game does not know by that name."""

_NAMED_MOVE = re.compile(r"\b(?:hide|hiding|dodge|disengage|dash)\b", re.I)
"""A setting-up clause that names its combat action is one ("duck behind a cask to hide")."""

_WHATEVER = re.compile(
    r"\b(?:take|grab|pick up|pocket|get)\s+(?:whatever|what(?:'s| is)?|anything|it|them)\b",
    re.IGNORECASE,
)
"""Taking what a deed turns up, unnamed ("take whatever's there", "grab it")."""
_TAKING = frozenset({"take", "ask", "improvise"})


def _found_by(last: Intent | None, text: str, campaign: Campaign | None) -> str | None:
    """The thing a challenge gives when it goes well, taken in the clause after it."""
    if last is None or last.kind != "challenge" or campaign is None or not _WHATEVER.search(text):
        return None
    spec = campaign.challenges.get(last.target or "")
    items = spec.success.give_items if spec is not None else []
    return items[0] if items else None


_JUST_WAIT = re.compile(r"^\W*(?:(?:ok|okay|oh|um|hmm)\W+)+wait\W*$", re.I)
_THE = re.compile(r"^\W*(?:the|that|this)\b", re.I)
"""A piece that only describes someone ("the first one")."""
_STARTING_WITH = re.compile(r"^\W*(?:and\s+)?(?:start|starting|begin|beginning)\s+with\b", re.I)
"""Which foe comes first, said after the deed ("…, start with rat 3")."""


def _deed_of(intent: Intent, member: str) -> bool:
    """The clause reads surely as a deed of that party member's."""
    return (
        intent.actor == member
        and intent.kind not in NOT_A_DEED | {"question"}
        and intent.confidence >= 0.7
    )
