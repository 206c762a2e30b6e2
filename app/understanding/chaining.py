"""How a clause of a several-action line leans on the ones before it, and what a clause
that cannot be done becomes instead of silence.

- A clause with no verb of its own borrows the one before ("I look at the hearth *then at
  the trapdoor*", "stab rat 1 with my shortsword *and then with my dagger*", "go to the bar
  and then *down the trapdoor*").
- Going over to something in the room ("go to the bar") is a step within the scene, said,
  not a way out.
- After a move to another place, a clause about who or what is *there* ("go up to the
  lighthouse and talk to Wendel") is read again once the party has arrived.
- A clause the player plainly meant but that cannot be done — a feature the character does
  not have ("I rage"), a spell it does not know, a potion not carried, a thing not here, a
  way that is not there ("head into the cave") — is said plainly, never dropped.
- Clauses that tell one deed twice are one ("charge rat 1 and hit it", "short rest. I play
  a song while everyone patches up"); "hit it twice" is two blows.
- "Smash both skeletons" is one blow at each; several questions called to one person
  ("Berta, could you lend us a lamp? and is there another way in?") are each answered.
"""

from __future__ import annotations

import re
from dataclasses import replace

from app.understanding.clauses import Piece, mentions_back, propose, refer_back
from app.understanding.far_places import FAR
from app.understanding.intent import Intent
from app.understanding.spells import not_known
from app.understanding.table_words import DEMANDS, WAR_CRY
from app.understanding.vocabulary import ENGLISH
from app.understanding.words import normalise, verb_at
from app.world.state import GameState
from rules.features import features

_GOING = re.compile(
    r"^\W*(?:i\s+|we\s+|then\s+)*(?:go|walk|head|step|move|wander|stroll|cross|get|run|hurry|"
    r"rush|jog|race|dash|sprint)\s+"
    r"(?:over\s+|up\s+|back\s+)?(?:to|towards|toward)\s+(.+)$",
    re.IGNORECASE,
)
"""Going over to something ("go to the bar", "walk over to the hearth")."""


def approach(text: str, intent: Intent, state: GameState) -> Intent | None:
    """Going over to something of the scene ("go to the bar"): a step within it, as an
    examine that only says so (``action="approach"``); ``None`` for anything else."""
    going = _GOING.match(text)
    campaign = state.campaign
    if going is None or intent.kind not in ("ask", "examine") or campaign is None:
        return None
    scene = campaign.scenes.get(state.scene.id)
    if scene is None:
        return None
    place = going.group(1).strip(" .,!?")
    said = f" {normalise(place)} "
    for fid, spec in scene.features.items():
        names = {spec.name.lower(), fid.replace("_", " "), *(a.lower() for a in spec.aliases)}
        if any(f" {normalise(n)} " in said for n in names if n):
            return Intent(kind="examine", text=text, actor=intent.actor, targets=(fid,),
                          action="approach", confidence=0.8)  # fmt: skip
    words = [w for w in normalise(place).split() if w not in ("the", "a", "an", "my", "our")]
    scenery = f" {normalise(scene.description)} "
    if intent.kind == "ask" and 0 < len(words) <= 3 and f" {' '.join(words)} " in scenery:
        # "go to the bar": no feature of the game, but the room the author wrote has one
        return Intent(kind="examine", text=text, actor=intent.actor, action="approach",
                      extra=(" ".join(words),), confidence=0.8)  # fmt: skip
    return None


_FEATURE_WORDS = re.compile(
    r"^\W*(?:i\s+|then\s+)*(?:use\s+|activate\s+|go\s+into\s+a\s+|fly\s+into\s+a\s+)?"
    r"(?:my\s+)?(.+?)\W*$",
    re.IGNORECASE,
)


