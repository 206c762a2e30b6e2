"""Joining a loaded game to its campaign, and the checks only the campaign makes possible.

A save names its campaign by id (``crossroads``), never by path: the id is looked up in the
campaigns folder, then (for an author's own campaign, played as ``--campaign mine``) in a
folder of that name where the game runs — an id has no ``/`` or ``.``, so a hand-edited
``campaign_id = "../../elsewhere"`` cannot make the game read a file anywhere else.

Once the campaign is loaded, every id the state names — the scene, the characters,
challenges, triggers, encounters, NPCs, monsters, the ending — must be one of the
campaign's, or the game is refused naming the save and the key. A game of the built-in
sandbox has no campaign to be checked against, so it must hold the sandbox's own world: a
campaign's save relabelled ``sandbox`` is refused rather than loaded unchecked.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import tomli_w

from app.saves.document import refusal
from app.saves.files import write_atomically
from app.saves.names import SaveError
from app.saves.sanity import CAMPAIGN_ID, check_campaign
from app.saves.sense import check_sandbox
from app.saves.shape import Problem
from app.world.campaign import Campaign
from app.world.campaignfile import CampaignError, load_campaign
from app.world.folders import CAMPAIGNS_DIR
from app.world.newgame import forget_what_is_gone, join_campaign
from app.world.sandbox import sandbox_party, sandbox_scenes
from app.world.state import GameState

SANDBOX = "sandbox"
"""The campaign id of a game played without a campaign (the built-in sandbox world)."""


HOMES_FILE = ".campaign-homes.toml"
"""Where, in a saves folder, the game notes the folders of campaigns played from a folder
of their own (``--campaign path/to/mine``), so that their saves find them again."""


def remember_home(
    saves: Path, cid: str, home: Path, folder: Path = CAMPAIGNS_DIR, save: str | None = None
) -> None:
    """Note that the campaign ``cid`` of the game saved as ``save`` in ``saves`` is read
    from ``home`` (nothing to note for a campaign in ``folder``, found by its id alone).
    The note is the save's own; it is the id's too unless ``folder`` holds a campaign of that
    id (an author's copy of a shipped campaign must not take over the shipped one's saves).
    Written by the game itself, never from a save: a save still names its campaign only by
    id."""
    try:
        where = home.resolve()
        if save is not None:
            _THIS_RUN[(saves, save)] = where  # (kept even where the note cannot be written)
        if (folder / cid).resolve() == where:
            if save is not None:
                forget_home(saves, save)
            return
        data = _notes(saves)
        kept = data.get(_BY_SAVE)
        notes: dict[str, object] = dict(kept) if isinstance(kept, dict) else {}
        changed = False
        if save is not None and notes.get(save) != str(where):
            notes[save] = str(where)
            data[_BY_SAVE], changed = notes, True
        if not _holds_campaign(folder / cid) and data.get(cid) != str(where):
            data[cid], changed = str(where), True
        if changed:
            write_atomically(saves / HOMES_FILE, tomli_w.dumps(data).encode(), backups=0)
    except OSError:
        return  # a read-only saves folder: the game still plays, and says so when saving


def carry_home(saves: Path, save: str, to_saves: Path, to_save: str, cid: str) -> None:
    """The game saved as ``save`` is saved again as ``to_save`` (``/save NAME``, or in
    another folder when its own cannot be written): the campaign folder noted for the first
    is noted for the copy, so it resumes on the same campaign (never on a shipped one of
    the same id)."""
    noted = _THIS_RUN.get((saves, save))
    home = _save_home(saves, save) or (str(noted) if noted is not None else None)
    if home is not None and _save_home(to_saves, to_save) != home:
        remember_home(to_saves, cid, Path(home), save=to_save)


_THIS_RUN: dict[tuple[Path, str], Path] = {}
"""The campaign folders noted this run, by saves folder and save: what a copy saved
elsewhere carries when the first folder could not be written at all."""


def forget_home(saves: Path, save: str) -> None:
    """A new game saved as ``save`` plays a campaign found by its id: any folder noted for an
    older game of that name goes (else it would be resumed on that folder's campaign)."""
    try:
        data = _notes(saves)
        notes = data.get(_BY_SAVE)
        if isinstance(notes, dict) and save in notes:
            data[_BY_SAVE] = {k: v for k, v in notes.items() if k != save}
            write_atomically(saves / HOMES_FILE, tomli_w.dumps(data).encode(), backups=0)
    except OSError:
        return  # a read-only saves folder: nothing was noted there either


_BY_SAVE = "saves"
"""The table of a saves folder's notes that names each save's own campaign folder."""


def _notes(saves: Path) -> dict[str, object]:
    """Everything noted in a saves folder (nothing when unreadable)."""
    try:
        return dict(tomllib.loads((saves / HOMES_FILE).read_text(encoding="utf-8")))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
        return {}


def _homes(saves: Path) -> dict[str, str]:
    """The remembered campaign folders of a saves folder, by campaign id."""
    data = _notes(saves)
    return {k: v for k, v in data.items() if isinstance(v, str) and CAMPAIGN_ID.fullmatch(k)}


def _save_home(saves: Path, save: str) -> str | None:
    """The campaign folder noted for one save (``None`` when none is)."""
    notes = _notes(saves).get(_BY_SAVE)
    home = notes.get(save) if isinstance(notes, dict) else None
    return home if isinstance(home, str) else None


def campaign_home(
    cid: str, folder: Path = CAMPAIGNS_DIR, saves: Path | None = None, save: str | None = None
) -> Path | None:
    """The folder a saved game's campaign is read from: the folder noted for that very
    save, else ``folder/<id>``, else a folder of that name where the game runs, else the
    folder noted for the id in ``saves`` (``None`` when none holds a ``campaign.toml``)."""
    own = _save_home(saves, save) if saves is not None and save else None
    homes = [Path(own)] if own else []
    homes += [folder / cid, Path(cid)]
    noted = _homes(saves).get(cid) if saves is not None else None
    if noted:
        homes.append(Path(noted))
    return next((h for h in homes if _holds_campaign(h)), None)


def _holds_campaign(home: Path) -> bool:
    """The folder holds a campaign file (a noted path edited by hand into nonsense: no)."""
    try:
        return (home / "campaign.toml").is_file()
    except (OSError, ValueError):
        return False


def campaign_for(
    state: GameState,
    save: Path | str | None = None,
    folder: Path = CAMPAIGNS_DIR,
    saves: Path | None = None,
) -> Campaign | None:
    """The campaign a loaded game plays, checked against the game (``None`` for the
    sandbox). ``save`` names the save in errors (a path: the saves folder is its own, else
    ``saves``); :class:`SaveError` if the id is not an id, names no campaign in ``folder``
    or noted in the saves folder, or the game names what the campaign lacks."""
    where = save if save is not None else "the save"
    cid = state.campaign_id
    if cid == SANDBOX:
        # No campaign to check against: the game must then be the sandbox's own world.
        problems = list(check_sandbox(state, sandbox_party(), sandbox_scenes()))
        if problems:
            raise refusal(where, problems)
        return None
    key = "state.campaign_id"
    if not CAMPAIGN_ID.fullmatch(cid):
        text = f"{cid!r} is not a campaign id (a save names its campaign by id, never a path)"
        raise refusal(where, [Problem(key, text)])
    where_saved = save.parent if isinstance(save, Path) else saves
    named = re.sub(r"\.toml(?:\.\d+)?$", "", Path(save).name) if save is not None else None
    # (a backup, "crossroads.toml.2", is its save's: the same campaign folder)
    home = campaign_home(cid, folder, where_saved, named)
    if home is None:
        known = sorted(p.parent.name for p in folder.glob("*/campaign.toml"))
        text = f"no campaign {cid!r} in {folder} (campaigns there: {', '.join(known) or 'none'})"
        raise refusal(where, [Problem(key, text)])
    try:
        campaign = load_campaign(home)
    except CampaignError as error:
        raise SaveError(f"{where}: {key}: the campaign {cid!r} does not load: {error}") from None
    if campaign.id != cid:
        text = f"{home} holds the campaign {campaign.id!r}, not {cid!r}"
        raise refusal(where, [Problem(key, text)])
    join_campaign(state, campaign)  # the map of scenes, as the campaign has it now
    if state.as_written:
        forget_what_is_gone(state, campaign)
    problems = check_campaign(state, campaign)
    if problems:
        raise refusal(where, problems)
    return campaign
