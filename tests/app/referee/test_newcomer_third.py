"""What a newcomer's third evening showed: a campaign ended by the word "down" (an Athletics
roll to climb back down from the belfry was taken for cutting the bell down, and the
bell fell into the sea), and lines whose words were taken for deeds nobody asked for."""

from __future__ import annotations

from app.actions.authored import authored_for
from rules.skills import Skill
from tests.app.referee_lines import read
from tests.referee_corpus import Situation, build_situation

BELFRY = {"campaign": "drowned_bell", "scene": "belfry",
          "flags": {"warden_calmed": True, "lamp_lit": True, "corin_saved": True}}  # fmt: skip


def test_a_check_that_shares_only_a_word_of_direction_is_no_challenge() -> None:
    state = build_situation(Situation.model_validate(BELFRY))
    leaving = "I climb back down. Let's go ask the lighthouse keeper if he has anything of hers"
    assert authored_for(state, "check", leaving, Skill.ATHLETICS) is None
    assert authored_for(state, "check", "cut the bell down", Skill.ATHLETICS) == "cut_bell"


def test_climbing_back_down_and_going_on_is_the_way_down_then_said_how_far() -> None:
    said = read(BELFRY, "ione", leaving := "I climb back down. Let's go ask the lighthouse "
                "keeper if he has anything of hers")  # fmt: skip
    assert next((c.kind, c.targets) for c in said) == ("move", ("chapel",)), leaving
    assert "improvise" not in [c.kind for c in said]
