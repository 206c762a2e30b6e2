"""A thing's one-word name said as two words ("the log book" for the logbook) still names
it, and outweighs a person named by a word beside it ("the keepers log book")."""

from __future__ import annotations

from app.understanding.vocabulary import ENGLISH
from app.understanding.words import name_score
from tests.app.referee_lines import read


def test_two_words_run_together_name_a_one_word_name() -> None:
    assert name_score("flip through the log book", "logbook", ENGLISH.stop) > 1
    assert name_score("flip through the log", "logbook", ENGLISH.stop) < 1


def test_the_keepers_log_book_is_the_book() -> None:
    light = {"campaign": "drowned_bell", "scene": "lighthouse", "met": ["nessa", "wendel"]}
    said = read(light, "cass", "I flip through the keepers log book")[0]
    assert (said.kind, said.target) == ("examine", "logbook")
