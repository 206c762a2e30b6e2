"""Metamagic in play (sorcerer 3rd level): ``use_feature`` with ``feature = "metamagic"``
and ``option`` one of careful, distant, empowered, extended, heightened, quickened, subtle,
twinned readies the option for the sorcerer's next spell this turn; ``cast_spell`` then
spends its sorcery points and twists the casting:

- Quickened: a casting time of 1 action becomes a bonus action.
- Twinned: a spell that targets one creature (not the caster) takes a second target.
- Careful: up to CHA modifier (at least 1) allies among the targets succeed on the save.
- Distant: double range; touch becomes 30 feet.
- Empowered: damage dice below average are rolled again, up to CHA modifier of them.
- Extended: what the spell leaves on a creature lasts twice as long.
- Heightened: one target (``target_id``) has disadvantage on its first save against it.
- Subtle: no words or gestures, so nobody sees it cast and it cannot be counterspelled.

Only one option per spell, save that Empowered may join another. The numbers are in
:mod:`rules.metamagic`.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from app.actions import beings as bg
from app.actions import feature_uses as fu
from app.actions.hooks import Reach, RollSetup, Rule
from app.actions.registry import ToolError
from app.world.companions import side_of
from app.world.state import GameState
from rules.abilities import Ability
from rules.character import CharacterSheet
from rules.class_powers import SORCERY_POINTS, sorcery_points
from rules.effects import Effect, with_effect
from rules.features import FeatureSpec
from rules.metamagic import COSTS, NAMES, cost, option_of, refusal
from rules.spelldata import Spell

READY_ID = "metamagic"
"""The effect on a sorcerer holding Metamagic for the next spell (note: the options and,
after a colon, a Heightened target)."""
HEIGHTENED_ID = "heightened"
"""The effect on the target of a Heightened spell (note: the spell id) until its save."""


@dataclass
class Twist:
    """The Metamagic on one casting."""

    options: frozenset[str] = frozenset()
    heightened: str | None = None
    spared: list[str] = field(default_factory=list)
    """Allies Careful Spell lets succeed on their saves."""
    rerolls: int = 1
    """Dice Empowered Spell may roll again (CHA modifier, at least 1)."""

    def __contains__(self, option: str) -> bool:
        return option in self.options


def metamagic(state: GameState, sheet: CharacterSheet, spec: FeatureSpec, target: str | None,
              option: str | None) -> fu.Outcome:  # fmt: skip
    """use_feature metamagic: ready an option for the next spell cast this turn."""
    chosen = option_of(option or "")
    if chosen is None:
        raise ToolError(f"metamagic: option is one of {', '.join(COSTS)}; {sheet.name} has "
                        f"{sorcery_points(sheet)} sorcery points")  # fmt: skip
    known = [o for o in (option_of(w) for w in sheet.choices.get("metamagic", "").split(",")) if o]
    if known and chosen not in known:
        raise ToolError(f"{sheet.name} knows {', '.join(NAMES[k] for k in known)}, "
                        f"not {NAMES[chosen]}")  # fmt: skip
    ready = _ready(sheet)
    held = set(ready.options) if ready is not None else set()
    if held and chosen != "empowered" and held - {"empowered"}:
        raise ToolError(f"one Metamagic option per spell (Empowered may join another); "
                        f"{sheet.name} already readied {', '.join(sorted(held))}")  # fmt: skip
    if chosen == "heightened" and (target is None or side_of(state, target) == "party"):
        raise ToolError("heightened: target_id is the foe that saves with disadvantage")
    least = 1 if chosen == "twinned" else COSTS[chosen]
    owed = sum(COSTS[o] for o in held) + least
    if sorcery_points(sheet) < owed:
        raise ToolError(f"{NAMES[chosen]} costs {least} sorcery point(s) or more; "
                        f"{sheet.name} has {sorcery_points(sheet)}")  # fmt: skip
    options = sorted({*held, chosen})
    aim = target if chosen == "heightened" else (ready.heightened if ready else None)
    note = ",".join(options) + (f":{aim}" if aim else "")
    effect = Effect(id=READY_ID, name=" + ".join(NAMES[o] for o in options), source=sheet.id,
                    ends="end_of_own_turn", rounds=1, note=note)  # fmt: skip
    sheet.effects[:] = with_effect(sheet.effects, effect)
    text = f"{sheet.name} readies {effect.name} for the next spell"
    return {"readied": options, "sorcery_points": sorcery_points(sheet)}, [
        fu.change_note(state, sheet.id, text)
    ]


def _ready(sheet: CharacterSheet) -> Twist | None:
    effect = next((e for e in sheet.effects if e.id == READY_ID), None)
    if effect is None:
        return None
    names, _, aim = effect.note.partition(":")
    return Twist(frozenset(n for n in names.split(",") if n), aim or None)


def take(state: GameState, caster: str, spell: Spell, targets: list[str]) -> Twist:
    """The Metamagic readied for this casting (none: an empty twist); ``ToolError`` if it
    cannot twist this spell or the points are short. Nothing is spent here."""
    sheet = state.party.get(caster)
    ready = _ready(sheet) if sheet is not None else None
    if sheet is None or ready is None:
        return Twist()
    for option in ready.options:
        why = refusal(option, spell)
        if why:
            raise ToolError(f"{why}; {spell.name} cannot be {option}")
    owed = sum(cost(o, spell) for o in ready.options)
    if sorcery_points(sheet) < owed:
        raise ToolError(f"that Metamagic costs {owed} sorcery points on {spell.name}; "
                        f"{sheet.name} has {sorcery_points(sheet)}")  # fmt: skip
    if ready.heightened and ready.heightened not in targets:
        raise ToolError(f"the Heightened target {state.name_of(ready.heightened)} must be "
                        "among the target_ids")  # fmt: skip
    most = max(1, sheet.modifier(Ability.CHA))
    spared = (
        [t for t in targets if side_of(state, t) == "party"][:most] if "careful" in ready else []
    )
    return replace(ready, spared=spared, rerolls=most)


def spend(state: GameState, caster: str, spell: Spell, twist: Twist, spell_id: str) -> None:
    """The casting goes ahead: spend the points, drop the readied effect, mark the
    Heightened target."""
    sheet = state.party.get(caster)
    if sheet is None or not twist.options:
        return
    owed = sum(cost(o, spell) for o in twist.options)
    sheet.resources[SORCERY_POINTS] = sheet.resources.get(SORCERY_POINTS, 0) + owed
    sheet.effects[:] = [e for e in sheet.effects if e.id != READY_ID]
    state.record("condition", f"{sheet.name} twists {spell.name}: "
                 f"{', '.join(NAMES[o] for o in sorted(twist.options))} ({owed} sorcery points)",
                 who=caster)  # fmt: skip
    if twist.heightened:
        mark = Effect(id=HEIGHTENED_ID, name="Heightened spell", source=caster,
                      ends="end_of_source_turn", rounds=1, note=spell_id)  # fmt: skip
        effects = bg.effects_of(state, twist.heightened)
        effects[:] = with_effect(effects, mark)


def reach(found: Reach | None, twist: Twist) -> Reach | None:
    """Distant Spell: double range, and touch becomes 30 feet."""
    if found is None or "distant" not in twist:
        return found
    if found.melee:
        return Reach(found.name, melee=False, normal_ft=30)
    return replace(found, normal_ft=found.normal_ft * 2, long_ft=found.long_ft * 2)


def extend(state: GameState, caster: str, spell_id: str) -> None:
    """Extended Spell: what the spell left on creatures lasts twice as many rounds."""
    for cid in [*state.party, *state.creatures]:
        effects = bg.effects_of(state, cid)
        effects[:] = [
            e.model_copy(update={"rounds": min(100_000, e.rounds * 2)})
            if e.source == caster and e.rounds is not None and spell_id in (e.spell, e.id)
            else e
            for e in effects
        ]


class Heightened(Rule):
    """Heightened Spell: the marked target's first save against the spell is made with
    disadvantage."""

    name = "heightened spell"

    def before_save(self, setup: RollSetup) -> None:
        if setup.spell is None:
            return
        effects = bg.effects_of(setup.state, setup.who)
        mark = next((e for e in effects if e.id == HEIGHTENED_ID and e.note == setup.spell), None)
        if mark is not None:
            setup.disadvantage.append("heightened spell")
            effects[:] = [e for e in effects if e is not mark]
