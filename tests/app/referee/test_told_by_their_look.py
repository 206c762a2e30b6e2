"""Lines whose deed is told by how it looks or what it is for, not by the game's words: a
god's light called down on a foe, a swing made to scare, a holy symbol raised in prayer, a
spiritual weapon's own blow, a friend's wounds bandaged, and slips of the keys."""

from __future__ import annotations

from app.session import declaring
from app.session.setup import session_for
from tests.app.referee_lines import play, read, told
from tests.referee_corpus import Situation, build_situation

STRAND = {"campaign": "drowned_bell", "scene": "strand", "fight": "strand_thralls",
          "turn": "cass"}  # fmt: skip
WOLVES = {"campaign": "hollow_ford", "scene": "woods", "fight": "woods_wolves", "turn": "sela"}
BARROW = {"campaign": "hollow_ford", "scene": "barrow", "fight": "barrow_dead", "turn": "sela",
          "wounds": {"skeleton-1": 7, "ivo": 9}, "dead": ["skeleton-2"]}  # fmt: skip
AFTER_BARROW = {"campaign": "hollow_ford", "scene": "barrow", "flags": {"wren_found": True},
                "defeated": ["barrow_dead"], "wounds": {"bram": 6}}  # fmt: skip
INN = {"campaign": "crossroads", "scene": "inn"}


def test_a_gods_light_called_down_on_a_foe_is_the_clerics_radiant_spell() -> None:
    line = ("Cass lifts his holy symbol above his head: 'Let go of him.' He calls the light of "
            "his god down on the thrall on the left.")  # fmt: skip
    said = read(STRAND, "cass", line)[0]
    assert (said.kind, said.spell) == ("cast", "sacred_flame")
    # a lance of light that streaks at a foe is the aimed spell, of two radiant ones
    line = "A lance of light streaks from her hand at the wolf snapping at Bram's legs."
    said = read(WOLVES, "sela", line)[0]
    assert (said.kind, said.spell) == ("cast", "guiding_bolt")


def test_which_foe_said_after_the_deed_does_not_become_a_blow() -> None:
    line = ("Sela's voice shakes only a little. She plants her shield on the floor and calls on "
            "her god's light against the skeleton with the cracked skull, the one that's "
            "already been hit.")  # fmt: skip
    said = read(BARROW, "sela", line)[0]
    assert (said.kind, said.spell, said.targets) == ("cast", "sacred_flame", ("skeleton-1",))


def test_a_holy_symbol_raised_in_prayer_with_no_dead_to_turn_is_a_prayer() -> None:
    chapel = {"campaign": "drowned_bell", "scene": "chapel", "flags": {"knows_truth": True}}
    said = read(chapel, "cass", "I kneel, hold up my holy symbol, and pray for the sister's soul")
    assert (said[0].kind, said[0].target) == ("challenge", "hush_warden")
    assert read(chapel, "cass", "I use channel divinity")[0].kind == "feature"


async def test_a_spiritual_weapons_blow_is_the_spells_own() -> None:
    warden = {"campaign": "drowned_bell", "scene": "chapel", "fight": "warden", "turn": "cass"}
    session = session_for(build_situation(Situation.model_validate(warden)))
    referee = await play(session, "cass", "I cast spiritual weapon and smack her with it")
    assert [c.name for c in referee.made if c.name in ("cast_spell", "attack")] == ["cast_spell"]


def test_a_swing_made_to_scare_a_foe_off_is_a_threat() -> None:
    rats = {"campaign": "crossroads", "scene": "cellar", "fight": "cellar_rats", "turn": "mira"}
    said = read(rats, "mira", "I swing my lantern at rat one's face to scare it off")[0]
    assert (said.kind, said.action, said.targets) == ("improvise", "intimidation",
                                                      ("giant-rat-1",))  # fmt: skip
    assert read(rats, "mira", "I swing my shortsword at rat one")[0].kind == "attack"


def test_a_thing_stamped_on_to_scare_what_is_below_is_not_forced_open() -> None:
    said = read(INN, "thorin", "I stamp on the trapdoor to scare whatever's scratching below")[0]
    assert said.kind != "challenge"
    assert read(INN, "thorin", "I kick the trapdoor")[0].kind == "challenge"


def test_a_word_of_oneself_after_a_question_is_part_of_the_talk() -> None:
    harbour = {"campaign": "drowned_bell", "scene": "harbour"}
    said = read(harbour, "wren", "Do you like music, Nessa? I play the fiddle.")
    assert [(s.kind, s.target) for s in said] == [("talk", "nessa")]


def test_running_in_to_drag_someone_away_is_the_rescue() -> None:
    spec = {**STRAND, "turn": "ione"}
    said = read(spec, "ione", "I run in and drag the young man away from them")[0]
    assert said.kind == "improvise"


def test_second_wind_is_no_second_foe() -> None:
    spec = {**BARROW, "turn": "bram", "dead": [], "wounds": {}}
    steps = read(spec, "bram", "I second wind and then smack skeleton 3 with the flat of my axe")
    assert (steps[0].kind, steps[0].action) == ("feature", "second_wind")
    assert steps[1].targets == ("skeleton-3",)


