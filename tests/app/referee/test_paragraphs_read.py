"""A paragraph is read as a DM skims it: in a fight, for the blow (or spell, or feature)
it ends with, at the foe it names beside an "it"; a holy symbol held up before the dead is
a cleric turning them; outside a fight, words told or quoted to a person here are talk to
them, whatever places the story around them names — and a wish to ask is no asking."""

from __future__ import annotations

from app.understanding import understand
from app.understanding.intent import Intent
from tests.referee_corpus import Situation, build_situation

WOLVES = {"campaign": "hollow_ford", "scene": "woods", "fight": "woods_wolves", "turn": "bram"}
THRALLS = {"campaign": "drowned_bell", "scene": "strand", "fight": "strand_thralls",
           "turn": "cass"}  # fmt: skip
RATS = {"campaign": "crossroads", "scene": "cellar", "flags": {"trapdoor_open": True},
        "fight": "cellar_rats", "turn": "mira"}  # fmt: skip
MILL = {"campaign": "hollow_ford", "scene": "mill_yard", "met": ["odile", "hobb"]}
SHRINE = {"campaign": "hollow_ford", "scene": "chapel"}
INN = {"campaign": "crossroads", "scene": "inn", "met": ["berta"],
       "flags": {"trapdoor_open": True}, "challenges": {"trapdoor_lock": "passed"}}  # fmt: skip


def read(spec: dict[str, object], actor: str, text: str) -> Intent:
    state = build_situation(Situation.model_validate(spec))
    return understand(text, actor, state, state.campaign)


def test_a_fight_paragraph_is_its_last_blow_at_the_foe_it_names_beside_it() -> None:
    said = read(WOLVES, "bram",
                "Bram shoves Ivo behind him with his free arm, sets his boots in the mud and "
                "waits for the bigger wolf to come in. When it does, he swings the battleaxe "
                "down at it with both hands — that's wolf one, the one that went for "
                "Ivo.")  # fmt: skip
    assert (said.kind, said.targets) == ("attack", ("wolf-1",))


def test_its_in_a_fight_paragraph_is_the_foe_named_before_it() -> None:
    said = read(RATS, "mira",
                "Mira doesn't like the odds. She drops into a crouch, keeps the barrels between "
                "her and the others, waits for the second rat to lunge at Thorin, and then "
                "darts in low and drives her shortsword into its flank.")  # fmt: skip
    assert (said.kind, said.targets) == ("attack", ("giant-rat-2",))


def test_what_a_deed_is_hoped_to_do_is_no_threat() -> None:
    said = read({**RATS, "turn": "aria"}, "aria",
                "Aria's had enough of being bitten at. She backs up a step so she can see all "
                "of the rats at once, pulls a pinch of sand from her component pouch, and "
                "weaves the sleep spell over the lot of them, hoping to drop them where they "
                "stand.")  # fmt: skip
    assert (said.kind, said.spell) == ("cast", "sleep")


def test_a_holy_symbol_held_up_before_the_dead_turns_them() -> None:
    said = read(THRALLS, "cass",
                "Cass has seen enough. He strides down into the shallows between the drowned "
                "and the boy, lifts the holy symbol on its chain so the moonlight catches it, "
                "and commands the dead to go back to the water.")  # fmt: skip
    assert (said.kind, said.action) == ("feature", "turn_undead")


def test_a_paragraph_that_asks_a_person_here_is_talk_to_them() -> None:
    said = read(SHRINE, "sela",
                "Sela introduces herself as a servant of the same light, and asks Brother "
                "Anselm what he knows about the mark carved into the stone door out past the "
                "thorns. Does it answer to prayer?")  # fmt: skip
    assert (said.kind, said.targets) == ("talk", ("anselm",))
    said = read(MILL, "sela",
                "Sela crouches down beside old Hobb's millstone so she's not looming over him, "
                "tucks his blanket back over his knees, and asks him what he knows about that "
                "round hill past the thorn brake.")  # fmt: skip
    deeds = [(d.kind, d.targets) for d in (said, *said.then)]
    assert ("talk", ("hobb",)) in deeds, deeds


def test_a_wish_to_ask_someone_is_not_talk() -> None:
    said = read(INN, "mira",
                "Okay, so the trapdoor's open now. I know Aria wanted to ask Berta some more "
                "about the goblins, but Tam has been down there a whole day already. So Mira "
                "unshutters her lantern and climbs down the stairs into the cellar first, "
                "quietly, with the others right behind her.")  # fmt: skip
    assert said.kind != "talk"


def test_a_short_fight_paragraph_is_its_blow_and_never_a_grapple() -> None:
    said = read({**RATS, "turn": "thorin"}, "thorin",
                "Thorin plants himself at the foot of the stairs so nothing gets past him, "
                "hefts the longsword and brings it down on the nearest rat")  # fmt: skip
    deeds = [d.kind for d in (said, *said.then)]
    assert "attack" in deeds and "manoeuvre" not in deeds, deeds


def test_a_foe_named_beside_it_is_the_one_struck() -> None:
    said = read(WOLVES, "bram",
                "The first wolf went for Ivo and Sela's dealing with it, but the second one is "
                "circling round behind us. Bram steps across the path to cut it off, grips the "
                "battleaxe in both hands, and swings it at wolf 2. I want that thing to stop "
                "moving.")  # fmt: skip
    assert (said.kind, said.targets) == ("attack", ("wolf-2",))


def test_a_foe_named_alone_after_the_blow_is_the_one_struck() -> None:
    said = read({**THRALLS, "turn": "ione"}, "ione",
                "Ione drops to one knee on the wet sand, nocks an arrow and lets fly at the one "
                "on the left — thrall number one")  # fmt: skip
    assert (said.kind, said.targets) == ("attack", ("drowned-thrall-1",))


def test_so_before_a_blow_is_what_comes_next_not_what_it_is_for() -> None:
    said = read(RATS, "mira",
                "Mira has had enough of the stairs and the smell, so she drives her "
                "shortsword into rat 2")  # fmt: skip
    assert (said.kind, said.targets) == ("attack", ("giant-rat-2",))
