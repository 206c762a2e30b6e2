"""Answers about what a turn's actions do, as the rules engine plays them (SRD 5.1): Dash,
Disengage, Dodge, Help, Hide, Ready, Search and Use an Object, what drinking a potion costs,
and whether something can be done with the bonus action — each with the asker's own numbers
where the rules give one (the speed a Dash adds, the Stealth bonus a Hide rolls, a rogue's
Cunning Action).

Only reads the game: the answer spends nothing, in a fight or out of one.
"""

from __future__ import annotations

import re

from app.referee.answering_words import Asked
from app.world.sheetfacts import signed
from rules.character import CharacterSheet
from rules.conditions import speed_after_conditions
from rules.effects import speed_with
from rules.features import feature
from rules.skills import Skill

ACTIONS: dict[str, str] = {
    "dash": "Dash (an action): extra movement equal to your speed for this turn.",
    "disengage": "Disengage (an action): leaving a foe's reach this turn provokes no "
    "opportunity attacks.",
    "dodge": "Dodge (an action): until your next turn, attacks against you have disadvantage "
    "(while you can see the attacker) and your Dexterity saves have advantage; it is lost if "
    "you are incapacitated or your speed drops to 0.",
    "help": "Help (an action): an ally's next ability check for the task gets advantage — or, "
    "in a fight, their next attack on a foe within 5 ft of you, before your next turn.",
    "hide": "Hide (an action): a Dexterity (Stealth) check against the foes' passive "
    "Perception; it cannot be done in plain sight of a foe next to you.",
    "ready": "Ready (an action): name a trigger and an action (an attack, a spell, a move); "
    "when the trigger happens, you take it with your reaction. A readied spell is held with "
    "concentration.",
    "search": "Search (an action): a Wisdom (Perception) or Intelligence (Investigation) "
    "check to find something.",
    "use an object": "Use an Object (an action): for an object that needs your action, such as "
    "lighting a lantern or pouring a potion down a friend's throat.",
}
"""The actions of a turn in combat, in our own words, as the SRD has them."""
WORDS: dict[str, str] = {
    "dash": "dash", "dashing": "dash", "disengage": "disengage", "disengaging": "disengage",
    "dodge": "dodge", "dodging": "dodge", "help": "help", "helping": "help", "hide": "hide",
    "hiding": "hide", "ready": "ready", "readying": "ready", "readied": "ready",
    "search": "search", "searching": "search",
}  # fmt: skip
"""Words naming those actions."""
RULE_SHAPES = (
    "what does", "what do", "what is", "how does", "how do", "how is", "what happens", "mean",
    "means", "work", "works", "explain", "rule", "rules", "action", "can i", "can we",
)  # fmt: skip
"""Words that ask about an action's rule rather than take it."""
POTION_WORDS = ("potion", "potions", "draught", "draughts", "elixir", "philter", "tonic")


def _own_speed(sheet: CharacterSheet) -> int:
    return speed_after_conditions(
        speed_with(sheet.walking_speed, sheet.effects), sheet.conditions, sheet.exhaustion
    )


def _cunning(sheet: CharacterSheet) -> str:
    """The bonus-action way to the same, when the character has one."""
    for fid in sheet.all_features:
        spec = feature(fid)
        if spec is not None and spec.action == "bonus_action" and spec.options:
            return f" {sheet.name} can also do it as a bonus action ({spec.name})."
    return ""


def action_rule(a: Asked) -> str | None:
    """Asked: "what does Dash do", "how does disengage work", "what's the help action"."""
    named = [WORDS[w] for w in a.words if w in WORDS]
    if a.has("use an object"):
        named.append("use an object")
    supposed = a.text.lstrip().startswith(("if ", "what if "))  # "if i hide can they still
    # see me": what the action does, asked
    if not named or not (supposed or a.has(*RULE_SHAPES)) or a.intent.targets:
        return None
    if not supposed and not a.word("action", "do", "does", "work", "works", "mean", "means",
                                   "rule", "rules"):  # fmt: skip
        return None  # "can I hide behind the casks": an attempt, told by trying it
    key = named[0]
    text = ACTIONS[key]
    sheet = a.own_sheet
    if sheet is None:
        return text
    if key == "dash":
        text += f" For {sheet.name} that is {_own_speed(sheet)} ft more."
    elif key == "hide":
        text += f" {sheet.name}'s Stealth is {signed(sheet.check_modifier(Skill.STEALTH))}."
    elif key == "search":
        text += (
            f" {sheet.name}'s Perception is {signed(sheet.check_modifier(Skill.PERCEPTION))}, "
            f"Investigation {signed(sheet.check_modifier(Skill.INVESTIGATION))}."
        )
    if key in ("dash", "disengage", "hide"):
        text += _cunning(sheet)
    return text


