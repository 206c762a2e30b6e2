"""Lines a writer of test lines and two newcomers typed, and what they meant: a purpose said
before a talk challenge opens the talk, a friend told to cast "on me" casts on the speaker,
a rope is never for the stairs "up", a choice offered back is taken by its number, and the
one key of the story is never found twice."""

from __future__ import annotations

import pytest

from app.actions.campaign_tools import apply_effects
from app.session.setup import session_for
from app.world.challengespec import Effects
from tests.app.referee_lines import play, read
from tests.referee_corpus import Situation, build_situation

HALL = {"campaign": "crossroads", "scene": "chief_hall", "defeated": ["cellar_rats"],
        "flags": {"trapdoor_open": True, "tam_found": True, "guards_passed": True}}  # fmt: skip
RATS_ASLEEP = {
    "campaign": "crossroads", "scene": "cellar", "flags": {"trapdoor_open": True},
    "fight": "cellar_rats", "turn": "thorin",
    "conditions": {"giant-rat-1": ["unconscious", "restrained"], "giant-rat-2": ["unconscious"],
                   "giant-rat-3": ["unconscious"]},
}  # fmt: skip
HARBOUR = {"campaign": "drowned_bell", "scene": "harbour"}
WOLVES = {"campaign": "hollow_ford", "scene": "woods", "fight": "woods_wolves", "turn": "sela",
          "wounds": {"wolf-1": 7, "bram": 9}}  # fmt: skip
BARROW = {"campaign": "hollow_ford", "scene": "barrow", "fight": "barrow_dead",
          "defeated": ["woods_wolves"], "flags": {"barrow_open": True}}  # fmt: skip


@pytest.mark.parametrize(
    "line", ["We've come to talk about peace.", "we're here to make a deal with you"]
)
def test_a_purpose_said_opens_the_talk_and_the_roll_waits_for_the_case(line: str) -> None:
    said = read(HALL, "mira", line)[0]
    assert (said.kind, said.targets) == ("talk", ("grubnak",))
    assert read(HALL, "mira", "I try to persuade Grubnak to make peace")[0].kind == "challenge"


def test_a_friend_told_to_cast_on_me_casts_on_the_speaker() -> None:
    said = read(HARBOUR, "wren", "Cass, cast guidance on me")[0]
    assert (said.actor, said.spell, said.targets) == ("cass", "guidance", ("wren",))
    own = read(HARBOUR, "wren", "Cass: I cast guidance on myself")[0]
    assert own.targets == ("cass",)


@pytest.mark.parametrize("line", ["Thorin: tie up another one", "tie up the other rat"])
def test_a_rope_is_for_a_foe_not_yet_tied_never_the_stairs_up(line: str) -> None:
    said = read(RATS_ASLEEP, "mira", line)[0]
    assert (said.kind, said.targets) == ("improvise", ("giant-rat-2",))


@pytest.mark.parametrize(
    ("spec", "actor", "line", "kind", "target"),
    [
        (HALL, "thorin", "Boromir joins us and smashes the lock", "refuse", None),
        (HARBOUR, "wren", "I take out my fiddle and play a sad sea shanty on the quay", None, None),
        ({"campaign": "crossroads", "scene": "inn"}, "aria",
         "I stomp on the floor to see if anything answers from down there", "improvise",
         "trapdoor"),
        ({**BARROW, "turn": "bram"}, "bram", "I shove the stone bier over onto the skeletons",
         "improvise", "bier"),
    ],
)  # fmt: skip
def test_deeds_told_are_read_as_meant(
    spec: dict[str, object], actor: str, line: str, kind: str | None, target: str | None
) -> None:
    said = read(spec, actor, line)[0]
    if kind is None:  # (anything but going anywhere)
        assert said.kind != "move"
    else:
        assert (said.kind, said.target) == (kind, target)


def test_spells_told_by_their_look_and_a_guard_that_is_no_swing() -> None:
    pale = ("Sela sees Bram stagger, blood on his sleeve. She lifts her holy symbol and calls "
            "down a column of pale fire onto that wolf.")  # fmt: skip
    assert read(WOLVES, "sela", pale)[0].spell == "sacred_flame"
    guard = read(WOLVES, "sela", "I stand over Bram and fend the wolves off him with my shield")
    assert all(s.kind != "attack" for s in guard)
    sung = ("Ivo's voice cracks on the first note but he keeps going, belting out a rude tavern "
            "song about a skeleton who lost his leg bone, and sends a wave of thunder rolling "
            "into the two that are still standing.")  # fmt: skip
    assert read({**BARROW, "turn": "ivo"}, "ivo", sung)[0].spell == "thunderwave"


