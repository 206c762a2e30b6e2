"""A player's line -> an :class:`Intent`, by rules a text adventure would use.

Order of reading: whole-line commands (``l``, ``i``, ``help``); who the line names as
acting; questions (answered, never acted on); then the verb phrases of the line, each
with its object resolved against what is present (:mod:`.scope`); then bare names; and
only when nothing in the campaign's language fits, the language detector.
"""

from __future__ import annotations

import re
from dataclasses import replace

from app.understanding import asking as q
from app.understanding import bare
from app.understanding import readings as r
from app.understanding import verbs as v
from app.understanding.addressing import (
    pair_acting,
    player_speaking,
    players_own,
    to_a_friend,
    to_a_player,
    ultimatum,
)
from app.understanding.called_away import called_away
from app.understanding.called_by_name import vocative
from app.understanding.carrying import handed_to
from app.understanding.challenge_deeds import sought
from app.understanding.deed_kinds import SUBDUING, deed_of
from app.understanding.deed_objects import BY_A_THING, object_is_a_thing
from app.understanding.deeds import DEEDS
from app.understanding.describing import wielded
from app.understanding.figures import figure_asked
from app.understanding.freeform import free_deed
from app.understanding.friends_asked import acting_for, called_last
from app.understanding.going import HEADING, going_nowhere, gone, headed_for
from app.understanding.improvised import improvised
from app.understanding.intent import Intent
from app.understanding.language import detect, foreign_language
from app.understanding.mending import mended
from app.understanding.mockery import mockery
from app.understanding.named_checks import named_check
from app.understanding.people_called import bidden, called_by
from app.understanding.question_shapes import for_the_dm, will_kept
from app.understanding.readying import readying
from app.understanding.rewording import STORY_VOICE, bodily, for_a_friend, levered
from app.understanding.scope import build_scope
from app.understanding.strangers import stranger as who_else
from app.understanding.table_words import (
    STATE_ASKED,
    of_the_table,
    plain_deed,
    strip_fillers,
    to_no_one,
)
from app.understanding.talked_to import news_of_someone
from app.understanding.telling import gesture, haggled, pledged, promised, told
from app.understanding.threats import threat
from app.understanding.vocabulary import ENGLISH, Vocabulary, vocabulary_for
from app.understanding.voicing import asked_plainly, for_the_speaker, friend_asked_of, subject_said
from app.understanding.ways import OPENING_A_THING, UP_TO_A_DOOR, far_way, only_opening
from app.understanding.words import normalise, starts_with
from app.world import view
from app.world.campaign import Campaign
from app.world.state import GameState

UNSURE_OF = frozenset({"examine", "talk", "take", "use", "drop"})
"""Readings that, held with little confidence, give way to an improvised deed ("grab the
poker from beside the fireplace": no item of that name, but a thing the scene mentions)."""


MEASURES = frozenset({"many", "much", "far", "long", "fast", "big", "old", "hurt", "bad",
                      "badly", "do", "does", "did", "can", "should", "come"})  # fmt: skip
"""Words after a slipped "hwo" that make it "how" ("hwo many"), not "who"."""


_NO_VERB = "no verb or name it knows"


def _mend_question(said: str, vocab: Vocabulary) -> str:
    """The line with a slip of its first word mended ("wat does dash do")."""
    first, _, rest = said.partition(" ")
    meant = vocab.question_slips.get(first)
    if meant is None:
        return said
    if first == "hwo" and rest.split()[:1] and rest.split()[0] in MEASURES:
        meant = "how"
    return f"{meant} {rest}".strip()


