"""Lines from a writer of test lines that the referee took for another deed: a spell hurled
"at it" after the foe is named, a friend roped for safety, a prayer for the dead's rest,
grit thrown in a foe's eyes, a wish asked of a child, someone taken home, a word said
sitting down, and a going told after what is said."""

from __future__ import annotations

import pytest

from tests.app.referee_lines import read

RATS = {"campaign": "crossroads", "scene": "cellar", "flags": {"trapdoor_open": True},
        "fight": "cellar_rats", "turn": "aria", "dead": ["giant-rat-1"],
        "wounds": {"giant-rat-3": 3}}  # fmt: skip
STRAND = {"campaign": "drowned_bell", "scene": "strand", "defeated": ["strand_thralls"],
          "flags": {"corin_saved": True}}  # fmt: skip
THRALLS = {"campaign": "drowned_bell", "scene": "strand", "fight": "strand_thralls",
           "turn": "wren"}  # fmt: skip
CHAPEL = {"campaign": "drowned_bell", "scene": "chapel", "flags": {"knows_truth": True},
          "defeated": ["strand_thralls"], "give": {"wren": ["tarnished locket"]}}  # fmt: skip
BARROW = {"campaign": "hollow_ford", "scene": "barrow", "defeated": ["woods_wolves", "barrow_dead"],
          "flags": {"barrow_open": True, "wren_found": True}}  # fmt: skip
HARBOUR = {"campaign": "drowned_bell", "scene": "harbour", "met": ["nessa"]}
LIGHTHOUSE = {"campaign": "drowned_bell", "scene": "lighthouse"}


def test_a_spell_hurled_at_it_after_the_foe_is_named_is_the_spell() -> None:
    line = (
        "Aria's hands are shaking, but she remembers her master's lessons: breathe, shape the "
        "word, let it go. She thrusts her palm toward the rat already singed and bleeding and "
        "hurls a mote of fire at it."
    )
    said = read(RATS, "aria", line)[0]
    assert (said.kind, said.spell, said.targets) == ("cast", "fire_bolt", ("giant-rat-3",))


def test_a_friend_roped_before_she_tries_the_causeway_is_no_attempt_at_it() -> None:
    said = read(STRAND, "cass", "I tie my rope around Ione's waist before she tries the causeway")[
        0
    ]
    assert (said.kind, said.targets) == ("improvise", ("ione",))
    assert read(STRAND, "cass", "we try the causeway before it floods")[0].kind == "challenge"


@pytest.mark.parametrize(
    "line",
    [
        "In the plain words of the fisherfolk's prayer, he asks the sea to give Sister Maelis "
        "her rest and to tell her that Saltmere is safe.",
        "I pray that the gods grant her rest",
    ],
)
def test_rest_given_to_the_dead_is_no_rest_of_the_party(line: str) -> None:
    assert read(CHAPEL, "cass", line)[0].kind != "rest"


def test_grit_thrown_in_a_foes_eyes_is_a_trick_not_a_kick() -> None:
    said = read(THRALLS, "wren", "I kick sand into its eyes")[0]
    assert (said.kind, said.targets) == ("improvise", ("drowned-thrall-1",))
    thrown = read(THRALLS, "wren", "I throw a handful of sand in thrall 2's face")[0]
    assert (thrown.kind, thrown.targets) == ("improvise", ("drowned-thrall-2",))
    assert read(THRALLS, "wren", "kick thrall 1")[0].kind == "attack"


def test_a_thing_thrown_at_a_foe_named_is_at_the_foe_and_into_the_water_at_nobody() -> None:
    rock = read(THRALLS, "wren", "I throw a rock at thrall 2")[0]
    assert (rock.kind, rock.targets) == ("improvise", ("drowned-thrall-2",))
    rope = read(THRALLS, "wren", "I throw the rope into the water")[0]
    assert rope.targets == ()


@pytest.mark.parametrize("line", ["want to go home kiddo?", "wanna go home?", "want to go home?"])
def test_a_wish_asked_of_the_child_is_words_to_her(line: str) -> None:
    said = read(BARROW, "bram", line)[0]
    assert (said.kind, said.targets) == ("talk", ("wren",))


@pytest.mark.parametrize("line", ["take her home", "we take the little girl back home"])
def test_someone_taken_home_is_the_way_home(line: str) -> None:
    said = read(BARROW, "bram", line)[0]
    assert (said.kind, said.targets) == ("move", ("woods",))


