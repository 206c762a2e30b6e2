"""Lines that use a class feature or species trait: "second wind", "I use action surge",
"Thorin rages", "I turn undead", "lay on hands on Mira", "inspire Thorin", "cunning action
to hide". The phrases are the vocabulary's ``features``; a one-word phrase ("rage",
"inspire") counts only for a character who has the feature, so an ordinary word does not
become a feature of someone who lacks it."""

from __future__ import annotations

from app.dm.understanding.intent import Intent
from app.dm.understanding.readings import Context
from app.dm.understanding.vocabulary import ENGLISH, Vocabulary
from app.dm.understanding.words import normalise, verb_at

BONUS_MOVES = ("dash", "disengage", "hide", "dodge")
"""Combat actions a bonus-action feature may carry out (Cunning Action, Step of the Wind)."""


def feature_use(ctx: Context) -> Intent | None:
    """The feature a line uses, with its ally or foe and option, if it names one."""
    sheet = ctx.state.party.get(ctx.actor or "")
    found: list[tuple[int, int, str]] = []
    for fid, phrases in ctx.vocab.features.items():
        for phrase in phrases:
            at = verb_at(ctx.said, phrase)
            if at < 0:
                continue
            if " " not in phrase and (sheet is None or not sheet.has(fid)):
                continue
            found.append((at, -len(phrase), fid))
    if not found:
        return None
    at, length, fid = min(found)
    rest = ctx.said[at - length :]
    option = next((m for m in BONUS_MOVES if verb_at(rest, m) >= 0), None)
    targets: tuple[str, ...] = ()
    for text in (rest, ctx.said):  # "inspire Sela", or "give Sela bardic inspiration"
        people = [t.id for t in ctx.named("member", text=text) if t.id != ctx.actor]
        targets = tuple(people or [t.id for t in ctx.named("creature", text=text)])
        if targets:
            break
    if fid == "divine_smite":  # a smite is part of an attack: the attack reading carries it
        return None
    extra = (option,) if option else ()
    return ctx.intent("feature", action=fid, targets=targets, extra=extra)


def smites(text: str, vocab: Vocabulary = ENGLISH) -> bool:
    """Whether an attack line asks for a Divine Smite ("smite the skeleton")."""
    said = normalise(text)
    return any(verb_at(said, p) >= 0 for p in vocab.features.get("divine_smite", ()))
