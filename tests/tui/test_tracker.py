"""The initiative tracker and the party panel in a fight: the dead are marked, Shield's +5
shows in the AC, conditions stay whole words at 80 columns, and a wide terminal gives the
sidebar room."""

from __future__ import annotations

import io
import json
from pathlib import Path

from rich.console import Console
from rich.text import Text

from app.actions.calls import ToolCall
from app.actions.sets import ALL_TOOLS
from app.session.setup import session_for
from app.tui import make_app
from app.tui.driving import answer, play_screen, settle
from app.tui.showcase import TRIO, in_the_cellar, rat_fight
from app.tui.widgets.party import PartyPanel, member_lines
from app.tui.widgets.tracker import InitiativeTracker, Packed
from app.world.state import GameState


def use_tool(state: GameState, name: str, **arguments: object) -> None:
    outcome = ALL_TOOLS.execute(ToolCall("test", name, json.dumps(arguments)), state)
    assert outcome.ok, outcome


def tracker_lines(app) -> list[str]:
    """The tracker as drawn at its width, line by line."""
    tracker = play_screen(app).query_one(InitiativeTracker)
    console = Console(width=tracker.content_region.width, record=True, file=io.StringIO())
    console.print(tracker.render())
    return console.export_text().splitlines()


def styles_of(renderable: object, word: str) -> str:
    """The styles a word is drawn with (to see strike-through)."""
    console = Console(width=200, record=True, file=io.StringIO())
    console.print(renderable)
    return " ".join(
        str(segment.style) for segment in console._record_buffer if word in segment.text
    )


async def test_the_tracker_marks_a_dead_rat(tmp_path: Path) -> None:
    state = in_the_cellar()
    use_tool(state, "damage", target_id="giant-rat-2", amount="20", damage_type="slashing",
             reason="a falling cask")  # fmt: skip
    app = make_app(saves=tmp_path, session=session_for(state), save_as=None, still=True)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(pilot, react=False)
        tracker = play_screen(app).query_one(InitiativeTracker)
        assert tracker.panels is not None and tracker.panels.out["giant-rat-2"] == "dead"
        row = next(line for line in tracker_lines(app) if "Giant Rat 2" in line)
        assert row.lstrip("│ ").startswith("✝") and "dead" in row
        assert "strike" in styles_of(tracker.render(), "Giant Rat 2")
        alive = next(line for line in tracker_lines(app) if "Giant Rat 1" in line)
        assert "✝" not in alive and "dead" not in alive


async def test_shield_shows_its_five_points_of_ac(tmp_path: Path) -> None:
    app = make_app(saves=tmp_path, session=rat_fight(TRIO), save_as=None, still=True)
    async with app.run_test(size=(120, 36)) as pilot:
        await answer(pilot, "1")  # the first option: Cast Shield
        await settle(pilot, react=False)
        screen = play_screen(app)
        state = screen.session.state
        assert state.encounter is not None and any(
            e.id == "shield" for e in state.party["aria"].effects
        )
        base = state.party["aria"].armor_class
        row = next(line for line in tracker_lines(app) if "Aria" in line)
        assert f"{base + 5} (+5 shield)" in row
        party = screen.query_one(PartyPanel)
        assert party.panels is not None
        aria = next(m for m in party.panels.party if m.id == "aria")
        drawn = " ".join(line.plain for line in member_lines(aria, party.size.width))
        assert f"AC {base + 5} (+5 shield)" in drawn


async def test_conditions_stay_whole_at_80_columns(tmp_path: Path) -> None:
    state = in_the_cellar()
    for condition, rounds in (("poisoned", 2), ("frightened", 10), ("restrained", None)):
        use_tool(state, "set_condition", target_id="giant-rat-1", condition=condition,
                 rounds=rounds, reason="a test")  # fmt: skip
    app = make_app(saves=tmp_path, session=session_for(state), save_as=None, still=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, react=False)
        lines = tracker_lines(app)
        for whole in ("poisoned (2)", "frightened (10)", "restrained"):
            assert any(whole in line for line in lines), (whole, lines)
        assert not any(line.rstrip().endswith(("(", "poiso", "fright")) for line in lines)


