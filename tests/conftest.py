"""Shared fixtures. No test ever calls an LLM API: model requests are disallowed globally."""

from __future__ import annotations

import json
import logging
import os
import sys
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from pydantic_ai import models

from agent_core.db import start_embedded
from agent_core.settings import PROJECT_ROOT, Settings
from tests.helpers import PREFORK, PREFORK_SOCKET, TIME_SERVER, forked

models.ALLOW_MODEL_REQUESTS = False

FIXTURES = Path(__file__).parent / "fixtures"


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


@pytest.fixture(autouse=True)
def _isolated_env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Tests never read a developer's .env or their model settings."""
    monkeypatch.chdir(tmp_path)
    for name in (
        "MODEL",
        "AZURE_AI_FOUNDRY_ENDPOINT",
        "AZURE_AI_FOUNDRY_API_KEY",
        "OPENAI_API_KEY",
        "MCP_CONFIG",
        "PAIAS_HOME",
        "DATABASE_URL",
        "OLLAMA_BASE_URL",
    ):
        monkeypatch.delenv(name, raising=False)


@pytest.fixture
def write_config(tmp_path: Path) -> Callable[[dict[str, Any]], Path]:
    """Write an MCP config file with the given servers and return its path."""

    def write(servers: dict[str, Any]) -> Path:
        path = tmp_path / "mcp-servers.json"
        path.write_text(json.dumps({"mcpServers": servers}))
        return path

    return write


@pytest.fixture(scope="session", autouse=True)
def _prefork() -> Iterator[None]:
    """The worker's zygote for the project's Python MCP servers (tests/prefork.py), ready before any test starts.
    ``PAIAS_TEST_PREFORK=0`` runs without it: every server is then a process of its own (to compare, or to rule it
    out)."""
    import subprocess

    if os.environ.get("PAIAS_TEST_PREFORK") == "0":
        yield
        return

    process = subprocess.Popen(
        [sys.executable, str(PREFORK), "serve", str(PREFORK_SOCKET)], stdout=subprocess.PIPE, text=True
    )
    ready = process.stdout.readline()  # "ready" once it has imported the servers ("" if it died)
    assert ready.strip() == "ready", "the server zygote did not start: see its error above"
    try:
        yield
    finally:
        process.terminate()
        process.wait(timeout=30)
        process.stdout.close()


@pytest.fixture(scope="session")
def pg_url(tmp_path_factory: pytest.TempPathFactory) -> str:
    """One real embedded PostgreSQL + pgvector for the whole session (stopped at exit)."""
    return start_embedded(tmp_path_factory.mktemp("postgres") / "pgdata")


@pytest.fixture
def user_id() -> str:
    """A fresh user per test: memories (and later tasks) are scoped by user, so tests never see each other's."""
    return f"test-{uuid.uuid4().hex[:12]}"


@pytest.fixture
def make_settings(
    tmp_path: Path, write_config: Callable[[dict[str, Any]], Path], pg_url: str, user_id: str
) -> Callable[..., Settings]:
    """Settings with state under tmp_path, the session database, and the given servers (default: time)."""

    def make(servers: dict[str, Any] | None = None, **overrides: Any) -> Settings:
        config = write_config(servers if servers is not None else {"time": TIME_SERVER})
        values: dict[str, Any] = {
            "paias_home": tmp_path / "home",
            "mcp_config": config,
            "database_url": pg_url,
            "user_id": user_id,
        }
        return Settings(_env_file=None, **{**values, **overrides})

    return make


@pytest.fixture
def search_server() -> dict[str, Any]:
    """Config entry for the fake web search MCP server (canned results, never the live web)."""
    return {
        "command": sys.executable,
        "args": forked(str(FIXTURES / "fake_search_server.py")),
        "timeout": 5,
        "cwd": str(PROJECT_ROOT),
    }


@pytest.fixture
def flaky_server(tmp_path: Path) -> dict[str, Any]:
    """Config entry for the misbehaving fixture server; its marker file proves whether a destructive call ran."""
    return {
        "command": sys.executable,
        "args": [str(FIXTURES / "flaky_server.py")],
        "env": {"FLAKY_MARKER": str(tmp_path / "wiped.txt")},
        "timeout": 2,
        "cwd": str(PROJECT_ROOT),
    }


@pytest.fixture
def configure(monkeypatch: pytest.MonkeyPatch, write_config, tmp_path: Path, pg_url: str, user_id: str):
    """For the Streamlit app: point it at these MCP servers (default: time), the session database and a fresh user;
    its cached runtime is closed before and after the test."""
    from tests.ui_support import reset_runtime

    def apply(servers: dict[str, Any]) -> None:
        monkeypatch.setenv("MCP_CONFIG", str(write_config(servers)))
        monkeypatch.setenv("PAIAS_HOME", str(tmp_path / "home"))
        monkeypatch.setenv("DATABASE_URL", pg_url)
        monkeypatch.setenv("USER_ID", user_id)

    reset_runtime()
    apply({"time": TIME_SERVER})
    yield apply
    reset_runtime()


@pytest.fixture
def data_lost(record_property: Callable[[str, object], None]) -> Callable[[int], int]:
    """For fault cases: report how many acknowledged items (tasks, memories, answers) a case lost or changed without
    approval; bench/faults.py sums them. Returns the count, so a test can also assert it."""

    def report(count: int) -> int:
        record_property("data_lost", count)
        return count

    return report


@pytest.fixture(autouse=True)
def _root_logging_restored() -> Iterator[None]:
    """The CLI's main() configures the root logger for its process; in-process CLI tests must not leave that
    handler (and level) behind for the tests after them."""
    root = logging.getLogger()
    handlers, level = root.handlers[:], root.level
    yield
    root.handlers[:] = handlers
    root.setLevel(level)


@pytest.fixture
def cli_env(monkeypatch: pytest.MonkeyPatch, write_config, tmp_path: Path, pg_url: str, user_id: str) -> dict[str, str]:
    """For CLI tests: the session's PostgreSQL, the time server, a fresh user — set here and returned for
    subprocesses."""
    values = {
        "MCP_CONFIG": str(write_config({"time": TIME_SERVER})),
        "PAIAS_HOME": str(tmp_path / "home"),
        "DATABASE_URL": pg_url,
        "USER_ID": user_id,
    }
    for name, value in values.items():
        monkeypatch.setenv(name, value)
    return {**os.environ, **values}
