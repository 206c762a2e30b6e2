"""What every campaign table is built from: the base model that makes an unknown key an
error, the ids an author gives, and the values a flag holds.

They sit below everything that reads or writes a campaign — the condition language
(:mod:`app.world.when`), the campaign's tables (:mod:`app.world.campaign` and the modules
of its parts) and the game state whose flags the effects set (:mod:`app.world.state`) —
and import nothing of theirs.
"""

from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field

Key = Annotated[str, Field(pattern=r"^[a-z0-9][a-z0-9_-]*$", max_length=40)]
"""An id an author gives a table (a scene, an NPC, a trigger): lowercase letters, digits,
``-`` and ``_``."""

SAVED_INT = 2**63 - 1
"""The largest whole number a save holds (TOML's 64 bits): no number past it reaches the
game, or the save written with it would not load."""
SavedInt = Annotated[int, Field(ge=-SAVED_INT, le=SAVED_INT)]
"""A whole number a save can hold (as large either side of 0: a save refuses -2**63, so no
tool or campaign may set it)."""

FlagValue = bool | SavedInt | str
"""What a flag holds: set or not, a number (one a save holds), or a word."""


Name = Annotated[str, Field(min_length=1, max_length=120, pattern=r"\S")]
"""A name players read and type ("Berta", "the hide curtain"): never blank, never a page."""


class Spec(BaseModel):
    """A campaign table: unknown keys are errors."""

    model_config = ConfigDict(extra="forbid", populate_by_name=True)
