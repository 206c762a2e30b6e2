"""The references of a campaign: every id it names must be one it has.

A campaign whose start scene, exits, encounters, party, items or challenges name
something that does not exist cannot be played — the first turn that follows the
reference would fail — so :func:`app.world.campaignfile.load_campaign` refuses it with these
problems listed. The rest of what ``dungeon validate`` reports (scenes nobody can reach,
triggers that never fire, flags nothing sets) are warnings: the game still runs.
"""

from __future__ import annotations

import difflib
from collections.abc import Collection, Iterable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

from rules.dice import DiceError, parse
from rules.sheet_sense import sheet_nonsense
from rules.srd import srd

if TYPE_CHECKING:
    from app.world.campaign import Campaign
    from app.world.challengespec import Effects
    from app.world.when import Fact

SCHEMA = "schema"
"""The kind of a problem the campaign schema refused: a key it does not know, a value of
the wrong type or out of range, a required key missing."""
BREAKS_PLAY = frozenset(
    {SCHEMA, "dangling reference", "duplicate", "bad formula", "impossible sheet"}
)
"""Kinds of problem that stop a campaign being played (the others are warnings)."""


def missing(kind: str, name: str, known: Iterable[str]) -> str:
    """``no scene 'cellr' — did you mean 'cellar'?``: the nearest of the ids the campaign
    (or the SRD) has, when one is near enough to be the one meant."""
    found = difflib.get_close_matches(name, list(known), n=1, cutoff=0.6)
    return f"no {kind} {name!r}" + (f" — did you mean {found[0]!r}?" if found else "")


@dataclass(frozen=True)
class Problem:
    """One finding: ``where`` is a key path in the campaign file."""

    kind: str
    where: str
    message: str
    subject: str = ""
    """What it is about, as ``kind:id`` (``scene:cellar``, ``flag:door_open``): how a
    problem that follows from it finds it (:mod:`app.world.knockons`)."""
    because: Problem | None = None
    """The problem this one follows from, when mending that one mends this one too."""

    @property
    def breaks_play(self) -> bool:
        """Whether the campaign cannot be played with this problem (else a warning)."""
        return self.kind in BREAKS_PLAY

    def __str__(self) -> str:
        return f"{self.kind}: {self.where}: {self.message}"


def effects(campaign: Campaign) -> Iterator[tuple[str, str | None, Effects]]:
    """Every effects block: (key path, scene it happens in or None, effects)."""
    for cid, challenge in campaign.challenges.items():
        yield f"challenges.{cid}.success", challenge.scene, challenge.success
        yield f"challenges.{cid}.failure", challenge.scene, challenge.failure
        for step in ("step_success", "step_failure"):
            made = getattr(challenge, step)
            if made is not None:
                yield f"challenges.{cid}.{step}", challenge.scene, made
    for i, trigger in enumerate(campaign.triggers):
        yield f"triggers[{i}] ({trigger.id}).effects", None, trigger.effects
    for i, change in enumerate(campaign.offscreen):
        yield f"offscreen[{i}] ({change.id}).effects", None, change.effects
    for sid, scene in campaign.scenes.items():
        for fid, feature in scene.features.items():
            if feature.effects is not None:
                yield f"scenes.{sid}.features.{fid}.effects", sid, feature.effects
    for nid, npc in campaign.npcs.items():
        for key, topic in npc.topics.items():
            if topic.effects is not None:
                yield f"npcs.{nid}.topics.{key}.effects", None, topic.effects


