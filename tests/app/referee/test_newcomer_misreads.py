"""What a newcomer's evening showed the game doing unasked: a crossbow fired at "i bow my
head to the sister", a party rest at "thanks wendel. get some rest", a rat "knocked out"
because the line said which rat knocked a friend out, a blow struck twice at one rat for
"hit the other one too", a demand put to a goblin out cold, Berta slighted by a groan,
and a friend heaved about for "stab the rat that's biting thorin" with no rat about."""

from __future__ import annotations

from app.session.setup import session_for
from tests.app.referee_lines import play, read
from tests.referee_corpus import Situation, build_situation

CHAPEL_FIGHT = {"campaign": "drowned_bell", "scene": "chapel", "fight": "warden", "turn": "cass"}
CELLAR = {"campaign": "crossroads", "scene": "cellar", "fight": "cellar_rats", "turn": "thorin",
          "wounds": {"aria": 17}}  # fmt: skip
HALL = {"campaign": "crossroads", "scene": "chief_hall", "fight": "grubnak_band",
        "turn": "thorin", "dead": ["grubnak"],
        "conditions": {"goblin-1": ["unconscious", "restrained"]}}  # fmt: skip


def test_a_bowed_head_and_a_prayer_for_her_rest_are_no_shot_and_no_rest() -> None:
    said = read(CHAPEL_FIGHT, "cass", "we stop fighting. i bow my head to the sister and pray "
                                      "for her rest")  # fmt: skip
    assert not {"attack", "rest"} & {c.kind for c in said}
    assert read(CHAPEL_FIGHT, "cass", "shoot her with my crossbow")[0].kind == "attack"


def test_rest_bidden_to_the_one_spoken_to_is_no_rest_of_the_partys() -> None:
    lighthouse = {"campaign": "drowned_bell", "scene": "lighthouse"}
    said = read(lighthouse, "cass", "thanks wendel. get some rest. we go back down to the harbour")
    assert [c.kind for c in said] == ["talk", "move"]
    assert read(lighthouse, "cass", "get some rest")[0].kind == "rest"


def test_the_rat_that_knocked_a_friend_out_is_struck_and_the_other_one_after_it() -> None:
    said = read(CELLAR, "thorin", "smash the rat that knocked aria out, use action surge and "
                                  "hit the other one too")  # fmt: skip
    assert [c.kind for c in said] == ["attack", "feature", "attack"]
    assert said[0].targets != said[2].targets


def test_a_demand_goes_to_a_foe_who_can_hear_it() -> None:
    for line in ("surrender, goblin, or youre next! drop the scimitar", "goblin, surrender"):
        said = read(HALL, "thorin", line)[0]
        assert (said.kind, said.targets) == ("improvise", ("goblin-2",)), line


def test_knocking_him_out_with_two_foes_about_asks_which() -> None:
    guards = {"campaign": "crossroads", "scene": "warren", "fight": "tunnel_guards",
              "turn": "thorin"}  # fmt: skip
    said = read(guards, "thorin", "knock him out with my pommel")[0]
    assert said.kind == "ask" and "Goblin 1 or Goblin 2" in said.note
    alone = {**guards, "dead": ["goblin-1"]}
    assert read(alone, "thorin", "knock him out with my pommel")[0].extra[:1] == ("knock_out",)


def test_a_blow_at_a_foe_not_here_touches_no_friend() -> None:
    inn = {"campaign": "crossroads", "scene": "inn"}
    said = read(inn, "mira", "stab the rat thats biting thorin")[0]
    assert said.kind == "attack" and not said.targets


async def test_a_groan_or_a_deed_narrated_weighs_with_nobody() -> None:
    inn = {"campaign": "crossroads", "scene": "inn"}
    session = session_for(build_situation(Situation.model_validate(inn)))
    for line in ("ugh. ow. try again, carefully this time", "i shove the rat into the barrel"):
        await play(session, "mira", line)
    assert not session.state.truth.judgments


async def test_the_goblin_bosss_name_is_the_boss_topic_and_rope_without_a_word_before_it() -> None:
    from tests.app.referee_lines import told

    cellar = {
        "campaign": "crossroads",
        "scene": "cellar",
        "met": ["tam"],
        "flags": {"tam_found": True, "trapdoor_open": True},
        "defeated": ["cellar_rats"],
    }
    said = await told(cellar, "mira", "tam whats the goblin bosses name?")
    assert "The others call him Grubnak" in said
    inn = {"campaign": "crossroads", "scene": "inn"}
    assert "Yes: Mira carries the rope" in await told(inn, "mira", "do i have rope?")
    assert "Yes: Mira carries the rope" in await told(inn, "mira", "have i got rope")
    left = await told(inn, "mira", "how many hp do i have left")
    assert "21 of 21 hit points" in left and "carries" not in left


async def test_the_other_one_after_an_action_surge_is_struck_not_the_first_again() -> None:
    cellar = {"campaign": "crossroads", "scene": "cellar", "fight": "cellar_rats",
              "turn": "thorin"}  # fmt: skip
    session = session_for(build_situation(Situation.model_validate(cellar)))
    line = "hit the nearest rat with my longsword, then action surge and hit the other one too"
    referee = await play(session, "thorin", line)
    struck = [c.arguments for c in referee.made if c.name == "attack"]
    assert len(struck) == 2 and '"giant-rat-1"' in struck[0] and '"giant-rat-2"' in struck[1]


def test_walking_up_to_ask_someone_is_no_way_up_out_of_the_place() -> None:
    harbour = {"campaign": "drowned_bell", "scene": "harbour"}
    said = read(harbour, "cass", "I walk up and ask if her family is out on the water tonight")
    assert [(c.kind, c.targets) for c in said] == [("talk", ("nessa",))]
    assert read(harbour, "cass", "we walk up")[0].kind == "move"
