"""What the thirty-first blind set and an evening's play found: chatter and questions read
as blows ("ugh this fight", "to-hit with the battleaxe?", "spell slots remaining?"), a
berserker's rage, frenzy and blow of which only the rage was played, two rests said at one
table taken twice, a parley only a companion may speak at that locked the table, words in
quotes read as deeds, a paragraph's "she" taken for someone else, and questions about foes
and people the game can answer."""

from __future__ import annotations

import json

from app.referee.referee import OfflineReferee
from app.session import declaring
from app.session.session import GameSession
from app.session.setup import session_for
from app.world.sandbox import sandbox_state
from tests.app.referee_lines import play, read, told
from tests.app.test_class_features import add_member, fight
from tests.referee_corpus import Situation, build_situation

INN = {"campaign": "crossroads", "scene": "inn"}
HALL = {"campaign": "crossroads", "scene": "chief_hall", "defeated": ["cellar_rats"],
        "flags": {"trapdoor_open": True, "guards_passed": True}}  # fmt: skip
HALL_FIGHT = {**HALL, "fight": "grubnak_band", "turn": "aria", "dead": ["goblin-1"]}
GUARDS = {"campaign": "crossroads", "scene": "warren", "flags": {"trapdoor_open": True},
          "fight": "tunnel_guards", "turn": "mira"}  # fmt: skip
WOLVES = {"campaign": "hollow_ford", "scene": "woods", "fight": "woods_wolves", "turn": "bram"}
STRAND = {"campaign": "drowned_bell", "scene": "strand", "fight": "strand_thralls",
          "turn": "cass", "wounds": {"wren": 21}}  # fmt: skip
WARDEN = {"campaign": "drowned_bell", "scene": "chapel", "fight": "warden", "turn": "cass",
          "defeated": ["strand_thralls"]}  # fmt: skip


async def table_round(spec: dict[str, object], *lines: tuple[str, str]) -> GameSession:
    """The lines declared at a shared table, in order, and the round they make played."""
    session = session_for(build_situation(Situation.model_validate(spec)))
    for who, line in lines:
        reply, _ = declaring.declare(session, line, who)
        assert reply.ok, reply.text
    async for _ in session.process():
        pass
    return session


def _calls(referee: OfflineReferee) -> list[tuple[str, dict[str, object]]]:
    return [(c.name, json.loads(c.arguments)) for c in referee.made]


def test_chatter_and_questions_about_blows_are_no_blows() -> None:
    for line in ("ugh this fight", "lol one hit"):
        assert read(WOLVES, "bram", line)[0].kind == "ask", line
    for line in ("to-hit with the battleaxe?", "to hit bonus?", "attack bonus with the axe?"):
        assert read(WOLVES, "bram", line)[0].kind == "question", line
    sela = {**WOLVES, "turn": "sela"}
    assert read(sela, "sela", "spell slots remaining?")[0].kind == "question"
    sorry = read({**WARDEN, "dead": []}, "cass", "We're sorry we had to fight you, sister")
    assert all(c.kind != "attack" for c in sorry)
    assert read(WOLVES, "bram", "hit that wolf")[0].kind == "attack"  # a verb still


def test_a_blow_said_plainly_is_a_blow() -> None:
    assert read(WOLVES, "bram", "chop it in half")[0].kind == "attack"
    assert read(HALL_FIGHT, "mira", "aims at grubnak")[0].targets == ("grubnak",)
    prayed = read(WARDEN, "cass", "pray one more time for her soul")[0]
    assert (prayed.kind, prayed.targets) == ("challenge", ("hush_warden",))


def test_a_dying_friend_got_back_up_is_healed() -> None:
    said = read(STRAND, "cass", "get wren back up")[0]
    assert said.kind == "ask" and "Healing Word" in said.note  # which of his two heals
    assert all(c.action != "withdraw" for c in read(STRAND, "cass", "get wren back up"))


