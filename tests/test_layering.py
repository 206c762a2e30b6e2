"""The layers only point downwards: ``rules`` never imports ``app``, and nothing outside
``app/tui`` imports Textual. Checked twice: statically over the source, and at run time
through ``sys.modules`` in a fresh interpreter."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    found: set[str] = set()
    for node in ast.walk(tree):
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


LOWER_LAYERS = {
    "app/world": ("app.dm", "app.session", "app.authoring"),
    "app/dm": ("app.session", "app.authoring"),
    "app/session": ("app.authoring",),
}
"""Data flows rules <- world <- dm <- session <- tui/cli: a lower layer never imports a
higher one (the vocabulary they share, such as the session events, lives low enough)."""


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
        "import app.cli;"
        "print(sorted(m for m in sys.modules if m.startswith('textual')))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True
    ).stdout.splitlines()
    assert out == ["[]", "[]"]
