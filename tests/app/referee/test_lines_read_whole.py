"""Lines whose every part now reads as meant: a question about a spell carries that spell;
a flask opened and drunk is one potion; a padlock pocketed is no going; a numbered foe's
tail is that foe's; "the one Thorin didn't hit"; a blade in each hand; a charge at the
chief, never a flight; a hide curtain is no hiding; a weapon lowered is no blow; two other
players' characters sent off at a shared table; questions of the locals put to the one
here; whether someone lies, read in their face."""

from __future__ import annotations

from app.session.setup import session_for
from tests.app.referee_lines import play, read, told
from tests.referee_corpus import Situation, build_situation

INN = {"campaign": "crossroads", "scene": "inn"}
INN_OPEN = {**INN, "met": ["berta"], "flags": {"trapdoor_open": True},
            "challenges": {"trapdoor_lock": "passed"}}  # fmt: skip
RATS = {"campaign": "crossroads", "scene": "cellar", "flags": {"trapdoor_open": True},
        "fight": "cellar_rats", "turn": "thorin", "dead": ["giant-rat-1"]}  # fmt: skip
GUARDS = {"campaign": "crossroads", "scene": "warren", "defeated": ["cellar_rats"],
          "fight": "tunnel_guards", "turn": "mira", "wounds": {"goblin-1": 5}}  # fmt: skip
BAND = {"campaign": "crossroads", "scene": "chief_hall", "defeated": ["cellar_rats"],
        "fight": "grubnak_band", "dead": ["goblin-2"]}  # fmt: skip
YARD = {"campaign": "hollow_ford", "scene": "mill_yard"}


async def test_a_question_about_a_spell_carries_it_and_is_answered_about_it() -> None:
    said = read(INN, "aria", "What's the damage on Magic Missile?")[0]
    assert (said.kind, said.spell) == ("question", "magic_missile")
    thralls = {"campaign": "drowned_bell", "scene": "strand", "fight": "strand_thralls",
               "turn": "wren"}  # fmt: skip
    answer = await told(thralls, "wren", "Can sleep affect undead?")
    assert answer.startswith("Sleep:") and "undead" in answer.lower()
    assert read(INN, "aria", "can I light the lamp?")[0].spell is None  # a word, not a spell


async def test_a_feature_named_is_no_turn_nor_a_count_of_attacks() -> None:
    answer = await told({**RATS, "turn": "mira"}, "mira", "what's sneak attack again")
    assert answer.startswith("Sneak Attack:")


async def test_a_flask_uncorked_and_drunk_is_one_potion() -> None:
    for line in ("Thorin uncorks his potion and knocks it back.", "uncork the potion and down it"):
        said = read(INN, "thorin", line)
        assert [(s.kind, s.item) for s in said] == [("use", "healing_potion")], line
    thrown = read(INN, "thorin", "I uncork the potion and toss it at the rat")
    assert len(thrown) == 2  # (a throw is a deed of its own)


def test_a_padlock_pocketed_takes_nobody_down_the_stairs() -> None:
    said = read(INN_OPEN, "aria", "I take the padlock off the hasp and pocket it.")
    assert [s.kind for s in said] == ["improvise"]


def test_a_fire_laid_and_lit_is_no_try_at_the_great_lamp() -> None:
    lighthouse = {"campaign": "drowned_bell", "scene": "lighthouse"}
    said = read(lighthouse, "ione", "I lay a fire in the cold grate and light it")
    assert [s.kind for s in said] == ["improvise"]


def test_a_numbered_foes_own_part_is_that_foe() -> None:
    for line in ("hit rat three's head", "hit rat 3's head"):
        assert read(RATS, "thorin", line)[0].targets == ("giant-rat-3",), line


def test_the_one_a_friend_did_not_hit() -> None:
    said = read(GUARDS, "mira", "shoot the one thorin didn't hit")[0]
    assert (said.kind, said.targets) == ("attack", ("goblin-2",))


