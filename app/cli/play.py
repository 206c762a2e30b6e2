"""``dungeon play``: start or resume a game, in the full screen or line by line, alone or
with friends at one keyboard (hotseat seats), with pregens or the players' own characters."""

from __future__ import annotations

import os
import random
import sys
from os import W_OK, access
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from app.cli import startup
from app.cli.common import (
    DEFAULT_CAMPAIGN,
    EXIT_BAD_INPUT,
    MAX_SEED,
    console,
    err_console,
    load_story,
    reader,
    refuse,
)
from app.world.folders import CHARACTERS_DIR, SAVES_DIR

if TYPE_CHECKING:
    from app.session.session import GameSession
    from app.session.watching import CampaignWatch
    from app.world.campaign import Campaign
    from rules.character import CharacterSheet


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
    line_by_line: Annotated[
        bool, typer.Option("--console", hidden=True, help="The same as --ui console.")
    ] = False,
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
    price_input: Annotated[
        float | None, typer.Option(help="Price per million prompt tokens (for /usage's cost).")
    ] = None,
    price_output: Annotated[
        float | None, typer.Option(help="Price per million completion tokens.")
    ] = None,
    alert_cost: Annotated[
        float | None, typer.Option(help="Say so once when the game's estimated cost passes this.")
    ] = None,
    alert_tokens: Annotated[
        int | None, typer.Option(help="Say so once when the average tokens per turn passes this.")
    ] = None,
    watch: Annotated[
        bool,
        typer.Option(
            "--watch",
            help="For authors: take in every saved edit of the game's campaign.toml as you "
            "play (with --campaign DIR, --load or --continue; full screen).",
        ),
    ] = False,
) -> None:
    """Play a campaign: with an AI DM when one is configured, else the offline referee.
    The game saves itself after every turn and when you quit. With no options the full-
    screen game opens on its title screen."""
    # The title screen needs none of the game: a new or resumed game is set up here only
    # when the options already say which, so the bare `dungeon play` opens fast.
    from app.display.screentext import plain
    from app.dm.config import ConfigError, load_dm_config

    if line_by_line:  # the name players reach for first ("--console" was "--continue?")
        ui = "console"
    if ui not in ("auto", "tui", "console"):
        err_console().print("error: --ui is tui, console or auto", style="red")
        raise typer.Exit(EXIT_BAD_INPUT)
    full_screen = ui == "tui" or (ui == "auto" and sys.stdin.isatty() and sys.stdout.isatty())
    if not full_screen:  # the full screen's title does it once it is drawn
        from app.saves import clean_orphans

        clean_orphans(saves_dir)  # temp files of a game killed mid-save
    out = console()
    actual_seed = seed if seed is not None else random.SystemRandom().randrange(2**32)
    try:
        costs = {"price_input": price_input, "price_output": price_output,
                 "alert_cost": alert_cost, "alert_tokens": alert_tokens}  # fmt: skip
        config = load_dm_config(model=model, base_url=base_url, api_key=api_key, costs=costs)
    except ConfigError as error:
        err_console().print(plain(f"error: {error}", style="red"))
        raise typer.Exit(EXIT_BAD_INPUT) from None
    if config.configured:
        from app.dm.openai_brain import OpenAIBrain

        brain = OpenAIBrain(config)
    else:
        brain = None
    dm = (
        config.describe()
        if config.configured
        else ("the offline referee (set DUNGEON_DM_API_KEY or DUNGEON_DM_BASE_URL for an AI DM)")
    )
    if save_as is not None:
        _check_name(save_as, saves_dir)
    if campaign is not None and not campaign.strip():
        refuse("--campaign needs a campaign id or folder, e.g. --campaign crossroads")
    if load is not None and resume:
        refuse("--load and --continue both choose a saved game: use one of them")
    if (load is not None or resume) and (
        players or seed is not None or campaign is not None or character or party
    ):
        refuse(
            "--player, --seed, --campaign, --character and --party start a new game; a saved "
            "game keeps its own (in the game, /join and /leave change the seats)"
        )
    if watch and not full_screen:
        refuse(
            "--watch needs the full-screen game (a terminal, or --ui tui): the line-by-line "
            "game cannot take a change in while it waits for your line"
        )
    if watch and campaign is None and load is None and not resume:
        refuse(
            "--watch needs a campaign to watch: --campaign DIR for a new game, or --load NAME "
            "or --continue for a saved one"
        )
    watcher: CampaignWatch | None = None
    session: GameSession | None = None
    resumed = False
    notes: tuple[str, ...] = ()
    loaded_from: Path | None = None
    if load is not None or resume:  # --load "" is a bad name, not a new game
        from app.saves import SaveError, newest_game, resume_named
        from app.session.setup import resume_session
        from app.world.campaignfile import CampaignError

        try:
            picked = resume_named(load, saves_dir) if load is not None else newest_game(saves_dir)
            session = resume_session(picked.state, brain, save=picked.path)
        except (SaveError, CampaignError) as error:
            err_console().print(plain(f"error: {error}", style="red"))
            raise typer.Exit(EXIT_BAD_INPUT) from None
        state, notes, loaded_from = picked.state, picked.notes, picked.path
        if watch:
            watcher = _saved_game_watch(state.campaign_id, saves_dir, picked.save_as)
        if save_as is not None and save_as != picked.save_as:
            _refuse_taken(save_as, saves_dir)
        save_as, resumed = save_as or picked.save_as, True
        if not full_screen:
            out.print(
                plain(
                    f"{state.title} — resumed from {picked.source}, turn {state.turn}",
                    style="bold",
                )
            )
            for note in picked.notes:
                out.print(plain(note, style="yellow"))
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
        from app.saves import fresh_name
        from app.session.setup import start_session

        if watch:  # before the campaign is read: an edit made meanwhile is not missed
            watcher = _campaign_watch(campaign or DEFAULT_CAMPAIGN)
        story = load_story(campaign or DEFAULT_CAMPAIGN)
        own = _own_characters(story, character or [], party, characters_dir)
        seats = _seats(players or [], story) if players else None
        if save_as is None:
            save_as = fresh_name(story.campaign.id, saves_dir)
        else:
            _refuse_taken(save_as, saves_dir)
        _remember_home(saves_dir, campaign, story.campaign.id, save_as)
        session = start_session(story, actual_seed, brain, players=seats, own=own)
        if not full_screen:
            out.print(plain(story.campaign.title, style="bold"))
    if timer is not None and session is not None:
        session.state.turn_order.timer_seconds = timer
    if session is not None:
        session.budget, session.dm_endpoint = config.budget, config
    if full_screen:
        from app.tui import make_app

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
            watch=watcher,
            loaded=startup.resume,  # collect garbage again once the title has loaded the game
        )
        screen.run()
        from app.tui import warmup

        warmup.finish()  # never end the process under a background import
        if screen.farewell:  # the full screen is gone: say where the game went
            out.print(plain(screen.farewell, style="dim"))
        return
    import asyncio

    from app.console.game import ConsoleGame
    from app.saves import save_path

    assert session is not None and save_as is not None
    where = save_path(save_as, saves_dir)
    out.print(plain(f"DM: {dm} · saving as {save_as} ({where})", style="dim"))
    game = ConsoleGame(
        session,
        out,
        reader(out),
        save_as=save_as,
        saves=saves_dir,
        loaded_from=loaded_from,
        interactive=sys.stdin.isatty(),
    )
    startup.resume()  # the game is loaded: collect garbage again
    try:
        asyncio.run(game.run())
    finally:
        game.keeper.close()  # the save is free for another window
    if not game.saved:
        err_console().print(plain("error: the game was not saved", style="red"))
        raise typer.Exit(1)
    if game.keeper.name is not None and not game.unsaved:
        kept = save_path(game.keeper.name, game.keeper.folder)
        if kept.exists():
            from app.session.keeping import saved_words

            out.print(plain(saved_words(kept, saves_dir), style="dim"))
    out.print(plain("Farewell, adventurer.", style="dim"))
    from app.console.reading import still_reading

    if still_reading() and _real_input():
        # ctrl+c with the input an open pipe: the read still blocks it, and the interpreter
        # would abort closing it — the game is saved, so the process ends here, cleanly
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(0)


