"""The journal: people met (a scene's own people once the party is there, people who show
up under a condition once the party has been with them, named foes fought), goals derived
from the campaign, who carries what, and a game without a campaign."""

from __future__ import annotations

from app.actions.campaign_tools import enter_scene, start_encounter
from app.session.setup import start_session
from app.world.arrivals import note_arrivals
from app.world.campaignfile import load_campaign
from app.world.folders import CAMPAIGNS_DIR
from app.world.journal import journal, journal_lines, npcs_met
from app.world.sandbox import sandbox_state
from app.world.state import GameState
from app.world.turnrecord import TurnRecord
from rules.damage import LifeState


def new_game() -> GameState:
    return start_session(load_campaign(CAMPAIGNS_DIR / "crossroads"), 11).state


def in_cellar() -> GameState:
    state = new_game()
    state.flags["trapdoor_open"] = True
    enter_scene(state, "cellar", "the party climbs down")
    return state


def names(state: GameState) -> dict[str, str]:
    return {m.name: m.where for m in npcs_met(state, state.campaign)}


def test_only_the_people_the_party_has_been_with_are_met() -> None:
    state = new_game()
    assert names(state) == {"Berta": "The Crossroads Inn"}  # not Tam, not Grubnak
    berta = npcs_met(state, state.campaign)[0]
    assert berta.attitude == "friendly" and berta.description.startswith("A broad")
    state = in_cellar()
    assert names(state) == {"Berta": "The Crossroads Inn"}  # Tam is still hiding


def test_someone_who_shows_up_is_met_where_the_party_is_with_them() -> None:
    state = in_cellar()
    state.flags["tam_found"] = True  # he crawls out from behind the casks
    assert names(state)["Tam"] == "The Inn Cellar"
    note_arrivals(state)  # as every turn does: the party is with him here
    # the party goes on down the tunnel: Tam stays met, as the story named him
    state.history.append(TurnRecord(number=1, actions=[], narrative="Tam crawls out."))
    state.scene = state.scene.model_copy(update={"id": "warren", "name": "The Goblin Tunnel"})
    assert names(state)["Tam"] == "The Inn Cellar"


def test_a_condition_alone_does_not_make_someone_met() -> None:
    state = in_cellar()
    state.flags["tam_found"] = True  # set by hand: the story never named him ...
    state.scene = state.scene.model_copy(update={"id": "warren", "name": "The Goblin Tunnel"})
    assert "Tam" not in names(state)  # ... and the party is not with him: not met


def test_a_named_foe_the_party_fought_is_met_with_their_fate() -> None:
    state = new_game()
    state.flags["guards_passed"] = True
    enter_scene(state, "chief_hall", "through the curtain")
    if state.encounter is None:
        start_encounter(state, "grubnak_band")
    grubnak = next(c for c in state.creatures.values() if c.npc == "grubnak")
    grubnak.vitals = grubnak.vitals.model_copy(update={"hp": 0, "state": LifeState.DEAD})
    met = {m.name: m for m in npcs_met(state, state.campaign)}
    assert met["Grubnak"].fate == "dead"
    assert met["Grubnak"].where == "Grubnak's Hall"  # he belongs to the hall he was met in


def test_goals_are_the_hook_the_deeds_and_the_setbacks() -> None:
    state = in_cellar()
    state.challenges["trapdoor_lock"] = "failed"
    state.challenges["force_trapdoor"] = "passed"
    state.defeated.append("cellar_rats")
    state.ending = "victory"
    goals = journal(state).goals
    assert goals.hook.startswith("Scratching under the floorboards")
    assert goals.done == ("Force the trapdoor", "Won the fight: rats in the cellar")
    assert goals.setbacks[0].startswith("Pick the trapdoor padlock — failed")
    assert goals.ending == "Steel in the Dark"


def test_who_carries_what_and_the_purse() -> None:
    state = new_game()
    state.party["mira"].inventory.append("pouch of 15 gold pieces")
    state.party["thorin"].inventory.append("4 sp")
    book = journal(state)
    mira = next(c for c in book.carried if c.name == "Mira")
    assert "thieves' tools" in mira.items and "Leather" in mira.items and mira.coins == "15 gp"
    assert book.coins == "15 gp 4 sp"
    state.facts += ["The tracks lead north.", "The tracks  lead north."]
    assert journal(state).facts == ("The tracks lead north.",)


def test_a_game_without_a_campaign_has_a_journal_too() -> None:
    state = sandbox_state(3)
    book = journal(state)
    assert book.goals.hook == "" and book.met == () and book.visited == ("The Crossroads Inn",)
    text = "\n".join(journal_lines(book))
    assert "No adventure is set" in text and "Nobody yet." in text
    assert "Nothing learnt yet." in text


def test_the_adventures_own_items_say_what_they_are() -> None:
    state = new_game()
    state.party["mira"].inventory.append("Key")  # an alias of the silver key
    book = journal(state)
    assert dict(book.items) == {
        "silver key": "A small silver key on a leather thong — it fits Berta's strongbox, "
        "not the padlock.",
        "healing potion": "A vial of red liquid that glimmers when shaken. Restores 2d4+2 "
        "hit points.",
    }
    assert "  healing potion: A vial of red liquid" in "\n".join(journal_lines(book))
