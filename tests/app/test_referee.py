"""The offline referee: its reading of player text, and the shipped campaign played to
every one of its endings with fixed seeds — the same transcript every time."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from app.actions.campaign_tools import enter_scene
from app.cli.main import app
from app.session.setup import start_session
from app.understanding import understand
from app.world.campaignfile import load_campaign
from app.world.folders import CAMPAIGNS_DIR
from tests.app.conftest import narration, of_type, turn

CAMPAIGN = load_campaign(CAMPAIGNS_DIR / "crossroads")
SCRIPTS = CAMPAIGNS_DIR / "crossroads" / "scripts"
PEACE_SEED, VICTORY_SEED, MERCY_SEED, ALLIANCE_SEED = 0, 1, 19, 0
ENDING_SCRIPTS = {
    "alliance": ("alliance.txt", ALLIANCE_SEED),
    "peace": ("peace.txt", PEACE_SEED),
    "mercy": ("mercy.txt", MERCY_SEED),
    "victory": ("victory.txt", VICTORY_SEED),
}
"""Each ending of the shipped campaign, and the script (with its seed) that reaches it."""


def intent_in(
    scene: str, text: str, actor: str = "mira", **flags: object
) -> tuple[str, str | None]:
    session = start_session(CAMPAIGN, 1)
    state = session.state
    state.flags.update(flags)
    if scene != "inn":
        state.flags["trapdoor_open"] = True
        state.visited += ["cellar", "warren", "chief_hall"]  # no scene fights in these tests
        enter_scene(state, scene, "test")
    found = understand(text, actor, state, CAMPAIGN)
    return found.kind, found.target


@pytest.mark.parametrize(
    ("scene", "text", "kind", "target"),
    [
        ("inn", "I pick the lock on the trapdoor", "challenge", "trapdoor_lock"),
        ("inn", "Mira tries to unlock the trapdoor with her tools", "challenge", "trapdoor_lock"),
        ("inn", "I kick the trapdoor as hard as I can", "challenge", "force_trapdoor"),
        ("inn", "break the lock!", "challenge", "force_trapdoor"),
        ("inn", "look around", "examine", None),
        ("inn", "I examine the padlock", "examine", "trapdoor"),
        ("inn", "inspect the trapdor", "examine", "trapdoor"),  # a typo
        # the warming simply happens (told back), then the look: two clauses
        ("inn", "I warm my hands by the fire and look at the hearth", "improvise", "hearth"),
        ("inn", "talk to the innkeeper", "talk", "berta"),
        ("inn", "Ask Berta about the reward", "talk", "berta"),
        ("inn", "Berta, what happened to Tam?", "talk", "berta"),
        ("inn", "go outside", "move", "old_road"),
        ("inn", "I head out onto the road", "move", "old_road"),
        ("inn", "climb down into the cellar", "move", "cellar"),
        ("inn", "I dance a jig on the table", "improvise", None),
        ("inn", "attack Berta", "ask", "berta"),  # a friend: the referee makes sure
        ("cellar", "lift the flagstone", "challenge", "flagstone"),
        ("cellar", "search the floor for anything hidden", "challenge", "flagstone"),
        ("cellar", "pick up the silver key", "take", "silver_key"),
        ("cellar", "crawl into the tunnel", "move", "warren"),
        ("cellar", "go back up the stairs", "move", "inn"),
        ("warren", "we sneak past the goblins", "challenge", "sneak_past"),
        ("warren", "let's tiptoe by", "challenge", "sneak_past"),
        ("chief_hall", "I try to persuade Grubnak to stop raiding", "challenge", "parley"),
        ("chief_hall", "negotiate a deal with the boss", "challenge", "parley"),
        ("chief_hall", "ask Grubnak about Tam", "talk", "grubnak"),
    ],
)
def test_the_referee_reads_free_text(scene: str, text: str, kind: str, target: str | None) -> None:
    assert intent_in(scene, text) == (kind, target)


def test_a_spell_is_read_with_or_without_cast() -> None:
    assert intent_in("inn", "Aria casts fire bolt at the fire", "aria")[0] == "cast"
    session = start_session(CAMPAIGN, 1)
    found = understand("firebolt the hearth", "aria", session.state, CAMPAIGN)
    assert (found.kind, found.spell) == ("cast", "fire_bolt")


async def test_a_passed_challenge_is_not_tried_again() -> None:
    assert intent_in("inn", "pick the lock", trapdoor_open=True) == ("challenge", "trapdoor_lock")
    session = start_session(CAMPAIGN, 1)
    session.state.challenges["trapdoor_lock"] = "passed"
    found = understand("I pick the lock on the trapdoor", "mira", session.state, CAMPAIGN)
    assert (found.kind, found.target) == ("challenge", "trapdoor_lock")
    events = await turn(session, ("mira", "I pick the lock on the trapdoor"))
    assert "it is done already" in narration(events)
    assert not of_type(events, "dice_roll")


async def test_unclear_input_gets_a_helpful_reply() -> None:
    session = start_session(CAMPAIGN, 2)
    events = await turn(session, ("mira", "I frobnicate the wotsits"))
    text = narration(events)
    assert "look at the trapdoor, hearth" in text and "talk to Berta" in text
    assert "the front door (The Old Road)" in text


def simulate(script: str, seed: int) -> tuple[int, str]:
    result = CliRunner().invoke(
        app, ["simulate", "crossroads", "--script", str(SCRIPTS / script), "--seed", str(seed),
              "--until-end"],
    )  # fmt: skip
    return result.exit_code, result.stdout


def test_the_peace_ending_is_reached() -> None:
    code, out = simulate("peace.txt", PEACE_SEED)
    assert code == 0, out[-2000:]
    assert "ending: The Quiet Cellar" in out
    assert "[roll] Mira: pick the trapdoor padlock DC 13" in out  # the check chain's start
    assert "Tam, the potboy, crawls out" in out  # the trigger
    assert "[gate] only mira may act (Grubnak will only parley with Mira)" in out


def test_the_victory_ending_is_reached() -> None:
    code, out = simulate("victory.txt", VICTORY_SEED)
    assert code == 0, out[-2000:]
    assert "ending: Steel in the Dark" in out
    assert "Grubnak's face darkens" in out
    assert "Grubnak: initiative" in out  # the boss named in the story is in his fight
    fights = re.findall(r"The fight lasted \d+ rounds?\. ([^.]*) fell", out)
    assert any("Grubnak" in fell and "Goblin" in fell for fell in fights)


def test_a_beaten_grubnak_surrenders_and_the_mercy_ending_follows() -> None:
    code, out = simulate("mercy.txt", MERCY_SEED)
    assert code == 0, out[-2000:]
    assert "Goblin 3 and Goblin 4 fell; Grubnak surrendered." in out
    assert "ending: Mercy in the Dark" in out


def test_a_reassured_berta_and_a_respected_grubnak_make_the_alliance_ending() -> None:
    code, out = simulate("alliance.txt", ALLIANCE_SEED)
    assert code == 0, out[-2000:]
    assert "ending: Friends Under the Floor" in out
    assert "'My last healing potion." in out  # a trigger on what Mira's words meant
    assert "Berta trusts you more (word from Tam) — trust 3" in out  # Tam told her
    assert "Grubnak's Hall (slip past the goblin guards)" in out  # no guard was harmed
    assert "~ trigger grubnak_listens [scene]" in out  # courtesy, a gift, guards slipped past
    assert "[roll] Mira: talk Grubnak into peace" not in out  # words won it, not a roll


@pytest.mark.parametrize("ending", [ending.id for ending in CAMPAIGN.endings])
def test_every_ending_has_a_script_that_reaches_it(ending: str) -> None:
    assert ending in ENDING_SCRIPTS, f"no script reaches the ending {ending!r}"
    script, seed = ENDING_SCRIPTS[ending]
    code, out = simulate(script, seed)
    title = next(found.title for found in CAMPAIGN.endings if found.id == ending)
    assert code == 0 and f"ending: {title}" in out, out[-2000:]


def test_simulate_is_byte_identical_for_the_same_seed_and_script() -> None:
    first = simulate("peace.txt", 7)
    assert first == simulate("peace.txt", 7)
    assert first != simulate("peace.txt", 8)


def test_simulate_without_an_ending_fails_with_until_end(tmp_path: Path) -> None:
    script = tmp_path / "short.txt"
    script.write_text("Mira: look around\n")
    runner = CliRunner()
    ok = runner.invoke(app, ["simulate", "crossroads", "--script", str(script)])
    assert ok.exit_code == 0 and "ending: none reached" in ok.stdout
    strict = runner.invoke(app, ["simulate", "crossroads", "--script", str(script), "--until-end"])
    assert strict.exit_code == 1
    script.write_text("this line has no speaker\n")
    bad = runner.invoke(app, ["simulate", "crossroads", "--script", str(script)])
    assert bad.exit_code == 2 and "expected 'Name: action'" in bad.stderr


def test_simulate_with_a_scripted_dm(tmp_path: Path) -> None:
    dm = tmp_path / "dm.toml"
    dm.write_text('[[reply]]\ntext = "Berta beams at you."\n')
    script = tmp_path / "s.txt"
    script.write_text("Mira: hello Berta\n")
    result = CliRunner().invoke(
        app, ["simulate", "crossroads", "--script", str(script), "--brain", "scripted",
              "--brain-file", str(dm)],
    )  # fmt: skip
    assert result.exit_code == 0 and "DM: Berta beams at you." in result.stdout
