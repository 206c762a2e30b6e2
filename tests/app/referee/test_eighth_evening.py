"""What the thirty-second blind set and an evening's play found: a hand lent at a shared
table that helped nobody, and more."""

from __future__ import annotations

import json

from app.actions.beings import set_vitals
from app.referee.referee import OfflineReferee
from app.session import declaring
from app.session.session import GameSession
from app.session.setup import session_for
from app.world.tied import BOUND
from rules.conditions import ActiveCondition, Condition
from rules.damage import LifeState, Vitals
from tests.app.referee.test_seventh_evening import table_round
from tests.app.referee_lines import play, read, told
from tests.referee_corpus import Situation, build_situation

INN = {"campaign": "crossroads", "scene": "inn"}
TABLE = {"players": {"Ana": ["mira"], "Cy": ["thorin", "aria"]}}


async def test_a_hand_lent_at_a_shared_table_helps_the_friends_check() -> None:
    """Ana: "Mira: I pick the lock"; Cy: "Aria: I help Mira". The pick is made with the
    help (advantage), as the same help said in one line is, not rolled alone and then
    told "Aria lends Mira a hand"."""
    session = await table_round({**INN, **TABLE}, ("mira", "I pick the lock"),
                                ("aria", "I help Mira"))  # fmt: skip
    referee = session.brain
    assert isinstance(referee, OfflineReferee)
    picks = [json.loads(c.arguments) for c in referee.made if c.name == "attempt_challenge"]
    assert len(picks) == 1 and picks[0]["helper_id"] == "aria"
    assert "Aria lends Mira a hand" in session.state.history[-1].narrative


def _after_the_rats_with_one_tied_up() -> GameSession:
    """The cellar fight, its last rat tied hand and foot and one knocked out: no foe fights
    on."""
    state = build_situation(Situation.model_validate(
        {"campaign": "crossroads", "scene": "cellar", "flags": {"trapdoor_open": True},
         "fight": "cellar_rats", "turn": "thorin", "dead": ["giant-rat-2"]}
    ))  # fmt: skip
    rat = state.creatures["giant-rat-1"]
    rat.conditions += [ActiveCondition(condition=c, note=BOUND) for c in
                       (Condition.RESTRAINED, Condition.INCAPACITATED)]  # fmt: skip
    set_vitals(state, "giant-rat-3", Vitals(hp=0, max_hp=7, state=LifeState.STABLE))
    return session_for(state)


async def test_a_prisoner_is_no_foe_still_standing_and_can_be_put_to_death() -> None:
    """After a fight that left a rat tied up: the summary does not say it "still stands",
    looking around names it as at the party's mercy (not a foe), and "kill the tied up rat"
    ends it — not "There is nothing here for Thorin to fight"."""
    session = _after_the_rats_with_one_tied_up()
    await play(session, "thorin", "I wipe my axe")  # the turn that finds the fight over
    assert session.state.encounter is None
    told = session.state.history[-1].narrative + " ".join(c.text for c in session.state.changes)
    assert "still stands" not in told
    await play(session, "mira", "look around")
    look = session.state.history[-1].narrative
    assert "At your mercy: Giant Rat 1 (tied up) and Giant Rat 3 (out cold)" in look
    assert "Foes:" not in look
    referee = await play(session, "thorin", "kill the tied up rat")
    assert [c.name for c in referee.made] == ["decide_fate"]
    assert session.state.creatures["giant-rat-1"].vitals.state is LifeState.DEAD
    await play(session, "thorin", "stab rat 3")  # a blow at one out cold: the same
    assert session.state.creatures["giant-rat-3"].vitals.state is LifeState.DEAD


async def test_a_knock_out_with_my_staff_is_struck_with_the_quarterstaff() -> None:
    spec = {"campaign": "crossroads", "scene": "cellar", "flags": {"trapdoor_open": True},
            "fight": "cellar_rats", "turn": "aria"}  # fmt: skip
    session = session_for(build_situation(Situation.model_validate(spec)))
    referee = await play(session, "aria", "I knock out rat 3 with my staff")
    blows = [json.loads(c.arguments) for c in referee.made if c.name == "attack"]
    assert blows and blows[0].get("weapon") == "quarterstaff" and blows[0].get("knock_out")


RATS = {"campaign": "crossroads", "scene": "cellar", "flags": {"trapdoor_open": True},
        "fight": "cellar_rats", "turn": "aria"}  # fmt: skip


