"""Words of going that are not going: walking up to someone is a word with them, looking out
to sea is a look, giving a thing back to someone is a give — and the other way round, a
person named where the way leads ("take Tam back up to Berta") is a way. Also the names a
deed's own verb shares with a thing ("light" a fire, not the lamp called "light") and
people named by one word of a longer name."""

from __future__ import annotations

import tomllib

import pytest

from app.understanding import understand
from tests.referee_corpus import Situation, build_situation

HARBOUR = 'campaign = "drowned_bell"\nscene = "harbour"'
LIGHTHOUSE = 'campaign = "drowned_bell"\nscene = "lighthouse"\nmet = ["wendel"]'
KNOWS = (
    'campaign = "drowned_bell"\nscene = "lighthouse"\nmet = ["wendel"]\n'
    'give = { ione = ["tarnished locket"] }'
)
CHAPEL_FIGHT = (
    'campaign = "drowned_bell"\nscene = "chapel"\ndefeated = ["strand_thralls"]\n'
    'flags = { corin_saved = true }\nfight = "warden"\nturn = "cass"'
)
CELLAR = (
    'campaign = "crossroads"\nscene = "cellar"\nflags = { trapdoor_open = true, '
    'tam_found = true }\ndefeated = ["cellar_rats"]'
)
HALL = (
    'campaign = "crossroads"\nscene = "chief_hall"\nflags = { trapdoor_open = true, '
    'tam_found = true, guards_passed = true }\ndefeated = ["cellar_rats"]'
)
INN = 'campaign = "crossroads"\nscene = "inn"\nmet = ["berta"]'
YARD = 'campaign = "hollow_ford"\nscene = "mill_yard"'


def read(situation: str, actor: str, text: str) -> tuple[str, tuple[str, ...]]:
    state = build_situation(Situation.model_validate(tomllib.loads(situation)))
    intent = understand(text, actor, state, state.campaign)
    return intent.kind, intent.targets


@pytest.mark.parametrize(
    ("situation", "actor", "text", "kind", "targets"),
    [
        (HARBOUR, "ione", "I look out to sea", "examine", ("sea",)),
        (HARBOUR, "ione", "go down to the sea", "move", ("strand",)),
        (HARBOUR, "ione", "I walk up to the woman on the quay", "talk", ("nessa",)),
        (HARBOUR, "ione", "I walk up to Nessa", "talk", ("nessa",)),
        (HARBOUR, "ione", "walk over to the boats", "examine", ("boats",)),
        (HARBOUR, "ione", "walk up to the lighthouse", "move", ("lighthouse",)),
        (HARBOUR, "ione", "we go up the path", "move", ("lighthouse",)),
        (KNOWS, "ione", "give the locket back to Wendel", "give", ("wendel", "maelis_locket")),
        (LIGHTHOUSE, "ione", "back to the harbour", "move", ("harbour",)),
        (CELLAR, "mira", "we take tam back up to berta", "move", ("inn",)),
        (CELLAR, "mira", "take tam to berta", "move", ("inn",)),
    ],
)
def test_going_and_not_going(
    situation: str, actor: str, text: str, kind: str, targets: tuple[str, ...]
) -> None:
    assert read(situation, actor, text) == (kind, targets)


def test_a_question_with_a_contraction_is_asked_not_done() -> None:
    kind, targets = read(LIGHTHOUSE, "ione", "Why'd you let the light go out, old man?")
    assert (kind, targets) == ("talk", ("wendel",))


def test_a_fire_in_the_grate_is_not_the_lamp() -> None:
    kind, _ = read(LIGHTHOUSE, "ione", "I light a fire in the cold grate for him")
    assert kind == "improvise"
    assert read(LIGHTHOUSE, "ione", "light the lamp") == ("challenge", ("light_lamp",))


def test_a_part_of_the_thing_is_the_campaigns_own_challenge() -> None:
    assert read(INN, "thorin", "pry the hasp off with the poker") == (
        "challenge",
        ("force_trapdoor",),
    )


def test_a_gesture_and_an_honoured_name_are_words_to_the_chief() -> None:
    line = "*bows low* Mighty Grubnak, what would it take for you to leave the inn's cellar alone?"
    assert read(HALL, "thorin", line) == ("talk", ("grubnak",))


def test_a_title_that_is_a_name_still_names() -> None:
    assert read(YARD, "bram", "Madam, what does your daughter look like?") == ("talk", ("odile",))


