"""OfflineReferee: a DM with no network and no model.

It reads the players' actions from the same messages an LLM would get, understands each
line (:mod:`app.understanding`), and answers with the same tool calls an LLM would
make — checks, authored challenges and their chains, scene moves, items, attacks, rests,
turn ends — but only for a confident intent; otherwise it says what it understood and asks.
When the tool results come back it narrates from the campaign's own text and the results.
It reads the world to decide, but, like any DM, it changes it only through tools.
"""

from __future__ import annotations

import json
import re
from collections.abc import AsyncIterator, Callable
from typing import Any

from app.actions import position_tools as pt
from app.actions.beings import economy_of
from app.actions.calls import ToolCall
from app.actions.events import Usage
from app.actions.position_tools import watching_foes
from app.dm.brain import BrainError, BrainReply, Message, TextDelta
from app.referee.acting import Acting
from app.referee.base import Notes
from app.referee.fighting import is_beast
from app.referee.narrate import FollowUps
from app.referee.positioning import foe_plan, weakest_of
from app.referee.reacting import Reacting
from app.referee.ruling import FEARLESS
from app.referee.tactics import damaging_cantrip, foe_moves
from app.referee.wordings import retell
from app.understanding import Intent
from app.understanding.again import joined
from app.world.companions import allies_fighting, is_ally
from app.world.mercy import foe_morale
from app.world.state import GameState
from app.world.tied import bound
from app.world.turnrecord import TurnRecord
from rules import positions as rp
from rules.conditions import Condition
from rules.damage import LifeState
from rules.srd import srd

_ACTION_LINE = re.compile(r"^\[(?P<name>.+?) \((?P<id>[a-z0-9_-]+)\)\] (?P<text>.+)$")
_FOE_TURN = re.compile(
    r"It is (?P<name>.+?)'s turn \((?P<id>[a-z0-9_-]+)\)[.,] (a companion|Play it)"
)


ONE_CALL = Usage(calls=1)
"""What each reply costs: one call, no tokens (a usage is frozen, so one serves them all)."""


def _sentence(note: str) -> str:
    """A note as a paragraph starts: with a capital ("the Grey Sister twists away" is a
    name its author wrote in lower case)."""
    return note[:1].upper() + note[1:]


