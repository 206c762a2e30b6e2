"""The dice and combat log, in the players' words: every roll with its dice (dropped ones
struck through), the total against the DC or AC and the verdict; changes of hit points,
conditions, items and scenes; reactions taken or let pass; the fight starting and ending
and whose turn it is.

Entries are read off session events and never recompute a roll. :class:`TableLog` keeps
them in the game as they are made (as Rich markup), so a resumed game shows the log it had:
the entries shown live and the entries saved are the same strings.
"""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text

from app.actions.events import (
    CombatUpdate,
    DiceRoll,
    ErrorEvent,
    ReactionOffer,
    ReactionSubturn,
    ReactionWindow,
    SessionEvent,
    StateChange,
    StateTransition,
)
from app.actions.reaction_kinds import kind_of
from app.world.state import GameState

_LABELS = {
    "ability_check": "check",
    "saving_throw": "save",
    "group_check": "group check",
    "attack_roll": "attack",
    "initiative": "initiative",
    "damage": "damage",
    "roll": "roll",
}


def dice_log_entry(event: DiceRoll) -> Text:
    """A roll: who and why, then the dice (dropped ones struck through), the total against
    the DC or AC, and the verdict — crits and fumbles called out."""
    what = event.reason or _LABELS.get(event.check_type, event.check_type.replace("_", " "))
    if event.skill:
        skill = event.skill.replace("_", " ")
        if not event.reason:
            what = skill
        elif skill.lower() not in what.lower():  # "spot the sneak (Perception)" says it
            what = f"{what} ({skill})"
    head = Text()
    if event.character_name:
        head.append(event.character_name, style="bold")
        head.append(" · ")
    head.append(what, style="italic")
    if event.advantage != "normal":
        head.append(f"  {event.advantage}", style="dim")
    line = Text("  ")
    if event.auto_fail:
        line.append(event.text, style="red")
    elif event.markup:
        line.append_text(Text.from_markup(event.markup))
    else:
        line.append(event.text)
    contest = event.check_type == "contest"  # both totals are shown: the higher wins
    if event.dc is not None and not contest:
        label = "AC" if event.check_type == "attack_roll" else "DC"
        line.append(f" vs {label} {event.dc}", style="dim")
    if event.crit:  # a critical hit not of a natural 20: a 19 that crits, a sleeper struck
        label = "  NAT 20" if event.natural == 20 else "  CRIT"
        line.append(label, style="bold reverse green")
    elif event.fumble:
        line.append("  NAT 1", style="bold reverse red")
    if event.success is not None:
        won, lost = ("  ✔ wins", "  ✘ loses") if contest else ("  ✔ success", "  ✘ failure")
        line.append(won if event.success else lost,
                    style="bold green" if event.success else "bold red")  # fmt: skip
    head.append("\n")
    head.append_text(line)
    return head


_CHANGE_STYLES = {
    "hp": "yellow",
    "condition": "magenta",
    "item": "cyan",
    "scene": "bold cyan",
    "reveal": "cyan",
    "ending": "bold",
    "xp": "bold green",
    "relationship": "bold magenta",
}


def change_log_entry(event: StateChange) -> Text | None:
    """A change of the world: ``• Thorin: 12 → 5 HP``. Flags are the story's bookkeeping,
    not something that happened at the table, and how the game read a player's words (a
    judgment) is the DM's business, not the players': they get no entry. A relationship
    that moved reads ``♥ Berta trusts you more — trust 2``."""
    if event.kind in ("flag", "judgment"):
        return None
    if event.kind == "relationship":
        return Text(f"♥ {event.description}", style=_CHANGE_STYLES["relationship"])
    style = _CHANGE_STYLES.get(event.kind, "")
    if event.kind == "hp" and event.before and event.after:
        before, after = (_leading_int(t) for t in (event.before, event.after))
        if before is not None and after is not None and before != after:
            style = "green" if after > before else "red"
    return Text(f"• {event.description}", style=style)


def _leading_int(text: str) -> int | None:
    """The hit points of ``12/21 HP``."""
    head = text.split("/", 1)[0].strip()
    return int(head) if head.isdecimal() else None


def reaction_words(offer: ReactionOffer) -> str:
    """``Aria casts Shield`` / ``Aria does not cast Shield`` / ``Thorin: “I shove Mira
    clear”`` (the player's own words, for the DM)."""
    if offer.kind == "declared" and offer.declared:
        return f"{offer.reactor_name}: “{offer.declared}”"
    kind = kind_of(offer.kind)
    return f"{offer.reactor_name} {kind.taken if offer.accepted else kind.passed}"


