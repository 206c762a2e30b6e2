"""What a seventeenth evening's lines found: a question put after its case names anyone
("if I attack rat 2 does Mira get sneak attack?"), "when will he wake up" is asked, an
out-of-character aside is for the table, staying by a door goes nowhere, words in quotes
go nowhere ('"back!" I shout'), a friend mourned is no deed, a spell is known by what it
does and by a ray of its element, "one more go at the padlock" is the lock tried again, a
foe kicked across the room is shoved, a sleeper poked to see if it wakes is woken, "home"
is where the story began, a draught held out to someone by name is given, going in after
asking about a place goes there, "the other one" of a search may be fallen, the party's
health is the game's to tell, and writing on a thing is read from its text."""

from __future__ import annotations

import asyncio

from app.session import declaring
from app.session.setup import session_for
from app.understanding.line import understand
from rules.positions import engage
from tests.app.referee_lines import play, read, told
from tests.referee_corpus import Situation, build_situation

RATS = {"campaign": "crossroads", "scene": "cellar", "flags": {"trapdoor_open": True},
        "fight": "cellar_rats", "turn": "thorin"}  # fmt: skip
ASLEEP = {"giant-rat-2": ["unconscious"], "giant-rat-3": ["unconscious"]}
SLEEPERS = {**RATS, "turn": "mira", "conditions": ASLEEP}
INN = {"campaign": "crossroads", "scene": "inn", "met": ["berta"]}
CELLAR = {"campaign": "crossroads", "scene": "cellar", "defeated": ["cellar_rats"],
          "flags": {"tam_found": True}}  # fmt: skip
GUARDS = {"campaign": "crossroads", "scene": "warren", "fight": "tunnel_guards",
          "turn": "thorin", "conditions": {"goblin-1": ["unconscious"]}, "dead": ["goblin-2"],
          "defeated": ["cellar_rats"], "flags": {"tam_found": True}}  # fmt: skip
HALL = {"campaign": "crossroads", "scene": "chief_hall", "fight": "grubnak_band",
        "turn": "aria", "learn": {"aria": ["hold_person"]}, "defeated": ["cellar_rats"],
        "flags": {"tam_found": True, "guards_passed": True}}  # fmt: skip
STRAND = {"campaign": "drowned_bell", "scene": "strand", "fight": "strand_thralls",
          "turn": "cass", "wounds": {"drowned-thrall-1": 10}}  # fmt: skip
SHORE = {"campaign": "drowned_bell", "scene": "strand", "defeated": ["strand_thralls"],
         "flags": {"corin_saved": True, "cave_found": True}}  # fmt: skip
HURT = {"campaign": "drowned_bell", "scene": "harbour", "met": ["nessa"],
        "wounds": {"cass": 20, "wren": 5}}  # fmt: skip
BELFRY = {"campaign": "drowned_bell", "scene": "belfry", "defeated": ["strand_thralls"],
          "flags": {"knows_truth": True, "warden_calmed": True, "corin_saved": True}}  # fmt: skip


def calls(spec: dict[str, object], actor: str, text: str) -> list[str]:
    """The names of the tool calls the line's turn made."""
    session = session_for(build_situation(Situation.model_validate(spec)))
    referee = asyncio.run(play(session, actor, text))
    return [c.name for c in referee.made]


def kinds(spec: dict[str, object], actor: str, text: str) -> list[tuple[str, tuple[str, ...]]]:
    """Each clause's kind and targets, in order."""
    return [(c.kind, c.targets) for c in read(spec, actor, text)]


def test_a_question_after_its_case_is_asked_whoever_it_names() -> None:
    line = "If I attack rat 2 does Mira get sneak attack next turn?"
    assert [c.kind for c in read(RATS, "thorin", line)] == ["question"]
    assert calls(RATS, "thorin", line) == []
    line = "If we break the trapdoor will Berta be upset?"
    assert [c.kind for c in read(INN, "mira", line)] == ["question"]
    assert calls(INN, "mira", line) == []


def test_when_will_he_wake_up_is_asked_not_readied() -> None:
    assert [c.kind for c in read(GUARDS, "thorin", "when will he wake up")] == ["question"]
    assert calls(GUARDS, "thorin", "when will he wake up") == []
    readied = read(GUARDS, "thorin", "when he wakes up, stab him")[0]
    assert (readied.kind, readied.action) == ("manoeuvre", "ready")


