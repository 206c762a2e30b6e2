"""Answers about spells a character has or lacks: "what does my spell do", "does Ione know
hunter's mark" — from the sheet and the rules' spell data, no turn spent."""

from __future__ import annotations

import re

from app.referee.answering_rules import about_a_rule, spell_in, spell_text
from app.referee.answering_words import Asked
from app.understanding.other_spells import NAMED_ANYWHERE as OTHER_SPELLS
from app.understanding.other_spells import spell_title
from app.understanding.spells import cast_lately
from rules.srd import srd


def my_spell(a: Asked) -> str | None:
    """Asked: "what does my spell do": the one spell of the asker's besides cantrips, told;
    with several, which ones there are to ask about."""
    sheet = a.own_sheet
    if sheet is None or not a.has("my spell", "my spells") or not about_a_rule(a):
        return None
    levelled = [srd().spells.get(s) for s in sheet.spells if s in srd().spells]
    chosen = [sp for sp in levelled if sp.level > 0] or levelled
    if not chosen:
        return f"{sheet.name} knows no spells."
    if len(chosen) == 1:
        return spell_text(chosen[0], sheet)
    names = ", ".join(sp.name for sp in chosen)
    cantrips = [sp.name for sp in levelled if sp.level == 0 and sp not in chosen]
    kind = "cantrip" if len(cantrips) == 1 else "cantrips"
    also = f", and the {kind} {', '.join(cantrips)}" if cantrips else ""
    return (f'{sheet.name} knows {names}{also}: ask about one by name ("what does '
            f'{chosen[0].name} do").')  # fmt: skip


_KNOWS = re.compile(r"\b(?:does|do|can) (\w+) (?:know|have|cast)\b")
"""Asked whether someone knows a spell ("does ione know hunters mark")."""


def knows_spell(a: Asked) -> str | None:
    """Asked: "does Ione know hunter's mark", "do I have fire bolt": yes or no, and what
    they do know."""
    asked = _KNOWS.search(a.text)
    sheet = a.sheet or a.own_sheet
    if asked is None or sheet is None:
        return None
    spell = spell_in(a)
    other = None if spell is not None else re.search(OTHER_SPELLS, a.text)
    if spell is None and other is None:
        return None
    if spell is not None and any(srd().spells.get(s) is spell for s in sheet.spells):
        if _GOING.search(a.text) and spell.duration != "instantaneous":
            return _still_about(a, sheet.id, sheet.name, spell.name, sheet.concentration)
        return f"Yes: {sheet.name} knows {spell.name}."
    name = spell.name if spell is not None else spell_title(other.group(0)) if other else ""
    known = ", ".join(srd().spells.get(s).name for s in sheet.spells if s in srd().spells)
    return f"No: {sheet.name} does not know {name}" + (f" (knows {known})." if known else ".")


_GOING = re.compile(r"\b(?:going|active|running|still (?:up|on|out|there|about)|in effect)\b")
"""Asked whether a lasting spell is still about ("do i have a spiritual weapon going?")."""


def _still_about(a: Asked, cid: str, name: str, spell: str, held: str | None) -> str:
    """Whether a lasting spell of the member's is about now: one held by concentration,
    else one cast in the last ten turns (a minute of play)."""
    if held is not None and srd().spells.get(held).name == spell:
        return f"Yes: {name} is concentrating on {spell}."
    cast = cast_lately(a.state, cid, spell)
    if cast:
        return f"Yes: {name} cast {spell} on turn {cast[-1]}; it lasts a minute (ten rounds)."
    return f"No: {name} knows {spell} but has not cast it lately."


def unplayed_spell(a: Asked) -> str | None:
    """Asked what a spell of the SRD does that this game has no rules for ("what does my
    hunter's mark do"): said plainly, with what the asker can cast instead."""
    other = re.search(OTHER_SPELLS, a.text)
    if other is None or spell_in(a) is not None or not about_a_rule(a):
        return None
    name = spell_title(other.group(0))
    sheet = a.sheet or a.own_sheet
    known = [srd().spells.get(s).name for s in sheet.spells if s in srd().spells] if sheet else []
    instead = f" {sheet.name} can cast {', '.join(known)}." if sheet and known else ""
    return f"{name} is a spell this game has no rules for: nobody here can cast it.{instead}"
