"""When a tool can apply in the game as it stands. Tool schemas are tokens paid on every
call to the DM, so a state offers only the tools that can do something now: no
``cast_spell`` when nobody present can cast, no ``talk_to`` when nobody is here to talk to.
A tool left out is still run when it is called (the offline referee calls tools by name),
so these only decide what the DM is shown, never what it may do."""

from __future__ import annotations

import re
from collections.abc import Iterator

from app.actions.feature_tools import USES
from app.actions.monster_actions import special_moves
from app.actions.monster_rules import block_of
from app.actions.reactions import has_reaction
from app.world import view
from app.world.challengespec import ChallengeSpec
from app.world.facts import achieved
from app.world.state import GameState
from rules.character import CharacterSheet
from rules.damage import LifeState, Vitals
from rules.features import feature
from rules.srd import srd


def _present(state: GameState) -> Iterator[Vitals]:
    """The vitals of every party member and every creature still in the world."""
    yield from (sheet.vitals for sheet in state.party.values())
    yield from (c.vitals for c in state.creatures.values() if not c.left)


def someone_dying(state: GameState) -> bool:
    """Someone is at 0 HP and making death saves: out of a fight, ``take_action`` is there
    to stabilise them."""
    return any(v.state is LifeState.DYING for v in _present(state))


def someone_wounded(state: GameState) -> bool:
    """Someone alive is below their hit point maximum (what healing is for)."""
    return any(v.state is not LifeState.DEAD and v.hp < v.max_hp for v in _present(state))


def _can_cast(state: GameState, cid: str) -> bool:
    sheet = state.party.get(cid)
    if sheet is not None:
        return bool(sheet.spells)
    creature = state.creatures.get(cid)
    if creature is None:
        return False
    block = block_of(state, cid)
    return creature.spell_slots is not None or (block is not None and bool(block.spellcasting))


def _acting(state: GameState) -> str | None:
    """Whose turn it is in a fight (``None`` out of one)."""
    return state.encounter.current.id if state.encounter is not None else None


def someone_can_cast(state: GameState) -> bool:
    """Someone can cast a spell now: in a fight the combatant whose turn it is (other
    casting, such as Counterspell, comes through the reaction window); out of one, a party
    member who knows a spell."""
    acting = _acting(state)
    if acting is not None:
        return _can_cast(state, acting)
    return any(sheet.spells for sheet in state.party.values())


_CASTING = re.compile(r"\b(?:cast|casts|casting|spell|spells|cantrip|magic|pray|prayer)\b", re.I)


def a_spell_called_for(state: GameState) -> bool:
    """Out of a fight, a spell is cast when a player says so: a party member who knows a
    spell, and an action this turn that speaks of casting or names one of their spells
    (``I cast Guidance on Thorin``, ``cure wounds on Mira``). In a fight, as
    :func:`someone_can_cast`."""
    if state.encounter is not None:
        return someone_can_cast(state)
    if not any(sheet.spells for sheet in state.party.values()):
        return False
    said = " ".join(a.text.lower() for a in state.pending)
    if not said:
        return False
    if _CASTING.search(said):
        return True
    spells = srd().spells
    known = {sid for sheet in state.party.values() for sid in sheet.spells}
    return any(spells.get(sid).name.lower() in said for sid in known if sid in spells)


def _usable(sheet: CharacterSheet, feature_id: str) -> bool:
    spec = feature(feature_id)
    if spec is None or feature_id not in USES:
        return False
    return not (spec.limited or spec.pool) or sheet.uses_left(feature_id) > 0


def someone_has_a_feature(state: GameState) -> bool:
    """In a fight, the party member whose turn it is has a feature ``use_feature`` plays,
    with a use left (reactions come through the reaction window); out of one, anyone."""
    acting = _acting(state)
    sheets = [state.party[acting]] if acting in state.party else []
    if acting is None:
        sheets = list(state.party.values())
    return any(_usable(sheet, fid) for sheet in sheets for fid in sheet.all_features)


HEALING_FEATURES = frozenset({"second_wind", "lay_on_hands", "preserve_life"})
"""Features that restore hit points: out of a fight, only worth offering to the wounded."""
CALM_FEATURES = frozenset({"bardic_inspiration"})
"""Features that mean something out of a fight whatever the party's health."""


def a_feature_out_of_a_fight(state: GameState) -> bool:
    """Out of a fight most features (rage, action surge, smites, ki moves) do nothing: a
    usable healing feature while someone is wounded, or an inspiration to give."""
    wanted = CALM_FEATURES | (HEALING_FEATURES if someone_wounded(state) else frozenset())
    return any(
        _usable(sheet, fid)
        for sheet in state.party.values()
        for fid in sheet.all_features
        if fid in wanted
    )


def something_to_rest_for(state: GameState) -> bool:
    """A rest would bring something back: hit points, hit dice, spell slots, feature uses
    or a level of exhaustion."""
    return any(
        sheet.vitals.hp < sheet.vitals.max_hp
        or sheet.hit_dice.remaining < sheet.hit_dice.total
        or any(sheet.spell_slots.expended.values())
        or any(sheet.resources.values())
        or sheet.exhaustion
        for sheet in state.party.values()
    )