def test_a_figure_asked_in_shorthand_is_a_question_not_a_blow() -> None:
    """ "magic missile dmg per dart?", "longbow damage", "mira's hp": asked of the DM — in a
    fight too, where the spell or the weapon first reads like a cast or a blow."""
    for line in ("magic missile dmg per dart?", "ray of frost damage?", "dagger damage",
                 "what's my fire bolt damage"):  # fmt: skip
        assert read(RATS, "aria", line)[0].kind == "question", line
    assert read({**RATS, "turn": "thorin"}, "thorin", "longsword damage is what, d8?")[0].kind == (
        "question"
    )
    assert read(RATS, "aria", "mira's hp")[0].targets == ("mira",)
    for line in ("fire bolt the rat", "magic missile", "fire bolt damage on rat 2"):
        assert read(RATS, "aria", line)[0].kind == "cast", line  # still cast


async def test_the_answer_to_a_weapons_damage_is_its_numbers() -> None:
    said = await told({**RATS, "turn": "thorin"}, "thorin", "longsword damage is what, d8?")
    assert "1d8+3 slashing" in said


def test_a_foe_pointed_at_in_stars_is_the_one_aimed_at() -> None:
    cast = read(RATS, "aria", '"Burn, vermin!" *points at the second rat* fire bolt')[0]
    assert cast.kind == "cast" and cast.targets == ("giant-rat-2",)
    assert read(RATS, "aria", "*nods toward rat 3* magic missile")[0].targets == ("giant-rat-3",)


def test_a_state_denied_names_the_other_foes() -> None:
    asleep = {**RATS, "turn": "thorin", "conditions": {"giant-rat-2": ["unconscious"],
                                                       "giant-rat-3": ["unconscious"]}}  # fmt: skip
    for line in ("hit the rat that isn't asleep", "attack the one that's not sleeping"):
        assert read(asleep, "thorin", line)[0].targets == ("giant-rat-1",), line
    assert read(asleep, "thorin", "hit the sleeping rat")[0].targets[0] != "giant-rat-1"


def test_a_foe_told_to_give_up_by_name_is_threatened_and_a_friend_is_only_bidden() -> None:
    guards = {"campaign": "crossroads", "scene": "warren", "flags": {"trapdoor_open": True},
              "fight": "tunnel_guards", "turn": "mira"}  # fmt: skip
    told_off = read(guards, "mira", "I tell goblin 2 to drop his blade")[0]
    assert (told_off.kind, told_off.targets, told_off.action) == (
        "improvise",
        ("goblin-2",),
        "intimidation",
    )
    assert read(guards, "mira", "tell goblin 1 to surrender")[0].kind == "improvise"
    assert read(guards, "mira", "I tell Thorin to throw the rope")[0].kind != "improvise"


async def test_sneaking_past_nobody_takes_no_roll() -> None:
    """With the guards beaten, "sneak past" has nobody to get by: no Stealth check."""
    clear = {"campaign": "crossroads", "scene": "warren", "defeated": ["cellar_rats",
             "tunnel_guards"], "flags": {"trapdoor_open": True, "tam_found": True,
             "guards_passed": True}}  # fmt: skip
    session = session_for(build_situation(Situation.model_validate(clear)))
    referee = await play(session, "thorin", "sneak past")
    assert not [c for c in referee.made if c.name == "request_ability_check"]
    assert "Nobody here is watching" in session.state.history[-1].narrative


def test_steps_away_a_friends_errand_and_a_potion_thrown_to_a_friend() -> None:
    wolves = {"campaign": "hollow_ford", "scene": "woods", "fight": "woods_wolves",
              "turn": "ivo"}  # fmt: skip
    back = read(wolves, "ivo", "back off behind bram")[0]
    assert (back.kind, back.action) == ("manoeuvre", "withdraw")
    assert read(wolves, "ivo", "back off, wolves")[0].kind == "improvise"  # said to them
    mocked = read(wolves, "ivo", '"your howl is off-key" vicious mockery at wolf 2')[0]
    assert (mocked.kind, mocked.spell, mocked.targets) == ("cast", "vicious_mockery", ("wolf-2",))
    rats = {**RATS, "turn": "mira"}
    tumbled = read(rats, "mira", "disengage and tumble away")
    assert [(c.kind, c.action) for c in tumbled] == [("manoeuvre", "disengage"),
                                                      ("manoeuvre", "withdraw")]  # fmt: skip
    warden = {"campaign": "drowned_bell", "scene": "chapel", "fight": "warden", "turn": "ione",
              "defeated": ["strand_thralls"], "give": {"ione": ["healing potion"]}}  # fmt: skip
    thrown = read(warden, "ione", "throw wren the potion then shoot the ghost")
    assert [(c.kind, c.targets[:1]) for c in thrown] == [
        ("give", ("wren",)),
        ("attack", ("the-grey-sister",)),
    ]
    slashing = read({**warden, "turn": "cass"}, "cass", "my mace is slashing, right? is she undead")
    assert all(c.kind != "attack" for c in slashing)


