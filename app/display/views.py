"""Rich renderables for the command line and the dice tray: rolls, roll statistics, and SRD
stat blocks. They only read rules results; nothing here rolls or decides."""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from rich.console import Group, RenderableType
from rich.markup import escape
from rich.table import Table
from rich.text import Text

if TYPE_CHECKING:  # only named in signatures: `dungeon roll` need not load the SRD
    from rules.conditions import ConditionRule
    from rules.dice import RollResult, RollStats
    from rules.spelldata import Spell
    from rules.srd import Armor, Monster, Weapon


def roll_line(result: RollResult, dc: int | None = None, *, styled: bool = True) -> Text:
    """``1d20 (17) + 5 = 22`` with crit/fumble and DC verdicts.

    ``styled`` False gives the plain form (dropped dice as ``~~1~~``) for pipes and files,
    where strike-through styling would be lost.
    """
    line = Text.from_markup(result.markup()) if styled else Text(result.plain())
    if result.comment:
        line.append(f"  {result.comment}", style="italic dim")
    if result.crit:
        line.append("  natural 20!", style="bold green")
    elif result.fumble:
        line.append("  natural 1", style="bold red")
    if dc is not None:
        if result.total >= dc:
            line.append(f"  vs DC {dc}: success", style="green")
        else:
            line.append(f"  vs DC {dc}: failure", style="red")
    return line


TITLE_CHARS = 60
"""A formula longer than this is cut in the title of its odds (it may be 1,000 characters)."""


def _percent(chance: Fraction | float) -> str:
    return f"{float(chance) * 100:.2f}%"


def stats_table(expression: str, stats: RollStats, dc: int | None = None) -> RenderableType:
    """Minimum, maximum, mean, the chance to meet a DC, and a small distribution chart."""
    title = expression if len(expression) <= TITLE_CHARS else f"{expression[: TITLE_CHARS - 1]}…"
    table = Table(title=escape(title), show_header=False, box=None, pad_edge=False)
    table.add_column(style="bold")
    table.add_column()
    # an estimate saw only the totals it rolled: it names them so, never as the bounds
    low, high = ("lowest rolled", "highest rolled") if stats.samples else ("minimum", "maximum")
    table.add_row(low, str(stats.minimum))
    table.add_row(high, "unbounded (explodes)" if stats.unbounded else str(stats.maximum))
    table.add_row("mean", f"{stats.mean:.3f}")
    if dc is not None:
        chance = stats.exact_chance_at_least(dc)
        exact = f" ({chance.numerator}/{chance.denominator})" if stats.exact else ""
        table.add_row(f"P(total ≥ {dc})", f"{_percent(chance)}{exact}")
    if not stats.exact:
        how = (
            f"estimated from {stats.samples:,} seeded rolls"
            if stats.samples
            else "explosions counted to a depth where the rest is below 1e-12"
        )
        table.add_row("note", how)
    dist = stats.distribution()
    if len(dist) <= 40:
        peak = max(dist.values())
        chart = Table(show_header=False, box=None, pad_edge=False)
        chart.add_column(justify="right", style="dim")
        chart.add_column()
        chart.add_column(justify="right", style="dim")
        for total, p in dist.items():
            hit = dc is not None and total >= dc
            bar = "█" * max(1, round(p / peak * 30)) if p > 0 else ""
            chart.add_row(str(total), Text(bar, style="green" if hit else "cyan"), _percent(p))
        return Group(table, Text(""), chart)
    return table


def _signed(value: int) -> str:
    return f"{value:+d}"


