"""``dungeon campaigns``: the campaigns there are to play, with what each is about.

A player deciding what to play, or an author checking that a new campaign is found, sees
each campaign's id (what ``--campaign`` takes), title, levels, party and one-line summary.
A folder whose campaign cannot be loaded is listed with the first problem and the command
that says more, never a traceback.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from app.world.folders import CAMPAIGNS_DIR


def campaigns_command(
    folder: Annotated[
        Path, typer.Option("--dir", help="A folder of campaigns (default: the shipped ones).")
    ] = CAMPAIGNS_DIR,
) -> None:
    """List the campaigns to play: id, title, levels, party and what each is about."""
    from app.world.campaignfile import CampaignError, load_campaign

    try:
        found = sorted(p for p in folder.iterdir() if (p / "campaign.toml").is_file())
    except OSError as error:
        typer.echo(f"no campaigns in {folder}: {error.strerror or error}")
        raise typer.Exit(2) from None
    if not found:
        typer.echo(f"no campaigns in {folder}")
        return
    for path in found:
        try:
            story = load_campaign(path)
        except CampaignError as error:
            first = str(error).strip().splitlines()[0]
            typer.echo(f"{path.name}  (cannot be played: {first}; dungeon validate {path})\n")
            continue
        meta = story.campaign
        low, high = meta.levels
        levels = f"level {low}" if low == high else f"levels {low}-{high}"
        names = {c.id: c.name for c in story.characters}
        party = ", ".join(names.get(cid, cid) for cid in meta.party)
        typer.echo(f"{meta.id}  {meta.title} ({levels}; party: {party})")
        if meta.summary:
            typer.echo(f"    {meta.summary}")
        named = meta.id if folder == CAMPAIGNS_DIR else str(path)  # (others by their path)
        typer.echo(f"    dungeon play --campaign {named}\n")
