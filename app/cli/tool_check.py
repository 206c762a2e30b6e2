"""The function check behind ``dungeon tool``: one DM tool run, as the DM would call it, in
a fresh game, a saved one, or a chosen scene with chosen flags; the result the DM would
read and the events the players would see are printed. A loaded save is only read, never
written."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import typer
from rich.console import Console

from app.actions import args as a
from app.actions.calls import ToolCall
from app.actions.campaign_tools import enter_scene
from app.actions.events import NarrativeChunk, SessionEvent
from app.actions.registry import ToolSet
from app.actions.sets import ALL_TOOLS
from app.actions.world_tools import set_flag_tool
from app.cli.common import (
    DEFAULT_CAMPAIGN,
    bad,
    console,
    err_console,
    load_saved,
    load_story,
    refuse,
)
from app.cli.tool_input import InputError, did_you_mean, flag_values, shown, tool_arguments
from app.display.screentext import plain
from app.display.tablelog import log_entry
from app.saves import SaveError
from app.session.runner import render_event
from app.session.session import GameSession
from app.session.setup import resume_session, start_session
from app.session.triggers import run_triggers
from app.world.campaign import Campaign
from app.world.campaignfile import CampaignError
from app.world.spec import FlagValue
from app.world.state import GameState

SETUP_REASON = "set up for a tool check"
"""Why the ledger of the game says the party moved (the game is never saved)."""
LIST_WIDTH = 100
"""Characters of a ``--list`` line when the output is not a terminal."""


def run_check(
    name: str | None,
    given: list[str],
    *,
    campaign: str | None,
    seed: int | None,
    load_save: str | None,
    saves_dir: Path,
    scene: str | None,
    flags: list[str],
    list_tools: bool,
    schema: bool,
) -> None:
    """Run one DM tool as ``dungeon tool`` was asked to (see :mod:`app.cli.tool` for what
    each option means): print its result and events, exit 1 when the tool refuses, 2 on
    bad input."""
    if list_tools and (name is not None or schema):
        refuse("--list lists every tool: give it no tool name and no --schema")
    if not list_tools:
        if name is None:
            refuse("name a tool, e.g. dungeon tool get_encounter (dungeon tool --list shows them)")
        if name not in ALL_TOOLS.tools:
            refuse(
                f"no tool {shown(name)}{did_you_mean(name, ALL_TOOLS.names)} "
                f"(tools: {', '.join(sorted(ALL_TOOLS.names))})"
            )
        if schema and given:
            refuse("--schema prints the tool's schema: give it no arguments")
    try:
        call = None if list_tools or schema else _arguments(name, given)
        wanted_flags = flag_values(flags)
    except InputError as error:
        raise bad(str(error)) from None
    if load_save is not None and (campaign is not None or seed is not None):
        refuse("--campaign and --seed start a fresh game; a saved game (--load) has its own")
    session = _game(load_save, saves_dir, campaign, seed)
    out = console()
    for event in set_up(session.state, wanted_flags, scene):
        line = _rendered(event)
        if line:
            err_console().print(plain(f"set-up: {line}", style="dim"), soft_wrap=True)
    if list_tools:
        _list(out, session)
        return
    assert name is not None
    if schema:
        _schema(out, session, name)
        return
    assert call is not None
    _note_offered(session, name)
    outcome = ALL_TOOLS.execute(call, session.state)
    out.print_json(json.dumps(outcome.result, ensure_ascii=False))
    for event in outcome.events:
        line = _rendered(event)
        if line:
            out.print(plain(line, style="dim"), soft_wrap=True)
    if not outcome.ok:
        raise typer.Exit(1)


def _arguments(name: str | None, given: Sequence[str]) -> ToolCall:
    assert name is not None
    return ToolCall("cli", name, tool_arguments(name, ALL_TOOLS.tools[name].args, given))


def _game(
    load_save: str | None, folder: Path, campaign: str | None, seed: int | None
) -> GameSession:
    """The game the tool runs in: a save loaded (and joined to its campaign) as play loads
    it, or a fresh game of the campaign."""
    if load_save is None:
        story = load_story(DEFAULT_CAMPAIGN if campaign is None else campaign)
        return start_session(story, 0 if seed is None else seed)
    loaded = load_saved(load_save, folder)
    try:
        return resume_session(loaded.state, save=loaded.path)
    except (SaveError, CampaignError) as error:
        raise bad(str(error)) from None


def set_up(
    state: GameState,
    flags: dict[str, FlagValue],
    scene: str | None,
    reason: str = SETUP_REASON,
) -> list[SessionEvent]:
    """Set the flags, walk into the scene, then let the triggers fire as after a turn (as
    ``dungeon tool`` and ``dungeon simulate`` start mid-story). Exit 2 on a scene that
    does not exist or one the party cannot walk to out of a fight."""
    events: list[SessionEvent] = []
    campaign = state.campaign
    known = _campaign_flags(campaign) if campaign is not None else set()
    for key, value in flags.items():
        if campaign is not None and key not in known:
            err_console().print(
                plain(
                    f"note: the campaign never uses the flag {key!r}{did_you_mean(key, known)}",
                    style="yellow",
                )
            )
        events += set_flag_tool(a.SetFlagArgs(name=key, value=value), state).events
    if scene is not None:
        target = _scene_id(state, scene)
        if target == state.scene.id:
            err_console().print(plain(f"note: the party is already in {target}", style="yellow"))
        elif state.encounter is not None:
            refuse(
                f"--scene {target}: the party is in a fight (round {state.encounter.round}) and "
                "cannot walk out of it; win or flee the fight in a game, or load a save out of "
                "combat"
            )
        else:
            events += enter_scene(state, target, reason)
    if flags or scene is not None:
        done = run_triggers(state, "set_up")
        events += done.events + [NarrativeChunk(text=text) for text in done.texts + done.replies]
    return events


def _scene_id(state: GameState, wanted: str) -> str:
    """The scene ``--scene`` names, by id or by name (any case); exit 2 with the scenes."""
    if wanted in state.scenes:
        return wanted
    said = wanted.strip().casefold()
    for sid, spec in state.scenes.items():
        if said in (sid.casefold(), spec.name.casefold()):
            return sid
    listing = ", ".join(f"{sid} ({spec.name})" for sid, spec in state.scenes.items())
    raise bad(f"no scene {shown(wanted)}{did_you_mean(wanted, state.scenes)} (scenes: {listing})")


def _campaign_flags(campaign: Campaign) -> set[str]:
    """Every flag the campaign reads or sets (``flag``, ``requires_flag``, ``set_flags``),
    and the ``met_<npc>`` flags talking sets."""
    found = {f"met_{npc}" for npc in campaign.npcs}

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            for key, value in node.items():
                if key in ("flag", "requires_flag") and isinstance(value, str):
                    found.add(value)
                elif key == "set_flags" and isinstance(value, dict):
                    found.update(value)
                walk(value)
        elif isinstance(node, list):
            for item in node:
                walk(item)

    walk(campaign.model_dump())
    return found


def _offered(session: GameSession, name: str) -> list[str]:
    return [mode for mode, state in session.states.items() if name in state.tools.names]


def _note_offered(session: GameSession, name: str) -> None:
    """Say so when the DM could not call this tool where the game stands."""
    offered = _offered(session, name)
    if session.mode not in offered:
        where = f"only in {', '.join(offered)}" if offered else "in no game state"
        err_console().print(
            plain(f"note: the DM is offered {name} {where}, not in {session.mode}", style="yellow")
        )


def _summary(description: str, room: int) -> str:
    """A tool's description cut to its first sentence and to ``room`` characters."""
    first = description.split(". ", 1)[0].rstrip(".") + "."
    return first if len(first) <= room else first[: room - 1] + "…"


