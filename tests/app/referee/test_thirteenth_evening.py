"""What a thirteenth evening's lines found: a friend asked without a comma after a sigh, a
deed taken back by name ("forget ringing it"), a question that begins with "will", a rest
out of the wind, readying for whatever comes, a blow told as a pin or a bash over the head,
gear knocked off a foe, words told in a paragraph, a night at someone's house, and
"finish" a foe by name."""

from __future__ import annotations

from tests.app.referee_lines import read

RATS = {"campaign": "crossroads", "scene": "cellar", "fight": "cellar_rats", "turn": "mira"}
GUARDS = {"campaign": "crossroads", "scene": "warren", "fight": "tunnel_guards", "turn": "thorin"}
HALL = {"campaign": "crossroads", "scene": "chief_hall", "flags": {"guards_passed": True}}
BAND = {**HALL, "fight": "grubnak_band", "turn": "thorin"}
CAVE = {"campaign": "drowned_bell", "scene": "sea_cave"}
HARBOUR = {"campaign": "drowned_bell", "scene": "harbour", "flags": {"corin_saved": True}}
STRAND = {"campaign": "drowned_bell", "scene": "strand", "fight": "strand_thralls",
          "turn": "ione", "wounds": {"ione": 10}}  # fmt: skip
BELFRY = {"campaign": "drowned_bell", "scene": "belfry"}
INN_TABLE = {"campaign": "crossroads", "scene": "inn",
             "players": {"Ana": ["mira"], "Ben": ["thorin"], "Cleo": ["aria"]}}  # fmt: skip


def test_a_friend_asked_after_a_sigh_is_words_to_them_not_acting_for_them() -> None:
    for line in ("ugh. Thorin can you just smash it", "Thorin, can you smash the lock?",
                 "ok. Aria could you light this place up"):  # fmt: skip
        said = read(INN_TABLE, "mira", line)[0]
        assert said.kind == "ask" and "plays" in said.note, line
    assert read(INN_TABLE, "mira", "Thorin smash the lock")[0].kind == "refuse"


def test_a_deed_taken_back_by_name_is_not_done() -> None:
    said = read(BELFRY, "ione", "actually forget ringing it. I hack at the rotten beam so the "
                                "bell falls into the sea forever")  # fmt: skip
    assert [(c.kind, c.targets) for c in said] == [("challenge", ("cut_bell",))]
    for line in ("never mind ringing it", "forget it", "ok forget about the bell"):
        assert read(BELFRY, "ione", line)[0].kind == "ask", line
    assert read(BELFRY, "ione", "forget the bell, let's go down")[0].kind == "move"
    assert read(BELFRY, "ione", "never mind, I ring it")[0].targets == ("toll_bell",)
    assert read(BELFRY, "ione", "don't forget the rope")[0].kind != "challenge"
    said = read(BELFRY, "ione", "I forget the way down")[0]  # (not the "I" left over: a bag)
    assert said.kind != "inventory" and "taken back" not in said.note


def test_a_question_that_begins_with_will_is_asked_not_cast() -> None:
    said = read({**BAND, "turn": "aria"}, "aria", "Will magic missile kill him?")[0]
    assert said.kind == "question" and said.spell == "magic_missile"
    assert read({**RATS, "turn": "aria"}, "aria", "will burning hands hit Mira too?")[0].kind == (
        "question"
    )
    assert read({**BAND, "turn": "aria"}, "aria", "Aria will cast magic missile")[0].kind == "cast"


def test_a_rest_out_of_the_wind_goes_nowhere() -> None:
    said = read(CAVE, "cass", "Short rest in the cave, out of the wind.")
    assert [c.kind for c in said] == ["rest"]


def test_ready_to_hit_whatever_comes_is_a_readied_blow() -> None:
    said = read(GUARDS, "thorin", "I'm ready to hit whatever comes at Aria.")[0]
    assert (said.kind, said.action, said.targets) == ("manoeuvre", "ready", ())
    first = read(RATS, "mira", "I ready my bow and shoot the first rat that moves.")[0]
    assert (first.action, first.targets) == ("ready", ())  # whichever rat, not rat 1


def test_a_pin_with_a_blade_or_a_bash_over_the_head_is_a_blow() -> None:
    said = read(RATS, "mira", "I pin rat 2 to the floor with my shortsword")[0]
    assert (said.kind, said.targets) == ("attack", ("giant-rat-2",))
    said = read(GUARDS, "thorin", "I bash goblin two over the head")[0]
    assert (said.kind, said.targets) == ("attack", ("goblin-2",))
    assert read(RATS, "mira", "I pin rat 2 to the floor")[0].action == "grapple"


def test_gear_knocked_off_a_foe_points_at_its_wearer() -> None:
    said = read(BAND, "thorin", "I smack that saucepan right off his head")[0]
    assert (said.kind, said.targets) == ("attack", ("grubnak",))


def test_words_told_in_a_paragraph_are_words_not_a_blow() -> None:
    said = read(HALL, "mira", "Mira plants her feet among the stolen boots, meets the chief's "
                "squint with her best tavern smile, and tells him that a goblin as clever as "
                "him surely knows a sack of sausages every month beats a cellar full of angry "
                "adventurers.")[0]  # fmt: skip
    assert (said.kind, said.targets) == ("talk", ("grubnak",))


def test_a_night_at_someones_house_is_a_rest_not_a_sleep_spell() -> None:
    assert read(HARBOUR, "wren", "We sleep at Nessa's, everyone.")[0].kind == "rest"


