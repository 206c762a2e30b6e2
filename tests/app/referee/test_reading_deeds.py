"""What a line does and does not ask of the referee: a plan whose first step came to
nothing waits, a rest is not followed by the plans said after it, tending someone is no
rest, telling someone is words, and a name typed small that the party lacks is refused."""

from __future__ import annotations

import pytest

from app.session.setup import session_for
from app.understanding import understand
from app.world import intent, meaning
from tests.app.conftest import narration, turn
from tests.referee_corpus import CORPUS, HOLDOUT5, HOLDOUT7, build_situation, load_corpus

SITUATIONS = load_corpus(CORPUS).situations


@pytest.fixture(autouse=True)
def _by_keywords(monkeypatch: pytest.MonkeyPatch) -> None:
    """Campaign triggers hear lines by keywords alone (no meaning model to load)."""
    monkeypatch.setattr(meaning, "_LOADED", [None])
    monkeypatch.setattr(intent, "_HEADS", [])  # no head kept from a model-less test


def _read(situation: str, actor: str, text: str):  # type: ignore[no-untyped-def]
    state = build_situation(SITUATIONS[situation])
    return understand(text, actor, state, state.campaign)


async def test_the_rest_of_a_plan_waits_when_its_first_step_came_to_nothing() -> None:
    state = build_situation(SITUATIONS["cellar_rats_mira"])
    state.party["mira"].inventory.append("healing potion")
    session = session_for(state)
    events = await turn(session, ("mira", "drink my potion and then attack"))
    made = [c.name for c in session.brain.made]  # type: ignore[attr-defined]
    assert "attack" not in made and "end_turn" not in made
    assert "say it again" in narration(events)


def test_what_follows_a_rest_is_for_after_it() -> None:
    read = _read("cellar_clear", "thorin", "short rest here before we go back up")
    assert read.kind == "rest" and not read.then


def test_tending_a_person_named_is_no_rest() -> None:
    assert _read("cellar_clear", "aria", "bandage the bite on Tam's ankle").kind != "rest"
    assert _read("cellar_clear", "thorin", "short rest, bandage up").kind == "rest"


def test_telling_someone_what_we_mean_to_do_is_words_not_the_deed() -> None:
    told = _read("inn_start", "mira", "tell Berta we're heading down to the cellar next")
    assert told.kind == "talk" and told.targets == ("berta",)
    others = _read("cellar_rats_mira", "mira", "I tell the others to fall back to the stairs")
    assert others.kind == "ask"
    shout = _read("inn_start", "mira", "shout to the old man to get away from the door")
    assert shout.kind == "talk"
    assert _read("cellar_clear", "thorin", "yell at tam to run for the stairs").targets == ("tam",)


def test_a_name_typed_small_that_the_party_lacks_is_refused() -> None:
    assert _read("inn_start", "mira", "frodo goes outside").kind == "refuse"
    assert _read("cellar_rats_mira", "mira", "gimli attacks").kind == "refuse"
    assert _read("inn_start", "mira", "thorin goes outside").kind != "refuse"
    assert _read("cellar_rats_mira", "mira", "rat attacks").kind != "refuse"
    assert _read("cellar_rats_mira", "mira", "wat does dash do").kind == "question"


async def test_the_rest_of_a_plan_waits_when_the_first_step_spent_the_action() -> None:
    situations = load_corpus(HOLDOUT5).situations
    state = build_situation(situations["d_war_c2"])
    session = session_for(state)
    text = "spare the dying on ione and sacred flame the ghost"
    events = await turn(session, ("cass", text))
    made = [c.name for c in session.brain.made]  # type: ignore[attr-defined]
    assert made == ["move", "cast_spell", "end_turn"]  # to Ione's side (a touch), then cast
    assert "“sacred flame the ghost” will have to wait for the next turn" in narration(events)


def test_looking_down_or_up_at_a_way_goes_nowhere() -> None:
    assert _read("inn_unlocked", "mira", "peer down the hole").kind == "examine"
    assert _read("inn_unlocked", "mira", "stare down into the cellar").kind == "examine"
    assert _read("inn_unlocked", "mira", "go down the trapdoor").kind == "move"


def test_a_side_of_a_place_named_is_not_the_way_into_it() -> None:
    read = _read("road", "mira", "follow the tracks round to the back wall of the inn")
    assert read.kind != "move"
    assert _read("road", "mira", "go back to the inn").kind == "move"