def _list(out: Console, session: GameSession) -> None:
    """The tools of each game state, as the DM gets them."""
    width = max(len(n) for n in ALL_TOOLS.names) + 2
    room = max(20, (out.width if out.is_terminal else LIST_WIDTH) - width - 3)
    sets: list[tuple[str, ToolSet]] = [(m, s.tools) for m, s in session.states.items()]
    offered = {n for _, tools in sets for n in tools.names}
    unoffered = [t for t in ALL_TOOLS.tools.values() if t.name not in offered]
    for mode, tools in sets:
        now = " — the game is here now" if mode == session.mode else ""
        out.print(plain(f"{mode} ({len(tools.tools)} tools{now}):", style="bold"))
        for tool in tools.tools.values():
            out.print(
                plain(f"  {tool.name:<{width}}{_summary(tool.description, room)}"), soft_wrap=True
            )
    if unoffered:
        out.print(plain("only here (the DM is not offered them):", style="bold"))
        for tool in unoffered:
            out.print(
                plain(f"  {tool.name:<{width}}{_summary(tool.description, room)}"), soft_wrap=True
            )


def _schema(out: Console, session: GameSession, name: str) -> None:
    """The schema the DM is sent for a tool, from the set of a state that offers it."""
    sets = [s.tools for s in session.states.values() if name in s.tools.names] or [ALL_TOOLS]
    sent = next(s for s in sets[0].schemas() if s["function"]["name"] == name)
    out.print_json(json.dumps(sent, ensure_ascii=False))
    offered = _offered(session, name)
    where = ", ".join(offered) if offered else "no game state (tests and this check only)"
    err_console().print(plain(f"offered in: {where}", style="dim"))


def _rendered(event: SessionEvent) -> str | None:
    """An event as the transcript writes it, or as the table log does for the few the
    transcript leaves to the log (reactions)."""
    line = render_event(event)
    if line is None:
        entry = log_entry(event)
        line = entry.plain if entry is not None else None
    return line.strip() if line else None
