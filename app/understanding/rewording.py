"""A line put in words the reading knows before it is read: a crowbar put to a thing is
prying it, a boot put to it a kick; someone's back is their body, a thing's back its rear;
a prayer begun is praying; steps counted out are a distance; what a deed is for is no deed
(and a foe distracted so a friend can strike is the Help action); a draught held out to
someone is theirs; someone brought along upstairs is the party's going. Whose voice a line
is in is read in :mod:`app.understanding.voicing`."""

from __future__ import annotations

import re

from app.understanding import readings as r
from app.understanding.gestures import as_gestured
from app.understanding.spells import names_a_spell
from app.understanding.words import has_phrase

_LEVER = r"(?:crowbar|pry ?bar|prybar|jemmy)"
_USE_LEVER = re.compile(
    rf"^(?:use|put|take|jam|wedge|get) (?:my |the |a |his |her |our )?({_LEVER}) "
    r"(?:on|against|under|into|in|to|to open|to pry open|to force) (.+)$"
)
_LEVER_VERB = re.compile(rf"^{_LEVER} (?:open )?(.+?)(?: open)?$")


_USED_TO = re.compile(
    r"^use (it|them|(?:my|the|his|her|our|a) \w+(?: \w+)?) to "
    r"(pry|prise|force|break|smash|lever|jimmy|pick|bash|knock|cut|hack|chop|snap|wedge|prop)"
    r" (.+)$"
)
"""A thing used to do a deed to another ("use the poker to pry the padlock off")."""


_BOOT = re.compile(
    r"^(?:put|puts|putting|plant|plants|drive|drives|slam|slams|stick|sticks) "
    r"(?:my|his|her|their|a|one) (boot|foot|heel|shoulder)s? "
    r"(?:straight |right |hard |square |squarely )?(?:into|through|against|to|on|at) (.+)$"
)
"""A boot or a shoulder put to a thing: kicking it, shouldering it."""


def levered(said: str) -> str:
    """A crowbar put to a thing is prying it ("use my crowbar on the hearth", "crowbar
    the trapdoor"): read as "pry the hearth with my crowbar", so the thing gets its ruling
    (or its challenge) rather than the crowbar being turned over to no end."""
    booted = _BOOT.match(said)
    if booted is not None:  # "puts his boot into the trapdoor": a kick
        verb = "shoulder" if booted.group(1) == "shoulder" else "kick"
        return f"{verb} {booted.group(2)}"
    used = _USE_LEVER.match(said)
    if used is not None:
        return f"pry {used.group(2)} with my {used.group(1)}"
    tool = _USED_TO.match(said)
    if tool is not None:  # "use it to pry the padlock off": prying it, with that
        return f"{tool.group(2)} {tool.group(3)} with {tool.group(1)}"
    bare = _LEVER_VERB.match(said)
    return f"pry {bare.group(1)} with my crowbar" if bare is not None else said


_BODY_BACK = re.compile(r"((?:'s|\b(?:his|her|their|its|my|your|our))\s+)back(s?)\b")
_GOING_BACK = re.compile(
    r"\b(?:go|goes|head|heads|walk|walks|run|runs|come|get|turn|step|move|fall|falls|going)\s+"
    r"back\b|\bback (?:to|down|up|out|in|inside|outside|the way)\b"
)


_THE_BACK = re.compile(
    r"\b(the|a|that|this)\s+back\s+(?!(?:door|doors|stair|stairs|way|path|gate|exit|entrance|"
    r"passage|to|down|up|out|in)\b)(?=[a-z])"
)
"""The back of a thing ("along the back wall", "the back room"): a place in it, no way."""


_PRAYING = re.compile(
    r"\b(?:begins?|starts?|says?|offers?|recites?|leads?|murmurs?|chants?|speaks?|intones?|"
    r"whispers?)\s+(?:a|an|the|his|her|my|their)?\s*(?:[\w-]+\s+){0,2}?"
    r"(?:prayer|prayers|sea-prayer|blessing|hymn|rite|rites|litany)\b"
)
"""A prayer said, however it is told ("begins the old sea-prayer for the drowned"): praying."""


