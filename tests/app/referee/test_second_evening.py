"""What a second newcomer's evening showed: halves of a line lost after a question
("anyone hurt? ok let's cross"), a greeting that swallowed a question of one's own, a
question the game could answer passed over in silence after a deed, and things done
unasked — a party walked out of the inn by "like an outside door", to the cellar by
"give back what you nicked", to the lighthouse by "we skip the lighthouse", down the
shore steps by "go look at the shore steps"; a knife drawn for "magic missile him but
don't kill him"; a cleric walked into melee by a Spiritual Weapon cast from the door; a
"common" picked up from "the common room"; and a locket pressed into the wrong palm."""

from __future__ import annotations

import pytest

from app.actions.args import ChallengeArgs
from app.actions.challenge_tools import fight_challenge_tool
from app.actions.registry import ToolError
from app.session.setup import session_for
from app.understanding import understand
from rules.effects import Effect
from tests.app.referee_lines import play, read, told
from tests.referee_corpus import Situation, build_situation

HARBOUR = {"campaign": "drowned_bell", "scene": "harbour"}
STRAND_AFTER = {"campaign": "drowned_bell", "scene": "strand", "defeated": ["strand_thralls"]}
INN = {"campaign": "crossroads", "scene": "inn"}


def test_a_question_before_a_deed_is_answered_and_the_deed_done() -> None:
    said = read(STRAND_AFTER, "cass", "anyone hurt? no? ok. Wren, Ione, let's cross to the chapel")
    assert [(c.kind, c.targets) for c in said] == [
        ("question", ()),
        ("challenge", ("cross_causeway",)),
    ]
    assert [c.kind for c in read(STRAND_AFTER, "cass", "who's after me?")] == ["question"]


async def test_a_greeting_then_a_question_of_ones_own_is_answered_by_the_game() -> None:
    text = await told(HARBOUR, "ione", "hi nessa! how many hit points do i have?")
    assert "Ione has 28 of 28 hit points" in text
    assert "Can't help you there" not in text
    said = read(HARBOUR, "ione", "hey nessa, can you tell me about corin?")
    assert [c.kind for c in said] == ["talk"]  # asked of her: one speech


async def test_whats_my_deal_says_who_one_plays() -> None:
    assert "You play Ione, a level 3" in await told(HARBOUR, "ione", "so what's my deal")


async def test_a_question_nobody_can_answer_after_a_deed_is_said_so_not_dropped() -> None:
    text = await told(HARBOUR, "ione", "hi nessa! whats my favourite colour?")
    assert "I couldn't tell you" in text  # once, in her own words: not dropped


def test_words_around_a_place_named_take_nobody_there() -> None:
    cases = [
        (INN, "aria", "is there a back way into the cellar? like an outside door"),
        ({"campaign": "crossroads", "scene": "warren"}, "mira",
         "oi, saucepan head. you've got five seconds to give back everything you nicked"),
        (HARBOUR, "ione", "i go look at the shore steps for footprints"),
    ]  # fmt: skip
    for spec, actor, text in cases:
        assert "move" not in {c.kind for c in read(spec, actor, text)}, text
    skipped = read(HARBOUR, "ione", "we skip the lighthouse and go straight down to the beach")
    assert [(c.kind, c.targets) for c in skipped] == [("move", ("strand",))]
    assert read(INN, "thorin", "Let's go look at the tracks outside")[0].kind == "move"


def test_leading_the_party_across_while_watching_the_tide_crosses() -> None:
    said = read(STRAND_AFTER, "ione", "I lead us across the causeway, carefully, watching the tide")
    assert [(c.kind, c.targets) for c in said] == [("challenge", ("cross_causeway",))]


def test_a_spell_said_with_dont_kill_him_is_cast_not_a_knock_out_blow() -> None:
    hall = {"campaign": "crossroads", "scene": "chief_hall", "fight": "grubnak_band",
            "turn": "aria"}  # fmt: skip
    said = read(hall, "aria", "magic missile grubnak but dont kill him pls")
    assert [(c.kind, c.spell, c.targets) for c in said] == [("cast", "magic_missile", ("grubnak",))]


