"""What the players can perceive where they are, as the world stands now.

Every part of the game that shows or reads the current scene — the offline referee's
narration and its reading of player lines, the LLM's context, the front ends — asks here
instead of reading the campaign's scene spec directly, so that text which depends on the
world (a padlock that has been picked, a boy who came out of hiding) is decided in one
place: the campaign's ``variants`` and ``appears`` tables, checked with
:func:`app.world.facts.holds`.

Every function also takes ``None`` for the campaign: a game without one (the sandbox)
keeps its scene text in the state.
"""

from __future__ import annotations

from dataclasses import dataclass

from app.world import bonds
from app.world.campaign import Campaign
from app.world.challengespec import ChallengeSpec
from app.world.facts import Reader, first_holding, holds, people_here
from app.world.ledger import TriggerFired
from app.world.mercy import at_mercy
from app.world.npcspec import NPCSpec, Topic
from app.world.references import effects
from app.world.scenespec import Exit, Feature, SceneSpec
from app.world.state import GameState
from app.world.wording import the


@dataclass(frozen=True)
class ExitView:
    """A way out of the scene as the players see it."""

    to: str
    """The scene it leads to (an id: for tools, never for players)."""
    name: str
    aliases: tuple[str, ...]
    open: bool
    locked_text: str
    hidden: bool = False
    """A secret way, still shut: only the DM's view lists it."""


_first = first_holding


def _spec(state: GameState, campaign: Campaign | None) -> SceneSpec | None:
    return campaign.scenes.get(state.scene.id) if campaign is not None else None


def exit_open(state: GameState, spec: Exit) -> bool:
    """Whether the party may take the way now: its flag set and its condition holding."""
    if spec.requires_flag is not None and not state.flags.get(spec.requires_flag):
        return False
    return spec.when is None or holds(spec.when, state)


def locked_text(state: GameState, spec: Exit) -> str:
    """What players read at the shut way: the first variant whose condition holds."""
    variant = _first(spec.variants, state)
    return variant.locked_text if variant is not None else spec.locked_text


def _exit_view(state: GameState, spec: Exit) -> ExitView:
    is_open = exit_open(state, spec)
    secret = spec.hidden and not is_open
    return ExitView(spec.to, spec.name, tuple(spec.aliases), is_open, locked_text(state, spec),
                    secret)  # fmt: skip


def scene_description(state: GameState, campaign: Campaign | None) -> str:
    """The current scene's read-aloud text, on one line."""
    spec = _spec(state, campaign)
    if spec is None:
        text = state.scene.description
    else:
        variant = _first(spec.variants, state)
        text = spec.description
        if variant is not None and variant.description is not None:
            text = variant.description
    return " ".join(text.split())


def features_here(state: GameState, campaign: Campaign | None) -> dict[str, Feature]:
    """The things in the current scene the players may examine now, by id, each with the
    text examining it shows now."""
    spec = _spec(state, campaign)
    if spec is None:
        return {}
    here: dict[str, Feature] = {}
    for fid, feature in spec.features.items():
        if feature.when is not None and not holds(feature.when, state):
            continue
        variant = _first(feature.variants, state)
        here[fid] = feature.model_copy(update={"text": variant.text}) if variant else feature
    return here


def feature_text(state: GameState, campaign: Campaign | None, feature_id: str) -> str:
    """What examining a feature shows now (``KeyError`` if it is not here now)."""
    return " ".join(features_here(state, campaign)[feature_id].text.split())


def known_as(state: GameState, campaign: Campaign | None, thing: str) -> str:
    """How the players know an id the game resolved: a person or a scene by name, an item
    or a feature with its article ("the blue ribbon"), never the id itself."""
    if campaign is not None:
        for table in (campaign.npcs, campaign.scenes):
            if thing in table:
                return str(getattr(table[thing], "name", thing))
        if thing in campaign.items:
            return the(campaign.items[thing].name)
        scene = campaign.scenes.get(state.scene.id)
        if scene is not None and thing in scene.features:
            return the(scene.features[thing].name)
    return state.name_of(thing)


