"""The ``dungeon`` command line (Typer): play, and the tools for campaign authors.

``python -m app`` runs it too. Every command prints a clear message and a non-zero exit
code on bad input; none of them writes outside the folders it is given.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, NoReturn

import typer
from rich.console import Console
from rich.markup import escape

from app import __version__, views
from app.character_cli import character_app
from app.console import ConsoleGame
from app.dm.brain import Brain, BrainError, ToolCall
from app.dm.config import ConfigError, load_dm_config
from app.dm.openai_brain import OpenAIBrain
from app.dm.referee.skirmish import fight as skirmish
from app.dm.referee.skirmish import from_monster, from_sheet
from app.dm.scripted import ScriptedBrain
from app.dm.tools.sets import ALL_TOOLS
from app.saves import (
    SAVES_DIR,
    SaveError,
    clean_orphans,
    delete_save,
    fresh_name,
    list_saves,
    load_named,
    newest_game,
    resolve_save,
    resume_named,
    save_path,
)
from app.saves.names import same_but_case
from app.screentext import plain
from app.session import turnlog
from app.session.hygiene import strip_controls
from app.session.keeping import name_taken
from app.session.runner import ScriptError, read_script, render_event, run_lines
from app.session.session import GameSession, ending_title
from app.session.setup import resume_session, start_session
from app.tray import DiceTray
from app.world.campaign import Campaign, CampaignError, find_campaign, load_campaign
from app.world.characters import (
    CHARACTERS_DIR,
    CharacterFileError,
    cast_party,
    find_character,
)
from app.world.newgame import new_game
from app.world.printable import printable
from app.world.validate import validate_campaign
from rules.character import CharacterSheet
from rules.dice import Advantage, DiceError, formula_stats, roll
from rules.srd import SRD_ATTRIBUTION

app = typer.Typer(
    name="dungeon",
    help="Dungeon Terminal: a tabletop RPG in your terminal. The DM narrates; the dice are real.",
    no_args_is_help=False,
    add_completion=False,
    rich_markup_mode=None,
)

EXIT_BAD_INPUT = 2
ECHO_CHARS = 200
"""How much of a piped line is echoed back (the whole line still goes to the game)."""
DEFAULT_CAMPAIGN = "crossroads"
MAX_FOES = 50
"""Foes in one ``balance`` fight, at most (the largest authored fights have a dozen)."""
MAX_FIGHTS = 20_000
"""Fights one ``balance`` run may ask for: enough for odds to a fraction of a percent."""
MAX_SEED = 2**63 - 1
"""Seeds of the author commands are whole numbers from 0 to this (what a save can hold)."""


def _console() -> Console:
    return Console(highlight=False, soft_wrap=False)


def _err_console() -> Console:
    return Console(stderr=True, highlight=False)


def _report_dice_error(error: DiceError) -> None:
    err = _err_console()
    if error.expression and error.position is not None:
        err.print(plain(error.caret()))
    err.print(plain(f"error: {error}", style="red"))


def _tolerant_output() -> None:
    """Print what cannot be encoded as escapes instead of failing: a folder or file name
    given in bytes that are not UTF-8 (or a terminal that is not UTF-8) must not turn an
    error message into a traceback."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            with contextlib.suppress(ValueError, OSError):  # a stream already closed
                reconfigure(errors="backslashreplace")


@app.callback(invoke_without_command=True)
def _root(
    ctx: typer.Context,
    version: Annotated[bool, typer.Option("--version", help="Print the version.")] = False,
) -> None:
    """Run ``dungeon play`` when no command is given."""
    _tolerant_output()
    if version:
        typer.echo(f"dungeon-terminal {__version__}")
        raise typer.Exit()
    if ctx.invoked_subcommand is None:
        ctx.invoke(play)


