"""Answers about the scene and the story so far, read through the same readers the players'
screens use (:mod:`app.world.view`, the journal): who and what is here, what lies behind
something, where the ways lead; what just happened, what the party set out to do, whom it
has met, and why only some may act.
"""

from __future__ import annotations

import re

from app.referee.answering_fight import kind_word
from app.referee.answering_words import Asked
from app.referee.sights import exits_text, join_words, present_text
from app.understanding.readings import SURPRISED
from app.understanding.scope import living_creatures
from app.world import view
from app.world.facts import holds
from app.world.journal import goals, npcs_met
from app.world.ledger import WorldStateChanged
from app.world.ledgerread import all_events
from app.world.wording import the

WHO_HERE = re.compile(
    r" (?:who|anyone|anybody|someone|somebody) (?:is |s |else |even )*(?:here|around|out here|"
    r"in here|down here|up here|in this place|with us|besides us)\b"
)
"""Words that ask who else is in the place."""


def people_here(a: Asked) -> str | None:
    """Asked: "who is here", "who else is around", "is there anyone out here with us", "who's
    in here besides us"."""
    if not WHO_HERE.search(a.text) and not a.has(
        "who is here",
        "who here",
        "who else",
        "anyone here",
        "anybody here",
        "who is around",
        "who around",
        "who is in here",
        "how many people",
        "how many folk",
        "how many others",
    ):
        return None
    party = [s.name for s in a.state.party.values()]
    seen = present_text(a.state, a.campaign)
    return f"{seen or 'Nobody but the party.'} The party: {join_words(party)}.".strip()


def behind(a: Asked) -> str | None:
    """Asked: "what's behind the bar", "what's in the room", "what's here": the scene's own
    sentences that mention the place, or the scene and what is in it."""
    if a.campaign is None or a.intent.targets:
        return None
    found = re.search(
        r" (?:behind|under|beneath|on|in|inside|above|near) (?:the |that |this )?"
        r"([a-z]+) ",
        a.text,
    )
    scene = view.scene_description(a.state, a.campaign)
    features = view.features_here(a.state, a.campaign)
    if found and found.group(1) not in ("here", "there", "room", "it", "there"):
        noun = kind_word(found.group(1))
        said = [s for s in re.split(r"(?<=[.!?])\s+", scene) if noun in s.lower()]
        said += [
            f"{f.name}: {' '.join(f.text.split())}"
            for f in features.values()
            if noun in f.name.lower()
        ]
        return " ".join(said) if said else None
    if not a.has(
        "what is here",
        "what here",
        "what is in here",
        "what in here",
        "in the room",
        "what is around",
        "what around",
        "what can we see",
        "what do we see",
    ):
        return None
    things = [f.name for f in features.values()]
    parts = [scene, present_text(a.state, a.campaign)]
    if things:
        parts.append(f"You could look closer at {join_words([the(t) for t in things])}.")
    return " ".join(p for p in parts if p)


WHERE_IT_GOES = re.compile(r" where (?:does|do) (?:this|the|that|these|those) [a-z ]+ (?:go|lead)")
"""Words that ask where a way goes ("where does this road go", "where do the stairs lead")."""


def ways(a: Asked) -> str | None:
    """Asked: "where can we go", "what are the exits", "where does this road lead"."""
    if a.campaign is None or not (
        a.word("exits", "exit", "map")
        or WHERE_IT_GOES.search(a.text)
        or a.has(
            "where can we go",
            "where can i go",
            "ways out",
            "way out",
            "which way",
            "where to",
            "ways on",
        )
    ):
        return None
    return exits_text(a.state, a.campaign) or "There is no way on from here that you can see."


