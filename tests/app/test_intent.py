"""The intent head hears what a line does to the one it is said to — kind words, hostile
words, an offer — whatever its topic: it hears the right act in words no keyword or
example has, doubts a loose reading of the wrong act, never doubts a campaign's keyword,
speaks only when the words heard nothing, never makes a question a promise, and the game
hears as before without it."""

from __future__ import annotations

import numpy as np
import pytest

from app.world import intent, meaning
from app.world.campaign import Campaign
from app.world.campaignfile import load_campaign
from app.world.eventspec import JudgmentSpec
from app.world.folders import CAMPAIGNS_DIR
from app.world.sensitivity import SensitivityMap, build


@pytest.fixture(scope="module")
def crossroads() -> Campaign:
    return load_campaign(CAMPAIGNS_DIR / "crossroads")


@pytest.fixture(scope="module")
def hall(crossroads: Campaign) -> SensitivityMap:
    return build(crossroads, "chief_hall", ["grubnak"])


@pytest.fixture(scope="module")
def inn(crossroads: Campaign) -> SensitivityMap:
    return build(crossroads, "inn", ["berta"])


def heard(found: SensitivityMap, text: str, to: str) -> dict[str, str]:
    return {m.entry.id: m.keyword for m in found.heard(text, to, [to])}


def _spec(**fields: object) -> JudgmentSpec:
    return JudgmentSpec.model_validate(
        {"description": "x", "category": "intent", "keywords": ["x"], **fields}
    )


def test_a_judgment_has_the_kind_of_words_it_hears() -> None:
    assert intent.kind_of(_spec(fields=["offer"], direction="up")) == "offer"
    assert intent.kind_of(_spec(direction="up")) == "up"
    assert intent.kind_of(_spec(direction="down", fields=["comfort"])) == "down"
    assert intent.kind_of(_spec(fields=["comfort", "apology"])) == "up"  # a mourning
    assert intent.kind_of(_spec(fields=["threat"])) == "down"
    assert intent.kind_of(_spec(fields=["comfort", "threat"])) is None  # no lean
    assert intent.kind_of(_spec()) is None


KINDS: dict[str, intent.Kind | None] = {"kind": "up", "rude": "down", "other": None}


def test_the_head_doubts_loose_readings_but_never_a_keyword() -> None:
    doubtful = {"up": 0.1, "down": 0.1, "offer": 0.0}
    assert intent.combined({"kind", "rude"}, set(), KINDS, doubtful) == set()
    assert intent.combined({"kind", "rude"}, {"rude"}, KINDS, doubtful) == {"rude"}
    assert intent.combined({"other"}, set(), KINDS, doubtful) == {"other"}  # no kind: words rule


def test_the_head_speaks_only_into_silence() -> None:
    sure = {"up": 0.99, "down": 0.0, "offer": 0.0}
    assert intent.combined(set(), set(), KINDS, sure) == {"kind"}
    # what the words heard stands or falls, but the head never adds over it: it cannot
    # turn an insult it doubts into praise
    assert intent.combined({"rude"}, set(), KINDS, sure) == set()
    assert intent.combined({"rude"}, {"rude"}, KINDS, sure) == {"rude"}


def test_a_question_is_never_made_kind_words_but_can_mock_or_offer() -> None:
    assert intent.combined(set(), set(), KINDS, {"up": 0.99, "down": 0.0}, asked=True) == set()
    rude = {"up": 0.0, "down": 0.99}
    assert intent.combined(set(), set(), KINDS, rude, asked=True) == {"rude"}


def test_speech_act_cues_are_no_campaigns_words() -> None:
    promise, question, denial = (
        intent.cues(t) for t in ("We'll be back", "Is it yours?", "I don't know")
    )
    assert promise[2] == 1.0 and question[2] == 0.0  # a first person's future
    assert question[0] == 1.0 and promise[0] == 0.0  # a question
    assert denial[1] == 1.0 and promise[1] == 0.0  # a negation
    assert len(promise) == intent.CUES


def test_the_head_ships_with_the_game_and_fits_the_model() -> None:
    fitted = intent.heads()
    assert fitted is not None and set(fitted) == set(intent.KINDS)
    chance = intent.read("I've seen scarier things in a chicken coop.")
    assert chance is not None and chance["down"] > chance["up"]


