"""Words that only look like deeds, and deeds told without their usual words: a blow a
foe might strike ("one more bite could put him down"), the fighting heard, a locket held up
to be seen, a spell told by its look ("a mote of flame leaps from her hand"), a foe singled
out by its side, its ordinal or its name, and questions about who is here and what is left."""

from __future__ import annotations

from app.actions.conduct import SLEEP
from app.session.setup import session_for
from app.understanding.features import metamagic_options
from rules.conditions import ActiveCondition, Condition
from tests.app.referee_lines import play, read, told
from tests.referee_corpus import Situation, build_situation

RATS = {"campaign": "crossroads", "scene": "cellar", "flags": {"trapdoor_open": True},
        "fight": "cellar_rats", "turn": "thorin", "wounds": {"thorin": 10}}  # fmt: skip
GUARDS = {"campaign": "crossroads", "scene": "warren", "flags": {"trapdoor_open": True},
          "defeated": ["cellar_rats"], "fight": "tunnel_guards", "turn": "mira"}  # fmt: skip
GREY = {"campaign": "drowned_bell", "scene": "chapel", "met": ["nessa"],
        "defeated": ["strand_thralls"], "fight": "warden", "turn": "ione"}  # fmt: skip
MILL = {"campaign": "hollow_ford", "scene": "mill_yard"}


def test_a_bite_that_could_fell_him_is_no_blow_of_his() -> None:
    line = ("Thorin's beard is matted with blood and he's breathing hard. He knows one more "
            "bite could put him down. He fumbles at his belt, uncorks the little red vial with "
            "his teeth and gulps the whole thing down.")  # fmt: skip
    said = read(RATS, "thorin", line)[0]
    assert (said.kind, said.item) == ("use", "healing_potion")


def test_daring_foes_to_come_at_him_strikes_nobody() -> None:
    said = read(RATS, "thorin", "Thorin roars a challenge at the rats, daring them to come at him!")
    assert all(s.kind != "attack" for s in said)


def test_the_fighting_heard_is_no_fight() -> None:
    barrow = {"campaign": "hollow_ford", "scene": "barrow", "fight": "barrow_dead",
              "turn": "ivo", "flags": {"barrow_open": True}}  # fmt: skip
    said = read(barrow, "ivo", "I sing to Wren so she doesn't hear the fighting")[0]
    assert (said.kind, said.target) == ("improvise", "wren")


def test_the_ordinal_said_of_a_foe_wins_over_one_said_of_a_blade() -> None:
    line = ("Mira lets the scimitar whistle past her ear, rolls under the goblin's arm, and "
            "comes up behind the second goblin with her shortsword point-first.")  # fmt: skip
    said = read(GUARDS, "mira", line)[0]
    assert (said.kind, said.target) == ("attack", "goblin-2")


def test_the_undamaged_one_is_the_foe_nobody_has_hurt() -> None:
    spec = {**GUARDS, "turn": "thorin", "wounds": {"goblin-1": 3}}
    said = read(spec, "thorin", "smack the undamaged one")[0]
    assert (said.kind, said.target) == ("attack", "goblin-2")


def test_the_foe_on_the_right_is_the_last_of_them() -> None:
    said = read(GUARDS, "mira", "shoot the goblin on the right")[0]
    assert said.target == "goblin-2"
    assert read(GUARDS, "mira", "shoot the goblin on the left")[0].target == "goblin-1"


def test_a_blow_with_fire_from_a_caster_is_her_fire_cantrip() -> None:
    hall = {"campaign": "crossroads", "scene": "chief_hall", "defeated": ["cellar_rats",
            "tunnel_guards"], "fight": "grubnak_band", "turn": "aria",
            "flags": {"trapdoor_open": True}}  # fmt: skip
    said = read(hall, "aria", "I hit the guy with the saucepan on his head with fire")[0]
    assert (said.kind, said.spell, said.target) == ("cast", "fire_bolt", "grubnak")


def test_a_spell_told_by_its_look_is_the_one_that_looks_so() -> None:
    rats = {**RATS, "turn": "aria"}
    line = ("The elf lifts two fingers, mutters a word in the old tongue, and a mote of "
            "flame leaps from her hand toward the rat gnawing at the stairs - "
            "the second one.")  # fmt: skip
    said = read(rats, "aria", line)[0]
    assert (said.kind, said.spell, said.target) == ("cast", "fire_bolt", "giant-rat-2")
    darts = ("Aria keeps a careful distance from the goblin. She traces a sigil in the air and "
             "three darts of pale light streak from her fingers toward goblin 1.")  # fmt: skip
    said = read({**GUARDS, "turn": "aria"}, "aria", darts)[0]
    assert (said.kind, said.spell) == ("cast", "magic_missile")


def test_a_careful_distance_is_no_careful_spell() -> None:
    assert metamagic_options("Aria keeps a careful distance and casts magic missile") == ()
    assert metamagic_options("careful fireball on them") == ("careful",)
    assert metamagic_options("a twinned, quickened fire bolt") == ("twinned", "quickened")


