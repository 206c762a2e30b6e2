"""Monster traits in play: Pack Tactics, Martial Advantage, Sunlight Sensitivity,
Regeneration, Undead Fortitude, recharging breath weapons, the riders on a monster's hit
(a wolf knocks its prey prone, a ghoul's claws paralyse) — and surprise, which keeps a
creature from acting in its first turn.

The traits are data on the stat block (:class:`rules.srd.Trait` ``id``, the rider fields of
:class:`rules.srd.MonsterAction`); this rule reads them at the moments of play.
"""

from __future__ import annotations

from app.actions import beings as bg
from app.actions import harm as hm
from app.actions import rolling as rl
from app.actions.beast_form import form_of
from app.actions.drains import drain_ability, drain_max_hp
from app.actions.events import DiceRoll, SessionEvent, StateChange
from app.actions.hooks import AttackSetup, ExtraDamage, RollSetup, Rule, action_threat
from app.actions.position_tools import ally_beside
from app.world.state import GameState
from app.world.wording import the
from rules.abilities import Ability
from rules.attacks import AttackResult, damage_roll
from rules.conditions import ActiveCondition, Condition, can_act, fall_prone
from rules.damage import DamageResult, LifeState, Vitals, heal
from rules.dice import Advantage
from rules.effects import Effect, blocks_healing
from rules.srd import Monster, MonsterAction
from rules.traits import (
    kind_words,
    recharge_roll,
    regenerates,
    undead_fortitude_applies,
    undead_fortitude_dc,
)

SURPRISED = "surprised"
"""Effect id of a creature caught unaware when a fight starts."""
_TOOK = "took_"
"""Resource key prefix: damage of a type that stops Regeneration, taken since its turn."""
_MARTIAL = "martial_advantage"


def surprised_effect() -> Effect:
    """SRD: a surprised creature cannot move or take an action on its first turn, and
    cannot take a reaction until that turn ends."""
    return Effect(
        id=SURPRISED, name="Surprised", no_reactions=True, ends="end_of_own_turn", rounds=1
    )


def block_of(state: GameState, cid: str) -> Monster | None:
    """The stat block behind a creature id (``None`` for characters and plain NPCs)."""
    creature = state.creatures.get(cid)
    if creature is None or creature.monster is None:
        return None
    return state.monster(creature.monster)


SENSE_WORDS: dict[str, tuple[str, ...]] = {
    "hearing": ("hear", "listen", "sound", "noise", "footstep", "whisper"),
    "smell": ("smell", "scent", "sniff", "odour", "odor", "stench", "reek"),
    "sight": ("see", "sight", "spot", "look", "glimpse", "watch"),
}
"""Words in a Perception check's reason that make it rely on a sense (a Keen trait)."""


def fighting_block(state: GameState, cid: str) -> Monster | None:
    """The stat block a combatant fights with: a monster's own, or the beast a druid in
    Wild Shape has become (SRD: it has the beast's traits and actions, so a wolf-shaped
    druid has Pack Tactics and the bite that knocks prone)."""
    return block_of(state, cid) or form_of(state, cid)


def _side(state: GameState, cid: str) -> str:
    return "party" if cid in state.party else "foes"


def _standing(state: GameState, cid: str) -> bool:
    """Conscious, in the fight and not incapacitated."""
    if cid in state.creatures and state.creatures[cid].left:
        return False
    return bg.vitals_of(state, cid).hp > 0 and can_act(bg.conditions_of(state, cid))


def ally_near(state: GameState, cid: str, target: str) -> bool:
    """An ally of ``cid`` that is not incapacitated stands within 5 feet of ``target``."""
    return ally_beside(state, cid, target)


def in_sunlight(state: GameState) -> bool:
    """The party stands in direct sunlight: the campaign scene says so, or (a game without
    a campaign) the ``sunlight`` flag is set."""
    campaign = state.campaign
    if campaign is not None:
        spec = campaign.scenes.get(state.scene.id)
        if spec is not None and spec.sunlight:
            return True
    return state.flags.get("sunlight") is True


