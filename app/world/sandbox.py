"""A small built-in starting world — an inn at a crossroads, its cellar, the old road, and
two ready-made adventurers — used when no campaign is given, and by the tests."""

from __future__ import annotations

from app.world.state import GameState, Scene
from rules.abilities import Ability, AbilityScores
from rules.character import CharacterSheet
from rules.damage import Vitals
from rules.rests import HitDice
from rules.skills import Proficiency, Skill

P, E = Proficiency.PROFICIENT, Proficiency.EXPERTISE


def sandbox_party() -> dict[str, CharacterSheet]:
    """Mira, a halfling rogue, and Thorin, a dwarf fighter, both level 3."""
    mira = CharacterSheet.model_validate(
        {
            "id": "mira",
            "name": "Mira",
            "species": "Halfling",
            "class": "Rogue",
            "level": 3,
            "abilities": AbilityScores.model_validate(
                {"str": 8, "dex": 17, "con": 12, "int": 13, "wis": 12, "cha": 14}
            ),
            "skills": {Skill.STEALTH: E, Skill.SLEIGHT_OF_HAND: E, Skill.PERCEPTION: P,
                       Skill.ACROBATICS: P, Skill.DECEPTION: P, Skill.INVESTIGATION: P},
            "saving_throws": {Ability.DEX, Ability.INT},
            "armor": "leather",
            "vitals": Vitals.full(21),
            "hit_dice": HitDice(die=8, total=3, remaining=3),
            "weapons": ["shortsword", "shortbow", "dagger"],
            "inventory": ["thieves' tools", "rope (50 ft)", "lantern"],
        }
    )  # fmt: skip
    thorin = CharacterSheet.model_validate(
        {
            "id": "thorin",
            "name": "Thorin",
            "species": "Dwarf",
            "class": "Fighter",
            "level": 3,
            "abilities": AbilityScores.model_validate(
                {"str": 16, "dex": 12, "con": 15, "int": 10, "wis": 12, "cha": 8}
            ),
            "skills": {Skill.ATHLETICS: P, Skill.INTIMIDATION: P, Skill.PERCEPTION: P,
                       Skill.SURVIVAL: P},
            "saving_throws": {Ability.STR, Ability.CON},
            "armor": "chain_mail",
            "shield": True,
            "vitals": Vitals.full(28),
            "hit_dice": HitDice(die=10, total=3, remaining=3),
            "weapons": ["longsword", "handaxe", "light_crossbow"],
            "inventory": ["healing potion", "torch"],
        }
    )  # fmt: skip
    return {"mira": mira, "thorin": thorin}


def sandbox_scenes() -> dict[str, Scene]:
    """Three connected scenes."""
    inn = Scene(
        id="inn",
        name="The Crossroads Inn",
        description=(
            "Rain drums on the shutters of a low, smoky common room. A fire crackles, the "
            "innkeeper Berta polishes a tankard, and a locked trapdoor behind the bar leads down."
        ),
        dm_notes=(
            "Berta is worried: scratching noises from the cellar every night, and her potboy "
            "went down yesterday and has not come back. The trapdoor lock is DC 13. Giant rats "
            "nest in the cellar; the potboy hides behind the casks."
        ),
        exits=["cellar", "old_road"],
    )
    cellar = Scene(
        id="cellar",
        name="The Inn Cellar",
        description="Damp stone, rows of casks, and the smell of wet fur in the dark.",
        dm_notes="Three giant rats. A loose flagstone hides a pouch of 15 gold pieces (DC 14).",
        exits=["inn"],
    )
    road = Scene(
        id="old_road",
        name="The Old Road",
        description="Muddy ruts run north between dripping pines toward the hills.",
        dm_notes="A goblin lookout watches the road from the trees (passive Perception 12).",
        exits=["inn"],
    )
    return {s.id: s for s in (inn, cellar, road)}


def sandbox_state(seed: int = 0, players: dict[str, list[str]] | None = None) -> GameState:
    """A fresh game in the sandbox world. ``players`` maps names to character ids (default:
    one player controls both)."""
    scenes = sandbox_scenes()
    party = sandbox_party()
    return GameState(
        campaign_id="sandbox",
        title="The Crossroads Inn",
        seed=seed,
        players=players if players is not None else {"Player": list(party)},
        party=party,
        scene=scenes["inn"],
        scenes=scenes,
    )
