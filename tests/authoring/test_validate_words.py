"""Words an author gives that the game reads otherwise are warnings of ``dungeon
validate``: an exit alias that is one of the referee's own words (``camp`` is a rest), two
features of one scene that differ only as singular and plural (``palm``, ``palms``), and
foes set ``behind`` a feature their scene does not have. In its scene the author's word
wins: "go back to camp" takes the way called camp, "look at the palm" shows the palm."""

from __future__ import annotations

from pathlib import Path

from app.understanding import understand
from app.world.campaignfile import parse_campaign
from app.world.newgame import new_game
from tests.app.test_validator_warnings import Data, found, tiny


def with_camp_and_palms() -> Data:
    data = tiny()
    hall = data["scenes"]["hall"]
    hall["exits"][0]["aliases"].append("camp")
    hall["features"]["palm"] = {"name": "palm", "text": "One tall palm."}
    hall["features"]["palms"] = {"name": "palms", "text": "A ring of short palms."}
    return data


def test_an_alias_that_is_the_referees_word_is_a_warning() -> None:
    problems = found(with_camp_and_palms())
    camp = [p for p in problems if "exits[0].aliases[1]" in p]
    assert len(camp) == 1 and "'camp' is also one of the game's own words (a rest)" in camp[0]


def test_singular_and_plural_of_two_features_are_a_warning() -> None:
    problems = [p for p in found(with_camp_and_palms()) if "'palms' and 'palm'" in p]
    assert len(problems) == 1 and "features.palms.name" in problems[0]


def test_in_its_scene_the_authors_word_wins() -> None:
    campaign = parse_campaign(with_camp_and_palms(), Path("test.toml"))
    state = new_game(campaign)
    for line in ("go back to camp", "go to camp"):
        intent = understand(line, "mira", state, campaign)
        assert (intent.kind, intent.targets) == ("move", ("yard",)), line
    assert understand("make camp", "mira", state, campaign).kind == "rest"
    for line, fid in (("look at the palm", "palm"), ("look at the palms", "palms")):
        assert understand(line, "mira", state, campaign).targets == (fid,), line


def test_foes_behind_a_feature_the_scene_lacks_are_a_warning() -> None:
    data = tiny()
    data["encounters"] = {"ambush": {"name": "Ambush", "monsters": [
        {"monster": "goblin", "count": 2, "behind": "boulder"},
        {"monster": "goblin", "behind": "chest"}]}}  # fmt: skip
    data["scenes"]["yard"]["encounter"] = "ambush"
    data["scenes"]["yard"]["features"] = {"boulders": {"name": "boulders", "text": "Rocks.",
                                                       "cover": "half"}}  # fmt: skip
    problems = [p for p in found(data) if p.startswith("no such cover")]
    assert problems[0].startswith("no such cover: encounters.ambush.monsters[0].behind: "
                                  "no feature 'boulder' — did you mean 'boulders'?")  # fmt: skip
    assert "no feature 'chest'" in problems[1]  # the chest is in the hall, not the yard
