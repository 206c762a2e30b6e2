"""``dungeon validate``'s checks of the event system's tables: every id an atom, a
judgment, a tie or an off-screen change names; score keys; thresholds no mix of their
conditions can reach; trigger options that do nothing where they are; keywords given
twice; a minimum confidence nothing reaches. Each problem carries its key path
(``triggers[3].when.threshold.of[1]``) and, where there is a near name, a did-you-mean.

Unknown ids are errors, as elsewhere in the validator (the condition could never hold
as written); the rest are warnings: the game runs, but not as the author meant.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING

from app.world.references import Problem, effects, reference_problems, whens
from app.world.scores import known_key

if TYPE_CHECKING:
    from app.world.campaign import Campaign
    from app.world.when import Fact

SCENE_VERBS = frozenset({"entered", "left", "moved", "visited"})
"""Ledger propositions (``verb.id``) that name a scene."""
NPC_VERBS = frozenset({"spoke_to", "met"})
HANDOVER_VERBS = frozenset({"gave", "showed"})
FATE_VERBS = frozenset({"spared", "bound", "executed"})
"""Propositions ``spared.<encounter or npc or creature>`` (and bound, executed)."""
"""Propositions ``gave.<item>[.<npc>]`` and ``showed.<item>[.<npc>]``."""
SCORE_VERBS = frozenset({"shifted", "shifted_up", "shifted_down", "crossed"})
FREE_VERBS = frozenset({
    "did", "attacked", "targeted", "examined", "arrived", "departed", "spoke", "changed",
    "revealed", "refused",
})  # fmt: skip
"""Propositions whose ids are not the campaign's to check (tool names, creatures, players,
world keys) — or, for ``examined``, are checked as features, NPCs or items."""


def _near(word: str, names: Iterable[str]) -> str:
    found = difflib.get_close_matches(word, list(names), n=1, cutoff=0.6)
    return f" — did you mean {found[0]!r}?" if found else ""


def _walk(where: str, fact: Fact) -> Iterator[tuple[str, Fact]]:
    """Every atom of a condition with its key path (into ``all``, ``any``, ``not`` and
    ``threshold.of``)."""
    yield where, fact
    for key, children in (("all", fact.all), ("any", fact.any)):
        for n, child in enumerate(children or []):
            yield from _walk(f"{where}.{key}[{n}]", child)
    if fact.not_ is not None:
        yield from _walk(f"{where}.not", fact.not_)
    if fact.threshold is not None:
        for n, child in enumerate(fact.threshold.of):
            yield from _walk(f"{where}.threshold.of[{n}]", child)


class _Checker:
    def __init__(self, campaign: Campaign) -> None:
        self.c = campaign
        self.problems: list[Problem] = []
        self.features = {f for s in campaign.scenes.values() for f in s.features}
        self.goals = {g for s in campaign.scenes.values() for g in s.goals}
        self.triggers = {t.id for t in campaign.all_triggers}

    def dangling(self, where: str, what: str, name: str, names: Iterable[str]) -> None:
        known = list(names)
        if name not in known:
            message = f"no {what} {name!r}{_near(name, known)}"
            if what.startswith("dimension"):  # where the author declares them
                message += declared(self.c)
            self.problems.append(Problem("dangling reference", where, message))

    def warn(self, kind: str, where: str, message: str) -> None:
        self.problems.append(Problem(kind, where, message))

    # -- conditions ----------------------------------------------------------------------
    def atom(self, where: str, fact: Fact) -> None:
        c = self.c
        for name, what, names in (
            (fact.present, "npc", c.npcs), (fact.met, "npc", c.npcs),
            (fact.spoke_to, "npc", c.npcs), (fact.visited, "scene", c.scenes),
            (fact.goal, "goal", self.goals), (fact.judged, "judgment", c.judgments),
        ):  # fmt: skip
            if name is not None:
                self.dangling(f"{where}.{_kind(fact)}", what, name, names)
        handed: list[tuple[str, str | None, str, list[str]]] = [
            ("gave", fact.gave, "item", list(c.items)),
            ("showed", fact.showed, "item", list(c.items)),
            ("to", fact.to, "npc", list(c.npcs)),
            *(
                (fate, getattr(fact, fate), "encounter or npc", [*c.encounters, *c.npcs])
                for fate in ("spared", "bound", "executed")
            ),
        ]
        for key, name, what, known in handed:
            if name is not None:
                self.dangling(f"{where}.{key}", what, name, known)
        if fact.examined is not None:
            self.dangling(f"{where}.examined", "feature, npc or item", fact.examined,
                          [*self.features, *c.npcs, *c.items])  # fmt: skip
        for key, prop in (("happened", fact.happened), ("after", fact.after)):
            if prop is not None:
                self.prop(f"{where}.{key}", prop)
        if fact.compare is not None:
            key = fact.comparison()[0]
            if not known_key(c, key):
                self.warn("unknown score", f"{where}.compare",
                          f"{key!r} names no dimension of an npc, nor a counter"
                          f"{_near(key, self.score_keys())}{declared(c)}")  # fmt: skip
        if fact.threshold is not None:
            self.threshold(where, fact)

    def prop(self, where: str, prop: str) -> None:
        verb, _, rest = prop.partition(".")
        c = self.c
        if not rest:
            if verb not in {"revealed", "refused"}:
                self.warn("unknown proposition", where, f"{prop!r} names nothing (verb.id)")
            return
        if verb in SCENE_VERBS:
            self.dangling(where, "scene", rest, c.scenes)
        elif verb in NPC_VERBS:
            self.dangling(where, "npc", rest, c.npcs)
        elif verb == "asked":  # asked.<npc>.<topic>
            nid, _, topic = rest.partition(".")
            self.dangling(where, "npc", nid, c.npcs)
            if nid in c.npcs:
                said = {*c.npcs[nid].topics, *(k for v in c.npcs[nid].variants for k in v.topics)}
                self.dangling(where, f"topic of {nid}", topic, said)
        elif verb in HANDOVER_VERBS:  # gave.<item> or gave.<item>.<npc>
            item, _, npc = rest.partition(".")
            self.dangling(where, "item", item, c.items)
            if npc:
                self.dangling(where, "npc", npc, c.npcs)
        elif verb in FATE_VERBS:
            pass  # a creature's id is the game's, not the campaign's: nothing to check
        elif verb == "fired":
            self.dangling(where, "trigger", rest, self.triggers)
        elif verb == "judged":
            self.dangling(where, "judgment", rest, c.judgments)
        elif verb == "goal":
            self.dangling(where, "goal", rest, self.goals)
        elif verb in SCORE_VERBS:
            key = rest
            if verb == "crossed" and not known_key(c, key):
                key = rest.rpartition(".")[0]  # crossed.affection.berta.friendly
            if not known_key(c, key):
                near = _near(rest, self.score_keys())
                self.warn("unknown score", where, f"{rest!r} names no dimension of an npc, "
                          f"nor a counter{near}{declared(c)}")  # fmt: skip
        elif verb not in FREE_VERBS:
            verbs = sorted(SCENE_VERBS | NPC_VERBS | SCORE_VERBS | FREE_VERBS | HANDOVER_VERBS
                           | FATE_VERBS | {"fired", "judged", "goal", "asked"})  # fmt: skip
            self.warn("unknown proposition", where,
                      f"no proposition {verb!r}{_near(verb, verbs)}")  # fmt: skip

    def threshold(self, where: str, fact: Fact) -> None:
        assert fact.threshold is not None
        most = 0.0
        for child in fact.threshold.of:
            if child.judged is not None:
                spec = self.c.judgments.get(child.judged)
                most += spec.confidence if spec is not None else 0.0
            else:
                most += 1.0
        if most < fact.threshold.min:
            self.warn("unreachable threshold", f"{where}.threshold",
                      f"its conditions sum to at most {most:g}, below min = "
                      f"{fact.threshold.min:g}")  # fmt: skip

    def score_keys(self) -> list[str]:
        dims = self.c.events.dimensions
        return [*self.c.counters, *(f"{d}.{n}" for d in dims for n in self.c.npcs)]

    # -- the tables ----------------------------------------------------------------------
    def run(self) -> list[Problem]:
        c = self.c
        for where, when in self.conditions():
            for at, fact in _walk(where, when):
                self.atom(at, fact)
        for nid, npc in c.npcs.items():
            for item in npc.shown:
                self.dangling(f"npcs.{nid}.shown.{item}", "item", item, c.items)
        for i, trigger in enumerate(c.triggers):
            at = f"triggers[{i}] ({trigger.id})"
            if trigger.refractory and trigger.once:
                self.warn("ignored option", f"{at}.refractory",
                          "refractory needs an ongoing trigger (once = false)")  # fmt: skip
            if trigger.critical and trigger.tier != "deferred":
                self.warn("ignored option", f"{at}.critical",
                          'critical goes with tier = "deferred"')  # fmt: skip
        dims = c.events.dimensions
        for nid, npc in c.npcs.items():
            for other, weight in npc.ties.items():
                where = f"npcs.{nid}.ties.{other}"
                self.dangling(where, "npc", other, c.npcs)
                if other == nid:
                    self.warn("bad tie", where, "an npc cannot be tied to themself")
                if not 0.0 <= weight <= 1.0:
                    self.warn("bad tie", where, f"{weight:g} is not a weight from 0 to 1")
            for dim in npc.start:
                self.dangling(f"npcs.{nid}.start.{dim}", "dimension", dim, dims)
        for jid, spec in c.judgments.items():
            at = f"judgments.{jid}"
            if spec.about is not None:
                self.dangling(f"{at}.about", "npc", spec.about, c.npcs)
            if spec.negated is not None:
                self.dangling(f"{at}.negated", "judgment", spec.negated, c.judgments)
            for n, other in enumerate(spec.excludes):
                self.dangling(f"{at}.excludes[{n}]", "judgment", other, c.judgments)
            if spec.reply and spec.about is None:
                self.warn("ignored option", f"{at}.reply",
                          "a reply is said by the judgment's 'about' NPC: give it one")  # fmt: skip
            for sid in spec.scenes:
                self.dangling(f"{at}.scenes", "scene", sid, c.scenes)
            for key in spec.shift:
                if key not in dims and key not in c.counters:
                    self.dangling(f"{at}.shift.{key}", "dimension or counter", key,
                                  [*dims, *c.counters])  # fmt: skip
            seen: set[str] = set()
            for word in spec.keywords:
                folded = word.casefold().strip()
                if folded in seen:
                    self.warn("duplicate keyword", f"{at}.keywords", f"{word!r} is given twice")
                seen.add(folded)
        if c.judgments and all(
            j.confidence < c.events.min_confidence for j in c.judgments.values()
        ):
            self.warn("nothing counts", "events.min_confidence",
                      f"{c.events.min_confidence:g} is above every judgment's confidence: "
                      "no judgment could count towards a condition")  # fmt: skip
        for i, change in enumerate(c.offscreen):
            if change.npc is not None:
                self.dangling(f"offscreen[{i}] ({change.id}).npc", "npc", change.npc, c.npcs)
        for where, shift in self.shifts():
            for key in shift:
                if not known_key(c, key):
                    self.warn("unknown score", f"{where}.shift.{key}",
                              f"{key!r} names no dimension of an npc, nor a counter"
                              f"{_near(key, self.score_keys())}{declared(c)}")  # fmt: skip
        return self.problems

    def conditions(self) -> Iterator[tuple[str, Fact]]:
        """Every condition, the event system's own (goals, off-screen changes) too."""
        yield from whens(self.c)
        for sid, scene in self.c.scenes.items():
            for gid, goal in scene.goals.items():
                yield f"scenes.{sid}.goals.{gid}.when", goal.when
        for i, change in enumerate(self.c.offscreen):
            if change.when is not None:
                yield f"offscreen[{i}] ({change.id}).when", change.when

    def shifts(self) -> Iterator[tuple[str, dict[str, float]]]:
        for where, _, eff in effects(self.c):
            yield where, eff.shift
        for i, change in enumerate(self.c.offscreen):
            yield f"offscreen[{i}] ({change.id}).effects", change.effects.shift


def declared(c: Campaign) -> str:
    """Where an author declares what may be scored, for a message about a score that is
    not: the dimensions in ``[events]``, counters as tables of their own."""
    dims = ", ".join(c.events.dimensions)
    return (f" (dimensions are declared in [events] dimensions = [...], now: {dims}; "
            "counters as [counters.<id>] tables)")  # fmt: skip


def _kind(fact: Fact) -> str:
    for key in ("present", "met", "spoke_to", "visited", "goal", "judged"):
        if getattr(fact, key) is not None:
            return key
    return "when"


def event_problems(campaign: Campaign) -> list[Problem]:
    """Every problem in the event system's tables and atoms (see the module docstring)."""
    return _Checker(campaign).run()


def play_breaking(campaign: Campaign) -> list[Problem]:
    """The problems that stop ``campaign`` being played: a reference to something it does
    not have, in its scenes, challenges and people or in its event-system tables."""
    found = reference_problems(campaign) + event_problems(campaign)
    return [p for p in found if p.breaks_play]
