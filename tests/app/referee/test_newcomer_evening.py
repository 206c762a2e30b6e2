"""What newcomers typed in an evening's play and the game got wrong: thanks said on the way
out heard as an accusation, the second stop of a journey dropped, questions about one's
own armour and things put to the nearest person, a rescue asked about taken for saving
the game, a look kept on the foes taken for a grab."""

from __future__ import annotations

from app.session.setup import session_for
from app.world.state import GameState
from tests.app.referee_lines import play, read, told
from tests.referee_corpus import Situation, build_situation

LIGHTHOUSE = {"campaign": "drowned_bell", "scene": "lighthouse", "met": ["wendel"]}
MILL = {"campaign": "hollow_ford", "scene": "mill_yard", "met": ["odile"]}


async def test_thanks_on_the_way_out_are_weighed_alone_and_both_stops_are_made() -> None:
    session = session_for(build_situation(Situation.model_validate(LIGHTHOUSE)))
    line = "we thank him and head back down to the harbour then out to the strand"
    referee = await play(session, "ione", line)
    moves = [c.arguments for c in referee.made if c.name == "move_scene"]
    assert ['"harbour"' in m for m in moves] == [True, False] and '"strand"' in moves[1]
    assert not [j for j in session.state.truth.judgments if j.watch == "wendel_accused"]


async def test_questions_about_ones_own_kit_are_the_games_to_answer() -> None:
    assert "Sela has AC 15" in await told(MILL, "sela", "what armor am i wearing")
    assert "Yes: Sela carries the holy symbol." in await told(
        MILL, "sela", "do i still have my holy symbol?"
    )
    assert "No: Sela carries no lute (Ivo does)." in await told(MILL, "sela", "do i have my lute")
    said = await told(MILL, "sela", "what does trust do")
    assert said.startswith("Trust is one of the ways") and "Odile" not in said


def test_a_rescue_asked_about_is_no_saving_of_the_game() -> None:
    strand = {"campaign": "drowned_bell", "scene": "strand"}
    assert read(strand, "cass", "can i save the young man?")[0].kind != "help"
    assert read(strand, "cass", "can we save here?")[0].kind == "help"


def test_eyes_kept_on_the_foes_are_no_grab_and_a_symbol_to_the_wound_heals() -> None:
    wolves = {"campaign": "hollow_ford", "scene": "woods", "fight": "woods_wolves",
              "turn": "sela", "wounds": {"sela": 8}}  # fmt: skip
    line = ("Sela presses her holy symbol to the wound and lets the warm light knit it shut, "
            "never taking her eyes off the wolves.")  # fmt: skip
    said = read(wolves, "sela", line)
    assert all(s.kind != "attack" for s in said)
    assert (said[0].kind, said[0].spell) == ("cast", "cure_wounds")


def test_a_dagger_thrown_at_his_helmet_is_at_the_one_who_wears_it() -> None:
    hall = {"campaign": "crossroads", "scene": "chief_hall", "fight": "grubnak_band",
            "turn": "mira", "defeated": ["cellar_rats", "tunnel_guards"]}  # fmt: skip
    said = read(hall, "mira", "i throw my dagger at his stupid helmet")[0]
    assert (said.kind, said.targets) == ("attack", ("grubnak",))


def test_things_carried_twice_are_counted_and_a_round_is_one() -> None:
    from app.referee.sights import counted

    assert counted(["healing potion", "torch", "healing potion"]) == "2 × healing potion, torch"


def test_a_gift_of_the_story_names_the_giver_not_an_authors_id() -> None:
    from app.session.triggers import _source

    state = build_situation(Situation.model_validate({"campaign": "crossroads", "scene": "inn"}))
    assert _source(state, "berta_potion") == "from Berta"
    assert _source(state, "road_hint") == "road hint"


def test_at_a_shared_table_a_question_the_game_answers_costs_no_place_in_the_round() -> None:
    from app.session import declaring

    spec = {"campaign": "drowned_bell", "scene": "harbour",
            "players": {"Kim": ["ione", "wren"], "Lou": ["cass"]}}  # fmt: skip
    state = build_situation(Situation.model_validate(spec))
    session = session_for(state)
    state.turn_order.active = "Kim"
    reply, who = declaring.declare(session, "who's the woman at the end of the quay", "ione")
    assert reply.ok and reply.aside and who is None and "Nessa" in reply.text
    assert session.pending == []