def kind_of(state: GameState, cid: str) -> set[str]:
    """Words for what a creature is: its species (``elf``), or its type (``undead``,
    ``humanoid``, ``goblinoid``)."""
    if cid in state.party:
        text = state.party[cid].species
    else:
        block = block_of(state, cid)
        text = block.type if block else ""
    return set(kind_words(text))


def impose(
    state: GameState, target: str, condition: Condition, *, source: str, action: MonsterAction
) -> list[SessionEvent]:
    """Put an action's condition on a target (unless it is immune), with its duration and
    the save that ends it."""
    block = block_of(state, target)
    name = state.name_of(target)
    if block is not None and condition in block.condition_immunities:
        text = f"{name} is immune to being {condition.value}"
        state.record("condition", text, who=target)
        return [StateChange(kind="condition", target_id=target, description=text)]
    repeat = action.repeat_save and action.save_ability is not None
    conditions = bg.conditions_of(state, target)
    conditions[:] = [c for c in conditions if c.condition is not condition]
    conditions.append(
        ActiveCondition(
            condition=condition, source=source, rounds=action.condition_rounds,
            save_ability=action.save_ability if repeat else None,
            save_dc=action.save_dc if repeat else None, note=action.name,
        )
    )  # fmt: skip
    if condition is Condition.UNCONSCIOUS:
        fall_prone(conditions, "fell unconscious")  # and still lying down when it wakes
    text = f"{name} is {condition.value} ({state.name_of(source)}'s {action.name.lower()})"
    state.record("condition", text, who=target)
    return [StateChange(kind="condition", target_id=target, description=text)]


def rider(
    state: GameState, attacker: str, target: str, action: MonsterAction, dealt: int = 0
) -> list[SessionEvent]:
    """What a monster's hit does beyond its damage (``dealt``): a save against a condition,
    more damage (half on a success when the action says so) or a drained hit point maximum,
    a condition outright, or an ability score drained."""
    if bg.vitals_of(state, target).state is LifeState.DEAD:
        return []
    spared = kind_of(state, target) & set(action.spares)
    if spared:
        text = (
            f"{state.name_of(target)} is unaffected by {the(action.name.lower())} ({spared.pop()})"
        )
        state.record("condition", text, who=target)
        return [StateChange(kind="condition", target_id=target, description=text)]
    events: list[SessionEvent] = []
    saved = False
    if action.save_ability is not None and action.save_dc is not None:
        check = rl.check_for(
            state, target, action.save_dc, f"resist {action.name.lower()}", Advantage.NORMAL,
            ability=action.save_ability, save=True, source=attacker,
            threat=action_threat(action),
        )  # fmt: skip
        events.append(rl.roll_event(state, target, check))
        saved = check.success
    if action.save_damage and action.save_damage_type:
        rolled = damage_roll(state.rng, action.save_damage)
        events.append(
            DiceRoll.from_roll(
                rolled, check_type="damage", reason=f"{action.name} {action.save_damage_type}",
                character_id=attacker, character_name=state.name_of(attacker),
            )
        )  # fmt: skip
        amount = rolled.total // 2 if saved else rolled.total
        if saved and not action.save_half:
            amount = 0
        if amount:
            more, _ = hm.deal_damage(
                state, target, amount, action.save_damage_type, source=attacker
            )
            events += more
    if action.condition is not None and not saved and bg.vitals_of(state, target).hp > 0:
        events += impose(state, target, action.condition, source=attacker, action=action)
    if action.drains_max_hp and not saved and dealt > 0:
        events += drain_max_hp(state, target, dealt, action.name)
    if action.drains is not None and action.drain_dice is not None:
        events += drain_ability(state, attacker, target, action)
    return events