async def test_a_choice_of_foes_offered_back_is_taken_by_its_place_or_its_number() -> None:
    rats = {"campaign": "crossroads", "scene": "cellar", "fight": "cellar_rats", "turn": "aria",
            "flags": {"trapdoor_open": True},
            "wounds": {"giant-rat-2": 3, "giant-rat-3": 3}}  # fmt: skip
    for answer, foe in [("whichever, the second", "giant-rat-3"), ("2", "giant-rat-2")]:
        session = session_for(build_situation(Situation.model_validate(rats)))
        await play(session, "aria", "fire bolt the wounded one")
        assert "Giant Rat 2 or cast Fire Bolt at Giant Rat 3" in session.state.history[-1].narrative
        referee = await play(session, "aria", answer)
        cast = [c.arguments for c in referee.made if c.name == "cast_spell"]
        assert len(cast) == 1 and '"fire_bolt"' in cast[0] and f'"{foe}"' in cast[0]


def test_the_one_key_of_the_story_is_never_found_twice() -> None:
    state = build_situation(Situation.model_validate(
        {"campaign": "crossroads", "scene": "cellar", "defeated": ["cellar_rats"],
         "flags": {"trapdoor_open": True}}))  # fmt: skip
    state.party["mira"].inventory.append("silver key")
    apply_effects(state, Effects(give_items=["silver_key"]), "aria", "under the flagstone")
    keys = [i for s in state.party.values() for i in s.inventory if i == "silver key"]
    assert keys == ["silver key"]
    apply_effects(state, Effects(give_items=["healing_potion"]), "aria", "a gift")
    assert "healing potion" in state.party["aria"].inventory


@pytest.mark.parametrize(
    ("line", "kind"),
    [
        ("back! what did i miss", "question"),
        ("im back", "ask"),
        ("hey guys what should we do first?", "help"),
    ],
)
def test_words_for_the_table_go_nowhere_and_are_said_to_nobody_of_the_story(
    line: str, kind: str
) -> None:
    inn = {"campaign": "crossroads", "scene": "inn",
           "players": {"Ana": ["mira"], "Ben": ["thorin", "aria"]}}  # fmt: skip
    assert read(inn, "mira", line)[0].kind == kind
    assert read(inn, "mira", "back to the old road")[0].kind != "ask"


@pytest.mark.parametrize(
    "line",
    [
        "Grubnak you smelly little thief, hand back everything you stole or we gut you like a fish",
        "we spared your guards. we could have killed them. leave the inn alone",
    ],
)
def test_a_threats_price_and_a_blow_not_struck_are_words(line: str) -> None:
    said = read(HALL, "mira", line)
    assert all(s.kind != "attack" for s in said)


def test_berta_pays_the_twenty_gold_she_promised() -> None:
    from app.session.triggers import run_triggers

    state = build_situation(Situation.model_validate(
        {"campaign": "crossroads", "scene": "inn", "defeated": ["cellar_rats"],
         "flags": {"trapdoor_open": True, "tam_found": True}}))  # fmt: skip
    run_triggers(state)
    assert state.flags.get("tam_home")
    assert any("20 gold pieces" in s.inventory for s in state.party.values())


def test_running_back_in_a_fight_is_a_step_out_of_reach_not_home() -> None:
    wolves = {**WOLVES, "turn": "ivo"}
    said = read(wolves, "ivo", "thunderwave then run back")
    assert [(s.kind, s.action) for s in said][1] == ("manoeuvre", "withdraw")
    assert read(wolves, "ivo", "run back to the mill")[0].kind == "move"


def test_the_house_fare_is_had_and_a_cup_poured_for_her_is_a_kindness() -> None:
    inn = {"campaign": "crossroads", "scene": "inn"}
    said = read(inn, "thorin", "I drink an ale and ask berta about the goblins")
    assert [(s.kind, s.target) for s in said] == [("improvise", None), ("talk", "berta")]
    poured = read(inn, "thorin", "I pour Berta a cup of her own ale")[0]
    assert (poured.kind, poured.target) == ("improvise", "berta")


@pytest.mark.parametrize(
    ("spec", "actor", "line", "answer"),
    [
        ({"campaign": "crossroads", "scene": "inn"}, "aria",
         "remind me what fire bolt does? damage?", "Fire Bolt: a cantrip"),
        (HARBOUR, "wren", "whats shatter do again", "Shatter: a 2nd-level spell"),
    ],
)  # fmt: skip
async def test_a_spell_asked_about_in_passing_words_is_told(
    spec: dict[str, object], actor: str, line: str, answer: str
) -> None:
    from tests.app.referee_lines import told

    assert answer in await told(spec, actor, line)


@pytest.mark.parametrize(
    "line", ["How's the rest of the village holding up?", "What's the best inn around here?"]
)
def test_what_the_locals_know_is_asked_of_the_one_here_and_is_no_rest(line: str) -> None:
    said = read({**HARBOUR, "met": ["nessa"]}, "wren", line)[0]
    assert (said.kind, said.target) == ("talk", "nessa")


