"""What an eighteenth evening's lines found: tools got out are no way out, "starts on the
lock" tries it, a plan awaited after "before" is not where one goes first, poison drawn
from a thumb is a wound tended, a settled challenge hit again is said to be done, an
arrow is shot with the bow, "the one that didn't fall asleep" is the one awake, "Ana's
rogue" is Ana's to play, "rest?" and "up?" are asked back, a cord wound round a sleeper's
wrists binds it, a tune hummed to nobody is told with no roll, "the other one" of two alike
is asked, a fallen friend bound is a friend bandaged, "hurry up" climbs no stairs, "RIP
sister" tears nothing, someone not in the party ringing the bell is refused, a thing that
rolled away is a remark, and "grubnak is snoozing" is said of him."""

from __future__ import annotations

import asyncio

from app.session.setup import session_for
from tests.app.referee_lines import play, read
from tests.referee_corpus import Situation, build_situation

INN = {"campaign": "crossroads", "scene": "inn", "met": ["berta"]}
OPEN = {**INN, "flags": {"trapdoor_open": True}, "challenges": {"trapdoor_lock": "passed"}}
FORCED = {**INN, "flags": {"trapdoor_open": True}, "challenges": {"force_trapdoor": "passed"}}
NEEDLED = {**INN, "wounds": {"mira": 3}, "conditions": {"mira": ["poisoned"]}}
RATS = {"campaign": "crossroads", "scene": "cellar", "flags": {"trapdoor_open": True},
        "fight": "cellar_rats", "turn": "mira", "dead": ["giant-rat-1"]}  # fmt: skip
SLEEPERS = {"giant-rat-2": ["unconscious"], "giant-rat-3": ["unconscious"]}
ASLEEP = {**RATS, "turn": "thorin", "dead": [], "conditions": SLEEPERS}
TABLE = {**RATS, "turn": "thorin", "dead": [],
         "players": {"Ana": ["mira"], "Ben": ["thorin", "aria"]}}  # fmt: skip
GUARDS = {"campaign": "crossroads", "scene": "warren", "fight": "tunnel_guards", "turn": "aria",
          "dead": ["goblin-1"], "conditions": {"goblin-2": ["unconscious"]},
          "defeated": ["cellar_rats"],
          "flags": {"trapdoor_open": True, "tam_found": True}}  # fmt: skip
HALL = {"campaign": "crossroads", "scene": "chief_hall", "fight": "grubnak_band",
        "turn": "thorin", "met": ["grubnak"], "conditions": {"grubnak": ["unconscious"]},
        "dead": ["goblin-2"], "defeated": ["cellar_rats"],
        "flags": {"trapdoor_open": True, "tam_found": True, "guards_passed": True}}  # fmt: skip
HARBOUR = {"campaign": "drowned_bell", "scene": "harbour"}
STRAND = {"campaign": "drowned_bell", "scene": "strand", "fight": "strand_thralls",
          "turn": "wren"}  # fmt: skip
DOWN = {**STRAND, "turn": "cass", "wounds": {"wren": 21}, "conditions": {"wren": ["unconscious"]}}
HOT = {**STRAND, "turn": "ione", "players": {"Alex": ["ione"], "Sol": ["cass", "wren"]}}
CHAPEL = {"campaign": "drowned_bell", "scene": "chapel", "flags": {"corin_saved": True}}
AFTER = {**CHAPEL, "defeated": ["strand_thralls", "warden"]}
BELFRY = {"campaign": "drowned_bell", "scene": "belfry", "defeated": ["strand_thralls"],
          "flags": {"corin_saved": True, "knows_truth": True, "warden_calmed": True}}  # fmt: skip


def made(spec: dict[str, object], actor: str, text: str) -> list[tuple[str, str]]:
    """The tool calls the line's turn made, with their arguments."""
    session = session_for(build_situation(Situation.model_validate(spec)))
    referee = asyncio.run(play(session, actor, text))
    return [(c.name, c.arguments) for c in referee.made]


def kinds(spec: dict[str, object], actor: str, text: str) -> list[tuple[str, tuple[str, ...]]]:
    """Each clause's kind and targets, in order."""
    return [(c.kind, c.targets) for c in read(spec, actor, text)]


def test_tools_got_out_lead_nowhere_and_starting_on_the_lock_tries_it() -> None:
    line = "mira gets out her thieves tools and starts on the lock"
    assert kinds(INN, "mira", line) == [("challenge", ("trapdoor_lock",))]


def test_a_plan_after_before_waits_and_the_first_way_is_taken() -> None:
    line = "actually let's check outside before we go down"
    assert kinds(OPEN, "mira", line) == [("move", ("old_road",))]


def test_poison_drawn_from_a_friend_is_her_wound_tended_not_a_way_out() -> None:
    for line in ("Thorin tries to squeeze the poison out of Mira's thumb",
                 "I suck the poison out of mira's thumb"):  # fmt: skip
        [clause] = read(NEEDLED, "thorin", line)
        assert (clause.kind, clause.targets, clause.action) == ("improvise", ("mira",), "medicine")


