"""How a line is said: exclamations that start like questions, mocking lines whose kind
words mean their opposite, and prefaces ("I won't lie to you") whose negation negates
nothing the line says. No meaning model is needed: these are read from the words."""

from __future__ import annotations

import pytest

from app.world.eventspec import JudgmentSpec
from app.world.heard import Entry
from app.world.sensitivity import SensitivityMap, tokenize
from app.world.tone import hedged, mocking, questioned, undecided, without_prefaces

PRAISED = JudgmentSpec(
    category="respect_shift", about="grubnak", direction="up", keywords=["great chief", "bow"]
)
MOCKED = JudgmentSpec(
    category="respect_shift", about="grubnak", direction="down", negated="praised",
    keywords=["idiot"],
)  # fmt: skip
CALMED = JudgmentSpec(category="trust_shift", about="berta", direction="up", keywords=["safe"])
MAP = SensitivityMap([Entry("praised", PRAISED), Entry("mocked", MOCKED), Entry("calmed", CALMED)])


def heard(text: str, to: str = "grubnak") -> set[str]:
    return {m.entry.id for m in MAP.heard(text, to, [to])}


@pytest.mark.parametrize(
    ("text", "asked"),
    [
        ("What a magnificent helmet, your majesty.", False),  # an exclamation
        ("what an honour to meet the great chief", False),
        ("What a helmet?", True),  # "?" asks, whatever the start
        ("What helmet is that", True),
        ("Will you trust us", True),
        ("May your spoon be ever mighty, Lord Grubnak.", False),  # a wish
        ("May we come in", True),
        ("how about you shut up and give us the key", False),  # a proposal, said
        ("how about a trade?", True),
        ("A coward's hands never stop shaking, do they?", False),  # a tag: said
        ("You're a liar, aren't you?", False),
        ("Is the reward twenty gold, or thirty?", True),  # no tag: asked
    ],
)
def test_exclamations_wishes_and_proposals_do_not_ask(text: str, asked: bool) -> None:
    assert questioned(tokenize(text), 1) is asked  # a word early in the sentence


@pytest.mark.parametrize(
    "text",
    [
        "Pfft. Great chief my boot.",
        "oh yes, truly the most fearsome warlord *snickers*",
        "Bow, everyone, bow before the Lord of Pots! *laughs*",
        "oh sure, real heroic of you",
        "it's *totally* not your fault",
        "I smirk at him.",
        "Grubnak the Great? More like Grubnak the Grubby.",
        "Mira snickers at the goblin's helmet.",
        "Aria giggles behind her hand at the dented helmet.",
        "Wren mimics the old man's quaver: 'Oh, I'm too old.'",
    ],
)
def test_mockery_is_read(text: str) -> None:
    assert mocking(text)


@pytest.mark.parametrize(
    "text",
    [
        "We laughed about it all the way here.",
        "my boots are soaked",
        "Sure, we'll help you.",
        "Great chief, we bow to you.",
        "He chuckles into his beer.",
        "The children giggle at the window.",
    ],
)
def test_plain_lines_are_not_mockery(text: str) -> None:
    assert not mocking(text)


def test_kind_words_said_mocking_mean_their_opposite() -> None:
    assert heard("Great chief, we bow to you.") == {"praised"}
    assert heard("Pfft. Great chief my boot.") == {"mocked"}  # the judgment that negates it
    assert heard("Bow before the Lord of Pots! *laughs*") == {"mocked"}
    assert heard("We're safe now *snickers*", to="berta") == set()  # no opposite: nothing
    assert heard("You idiot *snickers*") == {"mocked"}  # unkind words stand


ACCUSED = JudgmentSpec(
    category="trust_shift", about="wendel", direction="down", keywords=["liar"],
    fields=["insult"],
)  # fmt: skip
SOOTHED = JudgmentSpec(category="trust_shift", about="nessa", direction="up", keywords=["safe"])
DERIDED = SensitivityMap([Entry("accused", ACCUSED), Entry("soothed", SOOTHED)])


def test_mocking_the_one_spoken_to_is_a_slight_whatever_the_words() -> None:
    """Laughing at someone, or mimicking them, slights them though no word is unkind: the
    judgment that moves them down and listens for insults."""

    def derided(text: str, to: str) -> set[str]:
        return {m.entry.id for m in DERIDED.heard(text, to, [to])}

    assert derided("Wren mimics the old man's quaver.", "wendel") == {"accused"}
    assert derided("Cass snickers at the keeper's cap and looks at the sea.", "wendel") == {
        "accused"
    }
    assert derided("Cass looks at the keeper's cap and then at the sea.", "wendel") == set()
    assert derided("Cass snickers at the fishwife's cap.", "nessa") == set()  # none to make


@pytest.mark.parametrize(
    ("text", "rest"),
    [
        ("I'm not going to lie to you, it might be bad down there.", "it might be bad down there."),
        ("I won't lie to you, he may be dead", "he may be dead"),
        ("Honestly, the kid's been gone a whole day.", "the kid's been gone a whole day."),
        ("It wasn't your fault.", "It wasn't your fault."),  # no preface: as it is
        ("Honestly.", "Honestly."),  # nothing left: the line itself
    ],
)
def test_prefaces_are_left_out_of_a_lines_meaning(text: str, rest: str) -> None:
    assert without_prefaces(text) == rest