def missing_feature(text: str, actor: str | None, state: GameState) -> Intent | None:
    """A clause that is only a class feature the character does not have ("I rage" said
    by a fighter): said plainly (``action="unable"``), not dropped."""
    sheet = state.party.get(actor or "")
    match = _FEATURE_WORDS.match(text)
    if sheet is None or match is None:
        return None
    said = normalise(match.group(1))
    for fid, spec in features().entries.items():
        if spec.action == "passive" or sheet.has(fid):
            continue
        phrases = {spec.name.lower(), *ENGLISH.features.get(fid, ())}
        if said in {normalise(p) for p in phrases} | {f"{normalise(p)}s" for p in phrases}:
            return Intent(kind="ask", text=text, actor=actor, action="unable", confidence=0.7,
                          note=f"{sheet.name} has no {spec.name} — it is not one of "
                               f"{sheet.name}'s features")  # fmt: skip
    return None


def nowhere(intent: Intent) -> Intent | None:
    """A clause that goes, with no way of that name from here ("head into the cave"):
    asked back with the ways there are, not dropped."""
    if intent.kind == "ask" and (intent.note == "where to?" or intent.note.startswith(FAR)):
        return replace(intent, kind="move", confidence=0.3)  # ("… lets go down to the strand",
    return None  # two places on: told the way there)


_BOTH = re.compile(r"\b(?:both|all)\b", re.IGNORECASE)


def both_foes(read: list[Intent], state: GameState) -> list[Intent]:
    """ "Smash both skeletons": an attack clause at both (or all) foes of a kind is one
    attack clause at each of them, in order."""
    out: list[Intent] = []
    for clause in read:
        out.append(clause)
        if clause.kind != "attack" or not _BOTH.search(clause.text) or len(clause.targets) > 1:
            continue
        foe = state.creatures.get(clause.target or "")
        if foe is None:
            continue
        kind = foe.monster or foe.name.rstrip(" 0123456789")
        alike = [
            cid for cid, c in state.creatures.items()
            if (c.monster or c.name.rstrip(" 0123456789")) == kind and c.vitals.hp > 0
            and not c.left and c.encounter == foe.encounter
        ]  # fmt: skip
        if len(alike) < 2:
            continue
        out[-1] = replace(clause, targets=(alike[0],), extra=(*clause.extra, "each"))
        out += [replace(out[-1], targets=(cid,)) for cid in alike[1:4]]
    return out


def questions_to(whom: tuple[str, ...], asked: list[str], talk: Intent) -> list[Intent]:
    """Several questions called to one person ("Wren, are you hurt? and how did the door
    open?"): one clause of words to them per question, each answered in turn (marked
    ``extra=("asked",)`` so the referee keeps it as words to that person)."""
    return [replace(talk, text=words, targets=whom, topic=None, extra=("asked",), then=())
            for words in asked]  # fmt: skip


USING = re.compile(r"^\W*(?:i\s+)?(?:drink|quaff|down|use|apply|swig|gulp|pop)\b", re.I)
"""A clause that uses something carried (or not)."""


BACKING = re.compile(r"^\W*(?:i\s+|then\s+)*(?:back\s+(?:off|away)|step\s+back)\b", re.I)
"""Backing off from a foe before a deed ("back off and cast …"): a step, not a threat."""


def plainly(
    piece: Piece, intent: Intent, actor: str | None, state: GameState, later: bool, several: bool
) -> Intent | None:
    """A clause of a several-action line read as what it plainly asks, though it cannot
    be done or read alone: going over to something here, a way that is not there, a
    feature the character lacks, a potion not carried, backing off before a deed."""
    if not several:
        return None
    if intent.kind in ("ask", "examine"):
        found = approach(piece.text, intent, state)
        if found is not None:
            return found
    if intent.kind == "ask" and not intent.alternatives:
        found = missing_feature(piece.text, actor, state) or (nowhere(intent) if later else None)
        if found is not None:
            return found
    if intent.kind == "manoeuvre" and intent.action == "cover" and intent.note:
        who = state.name_of(actor) if actor else "Nobody"  # "… then duck behind the sack"
        return Intent(kind="ask", text=piece.text, actor=actor, action="unable", confidence=0.7,
                      note=f"{who} finds no cover: {intent.note}")  # fmt: skip
    if intent.kind == "use" and intent.note and USING.match(piece.text):
        return replace(intent, confidence=0.7)  # "drink my potion …" with none: said so
    if intent.kind == "cast" and intent.spell and "does not know" in intent.note:
        return Intent(kind="ask", text=piece.text, actor=actor, action="unable", confidence=0.7,
                      note=not_known(state, actor, intent.spell))  # fmt: skip
        # ("cast bless and then shoot …")
    if intent.kind in _THINGS and intent.confidence < 0.6 and intent.note and piece.strong:
        # "take the poker from the hearth and …", "… then give him the locket": not here
        who = state.name_of(actor) if actor else "Nobody"
        said = piece.text.strip(" .,!?")
        said = re.sub(r"^(?:i|then|and|i'll)\s+", "", said, flags=re.IGNORECASE)
        return Intent(kind="ask", text=piece.text, actor=actor, action="unable", confidence=0.7,
                      note=f"{who} cannot {said}: {intent.note}")  # fmt: skip
    if state.encounter is not None and intent.kind == "improvise" and BACKING.match(piece.text):
        return Intent(kind="manoeuvre", text=piece.text, actor=intent.actor, action="withdraw",
                      confidence=0.9)  # fmt: skip
    return None