def test_a_foe_named_by_name_wins_over_its_kind() -> None:
    hall = {"campaign": "crossroads", "scene": "chief_hall", "defeated": ["cellar_rats",
            "tunnel_guards"], "fight": "grubnak_band", "turn": "aria",
            "flags": {"trapdoor_open": True}}  # fmt: skip
    line = ("Aria is SO done with this goblin. She points a finger at Grubnak, mutters the words "
            "and lets three little darts of light fly.")  # fmt: skip
    said = read(hall, "aria", line)[0]
    assert (said.kind, said.target) == ("cast", "grubnak")


def test_a_locket_held_up_is_shown_not_a_turn_held() -> None:
    said = read(GREY, "ione", "I hold the locket up so she can see it")[0]
    assert said.kind not in ("hold", "move")
    assert read(GREY, "ione", "hold my action")[0].kind == "hold"


def test_a_weapon_taken_from_a_sleeping_foe_is_no_blow() -> None:
    spec = {**GUARDS, "turn": "aria", "conditions": {"goblin-2": ["unconscious"]}}
    said = read(spec, "aria", "I take the scimitar from the sleeping goblin's hands")[0]
    assert (said.kind, said.target) == ("improvise", "goblin-2")
    cut = read({**RATS}, "thorin", "take a big cut at the second rat")[0]
    assert (cut.kind, cut.target) == ("attack", "giant-rat-2")


def test_words_said_after_a_colon_are_words_to_someone() -> None:
    after = {"campaign": "crossroads", "scene": "cellar", "defeated": ["cellar_rats"],
             "flags": {"trapdoor_open": True, "tam_found": True}}  # fmt: skip
    line = ("Mira kneels down so she's eye-level with the boy, pushes his filthy hair out of his "
            "eyes and says softly: you did so well hiding, Tam. Now - these goblins. Their "
            "leader. What's he like?")  # fmt: skip
    said = read(after, "mira", line)[0]
    assert (said.kind, said.target) == ("talk", "tam")


def test_a_spell_said_right_is_not_a_longer_one_with_a_slip() -> None:
    said = read({**RATS, "turn": "aria"}, "aria", "cast healing word on Thorin")[0]
    assert said.spell == "healing_word"


async def test_a_foe_the_sleep_spell_felled_is_told_asleep_until_hurt() -> None:
    state = build_situation(Situation.model_validate({**GUARDS, "turn": "aria"}))
    spell = ActiveCondition(condition=Condition.UNCONSCIOUS, note=SLEEP)
    state.creatures["goblin-2"].conditions.append(spell)
    session = session_for(state)
    await play(session, "aria", "why is goblin 2 lying there")
    answer = session.state.history[-1].narrative
    assert "asleep (unconscious until hurt or shaken awake)" in answer
    spec = {**GUARDS, "turn": "aria", "conditions": {"goblin-2": ["unconscious"]}}
    assert "Goblin 2 is unhurt, and unconscious" in await told(
        spec, "aria", "why is goblin 2 lying there"
    )


def test_what_is_left_here_is_a_look_round() -> None:
    barrow = {"campaign": "hollow_ford", "scene": "barrow", "met": ["odile", "hobb"],
              "defeated": ["woods_wolves", "barrow_dead"],
              "flags": {"barrow_open": True, "wren_found": True}}  # fmt: skip
    for line in ("what's left in here?", "anything left here?", "what else is here"):
        assert read(barrow, "ivo", line)[0].kind == "examine", line


async def test_who_is_this_is_the_one_person_here_described() -> None:
    light = {"campaign": "drowned_bell", "scene": "lighthouse", "met": ["nessa"]}
    said = read(light, "ione", "who is this old guy?")[0]
    assert (said.kind, said.target) == ("question", "wendel")
    assert "Wendel is a stooped old man" in await told(light, "ione", "who is this old guy?")


def test_of_two_people_a_question_goes_to_the_one_it_is_about() -> None:
    assert read(MILL, "bram", "Good evening. Who are you calling for?")[0].target == "odile"
    assert read(MILL, "bram", "what's your granddaughter like")[0].target == "hobb"
    assert read(MILL, "bram", "how long till dark?")[0].kind == "question"


def test_a_name_nobody_in_the_story_has_is_refused() -> None:
    inn = {"campaign": "crossroads", "scene": "inn"}
    for line in ("Gandalf, what do you think?", "Frodo, take the ring", "Gandalf, come here"):
        said = read(inn, "mira", line)[0]
        assert (said.kind, said.note) == (
            "refuse",
            line.split(",")[0].join(("there is nobody called ", " here")),
        ), line
    assert read(inn, "mira", "Berta, what do you think?")[0].kind == "talk"


def test_words_to_the_foes_are_no_deed_of_ones_own() -> None:
    warren = {"campaign": "crossroads", "scene": "warren", "flags": {"trapdoor_open": True},
              "defeated": ["cellar_rats"]}  # fmt: skip
    assert read(warren, "thorin", "Goblins, drop your weapons!")[0].kind == "talk"
    hurt = {**RATS, "wounds": {"thorin": 8}}
    assert read(hurt, "thorin", "drink your potion")[0].kind == "use"


