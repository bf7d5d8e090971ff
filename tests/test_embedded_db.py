"""The embedded default, exercised as a user would: separate processes, restarts, and kill -9 mid-write."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import psycopg
import pytest

from agent_core.db import clean_stale_handles, describe_url
from agent_core.db.database import vector_self_check
from agent_core.errors import ConfigError
from agent_core.settings import PROJECT_ROOT


def paias(home: Path, *args: str, timeout: float = 120) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k not in {"DATABASE_URL", "MODEL"}}
    env.update(PAIAS_HOME=str(home), USER_ID="embedded-test")
    return subprocess.run(
        [sys.executable, "-m", "agent_core.cli", *args],
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
        cwd=PROJECT_ROOT,
    )


def test_memories_survive_a_restart_and_the_server_stops_when_the_app_exits(tmp_path: Path) -> None:
    home = tmp_path / "home"
    added = paias(home, "memory", "add", "Project X uses Python 3.11 and FastAPI", "--meta", "project=X", "--json")
    assert added.returncode == 0, added.stderr
    memory_id = json.loads(added.stdout)["id"]
    assert not (home / "pgdata" / "postmaster.pid").exists()  # the last process out stopped the server

    found = paias(home, "memory", "search", "What tech stack does Project X use?", "--json")
    assert found.returncode == 0, found.stderr
    [hit, *_] = json.loads(found.stdout)
    assert hit["id"] == memory_id and hit["metadata"] == {"project": "X"}


def test_kill_9_during_writes_loses_nothing_acknowledged_and_stale_handles_are_cleaned(tmp_path: Path) -> None:
    home = tmp_path / "home"
    writer = subprocess.Popen(
        [sys.executable, "-c", WRITER],
        env={**os.environ, "PAIAS_HOME": str(home), "USER_ID": "embedded-test"},
        stdout=subprocess.PIPE,
        text=True,
        cwd=PROJECT_ROOT,
    )
    acknowledged = []
    deadline = time.monotonic() + 120
    while len(acknowledged) < 20 and time.monotonic() < deadline:
        line = writer.stdout.readline()
        if line.startswith("stored "):
            acknowledged.append(line.split()[1])
    writer.send_signal(signal.SIGKILL)
    writer.wait(timeout=10)
    assert len(acknowledged) == 20
    handles = json.loads((home / "pgdata" / ".handle_pids.json").read_text())
    assert writer.pid in handles  # the dead writer never removed itself

    listed = paias(home, "memory", "list", "--limit", "1000", "--json")
    assert listed.returncode == 0, listed.stderr
    stored = {row["id"] for row in json.loads(listed.stdout)}
    assert set(acknowledged) <= stored
    assert writer.pid not in json.loads((home / "pgdata" / ".handle_pids.json").read_text())


WRITER = """
import asyncio
from agent_core.memory.session import open_memory
from agent_core.settings import Settings

async def main():
    async with open_memory(Settings()) as memory:
        for i in range(10_000):
            memory_id = await memory.store_document(f"finding number {i} from the kill test")
            print("stored", memory_id, flush=True)

asyncio.run(main())
"""


def test_clean_stale_handles_keeps_live_pids_only(tmp_path: Path) -> None:
    (tmp_path / ".handle_pids.json").write_text(json.dumps([os.getpid(), 2_000_000_000]))
    assert clean_stale_handles(tmp_path) == [2_000_000_000]
    assert json.loads((tmp_path / ".handle_pids.json").read_text()) == [os.getpid()]
    assert clean_stale_handles(tmp_path / "missing") == []


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        ("postgresql://u:pw@db.example.org:6543/research", "db.example.org:6543, database research"),
        ("postgresql://postgres:@/postgres?host=/tmp/pg", "socket /tmp/pg, database postgres"),
        ("not a url at all", "the configured server"),
    ],
)
def test_describe_url_never_shows_credentials(url: str, expected: str) -> None:
    assert describe_url(url) == expected


class _BrokenVectorConnection:
    async def execute(self, *args, **kwargs):
        raise psycopg.OperationalError("server closed the connection unexpectedly")


@pytest.mark.anyio
async def test_vector_self_check_turns_a_crashing_build_into_a_clear_error() -> None:
    with pytest.raises(ConfigError, match="pgvector extension cannot run a cosine query"):
        await vector_self_check(_BrokenVectorConnection())


@pytest.mark.anyio
async def test_vector_self_check_passes_on_the_real_server(pg_url: str) -> None:
    async with await psycopg.AsyncConnection.connect(pg_url, autocommit=True) as conn:
        await conn.execute("CREATE EXTENSION IF NOT EXISTS vector")
        await vector_self_check(conn)
