"""Lines that use a class feature or species trait: "second wind", "I use action surge",
"Thorin rages", "I turn undead", "lay on hands on Mira", "inspire Thorin", "cunning action
to hide". The phrases are the vocabulary's ``features``; a one-word phrase ("rage",
"inspire") counts only for a character who has the feature, so an ordinary word does not
become a feature of someone who lacks it."""

from __future__ import annotations

import re
from functools import cache

from app.understanding.intent import Intent
from app.understanding.readings import Context
from app.understanding.scope import kind_of
from app.understanding.targets import pick_creatures
from app.understanding.vocabulary import ENGLISH, Vocabulary
from app.understanding.words import normalise, slot_level, verb_at
from rules.features import features

BONUS_MOVES = ("dash", "disengage", "hide", "dodge")
"""Combat actions a bonus-action feature may carry out (Cunning Action, Step of the Wind)."""


HOLY_SYMBOL_HELD = re.compile(
    r"\b(?:lift|rais|hold|held|brandish|present|thrust|hoist|show|wav)\w*\b[^.;!?]{0,40}?"
    r"\b(?:(?:holy |silver |sacred |sun )?symbol|sun[- ]?disc|amulet|medallion|"
    r"(?:iron|silver|golden|gold|bronze|brass) sun)\b"
    r"|\bholy symbol\b[^.;!?]{0,30}?\b(?:high|aloft|"
    r"overhead|up|blazing|shining|glowing|ablaze|flaring|burning bright)\b|\bbegone\b|\bbe gone\b"
)
"""A holy symbol held up before the dead in a fight, however it is told ("lifts the silver
sun of her holy symbol over her head"): a cleric turning undead, as a DM reads it."""
NAMES_OF_TURNING = ("turn undead", "turn the undead", "channel divinity", "words of turning")
"""Turn Undead called by its name: used whatever is here. Its gestures ("hold up my holy
symbol") turn only the dead in a fight."""


def feature_use(ctx: Context) -> Intent | None:
    """The feature a line uses, with its ally or foe and option, if it names one."""
    sheet = ctx.state.party.get(ctx.actor or "")
    found: list[tuple[int, int, str]] = []
    for fid, phrases in ctx.vocab.features.items():
        for phrase in phrases:
            at = verb_at(ctx.said, phrase)
            if at < 0:
                continue
            alone = ctx.said.strip(" !.") == phrase  # "rage!": asked for by name alone
            if " " not in phrase and (sheet is None or not sheet.has(fid)) and not alone:
                continue
            if (
                fid == "turn_undead"
                and phrase not in NAMES_OF_TURNING
                and not (ctx.scope.fighting and undead_here(ctx))
            ):  # "hold up my holy symbol and pray for her soul": a prayer, not a turning
                continue
            found.append((at, -len(phrase), fid))
    if not found and sheet is not None and sheet.has("turn_undead"):
        held = HOLY_SYMBOL_HELD.search(ctx.said)
        if held is not None and ctx.scope.fighting and undead_here(ctx):
            found.append((held.end(), -len(held.group(0)), "turn_undead"))
    if not found:
        return None
    at, length, fid = min(found)
    rest = ctx.said[at - length :]
    option = next((m for m in BONUS_MOVES if verb_at(rest, m) >= 0), None)
    if option is None:  # "hide behind the sack (cunning action)": the move said first
        option = next((m for m in BONUS_MOVES if verb_at(ctx.said[: at - length], m) >= 0), None)
    targets: tuple[str, ...] = ()
    for text in (rest, ctx.said):  # "inspire Sela", or "give Sela bardic inspiration"
        people = [t.id for t in ctx.named("member", text=text) if t.id != ctx.actor]
        foes = [t.id for t in ctx.named("creature", text=text)]
        if len(foes) > 1:  # "dash over to rat 3": the one its number singles out
            picked = pick_creatures(text, ctx.scope, ctx.state, ctx.vocab)
            foes = list(picked.ids) if picked.exact and picked.ids else foes
        targets = tuple(people or foes)
        if targets:
            break
    if fid == "divine_smite" and sheet is not None and not sheet.has(fid) and "divine" in ctx.said:
        # "divine smite!" from a ranger: said, never a blow read into it
        return ctx.intent("ask", action="unable", confidence=0.9,
                          note=f"{sheet.name} has no Divine Smite")  # fmt: skip
    if fid == "divine_smite":  # a smite is part of an attack: the attack reading carries it
        return None
    if fid == "reckless_attack" and (sheet is None or not sheet.has(fid)):
        return None  # "reckless attack on rat 3" by one without it: a blow all the same
    if fid == "font_of_magic":
        option = font_option(ctx.said)
    if fid == "wild_shape":
        option = wild_shape_option(ctx.said)
        targets = ()
    if fid == "flurry_of_blows":
        option = open_hand_option(ctx.said)
    extra = (option,) if option else ()
    if fid == "lay_on_hands" and sheet is not None and not sheet.has(fid):
        return None  # "lays hands on his wounds" from a cleric: her healing, read as a spell
    if sheet is not None and not sheet.has(fid):  # "Second wind" from a ranger: said so,
        # with who has it, and nothing tried
        return ctx.intent("ask", action="unable", confidence=0.9, note=_not_had(ctx, fid))
    return ctx.intent("feature", action=fid, targets=targets, extra=extra)


