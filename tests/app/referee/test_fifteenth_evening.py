"""What a fifteenth evening's lines found: Sleep put on foes described is the spell, a
question that begins with "if I cast" is asked, a foe named by number who is down is never
swapped for another, a kill told of is no blow, moving past one foe to get at another
strikes the other, seeing whether a friend breathes is a question, a question of one's
own is about the asker, a later half not made out is said so, and a step towards foes
described by how they are goes to one of them."""

from __future__ import annotations

import asyncio

from app.session.setup import session_for
from tests.app.referee_lines import play, read, told
from tests.referee_corpus import Situation, build_situation

WARREN = {"campaign": "crossroads", "scene": "warren", "defeated": ["cellar_rats"],
          "flags": {"trapdoor_open": True, "tam_found": True}}  # fmt: skip
GOBLINS = {**WARREN, "fight": "tunnel_guards", "turn": "aria", "dead": ["goblin-1"]}
HALL = {"campaign": "crossroads", "scene": "chief_hall",
        "flags": {"trapdoor_open": True, "tam_found": True, "guards_passed": True},
        "defeated": ["cellar_rats", "tunnel_guards"]}  # fmt: skip
RATS = {"campaign": "crossroads", "scene": "cellar", "flags": {"trapdoor_open": True},
        "fight": "cellar_rats", "turn": "aria"}  # fmt: skip
SLEEPERS = {"giant-rat-2": ["unconscious"], "giant-rat-3": ["unconscious"]}
ASLEEP = {**RATS, "turn": "thorin", "conditions": SLEEPERS}
MIRA_DOWN = {**RATS, "turn": "thorin", "wounds": {"mira": 21}}
INN = {"campaign": "crossroads", "scene": "inn"}


def calls(spec: dict[str, object], actor: str, text: str) -> list[str]:
    """The names of the tool calls the line's turn made."""
    session = session_for(build_situation(Situation.model_validate(spec)))
    referee = asyncio.run(play(session, actor, text))
    return [c.name for c in referee.made]


def test_sleep_put_on_foes_described_is_the_spell() -> None:
    said = read(WARREN, "aria", "sleep on the dicing goblins")
    assert [(c.kind, c.spell) for c in said] == [("cast", "sleep")]
    assert read(WARREN, "aria", "sleep on the soft straw")[0].kind == "rest"


def test_a_question_that_begins_if_i_cast_is_asked_not_readied() -> None:
    said = read(RATS, "aria", "if I cast burning hands will I hit Thorin too?")
    assert said[0].kind == "question"
    assert calls(RATS, "aria", "if I cast burning hands will I hit Thorin too?") == []
    readied = read(RATS, "aria", "if a rat comes close, I fire bolt it")[0]
    assert (readied.kind, readied.action) == ("manoeuvre", "ready")


def test_a_foe_named_by_number_who_is_down_is_never_swapped_for_another() -> None:
    assert calls(GOBLINS, "aria", "tie up goblin 1") == []
    assert "Goblin 1 is already down" in asyncio.run(told(GOBLINS, "aria", "tie up goblin 1"))
    assert calls(GOBLINS, "aria", "shove goblin 1") == []
    assert "take_action" in calls(GOBLINS, "aria", "shove goblin 2")


def test_a_kill_told_of_is_no_blow() -> None:
    said = read(HALL, "mira", "we killed your guards. sorry about that.")
    assert "attack" not in {c.kind for c in said}
    assert "start_combat" not in calls(HALL, "mira", "we killed your guards. sorry about that.")


def test_moving_past_one_foe_to_get_at_another_strikes_the_other() -> None:
    said = read({**RATS, "turn": "mira"}, "mira", "I tumble past rat 1 to get at rat 3")
    assert [(c.kind, c.targets) for c in said] == [("attack", ("giant-rat-3",))]


def test_seeing_whether_a_friend_breathes_is_a_question_and_costs_nothing() -> None:
    said = read(MIRA_DOWN, "thorin", "check if Mira's breathing")
    assert [(c.kind, c.targets) for c in said] == [("question", ("mira",))]
    assert calls(MIRA_DOWN, "thorin", "check if Mira's breathing") == []


def test_a_question_of_ones_own_is_about_the_asker_and_answered_as_before() -> None:
    said = read(INN, "aria", "how many spell slots do I have left?")
    assert [(c.kind, c.targets) for c in said] == [("question", ("aria",))]
    assert read(INN, "aria", "how many hp do we have")[0].targets == ()