_THINGS = frozenset({"take", "give", "drop", "use"})
"""Deeds done with a thing: one that is not here, or not carried, is said so."""

_ASKS = re.compile(
    r"^\W*(?:and\s+|also\s+|so\s+)?(?:what|where|who|whom|whose|why|how|when|which|is|are|"
    r"was|were|do|does|did|has|have|had|can|could|would|will|should|may|might)\b",
    re.IGNORECASE,
)
"""A clause put as a question ("and is there any other way into the cellar?")."""


def questions(talk: Intent, rest: str, state: GameState) -> Intent | None:
    """Several questions called to one person ("Berta, could you lend us a lamp? and is
    there any other way in?"): words to them per question, each answered in turn."""
    if not talk.target:
        return None
    pieces = [p for p in propose(rest) if p.text.strip(" ,.!?")]
    if len(pieces) < 2 or len(pieces) > 4 or not all(_ASKS.match(p.text) for p in pieces):
        return None
    asked = [p.text for p in pieces]
    npc = state.campaign.npcs.get(talk.target) if state.campaign is not None else None
    for at in range(1, len(asked)) if npc is not None else ():
        said = f" {normalise(asked[at - 1])} "
        key = next((k for k in npc.topics if f" {k} " in said), None)  # type: ignore[union-attr]
        if key and mentions_back(asked[at]):  # "… and has anyone else heard it?": the bell
            asked[at] = refer_back(asked[at], f"the {key}")
    first, *others = questions_to((talk.target,), asked, talk)
    return replace(first, then=tuple(others))


TWICE = re.compile(
    r"\b(?:twice|two times|2x|x2|both times|(?:two|2|a couple of|a pair of) (?:quick )?"
    r"(?:arrows|shots|bolts|swings|strikes|blows|hits|stabs|slashes|cuts|attacks))\b",
    re.IGNORECASE,
)
"""A blow said twice in one clause ("hit grubnak twice", "shoot it twice", "two arrows at
thrall 1")."""


def flourishes(read: list[Intent], state: GameState, story: bool) -> list[Intent]:
    """In a fight, a bodily flourish on the way to a blow — a tumble, a leap onto a pew,
    bones kicked aside, a war-cry, creeping up on the foe struck — is how the blow is
    struck, not a check of its own ("Ione leaps up onto the nearest pew and sends an arrow
    into the robed figure's back") — told as ``story`` (a paragraph's), or creeping up on
    the very foe struck."""
    if state.encounter is None:
        return read
    out: list[Intent] = []
    for at, clause in enumerate(read):
        blows = [c for c in read[at + 1 :] if c.kind in ("attack", "cast", "feature")
                 or c.extra[:1] == ("knock_out",)]  # fmt: skip
        foes = [t for t in clause.targets if t in state.creatures]
        struck = {t for c in blows for t in c.targets}
        bodily = clause.kind == "improvise" and clause.action in _FLOURISH
        creeping = clause.action == "stealth" and bool(foes) and set(foes) <= struck
        crept = clause.action == "stealth" and not foes and _CREPT_OVER.match(clause.text)
        creeping = creeping or bool(crept and blows)  # "sneak over and stab the sleeper"
        if bodily and blows and ((story and not foes) or creeping):
            continue  # (a short line's "jump onto the throne and stab down" asks for both)
        crying = clause.kind == "improvise" and clause.action == "intimidation"
        if crying and blows and WAR_CRY.search(clause.text) and not DEMANDS.search(clause.text):
            continue  # "Thorin bellows a war cry and charges rat three!": the blow's cry
        if crying and blows and _GLARED.match(clause.text):
            continue  # "Aria glares at the last rat and flicks a mote of fire at it": a look
        turned = any(c.kind == "feature" and c.action == "turn_undead" for c in read[:at])
        if turned and _DRIVEN_BACK.match(clause.text):
            continue  # "present my holy symbol and drive the dead back": the turning itself
        struck_before = any(c.kind in ("attack", "cast") for c in read[:at])
        if struck_before and clause.kind == "talk" and _DEDICATED.match(clause.text):
            continue  # "… and cleave him, for Aria!": the blow's cry, no words to the foe
        out.append(clause)
    return out or read


