"""What a fourteenth evening's lines found: a way run through is no blow, a foe's gear taken
from the one who has it, a blade held at a throat and a foe told what to do are threats,
words shouted in quotes are no deed, a foe grabbed after a step is held, someone dragged out
of the foes' grip is a rescue, another bidden to run is not the speaker's running, and what
a line keeps for later ("next turn", "if I kill it …") waits for its time."""

from __future__ import annotations

import asyncio

from tests.app.referee_lines import read, told

RATS = {"campaign": "crossroads", "scene": "cellar", "fight": "cellar_rats", "turn": "thorin"}
BOSS_DOWN = {"campaign": "crossroads", "scene": "chief_hall", "fight": "grubnak_band",
             "turn": "mira", "flags": {"trapdoor_open": True, "tam_found": True},
             "dead": ["goblin-2"], "wounds": {"grubnak": 14, "goblin-1": 2},
             "conditions": {"grubnak": ["unconscious"]}}  # fmt: skip
BAND = {"campaign": "crossroads", "scene": "chief_hall", "fight": "grubnak_band",
        "turn": "thorin", "wounds": {"thorin": 10}}  # fmt: skip
THRALLS = {"campaign": "drowned_bell", "scene": "strand", "fight": "strand_thralls",
           "turn": "wren"}  # fmt: skip
WARREN = {"campaign": "crossroads", "scene": "warren", "flags": {"trapdoor_open": True}}


def kinds(spec: dict[str, object], actor: str, line: str) -> list[tuple[str, tuple[str, ...]]]:
    return [(c.kind, c.targets) for c in read(spec, actor, line)]


def test_a_way_run_through_is_a_going_and_a_foe_run_through_a_blow() -> None:
    assert kinds(RATS, "thorin", "I run through the tunnel") == [("move", ("warren",))]
    assert kinds(RATS, "thorin", "run rat 2 through") == [("attack", ("giant-rat-2",))]


def test_a_foes_gear_is_taken_from_the_one_who_has_it() -> None:
    # once a blow at the goblin still standing ("his": the one at hand)
    assert kinds(BOSS_DOWN, "mira", "take his spoon") == [("improvise", ("grubnak",))]
    assert kinds(BOSS_DOWN, "mira", "grab his helmet") == [("improvise", ("grubnak",))]


def test_a_blade_at_a_throat_and_a_foe_told_what_to_do_are_threats() -> None:
    line = ("Mira sits on the chief's chest, dagger at his throat, and tells the last goblin to "
            "think very carefully about his next move.")  # fmt: skip
    said = read(BOSS_DOWN, "mira", line)
    assert all(c.kind != "attack" for c in said)  # once: the dagger driven into Grubnak
    assert said[-1].kind == "improvise" and said[-1].action == "intimidation"
    told_to = read(BOSS_DOWN, "mira", "tell goblin 1 to think carefully about his next move")
    assert [(c.kind, c.action, c.targets) for c in told_to] == [
        ("improvise", "intimidation", ("goblin-1",))
    ]
    assert read(BOSS_DOWN, "mira", "dagger to goblin 1!")[0].kind == "attack"


def test_words_shouted_in_quotes_are_no_deed() -> None:
    said = read(THRALLS, "wren", "I shout to the young man: 'Fight it! Don't listen to the bell!'")
    assert [c.kind for c in said] == ["talk"]  # once: a blow at a thrall
    assert kinds(THRALLS, "wren", "I yell 'Die!' and swing at thrall 1") == [
        ("attack", ("drowned-thrall-1",))
    ]


def test_a_foe_grabbed_after_a_step_is_held_and_a_captive_dragged_free_is_rescued() -> None:
    said = read(THRALLS, "wren", "I wade in and grab the thrall so it can't drag him further")
    assert [(c.kind, c.action) for c in said] == [("manoeuvre", "grapple")]  # once: a blow
    line = "I run to the young man and try to drag him out of their grip"
    assert [(c.kind, c.action) for c in read(THRALLS, "wren", line)] == [("improvise", "athletics")]


def test_another_bidden_to_run_is_not_the_speakers_running() -> None:
    spot = {**THRALLS, "turn": "ione"}
    said = read(spot, "ione", "Ione yells to the young man to run for the steps")
    assert [c.kind for c in said] == ["talk"]  # once: Ione's own Dash
    assert read(spot, "ione", "I run to the steps")[0].kind == "move"