def test_a_later_half_not_made_out_is_said_so_not_dropped() -> None:
    text = asyncio.run(told(ASLEEP, "thorin", "hit rat 1 then blorf the zibble"))
    assert "not sure what “blorf the zibble” means" in text
    quiet = asyncio.run(told(ASLEEP, "thorin", "hit rat 1, both asleep lol"))
    assert "not sure what" not in quiet  # plain words that do nothing are let go


def test_a_step_towards_foes_told_by_how_they_are_goes_to_one_of_them() -> None:
    said = read(ASLEEP, "thorin", "smack rat 1 then step over to the sleeping ones")
    assert [(c.kind, c.action, c.targets) for c in said] == [
        ("attack", None, ("giant-rat-1",)),
        ("manoeuvre", "engage", ("giant-rat-2",)),
    ]


STRAND = {"campaign": "drowned_bell", "scene": "strand", "fight": "strand_thralls",
          "turn": "wren"}  # fmt: skip
CAVE = {"campaign": "drowned_bell", "scene": "sea_cave", "met": ["nessa", "wendel"],
        "flags": {"corin_saved": True, "cave_found": True},
        "defeated": ["strand_thralls"]}  # fmt: skip
BELFRY = {"campaign": "drowned_bell", "scene": "belfry", "met": ["nessa", "wendel", "maelis"],
          "flags": {"corin_saved": True, "knows_truth": True, "warden_calmed": True},
          "defeated": ["strand_thralls"], "give": {"ione": ["tarnished locket"]}}  # fmt: skip


def test_words_after_a_colon_or_in_quotes_are_said_not_done() -> None:
    line = "I shout at the drowned: Sister Maelis is calling you home, go back to the sea and rest!"
    assert calls(STRAND, "wren", line) == []
    assert calls(STRAND, "wren", 'I yell "run, Corin!"') == []
    guards = {"campaign": "crossroads", "scene": "warren", "fight": "tunnel_guards", "turn": "mira"}
    told_that = "I tell goblin 2 that his friend is about to run off and leave him"
    assert "use_feature" not in calls(guards, "mira", told_that)


def test_a_thing_picked_back_up_is_taken_and_nobody_goes_back() -> None:
    said = read(CAVE, "ione", "oh wait, pick the locket back up. then look at the cairn")
    assert [(c.kind, c.targets) for c in said] == [
        ("take", ("maelis_locket",)),
        ("examine", ("cairn",)),
    ]


def test_weight_put_on_the_bell_rope_rings_it_and_sets_nothing_down() -> None:
    for line in ("I put my whole weight on the rope", "throw my weight on the bell rope"):
        assert [(c.kind, c.targets) for c in read(BELFRY, "ione", line)] == [
            ("challenge", ("toll_bell",))
        ], line


def test_someone_met_called_where_they_are_not_is_said_to_be_away() -> None:
    text = asyncio.run(told(BELFRY, "ione", "Maelis, will you come home and rest?"))
    assert "not here to hear it" in text
    assert "rest" not in calls(BELFRY, "ione", "Maelis, will you come home and rest?")


def test_a_deed_of_the_place_the_party_goes_to_is_done_there_not_dropped() -> None:
    line = "we head out of the cave and cross the causeway to the chapel while the tide is out"
    assert calls(CAVE, "ione", line) == ["move_scene", "attempt_challenge"]


def test_a_bonus_spell_then_a_spell_the_turn_cannot_hold_leaves_the_action() -> None:
    cass = {**STRAND, "turn": "cass", "wounds": {"wren": 10}, "dead": ["drowned-thrall-1"]}
    made = calls(cass, "cass", "healing word on wren, then spiritual weapon at the last one")
    assert made == ["cast_spell"]  # no end of the turn: Cass still has his action


def test_a_fallen_foe_searched_by_number_is_that_one() -> None:
    guards = {"campaign": "crossroads", "scene": "warren", "fight": "tunnel_guards",
              "turn": "aria", "dead": ["goblin-2"]}  # fmt: skip
    said = read(guards, "aria", "I search goblin 2's body")
    assert [(c.kind, c.targets) for c in said] == [("examine", ("goblin-2",))]


def _with_a_prisoner() -> object:
    """The tunnel fight with Goblin 1 tied hand and foot, Mira to act."""
    from app.world.tied import BOUND
    from rules.conditions import ActiveCondition, Condition

    spec = {"campaign": "crossroads", "scene": "warren", "fight": "tunnel_guards", "turn": "mira"}
    state = build_situation(Situation.model_validate(spec))
    state.creatures["goblin-1"].conditions += [
        ActiveCondition(condition=Condition.INCAPACITATED, note=BOUND),
        ActiveCondition(condition=Condition.RESTRAINED, note=BOUND),
    ]
    return state


