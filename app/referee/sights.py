"""Short readings of what the players can see, shared by the referee's answers: the ways
on, who is here, what the party carries and how hurt a creature looks.

They live apart from :mod:`app.referee.answers` so that both the canned answers and the
questions answered from the game (:mod:`app.referee.answering`) read them without
importing each other.
"""

from __future__ import annotations

from collections import Counter

from app.actions.conduct import SLEEP
from app.understanding.scope import living_creatures
from app.world import view
from app.world.campaign import Campaign
from app.world.mercy import at_mercy
from app.world.state import Creature, GameState
from app.world.tied import bound
from app.world.wording import the


def join_words(parts: list[str], last: str = "and") -> str:
    """``a, b and c`` (``or`` when asked)."""
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + f" {last} " + parts[-1]


def exits_text(state: GameState, campaign: Campaign) -> str:
    """ "Ways on: the trapdoor (The Inn Cellar, shut), the front door (The Old Road).\""""
    ways = []
    for way in view.exits_here(state, campaign):
        dest = campaign.scenes[way.to].name if way.to in campaign.scenes else way.name
        ways.append(f"{the(way.name)} ({dest}{'' if way.open else ', shut'})")
    return f"Ways on: {', '.join(ways)}." if ways else ""


def present_text(state: GameState, campaign: Campaign | None) -> str:
    """Who and what is here: people, creatures, things lying about."""
    parts = []
    if campaign is not None:
        people = [campaign.npcs[n].name for n in view.npcs_here(state, campaign)]
        if people:
            parts.append(f"Here: {join_words(people)}.")
        items = [campaign.items[i].name for i in view.items_here(state, campaign)]
        if items and state.encounter is None:
            parts.append(f"Lying about: {join_words(items)}.")
    mercy = at_mercy(state)  # after a fight: the prisoners and the fallen who still live
    foes = [state.creatures[c].name for c in living_creatures(state) if c not in mercy]
    if foes:
        parts.append(f"Foes: {join_words(foes)}.")
    if mercy:
        held = [f"{state.name_of(c)} ({_how_held(state.creatures[c])})" for c in mercy]
        parts.append(f"At your mercy: {join_words(held)}.")
    return " ".join(parts)


def _how_held(creature: Creature) -> str:
    """Why a foe is at the party's mercy, in a word or two."""
    if creature.left == "surrendered":
        return "surrendered"
    if bound(creature):
        return "tied up"
    return "out cold"


def counted(items: list[str]) -> str:
    """Things carried, each once, with how many of it ("2 × healing potion, torch")."""
    tally = Counter(items)
    return ", ".join(f"{n} × {item}" if n > 1 else item for item, n in tally.items())


def inventory_text(state: GameState, actor: str | None) -> str:
    """What the character carries (and the party, briefly)."""
    sheet = state.party.get(actor or "")
    if sheet is None:
        return "; ".join(f"{s.name}: {counted(s.inventory) or 'nothing'}"
                         for s in state.party.values())  # fmt: skip
    weapons = ", ".join(w.replace("_", " ") for w in sheet.weapons)
    own = counted(sheet.inventory) or "nothing else"
    others = [f"{s.name}: {counted(s.inventory) or 'nothing'}"
              for s in state.party.values() if s.id != sheet.id]  # fmt: skip
    text = f"{sheet.name} carries {own}" + (f", and wields {weapons}." if weapons else ".")
    return text + (f" ({'; '.join(others)}.)" if others else "")


def wound_word(hp: int, max_hp: int) -> str:
    """How hurt something looks: unhurt, lightly or badly wounded, barely standing."""
    ratio = hp / max(1, max_hp)
    if hp <= 0:
        return "down"
    return ("unhurt" if ratio >= 1 else "lightly wounded" if ratio > 0.5
            else "badly wounded" if ratio > 0.25 else "barely standing")  # fmt: skip


def held_word(condition: str, note: str) -> str:
    """A condition as the table says it: a spell's sleep is the rules' unconscious, told
    with how it ends ("asleep (unconscious until hurt or shaken awake)")."""
    if condition != "unconscious":
        return condition
    return "asleep (unconscious until hurt or shaken awake)" if note == SLEEP else condition


def creature_text(state: GameState, creature_id: str) -> str:
    """How a creature looks: name and how hurt it is, and whether it is out cold."""
    c = state.creatures[creature_id]
    how = wound_word(c.vitals.hp, c.vitals.max_hp)
    out = [held_word(a.condition.value, a.note) for a in c.conditions
           if a.condition.value == "unconscious"]  # fmt: skip
    return f"{c.name} is {how}{f', and {out[0]}' if out else ''}."
