"""A campaign monster whose multiattack names only actions that call for a save ("spit,
spit") attacks with its plain attack: such a block made every one of its turns fail
("list index out of range"), and the fight could never go past it."""

from __future__ import annotations

from pathlib import Path

from app.actions.campaign_tools import enter_scene, start_encounter
from app.actions.swings import swings_of
from app.world.campaignfile import load_campaign
from app.world.folders import CAMPAIGNS_DIR
from app.world.newgame import new_game

SPITTING_RAT = """

[monsters.giant_rat]
name = "Giant Rat"
size = "small"
type = "beast"
ac = 12
hp = 7
hit_dice = "2d6"
speed = 30
passive_perception = 10
cr = "1/8"
abilities = { str = 7, dex = 15, con = 11, int = 2, wis = 10, cha = 4 }
multiattack = ["spit", "spit"]

[[monsters.giant_rat.actions]]
id = "spit"
name = "Spit"
kind = "save"
save_ability = "dex"
save_dc = 11
save_damage = "1d4"
save_damage_type = "acid"

[[monsters.giant_rat.actions]]
id = "bite"
name = "Bite"
kind = "melee"
to_hit = 4
reach = 5
damage = "1d4+2"
damage_type = "piercing"
"""


def test_a_multiattack_of_saves_alone_attacks_with_the_plain_attack(tmp_path: Path) -> None:
    text = (CAMPAIGNS_DIR / "crossroads" / "campaign.toml").read_text(encoding="utf-8")
    folder = tmp_path / "spitting"
    folder.mkdir()
    (folder / "campaign.toml").write_text(text + SPITTING_RAT, encoding="utf-8")
    state = new_game(load_campaign(folder), seed=3)
    state.visited.append("cellar")  # (the scene without its entry fight)
    enter_scene(state, "cellar", "the test")
    start_encounter(state, "cellar_rats")
    rat = next(cid for cid in state.creatures if cid.startswith("giant-rat"))
    assert [swing.weapon for swing in swings_of(state, rat, None)] == ["bite"]