def _not_had(ctx: Context, fid: str) -> str:
    """That the character lacks the feature, and who in the party has it."""
    name = features().entries[fid].name
    who = ctx.state.name_of(ctx.actor or "")
    having = [ctx.state.name_of(m) for m, s in ctx.state.party.items() if s.has(fid)]
    if not having:
        return f"{who} has no {name}"
    verb = "have" if len(having) > 1 else "has"
    return f"{who} has no {name} ({' and '.join(having)} {verb} it)"


def undead_here(ctx: Context) -> bool:
    """Whether any foe standing is undead (a holy symbol held up, or "begone!", turns them;
    before wolves it is only words)."""
    return any(kind_of(ctx.state, ctx.state.creatures[t.id].monster) == "undead"
               for t in ctx.scope.of("creature"))  # fmt: skip


def names_a_feature(text: str, vocab: Vocabulary = ENGLISH) -> bool:
    """The words are a feature's own name ("Channel Divinity", "Action Surge"): a line that
    starts "Channel Divinity: Turn Undead!" is using it, not speaking as someone so named."""
    said = normalise(text)
    return any(said == phrase for phrases in vocab.features.values() for phrase in phrases)


def smites(text: str, vocab: Vocabulary = ENGLISH) -> bool:
    """Whether an attack line asks for a Divine Smite ("smite the skeleton")."""
    said = normalise(text)
    return any(verb_at(said, p) >= 0 for p in vocab.features.get("divine_smite", ()))


def font_option(said: str) -> str | None:
    """Font of Magic's way from a line: ``slot:N`` when sorcery points become a level-N
    slot ("turn two sorcery points into a first-level slot"), ``points:N`` when a level-N
    slot becomes points ("my second-level slot into sorcery points"): whichever of "slot"
    and "point" the line names last is what is made."""
    slot, point = said.rfind("slot"), said.rfind("point")
    if slot < 0 and point < 0:
        return None
    level = slot_level(said) or 1
    return f"slot:{level}" if slot > point else f"points:{level}"


_REVERT = ("revert", "turn back", "own form", "normal form", "back to my", "back into my")


def wild_shape_option(said: str) -> str | None:
    """Wild Shape's option from a line: ``revert`` ("I turn back into my own form"), else
    the beast it names ("I wild shape into a wolf": ``wolf``; "black bear":
    ``black_bear``), the longest beast name found."""
    if any(word in said for word in _REVERT):
        return "revert"
    from rules.srd import srd  # noqa: PLC0415 - the stat blocks, read once a druid shifts

    found = [
        (len(block.name), key)
        for key, block in srd().monsters.entries.items()
        if block.type.lower().startswith("beast")
        and re.search(rf"\b{re.escape(block.name.lower())}s?\b", said)
    ]
    return max(found)[1] if found else None


_OPEN_HAND = (
    ("no_reactions", ("no reaction", "can't react", "cannot react", "no reactions")),
    ("prone", ("prone", "knock him down", "knock her down", "knock it down", "trip",
               "off his feet", "off her feet", "off its feet", "to the ground")),
    ("push", ("push", "shove", "knock him back", "knock her back", "knock it back",
              "send him flying", "send her flying", "send it flying")),
)  # fmt: skip


def open_hand_option(said: str) -> str | None:
    """The Open Hand Technique a flurry line names ("flurry and knock him prone":
    ``prone``; "push him away": ``push``; "so it can't react": ``no_reactions``)."""
    for option, words in _OPEN_HAND:
        if any(re.search(rf"\b{re.escape(w)}", said) for w in words):
            return option
    return None


_METAMAGIC = re.compile(
    r"\b(careful|distant|empowered|empower|extended|extend|heightened|heighten|quickened"
    r"|quicken|quick-cast|subtle|subtly|twinned|twin)\b"
)


_EVERYDAY_METAMAGIC = frozenset({"careful", "distant", "extend", "extended", "twin"})
"""Metamagic words that are also plain words ("keeps a careful distance"): metamagic only
said of a spell."""


def _of_a_spell(said: str, found: re.Match[str]) -> bool:
    """The metamagic word is said of a spell ("careful fireball", "a distant spell", "cast it
    extended"), or is not an everyday word at all."""
    if found.group(1) not in _EVERYDAY_METAMAGIC:
        return True
    words = said[found.end() :].replace(",", " ").split()
    after = [w for w in words if w != "and" and not _METAMAGIC.fullmatch(w)][:1]
    before = said[: found.start()].split()[-2:]
    spells = _spell_words()
    return bool(
        set(after) & (spells | {"spell", "cast", "casting", "version", "metamagic"})
        or set(before) & {"cast", "casts", "it", "use", "using", "with"}
    )


@cache
def _spell_words() -> frozenset[str]:
    """The first word of every SRD spell's name ("fire" of Fire Bolt, "fireball")."""
    from rules.srd import srd  # noqa: PLC0415

    spells = srd().spells
    return frozenset(spells.get(sid).name.split()[0].lower() for sid in spells.entries)


def metamagic_options(said: str) -> tuple[str, ...]:
    """Metamagic a cast line names ("quickened fire bolt": ``quickened``; "an empowered,
    twinned ray of frost": ``twinned``, ``empowered`` — Empowered last, as it joins)."""
    from rules.metamagic import option_of  # noqa: PLC0415

    said = said.lower()
    found = [option_of(m.group(1).replace("quick-cast", "quickened").replace("subtly", "subtle"))
             for m in _METAMAGIC.finditer(said) if _of_a_spell(said, m)]  # fmt: skip
    named = list(dict.fromkeys(o for o in found if o))
    return tuple(sorted(named, key=lambda o: o == "empowered"))
