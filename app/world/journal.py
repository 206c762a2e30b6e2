"""The party's journal: what it carries, what it set out to do and has done, what it has
learnt, whom it has met and where it has been — read off the state and the campaign,
never off the DM's notes.

Campaigns have no quest log of their own, so the journal's goals are derived from what a
campaign does define: its summary is the party's hook; challenges the party attempted are
deeds done or setbacks (an author's challenge names read as tasks: "pick the trapdoor
padlock"); fights won are the encounters whose foes are all down; the ending, once reached,
closes the story. Nothing the players have not met yet is listed.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from app.world.campaign import Campaign
from app.world.eventspec import DIMENSIONS
from app.world.facts import holds
from app.world.ledger import LedgerEvent, RelationshipShifted
from app.world.scores import score
from app.world.sheetfacts import coins_in, coins_text, gear
from app.world.state import GameState
from app.world.view import npc_view, npcs_here
from rules.damage import LifeState


@dataclass(frozen=True)
class Carried:
    """One character's share of the party's goods."""

    name: str
    items: tuple[str, ...]
    coins: str


@dataclass(frozen=True)
class Met:
    """Someone the party has met: where, how they stand now, and what they look like."""

    name: str
    where: str
    """The scene's name; empty for someone met only as a foe in a fight."""
    attitude: str
    description: str
    fate: str = ""
    """``dead``, ``fled`` or ``surrendered`` for someone the party fought."""
    scores: str = ""
    """The numbers behind the attitude: ``trust 2, affection 3 (Mira: trust 4)``."""
    why: str = ""
    """The latest reason their feelings moved: ``trust −1 — you lied to her (turn 4)``."""


@dataclass(frozen=True)
class Goals:
    """What the party set out to do and how far it has got."""

    hook: str
    done: tuple[str, ...]
    setbacks: tuple[str, ...]
    ending: str = ""


@dataclass(frozen=True)
class Journal:
    """The whole journal at one moment."""

    title: str
    carried: tuple[Carried, ...]
    coins: str
    """The party's coins, all purses together."""
    goals: Goals
    facts: tuple[str, ...]
    met: tuple[Met, ...]
    visited: tuple[str, ...]
    """Scene names in the order first entered; the current one last if new."""
    items: tuple[tuple[str, str], ...] = ()
    """The adventure's own items the party carries, with what the players know of them."""


def _scene_name(state: GameState, campaign: Campaign | None, scene_id: str) -> str:
    if scene_id in state.scenes:
        return state.scenes[scene_id].name
    if campaign is not None and scene_id in campaign.scenes:
        return campaign.scenes[scene_id].name
    return state.scene.name if scene_id == state.scene.id else scene_id.replace("_", " ")


def _visited_ids(state: GameState) -> list[str]:
    seen = list(dict.fromkeys(state.visited))
    if state.scene.id not in seen:
        seen.append(state.scene.id)
    return seen


def _fate(state: GameState, npc_id: str) -> str:
    for creature in state.creatures.values():
        if creature.npc == npc_id:
            if creature.vitals.state is LifeState.DEAD:
                return "dead"
            if creature.left:
                return creature.left
    return ""


class _Story:
    """The story's narration, lowercased once and only if someone must be looked up in it
    (a long game's story is megabytes)."""

    def __init__(self, state: GameState) -> None:
        self.state = state
        self.text: str | None = None

    def names(self, name: str) -> bool:
        if self.text is None:
            self.text = "\n".join(r.narrative for r in self.state.history).lower()
        return name.lower() in self.text


