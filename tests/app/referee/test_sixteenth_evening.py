"""What a sixteenth evening's lines found: a spell taken back mid-line ("fire bolt... no,
ray of frost") is the second, a deed broken off for a question is only asked, what follows
a blow at sleepers is a question the rules answer, a hero of another story with a long
name is nobody here, a person called and bidden to fight hears words, creeping up on
foes is no way up the shore steps, going "across" takes the crossing, and a place seen and
remarked on is offered, not gone to."""

from __future__ import annotations

import asyncio

from app.session.setup import session_for
from tests.app.referee_lines import play, read, told
from tests.referee_corpus import Situation, build_situation

RATS = {"campaign": "crossroads", "scene": "cellar", "flags": {"trapdoor_open": True},
        "fight": "cellar_rats", "turn": "aria", "wounds": {"giant-rat-1": 5}}  # fmt: skip
SLEEPERS = {"giant-rat-1": ["unconscious"], "giant-rat-3": ["unconscious"]}
ASLEEP = {**RATS, "turn": "mira", "wounds": {"giant-rat-2": 2}, "conditions": SLEEPERS}
STRAND = {"campaign": "drowned_bell", "scene": "strand", "met": ["nessa"]}
AFTER = {**STRAND, "defeated": ["strand_thralls"], "flags": {"corin_saved": True}}
CAVE = {**AFTER, "flags": {"corin_saved": True, "cave_found": True}}


def calls(spec: dict[str, object], actor: str, text: str) -> list[str]:
    """The names of the tool calls the line's turn made."""
    session = session_for(build_situation(Situation.model_validate(spec)))
    referee = asyncio.run(play(session, actor, text))
    return [c.name for c in referee.made]


def test_a_spell_taken_back_mid_line_is_the_second() -> None:
    for line in ("fire bolt... no, ray of frost the wounded one",
                 "fire bolt, no, ray of frost the wounded one"):  # fmt: skip
        said = read(RATS, "aria", line)
        assert [(c.kind, c.spell, c.targets) for c in said] == [
            ("cast", "ray_of_frost", ("giant-rat-1",))
        ], line
    assert read(RATS, "aria", "I attack, no mercy")[0].kind == "attack"  # no taking back


def test_a_deed_broken_off_for_a_question_is_only_asked() -> None:
    said = read(RATS, "mira", "I shoot... wait which rat is closest to Aria")
    assert [c.kind for c in said] == ["question"]
    assert calls({**RATS, "turn": "mira"}, "mira", "I shoot, wait, is rat 2 hurt?") == []


async def test_what_a_blow_at_sleepers_does_is_asked_and_answered() -> None:
    said = read(ASLEEP, "mira", "do the sleeping rats wake up if i hit them")
    assert [c.kind for c in said] == ["question"]
    answer = await told(ASLEEP, "mira", "do the sleeping rats wake up if i hit them")
    assert "wakes as soon as it takes damage" in answer, answer


def test_a_hero_of_another_story_with_a_long_name_is_nobody_here() -> None:
    said = read(RATS, "aria", "Gimli son of Gloin attacks")
    assert (said[0].kind, said[0].note) == ("refuse", "Gimli son of Gloin is not in the party")


def test_a_person_called_and_bidden_to_fight_hears_words() -> None:
    assert [c.kind for c in read(STRAND, "wren", "Corin! Over here! Fight them!")] == ["talk"]
    assert calls(STRAND, "wren", "Corin! Over here! Fight them!") == []
    war_cry = read({**RATS, "turn": "thorin"}, "thorin", "KHAZAD! i charge rat 1")
    assert [c.kind for c in war_cry] == ["attack"]  # a cry, then one's own blow


def test_creeping_up_on_foes_takes_no_way_up() -> None:
    said = read(STRAND, "ione", "I sneak up behind them in the shallows")
    assert (said[0].kind, said[0].action) == ("improvise", "stealth")
    assert calls(STRAND, "ione", "I sneak up behind them in the shallows") == [
        "request_ability_check"
    ]  # the drowned are there to hear it, their fight not yet begun
    assert read(STRAND, "ione", "I sneak up the shore steps")[0].kind == "move"


def test_going_across_takes_the_crossing() -> None:
    said = read(AFTER, "cass", "Ione: I lead the way across")
    assert [(c.kind, c.targets) for c in said] == [("challenge", ("cross_causeway",))]
    assert read(AFTER, "cass", "lead the way")[0].kind == "move"


def test_a_place_seen_and_remarked_on_is_offered() -> None:
    said = read(CAVE, "wren", "ooh secret cave")
    assert said[0].kind == "ask" and [a.kind for a in said[0].alternatives] == ["move"]
    assert calls(CAVE, "wren", "ooh secret cave") == []


def test_the_party_rests_whoever_is_out_cold_at_the_keyboard() -> None:
    cleared = {"campaign": "crossroads", "scene": "cellar", "defeated": ["cellar_rats"],
               "flags": {"trapdoor_open": True}, "wounds": {"aria": 17}}  # fmt: skip
    assert calls(cleared, "aria", "everyone: we take a long rest") == ["rest"]
    assert calls({**RATS, "wounds": {"aria": 17}}, "aria", "I attack rat 1") == ["end_turn"]


