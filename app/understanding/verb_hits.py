"""Every verb phrase a clause holds, in any of its forms, and where: a blow's verb, a
going, words, a look, a thing taken — less those that only look like deeds ("hit points",
"the fighting", "one more bite could put him down", "drop your weapons!" said to foes)."""

from __future__ import annotations

import re

from app.understanding.intent import IntentKind
from app.understanding.manoeuvring import OTHERS, PINNED
from app.understanding.negation import BIDDEN_OF_ANOTHER, NEGATING, NOT_GOING
from app.understanding.readings import Context
from app.understanding.targets import named_creatures
from app.understanding.words import phrase_at, verb_at, verbs_in

_DRAWN = re.compile(r"takes? out (?:my|his|her|our|their|your) ")
"""A thing of one's own taken out ("take out my rope"): drawn, where a foe taken out is
nobody's."""


_JUMPED_WHERE = re.compile(
    r"s?\s+(?:off|into|down|over|across|onto|on to|in|out|up|from|through|to|back|aside)\b"
)
"""Where a jump goes ("jump off the belfry"): a leap, where "jump the goblins" is a blow."""
_HELD_AT_THROAT = re.compile(r"\s+(?:at|to|against) (?:[\w']+ ){0,4}?(?:throat|neck)\b")
"""A weapon named and where it is held ("dagger at his throat"): no blow is struck."""


def _through_a_way(ctx: Context, rest: str) -> bool:
    """What is run through is a way out, not a foe ("run through the tunnel")."""
    named = rest.split()[:4]
    return (
        bool(named)
        and bool(ctx.named("exit", text=" ".join(named)))
        and not ctx.named("creature", text=" ".join(named), floor=0.9)
    )


def _a_thing_here(ctx: Context, at: int) -> bool:
    """The word at ``at`` is what the scene calls one of its features, items or ways."""
    word = ctx.said[at:].split()[0]
    return any(word in t.names for t in ctx.scope.of("feature", "item_here", "exit"))