@app.command("roll")
def roll_command(
    expression: Annotated[
        str,
        typer.Argument(
            help="Dice formula, e.g. 4d6kh3 or 1d20+5 (one starting with '-' goes after --: "
            "dungeon roll -- -1d4+2)."
        ),
    ],
    seed: Annotated[
        int | None, typer.Option(min=0, max=MAX_SEED, help="Seed the dice for a repeatable roll.")
    ] = None,
    adv: Annotated[bool, typer.Option("--adv", help="Roll the d20 with advantage.")] = False,
    dis: Annotated[bool, typer.Option("--dis", help="Roll the d20 with disadvantage.")] = False,
    stats: Annotated[
        bool, typer.Option("--stats", help="Show minimum, maximum, mean and DC chances.")
    ] = False,
    dc: Annotated[int | None, typer.Option(help="Difficulty class to compare against.")] = None,
    times: Annotated[int, typer.Option("--times", "-n", min=1, max=100, help="Roll N times.")] = 1,
) -> None:
    """Roll dice and print every die, or with --stats the exact odds."""
    if adv and dis:
        _err_console().print("error: choose --adv or --dis, not both", style="red")
        raise typer.Exit(EXIT_BAD_INPUT)
    mode = Advantage.ADVANTAGE if adv else Advantage.DISADVANTAGE if dis else Advantage.NORMAL
    console = _console()
    try:
        if stats:
            console.print(views.stats_table(expression, formula_stats(expression, mode), dc))
            return
        actual_seed = seed if seed is not None else random.SystemRandom().randrange(2**32)
        rng = random.Random(actual_seed)
        for _ in range(times):
            result = roll(expression, rng, mode)
            console.print(views.roll_line(result, dc, styled=console.is_terminal))
        if seed is None:
            console.print(f"seed {actual_seed}", style="dim")
    except DiceError as error:
        _report_dice_error(error)
        raise typer.Exit(EXIT_BAD_INPUT) from None


def _reader(console: Console) -> Callable[[str], str]:
    """Read a line: with a prompt on a terminal, echoed when input is piped in."""
    if sys.stdin.isatty():
        return lambda prompt: console.input(f"[bold cyan]{escape(prompt)}[/]")

    def piped(prompt: str) -> str:
        line = _piped_line()
        shown = strip_controls(line)  # never echo escapes back to the terminal
        if len(shown) > ECHO_CHARS:
            shown = f"{shown[:ECHO_CHARS]}… ({len(shown):,} characters)"
        console.print(plain(f"> {shown}", style="dim"))
        return line

    return piped


def _piped_line() -> str:
    """One line of piped input. Bytes that are not UTF-8 (a binary file, another encoding)
    become "\ufffd" instead of ending the program with a decoding error."""
    raw = getattr(sys.stdin, "buffer", None)
    if raw is None:
        return input()
    data: bytes = raw.readline()
    if not data:
        raise EOFError
    return data.decode(sys.stdin.encoding or "utf-8", errors="replace").removesuffix("\n")


def _dice_tray(console: Console, seed: int) -> None:
    tray = DiceTray(seed, styled=console.is_terminal)
    console.print(plain("Dungeon Terminal — dice tray", style="bold"))
    console.print(plain(f"seed {seed} · type help for commands, quit to leave", style="dim"))
    read = _reader(console)
    while True:
        try:
            line = read("🎲 ")
        except (EOFError, KeyboardInterrupt):
            break
        shown = tray.handle(line)
        if shown is None:
            break
        for renderable in shown:
            console.print(renderable)
    console.print(plain("Farewell, adventurer.", style="dim"))


@app.command("dice")
def dice_command(
    seed: Annotated[int | None, typer.Option(min=0, max=MAX_SEED, help="Seed the dice.")] = None,
) -> None:
    """Open the dice tray: roll, check the odds, look up monsters and spells."""
    _dice_tray(_console(), seed if seed is not None else random.SystemRandom().randrange(2**32))


