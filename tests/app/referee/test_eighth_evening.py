"""What the thirty-second blind set and an evening's play found: a hand lent at a shared
table that helped nobody, and more."""

from __future__ import annotations

import json

from app.referee.referee import OfflineReferee
from tests.app.referee.test_seventh_evening import table_round

INN = {"campaign": "crossroads", "scene": "inn"}
TABLE = {"players": {"Ana": ["mira"], "Cy": ["thorin", "aria"]}}


async def test_a_hand_lent_at_a_shared_table_helps_the_friends_check() -> None:
    """Ana: "Mira: I pick the lock"; Cy: "Aria: I help Mira". The pick is made with the
    help (advantage), as the same help said in one line is, not rolled alone and then
    told "Aria lends Mira a hand"."""
    session = await table_round({**INN, **TABLE}, ("mira", "I pick the lock"),
                                ("aria", "I help Mira"))  # fmt: skip
    referee = session.brain
    assert isinstance(referee, OfflineReferee)
    picks = [json.loads(c.arguments) for c in referee.made if c.name == "attempt_challenge"]
    assert len(picks) == 1 and picks[0]["helper_id"] == "aria"
    assert "Aria lends Mira a hand" in session.state.history[-1].narrative
