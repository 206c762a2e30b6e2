"""What the last blind holdout showed once it was read: a shove "prone" that lost its
target to the word "prone", "two arrows at thrall 1" with the second arrow passed over in
silence, a handaxe named at a far foe walked toward instead of thrown (and a thrown axe
that "swings"), questions of experience answered as help, words to everyone here asked
back, a promise sworn read as nothing, and a name hiding a line in another language."""

from __future__ import annotations

import json

from app.session.setup import session_for
from tests.app.referee_lines import play, read, told
from tests.referee_corpus import Situation, build_situation

HALL = {"campaign": "crossroads", "scene": "chief_hall", "fight": "grubnak_band",
        "turn": "thorin", "flags": {"guards_passed": True}}  # fmt: skip
STRAND = {"campaign": "drowned_bell", "scene": "strand", "fight": "strand_thralls",
          "turn": "ione", "dead": ["drowned-thrall-2"]}  # fmt: skip
BARROW = {"campaign": "hollow_ford", "scene": "barrow", "fight": "barrow_dead", "turn": "bram",
          "dead": ["skeleton-1"], "flags": {"barrow_open": True},
          "defeated": ["woods_wolves"]}  # fmt: skip
HARBOUR = {"campaign": "drowned_bell", "scene": "harbour"}
YARD = {"campaign": "hollow_ford", "scene": "mill_yard"}
CELLAR = {"campaign": "crossroads", "scene": "cellar", "defeated": ["cellar_rats"],
          "flags": {"trapdoor_open": True, "tam_found": True}}  # fmt: skip


def test_a_shove_prone_is_at_the_one_named_not_at_one_lying_down() -> None:
    said = read(HALL, "thorin", "shove grubnak prone then hit him")
    assert [(c.kind, c.action, c.targets) for c in said] == [
        ("manoeuvre", "shove_prone", ("grubnak",)),
        ("attack", None, ("grubnak",)),
    ]


async def test_two_arrows_from_one_with_one_attack_says_the_second_must_wait() -> None:
    said = read(STRAND, "ione", "two arrows at thrall 1")
    assert [(c.kind, c.targets) for c in said] == [("attack", ("drowned-thrall-1",))] * 2
    text = await told(STRAND, "ione", "two arrows at thrall 1")
    assert "Ione makes one attack with the Attack action" in text


async def test_a_throwing_weapon_named_at_a_far_foe_is_thrown() -> None:
    session = session_for(build_situation(Situation.model_validate(BARROW)))
    referee = await play(session, "bram", "handaxe at skeleton 3")
    attacks = [json.loads(c.arguments) for c in referee.made if c.name == "attack"]
    assert attacks == [{"attacker_id": "bram", "target_id": "skeleton-3", "weapon": "handaxe",
                        "mode": "thrown"}]  # fmt: skip
    assert "swings" not in session.state.history[-1].narrative  # a throw, no swing


async def test_a_question_of_experience_is_answered_with_where_each_stands() -> None:
    for text in ("did we get xp for the rats?", "do we get xp for making peace"):
        said = read(CELLAR, "mira", text)
        assert [(c.kind, c.note) for c in said] == [("question", "levelling")]
    assert "Mira is level 3 with 900 XP" in await told(CELLAR, "mira", "did we get xp?")
    assert [c.kind for c in read(CELLAR, "mira", "how do i level up")] == ["help"]


def test_words_to_everyone_here_are_said_to_them_all() -> None:
    for text in ("good evening to you both", "hey both of you"):
        assert [(c.kind, c.targets) for c in read(YARD, "sela", text)] == [("talk", ())]


def test_a_promise_sworn_is_words_to_the_one_here() -> None:
    for text in ("we'll bring corin back, i swear it", "i swear it"):
        assert [(c.kind, c.targets) for c in read(HARBOUR, "wren", text)] == [("talk", ("nessa",))]
    assert [(c.kind, c.targets) for c in read(YARD, "sela", "We'll find her. I promise.")] == [
        ("talk", ("odile",))
    ]


def test_a_name_does_not_hide_a_line_in_another_language() -> None:
    assert read(HARBOUR, "wren", "Nessa, ne t'inquiète pas")[0].kind == "foreign"
    assert read(HARBOUR, "wren", "nessa stay here")[0].kind != "foreign"


WARREN = {"campaign": "crossroads", "scene": "warren", "fight": "tunnel_guards", "turn": "mira",
          "flags": {"trapdoor_open": True, "tam_found": True},
          "defeated": ["cellar_rats"]}  # fmt: skip
WOODS = {"campaign": "hollow_ford", "scene": "woods", "fight": "woods_wolves", "turn": "bram"}


async def test_questions_of_the_rules_in_a_fight_are_answered_never_acted() -> None:
    asked = [
        (WARREN, "mira", "do goblins get a bonus action", "Bonus action"),
        (WARREN, "mira", "hey, how does sneak attack work again", "Sneak Attack"),
        (WARREN, "mira", "if i hide can they still see me", "Hide (an action)"),
        (WARREN, "mira", "do goblins have nimble escape", "Nimble Escape"),
        (WOODS, "bram", "do wolves get pack tactics", "Pack Tactics"),
        (HARBOUR, "wren", "hey quick question, how do bardic inspiration dice work",
         "Bardic Inspiration"),
    ]  # fmt: skip
    for spec, actor, text, answer in asked:
        said = read(spec, actor, text)
        assert "question" in [c.kind for c in said], text
        session = session_for(build_situation(Situation.model_validate(spec)))
        referee = await play(session, actor, text)
        assert [c.name for c in referee.made] == [], text  # nothing done
        assert answer in session.state.history[-1].narrative, text


