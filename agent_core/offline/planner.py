"""The offline planner: a Pydantic AI ``FunctionModel`` that plans tool calls and writes answers without an LLM.

It sees exactly what an LLM would see — the conversation and the tool definitions the agent offers — so the
agent code path is the same. First call of a turn: analyze the request and call the matching tools. Second
call (tool results present): compose the AgentResponse from those results. It never answers from thin air: a
request it cannot map to a tool gets an honest low-confidence reply that says what it can do.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from pydantic_ai.messages import (
    ModelMessage,
    ModelRequest,
    ModelResponse,
    RetryPromptPart,
    TextPart,
    ToolCallPart,
    ToolReturnPart,
    UserPromptPart,
)
from pydantic_ai.models.function import AgentInfo, FunctionModel
from pydantic_ai.tools import ToolDefinition

from agent_core.offline.compose import COMPOSERS, Outcome, compose_memory_answer, compose_web, judge_memory
from agent_core.offline.intents import Plan, analyze, memory_search_plan
from agent_core.offline.matching import CAPABILITIES, find_tool

MODEL_NAME = "offline-planner"
HOW_TO_USE_AN_LLM = (
    "To use an LLM, set MODEL=azure:<deployment> with AZURE_AI_FOUNDRY_ENDPOINT and AZURE_AI_FOUNDRY_API_KEY, "
    "or MODEL=openai:<model> with OPENAI_API_KEY, or MODEL=ollama:<model> with OLLAMA_BASE_URL."
)
OFFLINE_NOTICE = f"Offline planner active: rule-based, no LLM. {HOW_TO_USE_AN_LLM}"
_SIGNATURE = "Answered by the offline planner (rule-based, no LLM)."


@dataclass(frozen=True)
class PlannerConfig:
    """Thresholds and places the planner answers by (from Settings)."""

    memory_min_score: float = 0.40
    memory_fresh_days: float = 30.0
    file_roots: tuple[Path, ...] = ()
    clock: Callable[[], datetime] = field(default=lambda: datetime.now(UTC))

    def resolve_path(self, path: str) -> str:
        """A path as written ("notes/x.md") made absolute against the readable roots; absolute paths stay."""
        candidate = Path(path).expanduser()
        if candidate.is_absolute() or not self.file_roots:
            return str(candidate)
        for root in self.file_roots:
            for option in (root / candidate, root.parent / candidate):
                if option.exists():
                    return str(option)
        return str(self.file_roots[0] / candidate)


@dataclass
class _Turn:
    prompt: str
    previous_prompt: str | None
    calls: dict[str, ToolCallPart]
    returns: dict[str, ToolReturnPart | RetryPromptPart]


def _prompt_text(part: UserPromptPart) -> str:
    if isinstance(part.content, str):
        return part.content
    return " ".join(item for item in part.content if isinstance(item, str))


def _current_turn(messages: list[ModelMessage]) -> _Turn:
    """The latest user prompt, and the tool calls/returns that followed it."""
    user_prompts = [
        (index, _prompt_text(part))
        for index, message in enumerate(messages)
        if isinstance(message, ModelRequest)
        for part in message.parts
        if isinstance(part, UserPromptPart)
    ]
    start, prompt = user_prompts[-1] if user_prompts else (0, "")
    previous = user_prompts[-2][1] if len(user_prompts) > 1 else None
    calls: dict[str, ToolCallPart] = {}
    returns: dict[str, ToolReturnPart | RetryPromptPart] = {}
    for message in messages[start:]:
        for part in message.parts:
            if isinstance(part, ToolCallPart):
                calls[part.tool_call_id] = part
            elif isinstance(part, ToolReturnPart | RetryPromptPart) and part.tool_call_id:
                returns[part.tool_call_id] = part
    return _Turn(prompt, previous, calls, returns)


def _final(info: AgentInfo, answer: str, reasoning: str, confidence: float) -> ModelResponse:
    payload = {"answer": answer, "reasoning": reasoning, "tool_calls": [], "confidence": round(confidence, 2)}
    if info.output_tools:
        return ModelResponse(parts=[ToolCallPart(info.output_tools[0].name, payload)], model_name=MODEL_NAME)
    return ModelResponse(parts=[TextPart(json.dumps(payload))], model_name=MODEL_NAME)


def describe_tools(tools: list[ToolDefinition]) -> str:
    """A short list of the offered tools, from their own names and descriptions."""
    if not tools:
        return "no tools are connected"
    lines = []
    for tool in sorted(tools, key=lambda t: t.name):
        first = (tool.description or "").strip().splitlines()[0] if tool.description else ""
        lines.append(f"{tool.name} ({first.rstrip('.')})" if first else tool.name)
    return "; ".join(lines)


def _outcome(call: ToolCallPart, reply: ToolReturnPart | RetryPromptPart | None, step: Any) -> Outcome:
    if reply is None:
        return Outcome(step, call.tool_name, call.args_as_dict(), False, "no result came back")
    if isinstance(reply, RetryPromptPart):
        text = reply.content if isinstance(reply.content, str) else json.dumps(reply.content, default=str)
        return Outcome(step, call.tool_name, call.args_as_dict(), False, text)
    ok = getattr(reply, "outcome", "success") == "success"
    return Outcome(step, call.tool_name, call.args_as_dict(), ok, reply.content)


class OfflinePlanner:
    """Callable for ``FunctionModel``: ``(messages, info) -> ModelResponse``."""

    def __init__(self, config: PlannerConfig | None = None) -> None:
        self.config = config or PlannerConfig()

    def _plan(self, turn: _Turn, info: AgentInfo) -> Plan | None:
        plan = analyze(turn.prompt, turn.previous_prompt)
        if plan is None and find_tool("memory_search", info.function_tools, {"query": turn.prompt}):
            return memory_search_plan(turn.prompt)
        return plan

    def __call__(self, messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
        turn = _current_turn(messages)
        plan = self._plan(turn, info)
        if turn.calls and turn.returns:
            if plan is not None and plan.capability == "memory_search":
                return self._memory_then_web(info, turn)
            return self._compose(info, plan, turn)
        if plan is None:
            return _final(
                info,
                "I can't answer that offline: no connected tool fits the request, and I don't make up answers. "
                f"What I can do right now: {describe_tools(info.function_tools)}.",
                f"No rule of the offline planner matched the request, so no tool was called. {OFFLINE_NOTICE}",
                0.1,
            )
        if plan.capability == "task_clarify":
            return _final(
                info,
                "Which task do you mean? Tell me its number (for example 'mark task 2 done'); say 'show my tasks' "
                "to see the numbers.",
                f"The request refers to a task without its number, so I asked instead of guessing. {_SIGNATURE}",
                0.3,
            )
        capability = CAPABILITIES[plan.capability]
        if not plan.steps:
            names = ", ".join(f"'{u}'" for u in plan.unresolved)
            return _final(
                info,
                f"I couldn't match {names} to a time zone. Ask with a city (e.g. 'Tokyo') or an IANA time zone "
                "name (e.g. 'Europe/Paris').",
                f"The request asks for {capability.description}, but the place named is not one I know, so I did "
                f"not call a tool with a guess. {_SIGNATURE}",
                0.1,
            )
        calls: list[ToolCallPart] = []
        for index, step in enumerate(plan.steps):
            slots = dict(step.slots)
            if "path" in slots:
                slots["path"] = self.config.resolve_path(slots["path"])
            match = find_tool(plan.capability, info.function_tools, slots)
            if match is None:
                return _final(
                    info,
                    f"I'd need a tool for {capability.description}, but none of the connected tools provides it "
                    f"({describe_tools(info.function_tools)}). Add an MCP server that does, then ask again.",
                    f"The request needs {capability.description}; no offered tool matched. {_SIGNATURE}",
                    0.0,
                )
            tool, args = match
            calls.append(ToolCallPart(tool.name, args, tool_call_id=f"offline-{index}-{uuid.uuid4().hex[:8]}"))
        return ModelResponse(parts=calls, model_name=MODEL_NAME)

    def _compose(self, info: AgentInfo, plan: Plan | None, turn: _Turn) -> ModelResponse:
        outcomes: list[Outcome] = []
        for call_id, call in turn.calls.items():
            if call.tool_name in {t.name for t in info.output_tools}:
                continue
            index = _step_index(call_id)
            step = plan.steps[index] if plan and index is not None and index < len(plan.steps) else None
            outcomes.append(_outcome(call, turn.returns.get(call_id), step))
        composer = COMPOSERS.get(plan.capability) if plan else None
        answer, reasoning, confidence = (composer or COMPOSERS["generic"])(plan, outcomes)
        return _final(info, answer, f"{reasoning} {_SIGNATURE}", confidence)

    def _memory_then_web(self, info: AgentInfo, turn: _Turn) -> ModelResponse:
        """Memory first: answer from a relevant, fresh memory; otherwise search the web if a tool for it exists."""
        memory_calls = [c for i, c in turn.calls.items() if i.startswith("offline-0-")]
        web_calls = [c for i, c in turn.calls.items() if i.startswith("offline-web-")]
        memory = (
            _outcome(memory_calls[0], turn.returns.get(memory_calls[0].tool_call_id), None) if memory_calls else None
        )
        verdict = judge_memory(memory, self.config.memory_min_score, self.config.memory_fresh_days, self.config.clock())
        if web_calls:
            web = _outcome(web_calls[0], turn.returns.get(web_calls[0].tool_call_id), None)
            answer, reasoning, confidence = compose_web(web, verdict.detail)
            return _final(info, answer, f"{reasoning} {_SIGNATURE}", confidence)
        if verdict.kind == "fresh" and memory is not None:
            answer, reasoning, confidence = compose_memory_answer(verdict, memory)
            return _final(info, answer, f"{reasoning} {_SIGNATURE}", confidence)
        web = find_tool("web_search", info.function_tools, {"query": turn.prompt, "max_results": 5})
        if web is not None:
            tool, args = web
            return ModelResponse(
                parts=[ToolCallPart(tool.name, args, tool_call_id=f"offline-web-{uuid.uuid4().hex[:8]}")],
                model_name=MODEL_NAME,
            )
        if verdict.kind == "stale" and memory is not None:
            answer, reasoning, confidence = compose_memory_answer(verdict, memory)
            return _final(info, answer, f"{reasoning} {_SIGNATURE}", confidence)
        return _final(
            info,
            f"I found nothing in your memory that answers this ({verdict.detail}), and no web search tool is "
            f"connected, so I can't answer it offline — I don't make up answers. What I can do right now: "
            f"{describe_tools(info.function_tools)}.",
            f"I called search_memory first; {verdict.detail}. No tool could answer beyond that. {OFFLINE_NOTICE}",
            0.1,
        )


def _step_index(call_id: str) -> int | None:
    parts = call_id.split("-")
    if len(parts) >= 3 and parts[0] == "offline" and parts[1].isdigit():
        return int(parts[1])
    return None


def build_offline_model(config: PlannerConfig | None = None) -> FunctionModel:
    """The default model: the offline planner behind Pydantic AI's FunctionModel."""
    return FunctionModel(OfflinePlanner(config), model_name=MODEL_NAME)
