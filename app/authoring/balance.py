"""``dungeon balance``: one fight fought many times by the rules alone, with the referee's
tactics (:mod:`app.referee.skirmish`), and what it comes to — the party's odds, how long
it takes, what it costs, and for each side's fighters how often they go down and how much
damage they deal. Everyone is called by name, as the game calls them ("Goblin 2",
"Grubnak"), never by id.

The party is the campaign's own, fresh; or, from a save, the party as the story left it —
hit points, spent slots and feature uses, conditions, level and gear. The foes are an
authored encounter, stat blocks named on the command line, or the foes of the fight a save
stopped in, as they stand, going on in the saved turn order. One seeded RNG runs every
fight in turn, so fight N of a run — the one ``--log N`` shows — is the fight the figures
counted.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from app.referee.skirmish import Fighter, FightResult, fight, from_monster, from_sheet
from app.referee.skirmish_log import FightLog, render
from app.world.campaign import Campaign, Morale
from app.world.companions import dies_at_zero, travelling
from app.world.mercy import foe_morale
from app.world.state import Creature, GameState
from rules.character import CharacterSheet
from rules.damage import LifeState
from rules.srd import Monster


class BalanceError(Exception):
    """The fight asked for cannot be fought (the message says why, for the author)."""


@dataclass(frozen=True)
class Foe:
    """One foe of the fight: its stat block, its name, the group it is counted in, and — a
    foe of a saved fight — the creature as it stands."""

    block: Monster
    id: str
    name: str
    group: str
    creature: Creature | None = None
    spared: bool = False
    """A companion knocked out at 0 hit points rather than killed (``at_zero = "down"``)."""
    morale: Morale | None = None
    """Its author's ``morale`` (what it does once the fight turns against it)."""


@dataclass
class Lineup:
    """Who fights: the party's sheets and the foes, and for a fight a save stopped in, the
    turn order it goes on in."""

    party: list[CharacterSheet]
    foes: list[Foe]
    order: list[str] | None = None
    start: int = 0
    """Where in ``order`` the saved round goes on."""
    first_round: int = 1
    allies: list[Foe] = field(default_factory=list)
    """Companions who fight beside the party (a save's, as they stand): on its side, in
    its figures."""


def companions(state: GameState, story: Campaign) -> list[Foe]:
    """The companions a save has travelling with the party who fight (``fights_as``), as
    they stand: they fight on the party's side."""
    if state.campaign is None:
        state.attach(story)
    return [
        Foe(story.monster(c.monster), c.id, c.name, c.name, c, not dies_at_zero(state, c))
        for c in travelling(state)
        if c.monster is not None
    ]


Group = tuple[str, int, str | None, Morale | None]
"""A stat block id, how many, the name a single foe goes by (``Grubnak``), and their
author's ``morale``."""


def named_foes(story: Campaign, groups: list[Group]) -> list[Foe]:
    """The foes of ``groups``, named as a game names them when a fight starts: a lone
    foe by its stat block ("Goblin Boss"), several numbered ("Goblin 1", "Goblin 2"), a
    named foe by its own name."""
    foes: list[Foe] = []
    for monster_id, count, own, morale in groups:
        block = story.monster(monster_id)
        existing = sum(1 for f in foes if f.block.id == block.id)
        for n in range(count):
            number = existing + n + 1
            name = f"{block.name} {number}" if count > 1 or existing else block.name
            group = own if own is not None else block.name
            foes.append(Foe(block, f"{block.id}-{number}", own or name, group, morale=morale))
    return foes