def just_happened(a: Asked) -> str | None:
    """Asked: "what just happened", "what did I miss", or "wait, what?"."""
    surprised = a.intent.note == SURPRISED
    if not surprised and not a.has(
        "just happened", "what happened", "what did i miss", "last turn", "recap"
    ):
        return None
    typed = a.intent.text.lower()
    if not surprised and not re.search(r"happened|hapened|happend|\bmiss\b|last turn|recap", typed):
        return None  # "what happens if I drop to 0": a rule, read as typed (not mended)
    if (
        not surprised
        and (
            a.intent.targets
            or a.has(
                "happened to",
                "happened with",
                "happened here",
                "happened at",
                "happened in",
                "happened there",
            )
        )
        and not a.has("just happened")
    ):
        return None  # "what happened to the chapel": a question about it, for someone here
    story = a.state.history
    if not len(story):
        return "Nothing yet: the story is just beginning."
    last = story[len(story) - 1]
    said = " ".join(last.narrative.split())
    did = "; ".join(" ".join(x.split()) for x in last.actions)
    return f"Last turn ({did}): {said}" if did else f"Last turn: {said}"


_GIVEN = re.compile(
    r"\bwhat (?:did|has) (?:\w+ ){1,2}(?:just )?(?:give|given|hand|handed) "
    r"(?:us|me|you|him|her|them)\b|\bwhat did (?:we|i) (?:just )?(?:get|receive)\b"
)
"""Asked what was just given to the party ("what did he just give us?")."""


def given_lately(a: Asked) -> str | None:
    """Asked: "what did he just give us?": the latest things the party gained, and who
    has them."""
    if _GIVEN.search(a.intent.text.lower()) is None:
        return None
    gained = [
        e for e in all_events(a.state)
        if isinstance(e, WorldStateChanged) and e.key.startswith("item.")
        and (e.new or "").startswith("+")
    ]  # fmt: skip
    if not gained:
        return "Nobody has given the party anything yet."
    last = gained[-1]
    who = a.state.name_of(last.key.removeprefix("item."))
    thing = (last.new or "+something")[1:]
    return f"The latest: {last.text or f'{who} gets {thing}'}."


_MINE_REMINDED = ("remind me my", "remind me of my", "remind me about my", "remind me about me")
"""Asking to be reminded of one's own ("remind me my hit points"), not of the quest."""


def the_goal(a: Asked) -> str | None:
    """Asked: "what are we supposed to be doing", "what's our goal"."""
    if a.intent.spell and a.has("remind me"):
        return None  # "remind me what fire bolt does": the spell's, not the quest's
    if not (
        a.word("goal", "goals", "quest", "objective", "mission")
        or a.has("supposed to", "what are we doing", "why are we here", "what should we do")
        or a.has("what do we do now", "what do we do next", "what should i do now")
        or a.has("looking for", "searching for", "who are we after", "what are we after")
        or a.has("what do we know", "so far", "remind me what", "where are we at")
        or a.has("name again", "who was it", "who are we looking")
        or (a.has("remind me") and not a.has(*_MINE_REMINDED))
    ):
        return None
    aims = goals(a.state, a.campaign)
    parts = [aims.hook or "No adventure is set: play as you like."]
    if a.campaign is not None and a.campaign.campaign.reward and not aims.ending:
        parts.append(" ".join(a.campaign.campaign.reward.split()))  # who asks what of you
    heard = _heard(a)
    if heard:
        parts.append(f"Heard so far: {' '.join(heard)}")
    if a.state.facts:
        parts.append(f"What you know: {' '.join(a.state.facts[-3:])}")
    spec = a.campaign.scenes.get(a.state.scene.id) if a.campaign is not None else None
    here = [g.text for gid, g in (spec.goals.items() if spec else []) if not holds(g.when, a.state)]
    if here:
        parts.append(f"Here: {'; '.join(t.rstrip('.') for t in here)}.")
    if aims.done:
        parts.append(f"Done so far: {'; '.join(aims.done)}.")
    if aims.setbacks:
        parts.append(f"Setbacks: {'; '.join(aims.setbacks)}.")
    if aims.ending:
        parts.append(f"The story has ended: {aims.ending}.")
    return " ".join(parts)


def _heard(a: Asked) -> list[str]:
    """What the people the party has met said first (their greetings, which set the story
    going): read from the campaign, for those the story says were spoken to."""
    if a.campaign is None:
        return []
    return [
        f"{npc.name}: {' '.join(npc.greeting.split())}"
        for nid, npc in a.campaign.npcs.items()
        if a.state.flags.get(f"met_{nid}") and npc.greeting
    ][:3]


