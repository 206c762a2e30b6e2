"""The offline referee's Help out of a fight, and the way an obstacle is met.

"I help Mira pick the lock", "Thorin helps Mira with the lock": the ally's deed is read as
the ally's own line and carried out as the ally's, and its check (an authored challenge,
or a ruling) is made with the helper's help — advantage, which the engine grants and
checks (``helper_id``). In a fight, Help is a turn's action and stays with the fight's
rules. An obstacle that may be met in several ways (``alternatives``) is rolled the way
the line names: a skill's name, or the words the author gave that way.
"""

from __future__ import annotations

import json
import re
from dataclasses import replace
from typing import Any

from app.actions.calls import ToolCall
from app.referee.base import RefereeBase
from app.understanding import Intent, understand
from app.understanding.scope import open_challenges
from app.understanding.words import has_phrase, normalise
from app.world.challengespec import ChallengeSpec
from app.world.facts import holds
from app.world.state import GameState

HELPING = re.compile(
    r"^\s*(?:(?P<helper>[\w']+)\s+)?(?:help|helps|assist|assists|aid|aids)\s+(?P<ally>[\w']+?)"
    r"(?:'s)?(?:\s+(?:to|with|in|on|at))?\s+(?P<rest>\S.*)$",
    re.IGNORECASE,
)
"""A line that helps an ally at something: "I help Mira pick the lock"."""
CHECKED = ("attempt_challenge", "request_ability_check")
"""The calls a helper's help goes into."""
_PLAIN = frozenset({"the", "a", "an", "her", "his", "their", "its", "my", "with", "to", "on", "at"})


def _member(state: GameState, word: str) -> str | None:
    said = word.lower().strip("'")
    return next(
        (cid for cid, s in state.party.items() if said in (cid.lower(), s.name.lower())), None
    )


def _by_words(state: GameState, rest: str, campaign: Any, ally: str) -> str | None:
    """The open challenge here whose name or phrases share most words with ``rest`` ("with
    the lock"), if one alone does — or, of those that share as many, the one the ally is
    best at (Mira "with the lock": picking it, with her tools, not forcing it)."""
    words = {w for w in normalise(rest).split() if w not in _PLAIN and len(w) > 2}
    sheet = state.party.get(ally)
    scored = []
    for cid in open_challenges(state, campaign):
        spec = campaign.challenges[cid]
        named = {w for p in (spec.name, *spec.provoked_by) for w in normalise(p).split()}
        shared = len(words & named)
        if shared:
            good = 0
            if sheet is not None and spec.skill is not None:
                good = sheet.check_modifier(skill=spec.skill, tool=spec.tool)
            scored.append((shared, good, cid))
    scored.sort(reverse=True)
    if not scored or (len(scored) > 1 and scored[0][:2] == scored[1][:2]):
        return None
    return scored[0][2]


def way_asked(state: GameState, spec: ChallengeSpec, text: str) -> dict[str, str]:
    """``{"skill": …}`` when the line names one of the ways an obstacle allows now (a skill's
    name, or an alternative's words), else nothing: the engine picks the best way."""
    if not spec.alternatives:
        return {}
    said = normalise(text)
    options = [(spec.skill, spec.ability, ())] + [
        (o.skill, o.ability, tuple(o.words))
        for o in spec.alternatives
        if o.when is None or holds(o.when, state)
    ]
    for skill, ability, words in options:
        if skill is not None:
            names = (skill.label.lower(), skill.value.replace("_", " "), *words)
            if any(has_phrase(said, normalise(n.lower())) for n in names):
                return {"skill": skill.value}
        elif ability is not None and any(has_phrase(said, normalise(w.lower())) for w in words):
            return {"ability": ability.value}  # an ability's way is asked for by its words
    return {}


class Helping(RefereeBase):
    """Help out of a fight: the ally's deed, with the helper's advantage."""

    def _helping(self, state: GameState, actor: str, intent: Intent) -> list[ToolCall] | None:
        """The calls for a line that helps an ally at a check, or ``None`` when it is not
        one (or a fight is on, or the deed asks no check)."""
        campaign = self.campaign
        found = HELPING.match(intent.text)
        if found is None or state.encounter is not None or campaign is None:
            return None
        helper = actor
        if found["helper"] and found["helper"].lower() not in ("i", "we"):
            named = _member(state, found["helper"])
            if named is None:
                return None
            helper = named
        ally = _member(state, found["ally"])
        if ally is None or ally == helper:
            return None
        deed = understand(found["rest"], ally, state, campaign)
        if deed.kind != "challenge" or deed.confidence < 0.6:
            cid = _by_words(state, found["rest"], campaign, ally)
            if cid is None and deed.kind != "improvise":
                return None
            if cid is not None:
                deed = Intent("challenge", found["rest"], ally, targets=(cid,), confidence=1.0)
        deed = replace(deed, actor=ally)
        calls = self.carry_out(state, ally, deed)  # type: ignore[attr-defined]
        helped = [self._with_helper(c, ally, helper) for c in calls]
        if any(c.name in CHECKED for c in helped):
            self.notes.told_for(self.line_of.get(ally),
                                f"{state.name_of(helper)} helps {state.name_of(ally)}.",
                                first=True)  # fmt: skip
        return helped

    def _with_helper(self, call: ToolCall, ally: str, helper: str) -> ToolCall:
        """``call`` with the helper added, when it is the ally's check."""
        if call.name not in CHECKED:
            return call
        args = json.loads(call.arguments)
        if args.get("character_id") != ally:  # a group's roll, or another's
            return call
        made = ToolCall(call.id, call.name, json.dumps({**args, "helper_id": helper}))
        self.made = [made if c is call else c for c in self.made]
        return made
