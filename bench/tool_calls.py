"""Tool-call overhead: what the orchestrator adds to one tool call, how routing scales, and start to ready.

Measured in one run on one machine, each against a baseline from the same run:

1. A warm call to the project's time server (stdio): raw ``mcp.ClientSession.call_tool`` (baseline), pydantic-ai's
   ``MCPToolset.direct_call_tool`` (its client layer, one server of its own) and ``Orchestrator.execute``. One call of
   each per round, in rotating order, so machine noise hits all three alike.
2. Routing at scale: ``Orchestrator.execute`` on a local agent's tool with 1 agent × 6 tools vs 10 agents × 6 tools
   (the tool of the last agent), against awaiting the plain function.
3. Start to ready: ``AgentRuntime.__aenter__`` with the default MCP config (time, filesystem, websearch on a canned
   fixture, tasks), cold (fresh PAIAS_HOME: creates the database) then warm (same PAIAS_HOME; the embedded
   PostgreSQL is stopped after each run, as a process exit would), against spawning and initializing the raw time
   server alone. Python imports are already done for every start, so a new process adds its import time.

Run with: ``make bench-tools`` or ``python bench/tool_calls.py [--runs N] [--starts N]``.
Writes bench/results/tool_calls.md.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import statistics
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from contextlib import AsyncExitStack
from pathlib import Path
from typing import Any

from fastmcp.client.transports import StdioTransport
from mcp import ClientSession, StdioServerParameters, stdio_client
from pydantic_ai.mcp import MCPToolset
from timing import interleaved, percentile  # bench/timing.py (benches run as scripts from bench/)

from agent_core.db import stop_embedded
from agent_core.orchestrator import LocalAgent, Orchestrator, load_server_specs
from agent_core.runtime import AgentRuntime
from agent_core.settings import PROJECT_ROOT, Settings

RESULTS = Path(__file__).parent / "results" / "tool_calls.md"
TIME_MODULE = ["-m", "agent_core.servers.time"]
UTC = {"timezone": "UTC"}
Call = Callable[[], Awaitable[object]]


def table(rows: list[tuple[str, list[float]]], against: str, unit: str = "ms") -> list[str]:
    """Markdown rows: p50, p95 and the p50 ratio against the first row (samples in ms, shown in ``unit``)."""
    scale, digits = (1000, 1) if unit == "µs" else (1, 2)
    base = statistics.median(rows[0][1])
    lines = [f"| path | p50 {unit} | p95 {unit} | p50 ratio vs {against} |", "|---|---:|---:|---:|"]
    for name, samples in rows:
        p50, p95 = statistics.median(samples), percentile(samples, 0.95)
        lines.append(f"| {name} | {p50 * scale:.{digits}f} | {p95 * scale:.{digits}f} | {p50 / base:.1f}x |")
    return lines


async def mcp_calls(home: Path, runs: int) -> dict[str, list[float]]:
    """Section 1: three clients of three time servers, each started and stopped here."""
    config = home / "time-only.json"
    server = {"command": "python", "args": TIME_MODULE, "timeout": 10}
    config.write_text(json.dumps({"mcpServers": {"time": server}}))
    settings = Settings(_env_file=None, mcp_config=config, paias_home=home)
    orchestrator = Orchestrator.from_specs(load_server_specs(settings), home / "logs")
    transport = StdioTransport(sys.executable, TIME_MODULE, cwd=str(PROJECT_ROOT), keep_alive=False)
    toolset = MCPToolset(transport, id="time", tool_error_behavior="failed")
    params = StdioServerParameters(command=sys.executable, args=TIME_MODULE, cwd=str(PROJECT_ROOT))
    async with AsyncExitStack() as stack:
        read, write = await stack.enter_async_context(stdio_client(params))
        session = await stack.enter_async_context(ClientSession(read, write))
        await session.initialize()
        await stack.enter_async_context(toolset)
        stack.push_async_callback(orchestrator.stop)
        await orchestrator.start()
        raw = await session.call_tool("get_current_time", UTC)
        direct = await toolset.direct_call_tool("get_current_time", UTC)
        routed = await orchestrator.execute("get_current_time", UTC)
        assert not raw.is_error and direct["timezone"] == routed["timezone"] == "UTC", (raw, direct, routed)
        calls: dict[str, Call] = {
            "raw": lambda: session.call_tool("get_current_time", UTC),
            "toolset": lambda: toolset.direct_call_tool("get_current_time", UTC),
            "orchestrator": lambda: orchestrator.execute("get_current_time", UTC),
        }
        return await interleaved(calls, runs, warmup=20)


def numbered_agent(index: int, tools: int = 6) -> tuple[LocalAgent, list[Callable[..., Any]]]:
    """A local agent of ``tools`` small async functions named ``a<index>_tool<n>``, and those functions."""

    def make(tool: int) -> Callable[..., Any]:
        async def tool_function(value: int) -> dict[str, Any]:
            return {"agent": f"agent{index}", "tool": tool, "doubled": value * 2}

        tool_function.__name__ = f"a{index}_tool{tool}"
        tool_function.__doc__ = f"Tool {tool} of agent {index}."
        return tool_function

    functions = [make(t) for t in range(tools)]
    return LocalAgent(f"agent{index}", functions), functions


async def routing(runs: int) -> dict[str, list[float]]:
    """Section 2: the same kind of call routed among 6 tools, among 60 tools, and not routed at all."""
    small, big = Orchestrator(), Orchestrator()
    small.register("agent0", lambda: numbered_agent(0)[0])
    for index in range(10):
        big.register(f"agent{index}", lambda index=index: numbered_agent(index)[0])
    raw = numbered_agent(9)[1][5]
    try:
        await small.start()
        await big.start()
        assert len(await big.list_tools()) == 60
        assert (await big.execute("a9_tool5", {"value": 3})) == await raw(value=3)
        calls: dict[str, Call] = {
            "raw": lambda: raw(value=3),
            "small": lambda: small.execute("a0_tool5", {"value": 3}),
            "big": lambda: big.execute("a9_tool5", {"value": 3}),
        }
        return await interleaved(calls, runs, warmup=200)
    finally:
        await small.stop()
        await big.stop()


async def spawn_raw_time_server() -> float:
    """Milliseconds to spawn the time server and finish ``initialize`` (the stop is not counted)."""
    params = StdioServerParameters(command=sys.executable, args=TIME_MODULE, cwd=str(PROJECT_ROOT))
    started = time.perf_counter()
    async with stdio_client(params) as (read, write), ClientSession(read, write) as session:
        await session.initialize()
        return (time.perf_counter() - started) * 1000


async def start_times(home: Path, warm: int) -> tuple[list[float], list[float], list[float], list[dict[str, str]]]:
    """Section 3: runtime start to ready (cold, then ``warm`` times), stop time, raw spawns, per-server start."""
    fixture = home / "search.json"
    hit = {"title": "Python", "url": "https://example.org/python", "snippet": "A canned result."}
    fixture.write_text(json.dumps({"python": [hit]}))
    os.environ["PAIAS_WEBSEARCH_BACKEND"] = f"fixture:{fixture}"  # the config reads it; never the live web
    (home / "notes").mkdir()
    settings = Settings(
        _env_file=None,
        model="offline",
        mcp_config=PROJECT_ROOT / "config" / "mcp-servers.json",
        paias_home=home / "paias",
        filesystem_roots=str(home / "notes"),
        database_url=None,
    )
    ready, stopped, raw, servers = [], [], [], []
    for _ in range(1 + warm):
        raw.append(await spawn_raw_time_server())
        started = time.perf_counter()
        try:
            async with AgentRuntime(settings) as runtime:
                ready.append((time.perf_counter() - started) * 1000)
                servers.append(
                    {
                        s.name: f"{s.started_ms}" if s.state == "ready" else f"{s.state}: {s.error}"
                        for s in runtime.server_states()
                    }
                )
                stopping = time.perf_counter()
        finally:
            await asyncio.to_thread(stop_embedded, settings.paias_home / "pgdata")
        stopped.append((time.perf_counter() - stopping) * 1000)
    return ready, stopped, raw, servers


def median_of(values: list[str]) -> str:
    numbers = [float(v) for v in values if v.isdigit()]
    return f"{statistics.median(numbers):.0f}" if len(numbers) == len(values) else " / ".join(sorted(set(values)))


async def main(runs: int, starts: int) -> str:
    with tempfile.TemporaryDirectory(prefix="bench-tools-") as tmp:
        home = Path(tmp)
        mcp = await mcp_calls(home, runs)
        local = await routing(runs * 10)
        ready, stopped, raw_spawn, servers = await start_times(home, starts)
    base = statistics.median(mcp["raw"])
    lines = [
        f"Tool-call overhead, same machine, same run ({os.cpu_count()} cores, {platform.machine()}, "
        f"Python {sys.version.split()[0]}).",
        "",
        f"## 1. One warm call to the time server (stdio), {runs} interleaved calls each after 20 warm-up rounds",
        "",
        *table(
            [
                ("raw mcp ClientSession.call_tool (baseline)", mcp["raw"]),
                ("pydantic-ai MCPToolset.direct_call_tool", mcp["toolset"]),
                ("Orchestrator.execute (routed, timed, recorded)", mcp["orchestrator"]),
            ],
            "raw",
        ),
        "",
        f"Orchestrator over its own client layer: {statistics.median(mcp['orchestrator']) - statistics.median(mcp['toolset']):+.2f} ms "
        f"at p50; client layer over raw: {statistics.median(mcp['toolset']) - base:+.2f} ms.",
        "",
        f"## 2. Routing a local agent's tool, {runs * 10} interleaved calls each after 200 warm-up rounds",
        "",
        *table(
            [
                ("plain async function, awaited (baseline)", local["raw"]),
                ("Orchestrator.execute, 1 agent × 6 tools", local["small"]),
                ("Orchestrator.execute, 10 agents × 6 tools (last agent's tool)", local["big"]),
            ],
            "function",
            unit="µs",
        ),
        "",
        f"Routing cost at scale: 60 tools / 6 tools = "
        f"{statistics.median(local['big']) / statistics.median(local['small']):.2f}x at p50.",
        "",
        "## 3. Start to ready, default MCP config (time, filesystem, websearch on a fixture, tasks), offline model",
        "",
        "| what | ms | ratio vs raw spawn |",
        "|---|---:|---:|",
    ]
    spawn = statistics.median(raw_spawn)
    warm = statistics.median(ready[1:]) if len(ready) > 1 else float("nan")
    lines += [
        f"| spawn + initialize the raw time server (baseline, median of {len(raw_spawn)}) | {spawn:.0f} | 1.0x |",
        f"| AgentRuntime start, cold (fresh PAIAS_HOME, creates the database) | {ready[0]:.0f} | {ready[0] / spawn:.1f}x |",
        f"| AgentRuntime start, warm (median of {len(ready) - 1}; same PAIAS_HOME, database stopped in between) "
        f"| {warm:.0f} | {warm / spawn:.1f}x |",
        f"| stop: runtime exit + embedded PostgreSQL stop (median of {len(stopped)}) | {statistics.median(stopped):.0f} | |",
        "",
        "Per agent `started_ms` (from `runtime.server_states()`; they start in parallel, after the database):",
        "",
        "| agent | cold ms | warm ms (median) |",
        "|---|---:|---:|",
    ]
    for name in servers[0]:
        lines.append(f"| {name} | {servers[0][name]} | {median_of([s[name] for s in servers[1:]] or ['-'])} |")
    return "\n".join(lines)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=300, help="timed MCP calls per path (local calls: 10x)")
    parser.add_argument("--starts", type=int, default=5, help="warm runtime starts after the cold one")
    args = parser.parse_args()
    report = asyncio.run(main(args.runs, args.starts))
    RESULTS.parent.mkdir(exist_ok=True)
    RESULTS.write_text(report + "\n")
    print(report)
