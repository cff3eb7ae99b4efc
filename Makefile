# The two commands README.md starts with: `make demo` and `make test`.
VENV ?= .venv
BIN := $(VENV)/bin

.PHONY: setup demo test lint unit bench
setup:
	VENV=$(VENV) scripts/setup.sh

demo: setup
	$(BIN)/voice-assistant batch demo/questions --out demo-out

lint:
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy

test: setup lint
	$(BIN)/pytest -ra

unit: ## fast tests, fakes only
	$(BIN)/pytest -ra -m "not integration"

bench: setup
	$(BIN)/voice-assistant bench --runs 3
