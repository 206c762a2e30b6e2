"""What a newcomer's evening showed the referee doing that nobody asked for: the whole
party fleeing on "walk up and smack it", Bless cast on the foe, an attack on "we're done
fighting", a blow at "hey you, last one!", a short rest on "rest now, sister", a purse of
twenty gold handed over for "a gold coin" — and the deeds they were meant as. Things
picked up from what the scene's words name are carried from then on."""

from __future__ import annotations

from app.session.setup import session_for
from tests.app.referee_lines import play, read
from tests.referee_corpus import Situation, build_situation

THRALL = {"campaign": "drowned_bell", "scene": "strand", "fight": "strand_thralls",
          "turn": "cass", "dead": ["drowned-thrall-1"]}  # fmt: skip
GUARD = {"campaign": "crossroads", "scene": "warren", "fight": "tunnel_guards", "turn": "mira",
         "dead": ["goblin-1"]}  # fmt: skip
CHAPEL = {"campaign": "drowned_bell", "scene": "chapel", "defeated": ["warden"],
          "flags": {"knows_truth": True}}  # fmt: skip
INN = {"campaign": "crossroads", "scene": "inn", "defeated": ["cellar_rats", "grubnak_band"],
       "give": {"mira": ["20 gold pieces"]}}  # fmt: skip
WARREN = {"campaign": "crossroads", "scene": "warren", "defeated": ["tunnel_guards"]}


def test_walking_up_to_smack_a_foe_closes_in_and_never_flees() -> None:
    said = read(THRALL, "cass", "walk up and smack it with my mace")
    assert [(c.kind, c.action) for c in said] == [("manoeuvre", "engage"), ("attack", None)]


def test_a_helping_spell_at_nobody_named_is_for_the_party_not_the_foe() -> None:
    for line in ("bless the girls", "cast bless on us", "bless"):
        said = read(THRALL, "cass", line)[0]
        assert (said.kind, said.targets) == ("cast", ("cass", "ione", "wren")), line
    assert read(THRALL, "cass", "bless ione and wren")[0].targets == ("ione", "wren")
    assert read(THRALL, "cass", "spiritual weapon")[0].targets == ("drowned-thrall-2",)


def test_done_fighting_asks_the_foe_to_stop_and_strikes_nobody() -> None:
    said = read(THRALL, "cass", "i lower my mace and step back from her. we're done fighting")
    assert [c.kind for c in said] == ["manoeuvre", "improvise"]
    assert said[-1].extra[:1] == ("sway",)


def test_a_foe_called_out_in_a_demand_is_not_struck() -> None:
    said = read(GUARD, "mira", "hey you, last one! your boss is dead. drop the sword and you "
                               "can go home")  # fmt: skip
    assert [(c.kind, c.targets, c.extra[:1]) for c in said] == [
        ("improvise", ("goblin-2",), ("cow",))
    ]


def test_rest_now_sister_is_said_to_her_not_a_rest() -> None:
    said = read(CHAPEL, "cass", "i kneel by her and pray for her soul. rest now sister")
    assert "rest" not in [c.kind for c in said]
    assert read(CHAPEL, "cass", "let's rest now")[0].kind == "rest"


async def test_a_coin_of_a_purse_carried_whole_is_not_the_purse() -> None:
    said = read(INN, "mira", "i slide a gold coin back to berta, drinks for everybody! on me")
    assert [(c.kind, c.action) for c in said] == [("ask", "unable")]
    assert "one purse" in said[0].note
    assert read(INN, "mira", "give the 20 gold pieces to berta")[0].kind == "give"
    state = build_situation(Situation.model_validate(INN))
    session = session_for(state)
    await play(session, "mira", "give berta five gold")
    assert "20 gold pieces" in state.party["mira"].inventory


async def test_something_the_scene_names_once_taken_is_carried_and_can_be_handed_on() -> None:
    state = build_situation(Situation.model_validate(WARREN))
    session = session_for(state)
    await play(session, "thorin", "take the turnips")
    assert "turnips" in state.party["thorin"].inventory
    await play(session, "thorin", "give the turnips to Mira")
    assert "turnips" in state.party["mira"].inventory
    assert "turnips" not in state.party["thorin"].inventory


