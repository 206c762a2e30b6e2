"""Answers about a character or the party, read off the character sheets: hit points, AC,
spell slots and spells, weapons, speed, what they carry, conditions, features, level and
experience, skill and save bonuses — every number asked of the rules
(:class:`rules.character.CharacterSheet` and :mod:`app.world.sheetfacts`, the same the
character sheet screen shows), never worked out again here.
"""

from __future__ import annotations

import re
from collections import Counter

from app.actions.advancement_tools import advancement, within_reach
from app.referee.answering_weapons import weapon_words
from app.referee.answering_words import Asked
from app.referee.sights import inventory_text, join_words, wound_word
from app.world.sheetfacts import coins_in, coins_text, gear, sheet_facts, signed, spell_name
from rules.abilities import Ability
from rules.character import CharacterSheet
from rules.conditions import speed_after_conditions
from rules.damage import LifeState
from rules.effects import ac_bonus, is_record, speed_with
from rules.skills import Proficiency, Skill
from rules.srd import srd

HURT_WORDS = (
    "hp", "health", "hurt", "wounded", "injured", "hit points", "hit point", "ok", "okay",
    "alright",
    "all right", "fine", "how is", "how are", "dying", "bleeding", "bloodied", "how am i doing",
    "how am i holding", "holding up", "how bad am i", "how do i look", "hitpoints", "hitpoint",
    "on my feet", "still standing", "still up", "still alive", "down to", "beat up", "banged up",
    "roughed up", "messed up", "beaten up", "hurting", "bruised", "am i at",
)  # fmt: skip
"""Words that ask how hurt someone is."""
ORDINAL = {1: "1st", 2: "2nd", 3: "3rd"}


