"""What players type, understood once for every front end: ``Name: action`` lines, the
default actor, and the slash commands that do not need a screen (pass, join, leave, roll,
save, end turn). The console and the full-screen game both call these, so a command
behaves the same wherever it is typed.
"""

from __future__ import annotations

import errno
from dataclasses import replace
from datetime import datetime
from pathlib import Path

from app.dm.safety import keep_veils, veil_text, veil_words
from app.saves import SaveError
from app.session import hotseat, presence
from app.session.asides import answer_out_of_turn
from app.session.dmswitch import dm_command
from app.session.hygiene import clean_name, strip_controls
from app.session.naming import resolve_character
from app.session.reply import Reply
from app.session.session import GameSession
from app.session.spending import usage_lines
from app.session.storyview import StorySearch
from app.understanding.takingback import HINT as TAKING_BACK_HINT
from app.understanding.takingback import asks_to_take_back
from app.world import view
from app.world.actions import PlayerAction
from app.world.companions import ally_named
from app.world.state import GameState
from app.world.turnorder import Reason
from app.world.turnrecord import TurnRecord
from rules.dice import RollResult, roll

COMMANDS: list[tuple[str, str]] = [
    ("Name: action", "act as a character, e.g.  Mira: I pick the lock on the trapdoor"),
    ("action", "act as the character you played last, or whoever is up"),
    ("/status", "whose turn it is, and everyone's hit points"),
    ("/prompt", "the exact messages last sent to the DM"),
    ("/usage", "tokens the DM spent: last turn, average, this game, estimated cost"),
    ("/roll FORMULA", "roll dice yourself (recorded for the DM)"),
    ("/retry", "run the turn again after an error"),
    ("/dm [offline|ai]", "which DM plays; switch to the offline referee, or back to the AI DM"),
    ("/undo", "take back the last turn, dice and all (the others at the table agree)"),
    ("/redo [all]", "bring back one /undo (all: every one, and /rewind), until a new turn"),
    ("/rewind [N]", "go back to before turn N (no N: choose the turn from the story)"),
    ("/reroll", "tell the last turn again: the same dice and results, in other words"),
    ("/end", "end your turn: pass in exploration, hold in a fight"),
    ("/pass [PLAYER]", "end your turn without acting (hotseat)"),
    ("/join NAME ids", "a player joins, taking characters, e.g. /join Ana mira"),
    ("/leave NAME [TO]", "a player leaves; their characters go to TO or the DM"),
    ("/away [NAME]", "step away from the table: your turns are skipped"),
    ("/back [NAME]", "back at the table"),
    ("/turns", "the turn log: who had each turn, how long, why it ended"),
    ("/save [NAME]", "save the game (it also saves itself after every turn)"),
    (
        "/story [all|WORDS]",
        "the story: every turn with its rolls, searchable (console: the newest)",
    ),
    ("/sheet [NAME]", "a character's sheet: scores, skills, spells, gear (yours if no name)"),
    ("/journal", "goals, who carries what, what the party knows, people met, places"),
    ("/people", "everyone met: how each feels about the party, and why it last changed"),
    ("/veil [TOPIC]", "keep a topic out of the story, at once (no topic: list lines, veils)"),
    ("/unveil TOPIC", "lift a veil the table added"),
    ("/levelup [NAME …]", "take a level experience allows: /levelup Thorin roll str+2"),
    ("/quit", "save and leave"),
]
"""Usage and meaning of everything a player can type, for the help screens."""

dm = dm_command
"""``/dm [offline|ai]``: which DM plays, and switching it (:mod:`app.session.dmswitch`)."""

END_TURN_TEXT = "I end my turn."
"""What a character 'says' when its player ends a combat turn without acting."""


def help_text() -> str:
    """The command list as aligned plain text."""
    width = max(len(usage) for usage, _ in COMMANDS) + 2
    return "\n".join(f"{usage:<{width}}{meaning}" for usage, meaning in COMMANDS)


def actors(session: GameSession) -> list[str]:
    """Characters that may declare an action right now, in party order: the current
    combatant in a fight, the allowed ones under a restriction, else those of the player
    whose turn it is. Front ends use the first as the default actor."""
    state = session.state
    allowed = []
    for cid in state.party:
        probe = PlayerAction(character_id=cid, text="?", player=state.controller_of(cid) or "")
        if session.gate.can_act(state, probe) is None:
            allowed.append(cid)
    queued = {a.character_id for a in session.pending}
    # characters still waiting to act come first
    return [c for c in allowed if c not in queued] + [c for c in allowed if c in queued]


