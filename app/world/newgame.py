"""Starting a game from a campaign: the party, the scenes with their DM-only notes, and the
players who control the characters."""

from __future__ import annotations

from datetime import UTC, datetime

from app.world.campaign import Campaign, SceneSpec
from app.world.state import GameState, Restriction, Scene


def dm_notes(campaign: Campaign, scene_id: str) -> str:
    """Everything an LLM DM should know about a scene and the players should not: the
    author's notes, its challenges with skills and DCs, the people here and what they know,
    and any fight waiting to happen."""
    spec = campaign.scenes[scene_id]
    parts = [spec.notes] if spec.notes else []
    for cid, ch in campaign.challenges.items():
        if ch.scene != scene_id:
            continue
        what = ch.skill.label if ch.skill else (ch.ability.full_name if ch.ability else "")
        roll = {"check": "check", "save": "save", "group": "group check"}[ch.kind]
        line = f"Challenge {cid} ({ch.name}): {what} {roll} DC {ch.dc}."
        if ch.failure.next:
            line += f" Failure leads to {ch.failure.next}."
        parts.append(line)
    for npc_id in spec.npcs:
        npc = campaign.npcs[npc_id]
        topics = "; ".join(f"{k}: {v}" for k, v in npc.topics.items())
        parts.append(f"{npc.name} ({npc.attitude}): {npc.description} Knows — {topics}")
    if spec.encounter:
        encounter = campaign.encounters[spec.encounter]
        foes = ", ".join(f"{m.count} {m.monster}" for m in encounter.monsters)
        parts.append(f"Fight here ({spec.encounter}): {foes}.")
    return " ".join(parts)


def _scene(campaign: Campaign, scene_id: str, spec: SceneSpec) -> Scene:
    return Scene(
        id=scene_id,
        name=spec.name,
        description=" ".join(spec.description.split()),
        dm_notes=dm_notes(campaign, scene_id),
        exits=[e.to for e in spec.exits],
    )


def new_game(
    campaign: Campaign, seed: int = 0, players: dict[str, list[str]] | None = None
) -> GameState:
    """A fresh game at the campaign's start. ``players`` maps names to character ids
    (default: one player controls the whole party)."""
    party = {cid: campaign.character(cid).model_copy(deep=True) for cid in campaign.campaign.party}
    scenes = {sid: _scene(campaign, sid, spec) for sid, spec in campaign.scenes.items()}
    start = campaign.campaign.start
    spec = campaign.scenes[start]
    restriction = (
        Restriction(character_ids=list(spec.restrict_to), reason=spec.restrict_reason)
        if spec.restrict_to
        else None
    )
    state = GameState(
        campaign_id=campaign.id,
        title=campaign.campaign.title,
        seed=seed,
        players=players if players is not None else {"Player": list(party)},
        party=party,
        scene=scenes[start],
        scenes=scenes,
        restriction=restriction,
        visited=[start],
        started=datetime.now(UTC).replace(microsecond=0),
    )
    state.attach(campaign)
    return state
