"""One fighting brain for ``dungeon balance`` and the playtest's ``fight until the combat
ends``: a dying friend is tended first (healed, else stabilised), then the best attack
spell or cantrip, else the best weapon — a melee one, since shooting while engaged is at
a disadvantage."""

from __future__ import annotations

import random

from typer.testing import CliRunner

from app.cli.main import app
from app.referee.choosing import best_weapon, choose
from app.referee.choosing_words import fight_line
from app.referee.skirmish import from_sheet, take_turn
from app.world.folders import CAMPAIGNS_DIR
from app.world.state import GameState
from rules.damage import LifeState, Vitals
from tests.referee_corpus import Situation, build_situation

STRAND = {"campaign": "drowned_bell", "scene": "strand", "fight": "strand_thralls"}


def strand(**changes: object) -> GameState:
    return build_situation(Situation.model_validate({**STRAND, **changes}))


def dying(state: GameState, cid: str) -> None:
    vitals = state.party[cid].vitals
    state.party[cid].vitals = vitals.model_copy(update={"hp": 0, "state": LifeState.DYING})


def test_the_best_weapon_is_a_melee_one_even_beside_a_longbow() -> None:
    state = strand(turn="ione")
    assert state.party["ione"].weapons[0] == "longbow"
    assert best_weapon(state.party["ione"]) == "shortsword"
    assert from_sheet(state.party["ione"]).swings[0].ranged is False


def test_a_dying_friend_is_healed_else_stabilised_before_anyone_is_struck() -> None:
    state = strand(turn="cass")
    dying(state, "wren")
    party = [from_sheet(s) for s in state.party.values()]
    foe = from_sheet(state.party["cass"])
    foe.id, foe.side = "thrall", "foes"
    cass, ione = party[1], party[0]
    assert choose(cass, party, [foe]).kind == "heal"  # a healing slot: Cure Wounds
    ione.kit.slots = {}  # her own Cure Wounds spent
    assert (choose(ione, party, [foe]).kind, choose(ione, party, [foe]).targets) == (
        "stabilize",
        ("wren",),
    )
    assert choose(ione, [ione], [foe]).kind == "weapon"  # nobody to tend: she fights


def test_balance_stabilises_a_dying_friend() -> None:
    state = strand(turn="ione")
    ione, wren = from_sheet(state.party["ione"]), from_sheet(state.party["wren"])
    ione.kit.slots = {}  # no Cure Wounds left
    wren.vitals = Vitals(hp=0, max_hp=wren.vitals.max_hp, state=LifeState.DYING)
    foe = from_sheet(state.party["cass"])
    foe.id, foe.side = "thrall", "foes"
    tended = 0
    for seed in range(20):
        wren.vitals = Vitals(hp=0, max_hp=wren.vitals.max_hp, state=LifeState.DYING)
        ione.kit.slots = {}
        take_turn(random.Random(seed), ione, [ione, wren], [foe])
        tended += wren.vitals.state is LifeState.STABLE
    assert 0 < tended < 20  # a DC 10 Medicine check: sometimes, not always
    assert foe.vitals.hp == foe.vitals.max_hp  # nobody swung at the foe meanwhile


def test_the_playtest_fight_says_what_the_brain_chose() -> None:
    state = strand(turn="cass")
    line = fight_line(state, "cass")
    assert line.startswith("cast Sacred Flame at the "), line
    assert fight_line(state, "ione").startswith("attack the ")
    assert fight_line(state, "ione").endswith("with my shortsword")
    dying(state, "wren")
    assert fight_line(state, "ione") == "cast Cure Wounds on Wren"
    slots = state.party["ione"].spell_slots
    state.party["ione"].spell_slots = slots.model_copy(update={"expended": dict(slots.maximum)})
    assert fight_line(state, "ione") == "stabilise Wren"
    assert fight_line(state, "cass").startswith("cast Cure Wounds on Wren")


def test_a_choice_the_game_cannot_carry_out_falls_back_to_a_plain_attack() -> None:
    """Seed 0: Ione's shortsword cannot reach the Grey Sister this turn; the scripted fight
    does not ask for it again and again, it attacks plainly (her longbow) and goes on."""
    script = CAMPAIGNS_DIR / "drowned_bell" / "scripts" / "iron_and_salt.txt"
    result = CliRunner().invoke(
        app, ["simulate", "drowned_bell", "--script", str(script), "--seed", "0"]
    )
    assert result.exit_code == 0, result.stdout[-1500:]
    assert "the fight still goes on" not in result.stdout
