"""What a twelfth evening's lines found: a foe pointed at by who holds it, a blow and then at
whom, healing and Invisibility cast on oneself, someone made invisible, a spell called by
what it looks like, and a thing held out to a friend called by name."""

from __future__ import annotations

from rules.srd import srd
from tests.app.referee_lines import read

HELD_RAT = {"campaign": "crossroads", "scene": "cellar", "fight": "cellar_rats", "turn": "mira",
            "conditions": {"giant-rat-2": ["grappled"],
                           "giant-rat-3": ["unconscious"]}}  # fmt: skip
HELD_GOBLIN = {"campaign": "crossroads", "scene": "chief_hall", "fight": "grubnak_band",
               "turn": "thorin", "flags": {"guards_passed": True},
               "conditions": {"goblin-1": ["grappled"]}}  # fmt: skip
HALL = {"campaign": "crossroads", "scene": "chief_hall", "fight": "grubnak_band",
        "turn": "mira", "flags": {"guards_passed": True}}  # fmt: skip
WARREN = {"campaign": "crossroads", "scene": "warren", "learn": {"aria": ["invisibility"]}}
HARBOUR = {"campaign": "drowned_bell", "scene": "harbour", "wounds": {"wren": 5, "cass": 6}}
TUNNEL = {"campaign": "crossroads", "scene": "warren", "defeated": ["tunnel_guards"],
          "give": {"thorin": ["healing potion"]}}  # fmt: skip
CHAPEL = {"campaign": "drowned_bell", "scene": "chapel", "give": {"cass": ["tarnished locket"]}}
GUARDS = {"campaign": "crossroads", "scene": "warren", "fight": "tunnel_guards", "turn": "aria",
          "learn": {"aria": ["scorching_ray"]}}  # fmt: skip


def test_a_foe_is_pointed_at_by_who_holds_it() -> None:
    for line in ("stab the rat thorin is holding", "the grappled one, shortsword",
                 "slit the throat of the one thorin is holding", "stab the held rat"):  # fmt: skip
        said = read(HELD_RAT, "mira", line)[0]
        assert (said.kind, said.targets) == ("attack", ("giant-rat-2",)), line
    assert read(HELD_GOBLIN, "thorin", "punch the one in my grip")[0].targets == ("goblin-1",)
    # the one he is not holding: its fellow goblin, not the boss
    assert read(HELD_GOBLIN, "thorin", "hit the one I'm not holding")[0].targets == ("goblin-2",)


def test_a_blow_and_then_at_whom_is_one_blow_at_that_one() -> None:
    said = read(HALL, "mira", "dagger throw, goblin 2")
    assert [(c.kind, c.targets) for c in said] == [("attack", ("goblin-2",))]


def test_healing_and_invisibility_said_of_oneself_are_cast_on_oneself() -> None:
    healed = read(HARBOUR, "wren", "I heal myself with healing word")[0]
    assert (healed.kind, healed.spell, healed.targets) == ("cast", "healing_word", ("wren",))
    hidden = read(WARREN, "aria", "invisibility on myself")[0]  # no fight begun by it
    assert (hidden.kind, hidden.spell, hidden.targets) == ("cast", "invisibility", ("aria",))
    assert not srd().spells.get("invisibility").harmful and srd().spells.get("sleep").harmful


def test_someone_made_invisible_is_the_casters_invisibility() -> None:
    made = read(WARREN, "aria", "make Thorin invisible")[0]
    assert (made.kind, made.spell, made.targets) == ("cast", "invisibility", ("thorin",))
    first, then = read(WARREN, "aria", "Make Mira invisible, then we all sneak past.")
    assert (first.spell, first.targets, then.kind) == ("invisibility", ("mira",), "challenge")
    assert read(WARREN, "aria", "Aria turns invisible")[0].targets == ("aria",)


def test_a_spell_called_by_what_it_looks_like() -> None:
    rays = read(GUARDS, "aria", "three rays of fire at goblin 2")[0]
    assert (rays.kind, rays.spell) == ("cast", "scorching_ray")


