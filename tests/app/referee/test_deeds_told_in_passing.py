"""Deeds told the way players tell them, with colour around them: a war cry before the
charge, a hood pulled up while muttering about elves, a fist slammed before a question in
quotes, a fiddle strummed while asking, a rope's other end handed over, a storm "forty
years back" — each read as the one deed meant, never as a roll nobody asked for; and the
words that name a deed plainly ("wriggle loose", "bunk down", "scoff a honey cake",
"start out along the causeway", "boot the hatch")."""

from __future__ import annotations

import pytest

from tests.app.referee_lines import read, told

RATS = {"campaign": "crossroads", "scene": "cellar", "fight": "cellar_rats", "turn": "thorin"}
INN = {"campaign": "crossroads", "scene": "inn"}
ROAD = {"campaign": "crossroads", "scene": "old_road"}
HARBOUR = {"campaign": "drowned_bell", "scene": "harbour"}
LIGHTHOUSE = {"campaign": "drowned_bell", "scene": "lighthouse"}
STRAND = {"campaign": "drowned_bell", "scene": "strand", "defeated": ["strand_thralls"]}
BAND = {"campaign": "crossroads", "scene": "chief_hall", "fight": "grubnak_band",
        "turn": "thorin", "dead": ["goblin-1"], "flags": {"guards_passed": True}}  # fmt: skip
MILL = {"campaign": "hollow_ford", "scene": "mill_yard"}
CHAPEL = {"campaign": "hollow_ford", "scene": "chapel"}


def _kinds(spec: dict[str, object], actor: str, line: str) -> list[tuple[str, tuple[str, ...]]]:
    return [(c.kind, c.targets) for c in read(spec, actor, line)]


def test_a_war_cry_before_the_charge_is_the_charges_colour_not_a_threat() -> None:
    said = _kinds(RATS, "thorin", "Thorin bellows a war cry and charges rat three!")
    assert said == [("attack", ("giant-rat-3",))]
    threat = read(RATS, "thorin", "I roar at the rats to flee and attack rat 1")
    assert [c.kind for c in threat] == ["improvise", "attack"]  # a demand stays a threat


def test_a_hood_pulled_up_while_muttering_about_elves_pulls_no_elf() -> None:
    said = read(ROAD, "aria", "Aria pulls her hood up, mutters something about elves not "
                              "being built for rain, and heads back in")  # fmt: skip
    assert "aria" not in said[0].targets
    assert (said[-1].kind, said[-1].targets) == ("move", ("inn",))


def test_a_question_in_quotes_after_a_slammed_fist_is_put_to_the_one_here() -> None:
    said = _kinds(INN, "thorin", "Thorin slams a fist on the bar. 'Who went down there last?'")
    assert said == [("talk", ("berta",))]


def test_a_tune_strummed_while_asking_goes_with_the_words() -> None:
    said = _kinds(HARBOUR, "wren", "Wren strums her fiddle and asks Nessa about the bell")
    assert said == [("talk", ("nessa",))]
    played = read(HARBOUR, "wren", "I play her a tune")[0]
    assert (played.kind, played.targets) == ("improvise", ("nessa",))


def test_a_time_told_after_a_comma_is_no_way_back() -> None:
    assert _kinds(LIGHTHOUSE, "wren", "Tell us about the storm, forty years back.") == [
        ("talk", ("wendel",))
    ]
    assert [c.kind for c in read(LIGHTHOUSE, "wren", "I look around, then go back")] == [
        "examine", "move",
    ]  # fmt: skip


def test_the_other_end_of_a_rope_handed_over_gives_nothing_and_the_walk_is_the_crossing() -> None:
    line = (
        "Ione ties the rope around her waist, hands the other end to Cass, and starts out "
        "along the slick stones of the causeway toward the chapel, testing every step."
    )
    assert _kinds(STRAND, "ione", line)[0] == ("challenge", ("cross_causeway",))
    assert read(STRAND, "ione", "I hand the rope to Cass")[0].kind == "give"


@pytest.mark.parametrize(
    "line", ["I start out along the causeway", "we pick our way along the causeway"]
)
def test_setting_out_along_the_causeway_tries_the_crossing(line: str) -> None:
    assert _kinds(STRAND, "ione", line) == [("challenge", ("cross_causeway",))]


def test_a_foe_told_by_what_is_knocked_from_his_hand_is_the_one_who_holds_it() -> None:
    assert _kinds(BAND, "thorin", "whack the spoon out of his hand") == [("attack", ("grubnak",))]


def test_the_one_already_down_when_only_the_dead_are_down_is_the_dead_one() -> None:
    fight = {"campaign": "drowned_bell", "scene": "strand", "fight": "strand_thralls",
             "turn": "ione", "dead": ["drowned-thrall-1"]}  # fmt: skip
    said = read(fight, "ione", "shoot the one that's already down")[0]
    assert said.targets == ("drowned-thrall-1",) and "already dead" in said.note
    prone = {**fight, "dead": [], "conditions": {"drowned-thrall-1": ["prone"]}}
    assert read(prone, "ione", "shoot the one that's already down")[0].confidence > 0.5


