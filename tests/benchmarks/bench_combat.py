"""Whole fights per second, no UI, resolved by the offline referee's tactics.

Two figures side by side, measured in the same run:
- rules-only: the fast fight loop (``app.dm.referee.skirmish``): initiative, attack rolls,
  damage and death saves through ``rules``, the referee's targeting;
- whole session: the same fight played through GameSession, the offline referee and the
  tool executors, exactly as a game runs it (turn snapshots, context, events).
Scenarios: 1 fighter vs 1 goblin, and 4 characters vs 6 goblins. A measurement, not a
pass/fail test; the 1v1 rules-only aim is >= 2,800 fights/s.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import time

from app.dm.referee.referee import OfflineReferee
from app.dm.referee.skirmish import fight, from_monster, from_sheet
from app.dm.tools.campaign_tools import start_encounter
from app.session.actions import PlayerAction
from app.session.session import GameSession
from app.world.campaign import (
    CAMPAIGNS_DIR,
    Campaign,
    EncounterSpec,
    MonsterCount,
    load_campaign,
)
from app.world.newgame import new_game
from rules.srd import srd


def rules_only(
    campaign: Campaign, party_ids: list[str], goblins: int, fights: int
) -> tuple[float, float]:
    """Fights per second and the party's win rate."""
    rng = random.Random(1)
    block = srd().monsters["goblin"]
    sheets = [campaign.character(cid) for cid in party_ids]
    wins = 0
    start = time.perf_counter()
    for _ in range(fights):
        party = [from_sheet(s) for s in sheets]
        foes = [from_monster(block, n + 1) for n in range(goblins)]
        wins += fight(rng, party, foes).winner == "party"
    return fights / (time.perf_counter() - start), wins / fights


async def _session_fight(campaign: Campaign, party_ids: list[str], goblins: int, seed: int) -> str:
    campaign = campaign.model_copy(deep=True)
    campaign.campaign.party = party_ids
    campaign.encounters["bench"] = EncounterSpec(
        name="bench", monsters=[MonsterCount(monster="goblin", count=goblins)]
    )
    state = new_game(campaign, seed=seed)
    referee = OfflineReferee(campaign)
    session = GameSession(state, referee)
    referee.bind(lambda: session.state)

    start_encounter(session.state, "bench")
    for _ in range(400):
        if session.state.encounter is None:
            break
        if session.foe_turn:
            async for _event in session.run_until_players():
                pass
            continue
        current = session.state.encounter.current.id
        session.submit(PlayerAction(character_id=current, text="attack the nearest goblin"))
        async for _event in session.run_until_players():
            pass
    alive = any(s.vitals.hp > 0 for s in session.state.party.values())
    return "party" if alive else "foes"


def whole_session(
    campaign: Campaign, party_ids: list[str], goblins: int, fights: int
) -> tuple[float, float]:
    """Fights per second through the full game machinery, and the party's win rate."""
    wins = 0
    start = time.perf_counter()
    for seed in range(fights):
        wins += asyncio.run(_session_fight(campaign, party_ids, goblins, seed)) == "party"
    return fights / (time.perf_counter() - start), wins / fights


def main(argv: list[str] | None = None) -> list[tuple[str, float, float, float]]:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--fights", type=int, default=2000, help="rules-only fights per scenario")
    parser.add_argument("--session-fights", type=int, default=40, help="whole-session fights")
    args = parser.parse_args(argv)
    campaign = load_campaign(CAMPAIGNS_DIR / "crossroads")
    # a fourth character for the 4v6 scenario: a second fighter
    extra = campaign.character("thorin").model_copy(update={"id": "brunna", "name": "Brunna"})
    campaign.characters.append(extra)
    scenarios = [
        ("1 fighter vs 1 goblin", ["thorin"], 1),
        ("4 characters vs 6 goblins", ["mira", "thorin", "aria", "brunna"], 6),
    ]
    print(
        f"{'scenario':<26} {'rules-only fights/s':>20} {'session fights/s':>17} {'ratio':>7} "
        "party wins (rules / session)"
    )
    rows = []
    for label, ids, goblins in scenarios:
        fast, wins = rules_only(campaign, ids, goblins, args.fights)
        slow, session_wins = whole_session(campaign, ids, goblins, args.session_fights)
        rows.append((label, fast, slow, wins))
        print(
            f"{label:<26} {fast:>20,.0f} {slow:>17,.1f} {fast / slow:>6.0f}x "
            f"{wins:>6.0%} /{session_wins:>4.0%}"
        )
    print(
        "rules-only = the balance simulator; session = GameSession + offline referee + tools,"
        " the way a game runs (snapshots, context, events, triggers)."
    )
    return rows


if __name__ == "__main__":
    main()
