"""Lines a fresh play-tester's set showed misread: a spell whose foe is named after a comma,
a blade in each hand at one foe, a foe of a kind not in the fight, "get behind me", a torch
grabbed off the wall, a pocket picked, a demand with its terms, and words to another player
at a hotseat table."""

from __future__ import annotations

from app.session.setup import session_for
from app.understanding import understand
from app.understanding.intent import Intent
from tests.app.referee_lines import play
from tests.referee_corpus import Situation, build_situation

RATS = {"campaign": "crossroads", "scene": "cellar", "fight": "cellar_rats", "turn": "thorin"}
GUARDS = {"campaign": "crossroads", "scene": "warren", "fight": "tunnel_guards", "turn": "mira",
          "flags": {"trapdoor_open": True, "tam_found": True},
          "defeated": ["cellar_rats"]}  # fmt: skip
HOTSEAT_RATS = {**RATS, "turn": "mira",
                "players": {"Ana": ["mira"], "Ben": ["thorin"], "Cleo": ["aria"]}}  # fmt: skip
HARBOUR = {"campaign": "drowned_bell", "scene": "harbour",
           "players": {"Dee": ["ione"], "Eli": ["cass", "wren"]}}  # fmt: skip


def read(spec: dict[str, object], actor: str, text: str) -> list[Intent]:
    """The line's clauses, in order."""
    state = build_situation(Situation.model_validate(spec))
    said = understand(text, actor, state, state.campaign)
    return [said, *said.then]


def test_a_spell_named_then_its_foe_after_a_comma_is_aimed_at_that_foe() -> None:
    for line in ("Ray of frost, goblin 2.", "cast ray of frost, goblin 2"):
        clauses = read({**GUARDS, "turn": "aria"}, "aria", line)
        assert [(c.kind, c.targets) for c in clauses] == [("cast", ("goblin-2",))]
    # a foe named with the spell and another after it: a beam for each, as before
    both = read({**GUARDS, "turn": "aria"}, "aria", "magic missile on goblin 1, goblin 2")
    assert both[0].targets == ("goblin-1", "goblin-2")


async def test_a_blade_in_each_hand_at_one_foe_strikes_with_both() -> None:
    line = "shortsword in one hand dagger in the other, both at goblin 1"
    clauses = read(GUARDS, "mira", line)
    assert [(c.kind, c.targets, c.action) for c in clauses] == [("attack", ("goblin-1",), "both")]
    session = session_for(build_situation(Situation.model_validate(GUARDS)))
    referee = await play(session, "mira", line)
    blows = [c for c in referee.made if c.name == "attack"]
    assert blows and all('"goblin-1"' in c.arguments for c in blows[:2])
    assert '"off_hand"' in blows[1].arguments
    # two foes named, one for each blade: still two blows, one at each
    two = read(RATS, "thorin", "I shortsword rat 1 and dagger rat 2 with my off hand")
    assert [c.target for c in two] == ["giant-rat-1", "giant-rat-2"]


def test_a_kind_of_foe_not_in_the_fight_is_said_not_struck_at_another() -> None:
    said = read(RATS, "thorin", "attack the goblin")[0]
    assert said.kind == "ask" and "no goblin" in said.note
    assert read(RATS, "thorin", "attack the rat")[0].kind == "attack"


def test_get_behind_me_is_no_cover_behind_the_casks() -> None:
    clauses = read(RATS, "thorin", "Mira, where are you? Get behind me!")
    assert not any(c.kind == "manoeuvre" and c.action == "cover" for c in clauses)


def test_a_torch_grabbed_off_the_wall_is_no_grapple() -> None:
    said = read({**GUARDS, "turn": "thorin"}, "thorin",
                "i grab the torch off the wall and wave it at the goblins")  # fmt: skip
    assert not any(c.kind in ("manoeuvre", "attack") for c in said)
    grab = read({**GUARDS, "turn": "thorin"}, "thorin", "grab the goblin by the throat")
    assert (grab[0].kind, grab[0].action) == ("manoeuvre", "grapple")


