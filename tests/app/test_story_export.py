"""The story as Markdown: what players typed stays text (no heading, list, link, HTML or
table can come out of it), the DM's narration keeps its emphasis but cannot break the
page, and the page holds the party, every turn, the rolls and the ending."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st
from markdown_it import MarkdownIt

from app.session.export import escape_text, story_markdown
from app.tui.showcase import crossroads
from tests.storytelling import played

MARKDOWN = MarkdownIt("commonmark").enable(["table", "strikethrough"])

HOSTILE = (
    "# hello *world* _x_ <b>bold</b> [link](http://evil) ![i](x.png) `code` | a | b | ~~s~~ &amp;"
)


def inline_texts(markdown: str) -> list[str]:
    """Every piece of plain text the page shows, and the kinds of block it makes."""
    return [
        child.content
        for token in MARKDOWN.parse(markdown)
        if token.type == "inline"
        for child in token.children or []
        if child.type == "text"
    ]


def kinds(markdown: str) -> set[str]:
    found = set()
    for token in MARKDOWN.parse(markdown):
        found.add(token.type)
        found.update(child.type for child in token.children or [])
    return found


def test_player_text_comes_out_as_the_same_text() -> None:
    escaped = escape_text(HOSTILE)
    assert "".join(inline_texts(escaped)) == HOSTILE
    made = kinds(escaped)
    for markup in ("heading_open", "em_open", "link_open", "image", "code_inline", "html_inline",
                   "table_open", "s_open", "bullet_list_open"):  # fmt: skip
        assert markup not in made, markup


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("#*_-+=>`<&|~[]()!1. \\ab")), max_size=30))
def test_any_mix_of_markers_stays_literal(typed: str) -> None:
    """Whatever a player types shows as what they typed (spaces folded), in one paragraph."""
    escaped = escape_text(typed)
    expected = " ".join(typed.split())
    if not expected:
        assert escaped == ""
        return
    tokens = MARKDOWN.parse(escaped)
    assert [t.type for t in tokens] == ["paragraph_open", "inline", "paragraph_close"]
    shown = "".join(c.content if c.type == "text" else " " for c in tokens[1].children or [])
    assert shown == expected


LOCK: dict[str, Any] = {
    "text": "",
    "tool_calls": [
        {
            "name": "request_ability_check",
            "arguments": {
                "character_id": "mira",
                "skill": "investigation",
                "dc": 12,
                "reason": "study the *padlock*",
            },
        }
    ],
}


def test_the_page_holds_the_party_each_turn_the_rolls_and_the_ending() -> None:
    narration = "Berta *stares*.\n\n```\nnever closed\n\n# Not a heading\n<script>x</script>"
    session = played(
        [HOSTILE, "I look at the lock"],
        [{"text": narration}, LOCK, {"text": "The lock is old."}],
    )
    state = session.state
    state.ending = "peace"
    page = story_markdown(state)
    tokens = MARKDOWN.parse(page)
    headings = [tokens[i + 1].content for i, t in enumerate(tokens) if t.type == "heading_open"]
    assert headings == [
        "The Cellar Under the Crossroads", "The party", "The story", "Turn 1", "Turn 2",
        "The end — The Quiet Cellar",
    ]  # fmt: skip
    assert "- **Mira** — Halfling Rogue, level 3" in page
    quotes = [i for i, t in enumerate(tokens) if t.type == "blockquote_open"]
    assert len(quotes) == 2
    assert "".join(inline_texts(tokens[quotes[0] + 2].content)) == f"Mira: {HOSTILE}"
    texts = " ".join(inline_texts(page))
    assert "never closed" in texts and "# Not a heading" in texts and "<script>x</script>" in texts
    made = kinds(page)
    assert "fence" not in made and "code_block" not in made and "html_inline" not in made
    assert "em_open" in made  # the DM's *stares* stays emphasis
    details = [t.content for t in tokens if t.type == "html_block"]
    assert details[0].startswith("<details><summary>1 roll</summary>")
    assert "Mira: study the \\*padlock\\* — 1d20" in page
    assert "Grubnak keeps his word." in page
    assert page.endswith("\n") and not page.endswith("\n\n")


def test_a_game_with_no_turns_says_so() -> None:
    page = story_markdown(crossroads().state)
    assert "*Nothing has happened yet.*" in page
    assert "### Turn" not in page and "The end" not in page
