"""The offline referee resolves what players point at and lets the verb choose the means,
in both shipped campaigns: foes by who is engaged with whom, by the ledger, by state, gear
and wounds (asking back only when two fit alike); a bow shot is a shot, a spell named is
the spell, Help is the Help action beside the foe, a run for a way out leaves; and any
plausible deed on a thing the scene's words name gets a DM's ruling, with state changed
only where the rules allow."""

from __future__ import annotations

import json
from typing import Any

from app.session.setup import session_for
from app.understanding import Intent, understand
from app.world.ledger import ActionPerformed
from app.world.state import GameState
from rules.damage import LifeState
from rules.positions import engage
from tests.app.referee_lines import play
from tests.referee_corpus import Situation, build_situation

OPEN = {"trapdoor_open": True}
CELLAR = {"campaign": "crossroads", "scene": "cellar", "flags": OPEN, "fight": "cellar_rats"}
WARREN = {"campaign": "crossroads", "scene": "warren", "fight": "tunnel_guards",
          "flags": {**OPEN, "tam_found": True}, "defeated": ["cellar_rats"]}  # fmt: skip
HALL = {"campaign": "crossroads", "scene": "chief_hall", "fight": "grubnak_band", "turn": "thorin",
        "flags": {**OPEN, "tam_found": True, "guards_passed": True},
        "defeated": ["cellar_rats", "tunnel_guards"], "wounds": {"grubnak": 10},
        "dead": ["goblin-1"], "conditions": {"goblin-2": ["unconscious"]}}  # fmt: skip
INN = {"campaign": "crossroads", "scene": "inn", "met": ["berta"]}
STRAND = {"campaign": "drowned_bell", "scene": "strand", "fight": "strand_thralls"}
LIGHTHOUSE = {"campaign": "drowned_bell", "scene": "lighthouse"}
CHAPEL = {"campaign": "drowned_bell", "scene": "chapel", "fight": "warden", "turn": "wren"}

Made = list[tuple[str, dict[str, Any]]]


def game(base: dict[str, Any], **changes: Any) -> GameState:
    return build_situation(Situation.model_validate({**base, **changes}))


def read(state: GameState, actor: str, line: str) -> Intent:
    return understand(line, actor, state, state.campaign)


async def turn(state: GameState, actor: str, line: str) -> tuple[Made, str]:
    """The calls the referee made for the line, with their arguments, and what it said."""
    referee = await play(session_for(state), actor, line)
    made = [(c.name, dict(json.loads(c.arguments))) for c in referee.made]
    return made, " ".join(referee.notes)


def names(made: Made) -> list[str]:
    return [name for name, _ in made]


def aimed(made: Made, tool: str) -> dict[str, Any]:
    return next(args for name, args in made if name == tool)


def beside(state: GameState, one: str, other: str) -> None:
    assert state.encounter is not None
    engage(state.encounter.positions, one, other)


# -- foes pointed at ------------------------------------------------------------------------


async def test_the_rat_chewing_on_thorin_is_shot_with_the_bow_from_where_mira_stands() -> None:
    state = game(CELLAR, turn="mira")
    beside(state, "giant-rat-2", "thorin")
    made, _ = await turn(state, "mira", "shoot the rat chewing on Thorin")
    assert names(made) == ["attack", "end_turn"]  # no step into melee first
    assert aimed(made, "attack") == {"attacker_id": "mira", "target_id": "giant-rat-2",
                                     "weapon": "shortbow"}  # fmt: skip


async def test_the_one_thorin_is_fighting_is_the_one_engaged_with_him() -> None:
    state = game(CELLAR, turn="mira")
    beside(state, "giant-rat-3", "thorin")
    made, _ = await turn(state, "mira", "stab the one Thorin is fighting")
    assert aimed(made, "attack")["target_id"] == "giant-rat-3"


def test_a_foe_by_what_it_is_not_doing_or_by_being_in_ones_face() -> None:
    state = game(WARREN, turn="aria")
    beside(state, "goblin-1", "mira")
    beside(state, "goblin-2", "thorin")
    lines = (
        "fire bolt the goblin who isn't fighting Mira",
        "I attack the goblin that's not on mira",
        "zap the one not attacking mira",
        "hit the goblin in thorin's face",
    )
    for line in lines:
        assert read(state, "aria", line).targets == ("goblin-2",), line
    state = game(WARREN, turn="aria")
    beside(state, "goblin-2", "aria")
    assert read(state, "aria", "fire bolt the goblin in my face").targets == ("goblin-2",)


