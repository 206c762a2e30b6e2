"""``dungeon balance``'s casters cast their best attack cantrip: Eldritch Blast over Chill
Touch, Fire Bolt over Ray of Frost, whatever order the sheet lists them in."""

from __future__ import annotations

from app.referee.skirmish import from_sheet
from app.world.state import GameState
from tests.referee_corpus import Situation, build_situation

STRAND = {"campaign": "drowned_bell", "scene": "strand", "fight": "strand_thralls"}


def strand(**changes: object) -> GameState:
    return build_situation(Situation.model_validate({**STRAND, **changes}))


def test_the_best_attack_cantrip_is_the_one_cast() -> None:
    state = strand(turn="cass")
    sheet = state.party["cass"]
    for spells, best in ((["eldritch_blast", "chill_touch"], "Eldritch Blast"),
                         (["chill_touch", "eldritch_blast"], "Eldritch Blast"),
                         (["fire_bolt", "ray_of_frost"], "Fire Bolt")):  # fmt: skip
        caster = sheet.model_copy(update={"spells": spells})
        kit = from_sheet(caster).kit
        assert kit.cantrip is not None and kit.cantrip.name == best, spells
