"""Answers about the place the party stands in, in a fight as out of one: what this place
is ("what is this place?", "where are we?"), what here would give cover ("is there any
cover?"), and what the scene says of a thing asked about ("is the young man still alive?")
— read from the scene's own text, its features and its ways on, through the same readers
the players' screens use (:mod:`app.world.view`).

In a fight the answer is brief (the scene's opening sentences, the foes, the cover and the
ways out): the fight goes on around it.
"""

from __future__ import annotations

import re

from app.referee.answering_fight import kind_word
from app.referee.answering_words import Asked
from app.referee.sights import exits_text, join_words, present_text
from app.referee.unknowing import PAST
from app.understanding.vocabulary import ENGLISH
from app.world import view
from app.world.campaign import Campaign
from app.world.state import GameState
from app.world.wording import the
from rules.positions import COVER_AC, COVER_WORDS

PLACE = re.compile(
    r" (?:what is this place|what place is this|what is this room|what kind of place is this"
    r"|where are we|where am i|where is this|describe (?:the|this) (?:place|room|area|"
    r"surroundings)|what are my surroundings|what are our surroundings|what do i see"
    r"|what can i see|what (?:is )?(?:there )?(?:in )?(?:this (?:room|cave|place|area|chamber|hall|"
    r"cellar|tunnel|clearing|building)|in here|around(?: here)?))(?: now| here| exactly| right"
    r" now| again)? $"
)
"""Words that ask what this place is, as the whole question (not "where are we going")."""
PLACE_NAME = re.compile(
    r" (?:what(?: is)? (?:this|the) (?:place|spot|village|town|inn|room|cave) called"
    r"|what(?: is)? (?:this|here) called|what(?: is)? (?:the )?name of (?:this|the) (?:place"
    r"|spot|village|town|inn|room|cave)|what(?: is)? (?:this|the) (?:place|village|town|inn) name"
    r"|what do they call (?:this|it|here)|where are we again"
    r"|(?:what|which) (?:scene|room|place|area|location) (?:is this|are we in|am i in|is it))"
    r"(?: again| exactly| now)? $"
)
"""Words that ask only the name of the place ("what's this place called again?")."""
BRIEF_SENTENCES = 2
"""How many of the scene's sentences a fight's answer tells."""


def _sentences(text: str) -> list[str]:
    return [s for s in re.split(r"(?<=[.!?])\s+", " ".join(text.split())) if s]


def cover_here(state: GameState, campaign: Campaign) -> list[str]:
    """``the casks (half cover: +2 AC and Dexterity saves)``: each thing here a creature
    could take cover behind, by the cover it gives."""
    found = []
    for feature in view.features_here(state, campaign).values():
        if feature.cover is None:
            continue
        gives = (f"+{COVER_AC[feature.cover]} AC and Dexterity saves"
                 if COVER_AC[feature.cover] else "it cannot be targeted")  # fmt: skip
        found.append(f"{the(feature.name)} ({COVER_WORDS[feature.cover]}: {gives})")
    return found


def the_place(a: Asked) -> str | None:
    """Asked: "what is this place?", "where are we?", "what do I see?": the scene by its
    name and its own words, who is here, what can be looked at, and the ways on."""
    if a.campaign is not None and PLACE_NAME.search(a.text):
        return f"{a.state.scene.name}, in {a.campaign.campaign.title}."
    if a.campaign is None or not PLACE.search(a.text):
        return None
    scene = view.scene_description(a.state, a.campaign)
    fighting = a.state.encounter is not None
    told = _sentences(scene)[:BRIEF_SENTENCES] if fighting else _sentences(scene)
    parts = [f"{a.state.scene.name}: {' '.join(told)}", present_text(a.state, a.campaign)]
    things = [f.name for f in view.features_here(a.state, a.campaign).values()]
    if fighting:
        cover = cover_here(a.state, a.campaign)
        if cover:
            parts.append(f"Cover: {join_words(cover)}.")
    elif things:
        parts.append(f"You could look closer at {join_words([the(t) for t in things])}.")
    parts.append(exits_text(a.state, a.campaign))
    return " ".join(p for p in parts if p)


