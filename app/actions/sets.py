"""The tool set each game state offers. Kept small: every schema is paid for in tokens on
every call, so exploration and combat each get only what they use, and of those only the
ones that can apply in the game as it stands (:mod:`app.actions.offers`) are sent — every
tool of a set is still run when called."""

from __future__ import annotations

from app.actions import advancement_tools as adv
from app.actions import args as a
from app.actions import authored as au
from app.actions import campaign_tools as c
from app.actions import challenge_tools as ch
from app.actions import check_tools as ct
from app.actions import combat_tools as k
from app.actions import condition_tools as cn
from app.actions import fates as ft
from app.actions import feature_tools as f
from app.actions import fight_tools, opposed
from app.actions import handing as hd
from app.actions import judgment_tools as jt
from app.actions import monster_actions as m
from app.actions import moving as mv
from app.actions import offers as o
from app.actions import reaction_tools as rt
from app.actions import rest_tools as r
from app.actions import spell_tools as sp
from app.actions import surprise as su
from app.actions import turn_tools as tt
from app.actions import world_tools as wt
from app.actions.registry import Tool, ToolSet

CHECK = Tool("request_ability_check", a.CalmCheckArgs, au.ability_check_tool)
SAVE = Tool("request_saving_throw", a.SavingThrowArgs, au.saving_throw_tool)
GROUP = Tool("request_group_check", a.GroupCheckArgs, au.group_check_tool, o.several_characters)
ROLL = Tool("roll_dice", a.RollDiceArgs, ct.roll_dice_tool)
START_COMBAT = Tool("start_combat", a.StartCombatArgs, su.start_combat_tool)
RESTRICT = Tool("restrict_action", a.RestrictActionArgs, wt.restrict_action_tool, o.several_players)
ENCOUNTER = Tool("get_encounter", a.GetEncounterArgs, tt.get_encounter_tool)
NO_ENCOUNTER = Tool(
    "get_encounter",
    a.GetEncounterArgs,
    tt.get_encounter_tool,
    lambda state: state.encounter is not None,
)
"""``get_encounter`` out of a fight answers "no active encounter": not worth its schema."""
DAMAGE = Tool("damage", a.DamageArgs, wt.damage_tool)
HEAL = Tool("heal", a.HealArgs, wt.heal_tool, o.someone_wounded)
CONDITION = Tool("set_condition", a.ConditionArgs, cn.condition_tool)
ITEM = Tool("change_item", a.ItemArgs, wt.item_tool)
MOVE = Tool("move_scene", a.MoveSceneArgs, wt.move_scene_tool, o.a_way_out)
FLAG = Tool("set_flag", a.SetFlagArgs, au.set_flag_tool)
REVEAL = Tool("reveal", a.RevealArgs, wt.reveal_tool)
END_TURN = Tool("end_turn", a.EndTurnArgs, tt.end_turn_tool)
END_COMBAT = Tool("end_combat", a.EndCombatArgs, fight_tools.end_combat_tool)
CHALLENGE = Tool(
    "attempt_challenge", a.ChallengeArgs, ch.attempt_challenge_tool, o.a_challenge_here
)
FIGHT_CHALLENGE = Tool(
    "attempt_challenge", a.ChallengeArgs, ch.fight_challenge_tool, o.a_challenge_ending_the_fight
)
"""In a fight, a challenge made to end it (the Grey Sister prayed to rest), with an action."""
CAMPAIGN_MOVE = Tool("move_scene", a.MoveSceneArgs, c.move_tool, o.a_way_out)
TALK = Tool("talk_to", a.TalkArgs, c.talk_tool, o.someone_to_talk_to)
FATE = Tool("decide_fate", ft.DecideFateArgs, ft.decide_fate_tool, ft.someone_at_mercy)
PRESENT = Tool("present_item", hd.PresentItemArgs, hd.present_item_tool, o.someone_to_talk_to)
ATTACK = Tool("attack", a.AttackArgs, k.attack_tool)
CAST = Tool("cast_spell", a.CastSpellArgs, sp.cast_spell_tool, o.someone_can_cast)
FIGHT_ITEM = Tool("change_item", a.ItemArgs, wt.item_tool, o.a_potion_to_drink)
FIGHT_CHECK = Tool(
    "request_ability_check", a.AbilityCheckArgs, opposed.fight_check_tool, o.a_characters_moment
)
CALM_CAST = Tool("cast_spell", a.CastSpellArgs, sp.cast_spell_tool, o.a_spell_called_for)
ACT = Tool("take_action", a.TakeActionArgs, k.take_action_tool)
STABILIZE = Tool("take_action", a.TakeActionArgs, k.take_action_tool, o.someone_dying)
"""``take_action`` out of a fight: offered while someone is dying (to stabilise them)."""
REST = Tool("rest", a.RestArgs, r.rest_tool, o.something_to_rest_for)
FEATURE = Tool("use_feature", f.UseFeatureArgs, f.use_feature_tool, o.someone_has_a_feature)
CALM_FEATURE = Tool("use_feature", f.UseFeatureArgs, f.use_feature_tool, o.a_feature_out_of_a_fight)
"""``use_feature`` out of a fight: offered for healing the wounded and for inspiration."""
AWARD_XP = Tool("award_xp", adv.AwardXpArgs, adv.award_xp_tool, o.a_deed_to_reward)
STEP = Tool("move", a.MoveArgs, mv.move_tool)
MONSTER_ACTION = Tool(
    "monster_action", a.MonsterActionArgs, m.monster_action_tool, o.a_foe_with_moves
)
REACT = Tool(
    "open_reaction_window", rt.OpenReactionWindowArgs, rt.open_reaction_window_tool,
    o.a_foes_turn,
)  # fmt: skip
JUDGE = Tool("record_judgment", jt.RecordJudgmentArgs, jt.record_judgment_tool, jt.worth_judging)
"""``record_judgment``: offered out of a fight where the scene listens for something."""
END_SUBTURN = Tool("end_subturn", rt.EndSubturnArgs, rt.end_subturn_tool, o.declarations_waiting)

