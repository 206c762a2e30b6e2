"""How the offline referee carries out one understood action: the tool calls it makes
(only for a confident intent that asks for them) and what it says otherwise."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from app.dm.brain import ToolCall
from app.dm.referee import answers
from app.dm.referee.base import RefereeBase
from app.dm.referee.fighting import attack_arguments, unaware_foes
from app.dm.referee.tactics import weakest
from app.dm.understanding import Intent, understand
from app.world import view
from app.world.facts import achieved
from app.world.state import GameState
from rules.srd import srd

CONFIDENT = 0.6
"""Below this, an action is not taken: the referee says what it understood and asks."""


class Acting(RefereeBase):
    """The referee's first half: from a line to tool calls."""

    def _act(self, state: GameState, actor: str, text: str) -> list[ToolCall]:
        intent = understand(text, actor, state, self.campaign)
        self.intents.append(intent)
        # "Aria looks at the fire", typed by the one who plays Aria too: Aria acts
        return self.carry_out(state, intent.actor or actor, intent)

    def carry_out(self, state: GameState, actor: str, intent: Intent) -> list[ToolCall]:
        """The calls (and notes) for one intent."""
        campaign = self.campaign
        name = state.name_of(actor)
        kind = intent.kind
        if kind in ("ask", "refuse", "foreign", "question", "help", "inventory"):
            self.notes.append(self._say(state, intent))
            return []
        sheet = state.party.get(actor)
        if state.encounter is not None and sheet is not None and sheet.vitals.hp == 0:
            self.notes.append(f"{name} lies senseless on the ground.")
            return [self._call("end_turn", actor, "end_turn")]
        if intent.acts and intent.confidence < CONFIDENT:
            self.notes.append(self._unsure(state, intent))
            return []
        handler = getattr(self, f"_do_{kind}", None)
        if handler is None or (campaign is None and kind in ("talk", "challenge")):
            self.notes.append(answers.ask_back_text(state, campaign, intent))
            return []
        calls: list[ToolCall] = handler(state, actor, intent)
        return calls

    # -- words only ---------------------------------------------------------------------------
    def _say(self, state: GameState, intent: Intent) -> str:
        campaign = self.campaign
        if intent.kind == "question":
            return answers.answer_text(state, campaign, intent)
        if intent.kind == "help":
            return answers.help_text(state, campaign, intent.actor)
        if intent.kind == "inventory":
            return answers.inventory_text(state, intent.actor)
        if intent.kind == "refuse":
            return answers.refuse_text(state, intent)
        if intent.kind == "foreign":
            language = campaign.campaign.language if campaign is not None else "en"
            return answers.foreign_text(intent, language)
        return answers.ask_back_text(state, campaign, intent)

    def _unsure(self, state: GameState, intent: Intent) -> str:
        name = state.name_of(intent.actor or "")
        campaign = self.campaign
        if intent.kind == "move" and intent.note and intent.target:
            return f"{intent.note[:1].upper()}{intent.note[1:]}."
        if intent.kind == "move" and campaign is not None:
            return f"Where to? {answers.exits_text(state, campaign)}"
        if intent.kind == "cast" and intent.spell and "does not know" in intent.note:
            return f"{name} does not know {srd().spells.get(intent.spell).name}."
        if intent.kind == "attack":
            if intent.target and campaign is not None and intent.target in campaign.npcs:
                who = campaign.npcs[intent.target].name
                return f"{who} is no foe of yours. {name} keeps their weapon sheathed."
            return f"There is nothing here for {name} to fight."
        if intent.note:
            return f"{name} cannot do that: {intent.note}. " + answers.options_text(
                state, campaign, intent.actor
            )
        return answers.ask_back_text(state, campaign, intent)

    # -- exploration and combat ---------------------------------------------------------------
    def _do_examine(self, state: GameState, actor: str, intent: Intent) -> list[ToolCall]:
        campaign = self.campaign
        target = intent.target
        if target is None or campaign is None:
            self.notes.append(answers.look_text(state, campaign, actor))
            return []
        features = view.features_here(state, campaign)
        if target in features:
            self.notes.append(view.feature_text(state, campaign, target))
            reveal = features[target].reveal
            if reveal and reveal not in state.facts:
                return [self._call("reveal", actor, "reveal", text=reveal)]
            return []
        if target in campaign.npcs:
            self.notes.append(campaign.npcs[target].description or campaign.npcs[target].name)
        elif target in state.creatures:
            self.notes.append(answers.creature_text(state, target))
        else:
            self.notes.append(answers.answer_text(state, campaign, intent))
        return []

    def _do_talk(self, state: GameState, actor: str, intent: Intent) -> list[ToolCall]:
        name = state.name_of(actor)
        campaign = self.campaign
        if intent.target is None or campaign is None or intent.target not in campaign.npcs:
            self.notes.append(f"{name} speaks, but nobody here answers. "
                              + answers.options_text(state, campaign, actor))  # fmt: skip
            return []
        npc = campaign.npcs[intent.target]
        calls: list[ToolCall] = []
        met = f"met_{intent.target}"
        if not state.flags.get(met):
            self.notes.append(f"{npc.description} {npc.greeting}".strip())
            calls.append(self._call("flag", actor, "set_flag", name=met, value=True))
        topics = ", ".join(npc.topics)
        if intent.topic and intent.topic in npc.topics:
            self.notes.append(f"{npc.name}: {npc.topics[intent.topic]}")
        elif intent.topic:
            self.notes.append(f"{npc.name} shakes their head at '{intent.topic}'. "
                              f"(You could ask about: {topics}.)")  # fmt: skip
        else:
            self.notes.append(f"(You could ask {npc.name} about: {topics}.)")
        return calls

    def _do_move(self, state: GameState, actor: str, intent: Intent) -> list[ToolCall]:
        if state.encounter is not None:
            self.notes.append("Not in the middle of a fight — back away or flee first.")
            return []
        return [self._call("move", actor, "move_scene", scene_id=intent.target,
                           reason=f"{state.name_of(actor)} leads the way")]  # fmt: skip

    def _do_challenge(self, state: GameState, actor: str, intent: Intent) -> list[ToolCall]:
        assert self.campaign is not None and intent.target is not None
        spec = self.campaign.challenges[intent.target]
        done = state.challenges.get(intent.target)
        if done == "passed" or (done == "failed" and not spec.retry):
            how = "done already" if done == "passed" else "tried already, and it cannot be retried"
            self.notes.append(f"{state.name_of(actor)} needn't {spec.name} — it is {how}.")
            return []
        if achieved(spec, state):
            self.notes.append(f"{state.name_of(actor)} needn't {spec.name} — that is so already.")
            return []
        args: dict[str, Any] = {"challenge_id": intent.target}
        if spec.kind != "group":
            args["character_id"] = actor
        return [self._call("challenge", actor, "attempt_challenge", **args)]

    def _do_attack(self, state: GameState, actor: str, intent: Intent) -> list[ToolCall]:
        campaign = self.campaign
        if state.encounter is None:
            fights = [t for t in intent.targets if campaign and t in campaign.encounters]
            if fights:
                unseen = {"surprise": "foes"} if unaware_foes(state, campaign) else {}
                return [self._call("fight", actor, "start_combat", encounter=fights[0],
                                   reason=f"{state.name_of(actor)} attacks", **unseen)]  # fmt: skip
            self.notes.append(self._unsure(state, replace(intent, confidence=0.0)))
            return []
        foes = self._foes(state)
        target = intent.target if intent.target in foes else None
        if target is None and foes:
            target = weakest((f, state.creatures[f].vitals.hp) for f in foes)
        if target is None:
            return [self._call("end_combat", None, "end_combat", reason="no foe is left standing")]
        return [
            self._call("off_hand" if extra.get("mode") == "off_hand" else "attack", actor,
                       "attack", attacker_id=actor, target_id=target, **extra)
            for extra in attack_arguments(state, actor, intent.action, intent.item)
        ]  # fmt: skip

    def _do_cast(self, state: GameState, actor: str, intent: Intent) -> list[ToolCall]:
        name = state.name_of(actor)
        if intent.spell is None:
            self.notes.append(answers.ask_back_text(state, self.campaign, intent))
            return []
        spell = srd().spells.get(intent.spell)
        slot: dict[str, Any] = {}
        if spell.level > 0 and actor in state.party:
            slots = state.party[actor].spell_slots
            free = [lv for lv in range(spell.level, 10) if slots.remaining(lv) > 0]
            if not free:  # said before anything is spent: the turn is still the player's
                self.notes.append(f"{name} has no spell slot left for {spell.name}.")
                return []
            if free[0] > spell.level:  # out of its own level: the lowest slot that is left
                slot = {"slot_level": free[0]}
        foes = self._foes(state)
        outsiders = [t for t in intent.targets if t not in state.party and t not in state.creatures]
        if outsiders:
            self.notes.append(f"{name} cannot aim {spell.name} at that here.")
            return []
        harmful = spell.attack or spell.save or spell.damage or spell.conditions
        if not harmful and not spell.heal:
            aimed = [t for t in intent.targets if t in state.party] or [actor]
            return [self._call("cast", actor, "cast_spell", caster_id=actor, spell=intent.spell,
                               target_ids=aimed, **slot)]  # fmt: skip
        if spell.heal:
            ally = next((t for t in intent.targets if t in state.party), actor)
            targets = [ally]
        elif spell.targets == 0:  # an area: every foe in view
            targets = foes
        else:
            first = next((t for t in intent.targets if t in foes), None)
            if first is None and foes:
                first = weakest((f, state.creatures[f].vitals.hp) for f in foes)
            targets = [first] * max(spell.targets, 1) if first else []
            if spell.attack and spell.targets == 1:
                targets = targets[:1]
        if not targets and (spell.damage or spell.save or spell.conditions):
            self.notes.append(f"{name} finds no target for {spell.name}.")
            return []
        return [self._call("cast", actor, "cast_spell", caster_id=actor, spell=intent.spell,
                           target_ids=targets, **slot)]  # fmt: skip

    def _do_manoeuvre(self, state: GameState, actor: str, intent: Intent) -> list[ToolCall]:
        if state.encounter is None:
            self.notes.append(f"{state.name_of(actor)} keeps their distance; nobody is fighting.")
            return []
        aimed: dict[str, Any] = {}
        if intent.action in ("grapple", "shove_prone", "shove_away"):
            foes = self._foes(state)
            target = intent.target if intent.target in foes else None
            target = target or weakest((f, state.creatures[f].vitals.hp) for f in foes)
            aimed = {"target_id": target} if target else {}
        return [
            self._call("act", actor, "take_action", creature_id=actor, action=intent.action,
                       **aimed),
            self._call("end_turn", actor, "end_turn"),
        ]  # fmt: skip

    def _do_hold(self, state: GameState, actor: str, intent: Intent) -> list[ToolCall]:
        if state.encounter is None:
            self.notes.append(f"{state.name_of(actor)} waits to see what the others do.")
            return []
        self.notes.append(f"{state.name_of(actor)} holds, watching for an opening.")
        return [self._call("end_turn", actor, "end_turn")]

    def _do_rest(self, state: GameState, actor: str, intent: Intent) -> list[ToolCall]:
        if state.encounter is not None:
            self.notes.append("There is no time to rest in the middle of a fight.")
            return []
        return [self._call("rest", actor, "rest", kind=intent.action or "short")]

    # -- items --------------------------------------------------------------------------------
    def _item_name(self, item: str) -> str:
        if self.campaign is not None and item in self.campaign.items:
            return self.campaign.items[item].name
        return item

    def _carried(self, state: GameState, actor: str, item: str) -> str | None:
        label = self._item_name(item).lower()
        return next((i for i in state.party[actor].inventory if i.lower() in (label, item)), None)

    def _do_use(self, state: GameState, actor: str, intent: Intent) -> list[ToolCall]:
        name = state.name_of(actor)
        held = self._carried(state, actor, intent.item or "") if actor in state.party else None
        spec = self.campaign.items.get(intent.item or "") if self.campaign else None
        if held is None:
            self.notes.append(f"{name} does not carry that.")
            return []
        if spec is None or not spec.heals:
            self.notes.append(f"{name} turns the {held} over; nothing comes of using it here.")
            return []
        vitals = state.party[actor].vitals
        if vitals.hp >= vitals.max_hp:  # a good DM does not let a player waste a potion
            self.notes.append(f"{name} is unhurt — the {held} stays corked for later.")
            return []
        self.notes.append(f"{name} drinks the {held}.")
        calls = [
            self._call("heal", actor, "heal", target_id=actor, amount=spec.heals, reason=held),
            self._call("item", actor, "change_item", character_id=actor, item=held,
                       action="take", reason="used up"),
        ]  # fmt: skip
        if state.encounter is not None:
            calls.append(self._call("end_turn", actor, "end_turn"))
        return calls

    def _do_take(self, state: GameState, actor: str, intent: Intent) -> list[ToolCall]:
        assert self.campaign is not None and intent.item is not None
        item = self.campaign.items[intent.item]
        self.notes.append(
            f"{state.name_of(actor)} takes the {item.name}. {item.description}".strip()
        )
        return [self._call("item", actor, "change_item", character_id=actor, item=item.name,
                           action="give", reason="picked up")]  # fmt: skip

    def _do_drop(self, state: GameState, actor: str, intent: Intent) -> list[ToolCall]:
        held = self._carried(state, actor, intent.item or "")
        if held is None:
            self.notes.append(f"{state.name_of(actor)} does not carry that.")
            return []
        self.notes.append(f"{state.name_of(actor)} sets down the {held}.")
        return [self._call("item", actor, "change_item", character_id=actor, item=held,
                           action="take", reason="dropped")]  # fmt: skip

    def _do_give(self, state: GameState, actor: str, intent: Intent) -> list[ToolCall]:
        held = self._carried(state, actor, intent.item or "")
        to = intent.targets[0] if intent.targets else None
        if held is None or to is None:
            self.notes.append(f"{state.name_of(actor)} does not carry that.")
            return []
        receiver = state.name_of(to) if to in state.party else self._npc_name(to)
        self.notes.append(f"{state.name_of(actor)} hands the {held} to {receiver}.")
        calls = [self._call("item", actor, "change_item", character_id=actor, item=held,
                            action="take", reason=f"given to {receiver}")]  # fmt: skip
        if to in state.party:
            giver = state.name_of(actor)
            calls.append(self._call("item", actor, "change_item", character_id=to, item=held,
                                    action="give", reason=f"from {giver}"))  # fmt: skip
        return calls

    def _npc_name(self, npc_id: str) -> str:
        if self.campaign is not None and npc_id in self.campaign.npcs:
            return self.campaign.npcs[npc_id].name
        return npc_id