async def round_played(spec: dict[str, object], lines: list[tuple[str, str, str]]) -> GameState:
    """A round at a shared table: each (player, character, line) declared in turn, then
    played; the game as it stands after."""
    from app.session import declaring, hotseat

    state = build_situation(Situation.model_validate(spec))
    session = session_for(state)
    for player, who, text in lines:
        state.turn_order.active = player
        reply, _ = declaring.declare(session, text, who)
        assert reply.ok, reply.text
        hotseat.advance(state, player, "TURN_COMPLETE")
    async for _ in session.process():
        pass
    return state


async def test_one_who_stays_while_another_leads_the_way_is_told_they_come_along() -> None:
    spec = {"campaign": "drowned_bell", "scene": "harbour",
            "players": {"Kim": ["ione"], "Lou": ["cass"], "Cy": ["wren"]}}  # fmt: skip
    state = await round_played(spec, [("Kim", "ione", "I wait"),
                                      ("Lou", "cass", "go to the lighthouse"),
                                      ("Cy", "wren", "i stay with Nessa")])  # fmt: skip
    assert state.scene.id == "lighthouse"
    assert "Wren comes along all the same" in state.history[-1].narrative


async def test_action_surge_is_kept_when_the_blow_it_was_for_has_no_foe_left() -> None:
    wolves = {"campaign": "hollow_ford", "scene": "woods", "fight": "woods_wolves",
              "turn": "bram", "wounds": {"wolf-2": 10}}  # fmt: skip
    line = "hit wolf 2 then action surge and hit it agian"
    said = read(wolves, "bram", line)
    assert [(s.kind, s.targets) for s in said] == [
        ("attack", ("wolf-2",)),
        ("feature", ()),
        ("attack", ("wolf-2",)),
    ]
    session = session_for(build_situation(Situation.model_validate(wolves)))
    referee = await play(session, "bram", line)
    assert all(c.name != "use_feature" for c in referee.made)
    assert "keeps Action Surge" in session.state.history[-1].narrative


def test_the_damn_thing_smashed_is_the_one_thing_here_to_force() -> None:
    inn = {"campaign": "crossroads", "scene": "inn"}
    said = read(inn, "thorin", "ugh. thorin just smash the damn thing")[0]
    assert (said.kind, said.target) == ("challenge", "force_trapdoor")
    assert read(inn, "thorin", "hit something")[0].kind != "challenge"


async def test_asked_for_work_a_person_tells_their_trouble() -> None:
    inn = {"campaign": "crossroads", "scene": "inn", "met": ["berta"]}
    said = await told(inn, "thorin", "hey berta, got any work for us?")
    assert "my Tam went down there yesterday" in said and "long story" not in said
    first = await told({"campaign": "drowned_bell", "scene": "harbour"}, "ione",
                       "hey nessa, got any work for us?")  # fmt: skip
    assert first.count("Nobody from here will help") == 1 and "Couldn't tell you" not in first


async def test_what_was_just_given_is_told_from_the_ledger() -> None:
    state = build_situation(Situation.model_validate({"campaign": "crossroads", "scene": "inn"}))
    session = session_for(state)
    await play(session, "thorin", "what did she just give us?")
    assert "Nobody has given the party anything yet." in state.history[-1].narrative
    state.record("item", "Thorin gets healing potion (from Berta)", who="thorin",
                 after="+healing potion")  # fmt: skip
    await play(session, "thorin", "what did she just give us?")
    assert "Thorin gets healing potion (from Berta)" in state.history[-1].narrative


async def test_a_spell_the_game_cannot_cast_is_said_not_known_and_the_shot_waits() -> None:
    strand = {"campaign": "drowned_bell", "scene": "strand", "fight": "strand_thralls",
              "turn": "ione"}  # fmt: skip
    line = "hunters mark the wounded one and shoot it with my longbow"
    session = session_for(build_situation(Situation.model_validate(strand)))
    referee = await play(session, "ione", line)
    assert referee.made == []
    story = session.state.history[-1].narrative
    assert "Ione does not know Hunter's Mark." in story and "does not get to" in story
    inn = {"campaign": "crossroads", "scene": "inn"}
    assert "Aria does not know Knock." in await told(inn, "aria", "cast knock on the lock")
    assert read(inn, "thorin", "light the torch")[0].kind != "cast"


