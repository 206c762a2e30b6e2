"""Whose voice a line is in, and what is only for the table: a deed handed to another of
the party ("Sela's better at this. She …"), a player back at the table, a tag on a remark,
the story told of the one acting ("Ione sits. She says …"), one's own name asked, "me" said
for the speaker, and a question put plainly ("remind me what we're doing")."""

from __future__ import annotations

import re

from app.understanding import readings as r
from app.understanding.rewording import INTERJECTION, OPENING_WORDS
from app.understanding.scope import Scope
from app.world.state import GameState

_PICKED_TO_SWING = re.compile(
    r"^(?:i |we )?(?:pick up|picks up|grab|grabs|snatch up|snatches up|take|takes|seize|"
    r"seizes) (a|an|the|some|one of the) ((?:\w+ )?\w+) and (\w+) (.+?) with it\W*$",
    re.IGNORECASE,
)
"""A thing taken up to strike with ("pick up a thighbone and club skeleton 1 with it"):
the blow, struck with it."""
_PICKED_TO_SMASH = re.compile(
    r"^(?:i |we )?(?:pick up|picks up|grab|grabs|snatch up|snatches up|take|takes|seize|"
    r"seizes) (a|an|the|some|one of the) ((?:\w+ )?\w+)(?: (?:off|from) (?:the|a) \w+)? and "
    r"(?:smash|smashes|break|breaks|crack|cracks|bring|brings|slam|slams|swing|swings) it "
    r"(?:down )?(?:over|on|onto|into|across|against|at) (.+?)\W*$",
    re.IGNORECASE,
)
"""A thing taken up and broken over a foe ("grab a bottle and smash it over the last rat")."""
_HANDED_OVER = re.compile(
    r"^\s*([A-Z]\w+)'s (?:better at (?:this|that|it)|good at (?:this|that)|"
    r"the one for (?:this|that)|got this)[.!,;]*\s+(?:so\s+)?(?i:she|he|they)\s+",
)
"""A deed handed to another of the party, who then does it ("Sela's better at this. She
lays a hand on the rune"): told as hers (an unknown name is refused as any other)."""
_RETURNED = re.compile(
    r"^\W*(?:(?:(?:(?:ok(?:ay)?|and|so|sorry|right)\W+)*(?:i'?m|im|i am|we'?re|were|we are)\s+"
    r"back\b(?:\s+(?:now|again|guys|all))?|(?:(?:ok(?:ay)?|sorry|right)\W+)+back(?:\s+again)?|"
    r"back\s+again)(?:\s*[!.,;:]+\s*|\s*$)|"
    r"back\W+(?=(?:what|where|sorry|lol|ok|hi|hey|did)\b))",
    re.IGNORECASE,
)
"""A player back at the table ("back! what did i miss", "ok i'm back", "ok sorry, back
again."): no going back."""


def as_told(text: str) -> str:
    """The line with what is only for the table taken off its front: a deed handed to
    another ("Sela's better at this. She lays a hand …": Sela lays it), a player back ("back!
    what did i miss": a question, no going back), the players called ("hey guys, …")."""
    told = _TO_THE_TABLE.sub("", _RETURNED.sub("", _HANDED_OVER.sub(r"\1 ", text))) or text
    told = _CHEERED.sub("", told) or told
    asking = _STATED.match(told) is not None  # ("it's the chapel, isn't it?": asked)
    told = _WISH_ASKED.sub("do you want to ", _TAG.sub("?" if asking else ".", told))
    told = _PICKED_TO_SWING.sub(r"\3 \4 with \1 \2", told)  # "… and club him with it"
    told = _PICKED_TO_SMASH.sub(r"hit \3 with \1 \2", told)  # "… and smash it over him"
    told = _SPOKEN_AFTER.sub(lambda m: f'{m.group(1)}: "{m.group(2).strip()}"', told)
    return _MARCH.sub("", told) or told


_SPOKEN_AFTER = re.compile(
    r"^(\W*(?:i |we )?(?:shout|shouts|yell|yells|say|says|call|calls|cry|cries|tell|tells|"
    r"scream|screams|bellow|bellows|whisper|whispers|hiss|hisses|roar|roars)(?: out)?"
    r"(?: (?:at|to|down|up|into|across|through|over|towards?) [^:\"“']{1,40})?)"
    r"\s*:\s*(?![\"“'])([^\"“]{3,})$",
    re.IGNORECASE,
)
"""Words said after a colon ("I shout at the drowned ones: go back to the sea and rest!"):
what is said, quoted, so nothing in it is read as the speaker's deed."""


