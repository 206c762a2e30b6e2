"""A line of several clauses carried out in order, within the action economy.

The first clause is carried out as any line is. The rest wait until its tool calls have
run, then each is read again as the world now stands (a move changes what "look around"
sees; a lock picked opens the way the next clause takes) and carried out in turn. In a
fight, a clause that does not fit what the turn has left is said plainly and not taken:
"Thorin's action this turn is already spent (on the healing potion); “attack the rat”
will have to wait for the next turn." Nothing is dropped in silence.

What a clause costs is read from the rules: a weapon attack takes the action unless Extra
Attack or Haste left another swing; a spell its casting time; a feature its own cost (Action
Surge adds an action); a potion the action (the engine's heal does not spend it, so the
referee keeps that account itself, and counts it wherever it asks whether one is left);
hiding, dashing or disengaging a rogue's bonus action (Cunning Action) when the action is
spoken for; shaking a sleeper awake, tying a foe up or any other improvised deed the
action, whatever its roll (a threat that asks for an Intimidation contest too: words said
in passing are free, a demand that must be rolled is the turn's deed); a step, speech or a
question nothing.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from app.actions import casting_rules as turns
from app.actions.beings import economy_of
from app.actions.calls import ToolCall
from app.actions.class_rules import FRENZY_ID, RECKLESS_ID
from app.referee.base import RefereeBase
from app.understanding import Intent
from app.understanding.chaining import TWICE
from app.understanding.features import metamagic_options
from app.understanding.parse import understand_clause
from app.understanding.piece_fit import UNHEARD
from app.understanding.plans import kept_note, not_yet
from app.understanding.whom_meant import THE_OTHER
from app.world.state import GameState
from app.world.view import npcs_here
from app.world.wording import the
from rules.conditions import Condition
from rules.economy import ActionKind
from rules.features import feature
from rules.srd import srd

FREE = "free"
_ENDS = ("end_turn", "end_combat")
CUNNING = frozenset({"hide", "dash", "disengage"})
"""What a rogue's Cunning Action does as a bonus action."""
STEPS = frozenset({"engage", "cover", "withdraw"})
"""Manoeuvres that are movement, not an action."""


def cost_of(state: GameState, actor: str, intent: Intent) -> str:
    """What a clause takes from a fighter's turn: "action", "bonus_action", "attack" (a
    swing: the action, or a further attack it left), "end" (it ends the turn) or free."""
    kind = intent.kind
    if kind == "attack":
        return "attack"
    if kind == "cast" and intent.spell:
        time = srd().spells.get(intent.spell).casting_time
        return "bonus_action" if time == "bonus_action" else "action"
    if kind == "feature":
        sheet = state.party.get(actor)
        chosen = sheet is not None and any(e.id == FRENZY_ID for e in sheet.effects)
        if intent.action == FRENZY_ID and not chosen:
            return FREE  # SRD: the frenzy is chosen as the rage begins (its blows come later)
        spec = feature(intent.action or "")
        cost = spec.action if spec is not None else "action"
        return cost if cost in ("action", "bonus_action") else FREE
    if kind == "manoeuvre":
        return FREE if intent.action in STEPS else "action"
    if kind in ("use", "challenge"):
        return "action"
    if kind == "improvise":
        # (shaking a sleeper awake takes an action, SRD Sleep, and so does tying a foe up:
        # easy deeds, not free ones)
        easy = intent.action == "auto" and intent.extra[:1] not in (("wake",), ("bind",))
        free = easy or intent.extra[:1] in (("light",), ("listen",))
        return FREE if free else "action"
    if kind == "hold":
        return "end"
    return FREE


_HERE = frozenset({"challenge", "talk", "examine", "take"})
"""Deeds at something of the place the party has just come to ("go up to the lighthouse and
light the lamp there"): read there, whatever the words meant where they were typed."""
_RECKLESS = re.compile(r"\breckless(?:ly)?\b", re.IGNORECASE)


def _surges(clause: Intent) -> bool:
    """The clause uses Action Surge."""
    return clause.kind == "feature" and clause.action == "action_surge"


