"""Many processes on one PAIAS_HOME: the embedded PostgreSQL's handle list, start-up under load, clean exits.

The handle-list cases run real processes on real files (only the last-out case starts a PostgreSQL of its own: a
stop is what it checks). The orchestrator cases use agents through the ``ToolAgent`` seam that misbehave the way
libraries and loaded machines do. The 20-process load test is a program, not a test: ``bench/concurrent_ask.py``.
"""

from __future__ import annotations

import asyncio
import json
import os
import select
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import psutil
import pytest

from agent_core.db.embedded import HANDLES_FILE, clean_stale_handles, read_handles
from agent_core.orchestrator import LocalAgent, Orchestrator
from agent_core.orchestrator.deadlines import MAX_START_WAIT, StretchingTimeout, start_budget
from agent_core.settings import PROJECT_ROOT

pytestmark = pytest.mark.fault  # counted by bench/faults.py

# One process holding a place in a handle list, driven line by line: each command answers with the list after it.
HOLDER = """
import json, sys
from pathlib import Path
from agent_core.db.embedded import join_handles, leave_handles, read_handles, release_embedded, start_embedded


pgdata = Path(sys.argv[1])
print("ready", flush=True)
for line in sys.stdin:
    command = line.strip()
    if command == "exit":
        break
    {"join": join_handles, "leave": leave_handles, "start": start_embedded, "release": release_embedded}[command](pgdata)
    print(json.dumps(read_handles(pgdata)), flush=True)
"""


