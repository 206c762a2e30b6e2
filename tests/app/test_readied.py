"""The Ready action: readying spends the action (and a spell's slot, held by
concentration); the engine fires it through a reaction window when the trigger happens (a
foe stepping into reach, moving, attacking, casting); it lapses at the readier's next turn;
the DM gets offers for triggers only it can judge; it is saved and shown."""

from __future__ import annotations

from pathlib import Path

from app.actions.events import SessionEvent
from app.actions.hooks import RULES, Deed, Rule
from app.actions.reactions import AskPolicy
from app.actions.readied import readied_offers
from app.saves.document import load_save, save_game
from app.session.panels import panels
from app.world.state import GameState
from rules import positions as p
from rules.economy import ActionKind
from tests.app.test_reactions import cellar, run, turn_of


def apart(seed: int) -> GameState:
    """The cellar fight with everyone near and nobody engaged yet."""
    state = cellar(seed)
    for spot in state.encounter.positions.values():
        spot.engaged.clear()
    return state


def ready_attack(state: GameState, **more: object) -> dict:
    turn_of(state, "thorin")
    return run(state, "take_action", creature_id="thorin", action="ready",
               trigger="when the rat comes close", watch="approach",
               target_id="giant-rat-1", **more)  # fmt: skip


def test_ready_spends_the_action_and_is_shown_and_saved(tmp_path: Path) -> None:
    state = apart(1)
    out = ready_attack(state)
    assert "readies an attack when the rat comes close" in out["result"]["readied"]
    economy = state.encounter.economy["thorin"]
    assert not economy.available(ActionKind.ACTION) and economy.available(ActionKind.REACTION)
    tracker = next(e for e in out["events"] if e.type == "combat_update")
    row = next(c for c in tracker.combatants if c.id == "thorin")
    assert "readied" in row.conditions  # the tracker's column is narrow
    thorin = next(m for m in panels(state).party if m.id == "thorin")
    assert "readied — an attack when the rat comes close" in thorin.conditions
    again = load_save(save_game(state, "ready", tmp_path)).state
    assert again.encounter.readied == state.encounter.readied
    assert again.encounter.readied[0].weapon == "longsword"


def test_a_foe_stepping_into_reach_sets_off_the_readied_attack() -> None:
    state = apart(1)
    asked: list[str] = []
    state.set_reaction_policy(AskPolicy(lambda player, prompt, helps: asked.append(prompt) or True))
    ready_attack(state)
    turn_of(state, "giant-rat-1")
    out = run(state, "move", creature_id="giant-rat-1", to="engage", target_id="thorin")
    window = next(e for e in out["events"] if e.type == "reaction_window")
    offer = window.offers[0]
    assert (offer.reactor_id, offer.kind, offer.accepted) == ("thorin", "readied", True)
    assert asked == ["Thorin, Giant Rat 1 comes close — loose your readied attack?"]
    roll = next(e for e in out["events"] if getattr(e, "check_type", "") == "attack_roll")
    assert roll.character_id == "thorin" and "Longsword" in roll.reason
    assert not state.encounter.readied
    assert not state.encounter.economy["thorin"].available(ActionKind.REACTION)
    assert state.reactions.get(offer.subturn).status == "done"


def test_a_readied_melee_attack_waits_while_the_foe_stays_out_of_reach() -> None:
    state = apart(1)
    ready_attack(state)
    turn_of(state, "giant-rat-1")
    out = run(state, "move", creature_id="giant-rat-1", to="engage", target_id="mira")
    assert not [e for e in out["events"] if e.type == "reaction_window"]
    assert state.encounter.readied  # still waiting
    # another rat is not the one watched
    turn_of(state, "giant-rat-2")
    out = run(state, "move", creature_id="giant-rat-2", to="engage", target_id="thorin")
    assert not [e for e in out["events"] if e.type == "reaction_window"]


def test_it_lapses_at_the_start_of_the_readiers_next_turn() -> None:
    state = apart(1)
    ready_attack(state)
    order = state.encounter.order
    at = next(i for i, c in enumerate(order) if c.id == "thorin")
    turn_of(state, order[(at - 1) % len(order)].id)
    run(state, "end_turn")
    assert state.encounter.current.id == "thorin"
    assert not state.encounter.readied
    assert any("readied an attack when the rat comes close lapses" in c.text for c in state.changes)


def test_a_readied_spell_is_cast_now_held_and_released_at_a_caster() -> None:
    state = apart(2)
    state.party["aria"].spells.append("burning_hands")
    turn_of(state, "aria")
    out = run(state, "take_action", creature_id="aria", action="ready", spell="burning_hands",
              trigger="as soon as a rat attacks", watch="attack")  # fmt: skip
    assert "Burning Hands" in out["result"]["readied"]
    assert state.party["aria"].spell_slots.remaining(1) == 3  # the slot goes when readied
    assert state.party["aria"].concentration == "burning_hands"
    p.engage(state.encounter.positions, "giant-rat-3", "mira")
    turn_of(state, "giant-rat-3")
    out = run(state, "attack", attacker_id="giant-rat-3", target_id="mira")
    window = next(e for e in out["events"] if e.type == "reaction_window"
                  and e.offers[0].kind == "readied")  # fmt: skip
    assert window.offers[0].accepted
    save = next(e for e in out["events"] if getattr(e, "check_type", "") == "saving_throw")
    assert save.character_id == "giant-rat-3"
    assert state.party["aria"].spell_slots.remaining(1) == 3  # nothing more spent
    assert state.party["aria"].concentration is None


