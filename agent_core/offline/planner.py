"""The offline planner: a Pydantic AI ``FunctionModel`` that plans tool calls and writes answers without an LLM.

It sees exactly what an LLM would see — the conversation and the tool definitions the agent offers — so the
agent code path is the same. Each model request re-reads the turn: the request is split into clauses, each
clause is routed by meaning (``router``) over the live tools and filled from the tools' JSON schemas
(``arguments``); steps run in order, a reference by words ("the garage task") first reads the matching listing
tool, and once every step has its results the answer is composed from them (``compose``). Chit-chat gets a reply
built from the live capabilities; anything else gets an honest "what I understood, what I can do" — never a
silent public web search.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from pydantic_ai.messages import ModelMessage, ModelResponse, TextPart, ToolCallPart
from pydantic_ai.models.function import AgentInfo, FunctionModel

from agent_core.offline import replies
from agent_core.offline.catalogue import ToolFacts, documented, properties_of
from agent_core.offline.dialogue import Dialogue, files_of, listing_of, read, touched_id
from agent_core.offline.plan import (
    Planned,
    advance_chain,
    listed_items,
    make_plan,
    resolve_by_words,
    resolve_found,
    resolve_same_file,
)
from agent_core.offline.results import compose_answer, memory_verdict
from agent_core.offline.router import Router, router
from agent_core.offline.streaming import StreamingFunctionModel

MODEL_NAME = "offline-planner"
HOW_TO_USE_AN_LLM = replies.HOW_TO_USE_AN_LLM
OFFLINE_NOTICE = f"Offline planner active: it understands common requests without an LLM. {HOW_TO_USE_AN_LLM}"
SIGNATURE = "Answered by the offline planner (no LLM)."


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
        if candidate == Path("."):
            return str(self.file_roots[0])  # "my files": the first readable root
        for root in self.file_roots:
            for option in (root / candidate, root.parent / candidate):
                if option.exists():
                    return str(option)
        # Not there (yet): "notes/x.md" under the root "notes" is that root's x.md, not notes/notes/x.md.
        named = next((root for root in self.file_roots if candidate.parts[0] == root.name), None)
        return str(named.parent / candidate if named else self.file_roots[0] / candidate)


def _response(
    parts: list[Any], kind: str, shown: list[Any] | None = None, touched: list[Any] | None = None
) -> ModelResponse:
    details: dict[str, Any] = {"offline_kind": kind}
    if shown is not None:  # a narrowed listing: what "both of those" refers to next turn
        details["offline_shown"] = shown
    if touched:  # several items changed: "actually, delete both of those" next turn
        details["offline_touched"] = touched
    return ModelResponse(parts=parts, model_name=MODEL_NAME, provider_details=details)


def _call_id(step: int, tag: str) -> str:
    return f"offline-{step}-{tag}-{uuid.uuid4().hex[:8]}"


class OfflinePlanner:
    """Callable for ``FunctionModel``: ``(messages, info) -> ModelResponse``."""

    def __init__(self, config: PlannerConfig | None = None, routing: Router | None = None) -> None:
        self.config = config or PlannerConfig()
        self._router = routing

    @property
    def router(self) -> Router:
        return self._router or router()

    def _final(
        self,
        info: AgentInfo,
        answer: str,
        reasoning: str,
        confidence: float,
        kind: str,
        shown: list[Any] | None = None,
        touched: list[Any] | None = None,
    ) -> ModelResponse:
        payload = {"answer": answer, "reasoning": reasoning, "tool_calls": [], "confidence": round(confidence, 2)}
        if info.output_tools:
            return _response([ToolCallPart(info.output_tools[0].name, payload)], kind, shown, touched)
        return _response([TextPart(json.dumps(payload))], kind, shown, touched)

    def __call__(self, messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
        tools = [documented(t) for t in info.function_tools]  # a docstring's ``Args:`` read as the schema's
        dialogue = read(messages, {t.name for t in info.output_tools})
        plan = make_plan(dialogue, tools, self.router, self.config.clock().date(), self.config.resolve_path)
        if plan.check is not None:
            return _response([plan.check], "calls")
        if plan.reply is not None:
            return self._final(info, plan.reply.answer, plan.reply.reasoning, plan.reply.confidence, plan.reply.kind)
        for index, step in enumerate(plan.steps):
            done = dialogue.calls_for(f"offline-{index}-")
            response = self._advance(info, dialogue, index, step, done)
            if response is not None:
                return response
        answer, reasoning, confidence = compose_answer(plan, dialogue, self.config)
        shown = next((s.shown for s in reversed(plan.steps) if s.shown is not None), None)
        writes = {t.name for t in tools if ToolFacts.of(t).read_only is False}
        changed = [touched_id(s.call, s.content) for s in dialogue.steps if s.ok and s.call.tool_name in writes]
        touched = [t for t in changed if t is not None]
        return self._final(
            info, answer, f"{reasoning} {SIGNATURE}", confidence, "answer", shown, touched if len(touched) > 1 else None
        )

    def _advance(self, info: AgentInfo, dialogue: Dialogue, index: int, step: Planned, done: list[Any]) -> Any:
        """The next model response for one planned step, or None when the step has all its results."""
        if step.question:
            return self._question(index, step, done)
        if step.same_file is not None and not step.calls:
            resolve_same_file(step)  # the step before resolved its file earlier in this pass
        if step.lookup is not None and step.calls == [] and step.clarify is None:
            looked = [s for s in done if "-lookup-" in s.call.tool_call_id]
            if step.lookup_kind == "chain":  # IDs found by listings in turn: the next listings, or none left
                wanted = advance_chain(step, looked)
                if wanted:
                    parts = [ToolCallPart(t.name, a, tool_call_id=_call_id(index, "lookup")) for t, a in wanted]
                    return _response(parts, "calls")
            elif not looked:
                call = ToolCallPart(step.lookup.name, dict(step.lookup_args), tool_call_id=_call_id(index, "lookup"))
                return _response([call], "calls")
            elif step.lookup_kind == "found":
                resolve_found(step, listed_items(looked[-1].content) if looked[-1].ok else [])
            elif looked[-1].ok and step.lookup_kind in {"files", "folders"}:
                base = str(next(iter(step.lookup_args.values()), ""))
                resolve_by_words(step, files_of(looked[-1].content, base, folders=step.lookup_kind == "folders"))
            else:
                resolve_by_words(step, (listing_of(looked[-1].content) if looked[-1].ok else None) or [])
        if step.clarify is not None:
            ran = [s for s in dialogue.steps if "-lookup-" not in s.call.tool_call_id]
            prefix = compose_answer(step.plan, dialogue, self.config)[0] + "\n\n" if ran else ""
            return self._final(info, prefix + step.clarify, step.clarify_reason, 0.3, "clarify")
        if not [s for s in done if "-lookup-" not in s.call.tool_call_id]:
            # A change this message already made is not made again ("finished X!! mark it complete": one change).
            made = [(s.call.tool_name, s.call.args_as_dict()) for s in dialogue.steps if s.ok]
            writes = ToolFacts.of(step.tool).read_only is not True
            parts = [
                ToolCallPart(step.tool.name, args, tool_call_id=_call_id(index, str(k)))
                for k, args in enumerate(step.calls)
                if not (writes and (step.tool.name, args) in made)
            ]
            return _response(parts, "calls") if parts else None
        return None

    def _question(self, index: int, step: Planned, done: list[Any]) -> ModelResponse | None:
        """Memory first; the web only when memory holds no fresh, relevant answer."""
        memory = [s for s in done if "-memory-" in s.call.tool_call_id]
        web = [s for s in done if "-web-" in s.call.tool_call_id]
        if step.memory_tool is not None and not memory:
            args = {
                "query": step.memory_query or step.clause,
                **({"top_k": step.results or 5} if "top_k" in properties_of(step.memory_tool) else {}),
            }
            return _response(
                [ToolCallPart(step.memory_tool.name, args, tool_call_id=_call_id(index, "memory"))], "calls"
            )
        verdict = memory_verdict(memory[-1] if memory else None, self.config)
        if verdict.kind != "fresh" and step.web_tool is not None and not web:
            args = {
                "query": step.query,
                **({"max_results": step.results or 5} if "max_results" in properties_of(step.web_tool) else {}),
            }
            return _response([ToolCallPart(step.web_tool.name, args, tool_call_id=_call_id(index, "web"))], "calls")
        return None


def build_offline_model(config: PlannerConfig | None = None) -> FunctionModel:
    """The default model: the offline planner behind Pydantic AI's FunctionModel; a streamed request gets the same
    response in pieces (``agent_core.offline.streaming``)."""
    return StreamingFunctionModel(OfflinePlanner(config), model_name=MODEL_NAME)
