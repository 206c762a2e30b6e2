"""What an eleventh evening's lines found: a foe picked out by a description alone, a
spell called by what it does, a thing named and then asked about, words in quotes that only
speak of going, a tool held ready, a fight that is only talked about, a foe's blade taken,
a thing worked free of where it lies, a tool used to do a deed."""

from __future__ import annotations

from tests.app.referee_lines import read, told

BOSS = {"campaign": "crossroads", "scene": "chief_hall", "fight": "grubnak_band",
        "turn": "mira", "flags": {"guards_passed": True}, "dead": ["goblin-1"]}  # fmt: skip
RATS = {"campaign": "crossroads", "scene": "cellar", "fight": "cellar_rats", "turn": "aria"}
GUARDS = {"campaign": "crossroads", "scene": "warren", "fight": "tunnel_guards",
          "turn": "aria", "conditions": {"goblin-1": ["unconscious"]}}  # fmt: skip
STRAND = {"campaign": "drowned_bell", "scene": "strand", "fight": "strand_thralls",
          "turn": "wren", "dead": ["drowned-thrall-1"]}  # fmt: skip
WARDEN = {"campaign": "drowned_bell", "scene": "chapel", "fight": "warden", "turn": "cass",
          "defeated": ["strand_thralls"]}  # fmt: skip
INN = {"campaign": "crossroads", "scene": "inn", "met": ["berta"]}
OPEN_INN = {"campaign": "crossroads", "scene": "inn", "flags": {"trapdoor_open": True}}
ROAD = {"campaign": "crossroads", "scene": "old_road"}


def test_a_foe_picked_out_by_a_description_alone_is_offered_back_by_name() -> None:
    for line in ("the big one", "the one with the spoon", "the little one, not the chief",
                 "the goblin that's still up"):  # fmt: skip
        said = read(BOSS, "mira", line)[0]
        wanted = ("grubnak",) if "big" in line or "spoon" in line else ("goblin-2",)
        assert (said.kind, said.targets) == ("ask", wanted), line
        assert [a.kind for a in said.alternatives] == ["attack"], line
    which = read(RATS, "aria", "the bigger one")[0]  # three rats alike: which one?
    assert which.kind == "ask" and len(which.alternatives) == 3


def test_a_spell_called_by_what_it_does_is_the_casters_one_spell_that_does_it() -> None:
    frost = read(RATS, "aria", "freeze rat 2")[0]
    assert (frost.kind, frost.spell, frost.targets) == ("cast", "ray_of_frost", ("giant-rat-2",))
    mocked = read(STRAND, "wren", "insult the one that's left")[0]
    assert (mocked.kind, mocked.spell) == ("cast", "vicious_mockery")
    burnt = read(WARDEN, "cass", "burn the thing in the robes")[0]  # a cleric: Sacred Flame
    assert (burnt.kind, burnt.spell, burnt.targets) == ("cast", "sacred_flame",
                                                       ("the-grey-sister",))  # fmt: skip
    assert read(RATS, "aria", "burn the rat")[0].spell != "sacred_flame"  # not hers: Fire Bolt


def test_a_thing_named_and_then_asked_about_is_a_question() -> None:
    said = read(ROAD, "mira", "the prints, what made them")[0]
    assert (said.kind, said.targets) == ("question", ("tracks",))


def test_going_that_is_only_in_quoted_words_moves_nobody() -> None:
    line = 'Mira raises her hands: "Easy! We just want them to go home, nobody needs to die."'
    assert all(c.kind not in ("move", "attack") for c in read(GUARDS, "mira", line))


def test_a_tool_held_ready_and_a_rallying_cry_do_nothing_by_themselves() -> None:
    for line in ("ok lockpicks out, let's do this", "let's do this"):
        assert all(c.kind not in ("move", "question") for c in read(INN, "mira", line)), line


def test_a_fight_only_talked_about_is_no_blow() -> None:
    for line in ("this is a boss fight huh", "finally a fight"):
        assert all(c.kind != "attack" for c in read(WARDEN, "cass", line)), line
    assert read(BOSS, "thorin", "i lead the charge against goblin 2")[0].kind == "attack"


def test_a_foes_blade_taken_is_taken_from_him_not_swung_at() -> None:
    said = read(GUARDS, "aria", "I take the sleeping goblin's scimitar away")[0]
    assert (said.kind, said.targets) == ("improvise", ("goblin-1",))


def test_a_tool_used_to_do_a_deed_is_that_deed_with_it() -> None:
    said = read(INN, "thorin", "grab the poker and use it to pry the padlock off the trapdoor")
    assert [(c.kind, c.targets) for c in said][-1] == ("challenge", ("force_trapdoor",))


def test_descending_alone_takes_the_one_way_down() -> None:
    said = read(OPEN_INN, "thorin", "descend")[0]
    assert (said.kind, said.targets) == ("move", ("cellar",))


def test_new_words_for_old_deeds() -> None:
    assert read(RATS, "aria", "pulverise rat 1")[0].kind == "attack"
    assert read(INN, "mira", "interrogate berta about the boy")[0].kind == "talk"
    assert read(INN, "mira", "scrutinise the trapdoor")[0].kind == "examine"


async def test_how_far_the_foes_are_is_answered_from_the_fight_and_no_id_is_shown() -> None:
    mira = {**RATS, "turn": "mira"}
    said = await told(mira, "mira", "how far away are the rats? can I sneak attack one?")
    assert "Giant Rat 1 is about" in said and "ft from Mira" in said
    assert "sneak_attack" not in said and "2d6 extra damage" in said


def test_up_a_way_that_only_goes_down_is_no_way() -> None:
    said = read(OPEN_INN, "thorin", "go up the stairs")[0]
    assert said.kind == "ask" and "no way up from here" in said.note
    assert read(OPEN_INN, "thorin", "go down the stairs")[0].kind == "move"


def test_going_told_as_it_happens_is_a_going_and_a_plan_is_not() -> None:
    harbour = {"campaign": "drowned_bell", "scene": "harbour"}
    for line in ("I'm going to the lighthouse", "we're going up to the lighthouse"):
        said = read(harbour, "ione", line)[0]
        assert (said.kind, said.targets) == ("move", ("lighthouse",)), line
    assert read(harbour, "ione", "I'm going to look at the boats")[0].kind == "examine"
    road = {"campaign": "crossroads", "scene": "old_road"}
    tracked = read(road, "mira", "I'm going to track them back to the woods")
    assert all(c.kind != "move" for c in tracked)  # a plan, and the tracking is the deed


def test_two_languages_the_detector_cannot_tell_apart_are_both_named() -> None:
    from app.understanding.language import language_name

    said = read(INN, "mira", "levanto la losa suelta")[0]
    assert said.kind == "foreign" and language_name(said.language or "") == "Italian or Spanish"
    assert language_name("de") == "German"
