"""The semantic fields: the built-in lexicon, stemming, how a field match is weighed
(negation, questions, emphasis), whom it counts for, and how an unknown field name is
refused."""

from __future__ import annotations

import asyncio
import tomllib
from pathlib import Path

import pytest
import tomli_w
from hypothesis import given
from hypothesis import strategies as st
from pydantic import ValidationError
from typer.testing import CliRunner

from app.actions.events import StateChange
from app.cli.main import app
from app.session.session import GameSession
from app.session.setup import start_session
from app.world.actions import PlayerAction
from app.world.eventspec import JudgmentSpec
from app.world.fields import FieldIndex, field_names, lexicon, stem, stems, unknown_field
from app.world.folders import CAMPAIGNS_DIR
from app.world.heard import Entry
from app.world.scores import score, start
from app.world.sensitivity import EMPHASIS_CAP, SensitivityMap, tokenize
from tests.app.saved_games import crossroads

CALM = JudgmentSpec(
    category="trust_shift", about="berta", direction="up", negated="doubt",
    keywords=["bring him back"], fields=["reassurance"],
)  # fmt: skip
DOUBT = JudgmentSpec(category="trust_shift", about="berta", direction="down", fields=["distrust"])
DEAL = JudgmentSpec(category="intent", about="grubnak", fields=["offer"], field_confidence=0.7)
MAP = SensitivityMap([Entry("calm", CALM), Entry("doubt", DOUBT), Entry("deal", DEAL)])


def heard(text: str) -> dict[str, float]:
    return {m.entry.id: m.confidence for m in MAP.match(text)}


def test_the_lexicon_has_the_fields_a_campaign_needs() -> None:
    for name in ("reassurance", "comfort", "praise", "courtesy", "apology", "insult",
                 "threat", "greed", "dismissal", "offer", "distrust"):  # fmt: skip
        assert name in field_names()
        spec = lexicon().fields[name]
        assert spec.description and len(spec.words) + len(spec.phrases) >= 5


def test_inflections_share_a_stem() -> None:
    assert len({stem(w) for w in ("promise", "promised", "promises", "promising")}) == 1
    assert stem("insulted") == stem("insults") == stem("insulting")
    assert stems(["dont", "ur", "gonna"]) == [stem("don't"), stem("your"), stem("going")]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Relax, your lad will be back by supper.", {"calm": 0.6}),  # no keyword: the field
        ("We PROMISED her.", {"calm": 0.7}),  # an inflection, and emphasis
        ("dont worry, we'll get him", {"calm": 0.6}),  # a player's spelling
        ("We will bring him back.", {"calm": 0.7}),  # the keyword outweighs the field
        ("I can't promise anything", {"doubt": 0.45}),  # negated: weaker, as its opposite
        ("Will you relax?", {"calm": 0.36}),  # a question weakens
        ("Would you take gold in exchange?", {"deal": 0.595}),  # offers: less so
        ("You're a liar.", {"doubt": 0.6}),
        ("The weather is fine.", {}),
        ("", {}),
    ],
)
def test_a_field_match_is_weighed_like_a_keyword(text: str, expected: dict[str, float]) -> None:
    assert heard(text) == pytest.approx(expected)


def test_negation_over_a_field_does_not_count_for_it() -> None:
    found = {m.entry.id: m for m in MAP.match("I'm not going to promise you that.")}
    assert "calm" not in found
    assert found["doubt"].negated_from == "calm"
    assert found["doubt"].confidence < 0.5  # below the campaign's default minimum


def test_a_field_match_on_a_line_to_someone_else_does_not_count() -> None:
    text = "Don't worry, we'll bring your boy home."
    assert [m.entry.id for m in MAP.heard(text, "berta", ["berta"])] == ["calm"]
    assert MAP.heard(text, "grubnak", ["berta", "grubnak"]) == []
    assert MAP.heard(text, None, ["grubnak"]) == []  # said to nobody, Berta not here


def test_a_match_says_which_field_heard_it() -> None:
    [found] = MAP.match("Trade you for the boy")
    assert found.keyword.endswith("(offer)")


