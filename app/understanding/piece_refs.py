"""Whom and what a later clause of a line points back at: "then shoot it" is the foe the
clause before named, "then take it" the thing just spoken of, "bandage him up" after "check
Bram's wounds" is Bram, "hit the other one" the foe the clause before did not strike, "slit
its throat" that rat's. :mod:`.pieces` reads each clause with these words put in."""

from __future__ import annotations

import re
from dataclasses import replace

from app.understanding.clauses import ARMED, Piece, mentions_back, refer_back
from app.understanding.describing import the_other
from app.understanding.intent import Intent
from app.understanding.words import monster_kinds
from app.world.campaign import Campaign
from app.world.state import GameState
from app.world.view import exits_here
from app.world.wording import the


def names_of(state: GameState, campaign: Campaign | None) -> dict[str, str]:
    """Every name a clause may point back at, by id."""
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


_OTHER = re.compile(r"\b(?:the other|another)(?: one| \w+)?\b", re.IGNORECASE)
"""A later clause's "the other one": of two foes, the one the clause before did not name
(or "another one": any but that one)."""
_ANOTHER = re.compile(r"\banother\b", re.IGNORECASE)


def _last_struck(read: list[tuple[Piece, str, Intent]], state: GameState) -> str | None:
    """The foe the latest clause aimed at one named (a feature between them aside)."""
    return next((str(r.target) for _, _, r in reversed(read) if r.target in state.creatures),
                None)  # fmt: skip


_ITS = re.compile(r"\bits\b", re.IGNORECASE)
"""A foe's "its" in a later clause ("slit its throat"): the foe the clause before named."""
_HARM = re.compile(
    r"\b(?:shoot|shoots|hit|hits|attack|attacks|stab|stabs|strike|strikes|slash|slashes|"
    r"smite|smites|kill|kills|fire at|fires at|blast|blasts|flame|flames|hack|hacks|slit|slits|"
    r"cut|cuts|slice|slices|pierce|pierces|bash|bashes|crush|crushes)\b",
    re.IGNORECASE,
)
"""Deeds that harm: a friend just helped is not who "then shoot her" is aimed at."""


def _harms(words: str) -> bool:
    """A clause that harms: a deed of harm, or a weapon turned on someone ("rapier on her",
    "rapier her")."""
    armed = ARMED.search(words)
    if armed is None:
        return bool(_HARM.search(words))
    after = words[armed.end() :]
    wielded = re.match(r"\W*(?:(?:and|then|i)\s+)*$", words[: armed.start()], re.I) is not None
    return (
        bool(_HARM.search(words))
        or re.match(r"\s+(?:on|at|into)\b", after) is not None
        or (wielded and re.match(r"\s+(?:her|him|it|them)\b", after) is not None)
    )  # ("rapier her": the weapon said as the blow)


def _person_in(text: str, state: GameState) -> str | None:
    """The one member of the party a clause names ("Bram's wounds"), if one alone."""
    said = text.lower()
    named = [pid for pid, sheet in state.party.items()
             if re.search(rf"\b{re.escape(sheet.name.lower())}\b", said)]  # fmt: skip
    return named[0] if len(named) == 1 else None


_SOMEONE = re.compile(r"\b(?:him|her|them|he|she|they)\b")
"""Words for a person or a creature, never for a thing carried."""


_HANDLED = re.compile(
    r"^\W*(?:(?:and|then|i)\s+)*(?:take|grab|pick up|pocket|use|drink|read|open|light|"
    r"check|look at|examine|(?:we |i )?(?:go|head|crawl|climb|walk|step|squeeze)s? "
    r"(?:through|into|down|up|along|in) it)\b",
    re.IGNORECASE,
)
"""A clause that does something with a thing ("then take it")."""
_COVERED = frozenset({"cover", "hide", "dodge"})
"""Manoeuvres whose target is the thing one gets behind: never the "her" of a later blow."""


_ON_THEM = re.compile(
    r"\b(?:(?P<what>[a-z]+) on|biting|bites|attacking|chewing(?: on)?|clawing(?: at)?|"
    r"gnawing(?: on)?|next to|beside|hurting|fighting|that hurt|that bit|(?:that|who)'?s on|"
    r"(?:that|who) is on)\s+(?:him|her|them)\b",
    re.IGNORECASE,
)
"""A friend just named, pointed back at as whom a foe is on ("… and hit the rat biting her",
"… the goblin on her"): the friend, though the clause harms (the foe)."""