def test_a_fit_is_deterministic_and_learns_the_side() -> None:
    rows = np.array([[1.0, 0.0, 1.0], [0.9, 0.1, 1.0], [0.0, 1.0, 1.0], [0.1, 0.8, 1.0]])
    labels = np.array([1.0, 1.0, 0.0, 0.0])
    weights = intent.fit(rows, labels, 0.1)
    assert np.array_equal(weights, intent.fit(rows, labels, 0.1))
    assert float(rows[0] @ weights) > 0 > float(rows[2] @ weights)


def test_hostile_words_no_keyword_or_example_has_are_heard(hall: SensitivityMap) -> None:
    line = "I've seen scarier things in a chicken coop."
    assert hall.match(line) == []
    found = heard(hall, line, "grubnak")
    assert set(found) == {"grubnak_insulted"}
    assert found["grubnak_insulted"].startswith("heard as hostile words")


def test_a_loose_reading_of_the_wrong_act_is_dropped(inn: SensitivityMap) -> None:
    # "heroes" is a word of comfort, but this line haggles: no reassurance
    line = "Heroes like us don't come cheap, so forget it unless there's silver."
    assert heard(inn, line, "berta") == {}


def test_a_keyword_in_a_line_of_another_act_still_counts(inn: SensitivityMap) -> None:
    line = "We'll find him. I promise, we'll find him! Pay us first."
    assert set(heard(inn, line, "berta")) == {"berta_reassured", "berta_slighted"}


def test_a_question_promises_nothing(inn: SensitivityMap) -> None:
    line = "Will you have your lad sitting by this fire before the night is through?"
    assert heard(inn, line, "berta") == {}


def test_without_the_head_the_game_hears_as_before(
    crossroads: Campaign, tmp_path: object, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(intent, "_weights_path", lambda: tmp_path / "absent.npz")  # type: ignore[operator]
    monkeypatch.setattr(intent, "_HEADS", [])
    found = build(crossroads, "chief_hall", ["grubnak"])
    assert heard(found, "I've seen scarier things in a chicken coop.", "grubnak") == {}
    assert intent.heads() is None


def test_without_the_model_there_is_no_head(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(meaning, "_LOADED", [None])
    monkeypatch.setattr(intent, "_HEADS", [])
    assert intent.heads() is None and intent.read("you are a fine chief") is None


def test_weights_of_another_shape_are_not_used(
    tmp_path: object, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "intent.npz"  # type: ignore[operator]
    np.savez(path, up=np.zeros(3), down=np.zeros(3), offer=np.zeros(3))
    monkeypatch.setattr(intent, "_weights_path", lambda: path)
    monkeypatch.setattr(intent, "_HEADS", [])
    assert intent.heads() is None


def test_a_wall_of_text_is_read_only_as_far_as_a_long_speech(inn: SensitivityMap) -> None:
    wall = "you are a fine woman and we will find him. " * 400
    rows, cut = intent.features([wall]), intent.features([wall[: intent.MAX_CHARS]])
    assert rows is not None and cut is not None and np.array_equal(rows, cut)
    for odd in ("\U0001f642" * 500, "\x00\x01", "***", "?"):
        assert isinstance(heard(inn, odd, "berta"), dict)  # no error, whatever is typed


def test_gibberish_has_no_kind_of_words(inn: SensitivityMap) -> None:
    # no word of it is one the model knows whole: its fragments mean nothing, whatever the
    # head would make of them
    assert meaning.known_words("xyzzy plugh") == 0
    assert meaning.known_words("you dumb old cow") == 4
    assert heard(inn, "xyzzy plugh", "berta") == {}
    assert heard(inn, "qwfp arst zxcv", "berta") == {}


def test_a_smell_is_an_insult_only_of_someone_or_theirs(inn: SensitivityMap) -> None:
    assert "berta_slighted" in heard(inn, "you smell like a wet dog", "berta")
    assert "berta_slighted" in heard(inn, "your inn smells like wet dog", "berta")
    assert (
        heard(inn, "hey berta, whats behind the trapdoor? smells like", "berta").get(
            "berta_slighted"
        )
        != "smell like (insult)"
    )
