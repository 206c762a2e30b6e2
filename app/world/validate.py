"""Checks a campaign beyond its schema: dangling references (:mod:`app.world.references`,
which loading also refuses), scenes nobody can reach,
endings that cannot be reached, triggers that can never fire.

Reachability is a fixpoint over what the campaign can make true: scenes reachable through
exits (whose required flags something can set) and scene moves, flags set by effects in
reachable places, items given or lying in reachable scenes, encounters that can start,
challenges that can be attempted. A condition is satisfiable when its facts can happen
(``not`` is taken as satisfiable: absence is easy).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from app.world.campaign import Campaign, Effects
from app.world.eventchecks import event_problems
from app.world.references import (
    Problem,
    effects,
    facts,
    named_members,
    reference_problems,
    whens,
)
from app.world.tomlplaces import locate, parse_path
from app.world.when import Fact

__all__ = ["Located", "Problem", "locate_problems", "validate_campaign"]


IN_PLAY = ("threshold", "present", "visited", "met", "goal", "spoke_to", "examined", "attacked",
           "happened", "judged", "compare")  # fmt: skip
"""Atoms of the event system: what the players say and do in play makes them true, which
this reachability of the campaign's own effects cannot follow; taken as satisfiable."""


def _in_play(fact: Fact) -> bool:
    return any(getattr(fact, key) is not None for key in IN_PLAY)


@dataclass
class _Possible:
    scenes: set[str] = field(default_factory=set)
    flags: set[tuple[str, str]] = field(default_factory=set)
    items: set[str] = field(default_factory=set)
    encounters: set[str] = field(default_factory=set)
    challenges: set[str] = field(default_factory=set)
    fired: set[str] = field(default_factory=set)

    def size(self) -> int:
        return sum(len(s) for s in (self.scenes, self.flags, self.items, self.encounters,
                                    self.challenges, self.fired))  # fmt: skip

    def flag(self, name: str, value: object = None) -> bool:
        if value is None:
            return any(n == name and v not in ("False", "0", "''") for n, v in self.flags)
        return (name, repr(value)) in self.flags

    def satisfiable(self, fact: Fact) -> bool:
        if fact.all is not None:
            return all(self.satisfiable(f) for f in fact.all)
        if fact.any is not None:
            return any(self.satisfiable(f) for f in fact.any)
        if fact.not_ is not None or _in_play(fact):
            return True
        if fact.in_scene:
            return fact.in_scene in self.scenes
        if fact.has_item:
            return fact.has_item in self.items
        if fact.flag:
            return self.flag(fact.flag, fact.equals)
        encounter = fact.encounter()
        if encounter:
            return encounter in self.encounters
        return (fact.passed or fact.failed or "") in self.challenges


def _apply(possible: _Possible, eff: Effects) -> None:
    possible.flags.update((k, repr(v)) for k, v in eff.set_flags.items())
    possible.items.update(eff.give_items)
    if eff.move_to:
        possible.scenes.add(eff.move_to)
    if eff.start_encounter:
        possible.encounters.add(eff.start_encounter)
    if eff.next:
        possible.challenges.add(eff.next)


def _what_can_happen(campaign: Campaign) -> _Possible:
    possible = _Possible(scenes={campaign.campaign.start})
    while True:
        before = possible.size()
        for sid in list(possible.scenes):
            scene = campaign.scenes.get(sid)
            if scene is None:
                continue
            for exit_ in scene.exits:
                flag_ok = exit_.requires_flag is None or possible.flag(exit_.requires_flag)
                if flag_ok and (exit_.when is None or possible.satisfiable(exit_.when)):
                    possible.scenes.add(exit_.to)
            possible.items.update(scene.items)
            if scene.encounter:
                possible.encounters.add(scene.encounter)
            for cid, challenge in campaign.challenges.items():
                if challenge.scene == sid:
                    possible.challenges.add(cid)
        for cid in possible.challenges & set(campaign.challenges):
            challenge = campaign.challenges[cid]
            _apply(possible, challenge.success)
            _apply(possible, challenge.failure)
        for trigger in campaign.all_triggers:
            if possible.satisfiable(trigger.when):
                possible.fired.add(trigger.id)
                _apply(possible, trigger.effects)
        if possible.size() == before:
            return possible


NEVER = "its condition needs something the campaign never makes true"


def why_not(possible: _Possible, fact: Fact) -> str:
    """Which part of a condition can never hold, in words: the atoms to look at."""
    if fact.all is not None:
        return "; ".join(why_not(possible, f) for f in fact.all if not possible.satisfiable(f))
    if fact.any is not None:
        return "none of its 'any' can hold: " + "; ".join(why_not(possible, f) for f in fact.any)
    if fact.in_scene:
        return f"needs the party in scene {fact.in_scene!r}, which nothing leads to"
    if fact.has_item:
        return f"needs item {fact.has_item!r}, which no reachable effect or scene gives"
    if fact.flag:
        value = "" if fact.equals is None else f" = {fact.equals!r}"
        return f"needs flag {fact.flag!r}{value}, which nothing reachable sets"
    encounter = fact.encounter()
    if encounter:
        return f"needs encounter {encounter!r} fought, which never starts"
    challenge = fact.passed or fact.failed or ""
    return f"needs challenge {challenge!r}, which can never be attempted (its scene is unreachable)"


