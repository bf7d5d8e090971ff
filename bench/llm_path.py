"""The LLM path against a weak model: requests per turn, false gaps, and how well grounding keeps true gap claims.

Everything runs against the weak-model server of the test suite, started as its own process
(``tests/fixtures/weak_llm_server.py``: a local OpenAI-compatible HTTP server scripted to behave like a small model;
nothing is imported from tests/), through the real provider path, so the counts are exact and repeatable. The "before"
column is measured in the same run with the pipeline as it was: an LLM gap pre-check whose claims count when no
live tool's words cover them, and an agent without a repeat guard at Pydantic AI's default limit of 50 requests.
Grounding is also measured over the labelled requests of ``eval/gap_cases.py``: a model that names the labelled
capability of each gap request (is the true claim kept?) and one that invents the most plausible gap for each
no-gap request (the catalogue gap capability the router scores highest: is it dropped?).

Run with: ``python bench/llm_path.py``. Writes bench/results/llm_path.md.
"""

from __future__ import annotations

import asyncio
import importlib.util
import json
import os
import statistics
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from types import ModuleType
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from mcp import types  # noqa: E402
from pydantic_ai import Agent, DeferredToolRequests, models  # noqa: E402
from pydantic_ai.exceptions import UsageLimitExceeded  # noqa: E402

from agent_core.agent import Deps, build_agent  # noqa: E402
from agent_core.gaps import Requirement, ToolGapDetector, is_covered  # noqa: E402
from agent_core.llm.bounds import RepeatedToolCall, usage_limits  # noqa: E402
from agent_core.llm.grounding import canonical, ground  # noqa: E402
from agent_core.models import build_model  # noqa: E402
from agent_core.offline.catalogue import ToolFacts, catalogue  # noqa: E402
from agent_core.offline.router import router  # noqa: E402
from agent_core.schemas import AgentResponse  # noqa: E402
from agent_core.settings import Settings  # noqa: E402

SERVER = ROOT / "tests" / "fixtures" / "weak_llm_server.py"

RESULTS = ROOT / "bench" / "results" / "llm_path.md"
PROMPTS = ["hello", "What time is it in Tokyo?", "show my tasks"]