@app.command("play")
def play(
    seed: Annotated[
        int | None, typer.Option(min=0, max=MAX_SEED, help="Seed the dice for a repeatable game.")
    ] = None,
    model: Annotated[str | None, typer.Option(help="DM model name.")] = None,
    base_url: Annotated[
        str | None, typer.Option(help="OpenAI-compatible endpoint, e.g. http://localhost:11434/v1")
    ] = None,
    api_key: Annotated[str | None, typer.Option(help="API key (or DUNGEON_DM_API_KEY).")] = None,
    campaign: Annotated[
        str | None, typer.Option(help="Campaign id (shipped) or folder; starts it at once.")
    ] = None,
    load: Annotated[
        str | None, typer.Option(help="Resume a saved game by name (or a backup: NAME.toml.1).")
    ] = None,
    resume: Annotated[
        bool, typer.Option("--continue", help="Resume the most recent save.")
    ] = False,
    save_as: Annotated[
        str | None,
        typer.Option(
            help="Name the game saves under (a new game: its campaign's id, or the first free "
            "name after it; an existing save's name is refused)."
        ),
    ] = None,
    saves_dir: Annotated[Path, typer.Option(help="Folder of save files.")] = SAVES_DIR,
    players: Annotated[
        list[str] | None,
        typer.Option("--player", help="Hotseat seat 'Name=char1,char2' (repeatable)."),
    ] = None,
    timer: Annotated[
        int | None, typer.Option(min=5, max=3600, help="Seconds per player turn (off by default).")
    ] = None,
    ui: Annotated[
        str,
        typer.Option(
            help="tui (full screen), console (line by line) or auto: the full screen on a "
            "terminal, lines when piped."
        ),
    ] = "auto",
    character: Annotated[
        list[str] | None,
        typer.Option(
            help="Play your own character in a pregen's place: 'mira=NAME' (a name or id in "
            "the characters folder, or a .toml file; repeatable)."
        ),
    ] = None,
    party: Annotated[
        str | None,
        typer.Option(help="Your own characters, comma-separated, in the pregens' places."),
    ] = None,
    characters_dir: Annotated[
        Path, typer.Option(help="Folder of your character files.")
    ] = CHARACTERS_DIR,
) -> None:
    """Play a campaign: with an AI DM when one is configured, else the offline referee.
    The game saves itself after every turn and when you quit. With no options the full-
    screen game opens on its title screen."""
    if ui not in ("auto", "tui", "console"):
        _err_console().print("error: --ui is tui, console or auto", style="red")
        raise typer.Exit(EXIT_BAD_INPUT)
    full_screen = ui == "tui" or (ui == "auto" and sys.stdin.isatty() and sys.stdout.isatty())
    clean_orphans(saves_dir)  # temp files of a game killed mid-save
    console = _console()
    actual_seed = seed if seed is not None else random.SystemRandom().randrange(2**32)
    try:
        config = load_dm_config(model=model, base_url=base_url, api_key=api_key)
    except ConfigError as error:
        _err_console().print(plain(f"error: {error}", style="red"))
        raise typer.Exit(EXIT_BAD_INPUT) from None
    brain = OpenAIBrain(config) if config.configured else None
    dm = (
        config.describe()
        if config.configured
        else ("the offline referee (set DUNGEON_DM_API_KEY or DUNGEON_DM_BASE_URL for an AI DM)")
    )
    if save_as is not None:
        _check_name(save_as, saves_dir)
    if campaign is not None and not campaign.strip():
        _refuse("--campaign needs a campaign id or folder, e.g. --campaign crossroads")
    if load is not None and resume:
        _refuse("--load and --continue both choose a saved game: use one of them")
    if (load is not None or resume) and (
        players or seed is not None or campaign is not None or character or party
    ):
        _refuse(
            "--player, --seed, --campaign, --character and --party start a new game; a saved "
            "game keeps its own (in the game, /join and /leave change the seats)"
        )
    session: GameSession | None = None
    resumed = False
    notes: tuple[str, ...] = ()
    loaded_from: Path | None = None
    if load is not None or resume:  # --load "" is a bad name, not a new game
        try:
            picked = resume_named(load, saves_dir) if load is not None else newest_game(saves_dir)
            session = resume_session(picked.state, brain, save=picked.path)
        except (SaveError, CampaignError) as error:
            _err_console().print(plain(f"error: {error}", style="red"))
            raise typer.Exit(EXIT_BAD_INPUT) from None
        state, notes, loaded_from = picked.state, picked.notes, picked.path
        if save_as is not None and save_as != picked.save_as:
            _refuse_taken(save_as, saves_dir)
        save_as, resumed = save_as or picked.save_as, True
        if not full_screen:
            console.print(
                plain(
                    f"{state.title} — resumed from {picked.source}, turn {state.turn}", style="bold"
                )
            )
            for note in picked.notes:
                console.print(plain(note, style="yellow"))
    elif (
        not full_screen
        or players
        or seed is not None
        or campaign is not None
        or save_as
        or character
        or party
    ):
        # any of these says which new game to start: it starts at once, named as asked
        story = _load(campaign or DEFAULT_CAMPAIGN)
        own = _own_characters(story, character or [], party, characters_dir)
        seats = _seats(players or [], story) if players else None
        if save_as is None:
            save_as = fresh_name(story.campaign.id, saves_dir)
        else:
            _refuse_taken(save_as, saves_dir)
        session = start_session(story, actual_seed, brain, players=seats, own=own)
        if not full_screen:
            console.print(plain(story.campaign.title, style="bold"))
    if timer is not None and session is not None:
        session.state.turn_order.timer_seconds = timer
    if full_screen:
        from app.tui import make_app  # noqa: PLC0415 - Textual loads only for the full screen

        screen = make_app(
            saves=saves_dir,
            characters=characters_dir,
            campaign=campaign or DEFAULT_CAMPAIGN,
            dm=config,
            session=session,
            save_as=save_as,
            resumed=resumed,
            notes=notes,
            loaded_from=loaded_from,
        )
        screen.run()
        if screen.farewell:  # the full screen is gone: say where the game went
            console.print(plain(screen.farewell, style="dim"))
        return
    assert session is not None and save_as is not None
    where = save_path(save_as, saves_dir)
    console.print(plain(f"DM: {dm} · saving as {save_as} ({where})", style="dim"))
    game = ConsoleGame(
        session,
        console,
        _reader(console),
        save_as=save_as,
        saves=saves_dir,
        loaded_from=loaded_from,
        interactive=sys.stdin.isatty(),
    )
    asyncio.run(game.run())
    if not game.saved:
        _err_console().print(plain("error: the game was not saved", style="red"))
        raise typer.Exit(1)
    if game.keeper.name is not None and not game.unsaved:
        kept = save_path(game.keeper.name, game.keeper.folder)
        if kept.exists():
            console.print(plain(f"Saved to {kept}.", style="dim"))
    console.print(plain("Farewell, adventurer.", style="dim"))


