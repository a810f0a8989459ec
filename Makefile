# Everything a fresh machine needs: `make run` plays, `make test` checks.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

# PostgreSQL (storage tests) and Chromium (browser tests), installed, started and reached
# by `make services` (tools/services.sh), which writes their settings for the pytest that
# follows. A failure stops make at once with one line saying what and why (issue 28).
SERVICES_ENV := $(VENV)/services.env
SERVICES = . ./$(SERVICES_ENV) &&

.PHONY: run play test lint typecheck unit slow shots soak services bench golden clean compiled pure

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

services: $(STAMP)
	@EKIMAE_BROWSER=1 tools/services.sh --print-env >$(SERVICES_ENV).new \
		&& mv $(SERVICES_ENV).new $(SERVICES_ENV) || { rm -f $(SERVICES_ENV).new; exit 1; }

# Two workers per core; each takes the next test when it is free (the longest are split
# into items). Twice the cores because a browser test, a real-time game or a server
# subprocess waits more than it computes: with one worker per core the suite kept about
# one of two cores busy (docs/testing.md). WORKERS=2 make test for fewer.
# PYTEST_ARGS adds options, e.g. make test PYTEST_ARGS="--cpu-durations 20" (docs/testing.md).
# Screenshots (out/screenshots/, for people to look at) only with `make shots`: they cost
# Chromium CPU and no test compares them (tests/server/conftest.py).
WORKERS ?= $(shell echo $$(( $$(nproc) * 2 )))
PYTEST = EKIMAE_SHOTS=0 $(BIN)/pytest -q -n $(WORKERS) --dist worksteal $(PYTEST_ARGS)

unit: services
	$(SERVICES) $(PYTEST) -m "not slow"

slow: services
	$(SERVICES) $(PYTEST) -m slow

# The browser tests, saving their screenshots to out/screenshots/.
shots: services
	$(SERVICES) EKIMAE_SHOTS=1 $(BIN)/pytest -q -n $(WORKERS) --dist worksteal -m browser $(PYTEST_ARGS)

# The test command README gives; CI calls it. Set-up first (it fails fastest), then lint,
# types and every test, the slow ones included.
test: services lint typecheck
	$(SERVICES) $(PYTEST)

# The long soak: thousands of random games per title with the conformance checks, on every
# core (tools/soak.py; SOAK="--games 20000 --ray-address auto" for more, on Ray).
soak: $(STAMP)
	$(BIN)/python -m tools.soak $(SOAK)

bench: $(STAMP)
	$(BIN)/ekimae bench

# Optional: TOKYO METRO's hottest modules (the engine's, and the playout policy of the
# `strong` and `expert` bots) compiled with mypyc into .venv (needs a C compiler and the
# Python headers); used while their sources are unchanged. `make pure` removes the build.
# See docs/performance.md.
compiled: $(STAMP)
	$(BIN)/python -m tools.compile_engine

pure: $(STAMP)
	$(BIN)/python -m tools.compile_engine --remove

golden: $(STAMP)
	$(BIN)/python tools/make_golden.py

clean:
	rm -rf $(VENV) .mypy_cache .pytest_cache .ruff_cache
