"""Lines in a fight the referee once read as something else: a step closer taken for a run
up the stairs, a shot it had no verb for, a blow at somebody who is not a foe given to the
nearest rat, a kick that wakes read as a blow, a spell put in other words, the dead's rest
taken for the party's, and the story around a blow read as checks of its own."""

from __future__ import annotations

import pytest

from app.referee.answering import answer_from_game
from app.referee.restating import told_back
from app.session.setup import session_for
from app.understanding import understand
from app.understanding.intent import Intent
from app.understanding.words import is_yes
from tests.app.referee_lines import play
from tests.referee_corpus import Situation, build_situation

RATS = {"campaign": "crossroads", "scene": "cellar", "fight": "cellar_rats", "turn": "thorin"}
SLEEPY_RATS = {"campaign": "crossroads", "scene": "cellar", "fight": "cellar_rats",
               "turn": "mira", "dead": ["giant-rat-2"],
               "conditions": {"giant-rat-3": ["unconscious"]}}  # fmt: skip
THRALLS = {"campaign": "drowned_bell", "scene": "strand", "fight": "strand_thralls",
           "turn": "ione"}  # fmt: skip
WARDEN = {"campaign": "drowned_bell", "scene": "chapel", "fight": "warden", "turn": "ione",
          "wounds": {"the-grey-sister": 20, "cass": 20}}  # fmt: skip
HALL = {"campaign": "crossroads", "scene": "chief_hall", "fight": "grubnak_band", "turn": "mira",
        "flags": {"trapdoor_open": True, "tam_found": True, "guards_passed": True},
        "defeated": ["cellar_rats", "tunnel_guards"]}  # fmt: skip
WARREN = {"campaign": "crossroads", "scene": "warren"}
CHAPEL = {"campaign": "drowned_bell", "scene": "chapel", "flags": {"knows_truth": True}}
CAVE = {"campaign": "drowned_bell", "scene": "sea_cave"}


def read(spec: dict[str, object], actor: str, text: str) -> list[Intent]:
    """The line's clauses, in order."""
    state = build_situation(Situation.model_validate(spec))
    said = understand(text, actor, state, state.campaign)
    return [said, *said.then]


def kinds(spec: dict[str, object], actor: str, text: str) -> list[tuple[str, str | None]]:
    return [(c.kind, c.target) for c in read(spec, actor, text)]


@pytest.mark.parametrize("line", ["I move up", "I step forward", "we move up", "advance"])
def test_a_step_closer_is_no_run_for_the_way_up(line: str) -> None:
    clauses = read(THRALLS, "ione", line)
    assert [c.kind for c in clauses] != ["move"]
    assert clauses[0].action == "engage"


def test_moving_up_to_a_place_then_shooting_shoots_and_leaves_nobody() -> None:
    said = kinds(THRALLS, "ione", "I move up to the waterline and shoot thrall 1")
    assert said == [("attack", "drowned-thrall-1")]
    assert kinds(RATS, "thorin", "I move up next to Aria and attack whatever's biting her") == [
        ("manoeuvre", "aria"),
        ("attack", "giant-rat-1"),
    ]
    assert kinds(THRALLS, "ione", "run up the steps")[0] == ("move", "harbour")


@pytest.mark.parametrize("line", ["fire an arrow", "I fire my bow", "let it fly at her"])
def test_firing_is_a_shot(line: str) -> None:
    assert kinds(WARDEN, "ione", line) == [("attack", "the-grey-sister")]


@pytest.mark.parametrize(
    ("line", "why"),
    [("I attack Berta", "Berta is not here"), ("I attack Mira", "Mira is on your side")],
)
def test_a_blow_at_someone_who_is_no_foe_is_said_not_struck_at_a_rat(line: str, why: str) -> None:
    clauses = read(RATS, "thorin", line)
    assert [c.kind for c in clauses] == ["ask"] and clauses[0].note == why
    assert kinds(RATS, "thorin", "I go for the one biting Mira")[0][0] == "attack"


def test_a_kick_that_wakes_wakes_and_the_one_awake_is_a_foe() -> None:
    woken = read(SLEEPY_RATS, "mira", "I kick the sleeping rat awake")
    assert [(c.kind, c.target) for c in woken] == [("improvise", "giant-rat-3")]
    assert woken[0].extra[:1] == ("wake",)
    assert kinds(SLEEPY_RATS, "mira", "I shoot the one that's awake") == [("attack", "giant-rat-1")]


