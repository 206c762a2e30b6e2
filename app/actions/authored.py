"""The campaign as the source of truth, whatever brain plays: a generic check that stands
for an authored challenge runs that challenge, and a flag a challenge sets cannot be set
by hand while the challenge is still to be attempted.

A model asked to pick the trapdoor's padlock may well call ``request_ability_check``
(Sleight of Hand, DC 15, "pick the lock") instead of ``attempt_challenge``: the roll
succeeds, the story opens the trapdoor, and nothing opens it in the world — the flag the
author's success sets is never set, the next turn finds the way shut. Or it calls
``set_flag trapdoor_open`` and skips the roll altogether. Here the engine runs the
authored challenge in the check's place (its DC, outcomes, flags and chain) and says so
in the result, and refuses the hand-set flag, naming the challenge to attempt.

Matching is conservative: the check must be of the kind the challenge is (a check, a
save, a group check), of the same skill (or, when the reason names the challenge plainly,
of the same ability), and its reason must share a word with what the author called the
challenge. Anything less runs as asked. Out of a campaign, and in a fight, checks always
run as asked."""

from __future__ import annotations

import re
from typing import Literal

from app.actions import args as a
from app.actions import beings as bg
from app.actions import check_tools as ct
from app.actions import world_tools as wt
from app.actions.challenge_tools import roller, run_challenge
from app.actions.challenge_ways import helped, ways
from app.actions.opposed import opposed_check_tool
from app.actions.registry import ToolError, ToolOutcome
from app.actions.toolledger import begin, finish
from app.understanding.scope import open_challenges
from app.understanding.words import normalise
from app.world.challengespec import ChallengeSpec
from app.world.ledger import ActionPerformed
from app.world.state import GameState
from rules.abilities import Ability
from rules.dice import Advantage
from rules.skills import Skill

Kind = Literal["check", "save", "group"]

_PLAIN = frozenset(
    {"the", "a", "an", "to", "of", "on", "in", "at", "and", "or", "for", "with", "into",
     "from", "up", "by", "her", "his", "its", "their", "this", "that", "it", "is", "try",
     "tries", "attempt", "check", "roll", "make", "use", "get", "open", "see", "look",
     "save", "saving", "throw", "skill", "ability", "dc", "dex", "str", "con", "int",
     "wis", "cha", "party", "group", "down", "back", "out", "off", "over", "through",
     "away", "again", "here", "there", "now", "then", "just", "all", "not", "can", "will",
     "let", "lets", "him", "them", "they", "she", "you", "your", "our", "one", "more",
     "climb", "go", "ask", "keep", "hold", "take", "put", "hand", "way"}
)  # fmt: skip
"""Words that name no challenge ("climb back down" is not "cut the bell down")."""
"""Words that name no particular challenge ("try to open", "a Dexterity check")."""
_ROLL_WORDS = frozenset(w for s in Skill for w in s.value.split("_") if len(w) > 2) | frozenset(
    ab.full_name.lower() for ab in Ability
)
"""Skill and ability names: "a sleight of hand check" says how, not what."""


def _stem(word: str) -> str:
    """A word without its ending ("picking" -> "pick", "locks" -> "lock")."""
    for end in ("ing", "ed", "es", "s"):
        if word.endswith(end) and len(word) - len(end) >= 3:
            return word[: -len(end)]
    return word


def _words(text: str) -> set[str]:
    """The words of ``text`` that can name something."""
    return {
        _stem(w)
        for w in re.split(r"[\s']+", normalise(text))
        if len(w) > 2 and w not in _PLAIN and w not in _ROLL_WORDS
    }


def _names(challenge_id: str, spec: ChallengeSpec) -> tuple[set[str], list[str]]:
    """What the author called a challenge: its words, and its whole phrases."""
    phrases = [normalise(p) for p in (spec.name, *spec.provoked_by)]
    words = _words(" ".join([challenge_id.replace("_", " "), *phrases]))
    return words, [p for p in phrases if len(p.split()) > 1]


def _ability(skill: Skill | None, ability: Ability | None) -> Ability | None:
    return skill.ability if skill is not None else ability


def _score(
    spec: ChallengeSpec,
    challenge_id: str,
    skill: Skill | None,
    ability: Ability | None,
    reason: str,
) -> tuple[int, int] | None:
    """How plainly a check is this challenge: (same roll, words shared), or ``None``."""
    words, phrases = _names(challenge_id, spec)
    said = normalise(reason)
    shared = len(_words(reason) & words)
    if not shared:
        return None
    skills = {spec.skill, *(o.skill for o in spec.alternatives)} - {None}
    same = (skill is not None and skill in skills) or (
        skill is None and spec.skill is None and ability == spec.ability
    )
    if same:
        return (1, shared)
    plain = shared >= 2 or any(f" {p} " in f" {said} " for p in phrases)
    if plain and _ability(skill, ability) == _ability(spec.skill, spec.ability):
        return (0, shared)
    return None


def authored_for(
    state: GameState,
    kind: Kind,
    reason: str,
    skill: Skill | None = None,
    ability: Ability | None = None,
) -> str | None:
    """The id of the open authored challenge of this scene a generic check stands for, or
    ``None`` when none clearly does (two that match equally well: neither)."""
    campaign = state.campaign
    if campaign is None or state.encounter is not None:
        return None
    scored: list[tuple[tuple[int, int], str]] = []
    for cid in open_challenges(state, campaign):
        spec = campaign.challenges[cid]
        if spec.kind != kind:
            continue
        score = _score(spec, cid, skill, ability, reason)
        if score is not None:
            scored.append((score, cid))
    scored.sort(reverse=True)
    if not scored or (len(scored) > 1 and scored[0][0] == scored[1][0]):
        return None
    return scored[0][1]