INTERJECTION = re.compile(
    r"^(?:(?:ok|okay|alright|all right|right|so|well|um+|uh+|hmm+|erm|er|fine|yeah|sure|"
    r"cool|great|then|now)\s+)+(?=\w)"
)
"""Words a line may open with before whoever acts ("ok ione climbs up")."""
OPENING_WORDS = re.compile(
    r"^(?:(?:ok|okay|alright|right|so|well|um+|uh+|hmm+|yeah|sure|then|now)\s+)+"
    r"(?!(?:ok|okay|alright|right|so|well|um+|uh+|hmm+|yeah|sure|then|now)\b)\w"
)
"""Those words, said straight into the line with no stop after them (as typed)."""


def _spell_in(words: str) -> bool:
    """A spell named among a few words ("murmurs a guidance prayer")."""
    split = words.split()
    spans = [*split, *(" ".join(split[n : n + 2]) for n in range(len(split) - 1))]
    return any(names_a_spell(span) for span in spans)


_POCKET = re.compile(
    r"\b(pick|picks|picking)\s+(?:the\s+)?"
    r"((?:[\w-]+(?: \d)?'s)|his|her|its|their)\s+pockets?\b"
)
"""Someone's pocket picked ("pick goblin 2's pocket", "pick his pocket"): pickpocketing."""


_SIZING = re.compile(
    r"^(?:i\s+)?(?:try to\s+|want to\s+)?(?:tell|see|work out|figure out|judge|sense|gauge)"
    r"\s+(?:if|whether)\s+(.+?)\s+(?:is|was|'s|are)\s+(?:lying|telling (?:us )?the truth|"
    r"honest|hiding something|holding (?:something )?back|telling (?:us )?everything|being honest)"
)
_FACE = re.compile(
    r"^(?:i\s+)?(?:try to\s+)?(?:read|study|watch|search)\s+((?:[\w-]+'s)|his|her|their)\s+"
    r"(?:face|eyes|expression|body language|manner)\b"
)
"""Someone's honesty weighed ("tell if Wendel is lying", "read Odile's face"): Insight."""


_OWN_SHEET = re.compile(
    r"^(?:i\s+|let me\s+|lemme\s+)?(?:check|checks|look at|looks at|review|go over|glance at)\s+"
    r"(?:my|our)\s+(spells?|spell slots?|slots|hp|hit points|health|character sheet|sheet|"
    r"stats|abilities|features|spellbook|wounds)\b"
)
"""One's own sheet looked over ("check my spells"): a question to the game, no deed."""


_UNSEEN = re.compile(
    r",?\s*\b(?:when|while|whilst|as soon as)\s+(?:nobody|no one|noone|no-one|they|he|she|"
    r"the \w+)(?:'s|'re| is| are| isn't| isnt| aren't| arent)?\s+(?:not\s+|n't\s+)?"
    r"(?:looking|watching)\b"
)
"""When it is done ("… when nobody's looking"): how, not a look of its own."""


