"""What the hearing must not hear: lines that share words with a judgment and do not
carry it — an act of speech denied, a word said as part of a longer thought, praise said
with an insult, goods named without being offered, kind words said with a threat or in
mockery, words sent on to someone else — each beside a line that does carry it."""

from __future__ import annotations

from functools import cache

import pytest

from app.world.campaign import Campaign
from app.world.campaignfile import load_campaign
from app.world.eventspec import JudgmentSpec
from app.world.folders import CAMPAIGNS_DIR
from app.world.heard import Entry
from app.world.sensitivity import SensitivityMap, build


@cache
def _campaign(name: str) -> Campaign:
    return load_campaign(CAMPAIGNS_DIR / name)


def heard(campaign: str, scene: str, to: str, text: str) -> set[str]:
    """The judgments a line said to ``to`` is heard as, at the campaign's floor."""
    shipped = _campaign(campaign)
    found = build(shipped, scene, [to]).heard(text, to, [to])
    return {m.entry.id for m in found if m.confidence >= shipped.events.min_confidence}


@pytest.mark.parametrize(
    ("campaign", "scene", "to", "text", "expected"),
    [
        # words called to a party member are said to a friend, unless they turn to one here
        ("crossroads", "chief_hall", "grubnak", "Mira, you're the bravest of us all.", set()),
        ("crossroads", "inn", "berta", "Nice work, Mira. You're the real hero.", set()),
        ("crossroads", "inn", "berta", "Don't be rude, Thorin. Sorry, Berta, we'll find your "
         "Tam.", {"berta_reassured"}),
        # an act of speech denied is neither the act nor its opposite
        ("crossroads", "chief_hall", "grubnak", "I'm not here to insult anyone.", set()),
        ("crossroads", "chief_hall", "grubnak", "Nobody is threatening anybody.", set()),
        ("crossroads", "chief_hall", "grubnak", "guys, do NOT mock the saucepan", set()),
        ("crossroads", "chief_hall", "grubnak", "I won't flatter you either.", set()),
        ("drowned_bell", "lighthouse", "wendel", "I'm not calling you a liar.", set()),
        ("drowned_bell", "lighthouse", "wendel", "I'm not saying it was your fault.", set()),
        # … but the listener's own insult, refused, is still a slight
        ("crossroads", "inn", "berta", "Twenty gold? Don't insult me, woman.", {"berta_slighted"}),
        # "whatever" dismisses only said on its own
        ("crossroads", "inn", "berta", "Whatever it takes, we'll bring Tam home.",
         {"berta_reassured"}),
        ("crossroads", "inn", "berta", "ugh, whatever. not my problem", {"berta_slighted"}),
        ("crossroads", "inn", "berta", "whatever lady, just gimme the key", {"berta_slighted"}),
        # praise said with the campaign's own words of insult is mockery
        ("crossroads", "chief_hall", "grubnak", "lol the goblin king wears kitchenware",
         {"grubnak_insulted"}),
        ("crossroads", "chief_hall", "grubnak", "Boss of a hole full of stolen boots. Wow. "
         "Impressive. Really.", {"grubnak_insulted"}),
        ("crossroads", "chief_hall", "grubnak", "You're a fair and mighty chief, and we'd be "
         "fools to cross you.", {"grubnak_respected"}),
        # goods named are an offer only in a line that gives
        ("crossroads", "chief_hall", "grubnak", "So he likes sausages. Noted.", set()),
        ("crossroads", "chief_hall", "grubnak", "Those sausages were stolen from Berta.", set()),
        ("crossroads", "chief_hall", "grubnak", "Here, a string of sausages for you.",
         {"grubnak_offered"}),
        ("crossroads", "chief_hall", "grubnak", "Food for peace. You eat well, the inn sleeps "
         "quiet.", {"grubnak_offered"}),
        # a threat is no kindness and no offer
        ("drowned_bell", "chapel", "maelis", "Let go of that rope or I'll cut you down.", set()),
        ("crossroads", "chief_hall", "grubnak", "Bow to us, little pot-goblin, or meet the "
         "sharp end of this.", set()),
        ("crossroads", "chief_hall", "grubnak", "Take the sausages or we'll burn your nest.",
         {"grubnak_insulted"}),
        ("drowned_bell", "harbour", "nessa", "I'll bring him back or die trying.",
         {"nessa_comforted"}),
        # kind words said in mockery
        ("drowned_bell", "lighthouse", "wendel", "Some hero you are, Wendel. Ran away and "
         "left a woman holding the rope.", {"wendel_accused"}),
        ("crossroads", "chief_hall", "grubnak", "ur not scary lol. ur like three feet tall",
         {"grubnak_insulted"}),
        ("drowned_bell", "lighthouse", "wendel", "You're pathetic. Sitting in the dark feeling "
         "sorry for yourself while people drown.", {"wendel_accused"}),
        # an offer or a vow asked of the listener is not made to them
        ("crossroads", "chief_hall", "grubnak", "Make us an offer, goblin.", set()),
        ("crossroads", "chief_hall", "grubnak", "So what's your offer, then?", set()),
        ("crossroads", "chief_hall", "grubnak", "We offer you sausages for the boy.",
         {"grubnak_offered"}),
        ("drowned_bell", "harbour", "nessa", "Swear to me you won't follow us onto the sand.",
         set()),
        ("drowned_bell", "harbour", "nessa", "Promise me you'll stay off the shore tonight.",
         set()),
        # words sent on to someone else are theirs
        ("drowned_bell", "lighthouse", "wendel", "Tell Nessa we'll bring Corin home.", set()),
        # a question put as another way of asking ("… or who else …") is no "or else"
        ("crossroads", "inn", "berta", "Berta, have you got a spare key anywhere? or who else "
         "might have one", set()),
        ("crossroads", "inn", "berta", "Find us the gold, or else.", {"berta_slighted"}),
    ],
)  # fmt: skip
def test_what_a_line_is_heard_as(
    campaign: str, scene: str, to: str, text: str, expected: set[str]
) -> None:
    assert heard(campaign, scene, to, text) == expected


ALONE = JudgmentSpec(
    category="trust_shift", about="berta", direction="down", keywords=["whatever.", "fine."]
)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("whatever", True),
        ("Whatever.", True),
        ("fine, whatever, we'll look", True),
        ("whatever granny", True),
        ("whatever it takes", False),
        ("we'll deal with whatever's down there", False),
        ("a fine ale", False),
    ],
)
def test_a_keyword_ending_in_a_full_stop_matches_only_said_on_its_own(
    text: str, expected: bool
) -> None:
    assert bool(SensitivityMap([Entry("brushed_off", ALONE)]).match(text)) is expected
