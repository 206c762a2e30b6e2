"""An automatic player for playtests: it reads the world and types what a curious player
would — goes through exits, looks at things, talks to people and asks about what they
know, tries the campaign's challenges, picks things up, says something kind or rude now
and then (so judgments are heard), and fights when a fight is on, as the fighting brain chooses
(:func:`app.referee.choosing_words.fight_line`).

It seeks coverage: each choice is drawn from a seeded RNG, weighted towards what it has
not tried yet, so many seeds wander through most of a campaign. It plays through the real
session with the offline referee, so it meets what players meet — refusals, misreadings,
errors — and the playtest report counts them.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from app.referee.choosing_words import fight_line
from app.session.naming import ANYONE, resolve_character
from app.session.runner import RunResult, run_lines
from app.session.session import GameSession
from app.world.campaign import Campaign
from app.world.facts import people_here
from app.world.mercy import at_mercy
from app.world.references import whens
from app.world.wording import the

KIND_WORDS = ("thank you, you have been very kind", "don't worry, we will help, I promise")
RUDE_WORDS = ("out of my way, you old fool", "pay us first or we walk")


def handed_in_conditions(campaign: Campaign) -> set[tuple[str, str, str]]:
    """What the campaign's conditions ask to be handed over: ``(how, item, npc)`` with
    ``how`` ``showed`` or ``gave`` and ``npc`` empty for anyone."""
    found: set[tuple[str, str, str]] = set()
    for _, when in whens(campaign):
        for fact in when.atoms():
            for how, item in (("showed", fact.showed), ("gave", fact.gave)):
                if item is not None:
                    found.add((how, item, fact.to or ""))
    return found


@dataclass
class AutoPlayer:
    """A seeded, coverage-seeking player; ``tried`` remembers every line it has typed."""

    rng: random.Random
    tried: set[str] = field(default_factory=set)
    stuck: str = ""
    """The last line that moved nothing: in a fight, a plain attack is tried instead."""

    def choices(self, session: GameSession) -> list[str]:
        """What a player could type now, as lines of text."""
        state = session.state
        campaign = state.campaign
        if state.encounter is not None:
            foes = [
                state.creatures[c.id]
                for c in state.encounter.order
                if c.id in state.creatures and c.side == "foes"
            ]
            standing = [f for f in foes if f.vitals.hp > 0 and not f.left and f.hostile]
            attacks = [f"attack {the(f.name)}" for f in standing] or ["attack"]
            actor = resolve_character(session, ANYONE)
            brain = fight_line(state, actor) if actor is not None else None
            return [brain] if brain and brain != self.stuck else attacks
        options = ["look around"]
        if campaign is None or state.scene.id not in campaign.scenes:
            return options
        scene = campaign.scenes[state.scene.id]
        options += [f"go through {the(e.name)}" for e in scene.exits]
        options += [f"look at {the(f.name)}" for f in scene.features.values()]
        options += [
            f"take {the(campaign.items[i].name)}" for i in scene.items if i in campaign.items
        ]
        for npc_id in people_here(state, campaign):
            person = campaign.npcs.get(npc_id)
            if person is None:
                continue
            options.append(f"talk to {person.name}")
            options += [f"ask {person.name} about {topic}" for topic in person.topics]
            options.append(f"{person.name}, {self.rng.choice(KIND_WORDS)}")
            options.append(f"{person.name}, {self.rng.choice(RUDE_WORDS)}")
            options += self._handing(session, npc_id)
        for challenge in campaign.challenges.values():
            if challenge.scene == state.scene.id:
                phrase = self.rng.choice(challenge.provoked_by)
                options.append(phrase)
                if challenge.kind == "check" and len(state.party) > 1:  # a hand lent
                    ally = self.rng.choice([s.name for s in state.party.values()])
                    options.append(f"help {ally} {phrase}")
        for cid in at_mercy(state):  # a foe who surrendered waits on the party's choice
            name = state.creatures[cid].name
            options += [f"spare {name}", f"tie up {name}", f"execute {name}"]
        return options

    def _handing(self, session: GameSession, npc_id: str) -> list[str]:
        """Showing and giving what the campaign cares about: carried items the person
        answers to (``shown``) or that a condition asks to be shown or given."""
        state = session.state
        campaign = state.campaign
        assert campaign is not None  # only called with a campaign's person
        person = campaign.npcs[npc_id]
        wanted = handed_in_conditions(campaign)
        found: list[str] = []
        for iid, item in campaign.items.items():
            if not state.has_item(iid):
                continue
            asked = {how for how, thing, whom in wanted if thing == iid and whom in ("", npc_id)}
            if iid in person.shown or asked:
                found.append(f"show {the(item.name)} to {person.name}")
            if "gave" in asked:
                found.append(f"give {the(item.name)} to {person.name}")
        return found

    def next_line(self, session: GameSession) -> str:
        """One line to type: untried options weigh five times as much as tried ones."""
        options = self.choices(session)
        weights = [1 if o in self.tried else 5 for o in options]
        line = self.rng.choices(options, weights=weights)[0]
        self.tried.add(line)
        return line


async def wander(session: GameSession, seed: int, max_turns: int) -> RunResult:
    """Play until an ending or ``max_turns`` lines; the transcript is not kept."""
    player = AutoPlayer(random.Random(seed))
    total = RunResult()
    for _ in range(max_turns):
        if session.state.ending:
            break
        line = player.next_line(session)
        result = await run_lines(session, [f"{ANYONE}: {line}"])
        total.turns += result.turns
        total.errors += result.errors
        player.stuck = ""
        if not result.turns and not session.foe_turn:
            total.refused += result.refused  # nothing moved: count it, try something else
            player.stuck = line
    return total