def test_words_then_taking_her_home_are_two_deeds() -> None:
    said = read(BARROW, "bram", "ask Wren about the door and then take her home")
    assert [(c.kind, c.targets) for c in said] == [("talk", ("wren",)), ("move", ("woods",))]


def test_offer_her_the_thing_carried_gives_it() -> None:
    said = read(
        CHAPEL, "wren", "tell the sister that Wendel is sorry, and then offer her the locket"
    )
    assert [c.kind for c in said] == ["talk", "give"]
    assert said[1].item == "maelis_locket"


def test_a_going_told_after_the_words_in_a_paragraph_is_made_after_them() -> None:
    line = (
        "I've been watching the tide since we got here, and it's going out fast. I tell Nessa "
        "to stay up here where it's safe, whatever she hears, and then I head for the shore "
        "steps to go down to the strand before the water turns."
    )
    said = read(HARBOUR, "ione", line)
    assert [(c.kind, c.targets) for c in said] == [("talk", ("nessa",)), ("move", ("strand",))]


def test_im_off_down_the_steps_goes() -> None:
    said = read(
        HARBOUR, "ione", "Nessa, which way did Corin go? Point me and I'm off down the steps."
    )
    assert [(c.kind, c.targets) for c in said] == [("talk", ("nessa",)), ("move", ("strand",))]


def test_sitting_down_by_someone_to_ask_is_the_asking() -> None:
    said = read(LIGHTHOUSE, "wren", "I sit down next to Wendel and ask him about the bell")
    assert [(c.kind, c.targets) for c in said] == [("talk", ("wendel",))]
    lamp = read(
        LIGHTHOUSE, "wren",
        "I light the lamp, then come down and sit by Wendel and ask about the chapel",
    )  # fmt: skip
    assert [(c.kind, c.targets) for c in lamp] == [
        ("challenge", ("light_lamp",)),
        ("talk", ("wendel",)),
    ]


HALL_ASLEEP = {"campaign": "crossroads", "scene": "chief_hall",
               "flags": {"trapdoor_open": True, "tam_found": True, "guards_passed": True},
               "defeated": ["cellar_rats"], "fight": "grubnak_band", "turn": "mira",
               "conditions": {"goblin-1": ["unconscious"], "goblin-2": ["unconscious"]},
               "give": {"mira": ["healing potion"]}}  # fmt: skip
THRALL_LEFT = {**THRALLS, "dead": ["drowned-thrall-1"]}
GUARD_ASLEEP = {"campaign": "crossroads", "scene": "warren", "defeated": ["cellar_rats"],
                "flags": {"trapdoor_open": True, "tam_found": True}, "fight": "tunnel_guards",
                "turn": "aria", "conditions": {"goblin-1": ["unconscious"]}}  # fmt: skip


@pytest.mark.parametrize(
    "line", ["ok sorry, back again. wren casts shatter on the last thrall",
             "ok we're back. wren casts shatter on the last thrall"],
)  # fmt: skip
def test_a_player_back_at_the_table_is_no_flight(line: str) -> None:
    said = read(THRALL_LEFT, "wren", line)
    assert [(c.kind, c.spell) for c in said] == [("cast", "shatter")]


def test_no_attacking_forbids_the_blow_and_holding_a_foe_down_is_the_grapple() -> None:
    said = read(
        HALL_ASLEEP, "mira", "neither!! no attacking. mira grabs goblin 1 and holds him down"
    )
    assert [(c.kind, c.action, c.targets) for c in said] == [
        ("manoeuvre", "grapple", ("goblin-1",))
    ]
    assert read(HALL_ASLEEP, "mira", "I hold goblin 1 down")[0].action == "grapple"
    assert read(HALL_ASLEEP, "mira", "I hold my action")[0].kind == "hold"


def test_a_line_that_spares_the_foes_then_binds_them_binds() -> None:
    said = read(
        HALL_ASLEEP, "mira", "we dont need to kill them. mira ties up the two sleeping goblins"
    )
    assert (said[0].kind, said[0].extra[:1]) == ("improvise", ("bind",))


