"""How the offline referee carries out one understood action: the tool calls it makes
(only for a confident intent that asks for them) and what it says otherwise."""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from app.actions.beings import why_cannot_act
from app.actions.calls import ToolCall
from app.actions.challenge_ways import tool_elsewhere
from app.referee import answers
from app.referee.fighting import (
    BLADE_ONLY,
    SHOOTING,
    STRIKING,
    attack_arguments,
    unaware_foes,
    weapon_named,
)
from app.referee.helping import Helping, way_asked
from app.referee.levelling import USAGE_TEXT, levelling_text
from app.referee.manoeuvres import Manoeuvres
from app.referee.mercy import Mercy
from app.referee.offering import chosen_reading, offer, offered
from app.referee.positioning import Plan, plan_attack, shot, thrown_at
from app.referee.powers import Powers
from app.referee.reacting import WHEN_TO_REACT, wants_to_react
from app.referee.restating import kept_together
from app.referee.ruling import Ruling
from app.referee.sequencing import Sequencing, reckless
from app.referee.showing import Showing
from app.referee.talking import Talking, judged_words
from app.understanding import Intent, leader_named, understand
from app.understanding.deed_kinds import SUBDUING
from app.understanding.features import smites
from app.understanding.intent import CONFIDENT
from app.understanding.readings import HEARS
from app.understanding.spells import not_known
from app.understanding.takingback import HINT as TAKING_BACK_HINT
from app.understanding.ways import DRAWN
from app.world import view
from app.world.facts import achieved
from app.world.state import GameState
from app.world.tied import bound
from rules.class_powers import UNARMED
from rules.improvised import IMPROVISED

STEPPING_AWAY = (
    "Take your time. To leave the table for a while, type /away NAME: your turns are "
    "skipped (in a fight your characters' turns pass) until /back NAME."
)
"""The answer to a player who says they are stepping away ("brb")."""

STANDS_FOR = frozenset({"attack", "move", "cast", "feature", "challenge"})
"""What a prone character stands up for first (not a Dodge, nor words)."""


_PRISONER_NAMED = re.compile(r"\b(?:tied|bound|prisoner|captive|trussed)\b")
"""A blow said to be at the one tied up: meant, however cruel."""
_CLOSING_IN = re.compile(
    r"^\W*(?:i\s+|[A-Z][a-z]+\s+)?(?:charges?|rush(?:es)?|runs? at|close[sd]? (?:in on|with)|"
    r"leaps? at|lunges? at)\b",
    re.I,
)
"""A blow struck by closing in: with a blade in hand, never a bow from where one stands."""
ASIDES = frozenset({"ask", "foreign", "help", "inventory", "refuse"})
"""Lines answered at once at a shared table: nothing in them is played (and a line refused,
"Bram and Ivo head to the woods" typed by Sela's player, is said so before the round; "brb
getting snacks" is told how to step away, and keeps the turn)."""