def test_going_to_see_someone_goes_where_they_are() -> None:
    mill = {**MILL, "met": ["odile", "hobb"]}
    steps = read(mill, "ivo", "ask the old man about the rune and then go see the priest")
    assert [(s.kind, s.target) for s in steps] == [("talk", "hobb"), ("move", "chapel")]
    cellar = {"campaign": "crossroads", "scene": "cellar", "defeated": ["cellar_rats"],
              "flags": {"trapdoor_open": True, "tam_found": True}}  # fmt: skip
    assert read(cellar, "thorin", "go back to berta")[0].target == "inn"
    warren = {**cellar, "scene": "warren"}
    line = "I step out and demand the goblins drop their weapons"
    assert all(s.kind != "move" for s in read(warren, "thorin", line))


def test_a_way_after_thanks_is_taken_not_thanked() -> None:
    inn = {"campaign": "crossroads", "scene": "inn", "met": ["berta"],
           "flags": {"trapdoor_open": True}}  # fmt: skip
    line = "Thank you, Berta. We'll find Tam. Now, everyone, down the stairs."
    steps = read(inn, "mira", line)
    assert [(s.kind, s.target) for s in steps] == [("talk", "berta"), ("move", "cellar")]


def test_walking_away_in_a_fight_is_a_step_back() -> None:
    spec = {**GUARDS, "turn": "aria"}
    steps = read(spec, "aria", "ray of frost on goblin 1 then I walk away from him")
    assert [(s.kind, s.action) for s in steps] == [("cast", None), ("manoeuvre", "withdraw")]


async def test_a_fallen_foe_asked_about_is_said_dead() -> None:
    spec = {**GUARDS, "turn": "thorin", "dead": ["goblin-1"]}
    assert "Goblin 1 is dead" in await told(spec, "thorin", "is goblin one dead?")


def test_table_words_are_answered_as_the_table_means_them() -> None:
    inn = {"campaign": "crossroads", "scene": "inn"}
    assert read(inn, "aria", "what can i even do in this game")[0].kind == "help"
    hurt = {**RATS, "wounds": {"thorin": 8}}
    for line in ("hp check", "status", "stats"):
        assert read(hurt, "thorin", line)[0].kind == "question", line
    assert read(hurt, "thorin", "next")[0].kind == "hold"
    surprised = read(hurt, "thorin", "wait, what")
    assert [s.kind for s in surprised] == ["question"]


async def test_status_tells_hit_points_and_slots() -> None:
    spec = {**RATS, "turn": "aria", "wounds": {"aria": 4}}
    answer = await told(spec, "aria", "status")
    assert "hit points" in answer
    assert "slots left" in answer


def test_a_way_down_is_no_draught_downed() -> None:
    chapel = {"campaign": "drowned_bell", "scene": "chapel", "met": ["nessa"],
              "defeated": ["strand_thralls"]}  # fmt: skip
    assert read(chapel, "ione", "back down the causeway")[0].target == "strand"
    cellar = {"campaign": "crossroads", "scene": "cellar", "defeated": ["cellar_rats"],
              "flags": {"trapdoor_open": True}}  # fmt: skip
    assert read(cellar, "thorin", "upstairs")[0].target == "inn"
    hurt = {**RATS, "wounds": {"thorin": 8}}
    assert read(hurt, "thorin", "I down the healing potion")[0].kind == "use"


def test_words_to_someone_called_mid_line_are_words_to_them() -> None:
    chapel = {"campaign": "drowned_bell", "scene": "chapel", "met": ["nessa"],
              "defeated": ["strand_thralls"]}  # fmt: skip
    said = read(chapel, "ione", "Wendel lived, Sister. He's alive.")[0]
    assert (said.kind, said.target) == ("talk", "maelis")
    assert read(MILL, "bram", "We'll find her, Odile. On my honour.")[0].target == "odile"
    cakes = read(MILL, "bram", "here old man, have a cake")[0]
    assert (cakes.kind, cakes.targets) == ("give", ("hobb", "honey_cakes"))


def test_a_threat_to_a_person_of_the_story_is_said_to_them() -> None:
    light = {"campaign": "drowned_bell", "scene": "lighthouse", "met": ["nessa"]}
    for line in ("intimidate wendel", "I threaten Wendel with my dagger until he talks"):
        said = read(light, "ione", line)[0]
        assert (said.kind, said.target) == ("talk", "wendel"), line


def test_a_kindness_beside_someone_named_is_to_them() -> None:
    said = read(MILL, "sela", "I sit beside the old man on the millstone")[0]
    assert (said.kind, said.target) == ("improvise", "hobb")


def test_listening_at_a_door_is_no_word_to_anyone() -> None:
    inn = {"campaign": "crossroads", "scene": "inn"}
    assert read(inn, "mira", "I listen at the trapdoor for any sounds")[0].kind != "talk"
    assert read(inn, "mira", "listen, berta, we will find him")[0].kind == "talk"
