"""Answers to "who am I?", "who are we?", "tell me about my character", "how's everyone
doing?": who the asker plays, who the party is and how they are, read off the sheets — a
question for the table, never for a person of the story to shrug at."""

from __future__ import annotations

import re

from app.referee.answering_self import HURT_WORDS, health_text
from app.referee.answering_words import Asked
from app.referee.sights import join_words
from app.understanding.scope import living_creatures
from app.world.standing import fights_on
from rules.character import CharacterSheet
from rules.damage import LifeState

_WHO_I_AM = re.compile(
    r"\b(?:who am i(?= *(?:again|exactly|here|even|then)?\W*$)|who(?:'s| is) my character|"
    r"which (?:character|one) am i|who do i play|"
    r"(?:tell me|remind me) (?:about|of) (?:my|me) ?(?:character|self|guy|girl|hero|pc)?|"
    r"describe (?:my|me) ?(?:character|self|pc)?|what(?:'s| is) my character(?: like)?|"
    r"what am i playing|what(?:'s| is)? my (?:deal|story|background|build|backstory)|"
    r"what am i again)\b"
)
"""Asking who one plays."""
_MINE = re.compile(
    r"\b(?:which|what|whose) (?:characters?|ones?|heroes|pcs?|guys) (?:are|is) (?:mine|ours|me)\b|"
    r"\b(?:which|what|who) (?:characters?|ones?|heroes|pcs?) (?:do|am|did) (?:i|we) "
    r"(?:play|playing|control|controlling|have|get|got)\b|"
    r"\bwho(?:'s| is| are) (?:mine|ours)\b|\bwhich (?:is|are) (?:mine|ours)\b|"
    r"^\W*(?:my|our) (?:characters?|chars?|heroes|pcs?)\W*$"
)
"""Asking which of the party's characters are the asker's own (at a shared table)."""
_WHO_IS = re.compile(
    r"^\W*(?:who(?:'s| is)|(?:tell|remind) (?:me|us)(?: more)? (?:about|of)) ([a-z]+)\W*$"
)
"""Asked who one person is, by name ("who is Ione?")."""
_WHO_WE_ARE = re.compile(
    r"\b(?:who are we(?= *(?:again|exactly|here|even|then)?\W*$)|"
    r"who(?:'s| is| s)? in (?:the|my|our) (?:party|group|team)|"
    r"(?:tell me|remind me) (?:about|of) (?:the|our) (?:party|group|team|characters)|"
    r"describe (?:the|our) (?:party|group|team)|who(?:'s| is) with me|what(?:'s| is) the party)\b"
)
"""Asking who the party is."""


def _who(sheet: CharacterSheet) -> str:
    """``Ione, a level 3 half-elf ranger (28/28 HP, AC 15)``."""
    kind = " ".join(w for w in (sheet.species.lower(), sheet.character_class.lower()) if w)
    vit = sheet.vitals
    shape = f"{vit.hp}/{vit.max_hp} HP, AC {sheet.armor_class}"
    return f"{sheet.name}, a level {sheet.level} {kind} ({shape})"


def mine(a: Asked) -> str | None:
    """Asked: "which characters are mine?" — the characters the asking player plays, by
    the seat of the character the line is typed as."""
    if not _MINE.search(a.text.lower()) or a.own_sheet is None:
        return None
    state = a.state
    player = state.controller_of(a.own_sheet.id)
    if len(state.players) < 2 or player is None:
        names = join_words([s.name for s in state.party.values()])
        return f"All of them: you play the whole party ({names})."
    own = [state.name_of(c) for c in state.players.get(player, [])]
    return f"{player}, you play {join_words(own)}."


def who_we_are(a: Asked) -> str | None:
    """Asked: "who am I?", "tell me about my character", "who are we?" — the character the
    asker plays and the party, with where the whole sheet is."""
    text = a.text.lower()
    friend = _WHO_IS.match(text)
    named = [s for s in a.state.party.values() if friend and friend[1] in s.name.lower().split()]
    if len(named) == 1:  # "who is Ione?", "tell me about ione": one of the party
        return (
            f"{_who(named[0])}. The whole sheet: F4 in the full-screen game, /sheet in the console."
        )
    me = _WHO_I_AM.search(text) is not None
    us = _WHO_WE_ARE.search(text) is not None
    if not (me or us) or not a.state.party:
        return None
    own = a.own_sheet
    told = [f"You play {_who(own)}."] if me and own is not None else []
    others = [s for s in a.state.party.values() if s is not own or not told]
    if us or not told:
        told.append(f"The party: {join_words([_who(s) for s in others])}.")
    return " ".join(told) + " The whole sheet: F4 in the full-screen game, /sheet in the console."