def test_a_thing_held_out_to_a_friend_called_by_name_is_given() -> None:
    for line in ("Aria, take this potion, just in case.", "Here, Aria, take one of my potions."):
        said = read(TUNNEL, "thorin", line)[0]
        assert (said.kind, said.targets) == ("give", ("aria", "healing_potion")), line
    told = read({**TUNNEL, "give": {"mira": ["healing potion"]}}, "mira", "Thorin takes the potion")
    assert told[0].kind != "give"  # his own deed, told of: Mira hands nothing over
    locket = read(CHAPEL, "cass", "Ione, you take the locket. You'll be the one climbing.")[0]
    assert (locket.kind, locket.targets) == ("give", ("ione", "maelis_locket"))


ASLEEP_BOSS = {"campaign": "crossroads", "scene": "chief_hall", "fight": "grubnak_band",
               "turn": "thorin", "flags": {"guards_passed": True}, "dead": ["goblin-1"],
               "conditions": {"grubnak": ["unconscious"], "goblin-2": ["unconscious"]}}  # fmt: skip
BAND = {"campaign": "crossroads", "scene": "chief_hall", "fight": "grubnak_band", "turn": "aria",
        "flags": {"guards_passed": True}}  # fmt: skip
CELLAR = {"campaign": "crossroads", "scene": "cellar", "fight": "cellar_rats", "turn": "thorin"}
WARDEN = {"campaign": "drowned_bell", "scene": "chapel", "fight": "warden", "turn": "cass",
          "defeated": ["strand_thralls"]}  # fmt: skip
THRALLS = {"campaign": "drowned_bell", "scene": "strand", "fight": "strand_thralls",
           "turn": "wren"}  # fmt: skip


def test_gear_taken_up_before_a_deed_is_no_blow() -> None:
    said = read(ASLEEP_BOSS, "thorin", "take mira's rope and tie up the sleeping boss")
    assert all(c.kind != "attack" for c in said)
    assert said[-1].kind == "improvise" and said[-1].targets == ("grubnak",)
    picked = read({**ASLEEP_BOSS, "turn": "mira"}, "mira",
                  "pick up my dagger, then tie up the sleeping goblin with my rope")  # fmt: skip
    assert all(c.kind not in ("attack", "manoeuvre") for c in picked)


def test_a_spell_got_ready_in_case_is_readied_not_cast() -> None:
    said = read(BAND, "aria", "I get a fire bolt ready in case one of them charges at us")[0]
    assert (said.kind, said.action, said.spell) == ("manoeuvre", "ready", "fire_bolt")


def test_a_means_and_then_what_it_does_is_one_deed() -> None:
    for spec, who, line, kind in (
        (WARDEN, "cass", "sacred flame, finish her", "cast"),
        ({**WARDEN, "turn": "ione"}, "ione", "shortsword, stab her", "attack"),
        (THRALLS, "wren", "thunderwave! knock them both back into the sea", "cast"),
        (CELLAR, "thorin", "charge the rat closest to mira and cut it in half", "attack"),
    ):
        said = read(spec, who, line)
        assert [c.kind for c in said] == [kind], line
    twice = read({**WARDEN, "turn": "ione"}, "ione", "shortsword, stab her, then stab her again")
    assert len(twice) == 2  # a second blow asked for stays a second blow


LIGHTHOUSE = {"campaign": "drowned_bell", "scene": "lighthouse"}
QUAY = {"campaign": "drowned_bell", "scene": "harbour"}


def test_a_going_then_a_place_beyond_it_goes_on_from_where_the_first_led() -> None:
    """The strand is no way from the lighthouse, but it is from the harbour the line goes to
    first: both goings, in order (one was dropped without a word)."""
    for line in ("ok we head back down, then on to the shore",
                 "We head back down, then on to the shore."):  # fmt: skip
        said = read(LIGHTHOUSE, "ione", line)
        assert [(c.kind, c.targets) for c in said] == [
            ("move", ("harbour",)),
            ("move", ("strand",)),
        ], line


def test_a_greeting_then_a_question_of_the_scene_is_the_dms_to_answer() -> None:
    said = read(QUAY, "ione", "hi! who's here?")
    assert [c.kind for c in said] == ["talk", "question"]
