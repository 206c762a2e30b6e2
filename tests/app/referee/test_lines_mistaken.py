"""Lines the referee once took for a deed nobody asked for: a look at a feature that shares
a challenge's name, a question asked after its case, words in quotes, the back of a thing,
a spell's own blow, a clause whose subject is somebody else; and the lines that name a
target by how it looks, ask two things of one sheet, or speak to a friend another player
plays."""

from __future__ import annotations

import json

import pytest

from app.session import declaring
from app.session.setup import session_for
from app.understanding import understand
from app.understanding.intent import Intent
from tests.app.referee_lines import play
from tests.referee_corpus import Situation, build_situation

INN = {"campaign": "crossroads", "scene": "inn"}
ROAD = {"campaign": "crossroads", "scene": "old_road"}
CELLAR = {"campaign": "crossroads", "scene": "cellar", "flags": {"trapdoor_open": True},
          "defeated": ["cellar_rats"]}  # fmt: skip
HALL = {"campaign": "crossroads", "scene": "chief_hall",
        "defeated": ["cellar_rats", "tunnel_guards"],
        "flags": {"trapdoor_open": True, "tam_found": True}}  # fmt: skip
GUARDS = {"campaign": "crossroads", "scene": "warren", "defeated": ["cellar_rats"],
          "flags": {"trapdoor_open": True, "tam_found": True}, "fight": "tunnel_guards",
          "turn": "mira", "wounds": {"goblin-1": 3}}  # fmt: skip
THRALLS = {"campaign": "drowned_bell", "scene": "strand", "fight": "strand_thralls",
           "turn": "cass"}  # fmt: skip
LIGHTHOUSE = {"campaign": "drowned_bell", "scene": "lighthouse"}
HARBOUR = {"campaign": "drowned_bell", "scene": "harbour"}
HARBOUR_HOT = {"campaign": "drowned_bell", "scene": "harbour",
               "players": {"Dee": ["ione", "cass"], "Fay": ["wren"]}}  # fmt: skip


def read(spec: dict[str, object], actor: str, text: str) -> list[Intent]:
    """The line's clauses, in order."""
    state = build_situation(Situation.model_validate(spec))
    said = understand(text, actor, state, state.campaign)
    return [said, *said.then]


@pytest.mark.parametrize("line", ["look at the loose flagstone", "check the loose flagstone"])
def test_a_look_at_a_feature_that_shares_a_challenge_name_is_a_look(line: str) -> None:
    assert [(c.kind, c.target) for c in read(CELLAR, "mira", line)] == [("examine", "flagstone")]
    assert read(CELLAR, "mira", "lift the loose flagstone")[0].kind == "challenge"


@pytest.mark.parametrize(
    "line", ["if Mira picks that lock, what does she roll?", "if I pick the lock what happens"]
)
def test_a_question_after_its_case_is_asked_not_done(line: str) -> None:
    clauses = read(INN, "thorin", line)
    assert [c.kind for c in clauses] == ["question"]
    assert "trapdoor_lock" in clauses[0].targets


async def test_the_roll_a_case_asks_about_is_answered_for_the_one_named() -> None:
    session = session_for(build_situation(Situation.model_validate(INN)))
    referee = await play(session, "thorin", "if Mira picks that lock, what does she roll?")
    assert not referee.made
    told = " ".join(session.state.history[-1].narrative.split())
    assert "Sleight of Hand check, DC 13" in told and "Mira's bonus" in told


def test_a_poker_picked_up_is_no_lock_picked_and_levering_forces() -> None:
    poker = "Thorin picks up the poker from beside the hearth and weighs it in his hand"
    assert read(INN, "thorin", poker)[0].kind != "challenge"
    lever = read(
        INN, "aria", "Aria jams the poker under the hasp and tries to lever the padlock off"
    )
    assert [(c.kind, c.target) for c in lever] == [("challenge", "force_trapdoor")]


def test_quoted_words_in_a_paragraph_are_said_not_done() -> None:
    line = ("Mira steps forward, hands open, and keeps her voice low and polite. 'Great chief, "
            "we're not here to fight, honest. The inn folk just want to sleep at night.' She "
            "pauses. 'What if Berta sent you sausages every month?'")  # fmt: skip
    assert [(c.kind, c.target) for c in read(HALL, "mira", line)] == [("talk", "grubnak")]