def npcs_met(state: GameState, campaign: Campaign | None) -> list[Met]:
    """The people the party has been with, in the order of the scenes where it met them:
    where each was first present with the party (kept as the game goes). A save from before
    that was kept reads them as it did:

    - people a scene lists as its own, once the party has entered that scene;
    - people present now where the party stands;
    - people who show up somewhere only under a condition (a boy found hiding), when the
      party has been to that scene, the condition holds now and the story has named them;
    - people the party fought as foes (a creature standing for them was in a fight).
    """
    if campaign is None:
        return []
    where: dict[str, str] = {}
    story = _Story(state)
    kept = state.truth.met_at  # where each was first present with the party
    if kept:
        order = {sid: n for n, sid in enumerate(_visited_ids(state))}
        for npc_id, scene_id in sorted(kept.items(), key=lambda p: order.get(p[1], len(order))):
            where.setdefault(npc_id, scene_id)
    for scene_id in [] if kept else _visited_ids(state):  # a save from before it was kept
        spec = campaign.scenes.get(scene_id)
        for npc_id in spec.npcs if spec is not None else []:
            where.setdefault(npc_id, scene_id)
        for npc_id, npc in campaign.npcs.items():
            if npc_id in where:
                continue
            for seen in npc.appears:
                now = seen.when is None or holds(seen.when, state)
                if seen.scene != scene_id or not now:
                    continue
                if scene_id == state.scene.id or story.names(npc.name):
                    where[npc_id] = scene_id
                    break
    for npc_id in npcs_here(state, campaign):
        where.setdefault(npc_id, state.scene.id)
    for creature in state.creatures.values():  # fought where the fight was
        if creature.npc and creature.npc in campaign.npcs:
            where.setdefault(creature.npc, creature.scene or "")
    met = []
    for npc_id, scene_id in where.items():
        if npc_id not in campaign.npcs:
            continue
        npc = npc_view(state, campaign, npc_id)
        place = _scene_name(state, campaign, scene_id) if scene_id else ""
        met.append(Met(npc.name, place, npc.attitude, " ".join(npc.description.split()),
                       _fate(state, npc_id), feelings(state, campaign, npc_id),
                       last_moved(state, npc_id)))  # fmt: skip
    return met


LOOK_BACK = 30
"""Finished turns searched for the latest reason someone's feelings moved."""


def _number(value: float) -> str:
    return f"{value:g}".replace("-", "−")


def feelings(state: GameState, campaign: Campaign, npc_id: str) -> str:
    """``trust 2, affection 3`` — the party's scores with an NPC on each dimension, then
    any character's own that differs: ``(Mira: trust 4)``."""
    party = []
    own: dict[str, list[str]] = {}
    for n, dimension in enumerate(campaign.events.dimensions):
        value = score(state, f"{dimension}.{npc_id}")
        if n < len(DIMENSIONS) or value or f"{dimension}.{npc_id}" in state.truth.scores:
            party.append(f"{dimension} {_number(value)}")  # a campaign's own, once it moved
        for cid, sheet in state.party.items():
            key = f"{dimension}.{npc_id}.{cid}"
            if key in state.truth.scores and state.truth.scores[key] != value:
                own.setdefault(sheet.name, []).append(
                    f"{dimension} {_number(state.truth.scores[key])}"
                )
    text = ", ".join(party)
    if own:
        text += " (" + "; ".join(f"{name}: {', '.join(v)}" for name, v in own.items()) + ")"
    return text


_OLD_IDS = re.compile(r"\s*\(j\d+\)$|^j\d+\s+")
"""A judgment's id in a reason written by an older version of the game (``Mira: “…”
(j1)``, ``j1 berta_reassured``): the journal never shows it."""


def _moved(state: GameState, event: LedgerEvent, npc_id: str) -> str:
    if not isinstance(event, RelationshipShifted) or event.npc != npc_id:
        return ""
    way = f"{event.dimension} {'+' if event.delta > 0 else '−'}{abs(event.delta):g}"
    if event.toward != "party":
        way += f" with {state.name_of(event.toward)}"
    campaign = state.campaign
    teller = event.heard_from or ""
    if campaign is not None and teller in campaign.npcs:
        teller = campaign.npcs[teller].name
    heard = f" (word from {teller})" if teller else ""
    said = _OLD_IDS.sub("", " ".join(event.reason.split())).strip()
    reason = f" — {said}" if said else ""
    when = f" (turn {event.turn})" if event.turn else ""
    return f"{way}{reason}{heard}{when}"


def last_moved(state: GameState, npc_id: str) -> str:
    """Why an NPC's feelings last moved (the newest relationship shift of the ledger, this
    turn's first, then the recent turns'); empty when nothing moved them lately."""
    for event in reversed(state.truth.fresh):
        found = _moved(state, event, npc_id)
        if found:
            return found
    story = state.history
    for index in range(len(story) - 1, max(-1, len(story) - 1 - LOOK_BACK), -1):
        for event in reversed(story[index].events):
            found = _moved(state, event, npc_id)
            if found:
                return found
    return ""