def whens(campaign: Campaign) -> Iterator[tuple[str, Fact]]:
    """Every condition in the campaign, with its key path."""
    for eid, encounter in campaign.encounters.items():
        for n, evar in enumerate(encounter.variants):
            yield f"encounters.{eid}.variants[{n}].when", evar.when
    for cid, challenge in campaign.challenges.items():
        for n, option in enumerate(challenge.alternatives):
            if option.when is not None:
                yield f"challenges.{cid}.alternatives[{n}].when", option.when
    for i, trigger in enumerate(campaign.triggers):
        yield f"triggers[{i}] ({trigger.id}).when", trigger.when
    for i, ending in enumerate(campaign.endings):
        if ending.when is not None:
            yield f"endings[{i}] ({ending.id}).when", ending.when
    for i, change in enumerate(campaign.offscreen):
        if change.when is not None:
            yield f"offscreen[{i}] ({change.id}).when", change.when
    for sid, scene in campaign.scenes.items():
        for n, exit_ in enumerate(scene.exits):
            if exit_.when is not None:
                yield f"scenes.{sid}.exits[{n}].when", exit_.when
            for m, evariant in enumerate(exit_.variants):
                yield f"scenes.{sid}.exits[{n}].variants[{m}].when", evariant.when
        for gid, goal in scene.goals.items():
            yield f"scenes.{sid}.goals.{gid}.when", goal.when
        for n, variant in enumerate(scene.variants):
            yield f"scenes.{sid}.variants[{n}].when", variant.when
        for fid, feature in scene.features.items():
            if feature.when is not None:
                yield f"scenes.{sid}.features.{fid}.when", feature.when
            for n, fvariant in enumerate(feature.variants):
                yield f"scenes.{sid}.features.{fid}.variants[{n}].when", fvariant.when
    for nid, npc in campaign.npcs.items():
        for n, appearance in enumerate(npc.appears):
            if appearance.when is not None:
                yield f"npcs.{nid}.appears[{n}].when", appearance.when
        for n, nvariant in enumerate(npc.variants):
            yield f"npcs.{nid}.variants[{n}].when", nvariant.when
        if npc.companion is not None:
            yield f"npcs.{nid}.companion", npc.companion
        for key, topic in npc.topics.items():
            if topic.when is not None:
                yield f"npcs.{nid}.topics.{key}.when", topic.when


def named_members(campaign: Campaign) -> Iterator[tuple[str, str]]:
    """(key path, npc id) of every encounter member who is a campaign NPC."""
    for eid, encounter in campaign.encounters.items():
        for n, group in enumerate(encounter.monsters):
            if group.npc is not None:
                yield f"encounters.{eid}.monsters[{n}].npc", group.npc


def flags_set(campaign: Campaign) -> set[str]:
    """Flags something in the campaign can set: effects, and ``met_<npc>`` when the party
    first speaks with someone."""
    flags = {f"met_{nid}" for nid in campaign.npcs}
    for _, _, eff in effects(campaign):
        flags.update(eff.set_flags)
    return flags


def facts(fact: Fact) -> Iterator[Fact]:
    """A condition and every condition inside it (``all``, ``any``, ``not``, and a
    threshold's ``of``)."""
    yield fact
    inner = fact.threshold.of if fact.threshold is not None else []
    for child in (fact.all or []) + (fact.any or []) + ([fact.not_] if fact.not_ else []) + inner:
        yield from facts(child)


