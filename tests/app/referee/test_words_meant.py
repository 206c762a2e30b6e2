"""What players mean, read from their words in both the shipped campaign's fights and
talk: darts shared out as said, a threat at the leader it is shouted at, "what now" as a
question, foes the scene shows answering words before their fight, a keyhole as the
padlock's, a crowbar put to a thing, and a question asked after a greeting."""

from __future__ import annotations

import pytest

from app.world import intent, meaning
from tests.app.referee.test_references_means import (
    CELLAR,
    HALL,
    INN,
    WARREN,
    aimed,
    game,
    names,
    read,
    turn,
)


@pytest.fixture(autouse=True)
def _by_keywords(monkeypatch: pytest.MonkeyPatch) -> None:
    """Campaign triggers hear the lines by keywords alone (no meaning model to load)."""
    monkeypatch.setattr(meaning, "_LOADED", [None])
    monkeypatch.setattr(intent, "_HEADS", [])  # no head kept from a model-less test


@pytest.mark.parametrize(
    ("line", "darts"),
    [
        ("magic missile, two darts at rat 3 and one at rat 1",
         ["giant-rat-3", "giant-rat-3", "giant-rat-1"]),
        ("cast magic missile: 2 darts at rat 2, 1 at rat 3",
         ["giant-rat-2", "giant-rat-2", "giant-rat-3"]),
    ],
)  # fmt: skip
async def test_magic_missile_darts_go_where_the_line_shares_them(
    line: str, darts: list[str]
) -> None:
    made, said = await turn(game(CELLAR, turn="aria"), "aria", line)
    assert aimed(made, "cast_spell")["target_ids"] == darts
    assert "have to wait" not in said


async def test_split_the_missiles_shares_them_between_the_rats() -> None:
    state = game(CELLAR, turn="aria", dead=["giant-rat-1"])
    made, _ = await turn(state, "aria", "split the missiles between the two rats")
    assert sorted(set(aimed(made, "cast_spell")["target_ids"])) == ["giant-rat-2", "giant-rat-3"]


@pytest.mark.parametrize(
    "line",
    ["magic missile at the rats, one dart each", "magic missile each rat",
     "magic missile, a dart apiece at the rats"],
)  # fmt: skip
async def test_a_dart_each_shares_the_missiles_between_the_rats(line: str) -> None:
    made, _ = await turn(game(CELLAR, turn="aria"), "aria", line)
    assert sorted(aimed(made, "cast_spell")["target_ids"]) == [
        "giant-rat-1", "giant-rat-2", "giant-rat-3"
    ]  # fmt: skip


async def test_darts_at_one_rat_are_told_as_one_sum_not_a_repeated_line() -> None:
    """Three darts into one rat: the story says what each did and the whole, once (the
    same sentence twice was told once, and the story lost a dart)."""
    _, said = await turn(game(CELLAR, turn="aria"), "aria", "magic missile rat 1")
    assert "Giant Rat 1 takes " in said and " = " in said
    assert said.count("Giant Rat 1 takes") == 1


async def test_tying_up_a_sleeping_foe_in_a_fight_takes_the_action() -> None:
    """Binding a senseless rat with rope is sure (no roll) but not free: the blow said after
    it waits for the next turn, and the player is told why."""
    state = game(CELLAR, turn="mira", conditions={"giant-rat-1": ["unconscious"]},
                 give={"mira": ["rope"]})  # fmt: skip
    made, said = await turn(state, "mira", "tie up the sleeping rat 1 and then stab rat 2")
    assert "attack" not in names(made)
    assert "already spent (on tying up Giant Rat 1)" in said


TAM_FOUND = {"campaign": "crossroads", "scene": "cellar", "defeated": ["cellar_rats"],
             "flags": {"trapdoor_open": True, "tam_found": True}}  # fmt: skip


