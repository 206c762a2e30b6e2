"""What a nineteenth evening's lines found: a thing named as where a foe stands is no
thing struck, a Medicine check on a friend bleeding out stabilizes them, a quick step
round a friend on the way to a blow is no withdrawal, a bolt of flame and a column of pale
fire are spells, a throne of casks tipped onto a foe is a thing moved, "heal everyone up"
climbs no stairs, "sleep on the figures" casts the spell, twisting out of a foe's hands
escapes its grip (and yanking a rope out of hers does not), and a sword levelled at a
chief's nose is a threat, no blow."""

from __future__ import annotations

import asyncio

from app.session import declaring
from app.session.setup import session_for
from tests.app.referee_lines import play, read, told
from tests.referee_corpus import Situation, build_situation

WARREN = {"campaign": "crossroads", "scene": "warren", "defeated": ["cellar_rats"],
          "flags": {"trapdoor_open": True, "tam_found": True}}  # fmt: skip
RATS = {"campaign": "crossroads", "scene": "cellar", "flags": {"trapdoor_open": True},
        "fight": "cellar_rats", "turn": "mira"}  # fmt: skip
BLEEDING = {**RATS, "turn": "thorin", "wounds": {"aria": 17}, "dead": ["giant-rat-1"]}
HELD = {**RATS, "conditions": {"mira": ["grappled"]}}
HALL = {"campaign": "crossroads", "scene": "chief_hall", "fight": "grubnak_band",
        "turn": "thorin", "met": ["grubnak"], "defeated": ["cellar_rats"],
        "flags": {"trapdoor_open": True, "tam_found": True, "guards_passed": True}}  # fmt: skip
STRAND = {"campaign": "drowned_bell", "scene": "strand"}
THRALLS = {**STRAND, "fight": "strand_thralls", "turn": "cass"}
AFTER = {**STRAND, "defeated": ["strand_thralls"], "flags": {"corin_saved": True}}
CHAPEL = {"campaign": "drowned_bell", "scene": "chapel", "fight": "warden", "turn": "cass",
          "flags": {"corin_saved": True}, "defeated": ["strand_thralls"]}  # fmt: skip


def made(spec: dict[str, object], actor: str, text: str) -> list[str]:
    """The names of the tool calls the line's turn made."""
    session = session_for(build_situation(Situation.model_validate(spec)))
    referee = asyncio.run(play(session, actor, text))
    return [c.name for c in referee.made]


def test_a_thing_named_as_where_a_foe_stands_is_no_thing_struck() -> None:
    calls = made(WARREN, "mira", "I shoot the one beside the curtain")
    assert calls[:1] == ["start_combat"]
    assert "request_ability_check" not in calls


def test_a_medicine_check_on_a_friend_bleeding_out_stabilizes_them() -> None:
    said = read(BLEEDING, "thorin", "roll medicine on aria")[0]
    assert (said.kind, said.action, said.targets) == ("manoeuvre", "stabilize", ("aria",))
    awake = read(BLEEDING, "thorin", "roll medicine on mira")[0]
    assert awake.action != "stabilize"  # (Mira is up: a check of its own)


def test_a_quick_step_round_a_friend_on_the_way_to_a_blow_is_no_withdrawal() -> None:
    clauses = read(RATS, "mira", "Mira darts behind Thorin and stabs rat 2")
    assert [(c.kind, c.targets) for c in clauses] == [("attack", ("giant-rat-2",))]
    backed = read(RATS, "mira", "I back away and shoot rat 2")
    assert backed[0].action == "withdraw"  # (a step back serves a shot)


def test_a_bolt_of_flame_and_a_column_of_pale_fire_are_spells() -> None:
    bolt = read(RATS, "aria", "Aria hurls a bolt of flame at rat 2")[0]
    assert (bolt.kind, bolt.spell) == ("cast", "fire_bolt")
    fire = read(THRALLS, "cass", "I bring a column of pale fire down on thrall 1")[0]
    assert (fire.kind, fire.spell) == ("cast", "sacred_flame")


def test_a_throne_of_casks_tipped_onto_a_foe_is_a_thing_moved() -> None:
    said = read(HALL, "thorin", "I shove the throne of casks over onto Grubnak")[0]
    assert said.kind != "manoeuvre"


def test_heal_everyone_up_climbs_no_stairs() -> None:
    for line in ("i heal everyone up", "patch them up"):
        assert read(AFTER, "cass", line)[0].kind != "move", line
    assert read(AFTER, "cass", "up the steps")[0].kind == "move"


def test_sleep_on_the_foes_in_view_is_the_spell_and_on_the_sand_a_rest() -> None:
    spell = read(STRAND, "wren", "sleep on the figures")[0]
    assert (spell.kind, spell.spell) == ("cast", "sleep")
    assert read(STRAND, "wren", "sleep on the sand")[0].kind == "rest"


def test_twisting_out_of_a_foes_hands_escapes_but_yanking_a_rope_out_of_hers_does_not() -> None:
    said = read(HELD, "mira", "I twist out of its grip and stab it")
    assert said[0].action == "escape_grapple"
    yank = read(CHAPEL, "cass", "I grab the bell rope and yank it out of her hands")
    assert all(c.action != "escape_grapple" for c in yank)


def test_a_sword_levelled_at_a_chiefs_nose_is_a_threat_not_a_blow() -> None:
    calls = made(HALL, "thorin", "Thorin levels his longsword at Grubnak's nose")
    assert "attack" not in calls