def struck(state: GameState, actor: str, target: str, action: str = "attack") -> None:
    """A blow in the ledger, as the engine records one."""
    state.truth.add(ActionPerformed(actor=actor, action=action, target=target), 1, state.scene.id)


async def test_who_did_what_last_is_read_from_the_ledger() -> None:
    cellar = {**CELLAR, "turn": "thorin", "wounds": {"giant-rat-1": 5}}  # rat 1: the weakest
    state = game(cellar)
    struck(state, "giant-rat-3", "thorin", "monster_action")
    made, _ = await turn(state, "thorin", "attack the rat that bit me")
    assert aimed(made, "attack")["target_id"] == "giant-rat-3"
    state = game(cellar)
    struck(state, "mira", "giant-rat-2")
    made, _ = await turn(state, "thorin", "hit whichever one Mira just hit")
    assert aimed(made, "attack")["target_id"] == "giant-rat-2"
    state = game(cellar)
    struck(state, "thorin", "giant-rat-3")
    for line in ("hit the same one again", "finish it off"):
        assert read(state, "thorin", line).targets == ("giant-rat-3",), line


async def test_state_and_wounds_pick_the_foe() -> None:
    cellar = {**CELLAR, "turn": "thorin", "wounds": {"giant-rat-2": 3},
              "conditions": {"giant-rat-3": ["unconscious"]}}  # fmt: skip
    for line, rat in (("attack the sleeping one", "giant-rat-3"), ("finish it off", "giant-rat-2"),
                      ("hit the wounded one", "giant-rat-2")):  # fmt: skip
        made, _ = await turn(game(cellar), "thorin", line)
        assert aimed(made, "attack")["target_id"] == rat, line


async def test_finishing_or_going_for_the_one_described_is_a_blow_at_it() -> None:
    warren = {**WARREN, "turn": "thorin", "wounds": {"goblin-2": 3}}
    for line, goblin in (("finish the one that's bleeding", "goblin-2"),
                         ("get the other one", "goblin-1")):  # fmt: skip
        made, _ = await turn(game(warren), "thorin", line)
        assert aimed(made, "attack")["target_id"] == goblin, line
    strand = {**STRAND, "turn": "ione", "dead": ["drowned-thrall-1"]}
    made, _ = await turn(game(strand), "ione", "get the other one")
    assert aimed(made, "attack")["target_id"] == "drowned-thrall-2"


async def test_two_foes_hurt_alike_are_asked_about_by_name() -> None:
    warren = {**WARREN, "turn": "aria", "wounds": {"goblin-1": 3, "goblin-2": 3}}
    for line in ("hit the wounded one", "finish it off"):
        state = game(warren)
        intent = read(state, "aria", line)
        assert intent.kind == "ask", line
        assert {r.target for r in intent.alternatives} == {"goblin-1", "goblin-2"}, line
        made, said = await turn(state, "aria", line)
        assert made == [] and "Goblin 1" in said and "Goblin 2" in said, line
    made, said = await turn(game(warren), "aria", "magic missile the wounded one")
    # offered as a choice, to be answered "2" or "the second"
    assert made == [] and "Magic Missile at Goblin 1 or cast Magic Missile at Goblin 2" in said


async def test_the_most_hurt_of_two_wounded_is_the_wounded_one() -> None:
    warren = {**WARREN, "turn": "aria", "wounds": {"goblin-1": 2, "goblin-2": 4}}
    made, _ = await turn(game(warren), "aria", "magic missile the wounded one")
    assert aimed(made, "cast_spell")["target_ids"] == ["goblin-2"] * 3
    made, _ = await turn(game(warren), "aria", "finish it off")
    assert aimed(made, "attack")["target_id"] == "goblin-2"


async def test_a_pronoun_in_a_threat_means_the_foe_still_awake() -> None:
    warren = {**WARREN, "turn": "mira", "wounds": {"goblin-1": 5},
              "conditions": {"goblin-2": ["unconscious"]}}  # fmt: skip
    state = game(warren)
    line = "knife to his throat: surrender or you're done"
    assert read(state, "mira", line).targets == ("goblin-1",)
    made, _ = await turn(state, "mira", line)
    assert aimed(made, "request_ability_check")["skill"] == "intimidation"


async def test_a_foe_described_with_nothing_to_do_to_it_is_asked_about() -> None:
    warren = {**WARREN, "turn": "mira", "conditions": {"goblin-2": ["unconscious"]}}
    made, said = await turn(game(warren), "mira", "the awake one")
    assert made == [] and "attack Goblin 1" in said


