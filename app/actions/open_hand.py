"""Open Hand Technique (monk, Way of the Open Hand, 3rd level). SRD: whenever the monk hits
a creature with one of the attacks granted by Flurry of Blows, it can impose one effect on
that target: it must succeed on a Dexterity saving throw or be knocked prone; it must make
a Strength saving throw or be pushed up to 15 feet away; or it can't take reactions until
the end of the monk's next turn. The save DC is the ki save DC (8 + proficiency + WIS).

``use_feature`` with ``feature = "flurry_of_blows"`` takes the effect as its ``option``:
``prone``, ``push`` or ``no_reactions``."""

from __future__ import annotations

from typing import Any

from app.actions import beings as bg
from app.actions import rolling as rl
from app.actions.events import SessionEvent, StateChange
from app.actions.registry import ToolError
from app.world.state import GameState
from rules.abilities import Ability
from rules.character import CharacterSheet
from rules.conditions import ActiveCondition, Condition
from rules.damage import LifeState
from rules.dice import Advantage
from rules.effects import Effect, with_effect
from rules.positions import leave
from rules.spellcasting import spell_save_dc

TECHNIQUES = ("prone", "push", "no_reactions")
_WORDS = {
    "prone": "prone", "knock prone": "prone", "knock down": "prone", "trip": "prone",
    "push": "push", "push away": "push", "shove": "push", "no reactions": "no_reactions",
    "no_reactions": "no_reactions", "reactions": "no_reactions", "no reaction": "no_reactions",
}  # fmt: skip
NO_REACTIONS_ID = "open_hand"


def technique_of(sheet: CharacterSheet, option: str | None) -> str | None:
    """The technique an option names, ``None`` for none; ``ToolError`` for one the monk
    cannot use or a word that names none."""
    if not option:
        return None
    found = _WORDS.get(option.strip().lower().replace("-", " "))
    if found is None:
        raise ToolError(f"flurry_of_blows: option is one of {', '.join(TECHNIQUES)}")
    if not sheet.has("open_hand_technique"):
        raise ToolError(f"{sheet.name} has no Open Hand Technique (Way of the Open Hand, 3rd)")
    return found


def apply(
    state: GameState, sheet: CharacterSheet, target: str, technique: str
) -> tuple[dict[str, Any], list[SessionEvent]]:
    """Impose the technique on a target the flurry hit."""
    name = state.name_of(target)
    if bg.vitals_of(state, target).state is LifeState.DEAD:
        return {"technique": technique, "outcome": "target fell"}, []
    dc = spell_save_dc(sheet.proficiency_bonus, sheet.modifier(Ability.WIS))
    events: list[SessionEvent] = []
    if technique == "no_reactions":
        # Until the end of the monk's next turn: the end of this one does not count.
        effect = Effect(id=NO_REACTIONS_ID, name="No reactions (Open Hand)", source=sheet.id,
                        no_reactions=True, ends="end_of_source_turn", rounds=2)  # fmt: skip
        effects = bg.effects_of(state, target)
        effects[:] = with_effect(effects, effect)
        text = f"{name} cannot take reactions until the end of {sheet.name}'s next turn"
        state.record("condition", text, who=target)
        events.append(StateChange(kind="condition", target_id=target, description=text))
        return {"technique": technique, "applied": True}, events
    ability = Ability.DEX if technique == "prone" else Ability.STR
    check = rl.check_for(state, target, dc, "Open Hand Technique", Advantage.NORMAL,
                         ability=ability, save=True, source=sheet.id)  # fmt: skip
    events.append(rl.roll_event(state, target, check))
    result: dict[str, Any] = {"technique": technique, "dc": dc, "saved": check.success}
    if check.success:
        return result, events
    if technique == "prone":
        conditions = bg.conditions_of(state, target)
        if not any(c.condition is Condition.PRONE for c in conditions):
            conditions.append(ActiveCondition(condition=Condition.PRONE, source=sheet.id,
                                              note="Open Hand Technique"))  # fmt: skip
        text = f"{name} is knocked prone"
    else:
        if state.encounter is not None:
            leave(state.encounter.positions, target)
        text = f"{name} is pushed 15 feet away from {sheet.name}"
    state.record("condition", text, who=target)
    events.append(StateChange(kind="condition", target_id=target, description=text))
    return result, events
