"""The matching benchmark runs (one pass, small maps); no timing is asserted."""

from __future__ import annotations

from tests.benchmarks import bench_events_matching


def test_bench_events_matching_runs_and_reports_each_size() -> None:
    rows = bench_events_matching.run(repeat=1, sizes=(10, 50))
    assert [r["entries"] for r in rows] == [10, 50]
    assert all(r["map_us"] > 0 and r["split_us"] > 0 and r["regex_us"] > 0 for r in rows)
