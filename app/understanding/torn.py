"""What a line says before its deed that changes how the rest is read: a player torn
between two deeds ("hmm, sleep or magic missile?": asked back with both, never one of them
done), a question put before a plan ("before we go down — Berta, anything down there we
shouldn't break?": asked, nobody goes yet), and a seat taken at a shared keyboard ("Dee
playing Aria now — what's Aria's AC?": table talk, not a song)."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace

from app.understanding.clauses import asked_first, meanwhile
from app.understanding.intent import Intent, Reading
from app.world.state import GameState
from rules.srd import srd

_HESITATION = re.compile(r"^\W*(?:hmm+|um+|uh+|erm+|so|ok|okay|well|decisions)\b", re.IGNORECASE)
_EITHER = re.compile(
    r"^\W*(?:(?:hmm+|um+|uh+|erm+|so|ok|okay|well|decisions(?: decisions)?)\W+)*"
    r"(\w+(?:\s+\w+){0,2}?)\s+or\s+(\w+(?:\s+\w+){0,2}?)\W*$",
    re.IGNORECASE,
)
_DEEDS = frozenset({"cast", "attack", "challenge"})
"""Deeds an answer ("1", "the second") can pick whole: what they are done to is all they
need (a dodge or a potion would need more than a kind and a target)."""


_SEATED = re.compile(
    r"^\W*(?:[a-z]+\s+)?(?:(?:is|i'm|im|i am|now)\s+)?(?:playing|switching to|swapping to|"
    r"taking over|back to)\s+(?:as\s+)?([a-z]+)(?:\s+now)?\s*(?:[,.!:;]|\s[-—–])\s*(?=\S)",
    re.IGNORECASE,
)


def first_look(
    text: str, state: GameState, read: Callable[[str], Intent], read_line: Callable[[str], Intent]
) -> Intent | None:
    """The line read for what it says first, or ``None`` to read it as usual. ``read``
    reads one clause; ``read_line`` a whole line."""
    asked = asked_first(text)
    if asked is not None:  # "before we go down — Berta, anything down there …?": asked
        return replace(read_line(asked), text=text)
    seated = _SEATED.match(text)
    names = {m.name.split()[0].lower() for m in state.party.values()}
    deed = meanwhile(text, frozenset(names))
    if deed is not None:  # "while they fiddle with the lock I ask Berta for a pint"
        return replace(read_line(deed), text=text)
    if seated is not None and seated.group(1).lower() in names:  # "Dee playing Aria now — …"
        return replace(read_line(text[seated.end() :]), text=text)
    return torn(text, state, read)


def torn(text: str, state: GameState, read: Callable[[str], Intent]) -> Intent | None:
    """Two deeds, each a few words, set side by side with "or": both offered back."""
    match = _EITHER.match(text)
    if match is None:
        return None
    weighed = text.rstrip().endswith("?") or _HESITATION.match(text) is not None
    if not weighed and (len(match.group(1).split()) > 2 or len(match.group(2).split()) > 2):
        return None  # ("pick the lock or we force it": said, not weighed)
    options = [_sure(read(match.group(1))), _sure(read(match.group(2)))]
    if any(o.kind not in _DEEDS or o.then or o.confidence < 0.7 for o in options):
        return None
    first, second = options
    if (first.kind, first.spell, first.action, first.targets) == (
        second.kind, second.spell, second.action, second.targets,
    ):  # fmt: skip
        return None
    offered = tuple(_reading(o, state) for o in options)
    return Intent(kind="ask", text=text, actor=first.actor, confidence=0.4, alternatives=offered)


def _sure(option: Intent) -> Intent:
    """An option said in one word that the game offers one deed for ("sneak": sneak past
    the goblins) is that deed."""
    offered = option.alternatives
    if option.kind != "ask" or len(offered) != 1 or offered[0].kind not in _DEEDS:
        return option
    only = offered[0]
    targets = (only.target,) if only.target else ()
    return replace(option, kind=only.kind, targets=targets, spell=only.spell, confidence=0.8,
                   alternatives=())  # fmt: skip


def _reading(option: Intent, state: GameState) -> Reading:
    """How an option is offered back ("cast Sleep", "attack Goblin 2", "sneak past")."""
    target = option.target
    if option.kind == "cast" and option.spell:
        spell = srd().spells.get(option.spell)
        label = f"cast {spell.name if spell else option.spell.replace('_', ' ')}"
        if target and re.search(r"\b(?:at|on)\b", option.text):  # (aimed as said)
            label += f" at {state.name_of(target)}"
        return Reading("cast", target, label, option.spell)
    campaign = state.campaign
    if option.kind == "challenge" and target and campaign and target in campaign.challenges:
        return Reading("challenge", target, campaign.challenges[target].name)
    if option.kind == "attack" and target:
        whom = state.name_of(target) if target in state.creatures else "them"
        return Reading("attack", target, f"attack {whom}")  # ("them": the guards, unwoken)
    return Reading(option.kind, target, option.text.strip(" ?!.,").lower())  # ("stab")
