"""Things carried and things here: taking, dropping, giving and using them ("give the
locket back to Wendel", "pour the potion down Mira's throat", "drop my fishing line into a
tide pool" — a deed with it, not a drop)."""

from __future__ import annotations

import re

from app.understanding.intent import Intent, IntentKind
from app.understanding.readings import MOOD, Context, hurt_friends
from app.understanding.scope import Thing
from app.understanding.ways import (
    locked_text,
    move,
    named_beyond_direction,
    shut_ways,
    to_someone_there,
)
from app.understanding.words import has_phrase, name_score, verb_at
from app.world.wording import the


def _item_id(ctx: Context, text: str) -> str | None:
    """A campaign item the text names, carried or not."""
    if ctx.campaign is None:
        return None
    for iid, spec in ctx.campaign.items.items():
        for name in (spec.name, *spec.aliases):
            if has_phrase(text, name.lower()):
                return iid
    return None


_WHATEVER = re.compile(r"\b(?:whatever|anything|what'?s (?:there|under|in|inside|beneath))\b")
"""A thing taken without a name: whatever a search turned up."""
_FOR_HIM = re.compile(r"\b(?:him|his|her|them|their)\b")
"""A remedy given by a pronoun: to a friend, not to oneself."""


_A_HAND = re.compile(
    r"^(?:a|an|the|her|his|my|their|our|your|one|gentle|steady|firm|reassuring|comforting|"
    r"kind|warm|soft|shaking|trembling|free|other|left|right|calming|helping|evening|morning|"
    r"dim|pale|grey|gray|faint|bright|dying|fading|first|last|candle|lamp|torch|fire|moon|"
    r"sun|day|green|golden|blue|red|white|this|that|its)$"
)
"""A word before "hand" or "light" that makes it a noun ("a gentle hand on …", "in the
evening light"), not a handing or a lighting."""
_POINTED = re.compile(r"\b(?:it|them|one|that|this|those|these)\b")
"""Words after a giving that point back at a thing named before it ("… give it to her")."""


_TAKEN_BREATH = re.compile(
    r"^\w+\s+(?:a\s+|one\s+|his\s+|her\s+|my\s+)?(?:\w+\s+)?(?:breath|breather|moment|"
    r"second|beat|knee|deep breath|sip of air)\b"
)
"""A breath, a moment, a knee taken: no thing picked up."""


_TAKEN_HOME = re.compile(
    r"^(?:take|takes|bring|brings|walk|walks|lead|leads|escort|escorts)\s+"
    r"((?:the\s+)?[\w']+(?:\s+[\w']+)?)\s+(?:back\s+)?home\b"
)
"""Someone taken home ("take her home", "take the little girl back home"): a going."""


_AN_END = re.compile(
    r"^\S+\s+(?:(?:the|an|one|its|her|his|my)\s+)?(?:other|free|loose|far)?\s*end\b"
)
"""Handing over one end of something (a rope tied round oneself): nothing is given."""


_OWNED = re.compile(r"\b(?:my|his|her|their|our|own)\b")
"""A thing said to be one's own ("my book"): the one carried, not the one of the place."""


