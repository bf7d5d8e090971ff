"""What routing by meaning costs: the offline planner's first model request vs a scripted one, in the same run.

Both see the product's default tool list (eval/tools.json, 22 tools) and answer "What time is it in Tokyo?" with
the same tool call; the difference is the planner's work (embedding the request, scoring every route, filling
the arguments from the schema). Also times the offline gap check (SC-003 asks for < 3 s).

Run with: ``python bench/router.py`` (writes bench/results/router.md).
"""

from __future__ import annotations

import asyncio
import json
import os
import sys
from pathlib import Path

from pydantic_ai.messages import ModelRequest, ModelResponse, ToolCallPart, UserPromptPart
from pydantic_ai.models import ModelRequestParameters
from pydantic_ai.models.function import AgentInfo
from pydantic_ai.tools import ToolDefinition

sys.path.insert(0, str(Path(__file__).parent))
from timing import interleaved, percentile

from agent_core.gaps import required_capabilities
from agent_core.memory.embedder import shared_local_model
from agent_core.offline import OfflinePlanner
from agent_core.offline.router import router

ROOT = Path(__file__).resolve().parent.parent
PROMPTS = [
    "What time is it in Tokyo?",
    "remind me to call the vet tomorrow",
    "I finished cleaning the garage",
    "send an email to Bob about the results",
    "what's in data/results.csv?",  # a file name: the examples are also compared with it read as "file"
]


def _tools() -> list[ToolDefinition]:
    return [
        ToolDefinition(
            name=t["name"],
            parameters_json_schema=t["parameters"],
            description=t["description"],
            metadata={"annotations": t["annotations"]},
        )
        for t in json.loads((ROOT / "eval" / "tools.json").read_text())
    ]


def _info(tools: list[ToolDefinition]) -> AgentInfo:
    output = ToolDefinition(name="final_result", parameters_json_schema={"type": "object", "properties": {}})
    return AgentInfo(
        function_tools=tools,
        allow_text_output=False,
        output_tools=[output],
        model_settings=None,
        model_request_parameters=ModelRequestParameters(function_tools=tools),
        instructions=None,
    )


async def main() -> None:
    tools = _tools()
    info = _info(tools)
    planner = OfflinePlanner()
    rows = []
    for prompt in PROMPTS:
        messages = [ModelRequest(parts=[UserPromptPart(prompt)])]
        scripted = ModelResponse(parts=[ToolCallPart("get_current_time", {"timezone": "Asia/Tokyo"})])

        async def routed(messages=messages) -> object:
            return planner(messages, info)

        async def fixed(scripted=scripted) -> object:
            return scripted

        async def fresh(messages=messages) -> object:  # a new prompt: neither its embedding nor its routes cached
            shared_local_model().forget()
            router()._recent.clear()
            return planner(messages, info)

        async def gap(prompt=prompt) -> object:
            return required_capabilities(prompt, tools)

        samples = await interleaved({"scripted": fixed, "planner": routed, "gap check": gap}, runs=200, warmup=20)
        # Apart: clearing the embedding cache for a "new prompt" would also slow the warm variants above.
        samples |= await interleaved({"new prompt": fresh}, runs=100, warmup=5)
        p50 = {name: percentile(values, 0.5) for name, values in samples.items()}
        rows.append(
            f"| {prompt} | {p50['scripted']:.3f} | {p50['planner']:.2f} | {p50['new prompt']:.2f} "
            f"| {p50['new prompt'] - p50['scripted']:.2f} "
            f"| {p50['gap check']:.2f} | {percentile(samples['gap check'], 0.95):.2f} |"
        )
    table = "\n".join(
        [
            "| request | scripted request p50 (ms) | planner, prompt embedded p50 (ms) | planner, new prompt p50 (ms) "
            "| added per turn p50 (ms) | gap check p50 (ms) | gap check p95 (ms) |",
            "|---|---|---|---|---|---|---|",
            *rows,
        ]
    )
    print(table)
    out = ROOT / "bench" / "results" / "router.md"
    load = " / ".join(f"{x:.1f}" for x in os.getloadavg())  # on a shared machine the same code reads 7 ms or 12 ms
    out.write_text(
        "# Routing cost (bench/router.py)\n\nFirst model request of a turn over the default 22 tools, warm caches, "
        f"200 interleaved runs each ({os.cpu_count()} CPUs, load average {load} at the end).\n\n" + table + "\n"
    )


if __name__ == "__main__":
    asyncio.run(main())