def test_packed_words_break_between_words_only() -> None:
    words = [Text(w) for w in ("poisoned (2)", "frightened (10)", "prone")]
    console = Console(width=16, record=True, file=io.StringIO())
    console.print(Packed(words))
    assert console.export_text().splitlines() == ["poisoned (2),", "frightened (10),", "prone"]


async def test_a_wide_terminal_widens_the_sidebar(tmp_path: Path) -> None:
    widths = {}
    for size in ((80, 24), (120, 36), (200, 50)):
        app = make_app(saves=tmp_path, session=session_for(in_the_cellar()), save_as=None,
                       still=True)  # fmt: skip
        async with app.run_test(size=size) as pilot:
            await settle(pilot, react=False)
            widths[size[0]] = play_screen(app).query_one("#sidebar").size.width
    assert widths[80] == 34 and widths[120] == 48
    assert widths[200] >= 64  # room for "• Giant Rat 3 takes 5 piercing damage: 7/7 HP → 2/7 HP"


async def test_a_wide_terminal_keeps_the_story_to_a_readable_measure(tmp_path: Path) -> None:
    """At 200×50 the story pane is ~130 columns: its lines stay at most 90 characters, as
    a page's do, instead of running the whole width."""
    from app.tui.widgets.story import StoryPane

    app = make_app(saves=tmp_path, session=session_for(in_the_cellar()), save_as=None,
                   still=True)  # fmt: skip
    async with app.run_test(size=(200, 50)) as pilot:
        await settle(pilot, react=False)
        story = play_screen(app).query_one(StoryPane)
        story.add_narration("Damp stone steps lead down into the dark. " * 8)
        await pilot.pause()
        assert story.size.width > 100
        assert story.children and all(c.size.width <= 90 for c in story.children)


async def test_at_80x24_every_combatant_is_shown_or_counted(tmp_path: Path) -> None:
    """A narrow tracker has ten lines: six combatants fit in them (plain ``near`` left out
    when it must be); when even that is too many, the ones nearest whose turn it is are
    shown and a last line says how many more there are."""
    state = in_the_cellar()
    app = make_app(saves=tmp_path, session=session_for(state), save_as=None, still=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, react=False)
        lines = tracker_lines(app)
        names = ["Mira", "Thorin", "Aria", "Giant Rat 1", "Giant Rat 2", "Giant Rat 3"]
        assert all(any(n in line for line in lines) for n in names), lines
    crowded = in_the_cellar()
    for target in ("mira", "thorin", "aria", "giant-rat-1", "giant-rat-2", "giant-rat-3"):
        use_tool(crowded, "set_condition", target_id=target, condition="prone",
                 reason="a test")  # fmt: skip
    app = make_app(saves=tmp_path, session=session_for(crowded), save_as=None, still=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, react=False)
        lines = tracker_lines(app)
        tracker = play_screen(app).query_one(InitiativeTracker)
        fight = tracker.panels.combat if tracker.panels else None
        assert fight is not None
        current = next(c.name for c in fight.combatants if c.id == fight.current_id)
        shown = [c.name for c in fight.combatants if any(c.name in line for line in lines)]
        assert current in shown and len(lines) <= 10
        assert any(f"… and {6 - len(shown)} more" in line for line in lines), lines


async def test_the_tracker_veils_what_the_table_veiled(tmp_path: Path) -> None:
    state = in_the_cellar()
    state.truth.veils.append("rats")
    app = make_app(saves=tmp_path, session=session_for(state), save_as=None, still=True)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(pilot, react=False)
        lines = tracker_lines(app)
        assert any("Giant (veiled) 1" in line for line in lines), lines
        assert not any("rat" in line.lower() for line in lines), lines
