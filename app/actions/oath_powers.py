"""A Devotion paladin's Channel Divinity (3rd level), used through ``use_feature``.

SRD (Oath of Devotion): Sacred Weapon — as an action, for 1 minute, add the Charisma
modifier (at least +1) to attack rolls made with a weapon; Turn the Unholy — as an action,
each fiend or undead that can see or hear the paladin within 30 feet makes a Wisdom save
(the paladin's spell save DC) or is turned for 1 minute or until it takes damage. Either
spends the paladin's one Channel Divinity, back on a short or long rest.
"""

from __future__ import annotations

from app.actions import beings as bg
from app.actions import class_rules as cr
from app.actions import feature_uses as fu
from app.actions import rolling as rl
from app.actions.events import SessionEvent
from app.actions.registry import ToolError
from app.world.state import GameState
from rules.abilities import Ability
from rules.character import CharacterSheet
from rules.damage import LifeState
from rules.dice import Advantage
from rules.effects import Effect, with_effect
from rules.features import FeatureSpec, feature
from rules.spellcasting import spell_save_dc

SACRED_ID = "sacred_weapon"
UNHOLY = ("fiend", "undead")
"""SRD (Turn the Unholy): the creature types it turns."""


def _channel(sheet: CharacterSheet) -> FeatureSpec:
    channel = feature("channel_divinity")
    if channel is None or sheet.uses_left("channel_divinity") <= 0:
        raise ToolError(f"{sheet.name} has no Channel Divinity left until a short rest")
    return channel


def sacred_weapon(state: GameState, sheet: CharacterSheet, spec: FeatureSpec,
                  target: str | None, option: str | None) -> fu.Outcome:  # fmt: skip
    """Channel Divinity: +CHA (at least +1) to weapon attack rolls for a minute."""
    channel = _channel(sheet)
    fu.pay_cost(state, sheet.id, spec)
    fu.spend_uses(sheet, channel)
    bonus = max(1, sheet.modifier(Ability.CHA))
    effect = Effect(id=SACRED_ID, name="Sacred Weapon", source=sheet.id, attack_dice=str(bonus),
                    ends="end_of_own_turn", rounds=10, note="weapon attacks")  # fmt: skip
    sheet.effects[:] = with_effect(sheet.effects, effect)
    text = f"{sheet.name}'s weapon shines with holy light (+{bonus} to hit for a minute)"
    return {"attack_bonus": bonus}, [fu.change_note(state, sheet.id, text)]


def turn_the_unholy(state: GameState, sheet: CharacterSheet, spec: FeatureSpec,
                    target: str | None, option: str | None) -> fu.Outcome:  # fmt: skip
    """Channel Divinity: fiends and undead here save (WIS) or are turned for a minute."""
    channel = _channel(sheet)
    unholy = [
        cid for cid, c in state.creatures.items()
        if c.monster and state.monster(c.monster).type.split(" ")[0].lower() in UNHOLY
        and c.vitals.state is not LifeState.DEAD and not c.left
        and c.stands_in(state.scene.id)
        and (state.encounter is None or any(o.id == cid for o in state.encounter.order))
    ]  # fmt: skip
    if not unholy:
        raise ToolError("there are no fiends or undead here to turn")
    fu.pay_cost(state, sheet.id, spec)
    fu.spend_uses(sheet, channel)
    dc = spell_save_dc(sheet.proficiency_bonus, sheet.modifier(Ability.CHA))
    events: list[SessionEvent] = []
    results = []
    for cid in unholy:
        check = rl.check_for(state, cid, dc, "Turn the Unholy", Advantage.NORMAL,
                             ability=Ability.WIS, save=True, source=sheet.id)  # fmt: skip
        events.append(rl.roll_event(state, cid, check))
        if not check.success:
            turned = Effect(id=cr.TURNED_ID, name="Turned", source=sheet.id,
                            ends="end_of_own_turn", rounds=10)  # fmt: skip
            effects = bg.effects_of(state, cid)
            effects[:] = with_effect(effects, turned)
            events.append(fu.change_note(state, cid, f"{state.name_of(cid)} is turned and flees"))
        results.append({"id": cid, "save": check.total, "turned": not check.success})
    return {"dc": dc, "unholy": results}, events


OATH_USES: dict[str, fu.Use] = {"sacred_weapon": sacred_weapon, "turn_the_unholy": turn_the_unholy}
"""The features this module adds to the tool, by id."""