@pytest.mark.parametrize("line", ["search the back room", "walk along the back wall"])
def test_the_back_of_a_thing_is_no_way_back(line: str) -> None:
    assert read(ROAD, "mira", line)[0].kind != "move"
    assert read(ROAD, "mira", "go back")[0].kind == "move"


def test_following_prints_along_the_back_wall_is_tracking() -> None:
    line = "I trail the prints along the back wall to see where they end up"
    clauses = read(ROAD, "mira", line)
    assert [(c.kind, c.action) for c in clauses] == [("improvise", "survival")]


def test_coming_back_down_to_talk_is_no_way_out() -> None:
    line = "Cass lights the great lamp, then comes back down and asks Wendel about the bell"
    clauses = read(LIGHTHOUSE, "cass", line)
    assert [(c.kind, c.target) for c in clauses] == [
        ("challenge", "light_lamp"),
        ("talk", "wendel"),
    ]


async def test_nobody_gets_hurt_is_nobody_s_deed() -> None:
    session = session_for(build_situation(Situation.model_validate(GUARDS)))
    referee = await play(session, "mira", "drop your weapons and nobody gets hurt!")
    assert "attack" not in [c.name for c in referee.made]
    assert referee.intents[0].kind == "improvise"


def test_a_spell_s_own_blow_is_the_spell_s() -> None:
    clauses = read(THRALLS, "cass", "spiritual weapon, and have it smack thrall 1")
    assert [(c.kind, c.spell, c.target) for c in clauses] == [
        ("cast", "spiritual_weapon", "drowned-thrall-1")
    ]


def test_targets_by_how_they_look() -> None:
    untouched = read(GUARDS, "mira", "Mira darts in and stabs the one nobody has touched yet")
    assert [(c.kind, c.target) for c in untouched] == [("attack", "goblin-2")]
    down = {**THRALLS, "turn": "wren", "conditions": {"drowned-thrall-2": ["prone"]}}
    clauses = read(down, "wren", "healing word on Ione and then poke the one on the ground")
    assert [(c.kind, c.target) for c in clauses] == [
        ("cast", "ione"),
        ("attack", "drowned-thrall-2"),
    ]


def test_a_poke_at_the_dead_is_a_look() -> None:
    rats = {"campaign": "crossroads", "scene": "cellar", "flags": {"trapdoor_open": True},
            "fight": "cellar_rats", "turn": "aria", "dead": ["giant-rat-1"]}  # fmt: skip
    clauses = read(rats, "aria", "poke the dead one to make sure it's dead")
    assert [(c.kind, c.target) for c in clauses] == [("examine", "giant-rat-1")]


async def test_two_questions_of_one_sheet_are_both_answered() -> None:
    session = session_for(build_situation(Situation.model_validate(INN)))
    await play(session, "aria", "how many hp does Thorin have, and what's his AC?")
    told = " ".join(session.state.history[-1].narrative.split())
    assert "Thorin has 31 of 31 hit points" in told and "Thorin has AC 19" in told
    session = session_for(build_situation(Situation.model_validate(HARBOUR)))
    await play(session, "ione", "What's Cass's AC, and what's mine?")
    told = " ".join(session.state.history[-1].narrative.split())
    assert "Brother Cass has AC 18" in told and "Ione has AC 15" in told


async def test_words_to_a_friend_another_player_plays_are_said_not_refused() -> None:
    state = build_situation(Situation.model_validate(HARBOUR_HOT))
    said = understand("Wren, can you charm her or something?", "ione", state, state.campaign)
    assert (said.kind, said.then) == ("ask", ())
    assert said.note.startswith("Wren hears you: Fay plays Wren")
    session = session_for(state)
    state.turn_order.active = "Dee"
    reply, who = declaring.declare(session, "who's playing Wren?", "ione")
    assert reply.aside and who is None and reply.text == "Fay plays Wren."


@pytest.mark.parametrize("line", ["can we save here", "how do I save"])
def test_saving_is_answered_by_the_table(line: str) -> None:
    session = session_for(build_situation(Situation.model_validate(INN)))
    _, who = declaring.declare(session, line, "mira")
    assert who == "mira"
    assert read(INN, "mira", line)[0].kind == "help"


