"""Which problems of a campaign follow from others: mend the root and they go with it.

One slip often shows up many times: an exit that names a scene that does not exist leaves
the scene it meant unreachable, and with it every scene behind it, the endings that need
them and the triggers that wait there. The validator lists the root first and these
knock-ons under it, so an author starts where the trouble starts.

Something that can never happen (a scene, a flag, a challenge, a trigger, an item, a
fight) is traced back through what could have brought it about — the exits into a scene
and their gates, the effects that set a flag or move the party, the scenes where a thing
lies — to the problems that explain it: a reference to something the campaign lacks, a
flag nothing sets, content nothing brings into play, or a scene no way leads to at all.
"""

from __future__ import annotations

import difflib
import sys
from collections.abc import Collection
from dataclasses import replace
from typing import TYPE_CHECKING

from app.world.possible import Possible, exit_open, in_play
from app.world.references import Problem

if TYPE_CHECKING:
    from app.world.campaign import Campaign
    from app.world.challengespec import Effects
    from app.world.scenespec import Exit
    from app.world.spec import FlagValue
    from app.world.when import Fact

Token = tuple[str, str]
"""Something that can never happen: (``scene``/``flag``/``challenge``/…, id)."""


_DEEPEST = 6000
"""How deep the search for a problem's root may go: a chain of some thousand scenes, each
a few calls deep (past it, the problems are listed ungrouped)."""


