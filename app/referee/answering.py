"""Questions the game knows the answer to, answered truthfully from the game itself.

A player asking "how hurt am I?", "what's Thorin's AC?", "whose turn is it?", "what does
prone do?" or "what's behind the bar?" is told the answer — read off the character
sheets, the fight, the scene, the story and the rules engine, in plain words with the real
numbers — and spends no action: answering only reads the world. A question the game cannot
answer (how old the chapel is, whether Grubnak is lying) gets ``None`` here, and the
referee's plainer answers take over.

The answers live in modules by what they read: :mod:`.answering_self` (sheets),
:mod:`.answering_kit` (what the packs hold, counted), :mod:`.answering_fight` (the fight),
:mod:`.answering_foes` (a kind of foe),
:mod:`.answering_traits` (what a character is and is trained in), :mod:`.answering_uses`
(what they have left to spend), :mod:`.answering_world` and :mod:`.answering_place` (scene,
story), :mod:`.answering_rules` and :mod:`.answering_actions` (the rules),
:mod:`.answering_table` (a player who thinks the game has stopped);
:mod:`.answering_words` reads the question. They are tried in a fixed order, the most
particular first: "what's my AC with my shield" is about AC, not the Shield spell.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace

from app.referee import (
    answering_actions,
    answering_fight,
    answering_foes,
    answering_kit,
    answering_place,
    answering_rules,
    answering_self,
    answering_spells,
    answering_table,
    answering_traits,
    answering_uses,
    answering_weapons,
    answering_who,
    answering_world,
)
from app.referee.answering_words import Asked, read_question
from app.understanding import Intent
from app.world.campaign import Campaign
from app.world.state import GameState

Answer = Callable[[Asked], "str | None"]

ORDER: tuple[Answer, ...] = (
    answering_table.stuck,
    answering_table.who_plays,
    answering_table.turns_explained,
    answering_world.why_only,
    answering_fight.fallen,
    answering_fight.after_me,
    answering_fight.whose_turn,
    answering_uses.feature_uses,
    answering_traits.own_trait,
    answering_traits.trained,
    answering_traits.languages,
    answering_uses.hit_dice,
    answering_uses.everything_left,
    answering_fight.on_whom,
    answering_fight.combatants,
    answering_world.just_happened,
    answering_world.given_lately,
    answering_world.where_next,
    answering_world.the_goal,
    answering_actions.potion_cost,
    answering_actions.potion_heals,
    answering_actions.attacks_a_turn,
    answering_who.who_plays,
    answering_who.mine,
    answering_who.who_we_are,
    answering_actions.action_rule,
    answering_actions.getting_away,
    answering_rules.turn_left,
    answering_rules.challenge_dc,
    answering_foes.foe_armour,
    answering_self.armour_class,
    answering_self.spell_slots,
    answering_self.spellcasting,
    answering_rules.advantage,
    answering_rules.glossary,
    answering_rules.standing,
    answering_spells.knows_spell,
    answering_spells.my_spell,
    answering_rules.spell_rule,
    answering_spells.unplayed_spell,
    answering_rules.feature_rule,
    answering_rules.helpless_crit,
    answering_rules.condition_rule,
    answering_foes.challenge_rating,
    answering_foes.stays_up,
    answering_foes.foe_kind,
    answering_foes.foe_attacks,
    answering_kit.how_many_carried,
    answering_self.bonuses,
    answering_self.level,
    answering_self.spells_known,
    answering_self.speed,
    answering_weapons.weapons,
    answering_self.carried,
    answering_self.features,
    answering_self.whole_sheet,
    answering_self.status,
    answering_self.conditions,
    answering_fight.hidden,
    answering_rules.resting,
    answering_fight.initiative,
    answering_fight.hurt_most,
    answering_self.hit_points,
    answering_who.still_standing,
    answering_who.party_health,
    answering_fight.foes_left,
    answering_fight.positions,
    answering_fight.foe_status,
    answering_fight.beaten,
    answering_place.the_place,
    answering_place.cover,
    answering_world.people_here,
    answering_world.ways,
    answering_world.met,
    answering_world.behind,
    answering_place.mentioned,
)
"""Every answer, in the order tried: the most particular first."""


def answer_from_game(state: GameState, campaign: Campaign | None, intent: Intent) -> str | None:
    """The answer to a question the game knows, in plain words; ``None`` when it is not
    one of those (the referee's other answers take over). Never changes the game."""
    if not intent.text.strip():
        return None
    both = _two_asked(intent.text, state)  # "whats my AC and HP": each answered
    if both is not None:
        said = [_first_answer(state, campaign, replace(intent, text=t)) for t in both]
        if said[0] and said[1] and said[0] != said[1]:
            return f"{said[0]} {said[1]}"
    return _first_answer(state, campaign, intent)


def _first_answer(state: GameState, campaign: Campaign | None, intent: Intent) -> str | None:
    asked = read_question(state, campaign, intent)
    for answer in ORDER:
        said = answer(asked)
        if said:
            return said
    return None


_WHOSE = frozenset({"i", "my", "me", "mine", "we", "our", "us", "his", "her", "their", "im"})
_ASKING = frozenset({
    "what", "whats", "what's", "how", "hows", "how's", "where", "wheres", "where's", "who",
    "whos", "who's", "which", "why", "when", "can", "could", "do", "does", "did", "is", "are",
    "am", "will", "would", "should", "shall", "may", "have", "has", "my", "your", "his", "her",
    "whose", "i", "we", "and",
})  # fmt: skip
"""Words a second question of its own opens with ("… and how far can my bow shoot?")."""
_AUX = frozenset({"do", "does", "did", "are", "is", "have", "has", "can", "could"})
_ALSO = re.compile(r"\s+(?:and|&|\+)\s+(?!i\b|we\b)|\?\s+")


def _two_asked(text: str, state: GameState) -> tuple[str, str] | None:
    """The two things a question asks, each as a question of its own: a full one after
    "and" or a question mark ("… and how far can my bow shoot?"), or a word or two put in
    place of the first's last ("whats my AC and HP" asks "whats my HP" too). Only when the
    first says whose it asks about: "how many hit points and spell slots do I have" is one
    question about the asker, whose first half alone would ask about the foes."""
    parts = [p for p in _ALSO.split(text.strip().rstrip("?!. ")) if p.strip()]
    if len(parts) != 2:
        return None
    names = {w for s in state.party.values() for w in s.name.lower().split()}
    said = set(re.findall(r"[a-z']+", parts[0].lower().replace("'s", "")))
    if not said & (_WHOSE | names) and len(said) > 2:
        return None  # ("hp and AC?": the asker's, as a bare word is)
    first, second = parts[0].split(), parts[1].split()
    wh = first[0].lower() in ("what", "which") and len(first) <= 3
    if wh and len(second) >= 3 and second[1].lower() in _AUX:  # "what spells and features do
        return f"{parts[0]} {' '.join(second[1:])}", f"{first[0]} {parts[1]}"  # I have?"
    if len(second) >= 3 and second[0].lower().strip("'") not in _ASKING:
        return None  # "can I cast a spell and attack in the same turn": one question of both
    if len(second) >= 3:
        return parts[0], parts[1]
    return parts[0], " ".join([*first[: max(0, len(first) - len(second))], *second])
