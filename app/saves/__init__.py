"""TOML save files that never lose a game.

``saves/<name>.toml`` holds a ``schema_version``, the campaign id, timestamps, the RNG's
exact position (so a resumed game rolls exactly the dice the uninterrupted one would), and
the whole game state — never an API key or any other secret. Writes are atomic: a temp
file in the same folder, flushed and fsynced, then renamed over the old save, whose
previous versions are kept as ``<name>.toml.1`` … ``.N``. A crash mid-write leaves the
previous save whole. A save that cannot be read is never overwritten: the error names the
file and the problem, and points at the newest backup that does load — which can be
loaded by the name the error gives (``fuzz.toml.1``) and then goes on under a new name.
Nothing in the saves folder (a pipe, a device, a loop of links, a huge file) can hang or
crash a listing or a load, and the temp files of writers killed mid-save are cleaned up on
the next start.

Every save ends with a line that proves it whole (``# end of save · sha256 …``): a save cut
short is refused, a hand edit is recognised, checked for sense and loaded with a notice, and
a save identical to the one on disk leaves the file and its backups as they are.
"""

from __future__ import annotations

from app.saves.claims import SaveInUse
from app.saves.document import (
    SCHEMA_VERSION,
    Loaded,
    load_game,
    load_save,
    newest_good_backup,
    save_game,
)
from app.saves.files import MAX_SAVE_BYTES, clean_orphans, read_save_text, write_atomically
from app.saves.joining import campaign_for
from app.saves.listing import SaveInfo, delete_save, list_saves
from app.saves.migrations import MIGRATIONS
from app.saves.names import (
    BACKUPS,
    SAVES_DIR,
    NotASaveFile,
    SaveError,
    Target,
    fresh_name,
    resolve_save,
    restored_name,
    save_path,
)
from app.saves.resume import (
    NoSaves,
    Resumed,
    load_named,
    newest_game,
    resume_file,
    resume_named,
)

__all__ = [
    "BACKUPS",
    "MAX_SAVE_BYTES",
    "MIGRATIONS",
    "SAVES_DIR",
    "SCHEMA_VERSION",
    "Loaded",
    "NoSaves",
    "NotASaveFile",
    "Resumed",
    "SaveError",
    "SaveInUse",
    "SaveInfo",
    "Target",
    "campaign_for",
    "clean_orphans",
    "delete_save",
    "fresh_name",
    "list_saves",
    "load_game",
    "load_named",
    "load_save",
    "newest_game",
    "newest_good_backup",
    "read_save_text",
    "resolve_save",
    "restored_name",
    "resume_file",
    "resume_named",
    "save_game",
    "save_path",
    "write_atomically",
]
