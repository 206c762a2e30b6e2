"""Whole fights per second, no UI, resolved by the offline referee's tactics.

Figures side by side, measured in the same run:
- rules-only, features off: the fast fight loop (``app.referee.skirmish``) with every
  fighter only swinging its weapon — the baseline;
- rules-only, features on: the same loop with class features, monster traits, breath
  weapons and spells (Sneak Attack, Action Surge, Second Wind, Magic Missile, Pack Tactics,
  Martial Advantage, Undead Fortitude, an acolyte's healing …);
- whole session: the same fight played through GameSession, the offline referee and the
  tool executors, exactly as a game runs it (turn snapshots, context, events, positions,
  checkpoints). Timed: each fight from its start to its end; the game, the referee and the
  session each fight is played in are made before the clock starts (a game makes them
  once, not once a fight), each just before its fight: one game in memory at a time, as
  in play. The aim is >= 1,000 1v1 fights/s.
Scenarios: 1 fighter vs 1 goblin; 4 characters vs 6 goblins; 4 characters (a cleric among
them) vs 6 monsters with traits and a caster. A measurement, not a pass/fail test; the 1v1
rules-only aim is >= 10,000 fights/s with the features on and off. Each rules-only fight
builds its fighters from the sheets and stat blocks, as ``from_sheet`` and ``from_monster``
are called (they keep what a sheet or a block gives and hand out a copy each time).

``--only session --scenario 1v1`` measures the whole-session 1v1 fight alone (``--only
rules`` the fast loop alone).
"""

from __future__ import annotations

import argparse
import asyncio
import random
import time
from pathlib import Path

from app.actions.campaign_tools import start_encounter
from app.referee.referee import OfflineReferee
from app.referee.skirmish import fight, from_monster, from_sheet
from app.session.session import GameSession
from app.world.actions import PlayerAction
from app.world.campaign import Campaign, EncounterSpec, MonsterCount
from app.world.campaignfile import load_campaign
from app.world.folders import CAMPAIGNS_DIR
from app.world.newgame import new_game
from app.world.state import GameState
from rules.srd import srd

HOLLOW_FORD = Path(__file__).resolve().parents[1] / "data" / "campaigns" / "hollow_ford"


Foes = list[tuple[str, int]]
"""Monster ids and how many of each."""


def rules_only(
    campaign: Campaign, party_ids: list[str], foes: Foes, fights: int, *, features: bool = True
) -> tuple[float, float]:
    """Fights per second and the party's win rate."""
    rng = random.Random(1)
    blocks = [(srd().monsters[m], n) for m, n in foes]
    sheets = [campaign.character(cid) for cid in party_ids]
    wins = 0
    start = time.perf_counter()
    for _ in range(fights):
        party = [from_sheet(s, features=features) for s in sheets]
        them = [from_monster(b, i + 1, features=features) for b, n in blocks for i in range(n)]
        wins += fight(rng, party, them).winner == "party"
    return fights / (time.perf_counter() - start), wins / fights


def _session_game(campaign: Campaign, party_ids: list[str], foes: Foes) -> GameState:
    """The game every session fight of a scenario starts from: the campaign's party (the
    scenario's members) with the scenario's foes as an authored encounter, not yet begun."""
    campaign = campaign.model_copy(deep=True)
    campaign.campaign.party = party_ids
    campaign.encounters["bench"] = EncounterSpec(
        name="bench", monsters=[MonsterCount(monster=m, count=n) for m, n in foes]
    )
    return new_game(campaign, seed=0)


def _session_table(base: GameState, seed: int) -> GameSession:
    """A fresh game (a fork of ``base``, its dice seeded with ``seed``) with its referee:
    what a player has before a fight begins. Not timed."""
    state = base.fork()
    state.rng.seed(seed)
    referee = OfflineReferee(state.campaign)
    session = GameSession(state, referee)
    referee.bind(lambda: session.state)
    return session


async def _session_fight(session: GameSession) -> str:
    """The fight, from its start to its end, as a game plays it: the encounter begins, the
    party's fighters each say "attack the nearest foe" on their turns, the referee plays the
    foes; every turn goes through the session (gate, turn snapshot, DM context, the
    referee's tool calls, validation and execution, events, checkpoint)."""
    start_encounter(session.state, "bench")
    for _ in range(400):
        if session.state.encounter is None:
            break
        if not session.foe_turn:
            current = session.state.encounter.current.id
            session.submit(PlayerAction(character_id=current, text="attack the nearest foe"))
        async for _event in session.run_until_players():
            pass
    alive = any(s.vitals.hp > 0 for s in session.state.party.values())
    return "party" if alive else "foes"