def test_the_other_one_to_tie_is_one_still_loose_and_a_threat_is_met_by_a_free_foe() -> None:
    from app.understanding import understand

    state = _with_a_prisoner()
    said = understand("tie up the other one too", "mira", state, state.campaign)  # type: ignore[attr-defined]
    assert (said.kind, said.targets) == ("improvise", ("goblin-2",))
    session = session_for(state)  # type: ignore[arg-type]
    referee = asyncio.run(play(session, "mira", "drop your weapon and surrender!"))
    checks = [c for c in referee.made if c.name == "request_ability_check"]
    assert checks and '"opposed_by": "goblin-2"' in checks[0].arguments  # not the prisoner


def test_a_rest_proposed_with_a_question_mark_is_taken() -> None:
    clear = {"campaign": "crossroads", "scene": "cellar", "flags": {"trapdoor_open": True},
             "defeated": ["cellar_rats"]}  # fmt: skip
    for line, kind in (("short rest?", "short"), ("long rest?", "long")):
        said = read(clear, "mira", line)
        assert [(c.kind, c.action) for c in said] == [("rest", kind)], line
    assert read(clear, "mira", "potion?")[0].kind in ("ask", "question")  # asked, not drunk


def test_a_thing_carried_opened_is_looked_into() -> None:
    cave = {**CAVE, "give": {"ione": ["tarnished locket"]}}
    said = read(cave, "ione", "open the locket")
    assert [(c.kind, c.targets) for c in said] == [("examine", ("maelis_locket",))]


def test_foes_shouted_at_are_not_surprised_by_the_blow_after() -> None:
    state = build_situation(Situation.model_validate(WARREN))
    session = session_for(state)
    asyncio.run(play(session, "thorin", "DROP YOUR WEAPONS, GOBLINS!"))
    asyncio.run(play(session, "mira", "I attack the goblins"))
    assert "surprise" not in state.history[-1].narrative.lower()
    quiet = session_for(build_situation(Situation.model_validate(WARREN)))
    asyncio.run(play(quiet, "mira", "I attack the goblins"))  # unseen, as before
    assert "surprise" in quiet.state.history[-1].narrative.lower()


def test_cover_taken_before_an_action_readied_is_taken_too() -> None:
    line = "take cover behind the casks and wait for a rat to come at me, then stab it"
    said = read({**RATS, "turn": "mira"}, "mira", line)
    assert [(c.kind, c.action) for c in said] == [("manoeuvre", "cover"), ("manoeuvre", "ready")]


def test_a_weapon_got_out_before_a_lock_is_hacked_at_is_the_force_challenge() -> None:
    said = read(INN, "thorin", "I get my axe out and hack at the padlock")
    assert [(c.kind, c.targets) for c in said] == [("challenge", ("force_trapdoor",))]


def test_a_deed_named_again_in_a_word_of_the_game_is_not_called_unclear() -> None:
    inn = {**INN, "met": ["berta"]}
    text = asyncio.run(told(inn, "mira", "ugh fine, i'll pick it. lockpick time"))
    assert "not sure what" not in text


def test_a_step_to_the_other_ones_after_a_blow_goes_to_one_not_struck() -> None:
    said = read(
        {**RATS, "turn": "thorin"}, "thorin", "smack rat 1 then step over to the other ones"
    )
    assert [(c.kind, c.targets) for c in said] == [
        ("attack", ("giant-rat-1",)),
        ("manoeuvre", ("giant-rat-2",)),
    ]


def test_a_thing_handed_over_with_one_person_here_goes_to_them_and_is_not_dropped() -> None:
    hall = {"campaign": "crossroads", "scene": "chief_hall", "give": {"mira": ["silver key"]},
            "flags": {"trapdoor_open": True, "tam_found": True, "guards_passed": True},
            "defeated": ["cellar_rats", "tunnel_guards"]}  # fmt: skip
    said = read(hall, "mira", "ask about peace, then hand over the key")
    assert [(c.kind, c.targets) for c in said] == [
        ("talk", ("grubnak",)),
        ("give", ("grubnak", "silver_key")),
    ]


def test_a_question_to_someone_then_a_deed_of_ones_own_does_both() -> None:
    cellar = {"campaign": "crossroads", "scene": "cellar", "defeated": ["cellar_rats"],
              "flags": {"trapdoor_open": True, "tam_found": True}}  # fmt: skip
    said = read(cellar, "mira", "Tam, what do the goblins want? then I'll check the flagstone")
    assert [(c.kind, c.targets) for c in said] == [("talk", ("tam",)), ("examine", ("flagstone",))]