def test_creeping_up_on_a_sleeper_and_cutting_its_throat_is_the_blow() -> None:
    said = kinds(SLEEPY_RATS, "mira", "I sneak up on the snoozing rat and slit its throat")
    assert said == [("attack", "giant-rat-3")]


def test_putting_foes_to_sleep_is_the_sleep_spell_for_one_who_knows_it() -> None:
    aria = read(WARREN, "aria", "I put them to sleep")
    assert [(c.kind, c.spell) for c in aria] == [("cast", "sleep")]
    assert read(WARREN, "mira", "I put them to sleep")[0].kind != "rest"


@pytest.mark.parametrize(
    "line",
    ["rest in peace, Maelis", "Sister Maelis. We know what you did. Rest now."],
)
def test_the_deads_rest_is_no_rest_for_the_party(line: str) -> None:
    assert "rest" not in [c.kind for c in read(CHAPEL, "cass", line)]


def test_a_blessing_for_whoever_rests_here_is_no_rest() -> None:
    line = ("Cass kneels, his knees cracking on the cold stones, and reads the name cut into "
            "the top stone with his thumb. He murmurs a blessing for whoever rests here and, "
            "with great care, lifts the green locket from the cairn.")  # fmt: skip
    assert [c.kind for c in read(CAVE, "cass", line)] == ["take"]


def test_a_friend_healed_is_not_who_the_shot_after_it_is_at() -> None:
    said = kinds(WARDEN, "ione", "cure cass then shoot her")
    assert said == [("cast", "cass"), ("attack", "the-grey-sister")]


def test_the_story_around_a_blow_is_no_check_of_its_own() -> None:
    story = (
        "Ione leaps up onto the nearest pew for a better angle, ignores the water "
        "slopping round her boots, and sends an arrow into the robed figure's back."
    )
    assert kinds(WARDEN, "ione", story) == [("attack", "the-grey-sister")]
    # a jump before the blow is how the blow comes: the blow, no check of its own
    both = kinds(HALL, "mira", "i jump onto the throne and stab down at grubnak")
    assert [k for k, _ in both] == ["attack"]


def test_armour_class_asked_is_the_askers_not_brother_cass() -> None:
    clauses = read(THRALLS, "ione", "what's my armor class?")
    assert [c.kind for c in clauses] == ["question"] and "cass" not in clauses[0].targets


BAND = {"campaign": "crossroads", "scene": "chief_hall", "fight": "grubnak_band", "turn": "mira",
        "wounds": {"thorin": 31}, "give": {"mira": ["healing potion"]}}  # fmt: skip
SKELETONS = {"campaign": "hollow_ford", "scene": "barrow", "fight": "barrow_dead", "turn": "sela"}
WOLVES = {"campaign": "hollow_ford", "scene": "woods", "fight": "woods_wolves", "turn": "ivo"}
WOODS = {"campaign": "hollow_ford", "scene": "woods"}
MILL = {"campaign": "hollow_ford", "scene": "mill_yard"}


def test_a_potion_given_to_a_friend_who_is_down_is_poured_for_him() -> None:
    said = read(BAND, "mira", "I give Thorin my potion and then shoot the chief")
    assert [(c.kind, c.targets) for c in said] == [
        ("use", ("healing_potion", "thorin")),
        ("attack", ("grubnak",)),
    ]
    story = ("Mira sees the dwarf go down with a clang, swears loudly in Halfling, and sprints "
             "to his side. Kneeling by him she uncorks the little red vial and pours it between "
             "his lips.")  # fmt: skip
    assert [(c.kind, c.targets) for c in read(BAND, "mira", story)] == [
        ("use", ("healing_potion", "thorin"))
    ]


@pytest.mark.parametrize(
    "line",
    [
        "In the name of the Dawn, begone!",
        "Sela feels the cold of the grave in her teeth. She thrusts her holy symbol toward the "
        "clattering bones and speaks the words that every acolyte learns first.",
    ],
)
def test_a_holy_symbol_shown_to_the_dead_turns_them(line: str) -> None:
    assert [(c.kind, c.action) for c in read(SKELETONS, "sela", line)] == [
        ("feature", "turn_undead")
    ]


def test_before_wolves_begone_is_only_a_threat() -> None:
    wolves = dict(WOLVES, turn="sela")
    assert read(wolves, "sela", "begone, wolves!")[0].kind == "improvise"