_NOT_NAMES = frozenset({"i", "we", "me", "note", "ooc", "dm", "ps", "also", "then", "and", "so"})
"""First words before a colon that are not someone's name ("I say: run!")."""


def _looks_like_a_name(prefix: str) -> bool:
    """``Gandalf`` or ``Old Tom`` before a colon: a speaker, not the start of a sentence."""
    words = prefix.split()
    if not 1 <= len(words) <= 2 or words[0].lower() in _NOT_NAMES:
        return False
    if not all(w.replace("'", "").replace("-", "").isalpha() for w in words):
        return False
    return len(words) == 1 or all(w[:1].isupper() for w in words)


def _someone_here(session: GameSession, name: str) -> bool:
    """The name is a person present ("Berta: where is Tam?" speaks to her)."""
    campaign = session.state.campaign
    if campaign is None:
        return False
    key = name.strip().lower()
    for npc_id in view.npcs_here(session.state, campaign):
        npc = campaign.npcs[npc_id]
        if key in (npc.name.lower(), *(a.lower() for a in npc.aliases)):
            return True
    return False


def default_actor(session: GameSession, current: str | None) -> str | None:
    """Who a bare action (no ``Name:``) is for: the character played last if it may still
    act, else the first character of the player whose turn it is — so on Ben's turn a bare
    line acts for Ben's character, never for the one Ana played before."""
    state = session.state
    acts = actors(session)
    up = hotseat.active_player(state) if state.encounter is None and state.players else None
    mine = [c for c in acts if state.controller_of(c) == up] if up else []
    choices = mine or acts
    if current in choices:
        return current
    return choices[0] if choices else None


def declare(session: GameSession, line: str, current: str | None) -> tuple[Reply, str | None]:
    """Queue an action from ``Name: action``, or from a bare action for ``current``.

    Returns the reply and the character who acted (``None`` if nothing was queued). The
    turn timer has its say first: a player who took too long has passed — in a fight,
    their character's turn has ended and the line is not sent. What the reply shows is
    veiled as the story is: the line as the story pane echoes it (word by word: another
    player may have veiled what this one typed), and an answer or refusal (by sentence).
    """
    reply, character = _declare(session, line, current)
    topics = session.safety_topics()
    if not topics:
        return reply, character
    shown = replace(
        reply,
        text=veil_text(reply.text, topics),
        notice=veil_text(reply.notice, topics),
        action=veil_words(reply.action, topics),
    )
    return shown, character


def _declare(session: GameSession, line: str, current: str | None) -> tuple[Reply, str | None]:
    late = keep_time(session)
    fight = session.state.encounter
    if fight is not None and any(
        a.character_id == fight.current.id and a.text == END_TURN_TEXT for a in session.pending
    ):  # the turn was ended (by its player, or the clock): a late line changes nothing
        ended = late or f"{fight.current.name}'s turn has ended."
        return Reply(f"{ended} The line was not sent.", False), None
    name, sep, text = line.partition(":")
    character = resolve_character(session, name) if sep else None
    state = session.state
    ally = ally_named(state, name) if character is None and sep else None
    if ally is not None:  # a companion who fights beside the party is the DM's to play
        names = ", ".join(s.name for s in state.party.values())
        return Reply(f"{ally.name} is with the DM, who plays them for the party: say what "
                     f"your own characters do ({names}).", False), None  # fmt: skip
    if character is None and sep and _looks_like_a_name(name) and not _someone_here(session, name):
        names = ", ".join(s.name for s in state.party.values())
        return Reply(f"{name.strip()} is not in the party. The party: {names}.", False), None
    typist = state.controller_of(current) if current else None
    owner = state.controller_of(character) if character else None
    if character is not None and len(state.players) > 1 and typist and owner != typist:
        answer = answer_out_of_turn(session, character, text.strip())
        if answer is not None:  # a question costs nobody's turn, whoever asks it
            return Reply(answer, True, late, text.strip(), aside=True), None
        who = state.name_of(character)
        mine = " and ".join(state.name_of(c) for c in state.players.get(typist, []))
        reason = f"{who} is {owner}'s — it is your turn, {typist} (you play {mine})."
        return Reply(reason, False), None
    if character is None:
        character, text = current, line
    if character is None:
        names = ", ".join(s.name for s in session.state.party.values())
        ask = f"Who acts? Start with a name, e.g. 'Mira: I look around' ({names})."
        return Reply(ask, False), None
    if not text.strip():
        return Reply(f"What does {session.state.name_of(character)} do?", False), None
    if asks_to_take_back(text, language_of(session.state)):  # for the table, not the DM
        return Reply(TAKING_BACK_HINT, False), None
    owner = session.state.controller_of(character) or ""
    if len(session.state.players) > 1 and session.state.encounter is None:
        # At a shared table, a question the game can answer is answered at once: it must
        # not take the asker's place in the round and wait for everyone else's line.
        answer = answer_out_of_turn(session, character, text.strip())
        if answer is not None:
            return Reply(answer, True, late, text.strip(), aside=True), None
    outcome = session.submit(PlayerAction(character_id=character, text=text.strip(), player=owner))
    if not outcome:
        answer = answer_out_of_turn(session, character, text.strip())
        if answer is not None:
            return Reply(answer, True, late, text.strip(), aside=True), None
        return Reply(getattr(outcome, "reason", "refused"), False, late), None
    _fight_turn_taken(session, character, "TURN_COMPLETE")
    return Reply(getattr(outcome, "detail", ""), True, late, text.strip()), character