class Holder:
    """A ``HOLDER`` process; every wait on it has a deadline."""

    def __init__(self, pgdata: Path) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-c", HOLDER, str(pgdata)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            cwd=PROJECT_ROOT,
        )
        self.pid = self.process.pid

    def send(self, command: str) -> None:
        self.process.stdin.write(command + "\n")
        self.process.stdin.flush()

    def reply(self, timeout: float = 60) -> str:
        ready, _, _ = select.select([self.process.stdout], [], [], timeout)
        assert ready, f"holder {self.pid} did not answer within {timeout} s"
        line = self.process.stdout.readline()
        assert line, f"holder {self.pid} exited with {self.process.wait(5)}"
        return line.strip()

    def exit(self, timeout: float = 90) -> int:
        self.send("exit")
        return self.process.wait(timeout)

    def kill(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait(10)


@pytest.fixture
def holders():
    started: list[Holder] = []
    yield started
    for holder in started:
        holder.kill()


def start_holders(pgdata: Path, count: int, holders: list[Holder]) -> list[Holder]:
    new = [Holder(pgdata) for _ in range(count)]
    holders.extend(new)
    for holder in new:
        assert holder.reply() == "ready"
    return new


def postgres_running(pgdata: Path) -> bool:
    return any(
        p.info["name"] == "postgres" and str(pgdata) in " ".join(p.info["cmdline"] or [])
        for p in psutil.process_iter(["name", "cmdline"])
    )


def test_a_dead_pid_and_a_killed_but_unreaped_one_are_pruned_while_live_ones_stay(tmp_path: Path) -> None:
    finished = subprocess.Popen([sys.executable, "-c", "pass"])
    finished.wait(30)  # reaped: its pid names no process
    unreaped = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    unreaped.send_signal(signal.SIGKILL)
    deadline = time.monotonic() + 10
    while psutil.Process(unreaped.pid).status() != psutil.STATUS_ZOMBIE:
        assert time.monotonic() < deadline, "the killed child never became a zombie"
    try:
        (tmp_path / HANDLES_FILE).write_text(json.dumps([os.getpid(), finished.pid, unreaped.pid]))
        assert sorted(clean_stale_handles(tmp_path)) == sorted([finished.pid, unreaped.pid])
        assert read_handles(tmp_path) == [os.getpid()]
        assert clean_stale_handles(tmp_path) == []  # nothing left to prune
    finally:
        unreaped.wait(10)


def test_an_unreadable_handle_list_is_rewritten_so_the_server_can_start(tmp_path: Path) -> None:
    (tmp_path / HANDLES_FILE).write_text('[12, "half a wri')
    assert clean_stale_handles(tmp_path) == []
    assert json.loads((tmp_path / HANDLES_FILE).read_text()) == []


def test_eight_processes_joining_at_once_are_all_listed_and_leaving_or_dying_removes_only_them(
    tmp_path: Path, holders: list[Holder]
) -> None:
    pgdata = tmp_path / "pgdata"
    pgdata.mkdir()
    eight = start_holders(pgdata, 8, holders)
    for holder in eight:  # all eight read-modify-write the list at the same moment
        holder.send("join")
    for holder in eight:
        holder.reply()
    assert sorted(read_handles(pgdata)) == sorted(h.pid for h in eight)

    leaving, staying = eight[:4], eight[4:]
    for holder in leaving:
        holder.send("leave")
    for holder in leaving:
        holder.reply()
    assert sorted(read_handles(pgdata)) == sorted(h.pid for h in staying)

    staying[0].kill()  # dies without leaving
    staying[1].send("leave")
    assert sorted(json.loads(staying[1].reply())) == sorted(h.pid for h in staying[2:])  # the dead pid went too
    for holder in eight:
        if holder.process.poll() is None:
            assert holder.exit() == 0
    assert not (pgdata / "postmaster.pid").exists()  # no server was ever started here


def test_the_last_live_process_out_stops_the_server_even_when_another_was_killed(
    tmp_path: Path, holders: list[Holder]
) -> None:
    pgdata = tmp_path / "pgdata"
    first, second, killed = start_holders(pgdata, 3, holders)
    for holder in (first, second, killed):  # they start (or join) the server together
        holder.send("start")
    for holder in (first, second, killed):
        holder.reply(timeout=120)
    assert sorted(read_handles(pgdata)) == sorted([first.pid, second.pid, killed.pid])
    assert postgres_running(pgdata)

    killed.kill()  # its pid stays in the list: with it, the library's "last one out" never stopped the server
    first.send("release")  # closed its Database and goes on running: it no longer holds the server
    assert json.loads(first.reply()) == [second.pid]  # the dead pid was dropped on the way
    assert postgres_running(pgdata)  # the second one still uses it

    assert second.exit() == 0  # the last live holder: its exit stops the server
    assert not postgres_running(pgdata) and not (pgdata / "postmaster.pid").exists()
    assert read_handles(pgdata) == []
    assert first.exit() == 0
    assert read_handles(pgdata) == []


def test_a_start_budget_comes_from_the_server_timeout_and_the_load_and_is_capped() -> None:
    assert start_budget(10, contention=1.0) == 20  # the floor, on an idle machine
    assert start_budget(30, contention=1.0) == 60  # twice the per-call timeout
    assert start_budget(10, contention=8.0) == 160  # 8 runnable processes per core: 8 times as long
    assert start_budget(40, contention=40.0) == MAX_START_WAIT  # bounded however busy
    assert start_budget(10, contention=0.2) == 20  # an idle machine never shortens it


@pytest.mark.anyio
async def test_a_stretching_timeout_follows_a_growing_budget_and_still_expires() -> None:
    budget = [0.2]
    async with StretchingTimeout(lambda: budget[0], every=0.02) as deadline:
        budget[0] = 5.0  # the machine got busy while the server was starting
        await asyncio.sleep(0.5)  # the slow start itself: longer than the first budget allowed
    assert deadline.allowed == 5.0

    with pytest.raises(TimeoutError):
        async with StretchingTimeout(lambda: 0.2, every=0.02) as deadline:
            await asyncio.Event().wait()  # a server that never answers
    assert deadline.allowed == 0.2


def lookup_weather(city: str) -> dict[str, Any]:
    """The weather in a city."""
    return {"city": city, "sky": "clear"}


class GatedAgent(LocalAgent):
    """An agent that finishes starting only when the test opens its gate: a server slow to start on a busy machine."""

    def __init__(self) -> None:
        super().__init__("slow", [lookup_weather])
        self.starting = asyncio.Event()
        self.gate = asyncio.Event()

    async def initialize(self) -> None:
        self.starting.set()
        await self.gate.wait()
        await super().initialize()


class StubbornAgent(LocalAgent):
    """An agent whose health check swallows the first cancellation, as an await inside a library can."""

    def __init__(self) -> None:
        super().__init__("stubborn", [lookup_weather])
        self.checking = asyncio.Event()
        self.swallowed = 0

    async def health(self) -> bool:
        self.checking.set()
        try:
            await asyncio.Event().wait()
        except asyncio.CancelledError:
            self.swallowed += 1
            if self.swallowed > 1:
                raise
        return True


@pytest.mark.anyio
async def test_tools_asked_for_while_a_server_is_still_starting_wait_for_it_instead_of_missing_it() -> None:
    agent = GatedAgent()
    orchestrator = Orchestrator()
    orchestrator.register("slow", lambda: agent, auto_start=False)
    await orchestrator.start()
    try:
        starting = asyncio.create_task(orchestrator.start_agent("slow"))  # as a start request or a reconnect does
        async with asyncio.timeout(10):
            await agent.starting.wait()
        listing = asyncio.create_task(orchestrator.list_tools())
        calling = asyncio.create_task(orchestrator.execute("lookup_weather", {"city": "Lima"}))
        done, _ = await asyncio.wait([listing, calling], timeout=0.3)
        assert not done  # waiting for the server, not answering without it

        agent.gate.set()
        async with asyncio.timeout(10):
            assert [t.name for t in await listing] == ["lookup_weather"]
            assert await calling == {"city": "Lima", "sky": "clear"}
            assert (await starting).state == "ready"
    finally:
        await orchestrator.stop()


@pytest.mark.anyio
async def test_stop_ends_even_when_the_monitor_swallows_its_cancellation() -> None:
    agent = StubbornAgent()
    orchestrator = Orchestrator(check_every=0.01)
    orchestrator.register("stubborn", lambda: agent)
    await orchestrator.start()
    orchestrator.start_monitor()
    async with asyncio.timeout(10):
        await agent.checking.wait()  # the monitor is inside the health check
    started = time.monotonic()
    async with asyncio.timeout(10):  # before: stop() awaited the monitor for ever, and `paias ask` never exited
        await orchestrator.stop()
    assert agent.swallowed >= 1
    assert time.monotonic() - started < 5
    assert orchestrator.states["stubborn"].state == "stopped"
