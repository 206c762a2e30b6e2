"""Every tool call and world change writes the ledger: a game played through the
crossroads campaign reads, in its ledger, as cause then effect."""

from __future__ import annotations

import json

from app.actions.calls import ToolCall
from app.actions.sets import ALL_TOOLS, CAMPAIGN_EXPLORATION_TOOLS
from app.actions.toolledger import begin, finish, refused
from app.session.runner import run_lines
from app.session.setup import start_session
from app.world.arrivals import note_arrivals
from app.world.campaignfile import load_campaign
from app.world.folders import CAMPAIGNS_DIR
from app.world.ledger import (
    ActionPerformed,
    CharacterArrival,
    CharacterDeparture,
    ConstraintViolation,
    Movement,
    SceneEntered,
    SceneExited,
    SpeechAct,
    WorldStateChanged,
)
from app.world.ledgerread import all_events
from app.world.newgame import new_game
from app.world.recording import Change, change_events
from rules.advancement import effective_xp

CAMPAIGN = load_campaign(CAMPAIGNS_DIR / "crossroads")
SCRIPT = (CAMPAIGNS_DIR / "crossroads" / "scripts" / "peace.txt").read_text(encoding="utf-8")
LINES = [line for line in SCRIPT.splitlines() if line.strip() and not line.startswith("#")]


def call(tool: str, **args: object) -> ToolCall:
    return ToolCall(id=f"c-{tool}", name=tool, arguments=json.dumps(args))


def test_a_new_game_starts_its_ledger_with_the_party_entering_the_first_scene() -> None:
    state = new_game(CAMPAIGN, seed=1)
    first = state.truth.fresh[0]
    assert isinstance(first, SceneEntered)
    assert (first.seq, first.turn, first.scene) == (0, 0, CAMPAIGN.campaign.start)
    assert first.characters == list(state.party)
    assert state.truth.seen(f"entered.{CAMPAIGN.campaign.start}")


def test_a_tool_call_writes_its_action_before_what_it_changes() -> None:
    state = new_game(CAMPAIGN, seed=1)
    start = state.truth.seq
    outcome = CAMPAIGN_EXPLORATION_TOOLS.execute(call("set_flag", name="bell", value=True), state)
    assert outcome.ok
    action, change = state.truth.fresh[start:]
    assert isinstance(action, ActionPerformed) and action.action == "set_flag"
    assert "value=True" in action.detail
    assert isinstance(change, WorldStateChanged)
    assert (change.key, change.old, change.new) == ("flag.bell", None, "True")
    assert action.seq < change.seq


def test_moving_the_party_leaves_moves_and_enters_each_in_its_own_scene() -> None:
    state = new_game(CAMPAIGN, seed=1)
    origin = state.scene.id
    to = state.scene.exits[0]
    state.flags["trapdoor_open"] = True
    start = state.truth.seq
    move = call("move_scene", scene_id=to, reason="on")
    outcome = CAMPAIGN_EXPLORATION_TOOLS.execute(move, state)
    assert outcome.ok, outcome.result
    events = state.truth.fresh[start:]
    assert isinstance(events[0], ActionPerformed) and events[0].target == to
    left, moved, entered = events[1:4]
    assert isinstance(left, SceneExited) and left.scene == origin
    assert isinstance(moved, Movement) and (moved.origin, moved.to) == (origin, to)
    assert isinstance(entered, SceneEntered) and entered.scene == to
    assert entered.characters == list(state.party)


def test_a_refused_call_writes_why_and_no_action() -> None:
    state = new_game(CAMPAIGN, seed=1)
    tools = CAMPAIGN_EXPLORATION_TOOLS
    start, index = state.truth.seq, dict(state.truth.index)
    for bad in (
        ToolCall(id="1", name="fly_away", arguments="{}"),
        ToolCall(id="2", name="set_flag", arguments="{not json"),
        call("set_flag", name="Bad Name!", value=1),
        call("move_scene", scene_id="nowhere", reason="x"),
    ):
        assert not tools.execute(bad, state).ok
    events = state.truth.fresh[start:]
    assert all(isinstance(e, ConstraintViolation) for e in events), events
    assert [e.action for e in events if isinstance(e, ConstraintViolation)] == [
        "fly_away", "set_flag", "set_flag", "move_scene"
    ]  # fmt: skip
    assert "no way from inn" in events[-1].reason  # type: ignore[union-attr]
    assert [e.seq for e in events] == list(range(start, start + 4))
    assert "did.move_scene" not in state.truth.index and "did.move_scene" not in index


def test_a_read_only_call_writes_nothing() -> None:
    state = new_game(CAMPAIGN, seed=1)
    start = state.truth.seq
    CAMPAIGN_EXPLORATION_TOOLS.execute(call("get_encounter"), state)
    assert state.truth.seq == start


def test_an_npc_who_appears_arrives_and_a_player_who_leaves_departs() -> None:
    state = new_game(CAMPAIGN, seed=1)
    start = state.truth.seq
    state.players["Ben"] = []
    state.players.pop("Player")
    written = note_arrivals(state)
    assert [type(e) for e in written] == [CharacterArrival, CharacterDeparture]
    assert [e.props()[0] for e in written] == ["arrived.Ben", "departed.Player"]
    assert state.truth.seq == start + 2
    assert note_arrivals(state) == []  # nothing new since


