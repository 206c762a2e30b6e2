"""What the DM is told each turn, kept bounded however long the game runs.

Every call carries: the standing instructions, the roster with ids and key numbers, the
DM-only notes of the current scene, a rolling summary of old turns, a window of the most
recent turns, and then either the full world overview (the first turn of a sitting, a fight
in progress in full) or only what changed since the DM last spoke (:mod:`app.dm.deltas`;
one line when nothing did) — never both — followed by the players' actions.
"""

from __future__ import annotations

from collections.abc import Sequence

from app.dm import prompts, safety
from app.dm.brain import Message
from app.dm.deltas import build_deltas
from app.dm.eventcontext import event_context
from app.dm.tools.advancement_tools import advancement
from app.dm.tools.encounter_view import encounter_view
from app.dm.tools.feature_tools import USES
from app.dm.tools.monster_actions import special_moves
from app.dm.tools.position_tools import positions_line
from app.dm.understanding import Intent, understand
from app.world import view
from app.world.actions import PlayerAction
from app.world.state import GameState, TurnRecord
from rules.advancement import effective_xp, levels_owed
from rules.character import CharacterSheet
from rules.features import feature

WINDOW_TURNS = 6
"""Recent turns sent verbatim."""
NARRATIVE_CAP = 1200
"""Characters of each windowed turn's narration that are sent."""
SUMMARY_CAP = 1600
"""Characters of rolling summary kept; the oldest lines go first."""


def _clip(text: str, cap: int) -> str:
    text = " ".join(text.split())
    return text if len(text) <= cap else text[: cap - 1].rstrip() + "…"


def usable_features(sheet: CharacterSheet) -> str:
    """``, use_feature: second_wind (1 left), cunning_action`` — the features the DM may
    use for this character, with uses left where they are limited; empty when none."""
    found = []
    for fid in sheet.all_features:
        if fid in USES:
            spec = feature(fid)
            limited = spec is not None and (spec.limited or spec.pool)
            found.append(f"{fid} ({sheet.uses_left(fid)} left)" if limited else fid)
    return f", use_feature: {', '.join(found)}" if found else ""


def growth(state: GameState, sheet: CharacterSheet) -> str:
    """``, 925 XP`` in a campaign that levels by XP, and ``, level 4 ready`` once the next
    level is the players' to take (``/levelup``): the DM knows not to award it again."""
    how = advancement(state)
    if how == "none":
        return ""
    xp = f", {effective_xp(sheet)} XP" if how == "xp" else ""
    owed = f", level {sheet.level + 1} ready" if levels_owed(sheet) > 0 else ""
    return xp + owed


def roster(state: GameState) -> str:
    """``- thorin: Thorin (Fighter 3, 925 XP), HP 28/28, AC 18, conditions: none``."""
    lines = ["Party (use these ids in tool calls):"]
    for cid, sheet in state.party.items():
        conds = ", ".join(c.condition.value for c in sheet.conditions) or "none"
        player = state.controller_of(cid)
        played = f", played by {player}" if player else ""
        lines.append(
            f"- {cid}: {sheet.name} ({sheet.species + ' ' if sheet.species else ''}"
            f"{sheet.character_class} {sheet.level}{growth(state, sheet)}{played}), "
            f"HP {sheet.vitals.hp}/"
            f"{sheet.vitals.max_hp}, AC {sheet.armor_class}, conditions: {conds}"
            + usable_features(sheet)
        )
    if state.creatures:
        lines.append("Creatures present:")
        for cid, creature in state.creatures.items():
            status = (
                "dead" if creature.vitals.state.value == "dead"
                else f"HP {creature.vitals.hp}/{creature.vitals.max_hp}"
            )  # fmt: skip
            moves = special_moves(state, cid) if status != "dead" else ""
            extra = f", {moves}" if moves else ""
            lines.append(f"- {cid}: {creature.name}, {status}, AC {creature.ac}{extra}")
    return "\n".join(lines)


