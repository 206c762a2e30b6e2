"""What an evening's play found: "back" that is a thing's return, another's deed told as
what goes on meanwhile, a promise that is words, a few steps before a spell, haggling."""

from __future__ import annotations

from tests.app.referee_lines import read, told

HALL = {"campaign": "crossroads", "scene": "chief_hall", "flags": {"guards_passed": True},
        "challenges": {"sneak_past": "passed"}}  # fmt: skip
INN = {"campaign": "crossroads", "scene": "inn", "met": ["berta"]}
LIGHTHOUSE = {"campaign": "drowned_bell", "scene": "lighthouse"}
STRAND = {"campaign": "drowned_bell", "scene": "strand", "fight": "strand_thralls",
          "turn": "wren"}  # fmt: skip


def test_back_that_is_a_things_return_or_a_later_one_goes_nowhere() -> None:
    for line in (
        "hi grubnak! we just want the kid's stuff back and for you to stop stealing sausages. "
        "what do you want?",
        "I want my dagger back",
        "we'll be back with sausages, deal?",
    ):
        assert all(c.kind != "move" for c in read(HALL, "mira", line)), line
    for line in ("go back", "back", "we head back"):  # the way back, taken
        said = read(HALL, "mira", line)[0]
        assert (said.kind, said.targets) == ("move", ("warren",)), line


def test_what_someone_else_does_meanwhile_is_not_the_speakers_deed() -> None:
    said = read(INN, "thorin", "while they fiddle with the lock I ask Berta for a pint")
    assert [(c.kind, c.targets) for c in said] == [("talk", ("berta",))]
    watch = read(INN, "thorin", "while Mira picks the lock, I keep watch at the door")
    assert all(c.kind != "challenge" for c in watch)
    stab = read(INN, "thorin", "while he's busy i grab the key")  # "him" would point back:
    assert stab[0].kind != "talk"  # the line is read whole, as it was


def test_a_promise_is_words_not_the_deed_promised() -> None:
    thanks = "I thank him for talking to us, and promise to relight the lamp for him"
    said = read(LIGHTHOUSE, "wren", thanks)
    assert [(c.kind, c.targets) for c in said] == [("talk", ("wendel",))] * 2
    assert read(LIGHTHOUSE, "wren", "relight the lamp")[0].kind == "challenge"
    vow = read(LIGHTHOUSE, "wren", "I swear to you we'll bring Corin home")[0]
    assert (vow.kind, vow.targets) == ("talk", ("wendel",))


def test_a_few_steps_before_a_spell_or_a_blow_spend_no_action() -> None:
    cast = read(STRAND, "wren", "I run over and cast shatter on both of those wet dudes")
    assert [(c.kind, c.spell) for c in cast] == [("cast", "shatter")]
    stab = read(STRAND, "wren", "I run over and stab thrall 1")
    assert [c.kind for c in stab] == ["attack"]
    assert read(STRAND, "wren", "run over")[0].action == "dash"  # a run alone: the Dash


def test_haggling_and_promises_are_said_to_the_one_who_pays() -> None:
    for line in (
        "we'll get ur boy back, but what's in it for us? 50 gold sound fair?",
        "make it thirty and we have a deal",
        "Thorin: we'll get ur boy back",
    ):
        said = read(INN, "thorin", line)
        assert {(c.kind, c.targets) for c in said} == {("talk", ("berta",))}, line
    assert read(INN, "thorin", "i'll pick the lock for you")[0].kind == "challenge"


def test_another_try_said_with_how_is_another_try() -> None:
    tried = {**INN, "challenges": {"force_trapdoor": "failed"}}
    for line in ("try again, harder", "again please", "once more", "let me try again"):
        said = read(tried, "thorin", line)[0]
        assert (said.kind, said.targets) == ("challenge", ("force_trapdoor",)), line


def test_a_war_cry_before_the_blow_is_no_call_to_anyone() -> None:
    rats = {"campaign": "crossroads", "scene": "cellar", "fight": "cellar_rats", "turn": "thorin"}
    said = read(rats, "thorin", "KHAZAD! i charge rat 1 and cleave it in two")
    assert (said[0].kind, said[0].targets) == ("attack", ("giant-rat-1",))
    corin = {"campaign": "drowned_bell", "scene": "strand", "fight": "strand_thralls",
             "turn": "wren"}  # fmt: skip
    called = read(corin, "wren", "Corin! hold on! I shoot thrall 1")  # a name: words, then
    assert [c.kind for c in called] == ["talk", "attack"]  # the deed


async def test_a_thing_another_carries_is_said_to_be_theirs() -> None:
    cellar = {"campaign": "crossroads", "scene": "cellar", "defeated": ["cellar_rats"],
              "give": {"thorin": ["healing_potion"]}}  # fmt: skip
    said = await told(cellar, "aria", "i drink my potion")
    assert "Aria does not carry the healing potion: Thorin does." in said, said


def test_a_cry_before_a_deed_is_no_blow() -> None:
    last = {"campaign": "drowned_bell", "scene": "strand", "fight": "strand_thralls",
            "turn": "cass", "dead": ["drowned-thrall-1"]}  # fmt: skip
    said = read(last, "cass", "NO! I grab corin and pull him out of the water")
    assert [c.kind for c in said] == ["improvise"]