def whole_session(
    campaign: Campaign, party_ids: list[str], foes: Foes, fights: int
) -> tuple[float, float]:
    """Fights per second through the full game machinery, and the party's win rate.

    Timed: each fight from ``start_encounter`` to its end. Not timed: loading the campaign
    and making the game (once per scenario), and each fight's fresh copy of it with its
    referee and session (a game makes those once, not once a fight). Each copy is made just
    before its fight, so one game is in memory at a time, as when a game is played: copies
    made ahead for every fight would be hundreds of games the garbage collector walks
    through while the fights run, which no game has."""
    base = _session_game(campaign, party_ids, foes)

    async def play() -> tuple[float, int]:
        wins = 0
        seconds = 0.0
        for seed in range(fights):
            session = _session_table(base, seed)
            start = time.perf_counter()
            wins += await _session_fight(session) == "party"
            seconds += time.perf_counter() - start
        return seconds, wins

    seconds, wins = asyncio.run(play())
    return fights / seconds, wins / fights


SCENARIOS = ("1v1", "4v6", "mixed")
"""Short names of the scenarios, in the order they are run (``--scenario`` picks some)."""


def main(argv: list[str] | None = None) -> list[tuple[str, float, float, float]]:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--fights", type=int, default=2000, help="rules-only fights per scenario")
    parser.add_argument("--session-fights", type=int, default=400, help="whole-session fights")
    parser.add_argument(
        "--only",
        choices=("rules", "session"),
        help="measure only the rules-only loop, or only the whole session (the other "
        "columns show 0)",
    )
    parser.add_argument(
        "--scenario",
        action="append",
        choices=SCENARIOS,
        help="run only this scenario (repeatable): 1v1, 4v6 or mixed; default: all three",
    )
    args = parser.parse_args(argv)
    campaign = load_campaign(CAMPAIGNS_DIR / "crossroads")
    # a fourth character for the 4v6 scenarios: a second fighter, or a cleric
    extra = campaign.character("thorin").model_copy(update={"id": "brunna", "name": "Brunna"})
    campaign.characters.append(extra)
    campaign.characters.append(load_campaign(HOLLOW_FORD).character("sela"))
    scenarios: list[tuple[str, list[str], Foes]] = [
        ("1 fighter vs 1 goblin", ["thorin"], [("goblin", 1)]),
        ("4 characters vs 6 goblins", ["mira", "thorin", "aria", "brunna"], [("goblin", 6)]),
        (
            "4 with a cleric vs 6 mixed",
            ["mira", "thorin", "aria", "sela"],
            [("wolf", 2), ("hobgoblin", 1), ("zombie", 2), ("acolyte", 1)],
        ),
    ]
    chosen = set(args.scenario or SCENARIOS)
    rules, session = args.only != "session", args.only != "rules"
    print(
        f"{'scenario':<28} {'rules fights/s (off)':>21} {'(on)':>8} {'on/off':>7} "
        f"{'session fights/s':>17} {'rules/session':>14}  party wins (off / on / session)"
    )
    rows = []
    for short, (label, ids, foes) in zip(SCENARIOS, scenarios, strict=True):
        if short not in chosen:
            continue
        plain, plain_wins, fast, wins, slow, session_wins = 0.0, 0.0, 0.0, 0.0, 0.0, 0.0
        if rules:
            plain, plain_wins = rules_only(campaign, ids, foes, args.fights, features=False)
            fast, wins = rules_only(campaign, ids, foes, args.fights)
        if session:
            slow, session_wins = whole_session(campaign, ids, foes, args.session_fights)
        rows.append((label, fast, slow, wins))
        print(
            f"{label:<28} {plain:>21,.0f} {fast:>8,.0f} {fast / plain if plain else 0:>6.2f}x "
            f"{slow:>17,.1f} {fast / slow if slow and fast else 0:>13.0f}x  {plain_wins:>4.0%} / "
            f"{wins:>4.0%} / {session_wins:>4.0%}"
        )
    print(
        "rules = the balance simulator (off: weapons only; on: features, traits, breath, spells);"
        " session = GameSession + offline referee + tools, the way a game runs."
    )
    return rows


if __name__ == "__main__":
    main()