def test_foes_left_be_are_no_way_out() -> None:
    line = (
        "nice!! mira leaves the sleepy bois and stabs grubnak, thorin is right there so sneak "
        "attack right?"
    )
    said = read(HALL_ASLEEP, "mira", line)
    assert [(c.kind, c.targets) for c in said] == [("attack", ("grubnak",))]
    assert (
        read({"campaign": "crossroads", "scene": "inn"}, "mira", "leave the tavern")[0].kind
        == "move"
    )


def test_everyone_said_of_the_table_is_no_call_to_it() -> None:
    said = read(
        HALL_ASLEEP,
        "mira",
        "everyone is missing lol. mira drinks the potion and then stabs grubnak",
    )
    assert [c.kind for c in said] == ["use", "attack"]


def test_a_going_told_to_someone_by_name_is_not_the_partys() -> None:
    said = read(STRAND, "wren", "go home corin!")[0]
    assert said.kind != "move"
    assert read(STRAND, "wren", "go home now!")[0].kind == "move"
    cellar = {"campaign": "crossroads", "scene": "cellar", "flags": {"trapdoor_open": True,
              "tam_found": True}, "defeated": ["cellar_rats"]}  # fmt: skip
    assert read(cellar, "thorin", "go up the stairs with Tam!")[0].kind == "move"


def test_surrender_asked_kindly_is_persuasion_and_a_threat_intimidation() -> None:
    kind = read(GUARD_ASLEEP, "aria", "'we don't want to hurt you. surrender?'")[0]
    assert (kind.kind, kind.action) == ("improvise", "persuasion")
    assert read(GUARD_ASLEEP, "aria", "surrender or die!")[0].action == "intimidation"


def test_shaking_him_awake_wakes_the_one_asleep() -> None:
    said = read(GUARD_ASLEEP, "aria", "shakes him awake")[0]
    assert (said.extra[:1], said.targets) == (("wake",), ("goblin-1",))
    assert read(GUARD_ASLEEP, "aria", "shake goblin 2 awake")[0].targets == ("goblin-2",)


CHAPEL_TRUTH = {"campaign": "drowned_bell", "scene": "chapel", "defeated": ["strand_thralls"],
                "flags": {"knows_truth": True}}  # fmt: skip
BELFRY = {"campaign": "drowned_bell", "scene": "belfry", "flags": {"knows_truth": True},
          "defeated": ["strand_thralls"], "give": {"wren": ["tarnished locket"]}}  # fmt: skip


@pytest.mark.parametrize(
    "line",
    [
        "insult the grey sister: you're just a sad old ghost who got her whole village killed",
        "I mock the grey sister",
    ],
)
def test_mocking_a_person_out_of_a_fight_is_words_never_a_blow(line: str) -> None:
    said = read(CHAPEL_TRUTH, "wren", line)[0]
    assert (said.kind, said.targets) == ("talk", ("maelis",))
    spell = read(CHAPEL_TRUTH, "wren", "I cast vicious mockery at the grey sister")[0]
    assert (spell.kind, spell.spell) == ("cast", "vicious_mockery")


async def test_a_friend_asked_to_toss_me_the_locket_then_i_ring_the_bell() -> None:
    from app.session.setup import session_for
    from tests.app.referee_lines import play
    from tests.referee_corpus import Situation, build_situation

    session = session_for(build_situation(Situation.model_validate(BELFRY)))
    line = "wren toss me the locket, then i tie it to the bell and ring it"
    referee = await play(session, "ione", line)
    moved = [c for c in referee.made if c.name in ("change_item", "attempt_challenge")]
    assert [c.name for c in moved] == ["change_item", "change_item", "attempt_challenge"]
    assert '"character_id": "ione"' in moved[-1].arguments  # the one who typed rings it
    assert "tarnished locket" in [i.lower() for i in session.state.party["ione"].inventory]


def test_beat_up_is_how_the_party_is_not_a_way_up() -> None:
    line = "ugh we're all beat up. lets make camp on the beach and sleep till morning"
    said = read(STRAND, "ione", line)
    assert [(c.kind, c.action) for c in said] == [("rest", "long")]


CELLAR_AFTER = {"campaign": "crossroads", "scene": "cellar", "defeated": ["cellar_rats"],
                "flags": {"trapdoor_open": True, "tam_found": True}}  # fmt: skip
CELLAR_RATS = {"campaign": "crossroads", "scene": "cellar", "flags": {"trapdoor_open": True},
               "fight": "cellar_rats", "turn": "aria"}  # fmt: skip