def test_a_bards_insult_at_a_foe_is_vicious_mockery() -> None:
    line = ("Ivo, bleeding and rather less cheerful than usual, tells the wolf that it smells "
            "like a wet cheese and its mother was a lapdog.")  # fmt: skip
    assert [(c.kind, c.spell, c.target) for c in read(WOLVES, "ivo", line)] == [
        ("cast", "vicious_mockery", "wolf-1")
    ]
    rats = dict(RATS, turn="thorin")  # a fighter's insult is only words
    assert read(rats, "thorin", "I tell rat 1 it smells")[0].kind != "cast"


def test_the_rune_the_paragraph_ends_on_is_the_challenge() -> None:
    line = ("Sela pushes through the torn gap in the thorns, snags her sleeve, and curses under "
            "her breath. At the stone door she lays her palm on the warm rune and begins the "
            "old prayer for the dead, slow and careful.")  # fmt: skip
    assert kinds(WOODS, "sela", line) == [("challenge", "read_rune")]
    assert kinds(WOODS, "sela", "I knock three times on the barrow door")[0][0] == "improvise"


@pytest.mark.parametrize(
    "line",
    ["Frodo sneaks into the woods", "Conan the barbarian storms into the woods"],
)
def test_a_hero_of_another_story_is_not_in_the_party(line: str) -> None:
    assert [c.kind for c in read(MILL, "bram", line)] == ["refuse"]
    assert read(MILL, "bram", "Hobb the miller greets us")[0].kind == "talk"


LIGHTHOUSE = {"campaign": "drowned_bell", "scene": "lighthouse"}
INN = {"campaign": "crossroads", "scene": "inn"}
GRUBNAK = {"campaign": "crossroads", "scene": "chief_hall",
           "flags": {"trapdoor_open": True, "tam_found": True, "guards_passed": True},
           "defeated": ["cellar_rats", "tunnel_guards"]}  # fmt: skip


@pytest.mark.parametrize(
    ("spec", "line", "who"),
    [
        (LIGHTHOUSE, "what happened in the great storm", "wendel"),
        (INN, "so what's in it for us if we find the kid", "berta"),
        (GRUBNAK, "Could we have peace between us, chief?", "grubnak"),
    ],
)
def test_a_question_about_the_story_goes_to_the_one_who_knows(
    spec: dict[str, object], line: str, who: str
) -> None:
    assert kinds(spec, "mira" if spec is not LIGHTHOUSE else "wren", line) == [("talk", who)]


@pytest.mark.parametrize(
    "line", ["what's my hp", "what's in this room?", "remind me what we're doing"]
)
def test_a_question_the_game_answers_stays_the_games(line: str) -> None:
    assert [c.kind for c in read(INN, "mira", line)] == ["question"]


@pytest.mark.parametrize(
    ("line", "kind"),
    [("huh what do i do", "help"), ("what can I even do here", "help"),
     ("wat do i got on me", "inventory")],
)  # fmt: skip
def test_table_commands_padded_with_small_words(line: str, kind: str) -> None:
    assert [c.kind for c in read(INN, "mira", line)] == [kind]


def test_a_seat_taken_beside_someone_is_the_seat() -> None:
    said = read(MILL, "bram", "I sit on the millstone next to Hobb")
    assert [(c.kind, c.target) for c in said] == [("improvise", "millstone")]


async def test_a_question_asked_of_the_game_is_weighed_by_nobody_in_the_room() -> None:
    session = session_for(build_situation(Situation.model_validate({**INN, "met": ["berta"]})))
    await play(session, "mira", "remind me what we're doing")
    assert session.state.truth.judgments == []
    told = " ".join(session.state.history[-1].narrative.split())
    assert "trapdoor" in told.lower() or "potboy" in told.lower()


async def test_whats_in_this_room_tells_the_whole_room() -> None:
    session = session_for(build_situation(Situation.model_validate(INN)))
    await play(session, "mira", "What's in this room?")
    told = " ".join(session.state.history[-1].narrative.split())
    assert "trapdoor" in told and "Berta" in told


BARROW_AFTER = {"campaign": "hollow_ford", "scene": "barrow",
                "flags": {"barrow_open": True, "wren_found": True},
                "defeated": ["woods_wolves", "barrow_dead"]}  # fmt: skip


