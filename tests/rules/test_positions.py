"""The position model: engagement pairs, range bands, what moving costs, cover, ranges."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from rules import positions as p


def test_engagement_is_kept_on_both_sides_and_moving_off_leaves_every_pair() -> None:
    spots: dict[str, p.Spot] = {}
    p.engage(spots, "rat-1", "thorin")
    p.engage(spots, "rat-2", "thorin")
    assert spots["thorin"].engaged == {"rat-1": 5, "rat-2": 5}
    assert p.band_between(spots, "rat-1", "thorin") == "engaged"
    assert p.leave(spots, "thorin") == ["rat-1", "rat-2"]
    assert all(not s.engaged for s in spots.values())


def test_engaging_someone_new_leaves_the_old_engagement_and_takes_their_band() -> None:
    spots = {"archer": p.Spot(band="far")}
    p.engage(spots, "thorin", "rat")
    p.engage(spots, "thorin", "archer")
    assert spots["thorin"].engaged == {"archer": 5} and spots["rat"].engaged == {}
    assert spots["thorin"].band == "far"


def test_distances_of_the_bands_decide_weapon_range() -> None:
    """SRD: beyond normal range an attack has disadvantage; beyond long range it cannot be
    made. Near is about 30 ft, far about 60 ft."""
    spots = {"a": p.Spot(), "b": p.Spot(), "c": p.Spot(band="far")}
    assert p.distance(spots, "a", "b") == p.NEAR_FT
    assert p.distance(spots, "a", "c") == p.FAR_FT
    assert p.in_range(p.NEAR_FT, 20, 60) == "long"  # a thrown dagger across the room
    assert p.in_range(p.FAR_FT, 80, 320) == "normal"  # a shortbow
    assert p.in_range(p.FAR_FT, 30) == "out"  # a 30-ft spell has no long range


def test_closing_costs_the_gap_less_the_reach() -> None:
    """A reach weapon (10 ft) stops 10 ft off: it spends 5 ft less and keeps that gap."""
    spots = {"a": p.Spot(), "b": p.Spot(), "c": p.Spot(band="far")}
    assert p.closing_cost(spots, "a", "b") == 25
    assert p.closing_cost(spots, "a", "b", p.REACH_FT) == 20
    assert p.closing_cost(spots, "a", "c") == 55
    p.engage(spots, "a", "b", p.REACH_FT)
    assert p.distance(spots, "a", "b") == 10 and p.closing_cost(spots, "a", "b") == 5


def test_what_moving_to_a_band_costs() -> None:
    assert p.band_cost(p.Spot(), "near") == 0
    assert p.band_cost(p.Spot(), "far") == p.NEAR_FT
    assert p.band_cost(p.Spot(engaged={"x": 5}), "near") == p.STEP_FT
    assert p.band_cost(p.Spot(engaged={"x": 5}), "far") == p.STEP_FT + p.NEAR_FT
    assert p.band_cost(p.Spot(band="far"), "near") == p.NEAR_FT


def test_cover_guards_against_all_but_those_engaged_with_the_one_behind_it() -> None:
    """SRD: half cover +2 AC and DEX saves, three-quarters +5, total: cannot be targeted.
    A foe that came round the barrels to fight hand to hand has nothing in its way."""
    spots: dict[str, p.Spot] = {}
    p.take_cover(spots, "mira", "half", "casks")
    assert p.cover_against(spots, "mira", "archer") == "half"
    assert p.COVER_AC["half"] == 2 and p.COVER_AC["three_quarters"] == 5
    p.engage(spots, "rat", "mira")
    assert p.cover_against(spots, "mira", "rat") == "none"
    assert p.cover_against(spots, "mira", "archer") == "half"
    assert p.describe(spots, "mira", {"rat": "Giant Rat 1"}, {"rat"}) == (
        "engaged with Giant Rat 1, behind casks (half cover)"
    )


def test_the_short_form_names_one_foe_counts_several_and_marks_cover() -> None:
    spots: dict[str, p.Spot] = {"x": p.Spot(band="far", cover="half", behind="cart")}
    p.scrum(spots, ["thorin", "rat-1", "rat-2"])
    names = {"rat-1": "Rat 1", "rat-2": "Rat 2", "thorin": "Thorin"}
    assert p.short(spots, "thorin", names, {"rat-1", "rat-2"}) == "⚔ 2"
    assert p.short(spots, "thorin", names, {"rat-1"}) == "⚔ Rat 1"  # rat 2 is dead
    assert p.short(spots, "x", names, set()) == "far ½"


@given(
    st.lists(
        st.tuples(st.sampled_from("abcde"), st.sampled_from("abcde"), st.sampled_from(["e", "l"])),
        max_size=30,
    )
)
def test_engagement_stays_symmetric_whatever_happens(moves: list[tuple[str, str, str]]) -> None:
    """Whoever engages or leaves whom, A engaged with B always means B engaged with A, at
    the same gap, and nobody is engaged with itself."""
    spots: dict[str, p.Spot] = {}
    for a, b, what in moves:
        if what == "e" and a != b:
            p.engage(spots, a, b)
        elif what == "l":
            p.leave(spots, a)
    for cid, here in spots.items():
        assert cid not in here.engaged
        for other, gap in here.engaged.items():
            assert spots[other].engaged.get(cid) == gap


@given(st.integers(min_value=0, max_value=120))
def test_any_reach_engages_within_the_engaged_band(reach: int) -> None:
    """A monster of any reach (a giant's 15 ft, a roper's 50) engages at 5 or 10 ft: what the
    model's engaged band holds, so a save of the fight stays loadable."""
    spots: p.Spots = {}
    p.engage(spots, "giant", "mira", reach)
    p.join(spots, "giant", "thorin", reach)
    for spot in spots.values():
        p.Spot.model_validate(spot.model_dump())
        assert all(p.MELEE_FT <= gap <= p.REACH_FT for gap in spot.engaged.values())