def test_a_forced_way_in_is_chosen_by_words_of_force() -> None:
    calls = read(INN, "thorin", "try to force it")
    assert [(c.kind, c.target) for c in calls] == [("challenge", "force_trapdoor")]
    assert json.dumps([c.target for c in read(INN, "thorin", "pick it")]) == '["trapdoor_lock"]'


BELFRY = {"campaign": "drowned_bell", "scene": "belfry", "defeated": ["strand_thralls"],
          "flags": {"corin_saved": True, "knows_truth": True, "warden_calmed": True}}  # fmt: skip


@pytest.mark.parametrize(
    ("spec", "actor", "line", "challenge"),
    [
        (BELFRY, "ione", "I hold the locket tight in one hand and haul on the bell with the other",
         "toll_bell"),
        (INN, "thorin", "Thorin puts his shoulder under the edge of the trapdoor and heaves",
         "force_trapdoor"),
    ],
)  # fmt: skip
def test_other_words_for_a_challenge_s_verb_attempt_it(
    spec: dict[str, object], actor: str, line: str, challenge: str
) -> None:
    assert [(c.kind, c.target) for c in read(spec, actor, line)] == [("challenge", challenge)]


def test_a_thing_taken_can_be_given_in_the_same_line() -> None:
    chapel = {"campaign": "hollow_ford", "scene": "chapel"}
    clauses = read(chapel, "sela", "grab the salve and give it to Bram")
    assert [(c.kind, c.item) for c in clauses] == [
        ("take", "yarrow_salve"),
        ("give", "yarrow_salve"),
    ]
    assert clauses[1].target == "bram" and not clauses[1].note


def test_a_paragraph_is_about_the_challenge_its_story_sets_up() -> None:
    after = {"campaign": "hollow_ford", "scene": "woods", "defeated": ["woods_wolves"]}
    line = (
        "Enough praying at it. Bram hands his torch to Sela, spits on both palms, and sets "
        "his shoulder against the edge of the grey stone door. He digs his boots into the "
        "mud and pushes, and keeps pushing, until either the door moves or he does."
    )
    assert [(c.kind, c.target) for c in read(after, "bram", line)] == [("challenge", "heave_door")]


def test_one_go_at_a_challenge_told_in_two_clauses_is_one_attempt() -> None:
    line = "Aria jams the poker under the hasp and tries to lever the padlock off"
    assert len(read(INN, "aria", line)) == 1


BAND = {"campaign": "crossroads", "scene": "chief_hall", "defeated": ["cellar_rats"],
        "flags": {"trapdoor_open": True, "tam_found": True, "guards_passed": True},
        "fight": "grubnak_band", "turn": "mira"}  # fmt: skip
RATS = {"campaign": "crossroads", "scene": "cellar", "flags": {"trapdoor_open": True},
        "fight": "cellar_rats", "turn": "mira"}  # fmt: skip


@pytest.mark.parametrize(
    "line", ["shoot the goblin boss", "stab the one w the saucepan on his head"]
)
def test_the_boss_is_known_by_his_longer_name_and_his_helmet(line: str) -> None:
    assert [(c.kind, c.target) for c in read(BAND, "mira", line)] == [("attack", "grubnak")]
    assert read(BAND, "mira", "shoot goblin 2")[0].target == "goblin-2"


async def test_a_foe_distracted_so_a_friend_can_strike_is_the_help_action() -> None:
    session = session_for(build_situation(Situation.model_validate(RATS)))
    referee = await play(session, "mira", "I distract rat 1 so Thorin can get a clean hit in")
    helped = [json.loads(c.arguments) for c in referee.made if c.name == "take_action"]
    assert helped == [{"creature_id": "mira", "action": "help", "target_id": "thorin"}]
    assert "attack" not in [c.name for c in referee.made]