def level_name(level: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``4th`` …"""
    return ORDINAL.get(level, f"{level}th")


def health_text(sheet: CharacterSheet) -> str:
    """``Thorin has 11 of 28 hit points (badly wounded)``, or how they are down."""
    vit = sheet.vitals
    if vit.state is LifeState.DEAD:
        return f"{sheet.name} is dead"
    if vit.state is LifeState.DYING:
        return (
            f"{sheet.name} is down at 0 of {vit.max_hp} hit points and dying "
            f"({vit.death_successes} death saves made, {vit.death_failures} failed)"
        )
    if vit.state is LifeState.STABLE:
        return f"{sheet.name} is down at 0 of {vit.max_hp} hit points, unconscious but stable"
    temp = f", and {vit.temp_hp} temporary" if vit.temp_hp else ""
    return (
        f"{sheet.name} has {vit.hp} of {vit.max_hp} hit points{temp} "
        f"({wound_word(vit.hp, vit.max_hp)})"
    )


def conditions_text(sheet: CharacterSheet) -> str:
    """``poisoned (2 rounds left), exhaustion 1, Bless`` — empty when there is nothing."""
    held = []
    for active in sheet.conditions:
        plural = "s" if active.rounds != 1 else ""
        rounds = f" ({active.rounds} round{plural} left)" if active.rounds else ""
        held.append(f"{active.condition.value}{rounds}")
    if sheet.exhaustion:
        held.append(f"exhaustion {sheet.exhaustion}")
    held += [e.name for e in sheet.effects if not is_record(e)]
    return ", ".join(held)


_ASKING_HOW = frozenset({"how", "many", "much", "what", "what's", "whats", "is", "my", "left",
                         "check", "pls", "plz", "please", "now", "current", "quick"})  # fmt: skip
"""Words that only put the asking ("how many hp", "what's my hp"): no one else asked of."""


def hit_points(a: Asked) -> str | None:
    """Asked: "how hurt am I", "is Mira ok", "how many hit points does Ivo have", "what's my
    and Aria's hp" (both), or just "hp?" (the asker's)."""
    own = a.state.party.get(a.actor or "")
    core = [w for w in a.words if w not in _ASKING_HOW]
    said_of_hurt = {w for h in HURT_WORDS for w in h.split()}
    terse = not a.named and not a.about_party and len(core) <= 2  # "hp?", "how many hp"
    terse = terse and all(w in said_of_hurt for w in core)  # (not "is corin ok": his)
    if not a.has(*HURT_WORDS) or (a.sheet is None and not (terse and own)):
        return None
    if a.creature is not None and not a.named:
        return None  # "how much hp does rat 2 have left": the fight's answer
    sheets = [a.sheet] if a.sheet is not None else []
    if own is not None and own not in sheets and (terse or (a.named and a.about_self)):
        sheets.insert(0, own)
    told = []
    for sheet in sheets:
        held = conditions_text(sheet)
        told.append(f"{health_text(sheet)}{f'; {held}' if held else ''}")
    return "; ".join(told) + "."


def armour_class(a: Asked) -> str | None:
    """Asked: "what's my AC", "Thorin's armour class"."""
    sheet = a.own_sheet
    armour = a.word("armor", "armour") and not a.word("their", "its", "his", "her")
    if sheet is None or not (a.word("ac") or a.has("armor class") or armour):
        return None
    if a.sheet is None and (a.creatures or a.word("their", "they", "them", "its", "those")):
        return None  # "what's the rats' AC", "what's their AC": the foes', not the asker's
    if a.has("mean", "means", "stand for", "stands for") and not a.about_self:
        return None  # "what does AC mean": the term (the glossary), not a figure
    worn = srd().armor.get(sheet.armor).name if sheet.armor else "no armour"
    worn += " and a shield" if sheet.shield else ""
    text = f"{sheet.name} has AC {sheet.armor_class} ({worn})"
    bonus = ac_bonus(sheet.effects)
    if bonus:
        why = join_words([e.name for e in sheet.effects if e.ac_bonus])
        text += f"; AC {sheet.armor_class + bonus} with {why}"
    return text + "."


def slots_text(sheet: CharacterSheet) -> str:
    """``2 of 3 1st-level slots and 1 of 2 2nd-level slots left``."""
    parts = [
        f"{sheet.spell_slots.remaining(lv)} of {most} {level_name(lv)}-level"
        for lv, most in sorted(sheet.spell_slots.maximum.items())
        if most
    ]
    return f"{join_words(parts)} slots left" if parts else "no spell slots"


def spell_slots(a: Asked) -> str | None:
    """Asked: "how many spell slots do I have left", "any spells left?"."""
    sheet = a.own_sheet
    spells_left = a.word("spell", "spells") and a.has("left", "remaining", "how many can")
    if sheet is None or not (a.word("slot", "slots") or spells_left):
        return None
    if sheet.spellcasting_ability is None:
        return f"{sheet.name} casts no spells."
    return f"{sheet.name} has {slots_text(sheet)}."


def spells_known(a: Asked) -> str | None:
    """Asked: "which spells do I know", "what are my cantrips", "what can Aria cast"."""
    sheet = a.own_sheet
    asks = a.word("spells", "cantrips", "cantrip") or a.has("can i cast", "spell list")
    asks = asks or (a.word("cast") and a.word("what", "which", "whats"))  # "what can wren cast"
    if sheet is None or not asks or not (a.member or a.has("can i cast")):
        return None
    if a.has("and attack", "still attack", "same turn", "this turn", "and then attack"):
        return None  # "can I cast a spell and attack in the same turn?": the turn's answer
    if not sheet.spells:
        return f"{sheet.name} knows no spells."
    by_level: dict[int, list[str]] = {}
    for spell_id in sheet.spells:
        level = srd().spells.get(spell_id).level if spell_id in srd().spells else 0
        by_level.setdefault(level, []).append(spell_name(spell_id))
    parts = [
        f"{'cantrips' if lv == 0 else f'{level_name(lv)} level'}: {', '.join(names)}"
        for lv, names in sorted(by_level.items())
    ]
    return f"{sheet.name}'s spells — {'; '.join(parts)}. {sheet.name} has {slots_text(sheet)}."


def spellcasting(a: Asked) -> str | None:
    """Asked: "what's my spell save DC", "what's a cleric's spellcasting modifier"."""
    sheet = a.own_sheet
    if sheet is None or not (
        a.word("spellcasting")
        or a.has("spell save", "spell attack", "save dc", "casting modifier")
        or (a.word("dc") and a.has("save", "resist", "beat", "my spell", "spells"))
    ):  # ("what DC do they save against when I mock them?")
        return None
    ability = sheet.spellcasting_ability
    if ability is None:
        return f"{sheet.name} casts no spells."
    return (
        f"{sheet.name} casts with {ability.full_name} ({signed(sheet.modifier(ability))}): "
        f"spell save DC {sheet.spell_save_dc}, spell attack "
        f"{signed(sheet.spell_attack_bonus or 0)}."
    )


def speed(a: Asked) -> str | None:
    """Asked: "what's my speed", "how far can I move" (in a fight: the movement left this turn)."""
    sheet = a.own_sheet
    asks = a.word("speed", "movement") or a.has("how far can", "how fast")
    if sheet is None or not asks or a.has("range", "see", "dark"):
        return None  # "how far can I see in the dark": darkvision
    armed = any(part in a.words for w in sheet.weapons for part in weapon_words(w))
    if armed or a.word("shoot", "throw", "fire", "reach"):
        return None  # "how far can my bow shoot": the weapon's range
    now = speed_after_conditions(
        speed_with(sheet.walking_speed, sheet.effects), sheet.conditions, sheet.exhaustion
    )
    text = f"{sheet.name}'s speed is {now} ft"
    if now != sheet.walking_speed:
        text += f" ({sheet.walking_speed} ft unhindered)"
    fight = a.state.encounter
    if fight is not None and sheet.id in fight.economy:
        left = fight.economy[sheet.id].movement
        if fight.current.id == sheet.id:
            text += f"; this turn {left} ft of movement is left (a Dash adds {now} ft more)"
        else:
            text += f"; it is not {sheet.name}'s turn now"
    return text + "."


COIN_WORDS = ("gold", "coins", "coin", "money", "silver", "copper", "gp", "purse")


def carried(a: Asked) -> str | None:
    """Asked: "what do I carry", "how much gold do we have", "have we got any rope"."""
    state = a.state
    metal = re.search(r"\b(?:gold|silver|copper|golden)\s+[a-z]+", a.text)
    made_of = metal is not None and any(  # (the party's gear read only for such a word)
        metal.group(0) in i.lower().replace("_", " ") for s in state.party.values() for i in gear(s)
    )
    if a.word(*COIN_WORDS) and not made_of:  # (not "what does this silver key open?")
        if (a.sheet is not None and a.named) or (a.about_self and not a.word("we", "us", "our")):
            sheet = a.sheet or a.own_sheet
            if sheet is not None:
                cp = coins_in(sheet.inventory)
                return (
                    f"{sheet.name} has {coins_text(cp)} in coins."
                    if cp
                    else f"{sheet.name} carries no coins."
                )
        purse = sum(coins_in(s.inventory) for s in state.party.values())
        if not purse:
            return "The party carries no coins at all."
        shares = [f"{s.name} {coins_text(coins_in(s.inventory))}" for s in state.party.values()]
        return f"The party has {coins_text(purse)} in coins ({'; '.join(shares)})."
    sought = _sought_item(a)
    if sought is not None:  # "who has Berta's potion?": whoever carries it, by name
        kept = Counter((s.name, item.lower().replace("_", " ")) for s in state.party.values()
                       for item in gear(s) if sought in item.lower())  # fmt: skip
        if not kept:
            return f"Nobody in the party carries any {sought}."
        return "; ".join(f"{who} carries {f'{n} × ' if n > 1 else 'the '}{item}"
                         for (who, item), n in kept.items()) + "."  # fmt: skip
    asks_how = a.words[:1] in (("how",), ("what",), ("whats",))  # "how many hp do i have left"
    own = _OWN_ITEM.search(a.text) if a.about_self and not asks_how else None
    if own is not None and own.group(1).strip() in _NO_THING:
        own = None  # ("have i got now", "do i have left")
    sheet = a.own_sheet
    if own is not None and sheet is not None:  # "do i still have my holy symbol?"
        thing = own.group(1)
        one = thing[:-1] if thing.endswith("s") and not thing.endswith("ss") else thing
        mine = [item for item in gear(sheet) if one in item.lower()]  # ("any potions")
        if mine:
            return f"Yes: {sheet.name} carries the {mine[0].lower()}."
        others = [s.name for s in state.party.values() if s is not sheet
                  and any(one in item.lower() for item in gear(s))]  # fmt: skip
        elsewhere = f" ({join_words(others)} {'does' if len(others) == 1 else 'do'})"
        return f"No: {sheet.name} carries no {thing}{elsewhere if others else ''}."
    wanted = _wanted_item(a)
    if wanted is not None:
        forms = _LIGHTS if wanted in ("light", "lights") else (wanted,)  # a torch is a light
        holders = [
            (s.name, item)
            for s in state.party.values()
            for item in gear(s)
            if any(f in item.lower() for f in forms)
        ]
        if not holders:
            return f"Nobody in the party carries any {wanted}."
        return "Yes: " + "; ".join(f"{who} carries {item}" for who, item in holders) + "."
    packed = a.word(*PACKS) and a.has("in", "inside")  # "what's in Bram's pack"
    if (
        packed
        or a.word("carry", "carrying", "inventory", "equipment", "gear", "items")
        or a.has("what do i have", "what have i got")
    ):
        return inventory_text(state, a.member or a.actor)
    return None


_OWN_ITEM = re.compile(
    r" (?:have|got|carry|carrying) (?:still )?(?:(?:my|the|a|an|any|that|this|our|some) )?"
    r"(?!(?:i|we|you|he|she|they|it) )([a-z' ]+?)"
    r"(?: or (?:smth|sth|something|anything|summat|owt|what|whatever|so))? ?$"
)
"""A thing asked after as one's own ("do I still have my holy symbol")."""
_NO_THING = frozenset({"left", "now", "again", "still", "here", "there", "enough", "time",
                       "it", "them", "that", "this", "one", "any"})  # fmt: skip
