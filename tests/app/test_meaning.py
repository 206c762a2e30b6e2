"""The meaning model hears what keywords and fields miss — a line nearest to an example
of what a judgment means — and stays careful: questions, short lines, table talk and lines
with a negation near only affirmative examples mean nothing; without the model the game
hears by keywords alone."""

from __future__ import annotations

import pytest

from app.world import intent, meaning
from app.world.campaign import Campaign
from app.world.campaignfile import load_campaign
from app.world.fields import field_names
from app.world.folders import CAMPAIGNS_DIR
from app.world.sensitivity import SensitivityMap, build


@pytest.fixture(scope="module")
def crossroads() -> Campaign:
    return load_campaign(CAMPAIGNS_DIR / "crossroads")


@pytest.fixture(scope="module")
def inn(crossroads: Campaign) -> SensitivityMap:
    return build(crossroads, "inn", ["berta"])


def heard(found: SensitivityMap, text: str, to: str = "berta") -> dict[str, str]:
    return {m.entry.id: m.keyword for m in found.heard(text, to, [to])}


def test_the_model_ships_with_the_game_and_loads() -> None:
    folder = meaning._model_dir()
    assert all((folder / name).is_file() for name in meaning.MODEL_FILES)
    assert meaning.available()
    vectors = meaning.encode(
        ["we will bring him home", "we'll fetch the lad back", "turnips are dear this year"]
    )
    assert vectors is not None and vectors.shape[0] == 3
    assert float(vectors[0] @ vectors[1]) > float(vectors[0] @ vectors[2])  # meaning lies near


def test_the_examples_name_only_fields_of_the_lexicon() -> None:
    assert set(meaning.meanings().fields) <= set(field_names())
    assert meaning.meanings().neutral.examples


def test_a_paraphrase_no_keyword_names_is_heard_by_its_meaning(inn: SensitivityMap) -> None:
    line = "we'll have your lad sitting by this fire before the night is through"
    assert inn.match(line) == []  # no keyword, no field word
    found = heard(inn, line)
    assert set(found) == {"berta_reassured"}
    assert found["berta_reassured"].startswith("like ")  # said how it was heard


def test_a_meaning_match_counts_as_a_field_match(crossroads: Campaign, inn: SensitivityMap) -> None:
    line = "we'll have your lad sitting by this fire before the night is through"
    (match,) = inn.heard(line, "berta", ["berta"])
    assert match.confidence == crossroads.judgments["berta_reassured"].field_confidence


@pytest.mark.parametrize(
    "line",
    [
        "will he be home by supper?",  # a question promises nothing
        "hey there",  # too short to read
        "we came up the coast road this morning",  # table talk
        "I won't promise you anything",  # negated: only negated examples are compared
    ],
)
def test_careful_lines_mean_nothing(inn: SensitivityMap, line: str) -> None:
    assert heard(inn, line) == {}


def test_words_to_someone_else_are_not_read_for_them(crossroads: Campaign) -> None:
    both = build(crossroads, "inn", ["berta", "tam"])
    line = "we'll have your lad sitting by this fire before the night is through"
    assert "berta_reassured" not in {m.entry.id for m in both.heard(line, "tam", ["berta", "tam"])}


def test_a_judgments_own_examples_are_heard(crossroads: Campaign) -> None:
    spec = crossroads.judgments["grubnak_offered"].model_copy(
        update={"keywords": [], "fields": [], "examples": ["you may keep every turnip we own"]}
    )
    changed = crossroads.model_copy(
        update={"judgments": {**crossroads.judgments, "grubnak_offered": spec}}
    )
    hall = build(changed, "chief_hall", ["grubnak"])
    assert "grubnak_offered" in heard(hall, "all the turnips we own are yours to keep", "grubnak")


