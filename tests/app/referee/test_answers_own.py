"""What a character is and has left, the place the party stands in, and a player who thinks
the game has stopped: answered truly from the game, in and out of a fight, at no cost.

Typed into a real session run by the offline referee; every fact asserted is read from the
sheet, the features' data or the campaign, never written into the test, and the game is
exactly as it was after each answer (``Table.say`` checks it: no tool, no turn spent)."""

from __future__ import annotations

from app.session import declaring
from app.understanding import understand
from tests.app.conftest import narration
from tests.app.referee.test_answers_truth import Table
from tests.referee_corpus import Situation, build_situation

STRAND = {"campaign": "drowned_bell", "scene": "strand", "fight": "strand_thralls",
          "turn": "ione"}  # fmt: skip
WOODS = {"campaign": "hollow_ford", "scene": "woods", "fight": "woods_wolves", "turn": "ivo"}
CELLAR = {"campaign": "crossroads", "scene": "cellar", "flags": {"trapdoor_open": True},
          "fight": "cellar_rats", "turn": "thorin"}  # fmt: skip
INN = {"campaign": "crossroads", "scene": "inn"}
UNKNOWING = "no way of knowing"


async def test_a_player_who_thinks_the_game_stopped_is_told_whose_turn_it_is() -> None:
    table = Table(CELLAR)
    said = await table.say("thorin", "is the game broken? nothing happened")
    assert "Thorin's turn" in said and "attack" in said
    assert table.state.encounter is not None
    assert table.state.encounter.current.id == "thorin"  # no turn spent nor ended
    reply, _ = declaring.declare(table.session, "I attack rat 1", "thorin")
    assert reply.ok
    narration([e async for e in table.session.process()])
    now = table.state.encounter.current
    assert now.id != "thorin"
    reply, _ = declaring.declare(table.session, "is this thing working?", "thorin")
    assert reply.aside, reply.text  # asked out of turn: answered at once
    assert "Last turn: " in reply.text and f"{now.name}'s turn" in reply.text
    told = await Table(INN).say("mira", "nothing happened")
    assert "Anyone in the party may act" in told


def test_nothing_holds_the_turn_only_as_a_line_of_doing_nothing() -> None:
    state = build_situation(Situation.model_validate(CELLAR))
    for line in ("nothing", "Nothing.", "nothing this turn", "do nothing", "I do nothing",
                 "nothing, someone else go", "nothing for now"):  # fmt: skip
        assert understand(line, "thorin", state, state.campaign).kind == "hold", line
    for line in ("nothing happened", "is the game broken? nothing happened", "nothing works"):
        read = understand(line, "thorin", state, state.campaign)
        assert read.kind != "hold" and all(c.kind != "hold" for c in read.then), line