def test_a_sleeper_poked_awake_with_a_foot_is_woken_not_struck() -> None:
    asleep = {**RATS, "turn": "mira", "conditions": {"giant-rat-2": ["unconscious"]}}
    said = read(asleep, "mira", "poke the sleeping rat awake with my foot")[0]
    assert (said.kind, said.extra[:1]) == ("improvise", ("wake",))


def test_a_demand_with_the_leaders_name_called_is_at_the_leader() -> None:
    said = read(BAND, "mira", "Grubnak! Drop the spoon and call off your goblins, and nobody "
                              "else gets hurt!")  # fmt: skip
    assert (said[0].kind, said[0].targets, said[0].extra[:1]) == (
        "improvise", ("grubnak",), ("cow",),
    )  # fmt: skip
    offered = read(BAND, "thorin", "Grubnak, call them off and we'll let you live!")[0]
    assert (offered.kind, offered.targets) == ("improvise", ("grubnak",))


def test_a_spell_told_by_its_thunder_at_several_foes_is_the_one_that_booms() -> None:
    wolves = {"campaign": "hollow_ford", "scene": "woods", "fight": "woods_wolves",
              "turn": "ivo"}  # fmt: skip
    said = read(wolves, "ivo", "Ivo leaps onto a stump, strums a furious chord and blasts the "
                               "wolves with thunder")  # fmt: skip
    assert (said[-1].kind, said[-1].spell) == ("cast", "thunderwave")


@pytest.mark.parametrize(
    ("line", "verb"),
    [("Bram eats a honey cake", "eat"), ("I scoff a honey cake", "scoff"),
     ("Bram munches on a cake", "munch")],
)  # fmt: skip
def test_a_honey_cake_eaten_however_it_is_said_is_used(line: str, verb: str) -> None:
    said = read(MILL, "bram", line)[0]
    assert (said.kind, said.item, said.action) == ("use", "honey_cakes", verb)


async def test_a_salve_lying_on_the_altar_must_be_picked_up_first() -> None:
    said = read(CHAPEL, "ivo", "I rub the salve on my scratches")[0]
    assert said.kind == "ask" and said.note == "it is not picked up yet"
    assert "picked up" in await told(CHAPEL, "ivo", "I drink the salve")


@pytest.mark.parametrize(
    ("spec", "line", "who"),
    [(CHAPEL, "Could I have that jar of salve?", "anselm"),
     (INN, "Got a room free for the night, missus?", "berta"),
     (INN, "can we get a room?", "berta")],
)  # fmt: skip
def test_something_asked_of_the_one_here_is_words_to_them(
    spec: dict[str, object], line: str, who: str
) -> None:
    assert _kinds(spec, "mira" if spec is INN else "ivo", line)[0] == ("talk", (who,))


@pytest.mark.parametrize("line", ["can we get that door open?", "can I have a look at the altar?"])
def test_a_deed_asked_about_is_no_request(line: str) -> None:
    assert read(CHAPEL, "ivo", line)[0].kind == "question"


def test_plain_words_for_deeds() -> None:
    assert (
        read(INN, "thorin", "We bunk down for the night and go at it fresh in the morning.")[
            0
        ].action
        == "long"
    )
    assert _kinds(INN, "thorin", "I boot the hatch") == [("challenge", ("force_trapdoor",))]
    grabbed = {"campaign": "drowned_bell", "scene": "chapel", "fight": "warden", "turn": "ione",
               "conditions": {"ione": ["grappled"]}}  # fmt: skip
    said = read(grabbed, "ione", "wriggle loose and shoot her")
    assert [(c.kind, c.action) for c in said] == [("manoeuvre", "escape_grapple"), ("attack", None)]
    opened = {**INN, "flags": {"trapdoor_open": True}}
    assert _kinds(opened, "thorin", "Down the stairs we go!") == [("move", ("cellar",))]


def test_praying_again_for_one_at_peace_is_the_done_prayer_not_a_new_roll() -> None:
    calm = {"campaign": "drowned_bell", "scene": "chapel", "met": ["maelis"],
            "flags": {"knows_truth": True, "warden_calmed": True},
            "challenges": {"hush_warden": "passed"}}  # fmt: skip
    assert _kinds(calm, "cass", "Cass prays over her again") == [("challenge", ("hush_warden",))]


@pytest.mark.parametrize(
    "line", ["Jack Sparrow boards a boat", "Walter White casts a spell",
             "Geralt of Rivia tracks the girl", "Aragorn draws his sword"],
)  # fmt: skip
def test_a_strangers_name_of_two_words_is_refused(line: str) -> None:
    assert read(HARBOUR, "ione", line)[0].kind == "refuse"


def test_a_name_of_someone_here_is_no_stranger() -> None:
    assert read(HARBOUR, "ione", "Nessa Smith waves")[0].kind != "refuse"
    assert read(HARBOUR, "cass", "Brother Cass prays")[0].kind != "refuse"


def test_stepping_away_is_chatter_for_the_table_answered_with_how() -> None:
    said = read(INN, "mira", "brb pizza's here")[0]
    assert (said.kind, said.note) == ("ask", "stepping away")
