"""Answers from the rules engine: what a spell, a feature or a condition does (the data
files' own summaries and numbers), whether a character has a condition and for how long,
what is left of a turn's action economy and what can still go with what, whether an attack
would have advantage from the conditions and effects on both sides, how rests work here,
and the DC of an authored challenge the players are looking at.
"""

from __future__ import annotations

from app.actions.class_rules import sneak_attack_dice
from app.actions.effect_rules import beside
from app.referee import glossary as terms
from app.referee.answering_self import level_name
from app.referee.answering_words import Asked
from app.referee.sights import join_words
from app.understanding.spell_asked import spell_named
from app.world.sheetfacts import signed
from rules.character import CharacterSheet
from rules.conditions import ActiveCondition, Condition, attack_context
from rules.economy import ActionKind
from rules.effects import attack_mods
from rules.features import FeatureSpec, feature, features
from rules.positions import MELEE_FT, distance
from rules.skills import Skill
from rules.spellcasting import cantrip_dice_multiplier
from rules.spelldata import Spell
from rules.srd import srd

SHAPES = (
    "what does", "what is", "what do", "how does", "how do", "what happens", "mean", "means",
    "work", "works", "do", "does", "explain", "range", "save", "damage", "spell", "cast",
    "hit", "heal", "how far", "how long", "how much", "rule", "rules", "saves", "how big",
    "how wide", "area", "size", "reach", "cone", "radius", "cube",
)  # fmt: skip
"""Words that make a line a question about a rule, not a use of it."""


def about_a_rule(a: Asked) -> bool:
    """The line asks what a rule is: in the words above, or as a short "what's …"
    ("what's vicious mockery", "whats prone")."""
    return a.has(*SHAPES) or (a.words[:1] == ("what",) and len(a.words) <= 5)


def spell_in(a: Asked) -> Spell | None:
    """The spell the question asks about: as the line was read, else in its mended words
    ("magic misile")."""
    key = a.intent.spell or spell_named(a.words, bool(a.intent.targets))
    return srd().spells.entries.get(key) if key else None


def spell_text(spell: Spell, caster: CharacterSheet | None = None) -> str:
    """Level, casting time, range, the roll and its damage or healing, and the summary."""
    level = "a cantrip" if spell.level == 0 else f"a {level_name(spell.level)}-level spell"
    cost = spell.casting_time.replace("_", " ")
    reach = "self" if spell.range_ft == 0 else "touch" if spell.touch else f"{spell.range_ft} ft"
    if spell.area:
        reach += f" (a {spell.area})"  # "range self (a 15-foot cone)"
    lasts = spell.duration.replace("_", " ")
    parts = [
        f"{spell.name}: {level} ({spell.school}), cast as {'an' if cost[0] in 'a' else 'a'}"
        f" {cost}, range {reach}, {lasts if lasts == 'instantaneous' else 'lasting ' + lasts}"
        + (" (concentration)" if spell.concentration else "")
    ]
    if spell.attack:
        parts.append(f"a {spell.attack} spell attack")
    if spell.save is not None:
        success = "half on a success" if spell.save_success == "half" else "none on a success"
        parts.append(f"a {spell.save.full_name} saving throw ({success})")
    if spell.damage:
        dice = spell.damage
        if spell.cantrip_scaling and caster is not None:
            times = cantrip_dice_multiplier(caster.level)
            count, _, die = dice.partition("d")
            dice = f"{int(count or 1) * times}d{die}" if times > 1 else dice
        parts.append(f"{dice} {spell.damage_type} damage")
    if spell.heal:
        parts.append(
            f"heals {spell.heal}" + (" + the caster's modifier" if spell.add_modifier else "")
        )
    if spell.upcast and (spell.damage or spell.heal):  # (Sleep's summary says its own)
        parts.append(f"{spell.upcast} more for each slot level above {spell.level}")
    text = "; ".join(parts) + f". {' '.join(spell.summary.split())}"
    if caster is not None and spell.attack and caster.spell_attack_bonus is not None:
        text += f" {caster.name}'s spell attack is {signed(caster.spell_attack_bonus)}."
    if caster is not None and spell.save is not None and caster.spell_save_dc is not None:
        text += f" {caster.name}'s spell save DC is {caster.spell_save_dc}."
    return text


