"""Turn latency: a warm ``runtime.ask`` for a time question vs a raw MCP ``ClientSession`` call to the same server.

Both are measured in the same run, on the same machine, so the ratio means something even on a noisy box.
Run with: ``make bench`` or ``python bench/turn_latency.py [--runs N]``. Writes bench/results/turn_latency.md.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path

from mcp import ClientSession, StdioServerParameters, stdio_client
from timing import percentile  # bench/timing.py (benches run as scripts from bench/)

from agent_core.db import stop_embedded
from agent_core.runtime import AgentRuntime
from agent_core.settings import PROJECT_ROOT, Settings

RESULTS = Path(__file__).parent / "results" / "turn_latency.md"


async def measure(call: Callable[[], Awaitable[object]], runs: int, warmup: int = 5) -> list[float]:
    for _ in range(warmup):
        await call()
    samples = []
    for _ in range(runs):
        started = time.perf_counter()
        await call()
        samples.append((time.perf_counter() - started) * 1000)
    return samples


async def raw_session(runs: int) -> list[float]:
    params = StdioServerParameters(
        command=sys.executable, args=["-m", "agent_core.servers.time"], cwd=str(PROJECT_ROOT)
    )
    async with stdio_client(params) as (read, write), ClientSession(read, write) as session:
        await session.initialize()
        return await measure(lambda: session.call_tool("get_current_time", {"timezone": "Asia/Tokyo"}), runs)


async def runtime_turns(runs: int) -> tuple[list[float], list[float], float]:
    """Warm turns with tracing on and off, alternated turn by turn so machine noise hits both alike."""
    with tempfile.TemporaryDirectory() as home:
        traced_settings = Settings(_env_file=None, paias_home=Path(home), tracing=True)
        started = time.perf_counter()
        async with AgentRuntime(traced_settings) as traced:
            ready_ms = (time.perf_counter() - started) * 1000
            async with AgentRuntime(Settings(_env_file=None, paias_home=Path(home), tracing=False)) as untraced:

                async def turn(runtime: AgentRuntime) -> None:
                    result = await runtime.ask("What time is it in Tokyo?")
                    assert result.kind == "answer" and result.response.tool_calls[0].status.value == "success"

                for _ in range(5):
                    await turn(traced)
                    await turn(untraced)
                on: list[float] = []
                off: list[float] = []
                for _ in range(runs):
                    for runtime, samples in ((traced, on), (untraced, off)):
                        begun = time.perf_counter()
                        await turn(runtime)
                        samples.append((time.perf_counter() - begun) * 1000)
                assert traced.telemetry is not None and untraced.telemetry is None
        await asyncio.to_thread(stop_embedded, Path(home) / "pgdata")  # before the folder is deleted
        return on, off, ready_ms


async def main(runs: int) -> str:
    raw = await raw_session(runs)
    traced, untraced, ready_ms = await runtime_turns(runs)
    base = statistics.median(raw)
    rows = [
        ("raw mcp ClientSession.call_tool (baseline)", raw),
        ("runtime.ask, offline planner, 1 MCP call, tracing off", untraced),
        ("runtime.ask, the same, tracing on (spans kept in memory)", traced),
    ]
    lines = [
        f"Turn latency, {runs} warm runs each, same machine, same run (Python {sys.version.split()[0]}).",
        "",
        "| path | p50 ms | p95 ms | p50 ratio vs raw |",
        "|---|---:|---:|---:|",
    ]
    for name, samples in rows:
        p50 = statistics.median(samples)
        lines.append(f"| {name} | {p50:.2f} | {percentile(samples, 0.95):.2f} | {p50 / base:.1f}x |")
    overhead = statistics.median(traced) - statistics.median(untraced)
    lines += [
        "",
        f"Tracing overhead on a warm turn: {overhead:+.2f} ms at p50 "
        f"({statistics.median(traced) / statistics.median(untraced):.2f}x the untraced turn).",
        f"Runtime start to ready (database, embedding model, every configured MCP server; fresh PAIAS_HOME): {ready_ms:.0f} ms.",
        "A turn now includes the tool-gap check, storing the conversation and its turn in PostgreSQL.",
    ]
    return "\n".join(lines)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=50)
    table = asyncio.run(main(parser.parse_args().runs))
    RESULTS.parent.mkdir(exist_ok=True)
    RESULTS.write_text(table + "\n")
    print(table)
