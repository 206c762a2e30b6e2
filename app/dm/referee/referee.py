"""OfflineReferee: a DM with no network and no model.

It reads the players' actions from the same messages an LLM would get, decides what they
mean against the campaign (:mod:`.parser`), and answers with the same tool calls an LLM
would make — checks, authored challenges and their chains, scene moves, items, attacks,
turn ends. When the tool results come back it narrates from the campaign's own text and
the results, with a little variety. It reads the world to decide, but, like any DM, it
changes it only through tools.
"""

from __future__ import annotations

import json
import re
from collections.abc import AsyncIterator, Callable
from typing import Any

from app.dm.brain import BrainError, BrainReply, Message, TextDelta, ToolCall
from app.dm.referee.parser import Intent, normalise, open_challenges, parse_intent, score
from app.dm.referee.tactics import weakest
from app.session.events import Usage
from app.world.campaign import Campaign
from app.world.state import GameState
from rules.damage import LifeState
from rules.srd import srd

_ACTION_LINE = re.compile(r"^\[(?P<name>.+?) \((?P<id>[a-z0-9_-]+)\)\] (?P<text>.+)$")
_FOE_TURN = re.compile(
    r"It is (?P<name>.+?)'s turn \((?P<id>[a-z0-9_-]+)\)[.,] (a companion|Play it)"
)

_MISS = (
    "{a}'s {w} goes wide of {t}.",
    "{t} twists away from {a}'s {w}.",
    "{a} swings — and misses {t}.",
)
_HIT = ("{a} lands a {w} on {t} for {d} damage.", "{a} strikes {t} with the {w}: {d} damage.",
        "{t} reels from {a}'s {w} ({d} damage).")  # fmt: skip
_CRIT = "A brutal blow! {a}'s {w} tears into {t} for {d}."
_FALLS = ("{t} collapses and does not rise.", "{t} falls still.", "{t} drops.")
_UNKNOWN = ("{n} hesitates, unsure how to do that.", "Nothing comes of that, {n}.")


_DONE = {
    "flee": "turns tail and flees",
    "surrender": "throws down its weapon and begs for mercy",
    "withdraw": "pulls back out of reach",
    "disengage": "steps carefully away",
    "dodge": "ducks and weaves, hard to hit",
    "dash": "dashes across the floor",
    "hide": "slips into the shadows",
    "help": "lends a hand",
}
_MANOEUVRES = {
    "withdraw": ("retreat", "back away", "withdraw", "flee", "fall back", "run away"),
    "disengage": ("disengage",),
    "dodge": ("dodge", "defend", "take cover"),
    "dash": ("dash", "sprint"),
    "hide": ("hide",),
}
_HOLD = ("end my turn", "end turn", "end the turn", "i pass", "hold", "do nothing", "wait")
"""A combat turn spent doing nothing: the end-turn key sends "I end my turn."."""


def _word_in(text: str, phrase: str) -> bool:
    return re.search(rf"(^|\s){re.escape(phrase)}($|\s)", text) is not None


