"""Counterspell: a spell being cast opens a reaction window; a Counterspell stops it, and
can itself be counterspelled — the chain resolves innermost first."""

from __future__ import annotations

import json
from pathlib import Path

from app.actions.calls import ToolCall
from app.actions.sets import ALL_TOOLS
from app.world.campaignfile import parse_campaign
from app.world.newgame import new_game
from app.world.state import GameState
from app.world.validate import validate_campaign
from rules.spellcasting import SpellSlots
from tests.app.test_campaign import raw

MAGE = {
    "name": "Cult Mage",
    "size": "medium",
    "type": "humanoid",
    "ac": 12,
    "hp": 40,
    "hit_dice": "9d8",
    "speed": 30,
    "passive_perception": 11,
    "cr": "5",
    "abilities": {"str": 9, "dex": 14, "con": 11, "int": 17, "wis": 12, "cha": 11},
    "actions": [
        {
            "id": "dagger",
            "name": "Dagger",
            "kind": "melee",
            "to_hit": 5,
            "reach": 5,
            "damage": "1d4+2",
            "damage_type": "piercing",
        }
    ],
    "spellcasting": {
        "ability": "int",
        "dc": 14,
        "attack_bonus": 6,
        "level": 9,
        "spells": ["fire_bolt", "fireball", "counterspell"],
        "slots": {"1": 4, "2": 3, "3": 3},
    },
}


def duel(mages: int) -> GameState:
    data = raw()
    data["monsters"] |= {"cult_mage": MAGE}
    data["campaign"]["levels"] = [3, 5]  # (written for a fifth-level Aria)
    aria = next(c for c in data["characters"] if c["id"] == "aria")
    aria.update(
        level=5,
        spells=[*aria["spells"], "counterspell"],
        spell_slots={"maximum": {"1": 4, "2": 3, "3": 2}},
        hit_dice={"die": 6, "total": 5, "remaining": 5},
    )
    campaign = parse_campaign(data, Path("test.toml"))
    assert validate_campaign(campaign) == []
    state = new_game(campaign, seed=1)
    out = ALL_TOOLS.execute(
        ToolCall(
            "s",
            "start_combat",
            json.dumps({"reason": "duel", "monsters": [{"monster": "cult_mage", "count": mages}]}),
        ),
        state,
    )
    assert out.ok
    state.encounter.turn_index = next(
        i for i, c in enumerate(state.encounter.order) if c.id == "cult-mage-1"
    )
    return state


def fireball(state: GameState) -> dict:
    out = ALL_TOOLS.execute(
        ToolCall(
            "f",
            "cast_spell",
            json.dumps(
                {
                    "caster_id": "cult-mage-1",
                    "spell": "fireball",
                    "target_ids": ["mira", "thorin", "aria"],
                }
            ),
        ),
        state,
    )
    return {"result": out.result, "events": out.events}


def test_a_counterspell_stops_the_spell_but_not_the_cost() -> None:
    state = duel(1)
    # its only 3rd-level slot goes on the fireball, so it cannot counter Aria's Counterspell
    state.creatures["cult-mage-1"].spell_slots = SpellSlots(maximum={3: 1})
    out = fireball(state)
    assert out["result"]["countered_by"] == "aria"
    window = out["events"][0]
    assert window.type == "reaction_window" and window.trigger == "Cult Mage casts Fireball"
    assert [(o.reactor_id, o.kind, o.accepted) for o in window.offers] == [
        ("aria", "counterspell", True)
    ]
    assert all(s.vitals.hp == s.vitals.max_hp for s in state.party.values())
    assert state.creatures["cult-mage-1"].spell_slots.remaining(3) == 0  # its slot is gone
    assert state.party["aria"].spell_slots.remaining(3) == 1


def test_a_counterspell_can_itself_be_counterspelled() -> None:
    state = duel(2)
    out = fireball(state)
    windows = [e for e in out["events"] if e.type == "reaction_window"]
    assert [w.trigger for w in windows] == ["Cult Mage 1 casts Fireball", "Aria casts Counterspell"]
    counter_counter = next(o for o in windows[1].offers if o.accepted)
    assert counter_counter.reactor_id.startswith("cult-mage")
    assert "countered_by" not in out["result"]  # Aria's Counterspell fizzled: the fireball lands
    saves = [e for e in out["events"] if getattr(e, "check_type", "") == "saving_throw"]
    assert len(saves) == 3
    assert any(s.vitals.hp < s.vitals.max_hp for s in state.party.values())


def test_a_lone_caster_can_counter_the_counterspell_with_its_own_reaction() -> None:
    state = duel(1)
    out = fireball(state)
    windows = [e for e in out["events"] if e.type == "reaction_window"]
    assert [w.trigger for w in windows] == ["Cult Mage casts Fireball", "Aria casts Counterspell"]
    assert "countered_by" not in out["result"]


def test_monsters_cast_through_the_same_tool() -> None:
    state = duel(1)
    state.party["aria"].spells.remove("counterspell")
    out = ALL_TOOLS.execute(
        ToolCall(
            "b",
            "cast_spell",
            json.dumps(
                {"caster_id": "cult-mage-1", "spell": "fire bolt", "target_ids": ["thorin"]}
            ),
        ),
        state,
    )
    roll = out.events[0]
    assert roll.check_type == "attack_roll" and roll.formula.endswith("+ 6")
    refused = ALL_TOOLS.execute(
        ToolCall(
            "c",
            "cast_spell",
            json.dumps(
                {"caster_id": "thorin", "spell": "fire bolt", "target_ids": ["cult-mage-1"]}
            ),
        ),
        state,
    )
    assert "casts no spells" in refused.result["error"]