def test_what_is_said_for_later_waits() -> None:
    rats = {**RATS, "turn": "mira"}
    said = read(rats, "mira", "Hide behind the casks, then shoot the awake one next turn")
    assert [(c.kind, c.action) for c in said] == [("manoeuvre", "hide"), ("ask", "unable")]
    assert "for later" in said[1].note
    going = read(WARREN, "aria", "Wait, go back to the cellar first, then sneak later")
    assert [c.kind for c in going] == ["move", "ask"]  # once: the sneak, at once
    plan = read(WARREN, "thorin", "if she fails, I force it")
    assert [c.kind for c in plan] == ["ask"]


def test_a_deed_on_a_condition_this_turn_settles_is_done_only_if_it_came_to_pass() -> None:
    missed = asyncio.run(told(BAND, "thorin", "hit grubnak, if he drops, second wind"))
    assert "Grubnak twists away" in missed  # (the seeded blow misses)
    assert "keeps “second wind” for later" in missed and "Grubnak is still standing" in missed
    assert "Second Wind" not in missed
    on_a_miss = asyncio.run(told(BAND, "thorin", "hit grubnak. if I miss, second wind"))
    assert "uses Second Wind" in on_a_miss
    on_a_hit = asyncio.run(told(BAND, "thorin", "hit grubnak. if I hit, second wind"))
    assert "Second Wind" not in on_a_hit and "the blow missed" in on_a_hit


WARDEN = {"campaign": "drowned_bell", "scene": "chapel", "fight": "warden", "turn": "ione"}
INN = {"campaign": "crossroads", "scene": "inn"}


def test_a_newcomers_lines_read_as_meant() -> None:
    aria = {**RATS, "turn": "aria"}
    assert [(c.kind, c.spell) for c in read(aria, "aria", "cast slep on the rats")] == [
        ("cast", "sleep")  # once: "which spell: Fire Bolt or Ray of Frost?"
    ]
    band = {**BAND, "wounds": {}}
    assert len(read(band, "thorin", "I go straight for grubnak and hit him")) == 1  # one blow
    asleep = {"campaign": "crossroads", "scene": "warren", "fight": "tunnel_guards",
              "turn": "mira", "conditions": {"goblin-2": ["unconscious"]}}  # fmt: skip
    assert kinds(asleep, "mira", "hit goblin 2 while its sleeping") == [("attack", ("goblin-2",))]
    down = {**THRALLS, "conditions": {"wren": ["prone"]}}
    said = read(down, "wren", "thunderwave from the ground, blast them back")
    assert [(c.kind, c.spell) for c in said] == [("cast", "thunderwave")]  # no mockery after
    mock = read({**WARDEN, "turn": "wren"}, "wren", "vicious mockery: you couldn't even ring a "
                "doorbell")  # fmt: skip
    assert [(c.kind, c.spell) for c in mock] == [("cast", "vicious_mockery")]  # not "brb"
    belfry = {"campaign": "drowned_bell", "scene": "belfry"}
    assert read(belfry, "ione", "screw it, I jump off the belfry into the sea")[0].kind != "attack"
    assert [(c.kind, c.action) for c in read(INN, "aria", "I use arcane recovery while we rest")
            ] == [("rest", "short")]  # fmt: skip


def test_a_lone_foe_is_named_by_what_she_wears_and_holds() -> None:
    for line in ("shoot the one in robes", "shoot the one holding the rope",
                 "I put an arrow in the thing holding the rope"):  # fmt: skip
        # once: "there is no the 1 standing", "the bell rope cannot be fought", the rope set down
        assert kinds(WARDEN, "ione", line) == [("attack", ("the-grey-sister",))], line


def test_a_thing_asked_after_in_the_plural_is_found() -> None:
    said = asyncio.run(told(INN, "thorin", "what's my AC and do i have any potions"))
    assert "Yes: Thorin carries the healing potion" in said  # once: "carries no potions"


def test_more_of_the_thirty_eighth_sets_lines() -> None:
    last = {"campaign": "crossroads", "scene": "cellar", "fight": "cellar_rats", "turn": "aria",
            "dead": ["giant-rat-1", "giant-rat-2"]}  # fmt: skip
    line = "Aria glares at the last rat and flicks a mote of fire at it, then steps back."
    assert [(c.kind, c.spell) for c in read(last, "aria", line)][:1] == [("cast", "fire_bolt")]
    mira = {**RATS, "turn": "mira", "dead": ["giant-rat-1"]}
    said = read(mira, "mira", "i pick up the dead rat and throw it at the other one")
    assert all(c.kind != "manoeuvre" for c in said)  # once: a grapple of the corpse
    inn = {"campaign": "crossroads", "scene": "inn", "flags": {"trapdoor_open": True}}
    assert kinds(inn, "mira", "I stick my head down through the trapdoor")[0][0] == "examine"
    assert read(INN, "mira", "hey quick q - do rogues get advantage on lockpicking")[0].kind == (
        "question"
    )
    two = read(
        {**RATS, "turn": "aria"},
        "aria",
        "Two questions: how far are the rats, and can I still cast a 2nd-level sleep?",
    )
    assert [c.kind for c in two] == ["question", "question"]  # once: Sleep, cast at once
    road = {"campaign": "crossroads", "scene": "old_road"}
    assert [c.kind for c in read(road, "aria", "I hum a little tune while we walk")] == [
        "improvise"
    ]  # once: and back to the inn