def language_of(state: GameState) -> str | None:
    """The campaign's language (how players' lines are read)."""
    campaign = state.campaign
    return campaign.campaign.language if campaign is not None else None


def _fight_turn_taken(session: GameSession, character: str, reason: Reason) -> None:
    """In a fight, a player's character acted or held on its own turn: the turn log
    records it with how long the player took (exploration logs its own turns)."""
    state = session.state
    fight = state.encounter
    player = state.controller_of(character)
    if fight is not None and player is not None and fight.current.id == character:
        hotseat.fight_clock(state)  # the clock is on this turn (it restarts if it was not)
        hotseat.log(state, player, reason, seconds=hotseat.elapsed(state))


def keep_time(session: GameSession, now: datetime | None = None) -> str:
    """The table's clock, checked by the front ends every moment they can: a player out of
    time passes (in exploration) or their character's turn ends (in a fight, through the
    same path as the end-turn key), and a fight turn whose player is away passes. Returns
    what the table is told (empty when nothing happened); a fight turn ended here is
    queued for the DM."""
    state = session.state
    if state.encounter is None:
        late = hotseat.check_timer(state, now)
        return f"{late}'s time ran out — they pass." if late else ""
    if session.busy or state.ending:
        return ""
    ran_out = hotseat.fight_clock(state, now)
    cid = state.encounter.current.id
    player = state.controller_of(cid) if cid in state.party else None
    if player is None or any(a.character_id == cid for a in session.pending):
        return ""
    name = state.name_of(cid)
    if player in state.turn_order.away and hotseat.able_players(state):
        # someone is at the table: the fight goes on without the absent player (with
        # everyone away it waits instead of playing itself)
        reason: Reason = "SKIPPED"
        said = f"{player} is away — {name}'s turn passes."
    elif ran_out:
        reason = "TIMEOUT"
        said = f"{player}'s time ran out — {name}'s turn ends."
    else:
        return ""
    if not session.submit(PlayerAction(character_id=cid, text=END_TURN_TEXT, player=player)):
        return ""
    spent = hotseat.elapsed(state, now) if reason == "TIMEOUT" else None
    hotseat.log(state, player, reason, now, seconds=spent)
    return said


def away(session: GameSession, rest: str, default: str | None) -> Reply:
    """``/away [NAME]``: a player steps away (default: ``default``, the player at the
    keyboard or up)."""
    name = clean_name(strip_controls(rest)) or default or ""
    if not name:
        return Reply("Who steps away? e.g. /away Ben", False)
    outcome = presence.step_away(session.state, name)
    return Reply(getattr(outcome, "detail", "") or getattr(outcome, "reason", ""), bool(outcome))


def back(session: GameSession, rest: str) -> Reply:
    """``/back [NAME]``: an away player is back (no name: the only one away)."""
    outcome = presence.come_back(session.state, clean_name(strip_controls(rest)))
    return Reply(getattr(outcome, "detail", "") or getattr(outcome, "reason", ""), bool(outcome))


def turn_mark(session: GameSession) -> tuple[object, ...]:
    """What a save must keep of the turn order right away: when this changes between two
    moments, a turn changed hands (a declaration, a pass, a join …) and the game is saved
    at once, so a crash loses nothing a player did."""
    state = session.state
    order = state.turn_order
    return (
        tuple((a.character_id, a.text) for a in state.pending),
        order.active,
        tuple(order.acted),
        tuple(order.away),
        len(order.history),
        order.history[-1] if order.history else None,
        tuple((p, tuple(ids)) for p, ids in state.players.items()),
        tuple(order.companions),
    )


