"""The commands for campaign authors that play a campaign without a player: ``simulate``
(a scripted playthrough), ``balance`` (an encounter fought many times) and ``validate``
(the campaign checked for mistakes before anyone plays it)."""

from __future__ import annotations

import random
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from app.cli_common import EXIT_BAD_INPUT, MAX_SEED, bad, console, err_console, load_story, say

if TYPE_CHECKING:
    from app.dm.brain import Brain
    from app.world.campaign import Campaign
    from rules.character import CharacterSheet

MAX_FOES = 50
"""Foes in one ``balance`` fight, at most (the largest authored fights have a dozen)."""
MAX_FIGHTS = 20_000
"""Fights one ``balance`` run may ask for: enough for odds to a fraction of a percent."""


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
    import asyncio

    from app.dm.brain import BrainError
    from app.dm.config import ConfigError, load_dm_config
    from app.dm.openai_brain import OpenAIBrain
    from app.dm.scripted import ScriptedBrain
    from app.screentext import plain
    from app.session.runner import ScriptError, parse_script, read_script, run_lines
    from app.session.scripting import unknown_ids
    from app.session.session import ending_title
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
    session = start_session(story, seed, dm)
    result = asyncio.run(run_lines(session, lines, say, ledger=True))  # plain, never wrapped
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
    for failure in result.failed:  # file:line, so an editor can jump to it
        summary.append(f"{script}:{failure.line}: {failure.text} — failed "
                       f"({failure.reason}) [seed {seed}]")  # fmt: skip
    for line in summary:
        say(line)
    if result.errors or result.failed or (until_end and ending is None):
        raise typer.Exit(1)


def _foes(story: Campaign, encounter: str | None, monsters: list[str]) -> list[tuple[str, int]]:
    """(stat block id, count) of the fight ``balance`` runs; exits 2 on a bad request."""
    groups: list[tuple[str, int]] = []
    if encounter:
        if encounter not in story.encounters:
            known = ", ".join(story.encounters) or "none"
            raise bad(f"no encounter {encounter!r} (known: {known})")
        groups += [(m.monster, m.count) for m in story.encounters[encounter].monsters]
    for spec in monsters:
        name, colon, count = spec.partition(":")
        if not story.has_monster(name):
            raise bad(f"bad --monster {spec!r}: no monster {name!r} (e.g. goblin:3)")
        if colon and not (count.isascii() and count.isdigit()):
            raise bad(f"bad --monster {spec!r}: the count is a whole number (e.g. goblin:3)")
        number = (int(count) if len(count) <= 9 else MAX_FOES + 1) if colon else 1
        if not 1 <= number <= MAX_FOES:
            raise bad(f"bad --monster {spec!r}: the count is 1 to {MAX_FOES}")
        groups.append((name, number))
    if not groups:
        raise bad("name an --encounter or at least one --monster")
    total = sum(count for _, count in groups)
    if total > MAX_FOES:
        raise bad(f"{total} foes in one fight; at most {MAX_FOES}")
    return groups


def _named(story: Campaign, monster_id: str, count: int) -> str:
    """``2 Goblins`` / ``1 Goblin Boss``: the stat block's name, not its id."""
    name = story.monster(monster_id).name
    return f"{count} {name}" + ("s" if count > 1 and not name.endswith("s") else "")


def _party(story: Campaign, party: str | None) -> list[CharacterSheet]:
    """The characters ``balance`` fields; exits 2 on an empty list, a repeat or a stranger."""
    if party is None:
        ids = list(story.campaign.party)
    else:
        ids = [cid.strip() for cid in party.split(",")]
        if not any(ids):
            raise bad("--party names no character (e.g. --party mira,thorin)")
    known = {sheet.id for sheet in story.characters}
    for cid in ids:
        if cid not in known:
            raise bad(f"no character {cid!r} (known: {', '.join(sorted(known))})")
    if len(set(ids)) != len(ids):
        twice = sorted({cid for cid in ids if ids.count(cid) > 1})
        raise bad(f"--party names {', '.join(twice)} more than once")
    return [story.character(cid) for cid in ids]


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
    from app.dm.referee.skirmish import fight as skirmish
    from app.dm.referee.skirmish import from_monster, from_sheet

    story = load_story(campaign)
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
    foes_text = ", ".join(_named(story, name, count) for name, count in groups)
    typer.echo(f"{', '.join(s.name for s in sheets)} vs {foes_text}: {fights} fights, seed {seed}")
    typer.echo(f"party wins: {wins / fights:.1%}   rounds: {rounds:.1f}")
    typer.echo(f"party HP lost: {lost:.1f} on average   characters down: {down:.2f}")


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

    from app.cli_common import EXIT_INVALID_CAMPAIGN
    from app.dm.validation import campaign_problems
    from app.screentext import plain
    from app.world.campaign import CampaignError, campaign_file, find_campaign
    from app.world.validate import locate_problems

    if output not in ("text", "json"):
        raise bad(f"--format is text or json, not {output!r}")
    out = console()
    story = load_story(campaign, playable=False)
    try:
        path = campaign_file(find_campaign(campaign))
    except CampaignError:  # loaded a moment ago: only a race could get here
        path = Path(campaign)
    found = locate_problems(path, campaign_problems(story))
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
        out.print(
            plain(
                f"{story.campaign.title}: {len(errors)} error(s) stop it being played, "
                f"{len(warnings)} warning(s)"
            )
        )
    else:
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
) -> None:
    """Write the JSON Schema of campaign files, for editor completion and checks (taplo,
    Even Better TOML: put `#:schema ./campaign.schema.json` on a campaign's first line)."""
    from app.world.schemafile import generate, render

    text = render(generate())
    if output is None:
        typer.echo(text, nl=False)
        return
    try:
        output.write_text(text, encoding="utf-8")
    except OSError as error:
        raise bad(f"cannot write {output}: {error.strerror or error}") from None
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