async def test_a_spiritual_weapon_strikes_from_afar_and_its_caster_stays() -> None:
    state = build_situation(
        Situation(campaign="drowned_bell", scene="chapel", fight="warden", turn="cass")
    )
    assert state.encounter is not None
    for spot in state.encounter.positions.values():  # nobody at arm's length of anyone
        spot.engaged.clear()
    session = session_for(state)
    referee = await play(session, "cass", "spiritual weapon on her, i stay back by the door")
    assert [c.name for c in referee.made][:1] == ["cast_spell"]
    fight = session.state.encounter
    assert fight is not None and not fight.positions["cass"].engaged  # once: closed in


async def test_a_thing_grabbed_from_a_place_is_the_thing_not_the_place() -> None:
    session = session_for(build_situation(Situation.model_validate(INN)))
    await play(session, "thorin", "i grab a chair leg from the common room, might need a club")
    assert "common" not in session.state.party["thorin"].inventory


async def test_what_a_trigger_gives_back_goes_to_the_one_who_gave_it() -> None:
    chapel = {"campaign": "drowned_bell", "scene": "chapel", "give": {"wren": ["tarnished locket"]}}
    session = session_for(build_situation(Situation.model_validate(chapel)))
    await play(session, "wren", "i give the locket to the grey sister")
    holders = [c for c, s in session.state.party.items() if "tarnished locket" in s.inventory]
    assert holders == ["wren"]  # once: pressed into Ione's palm


CHAPEL_FIGHT = {"campaign": "drowned_bell", "scene": "chapel", "fight": "warden", "turn": "ione"}
REFUSED = (
    "Okay so the Grey Sister is running away and honestly this feels wrong. Ione has been "
    "listening to everything Wendel said about Maelis and the drowning, and I don't want to "
    "shoot a ghost in the back while she runs away. So instead I lower my bow and I walk "
    "slowly toward the bell rope she dropped, and I take hold of it to see what happens."
)


def test_a_paragraph_that_refuses_the_shot_and_takes_the_rope_shoots_nobody() -> None:
    said = read(CHAPEL_FIGHT, "ione", REFUSED)
    assert not {"attack", "cast"} & {c.kind for c in said}  # once: the longbow, at her back
    walked = read(CHAPEL_FIGHT, "ione", "I walk toward the bell rope")
    assert [(c.kind, c.targets) for c in walked] == [("examine", ("rope",))]
    assert read(CHAPEL_FIGHT, "ione", "I walk toward the grey sister")[0].action == "engage"


def test_a_line_that_ends_asking_to_undo_is_pointed_to_undo() -> None:
    for text in ("WHAT?? i said i DON'T shoot her. undo", "oops wrong thing, undo that"):
        said = read(CHAPEL_FIGHT, "ione", text)
        assert [(c.kind, c.note) for c in said] == [("help", "taking back")], text


def test_the_mocked_one_is_the_foe_vicious_mockery_shook() -> None:
    state = build_situation(
        Situation(campaign="drowned_bell", scene="strand", fight="strand_thralls", turn="ione")
    )
    shaken = Effect(id="vicious_mockery", name="Shaken by mockery")
    state.creatures["drowned-thrall-2"].effects = [shaken]
    said = understand("ok shoot the mocked one", "ione", state, state.campaign)
    assert (said.kind, said.targets) == ("attack", ("drowned-thrall-2",))


async def test_a_blow_and_a_remark_after_it_end_the_turn_as_the_blow_alone_does() -> None:
    guards = {"campaign": "crossroads", "scene": "warren", "fight": "tunnel_guards",
              "turn": "thorin"}  # fmt: skip
    for text in ("hit goblin one, it's still standing right?", "hit goblin one"):
        session = session_for(build_situation(Situation.model_validate(guards)))
        referee = await play(session, "thorin", text)
        assert [c.name for c in referee.made] == ["attack", "end_turn"], text  # once: the
        # turn stayed open after the question, and the next player was kept waiting