def test_rushing_to_a_friend_is_a_run_to_her_and_no_blow() -> None:
    down = {
        **RATS,
        "turn": "thorin",
        "wounds": {"aria": 17},
        "give": {"thorin": ["healing potion"]},
    }
    said = read(down, "thorin", "I rush to Aria and pour my healing potion down her throat")
    assert [(c.kind, c.targets[:1]) for c in said] == [
        ("manoeuvre", ("aria",)),
        ("use", ("healing_potion",)),
    ]
    assert "attack" not in calls(
        down, "thorin", "I rush to Aria and pour my healing potion down her throat"
    )
    assert read(down, "thorin", "I rush rat 2")[0].kind == "attack"  # a charge at a foe


def test_two_spells_named_are_two_casts_each_at_its_own_foe() -> None:
    thralls = {
        **STRAND,
        "fight": "strand_thralls",
        "turn": "cass",
        "wounds": {"drowned-thrall-1": 9},
    }
    line = ("I conjure my spiritual weapon to whack the hurt thrall, and cast sacred flame on "
            "the other one")  # fmt: skip
    said = read(thralls, "cass", line)
    assert [(c.spell, c.targets) for c in said] == [
        ("spiritual_weapon", ("drowned-thrall-1",)), ("sacred_flame", ("drowned-thrall-2",))
    ]  # fmt: skip


def test_a_blow_at_one_while_it_sleeps_is_at_the_sleeper() -> None:
    one_asleep = {
        **RATS,
        "turn": "mira",
        "wounds": {},
        "conditions": {"giant-rat-2": ["unconscious"]},
    }
    said = read(one_asleep, "mira", "ok I sneak over and stab it while it sleeps")
    assert [(c.kind, c.targets) for c in said] == [("attack", ("giant-rat-2",))]


def test_jumping_down_an_open_way_is_going_down_it() -> None:
    inn = {"campaign": "crossroads", "scene": "inn", "met": ["berta"],
           "flags": {"trapdoor_open": True}, "challenges": {"trapdoor_lock": "passed"}}  # fmt: skip
    assert calls(inn, "thorin", "i jump down into the cellar") == ["move_scene"]
    said = read(inn, "mira", "everyone: down we go, Thorin first with the torch")
    assert [(c.kind, c.targets) for c in said] == [("move", ("cellar",))]
    road = {"campaign": "crossroads", "scene": "old_road"}
    assert (
        read(road, "mira", "I climb up on the inn's back wall to get a look around")[0].kind
        == "improvise"
    )


async def test_someone_sought_after_a_move_is_the_new_place_s() -> None:
    harbour = {"campaign": "drowned_bell", "scene": "harbour", "met": ["nessa"],
               "defeated": ["strand_thralls"], "flags": {"corin_saved": True}}  # fmt: skip
    said = await told(harbour, "ione", "we head up to the lighthouse and find old Wendel")
    assert "Nessa:" not in said and "You could ask Wendel about" in said, said


async def test_a_question_whose_words_are_in_one_answer_is_that_topic() -> None:
    harbour = {"campaign": "drowned_bell", "scene": "harbour", "met": ["nessa"]}
    said = await told(harbour, "ione", "why is every shutter closed?")
    assert "behind their shutters" in said, said
    dodged = await told(harbour, "ione", "what time is the tide?")  # in no answer of hers
    assert "I couldn't tell you" in dodged, dodged


def test_words_shouted_down_a_way_are_words_and_one_wound_tended_no_rest() -> None:
    inn = {"campaign": "crossroads", "scene": "inn", "met": ["berta"],
           "flags": {"trapdoor_open": True}, "challenges": {"trapdoor_lock": "passed"}}  # fmt: skip
    assert calls(inn, "thorin", "I shout down the stairs: TAM! YOU DOWN THERE?") == []
    harbour = {"campaign": "drowned_bell", "scene": "harbour", "met": ["nessa"],
               "defeated": ["strand_thralls"], "wounds": {"ione": 15}}  # fmt: skip
    assert calls(harbour, "ione", "I bandage my arm with strips of net") == []
    assert calls(harbour, "ione", "we bandage our wounds") == ["rest"]


def test_a_friend_told_of_as_hurt_is_no_foe_described_and_flame_called_down_is_the_spell() -> None:
    hurt = {"the-grey-sister": 38, "cass": 24, "ione": 10}
    chapel = {"campaign": "drowned_bell", "scene": "chapel", "met": ["nessa"],
              "defeated": ["strand_thralls"], "flags": {"corin_saved": True}, "fight": "warden",
              "turn": "ione", "wounds": hurt}  # fmt: skip
    line = ("She's nearly gone, but Cass is bleeding out on the flagstones. Arrows can wait. I "
            "kneel by him and lay my hands on his chest and cast cure wounds.")  # fmt: skip
    assert [(c.kind, c.targets) for c in read(chapel, "ione", line)] == [("cast", ("cass",))]
    flame = ("Cass plants his feet in the flooded nave, raises the holy symbol of the sea-mother "
             "and calls down flame on the grey sister")  # fmt: skip
    said = read({**chapel, "turn": "cass"}, "cass", flame)
    assert [(c.kind, c.spell) for c in said] == [("cast", "sacred_flame")]


def test_a_slip_in_a_going_is_mended_before_asking_where_to() -> None:
    harbour = {"campaign": "drowned_bell", "scene": "harbour"}
    said = read(harbour, "ione", "go to teh woman and aks her abuot the bell")
    assert [(c.kind, c.targets) for c in said][-1] == ("talk", ("nessa",))
