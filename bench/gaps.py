"""Tool gap detection: latency per request against the seed's 3 s bar (SC-003), and precision/recall.

Measured in the same run: offline ``detect_missing_tools`` over every labelled request (eval/gap_cases.py) vs two
baselines — one ``list_tools()`` on the same in-memory source, and a plain keyword regex scan of the request —
plus the same detection over a real MCP ``ClientSession`` (the time server) vs that session's raw ``list_tools``,
and the LLM path's Agent overhead with a scripted ``FunctionModel`` (no network).
Run with: ``python bench/gaps.py [--rounds N]``. Writes bench/results/gaps.md.
"""

from __future__ import annotations

import argparse
import asyncio
import importlib.util
import re
import statistics
import sys
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from types import ModuleType
from typing import Any

from mcp import ClientSession, StdioServerParameters, stdio_client, types
from pydantic_ai.messages import ModelMessage, ModelResponse, ToolCallPart
from pydantic_ai.models.function import AgentInfo, FunctionModel
from timing import percentile  # bench/timing.py (benches run as scripts from bench/)

from agent_core.gaps import ToolGapDetector
from agent_core.settings import PROJECT_ROOT

RESULTS = Path(__file__).parent / "results" / "gaps.md"
BAR_MS = 3000.0  # SC-003: a ToolGapReport within 3 seconds
SEED_TASK = "Retrieve my stock portfolio performance for Q3 2024"
# The naive alternative: flag any request that mentions an action or account word.
KEYWORDS = re.compile(
    r"\b(?:e-?mail|inbox|calendar|meeting|portfolio|bank|flight|hotel|book|pay|buy|order|database|slack|text|"
    r"lights?|thermostat|screenshot|save|write|delete|file|image|run|execute|call|tweet|post)\b",
    re.IGNORECASE,
)