def test_an_order_that_begins_with_do_is_still_an_order() -> None:
    assert read(WARREN, "mira", "do sneak attack on goblin 1")[0].kind == "attack"
    assert read(WARREN, "mira", "if it moves i stab it")[0].kind != "question"


INN_MET = {"campaign": "crossroads", "scene": "inn", "met": ["berta"]}


async def test_a_question_only_the_game_can_answer_is_not_put_to_the_one_here() -> None:
    asked = [
        (INN_MET, "mira", "remind me what the reward is", "twenty gold"),
        (INN_MET, "mira", "how many people are in the room", "Here: Berta"),
        ({"campaign": "hollow_ford", "scene": "chapel"}, "sela", "does arcana help with runes?",
         "Arcana"),
    ]  # fmt: skip
    for spec, actor, text, answer in asked:
        assert [c.kind for c in read(spec, actor, text)] == ["question"], text
        assert answer in await told(spec, actor, text), text
    said = read({**HALL, "turn": "aria"}, "aria", "can i cast sleep on just grubnak")
    assert [c.kind for c in said] == ["question"]


CELLAR_FIGHT = {"campaign": "crossroads", "scene": "cellar", "fight": "cellar_rats",
                "turn": "thorin", "flags": {"trapdoor_open": True}}  # fmt: skip


def test_a_thing_named_alone_with_a_question_mark_is_asked_about_never_done() -> None:
    for text in ("potion?", "tunnel?"):
        assert [c.kind for c in read(CELLAR_FIGHT, "thorin", text)] == ["ask"], text
    assert read(CELLAR_FIGHT, "thorin", "potion")[0].kind == "use"  # said plainly, drunk


def test_a_sword_beaten_on_ones_own_shield_is_a_din_not_a_blow() -> None:
    said = read(CELLAR_FIGHT, "thorin", "I bash my sword against my shield and bellow a war cry")
    assert "attack" not in [c.kind for c in said]
    assert read(CELLAR_FIGHT, "thorin", "I bash rat 2 with my shield")[0].kind == "attack"


def test_a_jab_at_the_grey_one_in_a_fight_is_a_blow_not_a_search() -> None:
    said = read({**WOODS, "turn": "ivo"}, "ivo", "poke the big grey one")
    assert [c.kind for c in said] == ["attack"]


def test_around_to_the_back_of_a_place_goes_nowhere_and_up_on_a_wall_is_a_climb() -> None:
    road = {"campaign": "crossroads", "scene": "old_road"}
    said = read(road, "mira", "i sneak around to the back wall of the inn")
    assert [c.kind for c in said] == ["improvise"]
    assert read(road, "mira", "i sneak into the inn")[0].kind == "move"
    climbed = read(HARBOUR, "ione", "i climb up on the quay wall to see further out")
    assert "move" not in [c.kind for c in climbed]


async def test_how_to_do_what_a_challenge_asks_is_answered_with_its_roll() -> None:
    for text in ("how do i pick the lock?", "hey quick question, how do i pick the lock?"):
        said = read({"campaign": "crossroads", "scene": "inn"}, "mira", text)
        assert [c.kind for c in said] == ["question"], text
        assert "Sleight of Hand check, DC 13" in await told(
            {"campaign": "crossroads", "scene": "inn"}, "mira", text
        )
    assert [c.kind for c in read({"campaign": "crossroads", "scene": "inn"}, "mira",
                                 "how do i play")] == ["help"]  # fmt: skip


async def test_a_way_watched_with_a_weapon_ready_is_the_way_not_the_weapon() -> None:
    open_inn = {"campaign": "crossroads", "scene": "inn", "flags": {"trapdoor_open": True}}
    text = await told(open_inn, "thorin", "i keep an eye on the front door, axe ready")
    assert "The front door leads to The Old Road" in text and "to hit" not in text


async def test_foes_named_in_a_question_of_a_sense_are_said_to_have_it_or_not() -> None:
    assert "Giant Rat: darkvision 60 ft." in await told(
        CELLAR_FIGHT, "thorin", "do rats have darkvision?"
    )


def test_the_tied_up_one_is_the_one_bound() -> None:
    tied = {"giant-rat-1": ["restrained", "incapacitated", "unconscious"]}
    bound = {**CELLAR_FIGHT, "turn": "mira", "wounds": {"giant-rat-3": 2}, "conditions": tied}
    for text in ("i stab the tied up rat", "stab the bound rat"):
        assert read(bound, "mira", text)[0].targets == ("giant-rat-1",), text


STRAND_FIGHT = {"campaign": "drowned_bell", "scene": "strand", "fight": "strand_thralls",
                "turn": "cass"}  # fmt: skip


def test_thats_my_turn_ends_it_and_a_hold_word_asked_holds_nothing() -> None:
    for text in ("that's my turn", "that's all for me"):
        assert [c.kind for c in read(STRAND_FIGHT, "cass", text)] == ["hold"], text
    for text in ("that's it?", "that's all the thralls?"):
        assert "hold" not in [c.kind for c in read(STRAND_FIGHT, "cass", text)], text


def test_magical_insults_are_the_bards_mockery() -> None:
    said = read({**STRAND_FIGHT, "turn": "wren"}, "wren", "i hurl magical insults at thrall 2")
    assert [(c.kind, c.spell, c.targets) for c in said] == [
        ("cast", "vicious_mockery", ("drowned-thrall-2",))
    ]