def test_words_in_quotes_and_a_friend_bidden_are_no_deeds_of_ones_own() -> None:
    warren = {"campaign": "crossroads", "scene": "warren", "flags": {"trapdoor_open": True}}
    said = read(warren, "thorin", "Thorin whispers: 'I'm not built for sneaking'")
    assert all(c.kind != "challenge" for c in said)
    seats = {**INN, "players": {"Ana": ["mira"], "Ben": ["thorin", "aria"]}}
    bidden = read(seats, "thorin", "I'll have Mira sneak outside")[0]
    assert (bidden.kind, bidden.character) == ("refuse", "mira")


def test_a_paragraph_told_of_the_character_is_theirs() -> None:
    light = {"campaign": "drowned_bell", "scene": "lighthouse"}
    line = (
        "Ione pulls up a stool next to the old man and sits down, not too close. She says "
        "they've met his niece, that Nessa's terrified, and that she thinks he knows something "
        "about that bell. Then she just waits."
    )
    assert [(c.kind, *c.targets) for c in read(light, "ione", line)][:1] == [("talk", "wendel")]
    inn = {**INN, "met": ["berta"]}
    line = (
        "Aria crouches by the trapdoor and lays her palm flat on the scratched wood. She asks "
        "Berta, over her shoulder, how many voices she thinks she's heard at night."
    )
    assert all(c.kind != "challenge" for c in read(inn, "aria", line))
    warren = {"campaign": "crossroads", "scene": "warren", "flags": {"trapdoor_open": True}}
    line = "We've come this far without a fight and I'd like to keep it that way."
    assert all(c.kind != "attack" for c in read(warren, "mira", line))
    barrow = {"campaign": "hollow_ford", "scene": "barrow", "flags": {"barrow_open": True},
              "defeated": ["woods_wolves", "barrow_dead"]}  # fmt: skip
    assert all(
        c.kind != "move" for c in read(barrow, "bram", "Bram isn't one for leaving treasure.")
    )


def test_rests_greetings_and_a_rope_are_read_as_meant() -> None:
    assert read(INN, "mira", "we take a short breather by the fire")[0].action == "short"
    assert read(INN, "mira", "we stay the night")[0].action == "long"
    assert read(HALL, "mira", "we come in peace")[0].targets == ("grubnak",)
    assert read(HALL, "mira", "Mira: we come in peace")[0].kind == "talk"
    tied = read({**WARDEN, "turn": "ione"}, "ione", "tie her to a pew with my rope")[0]
    assert tied.targets == ("the-grey-sister",)
    asked = read(HALL, "mira", "does grubnak have a family")[0]
    assert (asked.kind, asked.targets) == ("talk", ("grubnak",))  # his to answer


async def test_questions_about_foes_and_oneself_are_answered() -> None:
    armed = await told(GUARDS, "mira", "what are they armed with")
    assert "Scimitar (1d6+2 slashing damage)" in armed
    bite = await told(WOLVES, "bram", "how much does a wolf bite do")
    assert "2d4+2 piercing" in bite
    twice = await told({**HALL_FIGHT, "turn": "thorin"}, "thorin", "does grubnak get two attacks?")
    assert "2 attacks a turn (two with the Great Spoon)" in twice
    cellar = {"campaign": "crossroads", "scene": "cellar", "flags": {"trapdoor_open": True},
              "defeated": ["cellar_rats"], "met": ["tam"]}  # fmt: skip
    assert "Tam" in await told(cellar, "mira", "who's down here")
    assert "21 of 21 hit points" in await told(
        {**STRAND, "wounds": {}, "turn": "wren"}, "wren", "how beat up am i"
    )
    bone = {"campaign": "hollow_ford", "scene": "woods", "fight": "woods_wolves", "turn": "bram"}
    assert "hit points" in await told(bone, "bram", "what am I at, hp-wise")


