"""The referee's manoeuvres in a fight and its quiet deeds: closing in, taking cover and
falling back (movement, which leaves the rest of the turn to the player), grapples and
shoves, Cunning Action, Ready, moving a moonbeam, holding, and resting outside a fight."""

from __future__ import annotations

import json
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from app.actions.beings import economy_of
from app.actions.calls import ToolCall
from app.actions.position_tools import cover_feature, engaged_foes
from app.actions.rest_tools import rest_refused
from app.referee.base import RefereeBase
from app.referee.casting import beam_onto
from app.referee.positioning import fallback
from app.referee.sequencing import CUNNING
from app.understanding import Intent
from app.understanding.targets import weakest
from app.world.state import GameState
from rules.positions import STEP_FT


class Manoeuvres(RefereeBase):
    """Moving and manoeuvring in a fight, holding, and resting."""

    if TYPE_CHECKING:  # the referee's other halves provide these

        def _stabilize(self, state: GameState, actor: str, intent: Intent) -> list[ToolCall]:
            """Tend a dying friend (care)."""

        def _cunning(self, state: GameState, actor: str) -> bool:
            """A rogue's Cunning Action is free this turn (sequencing)."""

    def _do_manoeuvre(self, state: GameState, actor: str, intent: Intent) -> list[ToolCall]:
        if intent.action == "stabilize":
            return self._stabilize(state, actor, intent)
        if state.encounter is None:
            self.notes.append(f"{state.name_of(actor)} keeps their distance; nobody is fighting.")
            return []
        if intent.action in ("engage", "cover", "withdraw"):
            return self._step(state, actor, intent)
        into = self._into_cover(state, actor, intent)  # "hide behind a pew": there first
        if intent.action in CUNNING and self._cunning(state, actor):
            # a rogue hides, dashes or disengages with the bonus action: the action is left
            if actor not in self.pending and not intent.then and self._has_action(state, actor):
                self.notes.append(f"({state.name_of(actor)} still has an action this turn.)")
            return [*into, self._call("feature", actor, "use_feature", creature_id=actor,
                                      feature="cunning_action", option=intent.action)]  # fmt: skip
        if intent.action == "ready":
            return self._ready(actor, intent)
        if intent.action == "move_beam":
            return self._move_beam(state, actor, intent)
        aimed: dict[str, Any] = {}
        if intent.action in ("grapple", "shove_prone", "shove_away"):
            foes = self._foes(state)
            fallen = state.creatures.get(intent.target or "")
            if fallen is not None and fallen.hostile and intent.target not in foes:
                # "shove goblin 1" with Goblin 1 dead: said, never done to another instead
                standing = ", ".join(state.name_of(f) for f in foes) or "nobody"
                self.notes.append(f"{fallen.name} is already down. Still up: {standing}.")
                return []
            target = intent.target if intent.target in foes else None
            target = target or weakest((f, state.creatures[f].vitals.hp) for f in foes)
            aimed = {"target_id": target} if target else {}
        closing: list[ToolCall] = into
        target = aimed.get("target_id")
        if target and target not in engaged_foes(state, actor):  # hands on: step up first
            closing = [self._call("step", actor, "move", creature_id=actor, to="engage",
                                  target_id=target)]  # fmt: skip
        return [
            *closing,
            self._call("act", actor, "take_action", creature_id=actor, action=intent.action,
                       **aimed),
            self._call("end_turn", actor, "end_turn"),
        ]  # fmt: skip

    def _into_cover(self, state: GameState, actor: str, intent: Intent) -> list[ToolCall]:
        """The step into cover a hide or dodge behind a thing of the scene starts with."""
        if intent.action not in ("hide", "dodge") or not intent.target or state.encounter is None:
            return []
        cover = cover_feature(state, intent.target)
        if cover is None or cover[0] == "none":  # ("hide in the niche": a hiding place)
            return []
        moved = any(c.name == "move" and self.calls.get(c.id, ("", None))[1] == actor
                    for c in self.made)  # fmt: skip
        if moved or engaged_foes(state, actor) or economy_of(state, actor).movement < STEP_FT:
            return []  # no step left to take, or one that draws blows: hidden where one is
        return self._step(state, actor, replace(intent, action="cover"))

    def _move_beam(self, state: GameState, actor: str, intent: Intent) -> list[ToolCall]:
        """Moonbeam moved (the caster's action); the rest of the turn stays the player's."""
        onto = beam_onto(state, intent, self._foes(state))
        if onto is None:
            self.notes.append(f"{state.name_of(actor)} finds nobody to turn the moonbeam on.")
        return [self._call("act", actor, "take_action", creature_id=actor, action="move_beam",
                           target_id=onto)] if onto else []  # fmt: skip

    def _ready(self, actor: str, intent: Intent) -> list[ToolCall]:
        """The Ready action: what to watch for and the trigger in the player's words, a
        spell if one was named; the turn ends (the action is spent)."""
        watch, trigger = (*intent.extra, "other", intent.text)[:2]
        readied: dict[str, Any] = {"trigger": trigger[:200], "watch": watch}
        if intent.target:
            readied["target_id"] = intent.target
        if intent.spell:
            readied["spell"] = intent.spell
        return [
            self._call("act", actor, "take_action", creature_id=actor, action="ready",
                       **readied),
            self._call("end_turn", actor, "end_turn"),
        ]  # fmt: skip

    def _step(self, state: GameState, actor: str, intent: Intent) -> list[ToolCall]:
        """Moving in a fight: closing with someone, taking cover, falling back. Moving
        leaves the rest of the turn to the player (an attack may follow)."""
        name = state.name_of(actor)
        if intent.action == "engage" and intent.target:
            return [self._call("step", actor, "move", creature_id=actor, to="engage",
                               target_id=intent.target)]  # fmt: skip
        if intent.action == "cover" and intent.target:
            feature = (
                self.campaign.scenes[state.scene.id].features.get(intent.target)
                if (self.campaign is not None and state.scene.id in self.campaign.scenes)
                else None
            )
            label = feature.name if feature is not None else intent.target
            return [self._call("step", actor, "move", creature_id=actor, to="cover",
                               feature=label)]  # fmt: skip
        back = fallback(state, actor)
        if back is None:
            self.notes.append(f"{name} is already at the edge of the fight, free of any foe.")
            return []
        tool, args = back
        return [self._call("step", actor, tool, **args)]

    def _do_hold(self, state: GameState, actor: str, intent: Intent) -> list[ToolCall]:
        if state.encounter is None:
            self.notes.append(f"{state.name_of(actor)} waits to see what the others do.")
            return []
        self.notes.append(f"{state.name_of(actor)} ends the turn.")  # (no Ready: that is its own)
        return [self._call("end_turn", actor, "end_turn")]

    def _do_rest(self, state: GameState, actor: str, intent: Intent) -> list[ToolCall]:
        if state.encounter is not None:
            self.notes.append("There is no time to rest in the middle of a fight.")
            return []
        kind = intent.action or "short"
        for call in self.made:  # "we take a short rest", then "Thorin: rest too": one rest
            joined = json.loads(call.arguments).get("kind")
            if call.name == "rest" and joined in (kind, "long"):
                if not rest_refused(state, joined, list(state.party)):  # (else the refusal
                    self.notes.append(f"{state.name_of(actor)} rests with the others.")  # says)
                return []
        return [self._call("rest", actor, "rest", kind=kind)]
