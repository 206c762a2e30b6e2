"""What players found on a fourth evening: words said to the foes at the end of a line
("take it and run, little guy") read as the speaker's own dash, or as a blow at the foe;
"help him up" read as a way up, out of the fight."""

from __future__ import annotations

import json

from app.session.setup import session_for
from tests.app.referee_lines import play, read
from tests.referee_corpus import Situation, build_situation

WARREN = {"campaign": "crossroads", "scene": "warren", "fight": "tunnel_guards",
          "turn": "aria", "dead": ["goblin-1"]}  # fmt: skip


def test_words_said_to_a_foe_ask_it_to_run_and_do_not_send_the_speaker_running() -> None:
    for text, skill in (
        ("run, goblin!", "intimidation"),
        ("drop it and run, goblins", "intimidation"),
        ("take it and run, little guy", "persuasion"),
    ):
        said = read(WARREN, "aria", text)
        assert [(c.kind, c.action) for c in said] == [("improvise", skill)], text
    # a friend called is still a friend told to run: the speaker's words, not a demand
    assert read(WARREN, "aria", "run, guys!")[0].kind == "manoeuvre"


async def test_a_coin_tossed_then_words_to_the_foe_is_no_blow() -> None:
    session = session_for(build_situation(Situation.model_validate(WARREN)))
    line = "I toss the goblin a gold coin. take it and run, little guy"
    said = read(WARREN, "aria", line)
    assert [c.kind for c in said] == ["improvise", "improvise"]
    referee = await play(session, "aria", line)
    assert not [c for c in referee.made if c.name == "attack"]
    checks = [json.loads(c.arguments) for c in referee.made if c.name == "request_ability_check"]
    assert [c["skill"] for c in checks] == ["persuasion"]


STRAND = {"campaign": "drowned_bell", "scene": "strand", "fight": "strand_thralls",
          "turn": "wren"}  # fmt: skip


def test_helping_someone_up_takes_nobody_up_the_shore_steps() -> None:
    for text in ("help him up", "I run to the young man and help him up"):
        said = read(STRAND, "wren", text)
        assert all(c.kind != "move" for c in said), text
    assert read(STRAND, "wren", "go up")[0].kind == "move"  # the way up is still a way


async def test_a_blow_at_a_foe_who_surrendered_is_held_and_said_so_plainly() -> None:
    hall = {"campaign": "crossroads", "scene": "chief_hall", "fight": "grubnak_band",
            "turn": "mira", "flags": {"guards_passed": True}}  # fmt: skip
    state = build_situation(Situation.model_validate(hall))
    grubnak = state.creatures["grubnak"]
    grubnak.left, grubnak.hostile = "surrendered", False
    session = session_for(state)
    referee = await play(session, "mira", "I stab Grubnak.")
    assert not [c for c in referee.made if c.name == "attack"]
    told = session.state.history[-1].narrative
    assert told.startswith("Grubnak has surrendered and is out of the fight, begging for mercy, "
                           "so Mira holds the blow.")  # fmt: skip
    assert "not sure what you mean" not in told