def _check_name(name: str, folder: Path) -> None:
    """Exit 2 on a save name that can never be written (before anything starts)."""
    if not name.isprintable():  # a newline or escape would be trimmed, not seen
        _refuse(f"bad save name {name!r}: no line breaks or control characters")
    try:
        save_path(name, folder)
    except SaveError as error:
        _refuse(str(error))


def _refuse_taken(name: str, folder: Path) -> None:
    """Exit 2 when a save already has the name a new game asks for (a damaged one does not
    count: it is set aside, kept, when the game first saves), or the name but for case."""
    if name_taken(name, folder):
        path = save_path(name, folder)
        other = path if path.exists() else same_but_case(path)
        real = other.name.removesuffix(".toml") if other is not None else name
        _refuse(f"a save named {real} exists: --load {real} to continue it, or choose another name")


saves_app = typer.Typer(help="List, show and delete saved games.", no_args_is_help=True)
app.add_typer(saves_app, name="saves")
app.add_typer(character_app, name="character")


@saves_app.command("list")
def saves_list(
    saves_dir: Annotated[Path, typer.Option(help="Folder of save files.")] = SAVES_DIR,
) -> None:
    """Saved games, newest first; a file that cannot be loaded is marked with why."""
    clean_orphans(saves_dir)  # temp files of a game killed mid-save
    found = list_saves(saves_dir)
    if not found:
        typer.echo(f"no saves in {saves_dir}")
        return
    for info in found:
        if info.problem:
            typer.echo(f"{info.name:<20} {info.label}")
            continue
        when = info.saved.strftime("%Y-%m-%d %H:%M") if info.saved else "?"
        turn = "?" if info.turn is None else str(info.turn)
        typer.echo(f"{info.name:<20} {info.label:<36} turn {turn:<5} {when}")