async def test_a_prayer_made_to_end_the_fight_is_tried_in_it_with_the_turns_action() -> None:
    chapel = {"campaign": "drowned_bell", "scene": "chapel", "fight": "warden", "turn": "cass"}
    session = session_for(build_situation(Situation.model_validate(chapel)))
    referee = await play(session, "cass", "pray for her")
    assert [c.name for c in referee.made] == ["attempt_challenge", "end_turn"]  # once: "cannot
    # pray the warden to rest in the middle of a fight"
    assert session.state.challenges.get("hush_warden") in ("passed", "failed")
    if session.state.challenges["hush_warden"] == "passed":
        assert session.state.encounter is None  # the fight it was made to end is over
    told_of = session_for(build_situation(Situation.model_validate(chapel)))
    said = await play(told_of, "cass", "Brother Cass kneels in the water and prays for her")
    assert [c.name for c in said.made] == ["attempt_challenge", "end_turn"]  # his own name


def test_a_challenge_not_made_to_end_the_fight_still_waits_for_its_end() -> None:
    guards = {"campaign": "crossroads", "scene": "warren", "fight": "tunnel_guards",
              "turn": "mira"}  # fmt: skip
    state = build_situation(Situation.model_validate(guards))
    with pytest.raises(ToolError):
        fight_challenge_tool(ChallengeArgs(challenge_id="sneak_past", character_id="mira"), state)


async def test_a_step_back_after_a_blow_the_turn_cannot_hold_is_still_taken() -> None:
    strand = {"campaign": "drowned_bell", "scene": "strand", "fight": "strand_thralls",
              "turn": "ione"}  # fmt: skip
    session = session_for(build_situation(Situation.model_validate(strand)))
    referee = await play(session, "ione", "shoot thrall 2 twice if i can, then step back")
    assert [c.name for c in referee.made] == ["attack", "move", "end_turn"]  # once: the step
    # back dropped in silence with the second shot


def test_a_healing_word_sung_toward_a_friend_heals_the_friend_not_the_singer() -> None:
    strand = {"campaign": "drowned_bell", "scene": "strand", "fight": "strand_thralls",
              "turn": "wren", "wounds": {"cass": 6, "wren": 4}}  # fmt: skip
    line = ("Wren is shaking but she steadies herself against a rock and sings a single "
            "bright healing word toward Brother Cass.")  # fmt: skip
    said = read(strand, "wren", line)
    assert (said[0].kind, said[0].targets) == ("cast", ("cass",))
    assert read(strand, "wren", "healing word on myself")[0].targets == ("wren",)


def test_common_slips_of_the_fingers_read_as_the_word_meant() -> None:
    said = read(INN, "mira", "pikc teh lock")
    assert [(c.kind, c.targets) for c in said] == [("challenge", ("trapdoor_lock",))]


async def test_whether_a_blow_at_the_sleeping_is_a_critical_is_answered_by_the_rule() -> None:
    cellar = {"campaign": "crossroads", "scene": "cellar", "fight": "cellar_rats",
              "turn": "thorin", "conditions": {"giant-rat-2": ["unconscious"]}}  # fmt: skip
    text = await told(cellar, "thorin", "can i just kill the sleeping ones? is that auto crit?")
    assert "critical hit" in text and "Thorin is not unconscious" not in text


def test_a_door_that_is_open_and_a_trait_named_do_nothing_unasked() -> None:
    woods = {"campaign": "hollow_ford", "scene": "woods", "defeated": ["woods_wolves"],
             "flags": {"barrow_open": True}}  # fmt: skip
    assert read(woods, "sela", "look at the open door")[0].kind == "examine"
    assert read(woods, "sela", "go through the open door")[0].kind == "move"
    strand = {"campaign": "drowned_bell", "scene": "strand", "fight": "strand_thralls",
              "turn": "ione"}  # fmt: skip
    said = read(strand, "ione", "favored enemy undead, do I get anything?")
    assert {c.kind for c in said} == {"question"}  # once: a shot at a thrall