class MonsterRules(Rule):
    """Monster traits and actions shape attacks, damage and the turns of a fight."""

    name = "monster traits"

    def refuse_attack(self, state: GameState, attacker: str, target: str) -> str | None:
        return self.cannot_act(state, attacker)

    def cannot_act(self, state: GameState, cid: str) -> str | None:
        if any(e.id == SURPRISED for e in bg.effects_of(state, cid)):
            return f"{state.name_of(cid)} is surprised and cannot act this turn"
        return None

    def before_attack(self, setup: AttackSetup) -> None:
        block = fighting_block(setup.state, setup.attacker)
        if block is None:
            return
        if block.trait("pack_tactics") and ally_near(setup.state, setup.attacker, setup.target):
            setup.advantage.append("pack tactics")
        sunlit = in_sunlight(setup.state)
        if sunlit and (block.trait("sunlight_sensitivity") or block.trait("sunlight_weakness")):
            setup.disadvantage.append("sunlight")
        if block.trait("grappler") and any(
            c.condition is Condition.GRAPPLED and c.source == setup.attacker
            for c in bg.conditions_of(setup.state, setup.target)
        ):
            setup.advantage.append("grappling the target")

    def before_save(self, setup: RollSetup) -> None:
        self._weak_in_sunlight(setup)

    def before_check(self, setup: RollSetup) -> None:
        self._weak_in_sunlight(setup)
        block = fighting_block(setup.state, setup.who)
        if block is not None and setup.skill == "perception" and block.keen_senses:
            said = setup.reason.lower()
            if any(w in said for s in block.keen_senses for w in SENSE_WORDS[s]):
                setup.advantage.append("keen senses")

    @staticmethod
    def _weak_in_sunlight(setup: RollSetup) -> None:
        """Sunlight Weakness: disadvantage on ability checks and saves in sunlight too."""
        block = block_of(setup.state, setup.who)
        if block and block.trait("sunlight_weakness") and in_sunlight(setup.state):
            setup.disadvantage.append("sunlight")

    def damage_on_hit(self, setup: AttackSetup, hit: AttackResult) -> list[ExtraDamage]:
        return _martial_advantage(setup) + _surprise_attack(setup)

    def after_attack(self, setup: AttackSetup, hit: AttackResult) -> list[SessionEvent]:
        found = _weapon_action(setup)
        if found is None or not hit.hit or not found[1].has_rider:
            return []
        return rider(setup.state, setup.attacker, setup.target, found[1], setup.dealt)

    def after_damage(
        self, state: GameState, target: str, result: DamageResult, source: str | None
    ) -> list[SessionEvent]:
        block = block_of(state, target)
        if block is None:
            return []
        creature = state.creatures[target]
        regeneration = block.trait("regeneration")
        kind = result.damage.damage_type
        if regeneration and kind in regeneration.stopped_by and result.damage.amount > 0:
            creature.resources[f"{_TOOK}{kind.value}"] = 1
        if (
            block.trait("undead_fortitude")
            and result.dropped_to_zero
            and result.damage.amount > 0
            and undead_fortitude_applies(result.damage.damage_type, result.critical)
        ):
            return _fortitude(state, target, result)
        return []

    def turn_starts(self, state: GameState, cid: str) -> list[SessionEvent]:
        for creature in state.creatures.values():
            creature.resources.pop(_MARTIAL, None)  # "once per turn": a new turn began
        block = block_of(state, cid)
        if block is None:
            return []
        return _recharge(state, cid, block) + _regenerate(state, cid, block)


def _weapon_action(setup: AttackSetup) -> tuple[Monster, MonsterAction] | None:
    """The stat block and action behind a monster's attack (or a beast-shaped druid's)."""
    block = fighting_block(setup.state, setup.attacker)
    if block is None or setup.kind != "monster":
        return None
    try:
        return block, block.action(setup.weapon or "")
    except KeyError:
        return None


def _martial_advantage(setup: AttackSetup) -> list[ExtraDamage]:
    """Martial Advantage: once per turn, extra dice when an able ally is near the target."""
    found = _weapon_action(setup)
    if found is None:
        return []
    block, action = found
    trait = block.trait("martial_advantage")
    state = setup.state
    creature = state.creatures.get(setup.attacker)
    if trait is None or trait.dice is None or action.damage_type is None or creature is None:
        return []
    if creature.resources.get(_MARTIAL) or not ally_near(state, setup.attacker, setup.target):
        return []
    creature.resources[_MARTIAL] = 1  # once per turn
    return [ExtraDamage(trait.dice, action.damage_type, "Martial Advantage")]