def reference_problems(campaign: Campaign) -> list[Problem]:
    """Every reference to something the campaign does not have, every id used twice,
    and every dice formula that cannot be rolled."""
    problems: list[Problem] = []
    scenes, chars = campaign.scenes, {c.id for c in campaign.characters}
    ending_ids = {e.id for e in campaign.endings}

    def lacks(where: str, kind: str, name: str, known: Collection[str], after: str = "") -> None:
        if name not in known:
            message = missing(kind, name, known) + after
            problems.append(Problem("dangling reference", where, message, f"{kind}:{name}"))

    lacks("campaign.start", "scene", campaign.campaign.start, scenes)
    for pid in campaign.campaign.party:
        lacks("campaign.party", "character", pid, chars, " in [[characters]]")
    for n, sheet in enumerate(campaign.characters):
        for found in sheet_nonsense(sheet):  # a save of this game would be refused for it
            where = f"characters[{n}].{found.key}"
            problems.append(Problem("impossible sheet", where, f"{sheet.id}: {found.why}"))
    ids = [c.id for c in campaign.characters]
    for dup in sorted({i for i in ids if ids.count(i) > 1}):
        problems.append(Problem("duplicate", "characters", f"character id {dup!r} used twice"))
    called: dict[str, str] = {}  # the party as it stands: every name its own (the game and
    for sheet in (c for c in campaign.characters if c.id in campaign.campaign.party):  # the
        name = sheet.name.casefold()  # players tell them apart by name: "MIRA" is Mira)
        if name in called and called[name] != sheet.id:
            twice = f"two characters are called {sheet.name} ({called[name]} and {sheet.id})"
            problems.append(Problem("duplicate", "characters", f"{twice}: rename one"))
        called.setdefault(name, sheet.id)
    for table, listed in (("endings", [e.id for e in campaign.endings]),
                          ("triggers", [t.id for t in campaign.triggers]),
                          ("offscreen", [o.id for o in campaign.offscreen])):  # fmt: skip
        first: dict[str, int] = {}
        for n, entry_id in enumerate(listed):
            if entry_id in first:
                earlier = f"{table}[{first[entry_id]}]"
                message = f"id {entry_id!r} is used twice (first at {earlier}): give each its own"
                problems.append(Problem("duplicate", f"{table}[{n}].id", message))
            first.setdefault(entry_id, n)
    for sid, scene in scenes.items():
        for n, exit_ in enumerate(scene.exits):
            lacks(f"scenes.{sid}.exits[{n}].to", "scene", exit_.to, scenes)
        for npc in scene.npcs:
            lacks(f"scenes.{sid}.npcs", "npc", npc, campaign.npcs)
        for item in scene.items:
            lacks(f"scenes.{sid}.items", "item", item, campaign.items)
        if scene.encounter:
            lacks(f"scenes.{sid}.encounter", "encounter", scene.encounter, campaign.encounters)
        for cid in scene.restrict_to or []:
            lacks(f"scenes.{sid}.restrict_to", "character", cid, chars)
    for cid, challenge in campaign.challenges.items():
        lacks(f"challenges.{cid}.scene", "scene", challenge.scene, scenes)
    for where, _, eff in effects(campaign):
        if eff.move_to:
            lacks(f"{where}.move_to", "scene", eff.move_to, scenes)
        if eff.start_encounter:
            lacks(f"{where}.start_encounter", "encounter", eff.start_encounter, campaign.encounters)
        if eff.next:
            lacks(f"{where}.next", "challenge", eff.next, campaign.challenges)
        for item_id in eff.give_items + eff.take_items:
            lacks(f"{where}", "item", item_id, campaign.items)
        for cid in eff.restrict_to or []:
            lacks(f"{where}.restrict_to", "character", cid, chars)
        if eff.ending:
            lacks(f"{where}.ending", "ending", eff.ending, ending_ids)
        for formula, label in (
            (eff.damage.amount if eff.damage else None, "damage"),
            (eff.heal, "heal"),
        ):
            if formula:
                try:
                    parse(formula)
                except DiceError as error:
                    problems.append(Problem("bad formula", f"{where}.{label}", str(error)))
    for eid, encounter in campaign.encounters.items():
        for n, group in enumerate(encounter.monsters):
            if not campaign.has_monster(group.monster):
                where = f"encounters.{eid}.monsters[{n}]"
                known = [*campaign.monsters, *srd().monsters.entries]
                message = missing("monster", group.monster, known) + " (campaign or SRD)"
                problems.append(Problem("dangling reference", where, message,
                                        f"monster:{group.monster}"))  # fmt: skip
    for nid, person in campaign.npcs.items():
        if person.fights_as is not None and not campaign.has_monster(person.fights_as):
            known = [*campaign.monsters, *srd().monsters.entries]
            message = missing("monster", person.fights_as, known) + " (campaign or SRD)"
            problems.append(Problem("dangling reference", f"npcs.{nid}.fights_as", message,
                                    f"monster:{person.fights_as}"))  # fmt: skip
    for mid, monster in campaign.monsters.items():
        for spell in monster.spellcasting.spells if monster.spellcasting else ():
            if spell not in srd().spells:
                where = f"monsters.{mid}.spellcasting.spells"
                problems.append(
                    Problem(
                        "dangling reference", where, missing("spell", spell, srd().spells.entries)
                    )
                )
    for iid, spec in campaign.items.items():
        if spec.heals:
            try:
                parse(spec.heals)
            except DiceError as error:
                problems.append(Problem("bad formula", f"items.{iid}.heals", str(error)))
    for where, npc_id in named_members(campaign):
        lacks(where, "npc", npc_id, campaign.npcs)
    for nid, person in campaign.npcs.items():
        for n, appearance in enumerate(person.appears):
            lacks(f"npcs.{nid}.appears[{n}].scene", "scene", appearance.scene, scenes)
    for where, when in whens(campaign):
        for fact in facts(when):
            if fact.in_scene:
                lacks(where, "scene", fact.in_scene, scenes)
            if fact.has_item:
                lacks(where, "item", fact.has_item, campaign.items)
            fought = fact.encounter()
            if fought:
                lacks(where, "encounter", fought, campaign.encounters)
            for ref in (fact.passed, fact.failed):
                if ref:
                    lacks(where, "challenge", ref, campaign.challenges)
    return problems
