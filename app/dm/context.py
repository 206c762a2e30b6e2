"""What the DM is told each turn, kept bounded however long the game runs.

Every call carries: the standing instructions; the adventure (quest, reward, tone); the
roster with ids, key numbers and what each character carries; the scene as the players see
it now (:mod:`app.dm.briefing`, read from :mod:`app.world.view`); the DM-only notes, reveals
and flags, marked as such; the story so far as the party's journal tells it; a window of
the most recent turns; then either the start-of-sitting overview (a fight in progress in
full) or only what changed since the DM last spoke (:mod:`app.dm.deltas`; one line when
nothing did), the players' actions, how the game read them and the campaign's own text of
what they look at or act on. The whole request (tool schemas included) is kept within
:data:`CALL_BUDGET` tokens.
"""

from __future__ import annotations

from collections.abc import Sequence

from app.actions.advancement_tools import advancement
from app.actions.encounter_view import encounter_view
from app.actions.feature_tools import USES
from app.actions.monster_actions import special_moves
from app.actions.position_tools import positions_line
from app.dm import briefing, prompts, safety
from app.dm.brain import Message
from app.dm.deltas import build_deltas
from app.dm.eventcontext import event_context
from app.understanding import Intent, understand
from app.world import view
from app.world.actions import PlayerAction
from app.world.companions import travelling
from app.world.printable import printable
from app.world.standing import fallen_here, present
from app.world.state import GameState
from app.world.turnrecord import TurnRecord
from rules.advancement import effective_xp, levels_owed
from rules.character import CharacterSheet
from rules.features import feature

WINDOW_TURNS = 4
"""Recent turns sent verbatim."""
NARRATIVE_CAP = 700
"""Characters of each windowed turn's narration that are sent (the instructions ask for
under 120 words, about 700 characters)."""
CALL_BUDGET = 4000
"""Tokens one call to the DM may cost, messages and tool schemas together, at any turn."""
SUMMARY_CAP = 1600
"""Characters of rolling summary kept; the oldest lines go first."""


_clip = briefing.clip


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


def carried(sheet: CharacterSheet) -> str:
    """``; carries: healing potion, torch`` — the character's pack (empty when bare)."""
    return f"; carries: {', '.join(sheet.inventory)}" if sheet.inventory else ""


def roster(state: GameState) -> str:
    """``- thorin: Thorin (Fighter 3, 925 XP), HP 28/28, AC 18, conditions: prone;
    carries: healing potion, torch`` (conditions only when there are some)."""
    lines = ["Party (use these ids in tool calls):"]
    players = {state.controller_of(cid) for cid in state.party}
    for cid, sheet in state.party.items():
        conds = ", ".join(c.condition.value for c in sheet.conditions)
        player = state.controller_of(cid)
        # Said only at a table of several players: one player plays everyone.
        played = f", played by {player}" if player and len(players) > 1 else ""
        lines.append(
            f"- {cid}: {sheet.name} ({sheet.species + ' ' if sheet.species else ''}"
            f"{sheet.character_class} {sheet.level}{growth(state, sheet)}{played}), "
            f"HP {sheet.vitals.hp}/"
            f"{sheet.vitals.max_hp}, AC {sheet.armor_class}"
            + (f", conditions: {conds}" if conds else "")
            + usable_features(sheet)
            + carried(sheet)
        )
    allies = travelling(state)
    if allies:
        lines.append("Companions fighting beside the party (you play them, for the party):")
        for ally in allies:
            vitals = ally.vitals
            down = "" if vitals.hp else ", down"
            lines.append(f"- {ally.id}: {ally.name}, ally, HP {vitals.hp}/{vitals.max_hp}"
                         f"{down}, AC {ally.ac}")  # fmt: skip
    # the living and present only: no mark elsewhere, none dead, no companion
    here = [c for c in present(state) if c.side == "foes"]
    if here:
        lines.append("Creatures present:")
        for creature in here:
            moves = special_moves(state, creature.id)
            extra = f", {moves}" if moves else ""
            out = f", {creature.left}" if creature.left else ""
            vitals = creature.vitals
            lines.append(f"- {creature.id}: {creature.name}, HP {vitals.hp}/{vitals.max_hp}"
                         f"{out}, AC {creature.ac}{extra}")  # fmt: skip
    fallen = fallen_here(state)
    if fallen:
        lines.append("Dead here (not targets): " + ", ".join(c.name for c in fallen[:8]))
    return "\n".join(lines)


