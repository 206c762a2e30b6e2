"""Lines whose shape says whom they are to and what comes first: a feature named before a
colon is used, then what it is for ("action surge: hit goblin 1 then goblin 2"); a
second question to the person just asked ("… and then about the cellar"); a person called
by a word for them after a comma ("what about wolves, grandad?"); a question about why the
world is as it is, put where someone here would know ("why's the lamp out?"); a mocking
song from a bard who knows Vicious Mockery; a foe described by how it fell."""

from __future__ import annotations

import pytest

from app.session import declaring
from app.session.setup import session_for
from app.understanding import understand
from app.understanding.intent import Intent
from tests.referee_corpus import Situation, build_situation

INN = {"campaign": "crossroads", "scene": "inn", "met": ["berta"]}
HARBOUR = {"campaign": "drowned_bell", "scene": "harbour"}
LIGHTHOUSE = {"campaign": "drowned_bell", "scene": "lighthouse"}
YARD = {"campaign": "hollow_ford", "scene": "mill_yard"}
WARREN = {"campaign": "crossroads", "scene": "warren", "defeated": ["cellar_rats"],
          "flags": {"trapdoor_open": True, "tam_found": True},
          "challenges": {"sneak_past": "failed"}, "fight": "tunnel_guards",
          "turn": "thorin"}  # fmt: skip
STRAND = {"campaign": "drowned_bell", "scene": "strand", "fight": "strand_thralls"}
RATS = {"campaign": "crossroads", "scene": "cellar", "flags": {"trapdoor_open": True},
        "fight": "cellar_rats", "turn": "aria",
        "conditions": {"giant-rat-3": ["prone"]}}  # fmt: skip


def read(spec: dict[str, object], actor: str, text: str) -> list[Intent]:
    """The line's clauses, in order."""
    state = build_situation(Situation.model_validate(spec))
    said = understand(text, actor, state, state.campaign)
    return [said, *said.then]


def test_a_feature_named_before_a_colon_is_used_then_what_it_is_for() -> None:
    clauses = read(WARREN, "thorin", "action surge: hit goblin 1 then goblin 2")
    assert [(c.kind, c.action, c.target) for c in clauses] == [
        ("feature", "action_surge", None),
        ("attack", None, "goblin-1"),
        ("attack", None, "goblin-2"),
    ]


def test_a_feature_before_a_colon_is_no_stranger_speaking() -> None:
    state = build_situation(Situation.model_validate({**STRAND, "turn": "cass"}))
    session = session_for(state)
    reply, who = declaring.declare(session, "Channel Divinity: Turn Undead!", "cass")
    assert reply.ok and who == "cass", reply.text
    reply, who = declaring.declare(session, "Gandalf: I look around", "cass")
    assert not reply.ok and "Gandalf is not in the party" in reply.text


@pytest.mark.parametrize(
    ("spec", "actor", "line", "whom"),
    [
        (INN, "aria", "Aria asks Berta about the scratching and then about the cellar", "berta"),
        (HARBOUR, "ione", "Nessa, tell me about the chapel, then about your uncle.", "nessa"),
    ],
)
def test_a_second_question_to_the_person_just_asked(
    spec: dict[str, object], actor: str, line: str, whom: str
) -> None:
    clauses = read(spec, actor, line)
    assert [(c.kind, c.targets) for c in clauses] == [("talk", (whom,)), ("talk", (whom,))]


@pytest.mark.parametrize(
    ("spec", "line", "whom"),
    [
        (YARD, "what about wolves, grandad?", "hobb"),
        (YARD, "Hobb, where did the girl go?", "hobb"),
        (LIGHTHOUSE, "Why's the lamp out?", "wendel"),
        (HARBOUR, "Has anyone sent to the next town for help?", "nessa"),
    ],
)
def test_questions_a_person_here_would_answer_are_put_to_them(
    spec: dict[str, object], line: str, whom: str
) -> None:
    [said] = read(spec, "sela" if spec is YARD else "ione", line)
    assert (said.kind, said.targets) == ("talk", (whom,))


@pytest.mark.parametrize(
    ("spec", "actor", "line"),
    [
        (INN, "mira", "why did my attack miss?"),
        (INN, "mira", "why can only Mira pick locks?"),
    ],
)  # fmt: skip
def test_questions_about_the_partys_own_doings_stay_the_dms(
    spec: dict[str, object], actor: str, line: str
) -> None:
    [said] = read(spec, actor, line)
    assert said.kind == "question"


def test_a_mocking_song_from_a_bard_is_vicious_mockery() -> None:
    [said] = read({**STRAND, "turn": "wren"}, "wren",
                  "Wren sings a mocking little ditty at thrall 2")  # fmt: skip
    assert (said.kind, said.spell, said.targets) == ("cast", "vicious_mockery",
                                                     ("drowned-thrall-2",))  # fmt: skip


def test_a_foe_singled_out_by_how_it_fell() -> None:
    first, then = read(RATS, "aria", "fire bolt the rat that fell over and then step back")
    assert (first.kind, first.targets) == ("cast", ("giant-rat-3",))
    assert (then.kind, then.action) == ("manoeuvre", "withdraw")


