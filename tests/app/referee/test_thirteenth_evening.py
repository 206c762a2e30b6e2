"""What a thirteenth evening's lines found: a friend asked without a comma after a sigh."""

from __future__ import annotations

from tests.app.referee_lines import read

INN_TABLE = {"campaign": "crossroads", "scene": "inn",
             "players": {"Ana": ["mira"], "Ben": ["thorin"], "Cleo": ["aria"]}}  # fmt: skip


def test_a_friend_asked_after_a_sigh_is_words_to_them_not_acting_for_them() -> None:
    for line in ("ugh. Thorin can you just smash it", "Thorin, can you smash the lock?",
                 "ok. Aria could you light this place up"):  # fmt: skip
        said = read(INN_TABLE, "mira", line)[0]
        assert said.kind == "ask" and "plays" in said.note, line
    assert read(INN_TABLE, "mira", "Thorin smash the lock")[0].kind == "refuse"
