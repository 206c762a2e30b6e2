"""The referee's rulings on improvised deeds (:mod:`app.understanding.improvised`):
"yes, and", as a DM gives them at the table.

A deed nothing stands against simply happens (shaking a sleeper awake, tying up one who
is senseless, lighting a lantern); one that could fail is an ability check against the
DC the reading set (easy 10, medium 15, hard 20), with the outcome told after the roll.
State changes only where the rules allow it, and only through tools: a sleeper woken
loses the unconscious condition; a bound captive is restrained. Threats and appeals to
foes in a fight are Intimidation or Persuasion contested by the foe's Insight (the one
spoken to, else the sharpest of them): the foes that can be cowed give up on
their next turn; the mindless and the dead cannot be, and the referee says so. A refusal
names its real reason.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from app.actions.calls import ToolCall
from app.actions.position_tools import engaged_foes, spots
from app.actions.rest_tools import foes_close_by
from app.actions.senses import sense_needed
from app.referee.base import RefereeBase
from app.referee.fighting import is_beast
from app.referee.restating import STAYING, told_back
from app.understanding import Intent
from app.understanding.describing import assailants
from app.world import view
from app.world.mercy import helpless
from app.world.pronouns import pronoun_of
from app.world.standing import fights_on
from app.world.state import GameState
from app.world.tied import BOUND, bound
from app.world.wording import the
from rules.abilities import Ability
from rules.damage import LifeState
from rules.positions import distance
from rules.skills import Skill

FEARLESS = frozenset({"undead", "construct", "ooze"})
"""Creature types no threat or plea moves."""
FREE_DEEDS = frozenset({"light", "listen", "recall"})
"""Deeds that take no action in a fight (a word, a glance, striking a light)."""

_TAKEN_ALONE = re.compile(
    r"^\W*(?:i |we )?(?:take|takes|grab|grabs|pick up|picks up|snatch|snatches|pocket|pockets"
    r"|lift|lifts|collect|collects)\b(?!.*\b(?:and|then|to|at|onto|over)\b)",
    re.IGNORECASE,
)
"""A thing taken and nothing more said of it ("take the turnips"): carried from then on,
not one grabbed to swing or tip over."""
_DONE = {
    "light": "{a} does so. A warm light steadies everyone's nerves.",
    "knock": "{a} knocks. The sound carries; whoever is on the other side has heard it.",
    "grab": "{a} takes hold of it.",
    "place": "{a} sets it there, carefully.",
    "throw": "{a} throws it; it lands with a clatter, and heads turn towards the noise.",
    "kindness": "{a} does it gently, and {t} takes it as it is meant.",
    "open": "{a} opens {t}; the way beyond lies open.",
    "show": "{a} holds it out for {t} to see.",
}
"""What a deed nothing stands against comes to, told as it happens."""

_WON = {
    "bind": "{a} has {t} trussed up tight: {t} is restrained, and fights no more.",
    "climb": "{a} makes it up, sure-footed.",
    "heave": "{a} puts a shoulder into it — and it gives.",
    "balance": "{a} keeps their footing and comes through neatly.",
    "search": "{a} searches thoroughly.",
    "listen": "{a} holds still and listens hard.",
    "sneak": "{a} moves without a sound.",
    "palm": "{a}'s fingers are quicker than anyone's eyes.",
    "tend": "{a} does what can be done with steady hands.",
    "rescue": "{a} hauls them clear, out of reach.",
    "poke": "{a}'s prodding turns something up.",
    "recall": "Something surfaces in {a}'s memory.",
    "soothe_beast": "{t} settles under {a}'s hand.",
    "sway": "{t} hears {a} out, and is swayed.",
    "bluff": "{t} falls for it.",
    "cow": "{a}'s threat lands on {t}: fear shows, and eyes go to the way out.",
    "perform": "{a} plays it well: heads turn, and for a moment the air is lighter.",
    "pray": "{a}'s prayer is said well and truly; a quiet calm settles.",
    "track": "{a} picks out the trail and follows it without losing it.",
    "throw": "{a}'s throw lands just where it was meant to.",
    "dig": "{a} digs hard, and the earth gives way.",
    "floor": "{a} does it, neatly: {t} is caught off guard.",
}
_LOST = {
    "bind": "{t} twists free before the knot is tied.",
    "climb": "{a} slips back down.",
    "heave": "{a} strains, but it will not budge.",
    "balance": "{a} stumbles.",
    "search": "{a} turns up nothing worth having.",
    "listen": "{a} hears nothing but their own breathing.",
    "sneak": "A scuff, a creak: {a} is heard.",
    "palm": "{a} fumbles it.",
    "tend": "{a}'s efforts do little good.",
    "rescue": "{a} cannot get them clear yet: the footing gives, and the pull is lost.",
    "recall": "{a} cannot place it.",
    "soothe_beast": "{t} shies away from {a}.",
    "sway": "{a}'s words do not reach {t}.",
    "bluff": "The ruse fails on {t}.",
    "cow": "{a}'s threat falls flat against {t}.",
    "perform": "{a} fumbles a note or two; nobody is much moved.",
    "pray": "{a}'s words falter; the prayer feels unfinished.",
    "track": "{a} loses the trail among the rest.",
    "throw": "{a}'s throw goes wide.",
    "dig": "{a} digs, but the ground is packed with stones and roots; it gets nowhere.",
    "floor": "{a} tries, but {t} is not caught off guard.",
}


_FACED = {
    ("cow", True): "{r} blanches, and glances at the others.",
    ("cow", False): "{r} laughs in {a}'s face.",
    ("sway", True): "{r} hesitates, listening.",
    ("sway", False): "{r} shakes off the words.",
    ("bluff", True): "{r} hesitates, half-believing.",
    ("bluff", False): "{r} narrows their eyes: not fooled.",
}
"""How the foe who contested a threat, a plea or a bluff takes it, before the outcome."""
_DEMAND = re.compile(
    r"\b(?:surrender|give up|yield|drop|lay down|knees|or (?:die|else|you)|mercy|live)\b"
)
"""A threat made of words (a demand to surrender): nothing to a beast. A roar, a shout or
a stamp to scare it off is another matter."""
_FACED_BEAST = {
    True: "{r} flinches back, ears flat.",
    False: "{r} bares its teeth and holds its ground.",
}
"""How a beast takes a roar or a shout (it neither laughs nor listens)."""


class Ruling(RefereeBase):
    """Rulings on deeds the players invent."""

    def _do_improvise(self, state: GameState, actor: str, intent: Intent) -> list[ToolCall]:
        key, dc = (*intent.extra, "", "15")[:2]
        name = state.name_of(actor)
        target = intent.target
        shown = view.known_as(state, self.campaign, target) if target else "it"
        ways = {w.to: w.name for w in view.exits_here(state, self.campaign)}
        if target in ways:  # "open the door": the way, by the name the players see
            shown = the(ways[target])
        if key == "wake":
            return self._wake(state, actor, target)
        if key == "sneak" and state.encounter is None and not _watchers(state):
            # "sneak past" with the guards gone: nobody to get by, so no roll for it
            self.notes.append(f"Nobody here is watching: {name} goes on unseen, no sneaking "
                              "needed.")  # fmt: skip
            return []
        cord = _cord(state, actor)
        if key == "bind" and target in ways:  # (a way is never trussed up: said so)
            self.notes.append(f"{name} finds nobody there to tie up.")
            return []
        if key == "bind" and target in state.creatures and _senseless(state, target) and cord:
            self.notes.append(f"{name} binds {shown} hand and foot with {the(cord)}: {shown} "
                              "is restrained, and fights no more.")  # fmt: skip
            return self._fight_end(state, actor, self._restrain(actor, target))
        if key == "bind" and target in state.creatures and _senseless(state, target):
            # no rope: belts and strips of cloth will do, if the knots hold (a check)
            self.notes.append(f"{name} has no rope, and makes do with a belt and torn cloth.")
            dc = "10"
        if key == "knock_out" and target in state.creatures:
            if state.creatures[target].vitals.hp <= 0:  # (one only asleep is struck senseless)
                self.notes.append(f"{name} makes sure {shown} stays out cold.")
                return []
            sheet = state.party.get(actor)
            words = re.findall(r"[a-z]{3,}", intent.text.lower())
            named = [  # ("knock him out with my quarterstaff", "… my staff": with it)
                w
                for w in (sheet.weapons if sheet else [])
                if w.replace("_", " ") in intent.text.lower()
                or any(w.replace("_", "").endswith(word) for word in words)
            ]
            attack = Intent("attack", intent.text, actor, targets=(target,), confidence=1.0,
                            extra=("knock_out",), item=named[0] if named else None)  # fmt: skip
            self.notes.append(f"{name} goes for a stunning blow.")
            return self.carry_out(state, actor, attack)
        if key == "help" and target in state.party:
            return self._help(state, actor, target)
        if key == "posture" and _prone(state, actor) and re.search(r"\b(?:up|stand)", intent.text):
            self.notes.append(f"{name} gets back up.")  # for half the speed (the engine's)
            return [self._call("condition", actor, "set_condition", target_id=actor,
                               condition="prone", present=False,
                               reason="gets back up")]  # fmt: skip
        what = intent.extra[2] if len(intent.extra) > 2 else ""
        if what and key == "grab":  # "take the poker": a thing the scene's words name, carried
            self.notes.append(f"{name} takes the {what}.")  # from now on (to hand on, to drop)
            sheet = state.party.get(actor)
            carried = sheet is None or any(i.lower() == what.lower() for i in sheet.inventory)
            if carried or state.encounter is not None or not _TAKEN_ALONE.match(intent.text):
                return []  # (in a fight, or grabbed to do something with: only told)
            return [self._call("item", actor, "change_item", character_id=actor, item=what[:80],
                               action="give", reason="picked up")]  # fmt: skip
        person = target is not None and (target in state.party or (
            state.campaign is not None and target in state.campaign.npcs))  # fmt: skip
        if key == "light" and target is not None and not person:
            self.notes.append(f"{name} lights {the(shown)}; warm light spreads.")
            return []
        if key == "light" and person:  # "light the grate for him": lit for him, as said
            self.notes.append(told_back(intent.text, name))
            return []
        staying = key == "free" and STAYING.search(intent.text) is not None
        # (and a going made this round: not a way found shut)
        if staying and any(c.name == "move_scene" for c in (*self.made, *self.earlier)):
            # "i stay with Nessa", played after another led the party away this round
            self.notes.append(f"{name} comes along all the same: the party keeps together.")
            return []
        if key in ("free", "posture"):  # a deed the game has no word for, or a seat taken:
            # it happens as the player said ("Bram sits on the millstone next to Hobb")
            self.notes.append(told_back(intent.text, name))
            return []
        if key == "light" or intent.action == "auto":
            done = _DONE.get(key) if (what or key != "grab") else None
            # a deed with no words of its own here is told as the player put it ("Thorin
            # steps in front of Aria to protect her")
            said = done.format(a=name, t=f"the {what}" if what else shown) if done else ""
            self.notes.append(said or told_back(intent.text, name))
            return []
        if key in ("cow", "sway", "bluff") and state.encounter is not None:
            scare = key == "cow" and not _DEMAND.search(intent.text.lower())
            unmoved = self._unmoved(state, target, "scare" if scare else key)
            if unmoved:  # said before anything is spent: the turn is still the player's
                self.notes.append(f"{unmoved} ({name} still has the turn.)")
                return []
        reason = intent.text.strip()[:120] or key
        skill = intent.action or "athletics"
        opposed = {}
        if key in ("cow", "sway", "bluff") and state.encounter is not None:
            resister = self._resister(state, target)  # a contest: the foe sees through it or not
            opposed = {"opposed_by": resister} if resister else {}
        sense = sense_needed(intent.text)  # "listen at the door": a deafened ear hears nothing
        needs = {"sense": sense} if sense else {}
        call = self._call("ruling", actor, "request_ability_check", character_id=actor,
                          skill=skill, dc=int(dc), reason=reason, **opposed, **needs)  # fmt: skip
        self.rulings[call.id] = (key, target)
        calls = [call]
        if key not in FREE_DEEDS:
            calls = self._fight_end(state, actor, calls)
        return calls

    if TYPE_CHECKING:  # the acting half of the referee carries out one clause

        def carry_out(self, state: GameState, actor: str, intent: Intent) -> list[ToolCall]: ...

    def _fight_end(self, state: GameState, actor: str, calls: list[ToolCall]) -> list[ToolCall]:
        """In a fight, the deed took the action: the turn ends after it."""
        encounter = state.encounter
        if encounter is not None and encounter.current.id == actor:
            return [*calls, self._call("end_turn", actor, "end_turn")]
        return calls

    def _help(self, state: GameState, actor: str, friend: str) -> list[ToolCall]:
        """The Help action: in a fight, the friend's next attack on a foe is made with
        advantage (the engine keeps it); outside one, a hand lent to what they are doing."""
        name, shown = state.name_of(actor), state.name_of(friend)
        fight = state.encounter
        if fight is None or fight.current.id != actor:
            self.notes.told_for(self.line_of.get(friend), f"{name} lends {shown} a hand.")
            if fight is None:  # the friend's check this round is helped (the round's plan)
                self.lent[actor] = friend
            return []
        self.notes.append(f"{name} draws the foe's eye so {shown} can strike.")
        step = self._beside_foe_of(state, actor, friend)  # made in the order they are done
        helping = self._call("act", actor, "take_action", creature_id=actor, action="help",
                             target_id=friend)  # fmt: skip
        return self._fight_end(state, actor, [*step, helping])

    def _beside_foe_of(self, state: GameState, actor: str, friend: str) -> list[ToolCall]:
        """The Help action aids an attack on a foe within 5 feet of the helper (SRD): a
        helper free of every foe first steps up to the one on the friend (the one engaged
        with them, the last to strike them first)."""
        if engaged_foes(state, actor):
            return []
        foes = assailants(state, friend) or engaged_foes(state, friend)
        if not foes:  # nobody on the friend yet: the foe nearest them
            where = spots(state)
            alive = [f for f in self._foes(state) if f in where and friend in where]
            foes = sorted(alive, key=lambda f: distance(where, friend, f))
        if not foes:
            return []
        return [self._call("step", actor, "move", creature_id=actor, to="engage",
                           target_id=foes[0])]  # fmt: skip

    def _restrain(self, actor: str, target: str) -> list[ToolCall]:
        """Tied hand and foot: restrained, and no action or reaction while the knots hold
        (incapacitated) — a bound prisoner can talk, and struggle, but fights no more."""
        return [
            self._call("condition", actor, "set_condition", target_id=target,
                       condition=held, reason=BOUND)
            for held in ("restrained", "incapacitated")
        ]  # fmt: skip

    def _wake(self, state: GameState, actor: str, target: str | None) -> list[ToolCall]:
        name = state.name_of(actor)
        if target is None:
            self.notes.append(f"{name} looks for someone to wake, but nobody here is asleep.")
            return []
        shown = state.name_of(target)
        sheet = state.party.get(target)
        if sheet is not None and sheet.vitals.state is LifeState.DYING:
            self.notes.append(f"Shaking will not wake {shown}: {shown} is dying. Stabilise "
                              "or heal them.")  # fmt: skip
            return []
        if not _senseless(state, target):
            self.notes.append(f"{shown} is awake already.")
            return []
        if target in state.creatures and state.creatures[target].vitals.hp <= 0:
            self.notes.append(f"{name} shakes {shown}, but {shown} is out cold: no shaking "
                              "wakes one knocked senseless, only healing or hours of "
                              "rest.")  # fmt: skip
            return []
        self.notes.append(f"{name} shakes {shown} hard. {shown} wakes with a start.")
        wake = self._call("condition", actor, "set_condition", target_id=target,
                          condition="unconscious", present=False,
                          reason="shaken awake")  # fmt: skip
        return self._fight_end(state, actor, [wake])

    def _resister(self, state: GameState, target: str | None) -> str | None:
        """The foe whose Insight a threat or a plea must beat: the one spoken to, else the
        sharpest of those with a mind to move."""
        if target in state.creatures:
            return target
        minds = [f for f in self._foes(state) if not self._unmoved(state, f)]
        free = [f for f in minds if not bound(state.creatures[f])]  # (a prisoner tied up is
        return max(free or minds, key=lambda f: _insight(state, f), default=None)  # no foe)

    def _unmoved(self, state: GameState, target: str | None, key: str = "sway") -> str:
        """Why no foe can be cowed or talked round ("" when one can). A beast has no words
        to be swayed or bidden by, but a roar or a shout can scare it off (``key``
        "scare")."""
        foes = [target] if target in state.creatures else self._foes(state)
        minds = []
        for fid in foes:
            creature = state.creatures[fid]
            block = state.monster(creature.monster) if creature.monster else None
            kind = block.type.split()[0] if block is not None else ""
            scared = key == "scare" and kind == "beast"
            if block is None or (kind not in FEARLESS and (block.abilities.intelligence > 3
                                                          or scared)):  # fmt: skip
                minds.append(fid)
        if minds or not foes:
            return ""
        first = state.creatures[foes[0]]
        block = state.monster(first.monster) if first.monster else None
        kind = block.type.split()[0] if block is not None else "creature"
        return (
            f"{first.name} is {'an' if kind[0] in 'aeiou' else 'a'} {kind}: words will "
            "neither cow nor sway it."
        )

    def _after_ruling(
        self, state: GameState, call_id: str, result: dict[str, Any]
    ) -> list[ToolCall]:
        """The roll is in: the outcome told, and what it changes done through tools."""
        key, target = self.rulings.pop(call_id, ("", None))
        actor = self.calls.get(call_id, ("", None))[1] or ""
        won = bool(result.get("success"))
        crowd = "the foes" if state.encounter is not None else "them"
        shown = view.known_as(state, self.campaign, target) if target else crowd
        line = (_WON if won else _LOST).get(
            key, "{a} manages it." if won else "{a} tries, but it does not work."
        )
        if key == "bind" and not won and target in state.creatures and _senseless(state, target):
            line = "{a}'s knots will not hold; {t} is still loose."  # (it sleeps: no twisting)
        if key == "heave" and target in state.creatures:  # a senseless foe hauled away
            line = "{a} hauls {t} clear." if won else "{t} is a dead weight; {a} cannot shift it."
        if key == "insight":
            line = read_of(state, target, won=won)
            people = self.campaign.npcs if self.campaign is not None else {}
            shown = people[target].name if target in people else shown
        if shown == "them" and key == "floor" and not won:  # "… but they are not caught"
            line, shown = line.replace("{t} is ", "{t} are "), "they"
        line = line.format(a=state.name_of(actor), t=shown)
        line = line[:1].upper() + line[1:]  # ("the blue ribbon twists free …")
        resister = str(result.get("opposed_by") or "")
        if resister in state.creatures and (key, won) in _FACED:  # how the foe took it
            faced = (_FACED_BEAST[won] if is_beast(state, resister) else _FACED[(key, won)]).format(
                r=state.name_of(resister), a=state.name_of(actor)
            )
            line = f"{faced} {line}"
        self.notes.append(line)
        calls: list[ToolCall] = []
        if won and key == "bind" and target in state.creatures:
            calls.extend(self._restrain(actor, target))
        if won and key in ("cow", "sway") and state.encounter is not None:
            foes = [target] if target in state.creatures else self._foes(state)
            self.cowed |= {f for f in foes if not self._unmoved(state, f, "scare")}
            # (a beast was only ever contested by a roar or a shout, never by words)
        return calls


def read_of(state: GameState, target: str | None, *, won: bool) -> str:
    """What an Insight check on a person tells: whether they hold something back — a topic
    of theirs the story has not opened yet — or seem to say all they know."""
    if not won:
        return "{a} cannot read {t}: nothing gives {t} away."
    campaign = state.campaign
    if campaign is None or target not in campaign.npcs:
        return "{a} reads {t} well, but learns nothing that words have not already said."
    npc = campaign.npcs[target]
    shown = view.npc_view(state, campaign, target).topics
    kept = [k for k in npc.topics if k not in shown]
    who = pronoun_of(state, target)
    says, knows = ("say", "know") if who == "they" else ("says", "knows")
    if kept:
        return (f"{{a}} reads {{t}} well: {{t}} is holding something back, and knows more "
                f"than {who} {says}.")  # fmt: skip
    return f"{{a}} reads {{t}} well: {{t}} seems to be telling the truth, as far as {who} {knows}."


def _insight(state: GameState, cid: str) -> int:
    """A foe's Insight bonus (its stat block's, else its Wisdom modifier)."""
    creature = state.creatures[cid]
    block = state.monster(creature.monster) if creature.monster else None
    if block is None:
        return 0
    return block.skills.get(Skill.INSIGHT, block.abilities.modifier(Ability.WIS))


_CORDS = ("rope", "cord", "twine", "chain", "manacles", "shackles", "fishing line")
"""Carried things a captive can be tied up with."""


def _cord(state: GameState, actor: str) -> str | None:
    """The rope (or the like) the actor carries, if any."""
    sheet = state.party.get(actor)
    held = sheet.inventory if sheet is not None else []
    found = next((i for i in held if any(c in i.lower() for c in _CORDS)), None)
    return found.split("(")[0].strip() if found else None  # "rope (50 ft)": the rope


def _prone(state: GameState, cid: str) -> bool:
    who = state.creatures.get(cid) or state.party.get(cid)
    return who is not None and any(a.condition.value == "prone" for a in who.conditions)


def _senseless(state: GameState, cid: str) -> bool:
    """Asleep, unconscious, or at 0 hit points and stable: unable to resist."""
    who = state.creatures.get(cid) or state.party.get(cid)
    if who is None:
        return False
    out = any(a.condition.value in ("unconscious", "asleep") for a in who.conditions)
    return out or (who.vitals.hp == 0 and who.vitals.state is not LifeState.DEAD)


def _watchers(state: GameState) -> list[str]:
    """Who here could see the party sneak by: foes standing and awake (or waiting on the
    party's move, as the goblins at their dice), and the people of the story here."""
    if foes_close_by(state):
        return ["foes"]
    campaign = state.campaign
    scene = campaign.scenes.get(state.scene.id) if campaign is not None else None
    if scene is not None and scene.encounter and scene.encounter not in state.defeated:
        return ["foes"]  # the place's own fight, not yet begun ("sneak up behind them")
    foes = [cid for cid, c in state.creatures.items() if fights_on(state, cid) and not helpless(c)]
    people = view.npcs_here(state, campaign) if campaign is not None else []
    return foes + list(people)