def items(ctx: Context, kind: IntentKind, at: int) -> Intent | None:
    rest = ctx.said[at:]
    if kind == "take" and _GETTING_DONE_TO.match(rest):
        return ctx.intent("ask", confidence=0.2, note=f"{MOOD}{ctx.raw}")  # "i'm getting
        # swarmed": how it goes for one, nothing got
    if (
        kind == "take"
        and _TAKEN_BREATH.match(rest)
        and re.match(r"^\S+\s+(?:\w+\s+){0,2}breather\b", rest)
    ):
        return ctx.intent("rest", action="short", confidence=0.8)  # "take a short breather"
    if kind == "take" and _TAKEN_BREATH.match(rest):
        return ctx.intent("ask", confidence=0.2, note=f"{MOOD}{ctx.raw}")  # "takes a steadying
        # breath": how one steels oneself, nothing taken
    held_out = handed_to(ctx, at) if kind == "take" else None
    if held_out is not None:  # "Aria, take this potion": held out to her, given
        return held_out
    if kind == "take":
        here = ctx.named("item_here", text=rest)
        lying = ctx.scope.of("item_here")
        if not here and len(lying) == 1 and (_WHATEVER.search(rest) or _BARE_IT.match(rest)):
            here = lying  # "… then grab whatever's under it", "grab it": the one thing lying
            # there (the locket the cave's words show on the cairn)
        if here:
            return ctx.intent("take", targets=(here[0].id,), item=here[0].id)
        near = " ".join(rest.split()[:12])  # a way or a person said close by, not in
        if ctx.named("exit", text=near) and named_beyond_direction(ctx, near):  # a later line
            return move(ctx, at)  # "take the stairs", not "grab it out of her hands"
        there = to_someone_there(ctx, near)  # ("… takes out her holy symbol. …  let a lost
        # child go home to her mother" takes nobody anywhere)
        if there is not None:  # "take Tam back up to Berta": where she is
            shut = there in shut_ways(ctx)
            return ctx.intent("move", targets=(there,), confidence=0.3 if shut else 0.9,
                              note=locked_text(ctx, there) if shut else "")  # fmt: skip
        home = _TAKEN_HOME.match(rest)
        if home is not None and (home.group(1) in ("her", "him", "them") or ctx.named(
                "npc", "member", text=home.group(1))):  # fmt: skip
            going = move(ctx.with_said("go home"), 0)  # "take her home": the party goes,
            if going is not None and going.kind == "move":  # with her, the way home
                return going
        carried = ctx.named("carried", text=rest)
        note = f"{carried[0].name} is already carried" if carried else "nothing like that here"
        if not carried and not lying and _WHATEVER.search(rest):
            note = "nothing is left lying there"  # ("lift the stone and grab whatever is
            # under it": what was under it is in hand already)
        holder = _held_by_a_friend(ctx, rest) if not carried else None
        if holder is not None:  # "grab the key", after Thorin found it: he has it
            note = holder
        return ctx.intent("take", confidence=0.4, note=note)
    if kind == "use" and _A_ROUND.match(rest):
        return None  # "drinks for everybody!": a round bought, nothing drunk from the pack
    carried = ctx.named("carried", text=rest) or ctx.named("carried")
    if (
        kind == "use"
        and carried
        and not _OWNED.search(rest)
        and not has_phrase(rest, carried[0].name.lower())
        and ctx.named("feature", "item_here", text=rest)
    ):
        return None  # "read the book" by the keeper's logbook: that one, not one's prayer book
    if not carried and kind == "use" and _JUST_IT.fullmatch(rest):
        carried = _the_one_draught(ctx)  # "drink it", handed a potion: the one potion
    into = re.search(r"\b(into|in|onto|on|down)\b", rest)
    if kind == "drop" and into and ctx.named("feature", text=rest[into.end() :]):
        return None  # "drop my fishing line into a tide pool": a deed with it, not a drop
    down_to = re.search(r"\b(?:down |over |across )?to\b", rest) if kind == "drop" else None
    if down_to is not None:  # "drop the locket down to Cass": into her hands, given
        to = [m for m in ctx.named("member", "npc", text=rest[down_to.end() :])
              if m.id != ctx.actor]  # fmt: skip
        if to and ctx.named("carried", text=rest[: down_to.start()]):
            kind = "give"
    before = ctx.said[:at].split()[-2:]
    into_a_hand = before[:1] in (["in"], ["into"])  # "put the locket in her hand": given
    if kind in ("give", "use") and before and _A_HAND.match(before[-1]) and not into_a_hand:
        return None  # "lays a gentle hand on her sleeve", "in the evening light": a hand,
        # a light, nothing handed over or lit
    if kind == "give" and _AN_END.match(rest):
        return None  # "hands the other end to Cass": the rope stays tied to the giver
    if kind == "give":
        carried = ctx.named("carried", text=rest) or (
            ctx.named("carried") if _POINTED.search(rest) or into_a_hand else []
        )  # ("her holy symbol glinting, … lays a hand on": not what is given)
        to = [m for m in ctx.named("member", "npc", text=rest) if m.id != ctx.actor]
        people = ctx.scope.of("npc")
        if not to and len(people) == 1 and re.search(r"\b(him|her|them)\b", ctx.said):
            to = people  # "I give him the silver key", one person here
        if not to and carried and len(people) == 1 and not _TO_SOMEONE.search(rest):
            to = people  # "hand over the key", one person of the story here: to them
        if not to and carried and _TO_SOMEONE.search(rest):
            spec = ctx.campaign.items.get(carried[0].id) if ctx.campaign else None
            hurt = hurt_friends(ctx) if spec is not None and spec.heals else []
            friend = ctx.scope.get(hurt[0], "member") if len(hurt) == 1 else None
            if friend is not None:  # "here lass, take my potion": the one friend who needs it
                to = [friend]
            else:
                return ctx.intent("ask", targets=(carried[0].id,), confidence=0.4,
                                  note=f"give {the(carried[0].name)} to whom?")  # fmt: skip
        if carried and to and _part_of(carried[0].name, rest):  # said why not, nothing given
            purse = the(carried[0].name)
            return ctx.intent("ask", targets=(carried[0].id,), action="unable", confidence=0.9,
                              note=f"{purse} are carried as one purse: give all of {purse}, "
                                   "or keep them")  # fmt: skip
        if carried and to:
            spec = ctx.campaign.items.get(carried[0].id) if ctx.campaign else None
            sheet = ctx.state.party.get(to[0].id)
            if spec is not None and spec.heals and sheet is not None and sheet.vitals.hp <= 0:
                # "I give Thorin my potion" with Thorin down: poured for him, he cannot take it
                return ctx.intent("use", targets=(carried[0].id, to[0].id), item=carried[0].id,
                                  action="pour")  # fmt: skip
            return ctx.intent("give", targets=(to[0].id, carried[0].id), item=carried[0].id)
        item = _item_id(ctx, rest)
        handed = re.search(r"\bat\b", rest) is None  # (not "throw the locket at her")
        if item and to and not carried and handed:  # "toss my potion to Thorin": said so,
            # unsure (a clause before may take it: "grab the salve and give it to Bram")
            holder = _held_by_a_friend(ctx, rest.split(" to ")[0])
            return ctx.intent("give", targets=(to[0].id, item), item=item, confidence=0.3,
                              note=holder or "that is not carried")  # fmt: skip
        return None
    if carried:
        verb = next((v for v in ctx.vocab.verbs["use"] if verb_at(ctx.said, v) >= 0), "use")
        spec = ctx.campaign.items.get(carried[0].id) if ctx.campaign else None
        aimed = ctx.named("feature", "npc", "creature", "member", "exit")
        tooled = _tool_for(ctx, carried[0].name) if kind == "use" else None
        if tooled is not None:  # "use my thieves' tools on the padlock": the lock's challenge
            return ctx.intent("challenge", targets=(tooled,), confidence=0.9)
        eaten = verb in EATEN  # ("eat one of my honey cakes": eaten, on nothing else)
        lit = verb == "light" and _A_LIGHT.search(carried[0].name.lower()) is not None
        if kind == "use" and lit and not aimed:  # "light my torch": lit, nothing to aim it at
            return ctx.intent("use", targets=(carried[0].id,), item=carried[0].id, action=verb)
        if kind == "use" and (spec is None or not spec.heals) and not aimed and not eaten:
            return ctx.intent("ask", targets=(carried[0].id,), confidence=0.4,
                              note=f"use {the(carried[0].name)} on what?")  # fmt: skip
        plain = _GIVER.sub(" ", ctx.said).replace("'s ", " ")  # "Mira's throat" names Mira;
        # "the potion Thorin gave me" names only who gave it
        members = [m.id for m in ctx.named("member", text=plain) if m.id != ctx.actor]
        down = [c for c, s in ctx.state.party.items() if c != ctx.actor and s.vitals.hp <= 0]
        if (
            not members
            and spec is not None
            and spec.heals
            and len(down) == 1
            and _FOR_HIM.search(ctx.said)
        ):
            members = down  # "pours it between his lips": the one friend who is down
        # "pour the potion down Mira's throat": the item first, then who receives it
        return ctx.intent(kind, targets=(carried[0].id, *members[:1]), item=carried[0].id,
                          action=verb)  # fmt: skip
    item = _item_id(ctx, rest)
    holders = [
        s.name for s in ctx.state.party.values()
        if s.id != ctx.actor and item and any(
            i.lower() == ctx.campaign.items[item].name.lower() for i in s.inventory  # type: ignore[union-attr]
        )
    ]  # fmt: skip
    if item and any(t.id == item for t in ctx.scope.of("item_here")):
        return ctx.intent("ask", targets=(item,), confidence=0.3, note="it is not picked up yet")
    if item and not holders:
        return ctx.intent(kind, targets=(item,), item=item, confidence=0.3,
                          note="nobody carries that")  # fmt: skip
    if not item and not holders and kind == "use" and ctx.named("feature", text=rest):
        return None  # "drink some ale from the casks": a deed with the scene's thing
    if not item and not holders and kind == "use" and _FARE.search(rest) and _HAD.match(ctx.said):
        # "I drink an ale and ask Berta …": the house's fare, had and told, no item
        return ctx.intent("improvise", action="auto", extra=("free", "0"), confidence=0.75)
    note = f"only {holders[0]} carries that" if holders else "nothing like that is carried"
    held = (item,) if item and holders else ()  # what was meant, though not theirs to use
    return ctx.intent("ask", targets=held, item=item if held else None, confidence=0.3, note=note)