def test_a_settled_challenge_hit_again_is_said_to_be_done() -> None:
    assert kinds(FORCED, "thorin", "hit the lock again to make sure it's broken") == [
        ("challenge", ("force_trapdoor",))
    ]
    assert not [c for c, _ in made(FORCED, "thorin", "hit the lock again") if c != "end_turn"]


def test_an_arrow_is_loosed_from_the_bow_at_the_one_named() -> None:
    assert made(RATS, "mira", "pew pew, arrow at rat 3")[0] == (
        "attack", '{"attacker_id": "mira", "target_id": "giant-rat-3", "weapon": "shortbow"}'
    )  # fmt: skip


def test_the_one_that_did_not_fall_asleep_is_the_one_awake() -> None:
    assert kinds(ASLEEP, "thorin", "go for the one that didn't fall asleep") == [
        ("attack", ("giant-rat-1",))
    ]


def test_a_players_character_by_their_name_is_theirs_to_play() -> None:
    assert [c.kind for c in read(TABLE, "thorin", "Ana's rogue stabs the big rat")] == ["refuse"]
    assert made(TABLE, "thorin", "Ana's rogue stabs the big rat") == []
    assert kinds(TABLE, "thorin", "Ben's dwarf stabs the big rat")[0][0] == "attack"


def test_rest_and_up_with_a_question_mark_are_asked_back() -> None:
    cellar = {"campaign": "crossroads", "scene": "cellar", "defeated": ["cellar_rats"],
              "flags": {"tam_found": True}, "wounds": {"thorin": 14}}  # fmt: skip
    assert not [c for c, _ in made(cellar, "thorin", "rest?") if c == "rest"]
    calm = {**CHAPEL, "defeated": ["strand_thralls"],
            "flags": {"corin_saved": True, "knows_truth": True, "warden_calmed": True}}  # fmt: skip
    assert made(calm, "wren", "up?") == []
    assert [c for c, _ in made(calm, "wren", "up")] == ["move_scene"]


def test_a_cord_wound_round_a_sleepers_wrists_binds_it_and_the_crouch_is_not_the_deed() -> None:
    line = ("Aria crouches beside the snoring goblin, keeping her dagger well away from it, and "
            "starts winding the drawstring of her component pouch around its wrists and ankles. "
            "She is not going to kill something that's asleep.")  # fmt: skip
    [clause] = read(GUARDS, "aria", line)
    assert (clause.kind, clause.targets) == ("improvise", ("goblin-2",))
    assert "attack" not in [c for c, _ in made(GUARDS, "aria", line)]


def test_a_tune_hummed_to_nobody_is_told_with_no_roll() -> None:
    assert made(HARBOUR, "ione", "*hums a sea shanty*") == []


def test_the_other_one_of_two_alike_is_asked_about() -> None:
    assert made(STRAND, "wren", "throw my dagger at the other one") == []
    assert read(STRAND, "wren", "throw my dagger at the other one")[0].kind == "ask"


def test_a_fallen_friend_bound_is_bandaged_never_tied_up() -> None:
    for line in ("I bind wren's wounds with my medicine skill", "I bind Wren"):
        names = [c for c, _ in made(DOWN, "cass", line)]
        assert "take_action" in names and "request_ability_check" not in names
        assert read(DOWN, "cass", line)[0].action == "stabilize"


def test_hurry_up_said_to_oneself_climbs_no_stairs() -> None:
    assert made(HOT, "ione", "alex hurry up lol") == []


def test_rip_said_over_the_fallen_tears_nothing() -> None:
    assert made(AFTER, "wren", "rip sister") == []


def test_someone_not_in_the_party_ringing_the_bell_is_refused() -> None:
    assert [c.kind for c in read(BELFRY, "ione", "Wendel rings the bell")] == ["refuse"]
    assert [c.kind for c in read(BELFRY, "ione", "Ione rings the bell")] == ["challenge"]


def test_a_thing_that_rolled_away_is_a_remark_and_a_sleeper_said_of_is_tied() -> None:
    assert made(HALL, "thorin", "the saucepan rolled away lmao") == []
    rats = {**RATS, "turn": "thorin", "dead": []}
    assert [c.kind for c in read(rats, "thorin", "the rat bit me, I stab it")] == ["attack"]
    line = "ok so grubnak is snoozing... *grabs rope* tie him up"
    [clause] = read(HALL, "thorin", line)
    assert (clause.kind, clause.targets) == ("improvise", ("grubnak",))
    assert "attack" not in [c for c, _ in made(HALL, "thorin", line)]


WARDEN = {"campaign": "drowned_bell", "scene": "chapel", "flags": {"corin_saved": True},
          "defeated": ["strand_thralls"], "fight": "warden", "turn": "cass"}  # fmt: skip