"""Words after "have" that are no thing carried."""
_LIGHTS = ("torch", "lantern", "lamp", "candle")
"""What a light is, in a pack ("does anyone have a light?")."""
PACKS = ("pack", "packs", "backpack", "bag", "bags", "pockets", "pocket", "satchel", "pouch",
         "kit", "rucksack", "knapsack")  # fmt: skip
"""What a character carries things in, asked about ("what's in my bag")."""


def _sought_item(a: Asked) -> str | None:
    """The thing in "who has Berta's potion", "who's got the rope", "who is carrying the
    lantern": the question's last word."""
    words = a.words
    if (
        len(words) < 3
        or words[0] not in ("who", "whos", "which")
        or not a.has("has", "got", "carrying", "carries", "holding", "holds", "have")
    ):
        return None
    while len(words) > 3 and words[-1] in ("now", "again", "still", "then", "atm"):
        words = words[:-1]  # "who has the potion now?": the potion
    last = words[-1]
    if last in ("it", "that", "them", "now", "again") or len(last) < 3:
        return None
    return last.rstrip("s") if len(last) > 3 and not last.endswith("ss") else last


def _wanted_item(a: Asked) -> str | None:
    """The thing in "have we got any rope", "do I have a torch"."""
    words = a.words
    if not a.has("have", "got", "carry") or not a.word("any", "a", "an", "some"):
        return None
    if not (a.named or a.word("we", "i", "us", "anyone", "anybody", "party")):
        return None  # "does she have a key": a question for her
    for n, word in enumerate(words[:-1]):
        if (
            word in ("any", "a", "an", "some")
            and n > 0
            and words[n - 1] in ("have", "got", "carry", "we", "i")
        ):
            return words[n + 1].rstrip("s") if len(words[n + 1]) > 3 else words[n + 1]
    return None


