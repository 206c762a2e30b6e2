"""The offline referee: its reading of player text, and the shipped campaign played to
its three endings with fixed seeds — the same transcript every time."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from app.cli import app
from app.dm.referee.parser import parse_intent
from app.dm.tools.campaign_tools import enter_scene
from app.session.setup import start_session
from app.world.campaign import CAMPAIGNS_DIR, load_campaign
from tests.app.conftest import narration, turn

CAMPAIGN = load_campaign(CAMPAIGNS_DIR / "crossroads")
SCRIPTS = CAMPAIGNS_DIR / "crossroads" / "scripts"
PEACE_SEED, VICTORY_SEED, MERCY_SEED = 11, 14, 7


def intent_in(scene: str, text: str, **flags: object) -> tuple[str, str | None]:
    session = start_session(CAMPAIGN, 1)
    state = session.state
    state.flags.update(flags)
    if scene != "inn":
        state.flags["trapdoor_open"] = True
        state.visited += ["cellar", "warren", "chief_hall"]  # no scene fights in these tests
        enter_scene(state, scene, "test")
    found = parse_intent(text, state, CAMPAIGN)
    return found.kind, found.target


@pytest.mark.parametrize(
    ("scene", "text", "kind", "target"),
    [
        ("inn", "I pick the lock on the trapdoor", "challenge", "trapdoor_lock"),
        ("inn", "Mira tries to unlock the trapdoor with her tools", "challenge", "trapdoor_lock"),
        ("inn", "I kick the trapdoor as hard as I can", "challenge", "force_trapdoor"),
        ("inn", "break the lock!", "challenge", "force_trapdoor"),
        ("inn", "look around", "look", None),
        ("inn", "I examine the padlock", "look", "trapdoor"),
        ("inn", "inspect the trapdor", "look", "trapdoor"),  # a typo
        ("inn", "I warm my hands by the fire and look at the hearth", "look", "hearth"),
        ("inn", "talk to the innkeeper", "talk", "berta"),
        ("inn", "Ask Berta about the reward", "talk", "berta"),
        ("inn", "Berta, what happened to Tam?", "talk", "berta"),
        ("inn", "go outside", "go", "old_road"),
        ("inn", "I head out onto the road", "go", "old_road"),
        ("inn", "climb down into the cellar", "go", "cellar"),
        ("inn", "I dance a jig on the table", "unknown", None),
        ("inn", "attack Berta", "attack", None),
        ("inn", "Aria casts fire bolt at the fire", "cast", None),
        ("cellar", "lift the flagstone", "challenge", "flagstone"),
        ("cellar", "search the floor for anything hidden", "challenge", "flagstone"),
        ("cellar", "pick up the silver key", "take", "silver_key"),
        ("cellar", "crawl into the tunnel", "go", "warren"),
        ("cellar", "go back up the stairs", "go", "inn"),
        ("warren", "we sneak past the goblins", "challenge", "sneak_past"),
        ("warren", "let's tiptoe by", "challenge", "sneak_past"),
        ("chief_hall", "I try to persuade Grubnak to stop raiding", "challenge", "parley"),
        ("chief_hall", "negotiate a deal with the boss", "challenge", "parley"),
        ("chief_hall", "ask Grubnak about Tam", "talk", "grubnak"),
    ],
)
def test_the_referee_reads_free_text(scene: str, text: str, kind: str, target: str | None) -> None:
    assert intent_in(scene, text) == (kind, target)


def test_a_passed_challenge_is_not_tried_again() -> None:
    assert intent_in("inn", "pick the lock", trapdoor_open=True) in {
        ("challenge", "trapdoor_lock"),  # not yet passed: the flag alone does not pass it
    }
    session = start_session(CAMPAIGN, 1)
    session.state.challenges["trapdoor_lock"] = "passed"
    found = parse_intent("I pick the lock on the trapdoor", session.state, CAMPAIGN)
    assert (found.kind, found.target) == ("done", "trapdoor_lock")


async def test_unclear_input_gets_a_helpful_reply() -> None:
    session = start_session(CAMPAIGN, 2)
    events = await turn(session, ("mira", "I juggle three turnips"))
    text = narration(events)
    assert "look at trapdoor, hearth" in text and "talk to Berta" in text
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
    assert re.search(r"The fight lasted \d rounds?\. Grubnak(, Goblin \d)* and Goblin \d fell", out)


def test_a_beaten_grubnak_surrenders_and_the_mercy_ending_follows() -> None:
    code, out = simulate("mercy.txt", MERCY_SEED)
    assert code == 0, out[-2000:]
    assert "Goblin 3 and Goblin 4 fell; Grubnak surrendered." in out
    assert "ending: Mercy in the Dark" in out


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