async def test_a_whole_game_writes_a_ledger_in_order_with_every_call_in_it() -> None:
    session = start_session(CAMPAIGN, 11)
    result = await run_lines(session, LINES)
    assert not result.errors, result.transcript
    events = list(all_events(session.state))
    assert [e.seq for e in events] == list(range(len(events)))
    assert [e.turn for e in events] == sorted(e.turn for e in events)
    kinds = {e.kind for e in events}
    assert {"scene_entered", "scene_exited", "movement", "action", "world_changed"} <= kinds
    moves = [e for e in events if isinstance(e, Movement)]
    assert moves and all(m.scene == m.origin for m in moves)
    arrived = [e for e in events if isinstance(e, CharacterArrival)]
    assert [(e.character, e.scene) for e in arrived] == [("tam", "cellar")]


def test_talk_to_records_a_topic_the_reading_of_the_line_missed() -> None:
    state = new_game(CAMPAIGN, seed=1)
    state.truth.turn_start = state.truth.seq
    state.log_event(SpeechAct(speaker="mira", addressee="berta", words="And the lad?"))
    talk = call("talk_to", npc_id="berta", character_id="mira", topic="tam")
    assert CAMPAIGN_EXPLORATION_TOOLS.execute(talk, state).ok
    speech = [e for e in state.truth.fresh if isinstance(e, SpeechAct)]
    assert [e.topic for e in speech] == [None, "tam"]
    assert "asked.berta.tam" in state.truth.index


def test_talk_to_adds_no_speech_the_line_already_wrote() -> None:
    state = new_game(CAMPAIGN, seed=1)
    state.truth.turn_start = state.truth.seq
    state.log_event(
        SpeechAct(speaker="mira", addressee="berta", words="Where is Tam?", topic="tam")
    )
    talk = call("talk_to", npc_id="berta", character_id="mira", topic="tam")
    assert CAMPAIGN_EXPLORATION_TOOLS.execute(talk, state).ok
    speech = [e for e in state.truth.fresh if isinstance(e, SpeechAct)]
    assert len(speech) == 1
    talk = call("talk_to", npc_id="berta", character_id="thorin", topic="tam")
    assert CAMPAIGN_EXPLORATION_TOOLS.execute(talk, state).ok
    speech = [e for e in state.truth.fresh if isinstance(e, SpeechAct)]
    assert [(e.speaker, e.addressee, e.words) for e in speech][1:] == [
        ("thorin", "berta", "(about tam)")
    ]


def test_changes_about_one_character_carry_its_id_and_values() -> None:
    state = new_game(CAMPAIGN, seed=1)
    before = effective_xp(state.party["mira"])
    start = state.truth.seq
    award = call("award_xp", amount=50, reason="a clever plan", character_ids=["mira"])
    assert ALL_TOOLS.execute(award, state).ok
    gift = call("change_item", character_id="thorin", item="rope", action="give", reason="x")
    assert ALL_TOOLS.execute(gift, state).ok
    hurt = call("damage", target_id="aria", amount=3, damage_type="fire", reason="a trap")
    assert ALL_TOOLS.execute(hurt, state).ok
    changed = {
        e.key: (e.old, e.new) for e in state.truth.fresh[start:] if isinstance(e, WorldStateChanged)
    }
    assert changed["xp.mira"] == (str(before), str(before + 50))
    assert changed["item.thorin"] == (None, "+rope")
    old, new = changed["hp.aria"]
    assert old is not None and new is not None and old != new


def test_what_a_change_is_as_events_needs_no_game() -> None:
    # the events of a change are data: the state writes them, each in the scene given
    moved = Change(turn=3, kind="scene", text="You go down.", before="inn", after="cellar")
    events = change_events(moved, "cellar", ["mira", "tam"])
    assert [(type(e), scene) for e, scene in events] == [
        (SceneExited, "inn"),
        (Movement, "inn"),
        (SceneEntered, "cellar"),
    ]
    assert events[0][0].characters == ["mira", "tam"]
    flag = Change(turn=3, kind="flag", text="The bell rang.", ref="bell", after="True")
    [(event, scene)] = change_events(flag, "inn", [])
    assert isinstance(event, WorldStateChanged)
    assert (event.key, event.new, scene) == ("flag.bell", "True", None)
    assert change_events(Change(turn=3, kind="roll", text="d20: 12"), "inn", []) == []


def test_a_refused_call_puts_back_what_the_index_knew_of_its_action() -> None:
    """A call refused once running takes back its action: what the index held of the
    action's propositions before it (the same action done earlier) is as it was, to the
    count, and a proposition only it made is gone."""
    state = new_game(CAMPAIGN, seed=1)
    raw = {"attacker_id": "mira", "target_id": "berta"}
    finish(state, begin(state, "attack", raw), {"outcome": "hit"})
    known = {p: state.truth.index[p].model_copy() for p in ("did.attack", "attacked.berta")}
    refused(state, "attack", "no", {"attacker_id": "mira", "target_id": "tam"},
            begin(state, "attack", {"attacker_id": "mira", "target_id": "tam"}))  # fmt: skip
    assert {p: state.truth.index[p] for p in known} == known
    assert "attacked.tam" not in state.truth.index
