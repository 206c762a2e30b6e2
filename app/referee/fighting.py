"""How the offline referee turns a player's way of fighting into attack arguments: the
weapon a line names, thrown or swung in both hands, or a blade in each hand."""

from __future__ import annotations

import re
from itertools import chain
from typing import Any

from app.understanding.table_words import WAR_CRY
from app.world import view
from app.world.campaign import Campaign
from app.world.ledger import ActionPerformed, SceneEntered, SpeechAct
from app.world.state import GameState
from rules.class_powers import UNARMED
from rules.improvised import IMPROVISED
from rules.skills import Skill
from rules.srd import srd


def weapon_named(state: GameState, actor: str, word: str | None) -> str | None:
    """The carried weapon a word names ("handaxe", "axe", "sword", "dagger")."""
    if word is None or actor not in state.party:
        return None
    carried = state.party[actor].weapons
    word = word.lower()
    exact = [w for w in carried if w == word or srd().weapons.get(w).name.lower() == word]
    loose = [w for w in carried if word in w.replace("_", " ")]
    found = exact or loose
    return found[0] if found else None


def attack_arguments(
    state: GameState, actor: str, style: str | None, word: str | None, *, closing: bool = False
) -> list[dict[str, Any]]:
    """The attack calls' extra arguments for one line: ``[{}]`` for a plain attack; a thrown
    weapon or a two-handed grip names the weapon and the mode; "both blades" is the first
    light blade's attack and then the other's off-hand attack; a punch or a kick is an
    unarmed strike."""
    if actor not in state.party:
        return [{}]
    table = srd().weapons
    carried = state.party[actor].weapons
    named = weapon_named(state, actor, word)
    if style == "unarmed":  # "punch the goblin": no weapon, unless the line names one
        return [{"weapon": named}] if named else [{"weapon": UNARMED}]
    if style == IMPROVISED:  # "club it with the poker": a thing that is no weapon
        return [{"weapon": IMPROVISED}]
    if style == "thrown":
        throwable = [w for w in carried if "thrown" in table.get(w).properties]
        weapon = named if named in throwable else (throwable[0] if throwable else named)
        return [{"weapon": weapon, "mode": "thrown"} if weapon else {"mode": "thrown"}]
    if style == "two_handed":
        versatile = [w for w in carried if table.get(w).versatile]
        weapon = named if named in versatile else (versatile[0] if versatile else named)
        return [{"weapon": weapon, "mode": "two_handed"} if weapon else {"mode": "two_handed"}]
    if style == "both":
        light = [
            w
            for w in carried
            if table.get(w).kind == "melee" and "light" in table.get(w).properties
        ]
        if len(light) >= 2:
            return [{"weapon": light[0]}, {"weapon": light[1], "mode": "off_hand"}]
        return [{"weapon": light[0]}] if light else [{}]
    if not named and closing:  # "charge the skeleton": the first blade carried
        blades = [w for w in carried if w in table.entries and table.get(w).kind == "melee"]
        named = blades[0] if blades else None
    return [{"weapon": named}] if named else [{}]


def unaware_foes(state: GameState, campaign: Campaign | None, said: str = "") -> bool:
    """The party is unseen: a Stealth challenge was passed in this scene, or its success
    brought the party here, or the foes here are ones the party could still sneak past
    (their Stealth challenge not yet tried). Foes the party attacks now are surprised —
    unless the blow comes with a war cry (``said``), or a foe here is one of the story's
    people, who has the party in front of him (Grubnak on his throne, parleying)."""
    if campaign is None or _heard_here(state) or WAR_CRY.search(said):
        return False  # (a sneak that failed since the party came: the foes heard them)
    here = state.scene.id
    watching = set(campaign.scenes[here].npcs) if here in campaign.scenes else set()
    waiting = [g for f in view.waiting_fights(state) for g in campaign.encounters[f].monsters]
    if any(g.npc in watching for g in waiting if g.npc):
        return False
    for cid, sneak in campaign.challenges.items():  # foes one could still sneak past: they
        # have not seen the party ("two goblins dice … their backs to you")
        if (sneak.skill is Skill.STEALTH and sneak.scene == here and cid not in state.challenges
                and sneak.failure.start_encounter):  # fmt: skip
            return True
    for cid, outcome in state.challenges.items():
        spec = campaign.challenges.get(cid)
        if outcome != "passed" or spec is None or spec.skill is not Skill.STEALTH:
            continue
        if here in (spec.scene, spec.success.move_to):
            return True
    return False


_ROLLED = re.compile(r"\(Stealth\) check, dc=(\d+), total=(-?\d+)")
"""A Stealth check as the ledger tells it."""


_LOUD = re.compile(r"!|\b[A-Z]{3,}\b|(?i:\b(?:oi|hey|surrender|yield|drop|shout|yell|hello)\b)")
"""Words said out loud to nobody of the party (a shout, a call, a demand): heard."""


def _heard_here(state: GameState) -> bool:
    """A Stealth check failed since the party came into this scene ("a scuff, a creak:
    Mira is heard"), or words were called out to no one of the party: the foes here are
    not unaware any more."""
    story = state.history
    latest = (e for n in range(len(story) - 1, -1, -1) for e in reversed(story[n].events))
    for event in chain(reversed(state.truth.fresh), latest):  # newest first, lazily
        if isinstance(event, SceneEntered):
            return False
        if isinstance(event, SpeechAct) and event.addressee is None and _LOUD.search(event.words):
            return True  # "DROP YOUR WEAPONS, GOBLINS!": shouted at them, they heard
        if isinstance(event, ActionPerformed) and event.action == "request_ability_check":
            rolled = _ROLLED.search(event.detail)
            if rolled is not None and int(rolled.group(2)) < int(rolled.group(1)):
                return True
    return False


def is_beast(state: GameState, cid: str) -> bool:
    """The creature is a beast: a roar scares it off, words do not reach it, and it has no
    weapon to throw down (it bolts rather than surrenders)."""
    creature = state.creatures[cid]
    return creature.monster is not None and state.monster(creature.monster).type.startswith("beast")


STRIKING = re.compile(
    r"\b(?:hit|hits|chop|chops|hack|hacks|slash|slashes|stab|stabs|cut|cuts|smash|smashes|bash|"
    r"bashes|cleave|cleaves|swing|swings|whack|whacks|smack|smacks|skewer|thrust|slice|slices|"
    r"club|clubs|pummel|bonk)\b",
    re.I,
)
"""A blow said with a blade's or a fist's verb: struck close, never shot."""
BLADE_ONLY = re.compile(
    r"\b(?:stab|stabs|slash|slashes|slit|slits|cut|cuts|hack|hacks|chop|chops|cleave|cleaves|"
    r"skewer|skewers|slice|slices|gut|guts)\b",
    re.I,
)
"""A blow only a blade makes ("stab it"): out of reach, it waits; never a bow's."""
SHOOTING = re.compile(
    r"\b(shoot|shoots|shot|fire at|fires at|loose|looses|snipe|an arrow|arrows?|pew|volley)\b", re.I
)
"""Words that ask for a ranged weapon ("shoot the closest rat")."""
