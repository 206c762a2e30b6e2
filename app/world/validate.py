"""Checks a campaign beyond its schema: dangling references (:mod:`app.world.references`,
which loading also refuses), scenes nobody can reach, endings that cannot be reached,
triggers that can never fire (reachability: :mod:`app.world.possible`), flags read but
never set or set but never read (:mod:`app.world.flagchecks`), content nothing brings
into play, and text that names someone who is never there (:mod:`app.world.mentions`).

A problem that follows from another is listed under it (:mod:`app.world.knockons`): the
author mends the first and the rest go with it.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from app.world.campaign import Campaign
from app.world.eventchecks import event_problems
from app.world.flagchecks import flag_problems
from app.world.knockons import Causes
from app.world.mentions import mention_problems
from app.world.possible import carried_items, what_can_happen, why_not
from app.world.pregenchecks import pregen_problems
from app.world.references import (
    Problem,
    effects,
    missing,
    named_members,
    reference_problems,
    whens,
)
from app.world.tomlplaces import locate, parse_path

__all__ = ["Located", "Problem", "locate_problems", "validate_campaign"]


def validate_campaign(campaign: Campaign) -> list[Problem]:
    """Every problem found; an empty list means the campaign is sound. A problem that
    follows from another (an ending in a scene nobody reaches, because the only way there
    names a scene that does not exist) says so in ``because``."""
    problems = reference_problems(campaign)
    if any(p.where == "campaign.start" for p in problems):
        return problems
    possible = what_can_happen(campaign)
    causes = Causes(campaign, possible)
    for sid in campaign.scenes:
        if sid not in possible.scenes:
            problems.append(Problem("unreachable scene", f"scenes.{sid}",
                                    "no exit or effect leads here from the start",
                                    subject=f"scene:{sid}"))  # fmt: skip
            causes.follows(problems[-1], scene=sid)
    for i, trigger in enumerate(campaign.triggers):
        if trigger.id not in possible.fired:
            where = f"triggers[{i}] ({trigger.id}).when"
            problems.append(Problem("trigger never fires", where, why_not(possible, trigger.when),
                                    subject=f"trigger:{trigger.id}"))  # fmt: skip
            causes.follows(problems[-1], fact=trigger.when)
    if not campaign.endings:
        problems.append(Problem("no ending", "endings", "add at least one [[endings]] table"))
    for i, ending in enumerate(campaign.endings):
        if ending.when is not None and not possible.satisfiable(ending.when):
            where = f"endings[{i}] ({ending.id}).when"
            problems.append(Problem("unreachable ending", where, why_not(possible, ending.when)))
            causes.follows(problems[-1], fact=ending.when)
    for where, when in whens(campaign):
        if ".variants[" in where and not possible.satisfiable(when):
            problems.append(Problem("variant never shows", where, why_not(possible, when)))
            causes.follows(problems[-1], fact=when)
    problems += event_problems(campaign) + unused_problems(campaign)
    problems += flag_problems(campaign) + mention_problems(campaign) + cover_problems(campaign)
    problems += pregen_problems(campaign)
    return causes.grouped(problems)


@dataclass(frozen=True)
class Located:
    """A problem with the place in the file where the author must look."""

    problem: Problem
    file: Path
    line: int
    col: int
    because: Located | None = None
    """The problem listed above this one that it follows from (mend that one first)."""

    @property
    def severity(self) -> str:
        """``error`` (the campaign cannot be played) or ``warning``."""
        return "error" if self.problem.breaks_play else "warning"

    def text(self) -> str:
        """``file:line:col: error: kind: key.path: message``."""
        at = f"{self.file}:{self.line}:{self.col}" if self.line else str(self.file)
        return f"{at}: {self.severity}: {self.problem}"

    def as_dict(self) -> dict[str, object]:
        """The problem as JSON-ready data, for editors and CI (``because``: the problem it
        follows from, or null)."""
        root = self.because
        because = None
        if root is not None:
            because = {"kind": root.problem.kind, "path": root.problem.where,
                       "line": root.line, "col": root.col}  # fmt: skip
        return {
            "severity": self.severity,
            "file": str(self.file),
            "line": self.line,
            "col": self.col,
            "kind": self.problem.kind,
            "path": self.problem.where,
            "message": self.problem.message,
            "because": because,
        }


def locate_problems(file: Path, problems: list[Problem]) -> list[Located]:
    """Each problem with its line and column, errors before warnings, in file order — and
    right after each, the problems that follow from it (``because`` set), in file order."""
    try:
        places = locate(file.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError):
        places = None

    def at(problem: Problem) -> tuple[int, int]:
        spot = places.place(parse_path(problem.where)) if places is not None else None
        return spot or (0, 0)

    listed = {id(p) for p in problems}
    children: dict[int, list[Problem]] = {}
    roots = []
    for problem in problems:
        if problem.because is not None and id(problem.because) in listed:
            children.setdefault(id(problem.because), []).append(problem)
        else:
            roots.append(Located(problem, file, *at(problem)))
    roots.sort(key=lambda p: (p.severity != "error", p.line, p.col))
    found = []
    for root in roots:
        found.append(root)
        under = [Located(p, file, *at(p), because=root) for p in children.get(id(root.problem), [])]
        found += sorted(under, key=lambda p: (p.line, p.col))
    return found


def unused_problems(campaign: Campaign) -> list[Problem]:
    """Content nothing brings into play (an encounter no scene or effect starts, a person
    in no scene, an item nobody can find): warnings, for they are usually a forgotten link
    rather than a choice."""
    problems: list[Problem] = []
    every = [eff for _, _, eff in effects(campaign)]
    started = {s.encounter for s in campaign.scenes.values() if s.encounter}
    started |= {e.start_encounter for e in every if e.start_encounter}
    for eid in campaign.encounters:
        if eid not in started:
            problems.append(Problem("unused", f"encounters.{eid}",
                                    "no scene or effect starts this fight",
                                    subject=f"encounter:{eid}"))  # fmt: skip
    placed = {n for s in campaign.scenes.values() for n in s.npcs}
    placed |= {nid for nid, npc in campaign.npcs.items() if npc.appears}
    placed |= {npc for _, npc in named_members(campaign)}
    for nid in campaign.npcs:
        if nid not in placed:
            message = "in no scene's npcs and with no appears: nobody meets them"
            problems.append(Problem("unused", f"npcs.{nid}", message, subject=f"npc:{nid}"))
    found = {i for s in campaign.scenes.values() for i in s.items}
    found |= {i for e in every for i in e.give_items}
    found |= carried_items(campaign, campaign.characters)
    for iid in campaign.items:
        if iid not in found:
            message = "in no scene's items, no character's inventory, and no effect gives it"
            problems.append(Problem("unused", f"items.{iid}", message, subject=f"item:{iid}"))
    return problems


def cover_problems(campaign: Campaign) -> list[Problem]:
    """Foes set ``behind`` a feature no scene of their fight has, or one that gives no
    cover: the fight runs, but they stand in the open (a warning)."""
    problems: list[Problem] = []
    scenes = {eid: [s for s in campaign.scenes.values() if s.encounter == eid]
              for eid in campaign.encounters}  # fmt: skip
    started_by = {
        e.start_encounter: sid or "" for _, sid, e in effects(campaign) if e.start_encounter
    }
    for eid, encounter in campaign.encounters.items():
        first = started_by.get(eid)
        where = scenes[eid] or (
            [campaign.scenes[first]] if first in campaign.scenes else list(campaign.scenes.values())
        )
        features = {fid: f for s in where for fid, f in s.features.items()}
        for n, group in enumerate(encounter.monsters):
            if group.behind is None:
                continue
            wanted = group.behind.strip().lower().removeprefix("the ")
            found = next((f for fid, f in features.items()
                          if wanted in {fid, f.name.lower(), *(a.lower() for a in f.aliases)}),
                         None)  # fmt: skip
            at = f"encounters.{eid}.monsters[{n}].behind"
            if found is None:
                known = [*features, *(f.name for f in features.values())]
                message = missing("feature", group.behind, known) + (
                    " where this fight starts: these foes get no cover (give the scene that "
                    "feature, with a cover, or name one it has)"
                )
                problems.append(Problem("no such cover", at, message))
            elif found.cover is None:
                message = (
                    f'{found.name!r} gives no cover: add cover = "half", '
                    '"three_quarters" or "total" to the feature'
                )
                problems.append(Problem("no such cover", at, message))
    return problems