def test_a_picked_pocket_is_sleight_of_hand_at_its_owner() -> None:
    said = read(GUARDS, "mira", "I pick goblin 2's pocket")[0]
    assert (said.kind, said.targets, said.action) == ("improvise", ("goblin-2",),
                                                      "sleight_of_hand")  # fmt: skip


async def test_a_demand_with_its_terms_is_one_demand_and_no_blow() -> None:
    line = "Tell the bleeding one to give up and we'll let him live"
    spec = {**GUARDS, "wounds": {"goblin-1": 3}}
    clauses = read(spec, "mira", line)
    assert [c.kind for c in clauses] == ["improvise"]
    session = session_for(build_situation(Situation.model_validate(spec)))
    referee = await play(session, "mira", line)
    assert not [c for c in referee.made if c.name == "attack"]


def test_a_player_named_at_the_table_is_table_talk() -> None:
    orders = read(HOTSEAT_RATS, "mira", "Ben, make Thorin charge!")[0]
    assert orders.kind == "refuse" and "played by Ben" in orders.note
    asks = read(HARBOUR, "ione", "Eli, what do you think?")[0]
    assert asks.kind == "ask" and asks.note.startswith("Eli hears you")
    assert not asks.targets


def test_a_player_named_without_a_comma_or_at_the_end_is_table_talk() -> None:
    table = {**HARBOUR, "players": {"Ana": ["ione"], "Ben": ["cass", "wren"]}}
    for line in ("Ben do you want to rest first or go straight to the chapel?", "nice one Ben!"):
        said = read(table, "ione", line)[0]
        assert said.kind == "ask" and said.note.startswith("Ben hears you"), line
    assert read(table, "ione", "Ben, make Cass heal me")[0].note == "Brother Cass is played by Ben"
    assert read(table, "ione", "I talk to Nessa about Ben")[0].kind == "talk"


HALL_ASLEEP = {"campaign": "crossroads", "scene": "chief_hall", "fight": "grubnak_band",
               "turn": "thorin", "dead": ["goblin-1", "goblin-2"],
               "conditions": {"grubnak": ["unconscious"]},
               "flags": {"trapdoor_open": True, "tam_found": True, "guards_passed": True},
               "defeated": ["cellar_rats", "tunnel_guards"]}  # fmt: skip


async def test_tying_a_boss_up_is_a_deed_not_words_that_win_his_respect() -> None:
    session = session_for(build_situation(Situation.model_validate(HALL_ASLEEP)))
    await play(session, "thorin", "thorin ties up grubnak before he wakes")
    assert not [j for j in session.state.truth.judgments if j.about == "grubnak"]


async def test_a_blow_said_to_knock_out_is_one_knock_out_blow() -> None:
    session = session_for(build_situation(Situation.model_validate(HALL_ASLEEP)))
    referee = await play(session, "thorin", "hit the sleeping boss, knock him out")
    blows = [c for c in referee.made if c.name == "attack"]
    assert len(blows) == 1 and '"knock_out": true' in blows[0].arguments
    assert "will have to wait" not in session.state.history[-1].narrative


def test_what_someone_else_may_do_after_a_deed_is_no_deed() -> None:
    line = "sings something gentle to calm nessa down, maybe she'll open up"
    assert [c.kind for c in read(HARBOUR, "wren", line)] == ["improvise"]


STRAND = {"campaign": "drowned_bell", "scene": "strand", "fight": "strand_thralls",
          "turn": "ione"}  # fmt: skip


async def test_a_weapon_its_striker_lacks_is_said_and_nothing_is_struck() -> None:
    line = "I charge the nearer thrall and hit it with my longsword, smite if it connects"
    said = read(STRAND, "ione", line)
    assert [c.kind for c in said] == ["ask"] and "carries no longsword" in said[0].note
    session = session_for(build_situation(Situation.model_validate(STRAND)))
    referee = await play(session, "ione", line)
    assert not [c for c in referee.made if c.name == "attack"]
    # a foe's weapon named is not the striker's
    assert read(GUARDS, "mira", "attack the goblin with the scimitar")[0].kind == "attack"


