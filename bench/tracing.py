"""Tracing overhead on a warm turn: the same agent turn untraced, traced in memory, and traced with OTLP export.

The turn: a Pydantic AI agent with a FunctionModel that calls ``get_current_time`` once on the project's time
server (stdio MCP, ``python -m agent_core.servers.time``) and then answers. Three variants, all sharing one server
connection, timed in interleaved rounds (rotating which goes first) so machine noise hits them alike:

1. untraced (baseline): the agent and the MCP toolset, nothing else;
2. our spans only: ``agent_run`` and ``mcp_tool_call`` as in 3, without Pydantic AI's GenAI spans, to show whose
   cost is whose;
3. traced, no endpoint: ``agent_run_span`` around the run, the product's ``RecordingToolset`` around the MCP
   toolset (its ``mcp_tool_call`` span, record and metrics), Pydantic AI's GenAI instrumentation on our providers,
   spans kept in the SpanStore only (the offline default);
4. traced + OTLP/gRPC export to a collector stand-in in another process (tests/fixtures/otlp_receiver.py).

Run with: ``make bench-tracing`` or ``python bench/tracing.py [--runs N]``. Writes bench/results/tracing.md.
"""

from __future__ import annotations

import argparse
import asyncio
import platform
import statistics
import subprocess
import sys
import uuid
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from fastmcp.client.transports import StdioTransport
from pydantic_ai import Agent
from pydantic_ai.mcp import MCPToolset
from pydantic_ai.messages import ModelMessage, ModelResponse, TextPart, ToolCallPart, ToolReturnPart
from pydantic_ai.models.function import AgentInfo, FunctionModel
from pydantic_ai.toolsets import AbstractToolset
from timing import interleaved, percentile  # bench/timing.py (benches run as scripts from bench/)

from agent_core.orchestrator.recording import RecordingToolset
from agent_core.settings import PROJECT_ROOT, Settings
from agent_core.telemetry import Telemetry, agent_run_span, setup_telemetry

RESULTS = Path(__file__).parent / "results" / "tracing.md"
RECEIVER = PROJECT_ROOT / "tests" / "fixtures" / "otlp_receiver.py"
TIME_MODULE = ["-m", "agent_core.servers.time"]
PROMPT = "What time is it in Tokyo?"
Call = Callable[[], Awaitable[object]]


def planner(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
    """Call the time tool once, then answer with what it returned."""
    last = messages[-1].parts[-1]
    if isinstance(last, ToolReturnPart):
        return ModelResponse(parts=[TextPart(f"Tokyo: {last.content}")])
    return ModelResponse(parts=[ToolCallPart("get_current_time", {"timezone": "Asia/Tokyo"})])


def traced_turn(toolset: AbstractToolset[Any], telemetry: Telemetry, *, genai_spans: bool = True) -> Call:
    """A turn under agent_run + mcp_tool_call spans; with ``genai_spans`` also Pydantic AI's own model spans."""
    # The product's own recorded call path: timeout, record, metrics and the mcp_tool_call span, as in a real turn.
    agent = Agent(FunctionModel(planner), toolsets=[RecordingToolset(toolset, server="time", telemetry=telemetry)])
    if genai_spans:
        agent.instrument = telemetry.instrumentation

    async def turn() -> None:
        with agent_run_span(telemetry, task_description=PROMPT, correlation_id=uuid.uuid4().hex[:16]) as run:
            result = await agent.run(PROMPT)
            run.finish("answer", 1.0, 1)
        assert "timestamp" in result.output, result.output

    return turn


def untraced_turn(toolset: AbstractToolset[Any]) -> Call:
    agent = Agent(FunctionModel(planner), toolsets=[toolset])

    async def turn() -> None:
        result = await agent.run(PROMPT)
        assert "timestamp" in result.output, result.output

    return turn


@contextmanager
def collector() -> Iterator[tuple[str, list[int]]]:
    """An OTLP/gRPC receiver in its own process; yields its endpoint and, after exit, the span count it got."""
    proc = subprocess.Popen(
        [sys.executable, str(RECEIVER)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, cwd=PROJECT_ROOT
    )
    received: list[int] = []
    try:
        endpoint = proc.stdout.readline().strip()
        assert endpoint.startswith("http://127.0.0.1:"), f"the receiver did not start: {endpoint!r}"
        yield endpoint, received
    finally:
        proc.stdin.close()
        received.append(int(proc.stdout.readline() or 0))
        proc.wait(timeout=10)


async def main(runs: int, warmup: int) -> str:
    transport = StdioTransport(sys.executable, TIME_MODULE, cwd=str(PROJECT_ROOT), keep_alive=False)
    toolset = MCPToolset(transport, id="time", tool_error_behavior="failed")
    offline = Settings(_env_file=None, otel_exporter_otlp_endpoint=None)
    own, in_memory = setup_telemetry(offline), setup_telemetry(offline)
    with collector() as (endpoint, received):
        exporting = setup_telemetry(Settings(_env_file=None, otel_exporter_otlp_endpoint=endpoint))
        async with toolset:
            calls = {
                "untraced (baseline)": untraced_turn(toolset),
                "our spans only (agent_run, mcp_tool_call), no GenAI spans": traced_turn(
                    toolset, own, genai_spans=False
                ),
                "traced, spans in memory only (no endpoint)": traced_turn(toolset, in_memory),
                "traced + OTLP/gRPC export to a local collector": traced_turn(toolset, exporting),
            }
            samples = await interleaved(calls, runs, warmup)
        turn_spans = [v.name for v in in_memory.recent.spans_for(in_memory.recent.correlation_ids()[0])]
        await asyncio.to_thread(exporting.shutdown)
        in_memory.shutdown()
        own.shutdown()
    base = statistics.median(samples["untraced (baseline)"])
    lines = [
        f"Tracing overhead on a warm turn, {runs} interleaved runs per variant after {warmup} warm-up rounds "
        f"(Python {platform.python_version()}, {platform.machine()}, same machine, same run).",
        "",
        "| variant | p50 ms | p95 ms | p50 ratio vs untraced | p50 overhead ms |",
        "|---|---:|---:|---:|---:|",
    ]
    for name, values in samples.items():
        p50 = statistics.median(values)
        lines.append(f"| {name} | {p50:.2f} | {percentile(values, 0.95):.2f} | {p50 / base:.2f}x | {p50 - base:+.2f} |")
    lines += [
        "",
        f"A traced turn makes {len(turn_spans)} spans ({', '.join(turn_spans)}). "
        f"The collector process received {received[0] if received else '?'} spans.",
        "",
        "The turn here is a Pydantic AI agent with a FunctionModel and one MCP call to the time server, wrapped the "
        "way the runtime will wrap it; the lead re-measures on the full AgentRuntime (bench/turn_latency.py) once "
        "telemetry is wired in.",
    ]
    return "\n".join(lines)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=300)
    parser.add_argument("--warmup", type=int, default=20)
    args = parser.parse_args()
    table = asyncio.run(main(args.runs, args.warmup))
    RESULTS.parent.mkdir(exist_ok=True)
    RESULTS.write_text(table + "\n")
    print(table)
