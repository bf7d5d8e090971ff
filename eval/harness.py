"""The harness proper: one data file's items through the real agent path (offline planner, gap check, world).

``run_file(path)`` starts the file's test-only servers, then for every item resets the world, runs each
``context`` message as its own turn and then the item's text (gap check first, as in the app, history carried
forward), and scores the item's own turn. Driven by ``python -m eval.run``.
"""

from __future__ import annotations

import asyncio
import json
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic_ai import Agent, DeferredToolRequests
from pydantic_ai.messages import ModelMessage

from agent_core.agent import system_prompt
from agent_core.gaps import ToolGapDetector, gap_exchange, gap_guidance
from agent_core.offline import PlannerConfig, build_offline_model
from agent_core.schemas import AgentResponse
from eval.scoring import Outcome, score
from eval.toolsets import ServerConnection, ToolSource, WorldToolset, default_tools, open_servers
from eval.transcript import planner_kind, tool_calls
from eval.world import CLOCK, ROOT, World

TURN_TIMEOUT = 60.0


@dataclass
class ItemResult:
    """One scored item."""

    item: dict[str, Any]
    correct: bool
    reason: str
    outcome: Outcome = field(default_factory=Outcome)
    ms: float = 0.0

    def as_json(self) -> dict[str, Any]:
        o = self.outcome
        return {
            **{k: self.item.get(k) for k in ("id", "category", "text", "context", "expect")},
            "correct": self.correct,
            "reason": self.reason,
            "kind": o.kind,
            "missing": o.missing,
            "calls": [{"tool": c.tool, "args": c.args, "ok": c.ok, "error": c.error} for c in o.calls],
            "reply": o.reply,
            "ms": round(self.ms, 1),
        }


def load(path: Path) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The header's ``_meta`` and the items of one jsonl file."""
    meta: dict[str, Any] = {}
    items: list[dict[str, Any]] = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
        except ValueError as exc:
            raise SystemExit(f"{path}:{number}: not JSON ({exc})") from None
        if "_meta" in row:
            meta = dict(row["_meta"])
        else:
            items.append(row)
    return meta, items


def detector_factory() -> Callable[[Any], Any]:
    try:
        from agent_core.gaps import offline_detector  # type: ignore[attr-defined]
    except ImportError:
        print("warning: agent_core.gaps.offline_detector not found; using ToolGapDetector(source)", file=sys.stderr)
        return ToolGapDetector
    return offline_detector


class Harness:
    """The agent, the world and the gap check for one data file (its test-only servers already running)."""

    def __init__(self, servers: list[ServerConnection], detector_factory: Callable[[Any], Any]) -> None:
        self.world = World()
        tools = default_tools()
        self.tools = {t.name: t for t in tools}
        for server in servers:
            self.tools.update({t.name: t for t in server.tools})
        model = build_offline_model(PlannerConfig(file_roots=(Path(ROOT),), clock=lambda: CLOCK))
        # build_agent's agent without the approval wrapper: we measure interpretation, so every call executes.
        self.agent: Agent[None, AgentResponse | DeferredToolRequests] = Agent(
            model,
            output_type=[AgentResponse, DeferredToolRequests],
            instructions=system_prompt(),
            toolsets=[WorldToolset(self.world, tools), *(s.toolset for s in servers)],
            retries=2,
            name="ResearcherAgent",
        )
        self.detector = detector_factory(ToolSource(list(self.tools.values())))

    def read_only(self, tool: str) -> bool:
        info = self.tools.get(tool)
        return info is not None and info.read_only

    def defaults(self, tool: str) -> dict[str, Any]:
        info = self.tools.get(tool)
        return info.defaults() if info else {}

    async def turn(self, text: str, history: list[ModelMessage]) -> tuple[Outcome, list[ModelMessage]]:
        """One turn as the app runs it: the gap check, then (without a gap) the agent with the history so far."""
        gap = await self.detector.detect_missing_tools(text)
        if gap is not None:
            outcome = Outcome(kind="gap", reply=gap_guidance(gap), missing=list(gap.missing_tools))
            return outcome, [*history, *gap_exchange(text, gap)]
        async with asyncio.timeout(TURN_TIMEOUT):
            result = await self.agent.run(text, message_history=history)
        new = result.new_messages()
        reply = result.output.answer if isinstance(result.output, AgentResponse) else ""
        return Outcome(tool_calls(new), planner_kind(new), reply), result.all_messages()

    async def run_item(self, item: dict[str, Any]) -> ItemResult:
        started = time.perf_counter()
        self.world.reset()
        try:
            history: list[ModelMessage] = []
            for message in item.get("context") or []:
                _, history = await self.turn(str(message), history)
            outcome, _ = await self.turn(str(item["text"]), history)
            correct, reason = score(item, outcome, self.read_only, self.defaults)
        except Exception as exc:  # noqa: BLE001 - one broken item must not stop the run; it counts as a failure
            line = (str(exc).strip().splitlines() or [""])[0]
            return ItemResult(
                item,
                False,
                f"exception: {type(exc).__name__}: {line}".rstrip(": "),
                ms=(time.perf_counter() - started) * 1000,
            )
        return ItemResult(item, correct, reason, outcome, (time.perf_counter() - started) * 1000)


async def run_file(path: Path, detector_factory: Callable[[Any], Any]) -> tuple[dict[str, Any], list[ItemResult]]:
    """Every item of one file, its test-only servers started once (in parallel) for the whole file."""
    meta, items = load(path)
    async with open_servers(list(meta.get("servers") or [])) as servers:
        harness = Harness(servers, detector_factory)
        results = []
        for item in items:
            results.append(await harness.run_item(item))
    return meta, results
