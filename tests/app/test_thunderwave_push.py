"""SRD 5.1, Thunderwave: a creature that fails its Constitution save is pushed 10 feet away
from the caster. In the positions model a push breaks its engagement with the caster (and
provokes no opportunity attack: it is not the creature's own move); one that saves stays."""

from __future__ import annotations

from rules import positions as p
from rules.damage import Vitals
from tests.app.spell_party import doomed, fight, run, spell_party, sure


def test_thunderwave_pushes_only_those_that_fail_the_save() -> None:
    state = spell_party()
    state.party["ilsa"].spells.append("thunderwave")
    fight(state, turn="ilsa")  # everyone in one close melee
    first, second = (c.id for c in state.encounter.order if c.id.startswith("goblin"))  # type: ignore[union-attr]
    doomed(state, first)
    state.creatures[first].vitals = Vitals.full(60)  # it lives to be pushed
    sure(state, second)
    out = run(state, "cast_spell", caster_id="ilsa", spell="thunderwave",
              target_ids=[first, second])  # fmt: skip
    by_target = {r["target"]: r for r in out["result"]["results"]}
    where = state.encounter.positions  # type: ignore[union-attr]
    assert by_target[first]["pushed_ft"] == 10
    assert "ilsa" not in where[first].engaged and first not in where["ilsa"].engaged
    assert "thorin" in where[first].engaged  # only the caster is pushed away from
    assert "pushed_ft" not in by_target[second]
    assert "ilsa" in where[second].engaged
    assert not [e for e in out["events"] if e.type == "dice_roll" and e.check_type == "attack_roll"]


def test_parting_ends_one_engagement_on_both_sides() -> None:
    spots: dict[str, p.Spot] = {}
    p.scrum(spots, ["a", "b", "c"])
    assert p.part(spots, "a", "b")
    assert "b" not in spots["a"].engaged and "a" not in spots["b"].engaged
    assert "c" in spots["a"].engaged
    assert not p.part(spots, "a", "b")