def test_a_blade_in_each_hand_is_one_blow_of_both() -> None:
    said = read(GUARDS, "mira", "shortsword in one hand, dagger in the other, i go at goblin 2")
    assert [(s.kind, s.targets, s.action) for s in said] == [("attack", ("goblin-2",), "both")]


def test_going_straight_for_the_chief_is_a_blow_never_a_flight() -> None:
    line = ("Bleeding from a dozen spoon-shaped bruises, Thorin grips his longsword in both "
            "hands and goes straight for the goblin boss, because this ends now.")  # fmt: skip
    said = read({**BAND, "turn": "thorin"}, "thorin", line)[0]
    assert (said.kind, said.targets) == ("attack", ("grubnak",))
    towards = read({**BAND, "turn": "thorin"}, "thorin", "goes towards the goblin boss")[0]
    assert (towards.kind, towards.action, towards.targets) == ("manoeuvre", "engage", ("grubnak",))


def test_a_hide_curtain_is_a_thing_not_a_hiding() -> None:
    said = read({**BAND, "turn": "mira"}, "mira", "i cut the hide curtain down on goblin 1")[0]
    assert said.action != "hide"
    hid = read({**BAND, "turn": "mira"}, "mira", "I duck behind the hide curtain and hide")[0]
    assert (hid.kind, hid.action) == ("manoeuvre", "hide")
    assert read({**BAND, "turn": "mira"}, "mira", "I duck behind the curtain")[0].kind != "move"


async def test_popping_up_from_hiding_to_shoot_leaves_nobody_fleeing() -> None:
    line = "Hide behind a barrel, then pop up and shoot the nearest rat."
    session = session_for(build_situation(Situation.model_validate({**RATS, "turn": "mira"})))
    referee = await play(session, "mira", line)
    assert all(c.name not in ("take_action", "move_scene") for c in referee.made)
    assert any(c.name == "attack" for c in referee.made)


def test_a_weapon_lowered_before_words_is_no_blow() -> None:
    chapel = {"campaign": "drowned_bell", "scene": "chapel", "defeated": ["strand_thralls"],
              "fight": "warden", "turn": "wren"}  # fmt: skip
    line = ("Wren lowers her rapier. There is a song in it about a sister on a sandbar. She "
            "doesn't sing it. She just says, clearly: \"Maelis. They got to the boats. "
            "Everyone is home.\"")  # fmt: skip
    said = read(chapel, "wren", line)
    assert all(s.kind != "attack" for s in said)
    assert said[0].kind == "talk"


def test_a_boat_hauled_up_on_the_quay_is_no_way_up() -> None:
    harbour = {"campaign": "drowned_bell", "scene": "harbour"}
    said = read(harbour, "wren", "I climb into one of the hauled-up boats")
    assert said[0].kind != "move"


def test_two_other_players_characters_sent_off_are_theirs_to_send() -> None:
    table = {**YARD, "players": {"Pia": ["sela"], "Rob": ["bram"], "Sam": ["ivo"]}}
    said = read(table, "sela", "Bram and Ivo head to the woods")[0]
    assert said.kind == "refuse" and "Rob" in said.note
    assert read(YARD, "sela", "Bram and Ivo head to the woods")[0].kind == "move"  # solo: all hers


def test_what_the_locals_know_is_asked_of_the_one_here() -> None:
    harbour = {"campaign": "drowned_bell", "scene": "harbour"}
    for line in ("Is there an inn where we might sleep tonight?", "What do people fish for here?"):
        said = read(harbour, "cass", line)[0]
        assert (said.kind, said.targets) == ("talk", ("nessa",)), line
    said = read(INN, "thorin", "Does the landlady know a good smith in these parts?")[0]
    assert (said.kind, said.targets) == ("talk", ("berta",))
    assert read(YARD, "sela", "does Ivo know any stories about barrows?")[0].kind == "question"
    assert read(harbour, "cass", "how many did we kill?")[0].kind != "talk"


async def test_who_else_is_here_outside_a_fight_names_the_people() -> None:
    answer = await told(INN, "aria", "Who else is in here besides the innkeeper?")
    assert "Berta" in answer and "no fight" not in answer