def spell_rule(a: Asked) -> str | None:
    """Asked: "what does magic missile do", "vicious mockery's save", "range of fire bolt",
    "can sleep affect undead" (a question the reading found the spell in)."""
    spell = spell_in(a)
    if spell is None or not (about_a_rule(a) or a.intent.spell):
        return None
    caster = a.own_sheet
    knows = caster is not None and any(srd().spells.get(s) is spell for s in caster.spells)
    return spell_text(spell, caster if knows else None)


def _feature_in(a: Asked) -> FeatureSpec | None:
    text = a.text
    found = [
        f
        for f in features().entries.values()
        if f" {f.name.lower()} " in text or f" {f.name.lower()}s " in text
    ]
    return max(found, key=lambda f: len(f.name)) if found else None


def feature_rule(a: Asked) -> str | None:
    """Asked: "do I get sneak attack if…", "what does second wind do", "how many rages are left"."""
    spec = _feature_in(a)
    if spec is None:
        return None
    fid = next(k for k, v in features().entries.items() if v is spec)
    text = f"{spec.name}: {' '.join(spec.summary.split())}"
    sheet = a.state.party.get(a.actor or "") if a.about_self else a.sheet
    holders = (
        [sheet]
        if sheet is not None and sheet.has(fid)
        else [s for s in a.state.party.values() if s.has(fid)]
    )
    for holder in holders:
        most = holder.feature_uses(fid)
        if most:
            back = f", back on a {spec.recovers} rest" if spec.recovers else ""
            text += f" {holder.name} has {holder.uses_left(fid)} of {most} uses left{back}."
        elif fid == "sneak_attack":
            dice = sneak_attack_dice(holder.level)
            text += f" {holder.name} has it: {dice} extra damage, once a turn."
        else:
            text += f" {holder.name} has it."
    if sheet is not None and sheet not in holders and a.about_self:
        text += f" {sheet.name} does not have it."
    return text + (_foes_sense(a, fid) if fid in _SENSES else "")


_SENSES = frozenset({"darkvision", "blindsight", "tremorsense", "truesight"})
"""Features that are senses a foe may have too ("do rats have darkvision?")."""


def _foes_sense(a: Asked, sense: str) -> str:
    """Whether the foes the line names have a sense ("do rats have darkvision?")."""
    kinds: dict[str, int | None] = {}
    for cid in a.creatures:
        foe = a.state.creatures.get(cid)
        if foe is None or not foe.monster:
            continue
        block = a.state.monster(foe.monster)
        feet = next((n for kind, n in block.senses.items() if kind == sense), None)
        kinds.setdefault(block.name, feet)
    said = [
        f"{name}: {f'{sense} {feet} ft' if feet else f'no {sense}'}."
        for name, feet in kinds.items()
    ]
    return (" " + " ".join(said)) if said else ""


CONDITION_WORDS: dict[str, Condition] = {
    **{c.value: c for c in Condition},
    "poison": Condition.POISONED,
    "scared": Condition.FRIGHTENED,
    "afraid": Condition.FRIGHTENED,
    "paralysed": Condition.PARALYZED,
    "blind": Condition.BLINDED,
    "deaf": Condition.DEAFENED,
    "asleep": Condition.UNCONSCIOUS,
    "sleeping": Condition.UNCONSCIOUS,
    "exhausted": Condition.EXHAUSTION,
    "grabbed": Condition.GRAPPLED,
    "knocked": Condition.PRONE,
    "stunned": Condition.STUNNED,
}
"""Words for the conditions: their names, and the plain words players use for them."""


def _active(held: list[ActiveCondition], wanted: Condition) -> ActiveCondition | None:
    return next((c for c in held if c.condition is wanted), None)


_CRIT = frozenset({"crit", "crits", "critical", "criticals", "autocrit"})
_HELPLESS = frozenset({"sleeping", "asleep", "unconscious", "paralyzed", "paralysed",
                       "knocked", "sleeper", "sleepers", "helpless"})  # fmt: skip


def helpless_crit(a: Asked) -> str | None:
    """Asked: "is that auto crit?" of a foe asleep, "do I crit sleeping enemies?" — the SRD
    rule for blows at the helpless (not whether the asker is unconscious)."""
    words = set(a.words)
    blow = _CRIT & words or ({"kill", "attack", "hit", "stab", "finish"} & words and "i" in words)
    if not blow or not _HELPLESS & words:
        return None  # ("can I just kill the sleeping ones?": the same rule)
    rule = ("attacks against a creature that is unconscious (asleep, knocked out) or "
            "paralysed have advantage, and a hit from within 5 feet of it is a critical hit "
            "(from farther off it is only advantage).")  # fmt: skip
    if _WAKING & words:  # "do the sleeping rats wake up if i hit them"
        return (f"Yes: one the Sleep spell put under wakes as soon as it takes damage, or when "
                f"someone spends an action to shake or slap it awake. The blow that wakes it "
                f"still lands well: {rule}")  # fmt: skip
    return f"Yes, in melee: {rule}"


