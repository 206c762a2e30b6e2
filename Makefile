# The two commands of the README: `make play` and `make test`. Both create the
# virtualenv on first use, so a fresh machine needs only python3 and make.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: play test lint typecheck unit fuzz bench screenshots docs clean

# Compiled modules are kept between processes (a test worker, a subprocess a test starts):
# a machine that asks Python not to write them would have every process compile the
# whole game again.
unexport PYTHONDONTWRITEBYTECODE

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e ".[dev]"
	touch $(STAMP)

play: $(STAMP)
	$(BIN)/dungeon play

test: lint typecheck unit

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

typecheck: $(STAMP)
	$(BIN)/mypy

# Tests run on every core, an idle core taking tests queued for a busy one (worksteal: a few
# long tests no longer hold up the end); the screenshot comparisons run on their own
# afterwards, in one process, as the snapshots were taken.
unit: $(STAMP)
	$(BIN)/pytest -q -n auto --dist worksteal --ignore=tests/tui/test_snapshots.py
	$(BIN)/pytest -q tests/tui/test_snapshots.py

# The fuzz suite at length (not in CI): many more cases per property, in one process so
# the counts of cases and findings come out in one table at the end.
fuzz: $(STAMP)
	DUNGEON_FUZZ=long $(BIN)/pytest -q -p no:xdist tests/fuzz

# The campaign format reference and JSON Schema, written from the models, and the players'
# guide, written from the parser's words and checked examples (tests check that the
# checked-in copies match).
docs: $(STAMP)
	$(BIN)/python -m app.authoring.formatdoc
	$(BIN)/python -m app.authoring.playdoc
	$(BIN)/dungeon schema --output app/world/campaign.schema.json

bench: $(STAMP)
	$(BIN)/python -m tests.benchmarks.bench_dice
	$(BIN)/python -m tests.benchmarks.bench_turn
	$(BIN)/python -m tests.benchmarks.bench_combat
	$(BIN)/python -m tests.benchmarks.bench_balance
	$(BIN)/python -m tests.benchmarks.bench_saves
	$(BIN)/python -m tests.benchmarks.bench_rewind
	$(BIN)/python -m tests.benchmarks.bench_turn_saves
	$(BIN)/python -m tests.benchmarks.bench_tui
	$(BIN)/python -m tests.benchmarks.bench_referee
	$(BIN)/python -m tests.benchmarks.bench_events
	$(BIN)/python -m tests.benchmarks.bench_startup
	$(BIN)/python -m tests.benchmarks.bench_authoring

screenshots: $(STAMP)
	$(BIN)/python scripts/screenshots.py

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