_WHO_PLAYS = re.compile(
    r"\bwho(?:'s| is)? (?:playing|plays|controls|controlling|runs|running|has|got) "
    r"(?:who|whom|which|what)\b|"
    r"\bwhich (?:character|characters|one|ones) (?:does|do|is|are) (?:\w+ )?(?:play|playing)\b|"
    r"\bwhose (?:characters?|chars?|heroes|pcs?) (?:are|is) (?:whose|which)\b|"
    r"\bwhose (?:characters?|chars?|heroes|pcs?) (?:are|is) (?!mine|ours)\w+"
)
"""Asking who at the table plays which character."""
_WHOM_ONE_PLAYS = re.compile(
    r" (?:who|whom|which character|what character) (?:is|does) ([a-z]+) "
    r"(?:playing|play|controlling|control) "
)
"""Asking whom one player at the table plays ("who is Raf playing?")."""


def who_plays(a: Asked) -> str | None:
    """Asked at a shared table: "who's playing who here?", "who plays which character?" —
    each player and the characters they play (the DM's companions too)."""
    state = a.state
    one = _WHOM_ONE_PLAYS.search(a.text)
    player = next((p for p in state.players if one and p.lower() == one.group(1)), None)
    if player is not None:  # "who is Raf playing?"
        return f"{player} plays {join_words([state.name_of(c) for c in state.players[player]])}."
    if not _WHO_PLAYS.search(a.text.lower()):
        return None
    if len(state.players) <= 1:
        names = join_words([s.name for s in state.party.values()])
        return f"One player plays the whole party: {names}."
    seats = [f"{p} plays {join_words([state.name_of(c) for c in chars])}"
             for p, chars in state.players.items() if chars]  # fmt: skip
    kept = [state.name_of(c) for c in state.turn_order.companions]
    dm = f"; the DM plays {join_words(kept)}" if kept else ""
    return "; ".join(seats) + dm + "."


_HOW_ALL = re.compile(
    r"^\W*how(?:'s|s| is| are)? (?:every(?:one|body)|we all|we|the (?:party|group|team))"
    r"(?: (?:doing|holding up|looking|feeling))?\W*$"
)
"""Asking after the whole party ("how's everyone doing?", "hows everyone")."""


def party_health(a: Asked) -> str | None:
    """Asked: "how is everyone", "who is hurt worst", "who is down"."""
    if a.sheet is not None or not a.about_party:
        return None
    down = a.word("down", "dying", "unconscious", "dead") and a.word("who", "anyone", "anybody")
    down = down and not a.has("down here", "down there")  # "who's down here": who is here
    how = _HOW_ALL.search(a.text.lower()) is not None  # "how's everyone doing?"
    if not (a.has(*HURT_WORDS, "worst", "most hurt", "hurt most") or down or how):
        return None
    party = list(a.state.party.values())
    lines = [health_text(s) for s in party]
    fallen = [s.name for s in party if s.vitals.state is not LifeState.ALIVE]
    worst = min(party, key=lambda s: (s.vitals.hp / s.vitals.max_hp, s.vitals.hp))
    if down:
        lead = f"Down: {join_words(fallen)}." if fallen else "Nobody in the party is down."
    elif worst.vitals.hp >= worst.vitals.max_hp:
        lead = "Nobody in the party is hurt."
    else:
        lead = f"Worst hurt: {worst.name}."
    return f"{lead} {'; '.join(lines)}."


_STANDING = re.compile(
    r" who(?: s| is| are)? (?:still )?(?:standing|up|alive|left|on their feet) $"
)
"""Asking who is still up in a fight ("who is still standing?"): foes and friends alike."""


def still_standing(a: Asked) -> str | None:
    """Asked in a fight: "who is still standing?", "who's left?" — the foes still fighting
    and the party members still on their feet (and who is down)."""
    if a.state.encounter is None or not _STANDING.search(a.text):
        return None
    foes = [a.state.name_of(c) for c in living_creatures(a.state)
            if a.state.creatures[c].side != "party" and fights_on(a.state, c)]  # fmt: skip
    party = list(a.state.party.values())
    up = [s.name for s in party if s.vitals.state is LifeState.ALIVE and s.vitals.hp > 0]
    down = [s.name for s in party if s.name not in up]
    told = f"Foes still fighting: {join_words(foes)}." if foes else "No foe is still fighting."
    told += f" On their feet: {join_words(up)}." if up else " Nobody in the party is up."
    return told + (f" Down: {join_words(down)}." if down else "")
