"""A sandbox party with two casters who know the spells beyond damage (a cleric and an
arcane caster), and fights to try them in; shared by the spell tests."""

from __future__ import annotations

import json
from typing import Any

from app.actions.calls import ToolCall
from app.actions.sets import ALL_TOOLS
from app.world.sandbox import sandbox_state
from app.world.state import GameState
from rules.abilities import Ability, AbilityScores
from rules.character import CharacterSheet
from rules.damage import Vitals
from rules.effects import Effect
from rules.positions import scrum
from rules.rests import HitDice
from rules.spellcasting import SpellSlots

CLERIC_SPELLS = [
    "sacred_flame", "guidance", "bless", "bane", "cure_wounds", "healing_word", "guiding_bolt",
    "hold_person", "spiritual_weapon", "revivify", "dispel_magic", "spirit_guardians",
]  # fmt: skip
ARCANE_SPELLS = [
    "ray_of_frost", "shocking_grasp", "chill_touch", "vicious_mockery", "eldritch_blast",
    "faerie_fire", "scorching_ray", "acid_arrow", "misty_step", "haste", "invisibility",
]  # fmt: skip


def caster(
    cid: str, name: str, ability: Ability, spells: list[str], level: int = 5
) -> CharacterSheet:
    """A level-5 full caster with the given spells and 4/3/2 slots."""
    scores = {"str": 10, "dex": 14, "con": 14, "int": 12, "wis": 12, "cha": 10}
    scores[ability.value] = 16
    return CharacterSheet.model_validate(
        {
            "id": cid, "name": name, "species": "Human",
            "class": "Cleric" if ability is Ability.WIS else "Wizard", "level": level,
            "abilities": AbilityScores.model_validate(scores),
            "saving_throws": {Ability.WIS, Ability.CHA},
            "vitals": Vitals.full(33), "hit_dice": HitDice(die=8, total=level, remaining=level),
            "spellcasting_ability": ability, "spells": spells,
            "spell_slots": SpellSlots(maximum={1: 4, 2: 3, 3: 2}),
            "inventory": ["diamond (300 gp)", "holy symbol"],
        }
    )  # fmt: skip


def spell_party(seed: int = 5) -> GameState:
    """The sandbox's Mira and Thorin, with Seren (cleric) and Ilsa (arcane caster)."""
    state = sandbox_state(seed=seed)
    state.party["seren"] = caster("seren", "Seren", Ability.WIS, CLERIC_SPELLS)
    state.party["ilsa"] = caster("ilsa", "Ilsa", Ability.INT, ARCANE_SPELLS)
    state.players = {"Player": ["mira", "thorin", "seren", "ilsa"]}
    return state


def run(state: GameState, name: str, **arguments: Any) -> dict[str, Any]:
    """Run one tool as the DM would; its result and events."""
    outcome = ALL_TOOLS.execute(ToolCall("t", name, json.dumps(arguments)), state)
    return {"result": outcome.result, "events": outcome.events}


def fight(state: GameState, monster: str = "goblin", count: int = 2, turn: str = "seren") -> None:
    """Start a fight in one close melee (everyone within reach and touch of everyone: these
    tests are about spells, not where creatures stand) and make it ``turn``'s go."""
    out = run(state, "start_combat", reason="test", monsters=[{"monster": monster, "count": count}])
    assert out["result"]["started"], out
    assert state.encounter is not None
    scrum(state.encounter.positions, [c.id for c in state.encounter.order])
    give_turn(state, turn)


def give_turn(state: GameState, cid: str) -> None:
    """Make it ``cid``'s turn, with a fresh action economy."""
    encounter = state.encounter
    assert encounter is not None
    encounter.turn_index = next(i for i, c in enumerate(encounter.order) if c.id == cid)
    encounter.economy.pop(cid, None)


def doomed(state: GameState, cid: str) -> None:
    """Make ``cid`` fail every save (a test's thumb on the scale, said openly)."""
    _fix(state, cid, "-40")


def sure(state: GameState, cid: str) -> None:
    """Make ``cid`` pass every save."""
    _fix(state, cid, "+40")


def _fix(state: GameState, cid: str, dice: str) -> None:
    effects = state.party[cid].effects if cid in state.party else state.creatures[cid].effects
    effects.append(Effect(id="test_fate", name="Fated", save_dice=dice, rounds=100))


def dice_rolls(events: list[Any], kind: str) -> list[Any]:
    """The dice rolls of one kind among the events."""
    return [e for e in events if e.type == "dice_roll" and e.check_type == kind]