def monster_block(monster: Monster) -> RenderableType:
    """A compact stat block."""
    from rules.abilities import Ability, format_cr

    head = Text.assemble(
        (monster.name, "bold"),
        (f" — {monster.size.title()} {monster.type}, CR {format_cr(monster.challenge)} "
         f"({monster.xp} XP)", "dim"),
    )  # fmt: skip
    speeds = ", ".join([f"{monster.speed} ft"] + [f"{k} {v} ft" for k, v in monster.speeds.items()])
    armor = f" ({monster.armor})" if monster.armor else ""
    lines: list[RenderableType] = [
        head,
        Text(f"AC {monster.ac}{armor}   HP {monster.hp} ({monster.hit_dice})   Speed {speeds}"),
    ]
    scores = Table(box=None, show_header=True, pad_edge=False)
    for ability in Ability:
        scores.add_column(ability.value.upper(), justify="center")
    scores.add_row(
        *(
            f"{monster.abilities.score(a)} ({_signed(monster.abilities.modifier(a))})"
            for a in Ability
        )
    )
    lines.append(scores)
    extras = []
    if monster.saves:
        extras.append(
            "Saves "
            + ", ".join(f"{a.value.upper()} {_signed(v)}" for a, v in monster.saves.items())
        )
    if monster.skills:
        extras.append(
            "Skills " + ", ".join(f"{s.label} {_signed(v)}" for s, v in monster.skills.items())
        )
    for label, values in (
        ("Vulnerable", monster.vulnerabilities),
        ("Resists", monster.resistances),
        ("Immune", monster.immunities),
        ("Condition immunities", monster.condition_immunities),
    ):
        if values:
            extras.append(f"{label}: " + ", ".join(sorted(v.value for v in values)))
    senses = [f"{k} {v} ft" for k, v in monster.senses.items()]
    senses.append(f"passive Perception {monster.passive_perception}")
    extras.append("Senses " + ", ".join(senses))
    if monster.languages:
        extras.append("Languages " + ", ".join(monster.languages))
    lines.extend(Text(e, style="dim") for e in extras)
    for trait in monster.traits:
        lines.append(Text.assemble((f"{trait.name}. ", "bold italic"), trait.text))
    if monster.multiattack:
        lines.append(
            Text.assemble(("Multiattack. ", "bold italic"), ", ".join(monster.multiattack))
        )
    for action in monster.actions:
        parts: list[str] = []
        if action.to_hit is not None:
            where = []
            if action.reach is not None:
                where.append(f"reach {action.reach} ft")
            if action.range is not None:
                where.append(f"range {action.range[0]}/{action.range[1]} ft")
            parts.append(f"{_signed(action.to_hit)} to hit, {' or '.join(where)}")
        if action.damage and action.damage_type:
            parts.append(f"{action.damage} {action.damage_type.value}")
        if action.extra_damage and action.extra_damage_type:
            parts.append(f"plus {action.extra_damage} {action.extra_damage_type.value}")
        if action.save_ability and action.save_dc:
            save = f"DC {action.save_dc} {action.save_ability.value.upper()} save"
            if action.save_damage and action.save_damage_type:
                half = ", half on a success" if action.save_half else ""
                save += f": {action.save_damage} {action.save_damage_type.value}{half}"
            parts.append(save)
        if action.condition:
            parts.append(f"condition: {action.condition.value}")
        if action.recharge:
            parts.append(f"recharge {action.recharge}")
        if action.area:
            parts.append(action.area)
        cost = "" if action.cost == "action" else f" ({action.cost.replace('_', ' ')})"
        text = "; ".join(parts)
        if action.text:
            text = f"{text}. {action.text}" if text else action.text
        lines.append(Text.assemble((f"{action.name}{cost}. ", "bold"), text))
    return Group(*lines)