scene_line = briefing.scene_block
"""Where the party is and what the players see there (sent every call)."""

START = "Start of this sitting: the scene, the party and the journal above are as things stand."


def overview(state: GameState) -> str:
    """The first call of a sitting: the scene, the party's goods, its flags and what it
    knows are in every call already, so only a fight in progress is added, in full."""
    fight = encounter_view(state)
    return START if fight is None else f"{START}\n{fight.render()}"


def deltas(state: GameState) -> str:
    """What changed since the DM last spoke (:mod:`app.dm.deltas`), or the one line that
    says nothing did. (The scene's read-aloud text, which may depend on what changed, is in
    every call's scene block.)"""
    return build_deltas(state).render()


def format_actions(state: GameState, actions: Sequence[PlayerAction]) -> str:
    """``[Thorin (thorin)] I kick the door``, one per line."""
    return "\n".join(
        f"[{state.name_of(a.character_id)} ({a.character_id})] {a.text}" for a in actions
    )


def _display_names(state: GameState) -> dict[str, str]:
    names = {cid: s.name for cid, s in state.party.items()}
    names |= {cid: c.name for cid, c in state.creatures.items()}
    campaign = state.campaign
    names |= {k: f.name for k, f in view.features_here(state, campaign).items()}
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
        lines.append(printable(summarise(record)))  # (saved and loaded the same)
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
        quest = briefing.adventure(state)
        if quest:
            system.append(quest)
        system.append(roster(state))
        if mode == "combat" and state.encounter is not None:
            system.append(positions_line(state))  # where everyone stands, every call
        system.append(scene_line(state))
        notes = view.scene_notes(state, state.campaign)
        if notes:
            system.append(f"DM-only notes (secret) for {state.scene.name} now: {notes}")
        secret = briefing.secrets(state)
        if secret:
            system.append(secret)
        safety.keep_veils(state, self.veils)
        for extra in (
            event_context(state),
            safety.instruction(safety.topics_for(state, self.safety)),
        ):
            if extra:
                system.append(extra)
        system.append(briefing.journal_summary(state))
        messages: list[Message] = [{"role": "system", "content": "\n\n".join(system)}]
        for record in state.history[-WINDOW_TURNS:]:
            messages.append({"role": "user", "content": "\n".join(record.actions)})
            messages.append(
                {"role": "assistant", "content": _clip(record.narrative, NARRATIVE_CAP)}
            )
        body = [deltas(state)] if briefed else [overview(state)]
        if not briefed and state.changes:
            # What happened before this first call (a judgment of the players' words, a
            # trigger they set off) is news the overview of the world does not tell.
            found = build_deltas(state)
            if state.encounter is not None:  # the overview has the fight in full already
                found = found.model_copy(update={"encounter": None})
            body.append(found.render())
        self.readings = {}
        if actions:
            body.append("Players' actions:\n" + format_actions(state, actions))
            body.append(understood(state, actions, self.readings, readings))
            seen = briefing.looked_at(state, self.readings.values())
            if seen:
                body.append(seen)
        if instruction:
            body.append(instruction)
        messages.append({"role": "user", "content": "\n\n".join(body)})
        return messages

    def lines_only(
        self,
        state: GameState,
        actions: Sequence[PlayerAction],
        *,
        instruction: str = "",
        readings: Readings | None = None,
    ) -> list[Message]:
        """The one message a DM that reads the players' lines itself (the offline referee)
        is given: the actions, how the game read them, and the turn's instruction — no
        system prompt, overview or history, which only a language model reads and which
        cost more to build than the referee's whole turn. The veils are kept as in
        :meth:`build`, and the readings filled the same way."""
        safety.keep_veils(state, self.veils)
        self.readings = {}
        body = []
        if actions:
            body.append("Players' actions:\n" + format_actions(state, actions))
            body.append(understood(state, actions, self.readings, readings))
        if instruction:
            body.append(instruction)
        return [{"role": "user", "content": "\n\n".join(body)}]