def _exit(way: view.ExitView, state: GameState) -> str:
    shut = "" if way.open else f", shut: {way.locked_text}"
    if way.hidden:
        shut = ", hidden and shut: do not mention it until it opens"
    return f"{way.to} ({way.name}{shut})"


def scene_line(state: GameState) -> str:
    """Where the party is and the ways out as they stand (open or shut), sent every call
    so the DM never describes a lock that has been picked."""
    scene, campaign = state.scene, state.campaign
    ways = view.exits_here(state, campaign, secret=True)
    exits = ", ".join(_exit(w, state) for w in ways) if campaign else ", ".join(scene.exits)
    return f"Current scene: {scene.name} ({scene.id}); exits: {exits or 'none'}"


def overview(state: GameState) -> str:
    """The whole visible world: scene, exits, items carried, flags, known facts."""
    scene = state.scene
    parts = [f"Scene: {scene.name} ({scene.id})"]
    description = view.scene_description(state, state.campaign)
    if description:
        parts.append(description)
    if scene.exits:
        names = [f"{state.scenes[e].name} ({e})" if e in state.scenes else e for e in scene.exits]
        parts.append("Exits: " + ", ".join(names))
    carried = [
        f"{sheet.name}: {', '.join(sheet.inventory)}"
        for sheet in state.party.values()
        if sheet.inventory
    ]
    if carried:
        parts.append("Carried: " + "; ".join(carried))
    if state.flags:
        parts.append("Flags: " + ", ".join(f"{k}={v!r}" for k, v in sorted(state.flags.items())))
    if state.facts:
        parts.append("The players know: " + " | ".join(state.facts[-8:]))
    fight = encounter_view(state)
    if fight is not None:
        parts.append(fight.render())
    return "\n".join(parts)


def deltas(state: GameState) -> str:
    """What changed since the DM last spoke (:mod:`app.dm.deltas`), or the one line that
    says nothing did."""
    found = build_deltas(state)
    if not found.has_changes:
        return found.render()
    lines = [found.render()]
    # The read-aloud text may depend on what changed (a lock picked, foes gone): resend it.
    description = view.scene_description(state, state.campaign)
    if description:
        lines.append(f"{state.scene.name} now reads: {description}")
    return "\n".join(lines)


def format_actions(state: GameState, actions: Sequence[PlayerAction]) -> str:
    """``[Thorin (thorin)] I kick the door``, one per line."""
    return "\n".join(
        f"[{state.name_of(a.character_id)} ({a.character_id})] {a.text}" for a in actions
    )


def _display_names(state: GameState) -> dict[str, str]:
    names = {cid: s.name for cid, s in state.party.items()}
    names |= {cid: c.name for cid, c in state.creatures.items()}
    campaign = state.campaign
    if campaign is not None:
        names |= {k: v.name for k, v in campaign.npcs.items()}
        names |= {k: v.name for k, v in campaign.scenes.items()}
        names |= {k: v.name for k, v in campaign.items.items()}
        names |= {k: v.name for k, v in campaign.challenges.items()}
        names |= {k: v.name for k, v in campaign.encounters.items()}
    return names


Readings = dict[tuple[str, str], Intent]
"""How each action of a turn was read: (character id, line) -> intent."""


def read_actions(state: GameState, actions: Sequence[PlayerAction]) -> Readings:
    """How the game's own parser reads each action (the understanding stage, once a turn)."""
    return {
        (a.character_id, a.text): understand(a.text, a.character_id, state, state.campaign)
        for a in actions
    }


def understood(
    state: GameState,
    actions: Sequence[PlayerAction],
    readings: Readings | None = None,
    known: Readings | None = None,
) -> str:
    """How the game's own parser reads each action, as a hint for the DM (one short line
    each): ``Understood: Mira — question about Berta (confidence 0.9)``. Each reading is
    also put in ``readings``, for a DM that reads the lines itself (the offline referee);
    ``known`` readings (made earlier this turn) are used instead of reading a line again."""
    names = _display_names(state)
    lines = []
    for action in actions:
        key = (action.character_id, action.text)
        intent = (known or {}).get(key) or understand(
            action.text, action.character_id, state, state.campaign
        )
        if readings is not None:
            readings[(action.character_id, action.text)] = intent
        lines.append(
            f"Understood: {state.name_of(action.character_id)} — {intent.summary(names)} "
            f"(confidence {intent.confidence:.1f})"
        )
    return "\n".join(lines)


