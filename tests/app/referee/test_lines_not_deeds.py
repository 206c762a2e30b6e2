"""Lines the referee once turned into deeds nobody asked for: a question about a foe read
as a blow, a war cry read as a threat, a friend grabbed read as a grapple of a foe, a way
of putting someone read as leaving, a purpose read as a going, a part of a challenge's
phrase read as its object, a weapon kicked away read as a shove — and the deeds they
were meant as."""

from __future__ import annotations

import pytest

from tests.app.referee_lines import read

RATS = {"campaign": "crossroads", "scene": "cellar", "fight": "cellar_rats", "turn": "aria",
        "conditions": {"giant-rat-3": ["unconscious"]}}  # fmt: skip
GUARDS = {"campaign": "crossroads", "scene": "warren", "fight": "tunnel_guards",
          "turn": "thorin"}  # fmt: skip
BAND = {"campaign": "crossroads", "scene": "chief_hall", "fight": "grubnak_band",
        "turn": "thorin"}  # fmt: skip
THRALLS = {"campaign": "drowned_bell", "scene": "strand", "fight": "strand_thralls",
           "turn": "ione"}  # fmt: skip
WARDEN = {"campaign": "drowned_bell", "scene": "chapel", "fight": "warden", "turn": "cass"}
BARROW = {"campaign": "hollow_ford", "scene": "barrow", "flags": {"barrow_open": True},
          "fight": "barrow_dead", "turn": "sela", "wounds": {"ivo": 15}}  # fmt: skip
CELLAR = {"campaign": "crossroads", "scene": "cellar", "defeated": ["cellar_rats"],
          "flags": {"trapdoor_open": True, "tam_found": True}, "met": ["tam"],
          "give": {"mira": ["silver key"]}}  # fmt: skip
BELFRY = {"campaign": "drowned_bell", "scene": "belfry", "defeated": ["strand_thralls"],
          "flags": {"knows_truth": True, "warden_calmed": True},
          "give": {"ione": ["tarnished locket"]}}  # fmt: skip
STRAND = {"campaign": "drowned_bell", "scene": "strand", "defeated": ["strand_thralls"]}


def test_asking_whether_a_foe_is_still_out_cold_is_a_question_not_a_blow() -> None:
    said = read(RATS, "aria", "is rat 3 still out cold?")[0]
    assert (said.kind, said.targets) == ("question", ("giant-rat-3",))


@pytest.mark.parametrize(
    "line", ["I charge the goblins bellowing a war cry", "I rush them roaring"]
)
def test_a_charge_with_a_war_cry_is_the_charge(line: str) -> None:
    assert read(GUARDS, "thorin", line)[0].kind == "attack"


def test_knocking_someone_off_his_throne_knocks_him_prone() -> None:
    said = read(BAND, "thorin", "I knock Grubnak off his throne")[0]
    assert (said.kind, said.action, said.targets) == ("manoeuvre", "shove_prone", ("grubnak",))


def test_chop_chop_hurries_the_table_and_strikes_nobody() -> None:
    assert read(BAND, "thorin", "chop chop")[0].kind == "ask"
    assert read(BAND, "thorin", "chop him")[0].kind == "attack"


def test_a_friend_grabbed_by_the_collar_is_pulled_clear_not_a_foe_grappled() -> None:
    said = read(THRALLS, "ione", "I grab Corin by the collar and haul him out of their grip")
    assert [(s.kind, s.action) for s in said] == [("improvise", "athletics")]
    assert read(THRALLS, "ione", "grab thrall 2")[0].action == "grapple"
    ghost = {"campaign": "drowned_bell", "scene": "chapel", "fight": "warden", "turn": "ione"}
    assert read(ghost, "ione", "grapple the ghost")[0].action == "grapple"  # she is the foe


def test_a_shield_slammed_into_a_foe_and_pushing_her_back_is_one_shove() -> None:
    said = read(WARDEN, "cass", "slam my shield into her and push her back down the nave")
    assert [(s.kind, s.action) for s in said] == [("manoeuvre", "shove_away")]
    assert read(WARDEN, "cass", "push her down")[0].action == "shove_prone"


def test_a_weapon_knocked_from_a_hand_is_no_shove() -> None:
    said = read(BAND, "thorin", "I knock the saucepan off Grubnak's head")[0]
    assert (said.kind, said.targets) == ("improvise", ("grubnak",))
    kicked = {**GUARDS, "turn": "mira", "conditions": {"goblin-2": ["prone"]}}
    said = read(kicked, "mira", "I kick the prone goblin's scimitar out of his reach")[0]
    assert (said.kind, said.targets) == ("improvise", ("goblin-2",))
    assert read(kicked, "mira", "kick goblin 2")[0].kind == "attack"


