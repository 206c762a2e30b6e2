"""The slips that leave a campaign silently wrong, each a warning of ``dungeon validate``
at the key to mend (an error under ``--strict``, in the JSON format too): a challenge
phrase the game reads as something else, text that names someone who is never there,
flags read but never set or set but never read, and — when one slip causes many
problems — the root listed first with what follows from it under it."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from app.authoring.validation import campaign_problems
from app.cli.main import app
from app.world.campaignfile import load_campaign, parse_campaign
from app.world.folders import CAMPAIGNS_DIR
from tests.app.test_campaign_inputs import shipped, write

Data = dict[str, Any]


def tiny() -> Data:
    """A small sound campaign: a hall with a locked chest and its warden, a yard to the
    north, an ending once the chest is open."""
    mira = next(c for c in shipped()["characters"] if c["id"] == "mira")
    return copy.deepcopy({
        "campaign": {"id": "tiny", "title": "Tiny", "start": "hall", "party": ["mira"]},
        "characters": [mira],
        "scenes": {
            "hall": {
                "name": "The Hall",
                "description": "A bare hall. Old Maren dozes by an iron-bound chest.",
                "exits": [{"to": "yard", "name": "north door", "aliases": ["north"]}],
                "features": {"chest": {"name": "chest", "aliases": ["lock"],
                                       "text": "Iron bands and a stubborn lock."}},
                "npcs": ["maren"],
            },
            "yard": {"name": "The Yard", "description": "Mud and rain.",
                     "exits": [{"to": "hall", "name": "hall door"}]},
        },
        "challenges": {"chest_lock": {
            "name": "pick the chest lock", "scene": "hall", "skill": "sleight_of_hand",
            "provoked_by": ["pick the lock", "jimmy"], "dc": 12, "retry": True,
            "success": {"text": "Click.", "set_flags": {"chest_open": True}},
            "failure": {"text": "The pick slips."},
        }},
        "npcs": {"maren": {"name": "Old Maren", "aliases": ["Maren", "warden"],
                           "greeting": "'Hm?'"}},
        "endings": [{"id": "opened", "title": "Opened", "text": "Gold!",
                     "when": {"flag": "chest_open"}}],
    })  # fmt: skip


def found(data: Data) -> list[str]:
    return [str(p) for p in campaign_problems(parse_campaign(data, Path("test.toml")))]


def validate(tmp_path: Path, data: Data, *args: str) -> Any:
    return CliRunner().invoke(app, ["validate", *args, str(write(tmp_path / "c", data))])


def line_of(tmp_path: Path, needle: str) -> int:
    lines = (tmp_path / "c" / "campaign.toml").read_text(encoding="utf-8").splitlines()
    return next(n for n, text in enumerate(lines, 1) if needle in text)


def test_the_small_campaign_and_every_shipped_one_are_sound() -> None:
    assert found(tiny()) == []
    folders = [p for p in CAMPAIGNS_DIR.iterdir() if (p / "campaign.toml").exists()]
    folders.append(Path(__file__).parents[1] / "data" / "campaigns" / "hollow_ford")
    for folder in folders:
        assert campaign_problems(load_campaign(folder)) == [], folder


# -- challenge phrases the game reads as something else --------------------------------------


def phrase(words: str) -> Data:
    data = tiny()
    data["challenges"]["chest_lock"]["provoked_by"].append(words)
    return data


@pytest.mark.parametrize(
    ("words", "read_as", "hint"),
    [
        ("rest", "a short rest", "the deed and what it is done to"),
        ("go north", "a move to The Yard", "not the way: 'pick the lock' rather than"),
        ("talk", "talking to Old Maren", "not the talking"),
        ("look", "looking around", "the deed and what it is done to"),
    ],
)
def test_a_phrase_read_as_another_action_is_a_warning_at_the_phrase(
    tmp_path: Path, words: str, read_as: str, hint: str
) -> None:
    result = validate(tmp_path, phrase(words))
    assert result.exit_code == 0, result.stdout  # a warning: the game runs
    said = " ".join(result.stdout.split())
    assert (
        f"warning: unreachable phrase: challenges.chest_lock.provoked_by[2]: {words!r} typed on "
        f"its own never reaches this challenge: the game reads it as {read_as} — "
    ) in said, said
    assert hint in said
    line = line_of(tmp_path, f'"{words}"')  # the phrase itself, in its array
    assert f"campaign.toml:{line}:" in result.stdout.split("warning: unreachable phrase")[0]
    assert validate(tmp_path, phrase(words), "--strict").exit_code == 3


@pytest.mark.parametrize("words", ["force the chest", "jimmy", "pick lock", "open the chest"])
def test_a_phrase_that_reaches_its_challenge_is_not_warned_about(words: str) -> None:
    assert found(phrase(words)) == []  # "jimmy" alone is asked back: one "yes" reaches it


def test_a_phrase_two_challenges_of_a_scene_share_reaches_only_the_first(tmp_path: Path) -> None:
    data = tiny()
    data["challenges"]["chest_smash"] = {
        **data["challenges"]["chest_lock"], "name": "smash the chest",
        "provoked_by": ["smash the chest", "pick the lock"], "skill": "athletics",
    }  # fmt: skip
    result = validate(tmp_path, data, "--format", "json")
    assert result.exit_code == 0
    (warning,) = json.loads(result.stdout)
    assert warning["path"] == "challenges.chest_smash.provoked_by[1]" and warning["line"] > 0
    assert warning["kind"] == "unreachable phrase" and warning["because"] is None
    assert warning["message"].startswith(
        "'pick the lock' typed on its own never reaches this challenge: the game reads it as "
        "challenge 'chest_lock' (pick the chest lock) — 'chest_lock' lists the same words and "
        "comes first"
    )
    data["challenges"]["chest_smash"]["scene"] = "yard"  # another scene: no clash
    assert found(data) == []


def test_a_follow_up_challenge_is_reached_by_its_chain_not_by_words() -> None:
    data = tiny()
    data["challenges"]["needle"] = {
        "name": "dodge the needle", "scene": "hall", "provoked_by": ["rest"],
        "ability": "dex", "kind": "save", "dc": 11,
        "success": {"text": "Missed."}, "failure": {"text": "Ouch."},
    }  # fmt: skip
    data["challenges"]["chest_lock"]["failure"]["next"] = "needle"
    assert found(data) == []


def test_phrases_are_not_read_in_a_campaign_that_cannot_be_played(tmp_path: Path) -> None:
    data = phrase("rest")
    data["scenes"]["hall"]["npcs"].append("bertha")
    result = validate(tmp_path, data)
    assert result.exit_code == 3 and "no npc 'bertha'" in result.stdout
    assert "unreachable phrase" not in result.stdout
    assert isinstance(result.exception, SystemExit)  # no traceback: a plain exit


# -- text that names someone who is never there ----------------------------------------------


@pytest.mark.parametrize(
    ("where", "text"),
    [
        ("description", "A muddy yard. Old Maren waves from the gate."),
        ("feature", "Old Maren leans on the post, chewing a straw."),
        ("variant", "The rain has stopped. Maren hums as she sweeps."),
    ],
)
def test_text_naming_someone_who_is_never_in_the_scene_is_a_warning(
    tmp_path: Path, where: str, text: str
) -> None:
    data = tiny()
    yard = data["scenes"]["yard"]
    key = {"description": "scenes.yard.description",
           "feature": "scenes.yard.features.post.text",
           "variant": "scenes.yard.variants[0].description"}[where]  # fmt: skip
    if where == "description":
        yard["description"] = text
    elif where == "feature":
        yard["features"] = {"post": {"name": "post", "text": text}}
    else:
        yard["variants"] = [{"when": {"flag": "chest_open"}, "description": text}]
    result = validate(tmp_path, data)
    assert result.exit_code == 0
    said = " ".join(result.stdout.split())
    assert f"warning: absent npc: {key}: names " in said, said
    assert "(npcs.maren), who is never in this scene: add 'maren' to scenes.yard.npcs" in said


@pytest.mark.parametrize(
    "placed",
    [
        lambda d: d["scenes"]["yard"]["npcs"].append("maren"),
        lambda d: d["npcs"]["maren"].update(
            appears=[{"scene": "yard", "when": {"flag": "chest_open"}}]
        ),  # she can be there: that is enough
        lambda d: (
            d.update(encounters={"brawl": {"name": "Brawl",
                                           "monsters": [{"monster": "bandit", "npc": "maren"}]}}),
            d["scenes"]["yard"].update(encounter="brawl"),
        ),  # a foe of the fight that starts there
    ],
)  # fmt: skip
def test_someone_who_can_be_in_the_scene_may_be_named(placed: Any) -> None:
    data = tiny()
    data["scenes"]["yard"]["description"] = "A muddy yard. Maren waves from the gate."
    data["scenes"]["yard"].setdefault("npcs", [])
    placed(data)
    assert [p for p in found(data) if "absent npc" in p] == []


@pytest.mark.parametrize(
    ("text", "named"),
    [
        ("A muddy yard. Guard the gate well, a sign says.", False),  # a word, not a name
        ("Guard posts flank the gate.", False),  # a sentence starts with it: a word here
        ("A muddy yard where the Guard keeps watch.", True),  # a capital mid-sentence
        ("A muddy yard; a guard's cap lies in a puddle.", False),
    ],
)
def test_only_a_proper_name_counts_not_a_common_word(text: str, named: bool) -> None:
    data = tiny()
    data["npcs"]["sentry"] = {"name": "Guard", "greeting": "'Halt.'"}
    data["scenes"]["hall"]["npcs"].append("sentry")
    data["scenes"]["hall"]["description"] += " A guard leans on the wall."
    data["scenes"]["yard"]["description"] = text
    warned = [p for p in found(data) if "absent npc" in p]
    assert bool(warned) is named, warned


@pytest.mark.parametrize(
    ("text", "named"),
    [
        ("Mud and rain. Maren stands in it.", True),  # a name starts the sentence
        ("Mud and rain, and the maren birds call.", False),  # lower case: no name
        ("Mud and rain. Old Maren's lantern hangs by the gate.", False),  # hers, not her
        ("Mud and rain; 'Maren!' someone shouts, and Maren comes running.", True),
        ("Mud and rain. 'Morning, Old Maren' calls a carter.", True),  # a quote, not hers
    ],
)
def test_a_proper_name_counts_a_possessive_does_not(text: str, named: bool) -> None:
    data = tiny()
    data["scenes"]["yard"]["description"] = text
    assert bool([p for p in found(data) if "absent npc" in p]) is named


def test_someone_in_no_scene_at_all_is_the_root_of_the_texts_that_name_them(
    tmp_path: Path,
) -> None:
    data = tiny()
    data["scenes"]["hall"]["npcs"] = []
    result = validate(tmp_path, data)
    lines = result.stdout.splitlines()
    first = next(n for n, line in enumerate(lines) if "unused: npcs.maren" in line)
    assert "because of the above:" not in lines[first]
    assert lines[first + 1].startswith("  because of the above: ")
    assert "absent npc: scenes.hall.description: names Old Maren" in lines[first + 1]


# -- flags -----------------------------------------------------------------------------------


def test_a_way_that_needs_a_flag_nothing_sets_is_a_warning_at_the_flag(tmp_path: Path) -> None:
    data = tiny()
    data["scenes"]["hall"]["exits"][0]["requires_flag"] = "gate_opne"
    data["challenges"]["chest_lock"]["success"]["set_flags"]["gate_open"] = True
    result = validate(tmp_path, data)
    lines = result.stdout.splitlines()
    assert (
        "warning: unknown flag: scenes.hall.exits[0].requires_flag: nothing sets flag "
        in (lines[0])
    )
    assert "did you mean 'gate_open'?" in lines[0]
    assert f"campaign.toml:{line_of(tmp_path, 'requires_flag')}:" in lines[0]
    assert any(
        line.startswith("  because of the above: ") and "unreachable scene: scenes.yard" in line
        for line in lines
    ), lines
    assert "unread flag: challenges.chest_lock.success.set_flags.gate_open" in result.stdout


@pytest.mark.parametrize(
    ("value", "said"),
    [("open", "flag 'chest_open' is never set to 'open' (only to True)"), (True, "")],
)
def test_a_flag_waited_for_with_a_value_it_is_never_set_to(value: object, said: str) -> None:
    data = tiny()
    data["endings"][0]["when"] = {"flag": "chest_open", "equals": value}
    problems = found(data)
    if said:
        assert any(f"unknown flag: endings[0] (opened).when: {said}" in p for p in problems)
        assert any("unreachable ending: endings[0] (opened)" in p for p in problems)
    else:
        assert problems == []


def test_a_flag_only_ever_set_false_never_opens_a_way() -> None:
    data = tiny()
    data["challenges"]["chest_lock"]["failure"]["set_flags"] = {"gate_open": False}
    data["scenes"]["hall"]["exits"][0]["requires_flag"] = "gate_open"
    assert any(
        "unknown flag: scenes.hall.exits[0].requires_flag: flag 'gate_open' is only ever set "
        "to False, which never holds" in p
        for p in found(data)
    )


OPEN = {"gate_open": True}


@pytest.mark.parametrize(
    "setter",
    [
        lambda d: d.update(offscreen=[{"id": "thaw", "effects": {"set_flags": OPEN}}]),
        lambda d: d.update(triggers=[{"id": "thaw", "when": {"flag": "chest_open"},
                                      "effects": {"set_flags": OPEN}}]),
    ],
)  # fmt: skip
def test_a_flag_an_off_screen_change_or_a_trigger_sets_opens_its_way(setter: Any) -> None:
    data = tiny()
    data["scenes"]["hall"]["exits"][0]["requires_flag"] = "gate_open"
    setter(data)
    assert found(data) == []


def test_speaking_with_someone_sets_their_met_flag() -> None:
    data = tiny()
    data["scenes"]["hall"]["exits"][0]["requires_flag"] = "met_maren"
    assert found(data) == []  # Maren is in the hall: the way can open
    data["scenes"]["hall"]["npcs"] = []
    data["npcs"]["maren"]["appears"] = [{"scene": "yard"}]  # only behind the way she opens
    data["scenes"]["hall"]["description"] = "A bare hall with an iron-bound chest."
    assert any("unreachable scene: scenes.yard" in p for p in found(data))


@pytest.mark.parametrize(
    ("where", "reads"),
    [
        ("offscreen", False),
        ("trigger", False),
        ("trigger", True),
    ],
)
def test_a_flag_set_but_never_read_is_a_warning_wherever_it_is_set(where: str, reads: bool) -> None:
    data = tiny()
    effects = {"set_flags": {"met_maren": True, "rained": True}}
    if where == "offscreen":
        data["offscreen"] = [{"id": "weather", "effects": effects}]
        path = "offscreen[0] (weather).effects.set_flags"
    else:
        data["triggers"] = [{"id": "weather", "when": {"flag": "chest_open"}, "effects": effects}]
        path = "triggers[0] (weather).effects.set_flags"
    if reads:
        data["endings"][0]["when"] = {"all": [{"flag": "chest_open"}, {"flag": "rained"},
                                              {"met": "maren"}]}  # fmt: skip
    unread = [p for p in found(data) if p.startswith("unread flag")]
    expected = [] if reads else [f"unread flag: {path}.rained: flag 'rained' is set but no "
                                 "condition or exit reads it"]  # fmt: skip
    assert [p for p in unread if "met_maren" not in p] == expected
    assert any("met_maren" in p for p in unread) is not reads  # a met condition reads it


def test_an_item_a_character_starts_with_can_be_needed() -> None:
    data = tiny()
    data["items"] = {"pick": {"name": "Thieves' Tools"}}
    data["endings"][0]["when"] = {"all": [{"flag": "chest_open"}, {"has_item": "pick"}]}
    data["characters"][0]["inventory"] = ["Thieves' Tools"]
    assert found(data) == []


# -- one slip, many problems: the root first, what follows under it ---------------------------


def test_a_misspelt_way_is_the_root_of_the_scenes_and_endings_behind_it(tmp_path: Path) -> None:
    data = tiny()
    data["scenes"]["cellar"] = {"name": "Cellar", "description": "Dark.",
                                "exits": [{"to": "hall", "name": "stairs"}]}  # fmt: skip
    data["scenes"]["yard"]["exits"].append({"to": "cellar", "name": "cellar door"})
    data["scenes"]["hall"]["exits"][0]["to"] = "yrad"
    data["endings"].append({"id": "down", "title": "Down", "text": "Deep.",
                            "when": {"in_scene": "cellar"}})  # fmt: skip
    data["items"] = {"lamp": {"name": "lamp"}}  # unrelated: a root of its own
    result = validate(tmp_path, data)
    assert result.exit_code == 3
    lines = result.stdout.splitlines()
    assert (
        "error: dangling reference: scenes.hall.exits[0].to: no scene 'yrad' — did you mean"
        in (lines[0])
    )
    under = []
    for line in lines[1:]:
        if not line.startswith("  because of the above: "):
            break
        under.append(line)
    assert any("unreachable scene: scenes.yard" in line for line in under), lines
    assert any("unreachable scene: scenes.cellar" in line for line in under), lines
    assert any("unreachable ending: endings[1] (down)" in line for line in under), lines
    unused = next(line for line in lines if "unused: items.lamp" in line)
    assert not unused.startswith(" ")
    listed = json.loads(validate(tmp_path, data, "--format", "json").stdout)
    cellar = next(p for p in listed if p["path"] == "scenes.cellar")
    assert cellar["because"]["path"] == "scenes.hall.exits[0].to" and cellar["because"]["line"]
    assert next(p for p in listed if p["path"] == "items.lamp")["because"] is None


def test_a_flag_nothing_sets_is_the_root_of_the_ending_that_waits_for_it(tmp_path: Path) -> None:
    data = tiny()
    data["endings"][0]["when"] = {"all": [{"flag": "chest_open"}, {"flag": "moon_is_blue"}]}
    lines = validate(tmp_path, data).stdout.splitlines()
    root = next(
        n for n, line in enumerate(lines) if "unknown flag: endings[0] (opened).when" in line
    )
    assert not lines[root].startswith(" ")
    assert lines[root + 1].startswith("  because of the above: ")
    assert (
        "unreachable ending: endings[0] (opened).when: needs flag 'moon_is_blue'"
        in (lines[root + 1])
    )


def test_a_scene_no_way_leads_to_is_its_own_root_and_the_root_of_what_is_behind_it(
    tmp_path: Path,
) -> None:
    data = tiny()
    data["scenes"]["hall"]["exits"] = []
    data["scenes"]["yard"]["exits"].append({"to": "loft", "name": "ladder"})
    data["scenes"]["loft"] = {"name": "Loft", "description": "Hay.",
                              "exits": [{"to": "yard", "name": "ladder down"}]}  # fmt: skip
    lines = validate(tmp_path, data).stdout.splitlines()
    yard = next(n for n, line in enumerate(lines) if "unreachable scene: scenes.yard" in line)
    assert not lines[yard].startswith(" ")
    assert "unreachable scene: scenes.loft" in lines[yard + 1]
    assert lines[yard + 1].startswith("  because of the above: ")
