"""The benchmarks run (tiny sizes): a broken benchmark is caught by the suite, but no
timing is asserted — timings are for people to read, not for CI to judge."""

from __future__ import annotations

import pytest

from tests.benchmarks import bench_dice


def test_bench_dice_runs_and_reports_every_formula(capsys: object) -> None:
    rows = bench_dice.main(["--number", "200", "--repeat", "1"])
    assert [r[0] for r in rows] == ["1d20+5", "8d6", "4d6kh3", "2d20kh1+7"]
    assert all(rate > 0 and ratio > 0 for _, rate, ratio in rows)


def test_bench_turn_runs_and_reports_each_checkpoint() -> None:
    from tests.benchmarks import bench_turn

    rows = bench_turn.main(["--turns", "4", "12", "--window", "2", "--reaction-runs", "2"])
    assert [r["turn"] for r in rows] == [4, 12]
    for row in rows:
        assert row["ms"] > 0 and row["save_ms"] > 0 and row["prompt"] > 0 and row["naive"] > 0
        assert row["tools"] > 0 and row["request_tokens"] > row["tools"] // 4


def test_bench_combat_runs_both_scenarios() -> None:
    from tests.benchmarks import bench_combat

    rows = bench_combat.main(["--fights", "20", "--session-fights", "2"])
    assert [r[0] for r in rows] == [
        "1 fighter vs 1 goblin", "4 characters vs 6 goblins", "4 with a cleric vs 6 mixed"
    ]  # fmt: skip
    assert all(fast > 0 and slow > 0 for _, fast, slow, _ in rows)


def test_bench_saves_runs() -> None:
    from tests.benchmarks import bench_saves

    rows = bench_saves.main(["--repeat", "1", "--turns", "3", "20"])
    assert [(r["turns"], r["fight"]) for r in rows] == [(3, False), (20, False), (20, True)]
    for row in rows:
        assert row["save_ms"] > 0 and row["load_ms"] > 0 and row["old_load_ms"] > 0
        assert row["main_kb"] > 0 and row["story_kb"] > 0 and row["old_kb"] > row["story_kb"]


def test_bench_rewind_takes_turns_back_in_a_sitting_and_after_loading() -> None:
    from tests.benchmarks import bench_rewind

    rows = bench_rewind.main(["--turns", "55", "--runs", "1"])
    assert rows[0]["turns"] == 55
    assert all(rows[0][k] > 0 for k in ("undo_ms", "rewind_ms", "disk_undo_ms",
                                         "disk_rewind_ms", "load_ms"))  # fmt: skip


def test_bench_tui_runs() -> None:
    from tests.benchmarks import bench_tui

    figures = bench_tui.main(["--repeat", "1", "--events", "3", "--history", "30", "--story", "30"])
    assert all(figures[k] > 0 for k in ("bare", "title", "play", "fresh_ms", "grown_ms"))
    assert all(figures[k] > 0 for k in ("story_open_ms", "help_open_ms", "search_key_ms"))


def test_bench_turn_saves_runs() -> None:
    from tests.benchmarks import bench_turn_saves

    rows = bench_turn_saves.main(["--rounds", "1", "--turns", "3"])
    assert rows[0]["turns"] == 3 and rows[0]["save_ms"] > 0 and rows[0]["round_ms"] > 0


def test_bench_startup_runs() -> None:
    from tests.benchmarks import bench_startup

    figures = bench_startup.main(["--runs", "1", "--only", "help,title"])
    assert set(figures) == {"python", "bare", "help", "title"}
    assert all(seconds > 0 for seconds in figures.values())


def test_bench_events_saves_measures_a_game_with_and_without_its_ledger() -> None:
    from tests.benchmarks import bench_events_saves

    with_ledger, without = bench_events_saves.run(events=200, repeat=1)
    assert with_ledger["events"] >= 200 and without["events"] == 0
    assert with_ledger["turns"] == without["turns"]
    assert with_ledger["story_kb"] > without["story_kb"] > 0
    assert with_ledger["autosave_ms"] > 0 and without["load_ms"] > 0


