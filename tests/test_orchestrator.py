"""The orchestrator: registration by factory, routing by tool name at scale (SC-004), the retry rule for broken
connections, bounded health checks, explicit start/stop, metrics — over real stdio servers where one is involved."""

from __future__ import annotations

import asyncio
import logging
import time
from pathlib import Path
from typing import Any

import psutil
import pytest
from pydantic_ai.exceptions import ModelRetry, ToolFailed

from agent_core.errors import PaiasError
from agent_core.orchestrator import (
    LocalAgent,
    Orchestrator,
    UnknownAgentError,
    UnknownToolError,
    load_server_specs,
)

pytestmark = pytest.mark.anyio


def numbered_agent(index: int, tools: int = 6) -> LocalAgent:
    """A local agent whose tools answer with their own and their agent's name, so routing can be checked."""

    def make(tool: int):
        async def tool_function(value: int) -> dict[str, Any]:
            return {"agent": f"agent{index}", "tool": tool, "doubled": value * 2}

        tool_function.__name__ = f"a{index}_tool{tool}"
        tool_function.__doc__ = f"Tool {tool} of agent {index}."
        return tool_function

    return LocalAgent(f"agent{index}", [make(t) for t in range(tools)])


def kill_server(script: str) -> None:
    [proc] = [p for p in psutil.Process().children(recursive=True) if script in " ".join(p.cmdline())]
    proc.kill()
    proc.wait(5)


async def test_ten_agents_with_fifty_six_tools_register_and_route_every_call_to_its_owner(
    make_settings, tmp_path: Path
) -> None:
    orchestrator = Orchestrator.from_specs(load_server_specs(make_settings()), tmp_path / "logs")
    for index in range(9):
        orchestrator.register(f"agent{index}", lambda index=index: numbered_agent(index))
    await orchestrator.start()
    try:
        tools = await orchestrator.list_tools()
        assert len(tools) == 56 and len({t.server for t in tools}) == 10
        for index in range(9):
            for tool in range(6):
                result = await orchestrator.execute(f"a{index}_tool{tool}", {"value": index + tool})
                assert result == {"agent": f"agent{index}", "tool": tool, "doubled": 2 * (index + tool)}
        clock = await orchestrator.execute("get_current_time", {"timezone": "Asia/Tokyo"})
        assert clock["timezone"] == "Asia/Tokyo"
        assert orchestrator.metrics.get("a8_tool5").calls == 1
    finally:
        await orchestrator.stop()


async def test_an_unknown_tool_is_an_error_that_lists_the_available_ones() -> None:
    orchestrator = Orchestrator()
    orchestrator.register("agent0", lambda: numbered_agent(0, tools=2))
    await orchestrator.start()
    with pytest.raises(UnknownToolError) as caught:
        await orchestrator.execute("send_email", {})
    assert str(caught.value) == "Unknown tool 'send_email'. Available tools: a0_tool0, a0_tool1."


async def test_a_second_agent_with_the_same_name_is_refused_and_a_duplicate_tool_name_is_not_offered(caplog) -> None:
    orchestrator = Orchestrator()
    orchestrator.register("first", lambda: numbered_agent(0, tools=2))
    with pytest.raises(PaiasError, match="already registered"):
        orchestrator.register("first", lambda: numbered_agent(1))
    orchestrator.register("second", lambda: LocalAgent("second", [numbered_agent(0, 1)._functions["a0_tool0"]]))
    with caplog.at_level(logging.WARNING):
        await orchestrator.start()
    assert "second: tool names already in use, not offered: a0_tool0" in caplog.text
    assert orchestrator.states["second"].ignored_tools == ["a0_tool0"]
    assert orchestrator.route("a0_tool0") == "first"


async def test_a_local_tool_validates_its_arguments_like_the_model_path_does() -> None:
    agent = numbered_agent(0, tools=1)
    await agent.initialize()
    with pytest.raises(ModelRetry, match="Invalid arguments for a0_tool0: value: Input should be a valid integer"):
        await agent.execute("a0_tool0", {"value": "many"})
    assert await agent.execute("a0_tool0", {"value": "3"}) == {"agent": "agent0", "tool": 0, "doubled": 6}


@pytest.fixture
async def dead_flaky(make_settings, flaky_server, tmp_path: Path):
    """An orchestrator whose flaky server was just killed (its death not yet noticed: no monitor runs)."""
    specs = load_server_specs(make_settings({"flaky": {**flaky_server, "timeout": 20}}))
    orchestrator = Orchestrator.from_specs(specs, tmp_path / "logs", retry_delay=0.5)
    await orchestrator.start()
    kill_server("flaky_server.py")
    return orchestrator