@pytest.mark.parametrize(
    "line", ["I check Wren for injuries", "check her over for cuts and bruises"]
)
def test_checking_someone_for_wounds_is_tending_them(line: str) -> None:
    said = read(BARROW_AFTER, "sela", line)
    assert [(c.kind, c.target, c.action) for c in said] == [("improvise", "wren", "medicine")]


def test_a_thing_shown_to_someone_is_words_with_them_about_it() -> None:
    chapel = {"campaign": "drowned_bell", "scene": "chapel", "flags": {"knows_truth": True},
              "give": {"cass": ["tarnished locket"]}}  # fmt: skip
    assert kinds(chapel, "cass", "hold up the locket so she can see it") == [("talk", "maelis")]


def test_pulling_someone_away_from_the_foes_is_a_rescue() -> None:
    said = read(THRALLS, "ione", "I grab Corin and pull him away from them")
    assert [(c.kind, c.extra[:1]) for c in said] == [("improvise", ("rescue",))]


def test_a_statement_about_a_friend_is_no_question() -> None:
    line = ("Bram doesn't say much. He hitches his axe higher on his shoulder, squints at the "
            "wall of trees to the north where the woman keeps calling, and strides off along "
            "the path without waiting for the others.")  # fmt: skip
    assert kinds(MILL, "bram", line) == [("move", "woods")]
    assert read(MILL, "bram", "wait is there a town nearby")[0].kind == "question"


def test_a_nod_towards_a_place_goes_nowhere() -> None:
    assert "move" not in [c.kind for c in read(MILL, "bram", "nodding at the wood")]


def test_whatever_a_search_turns_up_is_taken() -> None:
    tam = {"campaign": "crossroads", "scene": "cellar", "defeated": ["cellar_rats"],
           "flags": {"trapdoor_open": True}}  # fmt: skip
    said = kinds(tam, "mira", "search the flagstone then grab whatever's under it")
    assert said == [("challenge", "flagstone"), ("take", "silver_key")]


WARREN_GUARDS = {"campaign": "crossroads", "scene": "warren", "defeated": ["cellar_rats"],
                 "flags": {"trapdoor_open": True, "tam_found": True}}  # fmt: skip


def test_creeping_towards_the_guarded_way_is_sneaking_past_and_then_through_it() -> None:
    assert kinds(WARREN_GUARDS, "mira", "I creep toward the curtain") == [
        ("challenge", "sneak_past")
    ]
    said = kinds(WARREN_GUARDS, "mira", "We sneak past the goblins and slip through the curtain")
    assert said == [("challenge", "sneak_past"), ("move", "chief_hall")]
    assert kinds(WARREN_GUARDS, "mira", "go to the curtain")[0] == ("move", "chief_hall")


@pytest.mark.parametrize(
    ("line", "foe"),
    [
        ("Bram sets his feet, waits for the grey shape to lunge, and brings his battleaxe round "
         "in a wide arc at the wolf circling to his left, the second one.", "wolf-2"),
    ],
)  # fmt: skip
def test_the_foe_a_paragraph_singles_out_at_its_end_is_struck(line: str, foe: str) -> None:
    wolves = {**WOLVES, "turn": "bram", "wounds": {"wolf-2": 5}}
    assert kinds(wolves, "bram", line) == [("attack", foe)]


def test_a_dead_foe_told_on_the_way_is_not_the_one_struck() -> None:
    rats = {**RATS, "dead": ["giant-rat-1"], "wounds": {"giant-rat-3": 4}}
    line = ("Bleeding from three bites and furious about it, Thorin spits on the flagstones, "
            "steps over the carcass of the first rat and hacks at the one that's already "
            "limping.")  # fmt: skip
    assert kinds(rats, "thorin", line) == [("attack", "giant-rat-3")]


@pytest.mark.parametrize(
    "line", ["Wren stops fighting and starts singing to her", "I stop attacking"]
)
def test_stopping_a_fight_is_no_blow(line: str) -> None:
    warden = {**WARDEN, "turn": "wren"}
    assert "attack" not in [c.kind for c in read(warden, "wren", line)]


def test_the_hide_curtain_is_a_curtain_not_a_hide() -> None:
    guards = {**WARREN_GUARDS, "fight": "tunnel_guards", "turn": "aria"}
    said = read(guards, "aria", "i peek behind the hide curtain")
    assert [(c.kind, c.action) for c in said] != [("manoeuvre", "hide")]