def test_bench_events_runs_its_sections() -> None:
    from tests.benchmarks import bench_events

    found = bench_events.main(
        ["--sizes", "20", "--events", "300", "--passes", "2", "--runs", "1", "--deferred", "5",
         "--quick"]
    )  # fmt: skip
    (row,) = found["triggers"]
    assert row["triggers"] == 20 and row["ms"] > 0 and row["ratio"] > 0
    assert found["boundary"]["ms"] > 0 and found["boundary"]["ratio"] > 0


def test_bench_balance_runs_every_scenario_with_and_without_a_log() -> None:
    from tests.benchmarks import bench_balance

    rows = bench_balance.main(["--fights", "20", "--repeat", "1"])
    assert [r[0] for r in rows] == [
        "Grubnak's band (fresh party)", "red dragon wyrmling", "a saved fight (--load)"
    ]  # fmt: skip
    assert all(plain > 0 and one > 0 and every > 0 for _, plain, one, every in rows)


def test_bench_judgments_measures_the_lexicon_corpus() -> None:
    from tests.benchmarks import bench_judgments

    tp, fp, fn, nothing, quiet = bench_judgments.measure(
        bench_judgments.DATA / "judgments_blind.toml"
    )
    assert tp + fn > 0 and nothing > 0 and 0 <= quiet <= nothing and fp >= 0


def test_bench_judgments_measures_each_line_against_its_own_campaign() -> None:
    from tests.benchmarks import bench_judgments

    campaigns = bench_judgments._campaigns()
    of = bench_judgments.campaign_of
    assert "wendel_accused" in of({"scene": "lighthouse"}, campaigns).judgments
    assert "berta_reassured" in of({"scene": "inn"}, campaigns).judgments
    named = of({"scene": "inn", "campaign": "drowned_bell"}, campaigns)
    assert "nessa_comforted" in named.judgments


def test_bench_judgments_lofo_chooses_thresholds_without_the_corpus_left_out() -> None:
    from app.world import meaning
    from tests.benchmarks import bench_judgments_lofo as lofo

    loose, strict = (0.6, 0.7, 0.0), (0.7, 0.75, 0.04)
    tables = {
        loose: {"a": (90, 10, 10), "b": (50, 1, 50)},  # a: precision 0.9, recall 0.9
        strict: {"a": (60, 1, 40), "b": (40, 1, 60)},  # a: precision 0.98, recall 0.6
    }
    assert lofo._choose(tables, ["a"], 0.95) == strict  # the most recall at the target
    assert lofo._choose(tables, ["b"], 0.95) == loose

    def now() -> tuple[float, float, float]:
        return meaning.NEAR, meaning.NEGATED_NEAR, meaning.MARGIN

    kept = now()
    with lofo._thresholds(*strict):
        assert now() == strict
    assert now() == kept


def test_bench_combat_measures_one_scenario_through_the_session_alone() -> None:
    from tests.benchmarks import bench_combat

    rows = bench_combat.main(["--only", "session", "--scenario", "1v1", "--session-fights", "2"])
    assert [r[0] for r in rows] == ["1 fighter vs 1 goblin"]
    _, fast, slow, _ = rows[0]
    assert fast == 0 and slow > 0  # the rules-only loop was not run


def test_bench_combat_makes_each_sessions_game_just_before_its_fight(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # one game in memory at a time, as in play: games made ahead for every fight would be
    # walked by the garbage collector while the fights are timed
    from app.world.campaignfile import load_campaign
    from app.world.folders import CAMPAIGNS_DIR
    from tests.benchmarks import bench_combat

    made: list[int] = []
    at_fight: list[int] = []
    table = bench_combat._session_table

    def making(base: object, seed: int) -> object:
        made.append(seed)
        return table(base, seed)  # type: ignore[arg-type]

    async def fighting(session: object) -> str:
        at_fight.append(len(made))
        return "party"

    monkeypatch.setattr(bench_combat, "_session_table", making)
    monkeypatch.setattr(bench_combat, "_session_fight", fighting)
    campaign = load_campaign(CAMPAIGNS_DIR / "crossroads")
    bench_combat.whole_session(campaign, ["thorin"], [("goblin", 1)], 3)
    assert at_fight == [1, 2, 3]