_WAKING = frozenset({"wake", "wakes", "waking", "woken", "awake", "waken"})


def condition_rule(a: Asked) -> str | None:
    """Asked: "what does prone do", "am I poisoned? what does that do", "is Bram still prone",
    "am I still frightened? how long does it last"."""
    wanted = next((CONDITION_WORDS[w] for w in a.words if w in CONDITION_WORDS), None)
    if wanted is None and a.has("that do", "does that do", "how long") and a.sheet is not None:
        held = a.sheet.conditions
        wanted = held[0].condition if held else None
    if wanted is None:
        return None
    rule = srd().conditions[wanted]
    meaning = f"{rule.name}: {' '.join(rule.summary.split())}"
    who = a.sheet
    mine = a.state.party.get(a.actor or "")
    if who is None and a.creature is None and mine is not None and _active(mine.conditions, wanted):
        who = mine  # "how long does the poison last", asked by the one poisoned
    creature = a.state.creatures.get(a.creature or "") if who is None else None
    if who is None and creature is None:
        return meaning if about_a_rule(a) or not a.intent.targets else None
    name = who.name if who is not None else creature.name if creature is not None else ""
    held_list = who.conditions if who is not None else creature.conditions if creature else []
    active = _active(held_list, wanted)
    if wanted is Condition.EXHAUSTION and who is not None:
        status = (
            f"Yes: {name} has exhaustion {who.exhaustion}."
            if who.exhaustion
            else f"No: {name} is not exhausted."
        )
    elif active is None:
        status = f"No: {name} is not {wanted.value}."
    else:
        rounds = f"{active.rounds} more round{'s' if active.rounds != 1 else ''}"
        lasts = f"for {rounds}" if active.rounds else "until something ends it"
        save = (
            f"; a DC {active.save_dc} {active.save_ability.full_name} save at the end of each "
            f"of {name}'s turns ends it"
            if active.save_ability and active.save_dc
            else ""
        )
        asleep = " (asleep)" if wanted is Condition.UNCONSCIOUS and creature is not None else ""
        status = f"Yes: {name} is {wanted.value}{asleep}, {lasts}{save}."
    explain = a.has("what does", "what do", "mean", "does that", "do that", "effect", "how does")
    mine_now = active is not None and who is not None and who.id == a.actor
    return f"{status} {meaning}" if explain or mine_now else status


def glossary(a: Asked) -> str | None:
    """A rules term explained (:mod:`app.referee.glossary`)."""
    return terms.glossary(a, about_a_rule(a))


def standing(a: Asked) -> str | None:
    """Asked: "what does trust do", "how does respect work": the campaign's measures of how
    its people stand with the party."""
    dims = a.campaign.events.dimensions if a.campaign is not None else []
    named = [d for d in dims if a.word(d)]
    if not named or not about_a_rule(a) or a.word("my", "i"):
        return None
    return (
        f"{named[0].capitalize()} is one of the ways a person of the story stands with the "
        "party. What you say and do to them moves it up or down (the story shows each "
        "change, ♥), and it shapes what they tell you, what they give and how the story "
        "ends. /people shows where everyone stands."
    )


def advantage(a: Asked) -> str | None:
    """Asked: "do I have advantage against rat 2": from the conditions and effects on both sides,
    and whether the attacker stands within 5 ft."""
    sheet = a.own_sheet
    fight = a.state.encounter
    if sheet is None or fight is None or not a.word("advantage", "disadvantage"):
        return None
    target = a.creature or next(iter(_engaged_foes(a, sheet.id)), None)
    if target is None:
        return None
    foe = a.state.creatures[target]
    close = distance(fight.positions, sheet.id, target) <= MELEE_FT
    context = attack_context(
        sheet.conditions,
        foe.conditions,
        attacker_exhaustion=sheet.exhaustion,
        within_5ft=close,
        ranged=not close,
    )
    mods = attack_mods(sheet.effects, foe.effects, target, beside(a.state, target))
    good = [*context.advantage_from, *mods.advantage]
    bad = [*context.disadvantage_from, *mods.disadvantage]
    scope = f"{sheet.name} attacking {foe.name}"
    if good and bad:
        return (
            f"{scope}: advantage ({', '.join(good)}) and disadvantage ({', '.join(bad)}) "
            "cancel out: a plain roll."
        )
    if good:
        return f"{scope}: advantage, from {', '.join(good)}."
    if bad:
        return f"{scope}: disadvantage, from {', '.join(bad)}."
    return f"{scope}: no condition or lasting effect on either gives advantage or disadvantage."