def test_an_out_of_character_aside_is_for_the_table() -> None:
    line = "Mira says 'hi Berta' and then, out of character, how much is the reward?"
    assert "move_scene" not in calls(INN, "mira", line)
    assert [c.kind for c in read(INN, "mira", "(ooc) what's my AC")] == ["question"]
    assert read(INN, "mira", "ooc: can I pick the lock?")[0].kind == "question"


def test_staying_by_a_way_goes_nowhere() -> None:
    assert calls(INN, "thorin", "Thorin stays by the door and watches the road") == []
    assert calls(INN, "thorin", "I wait at the door") == []
    assert read(INN, "thorin", "we go out the door")[0].kind == "move"


def test_words_in_quotes_go_nowhere() -> None:
    for line in ("Cass hollers 'back, foul things!' and sacred flames the hurt one",
                 "'Back, foul things!' Cass cries, and sacred flames the hurt one"):  # fmt: skip
        assert calls(STRAND, "cass", line) == ["cast_spell", "end_turn"], line
    assert calls(STRAND, "cass", '"back!" I shout') == []


def test_a_friend_mourned_is_no_deed() -> None:
    assert calls(RATS, "thorin", "rip thorin") == []
    assert calls(RATS, "thorin", "press f for mira") == []


def test_a_spell_is_known_by_what_it_does_and_by_a_ray_of_its_element() -> None:
    line = ("Aria points her finger at the goblin boss, speaks a word of binding, and tries "
            "to freeze him in place on his barrel throne.")  # fmt: skip
    said = read(HALL, "aria", line)[0]
    assert (said.kind, said.spell, said.targets) == ("cast", "hold_person", ("grubnak",))
    assert read(HALL, "aria", "freeze grubnak")[0].spell == "ray_of_frost"
    line = ("Aria raises her hand, mutters the words of the spell and a ray of freezing blue "
            "light shoots toward the rat on the left")  # fmt: skip
    said = read({**RATS, "turn": "aria"}, "aria", line)[0]
    assert (said.kind, said.spell) == ("cast", "ray_of_frost")


def test_one_more_go_at_the_padlock_is_the_lock_tried_again() -> None:
    said = read(INN, "mira", "ok one more go at the padlock, carefully this time")
    assert [(c.kind, c.targets) for c in said] == [("challenge", ("trapdoor_lock",))]


def test_a_foe_kicked_across_the_room_is_shoved() -> None:
    said = read(RATS, "thorin", "i kick rat two across the room")[0]
    assert (said.kind, said.action, said.targets) == ("manoeuvre", "shove_away", ("giant-rat-2",))
    assert read(RATS, "thorin", "I kick rat 2")[0].kind == "attack"


def test_a_sleeper_poked_to_see_if_it_wakes_is_woken() -> None:
    assert calls(SLEEPERS, "mira", "I poke rat 3 to see if it wakes up") == [
        "set_condition",
        "end_turn",
    ]
    line = "stab rat 3 and see if it wakes"  # the blow, and nothing put off
    assert kinds(SLEEPERS, "mira", line) == [("attack", ("giant-rat-3",))]


def test_home_is_where_the_story_began() -> None:
    assert kinds(CELLAR, "thorin", "we take the boy home") == [("move", ("inn",))]
    assert kinds(CELLAR, "thorin", "I search the floor, then we take the boy home") == [
        ("challenge", ("flagstone",)),
        ("move", ("inn",)),
    ]


def test_a_draught_held_out_by_name_is_given() -> None:
    said = read(CELLAR, "thorin", "Tam, drink this, it'll help your leg")[0]
    assert (said.kind, said.targets) == ("give", ("tam", "healing_potion"))
    assert read(CELLAR, "thorin", "i drink this")[0].kind == "use"


def test_going_in_after_asking_about_a_place_goes_there() -> None:
    assert kinds(CELLAR, "thorin", "I ask Tam about the tunnel and then crawl in") == [
        ("talk", ("tam",)),
        ("move", ("warren",)),
    ]


def test_the_other_one_searched_may_be_fallen() -> None:
    said = read(GUARDS, "thorin", "I tie up the goblin and then search the other one")
    assert [(c.kind, c.targets) for c in said] == [
        ("improvise", ("goblin-1",)),
        ("examine", ("goblin-2",)),
    ]


def test_climbing_up_rocks_or_a_place_remarked_on_goes_nowhere() -> None:
    line = "I climb up the rocks to get a look along the beach"
    assert "move_scene" not in calls(SHORE, "ione", line)
    assert calls(SHORE, "ione", "a secret cave!!") == []
    assert read(SHORE, "ione", "climb up the shore steps")[0].kind == "move"