def test_a_thing_named_whole_beats_a_person_named_by_one_word() -> None:
    assert read(CHAPEL_FIGHT, "cass", "I grab the bell rope") == ("improvise", ("rope",))
    kind, targets = read(CHAPEL_FIGHT, "cass", "grab the sister")
    assert (kind, targets) == ("manoeuvre", ("the-grey-sister",))


STRAND_FIGHT = (
    'campaign = "drowned_bell"\nscene = "strand"\nmet = ["nessa"]\nfight = "strand_thralls"\n'
    'turn = "ione"'
)


@pytest.mark.parametrize(
    ("situation", "actor", "text", "target"),
    [
        (LIGHTHOUSE, "ione", "I make the old man a cup of tea", "wendel"),
        (LIGHTHOUSE, "ione", "I put a hand on Wendel's shoulder", "wendel"),
        (HARBOUR, "ione", "I wrap my cloak around Nessa's shoulders", "nessa"),
        (INN, "thorin", "I pour Berta a stiff drink from behind her own bar", "berta"),
    ],
)
def test_a_kindness_to_someone_is_done(situation: str, actor: str, text: str, target: str) -> None:
    assert read(situation, actor, text) == ("improvise", (target,))


def test_words_of_making_that_make_nothing_are_no_kindness() -> None:
    assert read(LIGHTHOUSE, "ione", "make peace with him")[0] != "improvise"


@pytest.mark.parametrize(
    "text",
    [
        "longbow on the first zombie",
        "put an arrow through the first one's knee",
        "I rapier thrall 1",
    ],
)
def test_a_weapon_or_a_way_of_shooting_is_the_verb(text: str) -> None:
    assert read(STRAND_FIGHT, "ione", text) == ("attack", ("drowned-thrall-1",))


RATS_ARIA = (
    'campaign = "crossroads"\nscene = "cellar"\nflags = { trapdoor_open = true }\n'
    'fight = "cellar_rats"\nturn = "aria"'
)


def test_a_use_of_what_is_not_carried_is_said_not_dropped() -> None:
    state = build_situation(Situation.model_validate(tomllib.loads(RATS_ARIA)))
    intent = understand("drink my potion then attack", "aria", state, state.campaign)
    assert intent.kind == "use" and intent.note  # said plainly
    assert [c.kind for c in intent.then] == ["attack"]


def test_a_setting_up_clause_that_names_its_action_is_that_action() -> None:
    state = build_situation(Situation.model_validate(tomllib.loads(RATS_ARIA)))
    intent = understand(
        "I duck behind a cask to hide, then stab rat 2", "mira", state, state.campaign
    )
    assert (intent.kind, intent.action) == ("manoeuvre", "hide")
    assert [(c.kind, c.targets) for c in intent.then] == [("attack", ("giant-rat-2",))]


WARREN = (
    'campaign = "crossroads"\nscene = "warren"\nflags = { trapdoor_open = true, '
    'tam_found = true }\ndefeated = ["cellar_rats"]'
)


def test_a_roar_to_scare_foes_off_is_one_threat_not_a_blow() -> None:
    state = build_situation(Situation.model_validate(tomllib.loads(RATS_ARIA)))
    line = "I bang my sword on my shield and roar at the rats to scare them off"
    intent = understand(line, "thorin", state, state.campaign)
    assert (intent.kind, intent.action, intent.then) == ("improvise", "intimidation", ())
    assert understand("I back off", "thorin", state, state.campaign).kind == "manoeuvre"


def test_sleep_aimed_at_foes_is_the_spell_and_on_the_floor_a_rest() -> None:
    assert read(WARREN, "aria", "sleep on the goblins")[0] == "cast"
    assert read(WARREN, "aria", "I sleep on the floor")[0] == "rest"


def test_sleep_says_up_front_it_does_nothing_to_the_undead() -> None:
    state = build_situation(Situation.model_validate(tomllib.loads(STRAND_FIGHT)))
    state.party["ione"].spells.append("sleep")
    intent = understand("cast sleep on thrall 1", "ione", state, state.campaign)
    assert intent.kind == "cast" and "does nothing" in intent.note


def test_a_line_that_changes_its_mind_does_the_last_thing_said() -> None:
    line = "I pick the lock.. wait no, I kick the trapdoor"
    assert read(INN, "thorin", line) == ("challenge", ("force_trapdoor",))
    assert read(INN, "thorin", "attack Berta, wait no")[0] == "ask"
