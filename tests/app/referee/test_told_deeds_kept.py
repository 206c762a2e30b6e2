"""Lines whose deed was taken for another, or done when it could not be: a task left to
others read as leaving, a winning throw read as a blow, a grate lit as the lighthouse
lamp, a spell the caster does not know cast all the same, the foes in view left alone
because nobody named them by their kind."""

from __future__ import annotations

from app.session.setup import session_for
from tests.app.referee_lines import play, read, told
from tests.referee_corpus import Situation, build_situation

LIGHTHOUSE = {"campaign": "drowned_bell", "scene": "lighthouse"}
STRAND = {"campaign": "drowned_bell", "scene": "strand"}
WARREN = {"campaign": "crossroads", "scene": "warren", "defeated": ["cellar_rats"],
          "flags": {"trapdoor_open": True, "tam_found": True}}  # fmt: skip
WOODS = {"campaign": "hollow_ford", "scene": "woods", "defeated": ["woods_wolves"]}


def test_a_task_left_to_others_is_no_leaving() -> None:
    line = ("Ione leaves the talking to the others. She wanders the keeper's room, running a "
            "finger along the dusty spines, and stops at the desk where a thick logbook lies "
            "open. She reads.")  # fmt: skip
    said = read(LIGHTHOUSE, "ione", line)
    assert all(s.kind != "move" for s in said)
    assert (said[0].kind, said[0].target) == ("examine", "logbook")
    assert read(LIGHTHOUSE, "ione", "I leave the lighthouse")[0].kind == "move"
    assert read(LIGHTHOUSE, "ione", "I leave Wendel his book")[0].kind != "move"


def test_a_throw_of_the_dice_and_counted_beats_are_no_blows() -> None:
    line = ("Mira watches the goblins roll, counts the beats between their shouts, and when "
            "the bigger one crows over a winning throw she slips along the far wall toward "
            "the hide curtain.")  # fmt: skip
    said = read(WARREN, "mira", line)
    assert all(s.kind != "attack" for s in said)
    assert (said[0].kind, said[0].target) == ("challenge", "sneak_past")


def test_lighting_something_else_is_not_the_lamp_challenge() -> None:
    said = read(LIGHTHOUSE, "ione", "I light the cold grate so he warms up")[0]
    assert said.kind == "improvise"
    assert read(LIGHTHOUSE, "ione", "get that light going")[0].target == "light_lamp"


def test_a_shot_at_the_foes_in_view_opens_their_fight_by_any_name() -> None:
    line = "Ione nocks an arrow, draws, and lets fly at the grey thing holding the boy's arm"
    said = read(STRAND, "ione", line)[0]
    assert (said.kind, said.targets) == ("attack", ("strand_thralls",))
    chapel = {"campaign": "drowned_bell", "scene": "chapel"}
    assert read(chapel, "cass", "*whispers* guys is she gonna attack us")[0].targets == ()


def test_a_quiet_prayer_or_a_tune_for_nobody_is_told_with_no_roll() -> None:
    inn = {"campaign": "crossroads", "scene": "inn"}
    said = read(inn, "thorin", "I pray to Moradin for strength.")[0]
    assert (said.kind, said.action) == ("improvise", "auto")
    road = {"campaign": "crossroads", "scene": "old_road"}
    said = read(road, "thorin", "I say a prayer for the lost")[0]
    assert (said.kind, said.action) == ("improvise", "auto")
    chapel = {"campaign": "drowned_bell", "scene": "chapel"}
    assert read(chapel, "cass", "I pray for her")[0].target == "hush_warden"


def test_a_spell_told_by_its_spreading_shape() -> None:
    rats = {"campaign": "crossroads", "scene": "cellar", "fight": "cellar_rats",
            "turn": "aria"}  # fmt: skip
    line = "a fan of flame sweeps out from her fingers across the rats"
    assert read(rats, "aria", line)[0].spell == "burning_hands"
    line = "a mote of flame leaps from her hand toward the second rat"
    assert read(rats, "aria", line)[0].spell == "fire_bolt"