async def test_the_partys_health_is_the_games_to_tell() -> None:
    for line in ("How is everyone's health?", "is anyone hurt?"):
        assert [c.kind for c in read(HURT, "wren", line)] == ["question"], line
        answer = await told(HURT, "wren", line)
        assert "Brother Cass has 4 of 24 hit points" in answer, answer


async def test_writing_on_a_thing_is_read_from_its_text() -> None:
    answer = await told(BELFRY, "ione", "What's written around the lip?")
    assert "I CALL THEM HOME" in answer, answer


PASSED = {"tam_found": True, "guards_passed": True}
GRUBNAK = {"campaign": "crossroads", "scene": "chief_hall", "fight": "grubnak_band",
           "defeated": ["cellar_rats"], "flags": PASSED}  # fmt: skip
WARDEN = {"campaign": "drowned_bell", "scene": "chapel", "fight": "warden", "turn": "cass",
          "defeated": ["strand_thralls"], "flags": {"corin_saved": True}}  # fmt: skip
LIGHT = {"campaign": "drowned_bell", "scene": "lighthouse", "met": ["wendel"]}
CAVE = {"campaign": "drowned_bell", "scene": "sea_cave", "defeated": ["strand_thralls"],
        "flags": {"corin_saved": True, "cave_found": True}}  # fmt: skip
YARD = {"campaign": "hollow_ford", "scene": "chapel"}


def test_in_a_fight_the_deed_beside_a_shout_is_the_turn() -> None:
    line = ("Thorin, wobbling on his feet with blood in his beard, gulps down his healing "
            "potion and shouts for Aria to get behind him.")  # fmt: skip
    said = read({**GRUBNAK, "turn": "thorin"}, "thorin", line)[0]
    assert (said.kind, said.item) == ("use", "healing_potion")
    line = ("Mira rolls under the swinging spoon, comes up behind the throne of casks and puts "
            "a dagger in Grubnak's back while he's busy yelling at the big ones.")  # fmt: skip
    said = read({**GRUBNAK, "turn": "mira"}, "mira", line)[0]
    assert (said.kind, said.targets) == ("attack", ("grubnak",))


def test_a_cry_in_a_fight_with_no_deed_is_asked_back() -> None:
    for line in ("her!", "one more!"):
        assert calls(WARDEN, "cass", line) == [], line
        assert read(WARDEN, "cass", line)[0].kind == "ask", line


def test_getting_going_takes_nothing() -> None:
    assert read(INN, "mira", "we should probably get going")[0].kind != "take"


def test_a_foe_grabbed_by_the_ear_is_grappled() -> None:
    guards = {**GUARDS, "conditions": {}, "dead": []}
    said = read(guards, "thorin", "I grab the little one by the ear")[0]
    assert (said.kind, said.action) == ("manoeuvre", "grapple")


def test_the_book_of_the_place_is_read_not_ones_own() -> None:
    said = read(LIGHT, "wren", "Cass, read the book, you're the scholar")[0]
    assert (said.kind, said.targets, said.character) == ("examine", ("logbook",), "cass")


def test_a_friend_told_as_you_does_the_deed() -> None:
    said = read(CAVE, "wren", "Cass, you pick it up, you're the priest")[0]
    assert (said.kind, said.targets, said.character) == ("take", ("maelis_locket",), "cass")
    said = read(INN, "mira", "Aria, you look at the padlock. You're the clever one.")[0]
    assert (said.kind, said.targets, said.character) == ("examine", ("trapdoor",), "aria")


def test_hopping_down_the_steps_goes_and_waiting_in_a_place_named_goes_there() -> None:
    forced = {**INN, "flags": {"trapdoor_open": True}}
    assert kinds(forced, "mira", "Mira hops down the steps two at a time") == [
        ("move", ("cellar",))
    ]
    assert kinds(YARD, "bram", "I wait in the yard") == [("move", ("mill_yard",))]
    assert read(CELLAR, "thorin", "back up the stairs, we take the boy home")[0].kind == "move"


def test_healing_whoever_is_hurt_worst_is_a_friend_never_a_foe() -> None:
    hurt = {**STRAND, "wounds": {"drowned-thrall-2": 3, "wren": 8, "ione": 3}}
    for line in ("healing word on whoever is hurt worst",
                 "cure wounds on the most wounded of my friends"):  # fmt: skip
        said = read(hurt, "cass", line)[0]
        assert (said.kind, said.targets) == ("cast", ("wren",)), line
    assert read(hurt, "cass", "sacred flame the wounded one")[0].targets == ("drowned-thrall-2",)


