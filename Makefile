# Everything a fresh machine needs: `make run` plays, `make test` checks.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

# PostgreSQL (storage tests) and Chromium (browser tests), installed and started if missing.
SERVICES = eval "$$(EKIMAE_BROWSER=1 tools/services.sh --print-env)" &&

.PHONY: run play test lint typecheck unit slow bench golden clean compiled pure

$(STAMP): pyproject.toml
	$(PY) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/ekimae serve

play: $(STAMP)
	$(BIN)/ekimae metro play

lint: $(STAMP)
	$(BIN)/ruff check src tests tools
	$(BIN)/ruff format --check src tests tools
	$(BIN)/lint-imports

typecheck: $(STAMP)
	$(BIN)/mypy

unit: $(STAMP)
	$(SERVICES) $(BIN)/pytest -q -n 2 -m "not slow"

slow: $(STAMP)
	$(SERVICES) $(BIN)/pytest -q -n 2 -m slow

# The test command README gives; CI calls it. Slow suites run too, after the fast ones.
test: lint typecheck
	$(SERVICES) $(BIN)/pytest -q -n 2

bench: $(STAMP)
	$(BIN)/ekimae bench

# Optional: TOKYO METRO's hottest engine modules compiled with mypyc into .venv (needs a C
# compiler and the Python headers); used while their sources are unchanged. `make pure`
# removes the build. See docs/performance.md.
compiled: $(STAMP)
	$(BIN)/python -m tools.compile_engine

pure: $(STAMP)
	$(BIN)/python -m tools.compile_engine --remove

golden: $(STAMP)
	$(BIN)/python tools/make_golden.py

clean:
	rm -rf $(VENV) .mypy_cache .pytest_cache .ruff_cache
