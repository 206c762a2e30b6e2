"""``dungeon ledger SAVE``: a saved game's ledger, for authors — every event in order
(``seq turn scene kind: line``) from the story's finished turns and the turn in progress,
filtered by kind, actor, scene, turn, or the newest N; ``--json`` prints one object a line.
A save is only read, never written."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from app.cli.common import console, err_console, load_saved, refuse
from app.world.folders import SAVES_DIR

MOST = 10**9
"""A bound on turn numbers and ``--last`` (more than any game plays)."""


def _turns(given: str | None) -> tuple[int, int] | None:
    """``N`` or ``A..B`` as the first and last turn (both included)."""
    if given is None:
        return None
    first, dots, last = given.strip().partition("..")
    try:
        low = int(first) if first.strip() else 0
        high = (int(last) if last.strip() else MOST) if dots else low
    except ValueError:
        from app.cli.tool_input import shown

        refuse(f"--turn takes a turn number or a range A..B (e.g. 3 or 2..5), not {shown(given)}")
    if not (0 <= low <= MOST and 0 <= high <= MOST) or low > high:
        refuse(f"--turn {low}..{high}: turns are 0 or more, the first not after the last")
    return low, high


def _kinds(given: list[str] | None) -> frozenset[str] | None:
    from app.cli.tool_input import did_you_mean, shown
    from app.world.ledger import EVENT_KINDS

    if not given:
        return None
    for kind in given:
        if kind not in EVENT_KINDS:
            refuse(f"no event kind {shown(kind)}{did_you_mean(kind, EVENT_KINDS)} "
                   f"(kinds: {', '.join(EVENT_KINDS)})")  # fmt: skip
    return frozenset(given)


def ledger_command(
    save: Annotated[
        str,
        typer.Argument(help="A save name (a backup too: NAME.toml.1) or the path of a .toml file."),
    ],
    kinds: Annotated[
        list[str] | None,
        typer.Option("--kind", help="Only events of this kind (repeatable): speech, action, …"),
    ] = None,
    actor: Annotated[
        str | None, typer.Option(help="Only events whose actor, speaker or NPC is this id.")
    ] = None,
    scene: Annotated[str | None, typer.Option(help="Only events in this scene (its id).")] = None,
    turn: Annotated[
        str | None, typer.Option(help="Only this turn (N) or these turns (A..B, A.., ..B).")
    ] = None,
    last: Annotated[
        int | None, typer.Option(min=1, max=MOST, help="Only the newest N events shown.")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="One JSON object a line.")] = False,
    saves_dir: Annotated[Path, typer.Option(help="Folder of save files.")] = SAVES_DIR,
) -> None:
    """Print a saved game's ledger: what happened, event by event. Exit 2 on a bad argument
    or a save that cannot be read."""
    from app.display.screentext import plain
    from app.world.ledgerread import LedgerFilter, all_events, event_line
    from app.world.ledgerread import events_missing as missing

    wanted = LedgerFilter(
        kinds=_kinds(kinds),
        actor=actor.strip().casefold() if actor is not None else None,
        scene=scene.strip() if scene is not None else None,
        turns=_turns(turn),
        last=last,
    )
    state = load_saved(save, saves_dir).state
    gap = missing(state)
    if gap is not None:
        err_console().print(plain(f"note: {gap}", style="yellow"))
    out = console()
    for event in wanted.apply(all_events(state)):
        if as_json:
            out.out(json.dumps(event.model_dump(mode="json"), ensure_ascii=False))
        else:
            out.out(plain(event_line(event)))