def reaction_log_entry(event: ReactionWindow) -> Text:
    """What prompted the reaction, then each one taken (with its subturn) or let pass."""
    out = Text(f"⟲ {event.trigger}", style="bold magenta")
    for offer in event.offers:
        if offer.accepted:
            where = f" {offer.subturn}" if offer.subturn else ""
            out.append(f"\n  Reaction{where} — {reaction_words(offer)}", style="magenta")
        else:
            out.append(f"\n  {reaction_words(offer)}", style="dim")
    return out


def subturn_log_entry(event: ReactionSubturn) -> Text:
    """``⟲ 7.1 Mira: “I duck behind the table” — done: +2 AC`` (or lapsed, and why)."""
    what = f"“{event.declared}”" if event.declared else "reacts"
    if event.status == "resolving":
        return Text(f"⟲ {event.subturn} {event.reactor_name}: {what} — the DM resolves it",
                    style="magenta")  # fmt: skip
    how = f": {event.outcome}" if event.outcome else ""
    style = "magenta" if event.status == "done" else "dim"
    return Text(f"⟲ {event.subturn} {event.reactor_name}: {what} — {event.status}{how}",
                style=style)  # fmt: skip


def window_entries(state: GameState, veil: Callable[[str], str] = str) -> list[Text]:
    """While a window is open: ``⟲ Giant Rat 1 hits Aria — asking Aria`` for each open one
    (the outcome follows in the window's own entry once it closes), shown through ``veil``
    (the table's veils, as every line of the log is)."""
    out = []
    for window in state.reactions.open_windows():
        asking = f" — asking {window.asking}" if window.asking else ""
        out.append(Text(veil(f"⟲ {window.trigger}{asking}…"), style="magenta"))
    return out


def sentence(text: str) -> str:
    """Capitalised and closed with a full stop: ``the last foe fell`` → ``The last foe
    fell.``"""
    text = text.strip()
    if not text:
        return ""
    text = text[0].upper() + text[1:]
    return text if text[-1] in ".!?…'\"’”" else f"{text}."


def transition_entry(event: StateTransition) -> Text:
    """``⚔ Combat! …`` or ``The fight is over. …``"""
    if event.to == "combat":
        return Text(f"⚔ Combat! {sentence(event.reason)}".strip(), style="bold yellow")
    return Text(f"The fight is over. {sentence(event.reason)}".strip(), style="bold yellow")


def log_entry(event: SessionEvent) -> Text | None:
    """The entry an event makes in the log, if it makes one."""
    if isinstance(event, DiceRoll):
        return dice_log_entry(event)
    if isinstance(event, StateChange):
        return change_log_entry(event)
    if isinstance(event, ReactionWindow):
        return reaction_log_entry(event)
    if isinstance(event, ReactionSubturn):
        return subturn_log_entry(event)
    if isinstance(event, StateTransition):
        return transition_entry(event)
    return None


def turn_marker(round_: int, name: str) -> Text:
    """``— round 2: Thorin —``"""
    return Text(f"— round {round_}: {name} —", style="dim")


def _turn_of(state: GameState) -> tuple[int, str] | None:
    encounter = state.encounter
    return None if encounter is None else (encounter.round, encounter.current.id)


class TableLog:
    """Makes the log's entries from a game's events, in order, and keeps them in the game.

    Call :meth:`record` right after each event with the state it left behind (the round
    markers are read from it); the returned markup is what the log pane shows.
    """

    def __init__(self, state: GameState) -> None:
        self._turn = _turn_of(state)
        """The fight's (round, combatant) last announced: a resumed fight is not
        announced again."""

    def entries(self, state: GameState, event: SessionEvent) -> list[Text]:
        """The entries for one event, with a round marker when the turn moved on."""
        out = []
        entry = log_entry(event)
        if entry is not None:
            out.append(entry)
        turn = _turn_of(state)
        if turn is None or isinstance(event, ErrorEvent):
            # a failed turn is rolled back: its markers will be made again on the retry
            self._turn = turn
        elif isinstance(event, CombatUpdate) and turn != self._turn:
            self._turn = turn
            assert state.encounter is not None
            # named as the event names it (a veiled foe's name is veiled there)
            up = next((c.name for c in event.combatants if c.id == event.current_id), None)
            out.append(turn_marker(turn[0], up or state.encounter.current.name))
        return out

    def record(self, state: GameState, event: SessionEvent) -> list[str]:
        """Make the entries for an event, keep them in the game, and return them (markup)."""
        return self.keep(state, self.entries(state, event))

    def keep(self, state: GameState, entries: list[Text]) -> list[str]:
        """Keep ready-made entries (a player's own roll) in the game; returns the markup."""
        markup = [entry.markup for entry in entries]
        state.add_to_log(markup)
        return markup