async def test_what_we_do_now_is_the_storys_next_step() -> None:
    answer = await told(INN, "aria", "what do we do now")
    assert "trapdoor" in answer
    assert read(INN, "aria", "um, what do I do now?")[0].kind == "help"  # how to play


def test_whether_someone_lies_is_read_in_their_face() -> None:
    for line, who in (
        ("is she lying?", "odile"),
        ("is he lying", "hobb"),
        ("I look the mother in the eye. Is she telling us everything?", "odile"),
    ):
        said = read(YARD, "sela", line)[-1]
        assert (said.kind, said.action, said.targets) == ("improvise", "insight", (who,)), line
    assert read(YARD, "sela", "is he lying on the ground?")[-1].action != "insight"  # where


def test_waiting_foes_are_spoken_to_when_named() -> None:
    warren = {"campaign": "crossroads", "scene": "warren", "defeated": ["cellar_rats"]}
    for line in ("talk to the goblins", "Hello? Excuse me, goblins, we'd like to talk."):
        said = read(warren, "aria", line)[0]
        assert (said.kind, said.targets) == ("talk", ()), line


def test_grabbing_a_thing_mid_fight_is_taking_it() -> None:
    barrow = {"campaign": "hollow_ford", "scene": "barrow", "flags": {"barrow_open": True},
              "defeated": ["woods_wolves"], "fight": "barrow_dead", "turn": "bram"}  # fmt: skip
    said = read(barrow, "bram", "I grab the crown off the bier mid-fight")[0]
    assert (said.kind, said.item) == ("take", "rusted_crown")


def test_a_titled_name_said_first_is_words_to_that_one() -> None:
    hall = {"campaign": "crossroads", "scene": "chief_hall", "defeated": ["cellar_rats"]}
    said = read(hall, "mira", "Great chief Grubnak, we come in peace.")[0]
    assert (said.kind, said.targets) == ("talk", ("grubnak",))


def test_finishing_the_hurt_one_is_a_blow_at_it() -> None:
    said = read(GUARDS, "mira", "finish the hurt goblin")[0]
    assert (said.kind, said.targets) == ("attack", ("goblin-1",))


def test_a_climb_to_look_around_is_the_climb_and_onto_a_mound_no_way_in() -> None:
    road = {"campaign": "crossroads", "scene": "old_road"}
    said = read(road, "mira", "i climb one of the pines to look around")[0]
    assert (said.kind, said.action) == ("improvise", "athletics")
    woods = {"campaign": "hollow_ford", "scene": "woods", "defeated": ["woods_wolves"]}
    for line in ("i climb on top of the mound to look around", "climb onto the mound"):
        said = read(woods, "bram", line)[0]
        assert (said.kind, said.targets) == ("improvise", ("mound",)), line
    lighthouse = {"campaign": "drowned_bell", "scene": "lighthouse"}
    said = read(lighthouse, "ione", "I climb up and get the great lamp burning again")[-1]
    assert (said.kind, said.targets) == ("challenge", ("light_lamp",))


def test_a_going_that_leaves_out_what_it_crosses_crosses_what_was_looked_at() -> None:
    strand = {"campaign": "drowned_bell", "scene": "strand", "defeated": ["strand_thralls"]}
    said = read(strand, "ione", "Look at the causeway, then start across")
    assert [(s.kind, s.targets) for s in said] == [
        ("examine", ("causeway",)),
        ("challenge", ("cross_causeway",)),
    ]


def test_a_blow_after_a_spell_is_a_blow_not_another_target_of_the_spell() -> None:
    thralls = {"campaign": "drowned_bell", "scene": "strand", "fight": "strand_thralls",
               "turn": "ione", "wounds": {"ione": 6}}  # fmt: skip
    said = read(thralls, "ione", "I cast cure wounds on myself and then shoot")
    assert (said[0].kind, said[0].targets) == ("cast", ("ione",))
    assert said[1].kind == "attack"
