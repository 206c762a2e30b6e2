"""A paragraph a player writes around one deed, read as a DM skims it.

Players who write at length set the scene first and end with what they do ("… and she
puts an arrow into him"), or write their character's words in quotes to someone present
("'… Tell me about the chapel.'"). So a paragraph is read: words in quotes to a person
here are talk to them; otherwise its last sentence that says a deed is the deed, and
only failing both is the whole paragraph read as one line.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace

from app.understanding.clauses import ARMED, mentions_back, refer_back
from app.understanding.intent import Intent
from app.understanding.mockery import AT_A_FOE
from app.understanding.paragraph_parts import (
    PURPOSE,
    QUOTED,
    SENTENCE,
    deed_beside_talk,
    opening_blow,
    sure_deeds,
)
from app.understanding.paragraph_parts import parts as story_parts
from app.understanding.parse import understand_clause
from app.understanding.pieces import NOT_A_DEED
from app.understanding.readings import MOOD
from app.understanding.table_words import DEMANDS, WAR_CRY
from app.understanding.threats import SPOKEN_SKILLS
from app.world import view
from app.world.campaign import Campaign
from app.world.state import GameState
from rules.srd import srd


def paragraph(
    text: str, whole: Intent, actor: str | None, state: GameState, campaign: Campaign | None,
    language: str | None,
) -> Intent:  # fmt: skip
    """The deed a long line is about (``whole`` when nothing reads better)."""
    if _undecided(text):  # "… He looks to the others, unsure what they want him to do."
        who = whole.actor or actor
        note = f"{MOOD}{state.name_of(who) if who else 'You'} hesitates, looking to the others"
        return replace(whole, kind="ask", targets=(), confidence=0.2, then=(), alternatives=(),
                       note=note)  # fmt: skip
    if whole.kind in FIGHTING and (told := REPORTED.sub(r"\1", text)) != text:
        # "… and tells him that a sack of sausages beats a cellar full of angry adventurers":
        # what is told is words, no blow; the paragraph read without them
        whole = understand_clause(told, actor, state, campaign, language=language)
        whole = replace(whole, text=text)
    spoken = _spoken_to(text, whole, actor, state, campaign, language)
    if spoken is not None:
        return spoken
    asked = _asks(text, whole, state, campaign)
    if asked is not None:
        return asked
    threat = whole.kind == "improvise" and whole.action in SPOKEN_SKILLS
    if threat and not QUOTED.search(text):  # "… hoping to drop them where they stand": a hope
        threat = any(
            (said := understand_clause(p, actor, state, campaign, language=language)).kind
            == "improvise"
            and said.action in SPOKEN_SKILLS
            for p in story_parts(text)
            if not PURPOSE.match(p)
        )
    if threat and WAR_CRY.search(text) and not DEMANDS.search(text) and not QUOTED.search(text):
        threat = False  # "bellows an old clan war-cry … and charges at the goblin": the blow
    # a blow at a foe named outright at the end outweighs one read on the way there
    named = whole.kind in FIGHTING and bool(whole.targets) and len(text.split()) > PARAGRAPH
    unsure = bool(whole.note)  # "steps over the carcass of the first rat and hacks at …"
    if (
        state.encounter is not None
        and (whole.kind not in FIGHTING or named or unsure)
        and not threat
    ):
        aimed_at = whole.targets[0] if named else None
        blow = _last_blow(text, actor, state, campaign, language, named_only=named,
                          aimed_at=aimed_at)  # fmt: skip
        if blow is not None:
            return blow
    if state.encounter is None and whole.kind not in FIGHTING | {"talk", "question"}:
        opening = opening_blow(text, actor, state, campaign, language)
        if opening is not None:  # "… skids to a halt on the sand, and shoots at the grey
            return opening  # thing": the blow at the foes in view, which opens the fight
    if whole.kind in _DONE_NOT_SAID and QUOTED.search(text):
        speech = _only_said(text, whole, actor, state, campaign, language)
        if speech is not None:  # 'Mira raises her hands: "… friends to go home …"': the
            return speech  # going is in her words, not her deed
    if whole.kind == "manoeuvre" and whole.action in ("dash", "engage"):
        later = _weightier(text, actor, state, campaign, language, SPED_TO)
        if later is not None:  # "sprints to his side. … pours it between his lips": the potion
            return later
    if whole.kind == "challenge":
        later = _weightier(text, actor, state, campaign, language, frozenset({"challenge"}))
        if later is not None and later.targets != whole.targets:
            return later  # "pushes through the thorns … lays her palm on the rune": the rune
    if whole.kind == "improvise" and whole.action == "auto" and not whole.targets:
        ruled = [d for d in sure_deeds(text, actor, state, campaign, language, _TOLD_DEEDS)
                 if d.targets and d.action != "auto"]  # fmt: skip
        if len(ruled) == 1:  # "crouches beside the goblin … winding the cord round its
            return replace(ruled[0], text=text)  # wrists": the binding, not the crouch
    if whole.kind in SETTING_UP and not whole.alternatives:
        weighty = WEIGHTY | {"move"} if whole.kind == "examine" else WEIGHTY  # ("peers into
        # the dark beyond the door. … He steps inside": the going the look was for)
        later = _weightier(text, actor, state, campaign, language, weighty)
        if later is not None:  # "hands his torch to Sela, … and pushes until the door moves"
            return later
    if whole.kind == "talk" and (deed := deed_beside_talk(text, actor, state, campaign,
                                                          language)) is not None:  # fmt: skip
        return deed  # "… gulps down his potion and shouts for Aria to get behind him"
    said_aloud = QUOTED.search(text) or TALKS.search(text) or SAYS_THUS.search(text)
    if whole.kind == "talk" and not said_aloud:
        # "while the others talk I drift over to the fireplace and take a look at it": the
        # talk is others', or a wave on the way; the deed told is the player's
        later = _weightier(text, actor, state, campaign, language, DONE_WHILE_TALKING)
        if later is not None:
            return later
    if whole.kind != "ask":
        return whole  # one deed in the story around it
    plain = re.sub(r"\([^)]*\)", " ", QUOTED.sub(" ", text))  # asides in brackets aside
    for sentence in reversed([s for s in SENTENCE.split(plain) if s.strip()][-3:]):
        read = understand_clause(sentence, actor, state, campaign, language=language)
        outright = not whole.alternatives or read.kind in ("challenge", "attack", "cast")
        if read.kind not in NOT_A_DEED and read.confidence >= 0.7 and outright:
            # (a deed a sentence tells outright beats a choice offered back for the whole)
            return replace(read, text=text)
    deeds = [d for d in sure_deeds(text, actor, state, campaign, language, _TOLD_DEEDS)
             if d.targets]  # "… ties its wrists and ankles with rope …": the tying  # fmt: skip
    return replace(deeds[0], text=text) if len(deeds) == 1 else whole


_TOLD_DEEDS = frozenset({"improvise", "challenge", "cast", "attack", "use", "manoeuvre"})
"""Deeds one part of a paragraph read as nothing whole may tell, sure of them, on a thing."""
_DONE_NOT_SAID = frozenset({"move", "rest", "take", "drop", "give", "use", "attack"})
"""Deeds that words in quotes only speak of ("we just want you to go home")."""


def _only_said(
    text: str, whole: Intent, actor: str | None, state: GameState, campaign: Campaign | None,
    language: str | None,
) -> Intent | None:  # fmt: skip
    """The words in quotes, when the deed read from the whole paragraph is found only in
    them: the story around the quotes tells no such deed, and the quotes are talk."""
    told = QUOTED.sub(" ", text)
    if len(told.split()) > 2:
        around = understand_clause(told, actor, state, campaign, language=language)
        if around.kind == whole.kind:
            return None
    words = " ".join(m.group(1) or m.group(2) for m in QUOTED.finditer(text))
    said = understand_clause(words, actor, state, campaign, language=language)
    if said.kind == "talk":
        return replace(said, text=text)
    if said.kind != whole.kind:
        return None  # the deed is not in the quotes either: the paragraph's, as read
    return replace(whole, kind="talk", targets=(), item=None, spell=None, action=None, then=(),
                   alternatives=(), note="", confidence=0.7)  # fmt: skip


_UNDECIDED = re.compile(
    r"\b(?:(?:unsure|not sure|isn't sure|is not sure) (?:what|whether|which|where|if|how|who)\b|"
    r"can't decide|cannot decide|can not decide|"
    r"undecided|torn between|(?:looks|glances|turns) to the (?:others|rest|party|group|table)|"
    r"doesn't know what to do|does not know what to do|no idea what to do)\b",
    re.IGNORECASE,
)
"""A paragraph that ends in doubt ("He looks to the others, unsure what they want him to
do"): a choice handed to the table, no deed."""


def _undecided(text: str) -> bool:
    """The paragraph's last sentence leaves the choice open, and no deed is told after it."""
    plain = QUOTED.sub(" ", text)
    sentences = [s for s in SENTENCE.split(plain) if s.strip()]
    return bool(sentences) and _UNDECIDED.search(sentences[-1]) is not None


SPED_TO = frozenset({"use", "cast", "feature", "manoeuvre_stabilize"})
"""What a dash or a step in a paragraph of a fight is on the way to: a potion, a spell."""


SETTING_UP = frozenset({"give", "take", "drop", "examine", "improvise", "use"})
"""Deeds a paragraph tells on the way to the one it is about: handing a torch over, a look."""
WEIGHTY = frozenset({"challenge", "cast"})
"""Deeds a paragraph is about when it tells one after setting it up."""


DONE_WHILE_TALKING = frozenset({"challenge", "cast", "move", "take", "examine", "use"})
"""Deeds a paragraph read as talk may tell instead: talk with no words said is no talk."""


def _weightier(
    text: str, actor: str | None, state: GameState, campaign: Campaign | None,
    language: str | None, kinds: frozenset[str],
) -> Intent | None:  # fmt: skip
    """A deed of these kinds told in one of the paragraph's last sentences (the last one
    told, on something named): the deed the story before it sets up."""
    plain = re.sub(r"\([^)]*\)", " ", QUOTED.sub(" ", text))
    sentences = [s for s in SENTENCE.split(plain) if s.strip()]
    for at in range(len(sentences) - 1, max(-1, len(sentences) - 4), -1):
        sentence = sentences[at]
        read = understand_clause(sentence, actor, state, campaign, language=language)
        if read.kind == "examine" and not read.targets and at > 0:
            # "There's a logbook lying open. … I read what he wrote": the thing named before
            joined = f"{sentences[at - 1]} {sentence}"
            read = understand_clause(joined, actor, state, campaign, language=language)
        named = bool(read.targets) or read.kind in WEIGHTY
        if read.kind in kinds and read.confidence >= 0.8 and named:
            return replace(read, text=text)
    return None


PARAGRAPH = 25
"""Words past which a line is a paragraph, whose last deed is the one meant: one that
already reads as one sure deed is not cut into clauses (its other verbs are mostly story:
"stomps over to the hearth, drops his pack …")."""
FIGHT_PARAGRAPH = 16
"""Words from which a line typed in a fight is read as story around one blow."""
FIGHTING = frozenset({"attack", "cast", "feature"})
"""What a turn in a fight is about: a paragraph read whole as anything else (a move, a
question, a challenge named in passing) but a threat or a deed of the player's own is read
again for the blow in it."""
AT_IT = re.compile(r"\b(?:at|into|on|onto|toward|towards)\s+(?:it|him|her|them)\b", re.I)
"""A deed aimed at "it": at the foe the paragraph has just named."""
POSSESSIVE = re.compile(r"\b(?:its|his|her)\b")
"""A foe's "its" ("into its flank", "swinging for his head"): the foe's own, named."""
STAYED = re.compile(
    r"\b(?:lowers?|lowered|lowering|sheathes?|sheathed|sheathing|holsters?|"
    r"puts? (?:away|down)|doesn't|does not|don't|do not|won't|will not|never|refuses? to|"
    r"instead of|rather than|keep(?:s|ing)? (?:her|his|my|their) \w+ (?:\w+ )?(?:away|back)|"
    r"(?:\w*swords?|blades?|\w*axes?|weapons?|spears?|maces?|\w*hammers?|bows?) (?:held )?low)\b",
    re.I,
)
"""A part that stays the hand: a weapon lowered, put away or kept away, a deed not done."""
THERE_IS = re.compile(r"^\W*there(?:'s| is| are| was| were)\b", re.I)
SUBJECT = re.compile(r"^(?:(?:before|after|as|until|when|and|then)\s+)?(?:he|she|they)\s+", re.I)
"""The one who acts, in the paragraph's own story voice ("he swings …", "… before she
lunges")."""
THE_ONE = re.compile(r"\bthe (?:one|ones) (?:that|who|whose|with|already|still)\b", re.I)
"""A foe singled out by how it is ("the one that's already limping"), named as well as by
its kind."""
ORDINAL = re.compile(r"\b(?:first|second|third|fourth|last|other|one|two|three|four|\d)\b", re.I)
"""Words that single out one foe of several ("the second one")."""
CLARIFIES = re.compile(r"^(?:that'?s|that is|i mean|the one|meaning|namely)\b")
"""A part that only says which foe was meant ("— that's wolf one")."""


LOOKED_BACK = 12
"""How many parts from a fight paragraph's end its blow is looked for: a player may trail
on well past the blow ("… into Grubnak's armpit, aiming to end this quickly because …,
and also because …, and she would like a bath and a pie")."""


def _last_blow(
    text: str, actor: str | None, state: GameState, campaign: Campaign | None,
    language: str | None, *, named_only: bool = False, aimed_at: str | None = None,
) -> Intent | None:  # fmt: skip
    """In a fight, the paragraph's last blow, spell or feature: players who write at length
    end with what they do ("… then darts in low and drives her shortsword into its
    flank"). A blow at "it" is at the foe the paragraph names beside it ("— that's wolf
    one") or last before it."""
    parts = story_parts(text)
    foes = {cid for cid, c in state.creatures.items() if c.vitals.hp > 0}

    def read(part: str) -> Intent:
        return understand_clause(part, actor, state, campaign, language=language)

    kinds = {w for c in foes for w in state.creatures[c].name.lower().split() if w.isalpha()}
    noun = re.compile(rf"(?:\b\w+\s+){{0,3}}\b(?:{'|'.join(map(re.escape, kinds))})\b(?:\s+\d+)?")

    def named_in(part: str) -> str | None:
        """The one foe a part names ("waits for the second rat to lunge …")."""
        found = {
            foe
            for m in noun.finditer(part.lower())
            if (foe := _foe(m.group(0), actor, state, campaign)) is not None and foe in foes
        }
        return found.pop() if len(found) == 1 else None

    things = _things_here(state, campaign)

    def foe_near(i: int) -> str | None:
        """The one foe named in a part that clarifies this one, or last before it — unless
        a thing of the scene is named nearer ("walks to the bell rope she dropped, and
        takes hold of it": the rope)."""
        after = parts[i + 1] if i + 1 < len(parts) else ""
        # "— that's wolf one", or the foe's name alone after the blow ("… — thrall one")
        near = [after] if CLARIFIES.match(after) or (after and len(after.split()) <= 4) else []
        thing_like = re.search(r"\b(?:it|that)\b", parts[i].lower()) is not None  # (not "him")
        for at, other in enumerate([*near, *reversed(parts[:i])]):
            if thing_like and at >= len(near) and things.search(other.lower()):
                return None  # ("… the bell rope she dropped, and I take hold of it")
            named = named_in(other) if kinds else None
            if named is not None:
                return named
        return None

    for i in range(len(parts) - 1, max(-1, len(parts) - LOOKED_BACK - 1), -1):
        if PURPOSE.match(parts[i]) or STAYED.search(parts[i]) or THERE_IS.match(parts[i]):
            continue  # "hoping to drop them where they stand": what it is for, not a deed;
            # "Wren lowers her rapier", "she doesn't sing it", "there is a song …": no blow
        part = SUBJECT.sub("", parts[i])
        if i > 0 and CLARIFIES.match(part.lower()):
            continue  # ", the one that's already been hit": which foe, said of the part before
        singled = (kinds and named_in(part)) or AT_A_FOE.search(part) or THE_ONE.search(part)
        pointing = mentions_back(part) or POSSESSIVE.search(part)
        hurled = named_only and not singled and pointing and AT_IT.search(part) is not None
        if hurled and aimed_at and read(part).kind == "cast":
            # "… toward the rat already singed … and hurls a mote of fire at it": at the foe
            part = refer_back(part, state.name_of(aimed_at))  # the whole line names
            singled = aimed_at
        if named_only and not singled and not _spread(read(part)):
            continue  # only a blow at a foe named in its own words ("swings it at wolf 2"),
            # words hurled at it ("she tells it its haircut is the worst …": a mockery), or
            # a spell over an area ("sends a wave of thunder rolling into the two …")
        # "swings it at wolf 2": the foe is named, and "it" is the axe
        foe = foe_near(i) if pointing and not (kinds and named_in(part)) else None
        if foe is not None:
            name = state.name_of(foe)
            part = refer_back(POSSESSIVE.sub(name, part, count=1), name)
        deed = read(part)
        if deed.kind == "ask" and i > 0 and pointing and foe is None:
            # "hefts the longsword, and brings it down on the nearest rat": the blow's "it"
            # is the weapon of the part before, or of the last part that names one ("nocks
            # an arrow, breathes out slow and puts it into the wounded one")
            armed = next((m for j in range(i - 1, max(-1, i - 4), -1)
                          if (m := ARMED.search(parts[j])) is not None
                          and not STAYED.search(parts[j])), None)  # fmt: skip
            if armed is not None:
                deed = read(refer_back(part, f"the {armed.group(0).lower()}"))
            elif deed.targets:
                deed = read(f"{SUBJECT.sub('', parts[i - 1])} and {part}")
        if deed.kind == "ask" and foe is None and i > 0 and not (kinds and named_in(part)):
            earlier = foe_near(i)  # "grins at the goblin with the bloody arm … before she
            if earlier is not None:  # lunges": at the foe the paragraph singled out
                again = read(f"{part.rstrip('.!')} at {state.name_of(earlier)}")
                deed = again if again.kind in FIGHTING and again.targets == (earlier,) else deed
        if deed.kind not in FIGHTING or deed.confidence < 0.7 or deed.note:
            continue  # (not "steps over the carcass of the first rat": it is already down)
        after = parts[i + 1] if i + 1 < len(parts) else ""
        clarifying = after and (
            (len(after.split()) <= 4 and ORDINAL.search(after) is not None)
            or (CLARIFIES.match(after.lower()) is not None and not (kinds and named_in(part)))
        )
        which = _foe(after.rstrip(".!"), actor, state, campaign) if clarifying else None
        aimed = deed.kind == "attack" or (deed.kind == "cast" and len(deed.targets) == 1)
        if which is not None and aimed:  # "… at the wolf circling to his left, the second
            deed = replace(deed, targets=(which,))  # one": that one
        first = _quick_spell_before(parts, i, read) if deed.kind == "attack" else None
        if first is not None:  # "she sings a bright note at Cass, a healing word, and then
            return replace(first, text=text, then=(replace(deed, text=text),))  # lunges"
        return replace(deed, text=text)
    return None


def _spread(deed: Intent) -> bool:
    """A spell cast over an area, which needs no foe named to fall on them."""
    spell = srd().spells.get(deed.spell or "") if deed.kind == "cast" else None
    return spell is not None and spell.area is not None


def _quick_spell_before(parts: list[str], at: int, read: Callable[[str], Intent]) -> Intent | None:
    """A spell of a bonus action told in the two parts just before a blow, which the blow
    does not take the place of (a healing word, then the lunge)."""
    for j in range(at - 1, max(-1, at - 3), -1):
        part = SUBJECT.sub("", parts[j])
        said = read(part)
        if said.kind == "ask" and j > 0:  # "… a note at Cass, a healing word": the spell
            said = read(f"{SUBJECT.sub('', parts[j - 1])}, {part}")  # named after its look
        spell = srd().spells.get(said.spell) if said.kind == "cast" and said.spell else None
        if spell is not None and spell.casting_time == "bonus_action" and not said.note:
            return said
    return None


TALKS = re.compile(
    r"\b(?:asks?|asking|tells?|telling|says? to|speaks? to|whispers? to|calls? to|begs?|"
    r"introduces? (?:himself|herself|themselves|themself) to)\s+(\w+(?:\s+\w+)?)",
    re.IGNORECASE,
)
"""A paragraph's words to someone, told not quoted ("… and asks him what he knows")."""
REPORTED = re.compile(
    r"\b((?:tells?|telling|told|assures?|assuring|reminds?|reminding|warns?|warning|"
    r"explains?|explaining|promises?|promising|insists?|insisting|suggests?|suggesting)"
    r"(?:\s+\w+){0,3}?)\s+that\s+[^.!?;]*",
    re.IGNORECASE,
)
"""Words told in a paragraph without quotes ("tells him that …"): the telling is kept, what
is told left out."""
SAYS_THUS = re.compile(
    r"\b(?:says?|said|whispers?|murmurs?|mutters?|asks?|tells? \w+|calls? out|shouts?)"
    r"(?:\s+\w+ly)?\s*[:,—-]\s*\w",
    re.IGNORECASE,
)
"""Words said, told after a colon and not quoted ("… and says softly: you did so well")."""
WISHED = re.compile(
    r"\b(?:wanted|wants|want|going|planned|plans|meant|means|supposed|needs?|should|could|"
    r"would|might|will|we'd|i'd|'ll|like)\s+(?:to\s+)?$",
    re.IGNORECASE,
)
"""Words before "ask" that make it a wish or a plan ("Aria wanted to ask Berta …"), not
words said now."""
UNSPOKEN = frozenset({"move", "examine", "ask", "improvise", "give", "question", "hold"})
"""Readings of a whole paragraph that its words to a person here outweigh: a place, a
thing or an object named in the story around them."""


def _asks(text: str, whole: Intent, state: GameState, campaign: Campaign | None) -> Intent | None:
    """Outside a fight, a paragraph that speaks to a person here — told ("asks Brother
    Anselm what he knows", "asks him …") or quoted with the person named — is talk to
    them, whatever places and things the story around the words names."""
    told = next((m for m in TALKS.finditer(text) if not WISHED.search(text[: m.start()])), None)
    retold = whole.kind == "talk" and told is not None  # talk, to whom the words say
    if campaign is None or state.encounter is not None or not (whole.kind in UNSPOKEN or retold):
        return None
    here = view.npcs_here(state, campaign)
    if not here or (told is None and not QUOTED.search(text)):
        return None
    words = (told.group(1) if told is not None else text).lower()
    pronoun = words.split()[0] if words.split() else ""
    named = [n for n in here if any(w in words.split() or w in words
                                    for w in _names(campaign, n))]  # fmt: skip
    if not named and told is not None and pronoun in ("him", "her"):
        wanted = "he" if pronoun == "him" else "she"
        named = [n for n in here if campaign.npcs[n].pronoun == wanted]
        if len(named) != 1:  # "beside old Hobb's millstone … asks him": the one named before
            before = text[: told.start()].lower()
            named = [n for n in here if any(re.search(rf"\b{re.escape(w)}", before)
                                            for w in _names(campaign, n))]  # fmt: skip
    if not named and told is None:
        quoted = " ".join(m.group(0) for m in QUOTED.finditer(text)).lower()
        named = [n for n in here if any(w in quoted for w in _names(campaign, n))]
    if not named and len(here) == 1:
        named = list(here)
    if len(named) != 1:
        return None
    return Intent(kind="talk", text=text, actor=whole.actor, character=whole.character,
                  targets=(named[0],), language=whole.language, confidence=0.8)  # fmt: skip


def _names(campaign: Campaign, npc: str) -> list[str]:
    """The words a person is called by, lower case ("anselm", "brother anselm")."""
    spec = campaign.npcs[npc]
    names = [spec.name.lower(), *(a.lower() for a in spec.aliases)]
    return [*names, *(w for n in names for w in n.split() if len(w) > 3)]


def _foe(phrase: str, actor: str | None, state: GameState, campaign: Campaign | None) -> str | None:
    """The creature a phrase ("the second rat") points at, if it is one."""
    read = understand_clause(f"attack {phrase}", actor, state, campaign)
    return read.target if read.kind == "attack" and read.target in state.creatures else None


def _spoken_to(
    text: str, whole: Intent, actor: str | None, state: GameState, campaign: Campaign | None,
    language: str | None,
) -> Intent | None:  # fmt: skip
    """Talk to the one person here the paragraph speaks to, when it quotes speech."""
    if campaign is None or state.encounter is not None or not QUOTED.search(text):
        return None
    gesture = whole.kind == "improvise" and whole.action == "auto"  # "brushes the dirt off"
    if whole.kind in ("talk", "question"):
        return None  # read as words already
    done = _weightier(text, actor, state, campaign, language, WEIGHTY)
    if done is not None:  # "'Let me pray with you.' And he begins the old prayer": the prayer
        return done
    outside = QUOTED.sub(" ", text)
    named = understand_clause(outside, actor, state, campaign, language=language)
    if whole.kind not in ("move", "examine", "ask") and not gesture and named.kind == whole.kind:
        return None  # a deed the words go with ("'Die!' Thorin swings at the goblin")
    # else a deed read only from the words said ("'… just want to sleep at night'"): said
    here = view.npcs_here(state, campaign)
    people = [t for t in named.targets if t in here] or (here if len(here) == 1 else [])
    if not people:
        return None
    return Intent(kind="talk", text=text, actor=whole.actor, character=whole.character,
                  targets=(people[0],), language=whole.language, confidence=0.8)  # fmt: skip


def _things_here(state: GameState, campaign: Campaign | None) -> re.Pattern[str]:
    """The names of the scene's features, as one pattern (matching nothing without any)."""
    here = view.features_here(state, campaign).values() if campaign is not None else []
    names = [n.lower() for f in here for n in (f.name, *f.aliases)]
    if not names:
        return re.compile(r"(?!)")
    return re.compile(
        r"\b(?:" + "|".join(map(re.escape, sorted(names, key=len, reverse=True))) + r")\b"
    )