def load_cases() -> ModuleType:
    spec = importlib.util.spec_from_file_location("gap_cases", ROOT / "eval" / "gap_cases.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class Source:
    def __init__(self, tools: list[types.Tool]) -> None:
        self.tools = tools

    async def list_tools(self) -> list[types.Tool]:
        return list(self.tools)


class WeakModel:
    """The weak-model server running as a process; ``for_model`` counts its requests over HTTP."""

    def __init__(self, url: str) -> None:
        self.url = url

    def for_model(self, model: str) -> list[dict[str, Any]]:
        with urllib.request.urlopen(self.url.removesuffix("/v1") + "/_requests", timeout=10) as response:
            return [r for r in json.load(response)["requests"] if r["model"] == model]


@contextmanager
def weak_model() -> Iterator[WeakModel]:
    process = subprocess.Popen(
        [sys.executable, str(SERVER)], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True
    )
    try:
        yield WeakModel(process.stdout.readline().strip())
    finally:
        process.terminate()
        process.wait(timeout=10)


def settings(server: WeakModel, behaviour: str, **values: Any) -> Settings:
    return Settings(_env_file=None, model=f"openai-chat:{behaviour}", openai_base_url=server.url, **values)


async def old_precheck_gaps(server: WeakModel, tools: list[types.Tool]) -> int:
    """False gaps with the old rule: any claim no live tool's words cover is a gap."""
    detector = ToolGapDetector(Source(tools), build_model(settings(server, "inventor")))
    facts = [ToolFacts.of(t) for t in tools]
    count = 0
    for prompt in PROMPTS:
        claims = (await detector._agent.run(f"Request: {prompt}\n")).output.capabilities  # the raw model answer
        count += any(not is_covered(Requirement(canonical(c.name), c.why), facts) for c in claims)
    return count


async def new_precheck_gaps(server: WeakModel, tools: list[types.Tool]) -> int:
    detector = ToolGapDetector(Source(tools), build_model(settings(server, "inventor")))
    return sum([await detector.detect_missing_tools(p) is not None for p in PROMPTS])


async def sensible_requests(server: WeakModel, toolset: Any, tools: list[types.Tool]) -> tuple[int, int]:
    """Model requests for "What time is it in Tokyo?": with the LLM pre-check (before) and without (after)."""
    prompt, s = "What time is it in Tokyo?", settings(server, "sensible")
    counted = len(server.for_model("sensible"))
    await ToolGapDetector(Source(tools), build_model(s)).detect_missing_tools(prompt)
    precheck = len(server.for_model("sensible")) - counted
    counted = len(server.for_model("sensible"))
    await build_agent(build_model(s), [toolset]).run(prompt, deps=Deps(s, "c", "x", prompt=prompt))
    run = len(server.for_model("sensible")) - counted
    return precheck + run, run


async def loop_requests(server: WeakModel, behaviour: str, toolset: Any, *, old: bool) -> tuple[int, str]:
    """Model requests one turn makes with a looping (or wandering) model, old agent vs the app's."""
    s = settings(server, behaviour)
    model = build_model(s)
    before = len(server.for_model(behaviour))
    if old:
        agent: Agent[Any, Any] = Agent(model, deps_type=Deps, output_type=[AgentResponse, DeferredToolRequests],
                                       toolsets=[toolset], retries=2)  # fmt: skip
        limits = None
    else:
        agent, limits = build_agent(model, [toolset]), usage_limits(s)
    try:
        await agent.run("show my tasks", deps=Deps(s, "c", "x", prompt="show my tasks"), usage_limits=limits)
        outcome = "answered"
    except RepeatedToolCall as exc:
        outcome = f"stopped after {exc.times} identical calls"
    except UsageLimitExceeded:
        outcome = "request limit"
    return len(server.for_model(behaviour)) - before, outcome


def grounding_figures(cases: ModuleType, tools: list[types.Tool]) -> dict[str, Any]:
    routes = router()
    kept = [text for text, missing in cases.GAP_CASES if set(ground(text, missing, tools).kept) == set(missing)]
    gap_kinds = [c.name for c in catalogue() if c.is_gap_kind]
    dropped, timings, invented = 0, [], []
    for text in cases.NO_GAP_CASES:
        scores = routes.route(text, tools).capability_scores
        claim = max(gap_kinds, key=lambda name: scores.get(name, 0.0))
        started = time.perf_counter()
        result = ground(text, [claim], tools)
        timings.append((time.perf_counter() - started) * 1000)
        dropped += not result.kept
        if result.kept:
            invented.append((text[:50], claim))
    return {
        "true_kept": len(kept),
        "true_total": len(cases.GAP_CASES),
        "invented_dropped": dropped,
        "invented_total": len(cases.NO_GAP_CASES),
        "p50_ms": statistics.median(timings),
        "still_gaps": invented,
    }


async def main() -> None:
    models.ALLOW_MODEL_REQUESTS = True  # only towards the local stub
    os.environ["NO_PROXY"] = os.environ["no_proxy"] = "127.0.0.1,localhost"
    cases = load_cases()
    tools = [types.Tool(name=n, description=d, input_schema={"type": "object"},
                        annotations=types.ToolAnnotations(read_only_hint=ro)) for n, d, ro in cases.FULL_TOOLS]  # fmt: skip
    from pydantic_ai.toolsets import FunctionToolset

    tasks = FunctionToolset()
    read_only = {"annotations": {"readOnlyHint": True}}  # as the tasks and time servers mark them: no approval

    @tasks.tool_plain(metadata=read_only)
    def list_tasks(status: str = "all") -> dict[str, Any]:
        """The user's tasks."""
        return {"tasks": [], "count": 0}

    @tasks.tool_plain(metadata=read_only)
    def get_current_time(timezone: str) -> dict[str, Any]:
        """The current time in an IANA time zone."""
        return {"timestamp": "2026-11-22T04:25:13+09:00", "timezone": timezone}

    with weak_model() as server:
        old_gaps = await old_precheck_gaps(server, tools)
        new_gaps = await new_precheck_gaps(server, tools)
        old_sensible, new_sensible = await sensible_requests(server, tasks, tools)
        rows = []
        for behaviour in ("looper", "wanderer"):
            old = await loop_requests(server, behaviour, tasks, old=True)
            new = await loop_requests(server, behaviour, tasks, old=False)
            rows.append((behaviour, old, new))
    figures = grounding_figures(cases, tools)
    lines = [
        "| measure (weak-model stub, exact counts) | before | after |",
        "|---|---:|---:|",
        f"| false gaps for {', '.join(repr(p) for p in PROMPTS)} (inventing model, LLM pre-check) | {old_gaps}/3 | "
        f"{new_gaps}/3 |",
        f"| model requests per turn, sensible model, 'What time is it in Tokyo?' | {old_sensible} (with the LLM "
        f"pre-check) | {new_sensible} |",
    ]
    for behaviour, (old_n, old_how), (new_n, new_how) in rows:
        lines.append(f"| model requests, {behaviour} model, one turn | {old_n} ({old_how}) | {new_n} ({new_how}) |")
    lines += [
        "",
        "| grounding over eval/gap_cases.py (19 live tools) | result |",
        "|---|---:|",
        f"| true claims kept (gap requests, the labelled capability claimed) | {figures['true_kept']}/{figures['true_total']} |",
        f"| invented claims dropped (no-gap requests, most plausible gap claimed) | {figures['invented_dropped']}/"
        f"{figures['invented_total']} |",
        f"| grounding p50 per claim | {figures['p50_ms']:.1f} ms |",
    ]
    table = "\n".join(lines)
    print(table)
    if figures["still_gaps"]:
        print("\ninvented claims grounding kept:", figures["still_gaps"])
    RESULTS.write_text(f"# LLM path against a weak model (`python bench/llm_path.py`)\n\n{table}\n")
    print(f"\nwritten to {RESULTS.relative_to(ROOT)}")


if __name__ == "__main__":
    asyncio.run(main())