class OfflineReferee(Reacting, Acting, FollowUps):
    """Plays a campaign through the Brain protocol, offline and deterministically."""

    name = "offline"
    reads_prompt = False
    """It reads the players' lines and the tool results, never the prompt or the schemas."""
    reads_other_languages = False
    """It says it understands only the campaign's language: a line in another moves nobody."""
    tool_rounds = 32
    """Rounds of tool calls a turn may take: one for each clause of each line (a table of
    three, each with a line of four clauses, and the follow-ups they bring). Its plan is
    bounded by the lines; it never runs on as a model may."""

    def bind(self, state_of: Callable[[], GameState]) -> None:
        """Give the referee read access to the live game state."""
        self._state = state_of

    def take_readings(self, state: GameState, readings: dict[tuple[str, str], Intent]) -> None:
        """How the game read the turn's lines as it built the DM's context: the referee's
        first call of the turn uses them instead of reading each line again (nothing can
        change between the two; any later call reads afresh)."""
        self._readings = (state, dict(readings))

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
            results = self._results(messages)
            calls = [c for i, r in results if self._kind(i) == "reaction"
                     for c in self.after_reaction(state, r)]  # fmt: skip
            rest = [(i, r) for i, r in results if self._kind(i) not in ("reaction", "end_subturn")]
            calls += self._follow_up(state, rest)
            if self.pending:  # a line's next clause, now that the last one has run
                calls = self._resume(state, calls, rest)
        elif last["role"] == "user" and tools is None and self.calls:
            # told to narrate now, with the turn's calls made: what they did is told (the last
            # round's results read for their telling, and nothing more asked for)
            if messages[-2]["role"] == "tool":
                self._follow_up(state, self._results(messages[:-1]))
            calls = []
        elif last["role"] == "user":
            self.notes, self.calls = Notes(), {}
            try:
                calls = self._plan(state, str(last.get("content") or ""))
            finally:
                self._readings = None  # the world moves from here on: never used again
        else:  # told to narrate now
            calls = []
        # a declared reaction taken up for the DM is resolved first
        calls = [] if tools is None else self.reaction_calls(state) + calls
        if calls:
            yield BrainReply("", calls, ONE_CALL, "tool_calls")
            return
        # One telling of each thing: two characters greeting the same person hear one
        # list of what they could ask about.
        told = list(dict.fromkeys(_sentence(n) for n in self.notes.in_order() if n))
        # (a person described, then described again as they greet you: said once)
        told = [n for n in told if not any(o != n and o.startswith(n) for o in told)]
        text = "\n\n".join(told) or "The moment passes quietly."
        yield TextDelta(text)
        yield BrainReply(text, [], ONE_CALL, "stop")

    def retell(self, record: TurnRecord, seed: int) -> str | None:
        """The turn told again in other words (``/reroll``): every sentence the referee
        recognises as its own said another way, the same names and numbers in it; ``None``
        when it recognises none. Never draws from the game's dice."""
        return retell(record.narrative, seed, record.number, record.retold + 1, record.rolls)

    def _kind(self, call_id: str) -> str:
        return self.calls.get(call_id, ("", None))[0]

    @staticmethod
    def _results(messages: list[Message]) -> list[tuple[str, dict[str, Any]]]:
        found: list[tuple[str, dict[str, Any]]] = []
        for message in reversed(messages):
            if message["role"] != "tool":
                break
            found.append((message["tool_call_id"], json.loads(message["content"])))
        return list(reversed(found))

    # -- planning a turn ------------------------------------------------------------------------
    def _plan(self, state: GameState, content: str) -> list[ToolCall]:
        foe = _FOE_TURN.search(content)
        if foe:
            self.pending, self.spent, self.held_ends = {}, {}, set()
            self._for_players = False
            return self._foe_turn(state, foe.group("id"))
        self._for_players = True
        self.calm = state.encounter is None
        self.intents, self.made, self.carried = [], [], []
        self.pending, self.spent, self.held_ends, self.outcomes = {}, {}, set(), {}
        calls: list[ToolCall] = []
        self.line_of, self.lent = {}, {}
        each: list[list[ToolCall]] = []
        typed: list[str] = []  # the round's lines so far, "Name: line"
        for line in content.splitlines():
            match = _ACTION_LINE.match(line.strip())
            if match:
                self.earlier = list(calls)  # what the lines before this one will do first
                self.notes.owner = self.line_of.setdefault(match.group("id"), len(self.line_of))
                cid, text = match.group("id"), match.group("text")
                text = joined(text, cid, state, typed) or text  # "Cass: I go too", after Ione
                typed.append(f"{match.group('name')}: {text}")
                each.append(self._act(state, cid, text))
                calls += each[-1]
        if len(each) > 1:  # "pick the lock", then another's "i help mira with the lock":
            each = _helped_once(each)  # one attempt, helped (never one alone, then another)
            each = _lent_hands(each, self.lent)  # "Aria: I help Mira": her check, helped
            kept = {c.id: c for made in each for c in made}
            self.made = [kept.get(c.id, c) for c in self.made if c.id in kept or c not in calls]
            calls = [c for made in each for c in made]
        if state.encounter is None and len(each) > 1:
            # A round at a shared table: what is done here comes before the party leaves
            # ("Mira: go out the front door", "Thorin: force the trapdoor": forced first)
            each.sort(key=lambda made: any(c.name == "move_scene" for c in made))
            calls = [c for made in each for c in made]
        self.earlier = []
        self.planned = list(calls)
        return calls

    def _foe_turn(self, state: GameState, foe_id: str) -> list[ToolCall]:
        if foe_id in state.party:  # a character no player plays fights for the party
            foes = self._foes(state)
            if not foes:
                return [self._end_fight()]
            bolt = damaging_cantrip(state.party[foe_id].spells, reach_ft=30)
            engaged = rp.spot(pt.spots(state), foe_id).engaged
            if bolt is not None and not engaged:  # a caster casts from where it stands
                target = weakest_of(state, foes) or foes[0]
                return [self._call("cast", foe_id, "cast_spell", caster_id=foe_id, spell=bolt,
                                   target_ids=[target]),
                        self._call("end_turn", foe_id, "end_turn")]  # fmt: skip
            return self._by_plan(foe_id, foe_plan(state, foe_id, foes))
        foe = state.creatures[foe_id]
        if bound(foe):  # tied hand and foot: it struggles, and its turn passes
            self.notes.append(f"{foe.name} strains against the ropes, to no avail.")
            return [self._call("end_turn", foe_id, "end_turn")]
        ally = is_ally(state, foe_id)  # a companion: the foes' own brain, aimed at them
        targets = (
            self._foes(state)
            if ally
            else [cid for cid, s in state.party.items() if s.vitals.conscious]
            + allies_fighting(state)
        )
        if not self._foes(state) or not targets:
            return [self._call("end_combat", None, "end_combat", reason="the fight is decided")]
        morale = None if ally else self._morale(state, foe_id)
        if any(e.id == "turned" for e in state.creatures[foe_id].effects):
            morale = "dash"  # turned: it runs from the cleric and cannot attack
        if morale is not None:
            return [
                self._call("act", foe_id, "take_action", creature_id=foe_id, action=morale),
                self._call("end_turn", foe_id, "end_turn"),
            ]
        calls: list[ToolCall] = self._foe_stands(state, foe_id)
        melee = bool(watching_foes(state, foe_id))
        for move in foe_moves(state, foe_id, targets):
            if move.tool == "attack":  # where it stands decides how it reaches its mark
                plan = foe_plan(state, foe_id, targets)
                calls += self._by_plan(foe_id, plan)
                if plan.target is None:
                    break  # it only moved, and its turn is over
                melee = melee or any(step[1].get("to") == "engage" for step in plan.steps)
            elif move.args.get("action") == "nimble_hide" and melee:
                continue  # nobody hides from a foe at arm's length who sees them
            else:
                if move.tool == "cast_spell":  # a touch spell: first to the one it touches
                    spell = srd().spells.get(str(move.args["spell"]))
                    calls += self._to_touch(state, foe_id, spell, list(move.args["target_ids"]))
                calls.append(self._call(move.kind, foe_id, move.tool, **move.args))
        return calls

    def _foe_stands(self, state: GameState, foe_id: str) -> list[ToolCall]:
        """A foe lying prone (shoved down, or risen from 0 HP) gets up first, for half its
        speed, when it has that much movement."""
        held = state.creatures[foe_id].conditions
        if not any(c.condition is Condition.PRONE for c in held):
            return []
        economy = economy_of(state, foe_id)
        if economy.speed == 0 or economy.movement < economy.speed // 2:
            return []
        return [self._call("stand", foe_id, "set_condition", target_id=foe_id,
                           condition="prone", present=False, reason="gets back up")]  # fmt: skip

    def _morale(self, state: GameState, foe_id: str) -> str | None:
        """Badly hurt with most of its side down, a foe flees — or, last one standing,
        surrenders — unless its author gave it a ``morale`` of its own (to the death; always
        flees; always surrenders)."""
        authored = foe_morale(state, foe_id)
        if authored == "to_the_death":
            return None
        if foe_id in self.cowed and len(self._foes(state)) <= 2:
            # a threat broke it, and few of its side still stand: a beast bolts
            return "flee" if is_beast(state, foe_id) else "surrender"
        broken = self._nerve_breaks(state, foe_id, fearless=authored is None)
        if broken is None or authored is None:
            return broken
        return "flee" if authored == "flees" else "surrender"

    def _nerve_breaks(self, state: GameState, foe_id: str, *, fearless: bool) -> str | None:
        """The usual morale: how a foe leaves a fight gone against it, if it does (the
        undead and constructs never, while ``fearless`` counts)."""
        foe = state.creatures[foe_id]
        if foe.vitals.hp * 4 > foe.vitals.max_hp:
            return None
        others = [
            c for c in state.creatures.values() if c.encounter == foe.encounter and c.id != foe_id
        ]
        down = sum(1 for c in others if c.vitals.state is LifeState.DEAD or c.left)
        if others and down * 2 < len(others):
            return None  # its friends still stand: it fights on
        block = state.monster(foe.monster) if foe.monster else None
        if fearless and block is not None and block.type.split()[0] in FEARLESS:
            return None  # the dead and the made know no fear
        if len(self._foes(state)) == 1 and (block is None or block.abilities.intelligence > 3):
            return "surrender"
        return "flee"  # a beast runs; it does not beg


