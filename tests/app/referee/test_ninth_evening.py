"""What the thirty-third blind set's misses and an evening's play found: a stranger's deed
told of, two blades named the way players name them, words shouted to foes not yet
fought."""

from __future__ import annotations

from tests.app.referee_lines import read

RATS = {"campaign": "crossroads", "scene": "cellar", "fight": "cellar_rats", "turn": "mira"}


def test_a_deed_told_of_someone_the_story_does_not_have_is_refused() -> None:
    for line in ("Drizzt dual wields at the rat", "Boromir blows his horn"):
        said = read(RATS, "mira", line)[0]
        assert (said.kind, said.note) == ("refuse", f"{line.split()[0]} is not in the party")
    assert read(RATS, "mira", "Mira dual wields at the rat")[0].kind == "attack"
    assert read(RATS, "mira", "Everyone attacks")[0].kind == "attack"  # a word, no name


def test_a_deed_of_someone_of_the_story_is_not_the_players_to_play() -> None:
    assert read(RATS, "thorin", "Tam picks up a stick and hits the rat")[0].kind == "refuse"
    band = {"campaign": "crossroads", "scene": "chief_hall", "fight": "grubnak_band",
            "turn": "mira"}  # fmt: skip
    assert read(band, "mira", "Tam stabs Grubnak")[0].note == "Tam is not in the party"
    lighthouse = {"campaign": "drowned_bell", "scene": "lighthouse", "met": ["nessa"]}
    said = read(lighthouse, "wren", "Nessa sends her love.")[0]  # words sent, no deed
    assert (said.kind, said.target) == ("talk", "wendel")


def test_dual_wielding_is_a_blade_in_each_hand() -> None:
    for line in ("dual wield on rat 2", "Mira dual wields at rat 2", "I dual-wield at rat 2"):
        said = read(RATS, "mira", line)[0]
        assert (said.kind, said.action, said.targets) == ("attack", "both", ("giant-rat-2",))


def test_a_going_said_as_not_done_goes_nowhere() -> None:
    cellar = {"campaign": "crossroads", "scene": "cellar", "defeated": ["cellar_rats"]}
    for line in (
        "I'm not going into that tunnel",
        "Thorin sits down on a cask and says he's not going another step into goblin holes "
        "until everyone's had a breather.",
    ):
        assert read(cellar, "thorin", line)[0].kind != "move", line
    assert read(cellar, "thorin", "I don't care, go into the tunnel")[0].kind == "move"


def test_words_shouted_to_foes_not_yet_fought_are_all_said_to_them() -> None:
    warren = {"campaign": "crossroads", "scene": "warren", "flags": {"trapdoor_open": True},
              "defeated": ["cellar_rats"]}  # fmt: skip
    said = read(warren, "mira", "oi goblins! drop the dice and surrender!")[0]
    assert (said.kind, said.then) == ("talk", ())  # Mira drops nothing


def test_the_story_of_a_foe_felled_as_it_flees_or_a_friend_dropped_by_a_blast_says_so() -> None:
    """The telling never contradicts the dice: a rat cut down by a parting blow as it flees
    does not 'flee'; Ione dropped to 0 by a breath she half dodged goes down."""
    from app.actions.beings import set_vitals
    from app.referee.referee import OfflineReferee
    from rules.damage import LifeState, Vitals
    from tests.referee_corpus import Situation, build_situation

    state = build_situation(Situation.model_validate(RATS))
    referee = OfflineReferee(state.campaign)
    set_vitals(state, "giant-rat-2", Vitals(hp=0, max_hp=7, state=LifeState.DEAD))
    referee.calls["c1"] = ("act", "giant-rat-2")
    referee._follow_up(state, [("c1", {"action": "flee"})])
    assert referee.notes[-1] == "Giant Rat 2 turns tail and flees — and is cut down as it goes."
    set_vitals(state, "aria", Vitals(hp=0, max_hp=17, state=LifeState.DYING))
    referee.calls["c2"] = ("monster", "giant-rat-3")
    blast = {"action": "bite", "targets": [{"target": "aria", "saved": True, "damage": 3,
                                            "down": "dying"}]}  # fmt: skip
    referee._after_monster(state, "giant-rat-3", blast, [])
    assert "Aria dodges the worst of it (3 damage)." in referee.notes
    assert "Aria goes down, dying." in referee.notes


async def test_a_lock_is_picked_by_the_one_with_the_tools() -> None:
    """Thorin has no thieves' tools: he is told Mira has them, and nothing is rolled; Mira
    picks it. With nobody carrying them, the check is still made (the story goes on)."""
    from app.referee.referee import OfflineReferee
    from app.session.setup import session_for
    from tests.app.referee_lines import play
    from tests.referee_corpus import Situation, build_situation

    inn = {"campaign": "crossroads", "scene": "inn"}
    session = session_for(build_situation(Situation.model_validate(inn)))
    referee = await play(session, "thorin", "I pick the lock")
    assert not referee.made
    assert "Thorin has no thieves' tools" in session.state.history[-1].narrative
    assert "Mira has them" in session.state.history[-1].narrative
    referee = await play(session, "mira", "I pick the lock")
    assert [c.name for c in referee.made] == ["attempt_challenge"]
    bare = {**inn, "take": {"mira": ["thieves' tools"]}}
    session = session_for(build_situation(Situation.model_validate(bare)))
    referee = await play(session, "thorin", "I pick the lock")
    assert isinstance(referee, OfflineReferee)
    assert [c.name for c in referee.made] == ["attempt_challenge"]


