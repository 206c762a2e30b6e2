"""What a set of conditions reads of the world, read in one cheap pass.

The trigger engine checks every trigger, goal and ending several times a turn, and most
checks find the world as the last one left it: a fight in the inn changes hit points and
the ledger, but no flag, scene, judgment or event a condition names. A :class:`Watch`
knows, for one campaign's conditions, exactly what they can read — the flags and ledger
facts they name, the scene, the encounters and challenges they ask about, the judgments
they watch — and reads just that, flat (a few dictionary look-ups), as a *reading*. Two
moments with the same reading give every condition the same answer, so a check that
found nothing to do on a reading need not be made again on the same reading.

A condition whose answer rests on more of the world than a few values (``present``,
``has_item``) is read whole, its answer being the value. A kind of condition
this module does not know makes the set unwatchable (:func:`watch_of` gives ``None``), so
the engine checks everything, every time: a new kind can never be skipped by mistake.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from app.world.facts import holds
from app.world.scores import score
from app.world.state import GameState
from app.world.when import MOMENTS, Fact

Reading = tuple[Any, ...]
"""The values a set of conditions depends on, at one moment (hashable)."""
Probe = Callable[[GameState], Any]
"""Reads one part of a reading."""

_COMPOSITE = frozenset({"all", "any", "not_", "threshold", ""})
"""Kinds made of other conditions (or of none): they read nothing themselves."""
_WHOLE = frozenset({"has_item", "present"})
"""Kinds read whole: the condition's answer is its own reading."""
_FOES = frozenset({"defeated", "killed", "surrendered", "fled"})
_FATES = frozenset({"spared", "bound", "executed"})


class _Needs:
    """What a set of conditions reads, gathered atom by atom."""

    def __init__(self) -> None:
        self.flags: dict[str, None] = {}
        self.props: dict[str, None] = {}
        self.scene = False
        self.visited = False
        self.turn = False
        self.turn_start = False
        self.scene_start = False
        self.defeated = False
        self.foes: dict[str, None] = {}
        self.challenges: dict[str, None] = {}
        self.judged: dict[str, None] = {}
        self.scores: dict[str, None] = {}
        self.whole: list[Fact] = []
        self.unknown = False

    def add(self, atom: Fact) -> None:
        """Note what one atom reads (composite kinds read through their parts)."""
        kind = atom.kind
        if kind in _COMPOSITE:
            return
        if kind in _WHOLE:
            self.whole.append(atom)
        elif kind == "flag":
            self.flags[atom.flag or ""] = None
        elif kind == "met":
            self.flags[f"met_{atom.met}"] = None
            self.props[f"spoke_to.{atom.met}"] = None
        elif kind == "happened":
            self.props[atom.happened or ""] = None
            if atom.after is not None:
                self.props[atom.after] = None
            self._span(atom.within)
        elif kind in MOMENTS:
            self.props[f"{kind}.{getattr(atom, kind)}"] = None
            self._span("turn" if atom.within is None else atom.within)
        elif kind in _FATES:
            self.props[f"{kind}.{getattr(atom, kind)}"] = None
        elif kind in ("gave", "showed"):
            whom = f".{atom.to}" if atom.to else ""
            self.props[f"gave.{atom.gave or atom.showed}{whom}"] = None
            self.props[f"showed.{atom.gave or atom.showed}{whom}"] = None
        elif kind == "goal":
            self.props[f"goal.{atom.goal}"] = None
        elif kind == "compare":  # a score, compared with a number the condition holds
            self.scores[atom.comparison()[0]] = None
        elif kind == "in_scene":
            self.scene = True
        elif kind == "visited":
            self.scene = self.visited = True
        elif kind in _FOES:
            self.defeated = True
            self.foes[str(getattr(atom, kind))] = None
        elif kind in ("passed", "failed"):
            self.challenges[str(getattr(atom, kind))] = None
        elif kind == "judged":
            self.judged[atom.judged or ""] = None
            self.turn = self.turn or isinstance(atom.within, int)
        else:  # a kind this module does not know: nothing may be skipped
            self.unknown = True

    def _span(self, within: int | str | None) -> None:
        if within == "turn":
            self.turn_start = True
        elif within == "scene":
            self.scene_start = True
        elif within is not None:
            self.turn = True

    def probes(self) -> list[Probe]:
        """One probe per part of the world the conditions read. (Each builds its tuple from
        a list, not a generator: a reading is taken several times a turn, and a generator
        costs more to start than these few values cost to read.)"""
        found: list[Probe] = []
        if self.flags:
            names = tuple(self.flags)
            found.append(lambda s: tuple([s.flags.get(n) for n in names]))
        if self.props:
            props = tuple(self.props)
            found.append(lambda s: tuple([_seen(s.truth.index.get(p)) for p in props]))
        if self.scene:
            found.append(lambda s: s.scene.id)
        if self.visited:
            found.append(lambda s: tuple(s.visited))
        if self.turn:
            found.append(lambda s: s.turn)
        if self.turn_start:
            found.append(lambda s: s.truth.turn_start)
        if self.scene_start:
            found.append(lambda s: s.truth.scene_start)
        if self.defeated:
            found.append(lambda s: tuple(s.defeated))
        if self.foes:
            foes = frozenset(self.foes)
            found.append(lambda s: tuple([
                (c.id, c.encounter, c.left, c.vitals.state)
                for c in s.creatures.values() if c.encounter in foes
            ]))  # fmt: skip
        if self.challenges:
            ids = tuple(self.challenges)
            found.append(lambda s: tuple([s.challenges.get(c) for c in ids]))
        if self.judged:
            watched = frozenset(self.judged)
            found.append(lambda s: tuple([
                (j.id, j.watch, j.turn, j.status, j.confidence)
                for j in s.truth.judgments if j.watch in watched
            ]))  # fmt: skip
        if self.scores:
            keys = tuple(self.scores)
            found.append(lambda s: tuple([score(s, k) for k in keys]))
        for atom in self.whole:
            found.append(lambda s, atom=atom: holds(atom, s))  # type: ignore[misc]
        return found