def _real_input() -> bool:
    """The standard input is a file of the system (a pipe, a terminal), not one a test
    hands the command in memory."""
    try:
        sys.stdin.fileno()
    except (AttributeError, OSError, ValueError):
        return False
    return True


def _remember_home(saves: Path, campaign: str | None, cid: str, save: str) -> None:
    """A campaign played from a folder of its own is noted in the saves folder for the game
    saved as ``save``, so that ``--continue`` and ``--load`` find it again from anywhere."""
    from app.saves.joining import forget_home, remember_home
    from app.world.campaignfile import find_campaign

    if campaign is not None:  # ("my-quest" may be a folder here, named as its id is: noted;
        remember_home(saves, cid, find_campaign(campaign), save=save)  # a shipped one not)
    else:  # (the default campaign: an older game's note under this name goes)
        forget_home(saves, save)


def _campaign_watch(name: str) -> CampaignWatch | None:
    """The watch on a new game's campaign file (``None`` when there is no such campaign:
    loading it says so)."""
    from app.world.campaignfile import CampaignError, campaign_file, find_campaign

    try:
        folder = find_campaign(name)
    except CampaignError:
        return None
    return _watch_file(campaign_file(folder))


def _saved_game_watch(cid: str, saves: Path, save: str) -> CampaignWatch:
    """The watch on the campaign file a resumed game was joined to; exit 2 for a game of
    the built-in sandbox, which has none."""
    from app.saves.joining import SANDBOX, campaign_home
    from app.world.campaignfile import campaign_file

    home = campaign_home(cid, saves=saves, save=save) if cid != SANDBOX else None
    if home is None:
        refuse("--watch: this game plays the built-in sandbox, which has no campaign file")
    return _watch_file(campaign_file(home))