def npcs_here(state: GameState, campaign: Campaign | None) -> list[str]:
    """Ids of the people present in the current scene whom the players can talk to: the
    scene's own people, then those whose ``appears`` brings them here now — less anyone
    who died or fled as a foe."""
    return people_here(state, campaign)


def _told_this_turn(state: GameState, npc_id: str, key: str) -> bool:
    """Whether asking about this topic set off its effects this turn: a topic whose telling
    changed its own ``when`` ("I'll walk with you" sets the flag that ends the offer) is
    still told the turn it is asked (read only when its ``when`` no longer holds)."""
    fired = f"asked.{npc_id}.{key}"
    return any(isinstance(e, TriggerFired) and e.trigger == fired for e in state.truth.fresh)


def npc_view(state: GameState, campaign: Campaign, npc_id: str) -> NPCSpec:
    """A person as they are now: their first matching variant's attitude, description and
    greeting, and its topics added to their own (``KeyError`` for an unknown id)."""
    npc = campaign.npcs[npc_id]
    read = Reader(state)  # one moment: the variants and the topics are read against it
    variant = next((v for v in npc.variants if read.holds(v.when)), None)
    changes: dict[str, object] = {"attitude": bonds.attitude_with(state, npc_id, variant)}
    topics = dict(npc.topics)
    if variant is not None:
        for key, text in variant.topics.items():  # new words; a topic's effects stay
            topics[key] = (topics[key].model_copy(update={"text": text}) if key in topics
                           else Topic(text=text))  # fmt: skip
    changes["topics"] = {
        k: t for k, t in topics.items()
        if t.when is None or read.holds(t.when) or _told_this_turn(state, npc_id, k)
    }  # fmt: skip
    if variant is not None:
        for key in ("description", "greeting", "unknown"):
            value = getattr(variant, key)
            if value is not None:
                changes[key] = value
    return npc.model_copy(update=changes)


def items_here(state: GameState, campaign: Campaign | None) -> list[str]:
    """Ids of campaign items lying in the current scene that nobody has picked up."""
    spec = _spec(state, campaign)
    if campaign is None or spec is None:
        return []
    return [i for i in spec.items if i in campaign.items and not state.has_item(i)]


def exits_here(
    state: GameState, campaign: Campaign | None, *, secret: bool = False
) -> list[ExitView]:
    """The ways out of the current scene, open or not — less hidden ways still shut,
    unless ``secret`` (the DM's view, which must know the secret door to keep it)."""
    spec = _spec(state, campaign)
    ways = [_exit_view(state, e) for e in spec.exits] if spec is not None else []
    ways += [w for w in crossed_ways(state, campaign) if w.to not in {v.to for v in ways}]
    return [w for w in ways if secret or not w.hidden]


def crossed_ways(state: GameState, campaign: Campaign | None) -> list[ExitView]:
    """Ways the party has made by a challenge that carried it on from here (the flooded
    causeway crossed to the chapel): open from then on, so a party that comes back — or
    runs back from a fight — can go again, by the name the far side gives the way."""
    if campaign is None:
        return []
    found = []
    for cid, spec in campaign.challenges.items():
        to = spec.success.move_to
        if spec.scene != state.scene.id or not to or state.challenges.get(cid) != "passed":
            continue
        far = campaign.scenes.get(to)
        back = next((e for e in far.exits if e.to == state.scene.id), None) if far else None
        name = back.name if back is not None else spec.name
        words = (*(back.aliases if back is not None else ()), far.name.lower() if far else to)
        aliases = tuple(w for w in words if w not in DIRECTIONS)
        found.append(ExitView(to, name, aliases, True, ""))
    return found