def test_a_friends_wounds_are_bandaged_not_rested() -> None:
    said = read(AFTER_BARROW, "sela", "I check Bram's wounds and bandage him up")
    assert said[-1].targets == ("bram",)
    assert read(AFTER_BARROW, "sela", "bandage Bram")[0].targets == ("bram",)
    # "our wounds" is no slip of Cure Wounds
    assert read(AFTER_BARROW, "sela", "we bandage our wounds")[0].kind == "rest"


def test_slips_of_the_keys_are_mended_but_real_words_are_kept() -> None:
    assert read(INN, "mira", "i wanna picck the lokc")[0].target == "trapdoor_lock"
    assert (read(INN, "mira", "tlak to berta")[0].kind) == "talk"
    wolves = {**WOLVES, "turn": "bram"}
    assert read(wolves, "bram", "Shoo! Go on, get!")[0].kind != "attack"


HALL_FIGHT = {"campaign": "crossroads", "scene": "chief_hall", "fight": "grubnak_band",
              "turn": "thorin", "flags": {"trapdoor_open": True}}  # fmt: skip


def test_a_nameless_foe_told_by_what_he_wears_is_struck_at_the_end_of_a_story() -> None:
    line = ("Thorin decides the talking is over. He hefts his shield, ignores the two little "
            "goblins yapping at his ankles, and stomps straight across the cave toward the fat "
            "one in the saucepan helmet, swinging for his head.")  # fmt: skip
    said = read(HALL_FIGHT, "thorin", line)[0]
    assert (said.kind, said.targets) == ("attack", ("grubnak",))


def test_a_blow_taken_back_for_another_foe_is_struck_at_that_one() -> None:
    said = read({**HALL_FIGHT, "turn": "mira"}, "mira",
                "ok so I stab the little one, no wait, the boss. the boss.")[0]  # fmt: skip
    assert (said.kind, said.targets) == ("attack", ("grubnak",))
    wondered = read({**HALL_FIGHT, "turn": "mira"}, "mira", "stab goblin 1 or maybe goblin 2")
    assert wondered[0].kind == "ask"


def test_a_helmet_knocked_over_his_eyes_does_not_floor_him() -> None:
    said = read({**HALL_FIGHT, "turn": "mira"}, "mira", "knock grubnak's helmet over his eyes")
    assert (said[0].kind, said[0].targets) == ("improvise", ("grubnak",))


def test_hands_owned_are_no_giving() -> None:
    warden = {"campaign": "drowned_bell", "scene": "chapel", "fight": "warden", "turn": "ione"}
    assert read(warden, "ione", "I slash the rope out of her hands")[0].kind != "give"


def test_a_friend_shaken_and_told_to_snap_out_of_it_is_that_friend() -> None:
    warden = {"campaign": "drowned_bell", "scene": "chapel", "fight": "warden", "turn": "wren",
              "conditions": {"cass": ["frightened"]}}  # fmt: skip
    said = read(warden, "wren", "I shake Cass by the shoulders and tell him to snap out of it")
    assert (said[0].kind, said[0].targets) == ("improvise", ("cass",))


def test_standing_between_foes_and_a_friend_guards_the_friend() -> None:
    wolves = {**WOLVES, "turn": "bram"}
    said = read(wolves, "bram", "I stand between the wolves and Ivo")[0]
    assert (said.kind, said.targets) == ("improvise", ("ivo",))


def test_a_drink_from_the_scenes_casks_simply_happens_and_a_friends_potion_is_theirs() -> None:
    cellar = {"campaign": "crossroads", "scene": "cellar", "defeated": ["cellar_rats"],
              "flags": {"trapdoor_open": True}}  # fmt: skip
    said = read(cellar, "thorin", "I drink some ale from the casks")[0]
    assert (said.kind, said.action, said.targets) == ("improvise", "auto", ("casks",))
    assert read(cellar, "mira", "I drink Thorin's potion")[0].kind != "improvise"


def test_a_line_in_no_language_of_ours_is_said_so_without_a_guess() -> None:
    barrow = {**BARROW, "turn": "bram"}
    said = read(barrow, "bram", "Alle Skelette angreifen!")[0]
    assert said.kind == "foreign"
    assert read(barrow, "bram", "leeroy jenkins")[0].kind != "foreign"


async def test_questions_of_hit_points_and_seats_are_answered() -> None:
    rats = {"campaign": "crossroads", "scene": "cellar", "fight": "cellar_rats", "turn": "thorin"}
    assert "hit points" in await told(rats, "thorin", "what's my hp at?")
    assert "hit points" in await told(rats, "thorin", "hp check pls")
    table = {"campaign": "crossroads", "scene": "inn",
             "players": {"Ana": ["mira"], "Ben": ["thorin", "aria"]}}  # fmt: skip
    session = session_for(build_situation(Situation.model_validate(table)))
    reply, _ = declaring.declare(session, "whose character is Thorin?", "mira")
    assert "Ben plays Thorin" in reply.text  # answered at once, no turn spent