def whole_sheet(a: Asked) -> str | None:
    """Asked for the sheet itself: "show me my character sheet", "what are my stats", "my
    ability scores" — who they are, hit points, AC, speed and the six scores in one answer,
    and where the whole sheet is shown (``/sheet``)."""
    sheet = a.sheet or a.own_sheet
    sheeted = a.word("sheet") or (a.word("stats") and len(a.words) > 1)
    if sheet is None or not (sheeted or a.has("ability scores", "my abilities", "my scores")):
        return None
    what = " ".join(p for p in (sheet.species, sheet.character_class) if p)
    scores = ", ".join(
        f"{x.value.upper()} {sheet.abilities.score(x)} ({signed(sheet.modifier(x))})"
        for x in Ability
    )
    own = sheet.id == a.actor
    shown = "/sheet" if own else f"/sheet {sheet.name.split()[0]}"
    return (
        f"{sheet.name} is a level {sheet.level} {what}. {health_text(sheet)}; AC "
        f"{sheet.armor_class}, speed {sheet.speed} ft; {scores}. The whole sheet: {shown}."
    )


def status(a: Asked) -> str | None:
    """Asked in a word or two: "status", "my status", "stats" — the asker's hit points, what
    holds them and the slots they have left, in one answer."""
    sheet = a.sheet or a.own_sheet
    if sheet is None or len(a.words) > 3 or not a.word("status", "stats"):
        return None
    held = conditions_text(sheet)
    slots = f" {sheet.name} has {slots_text(sheet)}." if sheet.spellcasting_ability else ""
    return f"{health_text(sheet)}{f'; {held}' if held else ''}.{slots}"


