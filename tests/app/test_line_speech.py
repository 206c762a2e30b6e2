"""Words said in a line are read as words: a call to someone and what follows it is speech,
several topics asked of one person are answered each in turn, and a sentence that only
happens to hold a foe's description ("we only want the girl") is no attack."""

from __future__ import annotations

from app.understanding import Intent, understand
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


HALL = {"campaign": "crossroads", "scene": "chief_hall", "fight": "grubnak_band",
        "turn": "thorin", "flags": {"trapdoor_open": True}}  # fmt: skip


def steps(line: str, actor: str, **spec: object) -> list[tuple[str, tuple[str, ...], str | None]]:
    state = game(**spec)
    said = understand(line, actor, state, state.campaign)
    return [(c.kind, c.targets, c.action) for c in (said, *said.then)]


def test_twice_is_two_blows_and_a_second_foe_named_is_a_second_blow() -> None:
    assert steps("action surge and hit grubnak twice", "thorin", **HALL) == [
        ("feature", (), "action_surge"), ("attack", ("grubnak",), None),
        ("attack", ("grubnak",), None),
    ]  # fmt: skip
    assert steps("attack goblin 1 and goblin 2", "thorin", **HALL) == [
        ("attack", ("goblin-1",), None), ("attack", ("goblin-2",), None),
    ]  # fmt: skip


def test_a_leading_before_puts_the_deeds_in_time_order() -> None:
    spec = {"campaign": "crossroads", "scene": "inn", "flags": {"trapdoor_open": True},
            "challenges": {"trapdoor_lock": "passed"}}  # fmt: skip
    found = steps("before I go down I light my lantern", "mira", **spec)
    assert [k for k, _, _ in found] == ["use", "move"] and found[1][1] == ("cellar",)


def test_what_the_party_waits_to_do_is_not_done_yet() -> None:
    """ "… before we go down": the plan the deed serves, as players mean it; nobody goes."""
    spec = {"campaign": "crossroads", "scene": "inn", "flags": {"trapdoor_open": True},
            "challenges": {"trapdoor_lock": "passed"}}  # fmt: skip
    found = steps("before we go down I light my lantern", "mira", **spec)
    assert [k for k, _, _ in found] == ["use"]  # (her own lantern, lit)
    harbour = {"campaign": "drowned_bell", "scene": "harbour", "met": ["nessa"],
               "defeated": ["strand_thralls"], "flags": {"corin_saved": True}}  # fmt: skip
    eaten = steps("we eat something before we go anywhere near that lighthouse", "ione", **harbour)
    assert "move" not in [k for k, _, _ in eaten]
    assert [k for k, _, _ in steps("I go to the lighthouse before we rest", "ione", **harbour)] == [
        "move"
    ]
    strand = {"campaign": "drowned_bell", "scene": "strand", "defeated": ["strand_thralls"],
              "flags": {"corin_saved": True}}  # fmt: skip
    roped = steps("I tie the rope round us before we cross", "wren", **strand)
    assert [k for k, _, _ in roped] == ["improvise"]


def test_hide_then_shoot_and_duck_behind_to_hide() -> None:
    assert steps("hide then shoot", "ione", **STRAND) == [
        ("manoeuvre", (), "hide"), ("attack", (), None),
    ]  # fmt: skip
    rats = {"campaign": "crossroads", "scene": "cellar", "fight": "cellar_rats", "turn": "mira",
            "flags": {"trapdoor_open": True}}  # fmt: skip
    assert steps("I stab rat 1 and then duck behind the barrels and hide", "mira", **rats) == [
        ("attack", ("giant-rat-1",), None), ("manoeuvre", (), "hide"),
    ]  # fmt: skip


def test_an_order_to_a_friend_out_of_turn_is_no_deed_of_ones_own() -> None:
    rats = {"campaign": "crossroads", "scene": "cellar", "fight": "cellar_rats", "turn": "aria",
            "flags": {"trapdoor_open": True}}  # fmt: skip
    state = game(**rats)
    said = understand("Thorin, hit the rat!", "aria", state, state.campaign)
    assert said.kind == "ask" and not said.then and "Thorin" in said.note


def test_a_bare_potion_is_drunk() -> None:
    rats = {"campaign": "crossroads", "scene": "cellar", "fight": "cellar_rats", "turn": "thorin",
            "flags": {"trapdoor_open": True}, "wounds": {"thorin": 10}}  # fmt: skip
    assert steps("potion, then hit it", "thorin", **rats)[0][:1] == ("use",)


def test_why_and_a_friends_deed_are_not_the_speakers_deeds() -> None:
    rats = {"campaign": "crossroads", "scene": "cellar", "fight": "cellar_rats",
            "turn": "thorin", "flags": {"trapdoor_open": True}}  # fmt: skip
    assert [k for k, _, _ in steps("knock rat 1 out with my pommel, i want it alive",
                                   "thorin", **rats)] == ["improvise"]  # fmt: skip
    inn = {"campaign": "crossroads", "scene": "inn", "flags": {"trapdoor_open": True},
           "challenges": {"trapdoor_lock": "passed"}}  # fmt: skip
    # one player plays the whole party: Aria's part is hers, told as she does it
    assert [k for k, _, _ in steps("i go down first, then Aria lights the way", "thorin",
                                   **inn)] == ["move", "improvise"]  # fmt: skip


def test_the_first_clause_keeps_its_own_target() -> None:
    woods = {"campaign": "hollow_ford", "scene": "woods", "fight": "woods_wolves",
             "turn": "sela", "wounds": {"wolf-1": 6, "ivo": 12}}  # fmt: skip
    found = steps("healing word ivo and then hit the hurt wolf with my mace", "sela", **woods)
    assert found == [("cast", ("ivo",), None), ("attack", ("wolf-1",), None)]


def test_him_is_the_one_person_here_for_a_gift() -> None:
    hall = {"campaign": "crossroads", "scene": "chief_hall", "give": {"mira": ["silver key"]},
            "flags": {"trapdoor_open": True, "tam_found": True, "guards_passed": True}}  # fmt: skip
    assert steps("I give him the silver key", "mira", **hall)[0][:2] == (
        "give", ("grubnak", "silver_key"),
    )  # fmt: skip


def test_a_spell_nobody_knows_is_said_not_dropped() -> None:
    found = understand_line(STRAND, "ione", "cast hunter's mark on the first thrall then shoot it")
    assert found.kind == "cast" and found.spell is None and "hunter's mark" in found.note.lower()
    assert [c.kind for c in found.then] == ["attack"]


def understand_line(spec: dict[str, object], actor: str, line: str) -> Intent:
    state = game(**spec)
    return understand(line, actor, state, state.campaign)
