"""What every table of the SRD data shares: a frozen model that refuses unknown keys, a
dice formula checked when the data is read (a typo in ``rules/data/`` fails at load, not in
play), and the catalogue of a table's entries by id, whose lookups suggest near names."""

from __future__ import annotations

import difflib
from dataclasses import dataclass, field
from typing import Generic, TypeVar

from pydantic import BaseModel, ConfigDict

from rules.dice import checked_formula


def dice_or_none(value: str | None) -> str | None:
    """A field's dice formula checked, or ``None`` as given."""
    return None if value is None else checked_formula(value)


class SrdData(BaseModel):
    """A row of an SRD table: frozen, and no key the model does not know."""

    model_config = ConfigDict(extra="forbid", frozen=True)


T = TypeVar("T", bound=BaseModel)


@dataclass(frozen=True)
class Catalog(Generic[T]):
    """Entries of one kind by id, with lookups that suggest near names on a typo."""

    kind: str
    entries: dict[str, T]
    _plain: frozenset[str] = field(init=False, repr=False, compare=False)
    """The ids already in the form a lookup puts a key in: found as they are."""

    def __post_init__(self) -> None:
        plain = frozenset(k for k in self.entries if _key(k) == k)
        object.__setattr__(self, "_plain", plain)

    def __getitem__(self, key: str) -> T:
        return self.get(key)

    def __contains__(self, key: object) -> bool:
        if not isinstance(key, str):
            return False
        try:
            self.get(key)
        except KeyError:
            return False
        return True

    def __len__(self) -> int:
        return len(self.entries)

    def get(self, key: str) -> T:
        """Look up by id or name (``giant_spider``, ``Giant Spider``); ``KeyError`` with the
        closest matches otherwise."""
        if key in self._plain:  # an id as written in the data: the lookups the rules make
            return self.entries[key]
        wanted = _key(key)
        found = self.entries.get(wanted)
        if found is None:  # "long sword", "Chain-mail", "Giant spider" all find their entry
            squeezed = wanted.replace("_", "")
            found = next(
                (v for k, v in self.entries.items() if k.replace("_", "") == squeezed), None
            )
        if found is None:
            near = difflib.get_close_matches(_key(key), list(self.entries), n=3)
            hint = f"; did you mean {', '.join(near)}?" if near else ""
            raise KeyError(f"no {self.kind} called {key!r}{hint}")
        return found


def _key(text: str) -> str:
    return text.strip().lower().replace(" ", "_").replace("-", "_").replace("'", "")
