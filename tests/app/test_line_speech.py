"""Words said in a line are read as words: a call to someone and what follows it is speech,
several topics asked of one person are answered each in turn, and a sentence that only
happens to hold a foe's description ("we only want the girl") is no attack."""

from __future__ import annotations

from app.dm.understanding import understand
from app.world.state import GameState
from tests.referee_corpus import Situation, build_situation


def game(**spec: object) -> GameState:
    return build_situation(Situation.model_validate(spec))


STRAND = {"campaign": "drowned_bell", "scene": "strand", "fight": "strand_thralls", "turn": "ione"}
INN = {"campaign": "crossroads", "scene": "inn", "met": ["berta"]}


def test_a_call_and_what_follows_it_is_speech_not_a_deed() -> None:
    state = game(**STRAND)
    said = understand("Corin! Can you hear me? Fight them!", "ione", state, state.campaign)
    assert (said.kind, said.then) == ("talk", ())


def test_a_call_then_a_deed_of_ones_own_is_both() -> None:
    state = game(**STRAND)
    said = understand("Corin, hold on! I shoot thrall 1", "ione", state, state.campaign)
    assert said.kind == "talk"
    assert [(c.kind, c.targets) for c in said.then] == [("attack", ("drowned-thrall-1",))]


def test_a_feature_named_first_is_no_call() -> None:
    state = game(campaign="crossroads", scene="cellar", fight="cellar_rats", turn="thorin",
                 flags={"trapdoor_open": True})  # fmt: skip
    said = understand("Second Wind, then I hit rat 2", "thorin", state, state.campaign)
    assert (said.kind, said.action) == ("feature", "second_wind")
    assert [(c.kind, c.targets) for c in said.then] == [("attack", ("giant-rat-2",))]


def test_several_topics_to_one_person_are_a_clause_each() -> None:
    state = game(**INN)
    for line in ("ask berta about tam and about the key", "Berta, where's Tam? and the key?"):
        said = understand(line, "mira", state, state.campaign)
        assert (said.kind, said.target, said.topic) == ("talk", "berta", "tam"), line
        assert [(c.kind, c.topic) for c in said.then] == [("talk", "key")], line


def test_a_sentence_with_only_in_it_is_no_attack() -> None:
    state = game(campaign="hollow_ford", scene="barrow", defeated=["woods_wolves"],
                 flags={"barrow_open": True}, fight="barrow_dead", turn="sela")  # fmt: skip
    said = understand("we only want the girl", "sela", state, state.campaign)
    assert said.kind != "attack" and not said.then