def test_questions_and_stepping_away_at_a_shared_table_keep_the_turn() -> None:
    from app.session import declaring

    warren = {"campaign": "crossroads", "scene": "warren", "defeated": ["cellar_rats"],
              "flags": {"trapdoor_open": True, "tam_found": True},
              "players": {"Ana": ["mira"], "Ben": ["thorin", "aria"]}}  # fmt: skip
    for line, said in [("how many goblins are there and are they armed?", "goblins"),
                       ("brb getting snacks", "/away")]:  # fmt: skip
        session = session_for(build_situation(Situation.model_validate(warren)))
        session.state.turn_order.active = "Ana"
        reply, who = declaring.declare(session, line, "mira")
        assert reply.ok and reply.aside and who is None and said in reply.text, line


def test_the_rat_biting_aria_is_the_one_whose_bite_last_found_her() -> None:
    from app.understanding import understand
    from app.world.ledger import ActionPerformed

    state = build_situation(Situation.model_validate(
        {"campaign": "crossroads", "scene": "cellar", "flags": {"trapdoor_open": True},
         "fight": "cellar_rats", "turn": "thorin"}))  # fmt: skip
    from rules.positions import engage

    for rat in ("giant-rat-2", "giant-rat-3"):
        engage(state.encounter.positions, rat, "aria")  # type: ignore[union-attr]
    for rat, landed in (("giant-rat-3", 1), ("giant-rat-2", 0)):  # 3 bit her; 2 snapped, missed
        state.log_event(ActionPerformed(actor=rat, action="attack", target="aria",
                                        detail=f"landed={landed}", **state.place()))  # fmt: skip
    said = understand("shove the rat biting aria to the ground", "thorin", state, state.campaign)
    assert said.targets == ("giant-rat-3",)


def test_a_draught_called_for_is_drunk_or_said_to_be_nobodys() -> None:
    chapel = {"campaign": "drowned_bell", "scene": "chapel", "defeated": ["strand_thralls"],
              "flags": {"corin_saved": True}, "fight": "warden", "turn": "wren"}  # fmt: skip
    said = read(chapel, "wren", "potion!")[0]
    assert (said.kind, said.note) == ("use", "nobody carries that")  # (not words to Maelis)
    rats = {"campaign": "crossroads", "scene": "cellar", "fight": "cellar_rats",
            "turn": "thorin", "flags": {"trapdoor_open": True}}  # fmt: skip
    assert read(rats, "thorin", "potion!")[0].item == "healing_potion"


@pytest.mark.parametrize(
    ("line", "kinds"),
    [
        ("how much will u pay us to get the lad back", [("talk", "berta")]),
        ("Down the stairs we go. Torch first.", [("move", "cellar")]),
        (
            "Light my torch first, then down the stairs",
            [("use", "torch"), ("move", "cellar")],
        ),
    ],
)
def test_slang_and_the_order_of_march(line: str, kinds: list[tuple[str, str]]) -> None:
    inn = {"campaign": "crossroads", "scene": "inn", "flags": {"trapdoor_open": True}}
    assert [(s.kind, s.target) for s in read(inn, "thorin", line)] == kinds


def test_a_name_then_a_word_of_its_own_is_a_deed() -> None:
    belfry = {"campaign": "drowned_bell", "scene": "belfry", "defeated": ["strand_thralls"],
              "flags": {"corin_saved": True}}  # fmt: skip
    assert read(belfry, "ione", "Ione: fine, i climb the ladder to the bell")[0].kind != "ask"


def test_who_has_a_thing_now_is_whoever_carries_it() -> None:
    from app.referee.answering import answer_from_game
    from app.understanding import understand

    state = build_situation(Situation.model_validate({"campaign": "crossroads", "scene": "inn"}))
    asked = understand("who has the potion now?", "mira", state, state.campaign)
    said = answer_from_game(state, state.campaign, asked) or ""
    assert "Thorin carries the healing potion" in said


def test_lines_of_a_newcomers_second_evening() -> None:
    strand = {"campaign": "drowned_bell", "scene": "strand", "fight": "strand_thralls",
              "turn": "ione"}  # fmt: skip
    said = read(strand, "ione", "shoot the one running away b4 it escapes")[0]
    assert said.kind == "attack"  # (its running away is no flight of Ione's)
    cellar = {"campaign": "crossroads", "scene": "cellar", "flags": {"trapdoor_open": True},
              "fight": "cellar_rats", "turn": "thorin"}  # fmt: skip
    ran = read(cellar, "thorin", "thorin runs over and smacks the rat thats chewing on aria")
    assert [s.kind for s in ran] == ["attack"]  # the walk to it, no Dash spending the blow
    line = "Wren walks up to her slowly, tips her hat and says softly: 'Evening, ma'am.'"
    assert (read(HARBOUR, "ione", line)[0].kind, read(HARBOUR, "ione", line)[0].target) == (
        "talk", "nessa")  # fmt: skip