async def test_the_boss_the_unhurt_one_and_the_dead_one_in_grubnaks_hall() -> None:
    made, _ = await turn(game(HALL), "thorin", "throw handaxe at the boss")
    assert aimed(made, "attack") == {"attacker_id": "thorin", "target_id": "grubnak",
                                     "weapon": "handaxe", "mode": "thrown"}  # fmt: skip
    made, _ = await turn(game(HALL), "thorin", "shoot the boss with my crossbow")
    assert aimed(made, "attack")["weapon"] == "light_crossbow"
    hall = {**HALL, "turn": "mira", "conditions": {}, "wounds": {"goblin-2": 4}}
    made, _ = await turn(game(hall), "mira", "stab the goblin that isn't hurt")
    assert aimed(made, "attack")["target_id"] == "grubnak"
    state = game(HALL)
    assert read(state, "thorin", "stab the dead goblin").targets == ("goblin-1",)
    made, said = await turn(state, "thorin", "stab the dead goblin")
    assert made == [] and "already dead" in said


async def test_the_thrall_on_cass_and_the_dead_one_on_the_strand() -> None:
    state = game(STRAND, turn="ione")
    beside(state, "drowned-thrall-2", "cass")
    made, _ = await turn(state, "ione", "shoot the thrall on Cass")
    assert names(made) == ["attack", "end_turn"]
    assert aimed(made, "attack") == {"attacker_id": "ione", "target_id": "drowned-thrall-2",
                                     "weapon": "longbow"}  # fmt: skip
    strand = {**STRAND, "turn": "wren", "dead": ["drowned-thrall-1"]}
    made, said = await turn(game(strand), "wren", "stab the dead one again to make sure")
    assert made == [] and "already dead" in said


async def test_thralls_hurt_alike_are_asked_about() -> None:
    strand = {**STRAND, "turn": "ione", "wounds": {"drowned-thrall-1": 5, "drowned-thrall-2": 5}}
    made, said = await turn(game(strand), "ione", "finish it off")
    assert made == [] and "Drowned Thrall 1" in said and "Drowned Thrall 2" in said


# -- the verb chooses the means ---------------------------------------------------------------


async def test_shooting_with_a_crossbow_never_closes_to_melee() -> None:
    cellar = {**CELLAR, "turn": "thorin"}
    made, _ = await turn(game(cellar), "thorin", "shoot rat 2 with my crossbow")
    assert names(made) == ["attack", "end_turn"]
    assert aimed(made, "attack")["weapon"] == "light_crossbow"


async def test_shooting_without_a_bow_throws_a_dagger_and_never_swings_it() -> None:
    made, _ = await turn(game(CELLAR, turn="aria"), "aria", "shoot rat 2")
    assert names(made) == ["attack", "end_turn"]
    assert aimed(made, "attack") == {"attacker_id": "aria", "target_id": "giant-rat-2",
                                     "weapon": "dagger", "mode": "thrown"}  # fmt: skip


async def test_a_spell_named_without_cast_in_a_fight_is_the_spell_not_a_rest() -> None:
    for line in ("sleep them", "Sleep on the goblins"):
        made, _ = await turn(game(WARREN, turn="aria"), "aria", line)
        assert names(made) == ["cast_spell", "end_turn"], line
        assert aimed(made, "cast_spell")["spell"] == "sleep"
        assert set(aimed(made, "cast_spell")["target_ids"]) == {"goblin-1", "goblin-2"}


async def test_sleep_on_the_undead_is_refused_for_the_real_reason() -> None:
    for line in ("sleep the ghost", "cast sleep on maelis"):
        made, said = await turn(game(CHAPEL), "wren", line)
        assert made == [] and "undead" in said, line


async def test_help_in_a_fight_steps_up_to_the_friends_foe_and_strikes_no_blow() -> None:
    line = "I help thorin with his rat, distract it so he gets a clean hit"
    state = game(CELLAR, turn="mira")
    beside(state, "giant-rat-2", "thorin")
    made, _ = await turn(state, "mira", line)
    assert names(made) == ["move", "take_action", "end_turn"]
    assert aimed(made, "move") == {"creature_id": "mira", "to": "engage",
                                   "target_id": "giant-rat-2"}  # fmt: skip
    assert aimed(made, "take_action")["action"] == "help"
    assert any(e.id == "help" for e in state.party["thorin"].effects)


