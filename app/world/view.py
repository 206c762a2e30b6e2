"""What the players can perceive where they are, as the world stands now.

Every part of the game that shows or reads the current scene — the offline referee's
narration and its reading of player lines, the LLM's context, the front ends — asks here
instead of reading the campaign's scene spec directly, so that text which depends on the
world (a padlock that has been picked, a boy who came out of hiding) is decided in one
place.
"""

from __future__ import annotations

from dataclasses import dataclass

from app.world.campaign import Campaign, Exit, Feature
from app.world.state import GameState


@dataclass(frozen=True)
class ExitView:
    """A way out of the scene as the players see it."""

    to: str
    """The scene it leads to (an id: for tools, never for players)."""
    name: str
    aliases: tuple[str, ...]
    open: bool
    locked_text: str


def _exit_view(state: GameState, spec: Exit) -> ExitView:
    is_open = spec.requires_flag is None or bool(state.flags.get(spec.requires_flag))
    return ExitView(spec.to, spec.name, tuple(spec.aliases), is_open, spec.locked_text)


def scene_description(state: GameState, campaign: Campaign) -> str:
    """The current scene's read-aloud text, on one line."""
    spec = campaign.scenes.get(state.scene.id)
    text = spec.description if spec is not None else state.scene.description
    return " ".join(text.split())


def features_here(state: GameState, campaign: Campaign) -> dict[str, Feature]:
    """The things in the current scene the players may examine, by id."""
    spec = campaign.scenes.get(state.scene.id)
    return dict(spec.features) if spec is not None else {}


def feature_text(state: GameState, campaign: Campaign, feature_id: str) -> str:
    """What examining a feature shows now."""
    return features_here(state, campaign)[feature_id].text


def npcs_here(state: GameState, campaign: Campaign) -> list[str]:
    """Ids of the people present in the current scene whom the players can talk to."""
    spec = campaign.scenes.get(state.scene.id)
    return [n for n in spec.npcs if n in campaign.npcs] if spec is not None else []


def items_here(state: GameState, campaign: Campaign) -> list[str]:
    """Ids of campaign items lying in the current scene that nobody has picked up."""
    spec = campaign.scenes.get(state.scene.id)
    if spec is None:
        return []
    return [i for i in spec.items if i in campaign.items and not state.has_item(i)]


def exits_here(state: GameState, campaign: Campaign) -> list[ExitView]:
    """The ways out of the current scene, open or not."""
    spec = campaign.scenes.get(state.scene.id)
    return [_exit_view(state, e) for e in spec.exits] if spec is not None else []
