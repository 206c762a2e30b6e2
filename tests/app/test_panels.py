"""The panels' snapshot speaks the players' language: spell names, not ids; who is out of
a fight and how; who has Shield up."""

from __future__ import annotations

from app.actions.campaign_tools import enter_scene
from app.session.panels import panels
from app.session.setup import start_session
from app.world.campaignfile import load_campaign
from app.world.folders import CAMPAIGNS_DIR
from rules.damage import LifeState
from rules.effects import Effect


def test_the_panels_name_spells_and_tell_who_is_out() -> None:
    state = start_session(load_campaign(CAMPAIGNS_DIR / "crossroads"), 11).state
    state.flags["trapdoor_open"] = True
    enter_scene(state, "cellar", "the party climbs down")
    state.party["aria"].concentration = "hold_person"
    rat = state.creatures["giant-rat-1"]
    rat.vitals = rat.vitals.model_copy(update={"hp": 0, "state": LifeState.DEAD})
    state.creatures["giant-rat-2"].left = "fled"
    assert state.encounter is not None
    state.party["aria"].effects.append(
        Effect(id="shield", name="Shielded", source="aria", ac_bonus=5, ends="start_of_own_turn")
    )
    view = panels(state)
    aria = next(m for m in view.party if m.id == "aria")
    assert aria.concentration == "Hold Person" and aria.shielded
    assert view.out == {"giant-rat-1": "dead", "giant-rat-2": "fled"}
    assert view.shielded == ["aria"]
