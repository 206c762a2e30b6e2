"""What a campaign can make true, as a fixpoint: scenes reachable through exits (whose
required flags something can set) and scene moves, flags set by effects in reachable
places (challenges, triggers, off-screen changes, and ``met_<npc>`` when the party can
speak with someone), items carried from the start, given or lying in reachable scenes,
encounters that can start, challenges that can be attempted. A condition is satisfiable
when its facts can happen (``not`` is taken as satisfiable: absence is easy).

The validator reads it to say what can never happen (:mod:`app.world.validate`) and why
(:mod:`app.world.knockons`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from app.world.campaign import Campaign
from app.world.challengespec import Effects
from app.world.spec import FlagValue
from app.world.when import Fact
from rules.character import CharacterSheet

IN_PLAY = ("threshold", "present", "visited", "met", "goal", "spoke_to", "examined", "attacked",
           "happened", "judged", "compare", "spared", "bound", "executed")  # fmt: skip
"""Atoms of the event system: what the players say and do in play makes them true, which
this reachability of the campaign's own effects cannot follow; taken as satisfiable."""


def in_play(fact: Fact) -> bool:
    """Whether the atom is one only play can make true (taken as satisfiable)."""
    return any(getattr(fact, key) is not None for key in IN_PLAY)


@dataclass
class Possible:
    """Everything the campaign can bring about from its start."""

    scenes: set[str] = field(default_factory=set)
    flags: dict[str, set[FlagValue]] = field(default_factory=dict)
    """Every value each flag can be set to (``True == 1``, as in play)."""
    items: set[str] = field(default_factory=set)
    encounters: set[str] = field(default_factory=set)
    challenges: set[str] = field(default_factory=set)
    fired: set[str] = field(default_factory=set)
    """Triggers that can fire."""
    offscreen: set[str] = field(default_factory=set)
    """Off-screen changes that can be applied."""

    def size(self) -> int:
        """How much is known possible (the fixpoint stops when it stops growing)."""
        found = (self.scenes, self.items, self.encounters, self.challenges, self.fired,
                 self.offscreen)  # fmt: skip
        return sum(len(s) for s in found) + sum(len(v) for v in self.flags.values())

    def flag(self, name: str, value: FlagValue | None = None) -> bool:
        """Whether the flag can be set (truthy, or to ``value``) — as a condition reads it."""
        values = self.flags.get(name, set())
        return any(values) if value is None else value in values

    def set_flag(self, name: str, value: FlagValue) -> None:
        """The flag can be set to this value."""
        self.flags.setdefault(name, set()).add(value)

    def satisfiable(self, fact: Fact) -> bool:
        """Whether the condition can ever hold."""
        if fact.all is not None:
            return all(self.satisfiable(f) for f in fact.all)
        if fact.any is not None:
            return any(self.satisfiable(f) for f in fact.any)
        if fact.not_ is not None or in_play(fact):
            return True
        if fact.in_scene:
            return fact.in_scene in self.scenes
        if fact.has_item:
            return fact.has_item in self.items
        if fact.gave or fact.showed:  # only what the party can carry is handed over
            return (fact.gave or fact.showed or "") in self.items
        if fact.flag:
            return self.flag(fact.flag, fact.equals)
        encounter = fact.encounter()
        if encounter:
            return encounter in self.encounters
        return (fact.passed or fact.failed or "") in self.challenges

    def apply(self, eff: Effects) -> None:
        """What an effect that can happen makes possible."""
        for name, value in eff.set_flags.items():
            self.set_flag(name, value)
        self.items.update(eff.give_items)
        if eff.move_to:
            self.scenes.add(eff.move_to)
        if eff.start_encounter:
            self.encounters.add(eff.start_encounter)
        if eff.next:
            self.challenges.add(eff.next)