_FAVOURED = re.compile(r"^favou?red enem(?:y|ies) (\w+)\b(?! and| then)")
"""A ranger's Favored Enemy named with a foe's kind, nothing done: asked about, never a blow."""
_LEADING = re.compile(r"\blead(?:s|ing)? (?:us|the (?:others|party|way)|everyone|them)\b")
_RUSHED_TO = re.compile(
    r"\b(?:rush|rushes|hurry|hurries|race|races)(?: over| back)? to(?:wards?)?\b"
)
_WHILE_ASLEEP = re.compile(
    r"\b(?:it|him|her)\s+while\s+(?:it|he|she)(?:'s|\s+is)?\s+(?:sleeps|asleep|sleeping|snoring"
    r"|snores|out cold)\b"
)
_ONE_WOUND = re.compile(
    r"\b(?:bandage|bandages|patch up|patches up|bind up|binds up) ((?:my|his|her) (?:arm|leg|hand"
    r"|head|shoulder|side|ankle|wrist|knee|cut|gash|wound|bite|foot|face))\b(?: with [^,.;!?]+)?"
)
"""One wound tended ("I bandage my arm with strips of net"): no rest, nor the net's."""
_POISON_DRAWN = re.compile(
    r"\b(?:squeez|suck|draw|drain|bleed|pull|flush|milk)\w*(?: out)? (?:the |some |that )?"
    r"(poison|venom|toxin)(?: out)?(?: (?:of|from) (?=\w))?"
)
"""Poison drawn from a wound ("squeeze the poison out of Mira's thumb"): the wound treated,
no way out of anywhere."""
_WOUND_ROUND = re.compile(
    r"\b(?:(?:starts?|begins?|began|sets? about) )?"
    r"(?:wind|winds|winding|wrap|wraps|wrapping|loop|loops|looping|knot|knots|knotting)"
    r"(?: [\w']+){0,7}? (?:around|round) (its|his|her|their|\w+(?: \d)?'s) (?:wrists|ankles"
    r"|hands|legs|feet"
    r"|arms|paws|jaws|snout|mouth)\b"
)
"""A cord wound round someone's limbs ("winding the drawstring around its wrists"): bound."""
_TIED = {"its": "it", "his": "him", "her": "her", "their": "them"}
_BOUND_WOUNDS = re.compile(
    r"\b(?:bind|binds|binding|dress|dresses|dressing|tend|tends|tending|tend to|tends to)(?: up)?"
    r" ((?:our|my|their|his|her|the party's|everyone's|\w+'s) (?:wounds?|cuts|injuries|hurts))\b"
)
"""Wounds bound ("we bind our wounds"): bandaged, as a rest begins, never someone tied."""
_DEAL_SEALED = re.compile(
    r"\b(?:confirm|confirms|seal|seals|accept|accepts|agree to|agrees to|shake on|shakes on)"
    r" (?:the |his |her |their |our |your |that )?(deal|bargain|terms|offer|pact|agreement)\b"
)
"""A bargain sealed ("confirm the deal and leave"): words to the one it is made with."""
_ECHOED = re.compile(
    r"\b(voice|voices|echo|echoes|words|call|cry|shout|sound)(s?) (?:comes?|came|bounces?|bounced|"
    r"rings?|rang|floats?|rolls?) back\b"
)
"""A sound that comes back ("her voice comes back to her off the wet rock"): an echo, no way
back."""
_HURRY_UP = re.compile(
    r"\b(?:hurry|hurries|speed|hustle) (?:it |things )?up\b(?! (?:the|to|into|onto|there)\b)"
)
"""Urging on ("hurry up lol"): haste asked for, never the way up."""
_GETTING_GOING = re.compile(r"\b(?:get|gets|getting) (?:going|moving|a move on)\b")
"""Setting off, no way said ("we should probably get going"): a going, nothing taken."""
_HANGING_BACK = re.compile(r"\b(?:hang|hangs|stay|stays|hold|holds|keep|keeps|lurk|lurks)\s+back\b")
"""Staying behind ("hang back by the tunnel mouth"): waiting, never a way back."""
_BROUGHT_ALONG = re.compile(
    r"\b(?:take|bring|walk|lead|escort|help|carry)(s?) (?:\w+|the \w+(?: \w+)?) "
    r"((?:back )?(?:upstairs|downstairs|up the stairs|down the stairs|outside|inside))\b"
)
"""Someone brought along by the party ("we bring Tam upstairs"): the party's going."""
_RUN_THROUGH = re.compile(
    r"\brun (him|her|it|them|that one|this one|the \w+(?: \w+)?|\w+ \d) through\b"
)
"""A blade driven through a foe ("run him through!"): a stab, no running."""
_SHAFT_IN = re.compile(
    r"\b(?:put|puts|sink|sinks|plant|plants|send|sends) (?:an|a|my|another) (?:arrow|bolt|shaft|"
    r"quarrel) (?:in|into|through) "
)
"""A shot told as where it lands ("I put an arrow in the thing holding the rope")."""
_HEAD_IN = re.compile(
    r"\b(?:stick|sticks|poke|pokes|put|puts|pop|pops) (?:my|his|her|our|their) heads? "
    r"((?:down |up |out |in )?(?:through|into|in|out of|over|round|around|past|under) )"
)
"""A head put through a way to look ("stick my head down through the trapdoor"): a look,
nobody goes."""
_CUT_DOWN = re.compile(r"\b(cut|hack|hew|strike|chop|bring|take) (him|her|it|them) down\b")
"""A foe felled ("cut him down"): the blow's words in the order the reading knows."""
_SHELTERED = re.compile(
    r"(?<!get )(?<!go )(?<!us )(?<!me )(?<!head )(?<!come )\bout of the (?:wind|rain|cold|"
    r"weather|storm|spray|sun|draughts?|drafts?|elements|damp|wet)\b"
)
"""Where one rests or waits ("a short rest in the cave, out of the wind"): sheltered, not the
way out (but "get us out of the rain" goes in)."""
_OFFERED = re.compile(
    r"^(?:here(?: you go| you are)?|catch|oi)[,!.]?\s+(?:([a-z][\w'-]*)[,!.]?\s+)?"
    r"(?:take|have|grab)\s+(my|this|the|a)\s+(.+?)[.!]*$"
)
"""A thing held out to someone ("here lass, take my potion"): given to them."""
_DRINK_THIS = re.compile(
    r"^(?:here(?: you go| you are)?[,!.]?\s+([a-z][\w'-]*)[,!.]?\s+(?:drink|sip|swallow|down)|"
    r"(?!(?:i|we|you|then|ok|okay|so|now|and|just|here|quick|quickly|please|pls|also|"
    r"first)\b)([a-z][\w'-]*)\s+"
    r"(?:drink|sip|swallow))\s+(?:this|that|it|my potion|this potion|the potion)\b"
)
"""A draught held out to someone by name ("here Tam, drink this", "Tam, drink this, it'll
help your leg"): the potion given to them, not drunk by the one holding it out."""


