"""What two newcomers' evenings found: foes fleeing are no flight of one's own; "go back
in" is in again; hewing is a blow; a demand told in several breaths is one threat at the
one called; a long paste is skimmed for its blow; hiding before a shot at unaware foes is
no slipping past them; a body hauled out of the surf is a rescue."""

from __future__ import annotations

from app.session.setup import session_for
from tests.app.referee_lines import play, read, told
from tests.referee_corpus import Situation, build_situation

STRAND = {"campaign": "drowned_bell", "scene": "strand", "fight": "strand_thralls"}
BARROW = {"campaign": "hollow_ford", "scene": "barrow", "defeated": ["woods_wolves"],
          "flags": {"barrow_open": True}}  # fmt: skip
HALL = {"campaign": "crossroads", "scene": "chief_hall", "defeated": ["cellar_rats"],
        "fight": "grubnak_band", "dead": ["goblin-1", "goblin-2"]}  # fmt: skip
WARREN = {"campaign": "crossroads", "scene": "warren", "defeated": ["cellar_rats"]}


def test_foes_fleeing_are_no_flight_of_ones_own() -> None:
    line = "yells after the fleeing drowned men 'WHO SENT YOU? what do you want with him?!'"
    said = read({**STRAND, "turn": "wren"}, "wren", line)[0]
    assert said.kind != "manoeuvre"
    bones = {**BARROW, "fight": "barrow_dead", "turn": "bram"}
    line = 'Bram lets the fleeing bones go and kneels by the niche. "Wren? Your mam\'s worried."'
    assert all(s.kind != "manoeuvre" for s in read(bones, "bram", line))
    assert (
        read({**STRAND, "turn": "wren"}, "wren", "I take the dodge action")[0].kind == "manoeuvre"
    )


def test_going_back_in_is_in_again() -> None:
    woods = {"campaign": "hollow_ford", "scene": "woods", "flags": {"barrow_open": True},
             "defeated": ["woods_wolves", "barrow_dead"]}  # fmt: skip
    assert read(woods, "sela", "go back in and get wren")[0].targets == ("barrow",)
    assert read(woods, "sela", "head back")[0].targets == ("mill_yard",)
    road = {"campaign": "crossroads", "scene": "old_road"}
    assert read(road, "mira", "go back in")[0].targets == ("inn",)


def test_hewing_is_a_blow() -> None:
    said = read(
        {**BARROW, "fight": "barrow_dead", "turn": "bram"}, "bram", "Bram hews at Skeleton 1!"
    )
    assert (said[0].kind, said[0].targets) == ("attack", ("skeleton-1",))
    woods = {"campaign": "hollow_ford", "scene": "woods", "defeated": ["woods_wolves"]}
    assert read(woods, "bram", "I hew a path through the thorns")[0].kind != "move"


async def test_a_demand_in_several_breaths_is_one_threat_at_the_one_called() -> None:
    line = "OI SAUCEPAN! drop the spoon and surrender and maybe we let ya keep your ears"
    session = session_for(build_situation(Situation.model_validate({**HALL, "turn": "thorin"})))
    referee = await play(session, "thorin", line)
    checks = [c for c in referee.made if c.name == "request_ability_check"]
    assert len(checks) == 1 and "intimidation" in checks[0].arguments


def test_a_long_paste_is_skimmed_for_its_blow() -> None:
    line = (
        "Mira looks around the cave at the heaps of stolen pots and boots and the greasy "
        "sausages hanging from the ceiling, and she thinks about her grandmother who hung "
        "sausages exactly like this over the fireplace, and she gets a little misty eyed "
        "about it, remembering the smell of smoke and pepper and the way grandma would slap "
        "her hand when she tried to steal one, and she mutters under her breath that no "
        "goblin with a saucepan on his head is going to ruin sausages for her, and then she "
        "tumbles past Thorin's legs, rolls under the spoon, and drives her shortsword up "
        "under the saucepan helmet into Grubnak's armpit, aiming to end this quickly because "
        "Aria is hurt and bleeding, and also because frankly the whole place stinks of wet "
        "dog and old ale and she has had quite enough of cellars for one week, thank you "
        "very much, and she would like a bath and a pie."
    )
    assert len(line) > 600
    said = read({**HALL, "turn": "mira"}, "mira", line)[0]
    assert (said.kind, said.targets) == ("attack", ("grubnak",))


async def test_hiding_before_a_shot_at_unaware_foes_slips_past_nobody() -> None:
    line = "i hide in the shadows then shoot the goblin on the left with my shortbow"
    session = session_for(build_situation(Situation.model_validate(WARREN)))
    referee = await play(session, "mira", line)
    assert all(c.name not in ("attempt_challenge", "move_scene") for c in referee.made)
    assert session.state.scene.id == "warren" and session.state.encounter is not None
    assert read(WARREN, "mira", "hide, then sneak past")[0].kind == "challenge"


def test_a_body_hauled_out_of_the_surf_is_a_rescue() -> None:
    said = read({**STRAND, "turn": "ione"}, "ione", "i sprint to the young guy and haul him out "
                "of the surf. is he even breathing??")  # fmt: skip
    assert said[0].extra[:1] == ("rescue",)