def end_turn(session: GameSession, character: str | None) -> Reply:
    """The end-turn key: in a fight the current character holds (the DM ends its turn);
    otherwise the active player passes for this round."""
    encounter = session.state.encounter
    if encounter is not None:
        cid = encounter.current.id
        if cid not in session.state.party:
            return Reply(f"It is {encounter.current.name}'s turn, not yours.", False)
        owner = session.state.controller_of(cid) or ""
        outcome = session.submit(PlayerAction(character_id=cid, text=END_TURN_TEXT, player=owner))
        if not outcome:
            return Reply(getattr(outcome, "reason", "refused"), False)
        _fight_turn_taken(session, cid, "PASSED")
        return Reply(f"{session.state.name_of(cid)} ends the turn.")
    player = hotseat.active_player(session.state)
    if player is None and character is not None:
        player = session.state.controller_of(character)
    return pass_turn(session, player or "")


def pass_turn(session: GameSession, player: str) -> Reply:
    """``/pass [PLAYER]``: the player (default: whoever is up) declares nothing this round.
    In a fight the round follows initiative, not the seating: passing ends the turn of the
    character who is up, as the end-turn key does — only for the player who plays it."""
    encounter = session.state.encounter
    if encounter is not None:
        cid = encounter.current.id
        owner = session.state.controller_of(cid) if cid in session.state.party else None
        named = player.strip()
        if owner is not None and named and named != owner:
            return Reply(f"It is {encounter.current.name}'s turn ({owner} plays them), "
                         f"not {named}'s.", False)  # fmt: skip
        return end_turn(session, cid if owner is not None else None)
    who = player.strip() or hotseat.active_player(session.state) or ""
    outcome = session.pass_turn(who)
    return Reply(getattr(outcome, "detail", "") or getattr(outcome, "reason", ""), bool(outcome))


def join(session: GameSession, rest: str) -> Reply:
    """``/join NAME ids``: a player sits down and takes characters."""
    name, _, ids = strip_controls(rest).strip().partition(" ")
    name = clean_name(name)
    chars = [c.strip() for c in ids.replace(",", " ").split() if c.strip()]
    resolved = [resolve_character(session, c) or c for c in chars]
    outcome = hotseat.add_player(session.state, name, resolved)
    if outcome:  # the DM hears who sits at the table now
        session.state.record("players", getattr(outcome, "detail", ""), who=name)
    return Reply(getattr(outcome, "detail", "") or getattr(outcome, "reason", ""), bool(outcome))


def leave(session: GameSession, rest: str) -> Reply:
    """``/leave NAME [TO]``: a player gets up; their characters go to TO or the DM."""
    parts = [clean_name(p) for p in strip_controls(rest).split()]
    if not parts:
        return Reply("Who leaves? e.g. /leave Ana Ben", False)
    to = parts[1] if len(parts) > 1 else None
    outcome = hotseat.remove_player(session.state, parts[0], to)
    if outcome:
        session.state.record("players", getattr(outcome, "detail", ""), who=parts[0])
    return Reply(getattr(outcome, "detail", "") or getattr(outcome, "reason", ""), bool(outcome))


def roll_for_table(session: GameSession, formula: str) -> RollResult:
    """``/roll``: a player's own roll, from the game's RNG (so replays stay exact) and
    recorded for the DM. Raises :class:`DiceError` on a bad formula."""
    result = roll(formula.strip() or "1d20", session.state.rng)
    session.state.record(
        "roll", f"a player rolled {result.plain()}", formula=result.expression, total=result.total
    )
    return result


def usage_text(session: GameSession) -> str:
    """``/usage``: the DM's tokens (last turn, average per turn, game total) and the
    estimated cost at the prices set — or that the offline referee spends none."""
    return "\n".join(usage_lines(session.state, session.brain, session.budget))


STORY_SHOWN = 20
"""Turns ``/story`` prints at the console unless asked for all (a long game's story is
megabytes: the newest turns come first to mind, the rest are a search or an export away)."""


def _turn_text(record: TurnRecord) -> str:
    lines = [f"Turn {record.number}"]
    lines += [f"  {action}" for action in record.actions if action != "(no player action)"]
    if record.narrative:
        lines.append(record.narrative)
    return "\n".join(lines)


def story_text(session: GameSession, rest: str = "") -> str:
    """``/story``: the newest turns — what the characters did and what the DM said — and the
    ending, if one was reached; ``/story all`` every turn, ``/story WORDS`` the turns that
    hold every word."""
    state = session.state
    story = state.history
    query = rest.strip()
    parts = [state.title or state.campaign_id]
    if query.lower() == "all" or (not query and len(story) <= STORY_SHOWN):
        shown = range(len(story))
    elif query:
        search = StorySearch(story)
        shown = range(0)
        found = search.matches(query)
        parts.append(
            f"{len(found)} turn(s) hold “{query}”." if found else f"No turn holds “{query}”."
        )
        parts += [_turn_text(story[i]) for i in found]
    else:
        shown = range(len(story) - STORY_SHOWN, len(story))
        parts.append(
            f"The last {STORY_SHOWN} of {len(story)} turns (/story all for every one, "
            "/story WORDS for the turns that hold them)."
        )
    parts += [_turn_text(story[i]) for i in shown]
    if not story:
        parts.append("Nothing has happened yet.")
    if state.ending:
        parts.append(session.ended())
    return "\n\n".join(parts)


