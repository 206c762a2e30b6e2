"""The answer to a player who thinks the game has stopped ("is the game broken? nothing
happened", "is this thing working?"): a short, true reply from the game itself — what was
played last, whose turn it is now, and how to act — never a turn spent or ended.
"""

from __future__ import annotations

import re

from app.referee.answering_words import Asked
from app.referee.sights import join_words
from app.understanding.scope import living_creatures
from app.world import view
from app.world.campaign import Campaign
from app.world.state import GameState

STUCK = re.compile(
    r"\b(?:is (?:the|this) (?:game|thing|app) (?:broken|bugged|stuck|frozen|working|running)"
    r"|is (?:it|this) (?:broken|bugged|frozen)|(?:game|app) (?:is |s )?(?:broken|bugged|frozen|"
    r"stuck)|nothing (?:happened|happens|happening|is happening|works|worked|changed)"
    r"|(?:game|it|this) (?:is not|isn'?t|isnt|s not) working"
    r"|(?:game|it|this) (?:does not|doesn'?t|doesnt) (?:work|respond)|(?:a|the) bug\b"
    r"|it'?s not working|nothing'?s happening|is this thing on\b)"
)
"""Words of a player who thinks the game has stopped, as typed (not mended)."""


def _last_played(state: GameState) -> str:
    """``Last turn: Thorin attacks Giant Rat 1.``, or that nothing is played yet."""
    story = state.history
    if not len(story):
        return "Nothing has been played yet."
    last = story[len(story) - 1]
    did = "; ".join(" ".join(x.split()) for x in last.actions)
    if did:
        return f"Last turn: {did}."
    said = " ".join(last.narrative.split())
    first = re.split(r"(?<=[.!?])\s+", said)[0] if said else ""
    return f"Last turn: {first}" if first else "Nothing has been played yet."


def _how_to_act(state: GameState, campaign: Campaign | None) -> str:
    """Whose turn it is, and an example line for it from what is here."""
    fight = state.encounter
    if fight is not None:
        now = fight.current
        turn = f"It is {now.name}'s turn (round {fight.round})"
        if now.id not in state.party:
            return f"{turn}: the foes act on their own."
        foes = [state.creatures[c].name for c in living_creatures(state)]
        hit = f"'attack {foes[0]}', " if foes else ""
        return (f"{turn}: type what {now.name} does in plain words — {hit}'dodge' or "
                "'end turn' — or 'help' for more.")  # fmt: skip
    player = state.turn_order.active
    if len(state.players) > 1 and player is not None:
        names = [state.name_of(c) for c in state.players.get(player, [])]
        lead = f"It is {player}'s turn ({join_words(names)})"
    else:
        lead = "Anyone in the party may act now"
    people = view.npcs_here(state, campaign) if campaign is not None else []
    talk = f" or 'talk to {campaign.npcs[people[0]].name}'" if campaign and people else ""
    return (f"{lead}: type what your character does in plain words — 'look around'{talk} "
            "— or 'help' for more.")  # fmt: skip


def stuck_text(state: GameState, campaign: Campaign | None, text: str) -> str | None:
    """The reply to a line that says the game has stopped; ``None`` for any other line."""
    if not STUCK.search(text.lower().replace("\u2019", "'")):
        return None
    return f"The game is running. {_last_played(state)} {_how_to_act(state, campaign)}"


def stuck(a: Asked) -> str | None:
    """Asked: "is the game broken? nothing happened", "is this thing working?", "it isn't
    working": the game runs; what happened last, whose turn it is, how to act."""
    return stuck_text(a.state, a.campaign, a.intent.text)


def who_plays(a: Asked) -> str | None:
    """Asked: "who's playing Thorin?", "who plays the cleric?": the player at the table who
    has that character (or, with no seats taken, that every character is the player's)."""
    plays = a.word("playing", "plays", "controls", "controlling", "runs", "running")
    whose = a.word("whose") and a.word("character", "char", "pc", "hero")  # "whose … Thorin?"
    if not ((a.word("who", "whos") and plays) or whose) or a.sheet is None or a.has("who am i"):
        return None  # ("who am I playing?" asks the sheet, not the seat)
    state = a.state
    name = a.sheet.name
    player = state.controller_of(a.sheet.id)
    if len(state.players) < 2 or player is None:
        return f"{name} is played at this keyboard, like the rest of the party."
    others = [state.name_of(c) for c in state.players.get(player, []) if c != a.sheet.id]
    also = f", and {join_words(others)} too" if others else ""
    return f"{player} plays {name}{also}."


TURNS_ASKED = re.compile(
    r"\bhow (?:does|do|will) (?:the |this |a )?(?:whole )?(?:taking turns|turn[- ]taking|turns?|"
    r"turn order|initiative|combat|fighting|fights?|rounds?)(?: thing| system)? (?:work|go)\b"
    r"|\bhow do (?:we|i) (?:take turns|know whose turn)\b"
)
"""Asking how turns are taken ("how does this whole taking turns thing work?")."""


def turns_explained(a: Asked) -> str | None:
    """Asked: "how does this whole taking turns thing work?" — how this table takes turns,
    in and out of a fight, with who is up now."""
    if not TURNS_ASKED.search(a.text.lower()):
        return None
    state = a.state
    shared = len(state.players) > 1
    calm = ("Out of a fight, say what your characters do and the DM answers each line; "
            + ("the game says whose turn it is and passes the keyboard on. " if shared
               else "anyone in the party may act. "))  # fmt: skip
    fight = ("In a fight everyone acts in initiative order (the tracker shows it): on a turn "
             "a character can move up to their speed and take one action (attack, cast a "
             "spell, dash, dodge, disengage, help, hide, use an item), a bonus action if "
             "something gives one, and a reaction on someone else's turn, which the game "
             "asks about.")  # fmt: skip
    now = state.encounter.current.name if state.encounter is not None else None
    up = f" It is {now}'s turn now." if now else ""
    return calm + fight + up
