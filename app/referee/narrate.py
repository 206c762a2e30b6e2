"""How the offline referee follows up on tool results: it narrates what happened in the
fiction's words, chains what the campaign chains (a failed lock's needle), ends turns and
fights, and turns a refused call into plain words — never an id or a raw error."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from app.actions.calls import ToolCall
from app.referee.base import RefereeBase
from app.referee.casting import lasting_lines
from app.referee.refusals import plain_error
from app.referee.sights import join_words
from app.referee.told_results import (
    CRIT,
    DONE,
    FALLS,
    HIT,
    MISS,
    SHOOTERS,
    SHOT,
    TRAIT_MOVES,
    contested,
    feature_note,
    tally_text,
    tended,
)
from app.understanding.targets import weakest
from app.world import view
from app.world.pronouns import possessive
from app.world.state import GameState
from app.world.wording import bare, the
from rules.conditions import can_act
from rules.positions import MELEE_FT, distance

_ENDS = ("end_turn", "end_combat")
"""Calls that close a turn: a turn of several calls is closed once."""


class FollowUps(RefereeBase):
    """The referee's second half: reading tool results."""

    if TYPE_CHECKING:  # the rulings half tells how an improvised deed's roll went

        def _after_ruling(
            self, state: GameState, call_id: str, result: dict[str, Any]
        ) -> list[ToolCall]: ...

    def _follow_up(
        self, state: GameState, results: list[tuple[str, dict[str, Any]]]
    ) -> list[ToolCall]:
        calls: list[ToolCall] = []
        for call_id, result in results:
            kind, actor = self.calls.get(call_id, ("", None))
            self.notes.owner = self.line_of.get(actor or "", self.notes.owner)
            if "error" in result and kind == "off_hand" and self._retarget(state, actor, result):
                # the first blade felled its foe: the second finds another
                at = next((i for i, c in enumerate(calls) if c.name in _ENDS), len(calls))
                foes = _in_reach(state, actor or "", self._foes(state))
                if not foes:  # the others stand too far for a second blade this turn
                    self.notes.append(f"No other foe stands within reach of "
                                      f"{state.name_of(actor or '')}'s second blade.")  # fmt: skip
                    continue
                mark = weakest((f, state.creatures[f].vitals.hp) for f in foes)
                calls.insert(at, self._call("retarget", actor, "attack", attacker_id=actor,
                                            target_id=mark, mode="off_hand"))  # fmt: skip
                continue
            if "error" in result:
                said = plain_error(state, kind, actor, str(result["error"]))
                if said:
                    self.notes.append(said)
                ended = any(c.name in _ENDS for c in calls)  # a turn ends once
                acted = kind in ("attack", "off_hand", "cast", "act", "monster")
                if acted and state.encounter is not None and not ended:
                    able = actor in state.party and state.party[actor].vitals.conscious
                    if self._for_players and able:  # refused, nothing spent: still theirs
                        self.notes.append(f"It is still {state.name_of(actor or '')}'s turn.")
                    else:  # a foe refused, or one of the party who fell: the fight goes on
                        calls.append(self._call("end_turn", actor, "end_turn"))
                continue
            if (done := self.told_when_done.pop(call_id, None)) is not None:
                self.notes.append(done)
            if kind == "challenge" or (kind == "ruling" and "ran_challenge" in result):
                # a ruling's check that was an authored challenge is told as one
                self.rulings.pop(call_id, None)
                calls += self._after_challenge(state, actor, result)
            elif kind == "move":
                self.notes.append(self._arrival(state))
                calls += self._fight_started(state)
            elif kind == "fight":
                calls += self._fight_started(state, result.get("surprised") or ())
                calls += self._declared_blow(state, actor)
            elif kind == "fate":  # a surrendered foe let go, bound or put to death
                self.notes.append(f"{result['text']}.")
            elif kind == "present":  # shown or given: the person's answer
                self.notes.append(str(result["says"]))
            elif kind == "step":  # a step on the way to a deed (touching a friend to heal)
                if result.get("fell") or "text" not in result:  # cut down by a parting blow
                    self.notes.append(f"{state.name_of(actor or '')} falls before getting there.")
                else:
                    self.notes.append(f"{result['text']}.")
            elif kind == "stand":
                self.notes.append(f"{state.name_of(actor or '')} gets back up.")
            elif kind == "flee":
                calls += self._after_flight(state, actor or "", result)
            elif kind in ("attack", "off_hand"):
                calls += self._after_attack(state, actor, result, calls)
            elif kind == "retarget":  # its turn was already ended with the first blade's
                self._after_attack(state, actor, result, ends=False)
            elif kind == "cast":
                calls += self._after_cast(state, actor, result)
            elif kind == "end_turn":
                self.notes.extend(f"{said}." for said in result.get("death_saves", ()))
                if not self._fighting(state):
                    calls.append(self._end_fight())
                else:
                    self.notes.append(f"Now it is {result['name']}'s turn.")
            elif kind == "act" and result["action"] == "stabilize":
                self.notes.append(tended(state, actor or "", result))
            elif kind == "act" and result["action"] == "ready":
                self.notes.append(f"{result['readied']}: the moment it happens, it is loosed.")
            elif kind == "act" and "success" in result:
                self.notes.append(contested(state, actor or "", result))
            elif kind == "act":
                done = DONE[result["action"]].format(whose=possessive(state, actor or ""))
                felled = actor in state.creatures and state.creatures[actor].vitals.hp <= 0
                cut = " — and is cut down as it goes" if felled else ""  # (a parting blow)
                self.notes.append(f"{state.name_of(actor or '')} {done}{cut}.")
                if not self._fighting(state) and state.encounter is not None:
                    calls.append(self._end_fight())
            elif kind == "end_combat":
                self.notes.append(self._fight_over(state, result))
            elif kind == "monster":
                calls += self._after_monster(state, actor, result, calls)
            elif kind == "heal":
                who = state.name_of(str(result.get("target_id") or actor or ""))
                restored = result.get("restored", 0)
                self.notes.append(
                    f"{who} regains {restored} hit points."
                    if restored
                    else f"{who} feels no different — already hale."
                )
            elif kind == "rest":
                self.notes.append(self._rested(result))
            elif kind == "feature":
                self.notes.append(feature_note(state, actor, result))
                calls += self._nothing_left(state, actor, calls)
            elif kind == "ruling":
                calls += self._after_ruling(state, call_id, result)
        # a turn already ended (a companion's cast and its end in one reply) is never ended
        # again: the next one's turn is theirs to take
        now = state.encounter.current.id if state.encounter is not None else None
        return [
            c
            for c in calls
            if c.name != "end_turn" or self.calls.get(c.id, ("", None))[1] in (None, now)
        ]

    def _nothing_left(
        self, state: GameState, actor: str | None, calls: list[ToolCall]
    ) -> list[ToolCall]:
        """A bonus action that ends what a fighter said to do ("… then hide"), with the
        action already spent: the turn is over (only a step could be left)."""
        fight = state.encounter
        if fight is None or actor is None or actor not in state.party:
            return []
        if fight.current.id != actor or self.pending.get(actor) or self._has_action(state, actor):
            return []
        if any(c.name in _ENDS for c in calls) or not self._for_players:
            return []
        return [self._call("end_turn", actor, "end_turn")]

    def _after_flight(self, state: GameState, actor: str, result: dict[str, Any]) -> list[ToolCall]:
        """A run for a way out: the party is gone by it (the new scene told, its fight
        begun), or the runner is clear and the turn passes while others are still held."""
        name = state.name_of(actor)
        if result.get("escaped"):
            down = [s.name for s in state.party.values() if not s.vitals.conscious]
            carried = f", carrying {' and '.join(down)}" if down else ""
            self.notes.append(
                f"{name} breaks for {the(result['way'])}, and the party runs with them"
                f"{carried}: the fight is left behind, not won."
            )
            self.notes.append(self._arrival(state))
            return self._fight_started(state)
        if "held" in result:
            held = " and ".join(result["held"])
            self.notes.append(f"{name} breaks away towards {the(result['way'])}, but {held} "
                              f"{'is' if len(result['held']) == 1 else 'are'} still in a "
                              "foe's reach: the party gets out once nobody standing is "
                              "held (flee or run for it on your turn).")  # fmt: skip
        return [self._call("end_turn", actor, "end_turn")] if state.encounter else []

    def _end_fight(self) -> ToolCall:
        return self._call("end_combat", None, "end_combat", reason="no foe is left standing")

    def _arrival(self, state: GameState) -> str:
        if self.campaign is None:
            return state.scene.description  # the scene's name is already its heading
        return view.scene_description(state, self.campaign)

    @staticmethod
    def _fight_over(state: GameState, result: dict[str, Any]) -> str:
        """Fell, fled and surrendered told apart (the tally itself is shown by the fight's
        summary; this is its mood)."""
        if result.get("party_fallen"):
            return "The fight is over. The party has fallen."
        yielded = list(result.get("surrendered") or [])
        fled = list(result.get("fled") or [])
        if yielded:
            verb = "kneels" if len(yielded) == 1 else "kneel"
            who = join_words(yielded)
            return f"The fight is over. {who} {verb}, weapons on the ground, begging for mercy."
        if fled:
            return f"The fight is over. {join_words(fled)} fled into the dark; the rest lie still."
        return "The fight is over. Silence settles, broken only by hard breathing."

    @staticmethod
    def _rested(result: dict[str, Any]) -> str:
        who = [f"{r['name']} {r['hp']}/{r['max_hp']} HP" for r in result["rested"]]
        if result["kind"] == "long":
            return (
                "The party settles in for a long rest and wakes refreshed: " + ", ".join(who) + "."
            )
        said = "The party takes a short rest, binding wounds: " + ", ".join(who) + "."
        eased = [f"{r['name']} +{r['song_of_rest']} HP" for r in result["rested"]
                 if r.get("song_of_rest")]  # fmt: skip
        if eased and result.get("sung_by"):
            said += f" {result['sung_by']}'s Song of Rest eases them ({', '.join(eased)})."
        return said

    def _fight_started(self, state: GameState, surprised: Sequence[str] = ()) -> list[ToolCall]:
        if state.encounter is None or self.campaign is None:
            return []
        fighting = {c.id for c in state.encounter.order}
        encounter_ids = {
            c.encounter for c in state.creatures.values() if c.encounter and c.id in fighting
        }
        specs = [self.campaign.encounters[e] for e in sorted(encounter_ids)
                 if e not in state.defeated and e in self.campaign.encounters]  # fmt: skip
        # a fight fled from and come back to is told as it stands, not as it first began
        texts = [s.text for s in specs if state.encounter.reason in (s.text, s.name)]
        if specs and not texts:
            texts = [f"{state.encounter.reason}."]
        self.notes += [t for t in texts if t and t not in self.notes]
        first = state.encounter.current
        caught = [state.name_of(c) for c in surprised]
        if caught:
            self.notes.append(f"{join_words(caught)} never saw you coming — surprise!")
        self.notes.append(f"Roll for initiative! {first.name} acts first.")
        return []

    def _declared_blow(self, state: GameState, actor: str | None) -> list[ToolCall]:
        """The blow that started a fight is struck on its striker's turn (the session plays
        the line again then, :mod:`app.session.declared`): said when others go first, so
        the players know it is not lost in the roll for initiative."""
        fight = state.encounter
        blow = any(i.kind in ("attack", "cast") and i.actor == actor for i in self.intents)
        if fight is None or actor is None or not blow or actor not in state.party:
            return []
        if fight.current.id != actor:
            self._blow_waits(state, actor)
        return []

    def _after_challenge(
        self, state: GameState, actor: str | None, result: dict[str, Any]
    ) -> list[ToolCall]:
        # The engine rolls the chain an outcome starts (the needle after a slipped pick):
        # each link is told in turn, as it was rolled.
        calls: list[ToolCall] = []
        for step in [result, *result.get("chain", ())]:
            if step.get("text"):
                self.notes.append(str(step["text"]))
            standing = step.get("skill_challenge")
            if isinstance(standing, dict) and not standing.get("settled"):
                self.notes.append(tally_text(standing))
            if step.get("moved_to"):
                self.notes.append(self._arrival(state))
            if step.get("combat"):
                calls += self._fight_started(state)
        return calls

    def _falls(self, state: GameState, target_id: str) -> None:
        """Tell a foe's fall — unless it is standing after all (Undead Fortitude left it
        1 hit point): the log says so, and the story must not bury it."""
        creature = state.creatures.get(target_id)
        if creature is not None and creature.vitals.hp > 0:
            traits = state.monster(creature.monster).traits if creature.monster else ()
            held = any(t.id == "undead_fortitude" for t in traits)
            how = " — dead flesh that will not stay down (Undead Fortitude)" if held else ""
            self.notes.append(f"{creature.name} staggers, and does not fall{how}.")
            return
        self.notes.append(self._pick(state, FALLS, t=state.name_of(target_id)))

    def _after_cast(
        self, state: GameState, actor: str | None, result: dict[str, Any]
    ) -> list[ToolCall]:
        caster = state.name_of(actor or "")
        # The spell's name, not its rulebook text: the players see the effect in what follows.
        again = f"{caster}'s {result['spell']} strikes again."  # (a weapon that stays)
        self.notes.append(again if result.get("again") else f"{caster} casts {result['spell']}.")
        struck: dict[str, tuple[int, list[int]]] = {}  # darts at one foe: said as one blow
        for hit in result["results"]:
            target = state.name_of(str(hit.get("target") or hit.get("target_id") or ""))
            self.notes += lasting_lines(caster, target, result["spell"], hit)
            if "retargeted_from" in hit:  # where each dart or beam went, said plainly
                down = state.name_of(str(hit["retargeted_from"]))
                self.notes.append(f"With {down} already down, the next one flies on to {target}.")
            if hit.get("outcome") == "lost":
                spent = f"The rest of the {result['spell']} strikes {target} as it falls."
                if spent not in self.notes:  # said once, however many darts went there
                    self.notes.append(spent)
            elif hit.get("outcome") == "miss" and not hit.get("splash"):  # no save was made
                self.notes.append(f"The {result['spell']} misses {target}.")
            elif hit.get("saved") is True and not hit.get("damage") and not hit.get("effects"):
                self.notes.append(f"{target} shrugs it off.")
            elif "damage" in hit:
                at, dealt = struck.get(target, (len(self.notes), []))
                dealt.append(int(hit["damage"]))
                told = " + ".join(map(str, dealt))
                if len(dealt) > 1:  # a second dart at the same foe: its sum, not a repeat
                    told = f"{told} = {sum(dealt)}"
                    self.notes[at] = f"{target} takes {told} damage."
                else:
                    self.notes.append(f"{target} takes {told} damage.")
                struck[target] = (at, dealt)
                if "dead" in (hit.get("state"), hit.get("target_state")):
                    self._falls(state, str(hit.get("target") or hit.get("target_id") or ""))
            elif "restored" in hit:
                self.notes.append(f"{target} regains {hit['restored']} hit points.")
            elif hit.get("asleep"):
                self.notes.append(f"{target} slumps to the ground, asleep.")
            if hit.get("effects") and "dead" not in (hit.get("state"), hit.get("target_state")):
                self.notes.append(f"{target} is {', '.join(hit['effects']).lower()}.")
        if state.encounter is None:
            return []
        if not self._fighting(state):
            return [self._end_fight()]
        if actor is not None and self._has_action(state, actor):
            self.notes.append(f"({caster} still has an action this turn.)")
            return []
        return [self._call("end_turn", actor, "end_turn")]

    def _retarget(self, state: GameState, actor: str | None, result: dict[str, Any]) -> bool:
        """An off-hand strike aimed at a foe the first blade killed, with foes left."""
        return "already dead" in str(result["error"]) and bool(self._foes(state)) and bool(actor)

    def _after_monster(
        self, state: GameState, actor: str | None, result: dict[str, Any], calls: list[ToolCall]
    ) -> list[ToolCall]:
        """A monster's breath, web or trait move, told; a bonus move does not end the turn
        (its attack does), anything else does."""
        who = state.name_of(actor or "")
        action = str(result["action"])
        if action == "nimble_hide" and result.get("hidden") is False:
            self.notes.append(f"{who} tries to dart out of sight, but is seen.")
            return []
        if action in TRAIT_MOVES:
            self.notes.append(f"{who} {TRAIT_MOVES[action]}.")
            return []
        block = state.creatures[actor].monster if actor in state.creatures else None
        name = state.monster(block).action(action).name if block else action
        self.notes.append(f"{who} uses {possessive(state, actor or '')} {name.lower()}!")
        for hit in result.get("targets", []):
            target = state.name_of(str(hit["target"]))
            took = f"is {hit['condition']}" if hit.get("condition") else ""
            if hit.get("harmless"):  # a save against a condition alone (a blinding flash)
                said = took or ("shrugs it off" if hit["saved"] else "is unaffected")
                self.notes.append(f"{target} {said}.")
                continue
            said = "dodges the worst of it" if hit["saved"] else "is caught full on"
            self.notes.append(f"{target} {said} ({hit['damage']} damage)"
                              + (f" and {took}." if took else "."))  # fmt: skip
            if hit.get("down") == "dead":
                self._falls(state, str(hit["target"]))
            elif hit.get("down"):  # ("dodges the worst of it", and still drops: said)
                self.notes.append(f"{target} goes down, {hit['down']}.")
        if "outcome" in result:
            target = state.name_of(str(result["target"]))
            self.notes.append(
                f"{the(name.lower()).capitalize()} "
                f"{'misses' if result['outcome'] == 'miss' else 'hits'} {target}."
            )
        for rebuke in result.get("rebukes", []):  # Hellish Rebuke, in the action's window
            by = state.name_of(str(rebuke["by"]))
            self.notes.append(f"{by} answers with Hellish Rebuke: flames wreathe {who} for "
                              f"{rebuke['damage']} damage.")  # fmt: skip
            if rebuke.get("fell") == "dead":
                self._falls(state, str(actor))
        if state.encounter is None or any(c.name in _ENDS for c in calls):
            return []
        if not self._fighting(state):
            return [self._end_fight()]
        return [self._call("end_turn", actor, "end_turn")]

    def _after_attack(
        self,
        state: GameState,
        actor: str | None,
        result: dict[str, Any],
        calls: list[ToolCall] | None = None,
        *,
        ends: bool = True,
    ) -> list[ToolCall]:
        attacker = state.name_of(result["attacker"])
        target = state.name_of(result["target"])
        for swing in result["attacks"]:
            weapon = bare(swing["attack"]).lower()  # the sentences give it its article
            if weapon == "improvised weapon" and self.swung:
                weapon = self.swung  # "… with the poker"
            shot = weapon.split()[-1] in SHOOTERS if weapon else False
            thrown = "thrown" in weapon  # a handaxe thrown is no swing, nor a shot from it
            if swing["outcome"] == "miss" and swing.get("note") == "Shield":
                self.notes.append(f"{target} throws up a Shield; {attacker}'s blow glances off.")
            elif swing["outcome"] == "miss":
                misses: tuple[str, ...] = MISS[:2] if shot or thrown else MISS  # no bolt swings
                still = state.creatures.get(str(result["target"]))
                if still is not None and not can_act(still.conditions):
                    misses = (MISS[0],)  # a sleeper does not twist away: the blow goes wide
                self.notes.append(self._pick(state, misses, a=attacker, w=weapon, t=target))
            elif swing["outcome"] == "critical_hit":
                self.notes.append(
                    CRIT.format(a=attacker, w=weapon, t=target, d=swing.get("damage", 0))
                )
            else:
                self.notes.append(
                    self._pick(
                        state,
                        SHOT if shot else HIT,
                        a=attacker,
                        w=weapon,
                        t=target,
                        d=swing.get("damage", 0),
                    )
                )
            if swing.get("target_state") == "dead":
                self._falls(state, str(result["target"]))
            elif swing.get("target_hp") == 0:
                self.notes.append(f"{target} crumples, unconscious.")
            rebuke = swing.get("rebuke")
            if rebuke:  # Hellish Rebuke, taken in the blow's window
                self.notes.append(f"{target} answers with Hellish Rebuke: flames wreathe "
                                  f"{attacker} for {rebuke['damage']} damage.")  # fmt: skip
                if rebuke.get("fell") == "dead":
                    self._falls(state, str(result["attacker"]))
        if not ends or state.encounter is None or any(c.name in _ENDS for c in calls or ()):
            return []  # a turn of two attacks (a blade in each hand) ends once
        foes = self._foes(state)
        if not foes:
            return [self._end_fight()]
        if self._for_players and actor in state.party:
            economy = state.encounter.economy.get(actor)
            waiting = actor in self.pending  # the line says what the next swing is for
            if economy is not None and economy.extra_attacks > 0 and not waiting:
                mark = result["target"] if result["target"] in foes else None
                mark = mark or weakest((f, state.creatures[f].vitals.hp) for f in foes)
                return [self._call("attack", actor, "attack", attacker_id=actor, target_id=mark)]
            if self._has_action(state, actor) and not waiting:  # Action Surge: say what next
                self.notes.append(f"{attacker} still has an action this turn.")
                return []
        return [self._call("end_turn", actor, "end_turn")]


def _in_reach(state: GameState, actor: str, foes: Sequence[str]) -> list[str]:
    """The foes an off-hand blade can strike without a step: those within reach."""
    fight = state.encounter
    if fight is None:
        return list(foes)
    return [f for f in foes if distance(fight.positions, actor, f) <= MELEE_FT]