def test_a_deed_taken_back_with_nothing_after_is_not_done() -> None:
    grubnak = {**GRUBNAK, "turn": "thorin"}
    for line in ("I throw my handaxe at grubnak — wait no, scratch that",
                 "I attack, no wait, never mind"):  # fmt: skip
        assert calls(grubnak, "thorin", line) == [], line
    assert calls(grubnak, "thorin", "I throw my handaxe, no wait, stab him") == [
        "attack",
        "end_turn",
    ]


async def test_an_inspiration_die_held_is_told_to_the_one_holding_it() -> None:
    state = build_situation(Situation.model_validate({**STRAND, "turn": "wren"}))
    session = session_for(state)
    await play(session, "wren", "inspire Ione")
    reply, _ = declaring.declare(session, "do I have an inspiration die?", "ione")
    assert "Ione holds an inspiration die from Wren: 1d6" in reply.text, reply.text


def test_the_foe_on_a_friend_just_named_is_the_one_struck() -> None:
    state = build_situation(Situation.model_validate(RATS))
    assert state.encounter is not None
    engage(state.encounter.positions, "aria", "giant-rat-3")
    said = understand("get over to Aria and hit the rat biting her", "thorin", state,
                      state.campaign)  # fmt: skip
    assert [(c.kind, c.targets) for c in (said, *said.then)][-1] == ("attack", ("giant-rat-3",))


def test_the_one_named_first_leads_the_way() -> None:
    inn = {**INN, "flags": {"trapdoor_open": True}}
    for line, leader in (("down we go, Thorin first with the torch", "Thorin"),
                         ("Aria in front with a light, we go down", "Aria"),
                         ("we go down, not Thorin first", "Mira")):  # fmt: skip
        session = session_for(build_situation(Situation.model_validate(inn)))
        referee = asyncio.run(play(session, "mira", line))
        moved = [c for c in referee.made if c.name == "move_scene"]
        assert f"{leader} leads the way" in moved[0].arguments, line


def test_knocking_one_out_of_several_picks_one() -> None:
    guards = {**GUARDS, "turn": "mira", "conditions": {}, "dead": []}
    said = read(guards, "mira", "knock one out with the pommel")[0]
    assert (said.kind, said.targets) == ("improvise", ("goblin-1",))
    assert read(guards, "mira", "knock him out")[0].kind == "ask"  # which of the two?


async def test_one_of_the_party_asked_about_by_name_is_told() -> None:
    harbour = {"campaign": "drowned_bell", "scene": "harbour"}
    for line in ("tell me about ione", "who is Ione?"):
        assert [c.kind for c in read(harbour, "wren", line)] == ["question"], line
        answer = await told(harbour, "wren", line)
        assert answer.startswith("Ione, a level 3 half-elf ranger (28/28 HP, AC 15)"), answer


def test_a_healing_spell_at_whoever_is_hurt_worst_is_told_why_not_when_unknown() -> None:
    said = read({**RATS, "turn": "aria"}, "aria", "healing word on whoever is hurt worst")[0]
    assert (said.kind, said.note) == ("cast", "a spell this character does not know")


def test_foes_sighed_over_with_a_laugh_is_no_deed() -> None:
    assert calls(CELLAR, "aria", "rip rats lol") == []


def test_wounds_bound_are_bandaged_not_someone_tied() -> None:
    light = {"campaign": "drowned_bell", "scene": "lighthouse", "met": ["wendel"],
             "wounds": {"ione": 15, "cass": 6}}  # fmt: skip
    said = read(light, "cass", "we bind our wounds")[0]
    assert (said.kind, said.action) == ("rest", "short")


def test_a_story_of_one_deed_among_others_is_that_deed() -> None:
    line = ("Thorin sheathes his sword, rolls the snoring goblin onto its belly, ties its "
            "wrists and ankles with rope, and stuffs a turnip in its mouth so it can't call "
            "for help.")  # fmt: skip
    said = read(GUARDS, "thorin", line)[0]
    assert (said.kind, said.targets) == ("improvise", ("goblin-1",))
    down = {**GUARDS, "turn": "aria", "conditions": {}, "dead": [],
            "wounds": {"thorin": 31, "goblin-1": 4}}  # fmt: skip
    line = ("Aria throws herself down next to Thorin, presses both hands on the gash in his side "
            "and shouts for Mira to keep the goblins off them while she tries to keep him "
            "breathing.")  # fmt: skip
    said = read(down, "aria", line)[0]
    assert (said.kind, said.action, said.targets) == ("manoeuvre", "stabilize", ("thorin",))