def reckless(state: GameState, actor: str, text: str) -> bool:
    """An attack said recklessly by a barbarian not yet reckless this turn: Reckless
    Attack is declared with it (SRD: decided on the turn's first attack)."""
    sheet = state.party.get(actor)
    if sheet is None or state.encounter is None or not sheet.has("reckless_attack"):
        return False
    return bool(_RECKLESS.search(text)) and not any(e.id == RECKLESS_ID for e in sheet.effects)


_FIGHT_ONLY = frozenset({"attack", "manoeuvre", "hold", "feature"})
"""Clauses that mean nothing once the fight is over (a blow, a dodge, ending the turn)."""


def _tending(clause: Intent) -> bool:
    """A fallen friend tended ("… then stabilize aria"): still to do once the fight is
    over, while the friend lies dying."""
    return clause.kind == "manoeuvre" and clause.action == "stabilize"


_SPENDING = frozenset({"use", "cast", "attack", "feature", "challenge"})
"""Clauses that spend the turn's action when they are carried out."""
_NOTHING = "what was to come first did not happen; say it again if that is still the plan"


def _came_to_nothing(state: GameState, intent: Intent) -> bool:
    """In a fight, a line's first clause meant to spend the action that made no call: it
    could not be done (a potion for someone unhurt, a feature the character lacks). In a
    fight or out of one, a thing to use that another carries: the plan leaned on it."""
    unable = intent.kind == "ask" and intent.action == "unable"
    if intent.kind == "use" and intent.action == "light" and not intent.note:
        return False  # "light my torch, then attack": lit, as told (a thing handled, no action)
    if intent.kind == "use" and intent.note.endswith("carries that"):
        return True  # "drink the draught and go to the chapel", the draught being Sela's
    if unable and " does not know " in intent.note:
        return True  # "guidance on me before I read the rune", by one who knows it not
    return state.encounter is not None and (unable or intent.kind in _SPENDING)


_CHARGED = re.compile(
    r"^\W*(?:(?:and|then)\s+)*(?:i\s+)?(?:charges?|rush(?:es)?|runs? at|runs? to|close on|"
    r"closes? with|go(?:es)? for|head(?:s)? for|move(?:s)? (?:on|to)|step(?:s)? up to)\b"
    r"(?!.*\b(?:hit|hits|strike|strikes|stab|stabs|slash|slashes|swing|swings|attack|"
    r"attacks|shoot|shoots|cut|cuts|smash|smashes|bash|bashes|chop|chops)\b)",
    re.IGNORECASE,
)
"""A later clause that only runs at a foe ("then charge wolf 2"), no blow named: when the
action is spent it is the move to that foe, not an attack that must wait."""