@pytest.mark.parametrize(
    ("spec", "actor", "line", "clauses"),
    [
        ({"campaign": "crossroads", "scene": "cellar",
          "defeated": ["cellar_rats"], "met": ["berta"], "flags": {"trapdoor_open": True,
          "tam_found": True}}, "mira",
         "back up the stairs and tell Berta her boy's safe", [("move", "inn"), ("talk", "tam")]),
        (HARBOUR, "cass", "Brother Cass studies the sea for a while and then heads up the "
         "headland path", [("examine", "sea"), ("move", "lighthouse")]),
    ],
)  # fmt: skip
def test_clauses_each_sure_of_themselves_outweigh_a_guess_at_the_whole(
    spec: dict[str, object], actor: str, line: str, clauses: list[tuple[str, str]]
) -> None:
    assert [(c.kind, c.target) for c in read(spec, actor, line)] == clauses


@pytest.mark.parametrize(
    ("spec", "line", "whom"),
    [
        (INN, "i give berta a hug", "berta"),
        (INN, "*gives berta a big hug*", "berta"),
        ({"campaign": "crossroads", "scene": "inn", "flags": {"tam_home": True}},
         "nod to berta", "berta"),
        (HARBOUR, "give nessa a quick squeeze", "nessa"),
    ],
)  # fmt: skip
def test_a_gesture_to_a_person_is_words_to_them(
    spec: dict[str, object], line: str, whom: str
) -> None:
    [said] = read(spec, "mira" if spec is not HARBOUR else "ione", line)
    assert (said.kind, said.targets) == ("talk", (whom,))


def test_giving_a_thing_is_no_gesture() -> None:
    [said] = read(INN, "mira", "give berta the key")
    assert said.kind == "give"


CELLAR_TAM = {"campaign": "crossroads", "scene": "cellar", "flags": {"trapdoor_open": True,
              "tam_found": True}, "defeated": ["cellar_rats"]}  # fmt: skip
SHRINE = {"campaign": "hollow_ford", "scene": "chapel"}
CHAPEL = {"campaign": "drowned_bell", "scene": "chapel", "defeated": ["strand_thralls"],
          "flags": {"corin_saved": True, "knows_truth": True}}  # fmt: skip


def test_going_in_by_the_way_just_spoken_of() -> None:
    clauses = read(CELLAR_TAM, "mira", "ask tam about the tunnel, then head in")
    assert [(c.kind, c.target) for c in clauses] == [("talk", "tam"), ("move", "warren")]


def test_it_after_asking_about_a_thing_is_the_thing() -> None:
    clauses = read(SHRINE, "sela", "ask Anselm about the salve then take it")
    assert [(c.kind, c.target or c.item) for c in clauses][-1] == ("take", "yarrow_salve")


@pytest.mark.parametrize(
    ("line", "first"),
    [("shoot thrall 1 then run back up the beach", "attack"),
     ("healing word myself and back off", "cast")],
)  # fmt: skip
def test_running_back_after_a_deed_is_a_step_back(line: str, first: str) -> None:
    spec = {**STRAND, "turn": "ione" if first == "attack" else "wren"}
    clauses = read(spec, "ione" if first == "attack" else "wren", line)
    assert [(c.kind, c.action) for c in clauses][1:] == [("manoeuvre", "withdraw")]
    assert clauses[0].kind == first


def test_a_challenge_object_is_never_a_pronoun() -> None:
    """The warden's challenge is to "bless her" or "say a prayer": saying her name is words."""
    [said] = read(CHAPEL, "ione", "say her name")
    assert said.kind == "talk"
    [said] = read(CHAPEL, "ione", "pray for her")
    assert said.kind == "challenge"


HOT_RATS = {"campaign": "crossroads", "scene": "cellar", "flags": {"trapdoor_open": True},
            "fight": "cellar_rats", "turn": "thorin",
            "players": {"Ana": ["mira"], "Ben": ["thorin", "aria"]}}  # fmt: skip


def test_another_players_character_named_in_a_fight_is_theirs_to_move() -> None:
    [said] = read(HOT_RATS, "thorin", "mira shoots the rat")
    assert (said.kind, said.note) == ("refuse", "Mira is played by Ana")
    [said] = read(HOT_RATS, "thorin", "aria casts fire bolt at rat 1")  # Ben's, not her turn
    assert said.kind == "ask"


@pytest.mark.parametrize(
    ("line", "kind"),
    [("Ben uses second wind", "feature"), ("Ben passes", "hold"),
     ("Ben attacks rat 1", "attack")],
)  # fmt: skip
def test_a_player_who_names_themself_acts_with_their_character(line: str, kind: str) -> None:
    [said] = read(HOT_RATS, "thorin", line)
    assert said.kind == kind


def test_a_player_who_writes_their_own_name_first_is_heard() -> None:
    state = build_situation(Situation.model_validate({**HOT_RATS, "turn": "aria"}))
    reply, who = declaring.declare(session_for(state), "Ben: magic missile on rat 2", "aria")
    assert reply.ok and who == "aria", reply.text


def test_a_player_named_by_another_is_a_player_not_a_stranger() -> None:
    spec = {"campaign": "crossroads", "scene": "inn",
            "players": {"Ana": ["mira"], "Ben": ["thorin", "aria"]}}  # fmt: skip
    [said] = read(spec, "thorin", "Ana passes")
    assert said.kind == "refuse" and said.note.startswith("Ana is a player, who plays Mira")
    [said] = read(spec, "thorin", "Ben passes")
    assert said.kind == "hold"