async def test_rage_frenzy_and_a_blow_in_one_line_are_all_played() -> None:
    """SRD (Frenzy): the frenzy is chosen as the rage begins, so the line's blow still has
    the action it needs (it was dropped, the turn ended, the frenzy told to wait)."""
    state = sandbox_state(seed=4)
    add_member(state, id="grog", **{"class": "Barbarian"})
    fight(state, monster="ogre", turn="grog")
    session = session_for(state)
    referee = await play(session, "grog", "I rage, fly into a frenzy and attack the ogre")
    made = [(n, a.get("feature")) for n, a in _calls(referee)]
    assert made[:3] == [("use_feature", "rage"), ("use_feature", "frenzy"), ("attack", None)]


async def test_a_rest_said_by_two_players_of_one_round_is_one_rest() -> None:
    spec = {**INN, "players": {"Ana": ["mira"], "Ben": ["thorin", "aria"]}}
    lines = (("mira", "we take a short rest"), ("thorin", "rest too"))
    session = await table_round(spec, *lines)
    referee = session.brain
    assert isinstance(referee, OfflineReferee)
    assert [n for n, _ in _calls(referee)].count("rest") == 1
    assert "Thorin rests with the others" in session.state.history[-1].narrative


def test_a_parley_only_a_companion_may_speak_at_lets_a_player_speak_for_them() -> None:
    """Grubnak talks to Mira alone; Mira's player left, so the DM plays her as a companion:
    the player still at the table speaks for her (nobody could act, nor pass, before)."""
    from app.session.gates import RestrictedGate
    from app.world.actions import PlayerAction
    from app.world.state import Restriction

    spec = {**HALL, "players": {"Dee": ["aria"], "Player": ["mira", "thorin"]}}
    state = build_situation(Situation.model_validate(spec))
    state.players.pop("Player")
    state.turn_order.companions = ["mira", "thorin"]
    why = "Grubnak will only parley with Mira"
    gate = RestrictedGate(character_ids=["mira"], reason=why)
    state.restriction = Restriction(character_ids=["mira"], reason=why)
    assert state.able_players() == ["Dee"]
    assert gate.can_act(state, PlayerAction(player="Dee", character_id="mira", text="hi")) is None
    refused = gate.can_act(state, PlayerAction(player="Dee", character_id="aria", text="hi"))
    assert refused is not None and "“Mira: …”" in refused


def test_a_line_that_joins_another_does_what_they_did() -> None:
    """ "I go too" after Ione set out over the causeway: Cass crosses it as well (it walked
    the whole party back to the harbour, the only way out, before)."""
    from app.understanding import understand
    from app.world.turnrecord import TurnRecord

    spec = {"campaign": "drowned_bell", "scene": "strand", "defeated": ["strand_thralls"],
            "flags": {"corin_saved": True}}  # fmt: skip
    state = build_situation(Situation.model_validate(spec))
    state.history.append(TurnRecord(number=1, actions=["Ione: cross the causeway"],
                                    narrative="A wave comes over the stones."))  # fmt: skip
    for line in ("I go too", "I follow, holding my holy symbol", "I cross too", "me too"):
        said = understand(line, "cass", state, state.campaign)
        assert (said.kind, said.targets) == ("challenge", ("cross_causeway",)), line
    assert understand("i go", "cass", state, state.campaign).kind != "challenge"


async def test_a_join_in_the_same_round_of_a_table_joins_the_line_before_it() -> None:
    seats = {"Ana": ["ione"], "Ben": ["cass", "wren"]}
    spec = {"campaign": "drowned_bell", "scene": "strand", "defeated": ["strand_thralls"],
            "flags": {"corin_saved": True}, "players": seats}  # fmt: skip
    session = await table_round(spec, ("ione", "we cross the causeway"), ("cass", "I go too"))
    assert session.state.scene.id != "harbour"


def test_a_step_told_before_a_readied_action_is_kept() -> None:
    rats = {"campaign": "crossroads", "scene": "cellar", "flags": {"trapdoor_open": True},
            "fight": "cellar_rats", "turn": "aria"}  # fmt: skip
    line = "I back off out of reach, then ready a fire bolt for the first rat that comes close"
    assert [(c.kind, c.action) for c in read(rats, "aria", line)] == [
        ("manoeuvre", "withdraw"),
        ("manoeuvre", "ready"),
    ]
    one = read(rats, "aria", "wait for a rat to come at me, then stab it")
    assert [(c.kind, c.action) for c in one] == [("manoeuvre", "ready")]