def _seen(seen: Any) -> tuple[int, int, int, int] | None:
    return None if seen is None else (seen.first, seen.last, seen.turn, seen.count)


MOST_QUIET = 64
"""Quiet readings a watch keeps (the newest): a game goes back and forth between few."""


class Watch:
    """One set of conditions (and whatever else its user reads, as ``extra`` probes):
    its reading of the world, and the readings on which a check found nothing to do."""

    def __init__(self, probes: list[Probe]) -> None:
        self.probes = probes
        self._quiet: dict[Reading, None] = {}

    def reading(self, state: GameState) -> Reading:
        """What the conditions depend on, now."""
        return tuple([probe(state) for probe in self.probes])

    def quiet(self, reading: Reading) -> bool:
        """A check on this reading was made and found nothing to do."""
        return reading in self._quiet

    def found_nothing(self, state: GameState, reading: Reading) -> None:
        """A check that began on ``reading`` found nothing to do: remember the reading as
        quiet — if the world still reads so (the check itself moved nothing)."""
        if self.reading(state) != reading:
            return
        self._quiet[reading] = None
        if len(self._quiet) > MOST_QUIET:
            del self._quiet[next(iter(self._quiet))]


def watch_of(conditions: Iterable[Fact], extra: Iterable[Probe] = ()) -> Watch | None:
    """A watch over ``conditions`` (and ``extra`` probes), or ``None`` when one of them is
    of a kind whose reads are not known here (then nothing may be skipped)."""
    needs = _Needs()
    for condition in conditions:
        for atom in condition.atoms():
            needs.add(atom)
    if needs.unknown:
        return None
    return Watch([*needs.probes(), *extra])