@saves_app.command("show")
def saves_show(
    name: Annotated[str, typer.Argument(help="Save name.")],
    saves_dir: Annotated[Path, typer.Option(help="Folder of save files.")] = SAVES_DIR,
    turns: Annotated[
        bool, typer.Option("--turns", help="Also print the turn log (who, why, how long).")
    ] = False,
) -> None:
    """Where a saved game stands (a backup too: ``NAME.toml.1``)."""
    try:
        loaded = load_named(name, saves_dir)
    except SaveError as error:
        _err_console().print(plain(f"error: {error}", style="red"))
        raise typer.Exit(EXIT_BAD_INPUT) from None
    state = loaded.state
    for note in loaded.notes:
        _say(f"note: {note}")
    _say(f"{state.title} ({state.campaign_id}) — turn {state.turn}, {state.scene.name}")
    for sheet in state.party.values():
        _say(f"  {sheet.name}: {sheet.vitals.hp}/{sheet.vitals.max_hp} HP")
    if state.ending:
        _say(f"  ending reached: {state.ending}")
    if turns:
        _say("")
        _say(turnlog.log_text(state))


@saves_app.command("delete")
def saves_delete(
    name: Annotated[str, typer.Argument(help="Save name.")],
    saves_dir: Annotated[Path, typer.Option(help="Folder of save files.")] = SAVES_DIR,
    yes: Annotated[
        bool, typer.Option("--yes", "-y", help="Delete without asking (needed when piped).")
    ] = False,
) -> None:
    """Delete a save and its backups (or only one backup: NAME.toml.1). There is no undo,
    so it asks first; with input piped in, --yes says it."""
    if not yes:
        try:
            target = resolve_save(name, saves_dir)
        except SaveError as error:
            _refuse(str(error))
        if not target.path.exists():
            _refuse(f"{target.path}: no such save")
        what = (
            f"the backup {target.path.name}" if target.backup else f"{target.name} and its backups"
        )
        if not sys.stdin.isatty():
            _refuse(f"deleting {what} cannot be undone: add --yes to delete it")
        if not typer.confirm(f"Delete {what}? This cannot be undone.", default=False):
            typer.echo("Nothing deleted.")
            return
    try:
        removed = delete_save(name, saves_dir)
    except SaveError as error:
        _err_console().print(plain(f"error: {error}", style="red"))
        raise typer.Exit(EXIT_BAD_INPUT) from None
    typer.echo(f"deleted {', '.join(str(p) for p in removed)}")


def _seats(specs: list[str], story: Campaign) -> dict[str, list[str]]:
    """``Ana=mira`` ``Ben=thorin,aria`` -> players; exit 2 on a bad seat, a player given
    twice or a character given to two players (one would silently replace the other)."""
    seats: dict[str, list[str]] = {}
    owner: dict[str, str] = {}
    for spec in specs:
        name, _, ids = spec.partition("=")
        name = name.strip()
        chars = [c.strip() for c in ids.split(",") if c.strip()]
        unknown = [c for c in chars if c not in story.campaign.party]
        if not name or not chars or unknown:
            _refuse(
                f"bad --player {spec!r}: use Name=id,id with ids from "
                f"{', '.join(story.campaign.party)}"
            )
        if any(seated.casefold() == name.casefold() for seated in seats):
            _refuse(
                f"--player {name} is given twice: give all of a player's characters in one, "
                f"e.g. --player '{name}=id,id'"
            )
        for cid in chars:
            if cid in owner:
                who = "twice to" if owner[cid] == name else f"to both {owner[cid]} and"
                _refuse(f"--player: {cid} is given {who} {name}: each character has one player")
            owner[cid] = name
        seats[name] = chars
    return seats