def test_a_friend_dragged_out_of_a_foes_reach_stays_in_the_fight() -> None:
    spot = {**WARDEN, "turn": "ione"}
    said = read(spot, "ione", "I drag Wren behind the pews, out of her reach")
    assert [(s.kind, s.targets) for s in said] == [("improvise", ("wren",))]


def test_a_draught_tipped_into_a_friends_mouth_is_given_him() -> None:
    said = read(BARROW, "sela", "I tip my willow draught into Ivo's mouth")[0]
    assert (said.kind, said.item, said.targets) == (
        "use",
        "willow_draught",
        ("willow_draught", "ivo"),
    )


def test_a_key_given_to_take_to_someone_is_given_not_carried_there() -> None:
    said = read(CELLAR, "mira", "I give the silver key to Tam to take to Berta")[0]
    assert (said.kind, said.item) == ("give", "silver_key")
    assert read(CELLAR, "mira", "I climb up to go to the inn")[0].kind == "move"


def test_climbing_the_ladder_to_the_lamp_room_is_no_try_at_the_lamp() -> None:
    spot = {"campaign": "drowned_bell", "scene": "lighthouse"}
    said = read(spot, "ione", "I climb up the ladder to the lantern room and look out at the bay")
    assert all(s.kind != "challenge" for s in said)


def test_kelp_pulled_aside_is_a_look_at_the_pools_it_hangs_by() -> None:
    said = read(STRAND, "ione", "pull the kelp aside")[0]
    assert (said.kind, said.targets) == ("examine", ("tide_pools",))


def test_a_locket_dropped_down_to_a_friend_is_given_not_the_bell_cut_down() -> None:
    said = read(BELFRY, "ione", "drop the locket down to cass")[0]
    assert (said.kind, said.item) == ("give", "maelis_locket")
    assert read(BELFRY, "ione", "cut the bell down")[0].targets == ("cut_bell",)


def test_the_bell_taken_hold_of_and_set_swinging_is_rung() -> None:
    said = read(BELFRY, "ione", "takes hold of the bell's rim, and sets it swinging")
    assert [(s.kind, s.targets) for s in said] == [("challenge", ("toll_bell",))]


def test_a_locket_dug_out_of_ones_collar_needs_no_roll() -> None:
    said = read(BELFRY, "ione", "digs the tarnished locket out of her collar")[0]
    assert (said.kind, said.action) == ("improvise", "auto")


def test_a_stab_in_the_back_after_sneaking_up_is_no_way_back() -> None:
    tunnel = {"campaign": "crossroads", "scene": "warren", "flags": {"trapdoor_open": True},
              "defeated": ["cellar_rats"]}  # fmt: skip
    said = read(tunnel, "mira", "I sneak up and stab the nearest goblin in the back")
    assert all(s.kind != "move" for s in said)


def test_a_potion_tossed_to_a_friend_by_one_without_it_is_said_so() -> None:
    inn = {"campaign": "crossroads", "scene": "inn"}
    said = read(inn, "mira", "toss my potion to thorin")[0]
    assert (said.kind, said.note) == ("give", "Thorin has the healing potion")


def test_a_spell_named_short_before_a_colon_is_cast_not_a_stranger_speaking() -> None:
    from app.understanding.spells import names_a_spell

    assert names_a_spell("mockery") and names_a_spell("Missile")
    assert not names_a_spell("Gandalf") and not names_a_spell("word")


def test_a_feature_asked_for_by_name_alone_is_that_feature_had_or_not() -> None:
    wolves = {"campaign": "hollow_ford", "scene": "woods", "fight": "woods_wolves", "turn": "bram"}
    said = read(wolves, "bram", "rage!")[0]  # a fighter: said plainly that he has none
    assert (said.kind, said.action, said.note) == ("ask", "unable", "Bram has no Rage")
    skel = {"campaign": "hollow_ford", "scene": "barrow", "flags": {"barrow_open": True},
            "fight": "barrow_dead", "turn": "ivo"}  # fmt: skip
    said = read(skel, "ivo", "bardic inspo for bram")[0]
    assert (said.kind, said.action, said.targets) == ("feature", "bardic_inspiration", ("bram",))


@pytest.mark.parametrize("line", ["check the inventory", "Mira rummages through her pack"])
def test_a_look_through_ones_own_pack_is_the_inventory(line: str) -> None:
    assert read({"campaign": "crossroads", "scene": "inn"}, "mira", line)[0].kind == "inventory"