def test_finish_a_foe_by_name_is_a_blow_after_the_spell() -> None:
    said = read(STRAND, "ione", "Cure myself and then finish thrall 1")
    assert [(c.kind, c.targets) for c in said] == [
        ("cast", ("ione",)),
        ("attack", ("drowned-thrall-1",)),
    ]


def test_a_draught_held_out_to_someone_is_given_them() -> None:
    cellar = {"campaign": "crossroads", "scene": "cellar", "flags": {"tam_found": True},
              "defeated": ["cellar_rats"], "give": {"mira": ["healing potion"]}}  # fmt: skip
    said = read(cellar, "mira", "here tam, drink this")[0]
    assert (said.kind, said.targets) == ("give", ("tam", "healing_potion"))


def test_a_deal_put_as_if_you_stop_is_the_parley() -> None:
    hall = {**HALL, "flags": {"guards_passed": True, "tam_found": True}, "met": ["grubnak"]}
    said = read(hall, "mira", "we'll bring you a barrel of sausages every month if you stop "
                              "digging under the inn. deal?")  # fmt: skip
    assert (said[0].kind, said[0].targets) == ("challenge", ("parley",))
    assert read(hall, "mira", "what happens if you stop raiding?")[0].kind != "challenge"


def test_a_sigh_before_a_stop_is_no_name_called() -> None:
    said = read({"campaign": "crossroads", "scene": "old_road"}, "aria", "Hm. I hate rain.")[0]
    assert said.kind != "refuse"


def test_a_character_said_to_be_done_holds() -> None:
    table = {**RATS, "turn": "aria", "players": {"Ana": ["mira"], "Ben": ["thorin", "aria"]}}
    assert read(table, "aria", "Aria's done, Thorin's turn")[0].kind == "hold"


def test_a_foe_called_by_what_he_wields_is_struck() -> None:
    said = read(BAND, "thorin", "Chop that spoon-wielding maniac")[0]
    assert (said.kind, said.targets) == ("attack", ("grubnak",))


def test_a_going_through_the_thing_asked_about_and_a_boy_brought_upstairs() -> None:
    cellar = {"campaign": "crossroads", "scene": "cellar", "flags": {"tam_found": True,
              "trapdoor_open": True}, "defeated": ["cellar_rats"]}  # fmt: skip
    said = read(cellar, "mira", "I ask Tam about the tunnel, then we go through it.")
    assert [(c.kind, c.targets) for c in said] == [("talk", ("tam",)), ("move", ("warren",))]
    assert read(cellar, "aria", "we bring tam upstairs")[0].targets == ("inn",)


def test_a_paragraph_that_ends_in_a_shot_at_the_foes_in_view_is_that_shot() -> None:
    said = read({"campaign": "drowned_bell", "scene": "strand"}, "ione",
                "Ione doesn't wait for the others. She nocks an arrow as she runs down the last "
                "of the steps, skids to a halt on the ribbed sand, and shoots at the grey thing "
                "with its hand locked around the young man's collar.")[0]  # fmt: skip
    assert (said.kind, said.targets) == ("attack", ("strand_thralls",))


def test_the_dead_one_searched_is_the_foe_lying_dead() -> None:
    warren = {"campaign": "crossroads", "scene": "warren", "fight": "tunnel_guards",
              "turn": "aria", "dead": ["goblin-2"]}  # fmt: skip
    said = read(warren, "aria", "Fire bolt the goblin and then search the dead one")
    assert [(c.kind, c.targets) for c in said] == [("cast", ("goblin-1",)),
                                                  ("examine", ("goblin-2",))]  # fmt: skip


def test_run_him_through_and_cut_him_down_are_blows_and_a_squint_is_a_look() -> None:
    hall = {**BAND, "turn": "mira"}
    said = read(hall, "mira", "run him through! stab grubnak")[0]
    assert (said.kind, said.targets) == ("attack", ("grubnak",))
    assert read(hall, "mira", "cut him down")[0].kind == "attack"
    assert read(hall, "mira", "run the big one through!")[0].kind == "attack"
    look = read({"campaign": "drowned_bell", "scene": "harbour"}, "cass",
                "I squint up at the dark lighthouse")[0]  # fmt: skip
    assert (look.kind, look.targets) == ("examine", ("lighthouse",))


def test_forget_it_then_a_deed_is_that_deed() -> None:
    said = read(
        {"campaign": "crossroads", "scene": "inn"}, "mira", "forget it im smashing the lock"
    )
    assert (said[0].kind, said[0].targets) == ("challenge", ("force_trapdoor",))


def test_a_theft_while_he_isnt_looking_is_sleight_of_hand() -> None:
    hall = {**HALL, "met": ["grubnak"]}
    said = read(hall, "mira", "I steal a sausage off the pile when he isn't looking.")[0]
    assert (said.kind, said.action) == ("improvise", "sleight_of_hand")


def test_coming_along_goes_with_the_party_but_ends_no_fighters_turn() -> None:
    table = {"campaign": "drowned_bell", "scene": "harbour",
             "players": {"Ann": ["ione"], "Bob": ["cass", "wren"]}}  # fmt: skip
    for line in ("ok coming", "I'm right behind him"):
        assert read(table, "cass", line)[0].kind == "hold", line
    fight = {**RATS, "turn": "thorin"}
    assert read(fight, "thorin", "I'm coming, Aria!")[0].kind != "hold"