def _own_characters(
    story: Campaign, specs: list[str], party: str | None, folder: Path
) -> dict[str, CharacterSheet]:
    """The players' own characters by the pregen each replaces (``--character mira=NAME``,
    ``--party a,b``); exit 2 with the reason when one cannot be read or cannot join."""
    by_slot: dict[str, CharacterSheet] = {}
    try:
        for spec in specs:
            slot, sep, name = spec.partition("=")
            if not sep or not slot.strip() or not name.strip():
                _refuse(
                    f"bad --character {spec!r}: use pregen=NAME with a pregen of "
                    f"{', '.join(story.campaign.party)}"
                )
            if slot.strip() in by_slot:
                _refuse(f"--character {slot.strip()} is given twice")
            by_slot[slot.strip()] = find_character(name, folder)[1]
        in_order = [find_character(n, folder)[1] for n in (party or "").split(",") if n.strip()]
        if party is not None and not in_order:
            _refuse("--party needs character names, files or ids, comma-separated")
        return cast_party(story, by_slot, in_order)
    except CharacterFileError as error:
        _refuse(str(error))


def _refuse(message: str) -> NoReturn:
    """Print an error for bad input and exit 2."""
    _err_console().print(plain(f"error: {message}", style="red"))
    raise typer.Exit(EXIT_BAD_INPUT)


def _load(campaign: str, *, playable: bool = True) -> Campaign:
    """Load a campaign or exit 2 with the loader's message. Every command that plays
    loads it ``playable`` (its references checked); ``validate`` reports them itself."""
    try:
        return load_campaign(find_campaign(campaign), playable=playable)
    except CampaignError as error:
        _err_console().print(plain(f"error: {error}", style="red"))
        raise typer.Exit(EXIT_BAD_INPUT) from None


@app.command("simulate")
def simulate_command(
    campaign: Annotated[str, typer.Argument(help="Campaign id (shipped) or folder.")],
    script: Annotated[Path, typer.Option(help="File of 'Name: action' lines.")],
    seed: Annotated[
        int,
        typer.Option(
            min=0, max=MAX_SEED, help="Seed: the same seed and script give the same transcript."
        ),
    ] = 0,
    brain: Annotated[str, typer.Option(help="offline, scripted or openai.")] = "offline",
    brain_file: Annotated[
        Path | None, typer.Option(help="Recorded DM replies, for --brain scripted.")
    ] = None,
    until_end: Annotated[
        bool, typer.Option("--until-end", help="Fail unless an ending is reached.")
    ] = False,
    model: Annotated[str | None, typer.Option(help="DM model, for --brain openai.")] = None,
    base_url: Annotated[str | None, typer.Option(help="Endpoint, for --brain openai.")] = None,
) -> None:
    """Play a campaign headless from a script and print the transcript and a summary."""
    story = _load(campaign)
    try:
        lines = read_script(script)
    except ScriptError as error:
        _err_console().print(plain(f"error: {error}", style="red"))
        raise typer.Exit(EXIT_BAD_INPUT) from None
    dm: Brain | None = None
    if brain == "scripted":
        if brain_file is None:
            _err_console().print("error: --brain scripted needs --brain-file", style="red")
            raise typer.Exit(EXIT_BAD_INPUT)
        try:
            dm = ScriptedBrain.from_file(brain_file)
        except BrainError as error:
            _err_console().print(plain(f"error: {error.message}", style="red"))
            raise typer.Exit(EXIT_BAD_INPUT) from None
    elif brain == "openai":
        try:
            dm = OpenAIBrain(load_dm_config(model=model, base_url=base_url))
        except ConfigError as error:
            _err_console().print(plain(f"error: {error}", style="red"))
            raise typer.Exit(EXIT_BAD_INPUT) from None
    elif brain != "offline":
        _err_console().print(
            f"error: unknown brain {brain!r} (offline, scripted, openai)", style="red"
        )
        raise typer.Exit(EXIT_BAD_INPUT)
    session = start_session(story, seed, dm)
    result = asyncio.run(run_lines(session, lines, _say))  # plain lines, never wrapped
    state = session.state
    summary = [
        "== summary ==",
        f"turns: {result.turns}   scene: {state.scene.name}   mode: {session.mode}",
    ]
    for sheet in state.party.values():
        vitals = sheet.vitals
        summary.append(f"{sheet.name}: {vitals.hp}/{vitals.max_hp} HP, {vitals.state.value}")
    if state.flags:
        summary.append("flags: " + ", ".join(f"{k}={v}" for k, v in sorted(state.flags.items())))
    ending = ending_title(state)
    summary.append(f"ending: {ending or 'none reached'}")
    for line in summary:
        _say(line)
    if result.errors or (until_end and ending is None):
        raise typer.Exit(1)