DIRECTIONS = frozenset({"back", "up", "down", "out", "in", "outside", "inside", "away"})
"""Words that name a way only by its direction from where one stands ("back", "up"), not
by what it is: the far side's "back" is no name for the way there."""


def challenge_extras(state: GameState, cid: str, ch: ChallengeSpec) -> str:
    """For the DM: the other ways an obstacle allows now, and a skill challenge's count."""
    out = ""
    others = [o for o in ch.alternatives if o.when is None or holds(o.when, state)]
    if others:
        named = ", ".join(
            o.skill.label if o.skill else o.ability.full_name if o.ability else "" for o in others
        )
        out += f" Or: {named} (pass skill)."
    if ch.successes is not None:
        tally = state.tallies.get(cid)
        got = (tally.successes, tally.failures) if tally else (0, 0)
        out += (
            f" Skill challenge: {ch.successes} successes before {ch.failures} failures"
            f" (so far {got[0]} and {got[1]}); each attempt is one check."
        )
    return out


def scene_notes(state: GameState, campaign: Campaign | None) -> str:
    """Everything an LLM DM should know about the current scene now and the players should
    not: the author's notes, the challenges here with skills, DCs and how they went, the
    people here and the topics they can speak of, and any fight still waiting to happen."""
    spec = _spec(state, campaign)
    if campaign is None or spec is None:
        return state.scene.dm_notes
    variant = _first(spec.variants, state)
    notes = variant.notes if variant is not None and variant.notes is not None else spec.notes
    parts = [" ".join(notes.split())] if notes else []
    for cid, ch in campaign.challenges.items():
        if ch.scene != state.scene.id:
            continue
        what = ch.skill.label if ch.skill else (ch.ability.full_name if ch.ability else "")
        roll = {"check": "check", "save": "save", "group": "group check"}[ch.kind]
        line = f"Challenge {cid} ({ch.name}): {what} {roll} DC {ch.dc}."
        line += challenge_extras(state, cid, ch)
        if ch.failure.next:
            line += f" Failure leads to {ch.failure.next}."
        done = state.challenges.get(cid)
        if done:
            line += f" Already {done}."
        parts.append(line)
    for npc_id in npcs_here(state, campaign):
        npc = npc_view(state, campaign, npc_id)
        # The keywords only: talk_to answers with the author's words (and applies what
        # saying them does), so the whole of what someone knows is not paid for every call.
        topics = ", ".join(npc.topics)
        knows = f" Topics for talk_to: {topics}." if topics else ""
        parts.append(f"{npc.name} ({npc_id}, {npc.attitude}): {npc.description}{knows}")
    waiting = at_mercy(state) if state.encounter is None else []
    if waiting:
        names = ", ".join(f"{state.name_of(c)} ({c})" for c in waiting)
        parts.append(f"At the party's mercy (surrendered, or left helpless by the fight): "
                     f"{names} — decide_fate when they choose (spare, bind, execute).")  # fmt: skip
    if spec.encounter and spec.encounter not in state.defeated:
        encounter = campaign.encounters[spec.encounter]
        foes = ", ".join(
            f"{m.name} ({m.monster})" if m.name else f"{m.count} {m.monster}"
            for m in encounter.monsters
        )
        parts.append(f"Fight here ({spec.encounter}): {foes}.")
    return " ".join(parts)


def waiting_fights(state: GameState) -> list[str]:
    """The fights of this place that have not begun: the scene's own, and any a deed here
    starts (a failed sneak past the dicing goblins) — not one fought already, nor any while
    a fight is on."""
    campaign = state.campaign
    spec = campaign.scenes.get(state.scene.id) if campaign is not None else None
    if state.encounter is not None or campaign is None or spec is None:
        return []
    here = [spec.encounter] + [e.start_encounter for _, sid, e in effects(campaign)
                               if sid == state.scene.id]  # fmt: skip
    return [e for e in dict.fromkeys(here) if e and e in campaign.encounters
            and e not in state.defeated]  # fmt: skip