def test_the_one_not_hurt_of_two_unhurt_is_asked() -> None:
    rats = {"campaign": "crossroads", "scene": "cellar", "fight": "cellar_rats",
            "turn": "aria", "dead": ["giant-rat-1"]}  # fmt: skip
    assert read(rats, "aria", "frost the one that isn't hurt")[0].kind == "ask"
    rats["wounds"] = {"giant-rat-2": 3}
    said = read(rats, "aria", "frost the one that isn't hurt")[0]
    assert (said.kind, said.targets) == ("cast", ("giant-rat-3",))


def test_a_hyphenated_stranger_does_not_act() -> None:
    skeletons = {"campaign": "hollow_ford", "scene": "barrow", "fight": "barrow_dead",
                 "turn": "bram"}  # fmt: skip
    assert read(skeletons, "bram", "Ruck-Ruck smashes the skeletons")[0].kind == "refuse"


async def test_a_spell_not_known_is_said_with_who_knows_it_and_what_leaned_on_it_waits() -> None:
    said = read(WOODS, "ivo", "Guidance on me before I read the rune")
    assert (said[0].kind, said[0].action) == ("ask", "unable")
    session = session_for(build_situation(Situation.model_validate(WOODS)))
    referee = await play(session, "ivo", "Guidance on me before I read the rune")
    assert not [c for c in referee.made if c.name == "attempt_challenge"]
    story = session.state.history[-1].narrative
    assert "Ivo does not know Guidance (Sela does)" in story


async def test_a_spell_its_foes_shrug_off_opens_no_fight() -> None:
    story = await told(STRAND, "wren", "sleep on the grey guys")
    assert "undead" in story and "Roll for initiative" not in story


def test_a_feature_not_had_is_said_not_tried() -> None:
    thralls = {"campaign": "drowned_bell", "scene": "strand", "fight": "strand_thralls",
               "turn": "ione"}  # fmt: skip
    said = read(thralls, "ione", "Second wind")[0]
    assert (said.kind, said.action) == ("ask", "unable")
    assert "Ione has no Second Wind" in said.note


def test_thanks_to_someone_first_then_a_going() -> None:
    inn = {"campaign": "crossroads", "scene": "inn", "flags": {"trapdoor_open": True}}
    said = read(inn, "aria", "Thank Berta, then go down.")
    assert [(s.kind, s.target) for s in said] == [("talk", "berta"), ("move", "cellar")]


def test_a_blow_with_the_casters_own_mace_follows_the_spiritual_weapon() -> None:
    warden = {"campaign": "drowned_bell", "scene": "chapel", "fight": "warden", "turn": "cass"}
    said = read(warden, "cass", "Spiritual weapon, then hit her with the mace")
    assert [s.kind for s in said] == ["cast", "attack"]
    assert [s.kind for s in read(warden, "cass", "spiritual weapon and smack her with it")] == [
        "cast"
    ]


def test_a_person_called_by_what_she_is_or_asked_of_her_kin() -> None:
    mill = {"campaign": "hollow_ford", "scene": "mill_yard"}
    said = read(mill, "sela", "Missus, what's the girl look like?")[0]
    assert (said.kind, said.target) == ("talk", "odile")
    harbour = {"campaign": "drowned_bell", "scene": "harbour"}
    said = read(harbour, "cass", "Tell me of your brother, child.")[0]
    assert (said.kind, said.target, said.topic) == ("talk", "nessa", "brother")


async def test_hit_points_asked_in_three_words_are_the_askers() -> None:
    harbour = {"campaign": "drowned_bell", "scene": "harbour"}
    assert "Brother Cass has 24 of 24 hit points" in await told(harbour, "cass", "how many hp")


async def test_a_place_named_in_a_question_of_who_is_no_missing_thing() -> None:
    hall = {"campaign": "crossroads", "scene": "chief_hall"}
    story = await told(hall, "mira", "Who rules the goblins in the north woods?")
    assert "There is no north" not in story


def test_hands_laid_on_a_friends_wound_with_light_is_the_healing_of_touch() -> None:
    wolves = {"campaign": "hollow_ford", "scene": "woods", "fight": "woods_wolves",
              "turn": "sela", "wounds": {"bram": 6}}  # fmt: skip
    line = ("Sela ducks a snapping jaw, presses her palm flat against Bram's bleeding shoulder, "
            "and the warm gold light of the Morninglord pours out of her hand and into the "
            "wound.")  # fmt: skip
    said = read(wolves, "sela", line)[0]
    assert (said.kind, said.spell, said.targets) == ("cast", "cure_wounds", ("bram",))