def understand_clause(
    text: str,
    actor: str | None,
    state: GameState,
    campaign: Campaign | None,
    *,
    language: str | None = None,
) -> Intent:
    """Read one clause (or a whole line as one) typed as ``actor`` in the current
    situation; :func:`app.understanding.line.understand` cuts a line into clauses."""
    code = language or (campaign.campaign.language if campaign is not None else "en") or "en"
    vocab = vocabulary_for(code) or ENGLISH
    raw = " ".join(text.split())
    said = asked_plainly(bodily(normalise(raw)))  # "remind me what we're doing", "tell me
    # about my character"
    scope = build_scope(state, campaign, actor, vocab.people)
    said = friend_asked_of(said, scope)  # "tell me about ione": who she is, asked
    ctx = r.Context(raw, said, actor, state, campaign, vocab, scope)
    if raw.strip() in ("?", "??", "???"):
        return ctx.intent("help")
    if not said:
        return ctx.intent("ask", confidence=0.0, note="an empty line")
    shouted = to_no_one(ctx, said)  # "chop chop", "RAAAH!": no deed, no words to anyone
    if shouted is not None:
        return shouted
    shortcut = r.whole_line(ctx, said)
    if shortcut is not None:
        return bare.asked_bare(ctx, shortcut)  # ("up?": offered back, not gone)
    lang = foreign_language(raw, said, vocab, scope)  # ("Wren steh auf!": no deed of Wren's)
    if lang is not None:
        return ctx.intent("foreign", confidence=0.9, language=lang)
    heard = said  # (read for its language as it is: read again only once it changes)
    owner, said = players_own(ctx, said)  # "Ana's rogue stabs …": Mira, Ana's to play
    said, named = subject_said(ctx, said)  # "ok ione climbs up", "Ione: fine, i climb …"
    if named is None and actor is not None and len(state.players) > 1:
        said, ctx = player_speaking(ctx, said, actor)  # "Kit passes": Kit's own character
    stranger: str | None = who_else(ctx) if named is None else None
    if owner is not None and actor is not None and owner != state.controller_of(actor):
        stranger = owner  # "Ana's rogue stabs the rat", typed by Ben: Ana's to type
    player = next((p for p in state.players if p.lower() == (stranger or "").lower()), None)
    if player is not None:  # "Ana passes", typed by Ben: Ana plays at the table, not here
        plays = " and ".join(state.name_of(c) for c in state.players[player])
        return ctx.intent("refuse", confidence=0.9,
                          note=f"{player} is a player, who plays {plays}: {player} types "
                               f"for them on {player}'s own turn")  # fmt: skip
    if stranger:
        return ctx.intent("refuse", confidence=0.9, note=f"{stranger} is not in the party")
    to_player = to_a_player(ctx, actor) if named in (None, actor) else None
    to_player = to_player or to_a_friend(ctx, actor)  # "nice one aria", "Aria, nice shot"
    if to_player is not None:
        return to_player
    demanded = ultimatum(ctx)
    if demanded is not None:
        return demanded
    for friend in pair_acting(ctx, said) if named is None and len(state.players) > 1 else []:
        other = acting_for(ctx, friend)  # "Bram and Ivo head to the woods": theirs to say
        if friend != actor and other is not None and other.kind == "refuse":
            return other
    who = (called_last(ctx) if named is None else None) or named  # ("Bless us, Sela?": hers)
    if who is not None and who != actor and (other := acting_for(ctx, who)) is not None:
        return other
    handed = handed_to(ctx, 0) if named is not None and named != actor else None
    if handed is not None:  # "Aria, take this potion": the typist's, held out to her
        return handed
    if named is not None and named != actor:
        said = for_the_speaker(said, raw, actor, state)  # "Cass, cast guidance on me"
        ctx = replace(ctx, actor=named, scope=build_scope(state, campaign, named, vocab.people))
    said = plain_deed(said, fighting=scope.fighting)  # "RAAAH! I charge …", "arrow to the face"
    said = levered(_mend_question(will_kept(said, strip_fillers(gone(said), vocab), raw), vocab))
    said = for_a_friend(said, ctx)  # "distract rat 1 so Thorin can get a hit in"
    if named is None and actor is not None:
        said = STORY_VOICE.sub("", said)  # "she backs off": the player's own, told as story
    words = said.split()
    if len(words) > 2 and words[0] == "wait" and words[1] in vocab.question_starts:
        said = " ".join(words[1:])  # "wait, is there a town nearby?"
    ctx = ctx.with_said(said)
    if not said:
        return ctx.intent("ask", confidence=0.0, note="nothing to do")
    lang = foreign_language(raw, said, vocab, scope) if said != heard else None
    if lang is not None:
        return ctx.intent("foreign", confidence=0.9, language=lang)
    if (fixed := mended(said, vocab, scope)) != said:  # "attakcs grubnk", "picck the lokc"
        said = fixed
        ctx = ctx.with_said(said)
    found = _read(ctx, said)
    if found is None:
        lang = detect(raw, vocab)
        if lang != vocab.code:
            return ctx.intent("foreign", confidence=0.9, language=lang)
        found = news_of_someone(ctx) or ctx.intent("ask", confidence=0.0, note=_NO_VERB)
    found = bare.asked_bare(ctx, found)  # "potion?": asked about, never drunk
    if named is not None:
        found = replace(found, character=named, actor=named)
    if found.kind in ("attack", "cast", "improvise", "question") and found.targets:
        # a person of the story who is fighting: the blow or spell is at the creature
        fighting = {c.npc: cid for cid, c in state.creatures.items() if c.npc and c.vitals.hp > 0}
        found = replace(found, targets=tuple(fighting.get(t, t) for t in found.targets))
    return found