def _surprise_attack(setup: AttackSetup) -> list[ExtraDamage]:
    """Surprise Attack: the first hit on a surprised creature in the first round deals
    extra dice."""
    found = _weapon_action(setup)
    state, encounter = setup.state, setup.state.encounter
    if found is None or encounter is None or encounter.round != 1:
        return []
    block, action = found
    trait = block.trait("surprise_attack")
    creature = state.creatures.get(setup.attacker)
    if trait is None or trait.dice is None or action.damage_type is None or creature is None:
        return []
    caught = any(e.id == SURPRISED for e in bg.effects_of(state, setup.target))
    if not caught or creature.resources.get("surprise_attack"):
        return []
    creature.resources["surprise_attack"] = 1
    return [ExtraDamage(trait.dice, action.damage_type, "Surprise Attack")]


def _fortitude(state: GameState, target: str, result: DamageResult) -> list[SessionEvent]:
    """Undead Fortitude: a CON save against DC 5 + the damage, or it stays down."""
    dc = undead_fortitude_dc(result.damage.amount)
    check = rl.check_for(
        state, target, dc, "Undead Fortitude", Advantage.NORMAL, ability=Ability.CON, save=True
    )
    events: list[SessionEvent] = [rl.roll_event(state, target, check)]
    if not check.success:
        return events
    before = bg.vitals_of(state, target)
    after = Vitals(hp=1, max_hp=before.max_hp)
    bg.set_vitals(state, target, after)
    text = f"{state.name_of(target)} refuses to fall (Undead Fortitude): {bg.vitals_text(after)}"
    events.append(bg.hp_change(state, target, before, after, text))
    return events


def _recharge(state: GameState, cid: str, block: Monster) -> list[SessionEvent]:
    """Spent recharge actions roll a d6 at the start of the monster's turn."""
    creature = state.creatures[cid]
    events: list[SessionEvent] = []
    for action in block.actions:
        if action.recharge is None or not creature.resources.get(action.id):
            continue
        rolled = recharge_roll(state.rng, action.recharge)
        verdict = "recharged" if rolled.recharged else "not yet"
        events.append(
            DiceRoll.from_roll(
                rolled.roll, check_type="recharge", reason=f"{action.name} recharge "
                f"{action.recharge}: {verdict}", character_id=cid, character_name=creature.name,
                success=rolled.recharged,
            )
        )  # fmt: skip
        if rolled.recharged:
            creature.resources.pop(action.id)
            state.record("encounter", f"{creature.name}'s {action.name} is ready again")
    return events


def _regenerate(state: GameState, cid: str, block: Monster) -> list[SessionEvent]:
    """Regeneration: hit points back at the start of the turn, unless stopped. At 0 hit
    points the creature is down, not dead: it rises again, or — stopped by the damage that
    stops it (a troll's acid or fire) — it dies now."""
    trait = block.trait("regeneration")
    creature = state.creatures[cid]
    taken = [
        t.value
        for t in (trait.stopped_by if trait else ())
        if creature.resources.pop(f"{_TOOK}{t.value}", 0)
    ]
    if trait is None or trait.amount is None or creature.vitals.state is LifeState.DEAD:
        return []
    before = creature.vitals
    amount = regenerates(trait.amount, trait.stopped_by, taken)
    if before.hp == 0 and (amount == 0 or blocks_healing(creature.effects)):
        # SRD: it dies only if it starts its turn at 0 hit points and does not regenerate
        after = before.model_copy(update={"state": LifeState.DEAD})
        bg.set_vitals(state, cid, after)
        why = f"{', '.join(sorted(taken))} damage" if taken else "nothing can heal it"
        text = f"{creature.name} does not regenerate ({why}) and dies"
        return [bg.hp_change(state, cid, before, after, text)]
    if blocks_healing(creature.effects):
        return []
    if amount == 0:
        text = f"{creature.name} does not regenerate ({', '.join(sorted(taken))} damage)"
        state.record("hp", text, who=cid)
        return [StateChange(kind="hp", target_id=cid, description=text)]
    outcome = heal(before, amount)
    if outcome.restored == 0:
        return []
    bg.set_vitals(state, cid, outcome.vitals)
    text = (
        f"{creature.name} regenerates {outcome.restored} HP: "
        f"{bg.vitals_text(before)} → {bg.vitals_text(outcome.vitals)}"
    )
    return [bg.hp_change(state, cid, before, outcome.vitals, text)]