_HAND_OVER = re.compile(
    r"^(?:(?:here|ok|okay|oi|hey|right),?\s*)?([\w']+(?: [\w']+)?)(?:\s*,\s*|\s+you\s+)"
    r"(?:you\s+)?(?:take|have|hold|keep|catch|grab)\s+(.+)$"
)
"""A friend called by name and bidden to take a thing ("here, Aria, take …", "Ione, you
hold …"), never told of ("Thorin takes the potion": his own deed)."""
_THIS = re.compile(r"^\S+\s+(?:this|it|these)\b")
"""The thing held out, not named ("take this")."""


def handed_to(ctx: Context, at: int) -> Intent | None:
    """ "Aria, take this potion", "here Mira, you take the locket": a thing of the typist's
    held out to the friend called, given to them; ``None`` when nobody is called so."""
    called = _HAND_OVER.match(ctx.said) or _HAND_OVER.match(" ".join(ctx.raw.lower().split()))
    if called is None:
        return None
    to = [p for p in ctx.named("member", "npc", text=called.group(1)) if p.id != ctx.actor]
    if not to:
        return None
    rest = called.group(0)[called.start(2) - 1 :]
    carried = ctx.named("carried", text=rest)
    if not carried and _THIS.match(rest) and ctx.campaign is not None:
        own = [c for c in ctx.named("carried") if c.id in ctx.campaign.items]
        carried = own if len(own) == 1 else []  # "take this", with one thing of the story
    if not carried:
        return None
    return ctx.intent("give", targets=(to[0].id, carried[0].id), item=carried[0].id)


