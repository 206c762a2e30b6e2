"""The layers only point downwards: ``rules`` never imports ``app``, and nothing outside
``app/tui`` imports Textual. Checked twice: statically over the source, and at run time
through ``sys.modules`` in a fresh interpreter."""

from __future__ import annotations

import ast
import subprocess
import sys
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


@cache
def import_statements(path: Path) -> tuple[ast.Import | ast.ImportFrom, ...]:
    """Every import statement of a file, at any depth (inside a function, under ``if
    TYPE_CHECKING``). Found once per file for all the checks here: each check looks at
    every file, and parsing and walking them all again for each was most of their time."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    return tuple(node for node in ast.walk(tree) if isinstance(node, (ast.Import, ast.ImportFrom)))


def imported_modules(path: Path) -> set[str]:
    found: set[str] = set()
    for node in import_statements(path):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
    return found


def python_files(folder: str) -> list[Path]:
    return sorted((ROOT / folder).rglob("*.py"))


def test_the_checker_sees_imports() -> None:
    # guard against a checker that silently finds nothing
    assert "rules.dice" in imported_modules(ROOT / "rules" / "checks.py")
    assert len(python_files("rules")) > 10


def test_rules_never_imports_app() -> None:
    offenders = {
        str(p.relative_to(ROOT)): sorted(m for m in imported_modules(p) if m.split(".")[0] == "app")
        for p in python_files("rules")
    }
    assert {k: v for k, v in offenders.items() if v} == {}


FRONTS = ("app.display", "app.console", "app.tui", "app.cli")
"""What the players and authors meet: the shared wording and views, the line game, the full
screen and the command line, from the lowest."""
GAME_LAYERS = (
    "app.world",
    "app.understanding",
    "app.actions",
    "app.dm",
    "app.referee",
    "app.session",
    "app.authoring",
)
"""The game under its fronts, from the lowest: the state and the campaign; the reading of a
player's line; the game's verbs (the tool calls both brains make, and the events they
yield); the brain protocol and the language-model DM; the offline referee; the session
that runs a turn; the authors' tools."""
LOWER_LAYERS = {
    **{
        "app/" + layer.removeprefix("app."): (*GAME_LAYERS[i + 1 :], *FRONTS)
        for i, layer in enumerate(GAME_LAYERS)
    },
    "app/saves": FRONTS,
    "app/display": FRONTS[1:],
    "app/console": ("app.tui", "app.cli"),
    "app/tui": ("app.console", "app.cli"),
}
"""Data flows rules <- world <- understanding <- actions <- dm <- referee <- session <- the
fronts: a lower layer never imports a higher one (the vocabulary they share, such as the
session events, lives low enough). Of the fronts, the full screen and the line game share
only :mod:`app.display`; the command line starts either."""


def test_lower_layers_never_import_higher_ones() -> None:
    offenders = {}
    for folder, higher in LOWER_LAYERS.items():
        for path in python_files(folder):
            bad = sorted(
                m
                for m in imported_modules(path)
                if m in higher or m.startswith(tuple(h + "." for h in higher))
            )
            if bad:
                offenders[str(path.relative_to(ROOT))] = bad
    assert offenders == {}


def test_the_referee_knows_the_language_model_side_only_by_the_brain_protocol() -> None:
    offenders = {
        str(path.relative_to(ROOT)): bad
        for path in python_files("app/referee")
        if (
            bad := sorted(
                m for m in imported_modules(path) if m.startswith("app.dm") and m != "app.dm.brain"
            )
        )
    }
    assert offenders == {}


def test_only_app_tui_imports_textual() -> None:
    offenders = []
    for folder in ("rules", "app"):
        for path in python_files(folder):
            if (ROOT / "app" / "tui") in path.parents:
                continue
            if any(m.split(".")[0] == "textual" for m in imported_modules(path)):
                offenders.append(str(path.relative_to(ROOT)))
    assert offenders == []


def test_runtime_imports_stay_in_their_layer() -> None:
    code = (
        "import sys, rules.srd, rules.character, rules.dice;"
        "rules.srd.srd();"
        "bad = sorted(m for m in sys.modules if m == 'app' or m.startswith(('app.', 'textual')));"
        "print(bad);"
        "import app.cli.main;"
        "print(sorted(m for m in sys.modules if m.startswith('textual')))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True
    ).stdout.splitlines()
    assert out == ["[]", "[]"]


def _module_of(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def import_graph() -> dict[str, set[str]]:
    """Each module of ``app`` and ``rules`` with the modules of theirs it imports (``from
    package import sub`` takes the submodule, not the package's face; imports made only
    for type checking count too: they tie the files together all the same)."""
    modules = {_module_of(p): p for folder in ("app", "rules") for p in python_files(folder)}
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        found: set[str] = set()
        for node in import_statements(path):
            if isinstance(node, ast.Import):
                found.update(a.name for a in node.names if a.name in modules)
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                subs = {f"{node.module}.{a.name}" for a in node.names} & modules.keys()
                found |= subs
                if node.module in modules and len(subs) < len(node.names):
                    found.add(node.module)  # a name the module itself defines
        graph[name] = found - {name}
    return graph


def circles(graph: dict[str, set[str]]) -> list[set[str]]:
    """The import circles: groups of two or more modules each reaching all the others
    (Tarjan's strongly connected components, iteratively)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[set[str]] = []
    for root, reached in graph.items():
        if root in index:
            continue
        work = [(root, iter(sorted(reached)))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                group = set()
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.add(member)
                    if member == node:
                        break
                if len(group) > 1:
                    found.append(group)
    return found


def test_the_circle_finder_finds_circles() -> None:
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [{"a", "b", "c"}]
    assert circles({"a": {"b"}, "b": set()}) == []


def test_no_import_circle_between_files() -> None:
    graph = import_graph()
    assert "app.cli.common" in graph["app.cli.main"]  # the graph sees imports
    assert [sorted(group) for group in circles(graph)] == []


VERBS_FLOOR = ("app.actions.beings", "app.actions.rolling", "app.actions.harm")
"""The floor of the game's verbs: reading and writing a creature's state, checks and saves,
harm and concentration. Every tool stands on it, so it reaches no tool."""


def test_the_floor_of_the_verbs_reaches_no_tool() -> None:
    graph = import_graph()
    reached: set[str] = set()
    stack = list(VERBS_FLOOR)
    while stack:
        module = stack.pop()
        if module not in reached:
            reached.add(module)
            stack.extend(graph[module])
    assert reached >= set(VERBS_FLOOR)
    assert sorted(m for m in reached if m.endswith("_tools")) == []
