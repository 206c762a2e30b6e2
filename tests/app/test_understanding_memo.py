"""What the words of a line alone decide (its fillers, a request to take a turn back, the
cuts into clauses) is worked out once per line; what the game makes of the line — which
foe is meant, who still stands — is read afresh every time."""

from __future__ import annotations

from dataclasses import replace

import pytest

from app.understanding import clauses, memo, takingback
from app.understanding.line import understand
from app.understanding.memo import by_words
from app.understanding.vocabulary import ENGLISH, Vocabulary
from rules.damage import LifeState
from tests.app.test_positions import cellar

LINE = "then attack the nearest rat, and after that I shout at it"


def test_the_words_of_a_line_are_worked_out_once(monkeypatch: pytest.MonkeyPatch) -> None:
    state = cellar()
    actor = next(iter(state.party))
    memo.forget()  # nothing kept from lines read before, nor forgotten halfway through
    worked: list[str] = []
    ordered, openers = clauses._ordered, takingback._without_openers
    monkeypatch.setattr(clauses, "_ordered", lambda text: worked.append(text) or ordered(text))
    monkeypatch.setattr(
        takingback, "_without_openers", lambda s, o: worked.append(s) or openers(s, o)
    )
    first = understand(LINE, actor, state, state.campaign)
    seen = len(worked)
    assert seen > 0
    again = understand(LINE, actor, state, state.campaign)
    assert len(worked) == seen  # the same words: nothing worked out again
    assert again == first


def test_what_the_game_makes_of_a_line_is_read_afresh() -> None:
    """The same line, twice: after the foe it named falls, it names the next one."""
    state = cellar()
    actor = next(iter(state.party))
    first = understand("attack the weakest rat", actor, state, state.campaign)
    assert first.kind == "attack" and first.targets
    (meant,) = first.targets
    rat = state.creatures[meant]
    rat.vitals = rat.vitals.model_copy(update={"hp": 0, "state": LifeState.DEAD})
    again = understand("attack the weakest rat", actor, state, state.campaign)
    assert again.kind == "attack" and meant not in again.targets


def test_an_answer_is_kept_per_vocabulary() -> None:
    """Another vocabulary (another language, other fillers) reads the same words anew."""
    calls: list[Vocabulary] = []

    @by_words
    def fillers_first(words: str, vocab: Vocabulary) -> bool:
        calls.append(vocab)
        return any(words.startswith(f) for f in vocab.fillers)

    other = replace(ENGLISH, fillers=("ho ho",))
    assert fillers_first("ho ho i jump", other) is True
    assert fillers_first("ho ho i jump", ENGLISH) is False
    assert fillers_first("ho ho i jump", other) is True
    assert calls == [other, ENGLISH]


def test_a_line_is_checked_against_the_known_words_without_copying_them(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The campaign language's thousands of known words are asked about, never copied
    into a new set for each line; what is foreign is found as before."""
    from app.understanding import language
    from app.understanding.scope import Scope

    known = language._known_words

    class Uncopied(frozenset[str]):
        def __or__(self, other: object) -> frozenset[str]:
            raise AssertionError("the known words were copied")

    class Detector:  # the language model itself is not what is tested here (slow to load)
        def classify(self, text: str) -> tuple[str, float]:
            return "es", 0.99

        def rank(self, text: str) -> list[tuple[str, float]]:
            return [("es", 0.99), ("en", 0.01)]

    monkeypatch.setattr(language, "_known_words", lambda vocab: Uncopied(known(vocab)))
    monkeypatch.setattr(language, "_identifier", Detector)
    scope = Scope(actor=None, things=(), fighting=False, scene_id="inn")
    spanish = "Quiero hablar con la posadera"
    assert language.foreign_language(spanish, spanish.lower(), ENGLISH, scope) == "es"
    english = "I want to talk to the innkeeper"
    assert language.foreign_language(english, english.lower(), ENGLISH, scope) is None