def freely(
    found: Intent, state: GameState, campaign: Campaign | None, *, language: str | None = None
) -> Intent:
    """A line the game read as nothing it knows, read again as a deed it has no word for
    ("warm my hands by the fire"), which simply happens (:mod:`.freeform`) — once the
    whole line's reading is settled, so a clause that the line's other clauses explain
    ("back down to the harbour", "then drink it") is never taken for one."""
    if found.kind != "ask" or found.confidence > 0.4 or found.then or found.action == "unable":
        return found  # (one said plainly it cannot be done stays so)
    code = language or (campaign.campaign.language if campaign is not None else "en") or "en"
    vocab = vocabulary_for(code) or ENGLISH
    raw = " ".join(found.text.split())
    scope = build_scope(state, campaign, found.actor, vocab.people)
    ctx = r.Context(raw, normalise(raw), found.actor, state, campaign, vocab, scope)
    said, named = r.subject(ctx, ctx.said)
    if named is not None and named != found.actor:
        return found
    ctx = ctx.with_said(strip_fillers(said, vocab))
    freed = free_deed(ctx, found)
    way = ctx.scope.get(freed.target or "", "exit") if freed is not None else None
    if way is not None and _ESCORTING.match(ctx.said):
        # "carry the lad up the stairs to his mum": everyone goes, the lad with them
        freed = ctx.intent("move", targets=(way.id,), confidence=0.8)
    return found if freed is None else replace(freed, character=found.character)


_ARSON = re.compile(
    r"\b(?:set|sets|setting) (?:\w+ ){1,4}?(?:on fire|alight|ablaze|aflame)\b|"
    r"\bburn (?:down )?the (?:inn|house|chapel|mill|lighthouse|place|village)\b"
)
"""Setting a building (or anything) on fire: no deed the game rules on."""


def _towards(ctx: r.Context, found: Intent | None) -> Intent | None:
    """A line that names a way out with words of going, and reads as nothing else (or as a
    blow with nothing to strike: "let's hit the chapel first"), goes there."""
    if found is None or ctx.scope.fighting or found.note.startswith("there is no way from"):
        return found  # (a way of a place beyond, taken from there: "… then down the shore steps")
    striking_a_place = found.kind == "attack" and not found.targets
    if not HEADING.search(ctx.said) and not striking_a_place:
        return found
    if going_nowhere(ctx.said):  # "put the crown back where it was", "give back what you
        return found  # nicked", "not going into that tunnel", "we'll be back": nobody goes
    if UP_TO_A_DOOR.search(ctx.said):
        return found  # "drift over to the trapdoor": up to it, not through it
    moves = [a for a in found.alternatives if a.kind == "move"]
    if (
        found.kind == "ask" and len(moves) == 1 and headed_for(ctx, moves[0].target)
    ):  # (a place beyond the way: said back; not "stomps
        # out into the rain … digging near this inn": the going is not to it)
        return far_way(ctx) or ctx.intent("move", targets=(moves[0].target,), confidence=0.75)
    if found.kind in ("use", "ask") and found.confidence < 0.6 and _DOWN_A_WAY.match(ctx.said):
        ways = ctx.named("exit")  # "down the stairs we go": a way down, not a drink downed
        if len(ways) == 1:
            return ctx.intent("move", targets=(ways[0].id,), confidence=0.75)
    if found.kind in ("take", "improvise") and _GETTING_IN.match(ctx.said):
        ways = ctx.named("exit")  # "let's get back inside out of the rain": going, not taking
        if len(ways) == 1:
            return ctx.intent("move", targets=(ways[0].id,), confidence=0.75)
    if found.kind == "attack" and not found.targets and not ctx.scope.fighting:
        exits = ctx.named("exit")
        shut = {e.to for e in view.exits_here(ctx.state, ctx.campaign) if not e.open}
        armed = re.search(r"\bwith\b", ctx.said)  # "hit the trapdoor with my axe": a blow
        if len(exits) == 1 and exits[0].id not in shut and not armed:
            return ctx.intent("move", targets=(exits[0].id,), confidence=0.75)
    return found


