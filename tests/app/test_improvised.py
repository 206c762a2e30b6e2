"""Improvised deeds get a ruling, as a DM gives one: the check a deed needs and its DC, or
an automatic result; state only where the rules allow (a bound sleeper is restrained, a
woken one wakes, the Help action gives a friend advantage); threats in a fight are an
Intimidation check; a deed on a thing in a fight is not a blow at a foe."""

from __future__ import annotations

import json

from app.actions.calls import ToolCall
from app.referee.referee import OfflineReferee
from app.referee.ruling import read_of
from app.session.setup import session_for
from app.understanding import understand
from app.world.standing import fight_over, fights_on
from app.world.state import GameState
from app.world.tied import BOUND, bound
from rules.conditions import ActiveCondition, Condition
from rules.positions import engage
from tests.app.referee_lines import play
from tests.referee_corpus import Situation, build_situation

WARREN = {"campaign": "crossroads", "scene": "warren", "fight": "tunnel_guards", "turn": "thorin",
          "flags": {"trapdoor_open": True, "tam_found": True}, "defeated": ["cellar_rats"],
          "challenges": {"sneak_past": "failed"}}  # fmt: skip


def game(**changes: object) -> GameState:
    return build_situation(Situation.model_validate({**WARREN, **changes}))


def read(state: GameState, actor: str, line: str) -> tuple[str, tuple[str, ...], str | None]:
    intent = understand(line, actor, state, state.campaign)
    return intent.kind, intent.targets, intent.action


async def calls_for(state: GameState, actor: str, line: str) -> list[ToolCall]:
    return (await play(session_for(state), actor, line)).made


def args(call: ToolCall) -> dict[str, object]:
    return dict(json.loads(call.arguments))


async def test_tying_up_a_sleeper_restrains_it_without_a_roll() -> None:
    state = game(conditions={"goblin-2": ["unconscious"]}, give={"thorin": ["rope (50 ft)"]})
    assert read(state, "thorin", "tie up the sleeping goblin")[:2] == ("improvise", ("goblin-2",))
    made = await calls_for(state, "thorin", "tie up the sleeping goblin")
    assert [c.name for c in made] == ["set_condition", "set_condition", "end_turn"]
    assert [args(c)["condition"] for c in made[:2]] == ["restrained", "incapacitated"]
    held = {c.condition.value for c in state.creatures["goblin-2"].conditions}
    assert {"restrained", "incapacitated"} <= held
    assert bound(state.creatures["goblin-2"]) and not fights_on(state, "goblin-2")


def _tie(state: GameState, cid: str) -> None:
    for held in (Condition.RESTRAINED, Condition.INCAPACITATED):
        state.creatures[cid].conditions.append(ActiveCondition(condition=held, note=BOUND))


def test_a_fight_whose_foes_are_all_tied_up_is_over() -> None:
    state = game()
    _tie(state, "goblin-1")
    assert fight_over(state) == ""  # goblin 2 still fights
    _tie(state, "goblin-2")
    assert fight_over(state) == "no foe can fight on: Goblin 1 tied up, Goblin 2 tied up"


def test_a_bound_foe_only_strains_at_the_ropes_on_its_turn() -> None:
    state = game()
    _tie(state, "goblin-1")
    referee = session_for(state).brain
    assert isinstance(referee, OfflineReferee)
    calls = referee._foe_turn(state, "goblin-1")
    assert [c.name for c in calls] == ["end_turn"]
    assert "strains against the ropes" in " ".join(referee.notes)


async def test_threats_in_a_fight_are_an_intimidation_check() -> None:
    state = game()
    for line in ("surrender and you live!", "drop your weapons, goblins!", "YIELD!"):
        assert read(state, "thorin", line)[::2] == ("improvise", "intimidation"), line
    made = await calls_for(state, "thorin", "drop your weapons, goblins!")
    assert made[0].name == "request_ability_check"
    assert (args(made[0])["skill"], args(made[0])["dc"]) == ("intimidation", 15)


def test_the_speakers_own_retreat_or_surrender_is_no_threat() -> None:
    state = game()
    assert read(state, "thorin", "I back off toward the curtain")[0] != "improvise"
    assert read(state, "thorin", "we give up")[0] != "improvise"


async def test_help_in_a_fight_is_the_help_action_on_the_friend() -> None:
    state = game()
    assert state.encounter is not None  # Thorin beside a goblin: Help aids an attack on it
    goblin = next(c.id for c in state.encounter.order if c.id in state.creatures)
    engage(state.encounter.positions, "thorin", goblin)
    assert read(state, "thorin", "I help Mira, I distract the goblin")[:2] == (
        "improvise", ("mira",),
    )  # fmt: skip
    made = await calls_for(state, "thorin", "I help Mira, I distract the goblin")
    assert made[0].name == "take_action"
    assert (args(made[0])["action"], args(made[0])["target_id"]) == ("help", "mira")
    assert any(e.id == "help" for e in state.party["mira"].effects)


def test_a_deed_on_a_thing_in_a_fight_is_not_a_blow_at_a_foe() -> None:
    state = game()
    kind, targets, skill = read(state, "thorin", "I kick the turnip sack at the goblins")
    assert kind == "improvise" and skill == "athletics"
    assert not set(targets) & set(state.creatures)