_JUST_IT = re.compile(
    r"(?:drink|quaff|down|swig|gulp|sip|chug|neck|swallow)(?: down| up)? (?:it|that|this|that "
    r"one|this one)(?: down| up| now)?\W*"
)
"""A draught drunk, said only as "it" ("drink it"; "use it" says too little)."""


def _the_one_draught(ctx: Context) -> list[Thing]:
    """The one thing the user carries that is drunk to heal (a potion handed over: "drink
    it"), or nothing when there are none or several to choose from."""
    items = ctx.campaign.items if ctx.campaign is not None else {}
    healing = [t for t in ctx.scope.of("carried") if t.id in items and items[t.id].heals]
    return healing if len(healing) == 1 else []


_A_LIGHT = re.compile(r"\b(?:candles?|torch(?:es)?|lanterns?|lamps?)\b")
"""Carried things one lights (the referee lights them when used)."""
_FARE = re.compile(
    r"\b(?:ale|ales|beer|beers|wine|mead|cider|stout|pint|tankard|mug|cup|tea|"
    r"milk|water|stew|soup|bread|cheese|sausages?|meal|supper|breakfast)\b"
)
"""What an inn or a kitchen serves: eaten or drunk, nothing carried is used up."""
_HAD = re.compile(r"^(?:i\s+|we\s+)?(?:drink|drinks|eat|eats|sip|sips|gulp|gulps|quaff|quaffs|"
                  r"down|downs|have|has|grab|grabs|order|orders)\b")  # fmt: skip
