"""``dungeon dm-check``: can this model DM? The connection test first (is the endpoint there,
does it have the model, can it call tools), then the battery of short scripted scenes
(:mod:`app.cli.dmcheck_scenes`) played through the game's own session, then the scorecard
(:mod:`app.cli.dmcheck_score`) with its verdict and the settings to change. The DM settings
are ``dungeon play``'s: the options, then the environment, then the config file."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Annotated, NoReturn

import typer

from app.cli.common import err_console, refuse

if TYPE_CHECKING:
    from app.dm.config import DMConfig

EXIT_CANNOT_CHECK = 1
"""The endpoint could not be checked (unreachable, no such model, no tool calls)."""


def dm_check_command(
    model: Annotated[str | None, typer.Option(help="DM model name.")] = None,
    base_url: Annotated[
        str | None, typer.Option(help="OpenAI-compatible endpoint, e.g. http://localhost:11434/v1")
    ] = None,
    api_key: Annotated[str | None, typer.Option(help="API key (or DUNGEON_DM_API_KEY).")] = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print the scorecard as JSON, for sharing.")
    ] = False,
) -> None:
    """Check whether a model can DM: play a few short scripted scenes (a challenge, a talk,
    a whole fight, a hotseat turn, two common mistakes) with a fixed seed and print a
    scorecard — valid tool calls, right ids, turns lost, dice claimed without a roll,
    fights ended rightly, tokens and seconds per turn — with a verdict and what to change."""
    from app.dm.config import ConfigError, load_dm_config

    try:
        config = load_dm_config(model=model, base_url=base_url, api_key=api_key)
    except ConfigError as error:
        refuse(str(error))
    if not config.configured:
        refuse(
            "no AI DM is configured: give --base-url (a local server, e.g. "
            "http://localhost:11434/v1) or --api-key, or set DUNGEON_DM_BASE_URL or "
            "DUNGEON_DM_API_KEY"
        )
    import asyncio

    try:
        card = asyncio.run(_check(config, quiet=as_json))
    except KeyboardInterrupt:
        err_console().print("stopped: no scorecard", style="yellow", markup=False)
        raise typer.Exit(130) from None
    except typer.Exit:
        raise
    except Exception as error:  # the check must end in words, never a traceback
        _fail(f"the check stopped unexpectedly ({type(error).__name__}: {error})")
    if as_json:
        typer.echo(json.dumps(card, indent=2, ensure_ascii=False))
    else:
        from app.cli.dmcheck_score import Scorecard, card_text

        typer.echo(card_text(Scorecard.model_validate(card)))  # plain: long lines unwrapped


def _fail(message: str) -> NoReturn:
    """Print why the check cannot go on, and exit 1."""
    from app.display.screentext import plain

    err_console().print(plain(f"error: {message}", style="red"))
    raise typer.Exit(EXIT_CANNOT_CHECK)


async def _check(config: DMConfig, *, quiet: bool) -> dict[str, object]:
    """The connection test, then the battery: the scorecard as data."""
    from app.cli.dmcheck_scenes import run_battery
    from app.cli.dmcheck_score import score
    from app.dm.connection import check_connection
    from app.dm.openai_brain import OpenAIBrain

    def say(line: str) -> None:
        if not quiet:
            err_console().print(line, style="dim", markup=False)

    report = await check_connection(config, progress=say)
    if report.verdict == "bad":
        why = "; ".join(text for mark, text in report.lines if mark == "bad")
        _fail(f"the DM cannot be checked: {why or 'the endpoint did not answer'}")
    for mark, text in report.lines:
        if mark == "warn":
            err_console().print(f"warning: {text}", style="yellow", markup=False)
    brain = OpenAIBrain(config)
    try:
        results = await run_battery(brain, progress=say)
    finally:
        await brain.aclose()
    card = score(results, config.model, config.describe(), config.strict)
    return card.model_dump(mode="json")