_USED_TO_BE = re.compile(
    r"\bthe (?:\w+ ){1,4}?(?:that|which|what) (?:used to be|was once|once was|was) "
    r"(?=\w+ (?:\d|one|two|three|four|five)\b)"
)
"""Remains called by who they were ("the pile of bones that used to be skeleton 2"): that
foe, fallen."""
_DRAWN_ASIDE = re.compile(
    r"^(?:i |we )?(?:pull|push|draw|part|sweep|brush|lift|hold)(?:s|es|ed)? (?:back |aside )?"
    r"(the|that|this|some|a) ((?:\w+ )?(?:kelp|weed|seaweed|vines?|branches|brambles|thorns|ivy|"
    r"moss|cloth|sheet|tapestry|hangings?|drapes?|veil|cobwebs?|webs?|roots))(?: aside| back| "
    r"away| apart)\b"
)
"""A growth or a hanging drawn aside ("pull the kelp aside"): a look behind it."""
_ORDERED_IN = re.compile(
    r"\border(?:s|ed|ing)? (?:(?:a|an|some|another|two|three|us|me|the|a round of|a pint of|"
    r"a mug of|a cup of|a bowl of|a plate of) )+(?:\w+ )?(ale|beer|drink|drinks|wine|mead|cider|"
    r"food|meal|stew|soup|bread|supper|dinner|breakfast|room|rooms|round|pint|tankard|cup|bowl|"
    r"tea|milk|water)\b"
)
"""Something ordered at an inn ("i order an ale"): asked for, no order given to cow anyone."""
_WALKING_BONES = re.compile(r"\b(?:(?:pile|heap|bag|sack|bundle)s? of )?walking bones\b")
"""Bones that walk are the skeletons (the barrow's shelves of bones do not)."""


_STRAIGHT_FOR = re.compile(
    r"\b(go|goes|went|going|come|comes|came|run|runs|ran|head|heads|charge|charges)\s+"
    r"(?:straight|right|directly|dead|full tilt)\s+(?=for\b|at\b)"
)
"""An adverb between a going and the foe gone for ("goes straight for the boss")."""


