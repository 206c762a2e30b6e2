"""How the offline referee adjudicates a reaction declared in the player's own words, and
answers a player who wants to react when nothing calls for it.

The declaration is read as an action of the reactor (:mod:`app.understanding`); what
fits a reaction and the tools can price is resolved — a reaction spell the reactor knows
(Shield), or, when a foe leaves reach (the SRD's opportunity attack), one weapon attack, a
shove or a grab of it — and the subturn ends with how it went. A blow in answer to a hit
that lands is no reaction the rules allow. Anything else ("I duck behind the table") the
referee says honestly it cannot adjudicate as a reaction, and ends the subturn with no
effect.
"""

from __future__ import annotations

import re
from typing import Any

from app.actions.calls import ToolCall
from app.actions.position_tools import engaged_foes
from app.actions.spell_caster import caster_profile
from app.referee.base import RefereeBase
from app.understanding import understand
from app.world.reactions import Subturn
from app.world.state import GameState
from rules.srd import srd

_CONTESTS = ("grapple", "shove_prone", "shove_away")
_DRAWS_A_BLOW = re.compile(r"\bleaves reach\b|\bleaving reach\b|\bmoves away\b", re.IGNORECASE)
"""Triggers a weapon attack may answer as a reaction (the SRD's opportunity attack)."""
_REACT = re.compile(r"\breact(?:ion|ing|s)?\b", re.IGNORECASE)

WHEN_TO_REACT = (
    "A reaction answers something that happens — a foe's blow landing, a foe leaving your "
    "reach, a spell being cast, or the DM asking who reacts. The game asks you then, and "
    "you may pick a reaction or say what you do."
)


def reaction_spells(state: GameState, cid: str) -> list[str]:
    """Spells of one reaction ``cid`` knows (Shield, Counterspell …), by id."""
    profile = caster_profile(state, cid)
    if profile is None:
        return []
    spells = srd().spells
    return [s for s in profile.spells if s in spells and spells.get(s).casting_time == "reaction"]


def wants_to_react(text: str) -> bool:
    """The player speaks of reacting ("I want to react — I cast Shield")."""
    return bool(_REACT.search(text))


def _names_someone(state: GameState, text: str) -> bool:
    lowered = text.lower()
    return any(c.name.lower() in lowered for c in state.creatures.values()) or any(
        s.name.lower() in lowered for s in state.party.values()
    )


def _named_in(state: GameState, trigger: str, reactor: str) -> str | None:
    """The creature a trigger names, other than the reactor (``Giant Rat 3 hits Aria``:
    for Aria, Giant Rat 3) — longest names first, so ``Giant Rat 10`` is not ``… 1``."""
    found = [(c.name, cid) for cid, c in state.creatures.items() if cid != reactor]
    found += [(s.name, cid) for cid, s in state.party.items() if cid != reactor]
    for name, cid in sorted(found, key=lambda pair: -len(pair[0])):
        if name and name in trigger:
            return cid
    return None


_IDS = re.compile(r" \((?:[a-z][a-z0-9_]*-)+[a-z0-9_]+\)")
"""The ids a tool's refusal names beside names, for the DM ("Giant Rat 3 (giant-rat-3)")."""


class Reacting(RefereeBase):
    """The referee's adjudication of declared reactions."""

    _adjudicating: str | None = None
    """The subturn whose calls were made; its results end it."""

    def reaction_calls(self, state: GameState) -> list[ToolCall]:
        """Calls for the declaration the game has taken up for the DM, once each."""
        entry = state.reactions.adjudicating()
        if entry is None or entry.id == self._adjudicating:
            return []
        self._adjudicating = entry.id
        calls = self._adjudicate(state, entry)
        if calls:
            return calls
        # The words describe nothing a reaction can do: nothing happened, so the reaction
        # is given back (the reactor may still react properly later this round).
        self.notes.append(
            f"{entry.reactor_name} says “{entry.declared}” — that is not something a reaction "
            "can do here, so nothing comes of it and the reaction is not spent."
        )
        return [self._end(entry, "no effect: not a reaction the rules allow", refund=True)]

    def _end(self, entry: Subturn, outcome: str, *, refund: bool = False) -> ToolCall:
        arguments: dict[str, Any] = {"subturn_id": entry.id, "outcome": outcome}
        if refund:
            arguments["refund"] = True
        return self._call("end_subturn", entry.reactor_id, "end_subturn", **arguments)

    def _adjudicate(self, state: GameState, entry: Subturn) -> list[ToolCall]:
        reactor, said = entry.reactor_id, entry.declared
        words = set(re.findall(r"[a-z]+", said.lower()))
        for spell in reaction_spells(state, reactor):
            if set(srd().spells.get(spell).name.lower().split()) <= words:
                return [self._call("reaction", reactor, "cast_spell", caster_id=reactor,
                                   spell=spell, target_ids=[])]  # fmt: skip
        intent = understand(said, reactor, state, self.campaign)
        target = intent.target
        if not _names_someone(state, said):  # "shove him", "stab it": whom the trigger names
            target = _named_in(state, entry.trigger, reactor) or target
        if target is None or target in state.party:
            near = engaged_foes(state, reactor)
            target = near[0] if len(near) == 1 else target
        if target is None or target == reactor:
            return []
        if intent.kind == "attack" and _DRAWS_A_BLOW.search(entry.trigger):
            return [self._call("reaction", reactor, "attack", attacker_id=reactor,
                               target_id=target)]  # fmt: skip
        # (a blow as a reaction is an opportunity attack: a foe leaving reach draws it; a
        # foe's hit does not — "i kick wet sand in its face" then is no free attack)
        if (
            intent.kind == "manoeuvre"
            and intent.action in _CONTESTS
            and _DRAWS_A_BLOW.search(entry.trigger)
        ):
            return [self._call("reaction", reactor, "take_action", creature_id=reactor,
                               action=intent.action, target_id=target)]  # fmt: skip
        return []

    def after_reaction(self, state: GameState, result: dict[str, Any]) -> list[ToolCall]:
        """The reaction's tool answered: end its subturn with how it went."""
        entry = state.reactions.adjudicating()
        if entry is None:
            return []
        name = entry.reactor_name
        if "error" in result:
            why = _IDS.sub("", str(result["error"]))  # ("Giant Rat 3 fled": names, no ids)
            self.notes.append(f"{name} cannot do that as a reaction: {why}.")
            return [self._end(entry, "no effect: the rules refused it", refund=True)]
        if "attacks" in result:
            first = result["attacks"][0] if result["attacks"] else {}
            outcome = f"the attack is a {first.get('outcome', 'miss')}"
            if first.get("damage"):
                outcome += f" for {first['damage']} damage"
        elif "success" in result:
            outcome = "it works" if result["success"] else "it fails"
        else:
            outcome = f"casts {str(result.get('spell') or 'the spell').replace('_', ' ')}"
        self.notes.append(f"{name} reacts: {outcome}.")
        return [self._end(entry, outcome)]