def goals(state: GameState, campaign: Campaign | None) -> Goals:
    """The hook, the deeds done, the setbacks and the ending (see the module's note)."""
    if campaign is None:
        return Goals(hook="", done=(), setbacks=())
    done, setbacks = [], []
    for challenge_id, outcome in state.challenges.items():
        spec = campaign.challenges.get(challenge_id)
        name = spec.name if spec is not None else challenge_id.replace("_", " ")
        name = name[:1].upper() + name[1:]
        if outcome == "passed":
            done.append(name)
        else:
            again = " (it can be tried again)" if spec is not None and spec.retry else ""
            setbacks.append(f"{name} — failed{again}")
    for encounter_id in state.defeated:
        spec_e = campaign.encounters.get(encounter_id)
        name = spec_e.name if spec_e is not None else encounter_id.replace("_", " ")
        done.append(f"Won the fight: {name}")
    ending = ""
    if state.ending:
        found = next((e for e in campaign.endings if e.id == state.ending), None)
        ending = found.title if found is not None else state.ending
    return Goals(" ".join(campaign.campaign.summary.split()), tuple(done), tuple(setbacks),
                 ending)  # fmt: skip


def known_items(state: GameState, campaign: Campaign | None) -> list[tuple[str, str]]:
    """Carried items the campaign describes (a silver key, a healing potion): name and
    description, with what drinking or using it restores."""
    if campaign is None:
        return []
    carried = {i.lower() for sheet in state.party.values() for i in sheet.inventory}
    found = []
    for item in campaign.items.values():
        if carried & {item.name.lower(), *(a.lower() for a in item.aliases)}:
            found.append((item.name, item.told))
    return found


def journal(state: GameState) -> Journal:
    """The journal for the state as it is now."""
    campaign = state.campaign
    carried = tuple(
        Carried(sheet.name, tuple(gear(sheet)), coins_text(coins_in(sheet.inventory)))
        for sheet in state.party.values()
    )
    purse = sum(coins_in(sheet.inventory) for sheet in state.party.values())
    return Journal(
        title=state.title or state.campaign_id,
        carried=carried,
        coins=coins_text(purse),
        goals=goals(state, campaign),
        facts=tuple(dict.fromkeys(" ".join(f.split()) for f in state.facts)),
        met=tuple(npcs_met(state, campaign)),
        visited=tuple(_scene_name(state, campaign, s) for s in _visited_ids(state)),
        items=tuple(known_items(state, campaign)),
    )


def met_where(person: Met) -> str:
    """``met at The Crossroads Inn``, or ``met in a fight``."""
    return f"met at {person.where}" if person.where else "met in a fight"


def people_rows(person: Met, indent: str) -> list[str]:
    """The numbers behind someone's attitude and why it last moved, as plain lines."""
    rows = [f"{indent}{person.scores}"] if person.scores else []
    if person.why:
        rows.append(f"{indent}last moved: {person.why}")
    return rows


def people_lines(book: Journal) -> list[str]:
    """``/people``: everyone met, how each feels about the party and why it last moved."""
    lines = ["People met:"]
    for person in book.met:
        fate = f", {person.fate}" if person.fate else ""
        lines.append(f"  {person.name}: {person.attitude}{fate} — {met_where(person)}")
        lines += people_rows(person, "    ")
    if not book.met:
        lines.append("  Nobody yet.")
    return lines


def journal_lines(book: Journal) -> list[str]:
    """The journal as plain lines (the console's ``/journal``)."""
    lines = [f"Journal — {book.title}", "", "Goals:"]
    hook = book.goals
    lines.append(f"  {hook.hook}" if hook.hook else "  No adventure is set: play as you like.")
    lines += [f"  ✔ {deed}" for deed in hook.done]
    lines += [f"  ✘ {miss}" for miss in hook.setbacks]
    if hook.ending:
        lines.append(f"  The story ended: {hook.ending}")
    lines += ["", f"Party inventory (coins: {book.coins}):"]
    for share in book.carried:
        lines.append(f"  {share.name}: {', '.join(share.items) or 'nothing'}"
                     + (f" — {share.coins}" if share.coins != "none" else ""))  # fmt: skip
    lines += [f"  {name}: {what}" for name, what in book.items]
    lines += ["", "What the party knows:"]
    lines += [f"  • {fact}" for fact in book.facts] or ["  Nothing learnt yet."]
    lines += ["", "People met:"]
    for person in book.met:
        fate = f", {person.fate}" if person.fate else ""
        lines.append(f"  {person.name} ({person.attitude}{fate}) — {met_where(person)}")
        lines += people_rows(person, "    ")
        if person.description:
            lines.append(f"    {person.description}")
    if not book.met:
        lines.append("  Nobody yet.")
    lines += ["", "Places visited:"]
    lines += [f"  {name}" for name in book.visited]
    return lines