_DOWN_A_WAY = re.compile(r"^(?:down|up|through|into|across|over)\s+(?:the|that|those|this)\s+")
"""A line that starts with the way it goes ("down the stairs we go", "up the path")."""
_ESCORTING = re.compile(
    r"^(?:i\s+|we\s+)?(?:carry|carries|lead|leads|take|takes|bring|brings|walk|walks|escort|"
    r"escorts|help|helps|guide|guides)\s+\w+"
)
"""Taking someone along a way ("carry the lad up the stairs"): the party goes that way."""
_GETTING_IN = re.compile(r"^(?:get|gets|getting|head|come|go)\s+(?:back\s+)?(?:inside|indoors)\b")
"""Getting indoors ("get back inside out of the rain"), never getting a thing."""
_SNEAK_ATTACK = re.compile(r"\bsneak[- ]?attack")
"""The rogue's Sneak Attack named: a blow (at which foe, asked), never a sneaking check."""
SPLITTING = re.compile(
    r"\b(?:split(?:ting)? (?:up|the party|into)|(?:go|going) (?:our )?separate ways|"
    r"separate (?:up|here)|divide (?:up|the party))\b"
)
"""The party splitting up, which the game does not do: asked back, nobody moves."""
_ALL_SAID = re.compile(r"\s*(?:'[^']{8,}'|‘[^’]{8,}’|\"[^\"]{8,}\"|“[^”]{8,}”)[.!?]*\s*")
"""A line that is all one quotation: words said aloud, whatever verbs they hold."""


_TO_SEE = re.compile(
    r"\bto (?:see|look|check|find out|get a (?:better |closer |good )?look|study|inspect|"
    r"examine|work out|figure out|make out)\b"
)
"""A deed done to look at the thing it is by: a look at it ("kneels by the cairn to see
whose it is")."""


_IF_ASKED = re.compile(
    r"^(?:what if|if|suppose|supposing|say)\s+(?P<cond>.+?)(?:,\s*|\s+)"
    r"(?P<q>(?:what|what's|whats|how|which|who|(?:do|does|did|would|will|can|could|is|are|"
    r"should)\s+(?:i|we|she|he|it|they|you|that|there|(?:the\s+)?[\w']+))\b[^.!]*)$"
)
"""A question after the case it is about ("if Mira picks that lock, what does she roll?"):
asked, never done."""


_TALK_ASKED = re.compile(r"(?:ask|talk to|talk with|speak to|speak with|chat with|have a word)\b")
WH_STARTS = frozenset({"wh", "ho"})
"""How a question's word begins ("what", "which", "how"): asked even without its "?"."""


_SAVING_SOMEONE = re.compile(r"\bsave (?:him|her|them|the (?!game\b)\w+|[a-z]+ (?:from|before))")
"""Saving a person, not the game ("can I save the young man?")."""