@pytest.mark.parametrize(
    ("spec", "actor", "line", "says", "never"),
    [
        (CELLAR_AFTER, "thorin", "ok fine, english. thorin peers into the tunnel",
         "The Goblin Tunnel", "hit points"),
        (CELLAR_RATS, "aria", "OW. ok um. can aria back away without getting bitten?",
         "Disengage", "hit points"),
        (CELLAR_RATS, "aria", "can aria cast sleep?", "Sleep", "Giant Rat 1 is"),
        ({"campaign": "drowned_bell", "scene": "harbour"}, "ione",
         "who are we? tell me about my character", "You play Ione", "Couldn't tell you"),
        ({"campaign": "drowned_bell", "scene": "harbour"}, "ione", "tell me about the party",
         "Brother Cass, a level 3", "Couldn't tell you"),
        ({"campaign": "crossroads", "scene": "inn"}, "aria",
         "aria reads the room, i want to cast detect magic on the trapdoor",
         "does not know Detect Magic", "which spell"),
    ],
)  # fmt: skip
async def test_what_is_asked_is_answered_and_chatter_around_it_is_not(
    spec: dict[str, object], actor: str, line: str, says: str, never: str
) -> None:
    from tests.app.referee_lines import told

    text = await told(spec, actor, line)
    assert says in text and never not in text, text


def test_what_can_my_own_name_do_is_what_can_i_do() -> None:
    belfry = {"campaign": "drowned_bell", "scene": "belfry", "flags": {"knows_truth": True},
              "defeated": ["strand_thralls"]}  # fmt: skip
    assert read(belfry, "ione", "what can ione do up here?")[0].kind == "help"


THRALLS_IONE = {**THRALLS, "turn": "ione"}
HALL_MET = {"campaign": "crossroads", "scene": "chief_hall", "defeated": ["cellar_rats"],
            "flags": {"trapdoor_open": True, "tam_found": True, "guards_passed": True},
            "met": ["grubnak"]}  # fmt: skip


def test_a_run_for_the_steps_after_a_sigh_is_the_flight() -> None:
    said = read(THRALLS_IONE, "ione", "this is going badly. RUN! everyone back up the shore steps!")
    assert [(c.kind, c.targets) for c in said] == [("move", ("harbour",))]


def test_running_over_to_help_is_the_walk_to_the_help() -> None:
    said = read(THRALLS_IONE, "ione", "i run over and help wren, distracting the thrall")
    assert [(c.kind, c.extra[:1], c.targets) for c in said] == [("improvise", ("help",), ("wren",))]


@pytest.mark.parametrize(
    "line",
    [
        "actually... nah. we dont make deals with thieves. i put an arrow right through his "
        "stupid saucepan",
        "throw my dagger at his face, FOR BERTA!",
    ],
)
def test_a_blow_at_his_face_in_the_hall_is_at_the_one_spoken_with(line: str) -> None:
    said = read(HALL_MET, "mira", line)[0]
    assert said.kind == "attack" and said.targets[0] == "grubnak"


async def test_knocking_out_with_a_weapon_named_swings_that_weapon() -> None:
    from app.session.setup import session_for
    from tests.app.referee_lines import play
    from tests.referee_corpus import Situation, build_situation

    fight = {**HALL_MET, "fight": "grubnak_band", "turn": "aria"}
    session = session_for(build_situation(Situation.model_validate(fight)))
    referee = await play(session, "aria", "knock grubnak out with my quarterstaff")
    [blow] = [c for c in referee.made if c.name == "attack"]
    assert '"weapon": "quarterstaff"' in blow.arguments and '"knock_out": true' in blow.arguments


def test_someone_asked_for_who_is_not_here_is_asked_back() -> None:
    said = read({"campaign": "crossroads", "scene": "inn"}, "mira",
                "I ask the old hermit in the corner if he's heard anything")[0]  # fmt: skip
    assert said.kind == "ask" and "Berta" in said.note


def test_a_greeting_first_is_no_name_called_and_a_tag_is_no_question() -> None:
    said = read(HARBOUR, "wren", "Evening! Cold night to be standing out here, isn't it?")
    assert [(c.kind, c.targets) for c in said] == [("talk", ("nessa",))]
    assert read(HARBOUR, "wren", "it's the chapel, isn't it?")[0].kind == "question"