class Causes:
    """Collects the problems that may follow from others, then says from which."""

    def __init__(self, campaign: Campaign, possible: Possible) -> None:
        self.campaign = campaign
        self.possible = possible
        self.pending: list[tuple[Problem, Token | None, Fact | None]] = []
        self.subjects: dict[str, list[Problem]] = {}
        self.meant: dict[str, list[Problem]] = {}
        """Scene id -> references to a misspelt scene that probably meant it."""
        self.cache: dict[tuple[str, str], list[Problem]] = {}
        self.visiting: set[tuple[str, str]] = set()
        self.cuts = 0
        self.brings: dict[tuple[str, str], list[Token]] = {}
        """(effect key, id) -> the challenges, triggers and changes whose effects bring it."""
        self.setters: dict[str, list[tuple[Token, FlagValue]]] = {}
        self.ways_in: dict[str, list[tuple[str, Exit]]] = {}
        for sid, scene in campaign.scenes.items():
            for exit_ in scene.exits:
                self.ways_in.setdefault(exit_.to, []).append((sid, exit_))
        owners: list[tuple[Token, Effects]] = []
        for cid, challenge in campaign.challenges.items():
            owners += [(("challenge", cid), challenge.success),
                       (("challenge", cid), challenge.failure)]  # fmt: skip
        owners += [(("trigger", t.id), t.effects) for t in campaign.all_triggers]
        owners += [(("offscreen", o.id), o.effects) for o in campaign.offscreen]
        for owner, eff in owners:
            for key, name in (("move_to", eff.move_to), ("next", eff.next),
                              ("start_encounter", eff.start_encounter),
                              *(("give_items", i) for i in eff.give_items)):  # fmt: skip
                if name:
                    self.brings.setdefault((key, name), []).append(owner)
            for flag, value in eff.set_flags.items():
                self.setters.setdefault(flag, []).append((owner, value))

    def follows(
        self, problem: Problem, *, scene: str | None = None, fact: Fact | None = None
    ) -> None:
        """``problem`` may follow from another: the scene it says nobody reaches, or the
        condition it says can never hold."""
        self.pending.append((problem, ("scene", scene) if scene else None, fact))

    def grouped(self, problems: list[Problem]) -> list[Problem]:
        """``problems`` with ``because`` set on each that follows from another (always
        the first problem of its chain). A chain longer than the search can follow (a
        dungeon of hundreds of scenes cut off from the start) leaves the problems listed
        as they are, each on its own."""
        deepest = sys.getrecursionlimit()
        sys.setrecursionlimit(max(deepest, _DEEPEST))
        try:
            return self._grouped(problems)
        except RecursionError:
            return problems
        finally:
            sys.setrecursionlimit(deepest)

    def _grouped(self, problems: list[Problem]) -> list[Problem]:
        scenes = list(self.campaign.scenes)
        for problem in problems:
            if problem.subject:
                self.subjects.setdefault(problem.subject, []).append(problem)
            kind, _, name = problem.subject.partition(":")
            if problem.kind == "dangling reference" and kind == "scene" and scenes:
                for near in difflib.get_close_matches(name, scenes, n=1, cutoff=0.6):
                    self.meant.setdefault(near, []).append(problem)
        root_of: dict[int, Problem] = {}
        for problem in problems:  # text naming someone in no scene at all: that comes first
            if problem.kind == "absent npc":
                nowhere = self._owned(*_token(problem.subject), "unused")
                if nowhere:
                    root_of[id(problem)] = nowhere[0]
        for problem, token, fact in self.pending:
            found = self.roots(token) if token else self.of_fact(fact) if fact else []
            found = [p for p in found if p is not problem]
            if found:
                same = [p for p in found if p.where == problem.where]
                root_of[id(problem)] = (same or found)[0]

        def ultimate(problem: Problem) -> Problem:
            seen = {id(problem)}
            while id(problem) in root_of and id(root_of[id(problem)]) not in seen:
                problem = root_of[id(problem)]
                seen.add(id(problem))
            return problem

        out = []
        for problem in problems:
            root = ultimate(problem)
            out.append(problem if root is problem else replace(problem, because=root))
        return out

    # -- tracing back ---------------------------------------------------------------------
    def roots(self, token: Token, value: FlagValue | None = None) -> list[Problem]:
        """The problems that explain why ``token`` never happens ([] if it can).

        A search from one question: what is on its path is skipped when met again (a
        loop of scenes explains nothing by itself), and something whose search met such a
        loop and found nothing else is left unexplained rather than called a root — the
        root is wherever the loop is entered from, or, for scenes nothing leads into at
        all, the first of them in the file."""
        top = not self.visiting
        if top:
            self.cache = {}
        key = (token[0], f"{token[1]}={value!r}") if value is not None else token
        if key in self.cache:
            return self.cache[key]
        if key in self.visiting:
            self.cuts += 1
            return []
        self.visiting.add(key)
        cuts = self.cuts
        found = _unique(self._explain(token, value))
        self.visiting.discard(key)
        if not found and top and self.cuts > cuts and token[0] == "scene":
            token = self._first_of_island(token)
        if not found and (top or self.cuts == cuts):
            found = self._owned(*token, "unreachable scene", "trigger never fires")
        self.cache[key] = found
        return found

    def _first_of_island(self, token: Token) -> Token:
        """Of scenes that only lead into one another, the first in the file: the one to
        give a way in, and the root of the others."""
        order = {sid: n for n, sid in enumerate(self.campaign.scenes)}
        island = [k for k, v in self.cache.items() if k[0] == "scene" and not v and k[1] in order]
        return min([*island, token], key=lambda k: order.get(k[1], len(order)))

    def of_fact(self, fact: Fact) -> list[Problem]:
        """The problems that explain why a condition can never hold."""
        possible = self.possible
        if possible.satisfiable(fact):
            return []
        if fact.all is not None:
            return [p for f in fact.all if not possible.satisfiable(f) for p in self.of_fact(f)]
        if fact.any is not None:
            return [p for f in fact.any for p in self.of_fact(f)]
        if fact.not_ is not None or in_play(fact):
            return []
        if fact.in_scene:
            return self.roots(("scene", fact.in_scene))
        if fact.has_item or fact.gave or fact.showed:
            return self.roots(("item", fact.has_item or fact.gave or fact.showed or ""))
        if fact.flag:
            return self.roots(("flag", fact.flag), fact.equals)
        encounter = fact.encounter()
        if encounter:
            return self.roots(("encounter", encounter))
        return self.roots(("challenge", fact.passed or fact.failed or ""))

    def _owned(self, kind: str, name: str, *kinds: str) -> list[Problem]:
        """Problems about ``kind:name`` of the given kinds."""
        return [p for p in self.subjects.get(f"{kind}:{name}", []) if p.kind in kinds]

    def _brought(self, key: str, name: str) -> list[Problem]:
        """Roots behind every effect that would bring ``name`` about (by effect key)."""
        return [p for owner in self.brings.get((key, name), []) for p in self.roots(owner)]

    def _explain(self, token: Token, value: FlagValue | None) -> list[Problem]:
        kind, name = token
        c, possible = self.campaign, self.possible
        tables: dict[str, Collection[str]] = {
            "scene": c.scenes, "challenge": c.challenges, "item": c.items,
            "encounter": c.encounters, "npc": c.npcs,
        }  # fmt: skip
        table = tables.get(kind)
        if table is not None and name not in table:
            return self._owned(kind, name, "dangling reference")
        if kind == "scene":
            return [] if name in possible.scenes else self._scene(name)
        if kind == "flag":
            return [] if possible.flag(name, value) else self._flag(name, value)
        if kind == "challenge":
            if name in possible.challenges:
                return []
            return self.roots(("scene", c.challenges[name].scene)) + self._brought("next", name)
        if kind in ("trigger", "offscreen"):
            entries = c.all_triggers if kind == "trigger" else c.offscreen
            when = next((e.when for e in entries if e.id == name), None)
            return self.of_fact(when) if when is not None else []
        if kind in ("item", "encounter"):
            return self._thing(kind, name)
        if kind == "npc":
            return self._met(name)
        return []

    def _thing(self, kind: str, name: str) -> list[Problem]:
        """Why an item is never found or a fight never starts: the scenes it is in or
        starts in, and the effects that give or start it, are out of reach — or there are
        none (it is unused)."""
        c, possible = self.campaign, self.possible
        if name in (possible.items if kind == "item" else possible.encounters):
            return []
        scenes = [sid for sid, s in c.scenes.items()
                  if (name in s.items if kind == "item" else s.encounter == name)]  # fmt: skip
        found = [p for sid in scenes for p in self.roots(("scene", sid))]
        found += self._brought("give_items" if kind == "item" else "start_encounter", name)
        return found or self._owned(kind, name, "unused")

    def _scene(self, sid: str) -> list[Problem]:
        """Why no way leads into an unreachable scene: a misspelt way meant for it, the
        ways in and their gates, the effects that would move the party there."""
        possible = self.possible
        found = list(self.meant.get(sid, []))  # an exit to "celar" meant "cellar"
        for other, exit_ in self.ways_in.get(sid, []):
            if other not in possible.scenes:
                found += self.roots(("scene", other))
            elif not exit_open(possible, exit_.requires_flag, exit_.when):
                if exit_.requires_flag and not possible.flag(exit_.requires_flag):
                    found += self.roots(("flag", exit_.requires_flag))
                if exit_.when is not None:
                    found += self.of_fact(exit_.when)
        return found + self._brought("move_to", sid)

    def _flag(self, name: str, value: FlagValue | None) -> list[Problem]:
        """Why a flag is never set (to ``value``): nothing sets it, or only places that
        are never reached do."""
        setters = [owner for owner, v in self.setters.get(name, []) if _holds(v, value)]
        found = [p for owner in setters for p in self.roots(owner)]
        if name.startswith("met_") and name[4:] in self.campaign.npcs:
            return found + self.roots(("npc", name[4:]))
        return found if setters else self._owned("flag", name, "unknown flag")

    def _met(self, nid: str) -> list[Problem]:
        """Why nobody can ever speak with someone: every place they could be is out of
        reach (or they are in none)."""
        c = self.campaign
        found = [p for sid, s in c.scenes.items() if nid in s.npcs
                 for p in self.roots(("scene", sid))]  # fmt: skip
        for appearance in c.npcs[nid].appears:
            found += self.roots(("scene", appearance.scene))
            if appearance.when is not None:
                found += self.of_fact(appearance.when)
        for eid, encounter in c.encounters.items():
            if any(g.npc == nid for g in encounter.monsters):
                found += self.roots(("encounter", eid))
        return found or self._owned("npc", nid, "unused", "dangling reference")


def _token(subject: str) -> Token:
    kind, _, name = subject.partition(":")
    return kind, name


def _holds(set_to: FlagValue, value: FlagValue | None) -> bool:
    return bool(set_to) if value is None else set_to == value


def _unique(problems: list[Problem]) -> list[Problem]:
    seen: set[int] = set()
    out = []
    for problem in problems:
        if id(problem) not in seen:
            seen.add(id(problem))
            out.append(problem)
    return out