_GLARED = re.compile(
    r"^\W*(?:i\s+|[a-z]+\s+)?(?:glare|glares|stare|stares|scowl|scowls|glower|glowers|"
    r"sneer|sneers|narrows? (?:her|his|my) eyes)\b",
    re.IGNORECASE,
)
"""A look at the foe before the blow ("glares at the last rat"): how it is struck."""


def played_along(read: list[Intent], state: GameState) -> list[Intent]:
    """Deeds that belong to the words or the feature beside them: a tune played along with
    words (:func:`_along`), a breath caught with Second Wind, rest bidden to the one just
    spoken to, a walk up to the one then spoken to, and lying down in a fight to do
    something there ("lie down next to Mira and play dead": no rest)."""
    read = _walked_up(_rest_bidden(_breath_with_wind(_along(read, state))))
    if state.encounter is None:
        return read
    return [
        c
        for n, c in enumerate(read)
        if not (c.kind == "rest" and n + 1 < len(read) and read[n + 1].kind != "ask")
    ] or read


_WALK_UP = re.compile(
    r"^\W*(?:i |we )?(?:walk|go|step|come|stroll|wander|head|march|saunter|amble)s? up"
    r"(?:\s+(?:to (?:her|him|them)|\w+ly))?\W*$",
    re.IGNORECASE,
)


def _walked_up(read: list[Intent]) -> list[Intent]:
    """ "I walk up and ask if her family is out tonight": walking up to the one then spoken
    to, not the way up out of the place."""
    out = [c for n, c in enumerate(read)
           if not (c.kind == "move" and _WALK_UP.match(c.text) and n + 1 < len(read)
                   and read[n + 1].kind == "talk" and read[n + 1].targets)]  # fmt: skip
    # "then go over and examine the trapdoor": the walk to the thing the next clause is at
    out = [c for n, c in enumerate(out)
           if not (c.kind == "move" and not c.targets and _WALK_OVER.match(c.text)
                   and n + 1 < len(out) and out[n + 1].kind in _AT_A_THING
                   and out[n + 1].targets)]  # fmt: skip
    return out or read


_WALK_OVER = re.compile(
    r"^\W*(?:then |and )?(?:i |we )?(?:walk|go|step|stroll|wander|head|amble|cross)(?:s|es)? "
    r"(?:over|across)\b"
)
"""A walk over with no way named ("go over"), to a thing of the room."""
_AT_A_THING = frozenset({"talk", "examine", "challenge", "improvise", "take", "use"})


_BID_REST = re.compile(
    r"^\W*(?:(?:and|now|so)\s+)*(?:(?:you|u) (?:should |must |need to |go )?|go |do )?"
    r"(?:get|have|take|grab) (?:some|a|a bit of|a good) (?:rest|sleep|kip|nap)\b|"
    r"^\W*(?:go )?(?:rest|sleep) (?:well|easy|now|a while|up)\b",
    re.IGNORECASE,
)


def _rest_bidden(read: list[Intent]) -> list[Intent]:
    """Rest bidden to the one just spoken to ("thanks wendel. get some rest. we go back
    down"): the words to them, no rest of the party's."""
    out: list[Intent] = []
    for clause in read:
        spoken = bool(out) and out[-1].kind == "talk" and bool(out[-1].targets)
        if spoken and clause.kind == "rest" and _BID_REST.match(clause.text):
            continue
        out.append(clause)
    return out or read


