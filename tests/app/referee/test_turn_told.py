"""What a fresh play of the cellar fight showed told badly: a Cunning Action hide after a
blow said without whether it worked (and the turn left hanging), a Shield that turned a
bite never named in the story, and "weapons out" taken for the way out."""

from __future__ import annotations

import re

from app.referee.referee import OfflineReferee
from app.session.setup import session_for
from app.understanding import understand
from tests.app.referee_lines import play
from tests.referee_corpus import Situation, build_situation

RATS = {"campaign": "crossroads", "scene": "cellar", "fight": "cellar_rats", "turn": "mira",
        "wounds": {"giant-rat-1": 6}}  # fmt: skip
INN_OPEN = {"campaign": "crossroads", "scene": "inn", "flags": {"trapdoor_open": True}}


async def test_a_hide_after_the_blow_is_told_and_ends_the_turn() -> None:
    session = session_for(build_situation(Situation.model_validate(RATS)))
    await play(session, "mira", "I stab rat 1 then hide behind a cask")
    told = session.state.history[-1].narrative
    assert "Mira uses Cunning Action to hide, and is out of sight." in told
    fight = session.state.encounter
    assert fight is not None and fight.current.id != "mira"  # nothing left but a step


def test_a_blow_turned_by_shield_is_told_as_the_shield() -> None:
    state = build_situation(Situation.model_validate(RATS))
    referee = OfflineReferee(state.campaign)
    swing = {"attack": "Bite", "total": 14, "ac": 12, "outcome": "miss", "note": "Shield"}
    referee._after_attack(state, "giant-rat-2", {"attacker": "giant-rat-2", "target": "aria",
                                                 "attacks": [swing]})  # fmt: skip
    assert "Aria throws up a Shield; Giant Rat 2's blow glances off." in referee.notes


def test_weapons_out_is_how_the_party_goes_not_where() -> None:
    state = build_situation(Situation.model_validate(INN_OPEN))
    said = understand("we all go down the stairs, weapons out", "mira", state, state.campaign)
    assert (said.kind, said.targets, said.then) == ("move", ("cellar",), ())


FIGHT = {"campaign": "crossroads", "scene": "cellar", "fight": "cellar_rats", "turn": "mira",
         "wounds": {"giant-rat-1": 5}}  # fmt: skip


async def test_a_foe_described_by_a_friend_is_the_foe_asked_about() -> None:
    for line in ("how hurt is the rat thorin hit?", "is the wounded rat almost dead"):
        session = session_for(build_situation(Situation.model_validate(FIGHT)))
        await play(session, "mira", line)
        told = session.state.history[-1].narrative
        assert "Giant Rat 1 is badly wounded (2 of 7 hit points)" in told
        assert "Thorin has" not in told and "Giant Rat 2" not in told
    session = session_for(build_situation(Situation.model_validate(FIGHT)))
    await play(session, "mira", "how many hp does rat 2 have")
    said = session.state.history[-1].narrative.strip()
    assert said == "Giant Rat 2 is unhurt (7 of 7 hit points)."


def test_sneaking_round_behind_a_foe_and_stabbing_it_is_one_blow() -> None:
    state = build_situation(Situation.model_validate(FIGHT))
    line = "sneak around behind the rat Thorin is fighting and stab it"
    said = understand(line, "mira", state, state.campaign)
    assert (said.kind, said.targets, said.then) == ("attack", ("giant-rat-1",), ())


def test_praise_thrown_to_a_friend_is_said_in_passing_and_ends_no_turn() -> None:
    state = build_situation(Situation.model_validate({**FIGHT, "turn": "thorin"}))
    for line in ("lol nice one aria", "Aria, nice shot!", "well done mira"):
        said = understand(line, "thorin", state, state.campaign)
        assert said.kind == "ask" and "hears you: said in passing" in said.note, line
    assert understand("aria attack the rat", "thorin", state, state.campaign).kind != "hold"
    assert understand("done", "thorin", state, state.campaign).kind == "hold"