def met(a: Asked) -> str | None:
    """Asked: "who have we met", "have we met Berta before"."""
    if not a.word("met", "meet"):
        return None
    campaign = a.campaign
    named = [t for t in a.intent.targets if campaign is not None and t in campaign.npcs]
    if campaign is not None and named:
        answers = []
        for npc_id in named:
            name = campaign.npcs[npc_id].name
            if a.state.flags.get(f"met_{npc_id}"):
                answers.append(f"Yes: the party has spoken with {name}.")
            elif npc_id in view.npcs_here(a.state, campaign):
                answers.append(f"Not to speak to: {name} is here, and nobody has yet.")
            else:
                answers.append(f"The party has not spoken with {name}.")
        return " ".join(answers)
    people = npcs_met(a.state, campaign)
    if not people:
        return "The party has met nobody yet."
    return (
        "Met so far: "
        + "; ".join(
            f"{p.name} ({p.attitude}{', ' + p.fate if p.fate else ''}"
            f"{', at ' + p.where if p.where else ', in a fight'})"
            for p in people
        )
        + "."
    )


def why_only(a: Asked) -> str | None:
    """Asked: "why can only Mira talk", "why can't I act"."""
    limit = a.state.restriction
    if limit is None or not a.has(
        "why can only", "why only", "why can not", "why cant", "why can t", "why cannot"
    ):
        return None
    who = join_words([a.state.name_of(c) for c in limit.character_ids])
    return f"Only {who} may act now: {limit.reason}"


WHERE_NEXT = (
    "where should we go", "where should i go", "where do we go", "where do i go",
    "where to next", "where next", "where now", "where are we going", "where we going",
    "where to go", "which way should", "what now", "what next", "what do we do now",
    "what do we do next", "what should we do next", "what should i do", "what do i do",
    "whats next", "what is next", "any ideas", "now what", "where is the", "what do we do",
    "what am i supposed", "what are we meant", "what should we be",
)  # fmt: skip
"""Words that ask which way the story lies."""


def where_next(a: Asked) -> str | None:
    """Asked: "where should we go", "what now", "what do we do next": the goals still open
    here, what the story has turned up so far, and the ways on (those not yet taken first).
    In a fight, the fight is the answer."""
    if a.campaign is None or not a.has(*WHERE_NEXT):
        return None
    if a.intent.targets or (a.has("where is the") and not a.word("should", "go", "next")):
        return None  # "where is the key", "any ideas how to open the trapdoor": about a thing
    if a.state.encounter is not None:
        foes = [a.state.creatures[c].name for c in living_creatures(a.state)]
        return (f"First, this fight: {join_words(foes) or 'the foes'} still "
                f"{'stands' if len(foes) == 1 else 'stand'} in the way.")  # fmt: skip
    spec = a.campaign.scenes.get(a.state.scene.id)
    here = [g.text.rstrip(".") for g in (spec.goals.values() if spec else [])
            if not holds(g.when, a.state)]  # fmt: skip
    parts = [f"Still to do here: {'; '.join(here)}."] if here else []
    if a.state.facts:
        parts.append(f"What you know: {' '.join(a.state.facts[-2:])}")
    fresh: list[str] = []
    known: list[str] = []
    for way in view.exits_here(a.state, a.campaign):
        dest = a.campaign.scenes[way.to].name if way.to in a.campaign.scenes else way.name
        shown = f"{the(way.name)} to {dest}{'' if way.open else ' (shut)'}"
        (known if way.to in a.state.visited else fresh).append(shown)
    if fresh:
        parts.append(f"Not yet explored: {join_words(fresh)}.")
    if known:
        parts.append(f"Back the way you came: {join_words(known)}.")
    if not parts:
        aims = goals(a.state, a.campaign)
        parts.append(aims.hook or "Nothing here points anywhere: look around, or talk.")
    people = [a.campaign.npcs[n].name for n in view.npcs_here(a.state, a.campaign)]
    if people and here:
        parts.append(f"{join_words(people)} might help.")
    return " ".join(parts)