_BREATH = re.compile(r"\b(?:catch(?:es|ing)?|get|gets|take|takes)\s+(?:my|his|her|a)\s+"
                     r"(?:breath|breather)\b", re.IGNORECASE)  # fmt: skip


def _breath_with_wind(read: list[Intent]) -> list[Intent]:
    """A breath caught beside Second Wind ("I catch my breath, second wind"): the feature
    told twice, no rest of an hour."""
    if not any(c.kind == "feature" and c.action == "second_wind" for c in read):
        return read
    kept = [c for c in read if not (c.kind == "rest" and _BREATH.search(c.text))]
    return kept or read


def _along(read: list[Intent], state: GameState) -> list[Intent]:
    """A tune played on one's own instrument as words are said to someone ("Wren strums her
    fiddle and asks Nessa about the bell"): the music goes with the words, no Performance
    check of its own (a tune played *for* someone stays one)."""
    npcs = state.campaign.npcs if state.campaign is not None else {}
    out: list[Intent] = []
    for at, clause in enumerate(read):
        played = clause.kind == "improvise" and clause.action == "performance"
        for_no_one = not any(t in state.creatures or t in npcs for t in clause.targets)
        talk_next = at + 1 < len(read) and read[at + 1].kind == "talk"
        if played and for_no_one and talk_next:
            continue
        out.append(clause)
    return out or read


_CREPT_OVER = re.compile(
    r"^\W*(?:i\s+|[a-z]+\s+)?(?:sneaks?|creeps?|tiptoes?|slips?|steals?|sidles?|edges?)"
    r"\s+(?:over|up|across|in|forward|closer|round|around|behind)\b",
    re.IGNORECASE,
)
"""A creep to the foe the next clause strikes ("sneak over and stab …"): the blow's way."""
_DRIVEN_BACK = re.compile(
    r"^\W*(?:(?:and|then)\s+)*(?:drives?|forces?|push(?:es)?|sends?|turns?|scares?|chases?|"
    r"makes?)\b.*\b(?:back|away|off|flee|run|cower)\b",
    re.IGNORECASE,
)
"""The dead driven off, told after the turning ("… and drive the dead back"): its effect."""
_DEDICATED = re.compile(r"^\W*(?:and\s+)?for\s+(?:\w+\s*){1,3}[!.]*\s*$", re.IGNORECASE)
"""A blow's dedication said after it ("for Aria!", "for the Dawn")."""


_DEMANDED = re.compile(
    r"^\W*(?:(?:and|then|now)\s+)*(?:drop|throw down|put down|lay down|toss down|give up|"
    r"surrender|yield|stand down|back off|go back|go home|go away|return to|leave us|"
    r"begone|be gone|rest)\b",
    re.I,
)
"""What a foe is told to do, said among the words of a demand ("… throw down that spoon")."""


def _called_out(clause: Intent) -> bool:
    """A foe called by what it is, no blow said ("hey you, last one!"): words of the
    demand, read as a blow only because they name a foe."""
    said = normalise(clause.text)
    if clause.kind != "attack" or len(said.split()) > 3:
        return False
    return not any(verb_at(said, verb) >= 0 for verb in ENGLISH.verbs["attack"])


def one_demand(read: list[Intent]) -> list[Intent]:
    """A demand for surrender told in several breaths ("OI SAUCEPAN! drop the spoon and
    surrender and maybe we let ya keep your ears"): one threat, at the one the words are
    put to — the words around it, and what the foe is told to drop, are part of it."""
    cowing = [c for c in read if c.kind == "improvise" and c.extra[:1] in (("cow",), ("sway",))]
    if not cowing or len(read) < 2:
        return read
    told = ("improvise", "move", "rest", "manoeuvre")  # ("go back to the sea and rest": theirs)
    words = [c for c in read if c.kind == "talk" or (c.kind in told and c not in cowing
             and _DEMANDED.match(c.text)) or _called_out(c)]  # fmt: skip
    if len(words) + len(cowing) != len(read):
        return read  # a deed besides the words: each as said
    spoken = [c for c in [*cowing, *words] if c.kind in ("talk", "improvise", "attack")]
    whom = next((t for c in spoken for t in c.targets if t), None)  # (not a way's: "go back")
    threat = cowing[0]
    return [replace(threat, targets=threat.targets or ((whom,) if whom else ()))]


