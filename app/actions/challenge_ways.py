"""How an authored challenge is rolled: which of the ways it allows (its own skill, or an
``alternative`` open now), with whose help, and — for a skill challenge — the count of
checks passed and failed that decides when its outcome lands.

The engine owns all three, whatever brain plays: a model that names a skill the obstacle
does not allow is told which it does; a helper who cannot act helps nobody; a skill
challenge's ``success`` lands only at its last success needed, never at the first roll.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from app.actions import beings as bg
from app.actions.registry import ToolError
from app.world.challengespec import ChallengeSpec, Effects
from app.world.facts import holds
from app.world.state import GameState, Tally
from rules.abilities import Ability
from rules.dice import Advantage
from rules.skills import Skill


@dataclass(frozen=True)
class Way:
    """One roll that meets an obstacle."""

    skill: Skill | None
    ability: Ability | None
    tool: str | None
    dc: int
    words: tuple[str, ...] = ()

    @property
    def label(self) -> str:
        """The roll as players read it ("Arcana")."""
        if self.skill is not None:
            return self.skill.label
        return self.ability.full_name if self.ability is not None else "check"


def ways(state: GameState, spec: ChallengeSpec) -> list[Way]:
    """The ways open now: the challenge's own roll, then each alternative whose ``when``
    holds (in the author's order)."""
    found = [Way(spec.skill, spec.ability, spec.tool, spec.dc)]
    for option in spec.alternatives:
        if option.when is None or holds(option.when, state):
            found.append(
                Way(option.skill, option.ability, option.tool or spec.tool,
                    option.dc or spec.dc, tuple(option.words))
            )  # fmt: skip
    return found


def tool_elsewhere(state: GameState, spec: ChallengeSpec, actor: str) -> list[str]:
    """Who else of the party carries the tool a challenge is made with, when ``actor``
    carries none and every way open needs it ("pick the padlock" with thieves' tools: Mira
    has them, Thorin does not). Empty when the actor has it, or nobody does (then the check
    is made without it, rather than the story stopping there)."""
    sheet = state.party.get(actor)
    if sheet is None or spec.kind == "group":
        return []
    open_ways = ways(state, spec)
    if any(w.tool is None or sheet.carries(w.tool) for w in open_ways):
        return []
    tool = open_ways[0].tool or ""
    return [s.name for cid, s in state.party.items() if cid != actor and s.carries(tool)]


def _modifier(state: GameState, actor: str, way: Way) -> int:
    sheet = state.party.get(actor)
    if sheet is None:
        return 0
    used = way.ability or (way.skill.ability if way.skill else Ability.STR)
    return sheet.check_modifier(way.skill, used, way.tool) - way.dc


def choose(state: GameState, spec: ChallengeSpec, actor: str, asked: Skill | Ability | None) -> Way:
    """The way ``actor`` rolls: the one ``asked`` names (a skill, or the ability of a way
    with no skill) — of several such (the challenge's own and an easier one open now), the
    best — refused, naming the open ones, when the obstacle does not allow it now; else the
    one that gives them the best chance."""
    open_ways = ways(state, spec)
    if asked is not None:
        if isinstance(asked, Skill):
            named = [way for way in open_ways if way.skill == asked]
        else:
            named = [way for way in open_ways if way.skill is None and way.ability == asked]
        if named:  # an alternative of the same skill open now (an easier DC): the best
            return max(named, key=lambda w: _modifier(state, actor, w))
        allowed = ", ".join(w.label for w in open_ways)
        label = asked.label if isinstance(asked, Skill) else asked.full_name
        raise ToolError(f"'{spec.name}' is not met with {label} here; it allows: {allowed}")
    return max(open_ways, key=lambda w: _modifier(state, actor, w))  # the first of equals


def helped(state: GameState, actor: str, helper: str | None, mode: Advantage) -> Advantage:
    """The roll's advantage once an ally helps (the Help action out of a fight): advantage,
    or normal when it meets a disadvantage. Refused before anything changes when the
    helper is the roller, cannot act, or a fight is on (there, Help is a turn's action)."""
    if helper is None:
        return mode
    who = bg.resolve_target(state, helper)
    if who not in state.party:
        raise ToolError(f"{state.name_of(who)} is no party member to help")
    if who == actor:
        raise ToolError("a character cannot help their own check: name an ally as helper_id")
    if state.encounter is not None:
        raise ToolError("in a fight, helping is an action on the helper's turn (take_action help)")
    unable = bg.why_cannot_act(state, who)
    if unable:
        raise ToolError(unable)
    return Advantage.NORMAL if mode is Advantage.DISADVANTAGE else Advantage.ADVANTAGE


Settled = Literal["passed", "failed"]


def count(
    state: GameState, challenge_id: str, spec: ChallengeSpec, success: bool
) -> Settled | None:
    """Count one check of a skill challenge; ``passed`` or ``failed`` once it is settled
    (the count is then cleared, so a retry starts from nothing), else ``None``."""
    tally = state.tallies.setdefault(challenge_id, Tally())
    if success:
        tally.successes += 1
    else:
        tally.failures += 1
    if spec.successes is not None and tally.successes >= spec.successes:
        del state.tallies[challenge_id]
        return "passed"
    if spec.failures is not None and tally.failures >= spec.failures:
        del state.tallies[challenge_id]
        return "failed"
    return None


def standing(state: GameState, challenge_id: str, spec: ChallengeSpec) -> dict[str, int]:
    """Where a skill challenge stands, for the result and the DM's notes."""
    tally = state.tallies.get(challenge_id, Tally())
    return {"successes": tally.successes, "successes_needed": spec.successes or 0,
            "failures": tally.failures, "failures_allowed": spec.failures or 0}  # fmt: skip


def step_effects(spec: ChallengeSpec, success: bool) -> Effects:
    """What one check that does not settle a skill challenge does."""
    step = spec.step_success if success else spec.step_failure
    return step if step is not None else Effects()
