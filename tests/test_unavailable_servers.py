"""Unavailable is not missing (issue 12): when the server a request needs is configured but down — crashed, failed
at start, or stopped — the person is told to wait (or to start it), never to connect a server."""

from __future__ import annotations

import asyncio
import time

import psutil
import pytest

from agent_core.runtime import AgentRuntime
from tests.helpers import TASKS, TIME_SERVER

pytestmark = [pytest.mark.anyio, pytest.mark.fault]


async def wait_for(condition, deadline_s: float) -> None:
    deadline = time.monotonic() + deadline_s
    while not condition():
        assert time.monotonic() < deadline, f"condition not met within {deadline_s} s"
        await asyncio.sleep(0.05)


def kill_child(module: str) -> None:
    [proc] = [p for p in psutil.Process().children(recursive=True) if module in " ".join(p.cmdline())]
    proc.kill()


async def test_a_crashed_tasks_server_means_try_again_not_connect_a_server(make_settings) -> None:
    async with AgentRuntime(make_settings({"time": TIME_SERVER, "tasks": TASKS})) as rt:
        kill_child("agent_core.servers.tasks")
        await wait_for(lambda: rt.servers.states["tasks"].state == "unavailable", 30)  # the monitor notices
        turn = await rt.ask("show my tasks")
        elsewhere = await rt.ask("what time is it in Tokyo?")
    assert turn.kind == "error" and turn.gap is None
    assert turn.error.startswith("The tasks server stopped responding and is restarted automatically; try again in ~")
    assert "connect" not in turn.error.lower() and "Missing" not in turn.error
    assert elsewhere.kind == "answer"  # the other servers are unaffected


async def test_a_server_that_failed_at_start_is_named_with_what_to_do(make_settings) -> None:
    broken = {**TASKS, "args": ["-c", "import sys; sys.exit(3)"]}
    async with AgentRuntime(make_settings({"time": TIME_SERVER, "tasks": broken})) as rt:
        turn = await rt.ask("add a task to renew the grant")
    assert turn.kind == "error" and turn.error.startswith("The tasks server failed to start")
    assert "`paias servers`" in turn.error


async def test_a_stopped_server_says_how_to_start_it(make_settings) -> None:
    async with AgentRuntime(make_settings({"time": TIME_SERVER, "tasks": TASKS})) as rt:
        await rt.set_server("tasks", "stopped", by="test")
        turn = await rt.ask("what's still pending on my list?")
        await rt.set_server("tasks", "started", by="test")
    assert turn.kind == "error" and "`paias servers start tasks`" in turn.error


async def test_a_capability_no_configured_server_has_is_still_a_gap(make_settings) -> None:
    broken = {**TASKS, "args": ["-c", "import sys; sys.exit(3)"]}
    async with AgentRuntime(make_settings({"time": TIME_SERVER, "tasks": broken})) as rt:
        turn = await rt.ask("What's the weather forecast for Berlin tomorrow?")
    assert turn.kind == "tool_gap" and turn.gap.unavailable_servers == []