def conditions(a: Asked) -> str | None:
    """Asked: "what conditions am I under", "any effects on Bram", "why is Cass shaking?"
    (what is wrong with someone is what holds them)."""
    sheet = a.sheet
    if sheet is None:
        return None
    held = conditions_text(sheet)
    barred = a.has("why can t i", "why cant i", "why cannot i", "why can not i", "why won t",
                   "why wont")  # fmt: skip
    ailing = barred or a.has("why is", "why's", "whys", "what's wrong with", "whats wrong with",
                             "what is wrong with", "what's up with", "whats up with")  # fmt: skip
    if not (
        a.word("conditions", "condition", "effects", "status", "affected") or (ailing and held)
    ):
        return None
    if not held:
        return f"{sheet.name} is under no condition or effect."
    if barred:  # "why can't I move closer": what each condition forbids
        rules = [srd().conditions[c.condition] for c in sheet.conditions]
        why = " ".join(f"{r.name}: {' '.join(r.summary.split())}" for r in rules)
        return f"{sheet.name}: {held}. {why}".strip()
    return f"{sheet.name}: {held}."


def features(a: Asked) -> str | None:
    """Asked: "what features do I have", "uses left"."""
    sheet = a.own_sheet
    if sheet is None or not (a.word("features", "abilities", "traits") or a.has("uses left")):
        return None
    found = sheet_facts(sheet).section("Features and traits").facts
    parts = [f"{f.label} ({f.value})" if f.value else f.label for f in found]
    return f"{sheet.name}'s features: {', '.join(parts) or 'none'}."


def level(a: Asked) -> str | None:
    """Asked: "what level am I", "how much XP do we have" (and who can take a level now),
    "what's my class", "who am I playing"."""
    if (
        a.word("class", "playing", "race", "species")
        and a.own_sheet is not None
        and not (a.word("level", "xp", "experience"))
    ):
        mine = a.state.party.get(a.actor or "") if a.word("my", "i", "me", "am") else None
        sheet = mine or a.own_sheet
        kind = f"{sheet.species.lower()} " if sheet.species else ""
        return f"{sheet.name} is a level {sheet.level} {kind}{sheet.character_class.lower()}."
    if not (a.word("level", "xp", "experience") and not a.word("slot", "slots", "spell")):
        return None
    sheets = [a.sheet] if a.sheet is not None else list(a.state.party.values())
    how = advancement(a.state)
    lines = []
    for sheet in sheets:
        facts = {f.label: f for f in sheet_facts(sheet, how).section("Level").facts}
        text = f"{sheet.name} is a level {sheet.level} {sheet.character_class.lower()}"
        xp = facts.get("Experience") or facts.get("Next level")
        if xp is not None:
            text += f", {xp.value}" + (f" ({xp.note})" if xp.note else "")
        news = within_reach(sheet)
        lines.append(f"{text}. {news}" if news else text)
    return "; ".join(lines) + "."


def bonuses(a: Asked) -> str | None:
    """Asked: "what's my stealth bonus", "Thorin's dex save", "my passive perception"."""
    sheet = a.own_sheet
    if sheet is None:
        return None
    skills = [s for s in Skill if s.label.lower().split()[0] in a.words]
    abilities = [x for x in Ability if x.full_name.lower() in a.words or x.value in a.words]
    save = a.word("save", "saves", "saving")
    if a.has("passive perception"):
        return f"{sheet.name}'s passive Perception is {sheet.passive()}."
    if skills and not save:
        parts = []
        for skill in skills:
            prof = sheet.skills.get(skill, Proficiency.NONE)
            how = "" if prof is Proficiency.NONE else f", {prof.value}"
            armour = (
                srd().armor.get(sheet.armor) if sheet.armor and sheet.armor in srd().armor else None
            )
            noisy = skill is Skill.STEALTH and armour is not None and armour.stealth_disadvantage
            how += f"; with disadvantage in {armour.name.lower()}" if noisy and armour else ""
            parts.append(
                f"{skill.label} {signed(sheet.check_modifier(skill))}"
                f" ({skill.ability.full_name}{how})"
            )
        return f"{sheet.name}'s {join_words(parts)}."
    if abilities and save:
        parts = [
            f"{x.full_name} {signed(sheet.save_modifier(x))}"
            + (" (proficient)" if x in sheet.saving_throws else "")
            for x in abilities
        ]
        return f"{sheet.name}'s saving throws: {join_words(parts)}."
    if abilities and a.word(
        "score",
        "modifier",
        "mod",
        "bonus",
        "check",
        "strength",
        "dexterity",
        "constitution",
        "intelligence",
        "wisdom",
        "charisma",
    ):
        parts = [
            f"{x.full_name} {sheet.abilities.score(x)} ({signed(sheet.modifier(x))})"
            for x in abilities
        ]
        return f"{sheet.name}'s {join_words(parts)}."
    if a.word("initiative") and a.state.encounter is None:
        return f"{sheet.name}'s initiative bonus is {signed(sheet.initiative_modifier)}."
    return None