def _on_them(words: str, state: GameState) -> bool:
    """The clause points back at a friend as the one a foe is set on."""
    kinds = {w.lower() for c in state.creatures.values() for w in c.name.split()} | {"one"}
    return any(
        found["what"] is None or found["what"].lower().rstrip("s") in kinds
        for found in _ON_THEM.finditer(words)
    )


_GONE_IN = re.compile(
    r"^\W*(?:and\s+)?(?:then\s+)?(?:i\s+|we\s+)?(?:crawl|go|head|climb|step|squeeze|duck|slip|"
    r"wriggle|venture)s?\s+(?:in|inside|into|through)\W*$",
    re.IGNORECASE,
)
"""Going in, with no place said ("… then crawl in"): into what was just spoken of."""


def pointed_back(
    words: str, read: list[tuple[Piece, str, Intent]], state: GameState,
    campaign: Campaign | None,
) -> str:  # fmt: skip
    """The clause with what it points back at put in, from the clauses read before it."""
    last = read[-1][2] if read else None
    if last is not None and last.kind == "feature" and not last.targets and len(read) > 1:
        last = read[-2][2]  # "hit the wolf, then action surge and hit it again": the wolf
        read = read[:-1]
    behind = last is not None and last.kind == "manoeuvre" and last.action in _COVERED
    spoken_of = last is not None and last.kind == "talk" and bool(last.topic)
    given = names_of(state, campaign).get(last.item or "") if last and last.kind == "give" else None
    if given and re.search(r"\bit\b", words) and not _SOMEONE.search(words):
        # "wren toss me the locket, then i tie it to the bell": the locket, not who has it
        return refer_back(words, the(given))
    if spoken_of and last is not None and _GONE_IN.match(words):
        # "ask Tam about the tunnel and then crawl in": into the tunnel spoken of
        words = f"{words.strip()} the {str(last.topic).replace('_', ' ')}"
    elif spoken_of and mentions_back(words) and _HANDLED.match(words) and last is not None:
        # "ask Anselm about the salve then take it": the thing spoken of, not the man
        words = refer_back(words, f"the {str(last.topic).replace('_', ' ')}")
    elif (
        last is not None
        and mentions_back(words)
        and last.target
        and not behind
        and not (last.target in state.party and _harms(words) and not _on_them(words, state))
        and not (last.target == last.item and (_SOMEONE.search(words) or _harms(words)))
        and not (last.target == last.actor and _SOMEONE.search(words))
        and not (last.kind == "talk" and not _SOMEONE.search(words))
    ):  # ("cure Cass then shoot her": not Cass; "drink a potion then stab him" or "… and
        # shoot a fire bolt at it": not the potion;
        # "guidance on myself and then talk to him": not oneself; "ask her about the key, then
        # force it open": "it" is never the one spoken to)
        # (not the barrels one took cover behind: "get behind the pews then flame her")
        names = names_of(state, campaign)
        words = refer_back(words, names.get(read[-1][2].target or "", ""))
    elif (
        last is not None
        and not last.target
        and _SOMEONE.search(words)
        and (whose := _person_in(read[-1][0].text, state)) is not None
        and whose not in (last.actor, last.character)
    ):  # "check Bram's wounds and bandage him up": Bram, whose wounds they are (never the
        # one who acts: "Wren runs to the young man and drags him out")
        words = refer_back(words, state.name_of(whose))
    elif (struck := _last_struck(read, state)) is not None and _OTHER.search(words):
        # "hit goblin 1, then action surge and hit the other one": not goblin 1;
        # "… and hit another one": any but that one (the weakest of the rest)
        second = the_other(state, struck, any_of_them=bool(_ANOTHER.search(words)),
                           living=_harms(words))  # fmt: skip
        if second is not None:
            words = _OTHER.sub(state.name_of(second), words, count=1)
    elif (
        last is not None
        and last.target in state.creatures
        and _ITS.search(words)
        and _HARM.search(words)
    ):
        # "sneak up on the snoozing rat and slit its throat": that rat's
        words = _ITS.sub(state.name_of(str(last.target)), words, count=1)
    elif (
        last is not None
        and last.kind == "examine"
        and last.target
        and _NO_OBJECT.match(words)
        and (_OVER.search(words) or last.target in {e.to for e in exits_here(state, campaign)})
    ):
        # "look at the causeway, then start across": across the causeway looked at (but
        # "look at the tracks then go in": in by the way in, not into the tracks)
        name = names_of(state, campaign).get(last.target, "")
        words = f"{words.rstrip(' .!')} {name}" if name else words
    elif read and _NO_OBJECT.match(words) and campaign is not None:
        # "tie my rope between us so nobody gets swept off the causeway, then we start
        # across": across the thing of the place the clause before spoke of (in, up or down
        # it only when it is a way on: "kick in the trapdoor and jump down")
        scene = campaign.scenes.get(state.scene.id)
        said = read[-1][0].text.lower()
        ways = {n.lower() for e in exits_here(state, campaign) for n in (e.name, *e.aliases)}
        named = [f.name for f in (scene.features.values() if scene else ())
                 if re.search(rf"\b{re.escape(f.name.lower())}\b", said)
                 and (_OVER.search(words) or f.name.lower() in ways)]  # fmt: skip
        words = f"{words.rstrip(' .!')} the {named[0]}" if len(named) == 1 else words
    return words


