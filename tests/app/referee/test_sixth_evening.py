"""What the thirtieth blind set found: a line of four clauses that ran out of the turn's
rounds and told nothing, words said to foes in quotes read as the speaker running, a bard
who "blesses" a friend starting the Grey Sister's fight, paragraphs whose hands, fingers
and silences were read as rests, goings and talk, a paragraph that ends undecided, and
questions the game can answer (who carries what, who is still standing, where we are)."""

from __future__ import annotations

import json

import pytest

from app.referee.referee import OfflineReferee
from app.session import declaring
from app.session.setup import session_for
from tests.app.referee_lines import play, read, told
from tests.referee_corpus import Situation, build_situation

INN = {"campaign": "crossroads", "scene": "inn"}
HALL_FIGHT = {"campaign": "crossroads", "scene": "chief_hall", "defeated": ["cellar_rats"],
              "flags": {"trapdoor_open": True, "guards_passed": True}, "fight": "grubnak_band",
              "turn": "thorin", "wounds": {"thorin": 20}, "dead": ["goblin-1"]}  # fmt: skip
GUARDS = {"campaign": "crossroads", "scene": "warren", "flags": {"trapdoor_open": True},
          "fight": "tunnel_guards", "turn": "thorin"}  # fmt: skip
CHAPEL = {"campaign": "drowned_bell", "scene": "chapel", "defeated": ["strand_thralls"],
          "flags": {"knows_truth": True, "corin_saved": True}}  # fmt: skip
WARDEN = {"campaign": "drowned_bell", "scene": "chapel", "fight": "warden", "turn": "cass"}
WOODS = {"campaign": "hollow_ford", "scene": "woods"}
BARROW_FIGHT = {"campaign": "hollow_ford", "scene": "barrow", "flags": {"barrow_open": True},
                "defeated": ["woods_wolves"], "fight": "barrow_dead", "turn": "bram",
                "dead": ["skeleton-2"]}  # fmt: skip


def _calls(referee: OfflineReferee) -> list[tuple[str, dict[str, object]]]:
    return [(c.name, json.loads(c.arguments)) for c in referee.made]


async def test_a_line_of_four_clauses_is_played_to_its_end() -> None:
    session = session_for(build_situation(Situation.model_validate(HALL_FIGHT)))
    referee = await play(session, "thorin", "second wind, then action surge and hit grubnak twice")
    names = [name for name, _ in _calls(referee)]
    assert names[:2] == ["use_feature", "use_feature"]
    assert names.count("attack") == 2 and names[-1] == "end_turn"
    assert "Action Surge" in session.state.history[-1].narrative


