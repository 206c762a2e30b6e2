"""Input hygiene: what survives of a typed line, and what never reaches the terminal."""

from __future__ import annotations

import unicodedata

from hypothesis import given, settings
from hypothesis import strategies as st

from app.session.hygiene import MAX_LINE, clean_line, clean_name, strip_controls
from app.world.printable import printable

POISON = ["\x1b[2J", "\x1b]0;title\x07", "\x1b]8;;http://x\x1b\\", "\x9b31m", "\x07", "\x00",
          "\x7f", "\u202e", "\u2066", "\r", "\x1bc", "\x1b[?1049h", "\x90q\x9c"]  # fmt: skip


def test_escapes_and_controls_go_and_their_parameters_do_not_leak() -> None:
    assert strip_controls("a\x1b[31mred\x1b[0m b") == "ared b"
    assert strip_controls("\x1b]0;pwned\x07x") == "x"
    assert strip_controls("\x1b]8;;http://evil\x1b\\link") == "link"
    assert strip_controls("bel\x07 nul\x00 del\x7f") == "bel nul del"
    assert strip_controls("tab\there\nnext\u2028line") == "tab here next line"
    assert strip_controls("\u202eevil") == "evil"


def test_what_a_save_drops_when_read_is_dropped_when_typed() -> None:
    # zero-width spaces, soft hyphens and byte-order marks: a line kept with one in it
    # would come back from the save without it, and the game would differ on reloading
    typed = "look\u200b at\ufeff the\u00ad door\u2060"
    assert strip_controls(typed) == printable(typed) == "look at the door"


def test_letters_emoji_and_right_to_left_text_are_kept() -> None:
    for text in ["שלום עולם", "مرحبا بالعالم", "👨\u200d👩\u200d👧 family", "naïve café", "日本語"]:
        assert strip_controls(text) == text


def test_an_over_long_line_is_refused_and_handed_back() -> None:
    line = clean_line("x" * 5000)
    assert not line.ok and line.text == "x" * 5000
    assert line.problem.startswith("That line is 5,000 characters; the limit is 2,000.")
    assert clean_line("x" * MAX_LINE).ok
    assert clean_line("  \x1b[31m  ").text == ""


def test_names_are_clean_and_short() -> None:
    assert clean_name("  Cy\x1b[31m  the\tBold ") == "Cy the Bold"
    assert clean_name("n" * 100) == "n" * 39 + "…"


@settings(derandomize=True, max_examples=300, deadline=None)
@given(st.lists(st.one_of(st.text(max_size=20), st.sampled_from(POISON)), max_size=12).map("".join))
def test_nothing_that_drives_a_terminal_survives(raw: str) -> None:
    line = clean_line(raw)
    assert line.text == line.text.strip()
    for char in line.text:
        assert unicodedata.category(char) not in ("Cc", "Cs"), repr(raw)
        assert char not in "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
    assert line.ok == (len(line.text) <= MAX_LINE)
    assert strip_controls(line.text) == line.text  # cleaning twice changes nothing