@pytest.mark.parametrize(
    ("spec", "line", "says"),
    [
        ({"campaign": "crossroads", "scene": "inn"}, "who plays which character?",
         "One player plays the whole party"),
        (HARBOUR, "how much damage does thunderwave deal", "2d8 thunder damage"),
    ],
)  # fmt: skip
async def test_the_table_and_the_rules_are_answered(
    spec: dict[str, object], line: str, says: str
) -> None:
    from tests.app.referee_lines import told

    actor = "mira" if spec["campaign"] == "crossroads" else "wren"
    assert says in await told(spec, actor, line)


def test_who_plays_whom_at_a_shared_table_is_answered_at_once() -> None:
    from app.session import declaring
    from app.session.setup import session_for
    from tests.referee_corpus import Situation, build_situation

    table = {"campaign": "crossroads", "scene": "inn",
             "players": {"Ana": ["mira"], "Ben": ["thorin", "aria"]}}  # fmt: skip
    session = session_for(build_situation(Situation.model_validate(table)))
    reply, _ = declaring.declare(session, "who's playing who here?", "mira")
    assert reply.aside and "Ana plays Mira; Ben plays Thorin and Aria" in reply.text


def test_roped_together_then_across_is_a_knot_then_the_causeway() -> None:
    line = "I tie my rope between us so nobody gets swept off the causeway, then we start across"
    said = read(STRAND, "cass", line)
    assert [(c.kind, c.extra[:1], c.targets) for c in said] == [
        ("improvise", ("free",), ()),
        ("challenge", (), ("cross_causeway",)),
    ]


def test_words_to_tam_then_the_speakers_own_deed_by_name() -> None:
    said = read(
        CELLAR_AFTER, "thorin", "Tam, go upstairs to Berta. Then Thorin checks under the stone."
    )
    assert [(c.kind, c.targets) for c in said] == [("talk", ("tam",)), ("examine", ("flagstone",))]


@pytest.mark.parametrize(
    ("spec", "actor", "line", "says"),
    [
        (HARBOUR, "ione", "whats wrong? who are you waiting for", "My little brother"),
        ({"campaign": "hollow_ford", "scene": "mill_yard"}, "sela",
         "Good evening ma'am! Who are you calling for?", "She went for mushrooms"),
        ({"campaign": "crossroads", "scene": "inn", "met": ["berta"]}, "mira",
         "berta, what's the matter?", "Tam's my potboy"),
        ({**THRALLS, "turn": "ione"}, "ione", "i shoot the one on the left twice",
         "one attack with the Attack action"),
        ({"campaign": "crossroads", "scene": "cellar", "flags": {"trapdoor_open": True},
          "fight": "cellar_rats", "turn": "mira"}, "mira",
         "ugh rats. i stab the closest one and then hop back behind a cask", "Giant Rat 1"),
        ({"campaign": "crossroads", "scene": "inn"}, "mira", "lockpicking time 😎", "pick"),
    ],
)  # fmt: skip
async def test_what_a_newcomer_typed_is_what_happens(
    spec: dict[str, object], actor: str, line: str, says: str
) -> None:
    from tests.app.referee_lines import told

    assert says in await told(spec, actor, line)


@pytest.mark.parametrize(
    ("line", "target"),
    [
        ("I grab the big one by the scruff", "giant-rat-2"),
        ("grab rat 2 by the tail", "giant-rat-2"),
    ],
)
def test_a_foe_taken_by_the_scruff_is_grappled(line: str, target: str) -> None:
    rats = {"campaign": "crossroads", "scene": "cellar", "flags": {"trapdoor_open": True},
            "fight": "cellar_rats", "turn": "thorin", "wounds": {"giant-rat-2": 4}}  # fmt: skip
    said = read(rats, "thorin", line)[0]
    assert (said.kind, said.action, said.targets) == ("manoeuvre", "grapple", (target,))


def test_pinning_grubnak_to_the_floor_is_the_grapple() -> None:
    fight = {**HALL_MET, "fight": "grubnak_band", "turn": "thorin"}
    said = read(fight, "thorin", "I pin Grubnak to the floor and sit on him")[0]
    assert (said.kind, said.action, said.targets) == ("manoeuvre", "grapple", ("grubnak",))
