"""Words players use that the referee reads as a DM would: a verb's particle ("pry *up*
the flagstone") still names the author's challenge; a slip in an ordinal ("the secnd rat")
still counts; "the one nobody's hit yet" is the unhurt foe; someone's back is a body, not
the way back out; a hand lent to a person of the story simply happens."""

from __future__ import annotations

import pytest

from app.understanding import understand
from app.understanding.intent import Intent
from tests.referee_corpus import Situation, build_situation

CELLAR = {"campaign": "crossroads", "scene": "cellar", "flags": {"trapdoor_open": True},
          "defeated": ["cellar_rats"]}  # fmt: skip
RATS = {"campaign": "crossroads", "scene": "cellar", "flags": {"trapdoor_open": True},
        "fight": "cellar_rats", "turn": "thorin",
        "wounds": {"giant-rat-1": 3, "giant-rat-3": 2}}  # fmt: skip
WARREN = {"campaign": "crossroads", "scene": "warren", "defeated": ["cellar_rats"],
          "flags": {"trapdoor_open": True, "tam_found": True}}  # fmt: skip
INN = {"campaign": "crossroads", "scene": "inn", "met": ["berta"]}


def read(spec: dict[str, object], actor: str, text: str) -> Intent:
    state = build_situation(Situation.model_validate(spec))
    return understand(text, actor, state, state.campaign)


@pytest.mark.parametrize("line", ["pry up the flagstone", "lift up the flagstone"])
def test_a_particle_does_not_hide_the_authors_challenge(line: str) -> None:
    said = read(CELLAR, "thorin", line)
    assert (said.kind, said.targets) == ("challenge", ("flagstone",))


@pytest.mark.parametrize(
    "line",
    ["attak the secnd rat", "hit the one nobody's hit yet",
     "attack the one that's still at full health"],
)  # fmt: skip
def test_foes_singled_out_by_slipped_ordinals_and_by_being_unhurt(line: str) -> None:
    said = read(RATS, "thorin", line)
    assert (said.kind, said.targets) == ("attack", ("giant-rat-2",))


@pytest.mark.parametrize(
    "line",
    [
        "put an arrow in the nearest goblin's back",
        "jump the two goblins while their backs are turned",
    ],
)
def test_someones_back_is_no_way_back(line: str) -> None:
    said = read(WARREN, "mira", line)
    assert all(d.kind != "move" for d in (said, *said.then))


def test_going_back_is_still_a_move() -> None:
    assert read(WARREN, "mira", "I go back to the cellar").kind == "move"


def test_a_hand_lent_to_a_person_of_the_story_happens() -> None:
    said = read(INN, "mira", "help Berta carry the empty tankards to the kitchen")
    assert (said.kind, said.targets, said.extra) == ("improvise", ("berta",), ("free", "0"))


HOTSEAT_INN = {**INN, "players": {"Ana": ["mira"], "Ben": ["thorin"], "Cleo": ["aria"]}}


@pytest.mark.parametrize(
    ("spec", "line", "kind"),
    [
        (HOTSEAT_INN, "i'm done for now, someone else go", "hold"),
        (INN, "i kneel down and run my fingers over the scratches on the hatch", "examine"),
        ({"campaign": "crossroads", "scene": "old_road"}, "let's get back inside out of the rain",
         "move"),
        (INN, "lets just get a room for the night and deal with it in the morning", "rest"),
        (INN, "we rent a room and crash till morning", "rest"),
    ],
)  # fmt: skip
def test_everyday_ways_of_saying_the_games_own_deeds(
    spec: dict[str, object], line: str, kind: str
) -> None:
    assert read(spec, "mira", line).kind == kind


def test_a_shouted_line_names_no_stranger() -> None:
    spec = {**INN, "flags": {"trapdoor_open": True}, "challenges": {"trapdoor_lock": "passed"}}
    assert read(spec, "mira", "ALRIGHT LETS GO DOWN").kind == "move"
    assert read(spec, "mira", "Legolas looks around").kind == "refuse"


@pytest.mark.parametrize(
    "line", ["put my boot into the trapdoor", "puts his boot into the lock as hard as he can"]
)
def test_a_boot_put_to_a_thing_is_a_kick(line: str) -> None:
    said = read({**INN, "met": []}, "thorin", line)
    assert (said.kind, said.targets) == ("challenge", ("force_trapdoor",))


def test_a_word_drawn_out_is_the_word() -> None:
    rats = {**RATS, "turn": "aria"}
    said = read(rats, "aria", "Sleeeep little ratties")
    assert (said.kind, said.spell) == ("cast", "sleep")


@pytest.mark.parametrize("line", ["down the stairs we go", "down the trapdoor we go"])
def test_a_line_that_starts_with_the_way_down_goes_down(line: str) -> None:
    said = read({**INN, "flags": {"trapdoor_open": True}}, "mira", line)
    assert (said.kind, said.targets) == ("move", ("cellar",))


@pytest.mark.parametrize("line", ["lift that loose flagstone", "I pry up that loose flagstone"])
def test_a_thing_named_in_full_still_names_the_authors_challenge(line: str) -> None:
    said = read({**CELLAR, "flags": {"trapdoor_open": True, "tam_found": True}}, "mira", line)
    assert (said.kind, said.targets) == ("challenge", ("flagstone",))