async def test_a_read_only_call_on_a_dead_server_reconnects_and_is_retried_once(dead_flaky: Orchestrator) -> None:
    orchestrator = dead_flaky
    try:
        started = time.monotonic()
        assert await orchestrator.execute("echo", {"text": "still here"}) == {"echo": "still here"}
        assert time.monotonic() - started >= 0.5  # waited the retry delay before calling again
        assert orchestrator.metrics.get("echo").errors == 0
    finally:
        await orchestrator.stop()


async def test_a_write_on_a_dead_server_is_not_retried_but_the_server_is_restarted(
    dead_flaky: Orchestrator, tmp_path: Path
) -> None:
    orchestrator = dead_flaky
    try:
        with pytest.raises(ToolFailed) as caught:
            await orchestrator.execute("wipe_everything", {"scope": "all"})
        assert "was not retried because it changes data and may already have run" in caught.value.message
        assert not (tmp_path / "wiped.txt").exists()
        assert await orchestrator.execute("echo", {"text": "back"}) == {"echo": "back"}  # restarted at once
        assert orchestrator.metrics.get("wipe_everything").errors == 1
    finally:
        await orchestrator.stop()


async def test_health_answers_false_within_a_second_while_the_server_is_stuck(
    make_settings, flaky_server, tmp_path: Path
) -> None:
    orchestrator = Orchestrator.from_specs(load_server_specs(make_settings({"flaky": flaky_server})), tmp_path / "l")
    await orchestrator.start()
    try:
        stuck = asyncio.create_task(orchestrator.execute("freeze", {"seconds": 30}))
        deadline = time.monotonic() + 5
        while await orchestrator.health("flaky"):  # until the call has reached the server and blocked it
            assert time.monotonic() < deadline, "the freeze call never blocked the server"
        started = time.perf_counter()
        assert await orchestrator.health("flaky") is False
        assert time.perf_counter() - started < 1.5
        assert "no answer within 1 s" in orchestrator.states["flaky"].error
        with pytest.raises(ToolFailed, match="timed out after 2 s"):
            await stuck
        assert orchestrator.metrics.get("freeze").timeouts == 1
    finally:
        await orchestrator.stop()


async def test_a_stopped_server_stays_stopped_until_started_again(make_settings, tmp_path: Path) -> None:
    orchestrator = Orchestrator.from_specs(
        load_server_specs(make_settings()), tmp_path / "logs", check_every=0.1, reconnect_every=0.2
    )
    await orchestrator.start()
    orchestrator.start_monitor()
    try:
        assert (await orchestrator.stop_agent("time")).state == "stopped"
        await asyncio.sleep(0.5)  # two reconnect rounds: a stopped server is not one of their targets
        assert orchestrator.states["time"].state == "stopped" and orchestrator.offered_tools() == {}
        with pytest.raises(UnknownToolError):
            await orchestrator.execute("get_current_time", {})
        assert (await orchestrator.start_agent("time")).state == "ready"
        assert (await orchestrator.execute("get_current_time", {}))["timezone"] == "UTC"
        with pytest.raises(UnknownAgentError, match=r"There is no server named 'nope'\. Configured: time\."):
            await orchestrator.stop_agent("nope")
    finally:
        await orchestrator.stop()


async def test_metrics_count_calls_errors_and_latency_per_tool() -> None:
    async def fails(reason: str) -> str:
        raise RuntimeError(reason)

    orchestrator = Orchestrator()
    orchestrator.register("local", lambda: LocalAgent("local", [fails, numbered_agent(0, 1)._functions["a0_tool0"]]))
    await orchestrator.start()
    for value in range(4):
        await orchestrator.execute("a0_tool0", {"value": value})
    with pytest.raises(ToolFailed, match="fails on server 'local' failed: RuntimeError: disk full"):
        await orchestrator.execute("fails", {"reason": "disk full"})
    rows = {row["tool"]: row for row in orchestrator.metrics.snapshot()}
    assert (rows["a0_tool0"]["calls"], rows["a0_tool0"]["errors"]) == (4, 0)
    assert (rows["fails"]["calls"], rows["fails"]["errors"], rows["fails"]["server"]) == (1, 1, "local")
    assert 0 < rows["a0_tool0"]["p50_ms"] <= rows["a0_tool0"]["p95_ms"]