class Sequencing(RefereeBase):
    """The clauses after a line's first, waiting for their turn to be carried out."""

    if TYPE_CHECKING:  # the acting half of the referee carries out one clause

        def carry_out(self, state: GameState, actor: str, intent: Intent) -> list[ToolCall]: ...

    def _with_clauses(
        self, state: GameState, actor: str, intent: Intent, calls: list[ToolCall]
    ) -> list[ToolCall]:
        """After a line's first clause: the rest now (when it changed nothing yet) or once
        its calls have run."""
        self._note_spent(state, actor, intent, calls)
        self.typed_in[actor] = state.scene.id
        rest = list(intent.then)
        if rest and not calls and _came_to_nothing(state, intent):
            # "drink my potion, then attack" with the potion left corked: the plan leaned on
            # its first step, so the rest is asked again, not taken on its own
            self.pending[actor] = rest
            self._cannot_now(state, actor, _NOTHING)
            return calls
        while True:
            while rest and not calls:
                calls = self._next_clause(state, actor, rest)
            if not rest:
                return calls or self._ended_after_all(state, actor)
            kept = self._turn_kept(actor, calls)
            if kept:
                self.pending[actor] = rest
                return kept
            calls = kept  # only the turn's end, held back for what follows: on to it now
            # ("that's it for me, done": two ways of ending one turn, and it ends)

    def _turn_kept(self, actor: str, calls: list[ToolCall]) -> list[ToolCall]:
        """The calls without the turn's end: more is to come from this fighter."""
        kept = [c for c in calls if not (c.name == "end_turn" and self._who(c) == actor)]
        dropped = {c.id for c in calls} - {c.id for c in kept}
        self.made = [c for c in self.made if c.id not in dropped]
        if dropped:
            self.held_ends.add(actor)
        return kept

    def _ended_after_all(self, state: GameState, actor: str) -> list[ToolCall]:
        """The turn's end held back for the line's later clauses, when they did nothing
        more (a question answered, words said): the fighter's turn ends as it would have."""
        fight = state.encounter
        if actor not in self.held_ends or fight is None or fight.current.id != actor:
            return []
        self.held_ends.discard(actor)
        return [self._call("end_turn", actor, "end_turn")]

    def _owner(self, call_id: str) -> str | None:
        return self.calls.get(call_id, ("", None))[1]

    def _tool(self, call_id: str) -> str:
        """The tool a call of this turn was made to ("" for one not of this turn)."""
        return next((c.name for c in self.made if c.id == call_id), "")

    def _who(self, call: ToolCall) -> str | None:
        return self.calls.get(call.id, ("", None))[1]

    def _resume(
        self,
        state: GameState,
        calls: list[ToolCall],
        results: list[tuple[str, dict[str, Any]]] | None = None,
    ) -> list[ToolCall]:
        """After a round of results: each speaker whose clause has finished goes on to
        the next one — unless, in a fight, all that clause did was refused."""
        for actor in list(self.pending):
            self.notes.owner = self.line_of.get(actor, self.notes.owner)
            own = [c for c in calls if self._who(c) == actor]
            if any(c.name not in _ENDS for c in own):
                continue  # the clause is still running (a chained check, a second swing)
            theirs = [(self._tool(i), r) for i, r in results or [] if self._owner(i) == actor]
            self.outcomes[actor] = theirs or self.outcomes.get(actor, [])
            refused = theirs and all("error" in r for _, r in theirs)
            if state.encounter is not None and refused and theirs[0][0] != "use_feature":
                # (a spell that needed a step first; a Second Wind wasted leaves the action)
                self._cannot_now(state, actor, _NOTHING)
                continue
            if any(c.name == "end_combat" for c in calls):
                # the fight ends with these calls: what was only for it is over, what is
                # not (pour a potion down a fallen friend's throat, look around) follows
                waiting = self.pending.pop(actor)
                after = [c for c in waiting if c.kind not in _FIGHT_ONLY or _tending(c)]
                self.pending[actor] = [c for c in waiting if c not in after]
                self._cannot_now(state, actor, "the fight is over")  # (says nothing of none)
                if after:
                    self.pending[actor] = after  # carried out once the fight has ended
                continue
            calls = self._turn_kept(actor, calls)
            rest = self.pending.pop(actor)
            more: list[ToolCall] = []
            while rest and not more:
                more = self._next_clause(state, actor, rest)
            if rest:
                self.pending[actor] = rest
                more = self._turn_kept(actor, more)
            calls += more or self._ended_after_all(state, actor)
        return calls

    def _next_clause(self, state: GameState, actor: str, rest: list[Intent]) -> list[ToolCall]:
        """Carry out the next waiting clause as the world now stands, or say why it must
        wait; when the turn can hold nothing more, what is left waits too."""
        clause = rest.pop(0)
        earlier = [i for i in (*self.intents, *self.carried) if i.actor == actor]
        unmet = not_yet(state, clause, self.outcomes.get(actor, []), earlier)
        if unmet:  # "swing at rat 3. If I kill it, second wind", the rat still up: kept
            self.notes.append(f"{kept_note(state.name_of(actor), clause.text)} ({unmet}).")
            return []
        # ("wren, toss me the locket, then i tie it to the bell": out of a fight the "i"
        # who ties is the one who typed, not Wren)
        reader = clause.actor if clause.actor in state.party and not state.encounter else actor
        fresh = understand_clause(clause.text, reader, state, self.campaign)
        if clause.kind == "manoeuvre" and clause.action == "dash":
            fresh = clause  # "… then dash past them to the curtain": a dash, the way shut or not
        moved = state.scene.id != self.typed_in.get(actor, state.scene.id)
        if clause.kind == "talk" and (clause.topic or "asked" in clause.extra) and not moved:
            # one of several topics or questions asked in one breath (after a move, the
            # person asked may be the new place's: "go up to the lighthouse and talk to
            # the keeper")
            fresh = clause
        if clause.kind == "ask" and (clause.action == "unable" or clause.note.startswith(UNHEARD)):
            fresh = clause  # said plainly as the line was read: no use, nor need, to reread
        if "each" in clause.extra and clause.target in state.creatures:
            fresh = clause  # "smash both skeletons": this blow is at its own one
        if fresh.kind == clause.kind and THE_OTHER.search(clause.text) and clause.targets:
            fresh = replace(fresh, targets=clause.targets)  # "… hit the other one too": the
            # one the line meant, not the one its first blow struck
        here = moved and fresh.kind in _HERE and fresh.confidence >= 0.7 and bool(fresh.targets)
        # ("… back down to the harbour then take the shore steps": a way of the new place,
        # read as nothing where the line was typed)
        here = here or (moved and fresh.kind == "move" and bool(fresh.targets)
                        and (clause.kind in ("take", "ask")
                             or clause.note.startswith("there is no way from"))
                        and not clause.targets and fresh.confidence >= 0.7)  # fmt: skip
        here_now = npcs_here(state, self.campaign) if moved and clause.kind == "talk" else []
        left = moved and clause.kind == "talk" and not set(clause.targets) & set(here_now)
        if left and fresh.kind == "ask" and len(fresh.targets) == 1 and fresh.target in here_now:
            fresh = replace(fresh, kind="talk", confidence=0.8)  # "… and find old Wendel": him
        elif clause.kind not in (fresh.kind, "ask") and not here and not left:  # (the new place's
            # Read as it was when the line was typed: the thing is gone now, or the new
            # place reads the words otherwise ("check round the back" is no way back).
            fresh = clause
        clause = replace(fresh, then=())
        self.carried.append(clause)
        fight = state.encounter
        if fight is not None and actor in state.party:
            if self.calm and clause.kind == "attack":  # the fight this line began: the blow
                rest.clear()  # is struck on its striker's turn (app.session.declared)
                if fight.current.id != actor:
                    self._blow_waits(state, actor)
                return []
            opened = any(i.actor == actor and i.kind in ("attack", "cast") for i in self.intents)
            if self.calm and opened and fight.current.id != actor:
                rest.clear()  # "shoot the one on the left, then duck behind the sack": the
                return []  # whole line is played on the striker's turn, the rest with it
            if fight.current.id != actor:
                rest.clear()
                self._cannot_now(state, actor, "the turn has passed", clause)
                return []
            why = self._no_room(state, actor, clause)
            if why and clause.kind == "attack" and clause.targets and _CHARGED.match(clause.text):
                # "throw the handaxe at wolf 1, then charge wolf 2": the blow is spent, the
                # charge is a move to the other, which the turn still holds
                clause = replace(clause, kind="manoeuvre", action="engage")
                why = self._no_room(state, actor, clause)
            surge = next((n for n, later in enumerate(rest) if _surges(later)), None)
            if why and surge is not None and self._surge_hint(state, actor):
                # "…hit it, then action surge and hit it again": the surge the line asks for
                # later makes room now, then this clause goes ahead.
                rest[:0] = [rest.pop(surge), clause]
                return self._next_clause(state, actor, rest)
            if why:
                later = [c for c in rest if not self._no_room(state, actor, c)]
                if any(cost_of(state, actor, c) != FREE for c in later):
                    # "rage, fly into a frenzy and attack rat 1", the frenzy waiting: the
                    # blow the turn still holds goes ahead (the rest waits, said so)
                    self.notes.append(why)
                    self.notes.extend(self._no_room(state, actor, c) for c in rest
                                      if c not in later)  # fmt: skip
                    rest[:] = later
                    return self._next_clause(state, actor, rest)
                # what needs no action still follows ("… twice if I can, then step back":
                # the step back, with the movement left), and then the turn ends
                steps = [c for c in rest if c.kind == "manoeuvre" and c.action == "withdraw"]
                rest.clear()
                self.notes.append(why)
                done = self._next_clause(state, actor, steps[:1]) if steps else []
                if economy_of(state, actor).available(ActionKind.ACTION):
                    return done  # ("healing word on her, then spiritual weapon …": the
                    # action is left for another deed, so the turn stays with them)
                return [*done, self._call("end_turn", actor, "end_turn")]
        after = rest[0] if rest else None
        if fight is not None and _surges(clause) and after is not None and after.kind == "ask":
            # "… then action surge and atk it again", the blow not read: the surge is kept
            rest.clear()
            self.notes.append(f"{state.name_of(actor)} keeps Action Surge for now: what it "
                              f"was for is not clear (“{after.text.strip()}”).")  # fmt: skip
            return []
        if fight is not None and _surges(clause) and after is not None and after.kind == "attack":
            down = [t for t in after.targets if t in state.creatures
                    and state.creatures[t].vitals.hp <= 0]  # fmt: skip
            if down and len(down) == len(after.targets):
                # "hit the wolf, then action surge and hit it again", the wolf already down:
                # the surge is kept, and the player says whom the next blow is for
                rest.clear()
                self.notes.append(f"{state.name_of(down[0])} is already down, so "
                                  f"{state.name_of(actor)} keeps Action Surge for now: say "
                                  "whom to strike.")  # fmt: skip
                return []
        # ("Guidance on Ivo, then he reads the rune": out of a fight, his own deed)
        who = clause.actor if clause.actor in state.party and fight is None else actor
        calls = self.carry_out(state, who, clause)
        self._note_spent(state, who, clause, calls)
        return calls

    def _note_spent(
        self, state: GameState, actor: str, intent: Intent, calls: list[ToolCall]
    ) -> None:
        """A potion drunk, a sleeper shaken awake or a foe tied up spends the action (the
        engine counts none of them); a potion left corked ("Mira is unhurt") spends nothing."""
        drunk = any(c.name in ("heal", "change_item", "use_item") for c in calls)
        if state.encounter is not None and intent.kind == "use" and drunk:
            what = f"{the(self._item_name(intent.item).lower())}" if intent.item else "that"
            self.spent.setdefault(actor, []).append(what)
        deed = intent.extra[:1]
        done = any(c.name == "set_condition" for c in calls) and deed in (("wake",), ("bind",))
        tried = any(c.name == "request_ability_check" for c in calls)
        costly = cost_of(state, actor, intent) == "action"
        if (
            state.encounter is not None
            and intent.kind == "improvise"
            and (done or (tried and costly))
        ):
            # an improvised deed takes the action, however its roll goes (SRD: improvising
            # an action); the engine counts no check as one, so the referee does
            whom = state.name_of(intent.target) if intent.target else "them"
            doing = {"wake": "waking", "bind": "tying up"}.get(deed[0] if deed else "")
            self.spent.setdefault(actor, []).append(f"{doing} {whom}" if doing else "that try")

    def _no_room(self, state: GameState, actor: str, clause: Intent) -> str:
        """Why the clause does not fit what is left of the turn ("" when it does)."""
        fight = state.encounter
        assert fight is not None
        economy = fight.economy.get(actor)
        if economy is None:
            return ""
        cost = cost_of(state, actor, clause)
        if clause.kind == "cast" and clause.spell:
            quick = "quickened" in metamagic_options(clause.text)
            cast = turns.casting_cost(srd().spells.get(clause.spell), quickened=quick)
            refused = turns.refusal(state, actor, clause.spell, cast)
            if refused:  # a bonus-action spell leaves room only for a cantrip
                return f"{refused}; “{clause.text.strip(' .,!')}” will have to wait."
        if clause.kind == "manoeuvre" and clause.action in CUNNING and self._cunning(state, actor):
            return ""  # a rogue hides, dashes or disengages with the bonus action
        action_left = self._actions_left(state, actor) > 0
        if cost == "attack" and (economy.extra_attacks > 0 or action_left):
            return ""
        hasted = (clause.kind == "manoeuvre" and clause.action in CUNNING) or cost == "attack"
        if hasted and economy.limited_actions > 0:
            return ""  # Haste's action: one weapon attack, Dash, Disengage or Hide
        if cost in ("action", "attack") and not action_left:
            on = ", then ".join(self.spent.get(actor, []))
            if cost == "attack" and TWICE.search(clause.text):  # "shoot it twice" at 3rd level
                return (f"{state.name_of(actor)} makes one attack with the Attack action (a "
                        "second comes with Extra Attack, or an Action Surge)."
                        + self._surge_hint(state, actor))  # fmt: skip
            return self._waits(state, actor, clause, "action", on) + self._surge_hint(state, actor)
        if cost == "bonus_action" and not economy.available(ActionKind.BONUS_ACTION):
            return self._waits(state, actor, clause, "bonus action", "")
        return ""

    @staticmethod
    def _surge_hint(state: GameState, actor: str) -> str:
        """A fighter who could have made room with Action Surge is told so."""
        sheet = state.party.get(actor)
        if sheet is None or not sheet.has("action_surge") or sheet.uses_left("action_surge") < 1:
            return ""
        return f" (Action Surge would give {sheet.name} another action: say so in the line.)"

    def _approach_text(self, state: GameState, actor: str, intent: Intent) -> str:
        """ "Mira goes over to the bar." — a step across the room, said."""
        campaign = self.campaign
        scene = campaign.scenes.get(state.scene.id) if campaign is not None else None
        spec = scene.features.get(intent.target or "") if scene is not None else None
        what = spec.name if spec is not None else (intent.extra or ("it",))[0]
        return f"{state.name_of(actor)} goes over to {the(what)}."

    def _stand_up(self, state: GameState, actor: str) -> list[ToolCall]:
        """A character lying prone on its turn (knocked down, or back up from 0 HP) gets up
        before it fights or moves — it costs half its speed, when it has that much left."""
        encounter = state.encounter
        sheet = state.party.get(actor)
        if encounter is None or encounter.current.id != actor or sheet is None:
            return []
        if not any(c.condition is Condition.PRONE for c in sheet.conditions):
            return []
        economy = economy_of(state, actor)
        if economy.speed == 0 or economy.movement < economy.speed // 2:
            return []
        return [self._call("stand", actor, "set_condition", target_id=actor, condition="prone",
                           present=False, reason="gets back up")]  # fmt: skip

    def _cunning(self, state: GameState, actor: str) -> bool:
        sheet = state.party.get(actor)
        fight = state.encounter
        economy = fight.economy.get(actor) if fight is not None else None
        return (
            sheet is not None
            and sheet.has("cunning_action")
            and economy is not None
            and economy.available(ActionKind.BONUS_ACTION)
        )

    @staticmethod
    def _waits(state: GameState, actor: str, clause: Intent, what: str, on: str) -> str:
        spent = f" (on {on})" if on else ""
        return (
            f"{state.name_of(actor)}'s {what} this turn is already spent{spent}; "
            f"“{clause.text.strip(' .,!')}” will have to wait for the next turn."
        )

    def _cannot_now(
        self, state: GameState, actor: str, why: str, clause: Intent | None = None
    ) -> None:
        rest = self.pending.pop(actor, [])
        waiting = [clause] if clause is not None else []
        waiting += rest
        if waiting:
            said = "; ".join(f"“{c.text.strip(' .,!')}”" for c in waiting)
            self.notes.append(f"{state.name_of(actor)} does not get to {said} — {why}.")
