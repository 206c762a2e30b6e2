"""A crossroads game to try the event system on: helpers that add triggers, judgments and
NPCs without a campaign file."""

from __future__ import annotations

from typing import Any

from app.world.campaign import Campaign, TriggerSpec
from app.world.campaignfile import load_campaign
from app.world.challengespec import Effects
from app.world.folders import CAMPAIGNS_DIR
from app.world.newgame import new_game
from app.world.npcspec import NPCSpec
from app.world.state import GameState
from app.world.truth import Judgment
from app.world.when import Fact


def world(seed: int = 3) -> GameState:
    """A fresh crossroads game (its own copy of the campaign, free to change), with the
    campaign's own event content taken out (see :func:`quiet`), judgments too, so a test
    of the engine sees only what it adds (the shipped content has tests of its own)."""
    campaign = quiet(load_campaign(CAMPAIGNS_DIR / "crossroads"))
    campaign.judgments.clear()
    return new_game(campaign, seed=seed)


def quiet(campaign: Campaign) -> Campaign:
    """``campaign`` without what its authors built on the event system — the triggers that
    read judgments or scores or move scores, people's starting scores and ties, goals and
    off-screen changes — keeping its judgments: how words are heard, with every score at
    0 and nothing answering them."""
    campaign.offscreen.clear()
    campaign.triggers[:] = [
        t
        for t in campaign.triggers
        if not t.effects.shift and t.tier is None and not _reads_the_truth_set(t.when)
    ]
    for npc in campaign.npcs.values():
        npc.start.clear()
        npc.ties.clear()
        npc.variants[:] = [v for v in npc.variants if not _reads_the_truth_set(v.when)]
    for scene in campaign.scenes.values():
        scene.goals.clear()
    return campaign


def _reads_the_truth_set(when: Fact) -> bool:
    said = when.model_dump_json(exclude_none=True)
    return any(f'"{atom}"' in said for atom in ("judged", "compare", "threshold", "happened"))


def campaign_of(state: GameState) -> Campaign:
    campaign = state.campaign
    assert campaign is not None
    return campaign


def trigger(state: GameState, tid: str, when: dict[str, Any], **more: Any) -> TriggerSpec:
    """Add a trigger (``effects`` as a dict; by default it sets the flag ``did_<tid>``)."""
    effects = Effects.model_validate(more.pop("effects", {"set_flags": {f"did_{tid}": True}}))
    spec = TriggerSpec(id=tid, when=Fact.model_validate(when), effects=effects, **more)
    campaign_of(state).triggers.append(spec)
    return spec


def judge(state: GameState, watch: str, confidence: float, **more: Any) -> Judgment:
    """Put a judgment straight into the truth set."""
    made = Judgment(
        id=state.truth.next_judgment_id(), turn=state.turn, scene=state.scene.id,
        category=more.pop("category", "trust_shift"), watch=watch, confidence=confidence,
        **more,
    )  # fmt: skip
    state.truth.judgments.append(made)
    return made


def person(state: GameState, npc_id: str, **more: Any) -> None:
    """Add an NPC to the campaign."""
    npc = NPCSpec(name=npc_id.title(), greeting="Hello.", **more)
    campaign_of(state).npcs[npc_id] = npc