def test_greeting_someone_who_is_not_here_says_so() -> None:
    said = read(INN, "aria", "hello Grubnak")[0]
    assert said.kind == "ask" and "Grubnak is not here" in said.note
    assert read(INN, "aria", "hello berta")[0].targets == ("berta",)


def test_going_to_meet_someone_takes_the_way_to_them_and_bed_is_a_rest() -> None:
    warren = {"campaign": "crossroads", "scene": "warren", "flags": {"trapdoor_open": True},
              "defeated": ["tunnel_guards"]}  # fmt: skip
    said = read(warren, "mira", "rest a bit and then go meet the chief")
    assert [(c.kind, *c.targets) for c in said] == [("rest",), ("move", "chief_hall")]
    home = read(INN, "mira", "give thorin my dagger then go to bed")
    assert (home[-1].kind, home[-1].action) == ("rest", "long")


def test_sneaking_said_in_other_words_is_the_scenes_sneaking_past() -> None:
    warren = {"campaign": "crossroads", "scene": "warren", "flags": {"trapdoor_open": True}}
    for line in ("tiptoe around the dice game", "I creep along the wall behind Mira"):
        said = read(warren, "mira", line)[0]
        assert (said.kind, said.targets) == ("challenge", ("sneak_past",)), line
    up = read(warren, "thorin", "I creep up behind the goblins quietly")[0]
    assert up.kind == "improvise"  # on them, to surprise them: no way past


def test_talk_about_a_topic_asks_it_and_a_note_aimed_at_a_foe_is_no_blow() -> None:
    said = read(HALL, "mira", "Let's talk about peace, Grubnak")[0]
    assert (said.kind, said.targets) == ("talk", ("grubnak",))
    assert read(HALL, "mira", "let's talk peace")[0].kind == "challenge"
    strand = {**STRAND, "turn": "wren", "wounds": {}}
    line = "Wren draws out one long screeching note, all of it aimed at the grey thing"
    assert all(c.kind != "attack" for c in read(strand, "wren", line))
    road = {"campaign": "crossroads", "scene": "old_road"}
    line = (
        "Thorin stomps out into the rain, muttering, and squats by the muddy ruts. He wants "
        "to know who's been digging near this inn."
    )
    assert all(c.kind != "move" for c in read(road, "thorin", line))


async def test_an_area_spell_at_both_foes_says_which_it_could_not_catch() -> None:
    """ "burning hands at both goblins", both across the burrow: Aria steps up to the first
    and the cone takes it; the game says why the other was left out (it said nothing)."""
    guards = {"campaign": "crossroads", "scene": "warren", "flags": {"trapdoor_open": True},
              "fight": "tunnel_guards", "turn": "aria"}  # fmt: skip
    assert read(guards, "aria", "burning hands at both goblins")[0].targets == (
        "goblin-1",
        "goblin-2",
    )
    session = session_for(build_situation(Situation.model_validate(guards)))
    referee = await play(session, "aria", "burning hands at both goblins")
    cast = [a for n, a in _calls(referee) if n == "cast_spell"]
    assert cast and cast[0]["target_ids"] == ["goblin-1"]
    assert "Goblin 2 is too far off for Burning Hands" in session.state.history[-1].narrative


async def test_following_the_one_who_led_the_way_this_round_goes_along() -> None:
    seats = {"Ana": ["ione"], "Ben": ["cass", "wren"]}
    spec = {"campaign": "drowned_bell", "scene": "harbour", "players": seats, "met": ["nessa"]}
    lines = (("ione", "go up to the lighthouse"), ("cass", "I follow Ione up the path"))
    session = await table_round(spec, *lines)
    told = session.state.history[-1].narrative
    assert session.state.scene.id == "lighthouse" and "already in" not in told
    assert "Brother Cass goes along." in told


