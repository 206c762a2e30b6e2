"""The whole story read back: a turn's parts as a reader wants them (who did what, what the
DM said, what was rolled), the ending reached, and a search over every turn.

Shared by the story history screen, the Markdown export and ``/story`` as text (the line
game and scripts), so all of them tell the same story.
The search must answer at every keystroke on a 10,000-turn game (about 6 MB of text): the
lower-cased text of each turn is built once, on the first search, and kept.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from app.actions.endings import ending_text, ending_title
from app.session.session import GameSession
from app.world.state import GameState
from app.world.turnrecord import TurnRecord

NO_ACTION = "(no player action)"
"""What a turn records when nobody acted (a foe's turn, a trigger): not shown as a deed."""


@dataclass(frozen=True)
class Deed:
    """One line of what a character did: ``Mira`` and ``I pick the lock``."""

    who: str
    """The speaker (empty for a line without one)."""
    text: str


@dataclass(frozen=True)
class Ending:
    """The ending reached: its title (``The end — The Missing Girl``) and what it says."""

    title: str
    text: str


def deeds(record: TurnRecord) -> list[Deed]:
    """What the players did in a turn, speaker apart from words (``Name: action`` as the
    session records it); a turn where nobody acted has none."""
    found = []
    for action in record.actions:
        if action == NO_ACTION:
            continue
        who, said, text = action.partition(": ")
        found.append(Deed(who, text) if said else Deed("", action))
    return found


def ending_of(state: GameState) -> Ending | None:
    """The ending the game reached (``None`` while the story goes on)."""
    title = ending_title(state)
    if not title:
        return None
    return Ending(f"The end — {title}", ending_text(state))


def search_words(query: str) -> list[str]:
    """The words of a search, lower-cased: a turn matches when it holds every one."""
    return query.lower().split()


class StorySearch:
    """Which turns hold every word of a search (case-insensitive), in story order.

    Indices are positions in ``history``; the ending, when one was reached, is index
    ``len(history)``. The history is read once per search, never copied into a model."""

    def __init__(self, history: Sequence[TurnRecord], ending: Ending | None = None) -> None:
        self.history = history
        self.count = len(history)
        """Turns searched (the story as it stood when the search was made)."""
        self.ending = ending
        self._texts: list[str] | None = None
        self._last: tuple[list[str], list[int]] | None = None

    def prepare(self) -> list[str]:
        """Read every turn's text, lower-cased (once: the first search would wait for it,
        so the screen asks for it when the search box is reached)."""
        if self._texts is None:
            texts = [
                "\n".join([*r.actions, r.narrative, *r.rolls]).lower()
                for r in (self.history[i] for i in range(self.count))
            ]
            if self.ending is not None:
                texts.append(f"{self.ending.title}\n{self.ending.text}".lower())
            self._texts = texts
        return self._texts

    def matches(self, query: str) -> list[int]:
        """Indices of the turns (and the ending) holding every word of ``query``; every
        index when the query has no words."""
        words = search_words(query)
        total = self.count + (self.ending is not None)
        if not words:
            self._last = None
            return list(range(total))
        texts = self.prepare()
        narrowed: list[int] | None = None
        if self._last is not None:
            before, found = self._last
            # Typing on narrows the search: "gobl" can only match where "gob" did.
            if len(words) >= len(before) and all(
                old in word for old, word in zip(before, words, strict=False)
            ):
                narrowed = found
        first = words[0]
        if narrowed is not None:
            found = [i for i in narrowed if first in texts[i]]
        else:
            found = [i for i, text in enumerate(texts) if first in text]
        for word in words[1:]:
            found = [i for i in found if word in texts[i]]
        self._last = (words, found)
        return found


STORY_SHOWN = 20
"""Turns ``/story`` prints at the console unless asked for all (a long game's story is
megabytes: the newest turns come first to mind, the rest are a search or an export away)."""


def _turn_text(record: TurnRecord) -> str:
    lines = [f"Turn {record.number}"]
    lines += [f"  {action}" for action in record.actions if action != "(no player action)"]
    if record.narrative:
        lines.append(record.narrative)
    return "\n".join(lines)


def story_text(session: GameSession, rest: str = "") -> str:
    """``/story``: the newest turns — what the characters did and what the DM said — and the
    ending, if one was reached; ``/story all`` every turn, ``/story WORDS`` the turns that
    hold every word."""
    state = session.state
    story = state.history
    query = rest.strip()
    parts = [state.title or state.campaign_id]
    if query.lower() == "all" or (not query and len(story) <= STORY_SHOWN):
        shown = range(len(story))
    elif query:
        search = StorySearch(story)
        shown = range(0)
        found = search.matches(query)
        parts.append(
            f"{len(found)} turn(s) hold “{query}”." if found else f"No turn holds “{query}”."
        )
        parts += [_turn_text(story[i]) for i in found]
    else:
        shown = range(len(story) - STORY_SHOWN, len(story))
        parts.append(
            f"The last {STORY_SHOWN} of {len(story)} turns (/story all for every one, "
            "/story WORDS for the turns that hold them)."
        )
    parts += [_turn_text(story[i]) for i in shown]
    if not story:
        parts.append("Nothing has happened yet.")
    if state.ending:
        parts.append(session.ended())
    return "\n\n".join(parts)