def test_performing_praying_and_tracking_call_for_their_skills() -> None:
    harbour = build_situation(Situation.model_validate({"campaign": "drowned_bell",
                                                        "scene": "harbour"}))  # fmt: skip
    assert read(harbour, "wren", "I play a sad shanty on my fiddle")[::2] == (
        "improvise", "performance",
    )  # fmt: skip
    road = build_situation(Situation.model_validate({"campaign": "crossroads",
                                                     "scene": "old_road"}))  # fmt: skip
    assert read(road, "thorin", "I follow the footprints")[::2] == ("improvise", "survival")
    assert read(road, "thorin", "I say a prayer for the lost")[::2] == ("improvise", "auto")


def test_a_bare_verb_with_nothing_to_it_is_asked_back() -> None:
    state = build_situation(Situation.model_validate({"campaign": "crossroads", "scene": "inn"}))
    assert read(state, "mira", "sing")[0] == "ask"


def test_a_thing_dropped_into_a_feature_is_a_deed_not_a_drop() -> None:
    strand = build_situation(Situation.model_validate(
        {"campaign": "drowned_bell", "scene": "strand", "defeated": ["strand_thralls"]}
    ))  # fmt: skip
    kind, targets, _ = read(strand, "ione", "I drop my fishing line into a tide pool")
    assert (kind, targets) == ("improvise", ("tide_pools",))
    assert read(strand, "ione", "drop my rope")[0] == "drop"


def test_helping_a_friend_up_is_help_not_a_step_back() -> None:
    chapel = build_situation(Situation.model_validate(
        {"campaign": "drowned_bell", "scene": "chapel", "fight": "warden", "turn": "wren",
         "conditions": {"ione": ["prone"]}}
    ))  # fmt: skip
    assert read(chapel, "wren", "I help ione back up on her feet")[:2] == ("improvise", ("ione",))


def test_a_blow_at_a_shut_way_is_forcing_it_and_never_walking_through() -> None:
    inn = build_situation(Situation.model_validate({"campaign": "crossroads", "scene": "inn"}))
    for line in ("hit the trapdoor with my axe", "hit the trapdoor"):
        assert read(inn, "thorin", line)[:2] == ("challenge", ("force_trapdoor",)), line


async def test_tying_up_a_foe_still_fighting_is_hard_and_takes_the_action() -> None:
    state = game()
    made = await calls_for(state, "thorin", "I tie up goblin 1 and then attack goblin 2")
    checks = [args(c) for c in made if c.name == "request_ability_check"]
    assert [(c["skill"], c["dc"]) for c in checks] == [("athletics", 20)]
    # whatever the roll, the action went on it: the blow after it waits for the next turn
    assert not [c for c in made if c.name == "attack"]
    assert "will have to wait" in state.history[-1].narrative


async def test_a_rope_is_cut_by_a_blade_and_pews_are_still_no_foe() -> None:
    spec = {"campaign": "drowned_bell", "scene": "chapel", "fight": "warden", "turn": "ione"}
    state = build_situation(Situation.model_validate(spec))
    intent = understand("I cut the bell rope so she can't ring it", "ione", state, state.campaign)
    assert (intent.kind, intent.targets, intent.action) == ("improvise", ("rope",), "auto")
    assert read(state, "ione", "slash at the pews")[0] == "ask"
    await calls_for(state, "ione", "I cut the bell rope so she can't ring it")
    assert "Ione cuts the bell rope" in state.history[-1].narrative


async def test_whether_someone_lies_is_an_insight_check_told_from_the_story() -> None:
    spec = {"campaign": "drowned_bell", "scene": "lighthouse"}
    state = build_situation(Situation.model_validate(spec))
    for line in ("I try to tell if Wendel is lying", "I read Wendel's face"):
        intent = understand(line, "ione", state, state.campaign)
        assert (intent.kind, intent.targets, intent.action) == ("improvise", ("wendel",),
                                                                "insight")  # fmt: skip
    # Wendel has a topic the story has not opened yet: a good read sees him hold it back
    assert "holding something back" in read_of(state, "wendel", won=True)
    assert "cannot read" in read_of(state, "wendel", won=False)
    made = await calls_for(state, "ione", "I try to tell if Wendel is lying")
    assert [args(c)["skill"] for c in made] == ["insight"]
    assert "Wendel" in state.history[-1].narrative


async def test_a_deed_with_no_words_of_its_own_is_told_as_the_player_put_it() -> None:
    spec = {"campaign": "crossroads", "scene": "cellar", "fight": "cellar_rats", "turn": "thorin"}
    state = build_situation(Situation.model_validate(spec))
    assert read(state, "thorin", "I step in front of Aria to protect her")[:2] == (
        "improvise", ("aria",))  # fmt: skip
    await calls_for(state, "thorin", "I step in front of Aria to protect her")
    assert "Thorin steps in front of Aria to protect her." in state.history[-1].narrative
    climb = read(state, "thorin", "i climb on top of the casks to get above the rats")
    assert climb[:2] == ("improvise", ("casks",))


def test_a_face_watched_is_the_face_of_the_one_here() -> None:
    state = build_situation(Situation.model_validate({"campaign": "drowned_bell",
                                                      "scene": "lighthouse"}))  # fmt: skip
    assert read(state, "ione", "I watch his face") == ("improvise", ("wendel",), "insight")
