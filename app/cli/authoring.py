"""The commands for campaign authors that play a campaign without a player: ``simulate``
(a scripted playthrough), ``playtest`` (the scripts over many seeds) and ``validate`` (the
campaign checked for mistakes before anyone plays it) — and ``new``, ``schema`` and
``list``, which help write one. ``balance`` lives in :mod:`app.cli.balance`."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from app.cli.common import EXIT_BAD_INPUT, MAX_SEED, bad, console, err_console, load_story, say

if TYPE_CHECKING:
    from app.dm.brain import Brain


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
    scene: Annotated[
        str | None,
        typer.Option(
            help="Start mid-story: first walk the party into this scene (id or name), as in "
            "play — its restriction applies and its fight starts on a first visit."
        ),
    ] = None,
    flags: Annotated[
        list[str] | None,
        typer.Option(
            "--flag",
            help="Start mid-story: first set a story flag, KEY=VALUE (true, false, a whole "
            "number or text; repeatable). After --flag and --scene the triggers run.",
        ),
    ] = None,
) -> None:
    """Play a campaign headless from a script and print the transcript and a summary.
    With --scene and --flag the script starts mid-story, as ``dungeon tool`` does."""
    import asyncio

    from app.actions.endings import ending_title
    from app.cli.tool_check import set_up
    from app.cli.tool_input import InputError, flag_values
    from app.display.screentext import plain
    from app.dm.brain import BrainError
    from app.dm.config import ConfigError, load_dm_config
    from app.dm.openai_brain import OpenAIBrain
    from app.dm.scripted import ScriptedBrain
    from app.session.runner import ScriptError, parse_script, read_script, render_event, run_lines
    from app.session.scripting import unknown_ids
    from app.session.setup import start_session

    story = load_story(campaign)
    try:
        lines = read_script(script)
    except ScriptError as error:
        err_console().print(plain(f"error: {error}", style="red"))
        raise typer.Exit(EXIT_BAD_INPUT) from None
    dm: Brain | None = None
    if brain == "scripted":
        if brain_file is None:
            err_console().print("error: --brain scripted needs --brain-file", style="red")
            raise typer.Exit(EXIT_BAD_INPUT)
        try:
            dm = ScriptedBrain.from_file(brain_file)
        except BrainError as error:
            err_console().print(plain(f"error: {error.message}", style="red"))
            raise typer.Exit(EXIT_BAD_INPUT) from None
    elif brain == "openai":
        try:
            dm = OpenAIBrain(load_dm_config(model=model, base_url=base_url))
        except ConfigError as error:
            err_console().print(plain(f"error: {error}", style="red"))
            raise typer.Exit(EXIT_BAD_INPUT) from None
    elif brain != "offline":
        err_console().print(
            f"error: unknown brain {brain!r} (offline, scripted, openai)", style="red"
        )
        raise typer.Exit(EXIT_BAD_INPUT)
    unknown = unknown_ids(parse_script(lines), story)
    if unknown:  # before anything runs: a misspelt id would fail only at the end
        for message in unknown:
            err_console().print(plain(f"error: {script}: {message}", style="red"))
        raise typer.Exit(EXIT_BAD_INPUT)
    try:
        wanted = flag_values(flags or [])
    except InputError as error:
        err_console().print(plain(f"error: {error}", style="red"))
        raise typer.Exit(EXIT_BAD_INPUT) from None
    session = start_session(story, seed, dm)
    if scene is not None or wanted:
        for event in set_up(session.state, wanted, scene, "set up to start mid-story"):
            shown = render_event(event)
            if shown:
                say(f"set-up: {shown.strip()}")
        say("")
    result = asyncio.run(run_lines(session, lines, say, ledger=True))  # plain, never wrapped
    state = session.state
    summary = [
        "== summary ==",
        f"turns: {result.turns}   scene: {state.scene.name}   mode: {session.mode}",
    ]
    for sheet in state.party.values():
        vitals = sheet.vitals
        summary.append(f"{sheet.name}: {vitals.hp}/{vitals.max_hp} HP, {vitals.state.value}")
    for ally in (c for c in state.creatures.values() if c.side == "party"):
        vitals = ally.vitals
        summary.append(f"{ally.name} (companion): {vitals.hp}/{vitals.max_hp} HP, "
                       f"{vitals.state.value}")  # fmt: skip
    if state.flags:
        summary.append("flags: " + ", ".join(f"{k}={v}" for k, v in sorted(state.flags.items())))
    ending = ending_title(state)
    summary.append(f"ending: {ending or 'none reached'}")
    for failure in result.failed:  # file:line, so an editor can jump to it
        summary.append(f"{script}:{failure.line}: {failure.text} — failed "
                       f"({failure.reason}) [seed {seed}]")  # fmt: skip
    for line in summary:
        say(line)
    if result.errors or result.failed or (until_end and ending is None):
        raise typer.Exit(1)


def validate_command(
    campaign: Annotated[str, typer.Argument(help="Campaign id (shipped) or folder.")],
    strict: Annotated[
        bool, typer.Option("--strict", help="Treat warnings as problems (exit 3).")
    ] = False,
    output: Annotated[str, typer.Option("--format", help="text or json (for editors and CI).")] = (
        "text"
    ),
) -> None:
    """Check a campaign: schema, types, references, reachable scenes, endings, triggers,
    and warnings for what is unused or can never happen — flags never set or never read,
    challenge phrases the game reads as something else, text naming someone who is never
    there. What follows from another problem is listed under it. Exit 3 when invalid."""
    import json
    import re

    from app.authoring.validation import campaign_problems
    from app.cli.common import EXIT_INVALID_CAMPAIGN
    from app.display.screentext import plain
    from app.world.campaignfile import CampaignError, campaign_file, find_campaign, load_campaign
    from app.world.validate import locate_problems

    if output not in ("text", "json"):
        raise bad(f"--format is text or json, not {output!r}")
    out = console()
    try:
        path = campaign_file(find_campaign(campaign))
    except CampaignError as error:
        raise bad(str(error)) from None
    try:
        loaded = load_campaign(path, playable=False)
    except CampaignError as error:
        if not error.problems:  # not read far enough to list them one by one
            if output == "json":  # (still the documented list: one problem, where it is)
                at = re.search(r"line (\d+), column (\d+)", str(error))
                typer.echo(json.dumps([{
                    "severity": "error", "file": str(path),
                    "line": int(at.group(1)) if at else None,
                    "col": int(at.group(2)) if at else None,
                    "kind": "file", "path": "", "message": str(error), "because": None,
                }], indent=2))  # fmt: skip
            else:
                err_console().print(plain(f"error: {error}", style="red"))
            raise typer.Exit(EXIT_INVALID_CAMPAIGN) from None
        story, found = None, locate_problems(path, list(error.problems))
    else:  # what the schema refused is listed as everything else is
        story, found = loaded, locate_problems(path, campaign_problems(loaded))
    errors = [p for p in found if p.severity == "error"]
    warnings = [p for p in found if p.severity == "warning"]
    failed = bool(errors) or (strict and bool(warnings))
    if output == "json":
        typer.echo(json.dumps([p.as_dict() for p in found], indent=2))
        if failed:
            raise typer.Exit(EXIT_INVALID_CAMPAIGN)
        return
    said_warnings = False
    for problem in found:  # each root, then what follows from it, indented under it
        style = "red" if problem.severity == "error" else "yellow"
        if problem.because is not None:
            text = f"  because of the above: {problem.text()}"
        else:
            if errors and style == "yellow" and not said_warnings:
                out.print(plain("warnings (some may follow from the errors above):"))
            said_warnings = said_warnings or style == "yellow"
            text = problem.text()
        out.print(plain(text, style=style), soft_wrap=True)  # one line: copyable
    if found:
        title = story.campaign.title if story is not None else str(path)
        out.print(  # one line, however long the file's path in it (copyable, grep-able)
            plain(
                f"{title}: {len(errors)} error(s) stop it being played, {len(warnings)} warning(s)"
            ),
            soft_wrap=True,
        )
    elif story is not None:
        out.print(
            plain(
                f"ok: {story.campaign.title} — {len(story.scenes)} scenes, "
                f"{len(story.challenges)} challenges, {len(story.encounters)} encounters, "
                f"{len(story.triggers)} triggers, {len(story.endings)} endings"
            )
        )
    if failed:
        raise typer.Exit(EXIT_INVALID_CAMPAIGN)


def schema_command(
    output: Annotated[
        Path | None, typer.Option(help="Write the schema to this file (default: print it).")
    ] = None,
    force: Annotated[
        bool, typer.Option("--force", help="Write over an existing file that is no schema.")
    ] = False,
) -> None:
    """Write the JSON Schema of campaign files, for editor completion and checks (taplo,
    Even Better TOML: put `#:schema ./campaign.schema.json` on a campaign's first line).
    An older schema is written over; any other existing file only with --force, and never
    a campaign's or a saved game's own file."""
    from app.cli.common import output_file, write_output
    from app.world.schemafile import generate, render

    text = render(generate())
    if output is None:
        typer.echo(text, nl=False)
        return
    output_file(
        output,
        "--output",
        force=force,
        same_kind=lambda head: head.lstrip().startswith("{") and '"$defs"' in head,
    )
    write_output(output, text)
    typer.echo(f"wrote {output}")


def list_command(
    kind: Annotated[
        str,
        typer.Argument(
            help="monsters, spells, weapons, armor, conditions, skills, abilities or damage-types."
        ),
    ],
    campaign: Annotated[
        str | None, typer.Option(help="Also list this campaign's own monsters.")
    ] = None,
    search: Annotated[str, typer.Option(help="Only rows containing this text.")] = "",
) -> None:
    """List the ids a campaign can use, beside their names."""
    from app.authoring.listing import KINDS, rows

    if kind not in KINDS:
        raise bad(f"nothing to list called {kind!r}; choose one of {', '.join(KINDS)}")
    found = rows(kind, search)
    if campaign is not None and kind == "monsters":
        story = load_story(campaign)
        own = [(k, m.name, f"CR {m.cr}, {m.type}, AC {m.ac} (campaign)")
               for k, m in story.monsters.items()]  # fmt: skip
        needle = search.lower()
        found = sorted(
            [r for r in own if needle in " ".join(r).lower()]
            + [r for r in found if r[0] not in story.monsters]
        )
    if not found:
        typer.echo(f"no {kind} match {search!r}")
        return
    width = max(len(r[0]) for r in found)
    name_width = max(len(r[1]) for r in found)
    for rid, name, more in found:
        typer.echo(f"{rid:<{width}}  {name:<{name_width}}  {more}".rstrip())


def new_command(
    name: Annotated[str, typer.Argument(help="The new campaign's id (e.g. the-old-mill).")],
    folder: Annotated[
        Path, typer.Option("--dir", help="Where to make its folder (default: here).")
    ] = Path(),
) -> None:
    """Start a new campaign: a small working one, with a script that reaches its ending."""
    from app.authoring.scaffold import ScaffoldError, scaffold

    try:
        made = scaffold(name, folder)
    except ScaffoldError as error:
        raise bad(str(error)) from None
    typer.echo(f"made {made}/ (campaign.toml, scripts/walkthrough.txt, campaign.schema.json)")
    typer.echo(f"next: dungeon validate {made}")
    typer.echo(f"      dungeon simulate {made} --script {made}/scripts/walkthrough.txt --seed 1")
    typer.echo(f"      dungeon play --campaign {made} --watch   (takes in each edit you save)")