def verb_hits(ctx: Context) -> list[tuple[int, int, IntentKind]]:
    """(position, -length, kind) of every verb phrase in the line, in any of its forms."""
    hits: list[tuple[int, int, IntentKind]] = []
    for kind, phrases in ctx.vocab.verbs.items():
        for phrase in verbs_in(ctx.said, phrases):
            at = verb_at(ctx.said, phrase)
            before = ctx.said[:at].split()[-1:] if at > 0 else []
            after = ctx.said[at + len(phrase) :].split()[:1]
            if after and after[0] in ("points", "point", "dice", "die"):
                continue  # "hit points" is no blow
            if kind == "attack" and phrase.startswith("aim") and ctx.said[at:].startswith("aimed"):
                continue  # "a screeching note, all of it aimed at the grey thing": the note's
            if kind == "attack" and (
                before in _A_FIGHT_NAMED
                or (before in _A_BLOW_NAMED and phrase in _NOUNS_TOO)
                or after in _A_FIGURE_OF_IT
                or (before == ["one"] and not after)
                or (at == 3 and before == ["to"] and ctx.raw.rstrip().endswith("?"))
            ):
                continue  # "to-hit with the axe?", "attack bonus", "ugh this fight", "lol one
                # hit": nouns
            if kind == "talk" and before == ["the"] and _a_thing_here(ctx, at):
                continue  # "look at the waves" (the sea's word): a thing, not a greeting
            if kind in ("attack", "move") and at > 0 and BIDDEN_OF_ANOTHER.search(ctx.said[:at]):
                continue  # "yells to the young man to run for the steps": bidden of him
            if kind in ("attack", "move") and at > 0 and _NOT_MEANT.search(ctx.said[:at]):
                continue  # "we didn't come to fight", "I don't want to hurt him"
            if kind == "hold" and PINNED.match(ctx.said[at:]):
                continue  # "holds him down": a foe pinned, no turn passed
            if kind == "attack" and before in _IS and ctx.said[at:].split()[0].endswith("ing"):
                continue  # "my axe is slashing", "the rat is biting Thorin": told, not done
            if kind == "attack" and before == ["no"] and ctx.said[at:].split()[0].endswith("ing"):
                continue  # "no attacking": forbidden (where "no attack rat 2" corrects one)
            first = ctx.said[at:].split()[0] if at >= 0 else ""
            told_of = _DONE_TO.search(ctx.said[:at]) if first.endswith("ed") else None
            told_of = told_of or (_DONE_TO_NEAR.search(ctx.said[:at]) if first in _BEATEN else None)
            if kind == "attack" and told_of:
                continue  # "who got her whole village killed": a deed done, told of
            if (
                kind == "attack"
                and first in _WON
                and (_TOLD_BY_US.search(ctx.said[:at]) or (at == 0 and first != "beat"))
            ):  # "we killed your guards, sorry" (read without its "we"): told of, as a
                continue  # kill is never declared, and a past form opens no bidding
            if kind == "attack" and at > 0 and _UNLESS.search(ctx.said[:at]):
                continue  # "hand it back or we gut you", "we could have killed them": words
            word = ctx.said[at:].split()[0] if at >= 0 else ""
            # ("her" is also whom a deed is done to: owned only before a blow's verb, or a
            # plural: "her hands")
            if (
                before
                and before[0] in _OWNED
                and (kind == "attack" or before[0] != "her" or word.endswith("s"))
            ):
                continue  # "put down your spear", "slash the rope out of her hands": things
            if kind == "attack" and before and named_creatures(before[0], ctx.scope):
                continue  # "rat guts everywhere": a creature's word makes it a noun
            if kind == "attack" and at > 0 and _NOT_THE_SPEAKERS.search(ctx.said[:at]):
                continue  # "one more bite could put him down", "daring them to come at him"
            noun = before in (["the"], ["all"]) and (
                word.endswith("ing") or (" " not in phrase and word.endswith("s"))
            )  # ("the fighting", "counts the beats")
            if noun or (at > 0 and _AFTER_A_WORD.search(ctx.said[:at])):
                continue  # "so she doesn't hear the fighting", "the talking is over",
                # "crows over a winning throw": nouns
            if kind == "attack" and phrase == "jump" and _JUMPED_WHERE.match(ctx.said[at + 4 :]):
                continue  # "jump off the belfry into the sea": a leap, no ambush
            if kind == "attack" and _HELD_AT_THROAT.match(ctx.said[at + len(phrase) :]):
                continue  # "dagger at his throat": a blade held there, a threat, no blow
            if (
                kind == "attack"
                and phrase == "run through"
                and _through_a_way(ctx, ctx.said[at + len(phrase) :])
            ):
                continue  # "I run through the tunnel": a way run through, nobody run through
            if phrase == "down the" and not ctx.named("carried", text=ctx.said[at:]):
                continue  # "back down the causeway": a way, not a draught downed
            if kind in ("drop", "give") and after in (["your"], ["yer"], ["ur"], ["me"], ["us"]):
                continue  # "Goblins, drop your weapons!", "give me the key": said to them
            if _DRAWN.match(ctx.said[at:]) and kind in ("attack", "take"):
                continue  # "take out my fiddle and play": a thing drawn, nobody taken out
            if kind == "take" and after in (["us"], ["me"]):
                continue  # "take us to your boss": asked of them
            if kind == "take" and _TAKE_A.match(ctx.said[at + len(phrase) :]):
                continue  # "take a look at that tunnel": a look, nothing taken
            if kind == "move" and word in ("exit", "exits") and before in _EXITS_NAMED:
                continue  # "looks at every room for exits", "the exits": ways, nobody goes
            if kind == "move" and word == "open" and before in (["the"], ["an"], ["that"]):
                continue  # "look at the open door": a door that is open, nobody goes through
            if kind == "move" and at > 0 and NOT_GOING.search(ctx.said[:at]):
                continue  # "flip back to the page", "let a lost child go home"
            if kind == "move" and _negated(ctx.said[:at]):
                continue  # "I'm not going into that tunnel", "not going another step into …"
            looked = kind == "move" and after and after[0] in _LOOKS and phrase in ("go", "goes")
            if looked and not _ELSEWHERE.search(ctx.said):
                continue  # "i go look at the shore steps": a look, nobody goes (but "go look
                # at the tracks outside" goes out to them)
            if kind == "move" and before and _a_way_named(ctx, f"{before[0]} {word}"):
                continue  # "look at the shore steps": the way's own name, nobody steps
            if at >= 0 and not (before and before[0] in OTHERS):
                hits.append((at, -len(phrase), kind))  # type: ignore[arg-type]
    if ctx.scope.fighting:
        for weapon in ctx.vocab.weapons:
            at = phrase_at(ctx.said, weapon)
            if at == 0 and not _HELD_AT_THROAT.match(ctx.said[len(weapon) :]):
                hits.append((at, -len(weapon), "attack"))  # ("dagger at his throat": held)
        if (brought := _BROUGHT_DOWN.search(ctx.said)) is not None:  # "raises his mace …
            hits.append((brought.start(), -len(brought.group()), "attack"))  # brings it down"
        finishing = _FINISH_A_FOE.match(ctx.said)
        if _FINISHING.match(ctx.said) or (
            finishing and named_creatures(ctx.said[finishing.end() :], ctx.scope)
        ):  # "finish the one that's falling apart", "finish the hurt goblin"
            hits.append((0, -6, "attack"))
        elif _GET.match(ctx.said) and named_creatures(ctx.said[4:], ctx.scope):
            hits.append((0, -3, "attack"))  # "get the boss!": go for it, in a fight
    return sorted(hits)