def _read(ctx: r.Context, said: str) -> Intent | None:
    """The line, its speaker settled, read by each rule in turn."""
    if bare.held_ready(ctx):
        return None  # "rapier up": how it is done, no blow
    if (figure := figure_asked(ctx)) is not None:  # "longbow damage", "dmg per dart?"
        return figure
    if any(h.startswith("can ") and starts_with(said, h) for h in ctx.vocab.help) and not (
        _SAVING_SOMEONE.search(said)
    ):
        return ctx.intent("help")  # "can we save here?": the table's, not a deed asked
    if (away := called_away(ctx)) is not None:  # "Maelis, will you rest?", she not here
        return away
    supposed = _IF_ASKED.match(said)
    asking = r.can_i(ctx)
    if supposed is not None and (ctx.raw.rstrip().endswith("?") or supposed["q"][:2] in WH_STARTS):
        ctx, asking = ctx.with_said(f"{supposed['q']} if {supposed['cond']}"), supposed["cond"]
    called = [n for n in ctx.scope.of("npc") if called_by(ctx.raw, n)]
    if asking is not None and called and not for_the_dm(asking):
        # "could we have peace between us, chief?": to him (not "can i cast sleep on him")
        return ctx.intent("talk", targets=(called[0].id,), topic=r.topic_of(ctx, called[0].id))
    asked_of = q.requested(ctx) if asking is not None else None
    if asked_of is not None:  # "could I have that jar of salve?": asked of the one here
        return asked_of
    talk_to = ctx.named("npc", text=asking) if asking and _TALK_ASKED.match(asking) else []
    if talk_to:  # "can I ask Hobb about the door?": asked of him, not a question to the DM
        return ctx.intent("talk", targets=(talk_to[0].id,), topic=r.topic_of(ctx, talk_to[0].id))
    if asking is not None:
        reading = v.by_verbs(ctx.with_said(asking))
        question = q.ask_about(ctx)
        extra = reading.targets if reading is not None else ()
        return replace(question, targets=tuple(dict.fromkeys((*question.targets, *extra))))
    checked = named_check(ctx)  # "I roll persuasion on Grubnak": the deed the roll is for
    if checked is not None:
        return checked
    wanted = r.request(ctx)
    if wanted:
        acted = r.whole_line(ctx.with_said(wanted), wanted) or v.by_verbs(ctx.with_said(wanted))
        if acted is not None and acted.kind != "ask":
            return acted
    if SPLITTING.search(said):  # "let's split up, Ione goes to the lighthouse and …"
        return ctx.intent("ask", confidence=0.3,
                          note="the party goes as one here: say where everyone goes")  # fmt: skip
    if _ARSON.search(said):  # "set the inn on fire": said plainly, nothing "set there"
        return ctx.intent("ask", action="unable", confidence=0.3,
                          note="fire like that is more than the game can rule on: nothing is set "
                               "alight")  # fmt: skip
    told_to = None if ctx.scope.fighting else bidden(ctx)  # "go on lad, run upstairs to
    # Berta": his to do, not the party's (in a fight, "YIELD, GOBLIN!" is a threat)
    if told_to is not None:
        return ctx.intent("talk", targets=(told_to.id,), topic=r.topic_of(ctx, told_to.id),
                          confidence=0.8)  # fmt: skip
    mocked = mockery(ctx)  # a bard's insult at a foe: Vicious Mockery, not a threat
    if mocked is not None:
        return mocked
    threatened = threat(ctx)
    if threatened is not None:
        return threatened
    if _ALL_SAID.fullmatch(ctx.raw):  # "'wait, Grubnak, we can still make a deal!'"
        said_aloud = r.spoken(replace(ctx, raw=f'"{ctx.raw.strip()[1:-1]}"'))
        if said_aloud is not None:
            return said_aloud
    telling = told(ctx) or gesture(ctx) or promised(ctx) or haggled(ctx)  # "tell Nessa …", "hug
    # her", "I swear …", "make it thirty and we have a deal"
    if telling is not None:
        return telling
    lending = deed_of(said)
    if lending is not None and lending.key == "help":  # "I help Ione back up on her feet"
        helped = improvised(ctx)
        if helped is not None:
            return helped
    asked_how = said.split(maxsplit=1)[0] in r.WH and ctx.raw.rstrip().endswith("?")
    if (
        ctx.scope.fighting
        and SUBDUING.search(said)
        and not (STATE_ASKED.match(ctx.raw) or asked_how)
    ):
        # a blow to subdue, not to kill (not "is rat 3 still out cold?", "how do we stop her
        # without killing her?": asked)
        subdue = improvised(ctx)
        friend = subdue is not None and any(t in ctx.state.party for t in subdue.targets)
        if subdue is not None and subdue.extra[:1] == ("knock_out",) and not friend:
            return subdue  # (not "dont kill him thorin!": words to a friend)
    tables = of_the_table(ctx, said)  # "what's happened so far?", "I keep watch by the door"
    if tables is not None:
        return tables
    said_to = r.spoken(ctx) if r.talk_cued(ctx) else None
    if said_to is not None and not said_to.targets:  # "We'll find her. I promise.": to her
        verbal = v.by_verbs(ctx)  # mother, whom the words of talking find
        said_to = (
            verbal if verbal is not None and verbal.kind == "talk" and verbal.targets else said_to
        )
    found = (
        r.whole_line(ctx, said)
        or vocative(ctx)
        or said_to
        or q.question(ctx)
        or readying(ctx)
        or v.by_verbs(ctx)
    )
    if found is None or found.confidence < 0.5:  # "we'll get ur boy back": a promise, to her
        found = pledged(ctx) or found
    to_foes = found is not None and found.kind == "talk" and not found.target
    unsure = found is not None and found.confidence < 0.6 and found.kind in UNSURE_OF
    said_why = found is not None and (
        found.action == "unable" or (found.kind == "give" and bool(found.note))
    )  # ("Thorin has the healing potion": why not)
    unclear = found is not None and found.kind == "ask" and not found.alternatives and not said_why
    striking = found is not None and _SNEAK_ATTACK.search(said) is not None
    if found is None or ((unclear or unsure or to_foes) and not (striking or said_why)):
        # no verb of the game's own fits: a deed a DM rules on ("tie up the sleeper")
        taking = found is not None and found.kind == "take" and deed_of(said) is None
        grab = next(d for d in DEEDS if d.key == "grab") if taking else None
        found = sought(ctx) or improvised(ctx, grab) or found  # "… so it swings out and
        # rings": the bell rung; "take the poker": one the scene names
    elif (
        found.kind in ("move", "examine")
        and (climbing := deed_of(said)) is not None
        and climbing.key == "climb"
    ):
        # "climb onto the casks to get a look down the tunnel": onto a thing, not away
        climbed = improvised(ctx) if re.search(r"\b(onto|on top of|atop|up on)\b", said) else None
        onto = climbed is not None and ctx.scope.get(climbed.target or "", "feature") is not None
        if onto or (climbed is not None and found.kind == "examine" and not climbed.targets):
            found = climbed  # ("climb up on the roof to see over the trees": a climb, told)
    elif (
        found.kind == "examine"
        and (more := deed_of(said)) is not None
        and more.key in ("tend", "track")
    ):  # "check Wren for injuries", "follow the bootprints": more than a look
        found = improvised(ctx) or found
    elif (
        found.kind in ("ask", "attack") and deed_of(said) is not None and not (striking or said_why)
    ):
        # "follow the footprints" (not a way out), "kick the cask at the rats" (not a foe)
        deed = improvised(ctx)
        aimed = deed is not None and (
            (deed.target or "") not in ctx.state.creatures or deed.extra[:1] == ("throw",)
        )  # (or flung at one: "kick the dice into goblin 1's face")
        grips = deed is not None and deed.kind == "manoeuvre"  # "shield-bash it to knock it down"
        grips = grips and not (found.kind == "attack" and bare.STRUCK_WHERE.search(said))
        # "slip the scimitar out of the sleeping goblin's hand": no blow, whatever is named
        unarmed = deed is not None and deed.extra[:1] in (("palm",), ("bind",), ("wake",))
        leaping = deed is not None and deed.extra[:1] == ("climb",) and not deed.targets
        leaping = leaping or (deed is not None and wielded(ctx.state, found, deed))
        if found.kind == "attack" and found.targets and leaping:
            deed = None  # "jump the two goblins …", "chop that spoon-wielding maniac": a blow
        which_foe = any(a.kind == "attack" for a in found.alternatives)  # (a blow, at whom?)
        if deed is not None and (
            (found.kind == "ask" and not which_foe)
            or grips
            or unarmed
            or (aimed and object_is_a_thing(ctx))
        ):
            found = deed
    if found is None:  # a way named with no verb is taken, shouted or not ("down we go!")
        plain = bare.bare_names(ctx)
        way = plain is not None and bare.only_ways(ctx, plain.targets)  # ("Down the stairs
        # we go!": a way, shouted, not words to Berta)
        found = (
            plain if plain is not None and (plain.kind == "move" or way) else r.spoken(ctx) or plain
        )
    found = _towards(ctx, found)
    found = only_opening(ctx, found)
    opened = found is not None and found.kind == "ask" and bool(found.targets)
    if opened and found is not None and OPENING_A_THING.match(said):
        thing = ctx.scope.get(found.targets[0])
        if thing is not None and thing.kind in ("item_here", "carried"):
            # "open the locket": a look inside it (a way or a lid is another matter)
            found = ctx.intent("examine", targets=(thing.id,), confidence=0.8)
    looks = found is not None and all(a.kind == "examine" for a in found.alternatives)
    looks = looks and _TO_SEE.search(said) is not None
    if found is not None and found.kind == "ask" and looks and found.targets:
        # "crouches down by the prints to see what made them": a look at them
        found = ctx.intent("examine", targets=found.targets[:1], confidence=0.8)
    if (
        found is not None
        and found.kind == "attack"
        and not found.targets
        and not ctx.scope.fighting
        and not BY_A_THING.search(said)
    ):
        # "hit the trapdoor with my axe": a blow at a thing, as forcing it
        forced = improvised(ctx, next(d for d in DEEDS if d.key == "heave"))
        # (no thing named: "attack the goblin" once all are dead fights nothing)
        if forced is not None and forced.targets and forced.targets[0] not in ctx.state.party:
            found = forced
    unsure = found is None or (found.kind == "ask" and not found.alternatives)
    if unsure and "?" in ctx.raw:
        found = q.ask_about(ctx)
    if found is not None and found.kind == "question":
        challenge = v.challenge_named(ctx)
        if challenge:
            found = replace(found, targets=(*found.targets, challenge))
    return found