def test_taking_an_hour_is_a_rest_and_a_deed_asked_about_before_it_is_no_deed() -> None:
    hurt = {"campaign": "crossroads", "scene": "cellar", "flags": {"trapdoor_open": True},
            "defeated": ["cellar_rats"], "wounds": {"thorin": 14}}  # fmt: skip
    said = read(hurt, "mira", "let's take an hour and patch ourselves up")[0]
    assert (said.kind, said.action) == ("rest", "short")
    inn = {"campaign": "crossroads", "scene": "inn", "met": ["berta"]}
    line = (
        "We've got a locked trapdoor and a lost key. Is there anything we've missed in "
        "this room before we go smashing things? Any clue we should be looking at?"
    )
    assert all(c.kind != "challenge" for c in read(inn, "mira", line))
    planned = read(inn, "mira", "I check for traps before picking the lock")
    assert [c.kind for c in planned] == ["examine", "challenge"]


def test_the_sheet_asked_for_is_shown_in_brief_and_the_map_is_the_ways_on() -> None:
    inn = {"campaign": "crossroads", "scene": "inn", "met": ["berta"]}
    mine = asyncio.run(told(inn, "mira", "show me my character sheet"))
    assert "level 3 Halfling Rogue" in mine and "DEX 17 (+3)" in mine and "AC 14" in mine
    assert "/sheet." in mine and "Berta" not in mine
    theirs = asyncio.run(told(inn, "mira", "what are Thorin's stats?"))
    assert "Dwarf Fighter" in theirs and "/sheet Thorin" in theirs
    assert "Ways on" in asyncio.run(told(inn, "mira", "show me the map"))


def test_a_dc_asked_by_its_skill_a_foes_cr_and_the_scene_asked_by_name_are_answered() -> None:
    guards = {**WARREN, "flags": {"trapdoor_open": True, "tam_found": True}}
    dc = asyncio.run(told(guards, "mira", "what's the stealth dc"))
    assert "DC 12" in dc and "Stealth" in dc
    inn = {"campaign": "crossroads", "scene": "inn", "met": ["berta"]}
    cr = asyncio.run(told(inn, "mira", "what's a giant rat's CR?"))
    assert "challenge rating 1/8" in cr and "Berta" not in cr
    place = asyncio.run(told(inn, "mira", "what scene are we in"))
    assert place.startswith("The Crossroads Inn")


def test_a_walk_over_to_a_thing_and_it_after_words_to_someone_are_read_as_meant() -> None:
    inn = {"campaign": "crossroads", "scene": "inn", "met": ["berta"]}
    looked = kinds(inn, "mira", "I look at the fire, then go over and examine the trapdoor.")
    assert looked == [("examine", ("hearth",)), ("examine", ("trapdoor",))]
    forced = kinds(inn, "mira", "ask berta about the key, then force it open")
    assert forced == [("talk", ("berta",)), ("challenge", ("force_trapdoor",))]


def kinds(spec: dict[str, object], actor: str, text: str) -> list[tuple[str, tuple[str, ...]]]:
    """Each clause's kind and targets, in order."""
    return [(c.kind, c.targets) for c in read(spec, actor, text)]


def test_at_a_table_a_players_character_is_theirs_to_ask_about_and_to_order() -> None:
    table = {**RATS, "turn": "thorin", "players": {"Ana": ["mira", "aria"], "Ben": ["thorin"]}}
    seated = {**WARREN, "players": {"Ana": ["mira"], "Ben": ["thorin", "aria"]}}
    session = session_for(build_situation(Situation.model_validate(seated)))
    reply, _ = declaring.declare(session, "what's Ana's character's AC?", "thorin")
    assert "Mira has AC 14" in reply.text
    ordered = read(table, "thorin", "Aria, sleep them!")[0]
    assert ordered.kind == "refuse"
    asked = read(table, "thorin", "Aria, can you sleep them?")[0]
    assert asked.kind == "ask"  # (a question to a friend: words their player answers)


def test_a_short_line_with_letters_or_marks_no_english_word_has_is_another_language() -> None:
    inn = {"campaign": "crossroads", "scene": "inn", "met": ["berta"]}
    for line in ("Danke schön, Berta!", "¿dónde está Tam?", "Vamos"):
        assert read(inn, "mira", line)[0].kind == "foreign", line
    assert read(inn, "mira", "ask Berta about Tam")[0].kind == "talk"


def test_a_hold_broken_in_the_telling_is_the_escape_for_one_held() -> None:
    line = "Mira jams her boot into its snout and tears her arm out of its slimy grip."
    assert read(HELD, "mira", line)[0].action == "escape_grapple"
    assert read(RATS, "mira", line)[0].action != "escape_grapple"  # (nobody holds her)


def test_a_call_to_a_friend_whose_turn_it_is_not_is_no_deed_of_the_one_typing() -> None:
    strand = {**THRALLS, "turn": "wren", "wounds": {"ione": 6}}
    assert made(strand, "wren", "Cass, heal Ione!") == []
    said = asyncio.run(told(strand, "wren", "Cass, heal Ione!"))
    assert "It is Wren's turn, not Brother Cass's" in said


def test_a_verb_slipped_after_its_subject_is_mended_and_a_foreign_word_is_not() -> None:
    inn = {"campaign": "crossroads", "scene": "inn", "met": ["berta"]}
    picked = read(inn, "mira", "i pik teh lock")[0]
    assert (picked.kind, picked.targets) == ("challenge", ("trapdoor_lock",))
    sneaked = read(WARREN, "mira", "we sneek past them")[0]
    assert (sneaked.kind, sneaked.targets) == ("challenge", ("sneak_past",))
    assert read(THRALLS, "cass", "Curo a Wren!")[0].kind != "cast"
