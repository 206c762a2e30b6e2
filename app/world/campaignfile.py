"""A campaign file: finding it, reading it into a :class:`~app.world.campaign.Campaign`,
and every problem with it reported in one format.

Whatever a file holds, loading it gives a campaign or a :class:`CampaignError` naming the
file, the line, the key path and what is wrong: the schema's refusals, values of the wrong
type (never quietly converted), and the references that would break play. The model
itself, and what a campaign means, is :mod:`app.world.campaign`'s.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pydantic import ValidationError

from app.world.campaign import Campaign
from app.world.eventchecks import play_breaking
from app.world.folders import CAMPAIGNS_DIR
from app.world.printable import controls_in
from app.world.references import SCHEMA, Problem
from app.world.salvage import references_despite
from app.world.schemawords import schema_errors
from app.world.strictness import coercions
from app.world.tomlplaces import Path as Path_
from app.world.tomlplaces import Places, dotted, locate, parse_path
from app.world.userfiles import MAX_DEPTH, UserFileError, read_toml, too_deep


class CampaignError(ValueError):
    """A campaign file that cannot be used; the message names the file and the key.
    ``problems`` holds what the schema refused (with the references that would break
    play beside it) one by one, so ``dungeon validate`` lists them in its own layout;
    empty when the file could not be read that far."""

    def __init__(self, message: str, problems: tuple[Problem, ...] = ()) -> None:
        super().__init__(message)
        self.problems = problems


MAX_LISTED = 20
"""Problems listed in one error: enough to fix in one go, never a flood of thousands."""


def with_ids(keys: Path_, data: dict[str, Any]) -> str:
    """A key path with the id of the array-of-tables entry it runs through (a trigger, an
    ending, an off-screen change): ``triggers[3] (bell_tolls).effects.text``."""
    if len(keys) < 2 or not isinstance(keys[1], int):
        return dotted(keys)
    entries = data.get(str(keys[0]))
    entry = entries[keys[1]] if isinstance(entries, list) and keys[1] < len(entries) else None
    entry_id = entry.get("id") if isinstance(entry, dict) else None
    if not isinstance(entry_id, str) or not entry_id:
        return dotted(keys)
    rest = dotted(keys[2:])
    return f"{dotted(keys[:2])} ({entry_id})" + (f".{rest}" if rest else "")


def _places(path: Path) -> Places | None:
    """Where the keys of the campaign file are (None if it cannot be read again)."""
    try:
        return locate(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError):
        return None


def report_lines(
    path: Path, found: list[tuple[Path_, str]], headline: str, data: dict[str, Any] | None = None
) -> str:
    """One problem per line as ``file:line:col: key.path: message``, in file order, at
    most :data:`MAX_LISTED` — the one format of every campaign problem, whether the
    schema, a type or a reference found it. With the file's ``data``, an entry of an
    array of tables is named by its id too: ``triggers[3] (bell_tolls).when``."""
    places = _places(path)
    located = []
    for keys, message in found:
        spot = places.place(keys) if places is not None else None
        line, col = spot or (0, 0)
        at = f"{path}:{line}:{col}" if spot else f"{path}"
        label = with_ids(keys, data) if data is not None else dotted(keys)
        located.append(((line, col), f"  {at}: {label or '(top level)'}: {message}"))
    located.sort(key=lambda pair: pair[0])
    lines = [f"{path}: {headline}"]
    lines += [text for _, text in located[:MAX_LISTED]]
    if len(located) > MAX_LISTED:
        lines.append(f"  … and {len(located) - MAX_LISTED} more (dungeon validate lists all)")
    return "\n".join(lines)


MAX_CAMPAIGN_BYTES = 2 << 20
"""A campaign file of more than 2 MB is refused: the largest real ones are a few hundred KB."""


def parse_campaign(data: dict[str, Any], path: Path) -> Campaign:
    """Validate raw TOML data against the schema; :class:`CampaignError` lists every
    problem. A value of the wrong type is refused, never quietly converted (``dc = "12"``
    is an error that says to write ``dc = 12``). The references are not checked here
    (:func:`check_playable` does, and ``dungeon validate`` reports them with the rest)."""
    where = too_deep(data)
    if where is not None:
        raise CampaignError(f"{path}: {where}: nested more than {MAX_DEPTH} levels deep")
    controls = controls_in(data, MAX_LISTED)
    if controls:  # a terminal would obey them: clear the screen, retitle the window
        lines = [f"{path}: control characters or escape codes in campaign text"]
        lines += [f"  {where}" for where in controls]
        lines.append("  remove them: only line breaks and tabs belong in campaign text")
        raise CampaignError("\n".join(lines))
    found = coercions(data)
    try:
        campaign = Campaign.model_validate(data)
    except ValidationError as error:
        typed = {keys for keys, _ in found}
        found += [(k, m) for k, m in schema_errors(error, Campaign) if k not in typed]
    if found:  # what the rest names that does not exist, beside what the schema refused
        problems = [Problem(SCHEMA, dotted(keys), message) for keys, message in found]
        seen = {keys for keys, _ in found}
        for keys, problem in references_despite(data, Campaign, play_breaking):
            if keys not in seen:
                found.append((keys, problem.message))
                problems.append(
                    Problem(problem.kind, dotted(keys), problem.message, problem.subject)
                )
        headline = f"{len(found)} problem(s)"
        raise CampaignError(report_lines(path, found, headline, data), tuple(problems))
    return campaign


def check_playable(campaign: Campaign, path: Path) -> Campaign:
    """``campaign`` itself, or :class:`CampaignError` listing every reference that would
    break play (a start scene, exit, encounter, item or character that does not exist)."""
    problems = play_breaking(campaign)
    if problems:
        found = [(parse_path(p.where), p.message) for p in problems]
        raise CampaignError(
            report_lines(path, found, f"{len(problems)} problem(s) stop this campaign being played")
        )
    return campaign


def campaign_file(where: Path | str) -> Path:
    """The campaign file a folder (or the file itself) names."""
    path = Path(where)
    try:
        return path / "campaign.toml" if path.is_dir() else path
    except (OSError, ValueError):
        return path


def load_campaign(where: Path | str, *, playable: bool = True) -> Campaign:
    """Load ``campaign.toml`` from a folder (or the file itself). Whatever is there, the
    result is a campaign or :class:`CampaignError` naming the file, the key and what is
    wrong. With ``playable`` (every entry point that plays) its references are checked
    too; ``dungeon validate`` loads without, to report them among its warnings."""
    path = campaign_file(where)  # reading says what is wrong with a bad name
    try:
        data = read_toml(path, MAX_CAMPAIGN_BYTES)
    except UserFileError as error:
        raise CampaignError(str(error)) from None
    campaign = parse_campaign(data, path)
    return check_playable(campaign, path) if playable else campaign


def find_campaign(name: str, folder: Path = CAMPAIGNS_DIR) -> Path:
    """A campaign folder by id (shipped campaigns) or by path."""
    for candidate in (Path(name), folder / name):
        try:
            if name and candidate.exists():
                return candidate
        except (OSError, ValueError):  # a name too long for the system, or with a NUL
            break
    try:
        known = sorted(p.name for p in folder.iterdir() if (p / "campaign.toml").exists())
    except OSError:
        known = []
    raise CampaignError(f"no campaign {name!r}; shipped campaigns: {', '.join(known) or 'none'}")