def test_the_words_of_turning_with_the_sun_disc_raised_turn_the_dead() -> None:
    skeletons = {"campaign": "hollow_ford", "scene": "barrow", "fight": "barrow_dead",
                 "turn": "sela"}  # fmt: skip
    line = ("Sela sees the bones lurch upright on their shelves. She raises the sun-disc of "
            "her god over her head and cries out the words of turning.")  # fmt: skip
    said = read(skeletons, "sela", line)[0]
    assert (said.kind, said.action) == ("feature", "turn_undead")


def test_a_blow_after_quoted_words_with_an_apostrophe_is_at_the_foe_singled_out() -> None:
    guards = {"campaign": "crossroads", "scene": "warren", "fight": "tunnel_guards",
              "turn": "mira", "wounds": {"goblin-1": 5}}  # fmt: skip
    line = ("Mira flips her dagger, grins at the goblin with the bloody arm, and says in her "
            "sweetest voice, 'You're next, sweetheart,' before she lunges.")  # fmt: skip
    said = read(guards, "mira", line)[0]
    assert (said.kind, said.targets) == ("attack", ("goblin-1",))


def test_someone_sent_off_goes_alone() -> None:
    cellar = {"campaign": "crossroads", "scene": "cellar", "defeated": ["cellar_rats"],
              "flags": {"trapdoor_open": True, "tam_found": True}}  # fmt: skip
    line = "Thorin: go on lad, get upstairs to Berta, we'll handle the rest"
    said = read(cellar, "thorin", line)
    assert all(s.kind != "move" for s in said)


def test_a_going_shouted_to_the_one_called_is_theirs_and_a_starred_deed_is_done() -> None:
    strand = {"campaign": "drowned_bell", "scene": "strand", "fight": "strand_thralls",
              "turn": "cass"}  # fmt: skip
    said = read(
        strand, "cass", "Corin! get up the steps, now! *then I swing my mace at the thrall*"
    )
    assert [s.kind for s in said] == ["talk", "attack"]


def test_a_warning_to_a_friend_is_said_and_the_deed_after_it_done() -> None:
    guards = {"campaign": "crossroads", "scene": "warren", "fight": "tunnel_guards",
              "turn": "mira"}  # fmt: skip
    said = read(guards, "mira", "dont kill him thorin! I tie up the goblin with my rope")
    assert all("thorin" not in s.targets for s in said)
    assert said[-1].kind == "improvise"


def test_an_open_curtain_shoved_aside_is_gone_through() -> None:
    warren = {"campaign": "crossroads", "scene": "warren",
              "defeated": ["cellar_rats", "tunnel_guards"],
              "flags": {"trapdoor_open": True, "guards_passed": True}}  # fmt: skip
    said = read(warren, "thorin", "Thorin: I shove the curtain aside and step in, shield up")
    assert (said[0].kind, said[0].target) == ("move", "chief_hall")
    said = read(warren, "thorin", "I roll a rock down the tunnel to distract them")
    assert said[0].kind != "move"


async def test_a_knock_out_crept_up_on_foes_in_view_opens_their_fight() -> None:
    story = await told(WARREN, "mira", "I creep up behind the nearer goblin and knock him out "
                                       "with the pommel of my rapier")  # fmt: skip
    assert "Roll for initiative" in story and "knocks him out" not in story


async def test_sleep_with_only_the_dead_about_spends_no_slot() -> None:
    thralls = {"campaign": "drowned_bell", "scene": "strand", "fight": "strand_thralls",
               "turn": "wren"}  # fmt: skip
    story = await told(thralls, "wren", "put it to sleep")
    assert "undead" in story and "Wren casts Sleep" not in story


def test_a_deed_handed_to_another_of_the_party_is_theirs() -> None:
    said = read(WOODS, "ivo", "Sela's better at this. She lays a hand on the rune and prays")[0]
    assert (said.kind, said.character) == ("challenge", "sela")


async def test_a_way_of_the_place_gone_to_is_read_there() -> None:
    lighthouse = {"campaign": "drowned_bell", "scene": "lighthouse", "met": ["wendel", "nessa"]}
    story = await told(lighthouse, "ione", "back down to the harbour then take the shore steps")
    assert "nothing like that here" not in story


