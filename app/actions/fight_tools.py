"""A fight begins and ends: ``start_combat`` (foes join, everyone rolls initiative, each
takes a place; an encounter met before goes on with its survivors, never a second copy), a
fight fled from that resumes with its survivors (:func:`roll_in`), and its end (the
summary, the thrown weapons picked up, experience, what lasted only within the fight).

A fight is over once no foe fights on (:mod:`app.world.standing`): ``end_combat`` is
refused before that, and a fight over but left open is ended by the engine after the turn
(:func:`settle_fight`), whatever brain plays the DM."""

from __future__ import annotations

import re

from app.actions import args as a
from app.actions import position_tools as pt
from app.actions.advancement_tools import encounter_xp
from app.actions.aftermath import fight_summary, foe_outcomes
from app.actions.beings import fresh_economy, set_vitals
from app.actions.encounter_view import combat_update
from app.actions.endings import party_fallen
from app.actions.events import DiceRoll, SessionEvent, StateChange, StateTransition
from app.actions.hooks import RULES
from app.actions.registry import ToolError, ToolOutcome
from app.world.companions import join_fight, side_of
from app.world.standing import fight_over, foes_fighting, how_out, party_fighting, scene_name
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
    """start_combat: monsters join the scene and everyone rolls initiative. A campaign
    encounter is never spawned twice: one whose foes already exist goes on with those still
    standing (brought to the party's scene), and one already beaten is refused."""
    if state.encounter is not None:
        raise ToolError("a fight is already going on; use get_encounter")
    if state.party and all(s.vitals.state is LifeState.DEAD for s in state.party.values()):
        raise ToolError("the whole party is dead: no fight can start, and the story ends here")
    groups: list[tuple[str, int, str | None, str | None]] = [
        (g.monster, g.count, None, None) for g in args.monsters
    ]
    resumed: list[Creature] = []
    if args.encounter is not None:
        authored = state.campaign.encounters if state.campaign is not None else {}
        if args.encounter not in authored:
            known = ", ".join(authored) or "none"
            raise ToolError(f"unknown encounter {args.encounter!r}; encounters: {known}")
        kin = [c for c in state.creatures.values() if c.encounter == args.encounter]
        if kin:  # met before: its survivors, never a second copy
            resumed = [c for c in kin if _still_standing(c)]
            if not resumed:
                raise ToolError(_beaten(state, args.encounter, kin))
        else:
            groups += [
                (m.monster, m.count, m.name, m.npc) for m in authored[args.encounter].monsters
            ]
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
    if not resumed:
        return roll_in(state, joined, args.reason, args)
    came = _bring_here(state, resumed)
    # The new groups stand where args put them; the survivors where the scene does.
    placing = args.model_copy(update={"encounter": None})
    outcome = roll_in(state, joined + resumed, args.reason, placing)
    result = dict(outcome.result, resumed=[c.id for c in resumed])
    if came:
        result["came_from"] = came
    return ToolOutcome(result, outcome.events)


def encounter_beaten(state: GameState, encounter_id: str) -> bool:
    """Whether a campaign encounter was met and none of its foes still stands (dead, out
    cold, fled or surrendered): it is never started again."""
    kin = [c for c in state.creatures.values() if c.encounter == encounter_id]
    return encounter_id in state.defeated or (bool(kin) and not any(map(_still_standing, kin)))


def _still_standing(creature: Creature) -> bool:
    """Alive with hit points, and neither fled nor surrendered (a sleeper still counts)."""
    vitals = creature.vitals
    return vitals.state is LifeState.ALIVE and vitals.hp > 0 and not creature.left


def _beaten(state: GameState, encounter_id: str, foes: list[Creature]) -> str:
    """The refusal for an encounter whose foes are all beaten."""
    how = ", ".join(f"{c.name} {how_out(c) or 'out of the fight'}" for c in foes)
    return (
        f"encounter {encounter_id!r} is already defeated ({how}): there is no one left to "
        "fight, and it is never started twice; narrate what remains of it instead"
    )


def _bring_here(state: GameState, creatures: list[Creature]) -> dict[str, str]:
    """Survivors of an encounter left in another scene come to the party's: returns each
    one that moved, with the scene it came from."""
    came: dict[str, str] = {}
    for creature in creatures:
        if creature.scene and creature.scene != state.scene.id:
            came[creature.id] = creature.scene
            text = f"{creature.name} comes from {scene_name(state, creature.scene)}"
            state.record("encounter", text)
        creature.scene = state.scene.id
    return came


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
    allies = [c for c in join_fight(state) if c not in joined]  # companions beside the party
    for creature in [*allies, *joined]:
        block = state.monster(creature.monster or "")
        mode = initiative_mode(creature.conditions)
        # foes of a kind share a roll; a companion rolls alone, even beside guards of his kind
        shared = mode is Advantage.NORMAL and creature.side == "foes"
        entrants.append(
            Entrant(creature.id, creature.name, block.abilities.modifier(Ability.DEX),
                    block.abilities.dexterity, advantage=mode,
                    group=block.id if shared else None)
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
                side=side_of(state, e.entrant.id),
            )
            for e in order
        ],
    )  # fmt: skip
    state.long_rested = []  # a fight is a day's work: the next night's rest is theirs again
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
    """After a fight the throwers pick up the weapons they threw (if anyone of the party is
    on their feet to gather them: a party all fallen picks nothing up)."""
    assert state.encounter is not None
    events: list[SessionEvent] = []
    if not any(s.vitals.hp > 0 for s in state.party.values()):
        state.encounter.thrown.clear()
        return events
    for entry in state.encounter.thrown:
        cid, _, weapon_id = entry.partition(":")
        if cid in state.party:
            state.party[cid].weapons.append(weapon_id)
            text = f"{state.name_of(cid)} picks up the {srd().weapons.get(weapon_id).name.lower()}"
            state.record("item", text, who=cid)
            events.append(StateChange(kind="item", target_id=cid, description=text))
    state.encounter.thrown.clear()
    return events