def test_without_the_model_the_game_hears_by_keywords_alone(
    crossroads: Campaign, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(meaning, "_LOADED", [None])
    monkeypatch.setattr(intent, "_HEADS", [])  # no head kept from a model-less test
    found = build(crossroads, "inn", ["berta"])  # a fresh map: no examples embedded yet
    line = "we'll have your lad sitting by this fire before the night is through"
    assert heard(found, line) == {}
    assert set(heard(found, "I promise we'll bring him back")) == {"berta_reassured"}
    assert not meaning.available()


def test_missing_model_files_never_reach_for_the_network(
    tmp_path: object, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(meaning, "_model_dir", lambda: tmp_path)
    assert meaning._load() is None


def test_words_reported_to_someone_are_read_as_said_to_them(inn: SensitivityMap) -> None:
    line = "I walk up to the bar and tell Berta we'll have her lad home before supper"
    assert meaning.as_said(line) == "we'll have your lad home before supper"
    assert "berta_reassured" in heard(inn, line)
    assert meaning.as_said("I look at the fire") == "I look at the fire"


def test_words_withheld_are_not_read_as_said() -> None:
    """ "I can't promise he's alive" does not say he is: a negated report stays as it is
    (and its negation keeps it from being heard as a promise)."""
    line = "I can't promise he's alive, but we'll look."
    assert meaning.as_said(line) == line
    assert meaning.as_said("I won\u2019t tell her we'll find him") != "we'll find you"


def test_a_line_that_refuses_a_vow_promises_nothing_by_its_meaning(inn: SensitivityMap) -> None:
    assert heard(inn, "I won't promise anything, but we'll take a look.") == {}
    assert heard(inn, "I can't promise he's alive, but we'll look.") == {}


def test_a_statement_beside_a_question_is_still_read(inn: SensitivityMap) -> None:
    """A question promises nothing, but the sentence beside it still says what it says."""
    line = "Are you cold? We will have your lad sitting by this fire before the night is through."
    assert set(heard(inn, line)) == {"berta_reassured"}
    asked = "Will you have your lad sitting by this fire before the night is through?"
    assert heard(inn, asked) == {}


def test_the_words_a_line_quotes_are_read_on_their_own() -> None:
    """Stage directions around quoted words blur them: the quoted words are read alone."""
    line = "Thorin leans on the bar and says 'your lad will be home before supper' with a nod"
    assert "your lad will be home before supper" in meaning.readings(line)
    assert meaning.readings("I've got it, it's the lads' boots") == [
        "I've got it, it's the lads' boots"
    ]


def _near(kind: meaning.ExampleKind, name: str, similarity: float) -> meaning.Nearest:
    return meaning.Nearest(meaning.Example(f"{kind} {name}", kind, name), similarity)


def test_a_line_must_be_clearly_nearer_what_it_means_than_its_rivals() -> None:
    """Nearest to a judgment's example, but hardly nearer than to table talk or to a field
    nobody here listens for: heard as neither."""

    def speaks_for(example: meaning.Example) -> frozenset[str]:
        return frozenset({"berta_reassured"}) if example.kind == "judgment" else frozenset()

    clear = [_near("judgment", "berta_reassured", 0.72), _near("neutral", "", 0.6)]
    found = meaning.heard_as(clear, speaks_for, negated=False)
    assert found is not None and found.ids == {"berta_reassured"}
    assert found.margin == pytest.approx(0.12)
    close = [_near("judgment", "berta_reassured", 0.72), _near("field", "violence", 0.715)]
    assert meaning.heard_as(close, speaks_for, negated=False) is None
    far = [_near("judgment", "berta_reassured", meaning.NEAR - 0.01), _near("neutral", "", 0.1)]
    assert meaning.heard_as(far, speaks_for, negated=False) is None
    nearest_neutral = [_near("neutral", "", 0.8), _near("judgment", "berta_reassured", 0.75)]
    assert meaning.heard_as(nearest_neutral, speaks_for, negated=False) is None


def test_a_preface_that_negates_nothing_is_not_read_as_negation(inn: SensitivityMap) -> None:
    """ "I won't lie to you" only says bad news follows: the rest is read as it is, and
    bad news is no comfort."""
    assert heard(inn, "I'm not going to lie to you, it might be bad down there.") == {}
    assert heard(inn, "I won't lie to you, he may be dead") == {}


def test_each_sentence_of_a_line_is_read_on_its_own(inn: SensitivityMap) -> None:
    """A line's vector is the mean of its words: small talk beside a promise blurs it,
    so each sentence is read alone too."""
    line = (
        "The stew smells good and the fire is warm. "
        "We will have your son back at this table tonight."
    )
    assert meaning.readings(line) == [
        line,
        "The stew smells good and the fire is warm.",
        "We will have your son back at this table tonight.",
    ]
    assert meaning.readings("Go on. We will help.") == ["Go on. We will help.", "We will help."]
    assert meaning.readings("one sentence only") == ["one sentence only"]
    assert set(heard(inn, line)) == {"berta_reassured"}
    assert heard(inn, "The stew smells good and the fire is warm. I check my gear.") == {}


def test_each_part_of_a_judgments_description_is_an_example_of_it() -> None:
    """A description says several things a judgment means; a line that says one of them
    is nearer that part than the whole description."""
    from app.world.sensitivity import _parts

    described = "The party reassures Berta: promises to bring Tam back, comforts her."
    assert _parts(described) == [
        "The party reassures Berta",
        "promises to bring Tam back",
        "comforts her.",
    ]
    assert _parts("Grubnak is mocked or threatened") == ["Grubnak is mocked"]
    assert _parts("Kindness") == []


def test_a_wall_of_text_is_read_quickly_and_safely(inn: SensitivityMap) -> None:
    """Unclosed quotes and hundreds of sentences cost a bounded number of readings."""
    assert len(meaning.readings("a '" * 2000)) == 1
    sentences = " ".join(f"We will find the boy number {n} today." for n in range(200))
    assert len(meaning.readings(sentences)) == meaning.MAX_READINGS
    assert heard(inn, "x 'y" * 1500) == {}


@pytest.mark.parametrize(
    "line", ["talk to Berta", "ask Berta about the key", "Mira: ask Berta about her son",
             "I greet Berta", "let's speak with Berta"],
)  # fmt: skip
def test_a_line_that_only_says_whom_to_talk_to_means_nothing(
    inn: SensitivityMap, line: str
) -> None:
    # an instruction at the table holds none of the words said: her name alone is near
    # every example about her, and must not be heard as a slight or a comfort
    assert heard(inn, line) == {}


def test_words_under_a_withheld_vow_or_assurance_are_not_said(inn: SensitivityMap) -> None:
    """A keyword after a vow or an assurance that is withheld ("I can't promise we'll find
    him", "I won't tell you he's safe") is not said to the listener, nor its opposite;
    the vow given still is."""
    assert heard(inn, "I can't promise we'll find him.") == {}
    assert heard(inn, "I won't tell you it'll all be fine, Berta. I don't know that.") == {}
    assert heard(inn, "I'm not going to tell you he's safe, because I don't know it.") == {}
    assert "berta_reassured" in heard(inn, "I promise we'll find him.")


def test_common_insults_are_heard_as_slights(inn: SensitivityMap) -> None:
    for line in ("Quit fussing and pour the ale.", "You're a fraud, and a useless one.",
                 "Frankly I couldn't care less."):  # fmt: skip
        assert "berta_slighted" in heard(inn, line), line
