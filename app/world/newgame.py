"""Starting a game from a campaign: the party, the map of scenes, and the players who
control the characters — and joining a game to a new version of its campaign (an author
edited it while playing). What each scene says is read from the campaign as the world
stands (``app.world.view``), never copied here."""

from __future__ import annotations

import hashlib
from datetime import UTC, datetime

from app.world.arrivals import note_arrivals
from app.world.campaign import Campaign
from app.world.ledger import SceneEntered
from app.world.scenespec import SceneSpec
from app.world.state import GameState, Restriction, Scene
from rules.character import CharacterSheet


def _scene(scene_id: str, spec: SceneSpec) -> Scene:
    # No copy of the text: it depends on the world and is read through app.world.view.
    return Scene(id=scene_id, name=spec.name, exits=[e.to for e in spec.exits])


def scene_map(campaign: Campaign) -> dict[str, Scene]:
    """The game's map of the campaign's scenes: each one's name and where its exits lead."""
    return {sid: _scene(sid, spec) for sid, spec in campaign.scenes.items()}


def join_campaign(state: GameState, campaign: Campaign) -> None:
    """Play ``state`` on ``campaign`` from now on — a new version of its own campaign, or the
    one it was saved with. What the game holds only as the campaign says it (the map of
    scenes and the title) is taken again from it, and scenes visited that it no longer has
    are forgotten (nothing can happen there any more); the world itself (where the party
    is, what it carries, flags, fights, dice) stays as it is. A scene the party is in that
    the campaign no longer has is left in place for the sense checks to name."""
    state.attach(campaign)
    scenes = scene_map(campaign)
    state.scenes = scenes
    state.visited = [sid for sid in state.visited if sid in scenes]
    if state.scene.id in scenes:
        state.scene = scenes[state.scene.id]
    state.title = campaign.campaign.title


def fingerprint(sheet: CharacterSheet) -> str:
    """A short digest of a campaign's sheet for a pregen (it changes when the author changes
    the sheet)."""
    return hashlib.sha256(sheet.model_dump_json().encode()).hexdigest()[:16]


def forget_what_is_gone(state: GameState, campaign: Campaign) -> None:
    """A game as the game saved it, played on a campaign edited since: what its history
    names that the campaign no longer has — a trigger that fired, a challenge tried, a
    fight won — is forgotten (it cannot happen again, nor be asked about), rather than the
    game refused. What is still in play (the scene the party is in, a fight's creatures)
    stays for the checks to name."""
    triggers = {t.id for t in campaign.all_triggers}
    state.fired_triggers = {k: v for k, v in state.fired_triggers.items() if k in triggers}
    state.triggers_holding = [t for t in state.triggers_holding if t in triggers]
    state.challenges = {k: v for k, v in state.challenges.items() if k in campaign.challenges}
    state.defeated = [e for e in state.defeated if e in campaign.encounters]


def new_game(
    campaign: Campaign,
    seed: int = 0,
    players: dict[str, list[str]] | None = None,
    own: dict[str, CharacterSheet] | None = None,
) -> GameState:
    """A fresh game at the campaign's start. ``players`` maps names to character ids
    (default: one player controls the whole party). ``own`` puts the players' own
    characters in the place of pregens, by the pregen's id (see
    :func:`app.world.characters.cast_party`): each takes that id, so what the campaign says
    of that party member (who may act in a scene) holds for the character in its place."""
    own = own or {}
    party = {
        cid: (
            own[cid].model_copy(update={"id": cid}, deep=True)
            if cid in own
            else campaign.character(cid).model_copy(deep=True)
        )
        for cid in campaign.campaign.party
    }
    scenes = scene_map(campaign)
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
        own_characters=[cid for cid in party if cid in own],
        pregens={cid: fingerprint(campaign.character(cid)) for cid in party if cid not in own},
        scene=scenes[start],
        scenes=scenes,
        restriction=restriction,
        visited=[start],
        started=datetime.now(UTC).replace(microsecond=0),
    )
    # A character nobody was given is run by the DM (a game where some character has no
    # player and is no companion could be played, but not saved and loaded again).
    seated = {cid for ids in state.players.values() for cid in ids}
    state.turn_order.companions = [cid for cid in party if cid not in seated]
    state.attach(campaign)
    # The ledger starts with the party entering the first scene (turn 0: set-up; it goes
    # into the first turn's record), and who is there is taken as the first look.
    state.log_event(SceneEntered(characters=list(party)))
    note_arrivals(state)
    return state