_CLIMBS = ("climb", "i climb", "we climb", "scale", "i scale", "shin up", "i shin up")
_TO_LOOK = re.compile(
    r"\s+(?:so as |in order )?to (?:look around|look about|have a look|take a look|scout|"
    r"look out|get a (?:better |good )?(?:look|view)|see (?:further|farther|better|around|"
    r"what|if|over))\b.*$"
)
"""Why one climbs ("to look around"): the climb is the deed, the look its reward."""


_PICKED_UP = re.compile(
    r"^((?:[a-z][\w']* )?(?:i |we |you )?(?:pick|picks|scoop|scoops|snatch|snatches))\s+"
    r"((?:the|my|her|his|that|this|it|them|those)(?: [\w']+){0,2}?)\s+(?:back\s+)?up\b"
)
"""A thing picked up, its word between ("pick the locket back up", "Cass, pick it up"): the
verb whole again."""


_WEIGHT_ON = re.compile(
    r"^(?:i |we )?(?:put|puts|throw|throws|lean|leans|hang|hangs|set|sets)(?: all)? (?:my|his|her|"
    r"our|their) (?:whole |full |entire |full body )?(?:weight|body ?weight|body|strength) "
    r"(on|onto|into|against|behind|to) (.+)$"
)
"""One's weight put to a thing ("throw my weight on the bell rope"): heaving on it, or
pushing against it — no throw, nothing set down."""