def _tried_this_turn(state: GameState, challenge_id: str) -> bool:
    """Whether the challenge was already rolled this turn (a retry waits for another)."""
    return any(
        isinstance(e, ActionPerformed) and e.action == "attempt_challenge"
        and e.target == challenge_id and e.seq >= state.truth.turn_start
        for e in state.truth.fresh
    )  # fmt: skip


def _instead(
    state: GameState,
    challenge_id: str,
    character_id: str | None,
    mode: str,
    asked: str,
    skill: Skill | None = None,
) -> ToolOutcome:
    """Run the authored challenge in a generic check's place, and say so."""
    campaign = state.campaign
    assert campaign is not None  # authored_for found the challenge in it
    spec = campaign.challenges[challenge_id]
    if _tried_this_turn(state, challenge_id):
        raise ToolError(
            f"this check is the authored challenge '{spec.name}', already rolled this turn "
            f"({state.challenges.get(challenge_id, 'rolled')}): the result stands. Narrate it."
        )
    who = roller(state, spec, character_id)  # refuses before the ledger is written
    performed = begin(state, "attempt_challenge",
                      {"challenge_id": challenge_id, "character_id": who})  # fmt: skip
    allowed = (
        skill is not None
        and spec.kind == "check"
        and any(w.skill == skill for w in ways(state, spec))
    )
    outcome = run_challenge(state, challenge_id, who, Advantage(mode),
                            skill=skill if allowed else None)  # fmt: skip
    finish(state, performed, outcome.result)
    ran = f"ran the authored challenge '{spec.name}' (DC {spec.dc})"
    note = (
        f"{ran} instead of {asked}: its DC, outcome, flags and what follows stand. Narrate "
        "this result; for an authored challenge call attempt_challenge."
    )
    outcome.result = {"ran_challenge": challenge_id, "note": note, **outcome.result}
    return outcome


def ability_check_tool(args: a.CalmCheckArgs, state: GameState) -> ToolOutcome:
    """request_ability_check: the authored challenge it stands for, else the check asked (a
    contest when a creature opposes it)."""
    if args.opposed_by is not None:
        return opposed_check_tool(args, state)
    found = authored_for(state, "check", args.reason, args.skill, args.ability)
    target = bg.resolve_target(state, args.character_id)
    mode = helped(state, target, args.helper_id, Advantage(args.advantage)).value
    if found is None:
        plain = a.AbilityCheckArgs.model_validate(
            {**args.model_dump(exclude={"helper_id"}), "advantage": mode}
        )
        outcome = ct.ability_check_tool(plain, state)
    else:
        unable = bg.why_cannot_act(state, target)
        if unable:
            raise ToolError(unable)
        outcome = _instead(state, found, target, mode, f"a DC {args.dc} check", args.skill)
    if args.helper_id is not None:
        outcome.result["helped_by"] = bg.resolve_target(state, args.helper_id)
    return outcome


def saving_throw_tool(args: a.SavingThrowArgs, state: GameState) -> ToolOutcome:
    """request_saving_throw: the authored save it stands for, else the save asked."""
    found = authored_for(state, "save", args.reason, ability=args.ability)
    if found is None:
        return ct.saving_throw_tool(args, state)
    return _instead(state, found, args.character_id, args.advantage, f"a DC {args.dc} save")


def group_check_tool(args: a.GroupCheckArgs, state: GameState) -> ToolOutcome:
    """request_group_check: the authored group challenge it stands for, else as asked."""
    found = authored_for(state, "group", args.reason, args.skill, args.ability)
    if found is None:
        return ct.group_check_tool(args, state)
    first = args.character_ids[0] if args.character_ids else None
    return _instead(state, found, first, "normal", f"a DC {args.dc} group check")


# -- flags the campaign's challenges own -------------------------------------------------


def owners(state: GameState, name: str, value: object) -> list[str]:
    """The challenges still to be attempted whose outcome sets flag ``name`` to ``value``
    — while none of the challenges that set it has been settled. Empty when the flag is
    nobody's, already has that value, or one of its challenges has had its say."""
    campaign = state.campaign
    if campaign is None or state.flags.get(name) == value:
        return []
    setters = {
        cid: spec
        for cid, spec in campaign.challenges.items()
        if name in spec.success.set_flags or name in spec.failure.set_flags
    }
    settled = {
        cid for cid, spec in setters.items()
        if state.challenges.get(cid) == "passed"
        or (state.challenges.get(cid) == "failed" and not spec.retry)
    }  # fmt: skip
    if settled:
        return []
    return [
        cid for cid, spec in setters.items()
        if value in (spec.success.set_flags.get(name), spec.failure.set_flags.get(name))
    ]  # fmt: skip


def set_flag_tool(args: a.SetFlagArgs, state: GameState) -> ToolOutcome:
    """set_flag, except a flag an authored challenge still to be attempted would set: the
    roll decides that one, and the refusal names the challenge to attempt instead."""
    owned = owners(state, args.name, args.value)
    if owned:
        campaign = state.campaign
        assert campaign is not None  # only a campaign's challenges own flags
        named = " or ".join(
            f"'{campaign.challenges[c].name}' ({c}"
            + ("" if campaign.challenges[c].scene == state.scene.id else
               f", in {campaign.challenges[c].scene}")
            + ")"
            for c in owned
        )  # fmt: skip
        raise ToolError(
            f"{args.name} is set by the authored challenge {named}: call attempt_challenge "
            "and let the roll decide; it is not set by hand"
        )
    return wt.set_flag_tool(args, state)