def _engaged_foes(a: Asked, cid: str) -> list[str]:
    fight = a.state.encounter
    spot = fight.positions.get(cid) if fight is not None else None
    engaged = [c for c in (spot.engaged if spot else {}) if c in a.state.creatures]
    alive = [c for c, x in a.state.creatures.items() if x.vitals.hp > 0 and not x.left]
    return engaged or alive


def resting(a: Asked) -> str | None:
    """Asked: "can we take a short rest", "how does a long rest work"."""
    if not a.word("rest", "resting", "rests", "breather"):
        return None
    if a.has("the rest of", "rest of the", "rest of us", "rest of them") and not a.word(
        "short", "long", "breather"
    ):
        return None  # "how's the rest of the village holding up": the others, no resting
    if a.word("you", "ye", "u") and not a.word("short", "long", "breather", "how", "work", "works"):
        return None  # "will you come home and rest?": asked of someone, no rule of resting
    if a.state.encounter is not None and not a.word("after"):
        return "Not now: nobody can rest during a fight."
    short = (
        "A short rest: each character spends hit dice until whole or out of them, each "
        "healing its roll plus Constitution modifier; features that come back on a short "
        "rest are restored."
    )
    long = (
        "A long rest: all hit points, every spell slot and half the hit dice come back, "
        "with one level of exhaustion gone."
    )
    dice = [
        f"{s.name} {s.hit_dice.remaining} of {s.hit_dice.total} (d{s.hit_dice.die}), "
        f"{s.vitals.hp}/{s.vitals.max_hp} HP"
        for s in a.state.party.values()
    ]
    which = [long] if a.word("long") else [short] if a.word("short") else [short, long]
    after = "Once the fight is over. " if a.state.encounter is not None else ""
    return f"{after}{' '.join(which)} Hit dice left: {'; '.join(dice)}."


def turn_left(a: Asked) -> str | None:
    """Asked: "can I cast and still attack this turn", "do I still have my bonus action", "can I
    react when he attacks"."""
    sheet = a.own_sheet
    asks = a.has(
        "this turn",
        "still attack",
        "and attack",
        "and still",
        "bonus action",
        "actions left",
        "action left",
        "attack twice",
        "extra attack",
        "react",
        "reaction",
        "two spells",
        "cast two",
    )
    if sheet is None or not asks or (a.creatures and not a.about_self):
        return None  # ("do goblins get a bonus action": theirs, not one's own)
    name = sheet.name
    bonus_spells = [
        srd().spells.get(s).name
        for s in sheet.spells
        if srd().spells.get(s).casting_time == "bonus_action"
    ]
    reaction_spells = [
        srd().spells.get(s).name
        for s in sheet.spells
        if srd().spells.get(s).casting_time == "reaction"
    ]
    bonus_feats = [
        f.name
        for fid in sheet.all_features
        if (f := feature(fid)) is not None and f.action == "bonus_action"
    ]
    reaction_feats = [
        f.name
        for fid in sheet.all_features
        if (f := feature(fid)) is not None and f.action == "reaction"
    ]
    parts = []
    fight = a.state.encounter
    if fight is not None and sheet.id in fight.economy:
        spend = fight.economy[sheet.id]
        mine = fight.current.id == sheet.id
        has = [
            w
            for w, ok in (
                ("the action", spend.available(ActionKind.ACTION)),
                ("the bonus action", spend.bonus_action),
                ("the reaction", spend.reaction),
            )
            if ok
        ]
        if mine:
            left = [*has, f"{spend.movement} ft of movement"]
            parts.append(f"This turn {name} still has {join_words(left)}.")
            if spend.extra_attacks:
                parts.append(f"{spend.extra_attacks} more attack(s) with the Attack action taken.")
        else:
            parts.append(
                f"It is not {name}'s turn; {name}'s reaction is "
                f"{'ready' if spend.reaction else 'spent until their turn'}."
            )
        cast = fight.spells_cast.get(sheet.id, [])
        if "bonus" in cast:
            parts.append("A bonus-action spell was cast: only a cantrip can go with it.")
    if not sheet.spells and a.word("cast", "spell", "spells"):
        parts.append(f"{name} knows no spells.")
    if sheet.spells or a.word("cast", "spell", "spells"):
        parts.append(
            "Casting a spell with the action and attacking both take the action: one or the "
            "other, unless the spell takes a bonus action."
        )
    attacks = sheet.attacks_per_action
    parts.append(f"The Attack action gives {name} {attacks} attack{'s' if attacks > 1 else ''}.")
    if bonus_spells or bonus_feats:
        parts.append(f"Bonus actions {name} has: {', '.join(bonus_spells + bonus_feats)}.")
    if bonus_spells:
        parts.append("After a bonus-action spell, only a cantrip may be cast that turn.")
    if a.word("react", "reaction"):
        own = reaction_spells + reaction_feats
        parts.append(
            f"Reactions {name} has: opportunity attack"
            + (f", {', '.join(own)}" if own else "")
            + "; the game asks when one is open."
        )
    return " ".join(parts)