async def test_a_rest_joined_when_the_rest_is_refused_is_not_told_as_taken() -> None:
    spec = {**INN, **TABLE}
    session = await table_round(spec, ("mira", "we take a long rest"), ("thorin", "rest too"))
    assert session.state.long_rested  # the first night's rest; then a second asked for
    for who, line in (("mira", "another long rest"), ("thorin", "same")):
        reply, _ = declaring.declare(session, line, who)
        assert reply.ok, reply.text
    async for _ in session.process():
        pass
    told = session.state.history[-1].narrative
    assert "slept the night already" in told and "rests with the others" not in told


async def test_following_a_friend_who_told_a_paragraph_of_herself_is_no_acting_for_her() -> None:
    strand = {"campaign": "drowned_bell", "scene": "strand", "defeated": ["strand_thralls"],
              "players": {"Ana": ["ione"], "Ben": ["cass", "wren"]}}  # fmt: skip
    paragraph = ("Ione grits her teeth, tucks her bow under her cloak to keep the string dry, "
                 "and runs, low and fast, along the weed-slick stones. We try the causeway "
                 "again!")  # fmt: skip
    session = await table_round(strand, ("ione", paragraph),
                                ("cass", "I follow her, holding my holy symbol"))  # fmt: skip
    told = session.state.history[-1].narrative
    assert "Ione is played by Ana" not in told


def test_a_challenge_tried_again_by_its_verb_alone() -> None:
    strand = {"campaign": "drowned_bell", "scene": "strand", "defeated": ["strand_thralls"]}
    for line in ("cross again, carefully this time", "try crossing again", "we cross"):
        assert read(strand, "ione", line)[0].targets == ("cross_causeway",), line


def test_end_alone_ends_the_turn() -> None:
    guards = {"campaign": "crossroads", "scene": "warren", "flags": {"trapdoor_open": True},
              "fight": "tunnel_guards", "turn": "thorin"}  # fmt: skip
    assert read(guards, "thorin", "end")[0].kind == "hold"
    assert read(guards, "thorin", "end the goblin")[0].kind != "hold"


def test_try_again_passes_over_a_look_at_ones_bag() -> None:
    """ "smash the padlock", "i" (the bag looked in), "try again": the smash, again."""
    from app.understanding.again import repeated
    from app.world.turnrecord import TurnRecord

    state = build_situation(Situation.model_validate(INN))
    for n, line in enumerate(("Thorin: smash the padlock", "Thorin: i", "Thorin: what now?")):
        state.history.append(TurnRecord(number=n + 1, actions=[line], narrative=""))
    assert repeated("try again", "thorin", state) == "smash the padlock"


async def test_a_sleeping_foe_let_go_after_the_fight_is_spared() -> None:
    session = _after_the_rats_with_one_tied_up()
    await play(session, "thorin", "I wipe my axe")
    referee = await play(session, "mira", "we let the sleeping rat go")
    fates = [json.loads(c.arguments) for c in referee.made if c.name == "decide_fate"]
    assert fates == [{"creature_id": "giant-rat-3", "fate": "spare", "character_id": "mira"}]


def test_ones_own_boots_dragged_are_no_heave_but_a_body_dragged_is_a_rescue() -> None:
    strand = {"campaign": "drowned_bell", "scene": "strand", "defeated": ["strand_thralls"]}
    assert read(strand, "ione", "drag her body out of the surf")[0].kind == "improvise"
    walked = read(strand, "ione", "Ione drags her wet boots over to the tide pools")[0]
    assert walked.kind != "improvise"
    for line in ("take a look and go down", "have a look around then go down the trapdoor"):
        kinds = [c.kind for c in read({**INN, "flags": {"trapdoor_open": True}}, "mira", line)]
        assert kinds == ["examine", "move"], line