def cover(a: Asked) -> str | None:
    """Asked: "is there any cover?", "anything to hide behind?": what here gives cover and
    how much, and who is behind it now."""
    if a.campaign is None or not (
        a.word("cover") or a.has("hide behind", "duck behind", "get behind")
    ):
        return None
    found = cover_here(a.state, a.campaign)
    if not found:
        return "Nothing here would give cover."
    text = f"Cover here: {join_words(found)}."
    fight = a.state.encounter
    if fight is None:
        return text + " In a fight it counts against foes not engaged with the one behind it."
    behind = [f"{a.state.name_of(cid)} (behind {the(spot.behind)})"
              for cid, spot in fight.positions.items()
              if spot.cover != "none" and spot.behind]  # fmt: skip
    if behind:
        text += f" In cover now: {join_words(behind)}."
    return text + " It counts against foes not engaged with the one behind it."


ASKING_WORDS = frozenset({
    "what", "whats", "where", "when", "which", "while", "there", "here", "this", "that",
    "these", "those", "still", "again", "anything", "something", "anyone", "anybody",
    "does", "doing", "going", "would", "could", "should", "right", "really", "thing",
    "things", "them", "they", "their", "with", "from", "into", "some", "many", "much",
    "long", "until", "till", "back", "come", "comes", "know", "think", "happen", "happens",
    "look", "looks", "like", "about", "have", "left", "been", "being", "exactly", "maybe",
    "down", "over", "under", "inside", "outside", "away", "near", "across", "behind",
    "through", "around", "toward", "towards", "above", "below", "beyond", "past", "odds",
    "take", "make", "gone", "time", "seen", "able", "else", "ever", "just", "very", "first",
    "next", "last", "ours", "your", "yours", "mine", "okay", "wait", "sure",
})  # fmt: skip
"""Words of a question that name no thing of the scene."""
MOST_SENTENCES = 3
"""How many of the scene's sentences an answer about a thing tells at most."""


_WRITING = frozenset({"inscription", "letter", "writing", "word", "engraving", "carving",
                      "rune", "script", "lettering", "words", "letters", "written",
                      "engraved", "carved", "inscribed", "etched"})  # fmt: skip
"""Words for writing on a thing: one asked of is any other the scene's words use."""


def mentioned(a: Asked) -> str | None:
    """Asked of a thing the scene's own words speak of, where nobody here knows more ("is
    the young man still alive?", "is there any way into that cliff?"): the sentences of the
    scene and of what can be looked at here that name it — what the party can see, never
    more. Not the past of a place ("how old is the chapel"), nor a thing the line names
    (told as itself), nor what a person here is the one to ask about."""
    campaign = a.campaign
    if campaign is None or a.intent.targets or PAST.search(a.intent.text.lower()):
        return None  # a thing the line names is told as itself (what it is, where it leads)
    here = view.npcs_here(a.state, campaign)
    if a.intent.topic and any(
        a.intent.topic in view.npc_view(a.state, campaign, n).topics for n in here
    ):
        return None
    stop = ENGLISH.stop | ASKING_WORDS
    nouns = {kind_word(w) for w in a.words if len(w) >= 3 and w not in stop}
    if nouns & _WRITING:  # "what does the inscription say": the letters round the bell
        nouns |= _WRITING
    if not nouns:
        return None
    texts = [(s, s) for s in _sentences(view.scene_description(a.state, campaign))]
    for feature in view.features_here(a.state, campaign).values():
        named = f"{feature.name[:1].upper()}{feature.name[1:]}"
        texts += [(s, f"{named}: {s}") for s in _sentences(feature.text)]
    found = [  # the sentence itself names it (not only the name of what it describes)
        told
        for said, told in texts
        if nouns & {kind_word(w) for w in re.findall(r"[a-z]+", said.lower())}
    ]
    return " ".join(found[:MOST_SENTENCES]) or None
