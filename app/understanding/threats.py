"""A threat (or a plea, or a bluff) shouted at foes, and whom it is at: "surrender or die!"
is an Intimidation check, "we don't want to hurt you. surrender?" a Persuasion one;
"YIELD, GOBLIN!" in Grubnak's hall is at Grubnak, the leader who can answer for the band;
"YIELD, RAT 2!" is at rat 2."""

from __future__ import annotations

import re

from app.understanding.deeds import DEEDS
from app.understanding.features import HOLY_SYMBOL_HELD, undead_here
from app.understanding.improvised import improvised
from app.understanding.intent import Intent
from app.understanding.readings import Context
from app.understanding.spells import spells_named
from app.understanding.words import normalise
from app.world.state import GameState


def threatened(called: list[str], address: list[Intent], state: GameState) -> tuple[str, ...]:
    """Whom a threat called by a word is at: the one named ("rat 2", "Grubnak"), else the
    foes' leader when one is fighting ("YIELD, GOBLIN!" in Grubnak's hall), else those the
    word fits."""
    standing = [t for t in called if state.creatures[t].vitals.hp > 0]
    called = standing or called  # ("your guards are dead!": at whoever still stands)
    named = [t for t in called if state.creatures[t].npc]
    numbered = any(ch.isdigit() for c in address for ch in c.text)
    leaders = [cid for cid, c in state.creatures.items()
               if c.npc and c.hostile and c.vitals.hp > 0 and not c.left]  # fmt: skip
    if not named and not numbered and called and len(leaders) == 1:
        named = leaders
    return tuple(dict.fromkeys(named or called))


SPOKEN_SKILLS = frozenset({"intimidation", "persuasion", "deception"})
"""The checks of a deed made in words (a threat, a plea, a bluff)."""


THREATS = re.compile(
    r"\b(surrender|give up|yield|drop (?:your|those|the|yer|that|them) \w+|lay down (?:your|those)|"
    r"(?:throw|toss|put|lay|cast|chuck) (?:down )?(?:your|yer|that|those) (?:\w+ )?"
    r"(?:weapons?|blades?|swords?|scimitars?|spears?|clubs?|knife|knives|daggers?|spoon|arms|bows?)"
    r"(?: (?:down|away|aside|on the (?:floor|ground)))?|on your knees|"
    r"kneel(?! (?:beside|by|next|over|at|in|on|down on|upon)\b)|back off|get lost|begone|"
    r"be gone|scram|clear off|get out of here|"
    r"or (?:die|you die|you'?re dead|you'?re done|else|i'?ll kill you)|"
    r"(?:stay down|don'?t (?:move|get up)|stay where you are)\W+(?:\w+\W+){0,2}"
    r"or (?:i|we)(?:'ll| will)|"
    r"(?:scare|drive|chase) (?:them|it|him|her|the \w+) (?:off|away)|"
    r"(?:tell|tells|telling|order|orders|ordering|shout at|yell at|scream at|bark at|command|"
    r"commands|commanding|growl at|growls at|snarl at|snarls at|warn|warns|warning) "
    r"(?:them|it|him|her|the \w+(?: \w+)?|\w+(?: \d+)?) to (?:run|flee|leave|go|get|let|stop|"
    r"drop|release|back off|clear off|stand down|throw|put down|lay down|call off|"
    r"surrender|yield|give up)|"
    r"call (?:them|your \w+|off your \w+) off|call off (?:your|his|the|yer) \w+|"
    r"(?:we|i)(?:'ll| will) (?:let you live|spare you)|"
    r"(?:we'?re|we are|i'?m|i am) (?:done|finished|through) fighting|"
    r"(?:stop|quit|no more|enough|cease) (?:the )?fighting|"
    r"(?:lower|put down|put away) (?:your|our) (?:weapons|swords|blades|arms)|"
    r"roar|howl|bellow|war ?cry|bang \w+ \w+ (?:on|against) (?:my|his|her) shield)\b"
)
"""Words that threaten foes into giving up or running: in a fight, an Intimidation check
(a Persuasion one, asked kindly)."""
_BLOW_BEFORE = re.compile(
    r"\b(?:swing|swings|stab|stabs|slash|slashes|shoot|shoots|hack|hacks|strike|strikes|"
    r"attack|attacks|lunge|lunges|chop|chops|cleave|cleaves|smash|smashes|bash|bashes|hew|hews|"
    r"charge|charges|rush|rushes|"
    r"brings? (?:it|\w+ \w+) down on)\b"
)
"""A blow told before the shouting: the blow is the deed, the shout its colour."""
_CRY = re.compile(r"roar|howl|bellow|war ?cry")
"""A cry with no words to the foes: with a blow after it, the blow's colour."""
_BACK_OFF_SAID = re.compile(
    r"^back off\b(?! (?:to|toward|towards|from|and|a|behind|away|into|out|under|past|round|"
    r"around|over|up|down|slowly|carefully|quickly|behind)\b)|back off[,!]|!"
)
""""Back off" said to the foes (first, or shouted), not a step back of one's own."""
STRIKES_FIRST = re.compile(
    r"^(?:i\s+)?(?:attack|stab|hit|shoot|slash|strike|swing|cast|fire|smite|kill)\b|"
    r"holy symbol|turn undead|channel divinity"
)
"""A line that strikes or calls on a power first: its threats are flavour, not the deed."""
OWN = re.compile(
    r"\b(?:i|we|i'll|we'll|i'm|we're|let's|lets)\s+(?:\w+\s+)?(?:(?:and|then|and then)\s+)?$"
)
"""Words before a threat's verb that make it the speaker's own ("I back off", "we give
up"), not a demand."""
_WONDERED = re.compile(
    r"^\W*(?:does|do|did|is|are|was|were|will|would|can|could|should|has|have|what|why|how|"
    r"who|when|which)\b"
)
"""A question's first word: what follows is wondered about, never shouted at the foes."""
_WAY_AFTER = re.compile(
    r"[\s,!.—–-]*(?:back )?(?:up|down|out|to|through|towards?|into) (?:the|our|my)\b"
)
"""A way the going takes, said after it ("get out of here, back up the stairs")."""


