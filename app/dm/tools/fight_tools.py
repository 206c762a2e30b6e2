"""A fight begins and ends: ``start_combat`` (foes join, everyone rolls initiative, each
takes a place), a fight fled from that resumes with its survivors (:func:`roll_in`), and
``end_combat`` (the summary, the thrown weapons picked up, experience, what lasted only
within the fight)."""

from __future__ import annotations

import re

from app.dm.events import DiceRoll, SessionEvent, StateChange, StateTransition
from app.dm.tools import args as a
from app.dm.tools import position_tools as pt
from app.dm.tools.advancement_tools import encounter_xp
from app.dm.tools.aftermath import fight_summary, foe_outcomes
from app.dm.tools.executors import combat_update, fresh_economy
from app.dm.tools.hooks import RULES
from app.dm.tools.registry import ToolError, ToolOutcome
from app.world.state import Combatant, Creature, Encounter, GameState
from rules.abilities import Ability
from rules.conditions import ActiveCondition, Condition, check_context
from rules.damage import LifeState, Vitals
from rules.dice import Advantage
from rules.initiative import Entrant, roll_initiative
from rules.spellcasting import SpellSlots
from rules.srd import srd


def _named_id(state: GameState, name: str) -> str:
    """A free creature id made from a foe's own name ("Grubnak" -> ``grubnak``)."""
    base = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")[:30] or "foe"
    cid, n = base, 1
    while cid in state.creatures or cid in state.party:
        n += 1
        cid = f"{base}-{n}"
    return cid


def start_combat_tool(args: a.StartCombatArgs, state: GameState) -> ToolOutcome:
    """start_combat: monsters join the scene and everyone rolls initiative."""
    if state.encounter is not None:
        raise ToolError("a fight is already going on; use get_encounter")
    groups: list[tuple[str, int, str | None, str | None]] = [
        (g.monster, g.count, None, None) for g in args.monsters
    ]
    if args.encounter is not None:
        authored = state.campaign.encounters if state.campaign is not None else {}
        if args.encounter not in authored:
            known = ", ".join(authored) or "none"
            raise ToolError(f"unknown encounter {args.encounter!r}; encounters: {known}")
        groups += [(m.monster, m.count, m.name, m.npc) for m in authored[args.encounter].monsters]
    blocks = []
    for monster_id, count, own_name, npc in groups:
        try:
            blocks.append((state.monster(monster_id), count, own_name, npc))
        except KeyError as error:
            raise ToolError(str(error.args[0])) from None
    joined: list[Creature] = []
    for block, count, own_name, npc in blocks:
        existing = sum(1 for c in state.creatures.values() if c.monster == block.id)
        for n in range(count):
            number = existing + n + 1
            cid, name = f"{block.id.replace('_', '-')}-{number}", block.name
            if count > 1 or existing:
                name = f"{block.name} {number}"
            if own_name is not None:  # a named foe: known by name, to players and tools
                cid, name = _named_id(state, own_name), own_name
            creature = Creature(
                id=cid,
                name=name,
                npc=npc,
                monster=block.id,
                ac=block.ac,
                vitals=Vitals.full(block.hp),
                defenses=block.defenses,
                spell_slots=(
                    SpellSlots(maximum=dict(block.spellcasting.slots))
                    if block.spellcasting
                    else None
                ),
                encounter=args.encounter,
                scene=state.scene.id,
            )
            state.creatures[creature.id] = creature
            joined.append(creature)
    return roll_in(state, joined, args.reason, args)