def test_sneaking_said_alone_past_the_goblins_is_the_scenes_sneaking() -> None:
    warren = {"campaign": "crossroads", "scene": "warren", "flags": {"trapdoor_open": True}}
    for line in ("we sneak", "we snek quietly", "sneak quietly"):  # once: "say a little more"
        assert kinds(warren, "mira", line) == [("challenge", ("sneak_past",))], line
    assert read(warren, "mira", "sneak")[0].kind == "ask"  # one word alone: asked back


def test_a_foe_said_in_words_after_finish_off_and_weapons_taken_from_sleepers() -> None:
    rats = {**RATS, "turn": "mira", "dead": ["giant-rat-1"], "wounds": {"giant-rat-3": 5},
            "conditions": {"giant-rat-2": ["unconscious"]}}  # fmt: skip
    assert kinds(rats, "mira", "I finish off the sleeping rat") == [("attack", ("giant-rat-2",))]
    assert kinds(rats, "mira", "finish it off") == [("attack", ("giant-rat-3",))]
    asleep = {"campaign": "crossroads", "scene": "warren", "flags": {"trapdoor_open": True},
              "fight": "tunnel_guards", "turn": "thorin",
              "conditions": {"goblin-1": ["unconscious"], "goblin-2": ["unconscious"]}}  # fmt: skip
    said = read(asleep, "thorin", "Take their weapons and tie up goblin 2")
    assert [c.kind for c in said] == ["improvise", "improvise"]  # once: a blow at goblin 2
    assert said[0].action == "auto" and said[1].targets == ("goblin-2",)
    assert kinds(BOSS_DOWN, "mira", "grab his big spoon") == [("improvise", ("grubnak",))]


def test_try_again_but_slower_is_the_same_deed_again() -> None:
    from app.session.setup import session_for
    from tests.app.referee_lines import play
    from tests.referee_corpus import Situation, build_situation

    session = session_for(build_situation(Situation(campaign="crossroads", scene="inn")))

    async def twice() -> list[str]:
        await play(session, "mira", "pick the lock")
        referee = await play(session, "mira", "try again but slower")  # once: not understood
        return [c.name for c in referee.made]

    assert asyncio.run(twice()) == ["attempt_challenge"]


def test_a_run_down_a_way_and_a_grab_by_the_helmet_are_as_before() -> None:
    harbour = {"campaign": "drowned_bell", "scene": "harbour", "met": ["nessa"]}
    assert kinds(harbour, "ione", "run down the shore steps") == [("move", ("strand",))]
    band = {**BAND, "wounds": {}}
    said = read(band, "thorin", "I grab the boss by his helmet")
    assert [(c.kind, c.action) for c in said] == [("manoeuvre", "grapple")]


def test_a_deed_for_when_a_foe_moves_is_the_ready_action() -> None:
    rats = {**RATS, "turn": "mira"}
    for line in ("if a rat comes close, I stab it", "if it moves, shoot it"):  # once: a blow now
        assert [(c.kind, c.action) for c in read(rats, "mira", line)] == [("manoeuvre", "ready")]


def test_a_deed_for_if_the_lock_opens_follows_the_pick_that_opened_it() -> None:
    import random

    from app.session.setup import session_for
    from tests.app.referee_lines import play
    from tests.referee_corpus import Situation, build_situation

    def picked(seed: int) -> tuple[str, str]:
        state = build_situation(Situation(campaign="crossroads", scene="inn"))
        state.restore_rng(random.Random(seed).getstate())
        session = session_for(state)
        asyncio.run(play(session, "mira", "pick the lock, and if it opens, we go down"))
        return session.state.scene.id, session.state.history[-1].narrative

    opened, _ = picked(2)
    assert opened == "cellar"
    shut, told_ = picked(1)
    assert shut == "inn" and "keeps “we go down” for later" in told_
