# The two commands README.md starts with: `make demo` and `make test`.
VENV ?= .venv
BIN := $(VENV)/bin

.PHONY: setup setup-tests demo test lint unit bench
setup:
	VENV=$(VENV) scripts/setup.sh

# also the Debian packages whose sounds the tests play (music, event sounds)
setup-tests:
	VENV=$(VENV) scripts/setup.sh --tests

# The demo keeps its own data (memories, turns) in demo-out/, apart from yours.
DEMO_ENV := VOICE_ASSISTANT__PATHS__DATA_DIR=demo-out/data

demo: setup
	$(DEMO_ENV) $(BIN)/voice-assistant memory import demo/memories
	$(DEMO_ENV) $(BIN)/voice-assistant batch demo/questions demo/acts --out demo-out
	$(DEMO_ENV) $(BIN)/voice-assistant ask "What did we decide about the transaction gateway?"

lint:
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy
	$(BIN)/lint-imports --no-cache --no-logo

test: setup-tests lint
	$(BIN)/pytest -ra

unit: ## fast tests, fakes only
	$(BIN)/pytest -ra -m "not integration"

bench: setup
	$(BIN)/voice-assistant bench --runs 3
