"""The story read back: each turn's deeds, the ending, and the search — every word, any
case, in actions, narration or rolls; typing on narrows without losing a turn."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from app.session.storyview import NO_ACTION, Deed, Ending, StorySearch, deeds, ending_of
from app.tui.showcase import crossroads
from app.world.turnrecord import TurnRecord


def record(
    n: int, actions: list[str], narrative: str = "", rolls: list[str] | None = None
) -> TurnRecord:
    return TurnRecord(number=n, actions=actions, narrative=narrative, rolls=rolls or [])


STORY = [
    record(1, ["Mira: I ask Berta about Tam"], "Berta wrings her apron."),
    record(
        2, ["Mira: I pick the LOCK"], "The padlock clicks.", ["Mira: lock — 1d20 (12) + 7 = 19"]
    ),
    record(3, [NO_ACTION], "A rat squeaks in the dark."),
    record(4, ["Thorin: I hit the rat", "Aria: I cast a spell"], "The rat falls."),
]


def test_deeds_split_the_speaker_from_the_words_and_skip_no_action() -> None:
    assert deeds(STORY[3]) == [Deed("Thorin", "I hit the rat"), Deed("Aria", "I cast a spell")]
    assert deeds(STORY[2]) == []
    assert deeds(record(5, ["a line with no speaker"])) == [Deed("", "a line with no speaker")]


def test_search_finds_every_word_in_any_case_and_in_rolls() -> None:
    search = StorySearch(STORY)
    assert search.matches("lock") == [1]
    assert search.matches("19") == [1]  # in the roll
    assert search.matches("RAT") == [2, 3]
    assert search.matches("rat thorin") == [3]
    assert search.matches("rat thorin aria") == [3]
    assert search.matches("rat berta") == []
    assert search.matches("   ") == [0, 1, 2, 3]


def test_the_ending_is_searched_after_the_last_turn() -> None:
    search = StorySearch(STORY, Ending("The end — Steel in the Dark", "The inn drinks to you."))
    assert search.matches("inn") == [4]
    assert search.matches("the") == [1, 2, 3, 4]
    assert search.matches("") == [0, 1, 2, 3, 4]


def test_ending_of_names_the_campaigns_ending() -> None:
    state = crossroads().state
    assert ending_of(state) is None
    state.ending = "peace"
    ending = ending_of(state)
    assert ending is not None and ending.title == "The end — The Quiet Cellar"
    assert ending.text.startswith("Grubnak keeps his word.")


WORDS = st.sampled_from(["rat", "ra", "r", "at", "lock", "loc", "berta", "the", "dark", "x", "1"])


@settings(max_examples=150, deadline=None)
@given(st.lists(st.lists(WORDS, min_size=0, max_size=3).map(" ".join), min_size=1, max_size=6))
def test_a_run_of_searches_finds_what_a_full_scan_finds(queries: list[str]) -> None:
    """However a player types (narrowing, widening, changing), each search answers as a
    fresh scan would."""
    search = StorySearch(STORY)
    for query in queries:
        words = query.lower().split()
        expected = [
            i for i, r in enumerate(STORY)
            if all(w in "\n".join([*r.actions, r.narrative, *r.rolls]).lower() for w in words)
        ]  # fmt: skip
        assert search.matches(query) == expected, query