def test_sneaking_into_an_open_way_goes_there() -> None:
    cellar = {"campaign": "crossroads", "scene": "cellar", "defeated": ["cellar_rats"],
              "flags": {"trapdoor_open": True}}  # fmt: skip
    assert kinds(cellar, "mira", "sneak into the tunnel") == [("move", "warren")]


@pytest.mark.parametrize("reply", ["ya", "yeah obviously", "of course!"])
def test_everyday_yeses_are_yes(reply: str) -> None:
    assert is_yes(reply)


TAM = {"campaign": "crossroads", "scene": "cellar", "defeated": ["cellar_rats"],
       "flags": {"trapdoor_open": True, "tam_found": True}}  # fmt: skip


@pytest.mark.parametrize(
    "line", ["go on lad, run upstairs to berta. we got this", "run upstairs to berta, lad"]
)
def test_someone_sent_somewhere_goes_alone_not_the_party(line: str) -> None:
    assert [c.kind for c in read(TAM, "thorin", line)] == ["talk"]
    assert read(TAM, "thorin", "Stand back, Tam. I'm kicking the casks over.")[0].kind != "talk"


@pytest.mark.parametrize("line", ["we should leave the locket. it's not ours", "Wanna go home?"])
def test_leaving_a_thing_or_asking_about_going_home_goes_nowhere(line: str) -> None:
    cave = {"campaign": "drowned_bell", "scene": "sea_cave"}
    assert "move" not in [c.kind for c in read(cave, "cass", line)]
    assert read(cave, "cass", "we go home")[0].kind == "move"


def test_the_other_one_is_the_foe_not_struck_just_before() -> None:
    guards = {"campaign": "crossroads", "scene": "warren", "defeated": ["cellar_rats"],
              "flags": {"trapdoor_open": True, "tam_found": True}, "fight": "tunnel_guards",
              "turn": "thorin"}  # fmt: skip
    said = kinds(guards, "thorin", "hit goblin 1, then action surge and hit the other one")
    assert said == [("attack", "goblin-1"), ("feature", None), ("attack", "goblin-2")]


@pytest.mark.parametrize(
    ("line", "told"),
    [
        ("Cass leads the way across the causeway, murmuring a prayer",
         "Brother Cass leads the way across the causeway, murmuring a prayer."),
        ("excuse me maam, are you alright?",
         "Brother Cass says: “excuse me maam, are you alright?”"),
        ("warm my hands by the fire", "Brother Cass warms their hands by the fire."),
    ],
)  # fmt: skip
def test_a_deed_told_back_reads_as_the_story(line: str, told: str) -> None:
    assert told_back(line, "Brother Cass") == told


async def test_setting_the_inn_on_fire_is_said_plainly_not_done() -> None:
    session = session_for(build_situation(Situation.model_validate(INN)))
    referee = await play(session, "mira", "set the inn on fire")
    assert not referee.made
    assert "nothing is set alight" in session.state.history[-1].narrative


def test_a_foe_out_cold_is_not_counted_as_standing() -> None:
    guards = {"campaign": "crossroads", "scene": "warren", "defeated": ["cellar_rats"],
              "flags": {"trapdoor_open": True, "tam_found": True}, "fight": "tunnel_guards",
              "turn": "mira", "wounds": {"goblin-1": 7}}  # fmt: skip
    state = build_situation(Situation.model_validate(guards))
    assert state.creatures["goblin-1"].vitals.hp == 0
    said = answer_from_game(
        state, state.campaign, understand("who's still standing", "mira", state, state.campaign)
    )
    assert said is not None and "Goblin 1" not in said


def test_a_healing_spell_named_alone_heals_a_friend_never_the_foe() -> None:
    warden = {**WARDEN, "turn": "cass"}
    assert kinds(warden, "cass", "healing word") == [("cast", "cass")]
    hurt = {**WARDEN, "turn": "cass", "wounds": {"ione": 20}}
    assert kinds(hurt, "cass", "healing word") == [("cast", "ione")]


def test_a_storys_lets_is_her_letting_not_a_suggestion() -> None:
    rats = {"campaign": "crossroads", "scene": "cellar", "fight": "cellar_rats", "turn": "mira",
            "wounds": {"giant-rat-1": 3}}  # fmt: skip
    line = ("Mira tumbles sideways across the wet flagstones, comes up on one knee behind a "
            "cask, nocks an arrow and lets it fly at the wounded one.")  # fmt: skip
    assert kinds(rats, "mira", line) == [("attack", "giant-rat-1")]