def summarise(record: TurnRecord) -> str:
    """One line for the rolling summary: the actions, then the narration's first sentence."""
    first = record.narrative.strip().split(". ")[0]
    did = "; ".join(record.actions)
    return _clip(f"Turn {record.number}: {did} → {first}", 240)


def fold_summary(state: GameState) -> None:
    """Move turns that left the window into the rolling summary (bounded)."""
    if len(state.history) <= WINDOW_TURNS:
        return
    lines = [line for line in state.summary.splitlines() if line]
    # Only the few records that just left the window are new: walk back to the last one
    # already folded, so a long game does not rescan its whole history every turn.
    fresh: list[TurnRecord] = []
    story = state.history
    for index in range(len(story) - WINDOW_TURNS - 1, -1, -1):  # by index: a loaded story
        record = story[index]  # parses a record only when it is read
        if record.number <= state.summarised_through:
            break
        fresh.append(record)
    for record in reversed(fresh):
        lines.append(summarise(record))
        state.summarised_through = record.number
    while sum(len(x) + 1 for x in lines) > SUMMARY_CAP and len(lines) > 1:
        lines.pop(0)
    state.summary = "\n".join(lines)


class ContextBuilder:
    """Builds the message list for one DM call."""

    def __init__(self) -> None:
        self.safety, self.safety_error = safety.own_safety()
        """The player's own lines and veils (config ``[safety]``), and why they could not
        be read, if they could not (``/veil`` says so)."""
        self.veils: list[str] = []
        """Topics the table veiled this sitting (kept across an undo; ``/unveil`` lifts)."""
        self.readings: Readings = {}
        """How the last built context read the players' actions (the session hands them
        to a DM that reads the lines itself, so a line is not parsed twice)."""

    def build(
        self,
        state: GameState,
        actions: Sequence[PlayerAction],
        *,
        briefed: bool,
        mode: str,
        instruction: str = "",
        readings: Readings | None = None,
    ) -> list[Message]:
        """Messages for this turn. ``briefed`` is False on the first turn of a sitting;
        ``readings`` are the actions as already read this turn (see :func:`read_actions`)."""
        system = [prompts.SYSTEM]
        if mode == "combat":
            system.append(prompts.COMBAT)
        system.append(roster(state))
        if mode == "combat" and state.encounter is not None:
            system.append(positions_line(state))  # where everyone stands, every call
        system.append(scene_line(state))
        notes = view.scene_notes(state, state.campaign)
        if notes:
            system.append(f"DM-only notes for {state.scene.name} as things stand: {notes}")
        safety.keep_veils(state, self.veils)
        for extra in (
            event_context(state),
            safety.instruction(safety.topics_for(state, self.safety)),
        ):
            if extra:
                system.append(extra)
        messages: list[Message] = [{"role": "system", "content": "\n\n".join(system)}]
        if state.summary:
            messages.append({"role": "system", "content": "Story so far:\n" + state.summary})
        for record in state.history[-WINDOW_TURNS:]:
            messages.append({"role": "user", "content": "\n".join(record.actions)})
            messages.append(
                {"role": "assistant", "content": _clip(record.narrative, NARRATIVE_CAP)}
            )
        body = [deltas(state)] if briefed else [overview(state)]
        if not briefed and state.changes:
            # What happened before this first call (a judgment of the players' words, a
            # trigger they set off) is news the overview of the world does not tell.
            body.append(deltas(state))
        self.readings = {}
        if actions:
            body.append("Players' actions:\n" + format_actions(state, actions))
            body.append(understood(state, actions, self.readings, readings))
        if instruction:
            body.append(instruction)
        messages.append({"role": "user", "content": "\n\n".join(body)})
        return messages
