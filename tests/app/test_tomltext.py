"""The game's TOML text is ``tomli_w``'s, byte for byte: only faster."""

from __future__ import annotations

import tomllib

from hypothesis import given
from hypothesis import strategies as st

from app.world import tomltext

SLOW = tomltext._tomli_w_quote
assert SLOW is not None


@given(st.text(), st.booleans())
def test_a_string_is_quoted_as_tomli_w_quotes_it(text: str, multiline: bool) -> None:
    assert tomltext._quote(text, allow_multiline=multiline) == SLOW(text, allow_multiline=multiline)


@given(
    st.dictionaries(
        st.text(min_size=1, max_size=8),
        st.one_of(st.text(), st.lists(st.text(), max_size=4), st.integers()),
        max_size=6,
    )
)
def test_a_document_reads_back_as_it_was(data: dict[str, object]) -> None:
    assert tomllib.loads(tomltext.dumps(data)) == data


def test_quotes_escapes_and_control_characters_are_escaped() -> None:
    text = tomltext.dumps({"log": ['[bold]Mira[/bold] says "hi"', "a\\b", "tab\there", "\x1b[2J"]})
    lines = text.splitlines()
    assert lines[1:5] == [
        '    "[bold]Mira[/bold] says \\"hi\\"",',
        '    "a\\\\b",',
        '    "tab\there",',
        '    "\\u001b[2J",',
    ]
    assert tomllib.loads(text)["log"][3] == "\x1b[2J"
