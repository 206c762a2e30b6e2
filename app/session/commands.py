"""The slash commands every front end answers, as the players' help lists them: one table of
usage and meaning, shown by the help screen, the line game's ``/help`` and the players'
guide. Each front end reads a typed command and calls its handler, found by topic:

- ``Name: action`` lines, the default actor and ``/roll``: :mod:`app.session.declaring`;
- ``/end`` and ``/pass``, and the table's clock: :mod:`app.session.turntaking`;
- ``/join``, ``/leave``, ``/away``, ``/back``: :mod:`app.session.seating`;
- ``/veil`` and ``/unveil``: :mod:`app.session.veiling`;
- ``/story``: :mod:`app.session.storyview`;
- ``/sheet``, ``/journal``, ``/people``, ``/prompt``, ``/usage``: :mod:`app.session.sheets`;
- ``/dm``: :mod:`app.session.dmswitch`; ``/save``: :mod:`app.session.keeping`;
- ``/levelup``: :mod:`app.session.levelling`; ``/undo``, ``/redo``, ``/rewind``:
  :mod:`app.session.takingback`; ``/reroll``: :mod:`app.session.retelling`;
  ``/turns``: :mod:`app.session.turnlog`.

Every handler answers with a :class:`app.session.reply.Reply` (or text to show), so a
command behaves the same wherever it is typed.
"""

from __future__ import annotations

from rapidfuzz import process

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


def help_text() -> str:
    """The command list as aligned plain text."""
    width = max(len(usage) for usage, _ in COMMANDS) + 2
    return "\n".join(f"{usage:<{width}}{meaning}" for usage, meaning in COMMANDS)


def command_meant(word: str) -> str | None:
    """The command a mistyped one most likely meant ("hlep" → "/help", "leveup" →
    "/levelup"), or ``None`` when none is close."""
    known = ["help", *(usage.split()[0].lstrip("/") for usage, _ in COMMANDS if usage[0] == "/")]
    found = process.extractOne(word.lower(), known, score_cutoff=70)
    return f"/{found[0]}" if found else None


def unknown_command(word: str, where_all: str) -> str:
    """What a command nobody knows gets: the one it most likely meant, else where they all
    are listed."""
    meant = command_meant(word)
    return f"Unknown command /{word}." + (f" Did you mean {meant}?" if meant else f" {where_all}")