async def test_help_beside_a_foe_already_needs_no_step() -> None:
    state = game(STRAND, turn="wren")
    beside(state, "wren", "drowned-thrall-1")
    made, _ = await turn(state, "wren", "help Ione")
    assert names(made) == ["take_action", "end_turn"]
    assert aimed(made, "take_action") == {"creature_id": "wren", "action": "help",
                                          "target_id": "ione"}  # fmt: skip


async def test_a_rogue_hides_with_her_bonus_action_and_keeps_the_action() -> None:
    made, said = await turn(game(CELLAR, turn="mira"), "mira", "I hide behind the casks")
    assert names(made) == ["move", "use_feature"]  # behind the casks first
    assert aimed(made, "move")["to"] == "cover"
    assert aimed(made, "use_feature")["option"] == "hide"
    assert "still has an action" in said


async def test_retreating_up_a_way_out_leaves_but_backing_towards_it_does_not() -> None:
    hurt = {**CELLAR, "turn": "thorin", "dead": ["giant-rat-1", "giant-rat-2"]}
    made, _ = await turn(game(hurt), "thorin", "retreat up the stairs")
    assert aimed(made, "take_action") == {"creature_id": "thorin", "action": "flee",
                                          "scene_id": "inn"}  # fmt: skip
    made, _ = await turn(game(hurt), "thorin", "I disengage from the rat and run up the stairs")
    assert [a.get("action") for n, a in made if n == "take_action"] == ["disengage", "flee"]
    made, _ = await turn(game(hurt), "thorin", "I back away from the rat towards the stairs")
    assert names(made) == ["move"] and aimed(made, "move")["to"] == "far"
    assert read(game(hurt), "thorin", "I back away from the rat").targets == ("giant-rat-3",)


# -- improvised deeds -------------------------------------------------------------------------


async def test_a_knock_out_blow_is_an_attack_meant_to_subdue() -> None:
    made, _ = await turn(game(CELLAR, turn="thorin"), "thorin", "knock out rat 1")
    assert aimed(made, "attack") == {"attacker_id": "thorin", "target_id": "giant-rat-1",
                                     "knock_out": True}  # fmt: skip


async def test_tying_up_a_sleeper_with_rope_restrains_it_without_rope_takes_a_check() -> None:
    warren = {**WARREN, "turn": "mira", "conditions": {"goblin-2": ["unconscious"]}}
    made, said = await turn(game(warren), "mira", "tie up the sleeping goblin")
    assert names(made) == ["set_condition", "set_condition", "end_turn"] and "rope" in said
    held = [args["condition"] for name, args in made if name == "set_condition"]
    assert held == ["restrained", "incapacitated"]  # tied hand and foot: out of the fight
    made, said = await turn(game({**warren, "turn": "thorin"}), "thorin",
                            "tie up the sleeping goblin")  # fmt: skip
    assert made[0][0] == "request_ability_check" and "no rope" in said
    assert (made[0][1]["skill"], made[0][1]["dc"]) == ("athletics", 10)


async def test_shaking_a_sleeper_awake_ends_the_sleep() -> None:
    cellar = {**CELLAR, "turn": "thorin", "conditions": {"giant-rat-3": ["unconscious"]}}
    made, _ = await turn(game(cellar), "thorin", "wake the sleeping rat")
    assert aimed(made, "set_condition") == {"target_id": "giant-rat-3",
                                            "condition": "unconscious", "present": False,
                                            "reason": "shaken awake"}  # fmt: skip


async def test_a_foe_knocked_out_at_nought_is_not_shaken_awake() -> None:
    """SRD: a creature at 0 hit points is unconscious until it regains hit points; a stable
    one comes round after 1d4 hours. Shaking is for sleep, and the engine refuses the rest."""
    cellar = {**CELLAR, "turn": "thorin", "conditions": {"giant-rat-3": ["unconscious"]},
              "wounds": {"giant-rat-3": 7}}  # fmt: skip
    state = game(cellar)
    state.creatures["giant-rat-3"].vitals = state.creatures["giant-rat-3"].vitals.model_copy(
        update={"hp": 0, "state": LifeState.STABLE}
    )  # knocked out with the blow that dropped it
    made, said = await turn(state, "thorin", "wake the sleeping rat")
    assert "set_condition" not in names(made) and "out cold" in said
    from tests.app.test_class_features import run

    out = run(state, "set_condition", target_id="giant-rat-3", present=False,
              condition="unconscious", reason="x")  # fmt: skip
    assert "0 hit points" in str(out["result"].get("error"))


