"""What where creatures stand does to play, through the rules' hooks:

- a melee attack needs its target within reach; the attack closes in on its own when the
  attacker is engaged with no other foe and its movement covers the gap, and says so;
- a ranged attack (weapon or spell) with a hostile creature engaged with the attacker has
  disadvantage (SRD: a ranged attack within 5 feet of a hostile creature that can see you
  and is not incapacitated); beyond the weapon's normal range, disadvantage; beyond its
  long range, or a spell's range, it cannot be made;
- cover adds to AC (half +2, three-quarters +5) and to Dexterity saving throws against
  what comes from a creature not engaged with the one behind it; total cover means it
  cannot be targeted at all.
"""

from __future__ import annotations

from app.actions import beings as bg
from app.actions import position_tools as pt
from app.actions.events import StateChange
from app.actions.hooks import AttackSetup, Reach, RollSetup, Rule
from app.actions.spell_rules import areas_entered, outside_areas
from app.world.state import GameState
from app.world.wording import the
from rules import positions as p
from rules.abilities import Ability
from rules.conditions import can_act


def _closing(state: GameState, actor: str, target: str, reach: int) -> tuple[int, str | None]:
    """Feet ``actor`` must move to have ``target`` within ``reach``, and why it cannot."""
    where = pt.spots(state)
    cost = p.closing_cost(where, actor, target, reach)
    if cost == 0:
        return 0, None
    name, other = state.name_of(actor), state.name_of(target)
    afraid = pt.afraid_to_move(state, actor, "engage", target, reach)
    if afraid:
        return cost, afraid
    held = [  # a foe down or helpless holds nobody back
        f for f in pt.engaged_foes(state, actor)
        if f != target and bg.vitals_of(state, f).hp > 0 and can_act(bg.conditions_of(state, f))
    ]  # fmt: skip
    if held:
        return cost, (
            f"{name} is engaged with {state.name_of(held[0])}: move to {other} first "
            "(leaving provokes opportunity attacks)"
        )
    left = bg.economy_of(state, actor).movement
    spend = cost * 2 if pt.crawling(state, actor) else cost
    if spend > left:
        crawl = ", crawling while prone" if spend > cost else ""
        return cost, (
            f"{other} is out of {name}'s reach: closing costs {spend} ft{crawl} and {name} "
            f"has {left} ft of movement left (dash, or move nearer first)"
        )
    return cost, None


class PositionRules(Rule):
    """Reach, range and cover."""

    name = "positions"

    def refuse_target(self, state: GameState, actor: str, target: str, reach: Reach) -> str | None:
        if state.encounter is None or actor == target:
            return None
        where = pt.spots(state)
        other = state.name_of(target)
        cover = p.cover_against(where, target, actor)
        if cover == "total":
            behind = p.spot(where, target).behind or "cover"
            return f"{other} is behind {the(behind)} (total cover) and cannot be targeted"
        feet = p.distance(where, actor, target)
        if reach.melee:
            if feet <= reach.reach_ft:
                return None
            if not reach.approach:
                return (
                    f"{reach.name} needs {state.name_of(actor)} next to {other}: move to them first"
                )
            return _closing(state, actor, target, reach.reach_ft)[1]
        long = reach.long_ft or reach.normal_ft
        if p.in_range(feet, reach.normal_ft, long) == "out":
            band = p.band_between(where, actor, target)
            return (
                f"{other} is out of range of {reach.name} ({band}, about {feet} ft; "
                f"range {long} ft)"
            )
        return None

    def before_attack(self, setup: AttackSetup) -> None:
        state = setup.state
        if state.encounter is None:
            return
        where = pt.spots(state)
        attacker, target = setup.attacker, setup.target
        if setup.ranged:
            self._ranged(setup)
        else:
            self._close_in(setup)
        cover = p.cover_against(where, target, attacker)
        if cover in ("half", "three_quarters"):
            setup.ac += p.COVER_AC[cover]
            behind = p.spot(where, target).behind or "cover"
            setup.notes.append(f"{p.COVER_WORDS[cover]} behind {the(behind)}")

    @staticmethod
    def _ranged(setup: AttackSetup) -> None:
        state, attacker = setup.state, setup.attacker
        foes = [
            f for f in pt.engaged_foes(state, attacker)
            if can_act(bg.conditions_of(state, f)) and bg.vitals_of(state, f).hp > 0
        ]  # fmt: skip
        if foes:
            setup.disadvantage.append(f"{state.name_of(foes[0])} at arm's length")
        if setup.kind == "spell":
            return
        reach = pt.weapon_reach(state, attacker, setup.name, setup.weapon, ranged=True)
        feet = p.distance(pt.spots(state), attacker, setup.target)
        if p.in_range(feet, reach.normal_ft, reach.long_ft) == "long":
            setup.disadvantage.append("long range")

    @staticmethod
    def _close_in(setup: AttackSetup) -> None:
        """A melee attack out of reach: the attacker closes in first, when it can."""
        state, attacker, target = setup.state, setup.attacker, setup.target
        if setup.stays:
            return
        unarmed = setup.kind == "weapon" and setup.weapon is None  # a punch, a kick: 5 feet
        weapon = setup.weapon if setup.kind != "spell" else None
        reach = (
            p.MELEE_FT
            if setup.kind == "spell" or unarmed
            else pt.melee_reach(state, attacker, weapon)
        )
        cost, why = _closing(state, attacker, target, reach)
        if cost == 0 or why is not None:
            return  # already there, or it cannot (asked before anything was spent)
        bg.economy_of(state, attacker).move(cost, crawling=pt.crawling(state, attacker))
        where = pt.spots(state)
        outside = outside_areas(state, attacker)
        p.engage(where, attacker, target, min(reach, p.distance(where, attacker, target)))
        text = f"{state.name_of(attacker)} closes with {state.name_of(target)} ({cost} ft)"
        state.record("encounter", text)
        setup.notes.append(f"closed in first ({cost} ft)")
        setup.events.append(StateChange(kind="condition", target_id=attacker, description=text))
        setup.events += areas_entered(state, attacker, outside)  # into Spirit Guardians

    def before_save(self, setup: RollSetup) -> None:
        state = setup.state
        if state.encounter is None or setup.ability is not Ability.DEX or setup.source is None:
            return
        cover = p.cover_against(pt.spots(state), setup.who, setup.source)
        if cover in ("half", "three_quarters"):
            setup.add_dice(f"+{p.COVER_AC[cover]}")
