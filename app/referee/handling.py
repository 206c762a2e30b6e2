"""How the offline referee carries out what players do with items: drink or use one,
pick one up, set one down, hand one over (to a friend, or to someone of the story)."""

from __future__ import annotations

import re

from app.actions.calls import ToolCall
from app.referee.care import Caring
from app.understanding import Intent
from app.understanding.carrying import EATEN
from app.understanding.mentions import named_by
from app.world.state import GameState
from app.world.wording import the

_LIGHTS = re.compile(r"\b(?:candles?|torch(?:es)?|lanterns?|lamps?)\b")
"""Carried things one lights."""


def _one_of(held: str) -> str:
    """One of a bundle ("candles" -> "a candle"), or the thing itself."""
    return f"a {held.removesuffix('s')}" if held.endswith("candles") else held


_BITES = frozenset({"eat", "consume"})
"""Ways of eating (of :data:`EATEN`); the rest of those ways drink."""


class Handling(Caring):
    """Item intents, carried out through ``change_item`` and ``heal``."""

    def _carried(self, state: GameState, actor: str, item: str) -> str | None:
        label = self._item_name(item).lower()
        return next((i for i in state.party[actor].inventory if i.lower() in (label, item)), None)

    def _do_use(self, state: GameState, actor: str, intent: Intent) -> list[ToolCall]:
        name = state.name_of(actor)
        held = self._carried(state, actor, intent.item or "") if actor in state.party else None
        spec = self.campaign.items.get(intent.item or "") if self.campaign else None
        if held is None:
            holder = re.match(r"only (.+) carries that$", intent.note)
            what = the(spec.name) if spec is not None else "that"
            whose = f": {holder.group(1)} does" if holder else ""
            self.notes.append(f"{name} does not carry {what}{whose}.")
            return []
        if (spec is None or not spec.heals) and _LIGHTS.search(held.lower()):
            # "light a candle", "light my torch": nothing stands against it
            kit = [i for i in state.party[actor].inventory if "tinder" in i.lower()]
            how = f" with {the(kit[0])}" if kit else ""
            self.notes.append(f"{name} lights {the(_one_of(held))}{how}; warm light spreads.")
            return []
        if (spec is None or not spec.heals) and intent.action in _BITES:
            # a bite of something to eat: a moment's comfort, and some is left (it may be
            # someone's favourite)
            self.notes.append(f"{name} has a bite of {the(held)}; there is still some left.")
            return []
        if (spec is None or not spec.heals) and intent.action in EATEN:
            self.notes.append(f"{name} takes a swallow of {the(held)}.")
            return []
        if spec is None or not spec.heals:
            self.notes.append(f"{name} turns {the(held)} over; nothing comes of using it here.")
            return []
        whom = next((t for t in intent.targets[1:] if t in state.party and t != actor), None)
        if whom is not None:  # "pour the potion down Mira's throat"
            return self._administer(state, actor, whom, held, spec.heals)
        vitals = state.party[actor].vitals
        if vitals.hp >= vitals.max_hp:  # a good DM does not let a player waste a potion
            self.notes.append(f"{name} is unhurt — {the(held)} stays corked for later.")
            return []
        self.notes.append(f"{name} drinks {the(held)}.")
        calls = [
            self._call("heal", actor, "heal", target_id=actor, amount=spec.heals, reason=held),
            self._call("item", actor, "change_item", character_id=actor, item=held,
                       action="take", reason="used up"),
        ]  # fmt: skip
        if state.encounter is not None:
            calls.append(self._call("end_turn", actor, "end_turn"))
        return calls

    def _told_of(self, state: GameState, intent: Intent) -> bool:
        """A thing the scene's own words name, looked at (no feature is made of it): those
        words are told ("the cold grate" Wendel sits by). False when none name it."""
        named = named_by(state, self.campaign, [intent.topic]) if intent.topic else None
        if named is not None:
            self.notes.append(named.sentence)
        return named is not None

    def _do_take(self, state: GameState, actor: str, intent: Intent) -> list[ToolCall]:
        assert self.campaign is not None and intent.item is not None
        item = self.campaign.items[intent.item]
        self.notes.append(
            f"{state.name_of(actor)} takes {the(item.name)}. {item.description}".strip()
        )
        return [self._call("item", actor, "change_item", character_id=actor, item=item.name,
                           action="give", reason="picked up")]  # fmt: skip

    def _do_drop(self, state: GameState, actor: str, intent: Intent) -> list[ToolCall]:
        held = self._carried(state, actor, intent.item or "")
        if held is None:
            self.notes.append(f"{state.name_of(actor)} does not carry that.")
            return []
        self.notes.append(f"{state.name_of(actor)} sets down {the(held)}.")
        return [self._call("item", actor, "change_item", character_id=actor, item=held,
                           action="take", reason="dropped")]  # fmt: skip

    def _do_give(self, state: GameState, actor: str, intent: Intent) -> list[ToolCall]:
        held = self._carried(state, actor, intent.item or "")
        to = intent.targets[0] if intent.targets else None
        if held is None or to is None:
            self.notes.append(f"{state.name_of(actor)} does not carry that.")
            return []
        spec = self.campaign.items.get(intent.item or "") if self.campaign else None
        if to in state.party and spec is not None and spec.heals and state.party[to].vitals.hp == 0:
            return self._administer(state, actor, to, held, spec.heals)  # she cannot take it
        if to not in state.party and self.campaign is not None and to in self.campaign.npcs:
            return self._present(state, actor, to, held, "give")
        receiver = state.name_of(to) if to in state.party else self._npc_name(to)
        self.notes.append(f"{state.name_of(actor)} hands {the(held)} to {receiver}.")
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

    def _present(
        self, state: GameState, actor: str, whom: str, held: str, action: str
    ) -> list[ToolCall]:
        """Show or give a carried thing to a person of the story (``present_item``)."""
        assert self.campaign is not None  # a person of the story was named
        name = self.campaign.npcs[whom].name
        verb = "shows" if action == "show" else "hands"
        self.notes.append(f"{state.name_of(actor)} {verb} {the(held)} to {name}.")
        return [self._call("present", actor, "present_item", character_id=actor, item=held,
                           npc_id=whom, action=action)]  # fmt: skip