def carried_items(campaign: Campaign, sheets: Iterable[CharacterSheet]) -> set[str]:
    """The campaign's items these characters start with (by id, name or alias)."""
    carried = {entry.lower() for sheet in sheets for entry in sheet.inventory}
    return {
        iid for iid, item in campaign.items.items()
        if carried & {iid.lower(), item.name.lower(), *(a.lower() for a in item.aliases)}
    }  # fmt: skip


def exit_open(possible: Possible, requires_flag: str | None, when: Fact | None) -> bool:
    """Whether a way whose gate is this flag and condition can ever open."""
    flag_ok = requires_flag is None or possible.flag(requires_flag)
    return flag_ok and (when is None or possible.satisfiable(when))


def what_can_happen(campaign: Campaign) -> Possible:
    """The fixpoint of everything the campaign can bring about from its start."""
    party = [c for c in campaign.characters if c.id in campaign.campaign.party]
    possible = Possible(scenes={campaign.campaign.start}, items=carried_items(campaign, party))
    attempted: dict[str, list[str]] = {}  # scene -> the challenges tried there
    for cid, challenge in campaign.challenges.items():
        attempted.setdefault(challenge.scene, []).append(cid)
    fighters = [(eid, g.npc) for eid, e in campaign.encounters.items() for g in e.monsters
                if g.npc]  # fmt: skip
    while True:
        before = possible.size()
        for sid in list(possible.scenes):
            scene = campaign.scenes.get(sid)
            if scene is None:
                continue
            for exit_ in scene.exits:
                if exit_open(possible, exit_.requires_flag, exit_.when):
                    possible.scenes.add(exit_.to)
            possible.items.update(scene.items)
            if scene.encounter:
                possible.encounters.add(scene.encounter)
            possible.challenges.update(attempted.get(sid, ()))
            for nid in scene.npcs:
                possible.set_flag(f"met_{nid}", True)
        for nid, npc in campaign.npcs.items():  # someone the party can speak with
            if any(a.scene in possible.scenes and (a.when is None or possible.satisfiable(a.when))
                   for a in npc.appears):  # fmt: skip
                possible.set_flag(f"met_{nid}", True)
        for eid, nid in fighters:  # a named foe can be spoken to while the fight lasts
            if eid in possible.encounters:
                possible.set_flag(f"met_{nid}", True)
        for cid in possible.challenges & set(campaign.challenges):
            challenge = campaign.challenges[cid]
            possible.apply(challenge.success)
            possible.apply(challenge.failure)
        for trigger in campaign.all_triggers:
            if possible.satisfiable(trigger.when):
                possible.fired.add(trigger.id)
                possible.apply(trigger.effects)
        for change in campaign.offscreen:
            if change.when is None or possible.satisfiable(change.when):
                possible.offscreen.add(change.id)
                possible.apply(change.effects)
        if possible.size() == before:
            return possible


def why_not(possible: Possible, fact: Fact) -> str:
    """Which part of a condition can never hold, in words: the atoms to look at."""
    if fact.all is not None:
        return "; ".join(why_not(possible, f) for f in fact.all if not possible.satisfiable(f))
    if fact.any is not None:
        return "none of its 'any' can hold: " + "; ".join(why_not(possible, f) for f in fact.any)
    if fact.in_scene:
        return f"needs the party in scene {fact.in_scene!r}, which nothing leads to"
    if fact.has_item or fact.gave or fact.showed:
        item = fact.has_item or fact.gave or fact.showed
        return f"needs item {item!r}, which no reachable effect or scene gives"
    if fact.flag:
        value = "" if fact.equals is None else f" = {fact.equals!r}"
        return f"needs flag {fact.flag!r}{value}, which nothing reachable sets"
    encounter = fact.encounter()
    if encounter:
        return f"needs encounter {encounter!r} fought, which never starts"
    challenge = fact.passed or fact.failed or ""
    return f"needs challenge {challenge!r}, which can never be attempted (its scene is unreachable)"
