"""The scene map's layout: every scene placed once, none overlapping another, the start
first, scenes no way reaches still drawn, arrows routed between boxes, fewer crossings."""

from __future__ import annotations

from itertools import combinations

from hypothesis import given
from hypothesis import strategies as st

from app.authoring.playtest_map import box_height, place, scene_map
from app.authoring.scenemap import Layout, columns_of, layout
from app.world.campaign import Campaign
from app.world.campaignfile import load_campaign
from app.world.folders import CAMPAIGNS_DIR
from tests.benchmarks.bench_authoring import big_campaign

CROSSROADS = CAMPAIGNS_DIR / "crossroads"


def overlapping(laid: Layout) -> list[tuple[str, str]]:
    return [(a, b) for a, b in combinations(laid.boxes, 2)
            if laid.boxes[a].overlaps(laid.boxes[b])]  # fmt: skip


def assert_sound(laid: Layout, scenes: list[str], start: str) -> None:
    assert sorted(laid.boxes) == sorted(scenes)  # every scene once
    placed = [s for column in laid.order.values() for s in column]
    assert sorted(placed) == sorted(scenes)
    assert overlapping(laid) == []
    assert laid.columns[start] == 0 and laid.order[0][0] == start
    assert all(laid.columns[s] > 0 for s in scenes if s != start)
    for scene, box in laid.boxes.items():
        assert box.x >= 0 and box.y >= 0 and box.right <= laid.width
        assert box.bottom <= laid.height, scene


def big_story(scenes: int) -> Campaign:
    return Campaign.model_validate(big_campaign(scenes))


def test_the_hundred_scene_campaign_is_laid_out_without_overlap() -> None:
    story = big_story(100)
    found = scene_map(story, [])
    laid = place(found)
    assert_sound(laid, list(story.scenes), "s0")
    assert len(laid.order) > 5  # columns, not one long list
    for sid, node in found.nodes.items():  # each box as tall as its text, at least
        assert laid.boxes[sid].h >= box_height(node)


def test_the_shipped_campaign_reads_from_the_start() -> None:
    story = load_campaign(CROSSROADS)
    laid = place(scene_map(story, []))
    assert_sound(laid, list(story.scenes), "inn")
    assert laid.columns == {"inn": 0, "old_road": 1, "cellar": 1, "warren": 2, "chief_hall": 3}
    assert laid.reachable_columns == 4


def test_scenes_no_way_reaches_are_drawn_after_the_others() -> None:
    order = ["start", "hall", "island", "islet", "cut_off"]
    links = [("start", "hall"), ("island", "islet"), ("islet", "start")]
    laid = layout(order, links, "start", {})
    assert_sound(laid, order, "start")
    assert laid.reachable_columns == 2
    assert laid.columns["island"] == 2 and laid.columns["islet"] == 3
    assert laid.columns["cut_off"] == 2  # a scene with no way in or out: in the first of them
    assert laid.boxes["island"].x > laid.boxes["hall"].right


def test_an_arrow_across_columns_runs_between_the_boxes() -> None:
    order = ["a", "b", "c", "d", "e", "f"]
    links = [("a", "b"), ("b", "c"), ("c", "d"), ("a", "e"), ("e", "f"), ("f", "d"), ("d", "a")]
    laid = layout(order, links, "a", {})
    route = laid.routes[links.index(("d", "a"))]  # back from column 3 to column 0
    assert len(route.points) == 2 + 2 * 2  # across columns 2 and 1
    assert route.points[0][0] == laid.boxes["d"].x and route.points[-1][0] == laid.boxes["a"].right
    for x, y in route.points[1:-1]:
        for box in laid.boxes.values():
            assert not (box.x <= x <= box.right and box.y <= y <= box.bottom)


def test_a_way_there_and_a_way_back_never_share_an_end() -> None:
    laid = layout(["a", "b"], [("a", "b"), ("b", "a")], "a", {})
    there, back = laid.routes
    assert there.points[0] != back.points[-1] and there.points[-1] != back.points[0]
    assert there.points[0][0] == back.points[-1][0] == laid.boxes["a"].right


def test_a_way_within_a_column_loops_out_to_the_side() -> None:
    laid = layout(["a", "b", "c"], [("a", "b"), ("a", "c"), ("b", "c")], "a", {})
    route = laid.routes[2]
    assert route.loop and laid.columns["b"] == laid.columns["c"] == 1
    assert route.points[0][0] == route.points[-1][0] == laid.boxes["b"].right


def test_the_order_in_a_column_follows_its_neighbours() -> None:
    # listed c before d, but d hangs from the upper branch: kept as listed, the arrows cross
    order = ["s", "a", "b", "c", "d"]
    laid = layout(order, [("s", "a"), ("s", "b"), ("a", "d"), ("b", "c")], "s", {})
    assert laid.order[1] == ["a", "b"] and laid.order[2] == ["d", "c"]


def test_a_tall_box_pushes_the_next_one_down() -> None:
    laid = layout(["s", "a", "b"], [("s", "a"), ("s", "b")], "s", {"a": 300.0, "b": 40.0})
    upper, lower = sorted((laid.boxes["a"], laid.boxes["b"]), key=lambda b: b.y)
    assert upper.h == 300.0 and lower.y >= upper.bottom


def test_the_columns_are_distances_from_the_start() -> None:
    column, reached = columns_of(["a", "b", "c"], [("a", "b"), ("b", "c"), ("a", "c")], "a")
    assert column == {"a": 0, "b": 1, "c": 1} and reached == 2


graphs = st.integers(min_value=1, max_value=40).flatmap(
    lambda n: st.tuples(
        st.just(n),
        st.lists(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)), max_size=3 * n),
        st.dictionaries(st.integers(0, n - 1), st.floats(20, 200), max_size=n),
    )
)


@given(graphs)
def test_any_campaign_shape_is_laid_out_soundly(
    graph: tuple[int, list[tuple[int, int]], dict[int, float]],
) -> None:
    n, edges, tall = graph
    order = [f"s{i}" for i in range(n)]
    links = [(order[a], order[b]) for a, b in edges]
    laid = layout(order, links, "s0", {order[i]: h for i, h in tall.items()})
    assert_sound(laid, order, "s0")
    assert len(laid.routes) == len(links)
    for (source, target), route in zip(links, laid.routes, strict=True):
        assert route.points, (source, target)
        if laid.columns[source] != laid.columns[target]:  # moving one column a step
            xs = [x for x, _ in route.points]
            assert xs == sorted(xs) or xs == sorted(xs, reverse=True)  # never doubles back