async def test_dragging_a_senseless_foe_is_a_strength_ruling_not_a_blow() -> None:
    line = "I drag the sleeping goblin out of the way behind the throne"
    state = game(HALL)
    assert read(state, "thorin", line).targets == ("goblin-2",)
    made, _ = await turn(state, "thorin", line)
    assert names(made)[:1] == ["request_ability_check"]
    assert aimed(made, "request_ability_check")["skill"] == "athletics"


async def test_opening_the_door_opens_it_and_goes_nowhere() -> None:
    state = game(INN)
    made, said = await turn(state, "thorin", "open the door")
    assert made == [] and "opens the front door" in said
    assert state.scene.id == "inn"


async def test_upstairs_is_no_trapdoor_and_downstairs_is() -> None:
    made, said = await turn(game(INN), "thorin", "go upstairs")
    assert made == [] and "no way up" in said
    made, said = await turn(game(INN), "thorin", "head downstairs")
    assert made == [] and "padlock holds the trapdoor" in said
    made, said = await turn(game(LIGHTHOUSE), "cass", "go upstairs")
    assert made == [] and "no way up" in said


async def test_things_the_scene_text_names_can_be_looked_at_and_taken() -> None:
    assert read(game(INN), "thorin", "examine the poker").targets == ("hearth",)
    made, said = await turn(game(INN), "thorin", "take the fireplace poker")
    assert "takes the poker" in said  # and carries it from now on
    assert made == [("change_item", {"action": "give", "character_id": "thorin", "item": "poker",
                                     "reason": "picked up"})]  # fmt: skip
    made, said = await turn(game(LIGHTHOUSE), "cass", "look at the cold grate")
    assert made == [] and "cold grate" in said and "book open on his knees" in said


async def test_carried_tools_and_lights_do_their_job() -> None:
    made, _ = await turn(game(INN), "mira", "I use my thieves tools on the padlock")
    assert aimed(made, "attempt_challenge")["challenge_id"] == "trapdoor_lock"
    made, said = await turn(game(INN), "mira", "light my lantern")
    assert made == [] and "lights the lantern" in said
    made, said = await turn(game(LIGHTHOUSE), "cass", "light a candle")
    assert made == [] and "lights the candle" in said


async def test_people_and_postures_are_no_ways_out() -> None:
    made, said = await turn(game(LIGHTHOUSE), "wren", "sit down beside Wendel")
    assert made == [] and "Wendel" in said
    line = "I sit down next to him and play something soft on the fiddle"
    assert read(game(LIGHTHOUSE), "wren", line).targets == ("wendel",)
    made, _ = await turn(game(LIGHTHOUSE), "wren", line)
    assert aimed(made, "request_ability_check")["skill"] == "performance"
    state = game(LIGHTHOUSE)
    made, _ = await turn(state, "wren", "sit down")
    assert made == [] and state.scene.id == "lighthouse"


async def test_getting_up_and_crouching_behind_cover_in_a_fight() -> None:
    prone = {**CELLAR, "turn": "thorin", "conditions": {"thorin": ["prone"]}}
    made, _ = await turn(game(prone), "thorin", "get up")
    assert aimed(made, "set_condition") == {"target_id": "thorin", "condition": "prone",
                                            "present": False, "reason": "gets back up"}  # fmt: skip
    made, _ = await turn(game(CELLAR, turn="thorin"), "thorin", "I crouch down behind the casks")
    assert aimed(made, "move") == {"creature_id": "thorin", "to": "cover", "feature": "casks"}


def test_the_foe_nearest_a_friend_is_one_engaged_with_them() -> None:
    state = game(CELLAR, turn="mira")
    where = state.encounter.positions  # type: ignore[union-attr]
    engage(where, "giant-rat-1", "thorin")
    engage(where, "giant-rat-2", "aria")
    for line in ("shoot the rat nearest aria", "I shoot the one closest to Aria"):
        assert read(state, "mira", line).targets == ("giant-rat-2",), line
    assert read(state, "mira", "shoot the rat nearest to thorin").targets == ("giant-rat-1",)


async def test_the_one_that_crit_a_friend_is_the_one_whose_blow_found_them() -> None:
    state = game({**CELLAR, "turn": "thorin", "wounds": {"giant-rat-1": 5}})
    struck(state, "giant-rat-3", "aria", "monster_action")
    made, _ = await turn(state, "thorin", "I attack the rat that crit Aria")
    assert aimed(made, "attack")["target_id"] == "giant-rat-3"
