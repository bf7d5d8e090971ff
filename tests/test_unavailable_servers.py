"""Unavailable is not missing (issue 12): when the server a request needs is configured but down — crashed, failed
at start, or stopped — the person is told to wait (or to start it), never to connect a server."""

from __future__ import annotations

import asyncio
import time

import psutil
import pytest

from agent_core.runtime import AgentRuntime
from tests.helpers import TASKS, TIME_SERVER
from tests.shared_runtime import module_anyio_backend, module_runtime, person_runtime  # noqa: F401 - fixtures

pytestmark = [pytest.mark.anyio, pytest.mark.fault]
BROKEN_TASKS = {**TASKS, "args": ["-c", "import sys; sys.exit(3)"]}
# The tests that only ask while the tasks server has failed at start share one runtime, each as a person of its own.
runtime = module_runtime({"time": TIME_SERVER, "tasks": BROKEN_TASKS})


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


async def test_a_server_that_failed_at_start_is_named_with_what_to_do(rt: AgentRuntime) -> None:
    turn = await rt.ask("add a task to renew the grant")
    assert turn.kind == "error" and turn.error.startswith("The tasks server failed to start")
    assert "`paias servers`" in turn.error


async def test_a_stopped_server_says_how_to_start_it(make_settings, user_id: str) -> None:
    # A stop is recorded for every process on the database (tests/test_controls.py): a name of this test's own, so
    # no other runtime on the session's database follows it.
    name = f"tasks-{user_id}"
    async with AgentRuntime(make_settings({"time": TIME_SERVER, name: TASKS})) as rt:
        await rt.set_server(name, "stopped", by="test")
        turn = await rt.ask("what's still pending on my list?")
        await rt.set_server(name, "started", by="test")
    assert turn.kind == "error" and f"`paias servers start {name}`" in turn.error


async def test_a_capability_no_configured_server_has_is_still_a_gap(rt: AgentRuntime) -> None:
    turn = await rt.ask("What's the weather forecast for Berlin tomorrow?")
    assert turn.kind == "tool_gap" and turn.gap.unavailable_servers == []