def spell_block(spell: Spell) -> RenderableType:
    """A spell card."""
    level = "cantrip" if spell.level == 0 else f"level {spell.level}"
    tags = [level, spell.school]
    if spell.concentration:
        tags.append("concentration")
    if spell.ritual:
        tags.append("ritual")
    rng = "self" if spell.range_ft == 0 else ("touch" if spell.touch else f"{spell.range_ft} ft")
    facts = [
        f"Casting time {spell.casting_time.replace('_', ' ')}",
        f"Range {rng}",
        f"Components {', '.join(spell.components)}",
        f"Duration {spell.duration}",
    ]
    mech = []
    if spell.attack:
        mech.append(f"{spell.attack} spell attack")
    if spell.save:
        mech.append(f"{spell.save.full_name} save ({spell.save_success} on a success)")
    if spell.damage and spell.damage_type:
        mech.append(f"{spell.damage} {spell.damage_type.value}")
    if spell.heal:
        mech.append(f"heals {spell.heal}" + (" + modifier" if spell.add_modifier else ""))
    if spell.upcast:
        mech.append(f"+{spell.upcast} per slot level above {spell.level}")
    if spell.cantrip_scaling:
        mech.append("more dice at levels 5, 11, 17")
    if spell.area:
        mech.append(spell.area)
    if spell.conditions:
        mech.append("conditions: " + ", ".join(c.value for c in spell.conditions))
    lines: list[RenderableType] = [
        Text.assemble((spell.name, "bold"), (f" — {', '.join(tags)}", "dim")),
        Text("   ".join(facts)),
    ]
    if mech:
        lines.append(Text("; ".join(mech), style="cyan"))
    lines.append(Text(spell.summary))
    lines.append(Text("Classes: " + ", ".join(spell.classes), style="dim"))
    return Group(*lines)


def weapon_block(weapon: Weapon) -> RenderableType:
    """One weapon's line."""
    damage = (
        f"{weapon.damage} {weapon.damage_type.value}"
        if weapon.damage and weapon.damage_type
        else "no damage"
    )
    props = [p.replace("_", "-") for p in weapon.properties]
    if weapon.versatile:
        props = [f"versatile ({weapon.versatile})" if p == "versatile" else p for p in props]
    if weapon.range:
        props.append(f"range {weapon.range[0]}/{weapon.range[1]}")
    return Text.assemble(
        (weapon.name, "bold"),
        (f" — {weapon.category} {weapon.kind} weapon: ", "dim"),
        damage,
        (f"; {', '.join(props)}" if props else ""),
        (f"; {_coins(weapon.cost_cp)}, {weapon.weight_lb:g} lb", "dim"),
    )


def armor_block(armor: Armor) -> RenderableType:
    """One armour's line."""
    if armor.category == "shield":
        ac = f"+{armor.base_ac} AC"
    elif armor.dex_cap is None:
        ac = f"AC {armor.base_ac} + DEX"
    elif armor.dex_cap == 0:
        ac = f"AC {armor.base_ac}"
    else:
        ac = f"AC {armor.base_ac} + DEX (max {armor.dex_cap})"
    notes = []
    if armor.strength:
        notes.append(f"needs STR {armor.strength}")
    if armor.stealth_disadvantage:
        notes.append("stealth disadvantage")
    return Text.assemble(
        (armor.name, "bold"),
        (f" — {armor.category}: ", "dim"),
        ac,
        (f"; {', '.join(notes)}" if notes else ""),
        (f"; {_coins(armor.cost_cp)}, {armor.weight_lb:g} lb", "dim"),
    )


def condition_block(rule: ConditionRule) -> RenderableType:
    """A condition's summary."""
    return Text.assemble((rule.name, "bold"), " — ", rule.summary)


def _coins(cp: int) -> str:
    if cp >= 100 and cp % 100 == 0:
        return f"{cp // 100} gp"
    if cp >= 10 and cp % 10 == 0:
        return f"{cp // 10} sp"
    return f"{cp} cp"


def _health(hp: int, max_hp: int) -> float:
    return 0.0 if max_hp <= 0 else max(0.0, min(1.0, hp / max_hp))


def hp_style(hp: int, max_hp: int) -> str:
    """Green above half, yellow above a quarter, red below."""
    ratio = _health(hp, max_hp)
    return "green" if ratio > 0.5 else ("yellow" if ratio > 0.25 else "red")


def hp_bar(hp: int, max_hp: int, width: int = 10) -> Text:
    """``██████░░░░`` coloured by how hurt the creature is."""
    full = round(_health(hp, max_hp) * width)
    if hp > 0:
        full = max(full, 1)
    return Text.assemble(("█" * full, hp_style(hp, max_hp)), ("░" * (width - full), "dim"))
