"""Authored challenges, rolled by the engine: ``attempt_challenge``, and the chains an
outcome starts (a slipped pick springs the needle: ``failure.next``).

A chain runs in the same call that starts it, with the same character, every roll in the
result (``chain``): no brain has to remember to ask for the follow-up, and none can forget
it — the offline referee and an LLM DM get the same lock → trap → save. Each link is
written to the ledger as an ``attempt_challenge`` of its own, so the story, ``dungeon
ledger`` and the playtest read a chained roll as they read any other."""

from __future__ import annotations

from typing import Any

from app.actions import args as a
from app.actions import beings as bg
from app.actions import rolling as rl
from app.actions.campaign_tools import apply_effects
from app.actions.challenge_ways import choose, count, helped, standing, step_effects
from app.actions.events import SessionEvent
from app.actions.registry import ToolError, ToolOutcome
from app.actions.telling import tell
from app.actions.toolledger import begin, finish
from app.world import bonds
from app.world.campaign import Campaign
from app.world.challengespec import ChallengeSpec
from app.world.facts import achieved
from app.world.scores import score
from app.world.state import GameState
from rules.abilities import Ability
from rules.checks import group_check
from rules.dice import Advantage
from rules.economy import ActionKind
from rules.skills import Skill

MAX_CHAIN = 4
"""Follow-ups one call rolls at most: a chain an author wrote in a circle (a failed dodge
that leads back to the lock) stops there, and the rest waits for the next attempt."""


def _campaign(state: GameState) -> Campaign:
    if state.campaign is None:
        raise ToolError("this game has no campaign")
    return state.campaign


def available(state: GameState, challenge_id: str) -> ChallengeSpec:
    """The challenge, if it can be attempted here and now; a ToolError says why not."""
    campaign = _campaign(state)
    spec = campaign.challenges.get(challenge_id)
    if spec is None:
        here = [cid for cid, c in campaign.challenges.items() if c.scene == state.scene.id]
        raise ToolError(f"unknown challenge {challenge_id!r}; here: {', '.join(here) or 'none'}")
    if spec.scene != state.scene.id:
        raise ToolError(f"{challenge_id!r} belongs to another scene ({spec.scene})")
    done = state.challenges.get(challenge_id)
    if done == "passed" or (done == "failed" and not spec.retry):
        raise ToolError(f"{challenge_id!r} was already {done}")
    if achieved(spec, state):
        raise ToolError(f"{challenge_id!r} is moot: what it would achieve is already so")
    return spec


def roller(state: GameState, spec: ChallengeSpec, character_id: str | None) -> str | None:
    """Who rolls: the character named (checked), or for a group challenge whoever is
    named or else the first conscious member. Raises before anything changes."""
    if spec.kind == "group" and not character_id:
        return next((c for c, s in state.party.items() if s.vitals.conscious), None)
    if not character_id:
        raise ToolError("this challenge needs a character_id")
    who = bg.resolve_target(state, character_id)
    unable = bg.why_cannot_act(state, who)
    if unable:  # (a DM may name the one out cold: the rules say they do nothing)
        raise ToolError(unable)
    return who


def _roll(
    state: GameState,
    challenge_id: str,
    spec: ChallengeSpec,
    actor: str | None,
    mode: Advantage,
    skill: Skill | Ability | None = None,
) -> tuple[dict[str, Any], list[SessionEvent]]:
    """Roll one challenge and apply its outcome (its ``next`` is left in the result): for
    a skill challenge, the outcome once it is settled, else the step's."""
    if spec.kind == "group":
        ids = [cid for cid, s in state.party.items() if s.vitals.conscious]
        checks = [
            rl.check_for(
                state,
                cid,
                spec.dc,
                spec.name,
                mode,
                skill=spec.skill,
                ability=spec.ability,
                tool=spec.tool,
            )
            for cid in ids
        ]
        success = group_check(checks).success if checks else False
        events: list[SessionEvent] = [
            rl.roll_event(state, c, r) for c, r in zip(ids, checks, strict=True)
        ]
        rolled = [rl.check_result(state, c, r) for c, r in zip(ids, checks, strict=True)]
    else:
        assert actor is not None  # roller() refused a check without a character
        way = choose(state, spec, actor, skill)
        named = f"{spec.name} ({way.label})" if spec.alternatives else spec.name
        check = rl.check_for(
            state, actor, way.dc, named, mode, skill=way.skill, ability=way.ability,
            save=spec.kind == "save", tool=way.tool,
        )  # fmt: skip
        success = check.success
        events = [rl.roll_event(state, actor, check)]
        rolled = [rl.check_result(state, actor, check)]
    settled = count(state, challenge_id, spec, success) if spec.tallied else None
    if spec.tallied and settled is None:  # a step of a skill challenge: not over yet
        state.record("roll", f"challenge {spec.name}: a check {'passed' if success else 'failed'}")
        more, summary = apply_effects(state, step_effects(spec, success), actor, spec.name)
        # "check_success", not "success": the challenge itself is neither passed nor failed
        result = {"challenge": challenge_id, "check_success": success, "rolls": rolled,
                  **summary}  # fmt: skip
        result["name"] = spec.name
        result["skill_challenge"] = {**standing(state, challenge_id, spec), "settled": False}
        return result, events + more
    if settled is not None:
        success = settled == "passed"
    state.challenges[challenge_id] = "passed" if success else "failed"
    state.record("roll", f"challenge {spec.name}: {'passed' if success else 'failed'}")
    effects = spec.success if success else spec.failure
    more, summary = apply_effects(state, effects, actor, spec.name)
    more += _shift(state, spec, effects.shift, summary)
    result = {"challenge": challenge_id, "success": success, "rolls": rolled, **summary}
    result["name"] = spec.name
    if spec.tallied:
        result["skill_challenge"] = {"settled": True, "outcome": settled}
    return result, events + more