def _companions_come_to(state: GameState) -> list[SessionEvent]:
    """After a fight a companion knocked out (0 HP, not dead) comes to with 1 hit point:
    the mercy ``at_zero = "down"`` promises (:mod:`app.world.companions`)."""
    events: list[SessionEvent] = []
    for creature in state.creatures.values():
        vitals = creature.vitals
        if creature.side != "party" or vitals.hp > 0 or vitals.state is LifeState.DEAD:
            continue
        woken = vitals.model_copy(
            update={"hp": 1, "state": LifeState.ALIVE, "death_successes": 0,
                    "death_failures": 0}
        )  # fmt: skip
        set_vitals(state, creature.id, woken)
        text = f"{creature.name} comes to with 1 HP"
        state.record("hp", text, who=creature.id)
        events.append(StateChange(kind="hp", target_id=creature.id, description=text))
    return events


def end_combat_tool(args: a.EndCombatArgs, state: GameState) -> ToolOutcome:
    """end_combat: back to exploration — only once the fight is over (no foe fights on, or
    nobody of the party is still on their feet). A fight with foes standing goes on: the
    refusal says who still fights and what the DM can do instead."""
    if state.encounter is None:
        raise ToolError("no fight is going on")
    standing = foes_fighting(state)
    if standing and party_fighting(state) and state.ending is None:
        raise ToolError(end_refused(state, standing))
    return finish_fight(state, args.reason)


def end_refused(state: GameState, standing: list[str]) -> str:
    """Why ``end_combat`` is refused while ``standing`` foes can fight, and the ways on."""
    who = ", ".join(
        f"{c.name} ({c.id}, HP {c.vitals.hp}/{c.vitals.max_hp})"
        for c in (state.creatures[cid] for cid in standing[:6])
    )
    return (
        f"the fight is not over: {who} can still fight. end_combat is only for a fight "
        "that is over. Instead: keep fighting (attack, cast_spell, end_turn); or, on a "
        'foe\'s own turn, have it give up or run — take_action with action "surrender" or '
        '"flee" and that foe\'s creature_id; or the party runs for it — take_action '
        '"flee" with a scene_id. Once no foe fights on, the fight ends by itself.'
    )


def finish_fight(state: GameState, reason: str) -> ToolOutcome:
    """The fight ends, however it ended (won, fled from, the party fallen): the summary,
    the thrown weapons picked up, experience; the fallen foes stay in the scene's story."""
    if state.encounter is None:
        raise ToolError("no fight is going on")
    encounter = state.encounter
    rounds = encounter.round
    foes = [c.id for c in encounter.order if c.side == "foes" and c.id in state.creatures]
    outcomes = foe_outcomes(state, foes)
    summary = fight_summary(state, rounds, foes)
    gathered = _gather_thrown(state) + _companions_come_to(state)
    state.encounter = None
    for rule in RULES.taking("fight_ends"):
        gathered += rule.fight_ends(state)
    state.record("encounter_ended", f"{summary} ({reason})")
    events: list[SessionEvent] = [
        StateTransition(to="exploration", reason=reason),
        StateChange(kind="reveal", description=summary),
        *gathered,
    ]
    earned, xp = encounter_xp(state, foes)
    events += earned
    wiped = not any(s.vitals.hp > 0 for s in state.party.values()) and not any(
        c.vitals.hp > 0 for c in state.creatures.values() if c.side == "party"
    )
    if wiped and state.ending is None:
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


def over_nudge(state: GameState) -> str:
    """What the DM is told once a fight is over and still open: narrate its end and call
    ``end_combat`` (``""`` while a foe fights on)."""
    why = fight_over(state)
    if not why:
        return ""
    return (
        f"The fight is over ({why}): narrate how it ends and call end_combat. "
        "If you do not, the fight is ended for you after this turn."
    )


def settle_fight(state: GameState) -> list[SessionEvent]:
    """The engine's own end of a fight that is over but was left open (the DM never
    called ``end_combat``): the same end, with the reason it is over."""
    why = fight_over(state)
    if not why:
        return []
    return list(finish_fight(state, why).events)
