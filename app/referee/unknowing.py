"""The answer to a question the game cannot answer, said in character.

What the game does not know (how old the inn is, what lies down a well nobody wrote) is
never made up: a thing asked about that is nowhere here is said not to be here; otherwise a
person standing by answers in their own voice ("Berta shrugs — she's never been down
there"), or, with nobody to ask, the asker is told they have no way to know from here — and
what can be done to find out.
"""

from __future__ import annotations

import re

from app.referee.voices import off_topic
from app.understanding import Intent
from app.world import view
from app.world.campaign import Campaign
from app.world.state import GameState
from app.world.view import ExitView

PLACE = re.compile(
    r"\b(down|under|underneath|beneath|below|behind|inside|in|beyond|past|through|"
    r"across|outside|over|up)\s+(?:(?:the|that|this|those|these)\s+([a-z]+)|there\b)"
)
"""A question about what lies somewhere: "what's down the well", "what is behind that door"."""
_WHAT_LIES = re.compile(r"\b(?:what|what's|whats|anything|something|is there|are there)\b")
"""A question of what lies somewhere, not of who rules "in the north woods"."""
DEPTHS = {"down": "down there", "under": "under there", "underneath": "under there",
          "beneath": "under there", "below": "down there", "up": "up there"}  # fmt: skip
"""Where a place asked about lies, as a person would say they have never been there."""
PLAIN = frozenset(
    {
        "the",
        "a",
        "an",
        "of",
        "to",
        "old",
        "down",
        "up",
        "in",
        "out",
        "inside",
        "outside",
        "back",
        "door",
        "way",
    }
)
"""Words too plain to name one way rather than another."""
PAST = re.compile(
    r"\b(?:how old|who built|who made|who owns|who owned|when was|when were|when did|"
    r"how long ago|history of|what year|named after|why is it called)\b"
)
"""Questions of history and lore the game was never told."""
HAVE = {"he": "he's", "she": "she's", "they": "they've", "it": "it's"}


def _known_words(state: GameState, campaign: Campaign) -> str:
    """Everything the party can see or has heard named here, lower-cased, as one text."""
    parts = [view.scene_description(state, campaign), state.scene.name]
    for fid, f in view.features_here(state, campaign).items():
        parts += [fid, f.name, f.text, *getattr(f, "aliases", ())]
    for way in view.exits_here(state, campaign):
        parts += [way.name, *way.aliases]
        if way.to in campaign.scenes:
            parts.append(campaign.scenes[way.to].name)
    parts += [campaign.npcs[n].name for n in view.npcs_here(state, campaign)]
    parts += [campaign.items[i].name for i in view.items_here(state, campaign)]
    parts += [c.name for c in state.creatures.values()]
    parts += [i for s in state.party.values() for i in s.inventory]
    return " ".join(parts).lower()


def names_way(state: GameState, campaign: Campaign, text: str, way: ExitView) -> bool:
    """The line names the way itself or where it leads ("what's through the trapdoor", "is
    the cellar locked") — not merely a word the parser tied to it ("how old is the inn")."""
    said = set(re.findall(r"[a-z]+", text.lower()))
    here = set(re.findall(r"[a-z]+", state.scene.name.lower()))
    dest = campaign.scenes[way.to].name if way.to in campaign.scenes else ""
    words = set(re.findall(r"[a-z]+", " ".join([way.name, *way.aliases, dest]).lower()))
    return bool((said & words) - here - PLAIN)


def _singular(word: str) -> str:
    return word[:-1] if word.endswith("s") and not word.endswith("ss") else word


def not_here(state: GameState, campaign: Campaign | None, intent: Intent) -> bool:
    """The line asks what the game cannot know before anything else is read into it: the
    past of a place ("how old is the inn"), or what lies in a thing nowhere here ("what's
    down the well")."""
    said = intent.text.lower().replace("\u2019", "'")
    if PAST.search(said):
        return True
    return campaign is not None and _missing(state, campaign, said) is not None


def _missing(state: GameState, campaign: Campaign, said: str) -> str | None:
    """The thing a "what's in the …" question names, when nothing here is called that."""
    place = PLACE.search(said) if _WHAT_LIES.search(said) else None
    noun = place.group(2) if place is not None else None
    if noun is None or noun in ("way", "room", "fight", "party", "world", "dark", "air"):
        return None
    return None if _singular(noun) in _known_words(state, campaign) else noun


def unknowable_text(state: GameState, campaign: Campaign | None, intent: Intent, hint: str) -> str:
    """An honest answer in character to what the game does not know; ``hint`` says what
    can be done here to find out."""
    name = state.name_of(intent.actor or "") if intent.actor else "You"
    said = intent.text.lower().replace("\u2019", "'")
    place = PLACE.search(said)
    missing = _missing(state, campaign, said) if campaign is not None else None
    if missing is not None:
        return f"There is no {missing} here that {name} can see. {hint}".strip()
    people = view.npcs_here(state, campaign) if campaign is not None else []
    if campaign is not None and people and state.encounter is None:
        npc = campaign.npcs[people[0]]
        if place is not None and place.group(1) in DEPTHS:
            have = HAVE[npc.pronoun or "they"]
            where = DEPTHS[place.group(1)]
            return f"{npc.name} shrugs — {have} never been {where}. {hint}".strip()
        return f"{off_topic(npc, intent.text)} {hint}".strip()
    return f"{name} has no way of knowing that from here. {hint}".strip()
