"""People answer in their own voice: a question their topics do not cover gets the
campaign's own "unknown" line or one made from their attitude (never a bare menu), several
topics asked at once are each answered, and foes answer talk in a fight as foes do."""

from __future__ import annotations

from app.referee.talking import SHRUGS, off_topic
from app.session import declaring
from app.session.setup import session_for
from tests.app.conftest import narration
from tests.referee_corpus import Situation, build_situation, campaign_named


async def told(spec: dict[str, object], actor: str, line: str) -> str:
    session = session_for(build_situation(Situation.model_validate(spec)))
    reply, who = declaring.declare(session, line, actor)
    assert reply.ok and who == actor, reply.text
    return narration([e async for e in session.process()])


INN = {"campaign": "crossroads", "scene": "inn", "met": ["berta"]}


async def test_a_question_off_the_topics_is_answered_in_voice_with_what_they_do_know() -> None:
    said = await told(INN, "mira", "Berta, how long have you run this place?")
    berta = campaign_named("crossroads").npcs["berta"]
    assert any(s.format(name="Berta", their="her") in said for s in SHRUGS[berta.attitude])
    assert "(You could ask Berta about: tam" in said


def test_an_authored_unknown_line_is_the_persons_own() -> None:
    grubnak = campaign_named("crossroads").npcs["grubnak"]
    assert grubnak.unknown and off_topic(grubnak, "what's your favourite song?") == grubnak.unknown


async def test_two_topics_asked_at_once_are_both_answered_in_order() -> None:
    said = await told(INN, "thorin", "ask berta about tam and about the key")
    topics = campaign_named("crossroads").npcs["berta"].topics
    tam, key = said.find(topics["tam"].text), said.find(topics["key"].text)
    assert 0 <= tam < key


async def test_beasts_only_snarl_and_speaking_foes_jeer() -> None:
    rats = {"campaign": "crossroads", "scene": "cellar", "fight": "cellar_rats",
            "turn": "thorin", "flags": {"trapdoor_open": True}}  # fmt: skip
    said = await told(rats, "thorin", "hey rats, what do you want?")
    assert "they understand no words" in said
    goblins = {"campaign": "crossroads", "scene": "warren", "fight": "tunnel_guards",
               "turn": "thorin", "flags": {"trapdoor_open": True}}  # fmt: skip
    said = await told(goblins, "thorin", "hey goblins, what do you want?")
    assert "jeer back in" in said and "keep coming" in said