_TOGETHER = re.compile(
    r"\b(?:we|us|our|ours|everyone|everybody|all of us|together|the party|the group|both)\b",
    re.I,
)


def several_characters(state: GameState) -> bool:
    """Several characters attempt something together: more than one acts this turn, or a
    player speaks for the group ("we sneak past", "everyone climbs"). A group check is one
    check for several characters; with one character acting alone it means nothing."""
    if len(state.party) < 2 or not state.pending:
        return False
    acting = {a.character_id for a in state.pending}
    return len(acting) > 1 or any(_TOGETHER.search(a.text) for a in state.pending)


def several_players(state: GameState) -> bool:
    """Several players share the keyboard (who may act next is theirs to know), or a
    restriction is in force and may be lifted. A solo player decides who acts."""
    return len(state.players) > 1 or state.restriction is not None


def party_advances(state: GameState) -> bool:
    """The campaign levels its party by experience or by milestones."""
    campaign = state.campaign
    return campaign is not None and campaign.campaign.advancement != "none"


DEEDS = frozenset({"reveal", "flag", "trigger", "scene", "encounter_ended"})
"""Changes that mark the story moving on — a secret learned, a door opened, a trigger fired,
a new place reached, a fight over: the moments a DM rewards with experience."""


def a_deed_to_reward(state: GameState) -> bool:
    """The campaign advances its party and the story moved on since the DM last spoke or
    during this turn: ``award_xp`` is offered then (a fight's own XP is awarded by the game;
    the tool stays callable at any time)."""
    return party_advances(state) and any(c.kind in DEEDS for c in state.changes)


def a_foes_turn(state: GameState) -> bool:
    """A creature the DM runs is acting in a fight and a party member could still react: the
    DM may open a window on what it does. (On a party member's turn the engine opens the
    windows its rules know — opportunity attacks, Counterspell, readied actions.)"""
    encounter = state.encounter
    if encounter is None or encounter.current.id in state.party:
        return False
    return someone_may_react(state)


def someone_to_talk_to(state: GameState) -> bool:
    """Someone the campaign gives words to is here."""
    return bool(view.npcs_here(state, state.campaign))


def _open_challenges(state: GameState) -> Iterator[ChallengeSpec]:
    """The challenges of this scene that can still be attempted."""
    campaign = state.campaign
    for cid, spec in campaign.challenges.items() if campaign is not None else ():
        done = state.challenges.get(cid)
        if spec.scene != state.scene.id or done == "passed":
            continue
        if (done == "failed" and not spec.retry) or achieved(spec, state):
            continue
        yield spec


def a_challenge_ending_the_fight(state: GameState) -> bool:
    """In a fight: a challenge of this scene made to end it (its success ends the
    encounter: the Grey Sister prayed to rest) can still be attempted."""
    if state.encounter is None:
        return False
    return any(spec.success.end_encounter for spec in _open_challenges(state))


def a_challenge_here(state: GameState) -> bool:
    """A challenge of this scene can still be attempted."""
    return next(_open_challenges(state), None) is not None


def a_way_out(state: GameState) -> bool:
    """The party can leave this scene for another (by the campaign's map, or to any other
    scene of a game without one)."""
    if state.campaign is not None:
        return bool(view.exits_here(state, state.campaign))
    return any(sid != state.scene.id for sid in state.scenes)


def a_foe_with_moves(state: GameState) -> bool:
    """The creature whose turn it is has a stat-block action or trait move beyond its
    weapons."""
    acting = _acting(state)
    return acting in state.creatures and "monster_action:" in special_moves(state, acting)


def someone_may_react(state: GameState) -> bool:
    """A party member could still react this round: a window the DM opens would ask them
    (the DM declares its own creatures' reactions in the same call)."""
    return any(has_reaction(state, cid) for cid in state.party)


def declarations_waiting(state: GameState) -> bool:
    """A reaction declared in a player's own words waits for the DM or is being
    adjudicated: ``end_subturn`` is there to close it."""
    return any(
        s.kind == "declared" and s.status in ("pending", "resolving")
        for s in state.reactions.subturns
    )


def a_characters_moment(state: GameState) -> bool:
    """Out of a fight, or on a party member's turn in one: an ability check is a
    character's attempt. On a foe's turn the DM runs the foe — its attacks, moves and
    actions, and the saves its effects force — and contests such as a grapple come through
    ``take_action``, so the check's schema is not sent then (the tool still runs)."""
    encounter = state.encounter
    return encounter is None or encounter.current.id in state.party


def a_potion_to_drink(state: GameState) -> bool:
    """In a fight, items change hands only when something is used up: someone is hurt and a
    party member carries a potion (drunk or given: ``heal``, then ``change_item`` takes it
    away)."""
    carried = any("potion" in item.lower() for s in state.party.values() for item in s.inventory)
    return carried and someone_wounded(state)
