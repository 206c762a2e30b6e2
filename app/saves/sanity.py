"""Sense checks on a loaded game: every number within its bounds, every id resolving.

The models check each value on its own (a level is 1-20, HP is not negative); these checks
look across values — HP against its maximum, the players' characters against the party,
the initiative order against who is in the world — which a hand edit or a damaged file can
break while every single value stays valid. :func:`check_state` needs only the state and
runs when a save is read; :func:`check_campaign` needs the campaign and runs when a resumed
game is joined to it. Both return problems naming the key, so the error can name the file
and the key, and nothing loads half-sane; :mod:`app.saves.sense` adds the checks of what
the rules allow and of what never changes in play.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Iterator

from app.saves.sense import check_lives, check_sheets, check_table
from app.saves.shape import Problem
from app.saves.truthsense import check_truth, check_truth_campaign
from app.world.campaign import Campaign
from app.world.newgame import fingerprint
from app.world.state import GameState

CAMPAIGN_ID = re.compile(r"[a-z0-9][a-z0-9_-]{0,39}")
"""What a campaign id looks like: a name in the campaigns folder, never a path."""
DEFEAT = "defeat"
"""The ending every campaign has: the whole party fell (``app.actions.endings.DEFEAT``;
saves sit below the game's verbs and cannot import it)."""


def _unknown(key: str, ids: Iterable[str], known: Iterable[str], what: str) -> Iterator[Problem]:
    """One problem for the first id in ``ids`` that is not in ``known``."""
    pool = set(known)
    keyed = isinstance(ids, dict)  # a table names the id in its key, an array by position
    for index, item in enumerate(ids):
        if item not in pool:
            yield Problem(f"{key}.{item}" if keyed else f"{key}.{index}", f"{item!r} is not {what}")
            return


def _sheets(state: GameState) -> Iterator[Problem]:
    for cid, sheet in state.party.items():
        key = f"state.party.{cid}"
        if sheet.id != cid:
            yield Problem(f"{key}.id", f"{sheet.id!r} differs from its table name {cid!r}")
    for cid, creature in state.creatures.items():
        key = f"state.creatures.{cid}"
        if creature.id != cid:
            yield Problem(f"{key}.id", f"{creature.id!r} differs from its table name {cid!r}")


def _people(state: GameState) -> Iterator[Problem]:
    party = list(state.party)
    if not party:
        yield Problem("state.party", "is empty: a game has at least one character")
    owners: dict[str, str] = {}
    for player, ids in state.players.items():
        yield from _unknown(f"state.players.{player}", ids, party, "a character in the party")
        for cid in ids:
            if cid in owners and owners[cid] != player:
                yield Problem(f"state.players.{player}", f"{cid!r} is also {owners[cid]}'s")
            owners[cid] = player
    # The turn order's players and queued actions are not checked here: resuming repairs
    # them (``app.session.hotseat.recover``) — an older version could save a round in which
    # everyone had passed, or actions of a player who had left.
    if state.restriction is not None:
        ids = state.restriction.character_ids
        yield from _unknown("state.restriction.character_ids", ids, party, "in the party")
    yield from _unknown("state.own_characters", state.own_characters, party, "in the party")
    yield from _unknown("state.long_rested", state.long_rested, party, "in the party")


def _fight(state: GameState) -> Iterator[Problem]:
    fight = state.encounter
    if fight is None:
        return
    if not fight.order:
        yield Problem("state.encounter.order", "is empty while a fight is on")
        return
    ids = [c.id for c in fight.order]
    yield from _unknown("state.encounter.order", ids, state.known_ids(), "in the party or world")
    if len(set(ids)) != len(ids):
        yield Problem("state.encounter.order", "names someone twice")
    if state.party and not set(ids) & set(state.party):
        yield Problem("state.encounter.order", "holds nobody of the party: the foes would "
                      "take turns for ever")  # fmt: skip
    if fight.turn_index >= len(ids):
        yield Problem(
            "state.encounter.turn_index",
            f"{fight.turn_index} is past the end of the order ({len(ids)} combatants)",
        )
    yield from _unknown("state.encounter.economy", fight.economy, ids, "in the order")
    yield from _unknown("state.encounter.spells_cast", fight.spells_cast, ids, "in the order")
    yield from _unknown("state.encounter.positions", fight.positions, ids, "in the order")
    for cid, spot in fight.positions.items():
        where = f"state.encounter.positions.{cid}.engaged"
        yield from _unknown(where, spot.engaged, ids, "in the order")
        if cid in spot.engaged:
            yield Problem(where, f"{cid!r} is engaged with itself")
        for other in spot.engaged:
            there = fight.positions.get(other)
            if there is not None and there.engaged.get(cid) != spot.engaged[other]:
                yield Problem(where, f"{other!r} does not stand engaged with {cid!r} in turn")


def _story(state: GameState) -> Iterator[Problem]:
    if not CAMPAIGN_ID.fullmatch(state.campaign_id):
        yield Problem("state.campaign_id", f"{state.campaign_id!r} is not a campaign id")
    if state.scenes:
        scenes = list(state.scenes)
        if state.scene.id not in state.scenes:
            yield Problem("state.scene.id", f"{state.scene.id!r} is not one of state.scenes")
        for sid, scene in state.scenes.items():
            if scene.id != sid:
                yield Problem(f"state.scenes.{sid}.id", f"{scene.id!r} differs from {sid!r}")
            yield from _unknown(f"state.scenes.{sid}.exits", scene.exits, scenes, "a scene")
        yield from _unknown("state.visited", state.visited, scenes, "a scene")
    if state.summarised_through > state.turn or state.summarised_through < 0:
        yield Problem(
            "state.summarised_through",
            f"{state.summarised_through} is not between 0 and the turn ({state.turn})",
        )
    # The story's turns are in order (a story is only ever appended to): its newest is
    # the one that could be past the game's turn.
    if state.history and not 0 <= state.history[-1].number <= state.turn:
        last = state.history[-1].number
        yield Problem(f"story.turn.{len(state.history)}.number", f"{last} is past the turn")
    for index, change in enumerate(state.changes):
        if not 0 <= change.turn <= state.turn:
            yield Problem(f"state.changes.{index}.turn", f"{change.turn} is past the turn")
            break
    if any(count < 1 for count in state.fired_triggers.values()):
        yield Problem("state.fired_triggers", "counts a trigger as fired fewer than once")


def check_state(state: GameState) -> list[Problem]:
    """Problems a loaded state has on its own, in the order a reader meets them."""
    return [
        *_story(state),
        *_sheets(state),
        *check_lives(state),
        *_people(state),
        *_fight(state),
        *check_table(state),
        *check_truth(state),
    ]


def check_rng(gauss: object) -> list[Problem]:
    """The RNG's spare normal draw, if any, is a finite number."""
    if gauss is None:
        return []
    if isinstance(gauss, bool) or not isinstance(gauss, float) or not math.isfinite(gauss):
        return [Problem("rng.gauss_next", f"{gauss!r} is not a finite number")]
    return []


def check_campaign(state: GameState, campaign: Campaign, *, as_now: bool = False) -> list[Problem]:
    """Problems a state has against the campaign it plays: every id it names resolves, and
    each pregen still has what the campaign's sheet made it with — unless the author has
    changed that sheet since the game began (its fingerprint differs): a saved game goes on
    with the character as it was made. ``as_now`` compares with the sheets as they are now
    all the same (a game taken over to a new version while it runs, which can start again
    with them)."""
    scenes = list(campaign.scenes)
    triggers = [t.id for t in campaign.all_triggers]
    problems: list[Problem] = []
    if state.scene.id not in campaign.scenes:
        problems.append(Problem("state.scene.id", f"{state.scene.id!r} is not a scene of it"))
    checks: list[tuple[str, Iterable[str], Iterable[str], str]] = [
        ("state.scenes", state.scenes, scenes, "a scene of the campaign"),
        ("state.visited", state.visited, scenes, "a scene of the campaign"),
        ("state.party", state.party, [c.id for c in campaign.characters], "a campaign character"),
        ("state.challenges", state.challenges, campaign.challenges, "a campaign challenge"),
        ("state.fired_triggers", state.fired_triggers, triggers, "a trigger"),
        ("state.triggers_holding", state.triggers_holding, triggers, "a trigger"),
        ("state.defeated", state.defeated, campaign.encounters, "a campaign encounter"),
    ]  # fmt: skip
    for key, ids, known, what in checks:
        problems.extend(_unknown(key, ids, known, what))
    for cid, creature in state.creatures.items():
        key = f"state.creatures.{cid}"
        if creature.encounter is not None and creature.encounter not in campaign.encounters:
            problems.append(Problem(f"{key}.encounter", f"{creature.encounter!r} is unknown"))
        if creature.npc is not None and creature.npc not in campaign.npcs:
            problems.append(Problem(f"{key}.npc", f"{creature.npc!r} is not an NPC of it"))
        if creature.monster is not None and not campaign.has_monster(creature.monster):
            problems.append(Problem(f"{key}.monster", f"{creature.monster!r} is no monster"))
    if state.started is None:
        problems.append(Problem("state.started", "missing — a campaign game records when it began"))
    own = set(state.own_characters)  # the players' own characters: no pregen to compare
    kept = {} if as_now else state.pregens  # (an older save keeps none: compared)
    changed = {s.id for s in campaign.characters if s.id in kept and kept[s.id] != fingerprint(s)}
    sheets = {s.id: s for s in campaign.characters if s.id not in own | changed}
    problems.extend(check_sheets(state, sheets, "the campaign"))
    endings = {DEFEAT, *(e.id for e in campaign.endings)}
    if state.ending is not None and state.ending not in endings:
        problems.append(Problem("state.ending", f"{state.ending!r} is not an ending of it"))
    problems.extend(check_truth_campaign(state, campaign))
    return problems
