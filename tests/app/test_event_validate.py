"""``dungeon validate`` on the event system's tables: each mistake an author can make in
atoms, thresholds, triggers, ties, judgments, counters and off-screen changes is found,
with its key path and a did-you-mean where a near name exists."""

from __future__ import annotations

import copy
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from app.world.campaignfile import parse_campaign
from app.world.validate import validate_campaign
from tests.app.test_campaign import raw

Data = dict[str, Any]


def base() -> Data:
    """The shipped campaign with a judgment, a counter and a tie to build on."""
    data = copy.deepcopy(raw())
    data.setdefault("judgments", {})["berta_reassured"] = {
        "category": "trust_shift", "about": "berta", "direction": "up",
        "keywords": ["promis*", "we will find him"], "confidence": 0.7, "shift": {"trust": 1},
    }  # fmt: skip
    data.setdefault("counters", {})["noise"] = {"start": 0}
    return data


def when(data: Data, fact: Data) -> None:
    """Make the first trigger's condition ``fact``."""
    data["triggers"][0]["when"] = fact


def problems(change: Callable[[Data], object]) -> list[str]:
    data = base()
    change(data)
    campaign = parse_campaign(data, Path("test.toml"))
    return [str(p) for p in validate_campaign(campaign)]


def test_the_base_is_clean() -> None:
    assert problems(lambda d: None) == []


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        (lambda d: when(d, {"present": "bertha"}),
         "dangling reference: triggers[0] (tam_found).when.present: no npc 'bertha' — did you "
         "mean 'berta'?"),
        (lambda d: when(d, {"met": "tom"}), "when.met: no npc 'tom' — did you mean 'tam'?"),
        (lambda d: when(d, {"spoke_to": "nobody"}), "when.spoke_to: no npc 'nobody'"),
        (lambda d: when(d, {"visited": "celar"}),
         "when.visited: no scene 'celar' — did you mean 'cellar'?"),
        (lambda d: when(d, {"examined": "teh_casks"}), "when.examined: no feature, npc or item"),
        (lambda d: when(d, {"goal": "find_tom"}), "when.goal: no goal 'find_tom'"),
        (lambda d: when(d, {"judged": "berta_reasured"}),
         "when.judged: no judgment 'berta_reasured' — did you mean 'berta_reassured'?"),
        (lambda d: when(d, {"happened": "fired.tam_fond"}),
         "when.happened: no trigger 'tam_fond' — did you mean 'tam_found'?"),
        (lambda d: when(d, {"happened": "entered.cellar", "after": "spoke_to.bertaa"}),
         "when.after: no npc 'bertaa' — did you mean 'berta'?"),
        (lambda d: when(d, {"happened": "wandered.cellar"}),
         "unknown proposition: triggers[0] (tam_found).when.happened: no proposition "
         "'wandered'"),
        (lambda d: when(d, {"happened": "shifted_down.trust.grubnak_x"}), "unknown score"),
        (lambda d: when(d, {"compare": "trsut.berta <= -2"}),
         "unknown score: triggers[0] (tam_found).when.compare: 'trsut.berta' names no "
         "dimension of an npc, nor a counter — did you mean 'trust.berta'?"),
        (lambda d: when(d, {"compare": "nosie >= 3"}), "did you mean 'noise'?"),
        (lambda d: when(d, {"all": [{"flag": "tam_found"},
                                    {"threshold": {"min": 2, "of": [
                                        {"visited": "cellar"}, {"judged": "berta_reassured"},
                                        {"present": "bertha"}]}}]}),
         "triggers[0] (tam_found).when.all[1].threshold.of[2].present: no npc 'bertha'"),
        (lambda d: when(d, {"threshold": {"min": 1.5, "of": [
                                {"judged": "berta_reassured"}, {"judged": "berta_reassured"}]}}),
         "unreachable threshold: triggers[0] (tam_found).when.threshold: its conditions sum "
         "to at most 1.4, below min = 1.5"),
        (lambda d: d["triggers"][0].update(refractory=3),
         "ignored option: triggers[0] (tam_found).refractory: refractory needs an ongoing "
         "trigger"),
        (lambda d: d["triggers"][0].update(critical=True),
         'ignored option: triggers[0] (tam_found).critical: critical goes with tier = '
         '"deferred"'),
        (lambda d: d["npcs"]["berta"].update(ties={"tom": 0.5}),
         "dangling reference: npcs.berta.ties.tom: no npc 'tom' — did you mean 'tam'?"),
        (lambda d: d["npcs"]["berta"].update(ties={"berta": 0.5}),
         "bad tie: npcs.berta.ties.berta: an npc cannot be tied to themself"),
        (lambda d: d["npcs"]["berta"].update(ties={"tam": 1.5}),
         "bad tie: npcs.berta.ties.tam: 1.5 is not a weight from 0 to 1"),
        (lambda d: d["npcs"]["berta"].update(start={"trsut": 1}),
         "npcs.berta.start.trsut: no dimension 'trsut' — did you mean 'trust'?"),
        (lambda d: d["judgments"]["berta_reassured"].update(about="bertha"),
         "judgments.berta_reassured.about: no npc 'bertha'"),
        (lambda d: d["judgments"]["berta_reassured"].update(negated="berta_scared"),
         "judgments.berta_reassured.negated: no judgment 'berta_scared'"),
        (lambda d: d["judgments"]["berta_reassured"].update(scenes=["attic"]),
         "judgments.berta_reassured.scenes: no scene 'attic'"),
        (lambda d: d["judgments"]["berta_reassured"].update(shift={"trsut": 1}),
         "judgments.berta_reassured.shift.trsut: no dimension or counter 'trsut' — did you "
         "mean 'trust'?"),
        (lambda d: d["judgments"]["berta_reassured"]["keywords"].append("Promis*"),
         "duplicate keyword: judgments.berta_reassured.keywords: 'Promis*' is given twice"),
        (lambda d: d.setdefault("events", {}).update(min_confidence=0.9),
         "nothing counts: events.min_confidence: 0.9 is above every judgment's confidence"),
        (lambda d: d.update(offscreen=[{"id": "rumour", "npc": "grubnak_", "effects": {}}]),
         "dangling reference: offscreen[0] (rumour).npc: no npc 'grubnak_'"),
        (lambda d: d.update(offscreen=[{"id": "rumour", "when": {"visited": "atic"},
                                        "effects": {"shift": {"nosie": 1}}}]),
         "unknown score: offscreen[0] (rumour).effects.shift.nosie"),
        (lambda d: d["triggers"][0]["effects"].update(shift={"trust.bertha": 1}),
         "unknown score: triggers[0] (tam_found).effects.shift.trust.bertha"),
    ],
)  # fmt: skip
def test_each_mistake_is_found_where_it_is(change: Callable[[Data], object], expected: str) -> None:
    found = problems(change)
    assert any(expected in p for p in found), found


def test_event_atoms_are_not_taken_for_triggers_that_never_fire() -> None:
    found = problems(lambda d: when(d, {"all": [{"flag": "trapdoor_open"}, {"present": "berta"},
                                                {"judged": "berta_reassured"}]}))  # fmt: skip
    assert found == [], found