_TAG = re.compile(
    r",\s*(?:isn'?t it|ain'?t it|innit|don'?t you think|aren'?t they|isn'?t (?:she|he|that)|"
    r"wasn'?t it|won'?t it|doesn'?t it)\s*\?+\s*$",
    re.IGNORECASE,
)
"""A tag on a remark ("cold night, isn't it?"): the remark, not a question about "it"."""
_STATED = re.compile(r"^\W*(?:it|that|this|he|she|they|you|we)(?:'s|'re| is| are)\b", re.I)
"""A tagged line that says what something is: still asked ("it's the chapel, isn't it?")."""
_WISH_ASKED = re.compile(r"^\s*(?:wanna|want to|wan+a)\s+(?=[^?]*\?\W*$)", re.IGNORECASE)
"""A wish asked with its "do you" dropped ("want to go home kiddo?"): asked of someone,
no going of the speaker's."""


_CHEERED = re.compile(
    r"^\W*(?:nice|good|great|sweet|awesome|lovely|wow|whoa|lol|haha|ha|yes|yess|woo+|yay)"
    r"(?:\s+(?:hit|shot|one|job|roll|move|work|throw|swing|spell|save))?\s*[!.,]+\s*(?=\w)",
    re.IGNORECASE,
)
"""A friend cheered before the deed ("nice hit! I smack the one next to Wren"): said to
the table, no blow of its own."""


_MARCH = re.compile(r"(?<=[.!])\s+(?:\w+\s+){0,2}\w+\s+first\s*[.!]*\s*$", re.IGNORECASE)
"""Who or what goes first, said after the deed ("Down the stairs we go. Torch first."): the
order of march, no deed of its own."""


_TO_THE_TABLE = re.compile(
    r"^\W*(?:(?:hey|hi|ok|okay|so|right|alright)\s+(?:guys|everyone|everybody|team|folks|gang|"
    r"y'?all|people|friends)\b\W*|(?:guys|everyone|everybody|team|folks|gang|y'?all|people|"
    r"friends)\s*[,!:;.]+\s*)(?=\w)",
    re.IGNORECASE,
)
"""The players called before a word to them ("hey guys what should we do first?"): said
to the table, not to the one person of the story here."""


_SPEAKER = re.compile(r"\b(?:me|myself)\b")


def for_the_speaker(rest: str, raw: str, actor: str | None, state: GameState) -> str:
    """A line that tells a friend what to do ("Cass, cast guidance on me") with its "me"
    the speaker's character, not the friend told; a line a player types as that friend
    ("Cass: I cast guidance on myself") keeps its own."""
    if (
        actor is None
        or actor not in state.party
        or raw.lstrip().partition(" ")[0].endswith(":")
        or rest.startswith("i ")
    ):
        return rest
    rest = _YOU_DO.sub("", rest) or rest  # "Cass, you pick it up": Cass picks it up
    return _SPEAKER.sub(state.name_of(actor).split()[0].lower(), rest)


_YOU_DO = re.compile(
    r"^(?:you|u)(?: (?:can|could|should|must|will|better|had better|'d better|go and))? (?=\w)"
)
"""The friend told, as "you", before what they are told to do ("Cass, you pick it up")."""


def subject_said(ctx: r.Context, said: str) -> tuple[str, str | None]:
    """The party member a line names as the one acting, and what they do: after words it
    opens with ("ok ione climbs up"), and without the words that open what they do ("Ione:
    fine, i climb the ladder")."""
    said, named = r.subject(ctx, said)
    bidden = _BIDDEN.match(said) if named is None and not _MADE_SO.search(said) else None
    if bidden is not None:  # "I'll have Mira sneak outside": Mira's deed
        opened, called = r.subject(ctx, said[bidden.end() :])
        said, named = (opened, called) if called is not None else (said, None)
    if named is None and OPENING_WORDS.match(ctx.raw.lower()):
        opened, called = r.subject(ctx, INTERJECTION.sub("", said) or said)
        said, named = (opened, called) if called is not None else (said, None)
    if named is not None:
        said = INTERJECTION.sub("", said) or said
    return said, named


_BIDDEN = re.compile(r"^(?:i'll |i will |i |we'll |we will |we )?(?:have|make|let) (?=\w)")
"""A friend bidden to act by the one typing ("I'll have Mira sneak outside"): their deed
(never "get Wren back up", a friend helped)."""


_MADE_SO = re.compile(r"^(?:\S+ ){1,3}(?:invisible|unseen|visible)\b")
"""A friend made so by the one typing ("make Thorin invisible"): the typist's spell, not
the friend's deed."""


def told_of_the_actor(said: str, actor: str | None, state: GameState) -> str:
    """A paragraph told of the typist's character by name goes on with "she" or "he" for
    them ("Ione pulls up a stool … She says they've met his niece"): each later sentence that
    opens so with words said is put with the name again, so the words are the character's,
    not another's (a gesture, "He nods", is read as it stands)."""
    sheet = state.party.get(actor or "")
    if sheet is None:
        return said
    name = sheet.name.split()[0]
    opening = re.match(rf"^\W*(?:{re.escape(name)}|{re.escape(sheet.name)})\b", said, re.I)
    if opening is None or not _SENTENCE_SHE.search(said):
        return said
    return _SENTENCE_SHE.sub(lambda m: f"{m.group(1)}{name} {m.group(3)}", said)