async def test_told_to_narrate_early_the_referee_tells_what_was_done(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(OfflineReferee, "tool_rounds", 2)
    session = session_for(build_situation(Situation.model_validate(HALL_FIGHT)))
    await play(session, "thorin", "second wind, then action surge and hit grubnak twice")
    said = session.state.history[-1].narrative
    assert "Second Wind" in said and "Action Surge" in said  # never "the moment passes"


async def test_words_that_bid_the_foes_run_are_a_threat_not_a_dash() -> None:
    session = session_for(build_situation(Situation.model_validate(GUARDS)))
    line = 'Thorin grunts: "Run, little ones, and tell your chief a dwarf is coming."'
    referee = await play(session, "thorin", line)
    made = _calls(referee)
    assert ("request_ability_check", "intimidation") in [(n, a.get("skill")) for n, a in made]
    assert not any(a.get("action") == "dash" for _, a in made)


def test_a_spell_named_on_a_friend_is_that_spell_not_a_challenge() -> None:
    said = read(CHAPEL, "wren", "bless Cass before he prays")
    assert (said[0].kind, said[0].targets) == ("cast", ("cass",))  # Wren knows no Bless: said
    assert all(c.kind != "challenge" for c in said)
    guard = read({**WARDEN, "turn": "cass"}, "cass", "I shield Wren with my body")
    assert guard[0].kind == "improvise"  # a body put in the way, no Shield spell


def test_hands_fingers_and_silence_in_a_paragraph_are_no_deeds() -> None:
    mill = {"campaign": "hollow_ford", "scene": "mill_yard"}
    line = (
        "Sela crouches down beside the old man's millstone so she isn't looming over him, and "
        'rests a hand on the blanket over his knee. "We\'ll find her, Hobb. Where would you go?"'
    )
    assert read(mill, "sela", line)[0].kind == "talk"
    light = {"campaign": "drowned_bell", "scene": "lighthouse"}
    line = (
        "Cass says nothing for a long moment. Then he crosses to the desk where the keeper's log "
        "lies open, runs a finger down the careful columns of tides and weather, and turns back "
        "the pages, year by year, to the autumn of the great storm."
    )
    assert [(c.kind, *c.targets) for c in read(light, "cass", line)] == [("examine", "logbook")]


def test_a_spiritual_weapon_strikes_its_own_blow() -> None:
    said = read(WARDEN, "cass", "spiritual weapon, hit the ghost")
    assert [c.kind for c in said] == ["cast"]
    own = read(WARDEN, "cass", "spiritual weapon, then I hit her with my mace")
    assert [c.kind for c in own] == ["cast", "attack"]


def test_a_thing_pulled_free_is_taken_and_a_check_on_a_rune_is_its_challenge() -> None:
    said = read(WOODS, "ivo", "I pull the blue ribbon off the thorn")
    assert (said[0].kind, said[0].targets) == ("take", ("blue_ribbon",))
    check = read(WOODS, "ivo", "arcana check on the rune")  # Religion wins it: both Int
    assert (check[0].kind, check[0].targets) == ("challenge", ("read_rune",))


def test_a_paragraph_that_ends_undecided_hands_the_choice_back() -> None:
    warren = {"campaign": "crossroads", "scene": "warren", "flags": {"trapdoor_open": True}}
    line = (
        "Right. Thorin doesn't love this. Sneaking was never his thing, and they're only two "
        "goblins and he's a dwarf, and Mira will kill him if he ruins her plan. He looks to the "
        "others, unsure what they want him to do."
    )
    said = read(warren, "thorin", line)
    assert [c.kind for c in said] == ["ask"]


def test_remains_called_by_who_they_were_are_that_fallen_foe() -> None:
    said = read(BARROW_FIGHT, "bram", "kick the pile of bones that used to be skeleton 2")
    assert said[0].targets == ("skeleton-2",) and said[0].confidence < 0.5  # down already
    blow = read(BARROW_FIGHT, "bram", "takes a two-handed cut at the nearest pile of walking bones")
    assert blow[0].kind == "attack" and blow[0].targets[0].startswith("skeleton")
    grabbed = read(BARROW_FIGHT, "bram", "I pick up a thighbone and club skeleton 1 with it")
    assert all(c.action != "grapple" for c in grabbed)


def test_a_heal_after_the_action_is_the_quick_spell() -> None:
    strand = {"campaign": "drowned_bell", "scene": "strand", "fight": "strand_thralls",
              "turn": "cass"}  # fmt: skip
    said = read(strand, "cass", "turn undead then heal wren")
    assert [(c.kind, c.spell or c.action) for c in said] == [
        ("feature", "turn_undead"),
        ("cast", "healing_word"),
    ]


async def test_questions_the_sheets_and_the_fight_answer() -> None:
    barrow = {"campaign": "hollow_ford", "scene": "barrow", "flags": {"barrow_open": True},
              "defeated": ["barrow_dead"], "give": {"ivo": ["rusted crown"]}}  # fmt: skip
    assert "Ivo carries the rusted crown" in await told(barrow, "ivo", "who has the crown?")
    mill = {"campaign": "hollow_ford", "scene": "mill_yard"}
    assert "torch" in await told(mill, "bram", "does anyone have a light?")
    assert "The Crossroads Inn" in await told(INN, "mira", "where are we?")
    standing = await told({**HALL_FIGHT, "wounds": {"thorin": 31}, "turn": "aria"}, "aria",
                          "who is still standing?")  # fmt: skip
    assert "Grubnak" in standing and "Down: Thorin" in standing
    whose = await told(WARDEN, "cass", "who's turn is next")
    assert "next" in whose and "no way of knowing" not in whose
    skeletons = await told(BARROW_FIGHT, "bram", "what do skeletons hate")
    assert "vulnerable to bludgeoning" in skeletons


async def test_questions_of_the_table_at_a_hotseat() -> None:
    spec = {**INN, "players": {"Dee": ["mira", "thorin"], "Eli": ["aria"]}}
    session = session_for(build_situation(Situation.model_validate(spec)))
    reply, _ = declaring.declare(session, "whose characters are mine?", "thorin")
    assert "Dee, you play Mira and Thorin" in reply.text
    reply, _ = declaring.declare(session, "who is Eli playing?", "thorin")
    assert "Eli plays Aria" in reply.text


async def test_a_thing_that_is_no_weapon_is_swung_as_an_improvised_one() -> None:
    cellar = {"campaign": "crossroads", "scene": "cellar", "flags": {"trapdoor_open": True},
              "fight": "cellar_rats", "turn": "thorin"}  # fmt: skip
    for line, thing in (
        ("whack the nearest rat with the poker", "poker"),
        ("I pick up a broken bottle and smash giant rat 2 with it", "bottle"),
    ):
        session = session_for(build_situation(Situation.model_validate(cellar)))
        referee = await play(session, "thorin", line)
        blows = [a for n, a in _calls(referee) if n == "attack"]
        assert [b.get("weapon") for b in blows] == ["improvised"], line
        assert f"the {thing}" in session.state.history[-1].narrative, line
    own = read(cellar, "thorin", "hit rat 1 with my longsword")
    assert own[0].action is None and own[0].item == "longsword"  # a real weapon stays one


async def test_what_a_newcomer_typed_is_read_as_meant() -> None:
    said = read(INN, "thorin", "i order an ale and sit by the fire")
    assert said[0].kind == "talk" and all(c.action != "intimidation" for c in said)
    handed = {"campaign": "crossroads", "scene": "cellar", "flags": {"trapdoor_open": True},
              "defeated": ["cellar_rats"], "give": {"aria": ["healing potion"]}}  # fmt: skip
    drunk = read(handed, "aria", "drink it")[0]
    assert (drunk.kind, drunk.item) == ("use", "healing_potion")
    nave = {**CHAPEL, "flags": {"warden_calmed": True, "knows_truth": True},
            "challenges": {"hush_warden": "passed"}}  # fmt: skip
    climbed = read(nave, "wren", "i climb up to the bell")[0]
    assert (climbed.kind, climbed.targets) == ("move", ("belfry",))
    rung = await told(nave, "ione", "ring the bell")
    assert "done in The Belfry" in rung and "rings the bell" not in rung


@pytest.mark.parametrize("helper_first", [False, True])
async def test_a_help_declared_at_the_table_makes_one_roll_with_advantage(
    helper_first: bool,
) -> None:
    from app.session import hotseat

    spec = {**INN, "players": {"Ana": ["mira"], "Ben": ["thorin"], "Cy": ["aria"]}}
    state = build_situation(Situation.model_validate(spec))
    session = session_for(state)
    lines = [("mira", "pick the lock"), ("aria", "i help mira with the lock")]
    for who, line in reversed(lines) if helper_first else lines:
        state.turn_order.active = state.controller_of(who)
        reply, _ = declaring.declare(session, line, who)
        assert reply.ok, reply.text
    hotseat.advance(state, "Ben", "PASSED")
    rolls = [e async for e in session.process() if e.type == "dice_roll"]
    assert rolls[0].advantage == "advantage" and rolls[0].character_id == "mira"
    referee = session.brain
    assert isinstance(referee, OfflineReferee)
    tried = [a for n, a in _calls(referee) if n == "attempt_challenge"]
    assert tried == [{"challenge_id": "trapdoor_lock", "character_id": "mira", "helper_id": "aria"}]


def test_an_ending_reached_in_a_fight_closes_it_and_levels_may_be_taken() -> None:
    """Peace made with Grubnak mid-fight ends the story: the fight is over with it (the
    turn's end settles it), and the levels the ending's award brings can be taken — never
    "between fights" for ever, even in a save where the fight was left open."""
    from app.actions.advancement_tools import why_not
    from app.actions.endings import reach_ending
    from app.actions.fight_tools import settle_fight

    state = build_situation(Situation.model_validate(HALL_FIGHT))
    reach_ending(state, "peace")
    assert state.encounter is not None and why_not(state, "mira") != (
        "levels are taken between fights, not during one"
    )  # (a save that ended so before the fight was settled)
    assert settle_fight(state) and state.encounter is None


async def test_a_deed_on_a_challenges_thing_is_never_told_done_unrolled() -> None:
    light = {"campaign": "drowned_bell", "scene": "lighthouse"}
    assert "Did you mean to light the great lamp?" in await told(
        light, "ione", "I fix the great lamp for him"
    )
    belfry = {"campaign": "drowned_bell", "scene": "belfry", "flags": {"warden_calmed": True}}
    said = read(belfry, "ione", "cut the rope and drop the bell into the sea")
    assert [(c.kind, *c.targets) for c in said] == [("challenge", "cut_bell")]


def test_an_evening_at_the_inn_and_the_lighthouse_is_read_as_played() -> None:
    """Lines from a play-through: an ale ordered, a gesture told in the story's voice, a
    kindness to the keeper, a bottle broken over a rat."""
    from app.referee.restating import told_back

    met = {**INN, "met": ["berta"]}
    said = read(met, "thorin", "i order an ale and sit by the fire")
    assert [(c.kind, *c.targets) for c in said][:1] == [("talk", "berta")]
    assert told_back("*sits at the bar*", "Mira") == "Mira sits at the bar."
    light = {"campaign": "drowned_bell", "scene": "lighthouse"}
    kind = read(light, "ione", "it's freezing in here. I light the grate for the old man and "
                "put the kettle on")  # fmt: skip
    assert [(c.kind, *c.targets) for c in kind] == [("improvise", "wendel")]
    cellar = {"campaign": "crossroads", "scene": "cellar", "flags": {"trapdoor_open": True},
              "fight": "cellar_rats", "turn": "thorin",
              "dead": ["giant-rat-1", "giant-rat-2"]}  # fmt: skip
    smashed = read(cellar, "thorin", "i grab a broken bottle off the floor and smash it over "
                   "the last rat")  # fmt: skip
    assert [(c.kind, c.action, *c.targets) for c in smashed] == [
        ("attack", "improvised", "giant-rat-3")
    ]