@pytest.mark.parametrize(
    "line",
    ["what did the goblins look like, Tam?",
     "Tam are you ok? dont worry kid we got you. what did the goblins look like?"],
)  # fmt: skip
async def test_a_question_one_person_here_can_answer_is_put_to_them(line: str) -> None:
    """Tam knows of the goblins: asked about them, by name or after a word to him, he
    answers — not "Tam might know: ask Tam about goblins"."""
    _, said = await turn(game(TAM_FOUND), "aria", line)
    assert "Little, with big ears" in said and "might know" not in said


def test_a_threat_shouted_at_a_goblin_is_at_the_boss_and_no_blow() -> None:
    yield_ = read(game(HALL), "thorin", "YIELD, GOBLIN!")
    assert (yield_.kind, yield_.targets, yield_.then) == ("improvise", ("grubnak",), ())
    threat = read(game(WARREN, turn="thorin"), "thorin", "surrender or die, goblins")
    assert threat.kind == "improvise" and not threat.then


async def test_surrender_or_die_makes_no_attack() -> None:
    made, _ = await turn(game(WARREN, turn="thorin"), "thorin", "surrender or die, goblins")
    assert "attack" not in names(made)


def test_what_now_is_a_question_not_a_call_for_help() -> None:
    assert read(game(INN), "mira", "uhh what now").kind == "question"


async def test_goblins_the_scene_shows_answer_words_before_their_fight() -> None:
    quiet = {k: v for k, v in WARREN.items() if k != "fight"}
    _, said = await turn(game(quiet), "thorin", "Surrender or die!")
    assert "nobody here answers" not in said
    assert "goblins" in said.lower() and "Goblin" in said


def test_the_keyhole_is_the_trapdoors_padlock() -> None:
    look = read(game(INN), "mira", "examine the keyhole")
    assert (look.kind, look.target) == ("examine", "trapdoor")


async def test_a_crowbar_put_to_a_thing_gets_a_ruling_or_its_challenge() -> None:
    kit = {"give": {"thorin": ["crowbar"]}}
    made, _ = await turn(game(INN, **kit), "thorin", "use the crowbar on the hearth")
    assert aimed(made, "request_ability_check")["skill"] == "athletics"
    made, _ = await turn(game(INN, **kit), "thorin", "crowbar the trapdoor")
    assert aimed(made, "attempt_challenge")["challenge_id"] == "force_trapdoor"


async def test_a_question_after_a_greeting_is_answered_too() -> None:
    _, said = await turn(game(INN), "mira", "hi berta, how are you? whats with the trapdoor")
    assert "the trapdoor slammed behind him" in said


BELFRY = {"campaign": "drowned_bell", "scene": "belfry", "defeated": ["strand_thralls"],
          "flags": {"corin_saved": True, "knows_truth": True, "warden_calmed": True}}  # fmt: skip
WOODS = {"campaign": "hollow_ford", "scene": "woods", "defeated": ["woods_wolves"]}


RING = (
    "Ione climbs the last few green rungs with the locket wound twice round her wrist, swings "
    "out onto the ledge, and wraps her arms around the cold bronze lip of the bell. She "
    "whispers Maelis's name into it, and then she throws her whole weight back and makes it ring."
)
SHOVE = (
    "Ione climbs the last green rungs with her heart in her throat, the whole tower creaking "
    "under her. On the ledge she unclasps the little tin locket, wraps the chain around her "
    "fist, presses it to the cold bronze and gives the bell the hardest shove she can."
)


@pytest.mark.parametrize(
    ("line", "challenge"),
    [(RING, "toll_bell"), (SHOVE, "toll_bell"), ("hack at the bell", "cut_bell")],
)
def test_of_two_challenges_on_the_bell_the_deed_said_is_the_one(line: str, challenge: str) -> None:
    state = game(BELFRY, give={"ione": ["tarnished locket"]})
    deed = read(state, "ione", line)
    assert (deed.kind, deed.target) == ("challenge", challenge)


