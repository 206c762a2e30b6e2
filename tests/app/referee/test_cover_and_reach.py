"""Hiding behind a thing of the scene takes its cover first; a retreat behind one is a step
into cover; a short cone at a foe across the room steps up to that foe first."""

from __future__ import annotations

from app.session.session import GameSession
from app.session.setup import session_for
from tests.app.referee_lines import play, read
from tests.referee_corpus import Situation, build_situation

HALL_MIRA = {"campaign": "crossroads", "scene": "chief_hall", "fight": "grubnak_band",
             "turn": "mira"}  # fmt: skip
HALL_ARIA = {**HALL_MIRA, "turn": "aria"}
CHAPEL = {"campaign": "drowned_bell", "scene": "chapel", "fight": "warden", "turn": "ione",
          "flags": {"corin_saved": True}}  # fmt: skip
STRAND = {"campaign": "drowned_bell", "scene": "strand", "fight": "strand_thralls",
          "turn": "ione"}  # fmt: skip


def _session(spec: dict[str, object]) -> GameSession:
    return session_for(build_situation(Situation.model_validate(spec)))


def test_hiding_behind_a_thing_names_it() -> None:
    said = read(HALL_MIRA, "mira", "hide behind the heaps of loot")[0]
    assert (said.kind, said.action, said.target) == ("manoeuvre", "hide", "loot")


async def test_a_hide_behind_cover_takes_the_cover_then_hides() -> None:
    session = _session(CHAPEL)
    referee = await play(session, "ione", "hide behind a pew")
    names = [c.name for c in referee.made]
    assert names[:2] == ["move", "take_action"]
    assert '"to": "cover"' in referee.made[0].arguments
    spot = session.state.encounter.positions["ione"] if session.state.encounter else None
    assert spot is not None and spot.cover != "none"


async def test_a_hiding_place_that_gives_no_cover_is_still_a_hide() -> None:
    referee = await play(_session(STRAND), "ione", "hide among the rocks")
    assert [c.name for c in referee.made][:1] == ["take_action"]


def test_the_her_after_a_hide_behind_the_pews_is_the_foe_not_the_pews() -> None:
    first, then = read(CHAPEL, "ione", "hide behind the pews and shoot her")
    assert (first.action, first.target) == ("hide", "pews")
    assert (then.kind, then.target) == ("attack", "the-grey-sister")


def test_a_retreat_behind_a_thing_is_a_step_into_its_cover() -> None:
    steps = read(HALL_ARIA, "aria", "burning hands on Grubnak then retreat behind the throne")
    assert (steps[1].kind, steps[1].action, steps[1].target) == ("manoeuvre", "cover", "throne")


async def test_a_cone_at_a_foe_beyond_it_steps_up_to_the_foe_first() -> None:
    referee = await play(_session(HALL_ARIA), "aria", "burning hands on Grubnak")
    names = [c.name for c in referee.made]
    assert names[:2] == ["move", "cast_spell"]
    assert '"target_id": "grubnak"' in referee.made[0].arguments