def test_a_friend_shouted_at_is_called_to_not_made_to_act() -> None:
    table = {"campaign": "drowned_bell", "scene": "chapel", "fight": "warden", "turn": "wren",
             "players": {"Ana": ["ione"], "Dee": ["wren"], "Ben": ["cass"]}}  # fmt: skip
    said = read(table, "wren", "ione NO what are you doing!! i ready a thunderwave")
    assert "refuse" not in [c.kind for c in said]
    assert "ione" not in said[-1].targets  # a harmful spell is never put on her for a call
    assert read(table, "wren", "thunderwave at ione")[0].targets == ("ione",)  # said so
    assert read(table, "wren", "Ione shoots the sister")[0].kind == "refuse"


def test_the_last_drowned_one_is_the_one_left_not_number_one() -> None:
    fight = {"campaign": "drowned_bell", "scene": "strand", "fight": "strand_thralls",
             "turn": "ione", "dead": ["drowned-thrall-1"]}  # fmt: skip
    assert read(fight, "ione", "shoot the last drowned one")[0].targets == ("drowned-thrall-2",)
    assert read(fight, "ione", "shoot thrall one")[0].targets == ("drowned-thrall-1",)


def test_a_helping_cantrip_alone_is_cast_on_oneself() -> None:
    ghost = {"campaign": "drowned_bell", "scene": "chapel", "fight": "warden", "turn": "cass"}
    assert read(ghost, "cass", "guidance")[0].targets == ("cass",)
    assert read(ghost, "cass", "spare the dying on her")[0].targets == ("the-grey-sister",)


def test_a_word_of_care_to_a_friend_goes_nowhere_and_following_waits() -> None:
    chapel = {"campaign": "drowned_bell", "scene": "chapel",
              "flags": {"warden_calmed": True, "knows_truth": True}}  # fmt: skip
    said = read(chapel, "wren", "be careful up there!! ill keep watch")
    assert "move" not in [c.kind for c in said] and said[-1].kind == "hold"
    assert [c.kind for c in read(chapel, "wren", "yep, following")] == ["hold"]
    assert "ask" not in [c.kind for c in read(chapel, "wren", "me too, lead on")]


def test_what_a_foe_is_told_to_do_in_a_plea_is_theirs_not_the_speakers() -> None:
    strand = {"campaign": "drowned_bell", "scene": "strand", "fight": "strand_thralls",
              "turn": "wren"}  # fmt: skip
    said = read(strand, "wren", "we're done fighting! go back to the sea and rest")
    assert [(c.kind, c.targets, c.extra[:1]) for c in said] == [("improvise", (), ("sway",))]
    assert read(strand, "wren", "go back up the steps")[0].kind == "manoeuvre"  # her own


def test_getting_swarmed_is_a_mood_and_the_spell_after_it_is_cast() -> None:
    hall = {"campaign": "crossroads", "scene": "chief_hall", "fight": "grubnak_band",
            "turn": "aria"}  # fmt: skip
    said = read(hall, "aria", "ugh im getting swarmed. burning hands on the two goblins next to me")
    assert [c.kind for c in said] == ["cast"]
    assert read(hall, "aria", "i'm getting hit a lot")[0].kind == "ask"


def test_a_step_behind_a_friend_backs_off_and_a_spell_on_oneself_told_of_is_ones_own() -> None:
    guards = {"campaign": "crossroads", "scene": "warren", "fight": "tunnel_guards",
              "turn": "aria"}  # fmt: skip
    said = read(guards, "aria", "ray of frost then step behind Thorin")
    assert [(c.kind, c.action) for c in said] == [("cast", None), ("manoeuvre", "withdraw")]
    hurt = {**THRALL, "wounds": {"cass": 6}}
    assert read(hurt, "cass", "Cass casts cure wounds on himself")[0].targets == ("cass",)