async def test_a_prayer_that_a_child_go_home_takes_nobody_anywhere() -> None:
    prayer = (
        "Sela kneels in the wet leaves in front of the stone door, takes out her holy symbol and "
        "presses it flat against the rune. She closes her eyes and starts the old prayer for the "
        "dead, the one her teacher made her learn by heart, asking whoever lies in there to let a "
        "lost child go home to her mother."
    )
    made, _ = await turn(game(WOODS), "sela", prayer)
    assert "move_scene" not in names(made)
    assert read(game(WOODS), "sela", "let the lost child go home").kind != "move"


def test_words_to_the_boy_around_a_small_gesture_are_talk_to_him() -> None:
    state = game({"campaign": "crossroads", "scene": "cellar", "defeated": ["cellar_rats"],
                  "flags": {"trapdoor_open": True, "tam_found": True}})  # fmt: skip
    line = (
        "Aria kneels down next to the boy and brushes the dirt off his face with her sleeve. "
        "'You were very brave. We're going to get you home. But first: the goblins who came "
        "through that hole. Where did they go, and how far does the tunnel run?'"
    )
    said = read(state, "aria", line)
    assert (said.kind, said.target) == ("talk", "tam")


def test_dinnae_run_is_no_dash() -> None:
    assert read(game(WARREN, turn="thorin"), "thorin", "Dinnae run, ye wee cowards!").kind != (
        "manoeuvre"
    )


def test_a_song_through_a_short_rest_is_the_rest_and_one_way_said_twice_is_one_move() -> None:
    rest = read(game({"campaign": "drowned_bell", "scene": "harbour"}), "wren",
                "short rest. I play a song while everyone patches up")  # fmt: skip
    assert (rest.kind, rest.then) == ("rest", ())
    home = read(game({"campaign": "crossroads", "scene": "old_road", "met": ["berta"]}), "thorin",
                "Let's head back in and get out of this rain")  # fmt: skip
    assert (home.kind, home.target, home.then) == ("move", "inn", ())


def test_rat_numero_dos_is_rat_two() -> None:
    assert read(game(CELLAR, turn="mira"), "mira", "shoot rat numero dos").target == "giant-rat-2"


def test_a_spell_then_another_once_the_foe_drops_is_two_clauses_in_order() -> None:
    state = game(HALL, turn="aria", dead=[], conditions={}, wounds={"grubnak": 12, "goblin-2": 4})
    line = "magic missile on grubnak, and if he drops, fire bolt the other goblin"
    cast = read(state, "aria", line)
    assert (cast.spell, cast.target) == ("magic_missile", "grubnak")
    assert [(c.kind, c.spell) for c in cast.then] == [("cast", "fire_bolt")]


LIGHTHOUSE = {"campaign": "drowned_bell", "scene": "lighthouse", "met": ["wendel"]}


GRANDAD = (
    "Look, grandad, I've walked three miles in the wet and I'm in no mood. People are walking "
    "into the sea every night and you're sitting here in the dark with your book, not even "
    "lighting your bloody lamp. You know something. Tell us what happened at that chapel, or "
    "so help me I'll read it out of your log myself."
)
PATIENT = (
    "Brother Cass takes off his hat, sits on the stool across from the old man and waits a "
    "good while before he speaks. 'We met your niece down on the quay. She's frightened for "
    "her brother, and she's frightened for you. I don't think you've stopped lighting that "
    "lamp because you're tired, Wendel. I think something's been weighing on you a long time. "
    "Tell me about the chapel.'"
)


@pytest.mark.parametrize("line", [GRANDAD, PATIENT])
def test_a_lamp_said_not_to_be_lit_is_words_to_the_keeper_not_lighting_it(line: str) -> None:
    said = read(game(LIGHTHOUSE), "cass", line)
    assert (said.kind, said.target) == ("talk", "wendel")