def _negated(before: str) -> bool:
    """A negation among the last three words before a verb, in its clause ("not going
    another step", "won't go"; not "I don't care, go")."""
    for word in reversed(before.split()[-3:]):
        if word[-1:] in ",.;:!?":
            return False
        if word in NEGATING:
            return True
    return False


_IS = [[w] for w in ("is", "are", "was", "were", "it's", "its", "s")]
"""Words before a blow's "-ing" word that make it what something is or does."""
_EXITS_NAMED = [[w] for w in ("for", "the", "any", "no", "other", "all", "two", "some", "its")]
"""Words before "exit" or "exits" that make it the way out, not a going."""
_A_FIGHT_NAMED = (["this"], ["that"], ["these"], ["those"])
"""Words before a blow's word that make it a noun: "ugh this fight", "that hit"."""
_A_BLOW_NAMED = [[w] for w in ("a", "an", "the", "boss", "big", "real", "proper", "good", "fair",
                                 "whole", "final", "another", "epic", "first", "last")]  # fmt: skip
"""Words that make a blow's word a noun: "finally a fight", "a boss fight", "the kill"."""
_NOUNS_TOO = frozenset({"fight", "hit", "strike", "attack", "stab", "kill", "swing", "punch",
                        "kick", "slash", "jab", "thrust", "chop", "smash", "beat"})  # fmt: skip
"""Blows' words that are nouns as well ("a boss fight", "the kill"); not "charge" ("lead the
charge" is one) nor an arrow's ("another arrow at thrall 1" is a shot)."""
_A_FIGURE_OF_IT = [[w] for w in ("bonus", "bonuses", "modifier", "mod", "roll", "rolls", "chance")]
"""Words after a blow's word that make it a figure: "attack bonus", "to hit roll"."""
_BROUGHT_DOWN = re.compile(
    r"\bbring(?:s|ing)? (?:it|(?:his|her|my|the) (?:mace|axe|sword|hammer|club|maul|staff|"
    r"blade|longsword|greataxe|warhammer|battleaxe|flail|morningstar|fist|fists)) (?:down|crashing)"
)
"""In a fight, a weapon raised and brought down ("brings it down"): a blow."""
_AFTER_A_WORD = re.compile(
    r"\b(?:over|after|during|about|upon|of|without|for|from|before)\s+"
    r"(?:a|an|the|his|her|their|its)\s+(?:\w+\s+)?$"
)
"""A verb's word after a preposition and an article is a noun ("crows over a winning throw",
"the sound of the bite")."""
_TAKE_A = re.compile(
    r"\s+(?:a|another|one more)\s+(?:(?:good|close|closer|quick|long|hard)\s+)?"
    r"(?:look|peek|glance|gander|peep|listen|sniff|moment|breath|knee|seat|sec|second)\b"
)
"""A "take" that is no taking ("take a look", "take a moment")."""
_FINISHING = re.compile(r"^(?:finish(?: off)?|get) (?:the|that|this) (?:\w+ )*?(?:one|ones)\b")
"""In a fight, finishing off or going for "the … one" is a blow at it."""
_FINISH_A_FOE = re.compile(r"^finish(?:es)?(?: off)? (?:(?:the|that|this)\s)?")
_DONE_TO = re.compile(
    r"\b(?:got|get|gets|getting|was|were|been|be|being|is|are|am|\w+'re|\w+'s|i'm|im)\s+"
    r"(?:\w+\s+){0,3}$"
)
"""Words before a blow's past form that make it told of ("got them killed", "was stabbed",
"we're all beat up")."""
_DONE_TO_NEAR = re.compile(
    r"\b(?:got|get|gets|was|were|been|be|is|are|am|\w+'re|\w+'s|i'm|im)\s+(?:\w+\s+)?$"
)
"""The same, a word at most between, for a past form that is also a verb now ("hit")."""
_WON = frozenset({"killed", "slew", "slain", "murdered", "slaughtered", "defeated", "beat",
                  "beaten", "finished", "butchered", "offed"})  # fmt: skip