def load_cases() -> ModuleType:
    """eval/gap_cases.py (the labelled requests live with the other evaluation data, not in tests/)."""
    spec = importlib.util.spec_from_file_location("gap_cases", PROJECT_ROOT / "eval" / "gap_cases.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class InMemorySource:
    """The default tool set, listed from memory: what a warm orchestrator returns."""

    def __init__(self, tools: list[types.Tool]) -> None:
        self.tools = tools

    async def list_tools(self) -> list[types.Tool]:
        return list(self.tools)


async def timed(call: Callable[[], Awaitable[Any]]) -> float:
    started = time.perf_counter()
    await call()
    return (time.perf_counter() - started) * 1000


async def over_cases(call: Callable[[str], Awaitable[Any]], tasks: list[str], rounds: int) -> list[float]:
    for task in tasks:  # warm-up: compiled regexes, stem caches
        await call(task)
    return [await timed(lambda t=task: call(t)) for _ in range(rounds) for task in tasks]


def precision_recall(flags: list[tuple[bool, bool]]) -> tuple[float, float]:
    tp = sum(found and truth for found, truth in flags)
    fp = sum(found and not truth for found, truth in flags)
    fn = sum(truth and not found for found, truth in flags)
    return tp / max(1, tp + fp), tp / max(1, tp + fn)


def scripted_llm() -> FunctionModel:
    def respond(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
        payload = {"capabilities": [{"name": "financial_data_api", "why": "the user's own portfolio"}]}
        return ModelResponse(parts=[ToolCallPart(info.output_tools[0].name, payload)])

    return FunctionModel(respond)


async def session_rows(rounds: int) -> tuple[list[float], list[float]]:
    params = StdioServerParameters(
        command=sys.executable, args=["-m", "agent_core.servers.time"], cwd=str(PROJECT_ROOT)
    )
    async with stdio_client(params) as (read, write), ClientSession(read, write) as session:
        await session.initialize()
        detector = ToolGapDetector(session)
        raw = await over_cases(lambda _: session.list_tools(), [SEED_TASK], rounds)
        detect = await over_cases(detector.detect_missing_tools, [SEED_TASK], rounds)
    return raw, detect


async def main(rounds: int) -> str:
    cases = load_cases()
    tools = [
        types.Tool(
            name=name,
            description=description,
            input_schema={"type": "object"},
            annotations=types.ToolAnnotations(read_only_hint=read_only),
        )
        for name, description, read_only in cases.FULL_TOOLS
    ]
    source = InMemorySource(tools)
    labelled = [(task, True) for task, _ in cases.GAP_CASES] + [(task, False) for task in cases.NO_GAP_CASES]
    tasks = [task for task, _ in labelled]

    async def keyword_scan(task: str) -> bool:
        return KEYWORDS.search(task) is not None

    offline = ToolGapDetector(source)
    with_llm = ToolGapDetector(source, scripted_llm())
    list_ms = await over_cases(lambda _: source.list_tools(), tasks, rounds)
    scan_ms = await over_cases(keyword_scan, tasks, rounds)
    detect_ms = await over_cases(offline.detect_missing_tools, tasks, rounds)
    llm_ms = await over_cases(with_llm.detect_missing_tools, [SEED_TASK], rounds)
    raw_session_ms, session_ms = await session_rows(rounds)

    found = [(await offline.detect_missing_tools(task) is not None, truth) for task, truth in labelled]
    naive = [(await keyword_scan(task), truth) for task, truth in labelled]
    slowest = max(tasks, key=lambda t: statistics.median(detect_ms[tasks.index(t) :: len(tasks)]))

    # (path, samples, name of its baseline row)
    rows = [
        ("in-memory source list_tools()", list_ms, ""),
        ("plain keyword regex scan of the request", scan_ms, ""),
        ("detect_missing_tools, offline, in-memory source (all cases)", detect_ms, "keyword scan"),
        ("raw mcp ClientSession.list_tools, time server", raw_session_ms, ""),
        ("detect_missing_tools over that ClientSession (seed task)", session_ms, "raw list_tools"),
        ("detect_missing_tools, scripted FunctionModel (seed task)", llm_ms, "offline detection"),
    ]
    baselines = {"keyword scan": scan_ms, "raw list_tools": raw_session_ms, "offline detection": detect_ms}
    lines = [
        f"Tool gap detection, {rounds} rounds over {len(tasks)} labelled requests ({len(cases.GAP_CASES)} gap, "
        f"{len(cases.NO_GAP_CASES)} no-gap; {rounds} calls for the seed-task rows); {len(tools)} live tools; "
        f"same machine, same run (Python {sys.version.split()[0]}).",
        "",
        "| path | calls | p50 ms | p95 ms | p95 / 3 s bar | p50 vs baseline |",
        "|---|---:|---:|---:|---:|---|",
    ]
    for name, samples, baseline in rows:
        p50, p95 = statistics.median(samples), percentile(samples, 0.95)
        ratio = f"{p50 / statistics.median(baselines[baseline]):.1f}x {baseline}" if baseline else "(baseline)"
        lines.append(f"| {name} | {len(samples)} | {p50:.4f} | {p95:.4f} | {p95 / BAR_MS:.2e} | {ratio} |")
    precision, recall = precision_recall(found)
    naive_precision, naive_recall = precision_recall(naive)
    lines += [
        "",
        f"Offline analyzer: precision {precision:.3f}, recall {recall:.3f} (gap = positive).",
        f"Plain keyword scan, for comparison: precision {naive_precision:.3f}, recall {naive_recall:.3f}.",
        f"Slowest request (median): {slowest!r}.",
        "The seed bar is 3 s per report (SC-003); with an LLM configured, the model call dominates and is bounded "
        "by ToolGapDetector(llm_timeout=...), after which the offline analyzer answers.",
    ]
    return "\n".join(lines)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=50)
    table = asyncio.run(main(parser.parse_args().rounds))
    RESULTS.parent.mkdir(exist_ok=True)
    RESULTS.write_text(table + "\n")
    print(table)
