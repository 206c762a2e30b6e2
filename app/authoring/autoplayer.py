"""An automatic player for playtests: it reads the world and types what a curious player
would — goes through exits, looks at things, talks to people and asks about what they
know, tries the campaign's challenges, picks things up, says something kind or rude now
and then (so judgments are heard), and fights when a fight is on.

It seeks coverage: each choice is drawn from a seeded RNG, weighted towards what it has
not tried yet, so many seeds wander through most of a campaign. It plays through the real
session with the offline referee, so it meets what players meet — refusals, misreadings,
errors — and the playtest report counts them.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from app.session.runner import ANYONE, RunResult, run_lines
from app.session.session import GameSession
from app.world.facts import people_here
from app.world.wording import the

KIND_WORDS = ("thank you, you have been very kind", "don't worry, we will help, I promise")
RUDE_WORDS = ("out of my way, you old fool", "pay us first or we walk")


@dataclass
class AutoPlayer:
    """A seeded, coverage-seeking player; ``tried`` remembers every line it has typed."""

    rng: random.Random
    tried: set[str] = field(default_factory=set)

    def choices(self, session: GameSession) -> list[str]:
        """What a player could type now, as lines of text."""
        state = session.state
        campaign = state.campaign
        if state.encounter is not None:
            foes = [
                state.creatures[c.id]
                for c in state.encounter.order
                if c.id in state.creatures and c.id not in state.party
            ]
            standing = [f for f in foes if f.vitals.hp > 0 and not f.left]
            return [f"attack {the(f.name)}" for f in standing] or ["attack"]
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
        for challenge in campaign.challenges.values():
            if challenge.scene == state.scene.id:
                options.append(self.rng.choice(challenge.provoked_by))
        return options

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
        if not result.turns and not session.foe_turn:
            total.refused += result.refused  # nothing moved: count it, try something else
    return total