def threat(ctx: Context) -> Intent | None:
    """In a fight, words that threaten the foes ("surrender and you live!", "drop your
    weapons, goblins!", "YIELD!"): an Intimidation check, as a DM calls it."""
    said = normalise(ctx.raw)  # as typed: "I back off" is the speaker's own deed
    found = THREATS.search(said) if ctx.scope.fighting else None
    sheet = ctx.state.party.get(ctx.actor or "")
    turning = sheet is not None and sheet.has("turn_undead") and HOLY_SYMBOL_HELD.search(said)
    if found is not None and turning and undead_here(ctx):
        return None  # "in the name of the Dawn, begone!": a cleric turning the dead
    wondered = _WONDERED.match(said) and not re.search(r"\b(?:you|ya|ye|u)\b", said)
    if found is not None and wondered and ctx.raw.rstrip().endswith("?"):
        return None  # "does grubnak look like he's about to give up?": asked of the DM
    known = set(sheet.spells) if sheet is not None else set()
    if found is not None and len(said.split()) <= 16 and known & set(spells_named(said)):
        return None  # '"your howl is off-key" vicious mockery at wolf 2': the spell's words
    if found is None or STRIKES_FIRST.search(said) or _BLOW_BEFORE.search(said[: found.start()]):
        return None  # ("swings it at the closer one, yelling to scare them off": the swing)
    if _CRY.match(found.group(1)) and _BLOW_BEFORE.search(said[found.end() :]):
        return None  # "with a bellow of 'Khazad!' he brings his sword down on the rat"
    if _to_a_friend(ctx):
        return None  # "Tam, get out of here! Run for the stairs!": urged, not threatened
    bidden = _BIDDEN.match(found.group(1))  # "tell Thorin to throw the rope", "tell Corin
    whom = bidden.group(1) if bidden is not None else "them"  # to get clear": no foe's
    if whom not in ("them", "it", "him", "her", "the") and not ctx.named("creature", text=whom):
        return None  # words: a friend's to do, no threat
    if found.group(1) == "back off" and not _BACK_OFF_SAID.search(said):
        return None  # "disengage and back off toward the steps": the speaker's own step
    shown = re.match(r"(?:roar|howl|bellow|war|bang|scare|drive|chase|tell|order|shout|yell|"
                     r"scream|bark|growl|snarl|command|warn)", found.group(1))  # fmt: skip
    if not shown and OWN.search(said[: found.start()]):
        return None  # "I back off": the speaker's own step, no threat (a roar is one)
    if found.group(1) == "get out of here" and _WAY_AFTER.match(said[found.end() :]):
        return None  # "get out of here, back up the stairs": the party's own going
    key = "sway" if GENTLE.search(said) else "cow"  # "we don't want to hurt you. surrender?"
    return improvised(ctx, next(d for d in DEEDS if d.key == key))  # is asked, not threatened


def _to_a_friend(ctx: Context) -> bool:
    """The line opens by calling by name a person of the story who is no foe ("Tam, get
    out of here!"): what it bids is said for their sake. A word the foes fighting here are
    called by is a call to them ("Goblin! Surrender now!", though Grubnak is "the goblin")."""
    called = _CALLED_FIRST.match(ctx.raw)
    if called is None or ctx.campaign is None:
        return False
    said = called.group(1).lower()
    foes = {w for c in ctx.state.creatures.values() if c.hostile and c.side != "party"
            for w in c.name.lower().split()}  # fmt: skip
    if said.rstrip("s") in foes:
        return False
    hostile = {c.npc for c in ctx.state.creatures.values() if c.npc and c.hostile}
    return any(
        said in (p.name.lower(), p.name.lower().split()[0], *(a.lower() for a in p.aliases))
        for pid, p in ctx.campaign.npcs.items() if pid not in hostile
    )  # fmt: skip


_CALLED_FIRST = re.compile(r"^\W*([A-Za-z][\w'-]*)\s*[,!]")
"""A name called first, with a comma or a cry ("Tam, …", "Tam! …")."""


_BIDDEN = re.compile(
    r"(?:tell|tells|telling|order|orders|ordering|command|commands|commanding|warn|warns|"
    r"warning|shout at|yell at|scream at|bark at|growl at|growls at|snarl at|snarls at) "
    r"(\w+) to\b"
)
"""Whom words bid do something, when named plainly."""
GENTLE = re.compile(
    r"\b(?:(?:don'?t|do not|won'?t|will not|never) (?:want to |mean to |wish to )?"
    r"(?:hurt|harm|kill)|no (?:harm|one|body) (?:will|needs to|has to)|you'?(?:ll| will) be "
    r"(?:safe|fine|spared|okay|ok)|please|we can (?:talk|make a deal)|spare you|"
    r"(?:done|finished|through) fighting|(?:stop|quit|no more|enough|cease) (?:the )?fighting|"
    r"lower (?:your|our) (?:weapons|swords|blades|arms))\b"
)
"""Surrender asked kindly ("we don't want to hurt you", "you'll be spared"): Persuasion."""
