"""Deeds a fresh play-tester's set showed misread: a foe named with a possessive ("skeleton
3's skull"), "the knocked-out one" (a foe described, no blow to subdue), "the one that's
down" (a foe knocked senseless lies prone too), a wound on someone named by its owner
("the scrape on Wren's knee … and bandage it": no rest), and Spare the Dying at a friend
who is not dying, or out of reach."""

from __future__ import annotations

from app.session.setup import session_for
from rules.damage import LifeState
from tests.app.referee_lines import play, read
from tests.referee_corpus import Situation, build_situation

SKELETONS = {"campaign": "hollow_ford", "scene": "barrow", "fight": "barrow_dead",
             "turn": "bram", "defeated": ["woods_wolves"], "flags": {"barrow_open": True},
             "dead": ["skeleton-1"], "wounds": {"skeleton-2": 6}}  # fmt: skip
SLEEPER = {"campaign": "drowned_bell", "scene": "strand", "fight": "strand_thralls",
           "turn": "ione", "conditions": {"drowned-thrall-1": ["unconscious"]}}  # fmt: skip
FOUND = {"campaign": "hollow_ford", "scene": "barrow", "defeated": ["woods_wolves", "barrow_dead"],
         "flags": {"barrow_open": True, "wren_found": True}}  # fmt: skip
STRAND = {"campaign": "drowned_bell", "scene": "strand", "fight": "strand_thralls",
          "turn": "cass"}  # fmt: skip


def test_a_foe_named_with_a_possessive_is_that_foe() -> None:
    for line in ("hit skeleton 3's skull", "I knock skeleton 3's skull clean off"):
        assert read(SKELETONS, "bram", line)[0].targets == ("skeleton-3",)


def test_the_knocked_out_one_is_a_foe_described_not_a_blow_to_subdue() -> None:
    for line in ("I shoot the knocked-out one before it gets up", "shoot the one that's down"):
        said = read(SLEEPER, "ione", line)[0]
        assert (said.kind, said.targets) == ("attack", ("drowned-thrall-1",))
    assert read(SLEEPER, "ione", "I knock him out cold")[0].extra[:1] == ("knock_out",)


def test_a_wound_on_someone_is_tended_not_rested() -> None:
    said = read(FOUND, "sela", "I clean the scrape on Wren's knee and bandage it")
    assert [(c.kind, c.targets) for c in said] == [("improvise", ("wren",)),
                                                   ("improvise", ("wren",))]  # fmt: skip
    assert read(FOUND, "sela", "let's bandage up and rest")[0].kind == "rest"


async def test_spare_the_dying_at_a_friend_who_is_not_dying_is_kept() -> None:
    session = session_for(build_situation(Situation.model_validate(STRAND)))
    referee = await play(session, "cass", "cast spare the dying on Wren")
    assert referee.made == []
    assert "Wren is not dying; Brother Cass keeps Spare the Dying" in (
        session.state.history[-1].narrative
    )


async def test_spare_the_dying_steps_to_the_dying_friend_first() -> None:
    dying = {**STRAND, "wounds": {"wren": 30}}
    session = session_for(build_situation(Situation.model_validate(dying)))
    referee = await play(session, "cass", "cast spare the dying on Wren")
    assert [c.name for c in referee.made][:2] == ["move", "cast_spell"]
    assert session.state.party["wren"].vitals.state is LifeState.STABLE


STRAND_WREN = {**STRAND, "turn": "wren"}
WARREN = {"campaign": "crossroads", "scene": "warren", "defeated": ["cellar_rats"],
          "flags": {"trapdoor_open": True, "tam_found": True}}  # fmt: skip
LIGHTHOUSE = {"campaign": "drowned_bell", "scene": "lighthouse"}
INN = {"campaign": "crossroads", "scene": "inn"}


def test_pulling_someone_clear_of_the_foes_is_no_deed_at_the_foes() -> None:
    for line in ("I run to the young man and pull him away from the thralls",
                 "I rush into the water and haul Corin clear of them"):  # fmt: skip
        said = read(STRAND_WREN, "wren", line)
        assert [(c.kind, c.extra[:1], c.targets) for c in said] == [
            ("improvise", ("rescue",), ())]  # fmt: skip


def test_slipping_by_where_the_way_on_is_a_stealth_challenge_is_that_challenge() -> None:
    said = read(WARREN, "mira", "I creep forward quietly")[0]
    assert (said.kind, said.targets) == ("challenge", ("sneak_past",))


def test_shutting_a_door_is_done_and_never_the_challenge_of_forcing_it() -> None:
    for line in ("slam the trapdoor", "close the trapdoor"):
        said = read(INN, "thorin", line)[0]
        assert (said.kind, said.action) == ("improvise", "auto")


def test_climbing_up_to_a_challenge_is_the_way_to_it() -> None:
    said = read(LIGHTHOUSE, "ione", "I climb up and light the lamp")
    assert [(c.kind, c.targets) for c in said] == [("challenge", ("light_lamp",))]