def _shift(
    state: GameState, spec: ChallengeSpec, moves: dict[str, float], summary: dict[str, Any]
) -> list[SessionEvent]:
    """Move the scores an outcome names (trust, a custom score, a counter), as a
    trigger's ``shift`` does: written to the ledger, told to the players, and named in the
    result so the DM knows."""
    shown: list[SessionEvent] = []
    for key, delta in moves.items():
        before = score(state, key)
        shown += tell(state, bonds.shift(state, key, delta, spec.name))
        moved = score(state, key) - before
        if moved:
            summary.setdefault("shifted", {})[key] = moved
    return shown


def _follow_chain(
    state: GameState, result: dict[str, Any], events: list[SessionEvent], actor: str | None
) -> None:
    """Roll the follow-ups ``result`` names, one after another, into ``result["chain"]``.
    A follow-up that cannot be rolled (another scene, nobody to roll it) stays named as
    ``next``, with ``next_waits`` saying why."""
    links: list[dict[str, Any]] = []
    follow = result.pop("next", None)
    while follow and len(links) < MAX_CHAIN:
        try:
            spec = available(state, follow)
            who = roller(state, spec, actor)
            if who is None:
                raise ToolError("nobody in the party can roll it")
        except ToolError as error:
            result["next"], result["next_waits"] = follow, str(error)
            break
        performed = begin(state, "attempt_challenge", {"challenge_id": follow, "character_id": who})
        link, more = _roll(state, follow, spec, who, Advantage.NORMAL)
        finish(state, performed, link)
        events += more
        follow = link.pop("next", None)
        links.append(link)
    else:
        if follow:  # the chain goes round: the rest waits for the next attempt
            result["next"] = follow
    if links:
        result["chain"] = links
        names = ", ".join(f"'{link['name']}'" for link in links)
        result["chained"] = f"the engine also rolled what followed: {names} (do not roll it again)"


def run_challenge(
    state: GameState,
    challenge_id: str,
    character_id: str | None,
    mode: Advantage,
    *,
    skill: Skill | Ability | None = None,
    helper: str | None = None,
) -> ToolOutcome:
    """Roll an authored challenge (the way ``skill`` names — a skill, or the ability of a way
    with no skill — with ``helper``'s help), apply
    its outcome and roll the chain it starts."""
    spec = available(state, challenge_id)
    actor = roller(state, spec, character_id)
    if actor is not None:
        mode = helped(state, actor, helper, mode)
        if spec.kind != "group":
            choose(state, spec, actor, skill)  # refuses a way not allowed, before the roll
    result, events = _roll(state, challenge_id, spec, actor, mode, skill)
    if helper is not None:
        result["helped_by"] = bg.resolve_target(state, helper)
    _follow_chain(state, result, events, actor)
    return ToolOutcome(result, events)


def attempt_challenge_tool(args: a.ChallengeArgs, state: GameState) -> ToolOutcome:
    """attempt_challenge: roll an authored challenge, apply its outcome and its chain."""
    return run_challenge(state, args.challenge_id, args.character_id, Advantage(args.advantage),
                         skill=args.skill or args.ability, helper=args.helper_id)  # fmt: skip


def fight_challenge_tool(args: a.ChallengeArgs, state: GameState) -> ToolOutcome:
    """attempt_challenge in a fight: only a challenge made to end it (its success ends the
    encounter), tried by the combatant whose turn it is, with their action."""
    fight = state.encounter
    if fight is None:
        return attempt_challenge_tool(args, state)
    spec = available(state, args.challenge_id)
    if not spec.success.end_encounter:
        raise ToolError(f"{spec.name} must wait until the fight is over")
    who = args.character_id or fight.current.id
    if who != fight.current.id:
        raise ToolError(
            f"it is {state.name_of(fight.current.id)}'s turn, not {state.name_of(who)}'s"
        )
    economy = bg.economy_of(state, who)
    if not economy.available(ActionKind.ACTION):
        raise ToolError(f"{state.name_of(who)} has no action left to {spec.name}")
    done = attempt_challenge_tool(args.model_copy(update={"character_id": who}), state)
    economy.spend(ActionKind.ACTION)  # (spent once it is tried: a refusal spends nothing)
    return done