def test_words_to_a_friend_or_a_person_of_the_story_are_no_deed_of_ones_own() -> None:
    fight = {**RATS, "turn": "thorin"}
    steps = read(fight, "thorin", "I cleave at rat 3 and shout for Aria to get back")
    assert [s.kind for s in steps] == ["attack"]  # Aria is told; Thorin does not step back
    for line in ("Tam, run for the stairs!", "Tam, get out of here! Run for the stairs!"):
        said = read(fight, "thorin", line)[0]
        assert (said.kind, said.targets) == ("talk", ("tam",)), line
    band = {"campaign": "crossroads", "scene": "chief_hall", "fight": "grubnak_band",
            "turn": "thorin"}  # fmt: skip
    assert read(band, "thorin", "Grubnak, surrender or die!")[0].action == "intimidation"
    guards = {"campaign": "crossroads", "scene": "warren", "fight": "tunnel_guards",
              "turn": "aria"}  # fmt: skip
    said = read(guards, "aria", "Goblin! Surrender now and we'll let you go!")[0]
    assert said.action == "intimidation"  # (Grubnak, "the goblin", is not here: the foes are)


def test_ones_own_wounds_and_a_slipped_number_are_read_as_meant() -> None:
    strand = {"campaign": "drowned_bell", "scene": "strand", "flags": {"corin_saved": True},
              "defeated": ["strand_thralls"], "wounds": {"ione": 6, "wren": 9}}  # fmt: skip
    for line in ("I cure my own wounds", "cure my wounds"):
        assert read(strand, "ione", line)[0].targets == ("ione",), line
    assert read(strand, "ione", "cure wren's wounds")[0].targets == ("wren",)
    fight = {**RATS, "turn": "thorin"}
    assert read(fight, "thorin", "attak rat tree")[0].targets == ("giant-rat-3",)
    assert read(fight, "thorin", "hide behind the tree")[0].kind == "manoeuvre"


def test_a_line_not_understood_is_read_again_with_its_slips_mended() -> None:
    from app.understanding.known_words import english_words
    from app.understanding.slips import mend

    fight = {**RATS, "turn": "thorin"}
    for line, target in (("hti rat 1", "giant-rat-1"), ("swnig at teh rat", None)):
        said = read(fight, "thorin", line)[0]
        assert said.kind == "attack" and (target is None or said.targets == (target,)), line
    said = read(RATS, "mira", "shrtsword rat1")[0]
    assert (said.kind, said.item, said.targets) == ("attack", "shortsword", ("giant-rat-1",))
    hurt = {**RATS, "turn": "aria", "wounds": {"giant-rat-2": 4}}
    said = read(hurt, "aria", "fireblot the hurt one")[0]  # a spell's name slipped: still it
    assert (said.kind, said.spell, said.targets) == ("cast", "fire_bolt", ("giant-rat-2",))
    language = english_words()
    mended = {w: mend(w, language) for w in ("lognbow", "fireblot", "slep", "daggr")}
    assert mended == {"lognbow": "longbow", "fireblot": "firebolt", "slep": "sleep",
                      "daggr": "dagger"}  # fmt: skip
    for kept in ("too", "goblins", "flicks", "kelp", "ione", "grubnak", "danke", "cask", "yarrow"):
        assert mend(kept, language) == kept  # words, forms of them, names: left as typed
    belfry = {"campaign": "drowned_bell", "scene": "belfry", "flags": {"corin_saved": True}}
    said = read(belfry, "ione", "hold the locket against the bell")[0]
    assert said.kind == "ask"  # not carried: said so (read as "pocket" it was a thing taken)
    thralls = {"campaign": "drowned_bell", "scene": "strand", "fight": "strand_thralls",
               "turn": "cass"}  # fmt: skip
    assert read(thralls, "cass", "Flamme sacrée!")[0].kind == "foreign"  # no "flame" mended


def test_both_blades_and_a_dash_in_a_fight_are_read_as_meant() -> None:
    for line in ("both blades into rat two", "both blades, rat 2"):
        said = read(RATS, "mira", line)[0]
        assert (said.kind, said.action, said.targets) == ("attack", "both", ("giant-rat-2",))
    guards = {"campaign": "crossroads", "scene": "warren", "fight": "tunnel_guards",
              "turn": "mira"}  # fmt: skip
    steps = read(guards, "mira", "stab goblin 1, then dash past them to the curtain")
    assert [(s.kind, s.action) for s in steps] == [("attack", None), ("manoeuvre", "dash")]
    assert read({**RATS, "turn": "thorin"}, "thorin", "I dash for the stairs")[0].action == "dash"
    cellar = {"campaign": "crossroads", "scene": "cellar", "defeated": ["cellar_rats"]}
    assert read(cellar, "thorin", "I dash up the stairs")[0].kind == "move"  # no fight: goes


def test_a_flourish_of_movement_before_a_blow_is_how_the_blow_comes() -> None:
    for line in ("I tumble past rat 1 and stab rat 3", "I vault over the cask and stab rat 3"):
        assert [(s.kind, s.targets) for s in read(RATS, "mira", line)] == [
            ("attack", ("giant-rat-3",))
        ], line
    steps = read(RATS, "mira", "I tie up rat 2 and stab rat 3")  # a deed of its own: kept
    assert [s.kind for s in steps] == ["improvise", "attack"]