_PLAIN = {
    errno.EEXIST: "a file is in the way where the folder should be",
    errno.ENOTDIR: "part of that path is a file, not a folder",
    errno.EROFS: "the disk is read-only",
    errno.EACCES: "permission denied",
}
"""System reasons a player meets when saving, said plainly."""


# Safety tools: any player, any time, no reason asked (app.dm.safety filters the story).
MOST_VEILS = 100


def _topic(rest: str) -> str:
    return " ".join(strip_controls(rest).split())


def safety_text(session: GameSession) -> str:
    """``/veil`` alone: the lines and veils kept out of this game's story, and whose."""
    keep_veils(session.state, getattr(session.context, "veils", []))
    campaign = session.state.campaign
    own = getattr(session.context, "safety", None)
    rows = []
    if campaign is not None:
        rows += [f"  line: {t} (the adventure's)" for t in campaign.safety.lines]
        rows += [f"  veil: {t} (the adventure's)" for t in campaign.safety.veils]
    if own is not None:
        rows += [f"  line: {t} (your config)" for t in own.lines]
        rows += [f"  veil: {t} (your config)" for t in own.veils]
    rows += [f"  veil: {t} (this table; /unveil {t} lifts it)" for t in session.state.truth.veils]
    lines = ["Kept out of the story:", *rows] if rows else ["Nothing is veiled."]
    lines.append("/veil TOPIC keeps a topic out of the story at once; nobody needs a reason.")
    problem = getattr(session.context, "safety_error", "")
    if problem:
        lines.append(f"Your config's safety settings could not be read: {problem}")
    return "\n".join(lines)


def veil(session: GameSession, rest: str) -> Reply:
    """``/veil TOPIC``: the topic is kept out of the story from the next word on."""
    topic = _topic(rest)
    if not topic:
        return Reply(safety_text(session))
    if not 2 <= len(topic) <= 60:
        return Reply("A veil is a word or phrase of 2 to 60 characters.", ok=False)
    veils = session.state.truth.veils
    kept: list[str] = getattr(session.context, "veils", [])
    if topic.lower() in (t.lower() for t in veils):
        return Reply(f"“{topic}” is already veiled.")
    if len(veils) >= MOST_VEILS:
        return Reply(f"This table has {MOST_VEILS} veils: /unveil one first.", ok=False)
    veils.append(topic)
    kept.append(topic)
    return Reply(f"Veiled: “{topic}” stays off-screen from now on.")


def unveil(session: GameSession, rest: str) -> Reply:
    """``/unveil TOPIC``: lift a veil the table added (the adventure's and the config's
    stay)."""
    topic = _topic(rest).lower()
    if not topic:
        return Reply("Which veil? /veil lists them.", ok=False)
    veils = session.state.truth.veils
    found = next((t for t in veils if t.lower() == topic), None)
    if found is None:
        return Reply(f"“{_topic(rest)}” is not a veil this table added (/veil lists them).",
                     ok=False)  # fmt: skip
    veils.remove(found)
    kept: list[str] = getattr(session.context, "veils", [])
    for same in [t for t in kept if t.lower() == topic]:
        kept.remove(same)
    return Reply(f"Unveiled: “{found}”.")


def save_failure(error: Exception, folder: Path) -> str:
    """A failed save in a player's words: the folder and the system's reason, never a
    temporary file's name or an errno."""
    if isinstance(error, OSError) and not isinstance(error, SaveError):
        reason = _PLAIN.get(error.errno or 0) or (error.strerror or str(error)).lower()
        return f"Could not save the game in {folder} ({reason})."
    text = str(error)
    return f"Could not save the game: {text[:1].lower()}{text[1:]}"


__all__ = [
    "COMMANDS",
    "END_TURN_TEXT",
    "actors",
    "away",
    "back",
    "declare",
    "default_actor",
    "end_turn",
    "help_text",
    "join",
    "keep_time",
    "leave",
    "pass_turn",
    "roll_for_table",
    "safety_text",
    "save_failure",
    "story_text",
    "turn_mark",
    "unveil",
    "usage_text",
    "veil",
]
