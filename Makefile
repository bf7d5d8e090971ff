# Two commands matter: `make run` (start the app) and `make test` (the whole suite with the coverage gate).
# Both create .venv if missing and install only what changed since the last run (stamp files).

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
APP    := $(VENV)/.installed-app
DEV    := $(VENV)/.installed-dev
NODE   := node_modules/.package-lock.json

.PHONY: run test lint bench bench-memory bench-tools bench-gaps bench-tracing clean

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

run: $(APP) $(NODE)
	$(BIN)/streamlit run ui/app.py

test: $(DEV) $(NODE)
	$(BIN)/python -m pytest --cov --cov-report=term-missing:skip-covered --cov-fail-under=80

lint: $(DEV)
	$(BIN)/ruff check agent_core ui tests bench
	$(BIN)/ruff format --check agent_core ui tests bench

bench: $(APP) $(NODE)
	$(BIN)/python bench/turn_latency.py

bench-memory: $(APP)
	$(BIN)/python bench/memory.py   # ~10 minutes: embeds 100k documents

bench-gaps: $(APP)
	$(BIN)/python bench/gaps.py

bench-tools: $(APP) $(NODE)
	$(BIN)/python bench/tool_calls.py   # ~1 minute: MCP call overhead, routing at scale, start to ready

bench-tracing: $(APP)
	$(BIN)/python bench/tracing.py   # ~15 s: a warm turn untraced vs traced (in memory, and exported over OTLP/gRPC)

clean:
	rm -rf $(VENV) .pytest_cache .coverage .coverage.* htmlcov test-output
