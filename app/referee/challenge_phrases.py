"""``dungeon validate``'s check of the phrases that provoke a challenge: each one is read
by the real understanding stage, as a player would type it, in the challenge's scene, and
must reach that challenge the way the offline referee routes a line.

A phrase that does not is silently dead: the playtest's wandering player types it and
does something else, and when it is a challenge's first phrase the referee's "you could
try to…" offers it to players who then talk, move or rest instead. The usual causes are
a phrase the parser reads as another kind of action first ("talk" is speech, "go north" a
move, "rest" a rest, "look" a look around) and a phrase two challenges of one scene share
(the first one listed takes it).

A single-word phrase is a keyword: alone it is asked back ("did you mean to slip past
the guards?"), which reaches the challenge with one "yes"; that counts as reaching it.
Challenges reached only through another's outcome (``next``) are never provoked by words
and are not checked.
"""

from __future__ import annotations

from app.understanding import Intent, understand
from app.understanding.intent import CONFIDENT
from app.understanding.words import normalise
from app.world.campaign import Campaign
from app.world.chains import follow_ups
from app.world.newgame import new_game
from app.world.references import Problem
from app.world.state import GameState
from app.world.view import known_as

KIND = "unreachable phrase"
"""The kind of problem (a warning: the game runs, the phrase does nothing it should)."""

EXAMPLE = "'pick the lock', 'climb the wall'"
"""The shape of a phrase that reaches its challenge: the deed and what it is done to."""


def _reaches(intent: Intent, challenge_id: str) -> bool:
    """Whether the referee would carry this reading out as the challenge, at once or after
    one "yes" to its question back."""
    if intent.kind == "challenge":
        return intent.target == challenge_id and intent.confidence >= CONFIDENT
    return intent.kind == "ask" and any(
        r.kind == "challenge" and r.target == challenge_id for r in intent.alternatives
    )


def read_as(intent: Intent, state: GameState, campaign: Campaign) -> str:
    """What the game takes the phrase for, in an author's words."""
    whom = known_as(state, campaign, intent.target) if intent.target else ""
    if intent.kind == "challenge" and intent.target in campaign.challenges:
        return f"challenge {intent.target!r} ({campaign.challenges[intent.target].name})"
    if intent.kind == "talk":
        return f"talking to {whom}" if whom else "talking"
    if intent.kind == "move":
        return f"a move to {whom}" if whom else "a move"
    if intent.kind == "attack":
        return f"an attack on {whom}" if whom else "an attack"
    if intent.kind == "examine":
        return f"looking at {whom}" if whom else "looking around"
    if intent.kind == "cast":
        return f"casting {intent.spell.replace('_', ' ')}" if intent.spell else "casting a spell"
    if intent.kind == "rest":
        return f"a {intent.action or 'short'} rest"
    if intent.kind in ("manoeuvre", "feature"):
        return f"the {(intent.action or intent.kind).replace('_', ' ')} action"
    if intent.kind in ("take", "drop", "give", "use"):
        return f"{intent.kind} {whom}".strip()
    if intent.kind == "question":
        return "a question to the DM"
    if intent.kind == "ask":
        return f"a question back ({intent.note})" if intent.note else "nothing it understands"
    others = {"help": "a call for help", "inventory": "a look at the inventory",
              "hold": "holding back", "refuse": "a line it refuses",
              "foreign": "another language"}  # fmt: skip
    return others.get(intent.kind, intent.kind)


def _hint(intent: Intent, phrase: str, campaign: Campaign) -> str:
    """How to mend the phrase, by what took it."""
    other = campaign.challenges.get(intent.target or "") if intent.kind == "challenge" else None
    if other is not None:
        words = {normalise(p) for p in other.provoked_by}
        shared = "lists the same words" if normalise(phrase) in words else "matches them"
        return f"{intent.target!r} {shared} and comes first: give each challenge its own words"
    if intent.kind in ("talk", "question"):
        return "name the deed, not the talking: 'persuade the chief' rather than 'talk to him'"
    if intent.kind == "move":
        return "name the deed, not the way: 'pick the lock' rather than 'open the door'"
    return f"reword it as the deed and what it is done to ({EXAMPLE})"


def _first_reading(
    phrase: str, challenge_id: str, state: GameState, campaign: Campaign
) -> Intent | None:
    """How the phrase is read by the first party member it does not reach the challenge
    for, or None when it reaches it for someone (a spell or a class feature can make one
    character's words differ from another's)."""
    first: Intent | None = None
    for actor in campaign.campaign.party:
        intent = understand(phrase, actor, state, campaign)
        if _reaches(intent, challenge_id):
            return None
        first = first or intent
    return first


def phrase_problems(campaign: Campaign) -> list[Problem]:
    """Every ``provoked_by`` phrase that cannot reach its own challenge, with what the game
    reads it as and how to reword it. The campaign must be playable (its references
    sound): the phrases are read in a game of it."""
    state = new_game(campaign)
    later = follow_ups(campaign)
    problems: list[Problem] = []
    for cid, challenge in campaign.challenges.items():
        if cid in later or challenge.scene not in state.scenes:
            continue
        state.scene = state.scenes[challenge.scene]
        seen: set[str] = set()
        for n, phrase in enumerate(challenge.provoked_by):
            said = normalise(phrase)
            if said in seen:
                continue  # the same words again: read once
            seen.add(said)
            intent = _first_reading(phrase, cid, state, campaign)
            if intent is None:
                continue
            message = (
                f"{phrase!r} typed on its own never reaches this challenge: the game reads it as "
                f"{read_as(intent, state, campaign)} — {_hint(intent, phrase, campaign)}"
            )
            problems.append(Problem(KIND, f"challenges.{cid}.provoked_by[{n}]", message))
    return problems
