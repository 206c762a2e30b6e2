"""The sensitivity map: which entries apply where, what they serve, the map's refresh when
someone arrives, and how context (negation, questions, emphasis) weighs a match."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from app.session.setup import start_session
from app.world.campaign import Campaign, TriggerSpec
from app.world.eventspec import GoalSpec, JudgmentSpec
from app.world.heard import Entry
from app.world.ledger import GoalCompleted, TriggerFired
from app.world.sensitivity import EMPHASIS_CAP, SensitivityMap, build, sensitivity_map, tokenize
from tests.app.event_world import quiet
from tests.app.saved_games import crossroads as shipped


def crossroads() -> Campaign:
    """The shipped judgments, without the triggers and scores the campaign builds on them."""
    return quiet(shipped().model_copy(deep=True))  # (the shared one stays whole)


TRUST = JudgmentSpec(
    category="trust_shift", about="berta", direction="up", negated="doubt",
    keywords=["promis*", "bring him back", "trust", "hug"],
)  # fmt: skip
DOUBT = JudgmentSpec(category="trust_shift", about="berta", direction="down", keywords=["liar"])
MAP = SensitivityMap([Entry("trust", TRUST), Entry("doubt", DOUBT)])


def heard(text: str) -> dict[str, float]:
    return {m.entry.id: m.confidence for m in MAP.match(text)}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("We will bring him back.", {"trust": 0.7}),
        ("we WILL bring him back", {"trust": 0.8}),  # capitals: emphasis
        ("I promise.", {"trust": 0.8}),  # "promise" is itself emphatic
        ("I promised her.", {"trust": 0.7}),  # a stem matches its endings
        ("Bring him back!", {"trust": 0.8}),
        ("I truly trust you", {"trust": 0.8}),
        ("Will you trust us?", {"trust": 0.42}),  # a question weakens
        ("Do you trust us", {"trust": 0.42}),  # an interrogative start, no "?"
        ("Trust us. Do you have ale?", {"trust": 0.7}),  # the question is another sentence
        ("I don't trust you", {"doubt": 0.7}),  # negated: the entry's negated judgment
        ("I don\u2019t trust you", {"doubt": 0.7}),  # curly apostrophe
        ("I never said I'd promise", {"doubt": 0.7}),
        ("No guarantees, but we'll bring him back", {"trust": 0.7}),  # "but" ends the clause
        ("We can't promise anything", {"doubt": 0.7}),
        ("I don't think we'll bring him back", {"doubt": 0.7}),  # a negated belief reaches
        ("a huge spoon", {}),  # word boundaries: "hug" is not "huge"
        ("Trustworthy folk", {}),  # "trust" without a star is the word only
        ("bring him", {}),  # a phrase needs all its words
        ("Bring   him\nback", {"trust": 0.7}),
        ("", {}),
        ("!!!???", {}),
    ],
)
def test_context_modifiers(text: str, expected: dict[str, float]) -> None:
    assert heard(text) == pytest.approx(expected)


def test_one_entry_once_per_line_several_entries_each() -> None:
    found = MAP.match("Trust me, I promise, trust me. Your husband is a liar.")
    assert sorted(m.entry.id for m in found) == ["doubt", "trust"]


def test_emphasis_never_makes_the_game_certain() -> None:
    sure = SensitivityMap([Entry("x", TRUST.model_copy(update={"confidence": 0.93}))])
    [found] = sure.match("I PROMISE! I really, truly promise!")
    assert found.confidence == EMPHASIS_CAP


@given(st.text(max_size=300))
def test_any_text_is_heard_without_error_and_confidence_stays_in_bounds(text: str) -> None:
    for found in MAP.match(text):
        assert 0.0 <= found.confidence <= EMPHASIS_CAP
    assert all(t == t.lower() for t in tokenize(text))


def _campaign_with(trigger_on: str, goal_on: str) -> Campaign:
    campaign = crossroads()
    trigger = TriggerSpec.model_validate(
        {"id": "berta_hopes", "when": {"judged": trigger_on}, "effects": {"text": "She smiles."}}
    )
    goal = GoalSpec.model_validate({"text": "Calm Berta", "when": {"judged": goal_on}})
    inn = campaign.scenes["inn"].model_copy(update={"goals": {"calm": goal}})
    return campaign.model_copy(
        update={"triggers": [*campaign.triggers, trigger],
                "scenes": {**campaign.scenes, "inn": inn}}
    )  # fmt: skip


def test_entries_apply_where_their_npc_is_or_in_their_scenes() -> None:
    campaign = crossroads()
    assert build(campaign, "inn", ["berta"]).ids() == ["berta_reassured", "berta_slighted"]
    assert build(campaign, "chief_hall", ["grubnak"]).ids() == [
        "grubnak_respected", "grubnak_insulted", "grubnak_offered",
    ]  # fmt: skip
    assert build(campaign, "old_road", []).ids() == []
    scoped = campaign.model_copy(
        update={"judgments": {"road": JudgmentSpec(category="tone", keywords=["x"],
                                                   scenes=["old_road"], about="berta"),
                              "any": JudgmentSpec(category="tone", keywords=["y"])}}
    )  # fmt: skip
    assert build(scoped, "old_road", []).ids() == ["road", "any"]
    assert build(scoped, "inn", ["berta"]).ids() == ["any"]


def test_entries_know_the_triggers_and_goals_they_serve_until_spent() -> None:
    campaign = _campaign_with("berta_reassured", "berta_reassured")
    session = start_session(campaign, 3)
    state = session.state
    entry = sensitivity_map(state).get("berta_reassured")
    assert entry is not None and entry.triggers == ("berta_hopes",) and entry.goals == ("calm",)
    state.log_event(TriggerFired(trigger="berta_hopes"))
    state.log_event(GoalCompleted(goal="calm"))
    entry = sensitivity_map(state).get("berta_reassured")
    assert entry is not None and entry.triggers == () and entry.goals == ()


def test_the_map_is_refreshed_when_someone_arrives() -> None:
    session = start_session(crossroads(), 3)
    state = session.state
    state.scene = state.scene.model_copy(update={"id": "cellar"})
    before = sensitivity_map(state)
    assert before.ids() == []
    assert sensitivity_map(state) is before  # unchanged world: the same map, not rebuilt
    state.flags["tam_found"] = True  # Tam comes out from behind the casks
    assert sensitivity_map(state).ids() == ["tam_comforted"]
    state.flags["tam_home"] = True  # … and goes up to the inn with the party
    assert sensitivity_map(state).ids() == []


def test_a_cheap_lock_does_not_slight_the_innkeeper() -> None:
    """Picking a "cheap" lock with words about it is no slight to Berta (the campaign's
    keyword was once ``cheap*``, and a rogue's muttering closed her purse); calling her a
    cheapskate still is."""
    story = crossroads()
    lock = "mutter something about cheap dwarven locks under my breath and pick the padlock"
    found = build(story, "inn", ["berta"]).heard(lock, None, ["berta"])
    assert "berta_slighted" not in {m.entry.id for m in found}
    rude = build(story, "inn", ["berta"]).heard("what a cheapskate", "berta", ["berta"])
    assert "berta_slighted" in {m.entry.id for m in rude}


def test_a_slight_of_someone_else_is_no_slight_of_the_listener() -> None:
    """Mocking the goblin chief to Berta does not slight Berta; words of Tam still reassure
    her, and a slight said to her face still slights her."""
    inn = build(crossroads(), "inn", ["berta"])
    heard = {m.entry.id for m in inn.heard(
        "That goblin chief sounds like a clown in a cooking pot.", "berta", ["berta"])}  # fmt: skip
    assert "berta_slighted" not in heard
    tam = {m.entry.id for m in inn.heard(
        "Tam will sleep in his own bed tonight, mark my words.", "berta", ["berta"])}  # fmt: skip
    assert "berta_reassured" in tam
    rude = {m.entry.id for m in inn.heard("what a cheapskate you are", "berta", ["berta"])}
    assert "berta_slighted" in rude