def _say(line: str) -> None:
    """Print a plain line of game text (names, narration) without its escape codes."""
    typer.echo(printable(line))


def _bad(message: str) -> typer.Exit:
    """Print ``error: message`` and give the exit to raise."""
    _err_console().print(plain(f"error: {message}", style="red"))
    return typer.Exit(EXIT_BAD_INPUT)


def _foes(story: Campaign, encounter: str | None, monsters: list[str]) -> list[tuple[str, int]]:
    """(stat block id, count) of the fight ``balance`` runs; exits 2 on a bad request."""
    groups: list[tuple[str, int]] = []
    if encounter:
        if encounter not in story.encounters:
            known = ", ".join(story.encounters) or "none"
            raise _bad(f"no encounter {encounter!r} (known: {known})")
        groups += [(m.monster, m.count) for m in story.encounters[encounter].monsters]
    for spec in monsters:
        name, colon, count = spec.partition(":")
        if not story.has_monster(name):
            raise _bad(f"bad --monster {spec!r}: no monster {name!r} (e.g. goblin:3)")
        if colon and not (count.isascii() and count.isdigit()):
            raise _bad(f"bad --monster {spec!r}: the count is a whole number (e.g. goblin:3)")
        number = (int(count) if len(count) <= 9 else MAX_FOES + 1) if colon else 1
        if not 1 <= number <= MAX_FOES:
            raise _bad(f"bad --monster {spec!r}: the count is 1 to {MAX_FOES}")
        groups.append((name, number))
    if not groups:
        raise _bad("name an --encounter or at least one --monster")
    total = sum(count for _, count in groups)
    if total > MAX_FOES:
        raise _bad(f"{total} foes in one fight; at most {MAX_FOES}")
    return groups


def _party(story: Campaign, party: str | None) -> list[CharacterSheet]:
    """The characters ``balance`` fields; exits 2 on an empty list, a repeat or a stranger."""
    if party is None:
        ids = list(story.campaign.party)
    else:
        ids = [cid.strip() for cid in party.split(",")]
        if not any(ids):
            raise _bad("--party names no character (e.g. --party mira,thorin)")
    known = {sheet.id for sheet in story.characters}
    for cid in ids:
        if cid not in known:
            raise _bad(f"no character {cid!r} (known: {', '.join(sorted(known))})")
    if len(set(ids)) != len(ids):
        twice = sorted({cid for cid in ids if ids.count(cid) > 1})
        raise _bad(f"--party names {', '.join(twice)} more than once")
    return [story.character(cid) for cid in ids]


