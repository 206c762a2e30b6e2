"""What the players and the DM see of the event system: how people feel (attitude, the
scores behind it, a character's own where it differs, why it last moved) in the journal,
``/people`` and the DM's context; judgments by id for the DM to refine; the scene's goals
not yet met; relationship and judgment changes grouped in the deltas; relationship notices
in the dice log (judgments never)."""

from __future__ import annotations

from app.actions.events import StateChange
from app.actions.telling import tell
from app.display.tablelog import change_log_entry
from app.dm.context import ContextBuilder
from app.dm.deltas import build_deltas
from app.dm.eventcontext import event_context, goals, judgments, people
from app.session import sheets
from app.session.setup import start_session
from app.world.bonds import shift
from app.world.campaignfile import load_campaign
from app.world.eventspec import GoalSpec
from app.world.folders import CAMPAIGNS_DIR
from app.world.journal import journal, journal_lines, people_lines
from app.world.ledger import GoalCompleted
from app.world.state import GameState
from app.world.truth import Judgment
from app.world.turnrecord import TurnRecord
from app.world.when import Fact
from tests.app.event_world import quiet


def game() -> GameState:
    return start_session(quiet(load_campaign(CAMPAIGNS_DIR / "crossroads")), 11).state


def test_nothing_moved_tells_only_who_is_here() -> None:
    state = game()
    told = event_context(state)
    assert told.splitlines()[1].startswith("- berta: friendly; trust ")
    assert told.splitlines()[1].endswith("; here")
    assert "record_judgment" not in told  # no judgments yet: no section


def test_people_judgments_and_goals_reach_the_dm() -> None:
    state = game()
    state.turn = 2
    shift(state, "trust.berta", 2, "Mira promised to find Tam")
    shift(state, "trust.berta.mira", 3, "Mira promised to find Tam")
    state.truth.judgments.append(
        Judgment(id="j1", turn=2, scene="inn", category="trust_shift", watch="berta_reassured",
                 about="berta", speaker="mira", direction="up", confidence=0.7)
    )  # fmt: skip
    state.truth.judgments.append(
        Judgment(id="j2", turn=2, scene="inn", category="tone", confidence=0.9,
                 status="contradicted")
    )  # fmt: skip
    line = people(state).splitlines()[1]
    assert line.startswith("- berta: friendly; trust 2 (mira 3), affection ")
    read = judgments(state)
    assert "- j1 berta_reassured up about berta by mira, 0.70 provisional" in read
    assert "j2" not in read  # contradicted: no longer in play
    spec = state.campaign.scenes[state.scene.id]  # type: ignore[union-attr]
    spec.goals["calm_berta"] = GoalSpec(text="calm Berta", when=Fact(flag="calm"))
    assert goals(state) == "Scene goals not yet met: calm_berta (calm Berta)"
    state.log_event(GoalCompleted(goal="calm_berta"))
    assert goals(state) == ""
    system = ContextBuilder().build(state, [], briefed=False, mode="exploration")[0]
    assert "How people feel about the party" in str(system["content"])
    assert "- j1 berta_reassured" in str(system["content"])


def test_relationship_and_judgment_changes_are_grouped_for_the_dm() -> None:
    state = game()
    state.record("relationship", "berta trust +1 (2)", who="berta")
    state.record("relationship", "berta affection -1 (2)", who="berta")
    state.record("judgment", "j1 berta_reassured 0.7 provisional")
    found = build_deltas(state)
    assert found.relationships == ["berta trust +1 (2)", "berta affection -1 (2)"]
    rendered = found.render()
    assert "- Relationships: berta trust +1 (2); berta affection -1 (2)" in rendered
    assert "- Judgments: j1 berta_reassured 0.7 provisional" in rendered


def test_the_journal_shows_the_numbers_and_why_they_last_moved() -> None:
    state = game()
    state.turn = 3
    shift(state, "trust.berta", -1, "Thorin laughed at her fear")
    berta = journal(state).met[0]
    assert berta.attitude == "friendly" and berta.scores.startswith("trust −1, affection ")
    assert berta.why == "trust −1 — Thorin laughed at her fear (turn 3)"
    # once the turn closes its events live in the story: the reason is still found there
    state.history.append(
        TurnRecord(number=3, actions=["x"], narrative="y", events=state.truth.take_fresh())
    )
    shift(state, "trust.berta.mira", 4, "Mira shared her bread")
    berta = journal(state).met[0]
    assert "(Mira: trust 4)" in berta.scores
    assert berta.why.startswith("trust +4 with Mira — Mira shared her bread")
    lines = people_lines(journal(state))
    assert lines[1].startswith("  Berta: friendly — met at")
    assert lines[3] == "    last moved: trust +4 with Mira — Mira shared her bread (turn 3)"
    assert "    last moved: trust +4" in "\n".join(journal_lines(journal(state)))


def test_people_text_for_the_console() -> None:
    session = start_session(quiet(load_campaign(CAMPAIGNS_DIR / "crossroads")), 11)
    assert sheets.people_text(session).startswith("People met:\n  Berta: friendly")


def test_a_relationship_notice_is_styled_and_a_judgment_is_not_shown() -> None:
    state = game()
    [moved] = tell(state, shift(state, "trust.berta", 1, "kind words"))
    entry = change_log_entry(moved)  # type: ignore[arg-type]
    assert entry is not None and entry.plain.startswith("♥ Berta trusts you more — trust")
    assert "magenta" in str(entry.style)
    judged = StateChange(kind="judgment", target_id="berta", description="j1")
    assert change_log_entry(judged) is None
