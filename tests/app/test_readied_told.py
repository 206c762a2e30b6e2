"""A readied action set off by a foe's approach is told in the story, not only rolled in
the log (a player who readied Fire Bolt saw the goblin walk up as if nothing was held);
a foe it cuts down strikes no blow and gets no refusal; "burn it!!" at the question
looses it."""

from __future__ import annotations

import asyncio

from app.actions.events import ReactionOffer
from app.actions.reactions import read_declaration
from app.session.session import GameSession
from app.session.setup import session_for
from tests.app.referee_lines import play
from tests.referee_corpus import Situation, build_situation

WARREN = {"campaign": "crossroads", "scene": "warren", "fight": "tunnel_guards", "turn": "aria"}


def _goblins_come(seed: int) -> str:
    """Aria readies Fire Bolt, the others wait, and the goblins close in: what was told."""
    state = build_situation(Situation.model_validate(WARREN))
    state.rng.seed(seed)
    session = session_for(state)

    async def evening() -> GameSession:
        await play(session, "aria", "I ready fire bolt for when a goblin comes close")
        await play(session, "thorin", "I wait")
        await play(session, "mira", "I wait")
        return session

    asyncio.run(evening())
    return "\n".join(turn.narrative for turn in session.state.history)


def test_a_readied_bolt_loosed_at_a_goblin_closing_in_is_told() -> None:
    missed = _goblins_come(3)
    assert (
        "Goblin 1 closes with Aria. Aria looses the readied Fire Bolt at Goblin 1, and misses."
        in missed
    )
    hit = _goblins_come(2)
    assert "Aria looses the readied Fire Bolt at Goblin 1: 1 damage." in hit


def test_a_goblin_the_bolt_cuts_down_strikes_no_blow_and_is_refused_nothing() -> None:
    told = _goblins_come(5)
    assert "Aria looses the readied Fire Bolt at Goblin 1: 7 damage, and Goblin 1 drops." in told
    assert "cannot do that" not in told
    assert "Goblin 1 strikes" not in told and "Goblin 1 swings" not in told


ASKED = "Aria, Goblin 1 comes close — loose your readied spell?"
READIED = ((ReactionOffer(reactor_id="aria", reactor_name="Aria", kind="readied", prompt=ASKED),
            True),)  # fmt: skip


def test_a_shout_to_loose_it_looses_it_and_wait_holds_it() -> None:
    for said in ("burn it!!", "SHOOT HIM", "zap the little bastard", "fire!", "kill it"):
        assert read_declaration(said, READIED).kind == "readied", said
    for said in ("wait", "not yet", "hold fire", "no"):
        assert read_declaration(said, READIED).kind is None, said