def ambush(read: list[Intent], state: GameState) -> list[Intent]:
    """Out of a fight, a sneak the campaign rules as slipping past the foes here, said
    before a blow at those very foes ("i hide in the shadows then shoot the goblin on the
    left"): the blow from hiding, at foes still unaware of the party — nobody slips past
    them first."""
    campaign = state.campaign
    if state.encounter is not None or campaign is None or len(read) < 2:
        return read
    out: list[Intent] = []
    for at, clause in enumerate(read):
        spec = campaign.challenges.get(clause.target or "") if clause.kind == "challenge" else None
        later = read[at + 1 : at + 2]
        sneaking = spec is not None and spec.skill is not None and spec.skill.value == "stealth"
        if sneaking and later and later[0].kind in ("attack", "cast") and spec is not None:
            fight = campaign.encounters.get(spec.failure.start_encounter or "")
            names = (
                {campaign.monster(g.monster).name.lower() for g in fight.monsters} if fight else ()
            )
            if any(re.search(rf"\b{re.escape(n)}s?\b", later[0].text.lower()) for n in names):
                continue
        out.append(clause)
    return out or read


_FLOURISH = frozenset({"athletics", "acrobatics", "intimidation", "stealth"})
"""Checks a clause of story in a fight may read as, which the blow after it makes moot."""


def ran_in(read: list[Intent]) -> list[Intent]:
    """ "runs over and smacks the rat": a run to a blow is the walk to the foe (the blow's
    own move), not the Dash action that would leave no action for the blow."""
    first = read[0] if read else None
    dashed = first is not None and first.kind == "manoeuvre" and first.action == "dash"
    helping = len(read) > 1 and read[1].extra[:1] == ("help",)  # "i run over and help wren"
    gripping = len(read) > 1 and read[1].kind == "manoeuvre" and read[1].action in _HANDS_ON
    struck = len(read) > 1 and (read[1].kind == "attack" or read[1].extra[:1] == ("knock_out",))
    if dashed and len(read) > 1 and not read[0].targets and (struck or helping or gripping):
        return read[1:] if _RUN_OVER.match(read[0].text) else read
    stepped = first is not None and first.kind == "manoeuvre" and first.action == "withdraw"
    if stepped and struck and _DARTED.search(read[0].text) and not _SHOT.search(read[1].text):
        return read[1:]  # "darts behind Thorin and stabs rat 3": a step to strike from
    return read


_HANDS_ON = frozenset({"grapple", "shove_prone", "shove_away", "stabilize"})
"""What a run to someone is for: hands laid on them ("run over and grab grubnak")."""
_RUN_OVER = re.compile(
    r"^\W*(?:i\s+|[a-z]+\s+)?(?:runs?|rush(?:es)?|dash(?:es)?|hurr(?:y|ies)|sprints?|races?)"
    r"\s+(?:over|up|across|in|forward)\W*$",
    re.IGNORECASE,
)
"""A run with no place named ("runs over"): to the foe the next clause strikes."""
_DARTED = re.compile(
    r"\b(?:darts?|ducks?|slips?|steps?|weaves?|sidesteps?|spins?|rolls?)\s+"
    r"(?:in\s+)?(?:behind|around|past|round|under|beside)\b"
)
"""A quick step round a friend or a foe, said on the way to a blow."""
_SHOT = re.compile(r"\b(?:shoot|shoots|fire|fires|loose|looses|bow|crossbow|throw|throws)\b")
"""A blow from afar, which a step back serves."""


def twice(read: list[Intent]) -> list[Intent]:
    """ "hit Grubnak twice": an attack clause said twice is two attack clauses (the second
    is made if the turn has room: Extra Attack, Action Surge)."""
    out: list[Intent] = []
    for clause in read:
        out.append(clause)
        if clause.kind == "attack" and TWICE.search(clause.text):
            out.append(clause)
    return out