async def test_foes_told_to_drop_their_blades_are_cowed_not_chatted_to() -> None:
    guards = {**GUARDS, "turn": "thorin"}
    session = session_for(build_situation(Situation.model_validate(guards)))
    referee = await play(
        session, "thorin", "yell at them to drop their blades and then hit goblin 2"
    )
    checks = [json.loads(c.arguments) for c in referee.made if c.name == "request_ability_check"]
    assert [c["skill"] for c in checks] == ["intimidation"]
    # the demand, rolled, is the turn's action: the blow is said to wait, not struck
    assert not [c for c in referee.made if c.name == "attack"]
    assert "will have to wait" in session.state.history[-1].narrative


def test_climbing_up_to_a_room_is_no_roll_and_lighting_the_lamp_is_the_challenge() -> None:
    look = read(LIGHTHOUSE, "cass", "climb up to the lamp room and have a look")
    assert [(c.kind, c.action) for c in look][:1] == [("improvise", "auto")]
    assert all(c.kind != "challenge" for c in look)
    lit = read(LIGHTHOUSE, "wren", "I climb up to the lantern room and get that light going again")
    assert [(c.kind, c.target) for c in lit][-1] == ("challenge", "light_lamp")


WARREN = {"campaign": "crossroads", "scene": "warren", "defeated": ["cellar_rats"],
          "flags": {"trapdoor_open": True, "tam_found": True}}  # fmt: skip


def test_a_boot_put_to_the_trapdoor_forces_it_though_the_lock_is_looked_at() -> None:
    line = (
        "Thorin stomps over to the trapdoor, looks at the lock for half a second, then "
        "puts his boot into it as hard as he can. If it doesn't give he'll try again."
    )
    assert [(c.kind, c.target) for c in read(INN, "thorin", line)] == [
        ("challenge", "force_trapdoor")
    ]


def test_sneaking_up_on_someone_is_no_way_past_them() -> None:
    line = "Mira creeps up behind them and pinches their dice while they're busy arguing"
    assert all(c.kind != "challenge" for c in read(WARREN, "mira", line))
    assert read(WARREN, "mira", "sneak past them")[0].kind == "challenge"


def test_a_blade_slipped_from_a_sleeper_s_hand_is_sleight_of_hand() -> None:
    asleep = {**GUARDS, "conditions": {"goblin-2": ["unconscious"]}}
    clauses = read(asleep, "mira", "slip the scimitar out of the sleeping goblin's hand")
    assert [(c.kind, c.action, c.target) for c in clauses] == [
        ("improvise", "sleight_of_hand", "goblin-2")
    ]


def test_a_nasty_shanty_from_a_bard_is_vicious_mockery() -> None:
    wren = {**THRALLS, "turn": "wren"}
    line = "Wren sings the last thrall a nasty little sea shanty about how it smells"
    assert read(wren, "wren", line)[0].spell == "vicious_mockery"


async def test_one_told_to_wake_up_and_fight_is_told_and_nobody_strikes() -> None:
    ione = {**THRALLS, "turn": "ione"}
    session = session_for(build_situation(Situation.model_validate(ione)))
    referee = await play(session, "ione", "I yell at the young man to wake up and fight them!")
    assert "attack" not in [c.name for c in referee.made]
    clauses = read(ione, "ione", "tell Corin to run and then shoot thrall 1")
    assert [c.kind for c in clauses] == ["talk", "attack"]


def test_goblins_jumped_while_their_backs_are_turned_are_attacked() -> None:
    clauses = read(WARREN, "mira", "jump the two goblins while their backs are turned")
    assert [c.kind for c in clauses] == ["attack"]


async def test_a_slip_at_the_keyboard_is_for_the_table() -> None:
    session = session_for(build_situation(Situation.model_validate(INN)))
    referee = await play(session, "mira", "sorry my cat walked on the keyboard")
    assert not referee.made
    told = " ".join(session.state.history[-1].narrative.split())
    assert told.startswith("No harm done: nothing happened in the story.")
    fixed = read(INN, "mira", "oops typo, I meant pick the lock")
    assert [(c.kind, c.target) for c in fixed] == [("challenge", "trapdoor_lock")]


def test_a_question_about_someone_s_kin_goes_to_the_one_who_has_them() -> None:
    yard = {"campaign": "hollow_ford", "scene": "mill_yard"}
    clauses = read(yard, "bram", "What's your daughter's name?")
    assert [(c.kind, c.target, c.topic) for c in clauses] == [("talk", "odile", "daughter")]