def bodily(said: str) -> str:
    """A back that is someone's ("an arrow in the goblin's back", "while their backs are
    turned") read as the body it is, and the back of a thing ("the back wall") as its rear,
    never as the way back out of here."""
    draught = _DRINK_THIS.match(said)
    if draught is not None:  # "here tam, drink this": the potion held out to Tam
        said = f"give my potion to {draught.group(1) or draught.group(2)}"
    offered = _OFFERED.match(said)
    if offered is not None:  # "here Aria, take my potion": the potion given to Aria
        whom = f" to {offered.group(1)}" if offered.group(1) else ""
        said = f"give {offered.group(2)} {offered.group(3)}{whom}"
    said = _LEADING.sub("go", said)  # "i lead us across the causeway": the party goes
    said = _RUSHED_TO.sub("run to", said)  # "i rush to Aria": a run, no charge at her
    said = _WHILE_ASLEEP.sub("the sleeping one", said)  # "stab it while it sleeps": that one
    said = _ONE_WOUND.sub(r"treat \1", said)  # "i bandage my arm": a wound tended, no rest
    said = _FAVOURED.sub(r"what does favored enemy do against \1", said)  # a trait, asked of
    said = _POISON_DRAWN.sub(r"treat the \1 in ", said).strip()  # (nobody goes out)
    said = _WOUND_ROUND.sub(lambda m: f"tie {_TIED.get(m.group(1), m.group(1)[:-2])} up", said)
    said = _BOUND_WOUNDS.sub(r"bandage \1", said)  # "we bind our wounds": no one bound
    said = _ECHOED.sub(r"\1\2 echoes", said)
    said = _DEAL_SEALED.sub(r"talk about the \1", said)
    said = _HURRY_UP.sub("hurry", said)  # "alex hurry up": no stairs climbed
    said = _GETTING_GOING.sub("go", said)  # "we should get going": no "get" of a thing
    said = _HANGING_BACK.sub("wait", said)  # "i hang back by the tunnel mouth": no way back
    said = _SHELTERED.sub("sheltered", said)
    said = _RUN_THROUGH.sub(r"stab \1", said)
    said = _SHAFT_IN.sub("shoot ", said)
    said = _HEAD_IN.sub(r"peer \1", said)
    said = _CUT_DOWN.sub(r"\1 down \2", said)
    said = _BROUGHT_ALONG.sub(lambda m: f"go{'es' if m.group(1) else ''} {m.group(2)}", said)
    said = as_gestured(said)  # eyes, hands, pages and silences: no deed of their own
    said = _USED_TO_BE.sub("", said)  # "the bones that used to be skeleton 2": that one
    said = _WALKING_BONES.sub("skeleton", said)  # "the nearest pile of walking bones"
    said = _DRAWN_ASIDE.sub(r"look behind \1 \2", said)  # "pull the kelp aside": behind it
    said = _ORDERED_IN.sub(r"ask for an \1", said)  # "i order an ale": asked for, no threat
    said = _STRAIGHT_FOR.sub(r"\1 ", said)  # "goes straight for the goblin boss": for him
    if said.startswith(_CLIMBS):  # "climb one of the pines to look around": the climb
        said = _TO_LOOK.sub("", said)
    said = _UNSEEN.sub(" unseen", said).strip()
    said = _OWN_SHEET.sub(lambda m: f"what are my {m.group(1)}", said)
    said = _POCKET.sub(lambda m: f"pickpocket {_whose(m.group(2))}", said)
    said = _SIZING.sub(lambda m: f"weigh up {m.group(1)}", said)
    said = _FACE.sub(lambda m: f"weigh up {_whose(m.group(1))}", said)
    said = _PACES.sub(r"\1 paces", said)  # "backs off a few steps": a distance, no stairs
    said = _HP_CHECK.sub("how many hit points do i have", said)  # "hp check for me pls"
    said = _YOU_UNSAID.sub(lambda m: f"{_ASKED_WITH[m.group(1)]} you {m.group(1)} ", said)
    said = _HIT_DIE.sub("hit dice", said)  # "spend a hit die": a rest's (no German "die")
    said = _BOWED.sub("bow", said)  # "i bow my head to the sister": no bow drawn
    said = _BACK_TO_WHERE.sub("to where", said)  # "follows the drip back to where …": no way
    said = _HEAL_UP.sub("heal myself", said)  # "heal up, then go into the cave": no way up
    said = _PICKED_UP.sub(r"\1 up \2", said)  # "pick the locket back up": taken, no way back
    said = _WEIGHT_ON.sub(
        lambda m: f"{'push against' if m.group(1) == 'against' else 'heave on'} {m.group(2)}", said
    )  # "I put my whole weight on the rope": heaved
    said = _WE_HEAL_UP.sub(r"\1 rest", said)  # "let's heal up": the party's rest
    said = _THE_BACK.sub(r"\1 rear ", said)
    said = _PRAYING.sub(lambda m: m.group(0) if _spell_in(m.group(0)) else "pray", said)
    if _GOING_BACK.search(said):
        return said
    return _BODY_BACK.sub(lambda m: f"{m.group(1)}spine{m.group(2)}", said)


STORY_VOICE = re.compile(
    r"^(?:she|he)\s+(?!(?:looks|seems|sounds|feels|appears|is|was|has|says)\b)(?=[a-z]+s\b)"
)
"""The acting character's own deed told in the story's voice ("she backs off")."""
_PACES = re.compile(
    r"\b(a few|a couple of|a couple|one|two|three|four|five|some|several|a|few|more)"
    r"(?: more)? (?:steps|step)\b(?! (?:down|up|to|of|into|towards?|back|away|aside|forward))"
)
"""Steps counted out are a distance ("back off a few steps"), not a flight of steps."""
_HP_CHECK = re.compile(r"^(?:hp|health|hit points?) check\b.*$")
"""A check on one's own hit points asked in two words ("hp check for me pls")."""
_YOU_UNSAID = re.compile(
    r"^(heard|seen|got|noticed|spotted|know) (?=any\b|anything\b|anyone\b|anybody\b|of\b|"
    r"about\b|news\b|word\b|rumou?rs?\b)"
)
"""A question put to someone without its "have you" ("heard any rumours lately?", "seen
anything odd?", "know anything about the bell?"): words to them, not a deed."""
_ASKED_WITH = {"heard": "have", "seen": "have", "got": "have", "noticed": "have",
               "spotted": "have", "know": "do"}  # fmt: skip