def test_getting_a_foe_in_a_fight_is_a_blow() -> None:
    read = _read("warren_fight", "thorin", "get the hurt goblin")
    assert read.kind == "attack" and read.targets == ("goblin-1",)
    assert _read("warren_fight", "thorin", "get away from the goblins").kind != "attack"


def test_a_line_all_in_quotes_is_said_aloud() -> None:
    read = _read("warren_fight", "thorin", "'wait wait, goblins, we can still make a deal!'")
    assert read.kind == "talk"


def test_a_place_no_way_leads_to_is_asked_about_not_gone_to_by_a_direction_word() -> None:
    read = _read("bell_lighthouse", "ione", "we'll go out to the chapel")
    assert read.kind == "ask" and "Chapel" in read.note
    assert _read("bell_lighthouse", "ione", "we go back down to the harbour").kind == "move"


def test_a_clause_that_ends_in_a_question_mark_only_wonders() -> None:
    state = build_situation(load_corpus(HOLDOUT5).situations["x_guards_a"])  # one asleep
    read = understand("tie him up? nah just fire bolt him", "aria", state, state.campaign)
    assert read.kind == "cast" and not read.then
    asked = _read("warren_quiet", "aria", "what are they doing? playing dice?")
    assert asked.kind == "question" and not asked.then


def test_a_question_said_to_be_one_first_is_one() -> None:
    assert _read("cellar_rats_mira", "mira", "ok real question, whats dodge do").kind == "question"


def test_a_blessing_said_to_someone_is_no_spell() -> None:
    assert _read("bell_harbour", "cass", "Bless you, child.").kind != "cast"
    assert _read("bell_harbour", "cass", "bless us").kind == "cast"


def test_a_creature_word_before_a_blow_word_makes_it_a_noun() -> None:
    assert _read("cellar_rats_mira", "mira", "ew, rat guts everywhere").kind != "attack"
    assert _read("cellar_rats_mira", "mira", "the rat bites, I stab it").kind == "attack"


async def test_shaking_a_sleeper_awake_spends_the_action() -> None:
    state = build_situation(load_corpus(HOLDOUT7).situations["d_thralls_sleep"])
    session = session_for(state)
    events = await turn(session, ("wren", "wake cass up and then stab the nearest drowned"))
    made = [c.name for c in session.brain.made]  # type: ignore[attr-defined]
    assert "set_condition" in made and "attack" not in made
    assert "already spent (on waking Brother Cass)" in narration(events)


def test_a_sigh_before_the_deed_is_let_go() -> None:
    read = _read("inn_start", "mira", "ugh fine. thorin bashes the trapdoor")
    assert read.kind == "challenge" and read.targets == ("force_trapdoor",)


def test_knocking_out_a_foe_described_in_several_words_is_a_blow_to_subdue() -> None:
    read = _read("warren_fight", "thorin", "knock the hurt little goblin out")
    assert read.extra[:1] == ("knock_out",) and read.targets == ("goblin-1",)


def test_shoving_a_thing_into_a_foes_path_is_no_shove_of_the_foe() -> None:
    read = _read("bell_chapel_fight", "cass", "i shove a pew into her path")
    assert read.kind == "improvise" and read.targets == ("pews",)
    assert _read("bell_chapel_fight", "cass", "shove her").action == "shove_away"


def test_a_spell_said_after_a_feature_keeps_its_own_target() -> None:
    read = _read("bell_chapel_fight", "wren", "inspire ione and healing word cass")
    assert (read.kind, read.targets) == ("feature", ("ione",))
    assert [(c.kind, c.targets) for c in read.then] == [("cast", ("cass",))]


def test_splitting_the_party_is_asked_back_and_nobody_moves() -> None:
    read = _read("bell_harbour", "cass", "ok lets split up, Ione goes to the lighthouse and we "
                 "go to the beach")  # fmt: skip
    assert read.kind == "ask" and not read.then


def test_a_blow_said_as_not_meant_starts_no_fight() -> None:
    state = build_situation(load_corpus(HOLDOUT7).situations["x_hall"])
    text = "I bow low and tell Grubnak we didn't come to fight."
    assert understand(text, "mira", state, state.campaign).kind == "talk"


def test_sneak_attack_named_is_a_blow_not_sneaking() -> None:
    assert _read("cellar_rats_mira", "mira", "sneak attack!!").kind == "attack"
    assert _read("cellar_rats_mira", "mira", "sneak up on the rat").kind == "improvise"