def _watch_file(path: Path) -> CampaignWatch:
    """A watch on ``path``; exit 2 when it is no file the author can edit."""
    from app.session.watching import CampaignWatch

    if path.is_file() and not access(path, W_OK):
        refuse(
            f"--watch: {path} cannot be written, so it will not change while you play: "
            "watch a campaign of your own (dungeon new NAME starts one)"
        )
    return CampaignWatch(path.absolute())


def _check_name(name: str, folder: Path) -> None:
    """Exit 2 on a save name that can never be written (before anything starts)."""
    from app.saves import SaveError, save_path

    if not name.isprintable():  # a newline or escape would be trimmed, not seen
        refuse(f"bad save name {name!r}: no line breaks or control characters")
    try:
        save_path(name, folder)
    except SaveError as error:
        refuse(str(error))


def _refuse_taken(name: str, folder: Path) -> None:
    """Exit 2 when a save already has the name a new game asks for (a damaged one does not
    count: it is set aside, kept, when the game first saves), or the name but for case."""
    from app.saves import save_path
    from app.saves.names import same_but_case
    from app.session.keeping import name_taken

    if name_taken(name, folder):
        path = save_path(name, folder)
        other = path if path.exists() else same_but_case(path)
        real = other.name.removesuffix(".toml") if other is not None else name
        refuse(f"a save named {real} exists: --load {real} to continue it, or choose another name")


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
            refuse(
                f"bad --player {spec!r}: use Name=id,id with ids from "
                f"{', '.join(story.campaign.party)}"
            )
        if any(seated.casefold() == name.casefold() for seated in seats):
            refuse(
                f"--player {name} is given twice: give all of a player's characters in one, "
                f"e.g. --player '{name}=id,id'"
            )
        for cid in chars:
            if cid in owner:
                who = "twice to" if owner[cid] == name else f"to both {owner[cid]} and"
                refuse(f"--player: {cid} is given {who} {name}: each character has one player")
            owner[cid] = name
        seats[name] = chars
    return seats


def _own_characters(
    story: Campaign, specs: list[str], party: str | None, folder: Path
) -> dict[str, CharacterSheet]:
    """The players' own characters by the pregen each replaces (``--character mira=NAME``,
    ``--party a,b``); exit 2 with the reason when one cannot be read or cannot join."""
    from app.world.characters import CharacterFileError, cast_party, find_character

    by_slot: dict[str, CharacterSheet] = {}
    try:
        for spec in specs:
            slot, sep, name = spec.partition("=")
            if not sep or not slot.strip() or not name.strip():
                refuse(
                    f"bad --character {spec!r}: use pregen=NAME with a pregen of "
                    f"{', '.join(story.campaign.party)}"
                )
            if slot.strip() in by_slot:
                refuse(f"--character {slot.strip()} is given twice")
            by_slot[slot.strip()] = find_character(name, folder)[1]
        in_order = [find_character(n, folder)[1] for n in (party or "").split(",") if n.strip()]
        if party is not None and not in_order:
            refuse("--party needs character names, files or ids, comma-separated")
        return cast_party(story, by_slot, in_order)
    except CharacterFileError as error:
        refuse(str(error))