VOWED = JudgmentSpec(
    category="trust_shift", about="nessa", direction="up", keywords=["promis*", "don't worry"]
)
GIFT = JudgmentSpec(category="intent", about="grubnak", keywords=["sausage*"], fields=["offer"])
PROMISES = SensitivityMap([Entry("vowed", VOWED), Entry("gift", GIFT)])


@pytest.mark.parametrize(
    ("text", "to", "expected"),
    [
        ("I promise we'll find him.", "nessa", {"vowed"}),
        ("Promise me you'll lock the door behind us.", "nessa", set()),  # asked of her
        ("I promise nothing, but I'll look.", "nessa", set()),  # a vow refused
        ("Don't worry, we'll find him.", "nessa", {"vowed"}),
        ("We'll do it for free, don't worry about the money.", "nessa", {"vowed"}),
        ("Don't worry about the key, I'll pick the lock.", "nessa", set()),  # a task taken on
        ("Don't worry about showing us the way, I know this harbour.", "nessa", set()),
        ("Have some sausages, chief.", "grubnak", {"gift"}),
        ("Hand over the sausages or else.", "grubnak", set()),  # demanded, not offered
        ("Give back the sausages, thief.", "grubnak", set()),
    ],
)
def test_vows_asked_refused_or_for_a_task_promise_nothing(
    text: str, to: str, expected: set[str]
) -> None:
    assert {m.entry.id for m in PROMISES.heard(text, to, [to])} == expected


SCORN = JudgmentSpec(
    category="trust_shift", about="berta", direction="down", keywords=["why should we care"]
)
CARE = SensitivityMap([Entry("scorn", SCORN)])


def test_a_keyword_written_as_a_question_is_not_weakened_by_being_asked() -> None:
    (match,) = CARE.heard("Why should we care about your potboy?", "berta", ["berta"])
    assert match.confidence == SCORN.confidence


@pytest.mark.parametrize(
    "text",
    [
        "The great chief of the turnip thieves. How terrifying.",
        "lol the brave keeper, hiding in his tower while the village drowns",
        "Oh no, I'm shaking.",
    ],
)
def test_sarcasm_is_mocking(text: str) -> None:
    assert mocking(text)


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("We haven't decided whether we're taking the job yet.", False),
        ("I'll be honest, I don't know what's down there.", False),
        ("I don't know what's down there, but we'll bring him back safe.", True),
    ],
)
def test_an_undecided_line_vouches_for_nothing(text: str, kept: bool) -> None:
    assert undecided(text) is not kept


def test_what_an_undecided_line_says_is_not_heard_as_an_assurance() -> None:
    assert heard("you're safe with us", "berta") == {"calmed"}
    assert heard("we're not sure you're safe with us", "berta") == set()


@pytest.mark.parametrize(
    "text",
    [
        "We'll keep you safe. No guarantees though.",
        "We'll get round to your little problem eventually, you're safe enough.",
        "You're safe, when we feel like it.",
        "If we had gold we'd keep you safe, but we're skint.",  # given only if
        "I was going to bring you something to keep you safe, but I left it at the inn.",
    ],
)
def test_an_assurance_taken_back_in_the_same_breath_is_no_assurance(text: str) -> None:
    assert hedged(text)
    assert heard(text, "berta") == set()


def test_an_assurance_with_no_hedge_is_heard() -> None:
    assert not hedged("You're safe with us, I promise.")
    assert heard("You're safe with us, I promise.", "berta") == {"calmed"}


def test_a_look_in_stars_says_nothing_to_anyone() -> None:
    from app.world.said_how import only_looked

    assert only_looked("*looks at the cold grate, then at the unlit lamp above*")
    assert not only_looked("*looks at you kindly*")  # at the one spoken to: a gesture
    assert not only_looked("*puts a hand on his shoulder*")


SOOTHE = JudgmentSpec(
    category="trust_shift", about="berta", direction="up", keywords=["comfort*", "reassur*"]
)
LIAR = JudgmentSpec(category="trust_shift", about="berta", direction="down", keywords=["lying"])
SOOTHING = SensitivityMap([Entry("soothed", SOOTHE), Entry("slighted", LIAR)])


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("A reassuring fire you've got going. I'll sit by it.", set()),  # the fire reassures
        ("Comforting place you've got here.", set()),
        ("*puts a comforting hand on her arm*", {"soothed"}),  # a token of care
        ("Comforting her, Mira says the boy will be fine.", {"soothed"}),
        ("Lying old goat.", {"slighted"}),  # a slight's -ing word describes the listener
    ],
)
def test_a_kind_word_that_describes_a_thing_says_nothing_to_the_listener(
    text: str, expected: set[str]
) -> None:
    assert {m.entry.id for m in SOOTHING.match(text)} == expected