def saved_fight(state: GameState, story: Campaign, party: list[CharacterSheet]) -> Lineup:
    """The fight a save stopped in: its foes still standing, as they stand, and its turn
    order going on from whoever's turn it was (the next one's, when that one has already
    used its action)."""
    encounter = state.encounter
    if encounter is None:
        raise BalanceError("the save is not in a fight: name an --encounter or a --monster")
    foes: list[Foe] = []
    for entry in encounter.order:
        creature = state.creatures.get(entry.id)
        if entry.side != "foes" or creature is None or creature.left:
            continue
        if creature.vitals.state is LifeState.DEAD or creature.monster is None:
            continue
        block = story.monster(creature.monster)
        foes.append(Foe(block, creature.id, creature.name, block.name, creature,
                        morale=foe_morale(state, creature.id)))  # fmt: skip
    if not foes:
        raise BalanceError("no foe is left standing in the save's fight")
    allies = companions(state, story)
    fielded = {s.id for s in party} | {f.id for f in foes} | {a.id for a in allies}
    ids = [c.id for c in encounter.order]
    current = encounter.turn_index % len(ids)
    economy = encounter.economy.get(ids[current])
    if economy is not None and not economy.action:  # its turn is as good as over
        current += 1
    first_round = encounter.round
    order = [i for i in ids if i in fielded]
    order += [s.id for s in party if s.id not in order]  # joined since the fight began
    order += [a.id for a in allies if a.id not in order]
    start = sum(1 for i in ids[:current] if i in fielded)
    if start >= len(order):  # the rest of the round were the fallen: the next one begins
        start, first_round = 0, first_round + 1
    return Lineup(party, foes, order, start, first_round, allies)


def fielded(foe: Foe) -> Fighter:
    """A foe ready for one fight: fresh from its stat block, or — a foe of a saved fight —
    with the hit points, conditions, slots and spent recharges it has in the save. A
    companion fights on the party's side, knocked out at 0 unless its author says it dies."""
    fighter = from_monster(foe.block, 1, name=foe.name)
    fighter.id, fighter.morale = foe.id, foe.morale
    creature = foe.creature
    if creature is None:
        return fighter
    if creature.side == "party":
        fighter.side, fighter.spared = "party", foe.spared
    fighter.vitals = creature.vitals.model_copy()
    fighter.ac, fighter.defenses = creature.ac, creature.defenses
    fighter.conditions = [c for c in creature.conditions if c.source != "0 hp"]
    kit = fighter.kit
    kit.spent = {a.id for a in kit.specials if creature.resources.get(a.id)}
    if creature.spell_slots is not None:
        kit.slots = {lv: creature.spell_slots.remaining(lv) for lv in kit.slots}
    return fighter


@dataclass
class Tally:
    """One side member's (or one group of foes') totals over every fight."""

    name: str
    members: int = 0
    down: int = 0
    """Fights × members that ended down (dying, dead, or at 0) or out (fled, surrendered)."""
    dealt: int = 0


@dataclass
class Report:
    """What ``balance`` found."""

    fights: int
    wins: int = 0
    rounds: int = 0
    hp_lost: int = 0
    party_down: int = 0
    dead: int = 0
    """Characters dead at the end of a fight, over every fight."""
    deadly: int = 0
    """Fights in which a character died."""
    ends: dict[str, int] = field(default_factory=dict)
    """How fights ended: ``killed`` (every foe dead or down), ``fled`` (a foe ran),
    ``surrendered`` (a foe gave up), ``beaten`` (the party fell), ``undecided``."""
    party: dict[str, Tally] = field(default_factory=dict)
    foes: dict[str, Tally] = field(default_factory=dict)
    log: list[str] = field(default_factory=list)
    """The fight ``--log`` asked for, as lines."""


def run(lineup: Lineup, fights: int, seed: int, shown: int | None = None) -> Report:
    """Fight ``fights`` times with one RNG seeded ``seed``; keep the log of fight number
    ``shown`` (counted from 1), the same fight the figures count."""
    rng = random.Random(seed)
    report = Report(fights)
    for sheet in lineup.party:
        report.party[sheet.id] = Tally(sheet.name, 1)
    for ally in lineup.allies:
        report.party[ally.id] = Tally(ally.name, 1)
    for foe in lineup.foes:
        report.foes.setdefault(foe.group, Tally(foe.group)).members += 1
    sides = (
        [from_sheet(s) for s in lineup.party] + [fielded(a) for a in lineup.allies],
        [fielded(f) for f in lineup.foes],
    )
    for number in range(1, fights + 1):
        party, foes = [f.clone() for f in sides[0]], [f.clone() for f in sides[1]]
        log: FightLog | None = [] if number == shown else None
        result = fight(
            rng, party, foes, order=lineup.order, start=lineup.start,
            first_round=lineup.first_round, log=log,
        )  # fmt: skip
        report.wins += result.winner == "party"
        report.rounds += result.rounds
        report.hp_lost += result.party_hp_lost
        report.party_down += result.party_down
        report.dead += result.party_dead
        report.deadly += result.party_dead > 0
        end = _ending(result)
        report.ends[end] = report.ends.get(end, 0) + 1
        for fighter in party:
            _count(report.party[fighter.id], fighter)
        for foe, fighter in zip(lineup.foes, foes, strict=True):
            _count(report.foes[foe.group], fighter)
        if log is not None:
            report.log = render(log)
    return report