def test_a_turning_cried_and_named_is_one_turning() -> None:
    skeletons = {"campaign": "hollow_ford", "scene": "barrow", "fight": "barrow_dead",
                 "turn": "sela"}  # fmt: skip
    said = read(skeletons, "sela", "By the light, begone! I turn undead")
    assert [s.action for s in said] == ["turn_undead"]


async def test_a_friends_deed_after_ones_own_is_done_by_them_out_of_a_fight() -> None:
    session = session_for(build_situation(Situation.model_validate(WOODS)))
    referee = await play(session, "sela", "Guidance on Ivo, then he reads the rune.")
    tried = [c for c in referee.made if c.name == "attempt_challenge"]
    assert tried and '"character_id": "ivo"' in tried[0].arguments
    door = {**WOODS, "met": ["odile", "hobb"]}
    said = read(door, "sela", "I cast guidance on Bram before he heaves the door")
    assert [s.kind for s in said] == ["cast"]  # (when, not what is done)


def test_at_a_table_of_several_a_friends_deed_is_left_to_their_player() -> None:
    inn = {"campaign": "crossroads", "scene": "inn",
           "players": {"Ana": ["mira"], "Ben": ["thorin", "aria"]}}  # fmt: skip
    said = read(inn, "mira", "Mira asks Berta about the reward, then Thorin drinks his potion")
    assert [s.kind for s in said] == ["talk"]


def test_a_blow_in_stars_after_a_cry_in_a_fight_is_the_deed() -> None:
    rats = {"campaign": "crossroads", "scene": "cellar", "fight": "cellar_rats",
            "turn": "thorin", "flags": {"trapdoor_open": True}}  # fmt: skip
    line = "get off her you overgrown mouse! *swings at the one that bit aria*"
    assert read(rats, "thorin", line)[0].kind == "attack"
    wolves = {"campaign": "hollow_ford", "scene": "woods", "fight": "woods_wolves",
              "turn": "ivo"}  # fmt: skip
    said = read(wolves, "ivo", "Give Bram inspiration and then thunderwave")
    assert [(s.kind, s.action or s.spell) for s in said] == [
        ("feature", "bardic_inspiration"),
        ("cast", "thunderwave"),
    ]


def test_the_other_one_with_one_foe_left_is_the_next_blow() -> None:
    wolves = {"campaign": "hollow_ford", "scene": "woods", "fight": "woods_wolves",
              "turn": "bram", "dead": ["wolf-1"]}  # fmt: skip
    for line in ("now the other one", "now wolf 2"):
        said = read(wolves, "bram", line)[0]
        assert (said.kind, said.targets) == ("attack", ("wolf-2",)), line


async def test_words_called_to_someone_of_the_story_are_told_as_said_to_them() -> None:
    thralls = {"campaign": "drowned_bell", "scene": "strand", "fight": "strand_thralls",
               "turn": "cass"}  # fmt: skip
    for line in ("I yell at Corin to get clear", "Corin! run!"):
        story = await told(thralls, "cass", line)
        assert "calls out to Corin" in story and "breaks into a run" not in story, line


async def test_help_with_the_lock_is_help_at_what_the_ally_is_best_at() -> None:
    inn = {"campaign": "crossroads", "scene": "inn", "met": ["berta"]}
    session = session_for(build_situation(Situation.model_validate(inn)))
    referee = await play(session, "thorin", "Thorin: help mira with the lock")
    tried = [c.arguments for c in referee.made if c.name == "attempt_challenge"]
    assert tried and '"trapdoor_lock"' in tried[0] and '"helper_id": "thorin"' in tried[0]


async def test_asked_if_someone_else_is_ok_is_no_answer_of_ones_own_health() -> None:
    strand = {"campaign": "drowned_bell", "scene": "strand", "defeated": ["strand_thralls"],
              "flags": {"corin_saved": True}}  # fmt: skip
    assert "hit points" not in await told(strand, "ione", "is corin ok?")
    assert "Ione has 28 of 28 hit points" in await told(strand, "ione", "how many hp")