def test_the_potion_a_friend_gave_is_drunk_not_poured_for_the_friend() -> None:
    rats = {"campaign": "crossroads", "scene": "cellar", "fight": "cellar_rats", "turn": "aria",
            "give": {"aria": ["healing potion"]}, "wounds": {"aria": 11}}  # fmt: skip
    said = read(rats, "aria", "I drink the potion Thorin gave me")[0]
    assert (said.kind, said.targets) == ("use", ("healing_potion",))


def test_a_locket_given_back_moves_nobody() -> None:
    chapel = {"campaign": "drowned_bell", "scene": "chapel", "flags": {"knows_truth": True},
              "defeated": ["strand_thralls"], "give": {"wren": ["tarnished locket"]}}  # fmt: skip
    said = read(chapel, "wren", "I give the locket back to Ione")[0]
    assert (said.kind, said.item) == ("give", "maelis_locket")


@pytest.mark.parametrize("line", ["I tie em up with some rope before they wake up",
                                  "ill tie up the other one too"])  # fmt: skip
def test_chat_spellings_of_them_and_ill_are_read(line: str) -> None:
    down = {**GUARDS, "turn": "mira",
            "conditions": {"goblin-1": ["unconscious"], "goblin-2": ["unconscious"]}}  # fmt: skip
    said = read(down, "mira", line)[0]
    assert (said.kind, said.extra[:1]) == ("improvise", ("bind",))


RAT_FIGHT = {"campaign": "crossroads", "scene": "cellar", "fight": "cellar_rats", "turn": "thorin"}


def test_a_battle_cry_before_the_charge_is_its_colour() -> None:
    said = read(RAT_FIGHT, "thorin", "RAAAH! I charge the rats and swing my axe at one of em")
    assert [s.kind for s in said] == ["attack"]
    alone = read(RAT_FIGHT, "thorin", "RAAAH!")[0]
    assert (alone.kind, alone.note) == ("ask", "a battle cry, not a deed")


def test_darting_in_to_stab_a_rat_is_one_blow_with_no_dart_thrown() -> None:
    said = read(RAT_FIGHT, "thorin", "i dart in and stab the rat thats gnawing on aria")
    assert [(s.kind, s.item) for s in said] == [("attack", None)]


def test_standing_between_a_friend_and_the_rats_is_no_cut_of_the_line() -> None:
    said = read(
        RAT_FIGHT, "thorin", "protect the lass! I get between Aria and the rats and hit one"
    )
    assert [s.kind for s in said][-1] == "attack"
    assert all(s.text.strip() != "the rats" for s in said)


def test_a_spell_from_outside_the_srd_named_first_is_no_stranger() -> None:
    warden = {"campaign": "drowned_bell", "scene": "chapel", "fight": "warden", "turn": "wren"}
    said = read(warden, "wren", "dissonant whispers on her")[0]
    assert said.kind != "refuse"


def test_getting_ready_to_cast_with_no_trigger_casts() -> None:
    guards = {**GUARDS, "turn": "aria"}
    said = read(guards, "aria", "I get ready to cast sleep on them")[0]
    assert (said.kind, said.spell) == ("cast", "sleep")
    readied = read(guards, "aria", "I get ready to shoot when they come closer")[0]
    assert (readied.kind, readied.action) == ("manoeuvre", "ready")


LANDED = [("arrow to the face", None), ("boot to the ribs of goblin 2", "goblin-2")]


@pytest.mark.parametrize(("line", "target"), LANDED)
def test_a_blow_said_as_where_it_lands_is_a_blow(line: str, target: str | None) -> None:
    said = read({**GUARDS, "turn": "mira"}, "mira", line)[0]
    assert said.kind == "attack" and (target is None or said.targets == (target,))


def test_following_behind_is_going_along() -> None:
    assert (
        read({"campaign": "crossroads", "scene": "inn"}, "thorin", "I follow behind")[0].kind
        == "hold"
    )


def test_keeping_watch_by_the_door_is_waiting_on_guard() -> None:
    inn = {"campaign": "crossroads", "scene": "inn"}
    assert read(inn, "thorin", "I keep watch by the door, axe ready")[0].kind == "hold"


def test_a_stranger_who_casts_a_spell_is_still_a_stranger() -> None:
    rats = {"campaign": "crossroads", "scene": "cellar", "fight": "cellar_rats", "turn": "aria"}
    assert read(rats, "aria", "Merlin casts sleep")[0].kind == "refuse"


def test_grab_it_takes_the_one_thing_lying_here() -> None:
    cave = {"campaign": "drowned_bell", "scene": "sea_cave", "defeated": ["strand_thralls"]}
    said = read(cave, "ione", "grab it")[0]
    assert (said.kind, said.item) == ("take", "maelis_locket")