@pytest.mark.parametrize(
    ("line", "said"),
    [
        ("whats my AC and HP", ["Mira has AC 14", "Mira has 21 of 21 hit points"]),
        ("hp and AC?", ["Mira has 21 of 21 hit points", "Mira has AC 14"]),
        ("How much does a healing potion heal?", ["2d4+2 hit points", "takes an action"]),
        ("how long does sleep last", ["lasting 1 minute"]),
        ("what's in Thorin's pack", ["Thorin carries"]),
    ],
)
async def test_questions_the_game_can_answer_are_answered(line: str, said: list[str]) -> None:
    session = session_for(build_situation(Situation.model_validate(INN)))
    await play(session, "mira", line)
    told = " ".join(session.state.history[-1].narrative.split())
    assert all(s in told for s in said), told


async def test_how_far_a_bow_shoots_is_its_range_not_a_walk() -> None:
    session = session_for(build_situation(Situation.model_validate(HARBOUR)))
    await play(session, "ione", "what's my AC and how far can my bow shoot?")
    told = " ".join(session.state.history[-1].narrative.split())
    assert "Ione has AC 15" in told and "range 150/600 ft" in told and "speed" not in told


def test_what_a_challenge_turns_up_is_taken_after_it() -> None:
    found = {**CELLAR, "flags": {"trapdoor_open": True, "tam_found": True}}
    clauses = read(found, "mira", "lift the flagstone and take whatever's under it")
    assert [(c.kind, c.target) for c in clauses] == [
        ("challenge", "flagstone"),
        ("take", "silver_key"),
    ]


def test_a_locket_picked_up_and_opened_is_looked_inside() -> None:
    cave = {"campaign": "drowned_bell", "scene": "sea_cave", "defeated": ["strand_thralls"]}
    clauses = read(cave, "cass", "pick up the locket and open it")
    assert [(c.kind, c.target) for c in clauses] == [
        ("take", "maelis_locket"),
        ("examine", "maelis_locket"),
    ]


def test_running_after_a_spell_is_backing_off_not_the_dash() -> None:
    clauses = read({**THRALLS, "turn": "wren"}, "wren", "wren heals cass then runs")
    assert [(c.kind, c.action) for c in clauses][1:] == [("manoeuvre", "withdraw")]


CHAPEL = {"campaign": "drowned_bell", "scene": "chapel", "defeated": ["strand_thralls"],
          "flags": {"corin_saved": True, "knows_truth": True}}  # fmt: skip


def test_a_prayer_told_beside_words_said_is_the_prayer() -> None:
    line = ("Brother Cass sets his mace down and takes out his prayer book. 'Sister Maelis, I "
            "serve the same gods you served.' He kneels on the wet flagstones. 'Let me pray "
            "with you.' And he begins the old prayer for the drowned.")  # fmt: skip
    assert [(c.kind, c.target) for c in read(CHAPEL, "cass", line)] == [
        ("challenge", "hush_warden")
    ]
    guided = read({"campaign": "hollow_ford", "scene": "woods"}, "sela",
                  "Sela puts a hand on Bram and murmurs a guidance prayer")  # fmt: skip
    assert guided[0].spell == "guidance"


INN_HOT = {**INN, "players": {"Ana": ["mira"], "Ben": ["thorin", "aria"]}}


@pytest.mark.parametrize(
    ("line", "said"),
    [
        ("Thorin: bonjour madame! qu'est-ce qui se passe ici?", "reads like French"),
        ("Thorin: inventory", "Thorin carries"),
        ("Thorin: the trapdoor", "Did you mean to"),
    ],
)
def test_a_line_that_plays_nothing_at_a_shared_table_spends_no_round(line: str, said: str) -> None:
    state = build_situation(Situation.model_validate(INN_HOT))
    session = session_for(state)
    state.turn_order.active = "Ben"
    reply, who = declaring.declare(session, line, "thorin")
    assert reply.aside and who is None and said in reply.text
    assert not session.pending and state.turn_order.active == "Ben"


