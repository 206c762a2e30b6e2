"""``dungeon character new`` at work: the questions it asks on a terminal (again, with the
reason, until an answer is good), the choices it checks, and the sheet it builds and saves.
Loaded when the command runs; :mod:`app.cli.character` holds the command and its options."""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import partial
from pathlib import Path

import typer

from app.cli import common
from app.cli.common import refuse, split_list, tell
from app.saves.characters import taken_text, write_character
from app.world.characters import character_path
from app.world.sheettext import sheet_lines
from rules.abilities import Ability
from rules.abilityscores import (
    METHODS,
    POINT_BUDGET,
    STANDARD_ARRAY,
    ScoreError,
    ScoreMethod,
    check_scores,
    parse_assignment,
    point_cost,
    roll_scores,
)
from rules.backgrounds import backgrounds
from rules.choosing import check_skills, check_spell_list, skill_plan, spell_plan
from rules.classes import classes
from rules.creation import (
    Choices,
    background_of,
    build_character,
    class_of,
    feature_options,
    final_scores,
    increase_options,
    species_of,
)
from rules.skills import Skill
from rules.species import species_catalog


def _ask(
    flag: str,
    question: str,
    choices: list[str] | None = None,
    check: Callable[[str], object] | None = None,
) -> str:
    """The answer to one question, asked on a terminal (again, with the reason, while
    ``check`` refuses it); piped, the flag was needed."""
    if not common.interactive():
        refuse(f"{flag} is needed when input is piped (or run this on a terminal)")
    if choices:
        tell(f"{question}: {', '.join(choices)}", "bold")
    while True:
        answer: str = typer.prompt(question)
        try:
            if check is not None:
                check(answer)
        except ValueError as error:  # CreationError, ScoreError: say why, ask again
            tell(str(error), "red")
            continue
        return answer


def _ask_spells(flag: str, what: str, options: tuple[str, ...], count: int) -> str:
    """Ask for ``count`` spells of a kind (cantrips, level-1 spells) from ``options``."""
    return _ask(
        flag, f"{count} {what}", list(options),
        lambda t: check_spell_list(split_list(t), options, count, what),
    )  # fmt: skip


def _expert_in(text: str, trained: list[str]) -> None:
    """Expertise is two different skills the character is proficient in — asked again on the
    spot, not refused at the end with every answer lost."""
    chosen = [Skill.parse(s) for s in split_list(text)]  # ValueError names an unknown skill
    have = {Skill.parse(t) for t in trained}
    if len(set(chosen)) != 2:
        raise ValueError("choose 2 different skills, separated by a comma")
    untrained = [c.value for c in chosen if c not in have]
    if untrained:
        raise ValueError(f"not one of your skills: {', '.join(untrained)}")


def _one_of(text: str, allowed: tuple[str, ...]) -> None:
    if text.strip().lower().replace(" ", "_") not in allowed:
        raise ValueError(f"choose one of {', '.join(allowed)}")


def _method(text: str) -> None:
    if text not in METHODS:
        raise ValueError(f"scores are made by standard, pointbuy or roll, not {text!r}")


def _pick_scores(
    method: ScoreMethod, assign: str | None, rng: random.Random
) -> tuple[dict[Ability, int], tuple[int, ...]]:
    rolled: tuple[int, ...] = ()
    if method == "roll":
        results = roll_scores(rng)
        for result in results:
            tell(f"rolled {result.plain()}")
        rolled = tuple(r.total for r in results)
    pool = {"standard": STANDARD_ARRAY, "roll": rolled}.get(method)
    text = assign
    if text is None:
        if method == "pointbuy":
            hint = f"scores 8-15 costing at most {POINT_BUDGET} points"
        else:
            hint = f"each of {', '.join(str(v) for v in sorted(pool or (), reverse=True))} once"
        text = _ask(
            "--assign",
            f"Scores as str=15,dex=14,… ({hint})",
            check=lambda t: check_scores(method, parse_assignment(t), rolled),
        )
    try:
        scores = check_scores(method, parse_assignment(text), rolled)
        if method == "pointbuy":
            tell(f"point buy: {point_cost(scores)} of {POINT_BUDGET} points spent")
    except ScoreError as error:
        refuse(str(error))
    return scores, rolled