_HIT_DIE = re.compile(r"\bhit die\b")
"""One hit die, said as the rest's words say it ("spend a hit die": hit dice)."""
_BOWED = re.compile(r"\bbow(?:s|ed|ing)? (?:my|his|her|our|their) heads?\b")
"""A bow of the head ("bow my head to the sister"): a greeting, no bow to shoot."""
_BACK_TO_WHERE = re.compile(r"\bback to where\b")
"""A way back to a spot ("back to where the sand gives way"), no way out of the place."""
_HEAL_UP = re.compile(r"(?<!let.s )(?<!lets )(?<!we )\bheal(?:s)? (?:myself |me )?up\b")
"""Healing oneself, said with "up" ("heal up"): no way up."""
_WE_HEAL_UP = re.compile(r"\b(let.s|lets|we) heal (?:ourselves )?up\b")
"""The party healing up together ("let's heal up"): a rest."""


SO_THAT = re.compile(
    r"\s+so(?: that)? (?:(?:\w+ ){1,2}(?:can|could|will|would|might|gets?|has|have)\b.*$|"
    r"(?:the|its|their) \w+ (?:slip|slips|fall|falls|trip|trips)\b.*$|"
    r"(?:ale|water|oil|beer|wine|the ale|the water|the oil) \w+s\b.*$)"
)
"""What a deed is for, said after it ("… so Thorin can get a clean hit in", "kick over a
cask so the rats slip in the ale"): no deed."""


_SHOVING = re.compile(
    r"^(?:i\s+)?(?:shove|push|trip|kick|knock|slam|barge|bash|shoulder|sweep|tackle|ram)"
)
_HOW_IT_ENDS = re.compile(r"\b(?:falls?|fell|prone|knocked|trips?|tripped|over|down|away|back)\b")
"""A purpose that says how a shove ends ("so it falls over", "so it stumbles back")."""
_DISTRACTING = re.compile(
    r"^(?:distract|distracts|feint|feints|draw|draws|taunt|taunts|harass|harry|keep|keeps|"
    r"occupy|occupies)\b"
)
"""Deeds that draw a foe's eye: done so a friend can strike, the Help action (SRD)."""


_TO_GET_AT = re.compile(
    r"^(?:i |we )?(?:tumble|climb|clamber|vault|roll|leap|jump|slide|dive|duck|scramble|hop|"
    r"spring|flip|somersault|weave|dart|slip|squeeze|push|shoulder|step|run|dash)(?:s|es|ed)? "
    r"(?:past|around|round|over|under|between|through|by) .+? (?:to|so i can|in order to) "
    r"(?:get at|get to|reach|attack|hit|stab|strike|flank|engage) (.+)$"
)
"""In a fight, moving past one foe to get at another: the blow at the other is the deed
("I tumble past rat 1 to get at rat 3"; the movement is the turn's, as a flourish is)."""


def for_a_friend(said: str, ctx: r.Context) -> str:
    """A deed without what it is for ("… so Thorin can get a clean hit in"); a foe
    distracted so a friend can strike is the Help action for that friend; a foe got past to
    strike another is a blow at the other."""
    reached = _TO_GET_AT.match(said) if ctx.scope.fighting else None
    if reached is not None:
        return f"attack {reached.group(1)}"
    purpose = SO_THAT.search(said)
    if purpose is None or purpose.start() == 0:
        return said
    if _SHOVING.match(said) and _HOW_IT_ENDS.search(purpose.group(0)):
        return said  # ("shove the rat so it falls over": how the shove is made)
    head = said[: purpose.start()]
    friend = next((m for m in ctx.scope.of("member") if m.id != ctx.actor
                   and any(has_phrase(purpose.group(0), n) for n in m.names)), None)  # fmt: skip
    if friend is not None and ctx.scope.fighting and _DISTRACTING.match(head):
        return f"help {friend.names[0]}"
    return head


def _whose(owner: str) -> str:
    """The one a pocket belongs to, as the pickpocket's object ("goblin 2's" → goblin 2)."""
    pronoun = {"his": "him", "her": "her", "its": "it", "their": "them"}
    return pronoun.get(owner, owner.removesuffix("'s"))
