"""What a player puts before the DM, understood once for every front end: ``Name: action``
lines and bare actions for the default actor (a question asked out of turn is answered
instead of refused), and ``/roll``, a player's own roll recorded for the DM."""

from __future__ import annotations

from dataclasses import replace

from app.dm.safety import veil_text, veil_words
from app.session import hotseat
from app.session.asides import answer_aside, answer_out_of_turn
from app.session.naming import resolve_character
from app.session.parley import breaks_the_parley
from app.session.reply import Reply
from app.session.session import GameSession, describe_error
from app.session.turntaking import END_TURN_TEXT, fight_turn_taken, keep_time
from app.understanding.features import names_a_feature
from app.understanding.spells import names_a_spell
from app.understanding.takingback import HINT as TAKING_BACK_HINT
from app.understanding.takingback import asks_to_take_back
from app.world import view
from app.world.actions import PlayerAction
from app.world.companions import ally_named
from app.world.state import GameState
from rules.dice import RollResult, roll


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
    if names_a_feature(prefix) or names_a_spell(prefix):
        return False  # "Channel Divinity: Turn Undead!", "Fire Bolt: the rat"
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


def last_played(state: GameState) -> str | None:
    """The character whose line the story holds last (``Aria: look around``): who a bare
    line is for when a saved game is resumed, as it was before the game was left."""
    for record in reversed(state.history):
        for action in reversed(record.actions):
            name = action.split(": ", 1)[0]
            found = next((c for c in state.party if state.name_of(c) == name), None)
            if found is not None:
                return found
    return None


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


_EVERYONE = frozenset({"everyone", "everybody", "all", "all of us", "party", "the party", "we",
                       "us", "group", "the group"})  # fmt: skip
"""Who a line is said for when it is the whole party's ("everyone: let's go"): said by the
one at the keyboard, for the party."""


def declare(session: GameSession, line: str, current: str | None) -> tuple[Reply, str | None]:
    """Queue an action from ``Name: action``, or from a bare action for ``current``.

    Returns the reply and the character who acted (``None`` if nothing was queued). The
    turn timer has its say first: a player who took too long has passed — in a fight,
    their character's turn has ended and the line is not sent. What the reply shows is
    veiled as the story is: the line as the story pane echoes it (word by word: another
    player may have veiled what this one typed), and an answer or refusal (by sentence).
    """
    before = list(session.pending)
    try:
        reply, character = _declare(session, line, current)
    except Exception as error:  # a line the game cannot read must never take the game down
        reply, character = _unread(session, before, error)
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


def _unread(
    session: GameSession, before: list[PlayerAction], error: Exception
) -> tuple[Reply, str | None]:
    """A fault while reading a line (a bug, or a line nobody foresaw): the player is told
    plainly and keeps the line to say again. If the line had already been queued when
    the fault came, it stands and the player hears that it did."""
    queued = [a for a in session.pending if a not in before]
    if queued:
        action = queued[-1]
        name = session.state.name_of(action.character_id)
        return Reply(f"{name} will act", True, "", action.text), action.character_id
    session.pending = before
    text = (
        f"The game could not read that line ({describe_error(error)}); nothing was sent. "
        "Try saying it another way."
    )
    return Reply(text, False), None


def _declare(session: GameSession, line: str, current: str | None) -> tuple[Reply, str | None]:
    late = keep_time(session)
    fight = session.state.encounter
    if fight is not None and any(
        a.character_id == fight.current.id and a.text == END_TURN_TEXT for a in session.pending
    ):  # the turn was ended (by its player, or the clock): a late line changes nothing
        ended = late or f"{fight.current.name}'s turn has ended."
        return Reply(f"{ended} The line was not sent.", False), None
    name, sep, text = line.partition(":")
    state = session.state
    speaking = current is not None and name.strip().lower() == (
        (state.controller_of(current) or "").lower()
    )
    if sep and speaking and len(state.players) > 1 and text.strip():
        line, name, sep = text.strip(), "", ""  # "Ben: magic missile on rat 2" typed by Ben
    if sep and name.strip().lower() in _EVERYONE and text.strip():
        line, name, sep = text.strip(), "", ""  # "everyone: through the tunnel": the party's
    character = resolve_character(session, name) if sep else None
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
        whose = f"{owner}'s" if owner else "played by nobody at this table (/join takes them)"
        reason = f"{who} is {whose} — it is your turn, {typist} (you play {mine})."
        if owner and owner in state.turn_order.acted and state.encounter is None:
            # Ana, who plays Ione and Wren, said Ione's deed and the turn went on to Ben
            reason = (f"{owner} has had this round's turn; {who} acts in the next (one line "
                      f"may tell what each of {owner}'s characters does). It is {typist}'s "
                      f"turn now ({mine}).")  # fmt: skip
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
        answer = answer or answer_aside(session, character, text.strip())
        if answer is not None and owner and answer.rstrip().endswith("?"):
            # asked back ("Did you mean …?"): the answer is the same player's to give
            answer += f" (Still {owner}'s turn, for {session.state.name_of(character)}.)"
        if answer is not None:
            return Reply(answer, True, late, text.strip(), aside=True, asked_as=character), None
    outcome = session.submit(PlayerAction(character_id=character, text=text.strip(), player=owner))
    barred = not outcome and getattr(outcome, "reason", "").startswith("only ")
    if barred and breaks_the_parley(session.state, character, text.strip()):
        # "Thorin draws his sword and goes for the chief": the parley is over, the blow is his
        session.state.restriction = None
        session.state.record("restriction", f"{session.state.name_of(character)} breaks the parley")
        outcome = session.submit(PlayerAction(character_id=character, text=text.strip(),
                                              player=owner))  # fmt: skip
    if not outcome:  # not this character's to act now: a question is answered all the same
        refused = getattr(outcome, "reason", "refused")
        answer = answer_out_of_turn(session, character, text.strip())
        shrug = None if answer else answer_aside(session, character, text.strip(), waiting=True)
        answer = answer or (f"{shrug} ({refused}.)" if shrug else None)  # (whose go it is)
        if answer is not None:
            return Reply(answer, True, late, text.strip(), aside=True, asked_as=character), None
        return Reply(refused, False, late), None
    fight_turn_taken(session, character, "TURN_COMPLETE")
    return Reply(getattr(outcome, "detail", ""), True, late, text.strip()), character


def language_of(state: GameState) -> str | None:
    """The campaign's language (how players' lines are read)."""
    campaign = state.campaign
    return campaign.campaign.language if campaign is not None else None


def roll_for_table(session: GameSession, formula: str) -> RollResult:
    """``/roll``: a player's own roll, from the game's RNG (so replays stay exact) and
    recorded for the DM. Raises :class:`DiceError` on a bad formula."""
    result = roll(formula.strip() or "1d20", session.state.rng)
    session.state.record(
        "roll", f"a player rolled {result.plain()}", formula=result.expression, total=result.total
    )
    return result


def after_the_end(
    session: GameSession, line: str, current: str | None
) -> tuple[str | None, str, str | None]:
    """A line typed once the story is over: who says it (the character it names, else
    ``current``), what they say, and the game's answer when it is a question the game can
    answer from itself ("how many hit points does Aria have?", "what happened?"); ``None``
    for anything else (the ending's note answers it)."""
    name, sep, rest = line.partition(":")
    named = resolve_character(session, name) if sep else None
    who, said = (named, rest.strip()) if named is not None else (current, line)
    if who is None or not said.strip():
        return who, said, None
    return who, said, answer_out_of_turn(session, who, said.strip())
