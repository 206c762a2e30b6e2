"""Characters of every species, class and way of making scores through the character
wizard, from the title screen to a saved file that holds the sheet the rules build from the
same choices (what ``dungeon character new`` makes); no refusal of the rules ever leaves the
screen. And a step answered once per choice: Enter picks and moves on, and Next right after
it does not take the next list's first entry for the player.

Every species × class × method would be 324 characters; at about half a second of drawing
each that is minutes, so the characters made cover every class × method, every species ×
method, the half-elf with every class, and every method for the half-elf among the classes
that prepare spells (:func:`characters_to_make`)."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import pytest
from pydantic import ValidationError
from textual import events
from textual.pilot import Pilot
from textual.widgets import Input, OptionList, SelectionList, Static

from app.dm.config import DMConfig
from app.tui import make_app
from app.tui.driving import until
from app.tui.screens import creation, creationsteps
from app.tui.screens.creation import LISTS, CreationScreen, refusal
from app.tui.screens.title import TitleScreen
from app.world.characters import read_character
from rules.abilities import Ability
from rules.abilityscores import METHODS
from rules.backgrounds import backgrounds
from rules.choosing import CreationError, skill_plan, spell_plan
from rules.classes import classes
from rules.creation import (
    FEATURE_OPTIONS,
    Choices,
    build_character,
    final_scores,
    increase_options,
    slug,
)
from rules.skills import Skill
from rules.species import species_catalog

SPECIES = tuple(species_catalog().entries)
CLASSES = tuple(classes().entries)
BACKGROUNDS = tuple(backgrounds().entries)
CHOOSERS = tuple(
    key
    for key, kind in species_catalog().entries.items()
    if kind.choose_increases or kind.skill_choices or set(kind.traits) & set(FEATURE_OPTIONS)
)
"""Species that ask for choices of their own (the half-elf's increases and skills, the
dragonborn's ancestry)."""
RAISERS = tuple(k for k, kind in species_catalog().entries.items() if kind.choose_increases)
"""Species whose own increases are chosen after the scores (the half-elf)."""


def characters_to_make() -> dict[str, list[tuple[str, str]]]:
    """For each class, the (species, score method) pairs made of it: every class by every
    method (the species in turn, so that every species meets every method too, and the
    dragonborn its ancestry with each); a species whose increases are chosen after the
    scores (the half-elf, whose step once crashed the wizard) with every class; and, with
    the classes that prepare spells (how many follows from the final scores), the half-elf
    by a second method, so that between them it meets every method."""
    made: dict[str, list[tuple[str, str]]] = {c: [] for c in CLASSES}
    preparing = 0
    for ci, class_id in enumerate(CLASSES):
        wanted = [(SPECIES[(ci + 4 * mi) % len(SPECIES)], m) for mi, m in enumerate(METHODS)]
        wanted += [(s, METHODS[ci % len(METHODS)]) for s in RAISERS]
        creation = classes()[class_id].creation
        if creation is not None and creation.prepares:
            wanted += [(s, METHODS[(ci + 1 + preparing) % len(METHODS)]) for s in RAISERS]
            preparing += 1
        made[class_id] = list(dict.fromkeys(wanted))
    return made


MADE = characters_to_make()


def test_the_characters_made_cover_every_species_class_and_method() -> None:
    pairs = {(s, c, m) for c, made in MADE.items() for s, m in made}
    assert {(c, m) for _, c, m in pairs} == {(c, m) for c in CLASSES for m in METHODS}
    assert {(s, m) for s, _, m in pairs} == {(s, m) for s in SPECIES for m in METHODS}
    assert {(s, c) for s, c, _ in pairs} >= {(s, c) for s in RAISERS for c in CLASSES}
    preparing = {c for c in CLASSES if getattr(classes()[c].creation, "prepares", False)}
    assert {(s, m) for s, c, m in pairs if c in preparing} >= {
        (s, m) for s in RAISERS for m in METHODS
    }
    assert set(CHOOSERS) >= {"half_elf", "dragonborn"} and set(RAISERS) >= {"half_elf"}


def error(screen: CreationScreen) -> str:
    return str(screen.query_one("#cc-error", Static).render())


async def pick_entry(pilot: Pilot[None], screen: CreationScreen, key: str) -> None:
    """Highlight the entry with this id and press Enter on it."""
    entries = screen.query_one("#cc-pick", OptionList)
    ids = [entries.get_option_at_index(i).id for i in range(entries.option_count)]
    entries.highlighted = ids.index(key)
    await pilot.press("enter")


async def enter_on(pilot: Pilot[None], screen: CreationScreen, key: str) -> None:
    """What Enter does on the entry with this id (the list's own select action, handled by
    the screen as a key's would be), then let the screen move on — without a frame drawn
    for every key, so that a hundred characters are made in seconds."""
    before, body = len(screen.history), screen.query_one("#cc-body")
    shown = set(body.children)
    entries = screen.query_one("#cc-pick", OptionList)
    ids = [entries.get_option_at_index(i).id for i in range(entries.option_count)]
    entries.highlighted = ids.index(key)
    entries.action_select()
    for _ in range(1000):  # until the next step is on screen: in the history, its own widgets
        await asyncio.sleep(0)
        now = list(body.children)
        fresh = bool(now) and not shown & set(now) and all(w.is_mounted for w in now)
        if len(screen.history) > before and fresh:
            return
    await pilot.pause()  # refused, or slow: the test says which below


def mark(screen: CreationScreen, widget_id: str, values: list[str]) -> None:
    marks = screen.query_one(widget_id, SelectionList)
    marks.deselect_all()
    for value in values:
        marks.select(value)


def answer_marks(screen: CreationScreen, step: str) -> None:
    """Mark a good answer to a step of marks (increases, skills, expertise, spells), as the
    rules of the choices made so far allow."""
    c = screen.choices
    kind = species_catalog()[str(c["species"])]
    spec = classes()[str(c["character_class"])]
    plan = skill_plan(kind, spec, backgrounds()[str(c["background"])])
    if step == "increases":
        raised = increase_options(kind)[: kind.choose_increases]
        mark(screen, "#cc-multi", [a.value for a in raised])
    elif step == "skills":
        chosen = list(plan.class_options[: plan.class_count])
        chosen += [s for s in Skill if s not in plan.fixed and s not in chosen][: plan.free_count]
        mark(screen, "#cc-multi", [s.value for s in chosen])
    elif step == "expertise":
        skills = c["skills"]
        assert isinstance(skills, list)
        mark(screen, "#cc-multi", [plan.fixed[0].value, str(skills[0])])
    else:  # spells
        base, up = c["scores"], c.get("increases", [])
        assert isinstance(base, dict) and isinstance(up, list)
        final = final_scores(kind, base, [Ability(a) for a in up])
        magic = spell_plan(str(c["character_class"]), spec, final)
        if magic.cantrips:
            mark(screen, "#cc-cantrips", list(magic.cantrip_options[: magic.cantrips]))
        if magic.spells:
            mark(screen, "#cc-spells", list(magic.spell_options[: magic.spells]))


async def make(
    pilot: Pilot[None], species: str, class_id: str, method: str, background: str, pack: str
) -> tuple[CreationScreen, str]:
    """Make one character from the title screen to its saved file: Enter on each list's
    entry, ctrl+n's action on the other steps. The wizard, and the character's name."""
    await pilot.press("r")
    await until(pilot, lambda: isinstance(pilot.app.screen, CreationScreen))
    screen = pilot.app.screen
    assert isinstance(screen, CreationScreen)
    screen.rng = random.Random(f"{species} {class_id}")  # rolled scores, the same every run
    name = f"{species} {class_id} {method}"
    screen.query_one("#cc-name", Input).value = name
    await screen.action_next()
    answers = {"species": species, "class": class_id, "background": background,
               "method": method, "pack": pack}  # fmt: skip
    seen: list[str] = ["name"]
    while screen.step != "review":
        step = screen.step
        assert step not in seen, f"{name}: {step} came again ({error(screen)})"
        seen.append(step)
        if step in LISTS:
            await enter_on(pilot, screen, answers[step])
        else:  # the offered scores and first feature options are good as they stand
            if step not in ("scores", "options"):
                answer_marks(screen, step)
            await screen.action_next()
        assert screen.step != step, f"{name}: stuck at {step}: {error(screen)}"
    assert screen.sheet is not None, f"{name}: {error(screen)}"
    await screen.action_next()  # Save
    await until(pilot, lambda: isinstance(pilot.app.screen, TitleScreen))
    return screen, name


@pytest.mark.parametrize("class_id", CLASSES)
async def test_characters_of_every_species_and_method_are_made_and_saved(
    tmp_path: Path, class_id: str
) -> None:
    """One class's characters (:func:`characters_to_make`), each from the title screen to a
    saved file that holds the sheet the rules build from the same choices — the character
    ``dungeon character new`` makes. One app: the wizard is opened again for each."""
    folder = tmp_path / "chars"
    app = make_app(saves=tmp_path / "saves", characters=folder, still=True, dm=DMConfig())
    made: list[tuple[CreationScreen, str]] = []
    async with app.run_test(size=(120, 36)) as pilot:
        for number, (species, method) in enumerate(MADE[class_id]):
            background = BACKGROUNDS[number % len(BACKGROUNDS)]
            made.append(await make(pilot, species, class_id, method, background, str(number % 2)))
    for screen, name in made:
        kept = read_character(folder / f"{slug(name)}.toml")
        values = {**screen.choices, "rolled": screen.rolled}
        assert kept == build_character(Choices.model_validate(values)), name
        assert kept.species == species_catalog()[str(screen.choices["species"])].name


async def test_enter_then_next_does_not_answer_the_next_list_for_the_player(
    tmp_path: Path,
) -> None:
    """Enter picks a species and shows the classes; Next at once does not choose the first
    class (a barbarian nobody chose): it says how to choose, and the step waits."""
    app = make_app(saves=tmp_path / "saves", characters=tmp_path / "c", still=True, dm=DMConfig())
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.press("r")
        await until(pilot, lambda: isinstance(app.screen, CreationScreen))
        screen = app.screen
        assert isinstance(screen, CreationScreen)
        await pilot.press(*"Ilse", "enter")
        await pilot.pause()
        await pick_entry(pilot, screen, "half_elf")
        await pilot.pause()
        assert screen.step == "class"
        await pilot.press("ctrl+n")
        await pilot.pause()
        assert screen.step == "class" and "character_class" not in screen.choices
        assert "Enter" in error(screen)
        await pilot.press("down", "down", "ctrl+n")  # moving to an entry and Next: that one
        await pilot.pause()
        assert screen.step == "background" and screen.choices["character_class"] == "cleric"
        await pilot.press("ctrl+n")  # the backgrounds were only shown: nothing is chosen
        await pilot.pause()
        assert screen.step == "background" and "background" not in screen.choices
        await pilot.press("enter")
        await pilot.pause()
        assert screen.step == "method"
        await pilot.press("ctrl+n")  # not even the standard array is taken unasked
        await pilot.pause()
        assert screen.step == "method" and "method" not in screen.choices
        await pilot.press("escape")  # back: the background chosen before is marked and taken
        await pilot.pause()
        assert screen.step == "background"
        await pilot.press("ctrl+n")
        await pilot.pause()
        assert screen.step == "method"


async def test_a_second_next_while_the_step_changes_does_not_skip_one(tmp_path: Path) -> None:
    """Two moves asked for at once (a key held down, Enter and ctrl+n together) move one
    step: the second finds the wizard busy and is dropped, not run on a half-built step."""
    app = make_app(saves=tmp_path / "saves", characters=tmp_path / "c", still=True, dm=DMConfig())
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.press("r")
        await until(pilot, lambda: isinstance(app.screen, CreationScreen))
        screen = app.screen
        assert isinstance(screen, CreationScreen)
        screen.query_one("#cc-name", Input).value = "Odo"
        await asyncio.gather(screen.action_next(), screen.action_next())
        await pilot.pause()
        assert screen.step == "species" and screen.history == ["name"]


async def test_a_half_elf_chooses_increases_after_its_scores(tmp_path: Path) -> None:
    """The half-elf's two +1s are asked after the scores (the steps that follow are known
    before them), refused until they are two, and count in the sheet."""
    app = make_app(saves=tmp_path / "saves", characters=tmp_path / "c", still=True, dm=DMConfig())
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.press("r")
        await until(pilot, lambda: isinstance(app.screen, CreationScreen))
        screen = app.screen
        assert isinstance(screen, CreationScreen)
        await pilot.press(*"Lia", "enter")
        await pilot.pause()
        for key in ("half_elf", "rogue", "acolyte", "standard"):
            await pick_entry(pilot, screen, key)
            await pilot.pause()
        await pilot.press("ctrl+n")  # the standard array as offered
        await pilot.pause()
        assert screen.step == "increases", error(screen)
        mark(screen, "#cc-multi", ["str"])
        await pilot.press("ctrl+n")
        await pilot.pause()
        assert screen.step == "increases"
        assert "raises 2 different abilities" in error(screen)
        mark(screen, "#cc-multi", ["str", "dex"])
        await pilot.press("ctrl+n")
        await pilot.pause()
        assert screen.step == "skills", error(screen)
        for step in ("skills", "expertise"):
            answer_marks(screen, step)
            await pilot.press("ctrl+n")
            await pilot.pause()
        await pilot.press("enter")  # the first pack
        await pilot.pause()
        assert screen.step == "review" and screen.sheet is not None, error(screen)
        scores = screen.sheet.abilities  # 15 14 13 12 10 8, CHA +2 and the two chosen +1
        assert (scores.strength, scores.dexterity, scores.charisma) == (16, 15, 10)


async def test_a_refusal_of_the_rules_is_said_on_the_screen(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Whatever the rules refuse while the wizard works out its steps or builds one stays
    on the screen as a message; the step shown stays, and the wizard with it."""

    def refused(*_: object) -> object:
        raise CreationError("the rules refuse this")

    app = make_app(saves=tmp_path / "saves", characters=tmp_path / "c", still=True, dm=DMConfig())
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.press("r")
        await until(pilot, lambda: isinstance(app.screen, CreationScreen))
        screen = app.screen
        assert isinstance(screen, CreationScreen)
        with monkeypatch.context() as patch:  # working out which steps follow
            patch.setattr(creation, "chooses_spells", refused)
            await pilot.press(*"Vex", "enter")
            await pilot.pause()
            assert screen.step == "name" and isinstance(app.screen, CreationScreen)
            assert error(screen) == "the rules refuse this"
        await pilot.press("enter")
        await pilot.pause()
        for key in ("tiefling", "warlock", "herbalist", "pointbuy"):
            await pick_entry(pilot, screen, key)
            await pilot.pause()
        with monkeypatch.context() as patch:  # building the next step
            patch.setattr(creationsteps, "skill_plan", refused)
            await pilot.press("ctrl+n")
            await pilot.pause()
            assert screen.step == "scores" and isinstance(app.screen, CreationScreen)
            assert error(screen) == "the rules refuse this"
            assert screen.query_one("#cc-score-str", Input).value == "15"  # still shown
        await pilot.press("escape")  # and the wizard still goes back and on
        await pilot.pause()
        assert screen.step == "method"
    bad = {"name": "", "species": "elf", "character_class": "bard", "background": "acolyte"}
    with pytest.raises(ValidationError) as caught:
        Choices.model_validate({**bad, "scores": {}})
    assert refusal(caught.value).startswith("name: String should have at least 1 character")


@pytest.mark.parametrize("key", ["pagedown", "pageup"])
async def test_a_page_key_before_the_next_list_is_laid_out_changes_nothing(
    tmp_path: Path, key: str
) -> None:
    """A fast typist: the name typed, ctrl+n, and a page key before the species list is
    laid out — the list waits, the game goes on (it took the app down)."""
    app = make_app(saves=tmp_path / "saves", characters=tmp_path / "c", still=True, dm=DMConfig())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("r")
        await pilot.pause()
        await pilot.press(*"Kara")
        app.post_message(events.Key("ctrl+n", None))
        for _ in range(8):  # a few turns of the loop: the list is there, not yet laid out
            await asyncio.sleep(0)
        app.post_message(events.Key(key, None))
        await pilot.pause()
        assert type(app.screen).__name__ == "CreationScreen"
    assert app.return_code in (None, 0)
