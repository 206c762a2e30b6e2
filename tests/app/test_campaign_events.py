"""The shipped campaign's relationships, played with the offline referee: what the players
say to Berta, Tam and Grubnak moves their feelings, triggers answer the words' meaning,
word travels between scenes, and the best ending needs Berta's trust."""

from __future__ import annotations

import pytest

from app.actions.campaign_tools import enter_scene
from app.actions.position_tools import leave_fight
from app.session.runner import run_lines
from app.session.session import GameSession
from app.session.setup import start_session
from app.world import bonds, view
from app.world.campaignfile import load_campaign
from app.world.folders import CAMPAIGNS_DIR
from app.world.scores import score

CAMPAIGN = load_campaign(CAMPAIGNS_DIR / "crossroads")
ALLIANCE = (CAMPAIGNS_DIR / "crossroads" / "scripts" / "alliance.txt").read_text("utf-8")
LINES = [line for line in ALLIANCE.splitlines() if line.strip() and not line.startswith("#")]
HAIL = "Mira: Hail, mighty Grubnak, great chief of the tunnels! We bring you a gift of sausages."
COURTESY = "Mira: Hail, mighty Grubnak, great chief of the tunnels! We come in peace."


async def play(session: GameSession, lines: list[str]) -> str:
    result = await run_lines(session, lines)
    assert not result.errors and not result.refused, result.transcript
    return "\n".join(result.transcript)


def at_grubnak(seed: int = 1, **flags: object) -> GameSession:
    """A game standing in Grubnak's hall with Tam found (no fights on the way)."""
    session = start_session(CAMPAIGN, seed)
    state = session.state
    state.flags.update({"trapdoor_open": True, "tam_found": True, "guards_passed": True})
    state.flags.update(flags)
    state.visited += ["cellar", "warren", "chief_hall"]
    enter_scene(state, "chief_hall", "test")
    return session


async def test_reassuring_berta_earns_her_trust_and_her_last_potion() -> None:
    session = start_session(CAMPAIGN, 1)
    await play(session, ["Mira: Don't worry, Berta. We'll bring Tam home safe, I promise."])
    state = session.state
    assert score(state, "trust.berta") == 2  # she starts at 1
    assert "healing potion" in [i.lower() for i in state.party["mira"].inventory]
    assert not state.flags.get("purse_closed")


async def test_slighting_berta_closes_her_purse_and_cools_her_greeting() -> None:
    session = start_session(CAMPAIGN, 1)
    await play(session, ["Mira: Pay us first, old woman.", "Thorin: Hurry up, we don't care."])
    state = session.state
    assert state.flags.get("purse_closed") is True
    assert score(state, "trust.berta") <= -1
    berta = view.npc_view(state, CAMPAIGN, "berta")
    assert berta.greeting.startswith("'Oh. You again.'")
    assert "Not a copper before" in berta.topics["reward"].text
    # A slight first: no potion, however kind the party is afterwards.
    await play(session, ["Mira: Don't worry, Berta, we'll bring him home, I promise."])
    assert "healing potion" not in [i.lower() for i in state.party["mira"].inventory]


async def test_a_kind_word_to_tam_reaches_berta_when_the_party_moves_on() -> None:
    session = start_session(CAMPAIGN, 2)
    kind = next(i for i, line in enumerate(LINES) if "so brave" in line)
    await play(session, LINES[: kind + 1])
    state = session.state
    assert state.scene.id == "cellar" and state.flags.get("tam_found")
    assert score(state, "trust.tam") == 1
    assert score(state, "trust.berta") == 2  # not yet: word travels at the scene's end
    shown = await play(session, ["Mira: crawl into the tunnel"])
    assert score(state, "trust.berta") == 3
    assert "Berta trusts you more (word from Tam)" in shown


async def test_grubnak_listens_only_when_enough_goes_the_partys_way() -> None:
    plain = at_grubnak()
    shown = await play(plain, [COURTESY])
    # Courtesy alone: not enough (and the referee greets him as the world now reads — his
    # respect is up, so he is glad of polite guests).
    assert not plain.state.flags.get("peace_made")
    assert "Polite ones!" in shown
    earned = at_grubnak()
    bonds.shift(earned.state, "respect.grubnak", 2, "spared his guards")
    await play(earned, [COURTESY])
    assert earned.state.flags.get("peace_made") is True
    # courtesy and a gift, each heard in words (0.7 apiece): two things going his way
    offered = at_grubnak()
    await play(offered, [COURTESY, "Mira: We brought you sausages and ale as a gift."])
    assert offered.state.flags.get("peace_made") is True


@pytest.mark.parametrize(("trust", "ending"), [(1, "peace"), (3, "alliance")])
async def test_peace_becomes_an_alliance_when_berta_trusts_the_party(
    trust: float, ending: str
) -> None:
    session = at_grubnak()
    state = session.state
    bonds.shift(state, "respect.grubnak", 2, "spared his guards")
    if trust != 1:
        bonds.shift(state, "trust.berta", trust - 1, "kind words")
    await play(session, [HAIL])
    assert state.ending == ending


async def test_mocking_grubnak_makes_him_hostile() -> None:
    session = at_grubnak()
    await play(session, ["Mira: Nice hat, you ridiculous pot head. Lol."])
    await play(session, ["Mira: You stupid little runt, or else."])
    state = session.state
    assert score(state, "respect.grubnak") <= -2
    assert bonds.attitude(state, "grubnak") == "hostile"
    assert "remembers" in view.npc_view(state, CAMPAIGN, "grubnak").greeting


@pytest.mark.parametrize(
    ("spared", "word", "respect"),
    [(False, "grubnak_mourns", -1), (True, "guards_tell_grubnak", 1)],
)
async def test_grubnak_hears_how_the_party_treated_his_guards(
    spared: bool, word: str, respect: float
) -> None:
    """Seed 1: the party fails to sneak past the guards and fights them. Fought to the end,
    the guards die (off-screen, Grubnak finds out); when they give up instead, one runs
    ahead to tell him (a deferred trigger, at the scene's end)."""
    session = start_session(CAMPAIGN, 1)
    fight = [i for i, line in enumerate(LINES) if line.startswith("fight until")][1]
    curtain = next(i for i, line in enumerate(LINES) if "hide curtain" in line)
    await play(session, LINES[:fight])
    state = session.state
    assert state.encounter is not None  # the guards saw them
    if spared:  # beaten, both surrender (as the referee's morale has them do)
        for guard in [c for c in state.creatures.values() if c.encounter == "tunnel_guards"]:
            guard.left, guard.hostile = "surrendered", False
            leave_fight(state, guard.id)
    await play(session, LINES[fight:curtain])
    assert state.scene.id == "warren" and score(state, "respect.grubnak") == 0
    await play(session, [LINES[curtain]])
    assert state.scene.id == "chief_hall"
    assert score(state, "respect.grubnak") == respect
    assert f"fired.{word}" in state.truth.index
