"""``Anyone:`` in a script is a party member who can act — never one who is unconscious,
dead or incapacitated — and a repeated line that fails says what its tries got."""

from __future__ import annotations

from app.session.runner import run_lines
from app.session.session import GameSession
from app.session.setup import session_for
from tests.referee_corpus import Situation, build_situation

LIGHTHOUSE = {"campaign": "drowned_bell", "scene": "lighthouse", "met": ["wendel"]}


def lighthouse(**changes: object) -> GameSession:
    return session_for(build_situation(Situation.model_validate({**LIGHTHOUSE, **changes})))


async def test_anyone_is_never_someone_who_cannot_act() -> None:
    session = lighthouse(conditions={"ione": ["unconscious"], "wren": ["paralyzed"]})
    first = next(iter(session.state.party))
    assert first == "ione"
    result = await run_lines(session, ["Anyone: light the lamp until passed light_lamp"])
    assert not result.failed and not result.refused
    acted = {line.split(":")[0] for line in result.transcript if line.startswith("> ")}
    assert acted == {"> Brother Cass"}


async def test_a_repeat_that_never_holds_says_what_its_tries_got() -> None:
    session = lighthouse(conditions={"ione": ["unconscious"]})
    result = await run_lines(session, ["Ione: light the lamp until passed light_lamp"])
    reason = result.failed[0].reason
    assert reason.startswith("still not passed light_lamp after 12 tries; the tries got: ")
    assert "Ione is unconscious and can do nothing. (×12)" in reason


async def test_anyone_with_nobody_able_says_why() -> None:
    session = lighthouse(conditions={c: ["unconscious"] for c in ("ione", "cass", "wren")})
    result = await run_lines(session, ["Anyone: light the lamp"])
    assert "nobody may act now (" in result.refused[0]
    assert "Ione is unconscious" in result.refused[0]