def test_a_choice_offered_at_a_shared_table_is_taken_when_named() -> None:
    state = build_situation(Situation.model_validate(INN_HOT))
    session = session_for(state)
    state.turn_order.active = "Ben"
    declaring.declare(session, "Thorin: the trapdoor", "thorin")
    reply, who = declaring.declare(session, "Thorin: force the trapdoor", "thorin")
    assert who == "thorin" and not reply.aside


def test_a_deed_only_asked_about_is_not_done() -> None:
    clauses = read(
        BELFRY, "ione", "ok ione climbs up. what can i do with the bell? can i cut it down?"
    )
    assert all(c.kind != "challenge" for c in clauses)
    assert clauses[-1].kind == "question" and "cut_bell" in clauses[-1].targets


def test_action_surge_strikes_each_foe_named() -> None:
    rats = {**RATS, "turn": "thorin"}
    clauses = read(rats, "thorin", "action surge and hit rat 1 and rat 3")
    assert [(c.kind, c.target) for c in clauses] == [
        ("feature", None),
        ("attack", "giant-rat-1"),
        ("attack", "giant-rat-3"),
    ]


def test_help_shows_this_campaign_s_own_people_and_ways() -> None:
    from app.referee.answers import help_text

    state = build_situation(Situation.model_validate(BELFRY))
    said = help_text(state, state.campaign, "ione")
    assert "Berta" not in said and "trapdoor" not in said and "Thorin" not in said
    assert "'ring the bell'" in said and "look at the bell" in said


async def test_who_am_i_playing_names_the_sheet_not_a_friend_with_a_like_name() -> None:
    session = session_for(build_situation(Situation.model_validate(HARBOUR)))
    await play(session, "ione", "who am i playing? whats my class")
    told = " ".join(session.state.history[-1].narrative.split())
    assert told == "Ione is a level 3 half-elf ranger."


def test_laughter_at_the_table_is_heard_by_nobody_in_the_story() -> None:
    from app.world.sensitivity import build

    campaign = build_situation(Situation.model_validate(BAND)).campaign
    assert campaign is not None
    hall = build(campaign, "chief_hall", ["grubnak"])
    assert hall.heard("lol", "grubnak", ["grubnak"]) == []
    assert hall.heard("you call that a helmet? haha", "grubnak", ["grubnak"])


def test_the_lad_carried_up_the_stairs_takes_the_party_up() -> None:
    cellar = {**CELLAR, "flags": {"trapdoor_open": True, "tam_found": True}}
    clauses = read(cellar, "thorin", "i carry the lad up the stairs to his mum")
    assert [(c.kind, c.target) for c in clauses] == [("move", "inn")]


def test_a_loading_weapon_s_own_record_is_no_news_when_it_ends() -> None:
    from app.actions.effect_rules import UNTOLD

    assert "loaded_shot" in UNTOLD
    from app.actions.combat_tools import LOADED

    assert LOADED in UNTOLD


async def test_a_gift_goes_to_the_one_whose_words_earned_it() -> None:
    state = build_situation(Situation.model_validate({**INN, "met": ["berta"]}))
    session = session_for(state)
    line = "Don't worry Berta, we'll bring your boy home safe, I swear it on my beard"
    await play(session, "thorin", line)
    assert state.party["thorin"].inventory.count("healing potion") == 2
    assert "healing potion" not in state.party["mira"].inventory


def test_a_way_named_after_up_or_down_is_taken() -> None:
    clauses = read(HARBOUR, "ione", "up the headland path to the lighthouse")
    assert [(c.kind, c.target) for c in clauses] == [("move", "lighthouse")]


async def test_what_happened_to_a_place_is_asked_of_the_one_who_knows() -> None:
    session = session_for(build_situation(Situation.model_validate(LIGHTHOUSE)))
    await play(session, "wren", "what happened to the chapel?")
    told = " ".join(session.state.history[-1].narrative.split())
    assert "Last turn" not in told and "The sea took it" in told


def test_a_person_asked_about_is_not_the_one_asked() -> None:
    met = {"campaign": "drowned_bell", "scene": "harbour", "met": ["nessa"]}
    clauses = read(met, "cass", "i ask who wendel is")
    assert [(c.kind, c.target) for c in clauses] == [("talk", "nessa")]