def make_character(
    name: str | None, species: str | None, class_name: str | None, background: str | None,
    method_text: str | None, assign: str | None, increase: str | None, skills: str | None,
    expertise: str | None, pack: int | None, cantrips: str | None, spells: str | None,
    languages: str | None, choose: list[str], seed: int | None, yes: bool, folder: Path,
) -> None:  # fmt: skip
    name = name if name is not None else _ask("--name", "Name")
    if not name.strip() or not name.isprintable() or len(name) > 60:
        refuse("a name is 1 to 60 printable characters")
    species_name = species or _ask(
        "--species", "Species", list(species_catalog().entries), species_of
    )
    _, kind = species_of(species_name)
    class_text = class_name or _ask("--class", "Class", list(classes().entries), class_of)
    class_id, spec = class_of(class_text)
    bg_text = background or _ask(
        "--background", "Background", list(backgrounds().entries), background_of
    )
    _, story = background_of(bg_text)
    method = method_text or _ask("--scores", "Ability scores by", list(METHODS), _method)
    if method not in METHODS:
        refuse(f"--scores is standard, pointbuy or roll, not {method!r}")
    used_seed = seed if seed is not None else random.SystemRandom().randrange(2**32)
    if method == "roll" and seed is None:
        tell(f"(seed {used_seed}: --seed {used_seed} rolls the same scores again)", "dim")
    base, rolled = _pick_scores(method, assign, random.Random(used_seed))
    raised: list[str] = split_list(increase)
    if kind.choose_increases and increase is None:
        raisable = [a.value for a in increase_options(kind)]
        raised = split_list(
            _ask(
                "--increase",
                f"Raise {kind.choose_increases} abilities by 1",
                raisable,
                lambda t: final_scores(
                    kind, dict.fromkeys(Ability, 10), [Ability.parse(a) for a in split_list(t)]
                ),
            )
        )
    try:
        up = [Ability.parse(a) for a in raised]
        final = final_scores(kind, {a: base.get(a, 10) for a in Ability}, up)
    except ValueError as error:
        refuse(str(error))
    plan = skill_plan(kind, spec, story)
    if skills is None and plan.total:
        listed = [s.value for s in plan.class_options]
        question = f"Skills ({plan.class_count} from your class's list"
        question += f", {plan.free_count} of any)" if plan.free_count else ")"
        skills = _ask(
            "--skills",
            question,
            listed,
            lambda t: check_skills(plan, [Skill.parse(s) for s in split_list(t)]),
        )
    if expertise is None and "expertise" in spec.features_up_to(1):
        trained = [*(s.value for s in plan.fixed), *split_list(skills)]
        expertise = _ask(
            "--expertise", "Expertise: 2 of your skills", trained,
            lambda t: _expert_in(t, trained),
        )  # fmt: skip
    magic = spell_plan(class_id, spec, final)
    if cantrips is None and magic.cantrips:
        cantrips = _ask_spells("--cantrips", "cantrips", magic.cantrip_options, magic.cantrips)
    if spells is None and magic.spells:
        spells = _ask_spells("--spells", "level-1 spells", magic.spell_options, magic.spells)
    options: dict[str, str] = {}
    for item in choose:
        key, sep, value = item.partition("=")
        if not sep or not key.strip() or not value.strip():
            refuse(f"--choose {item!r}: write feature=option, e.g. fighting_style=defense")
        options[key.strip()] = value.strip()
    for feature, allowed in feature_options(kind, spec).items():
        if feature not in options:
            options[feature] = _ask(
                f"--choose {feature}=…",
                feature.replace("_", " "),
                list(allowed),
                partial(_one_of, allowed=allowed),
            )
    if pack is None:
        packs = spec.creation.packs if spec.creation else ()
        if len(packs) > 1 and common.interactive():
            for number, offered in enumerate(packs, start=1):
                tell(f"{number}. {offered.name}")
            answer = _ask("--pack", "Equipment pack")
            pack = int(answer) if answer.strip().isdecimal() else 0
        else:
            pack = 1
    try:
        chosen = Choices(
            name=name, species=species_name, character_class=class_text, background=bg_text,
            method=method,
            scores=base, rolled=rolled, increases=up,
            skills=[Skill.parse(s) for s in split_list(skills)],
            expertise=[Skill.parse(s) for s in split_list(expertise)],
            pack=max(0, pack - 1), cantrips=split_list(cantrips), spells=split_list(spells),
            languages=split_list(languages), options=options,
        )  # fmt: skip
    except ValueError as error:
        refuse(str(error).splitlines()[-1] if "validation error" in str(error) else str(error))
    sheet = build_character(chosen)
    for line in sheet_lines(sheet):
        tell(line)
    path = character_path(sheet.id, folder)
    if path.exists():
        refuse(taken_text(path, sheet))
    if not yes:
        if not common.interactive():
            refuse("add --yes to save it when input is piped")
        if not typer.confirm(f"Save {sheet.name} to {path}?", default=True):
            tell("Not saved.")
            return
    written = write_character(sheet, folder)
    tell(f"Saved {sheet.name} to {written}.")