"""Had oneself (not "pour Berta a cup of her own ale": a kindness to her)."""


EATEN = frozenset({
    "drink", "quaff", "eat", "swallow", "sip", "gulp", "chug", "swig", "take a swig of",
    "take a sip of", "take a gulp of", "have a swig of", "knock back", "consume", "scoff",
    "munch", "nibble", "wolf down", "devour", "bite into", "snack on", "chomp",
})  # fmt: skip
"""Ways of using a thing that are eating or drinking it: done to oneself (the referee's
telling of them reads the same set)."""
_BARE_IT = re.compile(
    r"^\s*(?:take|takes|grab|grabs|pick up|picks up|pick|picks|snatch|"
    r"snatches|get|gets)?\s*(?:it|that|this|that thing)(?: up)?\W*$"
)
"""A thing taken by a pronoun alone ("grab it", "pick it up")."""
_GIVER = re.compile(
    r"\b(?:that |which |who )?(?:[\w']+ )(?:gave|handed|passed|lent|tossed|threw|brought) "
    r"(?:me|us|her|him|them)\b"
)
"""Who gave the thing, told to say which thing it is ("the potion Thorin gave me")."""
_TO_SOMEONE = re.compile(r"\b(?:him|her|them|lass|lad|girl|boy|friend|mate|pal|kid)\b")
"""Someone a thing is given to, said without a name."""


_GETTING_DONE_TO = re.compile(
    r"^(?:get|gets|getting|got)\s+(?:\w+ed|\w+en|hit|hurt|cut|beat|shot|bit|stung|torn|"
    r"swarmed|mobbed|flanked|surrounded|overwhelmed|tired|scared)\b"
)
"""What is done to one ("getting swarmed", "got hit"): a feeling told, nothing taken."""
_A_ROUND = re.compile(r"drinks\s+(?:for|on|all round|all around|are on)\b")
"""Drinks bought for a room ("drinks for everybody!"), a noun, not a drink taken."""
_SOME_COINS = re.compile(
    r"\b(a|an|one|two|three|four|five|six|seven|eight|nine|ten|a few|some|a couple of|\d{1,9})\s+"
    r"(?:gold |silver |copper )?(?:coins?|pieces?|gold|silver|crowns?)\b"
)
_NUMBERS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
            "seven": 7, "eight": 8, "nine": 9, "ten": 10}  # fmt: skip


def _part_of(name: str, said: str) -> bool:
    """Some coins of a counted purse named ("slide a gold coin to Berta" of "20 gold
    pieces"): the game keeps the purse whole, so only all of it can be handed over."""
    held = re.match(r"(\d{1,9})\s", name)
    asked = _SOME_COINS.search(said)
    if held is None or asked is None:
        return False
    count = asked.group(1)
    wanted = int(count) if count.isdigit() else _NUMBERS.get(count, 0)
    return wanted != int(held.group(1))


def _tool_for(ctx: Context, held: str) -> str | None:
    """The open challenge here that the carried tool is for (thieves' tools and a lock), when
    the line aims the tool at that challenge's thing or there is only the one."""
    campaign = ctx.campaign
    if campaign is None:
        return None
    fits = [
        t.id for t in ctx.scope.of("challenge")
        if (tool := campaign.challenges[t.id].tool) and tool.lower() == held.lower()
    ]  # fmt: skip
    return fits[0] if len(fits) == 1 else None


def _held_by_a_friend(ctx: Context, rest: str) -> str | None:
    """Who of the party already carries the thing the words name ("Thorin has the silver
    key"), when the speaker does not."""
    for cid, sheet in ctx.state.party.items():
        if cid == ctx.actor:
            continue
        for item in sheet.inventory:
            name = item.lower()
            if name_score(rest, name, ctx.vocab.stop) >= 1 or has_phrase(rest, name.split()[-1]):
                return f"{sheet.name} has the {item}"
    return None