async def test_a_thing_put_back_is_no_longer_carried() -> None:
    barrow = {
        **BARROW,
        "defeated": ["woods_wolves", "barrow_dead"],
        "give": {"sela": ["rusted crown"]},
    }
    for line in ("put crown back on bier", "put the crown back", "put the crown down"):
        said = read(barrow, "sela", line)[0]
        assert (said.kind, said.item) == ("drop", "rusted_crown"), line
    session = session_for(build_situation(Situation.model_validate(barrow)))
    await play(session, "sela", "put crown back on bier")
    assert "rusted crown" not in session.state.party["sela"].inventory
    assert read(barrow, "sela", "put the crown on my head")[0].kind != "drop"


def test_a_plus_joins_two_deeds() -> None:
    wolves = {"campaign": "hollow_ford", "scene": "woods", "fight": "woods_wolves", "turn": "sela"}
    said = read(wolves, "sela", "healing word ivo + mace the wolf")
    assert [s.kind for s in said] == ["cast", "attack"]


async def test_a_steadying_breath_takes_nothing_and_holds_nothing_up() -> None:
    wolves = {"campaign": "hollow_ford", "scene": "woods", "fight": "woods_wolves", "turn": "bram",
              "wounds": {"bram": 5}}  # fmt: skip
    line = "Bram takes a steadying breath, calling on his second wind, and hacks at Wolf 1"
    session = session_for(build_situation(Situation.model_validate(wolves)))
    referee = await play(session, "bram", line)
    assert [c.name for c in referee.made][:2] == ["use_feature", "attack"]


def test_a_shoulder_thrown_into_a_foe_is_a_shove() -> None:
    wolves = {"campaign": "hollow_ford", "scene": "woods", "fight": "woods_wolves", "turn": "bram"}
    line = ("Bram throws his shoulder into Wolf 1 to knock it flat, then brings the battleaxe "
            "down on it")  # fmt: skip
    said = read(wolves, "bram", line)
    assert [(s.kind, s.action) for s in said] == [("manoeuvre", "shove_prone"), ("attack", None)]


def test_a_slip_in_a_features_name_is_mended() -> None:
    wolves = {"campaign": "hollow_ford", "scene": "woods", "fight": "woods_wolves", "turn": "ivo"}
    said = read(wolves, "ivo", "bardic inspration on bram")[0]
    assert (said.kind, said.action, said.targets) == ("feature", "bardic_inspiration", ("bram",))


async def test_a_spell_the_game_has_no_rules_for_is_said_so_when_asked_about() -> None:
    harbour = {"campaign": "drowned_bell", "scene": "harbour"}
    answer = await told(harbour, "cass", "what does my hunter's mark do")
    assert "Hunter's Mark is a spell this game has no rules for" in answer
    assert "Bless" in answer  # what Cass can cast instead


async def test_a_question_about_what_was_just_sighed_is_about_it() -> None:
    poisoned = {**STRAND, "turn": "cass", "conditions": {"cass": ["poisoned"]}}
    answer = await told(poisoned, "cass", "ugh im poisoned, what does that even do? and how "
                        "many hp do i have")  # fmt: skip
    assert "disadvantage" in answer and "hit points" in answer


def test_running_to_someone_to_tell_them_is_the_words() -> None:
    bones = {**BARROW, "fight": "barrow_dead", "turn": "ivo"}
    said = read(bones, "ivo", "i run over to wren and tell her its ok")
    assert [(s.kind, s.targets) for s in said] == [("talk", ("wren",))]


def test_a_foe_kept_standing_by_undead_fortitude_is_told_so() -> None:
    state = build_situation(Situation.model_validate({**STRAND, "turn": "wren"}))
    referee = session_for(state).brain
    thrall = state.creatures["drowned-thrall-1"]
    thrall.vitals = thrall.vitals.model_copy(update={"hp": 1})
    referee.notes = []
    referee._falls(state, "drowned-thrall-1")
    assert referee.notes == [
        "Drowned Thrall 1 staggers, and does not fall — dead flesh that will not stay down "
        "(Undead Fortitude)."
    ]


def test_a_line_refused_at_a_shared_table_is_said_so_before_the_round() -> None:
    from app.session import declaring

    table = {"campaign": "hollow_ford", "scene": "mill_yard",
             "players": {"Kez": ["sela"], "Rob": ["bram"], "Dot": ["ivo"]}}  # fmt: skip
    state = build_situation(Situation.model_validate(table))
    state.turn_order.active = "Kez"
    session = session_for(state)
    reply, who = declaring.declare(session, "Bram and Ivo head to the woods", "sela")
    assert reply.aside and "Bram is played by Rob" in reply.text and who is None
    assert not session.pending  # Kez may say what Sela does instead


async def test_a_charge_is_made_with_a_blade_never_a_bow_from_where_one_stands() -> None:
    bones = {**BARROW, "fight": "barrow_dead", "turn": "bram"}
    for line in ("Bram charges the nearest skeleton and smashes at it with his battleaxe",
                 "charge skeleton 2 and hit it"):  # fmt: skip
        session = session_for(build_situation(Situation.model_validate(bones)))
        referee = await play(session, "bram", line)
        attacks = [c for c in referee.made if c.name == "attack"]
        assert len(attacks) == 1 and "battleaxe" in attacks[0].arguments, line