def test_ready_refuses_what_it_cannot_do_and_spends_nothing() -> None:
    state = apart(1)
    turn_of(state, "thorin")
    out = run(state, "take_action", creature_id="thorin", action="ready")
    assert "needs the trigger" in out["result"]["error"]
    out = run(state, "take_action", creature_id="thorin", action="ready", trigger="when x",
              spell="fire_bolt")  # fmt: skip
    assert "casts no spells" in out["result"]["error"]
    assert state.encounter.economy["thorin"].available(ActionKind.ACTION)
    assert not state.encounter.readied


def test_the_dm_gets_every_readied_action_as_an_offer() -> None:
    state = apart(1)
    turn_of(state, "thorin")
    run(state, "take_action", creature_id="thorin", action="ready",
        trigger="when the door opens")  # fmt: skip
    offers = readied_offers(state)
    assert [(o.reactor_id, o.kind) for o, _ in offers] == [("thorin", "readied")]
    assert "when the door opens" in offers[0][0].prompt
    # the engine never fires what only the DM can judge
    turn_of(state, "giant-rat-1")
    out = run(state, "move", creature_id="giant-rat-1", to="engage", target_id="thorin")
    assert not [e for e in out["events"] if e.type == "reaction_window"]


def test_a_readied_crossbow_shot_fires_when_the_watched_rat_moves_at_all() -> None:
    state = apart(3)
    turn_of(state, "thorin")
    run(state, "take_action", creature_id="thorin", action="ready", weapon="light_crossbow",
        trigger="if rat 2 moves", watch="move", target_id="giant-rat-2")  # fmt: skip
    turn_of(state, "giant-rat-2")
    out = run(state, "move", creature_id="giant-rat-2", to="far")
    window = next(e for e in out["events"] if e.type == "reaction_window")
    assert window.trigger == "Giant Rat 2 moves" and window.offers[0].accepted
    roll = next(e for e in out["events"] if getattr(e, "check_type", "") == "attack_roll")
    assert roll.character_id == "thorin" and "crossbow" in roll.reason.lower()


def test_a_window_the_dm_opens_can_set_off_a_readied_attack() -> None:
    state = cellar(1)  # the rat already at Thorin's throat: the DM judges what sets it off
    ready_attack(state)
    turn_of(state, "giant-rat-1")
    out = run(state, "open_reaction_window", trigger="the rat lunges from the shadows")
    window = next(e for e in out["events"] if e.type == "reaction_window")
    taken = [o for o in window.offers if o.accepted]
    assert [(o.reactor_id, o.kind) for o in taken] == [("thorin", "readied")]
    attack = next(e for e in out["events"] if getattr(e, "check_type", "") == "attack_roll")
    assert attack.character_id == "thorin" and "Giant Rat 1" in attack.reason
    assert state.encounter.readied == []  # released, not kept for later
    assert [s.status for s in state.reactions.subturns] == ["done"]
    assert out["result"]["resolved"] == [
        {"subturn_id": taken[0].subturn, "reactor_id": "thorin", "kind": "readied"}
    ]


class _Witness(Rule):
    """A rule of play that notes every deed it is told of."""

    name = "witness"

    def __init__(self) -> None:
        self.seen: list[tuple[str, str]] = []

    def after_deed(self, state: GameState, actor: str, deed: Deed) -> list[SessionEvent]:
        self.seen.append((actor, deed))
        return []


def test_coming_close_moving_attacking_and_casting_are_told_to_every_rule_of_play() -> None:
    # The strike, the step and the cast tell the rules of play what was done (the after_deed
    # hook), and readied actions fire from there: the low code imports no readied action.
    witness = _Witness()
    RULES.append(witness)
    try:
        state = apart(1)
        turn_of(state, "giant-rat-1")
        run(state, "move", creature_id="giant-rat-1", to="engage", target_id="thorin")
        run(state, "attack", attacker_id="giant-rat-1", target_id="thorin")
        turn_of(state, "aria")
        run(state, "cast_spell", caster_id="aria", spell="fire_bolt", target_ids=["giant-rat-2"])
    finally:
        RULES.remove(witness)
    assert witness.seen == [
        ("giant-rat-1", "approach"),
        ("giant-rat-1", "move"),
        ("giant-rat-1", "attack"),
        ("aria", "attack"),  # Fire Bolt's attack roll, then the cast done
        ("aria", "cast"),
    ]