def test_no_sneaking_past_guards_who_lie_beaten() -> None:
    from app.understanding.scope import open_challenges

    warren = {"campaign": "crossroads", "scene": "warren", "defeated": ["cellar_rats"],
              "flags": {"trapdoor_open": True, "tam_found": True}}  # fmt: skip
    state = build_situation(Situation.model_validate(warren))
    assert "sneak_past" in open_challenges(state, state.campaign)  # type: ignore[arg-type]
    state.defeated.append("tunnel_guards")
    assert "sneak_past" not in open_challenges(state, state.campaign)  # type: ignore[arg-type]


def test_a_friends_table_talk_and_anothers_rest_are_no_deeds_of_the_party() -> None:
    belfry = {"campaign": "drowned_bell", "scene": "belfry", "defeated": ["strand_thralls"],
              "flags": {"corin_saved": True}}  # fmt: skip
    line = "I ring the bell one last time for Sister Maelis, so she and the drowned can rest"
    assert [s.kind for s in read(belfry, "ione", line)] == ["challenge"]  # (no short rest)
    assert read(belfry, "ione", "we rest")[0].kind == "rest"
    strand = {"campaign": "drowned_bell", "scene": "strand", "fight": "strand_thralls",
              "turn": "cass"}  # fmt: skip
    assert read(strand, "cass", "nice hit!")[0].kind == "ask"
    cheered = read(strand, "cass", "nice hit! I smack the one next to Wren with my mace")
    assert [s.kind for s in cheered] == ["attack"]


def test_pushing_through_an_open_curtain_goes_through_it() -> None:
    flags = {"trapdoor_open": True, "tam_found": True, "guards_passed": True}
    warren = {"campaign": "crossroads", "scene": "warren", "defeated": ["cellar_rats"],
              "flags": flags}  # fmt: skip
    line = "I push through the curtain and challenge grubnak to single combat!"
    said = read(warren, "thorin", line)[0]
    assert (said.kind, said.target) == ("move", "chief_hall")


def test_a_blows_dedication_is_no_word_to_the_foe_and_their_arms_are_theirs() -> None:
    from app.referee.answering import answer_from_game
    from app.understanding import understand

    flags = {"trapdoor_open": True, "tam_found": True, "guards_passed": True}
    hall = {"campaign": "crossroads", "scene": "chief_hall", "fight": "grubnak_band",
            "turn": "thorin", "defeated": ["cellar_rats", "tunnel_guards"],
            "flags": flags}  # fmt: skip
    said = read(hall, "thorin", "I charge grubnak and cleave him, for Aria!")
    assert [(s.kind, s.target) for s in said] == [("attack", "grubnak")]
    guards = {"campaign": "crossroads", "scene": "warren", "defeated": ["cellar_rats"],
              "flags": {"trapdoor_open": True, "tam_found": True}, "fight": "tunnel_guards",
              "turn": "mira"}  # fmt: skip
    state = build_situation(Situation.model_validate(guards))
    for line in ("are they armed?", "what weapons do the goblins have?"):
        asked = understand(line, "mira", state, state.campaign)
        assert "Scimitar" in (answer_from_game(state, state.campaign, asked) or ""), line


async def test_a_spiritual_weapon_told_to_strike_again_spends_no_second_slot() -> None:
    from app.understanding import understand

    chapel = {"campaign": "drowned_bell", "scene": "chapel", "defeated": ["strand_thralls"],
              "flags": {"corin_saved": True}, "fight": "warden", "turn": "cass"}  # fmt: skip
    session = session_for(build_situation(Situation.model_validate(chapel)))
    await play(session, "cass", "cast spiritual weapon at the grey sister")
    state = session.state
    line = "my spiritual weapon hits her again and i sacred flame her"
    said = understand(line, "cass", state, state.campaign)
    # its later strike (no slot: app.actions.lasting_weapons), then the cantrip
    assert [(s.spell, "again" in s.extra) for s in (said, *said.then)] == [
        ("spiritual_weapon", True),
        ("sacred_flame", False),
    ]


def test_same_as_ones_own_turn_in_a_fight_is_asked_never_a_turn_ended() -> None:
    strand = {"campaign": "drowned_bell", "scene": "strand", "fight": "strand_thralls",
              "turn": "wren"}  # fmt: skip
    assert read(strand, "wren", "same")[0].kind == "ask"
    assert read(HARBOUR, "wren", "same")[0].kind == "hold"  # (out of a fight: go along)
