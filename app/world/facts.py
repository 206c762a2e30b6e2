"""Is a campaign condition true of the world right now? The truth of each kind of fact is
read straight from the game state, so triggers and endings can never disagree with it."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Protocol, TypeVar

from app.world.scores import score
from app.world.state import Creature, GameState
from app.world.tied import bound
from app.world.truth import Judgment
from app.world.when import MOMENTS, Fact, Threshold
from rules.damage import LifeState

if TYPE_CHECKING:
    from app.world.campaign import Campaign
    from app.world.challengespec import ChallengeSpec


class _Variant(Protocol):
    @property
    def when(self) -> Fact: ...


V = TypeVar("V", bound=_Variant)


def first_holding(variants: Sequence[V], state: GameState) -> V | None:
    """The first variant (of a scene, feature, person) whose condition holds now."""
    return next((v for v in variants if holds(v.when, state)), None)


def holds(fact: Fact, state: GameState) -> bool:
    """Whether a condition is true now: its :func:`strength` is above zero."""
    return strength(fact, state) > 0


def strength(fact: Fact, state: GameState, rested: list[str] | None = None) -> float:
    """How sure the truth set is that a condition holds, in [0, 1] (a ``threshold``: 1 or
    0). Factual atoms are 1 or 0; ``judged`` is the best confidence of a judgment that
    counts now; ``all`` takes the weakest part, ``any`` the strongest, ``not`` is 1 only
    when its part is 0. The ids of provisional judgments a true result rests on are added
    to ``rested`` (a firing on them may later be revised)."""
    return Reader(state).strength(fact, rested)


class Reader:
    """Reads conditions against one moment of the world. The trigger engine makes one per
    round of a cascade (the world does not change while a round's conditions are read), so
    what every condition needs — the campaign's minimum confidence, the judgments by what
    they watch — is looked up once."""

    def __init__(self, state: GameState) -> None:
        self.state = state
        self.truth = state.truth
        self.turn = state.turn
        campaign = state.campaign
        self.floor = campaign.events.min_confidence if campaign is not None else 0.5
        self._watching: dict[str | None, list[Judgment]] | None = None

    def holds(self, fact: Fact) -> bool:
        """Whether a condition is true now."""
        return self.strength(fact) > 0

    def strength(self, fact: Fact, rested: list[str] | None = None) -> float:
        """See :func:`strength`."""
        kind = fact.kind  # found once per condition: no chain of questions per reading
        if kind == "all":
            return self._all(fact.all or [], rested)
        if kind == "any":
            return self._any(fact.any or [], rested)
        if kind == "not_":
            return 0.0 if fact.not_ is not None and self.strength(fact.not_) > 0 else 1.0
        if kind == "threshold" and fact.threshold is not None:
            return self._threshold(fact.threshold, rested)
        if kind == "judged":
            return self._judged(fact, rested)
        return 1.0 if self._atom(fact) else 0.0

    def _all(self, parts: list[Fact], rested: list[str] | None) -> float:
        found: list[str] = []
        weakest = 1.0
        for part in parts:
            weakest = min(weakest, self.strength(part, found))
            if weakest <= 0:
                return 0.0  # one false part: nothing rests on the others
        if rested is not None:
            rested.extend(j for j in found if j not in rested)
        return weakest

    def _any(self, parts: list[Fact], rested: list[str] | None) -> float:
        best, best_rests = 0.0, list[str]()
        for part in parts:
            found: list[str] = []
            value = self.strength(part, found)
            if value > best:
                best, best_rests = value, found
                if value >= 1 and not found:
                    break  # a certain fact: no judgment can make it surer
        if rested is not None and best > 0:
            rested.extend(j for j in best_rests if j not in rested)
        return best

    def _threshold(self, spec: Threshold, rested: list[str] | None) -> float:
        found: list[str] = []
        total = 0.0
        for part in spec.of:
            total += self.strength(part, found)
        if total < spec.min:
            return 0.0
        if rested is not None:
            rested.extend(j for j in found if j not in rested)
        return 1.0

    def _judged(self, fact: Fact, rested: list[str] | None) -> float:
        """The best confidence of a judgment watching ``fact.judged`` that counts now."""
        if self._watching is None:
            self._watching = {}
            for made in self.truth.judgments:
                if made.status in ("provisional", "refined"):
                    self._watching.setdefault(made.watch, []).append(made)
        floor = self.floor if fact.confidence is None else fact.confidence
        best, best_id, provisional = 0.0, "", False
        for judgment in self._watching.get(fact.judged, ()):
            if isinstance(fact.within, int) and self.turn - judgment.turn > fact.within:
                continue
            if judgment.confidence >= floor and judgment.confidence > best:
                best, best_id = judgment.confidence, judgment.id
                provisional = judgment.status == "provisional"
        if rested is not None and provisional and best_id not in rested:
            rested.append(best_id)
        return best

    def _atom(self, fact: Fact) -> bool:
        """A factual atom: true or false, read from the game state and the temporal index."""
        read = _ATOMS.get(fact.kind)
        return read(self, fact) if read is not None else False


def _flag(read: Reader, fact: Fact) -> bool:
    value = read.state.flags.get(fact.flag or "")
    return bool(value) if fact.equals is None else value == fact.equals


def _happened(read: Reader, fact: Fact) -> bool:
    happened = fact.happened or ""
    if not read.truth.seen(happened, within=fact.within, turn=read.turn):
        return False
    return fact.after is None or read.truth.after(happened, fact.after)


def _moment(read: Reader, fact: Fact) -> bool:
    kind = fact.kind
    within = "turn" if fact.within is None else fact.within
    return read.truth.seen(f"{kind}.{getattr(fact, kind)}", within=within, turn=read.turn)


def _fate(read: Reader, fact: Fact) -> bool:
    kind = fact.kind
    return read.truth.seen(f"{kind}.{getattr(fact, kind)}")


def _gave(read: Reader, fact: Fact) -> bool:  # a gift is shown too: both say it
    return read.truth.seen(f"gave.{fact.gave}" + (f".{fact.to}" if fact.to else ""))


def _showed(read: Reader, fact: Fact) -> bool:
    shown = f"{fact.showed}" + (f".{fact.to}" if fact.to else "")
    return read.truth.seen(f"showed.{shown}") or read.truth.seen(f"gave.{shown}")


def _visited(read: Reader, fact: Fact) -> bool:
    state = read.state
    return fact.visited in state.visited or fact.visited == state.scene.id


def _met(read: Reader, fact: Fact) -> bool:
    met = bool(read.state.flags.get(f"met_{fact.met}"))
    return met or read.truth.seen(f"spoke_to.{fact.met}")


_ATOMS: dict[str, Callable[[Reader, Fact], bool]] = {
    "flag": _flag,
    "happened": _happened,
    **dict.fromkeys(MOMENTS, _moment),
    **dict.fromkeys(("spared", "bound", "executed"), _fate),
    "gave": _gave,
    "showed": _showed,
    "in_scene": lambda read, fact: read.state.scene.id == fact.in_scene,
    "has_item": lambda read, fact: read.state.has_item(fact.has_item or ""),
    "compare": lambda read, fact: _compare(fact, read.state),
    "present": lambda read, fact: _present(read.state, fact.present or ""),
    "visited": _visited,
    "met": _met,
    "goal": lambda read, fact: read.truth.seen(f"goal.{fact.goal}"),
    **dict.fromkeys(
        ("defeated", "killed", "surrendered", "fled", "passed", "failed"),
        lambda read, fact: _encounter_or_challenge(fact, read.state),
    ),
}
"""How each kind of factual atom is read (see :data:`app.world.when.READ_ORDER`)."""


def _compare(fact: Fact, state: GameState) -> bool:
    key, op, number = fact.comparison()
    value = score(state, key)
    return {
        "<": value < number,
        "<=": value <= number,
        ">": value > number,
        ">=": value >= number,
        "==": value == number,
        "!=": value != number,
    }[op]


def _encounter_or_challenge(fact: Fact, state: GameState) -> bool:
    if fact.defeated is not None:
        return fact.defeated in state.defeated
    if fact.killed is not None:
        foes = _foes(state, fact.killed)
        return fact.killed in state.defeated and all(_dead(c) for c in foes)
    if fact.surrendered is not None:
        foes = _foes(state, fact.surrendered)
        return fact.surrendered in state.defeated and any(
            c.left == "surrendered" and not _dead(c) for c in foes
        )
    if fact.fled is not None:
        foes = _foes(state, fact.fled)
        return fact.fled in state.defeated and any(c.left == "fled" for c in foes)
    if fact.passed is not None:
        return state.challenges.get(fact.passed) == "passed"
    return fact.failed is not None and state.challenges.get(fact.failed) == "failed"


def uses_judged(fact: Fact) -> bool:
    """Whether a condition rests on an interpretive judgment anywhere inside it."""
    if fact.judged is not None:
        return True
    parts = fact.all or fact.any or (fact.threshold.of if fact.threshold else None)
    if parts:
        return any(uses_judged(p) for p in parts)
    return fact.not_ is not None and uses_judged(fact.not_)


def people_here(state: GameState, campaign: Campaign | None) -> list[str]:
    """Ids of the people present in the party's scene whom the players can talk to: the
    scene's own people, then those whose ``appears`` brings them here now — less anyone
    who died or fled as a foe. (Here rather than in :mod:`app.world.view`, which reads
    facts: ``present`` needs it too.)"""
    spec = campaign.scenes.get(state.scene.id) if campaign is not None else None
    if campaign is None or spec is None:
        return []
    scene_id = state.scene.id
    read: Reader | None = None  # one moment: every condition below is read against it
    found = [n for n in spec.npcs if n in campaign.npcs]
    for nid, npc in campaign.npcs.items():
        for a in npc.appears:  # most people appear nowhere else: nothing to read for them
            if a.scene != scene_id or nid in found:
                continue
            if a.when is not None:
                read = read or Reader(state)
                if not read.holds(a.when):
                    continue
            found.append(nid)
    for nid, npc in campaign.npcs.items():  # those who travel with the party: everywhere
        if npc.companion is not None and nid not in found:
            read = read or Reader(state)
            if read.holds(npc.companion):
                found.append(nid)
    yielded, gone = _fates_here(state)
    found += [n for n in yielded if n not in found and n in campaign.npcs]
    return [n for n in found if n not in gone] if gone else found


def _fates_here(state: GameState) -> tuple[list[str], set[str]]:
    """In one pass over the creatures: the people who yielded here
    (:func:`_yielded_here`), and those who are also foes and are gone from the story
    (:func:`_gone`)."""
    yielded: list[str] = []
    gone: set[str] = set()
    scene_id = state.scene.id
    for c in state.creatures.values():
        if not c.npc:
            continue
        if c.left == "surrendered" and c.stands_in(scene_id):
            yielded.append(c.npc)
        if c.vitals.state is LifeState.DEAD or c.left == "fled":
            gone.add(c.npc)
    return yielded, gone


def _yielded_here(state: GameState) -> list[str]:
    """People who were foes and gave themselves up here: they stay, to beg or to bargain,
    and can be talked to without the author writing an ``appears`` for it."""
    return [
        c.npc
        for c in state.creatures.values()
        if c.npc and c.left == "surrendered" and c.stands_in(state.scene.id)
    ]


def _present(state: GameState, npc_id: str) -> bool:
    """Whether one person is here now (as :func:`people_here` would list them)."""
    campaign = state.campaign
    npc = campaign.npcs.get(npc_id) if campaign is not None else None
    spec = campaign.scenes.get(state.scene.id) if campaign is not None else None
    if npc is None or spec is None:
        return False
    scene_id = state.scene.id
    here = (
        npc_id in spec.npcs
        or any(
            a.scene == scene_id and (a.when is None or holds(a.when, state)) for a in npc.appears
        )
        or (npc.companion is not None and holds(npc.companion, state))
        or npc_id in _yielded_here(state)
    )
    return here and not _gone(state, npc_id)


def _gone(state: GameState, npc_id: str) -> bool:
    """A person who is also a foe is gone from the story once that foe died or fled."""
    return any(
        c.npc == npc_id and (c.vitals.state is LifeState.DEAD or c.left == "fled")
        for c in state.creatures.values()
    )


def _foes(state: GameState, encounter_id: str) -> list[Creature]:
    return [c for c in state.creatures.values() if c.encounter == encounter_id]


def _dead(creature: Creature) -> bool:
    return creature.vitals.state is LifeState.DEAD


def update_defeated(state: GameState) -> list[str]:
    """Mark encounters whose every foe is dead, knocked out, fled, surrendered or tied up;
    returns the new ones."""
    groups: dict[str, list[bool]] = {}
    for creature in state.creatures.values():
        if creature.encounter:  # dead, out cold, fled, surrendered or bound: beaten either way
            down = creature.vitals.hp == 0 or bound(creature)
            beaten = creature.vitals.state is LifeState.DEAD or down or bool(creature.left)
            groups.setdefault(creature.encounter, []).append(beaten)
    newly = [eid for eid, down in groups.items() if all(down) and eid not in state.defeated]
    state.defeated.extend(newly)
    return newly


def achieved(spec: ChallengeSpec, state: GameState) -> bool:
    """A challenge whose success would change nothing: all it does is set flags the world
    already has (forcing a trapdoor someone has already picked open). Such a challenge is
    not rolled again; the players are told it is done."""
    win = spec.success
    if not win.set_flags or win.give_items or win.take_items or win.move_to or win.ending:
        return False
    if win.start_encounter or win.next or win.damage or win.heal or win.condition:
        return False
    return all(state.flags.get(k) == v for k, v in win.set_flags.items())
