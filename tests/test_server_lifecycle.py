"""Servers that die come back: detection within 10 s, the others unaffected, reconnect with tool rediscovery."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import psutil
import pytest
from pydantic_ai.models.test import TestModel
from pydantic_ai.tools import RunContext
from pydantic_ai.usage import RunUsage

from agent_core.orchestrator import Orchestrator, load_server_specs
from tests.helpers import TIME_SERVER

pytestmark = pytest.mark.anyio


async def wait_for(condition, deadline_s: float) -> float:
    started = time.monotonic()
    while not condition():
        if time.monotonic() - started > deadline_s:
            raise AssertionError(f"condition not met within {deadline_s} s")
        await asyncio.sleep(0.05)
    return time.monotonic() - started


def kill_server(script: str) -> int:
    [proc] = [p for p in psutil.Process().children(recursive=True) if script in " ".join(p.cmdline())]
    proc.kill()
    return proc.pid


async def offered(servers: Orchestrator) -> set[str]:
    ctx = RunContext(deps=None, model=TestModel(), usage=RunUsage())
    return set(await servers.toolset().get_tools(ctx))


@pytest.mark.fault
async def test_a_killed_server_is_marked_unavailable_then_reconnects(
    make_settings, flaky_server, tmp_path: Path
) -> None:
    specs = load_server_specs(make_settings({"time": TIME_SERVER, "flaky": flaky_server}))
    servers = Orchestrator.from_specs(specs, tmp_path / "logs", check_every=0.25, reconnect_every=2.0)
    await servers.start()
    servers.start_monitor()
    try:
        assert {"echo", "get_current_time"} <= await offered(servers)
        old_pid = kill_server("flaky_server.py")

        noticed = await wait_for(lambda: servers.states["flaky"].state == "unavailable", 10)
        assert noticed < 10
        assert servers.states["time"].state == "ready" and await servers.health("time")
        assert "echo" not in await offered(servers) and "get_current_time" in await offered(servers)

        await wait_for(lambda: servers.states["flaky"].state == "ready", 30)
        assert "echo" in await offered(servers)
        assert kill_server("flaky_server.py") != old_pid  # a new process, not the dead one
    finally:
        await servers.stop()
    assert {s.state for s in servers.states.values()} == {"stopped"}


async def test_health_answers_within_a_second_and_records_latency(make_settings, tmp_path: Path) -> None:
    servers = Orchestrator.from_specs(load_server_specs(make_settings()), tmp_path / "logs")
    await servers.start()
    try:
        started = time.perf_counter()
        assert await servers.health("time") is True
        assert time.perf_counter() - started < 1.0
        assert servers.states["time"].last_latency_ms is not None
        assert await servers.health("no-such-server") is False
    finally:
        await servers.stop()


@pytest.mark.fault
async def test_a_server_that_failed_at_start_is_retried(make_settings, tmp_path: Path) -> None:
    helper = tmp_path / "bin" / "late-server"
    specs = load_server_specs(make_settings({"time": TIME_SERVER, "late": {"command": str(helper), "args": []}}))
    servers = Orchestrator.from_specs(specs, tmp_path / "logs", check_every=0.25, reconnect_every=0.5)
    await servers.start()
    servers.start_monitor()
    try:
        assert servers.states["late"].state == "failed"
        helper.parent.mkdir()
        helper.write_text(f'#!/bin/sh\nexec {TIME_SERVER_CMD} "$@"\n')
        helper.chmod(0o755)
        await wait_for(lambda: servers.states["late"].state == "ready", 30)
        assert sorted(servers.states["late"].tools) == ["convert_time", "get_current_time"]
    finally:
        await servers.stop()


TIME_SERVER_CMD = f"{__import__('sys').executable} -m agent_core.servers.time"


async def test_duplicate_tool_names_are_not_offered_twice_and_runs_still_work(make_settings) -> None:
    from agent_core.runtime import AgentRuntime

    servers = {"time": TIME_SERVER, "time-copy": TIME_SERVER}
    async with AgentRuntime(make_settings(servers)) as runtime:
        states = {s.name: s for s in runtime.server_states()}
        tools = [(t.name, t.server) for t in await runtime.tools() if t.server not in {"legacy", "memory"}]
        turn = await runtime.ask("What time is it in Tokyo?")
    assert states["time"].ignored_tools == [] and sorted(states["time-copy"].ignored_tools) == [
        "convert_time",
        "get_current_time",
    ]
    assert sorted(tools) == [("convert_time", "time"), ("get_current_time", "time")]
    assert turn.kind == "answer" and turn.response.tool_calls[0].status.value == "success"