class OfflineReferee:
    """Plays a campaign through the Brain protocol, offline and deterministically."""

    name = "offline"

    def __init__(self, campaign: Campaign | None) -> None:
        self.campaign = campaign
        self._state: Callable[[], GameState] | None = None
        self.notes: list[str] = []
        self.calls: dict[str, tuple[str, str | None]] = {}
        self._count = 0

    def bind(self, state_of: Callable[[], GameState]) -> None:
        """Give the referee read access to the live game state."""
        self._state = state_of

    # -- the Brain protocol ---------------------------------------------------------------------
    async def stream(
        self, messages: list[Message], tools: list[dict[str, Any]] | None
    ) -> AsyncIterator[TextDelta | BrainReply]:
        """Plan the turn's tool calls, follow up on their results, then narrate."""
        if self._state is None:
            raise BrainError("the offline referee is not bound to a game", recoverable=False)
        state = self._state()
        last = messages[-1]
        if last["role"] == "tool":
            calls = self._follow_up(state, self._results(messages))
        elif last["role"] == "user":
            self.notes, self.calls = [], {}
            calls = self._plan(state, str(last.get("content") or ""))
        else:  # told to narrate now
            calls = []
        if tools is None:
            calls = []
        if calls:
            yield BrainReply("", calls, Usage(calls=1), "tool_calls")
            return
        text = "\n\n".join(n for n in self.notes if n) or "The moment passes quietly."
        yield TextDelta(text)
        yield BrainReply(text, [], Usage(calls=1), "stop")

    # -- helpers --------------------------------------------------------------------------------
    def _call(self, kind: str, actor: str | None, tool: str, **arguments: Any) -> ToolCall:
        self._count += 1
        call = ToolCall(f"ref_{self._count}", tool, json.dumps(arguments))
        self.calls[call.id] = (kind, actor)
        return call

    def _pick(self, state: GameState, options: tuple[str, ...], **values: Any) -> str:
        return options[(state.turn + len(self.notes)) % len(options)].format(**values)

    @staticmethod
    def _results(messages: list[Message]) -> list[tuple[str, dict[str, Any]]]:
        found: list[tuple[str, dict[str, Any]]] = []
        for message in reversed(messages):
            if message["role"] != "tool":
                break
            found.append((message["tool_call_id"], json.loads(message["content"])))
        return list(reversed(found))

    def _foes(self, state: GameState) -> list[str]:
        return [
            cid for cid, c in state.creatures.items()
            if c.hostile and c.vitals.state is not LifeState.DEAD
        ]  # fmt: skip

    # -- planning a turn ------------------------------------------------------------------------
    def _plan(self, state: GameState, content: str) -> list[ToolCall]:
        foe = _FOE_TURN.search(content)
        if foe:
            return self._foe_turn(state, foe.group("id"))
        calls: list[ToolCall] = []
        for line in content.splitlines():
            match = _ACTION_LINE.match(line.strip())
            if match:
                calls += self._act(state, match.group("id"), match.group("text"))
        return calls

    def _foe_turn(self, state: GameState, foe_id: str) -> list[ToolCall]:
        if foe_id in state.party:  # a companion fights for the party
            foes = self._foes(state)
            if not foes:
                return [self._call("end_combat", None, "end_combat", reason="no foes are left")]
            mark = weakest((f, state.creatures[f].vitals.hp) for f in foes)
            return [self._call("attack", foe_id, "attack", attacker_id=foe_id, target_id=mark)]
        targets = [cid for cid, s in state.party.items() if s.vitals.conscious]
        if not self._foes(state) or not targets:
            return [self._call("end_combat", None, "end_combat", reason="the fight is decided")]
        morale = self._morale(state, foe_id)
        if morale is not None:
            return [
                self._call("act", foe_id, "take_action", creature_id=foe_id, action=morale),
                self._call("end_turn", foe_id, "end_turn"),
            ]
        target = weakest((c, state.party[c].vitals.hp) for c in targets)
        return [self._call("attack", foe_id, "attack", attacker_id=foe_id, target_id=target)]

    def _morale(self, state: GameState, foe_id: str) -> str | None:
        """Badly hurt with most of its side down, a foe flees — or, last one standing,
        surrenders."""
        foe = state.creatures[foe_id]
        if foe.vitals.hp * 4 > foe.vitals.max_hp:
            return None
        others = [
            c for c in state.creatures.values() if c.encounter == foe.encounter and c.id != foe_id
        ]
        down = sum(1 for c in others if c.vitals.state is LifeState.DEAD or c.left)
        if others and down * 2 < len(others):
            return None  # its friends still stand: it fights on
        return "surrender" if len(self._foes(state)) == 1 else "flee"

    def _act(self, state: GameState, actor: str, text: str) -> list[ToolCall]:
        intent = parse_intent(text, state, self.campaign)
        name = state.name_of(actor)
        if intent.kind == "cast":
            return self._cast(state, actor, intent)
        if state.encounter is not None:
            return self._act_in_combat(state, actor, intent)
        if intent.kind == "attack":
            self.notes.append(f"There is nothing here for {name} to fight.")
            return []
        if intent.kind == "challenge" and intent.target and self.campaign:
            kind = self.campaign.challenges[intent.target].kind
            who = None if kind == "group" else actor
            args: dict[str, Any] = {"challenge_id": intent.target}
            if who:
                args["character_id"] = who
            return [self._call("challenge", actor, "attempt_challenge", **args)]
        if intent.kind == "done" and intent.target and self.campaign:
            spec = self.campaign.challenges[intent.target]
            how = state.challenges[intent.target]
            self.notes.append(f"{name} has already tried to {spec.name} ({how}).")
            return []
        if intent.kind == "go":
            return self._go(state, actor, intent)
        if intent.kind == "talk":
            return self._talk(state, actor, intent)
        if intent.kind == "take" and intent.target and self.campaign:
            item = self.campaign.items[intent.target]
            self.notes.append(f"{name} takes the {item.name}. {item.description}".strip())
            return [self._call("item", actor, "change_item", character_id=actor, item=item.name,
                               action="give", reason="picked up")]  # fmt: skip
        if intent.kind == "use" and intent.target and self.campaign:
            return self._use(state, actor, intent.target)
        if intent.kind == "look":
            return self._look(state, actor, intent)
        if intent.kind == "rest":
            self.notes.append(f"{name} takes a moment to catch their breath.")
            return []
        self.notes.append(self._pick(state, _UNKNOWN, n=name) + " " + self._options(state))
        return []

    def _cast(self, state: GameState, actor: str, intent: Intent) -> list[ToolCall]:
        """``cast fire bolt at the rat``: the spell from the caster's list, sensible targets."""
        sheet = state.party.get(actor)
        name = state.name_of(actor)
        if sheet is None or not sheet.spells:
            self.notes.append(f"{name} knows no spells.")
            return []
        said = normalise(intent.text)
        known = {sid: [srd().spells.get(sid).name] for sid in sheet.spells}
        chosen = max(known, key=lambda sid: (score(said, known[sid]), sid))
        if score(said, known[chosen]) == 0:
            names = ", ".join(v[0] for v in known.values())
            self.notes.append(f"Which spell? {name} knows {names}.")
            return []
        spell = srd().spells.get(chosen)
        foes = self._foes(state)
        allies = {cid: [s.name] for cid, s in state.party.items()}
        if spell.heal:
            ally = next((c for c in allies if score(said, allies[c]) >= 1.0), actor)
            targets = [ally]
        elif spell.targets == 0:  # an area: every foe the referee can see
            targets = foes
        else:
            first = intent.target if intent.target in foes else None
            if first is None and foes:
                first = weakest((f, state.creatures[f].vitals.hp) for f in foes)
            targets = [first] * max(spell.targets, 1) if first else []
            if spell.attack and spell.targets == 1:
                targets = targets[:1]
        if not targets and (spell.damage or spell.save or spell.conditions):
            self.notes.append(f"{name} finds no target for {spell.name}.")
            return []
        return [
            self._call(
                "cast", actor, "cast_spell", caster_id=actor, spell=chosen, target_ids=targets
            )
        ]

    def _act_in_combat(self, state: GameState, actor: str, intent: Intent) -> list[ToolCall]:
        name = state.name_of(actor)
        if state.party.get(actor) is not None and state.party[actor].vitals.hp == 0:
            self.notes.append(f"{name} lies senseless on the ground.")
            return [self._call("end_turn", actor, "end_turn")]
        if intent.kind == "use" and intent.target and self.campaign:
            return [
                *self._use(state, actor, intent.target),
                self._call("end_turn", actor, "end_turn"),
            ]
        foes = self._foes(state)
        said = normalise(intent.text)
        if any(_word_in(said, w) for w in _HOLD):
            self.notes.append(f"{name} holds, watching for an opening.")
            return [self._call("end_turn", actor, "end_turn")]
        manoeuvre = next(
            (act for act, words in _MANOEUVRES.items() if any(_word_in(said, w) for w in words)),
            None,
        )
        if manoeuvre is not None and intent.kind != "attack":
            return [
                self._call("act", actor, "take_action", creature_id=actor, action=manoeuvre),
                self._call("end_turn", actor, "end_turn"),
            ]
        if intent.kind != "attack":
            names = ", ".join(state.name_of(f) for f in foes)
            self.notes.append(
                f"In the thick of the fight {name} can attack ({names}) or drink a potion."
            )
            return []
        target: str | None = intent.target if intent.target in foes else None
        if target is None and foes:
            target = weakest((f, state.creatures[f].vitals.hp) for f in foes)
        if target is None:
            return [self._call("end_combat", None, "end_combat", reason="no foes are left")]
        return [self._call("attack", actor, "attack", attacker_id=actor, target_id=target)]

    def _go(self, state: GameState, actor: str, intent: Intent) -> list[ToolCall]:
        if intent.target is None:
            self.notes.append("Where to? " + self._exits(state))
            return []
        return [self._call("move", actor, "move_scene", scene_id=intent.target,
                           reason=f"{state.name_of(actor)} leads the way")]  # fmt: skip

    def _talk(self, state: GameState, actor: str, intent: Intent) -> list[ToolCall]:
        name = state.name_of(actor)
        if intent.target is None or self.campaign is None:
            self.notes.append(f"{name} speaks, but nobody here answers.")
            return []
        npc = self.campaign.npcs[intent.target]
        calls: list[ToolCall] = []
        met = f"met_{intent.target}"
        if not state.flags.get(met):
            self.notes.append(f"{npc.description} {npc.greeting}".strip())
            calls.append(self._call("flag", actor, "set_flag", name=met, value=True))
        if intent.topic:
            self.notes.append(f"{npc.name}: {npc.topics[intent.topic]}")
        elif state.flags.get(met):
            topics = ", ".join(npc.topics)
            self.notes.append(f"{npc.name} listens to {name}. (You could ask about: {topics}.)")
        else:
            topics = ", ".join(npc.topics)
            self.notes.append(f"(You could ask {npc.name} about: {topics}.)")
        return calls

    def _use(self, state: GameState, actor: str, item_id: str) -> list[ToolCall]:
        assert self.campaign is not None
        item = self.campaign.items[item_id]
        if not item.heals:
            self.notes.append(f"Nothing happens when {state.name_of(actor)} uses the {item.name}.")
            return []
        self.notes.append(f"{state.name_of(actor)} drinks the {item.name}.")
        return [
            self._call("heal", actor, "heal", target_id=actor, amount=item.heals, reason=item.name),
            self._call("item", actor, "change_item", character_id=actor, item=item.name,
                       action="take", reason="used up"),
        ]  # fmt: skip

    def _look(self, state: GameState, actor: str, intent: Intent) -> list[ToolCall]:
        if self.campaign is None:
            self.notes.append(state.scene.description)
            return []
        scene = self.campaign.scenes[state.scene.id]
        if intent.target is None:
            self.notes.append(" ".join(scene.description.split()) + " " + self._options(state))
            return []
        feature = scene.features[intent.target]
        self.notes.append(feature.text)
        if feature.reveal and feature.reveal not in state.facts:
            return [self._call("reveal", actor, "reveal", text=feature.reveal)]
        return []

    def _exits(self, state: GameState) -> str:
        if self.campaign is None:
            return ""
        scene = self.campaign.scenes[state.scene.id]
        return (
            "Ways on: "
            + ", ".join(f"the {e.name} ({self.campaign.scenes[e.to].name})" for e in scene.exits)
            + "."
        )

    def _options(self, state: GameState) -> str:
        """What the players can do here, for unclear or open requests."""
        if self.campaign is None:
            return ""
        scene = self.campaign.scenes[state.scene.id]
        parts = []
        if scene.features:
            parts.append("look at " + ", ".join(f.name for f in scene.features.values()))
        if scene.npcs:
            parts.append("talk to " + ", ".join(self.campaign.npcs[n].name for n in scene.npcs))
        tries = [
            self.campaign.challenges[cid].provoked_by[0]
            for cid in open_challenges(state, self.campaign)
        ]
        if tries:
            parts.append("try to " + " or ".join(tries[:2]))
        return (
            f"You could {'; '.join(parts)}. {self._exits(state)}".strip()
            if parts
            else self._exits(state)
        )

    # -- following up on results ----------------------------------------------------------------
    def _follow_up(
        self, state: GameState, results: list[tuple[str, dict[str, Any]]]
    ) -> list[ToolCall]:
        calls: list[ToolCall] = []
        for call_id, result in results:
            kind, actor = self.calls.get(call_id, ("", None))
            if "error" in result:
                message = str(result["error"])
                shut = "the way is shut: "
                said = message.rsplit(shut, maxsplit=1)[-1] if shut in message else f"({message})"
                self.notes.append(said)
                if kind in ("attack", "cast", "act") and state.encounter is not None:
                    # whatever went wrong, the combatant's turn must still end
                    calls.append(self._call("end_turn", actor, "end_turn"))
                continue
            if kind == "challenge":
                calls += self._after_challenge(state, actor, result)
            elif kind == "move":
                self.notes.append(f"{result['name']}. {result['description']}")
                calls += self._fight_started(state)
            elif kind == "attack":
                calls += self._after_attack(state, actor, result)
            elif kind == "cast":
                calls += self._after_cast(state, actor, result)
            elif kind == "end_turn":
                if not self._foes(state):
                    calls.append(
                        self._call("end_combat", None, "end_combat", reason="the last foe fell")
                    )
                else:
                    self.notes.append(f"Now it is {result['name']}'s turn.")
            elif kind == "act":
                self.notes.append(f"{state.name_of(actor or '')} {_DONE[result['action']]}.")
            elif kind == "end_combat":
                self.notes.append(
                    "The fight is over. Silence settles, broken only by hard breathing. "
                    f"({result.get('summary', '')})"
                )
            elif kind == "heal":
                self.notes.append(
                    f"{state.name_of(actor or '')} regains {result['restored']} hit points."
                )
        return calls

    def _fight_started(self, state: GameState) -> list[ToolCall]:
        if state.encounter is None or self.campaign is None:
            return []
        encounter_ids = {c.encounter for c in state.creatures.values() if c.encounter}
        texts = [
            self.campaign.encounters[e].text
            for e in sorted(encounter_ids)
            if e not in state.defeated
        ]
        self.notes += [t for t in texts if t]
        first = state.encounter.current
        self.notes.append(f"Roll for initiative! {first.name} acts first.")
        return []

    def _after_challenge(
        self, state: GameState, actor: str | None, result: dict[str, Any]
    ) -> list[ToolCall]:
        if result.get("text"):
            self.notes.append(str(result["text"]))
        if result.get("moved_to"):
            self.notes.append(" ".join(state.scene.description.split()))
        calls: list[ToolCall] = []
        if result.get("next") and actor is not None:
            calls.append(self._call("challenge", actor, "attempt_challenge",
                                    challenge_id=result["next"], character_id=actor))  # fmt: skip
        if result.get("combat"):
            calls += self._fight_started(state)
        return calls

    def _after_cast(
        self, state: GameState, actor: str | None, result: dict[str, Any]
    ) -> list[ToolCall]:
        caster = state.name_of(actor or "")
        self.notes.append(f"{caster} casts {result['spell']}. {result['effect']}")
        for hit in result["results"]:
            target = state.name_of(str(hit.get("target") or hit.get("target_id") or ""))
            missed = hit.get("outcome") == "miss"
            if missed or (hit.get("saved") is True and not hit.get("damage")):
                self.notes.append(f"{target} escapes the worst of it.")
            elif "damage" in hit:
                self.notes.append(f"{target} takes {hit['damage']} damage.")
                if hit.get("state") == "dead":
                    self.notes.append(self._pick(state, _FALLS, t=target))
            elif "restored" in hit:
                self.notes.append(f"{target} regains {hit['restored']} hit points.")
            elif hit.get("asleep"):
                self.notes.append(f"{target} slumps to the ground, asleep.")
        if state.encounter is None:
            return []
        if not self._foes(state):
            return [self._call("end_combat", None, "end_combat", reason="the last foe fell")]
        return [self._call("end_turn", actor, "end_turn")]

    def _after_attack(
        self, state: GameState, actor: str | None, result: dict[str, Any]
    ) -> list[ToolCall]:
        attacker = state.name_of(result["attacker"])
        target = state.name_of(result["target"])
        for swing in result["attacks"]:
            weapon = swing["attack"].lower()
            if swing["outcome"] == "miss":
                self.notes.append(self._pick(state, _MISS, a=attacker, w=weapon, t=target))
            elif swing["outcome"] == "critical_hit":
                self.notes.append(
                    _CRIT.format(a=attacker, w=weapon, t=target, d=swing.get("damage", 0))
                )
            else:
                self.notes.append(
                    self._pick(
                        state, _HIT, a=attacker, w=weapon, t=target, d=swing.get("damage", 0)
                    )
                )
            if swing.get("target_state") == "dead":
                self.notes.append(self._pick(state, _FALLS, t=target))
            elif swing.get("target_hp") == 0:
                self.notes.append(f"{target} crumples, unconscious.")
        if state.encounter is None:
            return []
        if not self._foes(state):
            return [self._call("end_combat", None, "end_combat", reason="the last foe fell")]
        return [self._call("end_turn", actor, "end_turn")]
