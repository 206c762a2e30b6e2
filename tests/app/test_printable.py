"""Text from files made safe for the screen: escape codes and control characters go, prose
keeps its line breaks and tabs, a campaign names where they are, and dice-log markup from
a save is styled only when the game could have written it."""

from __future__ import annotations

from app.display.screentext import from_markup, plain
from app.world.printable import controls_in, first_control, printable, scrub


def test_printable_removes_escape_sequences_whole_and_keeps_prose() -> None:
    raw = "The \x1b[2J\x1b]0;pwn\x07Cellar\n\tdeep\r \x9b31mred\x00"
    assert printable(raw) == "The Cellar\n\tdeep red"
    assert printable("Mira [/] ✨ שלום") == "Mira [/] ✨ שלום"


def test_controls_in_names_every_place_by_key() -> None:
    data = {
        "campaign": {"title": "x\x1b[2J", "summary": "fine\n\tand tabbed\r\n"},
        "scenes": {"inn": {"features": [{"name": "ok"}, {"name": "a\x07"}]}},
        "bad\x07key": 1,
    }
    assert sorted(controls_in(data)) == [
        "badkey: U+0007 in the key",
        "campaign.title: U+001B",
        "scenes.inn.features[1].name: U+0007",
    ]
    assert len(controls_in({"a": ["\x07"] * 50}, limit=5)) == 5


def test_scrub_cleans_strings_in_place_and_says_where() -> None:
    data = {"title": "a\x1b[1mb", "state": {"log": ["ok", "c\x07d"], "turn": 3}}
    assert scrub(data) == ["title", "state.log[1]"]
    assert data == {"title": "ab", "state": {"log": ["ok", "cd"], "turn": 3}}


def test_plain_text_is_never_markup() -> None:
    assert plain("[bold]x[/nonexistent]\x1b[2J").plain == "[bold]x[/nonexistent]"
    assert plain("[b]x", style="red").spans == []


def test_log_markup_from_a_save_is_styled_only_when_the_game_could_have_written_it() -> None:
    good = from_markup("[bold]Mira[/] rolls [green]17[/]")
    assert good.plain == "Mira rolls 17" and good.spans
    for hostile in ("[bold]unclosed … [/nonexistent]", "[@click=app.quit]x[/]", "[link=x]y[/]"):
        shown = from_markup(hostile)
        assert shown.plain == hostile and not shown.spans


def test_characters_that_hide_or_reorder_text_are_removed_and_refused_in_campaigns() -> None:
    """A right-to-left override turns what follows round; zero-width spaces, word joiners
    and soft hyphens hide inside words (a veiled word would slip through): gone from what is
    printed, and named in a campaign. Joiners that emoji and scripts need stay."""
    hidden = "Spi\u00adders \u202egnirts\u202c \u200bhere\u2060 \ufeffnow \u2067isolate\u2069"
    assert printable(hidden) == "Spiders gnirts here now isolate"
    assert first_control("a\u202eb") == "U+202E" and first_control("a\u200bb") == "U+200B"
    family = "\U0001f468\u200d\U0001f469\u200d\U0001f467"  # one emoji, joined
    assert printable(family) == family and first_control(family) is None


def test_prose_with_line_breaks_is_kept_as_it_is_and_only_clean_prose() -> None:
    """Prose keeps its line breaks and tabs untouched, and a line break never lets an
    escape, a control or a hidden format character through (the quick path for prose)."""
    story = "The goblin falls.\n\nThorin wipes his axe.\t(round 2)"
    assert printable(story) is story
    for dirty, clean in [
        ("one\n\x1b[31mtwo", "one\ntwo"),
        ("one\n\u202etxt.exe", "one\ntxt.exe"),
        ("soft\u00adhyphen\n", "softhyphen\n"),
        ("bell\x07\n\t", "bell\n\t"),
        ("crlf\r\n", "crlf\n"),
        ("joiner\u200d kept\n", "joiner\u200d kept\n"),
    ]:
        assert printable(dirty) == clean
