"""Readying reached as a player reaches it: typed to the offline referee in a real fight,
the foes' turns run, and the readied attack fires when a foe steps in."""

from __future__ import annotations

from app.actions.reactions import AskPolicy
from app.session.setup import session_for
from app.world.actions import PlayerAction
from rules import positions as p
from tests.app.conftest import narration, of_type
from tests.referee_corpus import CORPUS, build_situation, load_corpus

SITUATIONS = load_corpus(CORPUS).situations


async def test_thorin_readies_and_strikes_the_rat_that_comes_at_him() -> None:
    state = build_situation(SITUATIONS["cellar_rats_thorin"])
    assert state.encounter is not None
    for spot in state.encounter.positions.values():  # everyone a step apart
        spot.engaged.clear()
    session = session_for(state)
    line = "I wait for a rat to come closer and then stab it"
    assert session.submit(PlayerAction(character_id="thorin", text=line))
    events = [event async for event in session.run_until_players()]
    text = narration(events)
    assert "Thorin readies an attack when a foe comes close" in text, text
    windows = [w for w in of_type(events, "reaction_window")
               if any(o.kind == "readied" for o in w.offers)]  # fmt: skip
    assert windows and windows[0].offers[0].accepted
    assert "comes close" in windows[0].trigger
    fired = windows[0].offers[0].subturn
    rolls = [e for e in of_type(events, "dice_roll")
             if e.check_type == "attack_roll" and e.character_id == "thorin"]  # fmt: skip
    assert rolls, "the readied attack was never rolled"
    assert state.reactions.get(fired) is None or state.reactions.get(fired).status == "done"
    assert not state.encounter or not state.encounter.readied


async def test_the_party_answers_the_rats_with_protection_and_hellish_rebuke() -> None:
    """The rats' turns run through the referee; the players are asked as the console and
    the full-screen game ask them: Thorin (Protection, a shield) guards Aria before each
    roll at her, and Aria answers a bite with Hellish Rebuke once the damage lands."""
    state = build_situation(SITUATIONS["cellar_rats_thorin"])
    assert state.encounter is not None
    state.party["thorin"].choices["fighting_style"] = "protection"
    aria = state.party["aria"]
    aria.spells[:] = ["fire_bolt", "hellish_rebuke"]
    aria.vitals = aria.vitals.model_copy(update={"hp": 60, "max_hp": 60})
    positions = state.encounter.positions
    for cid in [c.id for c in state.encounter.order if c.id.startswith("giant-rat")]:
        if cid in positions:
            p.engage(positions, cid, "aria")
    p.engage(positions, "thorin", "aria")
    asked: list[str] = []

    def ask(player: str, prompt: str, helps: bool) -> str:
        asked.append(prompt)
        return "yes" if prompt.startswith("Thorin") else "burn him"

    state.set_reaction_policy(AskPolicy(ask))
    session = session_for(state)
    assert session.submit(PlayerAction(character_id="thorin", text="I dodge"))
    events = [event async for event in session.run_until_players()]
    offered = {o.kind for w in of_type(events, "reaction_window") for o in w.offers}
    assert "protection" in offered, asked
    taken = [o for w in of_type(events, "reaction_window") for o in w.offers if o.accepted]
    turn = taken[0].subturn.split(".")[0]  # the same seed, the same fight, every time
    assert [(o.subturn, o.kind) for o in taken][:2] == [
        (f"{turn}.1", "protection"), (f"{turn}.2", "hellish_rebuke"),
    ]  # fmt: skip
    assert asked[1] == "Aria, Giant Rat 1 hurts you. Cast Hellish Rebuke at Giant Rat 1?"
    assert aria.spell_slots.remaining(1) == aria.spell_slots.maximum[1] - 1
    burnt = [e for e in of_type(events, "state_change")
             if e.target_id == "giant-rat-1" and "fire damage" in e.description]  # fmt: skip
    assert burnt