@given(st.text(max_size=300))
def test_any_text_is_heard_without_error(text: str) -> None:
    for found in MAP.match(text):
        assert 0.0 <= found.confidence <= EMPHASIS_CAP
    index = FieldIndex(field_names(), tokenize)
    for hit in index.scan(tokenize(text)):
        assert hit.field in field_names()


def test_an_unknown_field_is_refused_with_a_did_you_mean() -> None:
    assert unknown_field("reassurance") is None
    assert "did you mean 'reassurance'" in (unknown_field("reasurance") or "")
    with pytest.raises(ValidationError, match="did you mean 'insult'"):
        JudgmentSpec(category="tone", fields=["insults"])
    with pytest.raises(ValidationError, match="keywords, fields, or both"):
        JudgmentSpec(category="tone")


def test_validate_names_an_unknown_field_with_its_key(tmp_path: Path) -> None:
    data = tomllib.loads((CAMPAIGNS_DIR / "crossroads" / "campaign.toml").read_text("utf-8"))
    data["judgments"]["grubnak_offered"]["fields"] = ["ofer"]
    folder = tmp_path / "bad"
    folder.mkdir()
    (folder / "campaign.toml").write_text(tomli_w.dumps(data), encoding="utf-8")
    result = CliRunner().invoke(app, ["validate", str(folder)])
    assert result.exit_code == 3  # an invalid campaign, whichever command finds it
    assert "judgments.grubnak_offered.fields" in result.stdout  # listed as every problem is
    assert "did you mean 'offer'?" in result.stdout
    assert "Traceback" not in result.output


@pytest.mark.parametrize(
    "text", ["I promise myself I'll never drink again.", "We swore to ourselves we'd rest."]
)
def test_words_said_to_oneself_promise_nobody(text: str) -> None:
    assert heard(text) == {}


def _say(session: GameSession, character: str, text: str) -> list[object]:
    async def run() -> list[object]:
        session.submit(PlayerAction(character_id=character, text=text))
        return [e async for e in session.run_until_players()]

    return asyncio.run(run())


def test_the_offline_referee_hears_paraphrase_the_keywords_never_listed() -> None:
    session = start_session(crossroads(), 3)
    events = _say(session, "mira", "I say to Berta: fear not, ma'am, he'll turn up unharmed.")
    [judgment] = session.state.truth.judgments
    assert judgment.watch == "berta_reassured" and judgment.confidence == pytest.approx(0.6)
    before = start(session.state.campaign, "trust.berta")
    assert score(session.state, "trust.berta") == before + 1
    shown = [e for e in events if isinstance(e, StateChange) and e.kind == "relationship"]
    assert any("Berta trusts you more" in e.description for e in shown)
    _say(session, "mira", "I ask Berta: will he be unharmed?")  # a question: heard, does not count
    assert score(session.state, "trust.berta") == before + 1


@pytest.mark.parametrize(
    "text",
    ["You're going to be just fine.", "It's completely okay.", "it's totally ok"],
)
def test_a_filler_word_inside_a_phrase_does_not_hide_it(text: str) -> None:
    """ "going to be fine" is heard with "just" inside it; fillers are no field's words."""
    assert heard(text) == pytest.approx({"calm": 0.6})


def test_a_filler_alone_means_nothing() -> None:
    assert heard("Just really, totally, absolutely.") == {}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("We'll bring him back, you know that?", {"calm": 0.7}),  # a tag: said, not asked
        ("Relax, he's fine, right?", {"calm": 0.6}),
        ("Don't worry, we'll find him, won't we?", {"calm": 0.6}),
        ("Will you relax?", {"calm": 0.36}),  # a real question still weakens
        ("Could you relax, please?", {"calm": 0.36}),  # "please" is no tag
        ("We'll bring him back, but will you pay us first?", {"calm": 0.42}),
    ],
)
def test_a_closing_tag_question_does_not_make_a_statement_a_question(
    text: str, expected: dict[str, float]
) -> None:
    assert heard(text) == pytest.approx(expected)