def _helped_once(each: list[list[ToolCall]]) -> list[list[ToolCall]]:
    """A round's lines where one helps another's challenge: the helped attempt takes the
    place of the plain one (a table declares the help after the deed it helps, or before),
    so the challenge is rolled once, with advantage."""

    def key(call: ToolCall) -> tuple[tuple[str, str], bool] | None:
        if call.name != "attempt_challenge":
            return None
        args = json.loads(call.arguments)
        return (str(args.get("challenge_id")), str(args.get("character_id"))), bool(
            args.get("helper_id")
        )

    keys = {c.id: key(c) for made in each for c in made}  # (each call's arguments read once)
    helped = {k[0]: c for made in each for c in made if (k := keys[c.id]) is not None and k[1]}
    plain = {k[0] for k in keys.values() if k is not None and not k[1]}
    done: list[list[ToolCall]] = []
    for made in each:
        kept = []
        for call in made:
            k = keys[call.id]
            if k is not None and not k[1] and k[0] in helped:
                kept.append(helped[k[0]])  # the helped attempt, where the deed was said
            elif k is None or not k[1] or k[0] not in plain:
                kept.append(call)  # (a help said for a deed no line here does stays)
        done.append(kept)
    return done


def _lent_hands(each: list[list[ToolCall]], lent: dict[str, str]) -> list[list[ToolCall]]:
    """A round's lines where one lends another a hand with nothing named ("Aria: I help
    Mira", said before or after "Mira: I pick the lock"): the friend's first check or
    challenge of the round is made with the help (advantage), one check a helper."""
    if not lent:
        return each
    free = dict(lent)
    done: list[list[ToolCall]] = []
    for made in each:
        kept = []
        for call in made:
            helped = call
            if call.name in ("attempt_challenge", "request_ability_check"):
                args = json.loads(call.arguments)
                who = args.get("character_id")
                helper = next((h for h, f in free.items() if f == who and h != who), None)
                if helper is not None and not args.get("helper_id"):
                    del free[helper]
                    args["helper_id"] = helper
                    helped = ToolCall(call.id, call.name, json.dumps(args))
            kept.append(helped)
        done.append(kept)
    return done
