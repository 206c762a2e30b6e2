"""Checks and saves as the game rolls them: a character's or creature's modifier, its
conditions and what every rule of play adds (:data:`app.actions.hooks.RULES`), the result
for the DM, the roll for the players, the line in the ledger; and amounts of dice a tool
is given ("2d6+3").

Low in the game's verbs: it imports no tool.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from app.actions.beast_form import in_beast_form
from app.actions.events import DiceRoll
from app.actions.hooks import RULES, RollSetup, Threat, spell_threat
from app.actions.registry import ToolError
from app.actions.senses import Sense
from app.world.state import GameState
from rules.abilities import Ability
from rules.checks import LUCKY, CheckResult, RollContext, ability_check, saving_throw
from rules.conditions import check_context, save_context
from rules.dice import Advantage, DiceError, roll
from rules.skills import Skill


def mode(text: str) -> Advantage:
    return Advantage(text)


def check_for(
    state: GameState,
    target_id: str,
    dc: int,
    reason: str,
    mode: Advantage,
    *,
    skill: Skill | None = None,
    ability: Ability | None = None,
    save: bool = False,
    source: str | None = None,
    spell: str | None = None,
    tool: str | None = None,
    threat: Threat | None = None,
    needs: Sense | None = None,
) -> CheckResult:
    """Roll a check or save for a character or a creature, with its conditions and what
    every rule of play adds (effects, features, traits). ``source`` is who forces a save
    (a caster), ``spell`` the spell behind it, ``tool`` what a check is made with,
    ``threat`` what a save is against (read from ``spell``'s data when not given), ``needs``
    the sense a check relies on (blinded or deafened, it fails)."""
    rng = state.rng
    used = ability or (skill.ability if skill else Ability.STR)
    if threat is None and spell is not None:
        threat = spell_threat(spell)
    setup = RollSetup(
        state, target_id, used, dc, reason, "save" if save else "check",
        skill=skill.value if skill else None, source=source, spell=spell, threat=threat,
    )  # fmt: skip
    for rule in RULES.taking("before_save" if save else "before_check"):
        (rule.before_save if save else rule.before_check)(setup)
    adv, dis = tuple(setup.advantage), tuple(setup.disadvantage)
    if target_id in state.party:
        sheet = state.party[target_id]
        if save:
            ctx = save_context(sheet.conditions, used, sheet.exhaustion,
                               advantage_from=adv, disadvantage_from=dis)  # fmt: skip
            modifier = sheet.save_modifier(used)
        else:
            ctx = check_context(sheet.conditions, sheet.exhaustion, needs=needs,
                                advantage_from=adv, disadvantage_from=dis)  # fmt: skip
            modifier = sheet.check_modifier(skill, used, tool)
        modifier = in_beast_form(state, target_id, used, modifier, save=save, skill=skill)
    else:
        creature = state.creatures[target_id]
        block = state.monster(creature.monster) if creature.monster else None
        if save:
            modifier = block.save_modifier(used) if block else 0
            ctx = save_context(creature.conditions, used, advantage_from=adv, disadvantage_from=dis)
        else:
            if block is None:
                modifier = 0
            elif skill is not None and ability in (None, skill.ability):
                modifier = block.skill_modifier(skill)
            else:
                modifier = block.abilities.modifier(used)
            ctx = check_context(creature.conditions, needs=needs, advantage_from=adv,
                                disadvantage_from=dis)  # fmt: skip
    if setup.auto_fail is not None and ctx.auto_fail is None:
        ctx = RollContext(ctx.advantage_from, ctx.disadvantage_from, setup.auto_fail)
    if setup.reroll_ones:
        ctx = replace(ctx, reroll_ones=True)
    if save:
        return saving_throw(rng, modifier, dc, ability=used, advantage=mode, context=ctx,
                            bonus=setup.dice, reason=reason)  # fmt: skip
    return ability_check(rng, modifier, dc, ability=used, skill=skill, advantage=mode,
                         context=ctx, bonus=setup.dice, reason=reason)  # fmt: skip


def check_result(state: GameState, target_id: str, check: CheckResult) -> dict[str, Any]:
    out: dict[str, Any] = {
        "character_id": target_id,
        "name": state.name_of(target_id),
        "check": check.label,
        "dc": check.dc,
        "total": check.total,
        "success": check.success,
        "margin": check.margin,
    }
    if check.natural is not None:
        out["natural"] = check.natural
    if check.auto_fail:
        out["auto_fail"] = check.auto_fail
    if LUCKY in check.reasons:
        out["rerolled"] = LUCKY
    if check.advantage is not Advantage.NORMAL:
        out["advantage"] = check.advantage.value
    return out


def roll_event(state: GameState, target_id: str, check: CheckResult) -> DiceRoll:
    return DiceRoll.from_check(
        check, character_id=target_id, character_name=state.name_of(target_id)
    )


def record_check(state: GameState, target_id: str, check: CheckResult) -> None:
    """Note a check's roll and outcome in the ledger."""
    verdict = "succeeded" if check.success else "failed"
    state.record(
        "roll",
        f"{state.name_of(target_id)}: {check.label} DC {check.dc} — {check.total}, {verdict}"
        + (f" ({check.reason})" if check.reason else ""),
        who=target_id,
        formula=check.roll.expression if check.roll is not None else None,
        total=check.total,
        why=check.reason or None,
    )


def roll_amount(state: GameState, text: str, reason: str, target_id: str) -> tuple[int, DiceRoll]:
    try:
        result = roll(text, state.rng)
    except DiceError as error:
        raise ToolError(f"bad amount {text!r}: {error}") from None
    event = DiceRoll.from_roll(
        result,
        check_type="amount",
        reason=reason,
        character_id=target_id,
        character_name=state.name_of(target_id),
    )
    return max(0, result.total), event