async def test_more_questions_the_game_can_answer() -> None:
    light = {"campaign": "drowned_bell", "scene": "lighthouse"}
    assert "range 150/600 ft" in await told(light, "ione", "what's the range of a longbow")
    belfry = {"campaign": "drowned_bell", "scene": "belfry",
              "flags": {"knows_truth": True, "warden_calmed": True}}  # fmt: skip
    assert "I CALL THEM HOME" in await told(belfry, "ione", "what does the inscription say")
    warren = {"campaign": "crossroads", "scene": "warren", "flags": {"trapdoor_open": True}}
    stealth = await told(warren, "thorin", "how good is my stealth in chain mail")
    assert "with disadvantage in chain mail" in stealth
    assert "undead" in await told(WARDEN, "cass", "can the grey sister be turned?")
    strand = {**STRAND, "wounds": {}}
    assert "AC 18" in await told(strand, "cass", "armor class please")
    seats = {**INN, "players": {"Ana": ["mira"], "Ben": ["thorin", "aria"]}}
    session = session_for(build_situation(Situation.model_validate(seats)))
    reply, _ = declaring.declare(session, "whose characters are whose", "mira")
    assert "Ana plays Mira; Ben plays Thorin and Aria" in reply.text
    reply, _ = declaring.declare(session, "my characters?", "mira")
    assert "Ana, you play Mira" in reply.text


def test_go_on_to_the_one_telling_a_tale_bids_them_go_on() -> None:
    light = {"campaign": "drowned_bell", "scene": "lighthouse"}
    for line in ("keep going", "go on", "tell us more"):
        said = read(light, "wren", line)[0]
        assert (said.kind, said.targets) == ("talk", ("wendel",)), line


async def test_what_a_fighter_can_do_names_its_features() -> None:
    rats = {"campaign": "crossroads", "scene": "cellar", "flags": {"trapdoor_open": True},
            "fight": "cellar_rats", "turn": "thorin"}  # fmt: skip
    session = session_for(build_situation(Situation.model_validate(rats)))
    reply, _ = declaring.declare(session, "ugh this fight", "thorin")
    text = reply.text
    if reply.ok and not reply.aside:
        async for _ in session.process():
            pass
        text = session.state.history[-1].narrative
    assert "use Second Wind" in text


def test_short_lines_in_another_language_are_said_to_be_so() -> None:
    assert read({**INN, "met": ["berta"]}, "mira", "Danke, Berta!")[0].kind == "foreign"
    assert read({**INN, "met": ["berta"]}, "mira", "thanks berta")[0].kind == "talk"


def test_a_name_called_and_news_told_are_words_to_the_one_here() -> None:
    chapel = {"campaign": "drowned_bell", "scene": "chapel", "defeated": ["strand_thralls"],
              "flags": {"knows_truth": True, "corin_saved": True}}  # fmt: skip
    for line in ("Maelis? Sister Maelis?", "wendel is alive. he's old now. he's sorry"):
        said = read(chapel, "cass", line)[0]
        assert (said.kind, said.targets) == ("talk", ("maelis",)), line
    strand = {"campaign": "drowned_bell", "scene": "strand", "defeated": ["strand_thralls"]}
    for line in ("Gandalf heals us", "Poseidon parts the sea"):
        assert read(strand, "ione", line)[0].kind == "refuse", line


def test_a_step_not_taken_is_no_step_and_a_mace_brought_down_is_a_blow() -> None:
    warden = {**WARDEN, "dead": []}
    for line in ("he doesn't step back", "we don't go back"):
        assert read(warden, "cass", line)[0].kind not in ("move", "manoeuvre"), line
    line = (
        "Cass is bleeding from a gash above his eye but he doesn't step back. He raises his "
        "mace, says Maelis's name as if he's apologising, and brings it down."
    )
    said = read(warden, "cass", line)[0]
    assert (said.kind, said.targets) == ("attack", ("the-grey-sister",))