def roll_in(
    state: GameState, joined: list[Creature], reason: str, args: a.StartCombatArgs | None = None
) -> ToolOutcome:
    """The fight begins with these foes: everyone rolls initiative and the foes take their
    places — a new fight's where ``args`` puts them, a resumed one's survivors where the
    scene does."""
    entrants = [
        Entrant(cid, sheet.name, sheet.initiative_modifier, sheet.abilities.dexterity,
                advantage=initiative_mode(sheet.conditions, sheet.exhaustion))
        for cid, sheet in state.party.items()
        if sheet.vitals.state is not LifeState.DEAD
    ]  # fmt: skip
    for creature in joined:
        block = state.monster(creature.monster or "")
        mode = initiative_mode(creature.conditions)
        entrants.append(
            Entrant(creature.id, creature.name, block.abilities.modifier(Ability.DEX),
                    block.abilities.dexterity, advantage=mode,
                    group=block.id if mode is Advantage.NORMAL else None)
        )  # fmt: skip
    order = roll_initiative(state.rng, entrants)
    events: list[SessionEvent] = []
    shown: set[str] = set()
    for entry in order:
        team = entry.entrant.group
        if team is not None and team in shown:
            continue  # one event per shared roll
        members = [e for e in order if team is not None and e.entrant.group == team]
        label = entry.entrant.name
        if len(members) > 1:
            label = f"{state.monster(team or '').name} ×{len(members)}"
            shown.add(team or "")
        events.append(
            DiceRoll.from_roll(
                entry.roll,
                check_type="initiative",
                reason="initiative",
                character_id=entry.entrant.id,
                character_name=label,
            )
        )
    state.encounter = Encounter(
        reason=reason,
        order=[
            Combatant(
                id=e.entrant.id, name=e.entrant.name, initiative=e.total,
                side="party" if e.entrant.id in state.party else "foes",
            )
            for e in order
        ],
    )  # fmt: skip
    for combatant in state.encounter.order:
        state.encounter.economy[combatant.id] = fresh_economy(state, combatant.id)
    if args is not None:
        pt.place_new(state, joined, args)
    else:
        pt.place(state, {})
    state.restriction = None
    names = ", ".join(c.name for c in joined)
    state.record("encounter_started", f"combat starts ({reason}): {names}")
    events.append(StateTransition(to="combat", reason=reason))
    events.append(combat_update(state))
    return ToolOutcome(
        {
            "started": True,
            "order": [
                {"id": c.id, "name": c.name, "initiative": c.initiative}
                for c in state.encounter.order
            ],
            "current": state.encounter.current.id,
        },
        events,
    )


def initiative_mode(conditions: list[ActiveCondition], exhaustion: int = 0) -> Advantage:
    """Initiative is a Dexterity check: what conditions do to checks applies (poisoned,
    frightened, exhaustion: disadvantage), and an invisible creature rolls with advantage."""
    context = check_context(conditions, exhaustion)
    advantage = bool(context.advantage_from) or any(
        c.condition is Condition.INVISIBLE for c in conditions
    )
    disadvantage = bool(context.disadvantage_from)
    if advantage == disadvantage:
        return Advantage.NORMAL
    return Advantage.ADVANTAGE if advantage else Advantage.DISADVANTAGE


def _gather_thrown(state: GameState) -> list[SessionEvent]:
    """After a fight the throwers pick up the weapons they threw."""
    assert state.encounter is not None
    events: list[SessionEvent] = []
    for entry in state.encounter.thrown:
        cid, _, weapon_id = entry.partition(":")
        if cid in state.party:
            state.party[cid].weapons.append(weapon_id)
            text = f"{state.name_of(cid)} picks up the {srd().weapons.get(weapon_id).name.lower()}"
            state.record("item", text, who=cid)
            events.append(StateChange(kind="item", target_id=cid, description=text))
    state.encounter.thrown.clear()
    return events


def end_combat_tool(args: a.EndCombatArgs, state: GameState) -> ToolOutcome:
    """end_combat: back to exploration; the fallen foes stay in the scene's story."""
    if state.encounter is None:
        raise ToolError("no fight is going on")
    encounter = state.encounter
    rounds = encounter.round
    foes = [c.id for c in encounter.order if c.id in state.creatures]
    outcomes = foe_outcomes(state, foes)
    summary = fight_summary(state, rounds, foes)
    gathered = _gather_thrown(state)
    state.encounter = None
    for rule in RULES:
        gathered += rule.fight_ends(state)
    state.record("encounter_ended", f"{summary} ({args.reason})")
    events: list[SessionEvent] = [
        StateTransition(to="exploration", reason=args.reason),
        StateChange(kind="reveal", description=summary),
        *gathered,
    ]
    earned, xp = encounter_xp(state, foes)
    events += earned
    wiped = not any(s.vitals.hp > 0 for s in state.party.values())
    if wiped and state.ending is None:
        from app.dm.tools.campaign_tools import party_fallen  # noqa: PLC0415 (it imports this)

        events += party_fallen(state)
    return ToolOutcome(
        {
            "ended": True,
            "rounds": rounds,
            "summary": summary,
            **outcomes,
            "party_fallen": wiped,
            **({"xp": xp} if xp else {}),
        },
        events,
    )