async def test_a_smite_from_one_without_it_is_said_after_the_blow() -> None:
    session = session_for(build_situation(Situation.model_validate(STRAND)))
    referee = await play(session, "ione", "hack at thrall 1 with my sword. divine smite!")
    assert [c.name for c in referee.made if c.name in ("attack", "use_feature")] == ["attack"]
    assert "Ione has no Divine Smite" in session.state.history[-1].narrative


def test_a_shout_to_a_friend_another_plays_is_heard_and_table_talk_after_a_prefix() -> None:
    table = {"campaign": "drowned_bell", "scene": "strand",
             "players": {"Ana": ["ione"], "Ben": ["cass", "wren"]}}  # fmt: skip
    shout = read(table, "ione", "Cass, grab Corin and pull him out of the water!")[0]
    assert shout.kind == "ask" and shout.note.startswith("Brother Cass hears you")
    assert read(table, "ione", "Cass attacks the thrall")[0].kind == "refuse"
    praise = read(table, "wren", "wren: Ana that was beautiful lol")[0]
    assert praise.kind == "ask" and praise.note.startswith("Ana hears you")
    assert read(table, "wren", "Ana passes")[0].kind == "refuse"


def test_following_the_others_is_waiting_for_them_not_a_riddle() -> None:
    for line in ("I follow", "me too", "i tag along"):
        assert read(HARBOUR, "cass", line)[0].kind == "hold", line
    assert read(HARBOUR, "cass", "follow the tracks")[0].kind != "hold"


def test_words_to_a_player_then_a_deed_do_the_deed() -> None:
    table = {**RATS, "players": {"Ana": ["mira"], "Ben": ["thorin"], "Cy": ["aria"]}}
    said = read(table, "thorin", "Cy stay behind me! I charge the nearest rat and hack at it")
    assert said[-1].kind == "attack"


CELLAR_AFTER = {"campaign": "crossroads", "scene": "cellar",
                "flags": {"trapdoor_open": True, "tam_found": True},
                "defeated": ["cellar_rats"]}  # fmt: skip


def test_nobody_leaves_when_someone_else_is_sent_or_told_to() -> None:
    line = "I send Tam back up the ladder to his mum. then I search the smashed cask for tracks"
    assert [c.kind for c in read(CELLAR_AFTER, "thorin", line)] == ["talk", "examine"]
    warren = {**CELLAR_AFTER, "scene": "warren"}
    hang = read(warren, "aria", "i hang back by the tunnel mouth and get ready to fire bolt")
    assert "move" not in [c.kind for c in hang]
    hall = {"campaign": "crossroads", "scene": "chief_hall",
            "flags": {"trapdoor_open": True, "tam_found": True, "guards_passed": True},
            "defeated": ["cellar_rats", "tunnel_guards"]}  # fmt: skip
    terms = read(hall, "mira", "pack up and leave tonight or my big friends stop being quiet")
    assert [(c.kind, c.target) for c in terms] == [("talk", "grubnak")]


def test_running_up_next_to_a_foe_is_a_step_to_it_then_the_spell() -> None:
    wren = {**STRAND, "turn": "wren"}
    said = read(wren, "wren", "ok I run up next to it and then thunderwave it")
    assert [(c.kind, c.action or c.spell) for c in said] == [("manoeuvre", "engage"),
                                                             ("cast", "thunderwave")]  # fmt: skip


def test_a_player_whose_name_is_a_word_is_called_only_with_a_comma() -> None:
    table = {**HARBOUR, "players": {"Ana": ["ione"], "Will": ["cass", "wren"]}}
    assert read(table, "ione", "Will you tell me about your brother?")[0].kind == "talk"
    called = read(table, "ione", "Will, your turn")[0]
    assert called.kind == "ask" and called.note.startswith("Will hears you")


def test_only_terms_with_a_threat_are_an_ultimatum() -> None:
    inn = {"campaign": "crossroads", "scene": "inn"}
    assert read(inn, "mira", "look at the hearth or the trapdoor")[0].kind == "examine"
    assert read(inn, "mira", "pick the lock or we force it")[0].kind == "challenge"
    assert read(inn, "mira", "give us the key or else")[0].kind == "talk"
