"""A game whose characters took levels saves and resumes; a save whose levels the rules
could not have produced is refused, naming the key."""

from __future__ import annotations

from pathlib import Path

from app.actions.advancement_tools import take_level
from app.actions.campaign_tools import apply_effects
from app.saves import campaign_for, load_save, save_game
from app.session.setup import resume_session, start_session
from app.world.campaignfile import load_campaign
from app.world.challengespec import Effects
from app.world.folders import CAMPAIGNS_DIR
from app.world.state import GameState
from rules.abilities import Ability, AbilityScores
from tests.app.test_save_format import refused

CAMPAIGN = load_campaign(CAMPAIGNS_DIR / "crossroads")


def levelled() -> GameState:
    state = start_session(CAMPAIGN, 5).state
    apply_effects(state, Effects(xp=5400), None, "a deed")
    take_level(state, "thorin", hp="roll", asi={Ability.CON: 1, Ability.STR: 1})
    take_level(
        state,
        "aria",
        hp="average",
        asi={Ability.INT: 2},
        spells=["misty_step", "shatter", "acid_splash"],
    )
    return state


def test_a_party_that_took_levels_saves_and_resumes(tmp_path: Path) -> None:
    state = levelled()
    loaded = load_save(save_game(state, "levelled", tmp_path))
    assert campaign_for(loaded.state) is not None
    thorin = loaded.state.party["thorin"]
    assert thorin.level == 4 and thorin.abilities.constitution == 16 and thorin.xp == 2700
    assert loaded.state.party["aria"].spell_slots.maximum == {1: 4, 2: 3}


def test_a_level_the_experience_does_not_reach_is_refused(tmp_path: Path) -> None:
    state = levelled()
    state.party["thorin"].xp = 900
    refused(save_game(state, "x", tmp_path), r"state\.party\.thorin\.level: is 4, but 900 XP")


def test_scores_raised_beyond_the_improvements_the_levels_gave_are_refused(tmp_path: Path) -> None:
    state = levelled()
    thorin = state.party["thorin"]
    scores = thorin.abilities.model_dump(by_alias=True) | {"dex": 14}
    thorin.abilities = AbilityScores.model_validate(scores)
    refused(save_game(state, "x", tmp_path), r"thorin\.abilities: rose by 4 points: .* allow 2")


def test_more_hit_points_than_the_hit_dice_could_give_are_refused(tmp_path: Path) -> None:
    state = levelled()
    thorin = state.party["thorin"]
    thorin.vitals = thorin.vitals.model_copy(update={"max_hp": 60, "hp": 60})
    refused(save_game(state, "x", tmp_path), r"thorin\.vitals\.max_hp: is 60: .* at most 48")


def test_a_hill_dwarfs_best_roll_with_his_toughness_saves_and_loads(tmp_path: Path) -> None:
    state = levelled()  # a d10 of 10, CON 16 (+3 on all four levels) and Dwarven Toughness
    thorin = state.party["thorin"]
    thorin.vitals = thorin.vitals.model_copy(update={"max_hp": 48, "hp": 48})
    loaded = load_save(save_game(state, "best", tmp_path))
    resumed = resume_session(loaded.state, save=loaded.path)  # (joined to its campaign)
    assert resumed.state.party["thorin"].vitals.max_hp == 48


def test_slots_that_are_not_the_classs_at_its_level_are_refused(tmp_path: Path) -> None:
    state = levelled()
    state.party["aria"].spell_slots.maximum[2] = 4
    refused(save_game(state, "x", tmp_path), r"aria\.spell_slots\.maximum: .* has \{1: 4, 2: 3\}")


def test_what_a_level_never_changes_is_still_checked(tmp_path: Path) -> None:
    state = levelled()
    state.party["thorin"].armor = "plate"
    refused(save_game(state, "x", tmp_path), r"thorin\.armor: is 'plate'")