class Acting(Sequencing, Ruling, Showing, Talking, Helping, Mercy, Manoeuvres, Powers):
    """The referee's first half: from a line to tool calls."""

    def aside(self, state: GameState, actor: str, text: str, waiting: bool = False) -> str | None:
        """The reply to a line that only asks back, says it is in another language, or asks
        what is carried: given at once at a shared table, so the player says it again on
        their own turn rather than losing it. ``None`` for a line to be played (a choice
        offered before, taken now, is played). ``waiting``: typed by a character who may
        not act now, in a fight too — only a question to the DM is answered then."""
        if chosen_reading(text, offered(state, actor)) is not None:
            return None
        intent = understand(text, actor, state, self.campaign)
        questions = (intent, *intent.then)  # ("how many goblins are there and are they
        asked = (waiting or not state.encounter) and all(q.kind == "question" for q in questions)
        if asked and any(
            answers.knower(state, self.campaign, q) is not None
            or judged_words(state, actor, q) is not None
            for q in questions
        ):
            asked = False  # put to someone here, or words they take to heart: played
        if asked:  # "who's the woman at the end of the quay?": the game's to answer now
            return " ".join(self._say(state, q) for q in questions)
        talk = HEARS in intent.note and ("table talk" in intent.note or "passing" in intent.note)
        if waiting and intent.kind == "ask" and talk and not intent.then:
            # "Eli you should turn them": table talk, heard (no "what does …" while waiting)
            return re.sub(r"\s*What does [^?]+ do\?$", "", self._say(state, intent))
        if waiting:
            return None  # anything else waits for the character's turn
        if intent.then or intent.kind not in ASIDES or intent.note == "where to?":
            return None  # "I go too": along with whoever goes, when the round is played
        if intent.kind == "ask" and intent.alternatives:
            offer(state, actor, intent.alternatives)
        return self._say(state, intent)

    def _act(self, state: GameState, actor: str, text: str) -> list[ToolCall]:
        held = self._readings
        known = held[1].get((actor, text)) if held and held[0] is state else None
        if known is None or state.campaign is not self.campaign:
            known = understand(text, actor, state, self.campaign)
        intent = known
        chosen = chosen_reading(text, offered(state, actor))
        state.offered.pop(actor, None)
        if chosen is not None:  # "yes" to "Did you mean to go through the trapdoor?"
            targets = (chosen.target,) if chosen.target else ()
            intent = Intent(kind=chosen.kind, text=text, actor=actor, targets=targets,
                            spell=chosen.spell)  # fmt: skip
        if intent.kind == "ask" and intent.alternatives:
            offer(state, actor, intent.alternatives)
        if intent.kind == "move" and intent.note and intent.target and self._may_open(state):
            # "we all go down" after "I pick the lock": the way is shut as the line is read,
            # but the lock is tried first — the move goes, and is refused then if still shut
            intent = replace(intent, confidence=1.0, note="")
        going = [i for i in self.intents if i.kind == "move" and i.target]
        self.intents.append(intent)
        if intent.kind == "ask" and going and not state.encounter:
            if intent.note == "where to?":  # "I go too" after another's "down the steps"
                self.notes.append(f"{state.name_of(actor)} goes along with the others.")
            else:  # what could be done here is about to change: no list of it
                moving = "the party is on the move; say it again once you are there."
                self.notes.append(f"{state.name_of(actor)} is not sure what you mean — {moving}")
            return []
        if wants_to_react(text) and intent.acts:  # no window is open: say when they can
            self.notes.append(WHEN_TO_REACT)
            return []
        # "Aria looks at the fire", typed by the one who plays Aria too: Aria acts
        who = intent.actor or actor
        if intent.kind == "examine" and not intent.then and self._may_open(state):
            # "i look around" after another's "i pick the lock": looked at once it is tried,
            # so what is seen is the place as it is then (the trapdoor open, or still shut)
            self.pending[who] = [intent]
            self.typed_in[who] = state.scene.id
            return []
        calls = self.carry_out(state, who, intent)
        return self._with_clauses(state, who, intent, calls) if intent.then else calls

    def _may_open(self, state: GameState) -> bool:
        """An earlier line this turn does something that may open a shut way."""
        return state.encounter is None and any(
            c.name in ("attempt_challenge", "set_flag", "change_item") for c in self.earlier
        )

    def carry_out(self, state: GameState, actor: str, intent: Intent) -> list[ToolCall]:
        """The calls (and notes) for one intent."""
        campaign = self.campaign
        # "I help Mira pick the lock", "show Malik the receipt", "let him go" (surrendered)
        for deed in (self._helping, self._showing, self._fate):
            done = deed(state, actor, intent)
            if done is not None:
                return done
        kind = intent.kind
        heard = judged_words(state, actor, intent)
        if heard is not None:  # words the game took to heart: said to that person
            intent = replace(intent, kind="talk", targets=(heard,), confidence=1.0)
            kind = "talk"
        if kind == "question" and not state.encounter:
            asked = answers.knower(state, campaign, intent)
            if asked is not None:  # a question one person here has the answer to: put to them
                intent = replace(intent, kind="talk", targets=(asked,), confidence=1.0)
                kind = "talk"
        if kind in ("ask", "refuse", "foreign", "question", "help", "inventory"):
            self.notes.append(self._say(state, intent))
            return []
        resting = kind == "rest" and state.encounter is None  # (one out cold rests with them)
        unable = why_cannot_act(state, actor) if actor in state.party and not resting else None
        if unable is not None:  # the unconscious, the paralysed, the dead do nothing
            self.notes.append(f"{unable[:1].upper()}{unable[1:]} and can do nothing.")
            fighting = state.encounter is not None and state.encounter.current.id == actor
            return [self._call("end_turn", actor, "end_turn")] if fighting else []
        if intent.acts and intent.confidence < CONFIDENT:
            self.notes.append(self._unsure(state, intent))
            return []
        handler = getattr(self, f"_do_{kind}", None)
        if handler is None or (campaign is None and kind in ("talk", "challenge")):
            self.notes.append(answers.ask_back_text(state, campaign, intent))
            return []
        calls: list[ToolCall] = handler(state, actor, intent)
        if kind in STANDS_FOR and calls and any(c.name != "end_turn" for c in calls):
            calls = [*self._stand_up(state, actor), *calls]
        return calls

    # -- words only ---------------------------------------------------------------------------
    def _say(self, state: GameState, intent: Intent) -> str:
        campaign = self.campaign
        if intent.note == "levelling":  # "can I level up?", "did we get xp for the rats?"
            return levelling_text(state)
        if intent.kind == "question":
            # a further question of a line whose question was answered: a shrug after it
            # says nothing (after a deed or words, the shrug is the only answer it gets)
            carried = bool(self.notes) and bool(self.carried) and intent is self.carried[-1]
            said = [*self.intents[-1:], *self.carried[:-1]] if carried else []
            follow_up = bool(said) and said[-1].kind == "question"
            return answers.answer_text(state, campaign, intent, follow_up=follow_up)
        if intent.kind == "help" and intent.note == "usage":
            return USAGE_TEXT
        if intent.note == "stepping away":  # "brb": chatter, answered with /away
            return STEPPING_AWAY
        if intent.kind == "help" and intent.note == "taking back":
            return TAKING_BACK_HINT
        if intent.kind == "help":
            return answers.help_reply(state, campaign, intent)
        if intent.kind == "inventory":
            return answers.inventory_text(state, intent.actor)
        if intent.kind == "refuse":
            return answers.refuse_text(state, intent)
        if intent.kind == "ask" and intent.action == "unable" and intent.note:
            return f"{intent.note[:1].upper()}{intent.note[1:]}."  # "Thorin has no Rage — …"
        if intent.kind == "ask" and intent.action == "unseen" and intent.note:
            # "polish the silver candlesticks": there are none, and what there is instead
            options = answers.options_text(state, campaign, intent.actor)
            return f"{intent.note[:1].upper()}{intent.note[1:]}. {options}".strip()
        if intent.kind == "foreign":
            language = campaign.campaign.language if campaign is not None else "en"
            return answers.foreign_text(intent, language)
        return answers.ask_back_text(state, campaign, intent)

    def _unsure(self, state: GameState, intent: Intent) -> str:
        name = state.name_of(intent.actor or "")
        campaign = self.campaign
        if intent.kind == "move" and intent.note and (intent.target or intent.note != "where to?"):
            return f"{intent.note[:1].upper()}{intent.note[1:]}."  # (a place further on: how)
        if intent.kind == "move" and campaign is not None:
            return f"Where to? {answers.exits_text(state, campaign)}"
        if intent.kind == "cast" and intent.spell and "does not know" in intent.note:
            return f"{not_known(state, intent.actor, intent.spell)}."
        if intent.kind == "attack":
            if intent.target and campaign is not None and intent.target in campaign.npcs:
                who = campaign.npcs[intent.target].name
                return f"{who} is no foe of yours. {name} keeps their weapon sheathed."
            if intent.note and self._foes(state):  # "Wolf 2 is already dead", "no rat 4"
                return f"{intent.note[:1].upper()}{intent.note[1:]}. " + answers.options_text(
                    state, campaign, intent.actor
                )
            return f"There is nothing here for {name} to fight."
        if intent.note:
            note = intent.note if intent.note.endswith(("?", ".", "!")) else f"{intent.note}."
            return f"{name} cannot do that: {note} " + answers.options_text(
                state, campaign, intent.actor
            )
        return answers.ask_back_text(state, campaign, intent)

    # -- exploration and combat ---------------------------------------------------------------
    def _do_examine(self, state: GameState, actor: str, intent: Intent) -> list[ToolCall]:
        campaign = self.campaign
        target = intent.target
        if intent.action == "approach":  # "go to the bar and …": a step within the room
            self.notes.append(self._approach_text(state, actor, intent))
            return []
        if target is None and self._told_of(state, intent):  # "examine the cold grate"
            return []
        if target is None or campaign is None:  # (a place left this round: the new one told)
            left = any(c.name == "move_scene" for c in self.earlier)
            watch = f"{state.name_of(actor)} keeps watch as the party goes on."
            self.notes.append(watch if left else answers.look_text(state, campaign, actor))
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
        else:  # a way looked along, by the sentence that looks ("ok fine, english. thorin
            # peers into the tunnel": no "fine" asked of)
            last = re.split(r"(?<=[.!?])\s+", DRAWN.sub(" ", intent.text).strip())[-1]
            self.notes.append(answers.answer_text(state, campaign, replace(intent, text=last)))
            # ("keep an eye on the front door, axe ready": the way, not the axe's numbers)
        return []

    def _do_move(self, state: GameState, actor: str, intent: Intent) -> list[ToolCall]:
        shut = [e for e in view.exits_here(state, self.campaign) if e.to == intent.target]
        if state.encounter is not None:
            return self._run_for_it(state, actor, intent, shut)
        if shut and not any(e.open for e in shut) and not self.earlier:
            # said at once, nothing tried (unless an earlier deed this round may open it)
            self.notes.append(shut[0].locked_text or f"The way to {shut[0].name} is shut.")
            return []
        if any(
            c.name == "move_scene" and f'"{intent.target}"' in c.arguments for c in self.earlier
        ):
            self.notes.append(f"{state.name_of(actor)} goes along.")  # another led the way there
            return []  # this round ("Cass: I follow Ione up the path"): no "already there"
        along = kept_together(state, actor, self.intents)
        if along is not None:  # "i stay with Nessa", typed before another's "go to …"
            self.notes.append(along)
        leader = leader_named(intent.text, state) or actor  # ("Thorin first with the torch")
        return [self._call("move", actor, "move_scene", scene_id=intent.target,
                           reason=f"{state.name_of(leader)} leads the way")]  # fmt: skip

    def _run_for_it(
        self, state: GameState, actor: str, intent: Intent, ways: list[view.ExitView]
    ) -> list[ToolCall]:
        """In a fight, a way out named: the character breaks away for it (Disengage first
        when asked, a rogue's with Cunning Action), and the party is gone by it once nobody
        standing is held in a foe's reach; the engine decides, after the blows it costs."""
        if ways and not any(e.open for e in ways):
            self.notes.append(ways[0].locked_text or f"The way to {ways[0].name} is shut.")
            return []
        first: list[ToolCall] = []
        if intent.action == "disengage":
            if self._cunning(state, actor):
                first = [self._call("feature", actor, "use_feature", creature_id=actor,
                                    feature="cunning_action", option="disengage")]  # fmt: skip
            else:
                first = [self._call("act", actor, "take_action", creature_id=actor,
                                    action="disengage")]  # fmt: skip
        run = self._call("flee", actor, "take_action", creature_id=actor, action="flee",
                         scene_id=intent.target)  # fmt: skip
        return [*first, run]  # the turn ends, or the fight does: see the result

    def _do_challenge(self, state: GameState, actor: str, intent: Intent) -> list[ToolCall]:
        assert self.campaign is not None and intent.target is not None
        spec = self.campaign.challenges[intent.target]
        done = state.challenges.get(intent.target)
        ways = view.crossed_ways(state, self.campaign) if done == "passed" else []
        crossed = [w for w in ways if w.to == spec.success.move_to]
        if crossed and state.encounter is None:
            # the causeway crossed before: the way it made is open, and taken again
            return [self._call("move", actor, "move_scene", scene_id=crossed[0].to,
                               reason=f"{state.name_of(actor)} leads the way")]  # fmt: skip
        if done == "passed" or (done == "failed" and not spec.retry):
            how = "done already" if done == "passed" else "tried already, and it cannot be retried"
            self.notes.append(f"{state.name_of(actor)} needn't {spec.name} — it is {how}.")
            return []
        if achieved(spec, state):
            self.notes.append(
                f"No need for {state.name_of(actor)} to {spec.name}: what it "
                "would do is done already."
            )  # (the trapdoor forced open)
            return []
        fight = state.encounter
        ending = spec.success.end_encounter and fight is not None and fight.current.id == actor
        # (said plainly: not words quoted to her, nor a blessing called down on friends)
        ending = (
            ending and intent.confidence >= SURE and not _for_friends(state, actor, intent.text)
        )
        if fight is not None and not ending:  # a challenge is the story's, tried once foes are
            # done — but one made to end the fight is tried in it, with the turn's action
            self.notes.append(f"{state.name_of(actor)} cannot {spec.name} in the middle of a "
                              "fight: that must wait until it is over.")  # fmt: skip
            return []
        holders = tool_elsewhere(state, spec, actor)
        if holders:  # "Thorin has no thieves' tools to pick the trapdoor padlock with"
            self.notes.append(f"{state.name_of(actor)} has no {spec.tool} to {spec.name} with "
                              f"— {' and '.join(holders)} {'has' if len(holders) == 1 else 'have'} "
                              "them.")  # fmt: skip
            return []
        args: dict[str, Any] = {"challenge_id": intent.target}
        if spec.kind != "group":
            args["character_id"] = actor
            args.update(way_asked(state, spec, intent.text))
        tried = [self._call("challenge", actor, "attempt_challenge", **args)]
        return [*tried, self._call("end_turn", actor, "end_turn")] if fight else tried

    def _do_attack(self, state: GameState, actor: str, intent: Intent) -> list[ToolCall]:
        campaign = self.campaign
        if state.encounter is None:
            fights = [t for t in intent.targets if campaign and t in campaign.encounters]
            if fights:
                unseen = {"surprise": "foes"} if unaware_foes(state, campaign, intent.text) else {}
                return [self._call("fight", actor, "start_combat", encounter=fights[0],
                                   reason=f"{state.name_of(actor)} attacks", **unseen)]  # fmt: skip
            self.notes.append(self._unsure(state, replace(intent, confidence=0.0)))
            return []
        foes = self._foes(state)
        if not foes:
            return [self._call("end_combat", None, "end_combat", reason="no foe is left standing")]
        fallen = state.creatures.get(intent.target or "")
        if fallen is not None and fallen.hostile and intent.target not in foes:
            # "fire at rat 3" with rat 3 dead: said, never a blow at another foe instead
            standing = ", ".join(state.name_of(f) for f in foes)
            self.notes.append(f"{state.name_of(fallen.id)} is already down. Still up: {standing}.")
            return []
        wanted = intent.target if intent.target in foes else None
        free = [f for f in foes if not bound(state.creatures[f])]
        if (
            wanted is not None
            and wanted not in free
            and not _PRISONER_NAMED.search(intent.text.lower())
            and state.name_of(wanted).lower() not in intent.text.lower()
        ):
            wanted = None  # "I charge the goblins": not at the one tied up, unless named
        if wanted is None and not free:
            # "I charge the goblins", said before a friend tied the last one up: a prisoner
            # is no foe to cut down unasked
            tied = " and ".join(state.name_of(f) for f in foes)
            be = "is" if len(foes) == 1 else "are"
            self.notes.append(f"{tied} {be} tied up and out of the fight: say so if "
                              f"{state.name_of(actor)} still strikes.")  # fmt: skip
            return []
        if wanted is None:
            foes = free  # (a blow at no one in particular is at one still fighting)
        shooting = not intent.item and bool(SHOOTING.search(intent.text))
        closing = _CLOSING_IN.match(intent.text) is not None  # "charge the skeleton": a blade
        style = intent.action
        if (
            style is None
            and wanted
            and thrown_at(state, actor, wanted, weapon_named(state, actor, intent.item))
        ):
            style, shooting = "thrown", True  # "handaxe at skeleton 3", across the barrow
        styled = attack_arguments(state, actor, style, intent.item, closing=closing)
        unarmed = styled in ([{"weapon": UNARMED}], [{"weapon": IMPROVISED}])  # "punch the
        # goblin", "club it with the poker": close in, then strike
        self.swung = intent.item or "" if styled == [{"weapon": IMPROVISED}] else ""
        striking = not intent.item and not shooting and bool(STRIKING.search(intent.text))
        plan = plan_attack(state, actor, foes, wanted, shooting=shooting and not unarmed,
                           unarmed=unarmed, striking=striking)  # fmt: skip
        if plan.target is None and not plan.steps:
            self.notes.append(f"{state.name_of(actor)} cannot reach a foe this turn.")
            return []
        if striking and plan.target is not None and shot(state, actor, plan):
            # "hit the rat chewing on Aria", with no blade reaching it: said why it is shot
            far, name = state.name_of(plan.target), state.name_of(actor)
            if BLADE_ONLY.search(intent.text):  # "stab it", "slit its throat": never a bow
                self.notes.append(f"{far} is beyond the reach of {name}'s blade this turn. "
                                  f"{name} could shoot instead, or dash to close in.")  # fmt: skip
                return []
            self.notes.append(f"{far} is beyond a blade's reach this turn: {name} strikes "
                              "from afar.")  # fmt: skip
        smite: list[ToolCall] = []
        sheet = state.party.get(actor)
        if plan.target and sheet is not None and sheet.has("divine_smite") and smites(intent.text):
            smite = [self._call("feature", actor, "use_feature", creature_id=actor,
                                feature="divine_smite")]  # fmt: skip
        if plan.target and reckless(state, actor, intent.text):  # "swing recklessly at it"
            smite = [self._call("feature", actor, "use_feature", creature_id=actor,
                                feature="reckless_attack"), *smite]  # fmt: skip
        if "knock_out" in intent.extra or SUBDUING.search(intent.text):
            styled = [{**style, "knock_out": True} for style in styled]  # to subdue, not kill
        return self._by_plan(actor, plan, smite, styled)

    def _by_plan(
        self,
        actor: str,
        plan: Plan,
        before: list[ToolCall] | None = None,
        styled: list[dict[str, Any]] | None = None,
    ) -> list[ToolCall]:
        """A fighter's steps, then ``before`` (a smite readied) and its attack — or, when it
        only moves, the end of its turn. ``styled`` are the attack calls' own arguments when
        the line asks for a way of fighting (a throw, a two-handed grip, both blades)."""
        calls = [
            self._call("act" if tool == "take_action" else "step", actor, tool, **args)
            for tool, args in plan.steps
        ]
        if plan.target is None:
            return [*calls, self._call("end_turn", actor, "end_turn")]
        weapon: dict[str, Any] = {"weapon": plan.weapon} if plan.weapon else {}
        if plan.thrown:
            weapon["mode"] = "thrown"
        ways = [extra or weapon for extra in (styled or [{}])]
        strikes = [
            self._call("off_hand" if extra.get("mode") == "off_hand" else "attack", actor,
                       "attack", attacker_id=actor, target_id=plan.target, **extra)
            for extra in ways
        ]  # fmt: skip
        return [*calls, *(before or []), *strikes]


SURE = 0.95
"""How sure a reading must be for a challenge made to end a fight to be tried in it."""


def _for_friends(state: GameState, actor: str, text: str) -> bool:
    """Whether the line quotes words or names another party member (words said, a blessing
    called down on friends): no prayer to end the fight ("Brother Cass kneels and prays for
    her" names only the one praying)."""
    said = text.lower()
    return '"' in text or any(
        re.search(rf"\b{re.escape(state.name_of(c).lower())}\b", said)
        for c in state.party
        if c != actor
    )
