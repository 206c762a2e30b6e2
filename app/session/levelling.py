"""``/levelup``: what players type to take a level their experience allows.

``/levelup`` alone lists who can level and what each next level offers and asks;
``/levelup Thorin roll str+2`` takes it — ``roll`` or ``average`` hit points, an Ability
Score Improvement as ``str+2`` or ``dex+1 con+1``, spells by name or id, and options such as
``fighting_style=defense``. The console and the full-screen game's dialog both end here, so
a level is taken the same way wherever it is.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Literal

from app.actions.advancement_tools import advancement, ready, take_level, why_not
from app.actions.events import SessionEvent
from app.actions.registry import ToolError
from app.session.naming import resolve_character
from app.session.session import GameSession
from rules.abilities import Ability
from rules.advancement import LevelUp, LevelUpPlan, plan_level_up
from rules.classes import class_spec
from rules.outcomes import Impossible
from rules.srd import srd

_ASI = re.compile(r"^([a-z]+)\+([12])$")
_CHOICE = re.compile(r"^([a-z_]+)=([a-z0-9_-]+)$")


@dataclass
class LevelRequest:
    """A parsed ``/levelup`` line."""

    character: str | None = None
    hp: Literal["roll", "average"] | None = None
    asi: dict[Ability, int] = field(default_factory=dict)
    spells: list[str] = field(default_factory=list)
    choices: dict[str, str] = field(default_factory=dict)
    problem: str = ""


def _spell(words: list[str]) -> tuple[str, int] | None:
    """The longest run of words at the start of ``words`` that names a spell: its id and
    how many words it took (``magic missile`` is two)."""
    for size in range(min(4, len(words)), 0, -1):
        name = " ".join(words[:size])
        try:
            found = srd().spells.get(name)
        except KeyError:
            continue
        return next(k for k, v in srd().spells.entries.items() if v is found), size
    return None


def parse_request(session: GameSession, text: str) -> LevelRequest:
    """Read ``[NAME] [roll|average] [str+2 …] [spells …] [key=value …]``."""
    request = LevelRequest()
    words = text.replace(",", " ").lower().split()
    while words:
        word = words[0]
        asi, choice = _ASI.match(word), _CHOICE.match(word)
        if word in ("roll", "rolled"):
            request.hp, words = "roll", words[1:]
        elif word in ("average", "avg", "fixed"):
            request.hp, words = "average", words[1:]
        elif asi:
            try:
                ability = Ability.parse(asi.group(1))
            except ValueError as error:
                request.problem = str(error)
                return request
            request.asi[ability] = request.asi.get(ability, 0) + int(asi.group(2))
            words = words[1:]
        elif choice:
            request.choices[choice.group(1)] = choice.group(2)
            words = words[1:]
        elif request.character is None and resolve_character(session, word) is not None:
            request.character, words = resolve_character(session, word), words[1:]
        else:
            spell = _spell(words)
            if spell is None:
                request.problem = f"{word!r} is not a character, a choice or a spell"
                return request
            request.spells.append(spell[0])
            words = words[spell[1] :]
    return request


def _best_score(plan: LevelUpPlan) -> str:
    """The ability an example ASI raises: the class's casting ability, or its first save."""
    spec = class_spec(plan.class_name)
    if spec is None:
        return "str"
    return (spec.spellcasting_ability or spec.saving_throws[0]).value