def challenge_dc(a: Asked) -> str | None:
    """Asked: "what's the DC to pick the padlock", "can I pick this lock", "if Mira picks that
    lock, what does she roll?": the authored challenge the line names, its roll and DC, and
    the bonus for it of the one asked about (else the asker)."""
    campaign = a.campaign
    if campaign is None:
        return None
    found = [campaign.challenges[t] for t in a.intent.targets if t in campaign.challenges]
    asks_the_roll = a.word("dc", "difficulty", "hard", "chance", "roll", "rolls", "check",
                           "safe", "risky", "dangerous", "risk", "easy")  # fmt: skip
    if not found and a.word("dc", "difficulty"):  # "what's the stealth dc", "dc for sneaking"
        found = [c for c in campaign.challenges.values()
                 if c.scene == a.state.scene.id and _won_by_words(a, c.skill)]  # fmt: skip
    if not found or not (
        asks_the_roll
        or a.has(
            "can i",
            "what happens",
            "how do i",
            "how do we",
            "how can i",
            "how can we",
            "how would i",
        )
    ):
        return None  # ("how do i pick the lock?": what it takes, the roll)
    spec = found[0]
    what = spec.skill.label if spec.skill else spec.ability.full_name if spec.ability else ""
    roll = {"check": "check", "save": "saving throw", "group": "group check"}[spec.kind]
    article = "an" if what[:1].lower() in "aeiou" else "a"
    text = f"To {spec.name}: {article} {what} {roll}, DC {spec.dc}."
    sheet = a.own_sheet
    if sheet is not None and spec.kind != "save":
        bonus = sheet.check_modifier(spec.skill, spec.ability) if spec.skill or spec.ability else 0
        text += f" {sheet.name}'s bonus is {signed(bonus)}."
    risk = a.word("safe", "risky", "dangerous", "risk") or a.has("what happens")
    cost = spec.failure
    hurts = [f"{cost.damage.amount} {cost.damage.type.value} damage"] if cost.damage else []
    hurts += [f"being left {cost.condition.value}"] if cost.condition else []
    if risk and hurts:  # "is it safe to cross?": what a failed roll costs
        text += f" A failure means {' and '.join(hurts)}."
    return text


_SKILL_DEEDS: dict[str, tuple[str, ...]] = {
    "stealth": ("sneak", "sneaking", "sneaky", "sneaks", "stealthy"),
    "athletics": ("climb", "climbing", "swim", "swimming", "force", "forcing", "jump"),
    "sleight_of_hand": ("pick", "picking", "lockpicking", "lock"),
    "acrobatics": ("balance", "balancing", "tumble"),
    "persuasion": ("persuade", "persuading", "convince", "convincing"),
    "religion": ("prayer", "pray", "praying", "rite", "blessing"),
    "investigation": ("search", "searching"),
}
"""Words for what a skill does, by which a challenge's DC is asked ("the DC for sneaking")."""


def _won_by_words(a: Asked, skill: Skill | None) -> bool:
    """The line names the skill a challenge is won by, or what that skill does."""
    if skill is None:
        return False
    words = (skill.label.lower(), skill.value.replace("_", " "), *_SKILL_DEEDS.get(skill.value, ()))
    return a.has(*words)