"""Past forms of a blow's end: a fight's outcome, which a player tells but never declares."""
_TOLD_BY_US = re.compile(r"\b(?:we|i|we've|i've|weve|ive|we have|i have|already|just)\s+$")
"""Words before such a past form that make it the speaker's story ("we killed …")."""
_BEATEN = frozenset({"beat", "beaten", "hit", "cut", "shot", "bit", "bitten", "struck", "torn",
                     "slashed", "smashed", "hurt"})  # fmt: skip
"""Past forms of blows that do not end in "ed"."""
_NOT_MEANT = re.compile(r"\b(?:(?:not|never|don't|dont|didn't|didnt|won't|wont|aren't|arent)\s+"
                        r"(?:(?:\w+\s+){0,2}to\s+)?|(?:stop|stops|stopped|stopping|quit|quits|"
                        r"cease|ceases|ceased|no more|instead of|rather than)\s+"
                        r"(?:\w+\s+)?)$")  # fmt: skip
"""Words before a blow's verb that say it is not meant ("we didn't come to fight", "Wren
stops fighting", "instead of lifting his mace")."""
_UNLESS = re.compile(
    r"\b(?:(?:or|or else|otherwise|else)\s+(?:we|i|we'll|i'll|we will|i will|we're gonna|"
    r"i'm gonna|we'd|i'd)|(?:could|would|might|should)(?:\s+have|'ve)|could've|would've|"
    r"(?:had|needed)\s+to)\s+"
    r"(?:\w+\s+)?$"
)
"""Words before a blow's verb that make it a threat's price or a blow not struck ("… or we
gut you like a fish", "we could have killed them", "sorry we had to fight you"): words, not
a blow."""
_OWNED = frozenset({"your", "his", "her", "their", "its", "our", "yer", "ur"})
"""Words that make a blow's verb a thing owned ("your spear", "his club")."""
_NOT_THE_SPEAKERS = re.compile(
    r"(?:\b(?!i\b|we\b|i'd\b|we'd\b)\w+\s+(?:could|might|would|may)\s+(?:\w+\s+)?|"
    r"\b(?:dar|challeng|taunt|goad|invit|beckon|wav)\w*\s+(?:the\s+)?\w+\s+to\s+)$"
)
"""Words before a blow's verb that make it a maybe or another's ("one more bite could put
him down", "daring them to come at him"): what the foe might do, not the speaker's blow."""
_GET = re.compile(r"^get (?:the |that |this )?(?:(?:last|other|big|biggest|first|second|third|"
                  r"hurt|wounded|bloody|closest|nearest|ugly) )*(?!away|behind|back|out|off|in|"
                  r"up|down|over|to|into|on|clear|close|near|between|around|round|free|"
                  r"ready|a|an|my|your|his|her)\w")  # fmt: skip
"""Going for a foe ("get the boss!", "get the last goblin"): a blow, never a way taken."""


_ELSEWHERE = re.compile(r"\b(?:outside|inside|upstairs|downstairs|out there|down there|up there)\b")
_LOOKS = frozenset(
    {"look", "check", "search", "examine", "inspect", "peek", "investigate", "study"}
)


def _a_way_named(ctx: Context, words: str) -> bool:
    """Whether two words are (part of) the name of a way out here ("shore steps")."""
    return any(
        re.search(rf"(?:^| ){re.escape(words)}(?: |$)", name)
        for way in ctx.scope.of("exit")
        for name in way.names
    )