_GETTING_AWAY = re.compile(
    r"\b(?:back|get|move|step|run|walk|slip|pull|break)(?:s|ing)? (?:away|off|out|back)\b.*"
    r"\bwithout (?:getting |being )?(?:bitten|hit|attacked|stabbed|clawed|hurt|provoking|"
    r"(?:an |a free |taking an? )?(?:opportunity|free) (?:attack|hit|swing)|them|it)"
    r"|\bwithout (?:provoking|(?:an |taking an? )?opportunity attack)"
)
"""Asking how to leave a foe's reach unharmed: the Disengage rule."""


def getting_away(a: Asked) -> str | None:
    """Asked: "can I back away without getting bitten?", "how do I get out without an
    opportunity attack": leaving a foe's reach provokes its attack, unless one Disengages."""
    if not _GETTING_AWAY.search(a.text):
        return None
    sheet = a.own_sheet
    risk = " (or back away and risk it)" if a.state.encounter is not None else ""
    told = f"{ACTIONS['disengage']} Say 'disengage', then where to go{risk}."
    return told + (_cunning(sheet) if sheet is not None else "")


def potion_heals(a: Asked) -> str | None:
    """Asked: "how much does a healing potion heal?", "how much does my potion heal for":
    what the campaign's healing draughts restore, and what drinking one costs."""
    if a.campaign is None or not a.word(*POTION_WORDS):
        return None
    if not (a.word(*HEAL_WORDS) and a.has("how much", "how many", "what does", "how well")):
        return None
    heals = [i for i in a.campaign.items.values() if i.heals]
    if not heals:
        return None
    named = [i for i in heals if any(f" {n.lower()} " in a.text for n in (i.name, *i.aliases))]
    told = [f"A {i.name} restores {i.heals} hit points." for i in (named or heals)[:2]]
    return f"{' '.join(told)} Drinking one takes an action."


HEAL_WORDS = ("heal", "heals", "healing", "restore", "restores", "hp", "hit")
"""Words asking how much a draught mends."""


def potion_cost(a: Asked) -> str | None:
    """Asked: "can I drink a potion as a bonus action", "does a potion take my action", "can I
    give Thorin a potion and still attack"."""
    if not a.word(*POTION_WORDS) or not a.word(
        "action", "bonus", "turn", "attack", "free", "reaction", "cost", "take", "takes"
    ):
        return None
    if not a.word("drink", "drinking", "quaff", "use", "using", "give", "giving", "feed") and not (
        a.word("action", "bonus", "cost")
    ):
        return None
    text = (
        "Drinking a potion takes an action (so does pouring one down someone else's throat), "
        "not a bonus action; the bonus action and movement stay free for other things."
    )
    sheet = a.own_sheet
    fight = a.state.encounter
    if sheet is not None and fight is not None and fight.current.id == sheet.id:
        spend = fight.economy.get(sheet.id)
        if spend is not None and not spend.action and not spend.extra_actions:
            text += f" {sheet.name}'s action this turn is already spent."
    return text


_TWICE = re.compile(
    r"\b(?:twice|two attacks|2 attacks|(?<!sneak )attack again|hit (?:\w+ )?again|more than once|"
    r"how many attacks|extra attack)\b"
)
"""Asked how many blows a turn holds ("can i hit him twice?")."""


def attacks_a_turn(a: Asked) -> str | None:
    """Asked: "can I hit him twice?", "how many attacks do I get": the Attack action's
    blows, and what could add one (Action Surge, a second weapon)."""
    sheet = a.own_sheet
    if sheet is None or _TWICE.search(a.intent.text.lower()) is None:
        return None
    if a.creature is not None and a.creature not in a.state.party and not a.about_self:
        return None  # "does grubnak get two attacks?": the foe's (``foe_attacks``)
    blows = 2 if sheet.has("extra_attack") else 1
    many = "two attacks" if blows == 2 else "one attack"
    text = f"{sheet.name} makes {many} with the Attack action"
    more = []
    if sheet.has("action_surge") and sheet.uses_left("action_surge") > 0:
        more.append("Action Surge gives a whole second action, once between rests (say it "
                    "in the line)")  # fmt: skip
    light = [w for w in sheet.weapons if w in ("dagger", "shortsword", "handaxe", "scimitar")]
    if len(light) >= 2:
        more.append("a light weapon in each hand gives a bonus-action blow with the other")
    return text + (": " + "; ".join(more) + "." if more else ".")