def test_picking_a_foes_pocket_is_sleight_of_hand_never_a_blow() -> None:
    asleep = {**FIGHT, "turn": "aria", "conditions": {"giant-rat-3": ["unconscious"]}}
    state = build_situation(Situation.model_validate(asleep))
    for line in ("pick the pocket of the sleeping rat", "pick giant rat 3's pocket"):
        said = understand(line, "aria", state, state.campaign)
        assert (said.kind, said.action) == ("improvise", "sleight_of_hand"), line


async def test_a_fight_with_only_bound_foes_left_is_told_over() -> None:
    from app.world.tied import BOUND
    from rules.conditions import ActiveCondition, Condition

    spec = {**FIGHT, "turn": "thorin", "dead": ["giant-rat-1"],
            "conditions": {"giant-rat-3": ["unconscious"]}}  # fmt: skip
    state = build_situation(Situation.model_validate(spec))
    state.creatures["giant-rat-2"].conditions += [
        ActiveCondition(condition=Condition.RESTRAINED),
        ActiveCondition(condition=Condition.INCAPACITATED, note=BOUND),
    ]
    session = session_for(state)
    await play(session, "thorin", "kill rat 3")
    told = session.state.history[-1].narrative
    assert "The fight is over." in told and "Now it is" not in told
    assert session.state.encounter is None


async def _mira_then_thorin(thorin_says: str) -> tuple[str, int]:
    """Ana picks the trapdoor's lock as Mira, then Ben's line for Thorin; the round told,
    and where the pick's outcome is in it."""
    from app.world.actions import PlayerAction

    spec = {"campaign": "crossroads", "scene": "inn",
            "players": {"Ana": ["mira"], "Ben": ["thorin", "aria"]}}  # fmt: skip
    session = session_for(build_situation(Situation.model_validate(spec)))
    assert session.submit(PlayerAction(character_id="mira", player="Ana",
                                       text="I pick the lock on the trapdoor"))  # fmt: skip
    assert session.submit(PlayerAction(character_id="thorin", player="Ben", text=thorin_says))
    told = "".join([e.text async for e in session.run_until_players()
                    if e.type == "narrative_chunk"])  # fmt: skip
    picked = re.search(r"The padlock clicks open|The pick slips", told)
    assert picked is not None, told
    return told, picked.start()


async def test_two_players_lines_are_told_in_the_order_they_were_typed() -> None:
    told, picked = await _mira_then_thorin("I stand guard by the trapdoor")
    assert picked < told.index("Thorin stands guard"), told


def test_waiting_on_a_friend_out_of_a_fight_passes_the_turn() -> None:
    state = build_situation(Situation.model_validate(INN_OPEN))
    for line in ("wait for mira", "thorin waits for mira to finish"):
        assert understand(line, "thorin", state, state.campaign).kind == "hold", line


async def test_a_hand_lent_to_a_friend_is_told_with_the_friends_line_before_its_outcome() -> None:
    told, picked = await _mira_then_thorin("I help Mira with the lock")
    assert told.index("Thorin helps Mira") < picked, told


async def test_a_person_described_then_greeting_you_is_described_once() -> None:
    lighthouse = {"campaign": "drowned_bell", "scene": "lighthouse"}
    session = session_for(build_situation(Situation.model_validate(lighthouse)))
    line = (
        "Ione looks around the lamp room for a long moment before she sits down across "
        "from the old keeper. Then, quietly: why did you let the light go out, old man?"
    )
    await play(session, "ione", line)
    told = session.state.history[-1].narrative
    assert told.count("A stooped old man in a fisherman's jersey") == 1, told


def test_a_word_of_haste_after_a_deed_is_no_words_to_the_foes() -> None:
    hall = {"campaign": "crossroads", "scene": "chief_hall", "fight": "grubnak_band",
            "turn": "mira", "flags": {"trapdoor_open": True, "tam_found": True,
                                       "guards_passed": True},
            "defeated": ["cellar_rats", "tunnel_guards"], "wounds": {"aria": 17}}  # fmt: skip
    state = build_situation(Situation.model_validate(hall))
    said = understand("i stabilize aria, quick!", "mira", state, state.campaign)
    assert (said.kind, said.action, said.then) == ("manoeuvre", "stabilize", ())