def validate_campaign(campaign: Campaign) -> list[Problem]:
    """Every problem found; an empty list means the campaign is sound."""
    problems = reference_problems(campaign)
    if any(p.where == "campaign.start" for p in problems):
        return problems
    possible = _what_can_happen(campaign)
    for sid in campaign.scenes:
        if sid not in possible.scenes:
            problems.append(Problem("unreachable scene", f"scenes.{sid}",
                                    "no exit or effect leads here from the start"))  # fmt: skip
    for i, trigger in enumerate(campaign.triggers):
        if trigger.id not in possible.fired:
            where = f"triggers[{i}] ({trigger.id}).when"
            problems.append(Problem("trigger never fires", where, why_not(possible, trigger.when)))
    if not campaign.endings:
        problems.append(Problem("no ending", "endings", "add at least one [[endings]] table"))
    for i, ending in enumerate(campaign.endings):
        if ending.when is not None and not possible.satisfiable(ending.when):
            where = f"endings[{i}] ({ending.id}).when"
            problems.append(Problem("unreachable ending", where, why_not(possible, ending.when)))
    for where, when in whens(campaign):
        if ".variants[" in where and not possible.satisfiable(when):
            problems.append(Problem("variant never shows", where, why_not(possible, when)))
    return problems + event_problems(campaign) + unused_problems(campaign)


@dataclass(frozen=True)
class Located:
    """A problem with the place in the file where the author must look."""

    problem: Problem
    file: Path
    line: int
    col: int

    @property
    def severity(self) -> str:
        """``error`` (the campaign cannot be played) or ``warning``."""
        return "error" if self.problem.breaks_play else "warning"

    def text(self) -> str:
        """``file:line:col: error: kind: key.path: message``."""
        at = f"{self.file}:{self.line}:{self.col}" if self.line else str(self.file)
        return f"{at}: {self.severity}: {self.problem}"

    def as_dict(self) -> dict[str, object]:
        """The problem as JSON-ready data, for editors and CI."""
        return {
            "severity": self.severity,
            "file": str(self.file),
            "line": self.line,
            "col": self.col,
            "kind": self.problem.kind,
            "path": self.problem.where,
            "message": self.problem.message,
        }


def locate_problems(file: Path, problems: list[Problem]) -> list[Located]:
    """Each problem with its line and column, errors before warnings, in file order."""
    try:
        places = locate(file.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError):
        places = None
    found = []
    for problem in problems:
        spot = places.place(parse_path(problem.where)) if places is not None else None
        line, col = spot or (0, 0)
        found.append(Located(problem, file, line, col))
    found.sort(key=lambda p: (p.severity != "error", p.line, p.col))
    return found


def unused_problems(campaign: Campaign) -> list[Problem]:
    """Content nothing brings into play (an encounter no scene or effect starts, a person
    in no scene, an item nobody can find) and flags set that nothing reads: warnings, for
    they are usually a forgotten link rather than a choice."""
    problems: list[Problem] = []
    every = [eff for _, _, eff in effects(campaign)]
    started = {s.encounter for s in campaign.scenes.values() if s.encounter}
    started |= {e.start_encounter for e in every if e.start_encounter}
    for eid in campaign.encounters:
        if eid not in started:
            problems.append(Problem("unused", f"encounters.{eid}",
                                    "no scene or effect starts this fight"))  # fmt: skip
    placed = {n for s in campaign.scenes.values() for n in s.npcs}
    placed |= {nid for nid, npc in campaign.npcs.items() if npc.appears}
    placed |= {npc for _, npc in named_members(campaign)}
    for nid in campaign.npcs:
        if nid not in placed:
            message = "in no scene's npcs and with no appears: nobody meets them"
            problems.append(Problem("unused", f"npcs.{nid}", message))
    found = {i for s in campaign.scenes.values() for i in s.items}
    found |= {i for e in every for i in e.give_items}
    carried = {entry.lower() for sheet in campaign.characters for entry in sheet.inventory}
    for iid, item in campaign.items.items():  # a pregenerated character starts with it
        if carried & {iid.lower(), item.name.lower(), *(a.lower() for a in item.aliases)}:
            found.add(iid)
    for iid in campaign.items:
        if iid not in found:
            message = "in no scene's items, no character's inventory, and no effect gives it"
            problems.append(Problem("unused", f"items.{iid}", message))
    read = {x.requires_flag for s in campaign.scenes.values() for x in s.exits if x.requires_flag}
    read |= {f.flag for _, when in whens(campaign) for f in facts(when) if f.flag}
    for where, _, eff in effects(campaign):
        for flag in eff.set_flags:
            if flag not in read:
                message = f"flag {flag!r} is set but no condition or exit reads it"
                problems.append(Problem("unread flag", f"{where}.set_flags.{flag}", message))
    return problems
