"""``dungeon playtest``: a campaign's scripts played over many seeds, reported as text (or
JSON) and, with ``--html``, as a page with a scene map an author can open in a browser."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from app.cli.common import bad, err_console, load_story, output_file, say, write_output

MAX_PLAYTEST_SEEDS = 10_000
"""Seeds one ``playtest`` may ask for (each is one run of every script)."""


_REPORT = "<title>Playtest: "
"""How a page this command wrote begins: one it may write over without --force."""


def playtest_command(
    campaign: Annotated[str, typer.Argument(help="Campaign id (shipped) or folder.")],
    seeds: Annotated[
        int, typer.Option(min=1, max=MAX_PLAYTEST_SEEDS, help="Seeds per script (0 to N-1).")
    ] = 20,
    jobs: Annotated[
        int, typer.Option(min=0, max=256, help="Processes to run in (0: every core).")
    ] = 0,
    wanderers: Annotated[
        int,
        typer.Option("--random", min=0, max=100, help="Automatic players per seed (0: none)."),
    ] = 1,
    max_turns: Annotated[
        int, typer.Option(min=1, max=10_000, help="Lines an automatic player types at most.")
    ] = 80,
    output: Annotated[str, typer.Option("--format", help="text or json.")] = "text",
    html: Annotated[
        Path | None,
        typer.Option(
            "--html",
            metavar="PATH",
            help="Also write the report as a web page with a scene map (opens offline).",
        ),
    ] = None,
    force: Annotated[
        bool, typer.Option("--force", help="Let --html write over an existing file.")
    ] = False,
    require_all_endings: Annotated[
        bool,
        typer.Option("--require-all-endings", help="Fail (exit 1) if an ending is never reached."),
    ] = False,
) -> None:
    """Play the campaign's scripts over many seeds and report what was reached — and what
    never was. Exit 1 when a script never passes, the game reported an error, or (with
    --require-all-endings) an ending is never reached."""
    import json

    from app.authoring.playtest import RANDOM, default_jobs, report, run_all, scripts_of
    from app.authoring.playtest_text import render
    from app.session.runner import ScriptError, read_script
    from app.world.campaignfile import find_campaign

    if output not in ("text", "json"):
        raise bad(f"--format is text or json, not {output!r}")
    if html is not None:
        output_file(html, "--html", force=force, same_kind=lambda head: _REPORT in head)
    story = load_story(campaign)
    folder = find_campaign(campaign).resolve()
    scripts = scripts_of(folder)
    if not scripts and not wanderers:
        raise bad(f"{campaign}: nothing to play: no scripts/*.txt beside campaign.toml, --random 0")
    for script in scripts:  # a script that cannot be read is said before anything is played
        try:
            read_script(script)
        except ScriptError as error:
            raise bad(str(error)) from None
    try:
        runs = run_all(folder, scripts, seeds, jobs or default_jobs(), wanderers, max_turns)
    except KeyboardInterrupt:
        err_console().print("stopped: no report for runs cut short", markup=False)
        raise typer.Exit(130) from None
    except ScriptError as error:  # (a script changed while it was played)
        raise bad(str(error)) from None
    found = report(story, runs)
    if output == "json":
        typer.echo(
            json.dumps(
                {
                    "campaign": found.campaign,
                    "endings": dict(found.endings),
                    "never": found.never,
                    "runs": [r.model_dump() for r in found.runs],
                },
                indent=2,
            )
        )
    else:
        for line in render(found):
            say(line)
    if html is not None:
        from app.authoring.playtest_html import page

        write_output(html, page(found, story))
        if output == "json":  # standard output holds the JSON alone
            err_console().print(f"wrote {html}", markup=False, highlight=False)
        else:
            say(f"wrote {html}")
    never_passes = any(ok == 0 for name, (ok, _, _) in found.scripts().items() if name != RANDOM)
    errors = any(r.errors for r in found.runs)
    if never_passes or errors or (require_all_endings and found.never["endings"]):
        raise typer.Exit(1)
