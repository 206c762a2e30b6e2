"""An ending that tells of the Grey Sister as still there (Wendel "will not say what he
said to her in the empty nave") is not the ending of a story in which she was destroyed: a
party that fought her down, then rang the bell with her locket, has the bell fall silent —
once it heard of a woman the party had cut down."""

from __future__ import annotations

from app.session.triggers import run_triggers
from tests.referee_corpus import Situation, build_situation


def ending_of(**situation: object) -> str | None:
    state = build_situation(Situation.model_validate(
        {"campaign": "drowned_bell", "scene": "belfry",
         "flags": {"bell_rung": True, "knows_truth": True}, **situation}))  # fmt: skip
    state.party["ione"].inventory.append("maelis_locket")
    state.truth.scores["trust.wendel"] = 5
    run_triggers(state, "after_tools")
    return state.ending


def test_the_keepers_peace_is_for_a_sister_laid_to_rest_not_cut_down() -> None:
    assert ending_of(flags={"bell_rung": True, "warden_calmed": True}) == "keepers_peace"
    assert ending_of(defeated=["warden"]) == "laid_to_rest"