ENDS = ("killed", "fled", "surrendered", "beaten", "undecided")
"""How a fight can end, in the order the report lists them."""


def _ending(result: FightResult) -> str:
    """How one fight ended (a foe who gave up counts before one who ran)."""
    if result.winner == "foes":
        return "beaten"
    if result.winner != "party":
        return "undecided"
    if result.surrendered:
        return "surrendered"
    return "fled" if result.fled else "killed"


def _count(tally: Tally, fighter: Fighter) -> None:
    tally.down += not fighter.up
    tally.dealt += fighter.dealt


def _plural(name: str, count: int) -> str:
    return f"{count} {name}" + ("s" if count > 1 and not name.endswith("s") else "")


def foes_text(lineup: Lineup) -> str:
    """``Grubnak, 2 Goblins``; a saved fight's foes one by one, with their hit points."""
    if lineup.order is not None:
        return ", ".join(_standing(f) for f in lineup.foes)
    counts: dict[str, int] = {}
    for foe in lineup.foes:
        counts[foe.group] = counts.get(foe.group, 0) + 1
    named = {f.group for f in lineup.foes if f.group != f.block.name}
    return ", ".join(g if g in named else _plural(g, n) for g, n in counts.items())


def _standing(foe: Foe) -> str:
    assert foe.creature is not None
    vitals = foe.creature.vitals
    return f"{foe.name} ({vitals.hp}/{vitals.max_hp} HP)"


def party_text(party: list[CharacterSheet]) -> str:
    """``Mira 21/21 HP, Thorin 9/28 HP (poisoned)``: a saved party as it stands."""
    parts = []
    for sheet in party:
        held = ", ".join(c.condition.value for c in sheet.conditions if c.source != "0 hp")
        state = "" if sheet.vitals.hp else f", {sheet.vitals.state.value}"
        parts.append(f"{sheet.name} {sheet.vitals.hp}/{sheet.vitals.max_hp} HP{state}"
                     + (f" ({held})" if held else ""))  # fmt: skip
    return ", ".join(parts)


def summary(report: Report) -> list[str]:
    """The figures: odds, rounds, the party's cost (hit points, characters down, deaths),
    how the fights ended (foes killed, fled or surrendered, the party beaten), then each
    fighter (each of a group of
    alike foes) by name — the share of fights it ends down in, and the damage it deals in
    a fight on average."""
    n = report.fights
    lines = [
        f"party wins: {report.wins / n:.1%}   rounds: {report.rounds / n:.1f}",
        f"party HP lost: {report.hp_lost / n:.1f} on average   "
        f"characters down: {report.party_down / n:.2f}",
        f"characters dead: {report.dead / n:.2f} a fight   "
        f"fights with a death: {report.deadly / n:.1%}",
        "fights end: "
        + ", ".join(
            f"{end} {report.ends.get(end, 0) / n:.1%}" for end in ENDS if report.ends.get(end)
        ),
    ]
    rows = [(t.name, t) for t in report.party.values()]
    rows += [(t.name if t.members == 1 else f"{t.name} (each of {t.members})", t)
             for t in report.foes.values()]  # fmt: skip
    width = max(len("fighter"), *(len(label) for label, _ in rows))
    lines.append(f"  {'fighter':<{width}}  down in  damage a fight")
    for label, tally in rows:
        down, dealt = tally.down / (n * tally.members), tally.dealt / (n * tally.members)
        lines.append(f"  {label:<{width}}  {down:>7.1%}  {dealt:>14.1f}")
    return lines