LIGHTHOUSE = {"campaign": "drowned_bell", "scene": "lighthouse", "met": ["wendel"]}
BAND = {**HALL, "wounds": {"grubnak": 10, "goblin-1": 3}}
SHOUT = ('Thorin plants one boot on the unconscious goblin boss\'s chest, lifts his bloody '
         'longsword high so the last goblin can see it, and roars: "YOUR CHIEF IS DOWN. Throw '
         'that blade on the floor and kneel, or join him."')  # fmt: skip


def test_a_surrender_demanded_is_a_threat_at_whoever_still_stands_never_a_throw() -> None:
    for line in ("throw down your blade and kneel, goblin", SHOUT):
        names = [c for c, _ in made(BAND, "thorin", line)]
        assert "attack" not in names and "request_ability_check" in names
        [clause] = read(BAND, "thorin", line)
        assert (clause.kind, clause.targets) == ("improvise", ("goblin-1",))


def test_how_to_stop_a_foe_without_killing_her_is_asked_not_done() -> None:
    assert made(WARDEN, "cass", "how do we stop her without killing her?") == []
    assert read(WARDEN, "cass", "how do we stop her without killing her?")[0].kind == "question"


def test_a_candle_lit_to_warm_the_room_is_not_the_lamp() -> None:
    line = "Cass lights one of his candles by the cold grate to warm the room"
    assert "attempt_challenge" not in [c for c, _ in made(LIGHTHOUSE, "cass", line)]


def test_boats_hauled_up_on_the_quay_lead_nowhere() -> None:
    line = "I climb into one of the hauled up boats and check it for clues"
    assert "move_scene" not in [c for c, _ in made(HARBOUR, "ione", line)]


def test_a_sword_held_low_in_a_story_of_holding_the_line_is_no_blow() -> None:
    guards = {**GUARDS, "turn": "thorin", "conditions": {}, "dead": []}
    line = ("Thorin plants himself in the narrowest part of the tunnel, shield up and sword "
            "low. He doesn't swing; he just waits, turning every stroke on his shield. Dodge "
            "action.")  # fmt: skip
    assert "attack" not in [c for c, _ in made(guards, "thorin", line)]


def test_chat_slang_peeps_down_the_stairs_and_goes_nowhere() -> None:
    line = "yo lemme peep whats down there fr"
    assert kinds(OPEN, "aria", line) == [("examine", ("cellar",))]
    assert made(OPEN, "aria", line) == []


def test_healing_asked_of_one_with_no_healing_magic_says_what_they_have() -> None:
    [thorin] = read(INN, "thorin", "heal myself")
    assert thorin.kind == "ask" and "Second Wind" in thorin.note and "potion" in thorin.note
    [aria] = read(INN, "aria", "heal thorin")
    assert aria.kind == "ask" and "knows no healing magic" in aria.note


def test_a_friends_name_one_letter_off_is_still_theirs() -> None:
    assert made(INN, "thorin", "mirra picks the lock") == [
        ("attempt_challenge", '{"challenge_id": "trapdoor_lock", "character_id": "mira"}')
    ]
    assert [c.kind for c in read(INN, "thorin", "area around the bar")] == ["ask"]


def test_what_one_will_do_if_the_one_asked_cannot_help_is_done_after_asking() -> None:
    line = "ask berta about the key, and if she hasnt got it ill just pick the lock"
    assert kinds(INN, "mira", line) == [("talk", ("berta",)), ("challenge", ("trapdoor_lock",))]


def test_a_deal_confirmed_before_leaving_is_said_to_the_one_it_is_made_with() -> None:
    peace = {"campaign": "crossroads", "scene": "chief_hall", "met": ["grubnak"],
             "defeated": ["cellar_rats"], "flags": {"trapdoor_open": True, "tam_found": True,
             "guards_passed": True, "peace_made": True}}  # fmt: skip
    assert kinds(peace, "mira", "confirm the deal and leave") == [
        ("talk", ("grubnak",)),
        ("move", ("warren",)),
    ]


def test_foes_called_by_how_many_they_are_are_spoken_to() -> None:
    warren = {"campaign": "crossroads", "scene": "warren", "defeated": ["cellar_rats"],
              "flags": {"trapdoor_open": True, "tam_found": True}}  # fmt: skip
    [said] = read(warren, "thorin", "HEY! you two! hands where I can see them!")
    assert said.kind == "talk" and made(warren, "thorin", "HEY! you two! hands up!") == []


def test_a_voice_that_comes_back_is_an_echo_and_no_way_back() -> None:
    shore = {"campaign": "drowned_bell", "scene": "strand", "defeated": ["strand_thralls"],
             "flags": {"corin_saved": True, "cave_found": True}}  # fmt: skip
    line = ("Wren ducks her horns under the dripping lip of the cleft, holding her lantern out "
            "in front of her, and steps into the cold, salt-smelling dark of the sea cave. "
            '"Hello?" she calls, feeling foolish, and her voice comes back to her off the wet '
            "rock.")  # fmt: skip
    assert ("move_scene", '{"scene_id": "harbour", "reason": "Wren leads the way"}') not in made(
        shore, "wren", line
    )
