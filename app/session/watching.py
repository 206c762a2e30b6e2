"""Watching a campaign file for the author's edits (``dungeon play --campaign DIR --watch``).

The file is polled, not subscribed to: a look every :data:`POLL_SECONDS` at its modification
time, size and SHA-256 works the same on every file system (network drives, containers,
editors that save by renaming a new file over the old), and costs a read of a file of a
few kilobytes. A change is acted on once the file has read the same at two looks in a row,
so a file caught half-written by an editor is not reported as broken. A file that is
missing for a moment (an editor between removing the old file and writing the new) is
waited for, not reported.
"""

from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass
from pathlib import Path

from app.world.campaign import Campaign
from app.world.campaignfile import MAX_CAMPAIGN_BYTES, CampaignError, campaign_file, load_campaign

POLL_SECONDS = 0.5
"""How often the front end looks at the file."""


@dataclass(frozen=True)
class Signature:
    """A version of the file as the watch sees it."""

    mtime_ns: int
    size: int
    digest: str


def signature(path: Path) -> Signature | None:
    """The file's version now (``None`` when it cannot be read: missing, mid-rename, too
    large to be a campaign)."""
    try:
        info = os.stat(path)
        if info.st_size > MAX_CAMPAIGN_BYTES:
            return Signature(info.st_mtime_ns, info.st_size, "")
        data = path.read_bytes()
    except (OSError, ValueError):
        return None
    return Signature(info.st_mtime_ns, len(data), hashlib.sha256(data).hexdigest())


class CampaignWatch:
    """Tells when a campaign file has a new version, and reads it."""

    def __init__(self, where: Path | str) -> None:
        self.path = campaign_file(where)
        """The ``campaign.toml`` watched."""
        self._seen = signature(self.path)
        """The file at the last look."""
        self._taken = self._seen
        """The version last read (the game's campaign, or a broken one already reported)."""

    def poll(self) -> Campaign | CampaignError | None:
        """Look at the file: ``None`` while nothing new has settled, else the new version
        — the campaign, loaded and checked for play, or the error that says what is wrong
        with it (``file:line:col: key: message``, as ``dungeon validate`` reports it)."""
        now = signature(self.path)
        if now is None or now != self._seen:
            if now is not None:
                self._seen = now  # new: read it once it has stayed so for one more look
            return None
        if now == self._taken:
            return None
        self._taken = now
        try:
            return load_campaign(self.path)
        except CampaignError as error:
            return error
