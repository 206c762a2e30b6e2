"""How the offline referee uses a class feature or casts a spell for a character: a
feature's foe or friend (Flurry of Blows and Frenzy at a foe in reach, Stunning Strike at
the one just hit, Reckless Attack with its blow), and a spell's slot, targets, the step a
touch spell needs and its Metamagic — each said plainly when it cannot be done, before
anything is spent."""

from __future__ import annotations

import contextlib
import json
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from app.actions.calls import ToolCall
from app.actions.position_tools import engaged_foes, spell_reach
from app.actions.spell_tools import most_targets
from app.actions.striking import out_of_reach
from app.referee import answers
from app.referee.base import RefereeBase
from app.referee.casting import MOVING_BEAM, keeps_beam, spell_targets
from app.referee.fighting import unaware_foes
from app.referee.reacting import WHEN_TO_REACT
from app.referee.sights import join_words
from app.understanding import Intent
from app.understanding.features import metamagic_options
from app.understanding.targets import weakest
from app.understanding.words import slot_level
from app.world.state import GameState
from rules.features import feature
from rules.spelldata import Spell
from rules.srd import srd

BLOWS = frozenset({"frenzy", "flurry_of_blows"})
"""Features that strike a foe: the one named, else one within reach, else the weakest."""


class Powers(RefereeBase):
    """Class features used and spells cast."""

    if TYPE_CHECKING:  # the referee's other halves provide these

        def _do_attack(self, state: GameState, actor: str, intent: Intent) -> list[ToolCall]:
            """A blow (acting)."""

        def _move_beam(self, state: GameState, actor: str, intent: Intent) -> list[ToolCall]:
            """A lasting beam moved onto another foe (manoeuvres)."""

        def _dying(self, state: GameState) -> list[str]:
            """The party members who are dying (care)."""

    def _last_struck(self, actor: str) -> str | None:
        """The foe ``actor``'s latest attack this turn was made at, if any."""
        for call in reversed(self.made):
            if call.name == "attack" and self.calls.get(call.id, ("", None))[1] == actor:
                with contextlib.suppress(ValueError):
                    aim = json.loads(call.arguments).get("target_id")
                    return aim if isinstance(aim, str) else None
        return None

    def _do_feature(self, state: GameState, actor: str, intent: Intent) -> list[ToolCall]:
        fid = intent.action or ""
        if fid == "turn_undead" and state.encounter is not None:
            undead = [
                f for f in self._foes(state)
                if (m := state.creatures[f].monster) and "undead" in state.monster(m).type
            ]  # fmt: skip
            if not undead:  # said before the Channel Divinity is spent on nothing
                self.notes.append(
                    f"None of these foes is undead: Turn Undead would do nothing. "
                    f"({state.name_of(actor)} still has the turn.)"
                )
                return []
        arguments: dict[str, Any] = {"creature_id": actor, "feature": fid}
        if intent.target:
            arguments["target_id"] = intent.target
        if intent.extra:
            arguments["option"] = intent.extra[0]
        if fid == "stunning_strike" and intent.target not in self._foes(state):
            struck = self._last_struck(actor)  # "… and use Stunning Strike": the one just hit
            near = [f for f in engaged_foes(state, actor) if f in self._foes(state)]
            struck = struck or (near[0] if len(near) == 1 else None)  # the one foe in reach
            if struck in self._foes(state):
                arguments["target_id"] = struck
        first: list[ToolCall] = []
        if fid in BLOWS and state.encounter is not None:
            effects = {e.id for e in state.party[actor].effects} if actor in state.party else set()
            if fid == "frenzy" and "rage" not in effects:  # "I frenzy": rage, and frenzy in it
                first = [self._call("feature", actor, "use_feature", creature_id=actor,
                                    feature="rage")]  # fmt: skip
            if fid == "flurry_of_blows" or "frenzy" in effects:  # blows: at a foe
                foes = self._foes(state)
                near = [f for f in engaged_foes(state, actor) if f in foes]
                aim = intent.target if intent.target in foes else None
                aim = aim or weakest((f, state.creatures[f].vitals.hp) for f in near or foes)
                if aim:
                    arguments["target_id"] = aim
        calls = [*first, self._call("feature", actor, "use_feature", **arguments)]
        if fid == "reckless_attack" and state.encounter is not None:
            # Reckless Attack is a way of making the attack: the blow is part of it
            aim = intent.target if intent.target in self._foes(state) else None
            said = intent.text.lower().replace("reckless", "")  # declared once, just above
            blow = replace(intent, kind="attack", action=None, text=said,
                           targets=(aim,) if aim else ())  # fmt: skip
            return [*calls, *self._do_attack(state, actor, blow)]
        spec = feature(fid)
        if state.encounter is not None and spec is not None and spec.action == "action":
            calls.append(self._call("end_turn", actor, "end_turn"))
        return calls

    def _do_cast(self, state: GameState, actor: str, intent: Intent) -> list[ToolCall]:
        name = state.name_of(actor)
        if intent.spell is None:
            said = f"{intent.note}." if intent.note else ""
            self.notes.append(said or answers.ask_back_text(state, self.campaign, intent))
            return []
        spell = srd().spells.get(intent.spell)
        if spell.casting_time == "reaction":  # Shield on one's own turn answers nothing
            self.notes.append(f"{spell.name} is cast as a reaction. {WHEN_TO_REACT}")
            return []
        if "again" in intent.extra:  # "my spiritual weapon hits her again": no new casting
            foes = self._foes(state)
            struck = [t for t in intent.targets if t in foes] or foes[:1]
            return [self._call("cast", actor, "cast_spell", caster_id=actor, spell=intent.spell,
                               target_ids=struck[:1])]  # fmt: skip
        slot: dict[str, Any] = {}
        if spell.level > 0 and actor in state.party:
            slots = state.party[actor].spell_slots
            free = [lv for lv in range(spell.level, 10) if slots.remaining(lv) > 0]
            if not free:  # said before anything is spent: the turn is still the player's
                self.notes.append(f"{name} has no spell slot left for {spell.name}.")
                return []
            asked = slot_level(intent.text)
            if asked is not None and asked > spell.level:  # "using a level 2 slot"
                if asked not in free:
                    self.notes.append(f"{name} has no level {asked} slot left for {spell.name}.")
                    return []
                slot = {"slot_level": asked}
            elif free[0] > spell.level:  # out of its own level: the lowest slot that is left
                slot = {"slot_level": free[0]}
        fights = [t for t in intent.targets if self.campaign and t in self.campaign.encounters]
        if state.encounter is None and fights:  # "magic missile at the goblins": it begins
            unseen = {"surprise": "foes"} if unaware_foes(state, self.campaign, intent.text) else {}
            return [self._call("fight", actor, "start_combat", encounter=fights[0],
                               reason=f"{name} begins to cast {spell.name}", **unseen)]  # fmt: skip
        outsiders = [t for t in intent.targets if t not in state.party and t not in state.creatures]
        if outsiders:
            self.notes.append(f"{name} cannot aim {spell.name} at that here.")
            return []
        if spell.stabilizes:
            named = [t for t in intent.targets if t in state.party]
            dying = [t for t in named if t in self._dying(state)] or (
                [] if named else self._dying(state)
            )
            if not dying:
                who = join_words([state.name_of(t) for t in named]) if named else "Nobody here"
                self.notes.append(f"{who} is not dying; {name} keeps {spell.name} for later.")
                return []
            return [*self._to_touch(state, actor, spell, dying[:1]),  # (it is a touch)
                    self._call("cast", actor, "cast_spell", caster_id=actor, spell=intent.spell,
                               target_ids=dying[:1])]  # fmt: skip
        if spell.beam and keeps_beam(state, actor) and MOVING_BEAM.search(intent.text):
            return self._move_beam(state, actor, intent)  # "move the moonbeam onto …"
        level = slot.get("slot_level", spell.level)
        closing = self._into_range(state, actor, intent, spell, level)
        if closing:  # "burning hands on Grubnak", from across the hall: up to him first
            aim = json.loads(closing[-1].arguments)["target_id"]
            left = [state.name_of(t) for t in intent.targets if t != aim and t in state.creatures]
            if left:  # "burning hands at both goblins", one close, one across the burrow
                self.notes.append(f"{join_words(left)} {'is' if len(left) == 1 else 'are'} "
                                  f"too far off for {spell.name} to catch as well.")  # fmt: skip
            return [*closing, self._call("cast", actor, "cast_spell", caster_id=actor,
                                         spell=intent.spell, target_ids=[aim], **slot)]  # fmt: skip
        harmful = spell.damage is not None or spell.hostile or bool(spell.conditions)
        friends = [t for t in intent.targets if t in state.party and t != actor]
        if harmful and friends and not spell.area and state.encounter is not None:
            # "fire bolt at Thorin": never turned on a foe unasked, nor on a friend unasked
            who = join_words([state.name_of(t) for t in friends])
            self.notes.append(f"{who} {'is' if len(friends) == 1 else 'are'} on your side: "
                              f"{name} keeps {spell.name} for a foe. Say which.")  # fmt: skip
            return []
        targets = spell_targets(state, actor, intent, spell, level, self._foes(state))
        if isinstance(targets, str):
            self.notes.append(f"{name} {targets}.")
            return []
        hale = [t for t in targets if t in state.party
                and state.party[t].vitals.hp >= state.party[t].vitals.max_hp]  # fmt: skip
        if spell.heal and targets and len(hale) == len(targets):
            # a good DM does not let a player spend a slot on nothing
            who = join_words([state.name_of(t) for t in hale])
            self.notes.append(f"{who} {'is' if len(hale) == 1 else 'are'} unhurt — "
                              f"{name} keeps {spell.name} for later.")  # fmt: skip
            return []
        steps = self._to_touch(state, actor, spell, targets)
        twists = metamagic_options(intent.text) if actor in state.party else ()
        if "twinned" in twists and len(targets) == 1:  # a second creature: another foe
            targets += [f for f in self._foes(state) if f not in targets][:1]
        for option in twists:  # readied first: the cast spends the sorcery points
            aim = {"target_id": targets[0]} if option == "heightened" and targets else {}
            steps.append(self._call("feature", actor, "use_feature", creature_id=actor,
                                    feature="metamagic", option=option, **aim))  # fmt: skip
        return [*steps, self._call("cast", actor, "cast_spell", caster_id=actor,
                                   spell=intent.spell, target_ids=targets, **slot)]  # fmt: skip

    def _into_range(
        self, state: GameState, actor: str, intent: Intent, spell: Spell, level: int
    ) -> list[ToolCall]:
        """A short area spell (a cone, a burst around the caster) at one foe named beyond
        it: the caster steps up to that foe first, as the player means."""
        reach = spell_reach(spell)
        if state.encounter is None or reach is None or reach.melee or spell.beam:
            return []
        if most_targets(spell, level, 1) is not None or not intent.targets:
            return []  # (a spell with a count of targets aims, it needs no step)
        named = [t for t in intent.targets if t in self._foes(state)]
        if not named or any(out_of_reach(state, actor, t, reach) is None for t in named):
            return []  # ("both goblins": up to the first, when neither is in reach yet)
        target = named[0]
        return [self._call("step", actor, "move", creature_id=actor, to="engage", target_id=target)]

    def _to_touch(
        self, state: GameState, actor: str, spell: Spell, targets: list[str]
    ) -> list[ToolCall]:
        """In a fight, a touch spell's caster first steps next to the one it touches (as a
        player would say "I go to Ivo and heal him"); a spell that reaches needs no step."""
        reach = spell_reach(spell)
        if state.encounter is None or reach is None or not reach.melee or len(set(targets)) != 1:
            return []
        target = targets[0]
        if target == actor or out_of_reach(state, actor, target, reach) is None:
            return []
        return [self._call("step", actor, "move", creature_id=actor, to="engage", target_id=target)]