EXPLORATION_TOOLS = ToolSet(
    [CHECK, SAVE, GROUP, ROLL, START_COMBAT, RESTRICT, NO_ENCOUNTER, DAMAGE, HEAL, CONDITION,
     ITEM, MOVE, FLAG, REVEAL, REST, STABILIZE, CALM_FEATURE, CALM_CAST]
)  # fmt: skip
"""Exploration: ``take_action`` is here for stabilising the dying out of a fight, casting
for Guidance before a check, healing and Revivify after a fight."""
CAMPAIGN_EXPLORATION_TOOLS = ToolSet(
    [CHALLENGE, CHECK, SAVE, GROUP, ROLL, START_COMBAT, RESTRICT, NO_ENCOUNTER, DAMAGE, HEAL,
     CONDITION, ITEM, CAMPAIGN_MOVE, TALK, PRESENT, FLAG, REVEAL, REST, STABILIZE, CALM_FEATURE,
     AWARD_XP, CALM_CAST, JUDGE, FATE]
)  # fmt: skip
"""Exploration in a campaign: authored challenges, scene moves that follow the map, and
experience (only a campaign says how its party advances)."""
COMBAT_TOOLS = ToolSet(
    [ATTACK, CAST, ACT, STEP, FEATURE, FIGHT_CHECK, SAVE, ROLL, ENCOUNTER, DAMAGE, HEAL, CONDITION,
     END_TURN, END_COMBAT, MONSTER_ACTION, REACT, END_SUBTURN, FIGHT_ITEM, FIGHT_CHALLENGE]
)  # fmt: skip
ALL_TOOLS = ToolSet(
    [CHALLENGE, CHECK, SAVE, GROUP, ROLL, START_COMBAT, RESTRICT, ENCOUNTER, DAMAGE, HEAL,
     CONDITION, ITEM, CAMPAIGN_MOVE, TALK, FLAG, REVEAL, ATTACK, CAST, ACT, STEP, END_TURN,
     END_COMBAT, REST, FEATURE, AWARD_XP, MONSTER_ACTION, REACT, END_SUBTURN, JUDGE, PRESENT, FATE]
)  # fmt: skip
"""Every tool, for ``dungeon tool`` and tests."""