def offer_text(plan: LevelUpPlan) -> str:
    """What the next level offers and asks, and how to take it."""
    lines = [
        f"{plan.name} can reach level {plan.new_level} ({plan.class_name}): hit points "
        f"d{plan.hit_die}{plan.con_modifier:+d} rolled, or {plan.average_hp} taken as the average."
    ]
    if plan.features:
        lines.append("  Gains: " + ", ".join(f.replace("_", " ") for f in plan.features) + ".")
    if plan.asi:
        lines.append(
            "  Ability Score Improvement: +2 to one score or +1 to two (str+2, dex+1 con+1)."
        )
    if plan.cantrips or plan.spells:
        learn = []
        if plan.cantrips:
            learn.append(f"{plan.cantrips} cantrip(s)")
        if plan.spells:
            learn.append(f"{plan.spells} spell(s)")
        names = ", ".join(name for _, name in plan.choices) or "none in the game's list"
        lines.append(f"  Learns {' and '.join(learn)} from: {names}.")
    example = f" {_best_score(plan)}+2" if plan.asi else ""
    levels = [(name, srd().spells.get(sid).level) for sid, name in plan.choices]
    picks = [n for n, lv in levels if lv == 0][: plan.cantrips]  # every choice made
    picks += [n for n, lv in sorted(levels, key=lambda c: -c[1]) if lv > 0][: plan.spells]
    if picks:
        example += " " + ", ".join(name.lower() for name in picks)
    lines.append(f"  Type: /levelup {plan.name} roll{example}  (or average)")
    return "\n".join(lines)


def nobody(session: GameSession) -> str:
    """Why nobody can take a level: not yet, or never in this adventure."""
    if advancement(session.state) == "none":
        return "This adventure does not level its characters: they stay as they are made."
    return "Nobody can level up yet: experience brings new levels."


@dataclass(frozen=True)
class LevelReply:
    """What ``/levelup`` answers: text for the player, the level taken (if one was), and the
    events to show (the hit-point roll for the dice log)."""

    text: str
    ok: bool
    result: LevelUp | None = None
    events: list[SessionEvent] = field(default_factory=list)


def level_up_command(session: GameSession, text: str) -> LevelReply:
    """``/levelup [NAME] [roll|average] [ASI] [spells] [choices]``."""
    state = session.state
    request = parse_request(session, text)
    if request.problem:
        return LevelReply(request.problem, False)
    waiting = ready(state)
    if request.character is None:
        if not waiting:
            return LevelReply(nobody(session), False)
        if len(waiting) > 1 or request.hp is None:
            offers = [plan_level_up(state.party[cid]) for cid in waiting]
            return LevelReply(
                "\n".join(offer_text(p) for p in offers if not isinstance(p, Impossible)), True
            )
        request.character = waiting[0]
    cid = request.character
    if request.hp is None:
        plan = plan_level_up(state.party[cid])
        if isinstance(plan, Impossible):
            return LevelReply(plan.reason, False)
        problem = why_not(state, cid)
        if problem:
            return LevelReply(problem, False)
        return LevelReply(offer_text(plan), True)
    try:
        result, events = take_level(
            state, cid, hp=request.hp, asi=request.asi, spells=request.spells,
            choices=request.choices,
        )  # fmt: skip
    except ToolError as error:
        return LevelReply(str(error), False)
    session.keep_change()
    return LevelReply(result.summary(), True, result, events)


def take(
    session: GameSession,
    character_id: str,
    *,
    hp: Literal["roll", "average"],
    asi: dict[Ability, int],
    spells: list[str],
) -> LevelReply:
    """Take the level as chosen in a dialog; a refusal changes nothing."""
    try:
        result, events = take_level(session.state, character_id, hp=hp, asi=asi, spells=spells)
    except ToolError as error:
        return LevelReply(str(error), False)
    session.keep_change()
    return LevelReply(result.summary(), True, result, events)


def dialog_for(session: GameSession, text: str) -> tuple[str, LevelUpPlan] | LevelReply:
    """Whose level a dialog offers for ``/levelup [NAME]`` (the first character who can
    level, unless one is named) and its plan — or the reply that says why there is none. A
    line that already says how (``/levelup Thorin roll str+2``) is taken at once."""
    request = parse_request(session, text)
    if request.problem:
        return LevelReply(request.problem, False)
    if request.hp is not None:
        return level_up_command(session, text)
    waiting = ready(session.state)
    cid = request.character or (waiting[0] if waiting else None)
    if cid is None:
        return LevelReply(nobody(session), False)
    problem = why_not(session.state, cid)
    if problem:
        return LevelReply(problem, False)
    plan = plan_level_up(session.state.party[cid])
    if isinstance(plan, Impossible):
        return LevelReply(plan.reason, False)
    return cid, plan
