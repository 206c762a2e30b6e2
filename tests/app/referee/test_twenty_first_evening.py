"""What a twenty-first evening's lines found: a deed after "before …, then", one word after
a rest, a pair of words joined by "and" ("up and down"), an ale downed."""

from __future__ import annotations

from app.understanding.clauses import propose
from tests.app.referee_lines import read

CELLAR = {"campaign": "crossroads", "scene": "cellar", "met": ["berta", "tam"],
          "flags": {"trapdoor_open": True, "tam_found": True, "tam_home": True},
          "defeated": ["cellar_rats"], "challenges": {"flagstone": "passed"}}  # fmt: skip
STRAND = {"campaign": "drowned_bell", "scene": "strand", "met": ["nessa"],
          "defeated": ["strand_thralls"], "flags": {"corin_saved": True}}  # fmt: skip


def steps(spec: dict[str, object], actor: str, line: str) -> list[tuple[str, tuple[str, ...]]]:
    return [(c.kind, c.targets) for c in read(spec, actor, line)]


def test_a_deed_after_before_then_is_a_deed_of_its_own_by_the_way_just_named() -> None:
    line = "Let's short rest here before the tunnel, then go in"
    assert [p.text for p in propose(line)] == ["Let's short rest here", "the tunnel", "go in"]
    assert steps(CELLAR, "mira", line) == [("rest", ()), ("move", ("warren",))]
    assert [p.text for p in propose("I drink before I attack")] == ["I drink", "I attack"]


def test_one_word_after_a_deed_is_the_next_deed_though_alone_it_is_asked_back() -> None:
    assert steps(STRAND, "ione", "we catch our breath for a bit, then cross") == [
        ("rest", ()),
        ("challenge", ("cross_causeway",)),
    ]
    assert read(STRAND, "ione", "cross")[0].kind == "ask"


def test_words_paired_by_and_are_never_cut_apart() -> None:
    line = "Thorin squints up and down the road for goblins, then heads back into the inn"
    road = {"campaign": "crossroads", "scene": "old_road", "met": ["berta"]}
    assert [k for k, _ in steps(road, "thorin", line)] == ["examine", "move"]
    assert [p.text for p in propose("pace back and forth and then knock")] == [
        "pace back and forth",
        "knock",
    ]
    assert [p.text for p in propose("I go in and then attack")] == ["I go in", "attack"]


def test_an_ale_downed_goes_nowhere() -> None:
    inn = {"campaign": "crossroads", "scene": "inn"}
    line = "Thorin orders an ale, downs it in one, then tries to kick the trapdoor in"
    assert steps(inn, "thorin", line) == [("talk", ("berta",)), ("challenge", ("force_trapdoor",))]
    assert read(inn, "thorin", "downs it in one")[0].kind != "move"
    assert read(inn, "thorin", "go down")[0].kind == "move"