_SENTENCE_SHE = re.compile(
    r"([.!?]\s+)(She|He|They)\s+(says|tells|asks|explains|adds|replies|answers|whispers|"
    r"murmurs|mutters|admits|promises|swears|insists)\b"
)
"""A sentence that opens with "She"/"He"/"They" and words said ("She says …"): what else
would be taken for another's is the character's."""
_MODAL = r"(?:can|could|should|shall|will|would|may|might)"


def own_name_asked(said: str, actor: str | None, state: GameState) -> str:
    """A question that names the asker's own character after "can" ("what can ione do up
    here?", typed as Ione): asked as "what can i do up here?"."""
    sheet = state.party.get(actor or "")
    if sheet is None:
        return said
    name = re.escape(sheet.name.split()[0])
    return re.sub(rf"\b({_MODAL}) {name}\b", r"\1 I", said, flags=re.IGNORECASE)


def _about_us(said: str) -> str:
    """ "tell me about my character" asks who one plays; "… about the party", who all are."""
    m = _ABOUT_US.match(said)
    return (
        said
        if m is None
        else ("who am i" if m.group(1) in ("my", "me", "myself") else "who are we")
    )


_ABOUT_US = re.compile(
    r"^(?:can you |could you |please )?(?:remind|tell) (?:me|us) (?:about|of) (my|me|myself|our|"
    r"us|ourselves|the party)\b(?: (?:character|characters|guy|sheet|party|group|team|self))?$"
)
"""Asking to be told about oneself or the party ("tell me about my character")."""
_REMIND = re.compile(
    r"^(?:can you |could you |please )?(?:remind|tell) (?:me|us)(?: again)? "
    r"(?=(?:what|who|where|why|how|when|which)\b)"
)
"""A question put as "remind me …": the question it asks."""


_REMIND_MINE = re.compile(
    r"^(?:can you |could you |please )?(?:remind|tell) (?:me|us)(?: again)? (?:of |about )?"
    r"(?=(?:my|our) \w)"
)
"""Asking to be told one's own ("remind me my hit points"): what they are."""


def asked_plainly(said: str) -> str:
    """A question put as "remind me …" or "tell me about my character": the question it
    asks ("what we're doing", "who am i", "what are my hit points")."""
    said = _REMIND.sub("", _about_us(said))
    return _REMIND_MINE.sub("what are ", said)


_OOC = r"(?:ooc|o\.o\.c\.?|(?:speaking |asking )?out of character|out-of-character)"
_OOC_BRACKETED = re.compile(rf"\s*[(\[]\s*{_OOC}\s*[:,—–-]*\s*([^)\]]*?)\s*[)\]]", re.IGNORECASE)
_OOC_MARK = re.compile(rf"(?:^|(?<=[,;.!?]))\s*{_OOC}\s*(?:[:,—–-]+|$)\s*", re.IGNORECASE)
"""A player's marker that what follows is said to the table, not in the story ("… and
then, out of character, how much is the reward?", "(ooc) what's my AC", "I attack (ooc:
is that ok?)")."""


def out_of_character(text: str) -> str:
    """The line without its out-of-character markers: what follows one is read as any
    line to the DM is (a question answered, never a way "out" of the room)."""
    bare = _OOC_BRACKETED.sub(lambda m: f". {m.group(1)}" if m.group(1) else " ", text)
    bare = _OOC_MARK.sub(" ", bare)
    return text if bare == text else (bare.strip(" .") or text)


_WHY_YOU = re.compile(
    r"^(?P<head>(?P<name>[A-Za-z][\w'-]*)\s*,\s*.+?)\s*[,;.!—–-]+\s*(?:since |as |cause |because )?"
    r"(?:you're|youre|you are|ur)\s+(?:the\s+|so\s+|our\s+)?[\w'-]+(?:\s+one)?\W*$",
    re.IGNORECASE,
)
"""A friend told to do a thing, and why them ("Ione, you go up, you're lightest")."""


def why_them_dropped(text: str, state: GameState) -> str:
    """The line without the reason a friend is picked for a deed ("Cass, read the book,
    you're the scholar" is Cass reading the book): the "you" of the reason is that friend,
    never someone of the story standing by."""
    said = _WHY_YOU.match(text.strip())
    if said is None:
        return text
    name = said["name"].lower()
    friends = {w for s in state.party.values() for w in s.name.lower().split()}
    return said["head"] if name in friends else text


_TELL_ME_OF = re.compile(
    r"^(?:can you |could you |please )?(?:remind|tell) (?:me|us)(?: more)? (?:about|of) ([a-z]+)$"
)
"""Asked to be told about someone by name ("tell me about ione")."""


def friend_asked_of(said: str, scope: Scope) -> str:
    """ "Tell me about ione", Ione one of the party: asked who she is (never words to the
    person of the story standing by)."""
    told_of = _TELL_ME_OF.match(said)
    if told_of is not None and any(told_of[1] in m.names for m in scope.of("member")):
        return f"who is {told_of[1]}"
    return said