_NO_OBJECT = re.compile(
    r"^\W*(?:(?:and|then)\s+)*(?:i\s+|we\s+)?\w+\s+(?:across|over|through|inside|in|up|down)\W*$",
    re.I,
)
"""A clause that goes without saying what it goes across or into ("start across")."""


_OVER = re.compile(r"\b(?:across|over|through)\W*$", re.I)
"""A way said that needs what it is across or through."""


_WIELDED = re.compile(r"\b(?:with|using)\s+(?:my|the|his|her|their|a|an)?\s*(?:\w+\s+)?\w+")
"""How a blow is struck ("with the battleaxe"): no word of whom."""
_WHOM_SAID = re.compile(
    r"\b(?:at|on|the|a|an|that|this|those|these|him|her|them|it|one|other|another|next|"
    r"nearest|closest)\b"
)
"""Words that say whom a blow is aimed at."""


def kept_on(intent: Intent, before: list[Intent], words: str, state: GameState) -> Intent:
    """A second blow that names nobody goes where the first went, while that foe stands
    ("throw my handaxe at skeleton 1 and then charge in with the battleaxe"); marked
    ``each``, so it keeps that foe when its turn comes to be carried out."""
    steps = [r for r in before if not (r.kind == "feature" and not r.targets)]
    last = steps[-1] if steps else None  # (past "… then action surge and …")
    if intent.kind != "attack" or last is None or last.kind != "attack" or not last.target:
        return intent
    foe = state.creatures.get(last.target)
    if foe is None or foe.vitals.hp <= 0 or intent.targets == last.targets:
        return intent
    said = _WIELDED.sub(" ", words.lower())
    if _WHOM_SAID.search(said):
        return intent  # "… then attack the boss": whom it says
    named = {w for c in state.creatures.values() for w in c.name.lower().split()}
    if set(re.findall(r"[a-z]+", said)) & (named | monster_kinds()):
        return intent  # "… and dagger rat 2", "… then hit grubnak too"
    return replace(intent, targets=last.targets, extra=(*intent.extra, "each"))


_ROUND_ABOUT = re.compile(
    r"\b(?:around|round|about|room|place|everything|everywhere|his|her|their|him|them)\b"
)
"""A look at the whole place, or at someone ("check that bite on his ankle"), not at the
thing."""


def looked_closer(intent: Intent, last: Intent | None, words: str, state: GameState) -> Intent:
    """A look at nothing the game knows, just after a deed at a thing, is at that thing
    ("drift over to the trapdoor and crouch to look closer at the claw marks")."""
    if intent.kind != "examine" or intent.targets or last is None or not last.targets:
        return intent
    thing = last.targets[0]
    if thing in state.party or thing in state.creatures or _ROUND_ABOUT.search(words.lower()):
        return intent
    if last.kind not in ("improvise", "examine", "take", "use"):
        return intent
    return replace(intent, targets=(thing,))


def way_named(said: list[str], state: GameState, campaign: Campaign) -> str | None:
    """The one way out of here that earlier clauses speak of ("… about the tunnel")."""
    scene = campaign.scenes.get(state.scene.id)
    if scene is None:
        return None
    text = " ".join(said).lower()
    ways = {e.to for e in scene.exits
            for name in (e.name, *e.aliases)
            if len(name) > 3 and re.search(rf"\b{re.escape(name.lower())}\b", text)}  # fmt: skip
    return ways.pop() if len(ways) == 1 else None
