"""``dungeon balance``: an encounter, stat blocks, or the fight a save stopped in, fought many
times by the rules alone with the referee's tactics — the party fresh from the campaign or
as a save has it — and the odds it comes to, with one fight's log on request. The fighting
and the figures are :mod:`app.authoring.balance`; here are the options and their checks."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from app.cli.common import MAX_SEED, bad, load_saved, load_story, say
from app.world.folders import SAVES_DIR

if TYPE_CHECKING:
    from app.authoring.balance import Foe, Group
    from app.world.campaign import Campaign
    from app.world.state import GameState
    from rules.character import CharacterSheet

MAX_FOES = 50
"""Foes in one ``balance`` fight, at most (the largest authored fights have a dozen)."""
MAX_FIGHTS = 20_000
"""Fights one ``balance`` run may ask for: enough for odds to a fraction of a percent."""


def _foes(story: Campaign, encounter: str | None, monsters: list[str]) -> list[Group]:
    """(stat block id, count, own name, morale) of the fight ``balance`` runs; exits 2 on a bad
    request. ``[]`` when neither an encounter nor a monster is named."""
    groups: list[Group] = []
    if encounter:
        if encounter not in story.encounters:
            known = ", ".join(story.encounters) or "none"
            raise bad(f"no encounter {encounter!r} (known: {known})")
        groups += [
            (m.monster, m.count, m.name, m.morale) for m in story.encounters[encounter].monsters
        ]
    for spec in monsters:
        name, colon, count = spec.partition(":")
        if not story.has_monster(name):
            raise bad(f"bad --monster {spec!r}: no monster {name!r} (e.g. goblin:3)")
        if colon and not (count.isascii() and count.isdigit()):
            raise bad(f"bad --monster {spec!r}: the count is a whole number (e.g. goblin:3)")
        number = (int(count) if len(count) <= 9 else MAX_FOES + 1) if colon else 1
        if not 1 <= number <= MAX_FOES:
            raise bad(f"bad --monster {spec!r}: the count is 1 to {MAX_FOES}")
        groups.append((name, number, None, None))
    total = sum(group[1] for group in groups)
    if total > MAX_FOES:
        raise bad(f"{total} foes in one fight; at most {MAX_FOES}")
    return groups


def _party(
    sheets: dict[str, CharacterSheet], default: list[str], party: str | None
) -> list[CharacterSheet]:
    """The characters ``balance`` fields, of ``sheets`` (the campaign's, or a save's
    party); exits 2 on an empty list, a repeat or a stranger."""
    if party is None:
        ids = default
    else:
        ids = [cid.strip() for cid in party.split(",")]
        if not any(ids):
            raise bad("--party names no character (e.g. --party mira,thorin)")
    for cid in ids:
        if cid not in sheets:
            raise bad(f"no character {cid!r} (known: {', '.join(sorted(sheets))})")
    if len(set(ids)) != len(ids):
        twice = sorted({cid for cid in ids if ids.count(cid) > 1})
        raise bad(f"--party names {', '.join(twice)} more than once")
    return [sheets[cid] for cid in ids]


def _saved_game(story: Campaign, load: str, folder: Path) -> GameState:
    """The game of ``--load``, checked to be a game of this campaign; exits 2 otherwise."""
    from app.saves.document import refusal
    from app.saves.sanity import check_campaign

    loaded = load_saved(load, folder)
    state = loaded.state
    if state.campaign_id != story.campaign.id:
        raise bad(
            f"{loaded.path}: a game of {state.campaign_id!r}, not of {story.campaign.id!r} "
            f"(dungeon balance {state.campaign_id} --load {load})"
        )
    problems = check_campaign(state, story)
    if problems:
        raise bad(str(refusal(loaded.path, problems)))
    return state


def _hp(ally: Foe) -> str:
    """``4/11 HP``: a companion's hit points as the save has them."""
    vitals = ally.creature.vitals if ally.creature is not None else None
    return f"{vitals.hp}/{vitals.max_hp} HP" if vitals is not None else ""


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
    load: Annotated[
        str | None,
        typer.Option(
            help="Field the party as a saved game has it (HP, slots, uses, conditions); "
            "without --encounter or --monster, fight the save's fight from where it stands. "
            "A save's name or the path of a .toml save."
        ),
    ] = None,
    saves_dir: Annotated[Path, typer.Option(help="Folder of save files.")] = SAVES_DIR,
    show: Annotated[
        int | None,
        typer.Option(
            "--log", min=1, max=MAX_FIGHTS, help="Print fight number N blow by blow first."
        ),
    ] = None,
) -> None:
    """Fight an encounter many times with the referee's tactics and report the odds, and
    how often each fighter goes down and what it deals. --load starts from where a saved
    game left the party (or goes on with its fight); --log N shows fight N blow by blow."""
    from app.authoring.balance import (
        BalanceError,
        Lineup,
        companions,
        foes_text,
        named_foes,
        party_text,
        run,
        saved_fight,
        summary,
    )

    story = load_story(campaign)
    groups = _foes(story, encounter, monsters or [])
    if not groups and load is None:
        raise bad("name an --encounter or at least one --monster (or --load a saved fight)")
    if show is not None and show > fights:
        raise bad(f"--log {show}: there are only {fights} fights (--fights)")
    state = _saved_game(story, load, saves_dir) if load is not None else None
    if state is not None:
        sheets = _party(state.party, list(state.party), party)
    else:
        sheets = _party({s.id: s for s in story.characters}, list(story.campaign.party), party)
    try:
        if groups:
            allies = companions(state, story) if state is not None else []
            lineup = Lineup(sheets, named_foes(story, groups), allies=allies)
        else:
            assert state is not None
            lineup = saved_fight(state, story, sheets)
    except BalanceError as error:
        raise bad(f"{load}: {error}") from None
    report = run(lineup, fights, seed, show)
    if show is not None:
        say(f"== fight {show} of {fights}, seed {seed} ==")
        for line in report.log:
            say(line)
        say("")
    side = [s.name for s in sheets] + [a.name for a in lineup.allies]
    say(f"{', '.join(side)} vs {foes_text(lineup)}: {fights} fights, seed {seed}")
    if state is not None:
        where = "its fight, round " + str(lineup.first_round) if lineup.order else state.scene.name
        beside = "".join(f", {a.name} {_hp(a)} (companion)" for a in lineup.allies)
        say(f"from the save at turn {state.turn} ({where}): {party_text(sheets)}{beside}")
    for line in summary(report):
        say(line)