async def test_a_threat_with_a_blade_at_the_throat_is_the_threat_and_no_prisoner_is_cut_down() -> (
    None
):
    guards = {"campaign": "crossroads", "scene": "warren", "fight": "tunnel_guards",
              "turn": "mira", "defeated": ["cellar_rats"],
              "flags": {"trapdoor_open": True, "tam_found": True},
              "conditions": {"goblin-1": ["unconscious"], "goblin-2": ["unconscious"]}}  # fmt: skip
    line = ("I kneel on the sleeping goblin's chest, dagger at its throat, and hiss "
            '"Surrender, or you don\'t wake up at all."')  # fmt: skip
    session = session_for(build_situation(Situation.model_validate(guards)))
    referee = await play(session, "mira", line)
    assert all(c.name != "attack" for c in referee.made)
    assert any(c.name == "request_ability_check" for c in referee.made)


async def test_a_blow_at_no_one_in_particular_spares_the_prisoner() -> None:
    from app.world.tied import BOUND
    from rules.conditions import ActiveCondition, Condition

    guards = {"campaign": "crossroads", "scene": "warren", "fight": "tunnel_guards",
              "turn": "thorin", "defeated": ["cellar_rats"],
              "flags": {"trapdoor_open": True, "tam_found": True}}  # fmt: skip
    state = build_situation(Situation.model_validate(guards))
    for gid in ("goblin-1", "goblin-2"):
        state.creatures[gid].conditions.append(
            ActiveCondition(condition=Condition.INCAPACITATED, note=BOUND)
        )
    session = session_for(state)
    referee = await play(session, "thorin", "I charge the goblins")
    assert all(c.name != "attack" for c in referee.made)
    assert "tied up and out of the fight" in session.state.history[-1].narrative


async def test_a_newcomers_questions_about_blows_and_spells_are_answered() -> None:
    rats = {"campaign": "crossroads", "scene": "cellar", "fight": "cellar_rats", "turn": "thorin"}
    said = await told(rats, "thorin", "can i hit him twice?")
    assert said.startswith("Thorin makes one attack with the Attack action: Action Surge")
    harbour = {"campaign": "drowned_bell", "scene": "harbour"}
    said = await told(harbour, "ione", "does ione know hunters mark")
    assert said.startswith("No: Ione does not know Hunter's Mark (knows Cure Wounds")
    assert "Yes: Ione knows Cure Wounds." in await told(
        harbour, "ione", "does ione know cure wounds"
    )
    said = await told({"campaign": "crossroads", "scene": "inn"}, "aria", "what does my spell do")
    assert said.startswith("Aria knows Magic Missile, Shield, Sleep, Burning Hands")


async def test_one_who_stays_while_a_way_proves_shut_is_not_told_they_came_along() -> None:
    spec = {"campaign": "crossroads", "scene": "inn",
            "players": {"Ana": ["mira"], "Ben": ["thorin"], "Cy": ["aria"]}}  # fmt: skip
    state = await round_played(spec, [("Ana", "mira", "I wait"),
                                      ("Ben", "thorin", "go down the trapdoor"),
                                      ("Cy", "aria", "i stay by the fire")])  # fmt: skip
    assert state.scene.id == "inn"
    assert "comes along" not in state.history[-1].narrative


async def test_a_second_blow_kept_on_the_first_foe_is_struck_there() -> None:
    bones = {"campaign": "hollow_ford", "scene": "barrow", "flags": {"barrow_open": True},
             "defeated": ["woods_wolves"], "fight": "barrow_dead", "turn": "bram"}  # fmt: skip
    state: GameState = build_situation(Situation.model_validate(bones))
    session = session_for(state)
    line = "throw my handaxe at skeleton 2 and then action surge and charge in with the battleaxe"
    referee = await play(session, "bram", line)
    struck = [c.arguments for c in referee.made if c.name == "attack"]
    assert len(struck) == 2 and all('"skeleton-2"' in a for a in struck), struck


async def test_a_sneak_that_was_heard_leaves_no_foe_to_surprise() -> None:
    warren = {"campaign": "crossroads", "scene": "warren", "defeated": ["cellar_rats"],
              "flags": {"trapdoor_open": True, "tam_found": True}}  # fmt: skip
    state = build_situation(Situation.model_validate(warren))
    state.rng.seed(1)  # Thorin's clumsy creep fails
    session = session_for(state)
    await play(session, "thorin", "I creep up behind the goblins quietly")
    assert "is heard" in state.history[-1].narrative
    referee = await play(session, "mira", "I attack the goblins")
    started = [c.arguments for c in referee.made if c.name == "start_combat"]
    assert started and "surprise" not in started[0]
