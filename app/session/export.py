"""A game's story as Markdown, for sharing: the title, the campaign, the party, every turn
(what the players did, what the DM told, what was rolled) and the ending.

Pure — a game in, a page of text out — so the command line writes it to a file and any
other front end could offer it too. What players typed is text, never Markdown: a player
who types ``# hello`` or ``*`` gets those characters on the page, not a heading or a list.
The DM's narration keeps its emphasis (the play screen shows it as Markdown) but cannot
open a heading, a list, a code block or raw HTML that would swallow the rest of the page.
"""

from __future__ import annotations

import re

from app.session.storyview import deeds, ending_of
from app.world.printable import printable
from app.world.state import GameState

_INLINE = re.compile(r"([\\`*_\[\]<>&|~])")
"""Characters that start inline Markdown (emphasis, code, links, HTML, entities, tables,
strike-through) wherever they stand."""

_NARRATION_INLINE = re.compile(r"([\\`\[\]<>&|~])")
"""The same, less the emphasis the DM may use (``*word*``, ``_word_``): emphasis cannot
reach past its paragraph."""

_LINE_START = re.compile(r"^(#|[-+*=_](?=\s|[-+*=_]*$)|\d+(?=[.)]))")
"""What opens a block at the start of a line: a heading, a list item or rule, a setext
underline, an ordered list's number (its dot is escaped after it)."""


def escape_text(text: str) -> str:
    """Player text shown literally in Markdown: every inline marker escaped, every line
    break folded into a space (an action is one line)."""
    flat = " ".join(printable(text).split())
    return _escape_line(_INLINE.sub(r"\\\1", flat))


def _escape_line(line: str) -> str:
    """Escape what would open a block at the start of ``line``."""
    match = _LINE_START.match(line)
    if match is None:
        return line
    mark = match.group(1)
    if mark[0].isdigit():  # "1. " -> "1\. ": the number stays, the list does not open
        return line[: len(mark)] + "\\" + line[len(mark) :]
    return "\\" + line


def escape_narration(text: str) -> list[str]:
    """The DM's narration as Markdown paragraphs: inline markers escaped except emphasis,
    no line opening a block, leading spaces dropped (four would make a code block)."""
    paragraphs = []
    for block in re.split(r"\n\s*\n", printable(text).strip()):
        lines = [
            _escape_line(_NARRATION_INLINE.sub(r"\\\1", line.strip()))
            for line in block.splitlines()
            if line.strip()
        ]
        if lines:
            paragraphs.append("  \n".join(lines))  # a line break kept as a hard break
    return paragraphs


def story_markdown(state: GameState) -> str:
    """The whole story of ``state`` as one Markdown page."""
    campaign = state.campaign
    title = state.title or (campaign.campaign.title if campaign is not None else "")
    title = title or state.campaign_id
    out = [f"# {escape_text(title)}", ""]
    about = f"Campaign: {escape_text(state.campaign_id)}"
    if campaign is not None and campaign.campaign.title != title:
        named = escape_text(campaign.campaign.title)
        about = f"Campaign: {named} ({escape_text(state.campaign_id)})"
    turns = len(state.history)
    out += [f"{about}  ", f"Turns played: {turns}", ""]
    if state.party:
        out += ["## The party", ""]
        for sheet in state.party.values():
            species = f"{sheet.species} " if sheet.species else ""
            kind = escape_text(f"{species}{sheet.character_class}".strip())
            out.append(f"- **{escape_text(sheet.name)}** — {kind}, level {sheet.level}")
        out.append("")
    out += ["## The story", ""]
    if not turns:
        out += ["*Nothing has happened yet.*", ""]
    for record in state.history:
        out += [f"### Turn {record.number}", ""]
        for deed in deeds(record):
            who = f"**{escape_text(deed.who)}:** " if deed.who else ""
            out += [f"> {who}{escape_text(deed.text)}", ""]
        for paragraph in escape_narration(record.narrative):
            out += [paragraph, ""]
        if record.rolls:
            several = "s" if len(record.rolls) > 1 else ""
            out += [f"<details><summary>{len(record.rolls)} roll{several}</summary>", ""]
            out += [f"- {escape_text(roll)}" for roll in record.rolls]
            out += ["", "</details>", ""]
    ending = ending_of(state)
    if ending is not None:
        out += [f"## {escape_text(ending.title)}", ""]
        for paragraph in escape_narration(ending.text):
            out += [paragraph, ""]
    return "\n".join(out).rstrip("\n") + "\n"