def test_a_spell_readied_out_of_a_fight_is_a_plan_told() -> None:
    line = "Aria waits in the shadows, ready to cast sleep if things go bad"
    said = read(WARREN, "aria", line)[0]
    assert (said.kind, said.action) == ("improvise", "auto")
    assert read(WARREN, "aria", "sleep the goblins")[0].kind == "cast"


def test_words_in_quotes_to_a_friend_are_theirs_to_take_up() -> None:
    wolves = {"campaign": "hollow_ford", "scene": "woods", "fight": "woods_wolves",
              "turn": "ivo"}  # fmt: skip
    said = read(wolves, "ivo", "Ivo, shaking: 'Sela, should we run for it?'")[0]
    assert said.kind == "ask" and "Sela hears you" in said.note
    warden = {"campaign": "drowned_bell", "scene": "chapel", "fight": "warden", "turn": "ione"}
    line = "Ione yells 'Cass, heal Wren!' and looses another arrow at the faceless thing"
    said = read(warden, "ione", line)
    assert [(s.kind, s.targets) for s in said] == [("attack", ("the-grey-sister",))]


async def test_stopping_a_dying_friends_bleeding_stabilizes_and_a_hand_up_costs_nothing() -> None:
    wolves = {"campaign": "hollow_ford", "scene": "woods", "fight": "woods_wolves",
              "turn": "bram", "wounds": {"ivo": 15}}  # fmt: skip
    said = read(wolves, "bram", "well then bram kneels and tries to stop ivos bleeding")[0]
    assert (said.kind, said.action) == ("manoeuvre", "stabilize")
    said = read(wolves, "bram", "bram hauls ivo to his feet then swings at wolf 2")
    assert [(s.kind, s.action) for s in said] == [("improvise", "auto"), ("attack", None)]


def test_a_thing_of_ones_own_pocketed_is_put_away_with_no_roll() -> None:
    harbour = {"campaign": "drowned_bell", "scene": "harbour",
               "give": {"ione": ["healing potion"]}}  # fmt: skip
    said = read(harbour, "ione", "I pocket the potion")[0]
    assert (said.kind, said.action) == ("improvise", "auto")


def test_a_word_made_from_a_verb_is_no_slip_of_it_and_a_cleric_lays_hands_as_a_healer() -> None:
    inn = {"campaign": "crossroads", "scene": "inn"}
    line = 'Aria leans on the bar. "Evening, Berta. Whats got you so jumpy tonight?"'
    said = read(inn, "aria", line)[0]
    assert (said.kind, said.target) == ("talk", "berta")
    wolves = {"campaign": "hollow_ford", "scene": "woods", "fight": "woods_wolves",
              "turn": "sela", "wounds": {"ivo": 10}}  # fmt: skip
    said = read(wolves, "sela", "Sela rushes to Ivo, lays hands on his wounds and helps him up")[0]
    assert (said.kind, said.spell, said.targets) == ("cast", "cure_wounds", ("ivo",))


def test_of_things_named_alike_a_look_is_at_the_first() -> None:
    mill = {"campaign": "hollow_ford", "scene": "mill_yard"}
    said = read(mill, "sela", "I look at the millstone the old man sits on")[0]
    assert (said.kind, said.target) == ("examine", "millstone")
    said = read(mill, "sela", "look at the old man on the millstone")[0]
    assert (said.kind, said.target) == ("examine", "hobb")


def test_a_deed_of_ones_own_after_a_call_to_someone_is_done() -> None:
    thralls = {"campaign": "drowned_bell", "scene": "strand", "fight": "strand_thralls",
               "turn": "wren"}  # fmt: skip
    line = "Corin! hold on! *I nock an arrow and shoot the nearest grey thing*"
    assert [s.kind for s in read(thralls, "wren", line)] == ["talk", "attack"]
    assert [s.kind for s in read(thralls, "wren", "Corin! Can you hear me? Fight them!")] == [
        "talk"
    ]


def test_the_words_of_a_mockery_are_the_spells_own() -> None:
    thralls = {"campaign": "drowned_bell", "scene": "strand", "fight": "strand_thralls",
               "turn": "wren"}  # fmt: skip
    line = "vicious mockery on the one in front, 'you smell like a tidepool'"
    assert [s.kind for s in read(thralls, "wren", line)] == ["cast"]