@app.command("balance")
def balance_command(
    campaign: Annotated[str, typer.Argument(help="Campaign id (shipped) or folder.")],
    encounter: Annotated[str | None, typer.Option(help="An encounter id of the campaign.")] = None,
    monsters: Annotated[
        list[str] | None,
        typer.Option(
            "--monster", help=f"SRD monster[:count], repeatable; {MAX_FOES} foes at most."
        ),
    ] = None,
    party: Annotated[
        str | None, typer.Option(help="Comma-separated character ids (default: the party).")
    ] = None,
    fights: Annotated[
        int, typer.Option(min=1, max=MAX_FIGHTS, help=f"Fights to run (1 to {MAX_FIGHTS:,}).")
    ] = 1000,
    seed: Annotated[int, typer.Option(min=0, max=MAX_SEED, help="Seed of the first fight.")] = 0,
) -> None:
    """Fight an encounter many times with the referee's tactics and report the odds."""
    story = _load(campaign)
    groups = _foes(story, encounter, monsters or [])
    sheets = _party(story, party)
    rng = random.Random(seed)
    results = []
    for _ in range(fights):
        side = [from_sheet(s) for s in sheets]
        foes = [
            from_monster(story.monster(name), n + 1) for name, count in groups for n in range(count)
        ]
        results.append(skirmish(rng, side, foes))
    wins = sum(r.winner == "party" for r in results)
    rounds = sum(r.rounds for r in results) / fights
    lost = sum(r.party_hp_lost for r in results) / fights
    down = sum(r.party_down for r in results) / fights
    foes_text = ", ".join(f"{count} {name}" for name, count in groups)
    typer.echo(f"{', '.join(s.name for s in sheets)} vs {foes_text}: {fights} fights, seed {seed}")
    typer.echo(f"party wins: {wins / fights:.1%}   rounds: {rounds:.1f}")
    typer.echo(f"party HP lost: {lost:.1f} on average   characters down: {down:.2f}")


@app.command("validate")
def validate_command(
    campaign: Annotated[str, typer.Argument(help="Campaign id (shipped) or folder.")],
) -> None:
    """Check a campaign: schema, references, reachable scenes, endings and triggers."""
    console = _console()
    story = _load(campaign, playable=False)
    problems = validate_campaign(story)
    if problems:
        for problem in problems:
            console.print(plain(str(problem), style="red"))
        breaking = sum(p.breaks_play for p in problems)
        warnings = len(problems) - breaking
        stops = f": {breaking} stop it being played, {warnings} warning(s)" if breaking else ""
        console.print(plain(f"{len(problems)} problem(s) in {story.campaign.title}{stops}"))
        raise typer.Exit(1)
    console.print(
        plain(
            f"ok: {story.campaign.title} — {len(story.scenes)} scenes, "
            f"{len(story.challenges)} challenges, {len(story.encounters)} encounters, "
            f"{len(story.triggers)} triggers, {len(story.endings)} endings"
        )
    )


@app.command("tool")
def tool_command(
    name: Annotated[str, typer.Argument(help="Tool name, e.g. roll_dice.")],
    arguments: Annotated[str, typer.Argument(help="Arguments as JSON.")] = "{}",
    campaign: Annotated[str, typer.Option(help="Campaign id or folder.")] = DEFAULT_CAMPAIGN,
    seed: Annotated[
        int, typer.Option(min=0, max=MAX_SEED, help="Seed of the game the tool runs in.")
    ] = 0,
) -> None:
    """Run one DM tool in a fresh game and print its result: the function check."""
    console = _console()
    state = new_game(_load(campaign), seed=seed)
    outcome = ALL_TOOLS.execute(ToolCall("cli", name, arguments), state)
    console.print_json(json.dumps(outcome.result, ensure_ascii=False))
    for event in outcome.events:
        line = render_event(event)
        if line:
            console.print(plain(line.strip(), style="dim"))
    if not outcome.ok:
        raise typer.Exit(1)


@app.command("credits")
def credits_command() -> None:
    """Show the licence notice for the SRD 5.1 material in the game."""
    console = _console()
    console.print(plain(f"Dungeon Terminal {__version__}", style="bold"))
    console.print(SRD_ATTRIBUTION)


def main() -> None:
    """Console-script entry point."""
    app()
